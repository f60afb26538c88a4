//! `sudoku grade`: a Unix filter that writes one line per puzzle, in input
//! order: the level, the rating and how often each technique was used, or
//! `invalid`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudoku_core::{grade, Grade, ParseError, PuzzleReader, Record, Technique};

use crate::input;
use crate::output::Output;
use crate::progress::Progress;

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
}

/// Runs `sudoku grade`.
pub fn run(args: GradeArgs) -> ExitCode {
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
    if args.format == Format::Csv {
        if let Err(e) = writeln!(out.writer(), "{}", csv_header()) {
            return fail(&format!("cannot write: {}", input::lower(&e)));
        }
    }
    let (mut invalid, mut unreadable) = (false, false);
    for name in input::names(&args.files) {
        let source = match input::open(&name) {
            Ok(source) => source,
            Err(msg) => {
                eprintln!("sudoku: {msg}");
                unreadable = true;
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
            let grades: Vec<Result<Grade, String>> = if threads == 1 {
                chunk.iter().map(answer).collect()
            } else {
                pool.install(|| chunk.par_iter().map(answer).collect())
            };
            for (record, result) in chunk.iter().zip(&grades) {
                let line = match result {
                    Ok(grade) => format_grade(grade, args.format),
                    Err(msg) => {
                        invalid = true;
                        let line = match record {
                            Ok(record) => Some(record.line),
                            Err(e) => e.line(),
                        };
                        match line {
                            Some(line) => eprintln!("{}:{line}: {msg}", source.name),
                            None => eprintln!("{}: {msg}", source.name),
                        }
                        format_invalid(args.format)
                    }
                };
                if let Err(e) = writeln!(out.writer(), "{line}") {
                    return fail(&format!("cannot write: {}", input::lower(&e)));
                }
            }
            progress.add(chunk.len() as u64);
        }
        progress.finish();
    }
    if let Err(msg) = out.finish() {
        return fail(&msg);
    }
    if unreadable {
        ExitCode::from(2)
    } else if invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("sudoku: {msg}");
    ExitCode::from(2)
}

fn answer(record: &Result<Record, ParseError>) -> Result<Grade, String> {
    match record {
        Ok(record) => grade(&record.grid).map_err(|e| e.to_string()),
        Err(e) => Err(e.detail()),
    }
}

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

fn format_invalid(format: Format) -> String {
    match format {
        Format::Line => "invalid".to_string(),
        Format::Csv => format!("invalid,{}", ",".repeat(Technique::ALL.len())),
    }
}
