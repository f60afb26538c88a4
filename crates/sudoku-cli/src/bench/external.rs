//! Running an external solver as a whole process, as hyperfine and cargo
//! run the programs they start: in a process group of its own, with one
//! deadline for the whole run (writing its input, reading its output and
//! waiting for it), and its group ended when the run ends, whatever
//! happened. Its input is written and its output read on this thread, with
//! `poll` over non-blocking pipes, so nothing it does (not reading, never
//! closing a pipe, a child that keeps one open) can hold the bench past the
//! deadline. What it writes passes through bounded buffers: each stdout
//! line goes to the caller as it comes (its first [`LINE_KEPT`] bytes and
//! its length), and only the last [`STDERR_KEPT`] bytes of stderr are kept.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::stray::{self, cut, Stray};
use crate::sys::{self, Watch};

/// How much of an output line is kept: more than any answer, enough to
/// quote.
pub const LINE_KEPT: usize = 256;
/// How much of stderr is kept to show (its last bytes).
const STDERR_KEPT: usize = 4096;
/// How long a solver's output may stay open once it has exited.
const GRACE: Duration = Duration::from_secs(1);
/// The longest wait between two looks at the clock and the process.
const TICK: Duration = Duration::from_millis(20);
/// How many characters of a stderr line are shown.
const STDERR_SHOWN: usize = 100;
/// Bytes moved per read or write.
const BLOCK: usize = 1 << 16;
/// Reads of one pipe before the clock is looked at again, so that a
/// program that writes without end cannot keep the loop from its deadline.
const READS_PER_TURN: usize = 16;

/// One line of a solver's output, as it comes.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// Its first bytes (at most [`LINE_KEPT`]), without the line end.
    pub start: &'a [u8],
    /// Its whole length in bytes, without the line end.
    pub len: usize,
}

/// The input of a run: a set's text, `copies` times over (written as it
/// goes, never built whole).
#[derive(Clone, Copy, Debug)]
pub struct Feed<'a> {
    /// The text once.
    pub once: &'a [u8],
    /// How many times.
    pub copies: usize,
}

/// How a run went.
#[derive(Debug)]
pub struct Run {
    /// From just before the process was started to just after it exited
    /// successfully; or one lowercase line saying what went wrong:
    /// `exited with status 3`, `timed out after 60 s`...
    pub outcome: Result<Duration, String>,
    /// How many lines it wrote on stdout.
    pub lines: u64,
    /// The last line it wrote on stderr, if any, cut to a line's width.
    pub stderr: Option<String>,
    /// Processes it started that left its process group, found after the
    /// run and ended.
    pub strays: Vec<Stray>,
}

/// Runs are numbered within the process, for their mark.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// Runs `command` through the shell with `feed` on its stdin, giving each
/// line it writes on stdout to `on_line` as it comes, for at most
/// `timeout` in all. When the run ends its process group is killed, and
/// processes it started outside the group are found and ended.
pub fn run(
    command: &str,
    feed: Feed<'_>,
    timeout: Duration,
    on_line: &mut dyn FnMut(Line<'_>),
) -> Run {
    let start = Instant::now();
    let mark = format!(
        "{}.{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    );
    let child = shell(command)
        .env(stray::MARK, &mark)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            return Run {
                outcome: Err(format!("cannot start: {}", lowercase(&e.to_string()))),
                lines: 0,
                stderr: None,
                strays: Vec::new(),
            }
        }
    };
    let pid = child.id();
    let mut pipes = Pipes {
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
        stderr: child.stderr.take(),
        feed,
        sent: 0,
        lines: Lines::default(),
        tail: Vec::new(),
    };
    let exits = wait_on_thread(child);
    let ended = match pipes.nonblocking() {
        Ok(()) => pipes.run(&exits, start + timeout, on_line),
        Err(e) => End::Failed(format!(
            "cannot read its output: {}",
            lowercase(&e.to_string())
        )),
    };
    // The run is over: its group goes, whatever is left in it.
    drop(pipes.stdin.take());
    sys::kill_group(pid);
    let strays = stray::end_strays(&mark, pid);
    let outcome = match ended {
        End::Exited(status, at) if status.success() => Ok(at - start),
        End::Exited(status, _) => Err(describe(status)),
        End::HeldOpen => Err("exited, but something it started still holds its output".into()),
        End::TimedOut => Err(format!("timed out after {}", seconds(timeout))),
        End::Failed(reason) => Err(reason),
    };
    // The shell was killed with its group if it was still there: reap it.
    let _ = exits.recv_timeout(GRACE);
    Run {
        outcome,
        lines: pipes.lines.count,
        stderr: last_line(&pipes.tail),
        strays,
    }
}

