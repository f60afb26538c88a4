//! A progress bar on stderr for long batch jobs: only when stderr is a
//! terminal, and only once the job has run for a moment. Items can be
//! counted from any thread.

use std::io::{self, BufRead, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a job runs before its bar appears.
const DELAY: Duration = Duration::from_millis(800);
/// How often a bar on show is drawn again, items done or not.
const TICK: Duration = Duration::from_millis(250);

/// What a bar counts, as it reads for one item and for any other number:
/// `Unit("puzzle", "puzzles")`.
#[derive(Clone, Copy)]
pub struct Unit(pub &'static str, pub &'static str);

impl Unit {
    /// `items` with the unit's word for that many: "1 puzzle", "2 puzzles".
    fn count(self, items: u64) -> String {
        let word = if items == 1 { self.0 } else { self.1 };
        format!("{items} {word}")
    }
}

/// Progress over an input of known size (a file: a bar over its bytes) or
/// unknown size (stdin: a spinner), with a count of items done.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    unit: Unit,
    sized: bool,
    items: AtomicU64,
    /// Whether stderr is a terminal, asked once.
    terminal: bool,
}

impl Progress {
    /// Progress over `bytes` of input (`None` when unknown), counting `unit`.
    pub fn new(bytes: Option<u64>, unit: Unit) -> Progress {
        Progress {
            bar: ProgressBar::with_draw_target(bytes, ProgressDrawTarget::hidden()),
            start: Instant::now(),
            unit,
            sized: bytes.is_some(),
            items: AtomicU64::new(0),
            terminal: io::stderr().is_terminal(),
        }
    }

    /// `reader`, with the bytes it reads counted when the size is known.
    pub fn wrap(&self, reader: Box<dyn BufRead + Send>) -> Box<dyn BufRead + Send> {
        if self.sized {
            Box::new(io::BufReader::with_capacity(
                1 << 16,
                self.bar.wrap_read(reader),
            ))
        } else {
            reader
        }
    }

    /// Counts `n` more items done; shows the bar once the job is long.
    pub fn add(&self, n: u64) {
        let items = self.items.fetch_add(n, Ordering::Relaxed) + n;
        self.say(|| self.unit.count(items));
    }

    /// Shows `message()` in place of the count, once the job is long.
    pub fn say(&self, message: impl FnOnce() -> String) {
        if self.terminal && self.bar.is_hidden() && self.start.elapsed() > DELAY {
            let template = if self.sized {
                "{bar:40} {bytes}/{total_bytes} {msg} {elapsed} eta {eta}"
            } else {
                "{spinner} {msg} {elapsed}"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                self.bar.set_style(style);
            }
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            // The time keeps moving while a slow item is worked on.
            self.bar.enable_steady_tick(TICK);
        }
        if !self.bar.is_hidden() {
            self.bar.set_message(message());
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::Unit;

    #[test]
    fn one_item_is_counted_in_the_singular() {
        let unit = Unit("puzzle graded", "puzzles graded");
        assert_eq!(unit.count(0), "0 puzzles graded");
        assert_eq!(unit.count(1), "1 puzzle graded");
        assert_eq!(unit.count(2), "2 puzzles graded");
        assert_eq!(unit.count(21), "21 puzzles graded");
    }
}
