//! Fuzzing the text game's command line with proptest: random sessions of
//! commands (moves, notes, questions, views, saves, restarts),
//! half-commands, control characters, other scripts and very long lines
//! are typed into the real `sudoku play` through a pipe, with a data
//! directory of its own for each case. The game must end cleanly (status
//! 0, its closing line printed), nothing it prints may carry a control
//! character other than the line ends (colour is off through a pipe), and
//! a game that ends unsolved with moves or marks is saved and resumes with
//! the same board. Bounded, so it runs in every `cargo test`.

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
        "n[1-9][a-i][0-9]{0,4}",
        "note [a-i][1-9] [1-9]{1,3}",
        "[1-9][a-i] ?\\?",
        Just("auto".to_string()),
        Just("auto on".to_string()),
        Just("show notes".to_string()),
        Just("show compact".to_string()),
        Just("show plain".to_string()),
        Just("mistakes".to_string()),
        Just("time".to_string()),
        Just("save".to_string()),
        Just("restart".to_string()),
        Just("\u{1b}[2J\u{1b}]2;x\u{7}".to_string()),
        Just("5c6\u{0}\u{7f}\u{9b}".to_string()),
        Just("x".repeat(10_000)),
        "\\PC{0,20}",
        any::<String>().prop_map(|s| s.replace('\n', " ")),
    ]
}

/// A save's text without its `saved` line (the date of the save).
fn save_without_date(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with("saved: "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first plain board of a transcript as one line of 81 cells, `.` for
/// a blank (as a save's `grid` line): the middle character of each
/// three-character cell of the rows `N | ...`.
fn first_board(shown: &str) -> String {
    shown
        .lines()
        .filter(|l| l.get(1..3) == Some(" |") && l.len() == 33)
        .take(9)
        .flat_map(|row| {
            let cells: Vec<char> = row[3..].chars().filter(|&c| c != '|').collect();
            cells.chunks(3).map(|cell| cell[1]).collect::<Vec<_>>()
        })
        .collect()
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
        // A fresh HOME for each case, so that a case does not resume the
        // game of the one before (and shrinking replays the same game).
        let home = tempfile::tempdir().unwrap();
        let dir = home.path();
        std::fs::write(dir.join("one.txt"), format!("{PUZZLE}\n")).unwrap();
        let play = |input: &str| {
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
            cmd.args(["play", "one.txt"])
                .current_dir(dir)
                .env("HOME", dir)
                .env("XDG_DATA_HOME", dir.join("data"));
            pipe(cmd, input)
        };
        let mut input = lines.join("\n");
        input.push_str("\nend\n");
        let out = play(&input);
        prop_assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let shown = text(&out.stdout);
        let closed = ["Game over", "Game saved", "the game ends after", "Congratulations!"];
        prop_assert!(
            closed.iter().any(|c| shown.contains(c)),
            "no closing line: {}", shown
        );
        let bad = shown.chars().find(|&c| c.is_control() && c != '\n');
        prop_assert!(bad.is_none(), "control {:?} shown", bad);
        // Every line fits 80 columns but the echo of what was typed.
        let wide: Vec<&str> = shown
            .lines()
            .filter(|l| !l.starts_with("Move (") && l.chars().count() > 80)
            .collect();
        prop_assert!(wide.is_empty(), "wider than 80 columns: {:?}", wide);
        // What was saved comes back: the resumed game shows the saved
        // board first, and saving it again writes the same save.
        if shown.contains("\nsudoku play --resume goes on from here\n") {
            let path = dir
                .join("data/sudoku")
                .join(format!("{}.save", PUZZLE.replace('.', "0")));
            let saved = save_without_date(&path);
            let again = text(&play("end\n").stdout);
            prop_assert!(again.contains("Resuming the game saved"), "{}", again);
            let grid = saved.lines().find_map(|l| l.strip_prefix("grid: ")).unwrap();
            prop_assert_eq!(first_board(&again), grid);
            prop_assert_eq!(save_without_date(&path), saved);
        }
    }
}
