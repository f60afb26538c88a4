//! `sudoku explain`: the whole logical solve of one puzzle as numbered
//! steps, ending in the solution or where logic stops.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use sudoku_core::{grade, logic, PuzzleReader};

use crate::diag;
use crate::input;

/// Arguments of `sudoku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle file (any format the programs read); `-` for stdin.
    file: PathBuf,
    /// Which puzzle of a collection, counting from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    index: u64,
}

/// Runs `sudoku explain`.
pub fn run(args: ExplainArgs) -> ExitCode {
    let source = match input::open(&args.file) {
        Ok(source) => source,
        Err(msg) => {
            diag::error(&msg);
            return ExitCode::from(2);
        }
    };
    // The name is shown on stdout too: never with its control characters.
    let name = sudoku_core::text::escape_controls(&source.name).into_owned();
    let wanted = usize::try_from(args.index).unwrap_or(usize::MAX);
    let mut reader = PuzzleReader::new(source.reader());
    let record = match reader.nth(wanted - 1) {
        Some(Ok(record)) => record,
        Some(Err(e)) => {
            match e.line() {
                Some(line) => diag::line(&format!("{name}:{line}: {}", e.detail())),
                None => diag::line(&format!("{name}: {}", e.detail())),
            }
            return ExitCode::from(1);
        }
        None => {
            diag::error(&format!("{name}: no puzzle number {wanted}"));
            return ExitCode::from(1);
        }
    };
    let grade = match grade(&record.grid) {
        Ok(grade) => grade,
        Err(e) => {
            diag::line(&format!("{name}:{}: {e}", record.line));
            return ExitCode::from(1);
        }
    };
    let report = logic::solve(&record.grid);
    let mut text = format!(
        "Puzzle ({name}, line {}):\n{}\n",
        record.line,
        record.grid.to_rows()
    );
    for (i, step) in report.steps.iter().enumerate() {
        text.push_str(&format!("{}. {step}\n", i + 1));
    }
    if report.solved {
        text.push_str(&format!("\nSolved:\n{}", report.grid().to_rows()));
    } else {
        text.push_str(&format!(
            "\nLogic stops here; the next move needs a guess. Candidates:\n{}",
            report.end
        ));
    }
    text.push_str(&format!("Grade: {} {}\n", grade.level, grade.rating));
    crate::output::print(text.as_bytes())
}
