//! `sudoku solve` as a Unix filter: output per line, exit codes, errors on
//! stderr, order under threads, atomic `-o`, stdin.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

mod common;
use common::{pipe, text};

use sudoku_core::Grid;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Consistent givens that no grid completes (row 1 leaves only 9 for a1;
/// column a already has a 9).
const DEAD: &str = ".12345678\
     9........\
     .........\
     .........\
     .........\
     .........\
     .........\
     .........\
     .........";

fn sudoku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut cmd = sudoku();
    cmd.arg("solve").args(args);
    pipe(cmd, stdin)
}

/// Whether `line` is a full valid grid that keeps the givens of `puzzle`.
fn solves(puzzle: &str, line: &str) -> bool {
    let p: Grid = puzzle.parse().unwrap();
    line.parse::<Grid>().is_ok_and(|s| p.is_solved_by(&s))
}

fn temp_dir(name: &str) -> common::Folder {
    common::folder("solve", name)
}

#[test]
fn solves_stdin_one_line_per_puzzle() {
    let out = run(&[], &format!("{EASY}\n{HARD}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    assert!(solves(EASY, &lines[0]) && solves(HARD, &lines[1]));
    assert!(out.stderr.is_empty());
}

#[test]
fn bad_lines_are_reported_and_the_rest_solved() {
    let conflicting = format!("55{}", &EASY[2..]);
    let input = format!("# a comment\n{EASY}\nxyz\n{DEAD}\n{conflicting}\n{HARD}\n");
    let out = run(&["-"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(solves(EASY, &lines[0]));
    assert_eq!(lines[1..4], ["invalid", "unsolvable", "invalid"]);
    assert!(solves(HARD, &lines[4]));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:3: column 1: expected a digit, '.', '0' or '_', found 'x'\n\
         <stdin>:5: there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s\n"
    );
}

#[test]
fn counts_up_to_the_limit() {
    let empty = ".".repeat(81);
    let out = run(&["--count"], &format!("{EASY}\n{empty}\n{DEAD}\n"));
    assert_eq!(text(&out.stdout), "1\n2\n0\n");
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["--count", "--limit", "5"], &format!("{empty}\n"));
    assert_eq!(text(&out.stdout), "5\n");
}

#[test]
fn grid_format_and_files_by_name() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/sudoku01-easy.txt");
    let out = sudoku()
        .args(["solve", "--format", "grid"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let grid = text(&out.stdout);
    assert_eq!(grid.lines().count(), 10);
    assert!(grid.ends_with("\n\n"));
    let puzzle: Grid = std::fs::read_to_string(&file).unwrap().parse().unwrap();
    assert!(puzzle.is_solved_by(&grid.parse().unwrap()));
}

#[test]
fn unreadable_files_exit_two_and_the_others_are_solved() {
    let dir = temp_dir("unreadable");
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{EASY}\n")).unwrap();
    let out = sudoku()
        .args(["solve", "no-such-file.txt"])
        .arg(&good)
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    let err = text(&out.stderr);
    assert!(err.contains("no-such-file.txt: no such file"), "{err}");
    assert!(err.contains("is a directory"), "{err}");
}

#[test]
fn usage_errors_exit_two() {
    for args in [
        &["--limit", "0"][..],
        &["--threads", "0"],
        &["--solver", "magic"],
        &["--bogus"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn order_is_kept_under_threads() {
    // More than one chunk of mixed puzzles, solved by two threads, must come
    // out in input order, and the same as with one thread.
    let mut input = String::new();
    let mut expected = Vec::new();
    for i in 0..20_000 {
        let p = [EASY, HARD, DEAD][i % 3];
        input.push_str(p);
        input.push('\n');
        expected.push(p);
    }
    let out = run(&["--threads", "2"], &input);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (p, line) in expected.iter().zip(&lines) {
        if *p == DEAD {
            assert_eq!(*line, "unsolvable");
        } else {
            assert!(solves(p, line));
        }
    }
    let single = run(&["--threads", "1"], &input);
    assert_eq!(single.stdout, out.stdout);
}

#[test]
fn output_file_appears_whole_or_not_at_all() {
    let dir = temp_dir("atomic");
    let target = dir.join("out.txt");
    std::fs::write(&target, "old contents\n").unwrap();
    let mut child = sudoku()
        .args(["solve", "-o"])
        .arg(&target)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..10_000 {
        writeln!(stdin, "{EASY}").unwrap();
    }
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // Mid-run, the target still holds the old contents; killing the run
    // leaves them so.
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old contents\n");
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old contents\n");
    // A finished run replaces the file whole.
    let mut child = sudoku()
        .args(["solve", "-o"])
        .arg(&target)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{EASY}\n{HARD}").unwrap();
    assert!(child.wait().unwrap().success());
    let written = std::fs::read_to_string(&target).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(solves(EASY, lines[0]) && solves(HARD, lines[1]));
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(
        files.len(),
        2,
        "only out.txt and the killed run's temporary file may remain: {files:?}"
    );
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let input = format!("{HARD}\n").repeat(3000);
    let out = run(&["--threads", "1", "--solver", "dfs"], &input);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn the_triad_solver_answers_as_the_fast_one() {
    // A unique puzzle, an easy one, one with many solutions, a conflict.
    let many = format!("{}{}", &HARD[..40], ".".repeat(41));
    let conflict = format!("11{}", ".".repeat(79));
    let input = format!("{HARD}\n{EASY}\n{many}\n{conflict}\n");
    for count in [false, true] {
        let mut args = vec!["--threads", "1"];
        if count {
            args.push("--count");
        }
        let fast = run(&args, &input);
        args.extend(["--solver", "triad"]);
        let triad = run(&args, &input);
        assert_eq!(fast.status.code(), triad.status.code());
        let (f, t) = (text(&fast.stdout), text(&triad.stdout));
        let (f, t): (Vec<&str>, Vec<&str>) = (f.lines().collect(), t.lines().collect());
        assert_eq!(t.len(), 4, "{t:?}");
        if count {
            assert_eq!(f, t);
        } else {
            // Unique puzzles have one answer; of many solutions each may find another.
            assert_eq!((f[0], f[1], f[3]), (t[0], t[1], t[3]));
            assert!(solves(HARD, t[0]) && solves(EASY, t[1]) && solves(&many, t[2]));
        }
    }
}
