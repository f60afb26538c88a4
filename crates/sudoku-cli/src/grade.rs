//! `sudoku grade`: a Unix filter that writes one line per puzzle, in input
//! order: the level, the rating and how often each technique was used, or
//! `invalid`. With `--rating`, `--ep` or `--ed` it selects instead: it
//! writes only the puzzles whose grade is in the ranges, each followed by
//! its grade, and leaves each of the others as soon as its grade is known
//! to be outside.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

use clap::{Args, ValueEnum};
use sudoku_core::{
    Bounds, Grade, GradeError, Grader, Grid, ParseError, RatingRange, Record, Technique, Within,
};

use crate::batch::{Filter, Invalid};

/// The most puzzles graded as one task (the batch filter sizes its blocks
/// by time, so hard puzzles go one by one).
const CHUNK: usize = 1024;

/// Arguments of `sudoku grade`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct GradeArgs {
    /// Puzzle files in any format the programs read; `-` or none for stdin.
    files: Vec<PathBuf>,
    /// How to write each grade.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Select the puzzles whose rating (ER) is in MIN..MAX: `9.0..`, `..4.0`.
    ///
    /// Both ends are included; the syntax is that of `generate --rating`
    /// (`8.5..9.5`, `7.5..`, `..2.0`). Each puzzle in the range is written
    /// followed by its grade, and nothing for the others; the solve of a
    /// puzzle stops as soon as its grade is known to be outside.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    rating: Option<RatingRange>,
    /// Select the puzzles whose pearl (EP) is in MIN..MAX.
    ///
    /// The pearl is the rating of the hardest step up to and including the
    /// first that places a digit; selects as --rating does.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    ep: Option<RatingRange>,
    /// Select the puzzles whose diamond (ED) is in MIN..MAX.
    ///
    /// The diamond is the rating of the first step; selects as --rating
    /// does.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    ed: Option<RatingRange>,
    /// Worker threads (default: all cores; 1 for single-threaded timing).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Write to this file (written whole at the end, or not at all).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl GradeArgs {
    /// The ranges selected by --rating, --ep and --ed, if any was given.
    fn bounds(&self) -> Option<Bounds> {
        if self.rating.is_none() && self.ep.is_none() && self.ed.is_none() {
            return None;
        }
        Some(Bounds {
            rating: self.rating.unwrap_or(RatingRange::ALL),
            pearl: self.ep.unwrap_or(RatingRange::ALL),
            diamond: self.ed.unwrap_or(RatingRange::ALL),
            ..Bounds::ANY
        })
    }
}

/// A rating range given on the command line.
fn parse_range(text: &str) -> Result<RatingRange, String> {
    text.parse::<RatingRange>().map_err(|e| e.to_string())
}

/// What `sudoku grade --help` ends with: selecting, and the exit status.
const AFTER_HELP: &str = "\
Selecting: with --rating, --ep or --ed, only the puzzles whose grade is in every range given \
are written, each as its 81 cells, a space (a comma in csv) and its grade, so the output can \
be read again by print, play or another grade. An invalid puzzle is in no range: it writes \
nothing and is reported on stderr as FILE:LINE: message.

Exit status: 0 when every puzzle was read and graded (whether or not any was selected), \
1 when some puzzle was invalid, 2 when an input could not be read or the output written.";

/// Output formats of a grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `hard 4.2 full-house=20 hidden-single-box=29 xy-wing=1`.
    Line,
    /// A header, then `level,rating` and one count column per technique.
    Csv,
    /// Sudoku Explainer's three numbers, `ER/EP/ED`: `7.2/1.2/1.2` (the
    /// hardest step, the hardest up to the first placement, the first
    /// step), as its `serate --format=%r/%p/%d` writes them.
    Se,
}

/// What `sudoku grade` found for a valid puzzle.
enum Answer {
    /// The grade (no ranges given).
    Graded(Grade),
    /// A puzzle in the ranges, and its grade.
    Kept(Grid, Grade),
    /// A puzzle outside the ranges.
    Left,
}

