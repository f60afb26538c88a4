//! `sudoku generate puzzles` by neighbourhood search
//! ([`sudoku_core::generator::search`]): for the ranges random digging
//! seldom reaches, and for puzzles that need or use given techniques.
//!
//! Each worker thread runs a search of its own, seeded from the run's seed
//! and its number; the puzzles go out as they are found, each written and
//! flushed at once, so an interrupted or timed-out run keeps every one.
//! With one thread the output is the same for a seed; with several, each
//! thread finds the same puzzles, but which thread finds the next first
//! depends on timing.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_core::generator::search::{Found, Goal, Search};
use sudoku_core::generator::Puzzle;
use sudoku_core::{Fast, Grid, Solver};

use super::{write_puzzle, Format};
use crate::batch::stop_status;
use crate::diag;
use crate::output::Output;
use crate::progress::{Progress, Unit};

/// How often the workers report their step counts, and the progress line
/// is drawn again.
const REPORT_EVERY: Duration = Duration::from_millis(250);

/// A search run: what to look for, how many, and where to write.
pub(super) struct Run {
    /// What a puzzle must meet.
    pub goal: Goal,
    /// Puzzles to start from (`--from`, or the built-in classics).
    pub seeds: Vec<Grid>,
    /// How many puzzles to write in all.
    pub count: u64,
    /// How many were written before the search (by random digging).
    pub already: u64,
    /// Canonical forms of the puzzles written before, and of the seeds,
    /// when `dedupe`.
    pub forms: HashSet<Grid>,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// How long the search may run.
    pub time_limit: Option<Duration>,
    /// Drop puzzles equivalent to one written before, or to a seed.
    pub dedupe: bool,
    /// How each puzzle is written.
    pub format: Format,
    /// Whether the solution follows each puzzle.
    pub with_solution: bool,
}

/// What a worker tells the writer.
enum Report {
    /// A puzzle that meets the goal.
    Found(Found),
    /// More steps made.
    Steps(u64),
}

/// Why the search ended.
enum End {
    /// Every puzzle asked was found.
    Done,
    /// The time limit came first.
    TimeLimit,
    /// Output could not go on.
    Stopped(crate::output::Stopped),
}

impl Run {
    /// Runs the search, writing to `out`; the exit status.
    pub fn run(mut self, mut out: Output) -> std::process::ExitCode {
        use std::process::ExitCode;
        let start = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let found = Arc::new(AtomicU64::new(self.already));
        let count = self.count;
        {
            let found = Arc::clone(&found);
            crate::stdio::on_ending_signal(move |_| {
                let n = found.load(Ordering::Relaxed);
                diag::error(&format!(
                    "interrupted: {n} of {count} puzzles found, all written"
                ));
            });
        }
        let (send, receive) = mpsc::channel();
        for worker in 0..self.threads {
            let send = send.clone();
            let stop = Arc::clone(&stop);
            let goal = self.goal.clone();
            let seeds = self.seeds.clone();
            let seed = worker_seed(self.seed, worker as u64);
            // Not joined: a worker in the middle of a long rating is left
            // to the end of the process once enough puzzles are found.
            std::thread::spawn(move || search(goal, seeds, seed, &stop, &send));
        }
        drop(send);
        let progress = Progress::new(None, Unit("puzzle", "puzzles"));
        let mut written: HashSet<Grid> = HashSet::new();
        let mut forms = std::mem::take(&mut self.forms);
        let deadline = self.time_limit.map(|limit| start + limit);
        let mut steps: u64 = 0;
        let mut dropped: u64 = 0;
        let end = loop {
            if found.load(Ordering::Relaxed) >= count {
                break End::Done;
            }
            let wait = match deadline {
                Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                    Some(left) => left.min(REPORT_EVERY),
                    None => break End::TimeLimit,
                },
                None => REPORT_EVERY,
            };
            match receive.recv_timeout(wait) {
                Ok(Report::Steps(n)) => steps += n,
                Ok(Report::Found(f)) => {
                    if !written.insert(f.puzzle)
                        || (self.dedupe && !forms.insert(*f.puzzle.canonical().form()))
                    {
                        dropped += 1;
                        continue;
                    }
                    if let Err(stopped) = self.write(&mut out, &f) {
                        break End::Stopped(stopped);
                    }
                    found.fetch_add(1, Ordering::Relaxed);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Every worker has ended: they only do on a panic.
                Err(mpsc::RecvTimeoutError::Disconnected) => break End::TimeLimit,
            }
            let n = found.load(Ordering::Relaxed);
            progress.say(|| {
                let seconds = start.elapsed().as_secs_f64().max(0.001);
                format!(
                    "found {n} of {count}, tried {steps} neighbours ({:.0}/s)",
                    steps as f64 / seconds
                )
            });
        };
        stop.store(true, Ordering::Relaxed);
        progress.finish();
        let n = found.load(Ordering::Relaxed);
        if let End::Stopped(stopped) = end {
            return stop_status(stopped, ExitCode::SUCCESS);
        }
        if let Err(stopped) = out.finish() {
            return stop_status(stopped, ExitCode::SUCCESS);
        }
        if dropped > 0 && self.dedupe {
            diag::line(&format!(
                "{dropped} puzzles found were left out as equivalent to one written or given"
            ));
        }
        match end {
            End::Done => ExitCode::SUCCESS,
            _ => {
                let limit = self.time_limit.map_or_else(String::new, |l| {
                    format!(" in the time limit of {}", show_duration(l))
                });
                diag::error(&format!(
                    "found {n} of {count} puzzles{limit} ({steps} neighbours tried); \
                     all found are written"
                ));
                ExitCode::from(1)
            }
        }
    }

