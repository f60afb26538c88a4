//! `sudoku generate`: distinct complete grids, or puzzles dug out of them,
//! reproducible from a seed whatever the number of threads.

mod search;

use std::collections::HashSet;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};
use sudoku_core::generator::search::Goal;
use sudoku_core::generator::{
    fresh_seed, Batch, GenerateError, Holes, Level, Puzzle, PuzzleSpec, Symmetry, Uniqueness,
    DISTINCT_GRIDS,
};
use sudoku_core::{Grid, PuzzleReader, Rating, RatingRange, SolverKind, Technique};

use crate::batch::Invalid;
use crate::batch::{fail, stop_status, Streamed, Workers};
use crate::diag;
use crate::diag::Reports;
use crate::output::Output;
use crate::progress::{Progress, Unit};

/// Items per task at most: fast items are made in blocks this large, slow
/// ones one by one (see [`Workers::stream`]); each leaves as soon as it and
/// those before it are made.
const BLOCK: u64 = 256;
/// The range of blanks when neither `--holes` nor `--difficulty` is given
/// (the original generator's `-r 20~55`).
const DEFAULT_HOLES: &str = "20-55";
/// From this rating up, random digging seldom makes a puzzle (its yield
/// falls from about 20 puzzles a second at 8.0..8.9 to one every few
/// seconds at 9.0.., and none at 10.0..), and `--rating` searches
/// neighbourhoods instead.
const SEARCH_FROM: Rating = Rating::from_tenths(90);
/// From this rating up (the range's bottom), a search without `--from`
/// starts from the built-in classics (AI Escargot, Easter Monster, Golden
/// Nugget...) as well as fresh puzzles: fresh puzzles are too far from such
/// ratings (none rated 9.5..9.9 in 120 s of processor time, 24 from the
/// classics; none rated 10.0 in 150 s, 23 from the classics). Below it they
/// only slow the search down (100 rated 9.0.. took 89 s instead of 17 s).
const CLASSICS_FROM: Rating = Rating::from_tenths(95);
/// The same for a technique asked for (`--needs`, `--uses`) rated from
/// this up: the dynamic and nested forcing chains (a dynamic forcing chain
/// plus as the hardest step: none in 20 s from fresh puzzles, 2.6 s from
/// the classics).
const CLASSICS_FOR: Rating = Rating::from_tenths(90);
/// The most puzzles `--from` reads.
const MAX_SEEDS: usize = 100_000;

/// Arguments of `sudoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, Subcommand)]
enum What {
    /// Complete grids, no two alike; any valid grid can come out.
    Grids(GridArgs),
    /// Puzzles: a range of blanks, a unique solution or a minimal puzzle, a
    /// symmetry, a level.
    Puzzles(PuzzleArgs),
}

/// Arguments of `sudoku generate grids`.
#[derive(Debug, Args)]
struct GridArgs {
    /// How to write each grid.
    #[arg(long, value_enum, default_value_t = GridFormat::Line)]
    format: GridFormat,
    /// Write to this file (put in place at the end, with every grid made:
    /// all, or those before one that failed).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

/// Options of both kinds of output.
#[derive(Debug, Args)]
struct Common {
    /// How many to make (at most 7838208000, the distinct grids one seed
    /// can give).
    #[arg(value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    count: u64,
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

/// Arguments of `sudoku generate puzzles`.
#[derive(Debug, Args)]
struct PuzzleArgs {
    /// How to write each puzzle.
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Line)]
    format: PuzzleFormat,
    /// Write to this file (put in place at the end, with every puzzle made:
    /// all, or those before one that failed; a search, or a run with
    /// --time-limit, writes it as puzzles are found).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
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
    /// Puzzles whose hardest step is this technique (a name as `sudoku
    /// grade` prints it: x-wing, unique-rectangle, forcing-chain...);
    /// repeat to accept any of several. Searches neighbourhoods.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique)]
    needs: Vec<Technique>,
    /// Puzzles whose solve uses this technique at least once; repeat to
    /// ask for several. Searches neighbourhoods.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique)]
    uses: Vec<Technique>,
    /// Start the search from the puzzles of this file (each with one
    /// solution; at most 100,000 read), rather than from fresh ones.
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
    /// Stop after this long (`90s`, `10m`, `2h`, `1h30m`) with the puzzles
    /// found so far, all written; the status is 1 when fewer than N were.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    /// Leave out a puzzle equivalent to one already written (or, in a
    /// search, to a puzzle of --from) by the canonical form of `sudoku
    /// canon`, and make another in its place.
    #[arg(long)]
    dedupe: bool,
    /// Write each puzzle's solution too (csv always has it).
    #[arg(long)]
    with_solution: bool,
}

