//! Running an external solver as a whole process: the puzzles fed on its
//! stdin by a writer thread (so neither side waits on a full pipe), its
//! stdout read whole, its exit awaited with a time limit, after which the
//! process (and whatever it started) is killed.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How much of a failed solver's stderr is kept to show (its last bytes).
const STDERR_KEPT: usize = 4096;
/// How long to wait for a solver's stdout to close once it has exited.
const GRACE: Duration = Duration::from_secs(1);

/// A run that went to the end: how long it took and what it wrote.
#[derive(Debug)]
pub struct Ran {
    /// From just before the process was started to just after it exited.
    pub elapsed: Duration,
    /// Everything it wrote on stdout.
    pub stdout: Vec<u8>,
}

/// A run that did not: what happened, and what it had written.
#[derive(Debug)]
pub struct Failed {
    /// One lowercase line: `exited with status 3`, `timed out after 60 s`...
    pub reason: String,
    /// What it wrote on stdout before that.
    pub stdout: Vec<u8>,
    /// The last line it wrote on stderr, if any.
    pub stderr: Option<String>,
}

/// Runs `command` through the shell with `input` on its stdin, and waits at
/// most `timeout` for it to exit.
pub fn run(command: &str, input: Vec<u8>, timeout: Duration) -> Result<Ran, Failed> {
    let start = Instant::now();
    let mut child = shell(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Failed {
            reason: format!("cannot start: {}", lowercase(&e.to_string())),
            stdout: Vec::new(),
            stderr: None,
        })?;
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A solver that exits without reading its input breaks the pipe: that
    // is its answer to judge, not an error of the bench.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = read_all(child.stdout.take().expect("stdout is piped"));
    let stderr = read_all(child.stderr.take().expect("stderr is piped"));
    let (exited, status) = wait(child);
    let outcome = match exited.recv_timeout(timeout) {
        Ok(Ok((status, end))) => Ok((status, end)),
        Ok(Err(e)) => Err(format!("cannot wait for it: {}", lowercase(&e.to_string()))),
        Err(_) => {
            kill(pid);
            let _ = status.recv_timeout(GRACE);
            Err(format!("timed out after {}", seconds(timeout)))
        }
    };
    let _ = writer.join();
    let stdout_bytes = stdout.recv_timeout(GRACE);
    let stderr_tail = stderr
        .recv_timeout(GRACE)
        .ok()
        .and_then(|bytes| last_line(&bytes));
    match (outcome, stdout_bytes) {
        (Ok((status, end)), Ok(bytes)) if status.success() => Ok(Ran {
            elapsed: end - start,
            stdout: bytes,
        }),
        (Ok((status, _)), bytes) => {
            let reason = if bytes.is_err() {
                kill(pid);
                "exited, but something it started still holds its output".to_string()
            } else {
                describe(status)
            };
            Err(Failed {
                reason,
                stdout: bytes.unwrap_or_default(),
                stderr: stderr_tail,
            })
        }
        (Err(reason), bytes) => Err(Failed {
            reason,
            stdout: bytes.unwrap_or_default(),
            stderr: stderr_tail,
        }),
    }
}

/// A result that arrives on a channel: an exit status and when it came.
type Exit = std::io::Result<(ExitStatus, Instant)>;

/// Waits for `child` on a thread: the channel gets its exit (twice: one for
/// the first wait, one after a kill).
fn wait(mut child: Child) -> (mpsc::Receiver<Exit>, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let (done_tx, done_rx) = mpsc::channel();
    thread::spawn(move || {
        let exit = child.wait().map(|status| (status, Instant::now()));
        let _ = tx.send(exit);
        let _ = done_tx.send(());
    });
    (rx, done_rx)
}

/// Reads `source` to its end on a thread; the channel gets the bytes (the
/// last [`STDERR_KEPT`] are enough for stderr, but stdout needs them all).
fn read_all(mut source: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = source.read_to_end(&mut bytes);
        let _ = tx.send(bytes);
    });
    rx
}

/// The command line run through the shell, in its own process group so
/// that a timeout can kill all it started.
#[cfg(unix)]
fn shell(command: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(command).process_group(0);
    cmd
}

/// The command line run through the shell.
#[cfg(not(unix))]
fn shell(command: &str) -> Command {
    let mut cmd = Command::new("cmd");
    cmd.arg("/C").arg(command);
    cmd
}

/// Kills the process group `pid` leads (the shell and all it started).
#[cfg(unix)]
fn kill(pid: u32) {
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--", &format!("-{pid}")])
        .stderr(Stdio::null())
        .status();
}

/// Kills process `pid` and its children.
#[cfg(not(unix))]
fn kill(pid: u32) {
    let _ = Command::new("taskkill")
        .args(["/F", "/T", "/PID", &pid.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// How a failed process ended, in words.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "exited abnormally".to_string(),
    }
}

/// The last non-blank line of `bytes`, shortened to [`STDERR_KEPT`] bytes.
fn last_line(bytes: &[u8]) -> Option<String> {
    let tail = &bytes[bytes.len().saturating_sub(STDERR_KEPT)..];
    let text = String::from_utf8_lossy(tail);
    text.lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .map(str::to_string)
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

    #[test]
    fn a_filter_gets_its_input_and_is_timed() {
        let input = b"one\ntwo\n".repeat(50_000);
        let ran = run("cat", input.clone(), LONG).unwrap();
        assert_eq!(ran.stdout, input);
        assert!(ran.elapsed > Duration::ZERO && ran.elapsed < LONG);
    }

    #[test]
    fn a_crash_says_how_it_ended_and_keeps_the_output() {
        let failed = run("echo half; echo 'oh no' >&2; exit 3", Vec::new(), LONG).unwrap_err();
        assert_eq!(failed.reason, "exited with status 3");
        assert_eq!(failed.stdout, b"half\n");
        assert_eq!(failed.stderr.as_deref(), Some("oh no"));
        let killed = run("kill -s KILL $$", Vec::new(), LONG).unwrap_err();
        assert_eq!(killed.reason, "killed by signal 9");
    }

    #[test]
    fn a_solver_that_ignores_its_input_is_not_an_error_of_ours() {
        let ran = run("echo done", vec![b'x'; 1 << 20], LONG).unwrap();
        assert_eq!(ran.stdout, b"done\n");
    }

    #[test]
    fn a_timeout_kills_the_whole_group() {
        let start = Instant::now();
        let failed = run(
            "sleep 20 | cat; echo late",
            Vec::new(),
            Duration::from_millis(300),
        )
        .unwrap_err();
        assert_eq!(failed.reason, "timed out after 0.3 s");
        assert!(failed.stdout.is_empty());
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_missing_program_is_reported() {
        let failed = run("/nonexistent/solver", Vec::new(), LONG).unwrap_err();
        assert_eq!(failed.reason, "exited with status 127");
        assert!(failed.stderr.unwrap().contains("not found"));
    }
}
