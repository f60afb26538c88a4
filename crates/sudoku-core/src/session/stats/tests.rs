use super::*;
use crate::fixtures::PUZZLE;

const OTHER: &str =
    "98.3.7..6..36.2.7.7..5...........8..5.18.49.3..8...........3..8.2.9.17..3..7.8.15";

fn win(puzzle: &str, level: Option<Level>, secs: u64, daily: Option<&str>) -> Win {
    Win {
        puzzle: puzzle.parse().unwrap(),
        level,
        time: Duration::from_secs(secs),
        moves: 51,
        hints: 2,
        daily: daily.map(|d| d.parse().unwrap()),
    }
}

fn date(text: &str) -> Date {
    text.parse().unwrap()
}

/// A fresh, empty directory for one test.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-stats-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn wins_add_up_per_level_with_best_average_and_hints() {
    let mut stats = Stats::default();
    let first = stats.record(&win(PUZZLE, Some(Level::Hard), 200, None));
    assert!(
        first.counted && first.new_best,
        "a level's first win is its best"
    );
    let slower = stats.record(&win(OTHER, Some(Level::Hard), 300, None));
    assert!(slower.counted && !slower.new_best);
    assert_eq!(slower.new_best_line(), None);
    let mut faster = win(OTHER, Some(Level::Hard), 192, None);
    faster.moves = 60;
    let faster = stats.record(&faster);
    assert_eq!(
        faster.new_best_line().as_deref(),
        Some("New best time for hard: 03:12")
    );
    let hard = stats.level(Some(Level::Hard));
    assert_eq!(hard.won, 3);
    assert_eq!(hard.best, Some(Duration::from_secs(192)));
    assert_eq!(
        hard.average(),
        Some(Duration::from_millis(230_666)),
        "truncated to the millisecond"
    );
    assert_eq!(hard.hints, 6);
    assert_eq!(stats.level(Some(Level::Easy)), LevelStats::default());
    assert_eq!(stats.level(Some(Level::Easy)).average(), None);
    stats.record(&win(PUZZLE, None, 50, None));
    assert_eq!(stats.level(None).won, 1, "no level counts as other");
}

#[test]
fn the_same_game_counts_once() {
    let mut stats = Stats::default();
    let game = win(PUZZLE, Some(Level::Easy), 100, Some("2026-11-27"));
    assert!(stats.record(&game).counted);
    let again = stats.record(&game);
    assert!(!again.counted && !again.new_best);
    assert_eq!(stats.level(Some(Level::Easy)).won, 1);
    // The same puzzle played again is another game.
    let mut replay = game.clone();
    replay.time = Duration::from_secs(101);
    assert!(stats.record(&replay).counted);
}

#[test]
fn the_oldest_games_are_forgotten_past_the_limit() {
    let mut stats = Stats::default();
    for secs in 0..MAX_GAMES as u64 + 5 {
        stats.record(&win(PUZZLE, None, secs, None));
    }
    assert_eq!(stats.games.len(), MAX_GAMES);
    assert_eq!(stats.level(None).won, MAX_GAMES as u64 + 5);
    let parsed: Stats = stats.to_string().parse().unwrap();
    assert_eq!(parsed, stats);
}