/// How items are written, grids and puzzles alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// One line of 81 cells.
    Line,
    /// The 9-line grid the games read, then a blank line.
    Grid,
    /// A boxed grid for people.
    Readable,
    /// A header line, then one line per item.
    Csv,
}

/// The formats of `generate grids`: each help line says what a complete
/// grid looks like in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GridFormat {
    /// One line of 81 digits.
    Line,
    /// The 9-line grid the games read, then a blank line.
    Grid,
    /// A boxed grid for people.
    Readable,
    /// A header line `grid`, then one line of 81 digits per grid.
    Csv,
}

impl From<GridFormat> for Format {
    fn from(format: GridFormat) -> Format {
        match format {
            GridFormat::Line => Format::Line,
            GridFormat::Grid => Format::Grid,
            GridFormat::Readable => Format::Readable,
            GridFormat::Csv => Format::Csv,
        }
    }
}

/// The formats of `generate puzzles`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PuzzleFormat {
    /// One line of 81 cells, `.` for blanks; with --with-solution, the
    /// solution follows after a space.
    Line,
    /// The 9-line grid the games read (`0` for blanks), then a blank line;
    /// with --with-solution, the solution follows as `#` comment lines.
    Grid,
    /// A boxed grid for people (`.` for blanks); with --with-solution, the
    /// solution follows as `#` comment lines.
    Readable,
    /// `puzzle,solution,givens,level` with a header line (level as `sudoku
    /// grade` rates it; empty for a puzzle with several solutions).
    Csv,
}

