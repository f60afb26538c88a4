//! `sudoku grade`: a Unix filter that writes one line per puzzle, in input
//! order: the level, the rating and how often each technique was used, or
//! `invalid`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_core::{grade, Grade, GradeError, ParseError, Record, Technique};

use crate::batch::{Filter, Invalid};

/// Puzzles are read, graded and written in chunks of this many, so memory
/// stays bounded while threads share the work.
const CHUNK: usize = 1024;

/// Arguments of `sudoku grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Puzzle files in any format the programs read; `-` or none for stdin.
    files: Vec<PathBuf>,
    /// How to write each grade.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Worker threads (default: all cores; 1 for single-threaded timing).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Write to this file (written whole at the end, or not at all).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

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

/// Runs `sudoku grade`.
pub fn run(args: GradeArgs) -> ExitCode {
    let header = match args.format {
        Format::Line | Format::Se => String::new(),
        Format::Csv => csv_header(),
    };
    let filter = Filter {
        files: &args.files,
        output: args.output.as_deref(),
        threads: args.threads,
        chunk: CHUNK,
        header: &header,
    };
    filter.run(answer, |out, result| write_grade(out, result, args.format))
}

/// The grade of one record, or why it is invalid.
fn answer(record: &Result<Record, ParseError>) -> Result<Grade, Invalid> {
    match record {
        Ok(record) => grade(&record.grid).map_err(|e| {
            let kind = match e {
                GradeError::Conflicts(_) => "puzzles with conflicting givens",
                GradeError::Unsolvable => "puzzles with no solution",
                GradeError::NotUnique => "puzzles with more than one solution",
            };
            Invalid::puzzle(kind, e)
        }),
        Err(e) => Err(Invalid::parse(e)),
    }
}

/// Writes one grade line in `format`, or the line of an invalid record.
fn write_grade(
    out: &mut dyn Write,
    result: &Result<Grade, Invalid>,
    format: Format,
) -> io::Result<()> {
    let line = match result {
        Ok(grade) => format_grade(grade, format),
        Err(_) => format_invalid(format),
    };
    writeln!(out, "{line}")
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
        Format::Line => {
            let mut line = format!("{} {}", grade.level, grade.rating);
            for (t, n) in &grade.techniques {
                line.push_str(&format!(" {t}={n}"));
            }
            line
        }
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