/// How the watching of a run ended.
enum End {
    /// The process exited, and its output closed.
    Exited(ExitStatus, Instant),
    /// The process exited, but its output stayed open past [`GRACE`].
    HeldOpen,
    /// The deadline came first.
    TimedOut,
    /// Something went wrong on our side.
    Failed(String),
}

/// The process's pipes, what has been written to it and what it wrote.
struct Pipes<'a> {
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    feed: Feed<'a>,
    /// Bytes of the feed written so far.
    sent: usize,
    lines: Lines,
    /// The last bytes of stderr, at most [`STDERR_KEPT`].
    tail: Vec<u8>,
}

impl Pipes<'_> {
    fn nonblocking(&self) -> io::Result<()> {
        if let Some(stdin) = &self.stdin {
            sys::set_nonblocking(stdin)?;
        }
        if let Some(stdout) = &self.stdout {
            sys::set_nonblocking(stdout)?;
        }
        if let Some(stderr) = &self.stderr {
            sys::set_nonblocking(stderr)?;
        }
        Ok(())
    }

    /// Feeds, reads and waits until the process has exited and closed its
    /// output, or the deadline.
    fn run(
        &mut self,
        exits: &mpsc::Receiver<Exit>,
        deadline: Instant,
        on_line: &mut dyn FnMut(Line<'_>),
    ) -> End {
        let mut exit = None;
        if self.feed.once.is_empty() || self.feed.copies == 0 {
            self.stdin = None;
        }
        let mut buf = vec![0; BLOCK];
        loop {
            if exit.is_none() {
                match exits.try_recv() {
                    Ok(Ok(exited)) => exit = Some(exited),
                    Ok(Err(e)) => {
                        return End::Failed(format!(
                            "cannot wait for it: {}",
                            lowercase(&e.to_string())
                        ))
                    }
                    Err(mpsc::TryRecvError::Empty) => {}
                    Err(mpsc::TryRecvError::Disconnected) => {
                        return End::Failed("cannot wait for it".into())
                    }
                }
            }
            let now = Instant::now();
            if let Some((status, at)) = exit {
                // What is left unread of the input is no longer wanted.
                self.stdin = None;
                if self.stdout.is_none() && self.stderr.is_none() {
                    return End::Exited(status, at);
                }
                if now >= at + GRACE {
                    return End::HeldOpen;
                }
            }
            if now >= deadline {
                return End::TimedOut;
            }
            let mut watches = Vec::with_capacity(3);
            if let Some(stdin) = &self.stdin {
                watches.push(Watch::write(stdin.as_raw_fd()));
            }
            if let Some(stdout) = &self.stdout {
                watches.push(Watch::read(stdout.as_raw_fd()));
            }
            if let Some(stderr) = &self.stderr {
                watches.push(Watch::read(stderr.as_raw_fd()));
            }
            let wait = (deadline - now).min(TICK);
            if watches.is_empty() {
                // Nothing to move: only its exit is awaited.
                match exits.recv_timeout(wait) {
                    Ok(Ok(exited)) => exit = Some(exited),
                    Ok(Err(e)) => {
                        return End::Failed(format!(
                            "cannot wait for it: {}",
                            lowercase(&e.to_string())
                        ))
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        return End::Failed("cannot wait for it".into())
                    }
                }
                continue;
            }
            if let Err(e) = sys::wait(&mut watches, wait) {
                return End::Failed(format!("cannot wait for it: {}", lowercase(&e.to_string())));
            }
            let mut ready = watches.iter().map(Watch::ready);
            if self.stdin.is_some() && ready.next() == Some(true) {
                self.write_some();
            }
            if self.stdout.is_some() && ready.next() == Some(true) {
                self.read_stdout(&mut buf, on_line);
            }
            if self.stderr.is_some() && ready.next() == Some(true) {
                self.read_stderr(&mut buf);
            }
        }
    }

    /// Writes what the pipe takes; closes it when the feed is all written
    /// or the process stopped reading.
    fn write_some(&mut self) {
        let total = self.feed.once.len() * self.feed.copies;
        let Some(stdin) = &mut self.stdin else {
            return;
        };
        while self.sent < total {
            let at = self.sent % self.feed.once.len();
            let end = self.feed.once.len().min(at + BLOCK);
            match stdin.write(&self.feed.once[at..end]) {
                Ok(0) => break,
                Ok(n) => self.sent += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                // A solver that exits without reading its input breaks the
                // pipe: that is its answer to judge, not an error of ours.
                Err(_) => break,
            }
        }
        self.stdin = None;
    }

    /// Reads what stdout has, line by line.
    fn read_stdout(&mut self, buf: &mut [u8], on_line: &mut dyn FnMut(Line<'_>)) {
        let Some(stdout) = &mut self.stdout else {
            return;
        };
        for _ in 0..READS_PER_TURN {
            match stdout.read(buf) {
                Ok(0) => {
                    self.lines.finish(on_line);
                    self.stdout = None;
                    return;
                }
                Ok(n) => self.lines.feed(&buf[..n], on_line),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.stdout = None;
                    return;
                }
            }
        }
    }

    /// Reads what stderr has, keeping its last bytes.
    fn read_stderr(&mut self, buf: &mut [u8]) {
        let Some(stderr) = &mut self.stderr else {
            return;
        };
        for _ in 0..READS_PER_TURN {
            match stderr.read(buf) {
                Ok(0) => {
                    self.stderr = None;
                    return;
                }
                Ok(n) => {
                    self.tail.extend_from_slice(&buf[..n]);
                    let over = self.tail.len().saturating_sub(STDERR_KEPT);
                    self.tail.drain(..over);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.stderr = None;
                    return;
                }
            }
        }
    }
}

