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

/// Progress over an input of known size (a file: a bar over its bytes) or
/// unknown size (stdin: a spinner), with a count of items done.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    unit: &'static str,
    sized: bool,
    items: AtomicU64,
    /// Whether stderr is a terminal, asked once.
    terminal: bool,
}

impl Progress {
    /// Progress over `bytes` of input (`None` when unknown), counting `unit`.
    pub fn new(bytes: Option<u64>, unit: &'static str) -> Progress {
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
            self.bar.set_message(format!("{items} {}", self.unit));
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
