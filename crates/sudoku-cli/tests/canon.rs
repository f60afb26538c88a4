//! `sudoku canon` as a Unix filter: the minlex form of each record, the
//! output formats, `--dedupe`, bad lines, `-o`, order under threads, a pipe
//! closed downstream, and a slow pipe (each form leaves before the next
//! puzzle is sent).

use std::process::{Command, Output, Stdio};

mod common;
use common::{folder, pipe, text, Running, EASY, PUZZLE, SOLUTION};

use sudoku_core::canon::Transform;
use sudoku_core::Grid;

/// The minlex form of [`PUZZLE`] (checked against brute force in the core).
const PUZZLE_FORM: &str =
    "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..";

fn sudoku() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut cmd = sudoku();
    cmd.arg("canon").args(args);
    pipe(cmd, stdin)
}

fn lines(out: &Output) -> Vec<String> {
    text(&out.stdout).lines().map(String::from).collect()
}

/// `puzzle` moved by a few transforms of every kind: transposed, bands,
/// stacks, rows and columns within them reordered, digits relabelled.
fn disguises(puzzle: &str) -> Vec<String> {
    let grid: Grid = puzzle.parse().unwrap();
    let transforms = [
        Transform::new(
            true,
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [1, 2, 3, 4, 5, 6, 7, 8, 9],
        ),
        Transform::new(
            false,
            [6, 7, 8, 0, 1, 2, 3, 4, 5],
            [2, 1, 0, 5, 3, 4, 7, 8, 6],
            [9, 8, 7, 6, 5, 4, 3, 2, 1],
        ),
        Transform::new(
            true,
            [4, 3, 5, 8, 7, 6, 1, 0, 2],
            [3, 4, 5, 0, 1, 2, 6, 7, 8],
            [2, 3, 1, 5, 6, 4, 8, 9, 7],
        ),
    ];
    transforms
        .into_iter()
        .map(|t| t.unwrap().apply(&grid).to_line())
        .collect()
}

#[test]
fn writes_the_minlex_form_of_puzzles_and_grids() {
    let input = format!("{PUZZLE}\n# a comment\n{SOLUTION}\n\n{EASY}\n");
    let out = run(&[], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
    let lines = lines(&out);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], PUZZLE_FORM);
    // A complete grid's form begins 123456789; each is the core's.
    assert!(lines[1].starts_with("123456789"), "{}", lines[1]);
    for (line, input) in lines.iter().zip([PUZZLE, SOLUTION, EASY]) {
        let grid: Grid = input.parse().unwrap();
        assert_eq!(*line, grid.canonical().form().to_line());
    }
}

#[test]
fn every_disguise_of_a_puzzle_has_its_form() {
    let mut input = String::new();
    for puzzle in [PUZZLE, SOLUTION, EASY] {
        input.push_str(&format!("{puzzle}\n"));
        for moved in disguises(puzzle) {
            input.push_str(&format!("{moved}\n"));
        }
    }
    let out = run(&["--threads", "2"], &input);
    assert_eq!(out.status.code(), Some(0));
    let lines = lines(&out);
    assert_eq!(lines.len(), 12);
    for class in lines.chunks(4) {
        assert!(class.iter().all(|l| *l == class[0]), "{class:?}");
    }
    assert_eq!(lines[0], PUZZLE_FORM);
    assert_ne!(lines[0], lines[8]);
}

#[test]
fn formats_line_zeros_and_grid() {
    let out = run(&["--format", "zeros"], &format!("{PUZZLE}\n"));
    assert_eq!(
        text(&out.stdout),
        format!("{}\n", PUZZLE_FORM.replace('.', "0"))
    );
    let out = run(&["--format", "grid"], &format!("{PUZZLE}\nxyz\n"));
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out.stdout);
    let rows: Vec<&str> = shown.lines().collect();
    assert_eq!(rows.len(), 12, "{shown}");
    assert_eq!(rows[0], "0 0 0 0 0 0 0 0 1");
    assert_eq!(rows[1], "0 0 0 0 0 2 0 3 0");
    assert_eq!(rows[9..], ["", "invalid", ""]);
    // The grid format reads back as the same form.
    let back: Grid = rows[..9].join("\n").parse().unwrap();
    assert_eq!(back.to_line(), PUZZLE_FORM);
}

