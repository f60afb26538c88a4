//! The loop shared by the batch commands: items worked on in blocks by a
//! pool of threads, answers kept in order ([`Workers`]), and the puzzle
//! filter built on it ([`Filter`]): read puzzle records from stdin or files,
//! answer each one, write one answer per record, and report invalid ones.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::task::Poll;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::{ParseError, ParseErrorKind, PuzzleReader, Record};

use crate::diag::{self, Reports};
use crate::input::{self, Input};
use crate::ordered::{block_for, Handed, Pipeline};
use crate::output::{Output, Stopped};
use crate::progress::{Progress, Unit};

/// A pool of worker threads that maps a chunk of items to answers, in order.
/// One worker is the calling thread itself: no thread is started then.
pub struct Workers {
    /// The worker threads; `None` for one worker, the calling thread.
    pool: Option<rayon::ThreadPool>,
    threads: usize,
}

impl Workers {
    /// `threads` workers, or one per core when `None`. One worker starts no
    /// thread: the work runs on the calling thread, with nothing waiting
    /// or spinning beside it.
    pub fn new(threads: Option<u64>) -> Result<Workers, String> {
        let threads = threads.map_or_else(rayon::current_num_threads, |n| n as usize);
        if threads <= 1 {
            return Ok(Workers {
                pool: None,
                threads: 1,
            });
        }
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => Ok(Workers {
                pool: Some(pool),
                threads,
            }),
            Err(e) => Err(format!("cannot start {threads} threads: {e}")),
        }
    }

    /// How many workers there are.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// `f` of each item, in the items' order; on the calling thread alone
    /// when there is one worker.
    pub fn map<T, A, F>(&self, items: &[T], f: F) -> Vec<A>
    where
        T: Sync,
        A: Send,
        F: Fn(&T) -> A + Sync,
    {
        match &self.pool {
            None => items.iter().map(f).collect(),
            Some(pool) => pool.install(|| items.par_iter().map(&f).collect()),
        }
    }
}

impl Workers {
    /// Runs `body` with a [`Pipeline`] that answers the items sent to it
    /// with `answer`, in blocks of at most `max_block`, on the workers (on
    /// the calling thread alone when there is one worker), and hands the
    /// answers back in the order the items were sent. `body` itself runs on
    /// the calling thread; the blocks still under way when it returns are
    /// waited for.
    pub fn ordered<'f, T, A, F, R>(
        &self,
        max_block: usize,
        answer: &'f F,
        body: impl FnOnce(&mut Pipeline<'_, 'f, T, A, F>) -> R,
    ) -> R
    where
        T: Send + 'f,
        A: Send + 'f,
        F: Fn(&T) -> A + Sync,
    {
        let Some(pool) = &self.pool else {
            return body(&mut Pipeline::new(None, 1, max_block, answer));
        };
        pool.in_place_scope(|scope| {
            body(&mut Pipeline::new(
                Some(scope),
                self.threads,
                max_block,
                answer,
            ))
        })
    }
}

/// What [`Workers::stream`] hands on, in order.
#[derive(Debug)]
pub enum Streamed<T> {
    /// The result of the next block of items.
    Made(T),
    /// The next block is not made yet: a moment to flush what was written.
    Waiting,
}

