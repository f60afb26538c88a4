//! The `sudoku` command: the plain-text game and batch filters over the
//! `sudoku-core` engine. This file only parses arguments and dispatches;
//! each subcommand lives in its own module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod batch;
mod bench;
mod canon;
mod diag;
mod explain;
mod generate;
mod grade;
mod input;
mod man;
mod ordered;
mod output;
mod play;
mod print;
mod progress;
mod shell;
mod solve;
mod stats;
mod stdio;
#[cfg(unix)]
mod sys;
mod temp;

/// Sudoku: play in the terminal, and solve puzzles as a Unix filter.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Play Sudoku in plain text; solve, grade, explain, generate and benchmark puzzles as Unix filters",
    long_about = None
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands, in the order `--help` lists them: the everyday ones
/// first, then the tools around them.
#[derive(Debug, Subcommand)]
enum Command {
    /// Play a puzzle in the terminal, or through a pipe.
    Play(play::PlayArgs),
    /// Show the statistics of the games won: per level, and the daily streak.
    Stats(stats::StatsArgs),
    /// Solve puzzles: one output line per puzzle, in input order.
    Solve(solve::SolveArgs),
    /// Grade puzzles by the techniques a person needs: one line per puzzle.
    Grade(grade::GradeArgs),
    /// Explain the logical solve of one puzzle step by step.
    Explain(explain::ExplainArgs),
    /// Generate distinct complete grids or puzzles, reproducible from a seed.
    Generate(generate::GenerateArgs),
    /// Print puzzles for paper: a PDF or an SVG, with captions and solutions.
    Print(print::PrintArgs),
    /// Write each grid's or puzzle's minlex form; --dedupe drops equivalent puzzles.
    ///
    /// The minlex form is the smallest 81-digit string (blanks as 0) among
    /// all the grids that transposing, swapping bands, stacks, rows within a
    /// band, columns within a stack and relabelling the digits make of a
    /// grid: two puzzles are the same puzzle in disguise exactly when their
    /// forms are equal. A complete grid's form begins 123456789; a puzzle's
    /// begins with as many blanks as it can. Givens are not judged: a puzzle
    /// with conflicts or no solution gets its form like any other grid.
    ///
    /// One output record per input record, in input order; a record that
    /// cannot be read is reported on stderr as FILE:LINE and written as
    /// `invalid`. With --dedupe, a record whose form was already written
    /// (from any input) is dropped and bad records are only reported; the
    /// forms seen are kept in memory, about 100 bytes each.
    Canon(canon::CanonArgs),
    /// Benchmark solvers side by side on the same puzzles, checking every answer.
    Bench(bench::BenchArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff): every command and option, the game's commands, examples.
    Man,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Grade(args) => grade::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Print(args) => print::run(args),
        Command::Canon(args) => canon::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man => man::run(),
    }
}

/// Shows clap's help, version or usage error, and its exit status: help
/// and version on stdout (0; 2 if stdout cannot be written), an error on
/// stderr with the arguments' control characters escaped (2).
fn usage(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return output::print(text.as_bytes());
    }
    diag::lines(&text);
    ExitCode::from(2)
}
