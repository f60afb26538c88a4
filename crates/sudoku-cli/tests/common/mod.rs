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
