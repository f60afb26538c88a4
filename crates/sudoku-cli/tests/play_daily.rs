//! The daily puzzle and the statistics: `sudoku play --daily LEVEL --date
//! DAY` won through a pipe, then `sudoku stats`. Every run has a HOME (and
//! XDG_DATA_HOME) of its own.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{pipe, squashed, text};
use sudoku_core::session::{Daily, Date};
use sudoku_core::{Cell, Game, Level};

/// `sudoku ARGS` with HOME at `home` and XDG_DATA_HOME `home/data`, and
/// `stdin` piped in.
fn sudoku(home: &Path, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(args)
        .current_dir(home)
        .env_remove("NO_COLOR")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"));
    pipe(cmd, stdin)
}

/// The daily puzzle of `date` at `level`, as the core makes it.
fn daily(date: &str, level: Level) -> Game {
    let date: Date = date.parse().unwrap();
    Game::new(Daily::new(date, level).generate().unwrap()).unwrap()
}

/// The moves that fill `game`'s blanks from its solution, one a line.
fn winning_moves(game: &Game) -> String {
    Cell::all()
        .filter(|&c| game.grid().get(c).is_none())
        .map(|c| format!("{c}{}\n", game.solution().get(c).unwrap()))
        .collect()
}

/// Plays the daily puzzle of `date` at `level` to the end with the
/// solution's moves; the output.
fn win(home: &Path, date: &str, level: &str) -> String {
    let game = daily(date, level.parse().unwrap());
    let out = sudoku(
        home,
        &["play", "--daily", level, "--date", date],
        &winning_moves(&game),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    text(&out.stdout)
}

fn stats(home: &Path, args: &[&str]) -> String {
    let mut all = vec!["stats"];
    all.extend(args);
    let out = sudoku(home, &all, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn two_daily_wins_on_two_days_make_a_streak_of_two() {
    let home = tempfile::tempdir().unwrap();
    let first = win(home.path(), "2026-11-26", "easy");
    assert!(
        first.starts_with("Playing daily 2026-11-26 easy: "),
        "{first}"
    );
    assert!(first.contains("Congratulations! You solved the puzzle in "));
    // Piped games count no time: the first win is the best at 00:00.
    assert!(
        first.ends_with("New best time for easy: 00:00\n"),
        "{first}"
    );
    let second = win(home.path(), "2026-11-27", "hard");
    assert!(
        second.ends_with("New best time for hard: 00:00\n"),
        "{second}"
    );
    let table = stats(home.path(), &["--date", "2026-11-27"]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "Statistics of the games won (~/data/sudoku/statistics.txt):"
    );
    assert_eq!(lines[1], "Level   Won    Best  Average  Hints");
    assert_eq!(lines[2], "easy      1   00:00    00:00      0");
    assert_eq!(lines[4], "hard      1   00:00    00:00      0");
    assert_eq!(lines[7], "other     0       -        -      0");
    assert_eq!(lines[8], "Daily streak: 2 days (best 2 days)");
    // The day after, the streak goes on until that day's puzzle is missed.
    assert!(stats(home.path(), &["--date", "2026-11-28"]).ends_with("2 days (best 2 days)\n"));
    assert!(stats(home.path(), &["--date", "2026-11-29"]).ends_with("0 days (best 2 days)\n"));
    let csv = stats(home.path(), &["--date", "2026-11-27", "--format", "csv"]);
    assert!(csv.starts_with("level,won,best_seconds,average_seconds,hints\neasy,1,0.000,0.000,0\n"));
    assert!(csv.ends_with("other,0,,,0\ndaily_streak,2,2\n"), "{csv}");
}

#[test]
fn the_same_date_gives_the_same_puzzle_and_the_next_day_another() {
    let home = tempfile::tempdir().unwrap();
    let board = |date: &str| {
        let out = sudoku(home.path(), &["play", "--daily", "--date", date], "end\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(
            stdout.starts_with(&format!("Playing daily {date} medium: ")),
            "{stdout}"
        );
        // The board's rows, between the heading and the first prompt.
        stdout
            .lines()
            .skip(2)
            .take(13)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let today = board("2026-11-27");
    assert_eq!(board("2026-11-27"), today);
    assert_ne!(board("2026-11-28"), today);
    // The board shown is the core's daily puzzle of the date.
    let game = daily("2026-11-27", Level::Medium);
    let first_row = game.grid().to_line()[..9].to_string();
    let shown: String = today
        .lines()
        .nth(2)
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .skip(1)
        .collect();
    assert_eq!(shown, first_row);
}

#[test]
fn a_bad_date_is_one_line_and_status_2() {
    let home = tempfile::tempdir().unwrap();
    let out = sudoku(
        home.path(),
        &["play", "--daily", "easy", "--date", "2026-13-01"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: --date: '2026-13-01' is not a day from 1970-01-01 to 9999-12-31\n"
    );
    let out = sudoku(home.path(), &["stats", "--date", "yesterday"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: --date: expected a date as YYYY-MM-DD, found 'yesterday'\n"
    );
}

#[test]
fn a_corrupt_statistics_file_is_reported_and_set_aside_at_the_next_win() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("sudoku");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("statistics.txt"), "not statistics\n").unwrap();
    let out = sudoku(home.path(), &["stats"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "sudoku: ~/data/sudoku/statistics.txt: line 1: expected 'sudoku stats 1', found \
         'not statistics'; the next game won sets it aside and counts afresh\n"
    );
    let won = win(home.path(), "2026-11-27", "easy");
    assert!(
        squashed(&won).contains(
            "in 55 moves ~/data/sudoku/statistics.txt: line 1: expected 'sudoku stats 1', found \
             'not statistics'; kept as ~/data/sudoku/statistics.txt.bad, statistics counted \
             afresh New best time for easy: 00:00"
        ),
        "{won}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("statistics.txt.bad")).unwrap(),
        "not statistics\n"
    );
    assert!(stats(home.path(), &[]).contains("\neasy      1 "));
}

/// `puzzles/sudoku01-easy.txt`.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn open_plays_a_puzzle_typed_on_one_line_and_saves_the_game_left() {
    let home = tempfile::tempdir().unwrap();
    let game = Game::new(EASY.parse().unwrap()).unwrap();
    let zeros = EASY.replace('.', "0");
    let script = format!(
        "open\nopen 12345\nopen {EASY}{EASY}\nopen 11{}\n1a4\nopen {zeros}\n{}",
        &EASY[2..],
        winning_moves(&game)
    );
    let out = sudoku(
        home.path(),
        &["play", "--daily", "easy", "--date", "2026-11-27"],
        &script,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = squashed(&text(&out.stdout));
    for line in [
        "open Type open and a puzzle on one line: its 81 cells row by row, . or 0 for a blank",
        "open 12345 open: '12345': ",
        "found 162 cells, expected 81",
        "open: there are ",
        "Game saved: 1 move made",
        "Playing typed puzzle: 32 givens, 49 cells to fill",
        "Congratulations! You solved the puzzle in 49 moves",
    ] {
        assert!(said.contains(line), "{line}");
    }
    // The daily game left is saved, its name kept.
    let out = sudoku(home.path(), &["play", "--resume"], "end\n");
    assert!(text(&out.stdout).contains("daily 2026-11-27 easy"));
    // The typed puzzle's win counts under its level.
    assert!(stats(home.path(), &[]).contains("\neasy      1 "));
}
