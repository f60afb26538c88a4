//! `sudoku man`: the man page sudoku(1), made from the command-line
//! definition itself, so it never disagrees with `--help`.
//!
//! clap_mangen sets each command's synopsis, description and options; this
//! module walks the command tree, giving every command (nested ones too,
//! such as `sudoku generate puzzles`) a section of its own, and adds what
//! clap does not know from [`prose`]: the program's description, the text
//! game's commands, and the exit status, environment, files, examples and
//! see-also sections.

mod prose;

use std::io;
use std::process::ExitCode;

use clap::CommandFactory;
use roff::{bold, roman, Roff};

use crate::output::print;

/// The line pair that roff output from clap_mangen and the roff crate
/// starts with (it makes `'` print as an apostrophe); the page has it once.
const PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];

/// Prints the man page.
pub fn run() -> ExitCode {
    match page(crate::Cli::command()) {
        Ok(roff) => print(roff.as_bytes()),
        Err(e) => {
            crate::diag::error(&format!("cannot make the man page: {e}"));
            ExitCode::from(2)
        }
    }
}

/// The roff of the man page of `command`: its own sections, the list of
/// its commands, a section per command (recursively, in the order
/// `--help` lists them), then the closing sections.
pub fn page(command: clap::Command) -> io::Result<String> {
    let mut command = command.version(env!("CARGO_PKG_VERSION"));
    command.build();
    let name = command.get_name().to_string();
    let man = clap_mangen::Man::new(command.clone());
    let mut page = PREAMBLE.join("\n") + "\n";
    page += &clap_part(|w| man.render_title(w))?;
    page += &clap_part(|w| man.render_name_section(w))?;
    page += &clap_part(|w| man.render_synopsis_section(w))?;
    let mut roff = Roff::new();
    roff.control("SH", ["DESCRIPTION"]);
    blocks(&mut roff, &prose::DESCRIPTION);
    page += &text(&roff);
    page += &clap_part(|w| man.render_options_section(w))?;
    page += &command_list(&command, &name, "SH");
    command_sections(&mut page, &command, &name)?;
    let mut roff = Roff::new();
    for section in prose::closing() {
        roff.control("SH", [section.title]);
        blocks(&mut roff, &section.blocks);
    }
    page += &text(&roff);
    Ok(page)
}

/// The commands of `command` that the page documents: all but clap's own
/// `help`, which only repeats `--help`.
fn commands(command: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help" && !sub.is_hide_set())
}

/// The COMMANDS heading (`SH` or `SS`) of `command`, whose full name is
/// `path`, listing its commands with what each does; nothing for a
/// command without any.
fn command_list(command: &clap::Command, path: &str, heading: &str) -> String {
    let mut roff = Roff::new();
    let mut any = false;
    for sub in commands(command) {
        if !any {
            roff.control(heading, ["COMMANDS"]);
            any = true;
        }
        let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
        roff.control("TP", [])
            .text([bold(format!("{path} {}", sub.get_name()))])
            .text([roman(format!(
                "{about}: see {} below.",
                title(&format!("{path} {}", sub.get_name()))
            ))]);
    }
    text(&roff)
}

/// Appends a section for each command of `command` (whose full name is
/// `path`), and for theirs after each.
fn command_sections(page: &mut String, command: &clap::Command, path: &str) -> io::Result<()> {
    for sub in commands(command) {
        let full = format!("{path} {}", sub.get_name());
        let mut roff = Roff::new();
        roff.control("SH", [title(&full).as_str()]);
        *page += &text(&roff);
        let man = clap_mangen::Man::new(aliases_said(sub.clone().bin_name(&full)));
        let mut part = clap_part(|w| man.render_synopsis_section(w))?;
        part += &clap_part(|w| man.render_description_section(w))?;
        part += &clap_part(|w| man.render_options_section(w))?;
        // The command's own sections are subsections of its section.
        *page += &demoted(&part);
        if let Some(notes) = sub.get_after_long_help().or(sub.get_after_help()) {
            let mut roff = Roff::new();
            roff.control("SS", ["NOTES"]);
            for para in notes.to_string().split("\n\n") {
                roff.control("PP", []).text([roman(para.trim())]);
            }
            *page += &text(&roff);
        }
        let mut roff = Roff::new();
        for section in prose::subsections(&full) {
            roff.control("SS", [section.title]);
            blocks(&mut roff, &section.blocks);
        }
        *page += &text(&roff);
        *page += &command_list(sub, &full, "SS");
        command_sections(page, sub, &full)?;
    }
    Ok(())
}