/// Output cut into lines, keeping only the start of the one in progress.
#[derive(Default)]
struct Lines {
    /// The start of the line in progress.
    start: Vec<u8>,
    /// Its length so far.
    len: usize,
    /// Lines given out.
    count: u64,
}

impl Lines {
    /// Takes `bytes`, giving out every line they end.
    fn feed(&mut self, mut bytes: &[u8], on_line: &mut dyn FnMut(Line<'_>)) {
        while let Some(at) = memchr::memchr(b'\n', bytes) {
            let (part, rest) = (&bytes[..at], &bytes[at + 1..]);
            if self.len == 0 && part.len() <= LINE_KEPT {
                // The usual case: a whole line in the block, not copied.
                let part = part.strip_suffix(b"\r").unwrap_or(part);
                on_line(Line {
                    start: part,
                    len: part.len(),
                });
            } else {
                self.keep(part);
                self.give(on_line);
            }
            self.count += 1;
            bytes = rest;
        }
        self.keep(bytes);
    }

    /// Gives out the last line, if it has no line end.
    fn finish(&mut self, on_line: &mut dyn FnMut(Line<'_>)) {
        if self.len > 0 {
            self.give(on_line);
            self.count += 1;
        }
    }

    fn keep(&mut self, part: &[u8]) {
        let room = LINE_KEPT.saturating_sub(self.start.len());
        self.start.extend_from_slice(&part[..part.len().min(room)]);
        self.len += part.len();
    }

    fn give(&mut self, on_line: &mut dyn FnMut(Line<'_>)) {
        let mut len = self.len;
        if self.start.len() == len && self.start.last() == Some(&b'\r') {
            self.start.pop();
            len -= 1;
        }
        on_line(Line {
            start: &self.start,
            len,
        });
        self.start.clear();
        self.len = 0;
    }
}

/// A result that arrives on a channel: an exit status and when it came.
type Exit = io::Result<(ExitStatus, Instant)>;

/// Waits for `child` on a thread; the channel gets its exit.
fn wait_on_thread(mut child: std::process::Child) -> mpsc::Receiver<Exit> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let exit = child.wait().map(|status| (status, Instant::now()));
        let _ = tx.send(exit);
    });
    rx
}

/// The command line run through the shell, in its own process group so
/// that ending the run ends all it started.
fn shell(command: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(command).process_group(0);
    cmd
}

/// How a failed process ended, in words.
fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status.signal() {
        return format!("killed by signal {signal}");
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "exited abnormally".to_string(),
    }
}

/// The last non-blank line of `bytes`, cut to [`STDERR_SHOWN`] characters.
fn last_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .map(|l| cut(l, STDERR_SHOWN))
}

