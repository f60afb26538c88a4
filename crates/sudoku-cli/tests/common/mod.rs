//! Helpers shared by the integration tests that run the real `sudoku`.
#![allow(dead_code)] // each test file uses only some of the helpers

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `cmd` with `stdin` written to it from another thread (so a large
/// input cannot deadlock against a full output pipe) and collects its output.
pub fn pipe(mut cmd: Command, stdin: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Bytes as text, invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A hard puzzle (17 givens) used across the tests, and its solution.
pub const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// The only solution of [`PUZZLE`].
pub const SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// A fresh, empty folder for one test, named after the test file's `kind`
/// and the case.
pub fn folder(kind: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