impl Workers {
    /// Makes `items` on the workers in blocks (`make` gets a block's range)
    /// and hands each block's result to `sink` in order, as soon as it and
    /// every block before it are made; `Waiting` comes before each wait.
    /// The first block is one item, so that the first item, however slow,
    /// leaves as soon as it is made; blocks then grow (up to `max_block`)
    /// while items are fast. At most two blocks per worker are made ahead
    /// of the one awaited, so memory stays bounded. When `sink` returns
    /// false nothing more is handed on and no new block is begun; blocks
    /// under way finish on their own, their results dropped. With one worker
    /// the blocks are made on the calling thread, one after the other,
    /// `Waiting` before each.
    pub fn stream<T, F>(
        &self,
        items: Range<u64>,
        max_block: u64,
        make: F,
        mut sink: impl FnMut(Streamed<T>) -> bool,
    ) where
        T: Send + 'static,
        F: Fn(Range<u64>) -> T + Send + Sync + 'static,
    {
        let Some(pool) = &self.pool else {
            return stream_inline(items, max_block, make, sink);
        };
        let make = Arc::new(make);
        let cancelled = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel::<(u64, T, Duration)>();
        let ahead = 2 * self.threads.max(1) as u64;
        let (mut next, mut begun, mut handed) = (items.start, 0u64, 0u64);
        let mut block = 1;
        let mut made = BTreeMap::new();
        loop {
            while begun - handed < ahead && next < items.end {
                let range = next..items.end.min(next.saturating_add(block));
                next = range.end;
                let (make, tx, cancelled) = (Arc::clone(&make), tx.clone(), Arc::clone(&cancelled));
                let seq = begun;
                pool.spawn(move || {
                    if cancelled.load(Ordering::Relaxed) {
                        return;
                    }
                    let start = Instant::now();
                    let len = (range.end - range.start).max(1);
                    let result = make(range);
                    let per_item = start.elapsed() / u32::try_from(len).unwrap_or(u32::MAX);
                    let _ = tx.send((seq, result, per_item));
                });
                begun += 1;
            }
            if handed == begun {
                return;
            }
            let (seq, result, per_item) = match rx.try_recv() {
                Ok(done) => done,
                Err(_) => {
                    if !sink(Streamed::Waiting) {
                        cancelled.store(true, Ordering::Relaxed);
                        return;
                    }
                    match rx.recv() {
                        Ok(done) => done,
                        // Not while `tx` is held here.
                        Err(_) => return,
                    }
                }
            };
            block = block_for(per_item, max_block);
            made.insert(seq, result);
            while let Some(result) = made.remove(&handed) {
                handed += 1;
                if !sink(Streamed::Made(result)) {
                    cancelled.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    }
}

/// [`Workers::stream`] on the calling thread: each block made, then handed
/// on, `Waiting` before it is begun so that what was written leaves first.
fn stream_inline<T, F>(
    items: Range<u64>,
    max_block: u64,
    make: F,
    mut sink: impl FnMut(Streamed<T>) -> bool,
) where
    F: Fn(Range<u64>) -> T,
{
    let (mut next, mut block) = (items.start, 1);
    while next < items.end {
        if !sink(Streamed::Waiting) {
            return;
        }
        let range = next..items.end.min(next.saturating_add(block));
        next = range.end;
        let start = Instant::now();
        let len = (range.end - range.start).max(1);
        let result = make(range);
        block = block_for(
            start.elapsed() / u32::try_from(len).unwrap_or(u32::MAX),
            max_block,
        );
        if !sink(Streamed::Made(result)) {
            return;
        }
    }
}

/// Why a record got no answer: a kind that groups like reports (so a file
/// of a million bad lines shows a hundred of each kind and a count), and the
/// message.
#[derive(Debug)]
pub struct Invalid {
    /// What kind of problem, as a plural noun phrase (`lines with a bad
    /// character`): used in "N more ... not shown".
    pub kind: &'static str,
    /// The message, without the file and line.
    pub message: String,
}

impl Invalid {
    /// A record that could not be read.
    pub fn parse(e: &ParseError) -> Invalid {
        let kind = match e.kind() {
            ParseErrorKind::Empty | ParseErrorKind::ExtraPuzzle => "puzzle count errors",
            ParseErrorKind::BadChar(_) => "lines with a bad character",
            ParseErrorKind::CellCount(_) => "lines with a wrong number of cells",
            ParseErrorKind::TenthRow | ParseErrorKind::ShortGrid(_) => "grids of the wrong size",
            ParseErrorKind::LineTooLong(_) => "overlong lines",
            ParseErrorKind::Utf16 => "UTF-16 inputs",
            ParseErrorKind::Io(_) => "read errors",
        };
        Invalid {
            kind,
            message: e.detail(),
        }
    }

    /// A puzzle that was read but cannot be answered.
    pub fn puzzle(kind: &'static str, message: impl std::fmt::Display) -> Invalid {
        Invalid {
            kind,
            message: message.to_string(),
        }
    }
}

/// A filter from puzzle records to one answer each: where the records come
/// from, where the answers go, and how the work is split.
pub struct Filter<'a> {
    /// Puzzle files; `-` or none for stdin.
    pub files: &'a [PathBuf],
    /// The file to write whole at the end; `None` (or `-`) for stdout.
    pub output: Option<&'a Path>,
    /// Worker threads; `None` for one per core.
    pub threads: Option<u64>,
    /// The most records answered as one task: blocks grow up to it while
    /// records are answered fast, and shrink to one record when each takes
    /// long (fewer when the input is slow: what has come is answered at
    /// once). Memory stays bounded on inputs of any length: at most two
    /// such blocks per worker are read ahead of the output.
    pub chunk: usize,
    /// Written before the first answer (a CSV header, say); may be empty.
    pub header: &'a str,
}

impl Filter<'_> {
    /// Runs the filter. `answer` gives each record's answer, or why it is
    /// invalid; it runs on the worker threads. `write` writes one answer, or
    /// the line that stands for an invalid record, in input order. An
    /// invalid record is also reported as `FILE:LINE: message` on stderr.
    ///
    /// The exit status is 0 when every record was answered, 1 when some
    /// were invalid, and 2 when an input could not be read or the output
    /// could not be written. When the reader of stdout goes away (`| head`)
    /// the filter stops quietly with the status it had so far.
    pub fn run<A, F, W>(&self, answer: F, mut write: W) -> ExitCode
    where
        A: Send,
        F: Fn(&Result<Record, ParseError>) -> Result<A, Invalid> + Sync,
        W: FnMut(&mut dyn Write, &Result<A, Invalid>) -> io::Result<()>,
    {
        let workers = match Workers::new(self.threads) {
            Ok(workers) => workers,
            Err(msg) => return fail(&msg),
        };
        let mut out = match Output::create(self.output) {
            Ok(out) => out,
            Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
        };
        let mut status = Status::default();
        if !self.header.is_empty() {
            if let Err(e) = writeln!(out.writer(), "{}", self.header) {
                return stop_status(out.stopped(&e), status.code());
            }
        }
        let mut reports = Reports::default();
        for name in input::names(self.files) {
            match input::open(&name) {
                Ok(source) => {
                    let name = source.name.clone();
                    let done = self.pass(
                        &workers,
                        source,
                        &mut out,
                        &answer,
                        &mut write,
                        &mut reports,
                    );
                    reports.end_input(&name);
                    match done {
                        Ok(invalid) => status.invalid |= invalid,
                        Err(stopped) => return stop_status(stopped, status.code()),
                    }
                }
                Err(msg) => {
                    diag::error(&msg);
                    status.unreadable = true;
                }
            }
        }
        match out.finish() {
            Ok(()) => status.code(),
            Err(stopped) => stop_status(stopped, status.code()),
        }
    }

    /// Reads, answers and writes one input, with a progress bar over it.
    /// Records go to the workers in blocks ([`Workers::ordered`]) and their
    /// answers are written in input order as soon as they and those before
    /// them are made; the output is flushed whenever the writing waits for
    /// an answer. A block also ends where nothing more is ready to read
    /// ([`Input::paced`]): then every answer so far is written and flushed
    /// before the next read waits, so puzzles that come slowly are answered
    /// as they come. Whether some record was invalid; the error is a failed
    /// write.
    fn pass<A, F, W>(
        &self,
        workers: &Workers,
        source: Input,
        out: &mut Output,
        answer: &F,
        write: &mut W,
        reports: &mut Reports,
    ) -> Result<bool, Stopped>
    where
        A: Send,
        F: Fn(&Result<Record, ParseError>) -> Result<A, Invalid> + Sync,
        W: FnMut(&mut dyn Write, &Result<A, Invalid>) -> io::Result<()>,
    {
        let mut invalid = false;
        let name = source.name.clone();
        let progress = Progress::new(source.len, Unit("puzzle", "puzzles"));
        let mut reader = PuzzleReader::new(progress.wrap(source.paced()));
        let mut sink = |handed: Handed<Result<Record, ParseError>, Result<A, Invalid>>| {
            let (records, answers) = match handed {
                Handed::Block(records, answers) => (records, answers),
                Handed::Waiting => return out.writer().flush().map_err(|e| out.stopped(&e)),
            };
            for (record, answer) in records.iter().zip(&answers) {
                write(out.writer(), answer).map_err(|e| out.stopped(&e))?;
                if let Err(why) = answer {
                    invalid = true;
                    let line = match record {
                        Ok(record) => Some(record.line),
                        Err(e) => e.line(),
                    };
                    reports.report(&name, line, why.kind, &why.message);
                }
            }
            progress.add(records.len() as u64);
            Ok(())
        };
        let result = workers.ordered(self.chunk, answer, |pipeline| loop {
            let mut block = Vec::with_capacity(pipeline.block_len());
            let ended = fill(&mut reader, &mut block, pipeline.block_len());
            pipeline.send(block, &mut sink)?;
            match ended {
                ChunkEnd::Full => {}
                ChunkEnd::Input => return pipeline.drain(&mut sink),
                // Nothing more is ready: what is answered leaves now.
                ChunkEnd::Idle => {
                    pipeline.drain(&mut sink)?;
                    sink(Handed::Waiting)?;
                }
            }
        });
        progress.finish();
        result.map(|()| invalid)
    }
}

/// Why a chunk of records ended.
enum ChunkEnd {
    /// It is full.
    Full,
    /// Nothing more is ready to read for now.
    Idle,
    /// The input ended.
    Input,
}

/// Fills `chunk` (emptied first) with up to `size` records of `reader`.
fn fill<R: BufRead>(
    reader: &mut PuzzleReader<R>,
    chunk: &mut Vec<Result<Record, ParseError>>,
    size: usize,
) -> ChunkEnd {
    chunk.clear();
    while chunk.len() < size {
        match reader.poll_next() {
            Poll::Ready(Some(record)) => chunk.push(record),
            Poll::Ready(None) => return ChunkEnd::Input,
            Poll::Pending => return ChunkEnd::Idle,
        }
    }
    ChunkEnd::Full
}

/// What went wrong over the whole run.
#[derive(Default)]
pub struct Status {
    /// Some record was invalid.
    pub invalid: bool,
    /// Some input could not be read.
    pub unreadable: bool,
}

impl Status {
    /// The exit status: 2 for an unreadable input, 1 for an invalid record.
    pub fn code(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::from(2)
        } else if self.invalid {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// The exit status when output stopped early: `so_far` for a closed pipe
/// (the normal end of a filter, said nothing), 2 with the message for a
/// failure.
pub fn stop_status(stopped: Stopped, so_far: ExitCode) -> ExitCode {
    match stopped {
        Stopped::PipeClosed => so_far,
        Stopped::Failed(msg) => fail(&msg),
    }
}

/// Reports a fatal error on stderr; its exit status.
pub fn fail(msg: &str) -> ExitCode {
    diag::error(msg);
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_keep_the_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..10_000).collect();
        let squares: Vec<u64> = items.iter().map(|n| n * n).collect();
        for threads in [1, 2, 3] {
            let workers = Workers::new(Some(threads)).unwrap();
            assert_eq!(workers.map(&items, |n| n * n), squares);
        }
    }

