//! `sudoku completions SHELL`: the shell completion script, made from the
//! command-line definition itself, so it never disagrees with `--help`.

use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

/// Arguments of `sudoku completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// Prints the completion script for one shell.
pub fn completions(args: CompletionsArgs) -> ExitCode {
    let mut command = crate::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku", &mut script);
    crate::output::print(&script)
}
