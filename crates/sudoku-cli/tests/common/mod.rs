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
/// An easy puzzle (singles only).
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

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

/// What a run watched by [`watch`] did.
pub struct Watched {
    /// How it ended; `None` when it was killed at the deadline.
    pub status: Option<std::process::ExitStatus>,
    /// What it wrote.
    pub stdout: Vec<u8>,
    /// What it wrote on stderr.
    pub stderr: Vec<u8>,
    /// Its peak resident memory (`VmHWM`) as last seen, in KiB.
    pub peak_kib: u64,
    /// How long it ran.
    pub elapsed: std::time::Duration,
}

/// Runs `cmd` with `stdin` written to it, looking at its peak resident
/// memory every 20 ms, and kills it if it is still running after
/// `deadline` (then `status` is `None`). Run the program itself, or
/// through `sh -c '...; exec PROGRAM'`, so that the process watched is it.
pub fn watch(mut cmd: Command, stdin: &[u8], deadline: std::time::Duration) -> Watched {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let reader = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut all = Vec::new();
            let _ = from.read_to_end(&mut all);
            all
        })
    };
    let stdout = reader(Box::new(child.stdout.take().unwrap()));
    let stderr = reader(Box::new(child.stderr.take().unwrap()));
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    let status = loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kib = peak_kib.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = start.elapsed();
    Watched {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        peak_kib,
        elapsed,
    }
}

/// The processes whose command line holds `pattern` (as `pgrep -f` finds
/// them).
pub fn processes(pattern: &str) -> Vec<u32> {
    let out = Command::new("pgrep")
        .args(["-f", pattern])
        .output()
        .expect("pgrep (procps) is needed");
    text(&out.stdout)
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Processes a test may leave behind, named by a pattern only they have
/// (a sleep of an odd length, say): [`Leftovers::left`] finds them, and
/// whatever is still there when the value is dropped is killed, so a
/// failing test cleans up too.
pub struct Leftovers(pub String);

impl Leftovers {
    /// The processes left, after giving the ones being ended a moment.
    pub fn left(&self) -> Vec<u32> {
        for _ in 0..50 {
            if processes(&self.0).is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        processes(&self.0)
    }
}

impl Drop for Leftovers {
    fn drop(&mut self) {
        for pid in processes(&self.0) {
            let _ = Command::new("kill")
                .args(["-s", "KILL", &pid.to_string()])
                .status();
        }
    }
}

/// How long an answer of a [`Running`] filter may take to come (generous:
/// the machine is shared).
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A running `sudoku ARGS` fed through a pipe that stays open: its stdin,
/// and its stdout's lines as they come. Killed and reaped when dropped.
pub struct Running {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    _home: Folder,
}

impl Running {
    /// Starts `sudoku ARGS` with its own HOME and XDG_DATA_HOME in a test
    /// folder named after `kind` and `name`; stderr is dropped.
    pub fn start(kind: &str, name: &str, args: &[&str]) -> Running {
        use std::io::BufRead;
        let home = folder(kind, name);
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
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
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
    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Sends `text` unless the program has already ended and closed its
    /// end of the pipe, which a program that stops before reading may have.
    pub fn send_unless_ended(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        match stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
        {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            sent => sent.unwrap(),
        }
    }

    /// The next line of output, which must come within [`WAIT`].
    pub fn answer(&self, what: &str) -> String {
        self.lines
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no answer to {what} within {WAIT:?} of sending it"))
    }

    /// How many threads the program runs now, from `/proc` (Linux only).
    #[cfg(target_os = "linux")]
    pub fn threads(&self) -> usize {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("Threads:")).unwrap();
        line["Threads:".len()..].trim().parse().unwrap()
    }

    /// Closes the input; the exit status.
    pub fn end(mut self) -> Option<i32> {
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
