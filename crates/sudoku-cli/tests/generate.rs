//! `sudoku generate` through the real binary: validity, distinctness,
//! reproducibility across thread counts, puzzle guarantees, formats, `-o`,
//! and every bad argument.

mod common;

use std::collections::HashSet;
use std::process::{Command, Output};

use sudoku_core::{grade, parse_many, Cell, Dfs, Grid, Solver, Symmetry};

fn generate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("generate")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The run's stdout, after checking that it succeeded.
fn ok(args: &[&str]) -> String {
    let out = generate(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

fn grids(lines: &str) -> Vec<Grid> {
    lines.lines().map(|l| l.parse().unwrap()).collect()
}

fn temp_dir(name: &str) -> common::Folder {
    common::folder("gen", name)
}

#[test]
fn grids_are_valid_and_distinct() {
    let out = ok(&["grids", "5000", "--seed", "3"]);
    let all = grids(&out);
    assert_eq!(all.len(), 5000);
    assert!(all.iter().all(Grid::is_solved));
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 5000);
    assert!(out.lines().all(|l| l.len() == 81));
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_any_number_of_threads() {
    for args in [
        &["grids", "20000", "--seed", "11"][..],
        &[
            "puzzles",
            "60",
            "--seed",
            "11",
            "--unique",
            "--symmetry",
            "rot180",
        ][..],
        &[
            "puzzles",
            "40",
            "--seed",
            "12",
            "--minimal",
            "--format",
            "csv",
        ][..],
        &["puzzles", "30", "--seed", "13", "--difficulty", "medium"][..],
        &["puzzles", "30", "--seed", "13", "--difficulty", "expert"][..],
    ] {
        let one = ok(&[args, &["--threads", "1"]].concat());
        let two = ok(&[args, &["--threads", "2"]].concat());
        let three = ok(&[args, &["--threads", "3"]].concat());
        assert!(one == two && two == three, "{args:?}");
    }
    assert_ne!(
        ok(&["grids", "5", "--seed", "1"]),
        ok(&["grids", "5", "--seed", "2"])
    );
}

#[test]
fn without_a_seed_one_is_printed_and_reproduces_the_run() {
    let out = generate(&["grids", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let seed = stderr
        .trim()
        .strip_prefix("seed: ")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(ok(&["grids", "3", "--seed", seed]), text(&out.stdout));
}

#[test]
fn unique_puzzles_have_one_solution_and_blanks_in_range() {
    let out = ok(&[
        "puzzles",
        "30",
        "--seed",
        "4",
        "--unique",
        "--holes",
        "45-52",
        "--with-solution",
    ]);
    for line in out.lines() {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        let (puzzle, solution): (Grid, Grid) = (puzzle.parse().unwrap(), solution.parse().unwrap());
        assert!((45..=52).contains(&(81 - puzzle.givens())), "{puzzle}");
        assert_eq!(Dfs.solutions_up_to(&puzzle, 2), vec![solution]);
    }
}

#[test]
fn minimal_puzzles_are_minimal() {
    for puzzle in grids(&ok(&["puzzles", "6", "--seed", "8", "--minimal"])) {
        assert!(Dfs.is_uniquely_solvable(&puzzle));
        for cell in Cell::all().filter(|&c| puzzle.get(c).is_some()) {
            let mut fewer = puzzle;
            fewer.set(cell, None);
            assert_eq!(
                Dfs.solutions_count_up_to(&fewer, 2),
                2,
                "{puzzle} without {cell}"
            );
        }
    }
}

#[test]
fn symmetry_and_difficulty_are_respected() {
    for (name, symmetry) in [
        ("rot180", Symmetry::Rot180),
        ("rot90", Symmetry::Rot90),
        ("mirror", Symmetry::Mirror),
        ("diagonal", Symmetry::Diagonal),
    ] {
        let out = ok(&[
            "puzzles",
            "8",
            "--seed",
            "5",
            "--unique",
            "--symmetry",
            name,
        ]);
        for puzzle in grids(&out) {
            assert!(symmetry.holds_for(&puzzle), "{name}: {puzzle}");
            assert!((20..=55).contains(&(81 - puzzle.givens())));
        }
    }
    for level in ["easy", "medium", "hard", "expert", "extreme"] {
        let out = ok(&[
            "puzzles",
            "6",
            "--seed",
            "6",
            "--difficulty",
            level,
            "--format",
            "csv",
        ]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("puzzle,solution,givens,level"));
        for line in lines {
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(fields[3], level, "{line}");
            let (puzzle, solution): (Grid, Grid) =
                (fields[0].parse().unwrap(), fields[1].parse().unwrap());
            assert_eq!(fields[2], puzzle.givens().to_string());
            assert_eq!(grade(&puzzle).unwrap().level.name(), level, "{line}");
            assert_eq!(Dfs.solutions_up_to(&puzzle, 2), vec![solution]);
        }
    }
    // Without uniqueness a puzzle has no level.
    let out = ok(&[
        "puzzles", "2", "--seed", "6", "--holes", "70", "--format", "csv",
    ]);
    assert!(out.lines().skip(1).all(|l| l.ends_with(",11,")), "{out}");
}

#[test]
fn puzzles_are_rated_within_the_range_asked() {
    for (range, min, max) in [
        ("..2.0", 0, 20),
        ("3.0..4.5", 30, 45),
        ("6.6..7.2", 66, 72),
        ("7.5..", 75, 200),
    ] {
        let out = ok(&["puzzles", "4", "--rating", range, "--seed", "3"]);
        let puzzles = grids(&out);
        assert_eq!(puzzles.len(), 4, "{range}");
        for puzzle in puzzles {
            let rating = grade(&puzzle).unwrap().rating.tenths();
            assert!(
                (min..=max).contains(&rating),
                "{range}: {puzzle} is rated {rating}"
            );
        }
    }
    // With a range of blanks too, and the same puzzles on any number of threads.
    let one = ok(&[
        "puzzles",
        "3",
        "--rating",
        "2.6..3.4",
        "--holes",
        "50-56",
        "--seed",
        "9",
        "--threads",
        "1",
    ]);
    let two = ok(&[
        "puzzles",
        "3",
        "--rating",
        "2.6..3.4",
        "--holes",
        "50-56",
        "--seed",
        "9",
        "--threads",
        "2",
    ]);
    assert_eq!(one, two);
    for puzzle in grids(&one) {
        assert!((50..=56).contains(&(81 - puzzle.givens())), "{puzzle}");
        assert!(
            (26..=34).contains(&grade(&puzzle).unwrap().rating.tenths()),
            "{puzzle}"
        );
    }
}

#[test]
fn every_format_reads_back() {
    let lines = grids(&ok(&["puzzles", "4", "--seed", "9"]));
    for format in ["grid", "readable"] {
        let out = ok(&[
            "puzzles",
            "4",
            "--seed",
            "9",
            "--format",
            format,
            "--with-solution",
        ]);
        let read: Vec<Grid> = parse_many(&out)
            .into_iter()
            .map(|r| r.unwrap().grid)
            .collect();
        assert_eq!(read, lines, "{format}:\n{out}");
        assert_eq!(out.matches("# solution").count(), 4);
    }
    let out = ok(&["grids", "2", "--seed", "9", "--format", "grid"]);
    assert_eq!(out.lines().count(), 20);
    let out = ok(&["grids", "2", "--seed", "9", "--format", "csv"]);
    assert!(out.starts_with("grid\n") && out.lines().count() == 3);
}

#[test]
fn start_k_with_count_c_prints_lines_k_plus_1_to_k_plus_c_of_the_full_run() {
    for (kind, total, args) in [
        ("grids", 20000, &["--seed", "21"][..]),
        ("puzzles", 20000, &["--seed", "22", "--holes", "40-60"][..]),
        (
            "puzzles",
            600,
            &["--seed", "23", "--unique", "--with-solution"][..],
        ),
    ] {
        let full = ok(&[&[kind, total.to_string().as_str()][..], args].concat());
        let full: Vec<&str> = full.lines().collect();
        // Across chunk edges (8192) and block edges (256), on any thread count.
        for (start, count, threads) in [
            (0, 5, "1"),
            (1, 1, "2"),
            (255, 300, "2"),
            (8190, 5, "1"),
            (8000, 12000, "2"),
            (19999, 1, "3"),
        ]
        .into_iter()
        .filter(|&(start, count, _)| start + count <= total)
        {
            let (k, c) = (start.to_string(), count.to_string());
            let part = ok(&[&[kind, &c, "--start", &k, "--threads", threads][..], args].concat());
            assert_eq!(
                part.lines().collect::<Vec<_>>(),
                full[start..start + count],
                "{args:?} --start {start} with {count}"
            );
        }
    }
    // Consecutive ranges joined in order are the whole run, csv header and
    // all: only the range from 0 writes the header.
    let whole = ok(&["puzzles", "30", "--seed", "24", "--format", "csv"]);
    let joined: String = [(0, 7), (7, 13), (20, 10)]
        .iter()
        .map(|&(k, c)| {
            ok(&[
                "puzzles",
                &c.to_string(),
                "--start",
                &k.to_string(),
                "--seed",
                "24",
                "--format",
                "csv",
            ])
        })
        .collect();
    assert_eq!(joined, whole);
    assert!(whole.starts_with("puzzle,solution,givens,level\n"));
}

#[test]
fn a_request_that_gives_up_keeps_what_it_made_and_says_how_to_go_on() {
    // Puzzles with 60-64 blanks are rare: this seed makes two, then gives up.
    let ask = |extra: &[&str]| {
        let mut args = vec!["puzzles", "--seed", "1", "--minimal", "--holes", "60-64"];
        args.extend_from_slice(extra);
        generate(&args)
    };
    let two = ask(&["2"]);
    assert_eq!(two.status.code(), Some(0));
    assert_eq!(text(&two.stdout).lines().count(), 2);
    let out = ask(&["5"]);
    assert_eq!(out.status.code(), Some(1));
    // The two made before the failure are written.
    assert_eq!(text(&out.stdout), text(&two.stdout));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("sudoku: puzzle 3: found no minimal unique puzzle"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "ask for another range (the 2 puzzles before it are written; \
             --start 3 with a count of 2 makes the rest)\n"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    // The advice works: the rest, past the failure.
    let on = ask(&["2", "--start", "3"]);
    assert_eq!(on.status.code(), Some(0), "{}", text(&on.stderr));
    assert_eq!(text(&on.stdout).lines().count(), 2);
    // Failing at the last item asked, or at the first.
    let err = text(&ask(&["3"]).stderr);
    assert!(
        err.ends_with("(the 2 puzzles before it are written; --start 3 goes on past it)\n"),
        "{err}"
    );
    let err = text(&ask(&["2", "--start", "1"]).stderr);
    assert!(
        err.ends_with("(the puzzle before it is written; --start 3 goes on past it)\n"),
        "{err}"
    );
    let err = text(&ask(&["2", "--start", "2"]).stderr);
    assert!(
        err.ends_with("ask for another range (--start 3 with a count of 1 makes the one left)\n"),
        "{err}"
    );
}

#[test]
fn each_item_is_written_as_soon_as_it_is_made() {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;
    // Puzzles rated 9.0 or more take about a second each to find here.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["generate", "puzzles", "2", "--seed", "1", "--threads", "1"])
        .args(["--rating", "9.0.."])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let first = lines.recv_timeout(Duration::from_secs(120)).unwrap();
    // The second is still being made: the first did not wait for it.
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        lines.try_recv().is_err(),
        "both puzzles came at once: the first waited for the second"
    );
    let second = lines.recv_timeout(Duration::from_secs(120)).unwrap();
    assert!(child.wait().unwrap().success());
    // From 9.0 the puzzles come from a search, which a seed reproduces on
    // one thread (with several, the threads race).
    assert_eq!(
        format!("{first}\n{second}\n"),
        ok(&[
            "puzzles",
            "2",
            "--seed",
            "1",
            "--rating",
            "9.0..",
            "--threads",
            "1"
        ])
    );
}

#[test]
fn output_file_is_written_whole_or_with_what_was_made() {
    let dir = temp_dir("out");
    let path = dir.join("grids.txt");
    let out = generate(&["grids", "100", "--seed", "1", "-o", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        ok(&["grids", "100", "--seed", "1"])
    );
    // A request that gives up keeps the puzzles made before, in the file.
    let kept = dir.join("kept.txt");
    let args = ["puzzles", "--seed", "1", "--minimal", "--holes", "60-64"];
    let out = generate(&[&args[..], &["4", "-o", kept.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("the 2 puzzles before it are written"));
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        ok(&[&args[..], &["2"]].concat())
    );
    // Giving up at the first: an empty file.
    let none = dir.join("none.txt");
    let out = generate(&[
        "puzzles",
        "3",
        "--seed",
        "1",
        "--minimal",
        "--holes",
        "0-20",
        "-o",
        none.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("found no minimal unique puzzle with 0-20 blanks"));
    assert_eq!(std::fs::read_to_string(&none).unwrap(), "");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no temporary file left"
    );
}

#[test]
fn bad_arguments_exit_with_status_2_and_say_why() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["puzzles", "5", "--holes", "60-20"],
            "the range 60-20 is reversed; write 20-60",
        ),
        (
            &["puzzles", "5", "--holes", "0-90"],
            "90 blanks is more than the 81 cells",
        ),
        (
            &["puzzles", "5", "--holes", "99999999999999999999"],
            "99999999999999999999 blanks is more than the 81 cells",
        ),
        (
            &["puzzles", "5", "--holes", "20-4294967297"],
            "4294967297 blanks is more than the 81 cells",
        ),
        (
            &["puzzles", "5", "--holes", "lots"],
            "expected blanks as MIN-MAX or N",
        ),
        (
            &["grids", "-5"],
            "expected a whole number from 1 to 7838208000, found \"-5\"",
        ),
        (&["grids", "0"], "found \"0\""),
        (
            &["grids", "99999999999999999999"],
            "found \"99999999999999999999\"",
        ),
        (&["grids", "ten"], "found \"ten\""),
        (&["grids"], "<N>"),
        (
            &["puzzles", "5", "--difficulty", "brutal"],
            "unknown level \"brutal\", expected easy, medium, hard, expert or extreme",
        ),
        (
            &["puzzles", "5", "--rating", "9..8"],
            "invalid rating range \"9..8\": the lowest rating is above the highest",
        ),
        (
            &["puzzles", "5", "--rating", "8.55..9"],
            "invalid rating range \"8.55..9\": a rating is a number like 7.5",
        ),
        (
            &["puzzles", "5", "--rating", "7"],
            "invalid rating range \"7\": expected MIN..MAX",
        ),
        (
            &["puzzles", "5", "--rating", "3..4", "--difficulty", "hard"],
            "cannot be used with",
        ),
        (
            &["puzzles", "5", "--symmetry", "spiral"],
            "invalid value 'spiral'",
        ),
        (
            &["puzzles", "5", "--format", "json"],
            "invalid value 'json'",
        ),
        (&["grids", "5", "--threads", "0"], "invalid value '0'"),
        (&["grids", "5", "--seed", "-1"], "--seed"),
        (
            &["grids", "5", "--holes", "20-30"],
            "unexpected argument '--holes'",
        ),
        (&["shapes", "5"], "unrecognized subcommand 'shapes'"),
        (
            &["grids", "5", "--start", "7838207996"],
            "--start 7838207996 with 5 items goes past the 7838208000 items a seed can give",
        ),
        (
            &["grids", "7838208000", "--start", "18446744073709551615"],
            "goes past the 7838208000 items",
        ),
        (
            &["grids", "5", "--start", "-1"],
            "invalid value '-1' for '--start <K>'",
        ),
        (
            &["puzzles", "5", "--unique", "--holes", "64"],
            "a unique puzzle with more than 61 blanks (fewer than 20 givens) is too rare",
        ),
        (
            &["puzzles", "5", "--unique", "--holes", "66-70"],
            "at most 64 blanks; 66 or more",
        ),
        (
            &["puzzles", "5", "--minimal", "--holes", "65"],
            "at most 64 blanks",
        ),
        (
            &["puzzles", "5", "--symmetry", "rot90", "--holes", "22-23"],
            "with rot90 symmetry no count of blanks in 22-23 can be made",
        ),
        (
            &["puzzles", "5", "--difficulty", "hard", "--holes", "63"],
            "a unique puzzle with more than 61 blanks",
        ),
    ];
    for (args, message) in cases {
        let out = generate(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn the_help_of_grids_speaks_of_grids_and_that_of_puzzles_of_puzzles() {
    let grids = ok(&["grids", "--help"]);
    for puzzle_only in ["`.`", "blanks", "--with-solution", "level", "search"] {
        assert!(
            !grids.contains(puzzle_only),
            "generate grids --help speaks of {puzzle_only}:\n{grids}"
        );
    }
    assert!(grids.contains("One line of 81 digits"), "{grids}");
    assert!(grids.contains("A header line `grid`"), "{grids}");
    // What the help says is what comes out.
    let csv = ok(&["grids", "2", "--format", "csv", "--seed", "3"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "grid");
    assert!(lines[1..]
        .iter()
        .all(|l| l.len() == 81 && l.bytes().all(|b| (b'1'..=b'9').contains(&b))));
    let puzzles = ok(&["puzzles", "--help"]);
    for said in [
        "`.` for blanks",
        "--with-solution",
        "puzzle,solution,givens,level",
        "a search",
    ] {
        assert!(puzzles.contains(said), "no {said}:\n{puzzles}");
    }
}
