//! `sudoku completions SHELL`: the shell completion script, made from the
//! command-line definition itself, so it never disagrees with `--help`.

use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::batch::stop_status;
use crate::output::Output;

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
    print(&script)
}

/// Writes `bytes` to stdout: status 0, or 2 when stdout cannot be written.
pub fn print(bytes: &[u8]) -> ExitCode {
    let written = Output::stdout().and_then(|mut out| match out.writer().write_all(bytes) {
        Ok(()) => out.finish(),
        Err(e) => Err(out.stopped(&e)),
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(stopped) => stop_status(stopped, ExitCode::SUCCESS),
    }
}
