//! Processes that left a run's process group: a run's processes carry a
//! mark in their environment ([`MARK`]), which every process they start
//! inherits, whatever group or session it moves to and whoever becomes its
//! parent. After the group is ended, any process still carrying the run's
//! mark escaped it (`setsid`, a double fork into a group of its own); it is
//! ended too, and named in the report. Linux only (it reads `/proc`);
//! elsewhere nothing is found.

use std::fs;

/// The environment variable that marks a run's processes: `PID.N`, our
/// process id and the run's number.
pub const MARK: &str = "SUDOKU_BENCH_RUN";

/// A process found outside its run's group, and ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stray {
    /// Its process id.
    pub pid: u32,
    /// Its command line, cut short.
    pub command: String,
}

/// How many characters of a stray's command line are kept.
const COMMAND_KEPT: usize = 60;

/// Ends every process (but us) that carries `mark` and is not in the
/// process group `group` (whose processes are being ended as a group);
/// the processes ended.
pub fn end_strays(mark: &str, group: u32) -> Vec<Stray> {
    let wanted = format!("{MARK}={mark}");
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let me = std::process::id();
    let mut strays = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me || !carries(pid, &wanted) || group_of(pid) == Some(group) {
            continue;
        }
        // Read before the kill: a process ended reads an empty command line.
        let command = command_line(pid);
        if crate::sys::kill(pid) {
            strays.push(Stray { pid, command });
        }
    }
    strays.sort_by_key(|s| s.pid);
    strays
}

/// Whether process `pid`'s environment holds the entry `wanted`
/// (`NAME=VALUE`); false when it cannot be read (another user's, or gone).
fn carries(pid: u32, wanted: &str) -> bool {
    fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| {
        env.split(|&b| b == 0)
            .any(|entry| entry == wanted.as_bytes())
    })
}

/// The process group of `pid`, from `/proc/PID/stat` (the fifth field; the
/// second, the command's name in parentheses, may hold spaces).
fn group_of(pid: u32) -> Option<u32> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(2)?.parse().ok()
}

/// `pid`'s command line, its arguments joined by spaces, cut to
/// [`COMMAND_KEPT`] characters.
fn command_line(pid: u32) -> String {
    let bytes = fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let mut joined = text.trim_end_matches('\0').replace('\0', " ");
    if joined.is_empty() {
        // In the middle of an exec, or ended, a process's command line
        // reads empty: the program's name is the next best thing.
        let comm = fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        joined = format!("[{}]", comm.trim_end());
    }
    sudoku_core::text::escape_controls(&cut(&joined, COMMAND_KEPT)).into_owned()
}

/// `text` cut to `max` characters, with `…` when cut.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    #[test]
    fn text_is_cut_at_characters() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc…");
        assert_eq!(cut("ééé", 2), "éé…");
    }

    #[test]
    fn a_marked_process_outside_the_group_is_found_and_ended() {
        if !std::path::Path::new("/proc/self/environ").exists() {
            return;
        }
        let mark = format!("test-{}", std::process::id());
        let mut child = Command::new("sleep")
            .arg("93.417")
            .env(MARK, &mark)
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        // Our own group is not the child's: as a stray, it is ended. The
        // spawn returns while the kernel may still be setting up the new
        // program, whose environment then reads empty for a moment (seen
        // under a loaded test run): the search is repeated until it finds
        // the child, for a while.
        let looking = Instant::now();
        let mut strays = end_strays(&mark, 1);
        while strays.is_empty() && looking.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
            strays = end_strays(&mark, 1);
        }
        assert_eq!(strays.len(), 1, "{strays:?}");
        assert_eq!(strays[0].pid, child.id());
        assert_eq!(strays[0].command, "sleep 93.417");
        let start = Instant::now();
        child.wait().unwrap();
        assert!(start.elapsed() < Duration::from_secs(20));
        assert!(end_strays(&mark, 1).is_empty());
    }
}