    /// Writes one puzzle found, and flushes it out.
    fn write(&self, out: &mut Output, found: &Found) -> Result<(), crate::output::Stopped> {
        let solution = Fast.solve(&found.puzzle).unwrap_or(found.puzzle);
        let made = Puzzle {
            puzzle: found.puzzle,
            solution,
        };
        let mut bytes = Vec::with_capacity(200);
        write_puzzle(
            &mut bytes,
            &made,
            || Some(found.grade.level),
            self.format,
            self.with_solution,
        );
        let writer = out.writer();
        writer
            .write_all(&bytes)
            .and_then(|()| writer.flush())
            .map_err(|e| out.stopped(&e))
    }
}

/// One worker: steps its search until `stop`, sending what it finds and
/// how many steps it made.
fn search(goal: Goal, seeds: Vec<Grid>, seed: u64, stop: &AtomicBool, send: &mpsc::Sender<Report>) {
    let mut search = Search::from_puzzles(goal, seeds, seed);
    let mut last = Instant::now();
    let mut steps = 0;
    while !stop.load(Ordering::Relaxed) {
        let found = search.step();
        steps += 1;
        if let Some(found) = found {
            if send.send(Report::Found(found)).is_err() {
                return;
            }
        }
        if last.elapsed() >= REPORT_EVERY {
            if send.send(Report::Steps(steps)).is_err() {
                return;
            }
            steps = 0;
            last = Instant::now();
        }
    }
}

/// The seed of worker `worker`'s search: worker 0 uses the run's seed, so
/// one thread gives what the core's `Search::new(goal, seed)` gives.
fn worker_seed(seed: u64, worker: u64) -> u64 {
    seed ^ worker.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A duration as it would be typed: `90s`, `10m`, `2h`, `1h30m`.
pub(super) fn show_duration(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut text = String::new();
    if h > 0 {
        text += &format!("{h}h");
    }
    if m > 0 {
        text += &format!("{m}m");
    }
    if s > 0 || text.is_empty() {
        text += &format!("{s}s");
    }
    text
}

/// A duration typed as `90s`, `10m`, `2h`, `1h30m` or `1.5h` (a bare number
/// is seconds).
pub(super) fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = |why: &str| format!("invalid duration {text:?}: {why}");
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(bad("expected a time such as 90s, 10m or 2h"));
    }
    let mut total = 0.0f64;
    let mut rest = trimmed;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(bad("expected a number before each unit"));
        }
        let number: f64 = rest[..digits]
            .parse()
            .map_err(|_| bad("expected a time such as 90s, 10m or 2h"))?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let seconds = match &rest[..unit_len] {
            "" if total == 0.0 && digits == trimmed.len() => 1.0,
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            "d" => 86400.0,
            "" => return Err(bad("a unit (s, m, h or d) must follow each number")),
            unit => return Err(bad(&format!("unknown unit {unit:?} (use s, m, h or d)"))),
        };
        rest = &rest[unit_len..];
        total += number * seconds;
    }
    if !(total > 0.0 && total <= 366.0 * 86400.0) {
        return Err(bad("expected more than 0 and at most 366 days"));
    }
    Ok(Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_typed() {
        let secs = |t: &str| parse_duration(t).map(|d| d.as_secs_f64());
        assert_eq!(secs("90s"), Ok(90.0));
        assert_eq!(secs("90"), Ok(90.0));
        assert_eq!(secs("10m"), Ok(600.0));
        assert_eq!(secs("2h"), Ok(7200.0));
        assert_eq!(secs("1h30m"), Ok(5400.0));
        assert_eq!(secs("1.5h"), Ok(5400.0));
        assert_eq!(secs("0.5s"), Ok(0.5));
        for bad in ["", "s", "10x", "0s", "1h30", "-5s", "1e9h", "400d"] {
            let e = parse_duration(bad).unwrap_err();
            assert!(e.starts_with("invalid duration"), "{bad}: {e}");
        }
        assert_eq!(
            parse_duration("10x").unwrap_err(),
            "invalid duration \"10x\": unknown unit \"x\" (use s, m, h or d)"
        );
    }

    #[test]
    fn durations_show_as_typed() {
        assert_eq!(show_duration(Duration::from_secs(90)), "1m30s");
        assert_eq!(show_duration(Duration::from_secs(7200)), "2h");
        assert_eq!(show_duration(Duration::from_millis(500)), "0s");
    }

    #[test]
    fn worker_zero_searches_with_the_runs_seed() {
        assert_eq!(worker_seed(42, 0), 42);
        assert_ne!(worker_seed(42, 1), worker_seed(42, 2));
    }
}
