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
    assert_eq!(errors[2], "<stdin>:4: there are 2 conflicts in the puzzle");
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
    let out = run(&["explain", "/no/such/file"], "");
    assert_eq!(out.status.code(), Some(2));
}
