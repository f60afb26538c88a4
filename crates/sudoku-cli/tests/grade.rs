//! `sudoku grade` and `sudoku explain` through the real binary: output per
//! line in input order, CSV, exit codes, errors on stderr.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{pipe, text};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Needs pointing (Norvig's "hard1", in the classics collection).
const MEDIUM: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Needs nested forcing chains: AI Escargot (SE 10.5).
const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

fn run(args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(args);
    pipe(cmd, stdin)
}

fn classics() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/collection-classics.txt")
}

/// The built-in puzzles that grade in milliseconds (`sudoku01`-`07` and
/// Tarek's): the famous hardest take seconds each.
fn quick_puzzles() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            name.starts_with("sudoku0")
                && !name.starts_with("sudoku08")
                && !name.starts_with("sudoku09")
                || name.starts_with("sudoku12")
        })
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    files.sort();
    files
}

#[test]
fn grades_one_line_per_puzzle_in_order() {
    let input = format!("{EASY}\n{ESCARGOT}\n{MEDIUM}\n");
    let out = run(&["grade", "--threads", "2"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "easy 1.2 full-house=20 hidden-single-box=29");
    assert!(lines[1].starts_with("extreme 10.5 "), "{}", lines[1]);
    assert!(lines[1].contains(" nested-forcing-chain="), "{}", lines[1]);
    assert!(lines[2].starts_with("medium 2.6 "), "{}", lines[2]);
    assert!(lines[2].contains(" pointing=5"), "{}", lines[2]);
    assert!(out.stderr.is_empty());
}

#[test]
fn grades_are_the_same_on_every_run_and_thread_count() {
    let files = quick_puzzles();
    let mut args = vec!["grade", "--threads", "1"];
    args.extend(files.iter().map(String::as_str));
    let one = run(&args, "");
    args[2] = "2";
    let two = run(&args, "");
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(text(&one.stdout).lines().count(), 8);
}

#[test]
fn se_format_writes_er_ep_ed_as_sudoku_explainer_does() {
    // The expected lines are Sudoku Explainer 1.2.1's `serate --format=%r/%p/%d`.
    let input = format!("{EASY}\n{MEDIUM}\n1234\n");
    let out = run(&["grade", "--format", "se"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "1.2/1.2/1.2\n2.6/1.2/1.2\ninvalid\n");
}

#[test]
fn csv_has_a_header_and_a_column_per_technique() {
    let input = format!("{EASY}\n55{}\n", ".".repeat(79));
    let out = run(&["grade", "--format", "csv"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("level,rating,full-house,hidden-single-box,"));
    assert!(lines[0]
        .ends_with(",dynamic-forcing-chain,dynamic-forcing-chain-plus,nested-forcing-chain"));
    let columns = lines[0].split(',').count();
    assert!(lines[1].starts_with("easy,1.2,20,29,0,"));
    assert_eq!(lines[1].split(',').count(), columns);
    assert!(lines[2].starts_with("invalid,"));
    assert_eq!(lines[2].split(',').count(), columns);
}

#[test]
fn bad_puzzles_are_invalid_with_file_and_line() {
    let input = format!("{EASY}\n1234\n{}\n55{}\n", ".".repeat(81), ".".repeat(79));
    let out = run(&["grade"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "easy 1.2 full-house=20 hidden-single-box=29\ninvalid\ninvalid\ninvalid\n"
    );
    let stderr = text(&out.stderr);
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{stderr}");
    assert!(
        errors[0].starts_with("<stdin>:2: found 4 cells"),
        "{stderr}"
    );
    assert_eq!(
        errors[1],
        "<stdin>:3: the puzzle has more than one solution"
    );
    assert_eq!(
        errors[2],
        "<stdin>:4: there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s"
    );
}

#[test]
fn unreadable_files_exit_2_after_grading_the_rest() {
    let files = quick_puzzles();
    let mut args = vec!["grade", "/no/such/file"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 8);
    assert_eq!(text(&out.stderr), "sudoku: /no/such/file: no such file\n");
}

#[test]
fn explain_numbers_the_steps_and_ends_in_the_solution() {
    let path = classics();
    let out = run(&["explain", path.to_str().unwrap(), "--index", "14"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("Puzzle ("), "{stdout}");
    assert!(stdout.contains("\n1. "));
    assert!(stdout.contains("Pointing"));
    assert!(
        stdout.contains("\nSolved:\n4 1 7 3 6 9 8 2 5\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("Grade: medium 2.6\n"));
}

#[test]
fn explain_tells_what_a_nested_forcing_chain_used() {
    let out = run(&["explain", "-"], &format!("{ESCARGOT}\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Dynamic contradiction forcing chain (+ forcing chains): if "),
        "{stdout}"
    );
    assert!(stdout.contains(" (by a forcing chain), so "), "{stdout}");
    assert!(
        stdout.contains("\nSolved:\n1 6 2 8 5 7 4 9 3\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("Grade: extreme 10.5\n"));
}

#[test]
fn explain_refuses_a_missing_index_or_a_bad_puzzle() {
    let out = run(&["explain", "-", "--index", "2"], &format!("{EASY}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "sudoku: <stdin>: no puzzle number 2\n");
    let out = run(&["explain", "-"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:1: the puzzle has more than one solution\n"
    );
    assert!(out.stdout.is_empty());
    let out = run(&["explain", "-"], &format!("11{}\n", ".".repeat(79)));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:1: there are 2 conflicts in the puzzle: row 1 has two 1s, box 1 has two 1s\n"
    );
    assert!(out.stdout.is_empty());
    let out = run(&["explain", "/no/such/file"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// Generated puzzles: 24 of any level, some of them with several
/// solutions (lines 2, 3, 6...), and 4 rated 6.0 or more.
fn generated() -> String {
    let generate = |args: &[&str]| {
        let out = run(args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let mut puzzles = generate(&["generate", "puzzles", "24", "--seed", "11"]);
    puzzles.push_str(&generate(&[
        "generate", "puzzles", "4", "--seed", "3", "--rating", "6.0..",
    ]));
    puzzles
}

/// A mixed input in `dir`: [`generated`] puzzles, a line that is not a
/// puzzle, and the quick built-ins as 9-line grids.
fn mixed_input(dir: &Path) -> PathBuf {
    let mut input = generated();
    input.push_str(&format!("{MEDIUM}\n1234\n"));
    for file in quick_puzzles() {
        input.push_str(&std::fs::read_to_string(file).unwrap());
        input.push('\n');
    }
    let path = dir.join("mixed.txt");
    std::fs::write(&path, input).unwrap();
    path
}

/// The puzzles of `path` in reading order, each with its line as unbounded
/// `grade` writes it in `format` (`invalid` for a bad record).
fn graded(path: &Path, format: &str) -> Vec<(String, String)> {
    let out = run(&["grade", "--format", format, path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    let records = sudoku_core::parse_many(&std::fs::read_to_string(path).unwrap());
    assert_eq!(records.len(), lines.len());
    records
        .iter()
        .map(|r| r.as_ref().map_or(String::new(), |r| r.grid.to_string()))
        .zip(lines)
        .collect()
}

/// ER, EP and ED of an `se` line, in tenths.
fn se_numbers(line: &str) -> [u16; 3] {
    let tenths = |n: &str| (n.parse::<f64>().unwrap() * 10.0).round() as u16;
    let v: Vec<u16> = line.split('/').map(tenths).collect();
    [v[0], v[1], v[2]]
}

#[test]
fn ranges_select_exactly_the_puzzles_in_them_with_their_grades() {
    let dir = common::folder("grade", "select");
    let input = mixed_input(&dir);
    let path = input.to_str().unwrap();
    let lines = graded(&input, "line");
    let se = graded(&input, "se");
    let unbounded = run(&["grade", path], "");
    // (flags, which of ER/EP/ED, range in tenths)
    let cases: [(&[&str], usize, u16, u16); 7] = [
        (&["--rating", "..2.0"], 0, 0, 20),
        (&["--rating", "6.0.."], 0, 60, 200),
        (&["--rating", "2.6..7.1"], 0, 26, 71),
        (&["--rating", "9.9..9.9"], 0, 99, 99),
        (&["--ep", "1.2..1.2"], 1, 12, 12),
        (&["--ed", "..1.0"], 2, 0, 10),
        (&["--ed", "1.1.."], 2, 11, 200),
    ];
    let mut selected_some = 0;
    for (flags, which, min, max) in cases {
        let keep =
            |i: usize| se[i].1 != "invalid" && (min..=max).contains(&se_numbers(&se[i].1)[which]);
        for (format, grades) in [("line", &lines), ("se", &se)] {
            let expected: String = (0..grades.len())
                .filter(|&i| keep(i))
                .map(|i| format!("{} {}\n", grades[i].0, grades[i].1))
                .collect();
            let mut args = vec!["grade", "--format", format, path];
            args.extend(flags);
            let out = run(&args, "");
            assert_eq!(text(&out.stdout), expected, "{flags:?} {format}");
            // Invalid puzzles are in no range, but reported as ever.
            assert_eq!(out.status.code(), Some(1), "{flags:?}");
            assert_eq!(out.stderr, unbounded.stderr, "{flags:?}");
            selected_some += usize::from(!expected.is_empty());
        }
    }
    assert_eq!(selected_some, 2 * cases.len(), "a case selected nothing");
    // Both ends at once, and csv: a header, then the puzzle as a first column.
    let out = run(
        &[
            "grade", "--format", "csv", "--rating", "1.0..8.0", "--ed", "1.2..", path,
        ],
        "",
    );
    let stdout = text(&out.stdout);
    let mut rows = stdout.lines();
    assert!(rows
        .next()
        .unwrap()
        .starts_with("puzzle,level,rating,full-house,"));
    let expected: Vec<&String> = (0..se.len())
        .filter(|&i| se[i].1 != "invalid")
        .filter(|&i| {
            let [er, _, ed] = se_numbers(&se[i].1);
            (10..=80).contains(&er) && ed >= 12
        })
        .map(|i| &se[i].0)
        .collect();
    let puzzles: Vec<&str> = rows.map(|r| r.split(',').next().unwrap()).collect();
    assert!(!expected.is_empty());
    assert_eq!(puzzles, expected);
}

#[test]
fn nothing_selected_is_no_output_and_status_0() {
    let out = run(
        &["grade", "--rating", "19.5..19.9"],
        &format!("{EASY}\n{MEDIUM}\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn bad_ranges_are_refused_naming_the_value() {
    for (flag, value, reason) in [
        ("--rating", "9..8", "the lowest rating is above the highest"),
        (
            "--ep",
            "7.55..",
            "a rating is a number like 7.5, with at most one decimal",
        ),
        ("--ed", "25..", "ratings go from 0.0 to 20.0"),
        ("--rating", "8.5", "expected MIN..MAX, for example 8.5..9.5"),
    ] {
        let out = run(&["grade", flag, value], &format!("{EASY}\n"));
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!("invalid rating range \"{value}\": {reason}")),
            "{stderr}"
        );
        assert!(stderr.contains(flag), "{stderr}");
    }
}

#[test]
fn two_threads_keep_the_input_order_when_selecting() {
    // The slowest quick puzzle (Tarek's, 9.9) first, then many fast ones:
    // the fast ones are done first, and still written after it.
    let dir = common::folder("grade", "order");
    let tarek = std::fs::read_to_string(quick_puzzles().pop().unwrap()).unwrap();
    let path = dir.join("order.txt");
    std::fs::write(&path, format!("{tarek}\n{}", generated().repeat(8))).unwrap();
    let path = path.to_str().unwrap();
    for flags in [&["--rating", "1.0.."][..], &["--ep", "..9.9"]] {
        let runs: Vec<Output> = ["1", "2"]
            .iter()
            .map(|threads| {
                let mut args = vec!["grade", "--threads", threads, path];
                args.extend(flags);
                run(&args, "")
            })
            .collect();
        assert_eq!(runs[0].status.code(), Some(1));
        assert_eq!(runs[0].stdout, runs[1].stdout, "{flags:?}");
        assert_eq!(runs[0].stderr, runs[1].stderr, "{flags:?}");
        let first = text(&runs[1].stdout).lines().next().unwrap().to_string();
        assert!(first.contains("extreme 9.9 "), "{flags:?}: {first}");
    }
}

#[test]
fn selected_lines_feed_print_play_and_grade_again() {
    let dir = common::folder("grade", "feed");
    let input = mixed_input(&dir);
    let out = run(&["grade", "--rating", "2.0..", input.to_str().unwrap()], "");
    let selected = text(&out.stdout);
    let grades: Vec<String> = selected
        .lines()
        .map(|l| {
            let (puzzle, grade) = l.split_once(' ').unwrap();
            assert_eq!(puzzle.len(), 81);
            let mut words = grade.split(' ');
            format!("{} {}", words.next().unwrap(), words.next().unwrap())
        })
        .collect();
    assert!(grades.len() >= 5, "{selected}");
    let file = dir.join("selected.txt");
    std::fs::write(&file, &selected).unwrap();
    let file = file.to_str().unwrap();
    // print reads every line, and grades each puzzle as grade did.
    let out = run(&["print", "-o", "-", "--format", "svg", file], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    for (i, grade) in grades.iter().enumerate() {
        let caption = format!(">Puzzle {} - {grade}<", i + 1);
        assert!(svg.contains(&caption), "{caption}");
    }
    // play reads them too: the second one, with its givens.
    let second = selected.lines().nth(1).unwrap();
    let givens = second[..81].bytes().filter(u8::is_ascii_digit).count();
    let home = common::folder("grade", "feed-home");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.env("HOME", &*home)
        .env("XDG_DATA_HOME", home.join("data"))
        .args(["play", file, "--index", "2"]);
    let out = pipe(cmd, "end\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let playing = shown.lines().next().unwrap();
    assert!(
        playing.starts_with("Playing ")
            && playing.contains(&format!(", puzzle 2: {givens} givens")),
        "{shown}"
    );
    // And another filter: the same lines again, their grades unchanged.
    let again = run(&["grade", "--rating", "2.0..", file], "");
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(text(&again.stdout), selected);
}
