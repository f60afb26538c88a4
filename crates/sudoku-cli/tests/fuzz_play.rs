//! Fuzzing the text game's command line with proptest: random sessions of
//! commands, half-commands, control characters, other scripts and very long
//! lines are typed into the real `sudoku play` through a pipe. The game
//! must end cleanly (status 0, its closing line printed), and nothing it
//! prints may carry a control character other than the line ends (colour
//! is off through a pipe). Bounded, so it runs in every `cargo test`.

mod common;

use std::process::Command;

use common::{pipe, text};
use proptest::prelude::*;

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// One typed line.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[1-9][a-i][0-9]",
        "[a-i][1-9] ?[0-9]",
        Just("bk".to_string()),
        Just("undo".to_string()),
        Just("redo".to_string()),
        Just("hint".to_string()),
        Just("check".to_string()),
        Just("help".to_string()),
        Just("show".to_string()),
        Just("solve".to_string()),
        Just("\u{1b}[2J\u{1b}]2;x\u{7}".to_string()),
        Just("5c6\u{0}\u{7f}\u{9b}".to_string()),
        Just("x".repeat(10_000)),
        "\\PC{0,20}",
        any::<String>().prop_map(|s| s.replace('\n', " ")),
    ]
}

/// `default` cases, or `PROPTEST_CASES` for a longer run.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(200)))]

    #[test]
    fn any_session_ends_cleanly_and_shows_no_controls(
        lines in proptest::collection::vec(line(), 0..25)
    ) {
        let dir = std::env::temp_dir().join(format!("sudoku-fuzz-play-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("one.txt"), format!("{PUZZLE}\n")).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        cmd.args(["play", "one.txt"]).current_dir(&dir);
        let mut input = lines.join("\n");
        input.push_str("\nend\n");
        let out = pipe(cmd, &input);
        prop_assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let shown = text(&out.stdout);
        let closed = ["Game over after", "the game ends after", "Congratulations!"];
        prop_assert!(
            closed.iter().any(|c| shown.contains(c)),
            "no closing line: {}", shown
        );
        let bad = shown.chars().find(|&c| c.is_control() && c != '\n');
        prop_assert!(bad.is_none(), "control {:?} shown", bad);
    }
}