/// Runs `sudoku grade`.
pub fn run(args: GradeArgs) -> ExitCode {
    let bounds = args.bounds();
    let header = match (args.format, bounds) {
        (Format::Line | Format::Se, _) => String::new(),
        (Format::Csv, None) => csv_header(),
        (Format::Csv, Some(_)) => format!("puzzle,{}", csv_header()),
    };
    let filter = Filter {
        files: &args.files,
        output: args.output.as_deref(),
        threads: args.threads,
        chunk: CHUNK,
        header: &header,
    };
    let selecting = bounds.is_some();
    let graders = Graders::default();
    filter.run(
        |record| graders.with(|grader| answer(grader, record, bounds.as_ref())),
        |out, result| write_answer(out, result, args.format, selecting),
    )
}

/// The graders not in use, one per worker at most: each keeps its
/// storage from one puzzle to the next.
#[derive(Default)]
struct Graders(Mutex<Vec<Grader>>);

impl Graders {
    /// Runs `f` with a grader of the pool (a new one when none is free).
    fn with<R>(&self, f: impl FnOnce(&mut Grader) -> R) -> R {
        let taken = self.lock().pop();
        let mut grader = taken.unwrap_or_default();
        let result = f(&mut grader);
        self.lock().push(grader);
        result
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Grader>> {
        // A grader is pushed back whole or not at all: a panic elsewhere
        // leaves the list usable.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The answer for one record, graded (with `grader`) within `bounds` when
/// there are any, or why it is invalid.
fn answer(
    grader: &mut Grader,
    record: &Result<Record, ParseError>,
    bounds: Option<&Bounds>,
) -> Result<Answer, Invalid> {
    let record = record.as_ref().map_err(Invalid::parse)?;
    let answer = match bounds {
        None => grader.grade(&record.grid).map(Answer::Graded),
        Some(bounds) => grader
            .grade_within(&record.grid, bounds)
            .map(|within| match within {
                Within::Inside(grade) => Answer::Kept(record.grid, grade),
                Within::Outside { .. } => Answer::Left,
            }),
    };
    answer.map_err(|e| {
        let kind = match e {
            GradeError::Conflicts(_) => "puzzles with conflicting givens",
            GradeError::Unsolvable => "puzzles with no solution",
            GradeError::NotUnique => "puzzles with more than one solution",
        };
        Invalid::puzzle(kind, e)
    })
}

/// Writes the line of one answer in `format`: a grade, a selected puzzle
/// and its grade, nothing for a puzzle left out, and for an invalid record
/// `invalid`, or nothing when `selecting` (an invalid puzzle is in no
/// range; it is reported on stderr all the same).
fn write_answer(
    out: &mut dyn Write,
    result: &Result<Answer, Invalid>,
    format: Format,
    selecting: bool,
) -> io::Result<()> {
    match result {
        Ok(Answer::Graded(grade)) => writeln!(out, "{}", format_grade(grade, format)),
        Ok(Answer::Kept(puzzle, grade)) => {
            let sep = if format == Format::Csv { ',' } else { ' ' };
            writeln!(out, "{puzzle}{sep}{}", format_grade(grade, format))
        }
        Ok(Answer::Left) => Ok(()),
        Err(_) if selecting => Ok(()),
        Err(_) => writeln!(out, "{}", format_invalid(format)),
    }
}

/// The CSV header: `level,rating`, then one column per technique.
fn csv_header() -> String {
    let mut header = String::from("level,rating");
    for t in Technique::ALL {
        header.push(',');
        header.push_str(t.name());
    }
    header
}

/// One output line (without its newline).
fn format_grade(grade: &Grade, format: Format) -> String {
    match format {
        Format::Line => grade.to_string(),
        Format::Se => format!("{}/{}/{}", grade.rating, grade.pearl, grade.diamond),
        Format::Csv => {
            let mut line = format!("{},{}", grade.level, grade.rating);
            for t in Technique::ALL {
                let n = grade
                    .techniques
                    .iter()
                    .find(|(u, _)| *u == t)
                    .map_or(0, |&(_, n)| n);
                line.push_str(&format!(",{n}"));
            }
            line
        }
    }
}

/// The line (without its newline) of an invalid record.
fn format_invalid(format: Format) -> String {
    match format {
        Format::Line | Format::Se => "invalid".to_string(),
        Format::Csv => format!("invalid,{}", ",".repeat(Technique::ALL.len())),
    }
}
