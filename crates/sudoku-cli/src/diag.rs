//! Messages on stderr. They never panic: a message that cannot be written
//! (stderr on a full disk, a closed pipe) is dropped and the command goes on
//! to its exit status. Every line is shown with its control characters
//! escaped, since file names and bad input end up in messages. Reports of
//! invalid records are buffered and, past [`LIMIT`] of one kind in one
//! input, counted instead of written.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};

use sudoku_core::text::escape_controls;

/// Reports of one kind shown per input; the rest are counted.
pub const LIMIT: u64 = 100;

/// Writes `sudoku: MESSAGE` on stderr.
pub fn error(message: &str) {
    line(&format!("sudoku: {message}"));
}

/// Writes one line on stderr as it is, its control characters escaped.
pub fn line(text: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{}", escape_controls(text));
    let _ = err.flush();
}

/// Writes a text of several lines on stderr (clap's usage errors, say),
/// each line's control characters escaped.
pub fn lines(text: &str) {
    let mut err = io::stderr().lock();
    for l in text.lines() {
        let _ = writeln!(err, "{}", escape_controls(l));
    }
    let _ = err.flush();
}

/// Reports of invalid records: buffered, and counted past [`LIMIT`] per
/// kind in each input.
pub struct Reports {
    out: BufWriter<io::Stderr>,
    /// Reports per kind in the current input, in first-seen order.
    counts: Vec<(&'static str, u64)>,
    index: HashMap<&'static str, usize>,
}

impl Default for Reports {
    fn default() -> Reports {
        Reports {
            out: BufWriter::with_capacity(1 << 16, io::stderr()),
            counts: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl Reports {
    /// Reports `message` about line `line` (when known) of input `name`.
    /// `kind` groups reports for the limit.
    pub fn report(&mut self, name: &str, line: Option<usize>, kind: &'static str, message: &str) {
        let slot = *self.index.entry(kind).or_insert_with(|| {
            self.counts.push((kind, 0));
            self.counts.len() - 1
        });
        self.counts[slot].1 += 1;
        if self.counts[slot].1 > LIMIT {
            return;
        }
        let text = match line {
            Some(line) => format!("{name}:{line}: {message}"),
            None => format!("{name}: {message}"),
        };
        let _ = writeln!(self.out, "{}", escape_controls(&text));
    }

    /// Ends input `name`: says how many reports of each kind were not
    /// shown, and writes everything out.
    pub fn end_input(&mut self, name: &str) {
        for (kind, n) in self.counts.drain(..) {
            if n > LIMIT {
                let more = n - LIMIT;
                let text = format!("{name}: {more} more {kind} not shown ({n} in all)");
                let _ = writeln!(self.out, "{}", escape_controls(&text));
            }
        }
        self.index.clear();
        let _ = self.out.flush();
    }
}

impl Drop for Reports {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_reset_per_input() {
        let mut reports = Reports::default();
        for i in 0..150 {
            reports.report("a", Some(i), "bad lines", "x");
        }
        assert_eq!(reports.counts, [("bad lines", 150)]);
        reports.end_input("a");
        assert!(reports.counts.is_empty() && reports.index.is_empty());
    }
}