#[test]
fn dedupe_keeps_the_first_of_each_class_across_inputs() {
    let dir = folder("canon", "dedupe");
    let [a, b, c] = <[String; 3]>::try_from(disguises(PUZZLE)).unwrap();
    let easy = disguises(EASY);
    std::fs::write(dir.join("one.txt"), format!("{PUZZLE}\n{a}\n{}\n", easy[0])).unwrap();
    std::fs::write(dir.join("two.txt"), format!("{b}\n{EASY}\n{SOLUTION}\n")).unwrap();
    let mut cmd = sudoku();
    cmd.args(["canon", "--dedupe"])
        .arg(dir.join("one.txt"))
        .arg("-")
        .arg(dir.join("two.txt"));
    let out = pipe(cmd, &format!("{c}\n{}\n", easy[1]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let solution: Grid = SOLUTION.parse().unwrap();
    let easy_form = EASY.parse::<Grid>().unwrap().canonical().form().to_line();
    assert_eq!(
        lines(&out),
        [
            PUZZLE_FORM.to_string(),
            easy_form,
            solution.canonical().form().to_line()
        ]
    );
    // Without --dedupe, every record has its line.
    let mut cmd = sudoku();
    cmd.arg("canon")
        .arg(dir.join("one.txt"))
        .arg(dir.join("two.txt"));
    assert_eq!(lines(&pipe(cmd, "")).len(), 6);
}

#[test]
fn bad_lines_are_reported_and_the_rest_answered() {
    let conflicting = format!("55{}", &EASY[2..]);
    let input = format!("{PUZZLE}\nxyz\n{conflicting}\n12345\n{PUZZLE}\n");
    let out = run(&["-"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines = lines(&out);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[0], PUZZLE_FORM);
    assert_eq!(lines[1], "invalid");
    // Conflicting givens are not judged: they have a form like any grid.
    let grid: Grid = conflicting.parse().unwrap();
    assert_eq!(lines[2], grid.canonical().form().to_line());
    assert_eq!(lines[3], "invalid");
    assert_eq!(lines[4], PUZZLE_FORM);
    let err = text(&out.stderr);
    let reports: Vec<&str> = err.lines().collect();
    assert_eq!(reports.len(), 2, "{err}");
    assert_eq!(
        reports[0],
        "<stdin>:2: column 1: expected a digit, '.', '0' or '_', found 'x'"
    );
    assert!(reports[1].starts_with("<stdin>:4: "), "{err}");
    // With --dedupe, bad lines are reported but not written.
    let out = run(&["--dedupe"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(self::lines(&out).len(), 2);
    assert_eq!(text(&out.stderr), err);
}

#[test]
fn unreadable_files_exit_two_and_the_others_are_answered() {
    let dir = folder("canon", "unreadable");
    let good = dir.join("good.txt");
    std::fs::write(&good, format!("{PUZZLE}\n")).unwrap();
    let out = sudoku()
        .args(["canon", "no-such-file.txt"])
        .arg(&good)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines(&out), [PUZZLE_FORM]);
    assert!(text(&out.stderr).contains("no-such-file.txt: no such file"));
}

#[test]
fn dash_o_is_checked_before_any_input_is_read() {
    let dir = folder("canon", "dash-o-first");
    // stdin stays open and silent: the run must end on -o alone (it may
    // have ended before the line is sent).
    let mut run = Running::start(
        "canon",
        "dash-o-first-run",
        &[
            "canon",
            "-o",
            dir.join("no-such-folder/out.txt").to_str().unwrap(),
        ],
    );
    run.send_unless_ended(&format!("{PUZZLE}\n"));
    let start = std::time::Instant::now();
    assert_eq!(run.end(), Some(2));
    assert!(start.elapsed() < common::WAIT);
    let out = sudoku()
        .args(["canon", "-o"])
        .arg(dir.join("no-such-folder/out.txt"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).ends_with("out.txt: no such directory\n"),
        "{}",
        text(&out.stderr)
    );
    // A good -o gets the whole output, and nothing is left beside it.
    let target = dir.join("forms.txt");
    let mut cmd = sudoku();
    cmd.args(["canon", "--dedupe", "-o"]).arg(&target);
    let out = pipe(cmd, &format!("{PUZZLE}\n{}\n", disguises(PUZZLE)[2]));
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        format!("{PUZZLE_FORM}\n")
    );
    assert_eq!(std::fs::read_dir(&*dir).unwrap().count(), 1);
}

#[test]
fn order_is_kept_under_threads() {
    // More than one chunk of mixed records, put in form by two threads,
    // must come out in input order, as with one thread.
    let moved = disguises(PUZZLE);
    let mut input = String::new();
    for i in 0..20_000 {
        let record = match i % 4 {
            0 => PUZZLE,
            1 => SOLUTION,
            2 => EASY,
            _ => &moved[i % 3],
        };
        input.push_str(record);
        input.push('\n');
    }
    let two = run(&["--threads", "2"], &input);
    assert_eq!(two.status.code(), Some(0));
    let lines = lines(&two);
    assert_eq!(lines.len(), 20_000);
    assert!(lines.iter().step_by(4).all(|l| l == PUZZLE_FORM));
    assert!(lines.iter().skip(3).step_by(4).all(|l| l == PUZZLE_FORM));
    let one = run(&["--threads", "1"], &input);
    assert_eq!(one.stdout, two.stdout);
    let deduped = run(&["--dedupe", "--threads", "2"], &input);
    assert_eq!(self::lines(&deduped).len(), 3);
}

#[test]
fn a_pipe_closed_downstream_ends_quietly() {
    let dir = folder("canon", "closed-pipe");
    std::fs::write(
        dir.join("puzzles.txt"),
        format!("{PUZZLE}\n{EASY}\n").repeat(50_000),
    )
    .unwrap();
    for script in [
        "\"$0\" canon puzzles.txt | head -1",
        "\"$0\" canon --dedupe --format grid puzzles.txt | head -1",
    ] {
        // With pipefail the status is canon's, not head's.
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {script}"))
            .arg(env!("CARGO_BIN_EXE_sudoku"))
            .current_dir(&*dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(text(&out.stderr), "", "{script}");
        assert_eq!(out.status.code(), Some(0), "{script}");
        assert_eq!(text(&out.stdout).lines().count(), 1, "{script}");
    }
}

#[test]
fn each_form_leaves_before_the_next_puzzle_is_sent() {
    let mut run = Running::start("canon", "slow", &["canon"]);
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the first puzzle"), PUZZLE_FORM);
    // A blank line and a comment after a puzzle do not hold its form.
    run.send(&format!("{}\n\n# more to come\n", disguises(PUZZLE)[1]));
    assert_eq!(run.answer("a disguise"), PUZZLE_FORM);
    run.send("not a puzzle\n");
    assert_eq!(run.answer("a bad line"), "invalid");
    run.send(&format!("{SOLUTION}\n"));
    assert!(run.answer("a grid").starts_with("123456789"));
    assert_eq!(run.end(), Some(1));
}

#[test]
fn with_dedupe_on_one_thread_each_new_form_leaves_at_once() {
    let mut run = Running::start(
        "canon",
        "slow-dedupe",
        &["canon", "--dedupe", "--threads", "1"],
    );
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the first puzzle"), PUZZLE_FORM);
    // A disguise of it writes nothing; the next new puzzle comes at once.
    run.send(&format!("{}\n", disguises(PUZZLE)[0]));
    run.send(&format!("{EASY}\n"));
    let easy = EASY.parse::<Grid>().unwrap().canonical().form().to_line();
    assert_eq!(run.answer("a new puzzle after a disguise"), easy);
    assert_eq!(run.end(), Some(0));
}
