//! `sudoku solve`: a Unix filter that writes one line per puzzle, in input
//! order: the solution, `unsolvable`, `invalid`, or with `--count` the
//! number of solutions up to a limit.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudoku_core::{
    Counters, Grid, ParseError, PuzzleError, PuzzleReader, Record, Solver, SolverKind,
};

use crate::input;
use crate::output::Output;
use crate::progress::Progress;

/// Puzzles are read, solved and written in chunks of this many, so memory
/// stays bounded on inputs of any length while threads share the work.
const CHUNK: usize = 8192;

/// Arguments of `sudoku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Puzzle files in any format the programs read; `-` or none for stdin.
    files: Vec<PathBuf>,
    /// Write the number of solutions (up to --limit) instead of a solution.
    #[arg(long)]
    count: bool,
    /// With --count: stop counting here, so the limit means "this or more".
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    limit: u64,
    /// Worker threads (default: all cores; 1 for single-threaded timing).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Which solver to use.
    #[arg(long, value_enum, default_value_t = SolverChoice::default())]
    solver: SolverChoice,
    /// How to write each solution.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Write to this file (written whole at the end, or not at all).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The solvers offered on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// The fast bitboard solver.
    #[default]
    Fast,
    /// The classic depth-first search of the original games.
    Dfs,
}

impl SolverChoice {
    fn kind(self) -> SolverKind {
        match self {
            SolverChoice::Fast => SolverKind::Fast,
            SolverChoice::Dfs => SolverKind::Dfs,
        }
    }
}

/// Output formats of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line of 81 digits.
    Line,
    /// The 9-line grid the games read, then a blank line.
    Grid,
}

/// The answer for one puzzle.
enum Answer {
    Solved(Grid),
    Count(usize),
    Unsolvable,
    Invalid(String),
}

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> ExitCode {
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |n| n as usize);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => return fail(&format!("cannot start {threads} threads: {e}")),
    };
    let mut out = match Output::create(args.output.as_deref()) {
        Ok(out) => out,
        Err(msg) => return fail(&msg),
    };
    let mut status = Status::default();
    for name in input::names(&args.files) {
        let source = match input::open(&name) {
            Ok(source) => source,
            Err(msg) => {
                eprintln!("sudoku: {msg}");
                status.unreadable = true;
                continue;
            }
        };
        let progress = Progress::new(source.len, "puzzles");
        let mut reader = PuzzleReader::new(progress.wrap(source.reader));
        loop {
            let chunk: Vec<Result<Record, ParseError>> = reader.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let answers: Vec<Answer> = if threads == 1 {
                chunk.iter().map(|r| answer(r, &args)).collect()
            } else {
                pool.install(|| chunk.par_iter().map(|r| answer(r, &args)).collect())
            };
            for (record, answer) in chunk.iter().zip(&answers) {
                if let Err(e) = write_answer(out.writer(), answer, args.format) {
                    return fail(&format!("cannot write: {}", input::lower(&e)));
                }
                if let Answer::Invalid(msg) = answer {
                    status.invalid = true;
                    let line = match record {
                        Ok(record) => Some(record.line),
                        Err(e) => e.line(),
                    };
                    match line {
                        Some(line) => eprintln!("{}:{line}: {msg}", source.name),
                        None => eprintln!("{}: {msg}", source.name),
                    }
                }
            }
            progress.add(chunk.len() as u64);
        }
        progress.finish();
    }
    if let Err(msg) = out.finish() {
        return fail(&msg);
    }
    status.code()
}

/// What went wrong over the whole run.
#[derive(Default)]
struct Status {
    invalid: bool,
    unreadable: bool,
}

impl Status {
    fn code(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::from(2)
        } else if self.invalid {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("sudoku: {msg}");
    ExitCode::from(2)
}

fn answer(record: &Result<Record, ParseError>, args: &SolveArgs) -> Answer {
    let puzzle = match record {
        Ok(record) => record.grid,
        Err(e) => return Answer::Invalid(e.detail()),
    };
    let solver = args.solver.kind();
    let answer = if args.count {
        let count = solver.solutions_count_up_to(&puzzle, args.limit as usize);
        Answer::Count(count)
    } else {
        match solver.solve(&puzzle) {
            Some(solution) => return Answer::Solved(solution),
            None => Answer::Unsolvable,
        }
    };
    // Conflicting givens never have a solution: tell them apart only then.
    if matches!(answer, Answer::Unsolvable | Answer::Count(0)) {
        let counters = Counters::of(&puzzle);
        if counters.conflict_count() > 0 {
            return Answer::Invalid(PuzzleError::Conflicts(counters.conflicts()).to_string());
        }
    }
    answer
}

fn write_answer(out: &mut dyn Write, answer: &Answer, format: Format) -> std::io::Result<()> {
    match (answer, format) {
        (Answer::Solved(grid), Format::Line) => {
            let mut line = [0u8; 82];
            for (b, &v) in line.iter_mut().zip(grid.cells()) {
                *b = b'0' + v;
            }
            line[81] = b'\n';
            out.write_all(&line)
        }
        (Answer::Solved(grid), Format::Grid) => writeln!(out, "{}", grid.to_rows()),
        // The usual counts are one digit: skip the formatting machinery.
        (&Answer::Count(n @ 0..=9), _) => out.write_all(&[b'0' + n as u8, b'\n']),
        (Answer::Count(n), _) => writeln!(out, "{n}"),
        (Answer::Unsolvable, Format::Line) => writeln!(out, "unsolvable"),
        (Answer::Unsolvable, Format::Grid) => writeln!(out, "unsolvable\n"),
        (Answer::Invalid(_), Format::Line) => writeln!(out, "invalid"),
        (Answer::Invalid(_), Format::Grid) => writeln!(out, "invalid\n"),
    }
}