impl From<PuzzleFormat> for Format {
    fn from(format: PuzzleFormat) -> Format {
        match format {
            PuzzleFormat::Line => Format::Line,
            PuzzleFormat::Grid => Format::Grid,
            PuzzleFormat::Readable => Format::Readable,
            PuzzleFormat::Csv => Format::Csv,
        }
    }
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

fn parse_technique(text: &str) -> Result<Technique, String> {
    text.parse::<Technique>().map_err(|e| e.to_string())
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    search::parse_duration(text)
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
    let (common, format, output, job, digging) = match args.what {
        What::Grids(args) => (
            args.common,
            args.format.into(),
            args.output,
            Job::Grids,
            Digging::default(),
        ),
        What::Puzzles(args) => {
            if let Err(msg) = check_combinations(&args) {
                return fail(&msg);
            }
            if searches(&args) {
                return run_search(args);
            }
            match puzzle_spec(&args) {
                Ok(spec) => {
                    let digging = Digging {
                        dedupe: args.dedupe,
                        time_limit: args.time_limit,
                        fallback: match (args.rating, args.holes) {
                            (Some(_), None) => Some(goal_of(&args)),
                            _ => None,
                        },
                    };
                    (
                        args.common,
                        args.format.into(),
                        args.output,
                        Job::Puzzles {
                            spec,
                            with_solution: args.with_solution,
                        },
                        digging,
                    )
                }
                Err(msg) => return fail(&msg),
            }
        }
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
    // A run that may end in a search, or at a time limit, writes straight
    // into -o's file, so that what it made survives an interruption.
    let created = if digging.fallback.is_some() || digging.time_limit.is_some() {
        Output::create_direct(output.as_deref())
    } else {
        Output::create(output.as_deref())
    };
    let mut out = match created {
        Ok(out) => out,
        Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
    };
    let started = Instant::now();
    let batch = Batch::new(seed);
    let progress = Progress::new(
        None,
        match job {
            Job::Grids => Unit("grid", "grids"),
            Job::Puzzles { .. } => Unit("puzzle", "puzzles"),
        },
    );
    if format == Format::Csv && common.start == 0 {
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
    let with_solution = matches!(
        job,
        Job::Puzzles {
            with_solution: true,
            ..
        }
    );
    let make = move |range: Range<u64>| render(&batch, &job, format, range);
    let mut failed = None;
    let mut stopped = None;
    let mut timed_out = false;
    let mut written: u64 = 0;
    let mut forms: HashSet<Grid> = HashSet::new();
    let mut dropped: u64 = 0;
    // With --dedupe, items left out are made up for by items past `stop`.
    let range_end = if digging.dedupe { DISTINCT_GRIDS } else { stop };
    let deadline = digging.time_limit.map(|limit| started + limit);
    workers.stream(common.start..range_end, BLOCK, make, |event| {
        let result = match event {
            Streamed::Waiting => out.writer().flush(),
            Streamed::Made(rendered) => {
                progress.add(rendered.count);
                failed = rendered.failed;
                let mut result = Ok(());
                let mut from = 0;
                for &(end, grid) in &rendered.items {
                    let piece = &rendered.bytes[from..end];
                    from = end;
                    if written == common.count {
                        break;
                    }
                    if digging.dedupe && !forms.insert(*grid.canonical().form()) {
                        dropped += 1;
                        continue;
                    }
                    result = out.writer().write_all(piece);
                    if result.is_err() {
                        break;
                    }
                    written += 1;
                }
                if result.is_ok() && deadline.is_some() {
                    result = out.writer().flush();
                }
                result
            }
        };
        if let Err(e) = result {
            stopped = Some(out.stopped(&e));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) && written < common.count {
            timed_out = true;
        }
        stopped.is_none() && failed.is_none() && written < common.count && !timed_out
    });
    progress.finish();
    if let Some(stopped) = stopped {
        return stop_status(stopped, ExitCode::SUCCESS);
    }
    if dropped > 0 {
        diag::line(&format!(
            "{dropped} {unit}s made were left out as equivalent to one written before"
        ));
    }
    if let (Some((index, e)), Some(goal)) = (&failed, digging.fallback) {
        // Random digging does not reach the range: a search makes the rest.
        diag::line(&format!(
            "{unit} {}: {e}; searching neighbourhoods for the {} left",
            index + 1,
            common.count - written
        ));
        let run = search::Run {
            goal,
            seeds: Vec::new(),
            count: common.count,
            already: written,
            forms: if digging.dedupe {
                forms
            } else {
                HashSet::new()
            },
            seed,
            threads: workers.threads(),
            time_limit: digging
                .time_limit
                .map(|limit| limit.saturating_sub(started.elapsed())),
            dedupe: digging.dedupe,
            format,
            with_solution,
        };
        return run.run(out);
    }
    // The items made before a failure are kept: written out, and the file
    // of -o put in place.
    if let Err(stopped) = out.finish() {
        return stop_status(stopped, ExitCode::SUCCESS);
    }
    if timed_out {
        diag::error(&format!(
            "made {written} of {} {unit}s in the time limit of {}; all made are written",
            common.count,
            search::show_duration(digging.time_limit.unwrap_or_default())
        ));
        return ExitCode::from(1);
    }
    match failed {
        // With --dedupe, items are not numbered as the request asked.
        Some((_, e)) if digging.dedupe => {
            diag::error(&format!(
                "made {written} of {} {unit}s, then: {e}; all made are written",
                common.count
            ));
            ExitCode::from(1)
        }
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

/// What a run by random digging also does: leave out equivalents, stop
/// at a time limit, and search for what digging cannot make.
#[derive(Default)]
struct Digging {
    dedupe: bool,
    time_limit: Option<Duration>,
    /// The goal of a search for the puzzles left when digging gives up
    /// (a `--rating` without `--holes`).
    fallback: Option<Goal>,
}

/// Whether the arguments ask for a search rather than random digging: a
/// technique asked for, puzzles to start from, or a rating range digging
/// seldom reaches.
fn searches(args: &PuzzleArgs) -> bool {
    !args.needs.is_empty()
        || !args.uses.is_empty()
        || args.from.is_some()
        || (args.holes.is_none() && args.rating.is_some_and(|r| r.min >= SEARCH_FROM))
}

/// Refuses arguments that cannot be met together, or would mislead.
fn check_combinations(args: &PuzzleArgs) -> Result<(), String> {
    let asked = || {
        let mut parts = Vec::new();
        if !args.needs.is_empty() {
            parts.push("--needs");
        }
        if !args.uses.is_empty() {
            parts.push("--uses");
        }
        if args.from.is_some() {
            parts.push("--from");
        }
        if parts.is_empty() {
            parts.push("--rating from 9.0");
        }
        parts.join(" and ")
    };
    let explicit_search = !args.needs.is_empty() || !args.uses.is_empty() || args.from.is_some();
    if explicit_search && args.holes.is_some() {
        return Err(format!(
            "--holes cannot be used with {}: a search keeps no count of blanks",
            asked()
        ));
    }
    if searches(args) && args.common.start != 0 {
        return Err(format!(
            "--start numbers the puzzles of random digging; a search ({}) has no numbers",
            asked()
        ));
    }
    if args.dedupe && args.common.start != 0 {
        return Err(
            "--dedupe cannot be used with --start: it would compare only the puzzles of this range"
                .to_string(),
        );
    }
    let goal = goal_of(args);
    if args
        .needs
        .iter()
        .chain(&args.uses)
        .any(|&t| t == Technique::DirectClaiming)
    {
        return Err(
            "no puzzle can meet --needs or --uses direct-claiming: wherever a direct claiming \
             applies, a hidden single or a direct pointing does too, and comes first"
                .to_string(),
        );
    }
    if !goal.possible() {
        return Err(format!(
            "no puzzle can meet {}: the techniques asked are rated outside the range, \
             or one to be used is harder than every one that may be needed",
            describe(args)
        ));
    }
    Ok(())
}

/// The request in words, for messages.
fn describe(args: &PuzzleArgs) -> String {
    let mut parts = Vec::new();
    for t in &args.needs {
        parts.push(format!("--needs {t}"));
    }
    for t in &args.uses {
        parts.push(format!("--uses {t}"));
    }
    if let Some(r) = args.rating {
        parts.push(format!("--rating {r}"));
    }
    if let Some(l) = args.difficulty {
        parts.push(format!("--difficulty {}", l.name()));
    }
    parts.join(" ")
}

/// Whether a search should start from the built-in classics: for a range
/// from [`CLASSICS_FROM`], or a technique rated from [`CLASSICS_FOR`].
fn wants_classics(args: &PuzzleArgs) -> bool {
    goal_of(args).rating().min >= CLASSICS_FROM
        || args
            .needs
            .iter()
            .chain(&args.uses)
            .any(|t| t.rating() >= CLASSICS_FOR)
}

/// The search goal the arguments ask for.
fn goal_of(args: &PuzzleArgs) -> Goal {
    let range = match (args.rating, args.difficulty) {
        (Some(range), _) => range,
        (None, Some(level)) => RatingRange::of_level(level),
        (None, None) => RatingRange::ALL,
    };
    let mut goal = Goal::new(range)
        .minimal(args.minimal)
        .symmetric(args.symmetry.symmetry());
    for &t in &args.needs {
        goal = goal.needs(t);
    }
    for &t in &args.uses {
        goal = goal.uses(t);
    }
    goal
}

/// Runs a search for the puzzles the arguments ask for.
fn run_search(args: PuzzleArgs) -> ExitCode {
    let common = &args.common;
    let goal = goal_of(&args);
    let workers = match Workers::new(common.threads) {
        Ok(workers) => workers,
        Err(msg) => return fail(&msg),
    };
    let seeds = match &args.from {
        Some(path) => match read_seeds(path) {
            Ok(seeds) => seeds,
            Err(msg) => return fail(&msg),
        },
        None if wants_classics(&args) => sudoku_core::builtin::PUZZLES
            .iter()
            .filter_map(|b| b.grid().ok())
            .collect(),
        None => Vec::new(),
    };
    let seed = common.seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        diag::line(&format!("seed: {seed}"));
        seed
    });
    let format = Format::from(args.format);
    let mut out = match Output::create_direct(args.output.as_deref()) {
        Ok(out) => out,
        Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
    };
    if format == Format::Csv {
        let header = "puzzle,solution,givens,level\n";
        if let Err(e) = out.writer().write_all(header.as_bytes()) {
            return stop_status(out.stopped(&e), ExitCode::SUCCESS);
        }
    }
    let forms = if args.dedupe {
        seeds.iter().map(|s| *s.canonical().form()).collect()
    } else {
        HashSet::new()
    };
    search::Run {
        goal,
        seeds,
        count: common.count,
        already: 0,
        forms,
        seed,
        threads: workers.threads(),
        time_limit: args.time_limit,
        dedupe: args.dedupe,
        format,
        with_solution: args.with_solution,
    }
    .run(out)
}

/// The puzzles of `path` to start a search from: those with one solution,
/// at most [`MAX_SEEDS`]; bad lines and other puzzles are reported by line
/// and left out. An error when none is left.
fn read_seeds(path: &Path) -> Result<Vec<Grid>, String> {
    let input = crate::input::open(path)?;
    let name = input.name.clone();
    let mut reports = Reports::default();
    let mut seeds = Vec::new();
    let solver = SolverKind::default().solver();
    for record in PuzzleReader::new(input.reader()) {
        match record {
            Ok(record) => match solver.solutions_count_up_to(&record.grid, 2) {
                1 => {
                    seeds.push(record.grid);
                    if seeds.len() == MAX_SEEDS {
                        diag::line(&format!(
                            "{name}: the first {MAX_SEEDS} puzzles are used, the rest left out"
                        ));
                        break;
                    }
                }
                0 => reports.report(
                    &name,
                    Some(record.line),
                    "puzzles without a solution",
                    "no solution; not used",
                ),
                _ => reports.report(
                    &name,
                    Some(record.line),
                    "puzzles with several solutions",
                    "more than one solution; not used",
                ),
            },
            Err(e) => {
                let why = Invalid::parse(&e);
                reports.report(&name, e.line(), why.kind, &why.message);
            }
        }
    }
    reports.end_input(&name);
    if seeds.is_empty() {
        return Err(format!("{name}: no puzzle with one solution to start from"));
    }
    Ok(seeds)
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
    /// Each item: where its text ends in `bytes`, and the grid or puzzle.
    items: Vec<(usize, Grid)>,
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
        items: Vec::with_capacity((range.end - range.start) as usize),
        count: 0,
        failed: None,
    };
    for index in range {
        let bytes = &mut rendered.bytes;
        match job {
            Job::Grids => match batch.grid(index) {
                Some(grid) => {
                    write_grid(bytes, &grid, format);
                    rendered.items.push((bytes.len(), grid));
                }
                None => {
                    rendered.failed = Some((index, GenerateError::BeyondBatch(index)));
                    break;
                }
            },
            Job::Puzzles {
                spec,
                with_solution,
            } => match batch.puzzle(index, spec, SolverKind::default().solver()) {
                Ok(made) => {
                    write_puzzle(bytes, &made, || made.level(), format, *with_solution);
                    rendered.items.push((bytes.len(), made.puzzle));
                }
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
fn write_puzzle(
    bytes: &mut Vec<u8>,
    made: &Puzzle,
    level: impl FnOnce() -> Option<Level>,
    format: Format,
    with_solution: bool,
) {
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
            let level = level().map_or("", Level::name);
            let _ = writeln!(bytes, ",{},{level}", made.puzzle.givens());
        }
    }
}
