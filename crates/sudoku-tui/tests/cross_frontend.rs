//! One game, two frontends: a game saved by the text game (`sudoku play`)
//! resumes in the terminal game (`sudoku-tui`) with its marks, time and
//! whole undo history, and back again. Both share the save store
//! `XDG_DATA_HOME/sudoku`.
//!
//! The text game is driven through a pipe (as a script would), the terminal
//! game under tmux with a private socket. The `sudoku` binary is the one
//! `cargo test --workspace` builds next to `sudoku-tui` (built by
//! [`common::sudoku_binary`] when missing). Without tmux the test is
//! reported as ignored, with the reason (`harness = false`).

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use common::{save_name, shell, sudoku_binary, tmux, Tmux};
use sudoku_test_support::tests;

fn main() -> ExitCode {
    sudoku_test_support::run(tests![tmux => [
        a_game_goes_from_the_text_game_to_the_terminal_game_and_back,
    ]])
}

/// `puzzles/sudoku01-easy.txt`.
const SUDOKU01: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn puzzle_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../puzzles/sudoku01-easy.txt")
        .canonicalize()
        .expect("the project's puzzles")
}

/// Plays `sudoku play FILE` with `input` piped in, with the test's HOME
/// and data directory; returns what it printed (stdout and stderr).
fn text_game(tmux: &Tmux, input: &str) -> String {
    let mut child = Command::new(sudoku_binary())
        .arg("play")
        .arg(puzzle_file())
        .env("HOME", &tmux.dir)
        .env("XDG_DATA_HOME", tmux.data_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku play starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "sudoku play failed:\n{text}");
    text
}

fn save_text(tmux: &Tmux) -> String {
    std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).expect("the puzzle's save")
}

/// The number after `time: ` in a save (whole seconds played; the save
/// keeps milliseconds).
fn seconds(save: &str) -> u64 {
    save.lines()
        .find_map(|l| l.strip_prefix("time: "))
        .unwrap_or_else(|| panic!("no time in\n{save}"))
        .trim()
        .parse::<f64>()
        .unwrap() as u64
}

fn assert_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            text.lines().any(|l| l.trim_end() == *line),
            "{line:?} missing:\n{text}"
        );
    }
}

fn a_game_goes_from_the_text_game_to_the_terminal_game_and_back() {
    let tmux = shell("cross");

    // 1. The text game: 4 in 1a, 8 in 1b taken back (so it waits to be
    //    redone), marks 2 and 6 in 2b; `end` saves.
    let out = text_game(&tmux, "1a4\n1b8\nbk\nn2b26\nend\n");
    assert!(out.contains("Saved to "), "{out}");
    let save = save_text(&tmux);
    assert_lines(
        &save,
        &["done: 1a4", "undone: 1b8", "marks: 2b=26", "time: 0"],
    );

    // 2. The terminal game opens the same file and resumes that game.
    let pid = tmux.launch(&puzzle_file().display().to_string());
    tmux.wait_text("Resumed");
    // redo comes from the text game's history: 8 goes back into 1b
    tmux.send(&["r"]);
    tmux.wait_text("Redid 1b");
    // a mark of its own: 7 in 2b, under the 8 just redone
    tmux.send(&["Down", "n", "7", "n"]);
    // play on long enough for the clock to show it
    tmux.wait_text("00:02");
    tmux.save_and_quit(&pid);
    let save = save_text(&tmux);
    assert_lines(&save, &["done: 1a4 1b8", "marks: 2b=267"]);
    assert!(
        !save.lines().any(|l| l.starts_with("undone: ")),
        "the redo was used:\n{save}"
    );
    let played = seconds(&save);
    assert!(played >= 2, "the terminal game's time is saved:\n{save}");

    // 3. Back in the text game: the terminal game's marks, time and moves,
    //    and undo goes back through both games' moves.
    let out = text_game(&tmux, "2b?\ntime\nbk\nbk\nbk\nrd\nend\n");
    assert!(out.contains("Resuming the game saved"), "{out}");
    assert!(out.contains("2b marks: 2 6 7"), "{out}");
    let shown = format!("Time played: {:02}:{:02}", played / 60, played % 60);
    assert!(out.contains(&shown), "{shown:?} missing:\n{out}");
    let undid: Vec<&str> = out.lines().filter(|l| l.starts_with("Undid ")).collect();
    assert_eq!(undid, ["Undid 1b8", "Undid 1a4"], "{out}");
    assert!(out.contains("Redid 1a4"), "{out}");
    // the third `bk` found nothing left to undo
    assert_eq!(
        out.lines().filter(|l| l.starts_with("Undid ")).count(),
        2,
        "{out}"
    );
    let save = save_text(&tmux);
    assert_lines(&save, &["done: 1a4", "undone: 1b8", "marks: 2b=267"]);
    assert_eq!(
        seconds(&save),
        played,
        "time through a pipe does not count:\n{save}"
    );

    // 4. And the terminal game once more: the text game's undo is there.
    let pid = tmux.launch("--resume");
    tmux.wait_text("Resumed");
    tmux.send(&["r"]);
    tmux.wait_text("Redid 1b");
    tmux.send(&["r"]);
    tmux.wait_text("Nothing to redo");
    tmux.save_and_quit(&pid);
    assert_lines(&save_text(&tmux), &["done: 1a4 1b8"]);
}
