//! `sudoku generate`: distinct complete grids, or puzzles dug out of them,
//! reproducible from a seed whatever the number of threads.

use std::io::Write;
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use sudoku_core::generator::{
    fresh_seed, Batch, GenerateError, Holes, Level, Puzzle, PuzzleSpec, Symmetry, Uniqueness,
    DISTINCT_GRIDS,
};
use sudoku_core::{Grid, RatingRange, SolverKind};

use crate::batch::{fail, stop_status, Streamed, Workers};
use crate::diag;
use crate::output::Output;
use crate::progress::Progress;

/// Items per task at most: fast items are made in blocks this large, slow
/// ones one by one (see [`Workers::stream`]); each leaves as soon as it and
/// those before it are made.
const BLOCK: u64 = 256;
/// The range of blanks when neither `--holes` nor `--difficulty` is given
/// (the original generator's `-r 20~55`).
const DEFAULT_HOLES: &str = "20-55";

/// Arguments of `sudoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, Subcommand)]
enum What {
    /// Complete grids, no two alike; any valid grid can come out.
    Grids(Common),
    /// Puzzles: a range of blanks, a unique solution or a minimal puzzle, a
    /// symmetry, a level.
    Puzzles(PuzzleArgs),
}

/// Options of both kinds of output.
#[derive(Debug, Args)]
struct Common {
    /// How many to make (at most 7838208000, the distinct grids one seed
    /// can give).
    #[arg(value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    count: u64,
    /// How to write each item.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Write to this file (put in place at the end, with every item made:
    /// all, or those before one that failed).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Worker threads (default: all cores); the output is the same for any
    /// number.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Seed: the same seed gives the same output, byte for byte. Without
    /// one, a random seed is used and printed to stderr.
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Start at item K (counting from 0): `--start K` with N prints items
    /// K+1 to K+N of the run without it, so runs of one seed over
    /// consecutive ranges, joined in order, are that one run (the csv
    /// header is written only by the range that starts at 0).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    start: u64,
}

#[derive(Debug, Args)]
struct PuzzleArgs {
    #[command(flatten)]
    common: Common,
    /// Blanks per puzzle, as MIN-MAX or N [default: 20-55; with --minimal:
    /// any].
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_holes)]
    holes: Option<Holes>,
    /// Keep a unique solution at every removal.
    #[arg(long)]
    unique: bool,
    /// Minimal puzzles: a unique solution, and no given can be removed
    /// without losing it (implies --unique).
    #[arg(long)]
    minimal: bool,
    /// Symmetry of the givens.
    #[arg(long, value_enum, default_value_t = SymmetryChoice::None)]
    symmetry: SymmetryChoice,
    /// Level by the grader (as `sudoku grade` rates it): easy, medium,
    /// hard, expert or extreme. Implies --unique; blanks: any unless
    /// --holes is given.
    #[arg(long, visible_alias = "level", value_name = "LEVEL", value_parser = parse_level)]
    difficulty: Option<Level>,
    /// Rating range on Sudoku Explainer's scale, as `sudoku grade` rates:
    /// `8.5..9.5`, `7.5..` or `..2.0` (inclusive). Implies --unique; blanks:
    /// any unless --holes is given.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_rating, conflicts_with = "difficulty")]
    rating: Option<RatingRange>,
    /// Write each puzzle's solution too (csv always has it).
    #[arg(long)]
    with_solution: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One line of 81 cells, `.` for blanks; with --with-solution, the
    /// solution follows after a space.
    Line,
    /// The 9-line grid the games read (`0` for blanks), then a blank line.
    Grid,
    /// A boxed grid for people.
    Readable,
    /// `puzzle,solution,givens,level` with a header line (level as `sudoku
    /// grade` rates it; empty for a puzzle with several solutions).
    Csv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryChoice {
    None,
    Rot180,
    Rot90,
    Mirror,
    Diagonal,
}

impl SymmetryChoice {
    fn symmetry(self) -> Symmetry {
        match self {
            SymmetryChoice::None => Symmetry::None,
            SymmetryChoice::Rot180 => Symmetry::Rot180,
            SymmetryChoice::Rot90 => Symmetry::Rot90,
            SymmetryChoice::Mirror => Symmetry::Mirror,
            SymmetryChoice::Diagonal => Symmetry::Diagonal,
        }
    }
}

fn parse_count(text: &str) -> Result<u64, String> {
    let bad = || format!("expected a whole number from 1 to {DISTINCT_GRIDS}, found {text:?}");
    match text.parse::<u64>() {
        Ok(n) if (1..=DISTINCT_GRIDS).contains(&n) => Ok(n),
        Ok(_) => Err(bad()),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(bad()),
        Err(_) => Err(bad()),
    }
}

/// A level named on the command line, in any case (`--difficulty`, and
/// `sudoku play --random`).
pub(crate) fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

