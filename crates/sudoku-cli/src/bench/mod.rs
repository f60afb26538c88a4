//! `sudoku bench`: solvers measured side by side on the same puzzles, every
//! answer checked, the figures as a table, CSV or JSON, and as a bar chart.
//!
//! - [`sets`]: the puzzle files, or the built-in suite;
//! - [`contender`]: the solvers, and one run of one on a set;
//! - [`external`]: an external command run as a whole process, and
//!   [`stray`]: what it started outside its process group;
//! - [`check`]: the verdict on each answer;
//! - [`report`] and [`plot`]: the figures written out.
//!
//! Runs of different solvers alternate (a, b, a, b...) so that drift in the
//! machine's load hits all alike; everything runs on one thread.

mod check;
mod contender;
mod external;
mod plot;
mod report;
mod sets;
mod stray;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::batch::{fail, stop_status};
use crate::diag;
use crate::output::{Output, Stopped};
use check::Mode;
use contender::{Builtin, Contender, Entry, Plan};
use report::Row;
use sets::Set;

/// Arguments of `sudoku bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files, one set each (`-` for stdin). Without any: the built-in
    /// suite (the classics, generated puzzles at each level, minimal ones).
    files: Vec<PathBuf>,
    /// A built-in solver to measure; repeat for more [default: fast].
    #[arg(long = "solver", value_enum, value_name = "NAME")]
    solvers: Vec<Builtin>,
    /// An external solver: a command that reads puzzles one per line on
    /// stdin and writes one answer line each on stdout (run through the
    /// shell, timed as a whole process); repeat for more.
    #[arg(long = "cmd", value_name = "NAME=COMMAND", value_parser = parse_command)]
    commands: Vec<(String, String)>,
    /// Count solutions up to 2 instead of finding the first; external
    /// commands must then write counts.
    #[arg(long)]
    count: bool,
    /// Timed runs of each solver on each set; the median and the fastest
    /// are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    runs: u64,
    /// How to write the figures.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Also draw the figures as an SVG bar chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Kill an external solver's run after this many seconds.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = parse_seconds)]
    timeout: Duration,
    /// A set too small to time is repeated within a run until the run
    /// lasts this many seconds; figures stay per puzzle.
    #[arg(long, value_name = "SECS", default_value = "0.2", value_parser = parse_seconds)]
    min_time: Duration,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Aligned columns for people, with notes.
    Table,
    /// A header, then one line per solver and set.
    Csv,
    /// An array with one object per solver and set.
    Json,
}

/// Reads `NAME=COMMAND`.
fn parse_command(text: &str) -> Result<(String, String), String> {
    let bad = || format!("expected NAME=COMMAND, found {text:?}");
    let (name, command) = text.split_once('=').ok_or_else(bad)?;
    let (name, command) = (name.trim(), command.trim());
    if name.is_empty() || command.is_empty() || name.chars().any(char::is_control) {
        return Err(bad());
    }
    Ok((name.to_string(), command.to_string()))
}

/// Reads a number of seconds above 0, such as `60` or `0.5`.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "expected a number of seconds above 0, found {text:?}"
        )),
    }
}

