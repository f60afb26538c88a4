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

/// `text` with every run of white space (line breaks included) made one
/// space: the text game wraps its messages at 80 columns, and a test that
/// looks for a message's words reads them this way.
pub fn squashed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The save of `puzzle` (dots or zeros for blanks) as the text game names
/// it, with HOME at the test's home and XDG_DATA_HOME at `~/data`: the
/// folder from `~` and the 81-digit key cut to its ends.
pub fn short_save(puzzle: &str) -> String {
    let key = puzzle.replace('.', "0");
    format!("~/data/sudoku/{}...{}.save", &key[..8], &key[73..])
}

/// A hard puzzle (17 givens) used across the tests, and its solution.
pub const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// The only solution of [`PUZZLE`].
pub const SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// A fresh, empty folder for one test, named after the test file's `kind`
/// and the case; removed with everything in it when the value is dropped
/// (at the end of the test, failed or not).
pub fn folder(kind: &str, name: &str) -> Folder {
    let path = std::env::temp_dir().join(format!("sudoku-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    std::fs::create_dir_all(&path).unwrap();
    Folder(path)
}

/// A test's folder (see [`folder`]): a path to its users, removed on drop.
pub struct Folder(std::path::PathBuf);

impl std::ops::Deref for Folder {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Folder {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Folder {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
