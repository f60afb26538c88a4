//! `sudoku bench --cmd` against hostile programs, through the real binary
//! under a memory limit: a writer that never stops (on stdout, on stderr),
//! a 5 MB answer line, a forked child that keeps the input open, processes
//! left running in the run's group and outside it. Each must end within a
//! few seconds of `--timeout`, in little memory, leaving nothing running.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

mod common;
use common::{text, watch, Leftovers, Watched};

/// A valid complete grid: the answer a lying solver gives to everything.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The memory limit the bench runs under, in KiB of address space: the
/// bench needs about 150 MB of it (thread stacks, allocator arenas), so a
/// program's output kept whole (1.2 GB in 2 s from `yes`) cannot fit.
const LIMIT_KIB: u64 = 400_000;
/// Resident memory the bench may reach, in KiB.
const PEAK_KIB: u64 = 60_000;
/// How long a run is given before the test gives up on it (a hang).
const HANG: Duration = Duration::from_secs(90);

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku")
}

/// `n` generated puzzles of one solution each in `dir/puzzles.txt`.
fn puzzles(dir: &Path, n: usize) -> PathBuf {
    let path = dir.join("puzzles.txt");
    let out = Command::new(bin())
        .args(["generate", "puzzles", &n.to_string(), "--seed", "11"])
        .args(["--unique", "--threads", "1", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    path
}

/// Runs `sudoku bench --runs RUNS --format json` with `commands` (each
/// `NAME=COMMAND`) on `file`, under [`LIMIT_KIB`], with HOME in `dir`.
fn bench(dir: &Path, runs: u32, timeout: &str, commands: &[String], file: &Path) -> Watched {
    let mut script = format!("ulimit -v {LIMIT_KIB}; exec \"$BIN\" bench --runs {runs} --min-time 0.001 --format json --timeout {timeout}");
    let mut cmd = Command::new("sh");
    for (i, command) in commands.iter().enumerate() {
        script.push_str(&format!(" --cmd \"$CMD{i}\""));
        cmd.env(format!("CMD{i}"), command);
    }
    script.push_str(" \"$FILE\"");
    cmd.args(["-c", &script])
        .env("BIN", bin())
        .env("FILE", file)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .current_dir(dir);
    watch(cmd, b"", HANG)
}

/// The JSON rows a run wrote.
fn rows(run: &Watched) -> Vec<Value> {
    let parsed: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&run.stdout), text(&run.stderr)));
    parsed.as_array().expect("an array").clone()
}

/// The row of `solver`.
fn row<'a>(rows: &'a [Value], solver: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["solver"] == solver)
        .unwrap_or_else(|| panic!("no row for {solver}: {rows:?}"))
}

/// A number unique to this test process, for sleeps to look for.
fn unique(case: u32) -> String {
    format!("{case}.{}", std::process::id())
}

#[test]
fn writers_that_never_stop_are_read_in_bounded_memory_until_the_timeout() {
    let dir = common::folder("bench-abuse", "flood");
    let file = puzzles(&dir, 20);
    let run = bench(
        &dir,
        1,
        "2",
        &[
            format!("yes=yes {SOLVED}"),
            "noise=yes 'not a word of use' >&2".to_string(),
        ],
        &file,
    );
    assert_eq!(
        run.status.and_then(|s| s.code()),
        Some(1),
        "{}",
        text(&run.stderr)
    );
    assert!(run.elapsed < Duration::from_secs(45), "{:?}", run.elapsed);
    assert!(run.peak_kib < PEAK_KIB, "peak {} KiB", run.peak_kib);
    let rows = rows(&run);
    // Every answer was checked as it came: the one grid is wrong for all.
    assert_eq!(row(&rows, "yes")["wrong"], 20);
    assert_eq!(row(&rows, "yes")["error"], "timed out after 2 s");
    assert_eq!(
        row(&rows, "noise")["error"],
        "timed out after 2 s (not a word of use)"
    );
    assert_eq!(row(&rows, "fast")["wrong"], 0);
}