fn parse_rating(text: &str) -> Result<RatingRange, String> {
    text.parse::<RatingRange>().map_err(|e| e.to_string())
}

fn parse_holes(text: &str) -> Result<Holes, String> {
    text.parse::<Holes>().map_err(|e| e.to_string())
}

/// What one run makes: grids, or puzzles to a spec.
#[derive(Clone)]
enum Job {
    Grids,
    Puzzles {
        spec: PuzzleSpec,
        with_solution: bool,
    },
}

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> ExitCode {
    let (common, job) = match args.what {
        What::Grids(common) => (common, Job::Grids),
        What::Puzzles(args) => match puzzle_spec(&args) {
            Ok(spec) => (
                args.common,
                Job::Puzzles {
                    spec,
                    with_solution: args.with_solution,
                },
            ),
            Err(msg) => return fail(&msg),
        },
    };
    let Some(stop) = common
        .start
        .checked_add(common.count)
        .filter(|&stop| stop <= DISTINCT_GRIDS)
    else {
        return fail(&format!(
            "--start {} with {} items goes past the {DISTINCT_GRIDS} items a seed can give",
            common.start, common.count
        ));
    };
    let seed = common.seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        diag::line(&format!("seed: {seed}"));
        seed
    });
    let workers = match Workers::new(common.threads) {
        Ok(workers) => workers,
        Err(msg) => return fail(&msg),
    };
    let mut out = match Output::create(common.output.as_deref()) {
        Ok(out) => out,
        Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
    };
    let batch = Batch::new(seed);
    let progress = Progress::new(
        None,
        match job {
            Job::Grids => "grids",
            Job::Puzzles { .. } => "puzzles",
        },
    );
    if common.format == Format::Csv && common.start == 0 {
        let header = match job {
            Job::Grids => "grid\n",
            Job::Puzzles { .. } => "puzzle,solution,givens,level\n",
        };
        if let Err(e) = out.writer().write_all(header.as_bytes()) {
            return stop_status(out.stopped(&e), ExitCode::SUCCESS);
        }
    }
    let unit = match job {
        Job::Grids => "grid",
        Job::Puzzles { .. } => "puzzle",
    };
    let format = common.format;
    let make = move |range: Range<u64>| render(&batch, &job, format, range);
    let mut failed = None;
    let mut stopped = None;
    workers.stream(common.start..stop, BLOCK, make, |event| {
        let written = match event {
            Streamed::Waiting => out.writer().flush(),
            Streamed::Made(rendered) => {
                progress.add(rendered.count);
                failed = rendered.failed;
                out.writer().write_all(&rendered.bytes)
            }
        };
        if let Err(e) = written {
            stopped = Some(out.stopped(&e));
        }
        stopped.is_none() && failed.is_none()
    });
    progress.finish();
    if let Some(stopped) = stopped {
        return stop_status(stopped, ExitCode::SUCCESS);
    }
    // The items made before a failure are kept: written out, and the file
    // of -o put in place.
    if let Err(stopped) = out.finish() {
        return stop_status(stopped, ExitCode::SUCCESS);
    }
    match failed {
        Some((index, e)) => {
            diag::error(&format!(
                "{unit} {}: {e} ({})",
                index + 1,
                going_on(common.start, stop, index, unit)
            ));
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}

/// For a request of items `start..stop` that failed at item `index`: which
/// items were written, and how to go on past it with `--start` (the items
/// of a seed are the same whatever the range asked).
fn going_on(start: u64, stop: u64, index: u64, unit: &str) -> String {
    let written = match index - start {
        0 => String::new(),
        1 => format!("the {unit} before it is written; "),
        n => format!("the {n} {unit}s before it are written; "),
    };
    let next = index + 1;
    let on = match stop - next {
        0 => format!("--start {next} goes on past it"),
        1 => format!("--start {next} with a count of 1 makes the one left"),
        n => format!("--start {next} with a count of {n} makes the rest"),
    };
    format!("{written}{on}")
}

/// The puzzle spec the arguments ask for, or why they cannot be met.
fn puzzle_spec(args: &PuzzleArgs) -> Result<PuzzleSpec, String> {
    let uniqueness = if args.minimal {
        Uniqueness::Minimal
    } else if args.unique {
        Uniqueness::Unique
    } else {
        Uniqueness::Any
    };
    let default = if args.minimal || args.difficulty.is_some() || args.rating.is_some() {
        Holes::ANY
    } else {
        DEFAULT_HOLES
            .parse()
            .map_err(|e: sudoku_core::generator::HolesError| e.to_string())?
    };
    let holes = args.holes.unwrap_or(default);
    let spec =
        PuzzleSpec::new(holes, uniqueness, args.symmetry.symmetry()).map_err(|e| e.to_string())?;
    match (args.difficulty, args.rating) {
        (_, Some(range)) => spec.with_rating(range).map_err(|e| e.to_string()),
        (Some(level), None) => spec.with_level(level).map_err(|e| e.to_string()),
        (None, None) => Ok(spec),
    }
}

/// Items of the batch, written out.
struct Rendered {
    /// The items made, in `format`.
    bytes: Vec<u8>,
    /// How many.
    count: u64,
    /// The item that could not be made (the items before it are in
    /// `bytes`), and why.
    failed: Option<(u64, GenerateError)>,
}

/// Items `range` of the batch, written in `format`, up to the first that
/// cannot be made.
fn render(batch: &Batch, job: &Job, format: Format, range: Range<u64>) -> Rendered {
    let mut rendered = Rendered {
        bytes: Vec::with_capacity((range.end - range.start) as usize * 90),
        count: 0,
        failed: None,
    };
    for index in range {
        let bytes = &mut rendered.bytes;
        match job {
            Job::Grids => match batch.grid(index) {
                Some(grid) => write_grid(bytes, &grid, format),
                None => {
                    rendered.failed = Some((index, GenerateError::BeyondBatch(index)));
                    break;
                }
            },
            Job::Puzzles {
                spec,
                with_solution,
            } => match batch.puzzle(index, spec, SolverKind::default().solver()) {
                Ok(made) => write_puzzle(bytes, &made, format, *with_solution),
                Err(e) => {
                    rendered.failed = Some((index, e));
                    break;
                }
            },
        }
        rendered.count += 1;
    }
    rendered
}

/// 81 characters: digits, `blank` for blanks.
fn push_line(bytes: &mut Vec<u8>, grid: &Grid, blank: u8) {
    bytes.extend(
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { blank } else { b'0' + v }),
    );
}

