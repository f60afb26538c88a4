//! `sudoku solve`: a Unix filter that writes one line per puzzle, in input
//! order: the solution, `unsolvable`, `invalid`, or with `--count` the
//! number of solutions up to a limit.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_core::{Counters, Grid, ParseError, PuzzleError, Record, Solver, SolverKind};

use crate::batch::{Filter, Invalid};

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
    #[arg(long, default_value_t = 2, requires = "count",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
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
    /// Per puzzle the faster of fast and triad on this machine.
    #[default]
    Auto,
    /// The fast bitboard solver.
    Fast,
    /// The classic depth-first search of the original games.
    Dfs,
    /// The SIMD triad solver (fewer guesses on the hardest puzzles).
    Triad,
}

impl SolverChoice {
    fn kind(self) -> SolverKind {
        match self {
            SolverChoice::Auto => SolverKind::Auto,
            SolverChoice::Fast => SolverKind::Fast,
            SolverChoice::Dfs => SolverKind::Dfs,
            SolverChoice::Triad => SolverKind::Triad,
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

/// The answer for a valid puzzle.
enum Answer {
    Solved(Grid),
    Count(usize),
    Unsolvable,
}

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> ExitCode {
    let filter = Filter {
        files: &args.files,
        output: args.output.as_deref(),
        threads: args.threads,
        chunk: CHUNK,
        header: "",
    };
    filter.run(
        |record| answer(record, &args),
        |out, answer| write_answer(out, answer, args.format),
    )
}

/// The answer for one record, or why it is invalid.
fn answer(record: &Result<Record, ParseError>, args: &SolveArgs) -> Result<Answer, Invalid> {
    let puzzle = match record {
        Ok(record) => record.grid,
        Err(e) => return Err(Invalid::parse(e)),
    };
    let solver = args.solver.kind();
    let answer = if args.count {
        let count = solver.solutions_count_up_to(&puzzle, args.limit as usize);
        Answer::Count(count)
    } else {
        match solver.solve(&puzzle) {
            Some(solution) => return Ok(Answer::Solved(solution)),
            None => Answer::Unsolvable,
        }
    };
    // Conflicting givens never have a solution: tell them apart only then.
    if matches!(answer, Answer::Unsolvable | Answer::Count(0)) {
        let counters = Counters::of(&puzzle);
        if counters.conflict_count() > 0 {
            let why = PuzzleError::Conflicts(counters.conflicts());
            return Err(Invalid::puzzle("puzzles with conflicting givens", why));
        }
    }
    Ok(answer)
}

/// Writes one answer in `format`, or `invalid` for an invalid record.
fn write_answer(
    out: &mut dyn Write,
    answer: &Result<Answer, Invalid>,
    format: Format,
) -> std::io::Result<()> {
    match (answer, format) {
        (Ok(Answer::Solved(grid)), Format::Line) => {
            let mut line = [0u8; 82];
            for (b, &v) in line.iter_mut().zip(grid.cells()) {
                *b = b'0' + v;
            }
            line[81] = b'\n';
            out.write_all(&line)
        }
        (Ok(Answer::Solved(grid)), Format::Grid) => writeln!(out, "{}", grid.to_rows()),
        // The usual counts are one digit: skip the formatting machinery.
        (&Ok(Answer::Count(n @ 0..=9)), _) => out.write_all(&[b'0' + n as u8, b'\n']),
        (Ok(Answer::Count(n)), _) => writeln!(out, "{n}"),
        (Ok(Answer::Unsolvable), Format::Line) => writeln!(out, "unsolvable"),
        (Ok(Answer::Unsolvable), Format::Grid) => writeln!(out, "unsolvable\n"),
        (Err(_), Format::Line) => writeln!(out, "invalid"),
        (Err(_), Format::Grid) => writeln!(out, "invalid\n"),
    }
}