/// `command` with the visible aliases of each option said at the end of
/// its help (`--difficulty`: `Also --level.`), as `--help` shows them;
/// clap_mangen leaves them out.
fn aliases_said(command: clap::Command) -> clap::Command {
    let ids: Vec<clap::Id> = command
        .get_arguments()
        .map(|a| a.get_id().clone())
        .collect();
    ids.into_iter().fold(command, |command, id| {
        command.mut_arg(id, |arg| {
            let mut aliases: Vec<String> = arg
                .get_visible_aliases()
                .unwrap_or_default()
                .into_iter()
                .map(|a| format!("--{a}"))
                .collect();
            aliases.extend(
                arg.get_visible_short_aliases()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| format!("-{a}")),
            );
            if aliases.is_empty() {
                return arg;
            }
            let also = format!("Also {}.", aliases.join(", "));
            let joined = |help: &clap::builder::StyledStr| {
                format!("{}. {also}", help.to_string().trim_end_matches('.'))
            };
            let short = arg.get_help().map(joined).unwrap_or_else(|| also.clone());
            let long = arg.get_long_help().map(joined);
            let arg = arg.help(short);
            match long {
                Some(long) => arg.long_help(long),
                None => arg,
            }
        })
    })
}

/// The title of the section of the command `path`: `SUDOKU GENERATE
/// PUZZLES`.
fn title(path: &str) -> String {
    path.to_uppercase()
}

/// Sets `blocks` in `roff`: paragraphs, and tagged paragraphs with their
/// term in bold.
fn blocks(roff: &mut Roff, blocks: &[prose::Block<'_>]) {
    for block in blocks {
        match *block {
            prose::Block::Para(para) => roff.control("PP", []).text([roman(para)]),
            prose::Block::Item(term, body) => roff
                .control("TP", [])
                .text([bold(term)])
                .text([roman(body)]),
        };
    }
}

/// What clap_mangen's `render` writes, without the preamble.
fn clap_part(render: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> io::Result<String> {
    let mut bytes = Vec::new();
    render(&mut bytes)?;
    let part = String::from_utf8(bytes).map_err(io::Error::other)?;
    Ok(without_preamble(&part))
}

/// `roff` rendered, without the preamble.
fn text(roff: &Roff) -> String {
    without_preamble(&roff.render())
}

/// `roff` without the preamble's lines, and with any character beyond
/// ASCII written as groff's `\[uXXXX]`, which every formatter reads
/// whatever the encoding it expects.
fn without_preamble(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    for line in roff.lines().filter(|line| !PREAMBLE.contains(line)) {
        for c in line.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
            }
        }
        out.push('\n');
    }
    out
}

/// `roff` with its `.SH` sections made `.SS` subsections.
fn demoted(roff: &str) -> String {
    roff.lines()
        .map(|line| match line.strip_prefix(".SH ") {
            Some(title) => format!(".SS {title}\n"),
            None => format!("{line}\n"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn the_page() -> String {
        page(crate::Cli::command()).unwrap()
    }

    #[test]
    fn every_command_has_a_section_nested_ones_too() {
        let page = the_page();
        for title in [
            "SUDOKU PLAY",
            "SUDOKU GENERATE",
            "SUDOKU GENERATE GRIDS",
            "SUDOKU GENERATE PUZZLES",
            "SUDOKU MAN",
        ] {
            assert!(
                page.contains(&format!(".SH \"{title}\"\n")),
                "no section {title}"
            );
        }
        assert!(
            !page.contains("HELP\""),
            "clap's help command has no section"
        );
        assert!(!page.contains("generate-grids(1)"), "no page of that name");
    }

    #[test]
    fn the_preamble_is_said_once_and_the_page_is_ascii() {
        let page = the_page();
        assert_eq!(page.matches(PREAMBLE[0]).count(), 1);
        assert!(page.starts_with(PREAMBLE[0]));
        assert!(page.is_ascii());
        assert_eq!(without_preamble("a \u{2191} b"), "a \\[u2191] b\n");
    }
}
