//! `sudoku solve` and `sudoku grade` on a slow pipe: each answer must leave
//! as soon as its puzzle is done, before the next puzzle is even sent (as
//! `tail -f puzzles.txt | sudoku solve` needs), not when a chunk is full or
//! the input ends.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

mod common;
use common::{PUZZLE, SOLUTION};

/// How long an answer may take to come (generous: the machine is shared).
const WAIT: Duration = Duration::from_secs(30);

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A running `sudoku ARGS`: its stdin, and its stdout's lines as they come.
struct Running {
    child: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    _home: common::Folder,
}

impl Running {
    fn start(name: &str, args: &[&str]) -> Running {
        let home = common::folder("slow-input", name);
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .env("HOME", &*home)
            .env("XDG_DATA_HOME", home.join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            stdin: child.stdin.take(),
            child,
            lines,
            _home: home,
        }
    }

    /// Sends `text` and keeps the pipe open.
    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line of output, which must come within [`WAIT`].
    fn answer(&self, what: &str) -> String {
        self.lines
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no answer to {what} within {WAIT:?} of sending it"))
    }

    /// Closes the input; the exit status.
    fn end(mut self) -> Option<i32> {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        status.code()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn solve_answers_each_puzzle_before_the_next_is_sent() {
    let mut run = Running::start("solve", &["solve"]);
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the first puzzle"), SOLUTION);
    // A blank line and a comment after a puzzle do not hold its answer.
    run.send(&format!("{EASY}\n\n# more to come\n"));
    let easy = run.answer("the second puzzle");
    assert!(EASY
        .parse::<sudoku_core::Grid>()
        .unwrap()
        .is_solved_by(&easy.parse().unwrap()));
    run.send("not a puzzle\n");
    assert_eq!(run.answer("a bad line"), "invalid");
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the last puzzle"), SOLUTION);
    assert_eq!(run.end(), Some(1));
}

#[test]
fn solve_on_one_thread_and_in_grids_answers_as_puzzles_come() {
    let mut run = Running::start(
        "solve-grid",
        &["solve", "--threads", "1", "--format", "grid"],
    );
    // A 9-line grid sent a row at a time is answered once whole.
    for row in EASY.as_bytes().chunks(9) {
        run.send(&format!("{}\n", String::from_utf8_lossy(row)));
    }
    let rows: Vec<String> = (0..9).map(|_| run.answer("a grid")).collect();
    assert_eq!(rows[0], "4 8 3 9 2 1 6 5 7");
    assert_eq!(run.answer("the grid's blank line"), "");
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(
        run.answer("a second puzzle").replace(' ', ""),
        SOLUTION[..9]
    );
    assert_eq!(run.end(), Some(0));
}

#[test]
fn grade_answers_each_puzzle_before_the_next_is_sent() {
    let mut run = Running::start("grade", &["grade", "--format", "se"]);
    run.send(&format!("{EASY}\n"));
    assert_eq!(run.answer("an easy puzzle"), "1.2/1.2/1.2");
    run.send(&format!("{PUZZLE}\n"));
    let hard = run.answer("a hard puzzle");
    assert!(hard.contains('/'), "{hard}");
    assert_eq!(run.end(), Some(0));
}