#[test]
fn streaks_run_over_consecutive_dates_ending_today_or_yesterday() {
    let mut stats = Stats::default();
    assert_eq!(stats.streak(date("2026-11-27")), Streak::default());
    for (i, day) in [
        "2026-11-20",
        "2026-11-21",
        "2026-11-22",
        "2026-11-25",
        "2026-11-26",
    ]
    .into_iter()
    .enumerate()
    {
        let mut w = win(PUZZLE, Some(Level::Easy), 100 + i as u64, Some(day));
        w.level = Some(Level::ALL[i % 5]); // any level counts
        stats.record(&w);
    }
    assert_eq!(
        stats.streak(date("2026-11-26")),
        Streak {
            current: 2,
            best: 3
        }
    );
    assert_eq!(
        stats.streak(date("2026-11-27")),
        Streak {
            current: 2,
            best: 3
        },
        "today's puzzle not won yet: the run ending yesterday"
    );
    assert_eq!(stats.streak(date("2026-11-28")).current, 0, "a day missed");
    // Catching up on a missed date joins the runs.
    stats.record(&win(OTHER, Some(Level::Easy), 90, Some("2026-11-24")));
    stats.record(&win(OTHER, Some(Level::Easy), 91, Some("2026-11-23")));
    assert_eq!(
        stats.streak(date("2026-11-27")),
        Streak {
            current: 7,
            best: 7
        }
    );
    // Two levels of one date are one day.
    stats.record(&win(OTHER, Some(Level::Hard), 92, Some("2026-11-26")));
    assert_eq!(stats.streak(date("2026-11-26")).current, 7);
    let first = Stats {
        days: [date("1970-01-01")].into(),
        ..Stats::default()
    };
    assert_eq!(
        first.streak(date("1970-01-01")),
        Streak {
            current: 1,
            best: 1
        }
    );
}

#[test]
fn the_text_round_trips_and_reads_as_documented() {
    let mut stats = Stats::default();
    stats.record(&win(PUZZLE, Some(Level::Easy), 125, Some("2026-11-26")));
    let mut w = win(OTHER, None, 300, None);
    w.time = Duration::from_millis(300_500);
    stats.record(&w);
    let text = stats.to_string();
    let key = PUZZLE.replace('.', "0");
    let other = OTHER.replace('.', "0");
    assert_eq!(
        text,
        format!(
            "sudoku stats 1\n\
             level easy: won 1, best 125.000, total 125.000, hints 2\n\
             level other: won 1, best 300.500, total 300.500, hints 2\n\
             daily: 2026-11-26\n\
             game: {key} 125.000 51\n\
             game: {other} 300.500 51\n"
        )
    );
    assert_eq!(text.parse::<Stats>().unwrap(), stats);
}

#[test]
fn bad_text_is_refused_with_its_line() {
    let err = |text: &str| text.parse::<Stats>().unwrap_err().to_string();
    assert_eq!(err(""), "line 1: expected 'sudoku stats 1', found ''");
    assert_eq!(
        err("sudoku save 2\n"),
        "line 1: expected 'sudoku stats 1', found 'sudoku save 2'"
    );
    assert_eq!(
        err("sudoku stats 7\nwhatever\n"),
        "written by a newer version ('sudoku stats 7')"
    );
    let body = |line: &str| err(&format!("sudoku stats 1\n\n{line}\n"));
    assert_eq!(
        body("level easy: won 1, best 1.0, total 1, hints x"),
        "line 3: expected 'level LEVEL: won N, best SECONDS, total SECONDS, hints N', found \
         'level easy: won 1, best 1.0, total 1, hi'"
    );
    for bad in [
        "level easy: won 1, best -, total 1, hints 0",
        "level easy: won 0, best 3.0, total 1, hints 0",
        "level hardest: won 1, best 1, total 1, hints 0",
        "level easy: won 1, best 1.0001, total 1, hints 0",
        "level easy: won 1, best 1, total 1, hints 0, extra 1",
    ] {
        assert!(body(bad).contains("expected 'level LEVEL"), "{bad}");
    }
    assert!(body("daily: 2026-02-30").contains("expected 'daily: YYYY-MM-DD'"));
    assert!(body("game: 123 1.0 5").contains("expected 'game: PUZZLE SECONDS MOVES'"));
    assert!(body("wins: 3\u{1b}").ends_with("found 'wins: 3\\e'"));
}