/// Runs `sudoku bench`. Exit status: 0 when every answer was right, 1 when
/// some solver answered wrong or failed (the figures are still written), 2
/// for bad arguments, an unreadable input or an unwritable output.
pub fn run(args: BenchArgs) -> ExitCode {
    let contenders = match contenders(&args) {
        Ok(c) => c,
        Err(msg) => return usage(&msg),
    };
    let mode = if args.count { Mode::Count } else { Mode::Solve };
    let sets = match load(&args.files) {
        Ok(sets) => sets,
        Err(msg) => return fail(&msg),
    };
    let plan = Plan {
        mode,
        min_time: args.min_time,
        timeout: args.timeout,
    };
    let rows = measure(&contenders, &sets, &plan, args.runs as usize);
    let text = match args.format {
        Format::Table => report::table(&rows, mode, args.runs as usize),
        Format::Csv => report::csv(&rows),
        Format::Json => report::json(&rows),
    };
    if let Err(stopped) = write_whole(None, text.as_bytes()) {
        return stop_status(stopped, ExitCode::SUCCESS);
    }
    if let Some(path) = &args.plot {
        let title = match mode {
            Mode::Solve => "sudoku bench: first solution, puzzles per second",
            Mode::Count => "sudoku bench: solutions counted up to 2, puzzles per second",
        };
        let svg = match plot::svg(&rows, title) {
            Ok(svg) => svg,
            Err(msg) => return fail(&format!("{}: {msg}", path.display())),
        };
        if let Err(stopped) = write_whole(Some(path), svg.as_bytes()) {
            return stop_status(stopped, ExitCode::SUCCESS);
        }
    }
    if rows.iter().any(|r| r.wrong > 0 || r.error.is_some()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The solvers asked for, built-in first (fast alone when none is named),
/// then the commands; an error for a name used twice or a built-in that
/// cannot do what is asked.
fn contenders(args: &BenchArgs) -> Result<Vec<Contender>, String> {
    let builtins = if args.solvers.is_empty() {
        vec![Builtin::Fast]
    } else {
        args.solvers.clone()
    };
    if args.count && builtins.contains(&Builtin::Logic) {
        return Err("--solver logic cannot count solutions: it stops where it would guess".into());
    }
    let mut all: Vec<Contender> = builtins.into_iter().map(Contender::Builtin).collect();
    for (name, command) in &args.commands {
        all.push(Contender::External {
            name: name.clone(),
            command: command.clone(),
        });
    }
    for (i, c) in all.iter().enumerate() {
        if all[..i].iter().any(|d| d.name() == c.name()) {
            return Err(format!("the solver name {:?} is used twice", c.name()));
        }
    }
    if let Some(path) = &args.plot {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            return Err(format!("--plot {}: no such directory", path.display()));
        }
    }
    Ok(all)
}

/// The sets: each file, or the built-in suite when there is none.
fn load(files: &[PathBuf]) -> Result<Vec<Set>, String> {
    if files.is_empty() {
        return Ok(sets::builtin());
    }
    let mut sets = Vec::new();
    for path in files {
        let (set, _skipped) = sets::read(path)?;
        sets.push(set);
    }
    Ok(sets)
}

/// Runs every solver on every set: a checking run each, then `runs` timed
/// runs in turn. The rows, set by set, solvers in the order given.
fn measure(contenders: &[Contender], sets: &[Set], plan: &Plan, runs: usize) -> Vec<Row> {
    let progress = bar((sets.len() * contenders.len() * (runs + 1)) as u64);
    let mut rows = Vec::new();
    for set in sets {
        let mut entries = Vec::new();
        for c in contenders {
            progress.set_message(format!("{}: {} (checking)", set.name, c.name()));
            entries.push(Entry::first(c, set, plan));
            progress.inc(1);
        }
        for run in 1..=runs {
            for (c, entry) in contenders.iter().zip(&mut entries) {
                progress.set_message(format!("{}: {} run {run}/{runs}", set.name, c.name()));
                entry.run(c, set, plan);
                progress.inc(1);
            }
        }
        for (c, entry) in contenders.iter().zip(entries) {
            report_wrong(c, set, &entry);
            rows.push(row(c, set, entry));
        }
    }
    progress.finish_and_clear();
    report::fill_ratios(&mut rows);
    rows
}

/// The figures of one solver on one set.
fn row(contender: &Contender, set: &Set, entry: Entry) -> Row {
    let n = set.puzzles.len();
    let times: Vec<f64> = entry.times.iter().map(Duration::as_secs_f64).collect();
    let (median_s, min_s) = report::median_and_min(&times).unzip();
    let pct = |k: usize| 100.0 * k as f64 / n as f64;
    let no_guess_pct = match (entry.guesses, entry.finished) {
        (Some((_, none)), _) => Some(pct(none)),
        (None, Some(finished)) => Some(pct(finished)),
        (None, None) => None,
    };
    Row {
        solver: contender.name().to_string(),
        set: set.name.clone(),
        in_process: contender.in_process(),
        puzzles: n,
        solved: entry.tally.solved(),
        wrong: entry.tally.wrong(),
        runs: entry.times.len(),
        repeats: entry.repeats,
        median_s,
        min_s,
        no_guess_pct,
        guesses_per_puzzle: entry.guesses.map(|(total, _)| total as f64 / n as f64),
        ratio: None,
        error: entry.error,
    }
}

/// Says on stderr which answers were wrong (the first few) and what failed.
fn report_wrong(contender: &Contender, set: &Set, entry: &Entry) {
    let name = contender.name();
    for (i, why) in entry.tally.examples() {
        diag::error(&format!(
            "bench: {name} on {}, puzzle {}: {why}",
            set.name,
            i + 1
        ));
    }
    let more = entry.tally.wrong_answers() - entry.tally.examples().len() as u64;
    if more > 0 {
        diag::error(&format!(
            "bench: {name} on {}: {more} more wrong answers over all runs",
            set.name
        ));
    }
    if let Some(error) = &entry.error {
        diag::error(&format!("bench: {name} on {}: {error}", set.name));
    }
    for stray in entry.strays.iter().take(STRAYS_SHOWN) {
        diag::error(&format!(
            "bench: {name} on {}: process {} ({}) left the run's process group; ended",
            set.name, stray.pid, stray.command
        ));
    }
    if entry.strays.len() > STRAYS_SHOWN {
        diag::error(&format!(
            "bench: {name} on {}: {} more processes left their run's process group; ended",
            set.name,
            entry.strays.len() - STRAYS_SHOWN
        ));
    }
}

/// How many processes that escaped their run are named, per solver and set.
const STRAYS_SHOWN: usize = 3;

/// A progress bar over `steps` on stderr, drawn only on a terminal.
fn bar(steps: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(steps), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// Reports bad arguments; exit status 2.
fn usage(msg: &str) -> ExitCode {
    diag::error(&format!("bench: {msg}"));
    ExitCode::from(2)
}

/// Writes `bytes` whole to `path` (stdout when `None`), the way every
/// command writes its output (see [`Output`]).
fn write_whole(path: Option<&Path>, bytes: &[u8]) -> Result<(), Stopped> {
    let mut out = Output::create(path)?;
    match out.writer().write_all(bytes) {
        Ok(()) => out.finish(),
        Err(e) => Err(out.stopped(&e)),
    }
}