    #[test]
    fn a_stream_hands_every_block_on_in_order_and_stops_when_told() {
        for threads in [1, 3] {
            let workers = Workers::new(Some(threads)).unwrap();
            let mut seen = Vec::new();
            workers.stream(
                0..3000,
                256,
                |r| r,
                |event| {
                    if let Streamed::Made(range) = event {
                        seen.push(range);
                    }
                    true
                },
            );
            let items: Vec<u64> = seen.iter().flat_map(|r| r.clone()).collect();
            assert_eq!(items, (0..3000).collect::<Vec<_>>());
            assert_eq!(seen[0], 0..1, "the first block is one item");
            assert!(seen.iter().any(|r| r.end - r.start > 1));
            assert!(seen.iter().all(|r| r.end - r.start <= 256));
            // Slow items (5 ms) go in blocks of about 20 ms: 4 items.
            let (mut slow, mut waits) = (Vec::new(), 0);
            let make = |r: Range<u64>| {
                std::thread::sleep(Duration::from_millis(5) * (r.end - r.start) as u32);
                r
            };
            workers.stream(0..40, 256, make, |event| {
                match event {
                    Streamed::Made(range) => slow.push(range),
                    Streamed::Waiting => waits += 1,
                }
                true
            });
            assert_eq!(slow.iter().map(|r| r.end - r.start).sum::<u64>(), 40);
            assert!(slow.iter().all(|r| r.end - r.start <= 4), "{slow:?}");
            assert!(waits > 0);
            // Stopping: nothing more is handed on.
            let mut count = 0;
            workers.stream(
                0..1_000_000,
                4,
                |r| r,
                |event| {
                    if let Streamed::Made(_) = event {
                        count += 1;
                    }
                    count < 3
                },
            );
            assert_eq!(count, 3);
        }
    }

    #[test]
    fn an_unreadable_input_outranks_an_invalid_record() {
        let status = |invalid, unreadable| {
            Status {
                invalid,
                unreadable,
            }
            .code()
        };
        assert_eq!(status(false, false), ExitCode::SUCCESS);
        assert_eq!(status(true, false), ExitCode::from(1));
        assert_eq!(status(true, true), ExitCode::from(2));
        assert_eq!(status(false, true), ExitCode::from(2));
    }
}
