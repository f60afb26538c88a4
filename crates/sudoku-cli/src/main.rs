//! The `sudoku` command: the plain-text game and batch filters over the
//! `sudoku-core` engine. This file only parses arguments and dispatches;
//! each subcommand lives in its own module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod batch;
mod bench;
mod explain;
mod generate;
mod grade;
mod input;
mod output;
mod play;
mod progress;
mod solve;

/// Sudoku: play in the terminal, and solve puzzles as a Unix filter.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a puzzle in the terminal, or through a pipe.
    Play(play::PlayArgs),
    /// Solve puzzles: one output line per puzzle, in input order.
    Solve(solve::SolveArgs),
    /// Grade puzzles by the techniques a person needs: one line per puzzle.
    Grade(grade::GradeArgs),
    /// Explain the logical solve of one puzzle step by step.
    Explain(explain::ExplainArgs),
    /// Generate distinct complete grids or puzzles, reproducible from a seed.
    Generate(generate::GenerateArgs),
    /// Benchmark solvers side by side on the same puzzles, checking every answer.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Grade(args) => grade::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Bench(args) => bench::run(args),
    }
}