#[test]
fn the_file_counts_wins_and_is_made_at_the_first() {
    let dir = dir("file");
    let file = StatsFile::new(&dir);
    assert_eq!(file.load().unwrap(), Stats::default(), "no file yet");
    let counted = file
        .record(&win(PUZZLE, Some(Level::Easy), 100, Some("2026-11-26")))
        .unwrap();
    assert!(counted.recorded.counted && counted.set_aside.is_none());
    let counted = file
        .record(&win(OTHER, Some(Level::Easy), 90, Some("2026-11-27")))
        .unwrap();
    assert!(counted.recorded.new_best);
    let stats = file.load().unwrap();
    assert_eq!(stats, counted.stats);
    assert_eq!(stats.level(Some(Level::Easy)).won, 2);
    assert_eq!(stats.streak(date("2026-11-27")).current, 2);
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [".statistics.txt.lock", "statistics.txt"],
        "no temporary files"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_corrupt_file_is_set_aside_and_counting_starts_afresh() {
    let dir = dir("corrupt");
    fs::create_dir_all(&dir).unwrap();
    let file = StatsFile::new(&dir);
    fs::write(file.path(), "sudoku stats 1\nlevel easy: won lots\n").unwrap();
    let err = file.load().unwrap_err().to_string();
    assert!(
        err.ends_with(
            "statistics.txt: line 2: expected 'level LEVEL: won N, best SECONDS, \
         total SECONDS, hints N', found 'level easy: won lots'"
        ),
        "{err}"
    );
    let counted = file.record(&win(PUZZLE, None, 100, None)).unwrap();
    let (why, aside) = counted.set_aside.unwrap();
    assert!(why.to_string().contains("line 2"));
    assert_eq!(aside, dir.join("statistics.txt.bad"));
    assert_eq!(
        fs::read_to_string(&aside).unwrap(),
        "sudoku stats 1\nlevel easy: won lots\n",
        "the bad file is kept as it was"
    );
    assert_eq!(file.load().unwrap().level(None).won, 1);
    // A second bad file goes beside the first.
    fs::write(file.path(), [0xff, 0xfe, 0]).unwrap();
    let counted = file.record(&win(PUZZLE, None, 100, None)).unwrap();
    assert_eq!(
        counted.set_aside.unwrap().1,
        dir.join("statistics.txt.bad2")
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_newer_file_or_a_directory_is_left_alone() {
    let dir = dir("newer");
    fs::create_dir_all(&dir).unwrap();
    let file = StatsFile::new(&dir);
    fs::write(file.path(), "sudoku stats 2\nsomething new\n").unwrap();
    let err = file.record(&win(PUZZLE, None, 100, None)).unwrap_err();
    assert!(err
        .to_string()
        .ends_with("written by a newer version ('sudoku stats 2')"));
    assert_eq!(
        fs::read_to_string(file.path()).unwrap(),
        "sudoku stats 2\nsomething new\n"
    );
    fs::remove_file(file.path()).unwrap();
    fs::create_dir(file.path()).unwrap();
    let err = file.record(&win(PUZZLE, None, 100, None)).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("statistics.txt: not a regular file"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_games_won_at_once_both_count() {
    let dir = dir("race");
    let file = StatsFile::new(&dir);
    let threads: Vec<_> = (0..8u64)
        .map(|i| {
            let file = file.clone();
            std::thread::spawn(move || {
                for j in 0..5 {
                    file.record(&win(PUZZLE, Some(Level::Medium), i * 10 + j, None))
                        .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(file.load().unwrap().level(Some(Level::Medium)).won, 40);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_daily_session_wins_for_its_date_and_level() {
    let daily = Daily::new(date("2026-11-27"), Level::Easy);
    let mut s = Session::new(
        PUZZLE.parse().unwrap(),
        daily.name(),
        Origin::Random(daily.random()),
    )
    .unwrap();
    s.set_level(Some(Level::Hard));
    s.add_time(Duration::from_secs(61));
    let w = Win::of(&s);
    assert_eq!(w.daily, Some(daily.date));
    assert_eq!(w.level, Some(Level::Easy), "the daily level");
    assert_eq!(w.time, Duration::from_secs(61));
    let plain = Session::new(PUZZLE.parse().unwrap(), "classic", Origin::Text).unwrap();
    assert_eq!(Win::of(&plain).daily, None);
    assert_eq!(Win::of(&plain).level, None);
}
