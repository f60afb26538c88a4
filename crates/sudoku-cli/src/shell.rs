//! `sudoku completions SHELL` and `sudoku man`: the shell completion script
//! and the man page, both made from the command-line definition itself, so
//! they never disagree with `--help`.

use std::io::{self, Write};
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

/// Prints the man page: `sudoku(1)` with a section per subcommand.
pub fn man() -> ExitCode {
    match page(crate::Cli::command()) {
        Ok(roff) => print(&roff),
        Err(e) => {
            crate::diag::error(&format!("cannot make the man page: {e}"));
            ExitCode::from(2)
        }
    }
}

/// The roff of the man page of `command`: its own sections, then one
/// section per subcommand (its synopsis, description and options, as
/// subsections), in the order `--help` lists them.
pub fn page(command: clap::Command) -> io::Result<Vec<u8>> {
    let command = command.version(env!("CARGO_PKG_VERSION"));
    let mut roff = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut roff)?;
    man.render_name_section(&mut roff)?;
    man.render_synopsis_section(&mut roff)?;
    man.render_description_section(&mut roff)?;
    man.render_options_section(&mut roff)?;
    let name = command.get_name().to_string();
    let subs: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
        .collect();
    writeln!(roff, ".SH SUBCOMMANDS")?;
    for sub in &subs {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(
            roff,
            ".TP\n\\fB{name} {}\\fR\n{}",
            sub.get_name(),
            escape(&about)
        )?;
    }
    for sub in subs {
        let full = format!("{name} {}", sub.get_name());
        writeln!(roff, ".SH \"{}\"", full.to_uppercase())?;
        let sub = sub.clone().bin_name(full);
        let sub_man = clap_mangen::Man::new(sub);
        let mut part = Vec::new();
        sub_man.render_synopsis_section(&mut part)?;
        sub_man.render_description_section(&mut part)?;
        sub_man.render_options_section(&mut part)?;
        sub_man.render_subcommands_section(&mut part)?;
        // The subcommand's own sections become subsections of its section.
        for line in String::from_utf8_lossy(&part).lines() {
            match line.strip_prefix(".SH ") {
                Some(title) => writeln!(roff, ".SS {title}")?,
                None => writeln!(roff, "{line}")?,
            }
        }
    }
    writeln!(roff, ".SH \"EXIT STATUS\"")?;
    for (status, meaning) in EXIT_STATUS {
        writeln!(roff, ".TP\n{status}\n{meaning}")?;
    }
    writeln!(roff, ".SH \"SEE ALSO\"\n\\fBsudoku\\-tui\\fR(1)")?;
    man.render_version_section(&mut roff)?;
    Ok(roff)
}

/// What the exit statuses mean, for the man page.
const EXIT_STATUS: [(u8, &str); 3] = [
    (0, "Success. Also when the reader of the output went away (a closed pipe)."),
    (1, "Some puzzle was invalid (each is reported on stderr with its file and line), or the puzzle to play cannot be played."),
    (2, "An input could not be read, the output could not be written, or the arguments are wrong."),
];

/// `text` with roff's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// Writes `bytes` to stdout: status 0, or 2 when stdout cannot be written.
fn print(bytes: &[u8]) -> ExitCode {
    let written = Output::stdout().and_then(|mut out| match out.writer().write_all(bytes) {
        Ok(()) => out.finish(),
        Err(e) => Err(out.stopped(&e)),
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(stopped) => stop_status(stopped, ExitCode::SUCCESS),
    }
}