#[test]
fn a_five_megabyte_answer_line_is_quoted_in_a_line() {
    let dir = common::folder("bench-abuse", "long-line");
    let file = puzzles(&dir, 5);
    let big = "big=head -c 5000000 /dev/zero | tr '\\0' y; echo".to_string();
    let run = bench(&dir, 1, "30", &[big], &file);
    assert_eq!(
        run.status.and_then(|s| s.code()),
        Some(1),
        "{}",
        text(&run.stderr)
    );
    assert!(run.peak_kib < PEAK_KIB, "peak {} KiB", run.peak_kib);
    let stderr = text(&run.stderr);
    let quoted = format!(
        "sudoku: bench: big on puzzles.txt, puzzle 1: malformed answer line \"{}…\" (5000000 bytes)\n",
        "y".repeat(60)
    );
    assert!(
        stderr.contains(&quoted),
        "{}",
        &stderr[..stderr.len().min(2000)]
    );
    assert!(stderr.contains("big on puzzles.txt, puzzle 2: no answer line"));
    assert!(stderr.len() < 2000, "{} bytes on stderr", stderr.len());
    assert!(stderr.lines().all(|l| l.chars().count() < 160), "{stderr}");
}

#[test]
fn a_forked_child_that_keeps_the_input_open_cannot_hold_the_bench() {
    let dir = common::folder("bench-abuse", "fork");
    // More input than a pipe holds, so the writing would wait on a reader.
    let file = puzzles(&dir, 1000);
    let (gone, stays) = (unique(97), unique(96));
    let leftovers = [Leftovers(gone.clone()), Leftovers(stays.clone())];
    // The parent exits at once; its child sleeps with the pipes open.
    let fork = format!("fork=python3 -c 'import os,time; os.fork() or time.sleep({gone})'");
    // Both sleep: only the deadline ends it.
    let hold = format!("hold=python3 -c 'import os,time; os.fork(); time.sleep({stays})'");
    // The deadline leaves the parent of `fork` seconds to start and exit
    // before it, with the grace after the exit: the tests beside this one
    // keep both cores busy (with 3 s, a slow start under that load once
    // ran into the deadline).
    let run = bench(&dir, 2, "6", &[fork, hold], &file);
    assert_eq!(
        run.status.and_then(|s| s.code()),
        Some(1),
        "{}",
        text(&run.stderr)
    );
    // Two failed runs: about 1 s (the grace after the exit) and 6 s.
    assert!(run.elapsed < Duration::from_secs(45), "{:?}", run.elapsed);
    let rows = rows(&run);
    assert_eq!(
        row(&rows, "fork")["error"],
        "exited, but something it started still holds its output"
    );
    assert_eq!(row(&rows, "hold")["error"], "timed out after 6 s");
    for left in &leftovers {
        assert_eq!(left.left(), Vec::<u32>::new(), "{} still running", left.0);
    }
}

#[test]
fn what_a_run_leaves_in_its_group_is_ended_after_every_run() {
    let dir = common::folder("bench-abuse", "background");
    let file = puzzles(&dir, 10);
    let sleep = unique(95);
    let leftovers = Leftovers(format!("sleep {sleep}"));
    let command = format!(
        "bg=sleep {sleep} >/dev/null 2>&1 </dev/null & '{}' solve --threads 1",
        bin()
    );
    let run = bench(&dir, 3, "30", &[command], &file);
    assert_eq!(
        run.status.and_then(|s| s.code()),
        Some(0),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(row(&rows(&run), "bg")["solved"], 10);
    assert_eq!(text(&run.stderr), "");
    assert_eq!(leftovers.left(), Vec::<u32>::new());
}

#[test]
fn what_escapes_its_group_is_reported_and_ended() {
    let dir = common::folder("bench-abuse", "escape");
    let file = puzzles(&dir, 10);
    let sleep = unique(94);
    let leftovers = Leftovers(format!("sleep {sleep}"));
    // The sleep leaves the group in a session of its own; the command
    // waits until it runs as the sleep (its exec done) before it answers.
    let command = format!(
        "away=setsid sh -c 'exec sleep {sleep}' >/dev/null 2>&1 </dev/null & \
         until pgrep -f '^sleep {sleep}$' >/dev/null; do sleep 0.01; done; '{}' solve --threads 1",
        bin()
    );
    let run = bench(&dir, 1, "30", &[command], &file);
    assert_eq!(
        run.status.and_then(|s| s.code()),
        Some(0),
        "{}",
        text(&run.stderr)
    );
    let stderr = text(&run.stderr);
    // Two runs (the checking one and one timed), each leaving one.
    let reports: Vec<&str> = stderr.lines().collect();
    assert_eq!(reports.len(), 2, "{stderr}");
    for line in reports {
        assert!(
            line.starts_with("sudoku: bench: away on puzzles.txt: process ")
                && line.contains(&format!("sleep {sleep}"))
                && line.ends_with(") left the run's process group; ended"),
            "{line}"
        );
    }
    assert_eq!(leftovers.left(), Vec::<u32>::new());
}
