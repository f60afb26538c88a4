//! The real binary's arguments, checked without a terminal: they are read
//! before the game asks for one.

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-tui"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn random_takes_a_level_and_seed_needs_it() {
    let out = run(&["--random", "wild"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("unknown level \"wild\", expected easy, medium, hard, expert or extreme"),
        "{}",
        stderr(&out)
    );
    let out = run(&["--seed", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--random <LEVEL>"),
        "{}",
        stderr(&out)
    );
    let out = run(&["--random", "easy", "--resume"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn good_arguments_still_need_a_terminal() {
    let out = run(&["--random", "Hard", "--seed", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "sudoku-tui: needs a terminal (stdin and stdout); for scripts use `sudoku`\n"
    );
}