/// `timeout` as `60 s` or `0.5 s`.
pub fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// An error message with its first letter in lowercase, without the OS
/// error number.
fn lowercase(text: &str) -> String {
    let text = text.split(" (os error").next().unwrap_or(text);
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG: Duration = Duration::from_secs(30);

    /// Runs `command` with `input` once; its outcome, the lines it wrote
    /// (their kept starts, as text, and lengths) and the run.
    fn run_collecting(
        command: &str,
        input: &[u8],
        timeout: Duration,
    ) -> (Run, Vec<(String, usize)>) {
        let mut lines = Vec::new();
        let feed = Feed {
            once: input,
            copies: 1,
        };
        let run = run(command, feed, timeout, &mut |line| {
            lines.push((String::from_utf8_lossy(line.start).into_owned(), line.len));
        });
        (run, lines)
    }

    #[test]
    fn a_filter_gets_its_input_and_is_timed() {
        let once = b"one\ntwo\n";
        let mut count = 0;
        let feed = Feed {
            once,
            copies: 50_000,
        };
        let ran = run("cat", feed, LONG, &mut |line| {
            assert!(line.start == b"one" || line.start == b"two");
            count += 1;
        });
        let elapsed = ran.outcome.unwrap();
        assert_eq!((count, ran.lines), (100_000, 100_000));
        assert!(elapsed > Duration::ZERO && elapsed < LONG);
        assert!(ran.strays.is_empty());
    }

    #[test]
    fn a_crash_says_how_it_ended_and_keeps_the_output() {
        let (failed, lines) = run_collecting("echo half; echo 'oh no' >&2; exit 3", b"", LONG);
        assert_eq!(failed.outcome.unwrap_err(), "exited with status 3");
        assert_eq!(lines, [("half".to_string(), 4)]);
        assert_eq!(failed.stderr.as_deref(), Some("oh no"));
        let (killed, _) = run_collecting("kill -s KILL $$", b"", LONG);
        assert_eq!(killed.outcome.unwrap_err(), "killed by signal 9");
    }

    #[test]
    fn a_solver_that_ignores_its_input_is_not_an_error_of_ours() {
        let (ran, lines) = run_collecting("echo done", &vec![b'x'; 1 << 20], LONG);
        assert!(ran.outcome.is_ok());
        assert_eq!(lines, [("done".to_string(), 4)]);
    }

    #[test]
    fn a_timeout_kills_the_whole_group() {
        let start = Instant::now();
        let (failed, lines) =
            run_collecting("sleep 20 | cat; echo late", b"", Duration::from_millis(300));
        assert_eq!(failed.outcome.unwrap_err(), "timed out after 0.3 s");
        assert!(lines.is_empty());
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_missing_program_is_reported() {
        let (failed, _) = run_collecting("/nonexistent/solver", b"", LONG);
        assert_eq!(failed.outcome.unwrap_err(), "exited with status 127");
        assert!(failed.stderr.unwrap().contains("not found"));
    }

    #[test]
    fn long_lines_are_kept_short_and_measured() {
        let (ran, lines) = run_collecting(
            "head -c 100000 /dev/zero | tr '\\0' y; printf '\\nshort\\r\\nlast'",
            b"",
            LONG,
        );
        assert!(ran.outcome.is_ok());
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], ("y".repeat(LINE_KEPT), 100_000));
        assert_eq!(lines[1], ("short".to_string(), 5));
        assert_eq!(lines[2], ("last".to_string(), 4));
        assert_eq!(ran.lines, 3);
    }

    #[test]
    fn only_the_end_of_stderr_is_kept() {
        let (failed, _) = run_collecting(
            "head -c 1000000 /dev/zero | tr '\\0' e >&2; echo >&2; echo 'the last word' >&2; exit 1",
            b"",
            LONG,
        );
        assert_eq!(failed.stderr.as_deref(), Some("the last word"));
        let (failed, _) =
            run_collecting("head -c 1000 /dev/zero | tr '\\0' e >&2; exit 1", b"", LONG);
        let shown = failed.stderr.unwrap();
        assert_eq!(shown, format!("{}…", "e".repeat(STDERR_SHOWN)));
    }

    #[test]
    fn output_held_open_after_exit_ends_the_run_after_a_grace() {
        let start = Instant::now();
        // The sleep's length names this test process, so another run of
        // the tests at the same time (another clone) is not mistaken for it.
        let sleep = format!("sleep 91.{}", std::process::id());
        let (failed, lines) = run_collecting(&format!("echo hi; {sleep} &"), b"", LONG);
        assert_eq!(
            failed.outcome.unwrap_err(),
            "exited, but something it started still holds its output"
        );
        assert_eq!(lines.len(), 1);
        assert!(start.elapsed() < Duration::from_secs(15));
        // The background sleep was in the group, and is gone.
        let left = Command::new("pgrep")
            .args(["-x", "-f", &sleep])
            .output()
            .map(|o| o.stdout)
            .unwrap_or_default();
        assert!(left.is_empty(), "{}", String::from_utf8_lossy(&left));
    }
}