/// The 9-line grid, each line after `prefix`.
fn push_rows(bytes: &mut Vec<u8>, grid: &Grid, prefix: &str) {
    for row in grid.cells().chunks(9) {
        bytes.extend_from_slice(prefix.as_bytes());
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                bytes.push(b' ');
            }
            bytes.push(b'0' + v);
        }
        bytes.push(b'\n');
    }
}

/// A boxed grid for people, `.` for blanks, each line after `prefix`.
fn push_readable(bytes: &mut Vec<u8>, grid: &Grid, prefix: &str) {
    const RULE: &str = "+-------+-------+-------+\n";
    for (r, row) in grid.cells().chunks(9).enumerate() {
        if r % 3 == 0 {
            bytes.extend_from_slice(prefix.as_bytes());
            bytes.extend_from_slice(RULE.as_bytes());
        }
        bytes.extend_from_slice(prefix.as_bytes());
        for (c, &v) in row.iter().enumerate() {
            if c % 3 == 0 {
                bytes.extend_from_slice(b"| ");
            }
            bytes.push(if v == 0 { b'.' } else { b'0' + v });
            bytes.push(b' ');
        }
        bytes.extend_from_slice(b"|\n");
    }
    bytes.extend_from_slice(prefix.as_bytes());
    bytes.extend_from_slice(RULE.as_bytes());
}

fn write_grid(bytes: &mut Vec<u8>, grid: &Grid, format: Format) {
    match format {
        Format::Line | Format::Csv => {
            push_line(bytes, grid, b'.');
            bytes.push(b'\n');
        }
        Format::Grid => {
            push_rows(bytes, grid, "");
            bytes.push(b'\n');
        }
        Format::Readable => {
            push_readable(bytes, grid, "");
            bytes.push(b'\n');
        }
    }
}

/// A puzzle in `format`; with `with_solution`, the solution follows (after a
/// space on the line, or as `#` comment lines, so the output still reads as
/// puzzles).
fn write_puzzle(bytes: &mut Vec<u8>, made: &Puzzle, format: Format, with_solution: bool) {
    match format {
        Format::Line => {
            push_line(bytes, &made.puzzle, b'.');
            if with_solution {
                bytes.push(b' ');
                push_line(bytes, &made.solution, b'.');
            }
            bytes.push(b'\n');
        }
        Format::Grid | Format::Readable => {
            let push = if format == Format::Grid {
                push_rows
            } else {
                push_readable
            };
            push(bytes, &made.puzzle, "");
            if with_solution {
                bytes.extend_from_slice(b"# solution\n");
                push(bytes, &made.solution, "# ");
            }
            bytes.push(b'\n');
        }
        Format::Csv => {
            push_line(bytes, &made.puzzle, b'.');
            bytes.push(b',');
            push_line(bytes, &made.solution, b'.');
            // The level column is empty for a puzzle with several solutions.
            let level = made.level().map_or("", Level::name);
            let _ = writeln!(bytes, ",{},{level}", made.puzzle.givens());
        }
    }
}
