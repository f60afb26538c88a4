//! The man page sudoku-tui(1) that `--man` prints: the options from the
//! command-line definition (through clap_mangen), then every key and mouse
//! action from [`keys`], the same table the help screen lists, then what a
//! person needs after `cargo install`: how questions are answered, the
//! exit status, the environment, the files and examples.

use std::io;

use roff::{bold, roman, Roff};

use crate::keys;

/// The line pair that clap_mangen's and the roff crate's output starts
/// with (it makes `'` print as an apostrophe); the page has it once.
const PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];

/// The page's DESCRIPTION.
const DESCRIPTION: [&str; 3] = [
    "sudoku-tui is the full-screen Sudoku game: a list of puzzles and saved games to choose \
     from, new random puzzles at five levels, a board played with the keyboard and the mouse, \
     pencil marks and automatic candidates, explained hints, a mistake check, an animated \
     auto-solve, a timer and a pause.",
    "Every unfinished game is saved when it is left, and opening its puzzle again goes on \
     from there with the whole undo history. The text game sudoku play (see sudoku(1)) \
     shares the saved games: a game started in one goes on in the other.",
    "Press ? on the board (F1 in the puzzle list) for the keys, which are listed below. It \
     needs a terminal: for scripts, use sudoku(1).",
];

/// How questions and the help screen take keys, after the key tables.
const QUESTIONS: &str = "A question (quit? leave this game? delete this saved game?) takes y or \
     Enter for yes, n or Esc for no. Where yes would lose something (leaving without saving, \
     deleting a save), Enter means no. On the help screen, Up, Down, PageUp and PageDown \
     scroll, and any other key closes it. Ctrl-C quits at once anywhere, saving the game.";

/// What each exit status means.
const EXIT_STATUS: [(&str, &str); 4] = [
    (
        "0",
        "The player quit, and the game in progress (if any) is saved; its path is printed.",
    ),
    (
        "1",
        "The file or folder named cannot be read; stdin or stdout is not a terminal; the \
         puzzle asked for is open in another game; or the game ended without being saved \
         (the reason is printed on stderr).",
    ),
    (
        "2",
        "The arguments are wrong, or --man or --completions cannot write their output.",
    ),
    (
        "128+N",
        "Ended by signal N: 129 for SIGHUP (the terminal closed), 130 for SIGINT, 143 for \
         SIGTERM. The game is saved and the terminal restored first.",
    ),
];

/// The environment variables the game reads.
const ENVIRONMENT: [(&str, &str); 3] = [
    (
        "NO_COLOR",
        "When set to a non-empty value, the game draws without colours; bold, underline, \
         reverse and italic stay, and every mark on the board reads without colour.",
    ),
    (
        "XDG_DATA_HOME",
        "The data directory: the saved games are kept in XDG_DATA_HOME/sudoku. When it is \
         not set (or not an absolute path), ~/.local/share is used.",
    ),
    (
        "HOME",
        "The home directory: where the data directory is when XDG_DATA_HOME is not set, and \
         what messages write as ~ when they name a saved game.",
    ),
];

/// The files the game reads and writes by itself.
const FILES: [(&str, &str); 5] = [
    (
        "~/.local/share/sudoku/KEY.save",
        "The saved game of one puzzle (in XDG_DATA_HOME/sudoku when that is set; \
         ~/Library/Application Support/sudoku on macOS), shared with sudoku play. KEY is \
         the puzzle's 81 cells row by row, 0 for a blank. It holds the board, the pencil \
         marks, the time played, the counts and the whole undo and redo history. The list \
         shows these games first, the latest first. A save that cannot be read is named \
         under the list and left as it is: its puzzle is not opened over it.",
    ),
    (
        "~/.local/share/sudoku/.KEY.lock",
        "The lock a game holds on its puzzle while it is open, so that no other game, in \
         either program, plays it at the same time. The system releases it when the process \
         ends, however it ends.",
    ),
    (
        "~/.local/share/sudoku/statistics.txt",
        "The statistics of the games won in either game, shared with sudoku stats: per \
         level the games won, best and total time and hints, and the dates of the daily \
         puzzles won. F2 shows them. One that cannot be read is set aside as \
         statistics.txt.bad at the next win.",
    ),
    (
        "~/.local/share/sudoku-tui/save.txt",
        "Where the previous release kept its one saved game: moved into the saved games \
         once, at start.",
    ),
    (
        "./puzzles/sudoku*.txt",
        "The puzzle files listed when no PATH is named, besides the puzzles built into the \
         program.",
    ),
];

/// Commands to try, each with what it does.
const EXAMPLES: [(&str, &str); 6] = [
    (
        "sudoku-tui",
        "Choose from ./puzzles, the built-in puzzles, your saved games and new random ones.",
    ),
    (
        "sudoku-tui ~/puzzles",
        "List the sudoku*.txt files of a folder.",
    ),
    (
        "sudoku-tui --resume",
        "Go straight back to the game saved last, by either game.",
    ),
    (
        "sudoku-tui --random expert --seed 42",
        "Play a new expert puzzle; the same seed gives the same puzzle.",
    ),
    (
        "sudoku generate puzzles 20 --difficulty hard > hard.txt && sudoku-tui hard.txt",
        "Make twenty hard puzzles with sudoku(1), then choose one to play.",
    ),
    (
        "sudoku-tui --man > ~/.local/share/man/man1/sudoku-tui.1",
        "Install this page (the folder must exist).",
    ),
];

/// The roff of the man page of `command` (the game's arguments).
pub fn page(command: clap::Command) -> io::Result<String> {
    let man = clap_mangen::Man::new(command);
    let mut page = PREAMBLE.join("\n") + "\n";
    page += &clap_part(|w| man.render_title(w))?;
    page += &clap_part(|w| man.render_name_section(w))?;
    page += &clap_part(|w| man.render_synopsis_section(w))?;
    let mut roff = Roff::new();
    roff.control("SH", ["DESCRIPTION"]);
    for para in DESCRIPTION {
        roff.control("PP", []).text([roman(para)]);
    }
    page += &text(&roff);
    page += &clap_part(|w| man.render_options_section(w))?;
    let mut roff = Roff::new();
    for group in keys::GROUPS {
        roff.control("SH", [group.title.to_uppercase().as_str()]);
        items(&mut roff, group.bindings);
    }
    roff.control("SH", ["QUESTIONS"])
        .control("PP", [])
        .text([roman(QUESTIONS)]);
    for (title, entries) in [
        ("EXIT STATUS", &EXIT_STATUS[..]),
        ("ENVIRONMENT", &ENVIRONMENT[..]),
        ("FILES", &FILES[..]),
        ("EXAMPLES", &EXAMPLES[..]),
    ] {
        roff.control("SH", [title]);
        items(&mut roff, entries);
    }
    roff.control("SH", ["SEE ALSO"])
        .control("PP", [])
        .text([roman(
            "sudoku(1): the text game (sudoku play) and the batch tools. The source's \
         docs/tui.md tells the game at length, with pictures of its screens.",
        )]);
    page += &text(&roff);
    Ok(page)
}

/// Sets `entries` as tagged paragraphs, each term in bold.
fn items(roff: &mut Roff, entries: &[(&str, &str)]) {
    for (term, body) in entries {
        roff.control("TP", [])
            .text([bold(*term)])
            .text([roman(*body)]);
    }
}

/// What clap_mangen's `render` writes, without the preamble.
fn clap_part(render: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> io::Result<String> {
    let mut bytes = Vec::new();
    render(&mut bytes)?;
    let part = String::from_utf8(bytes).map_err(io::Error::other)?;
    Ok(plain(&part))
}

/// `roff` rendered, without the preamble.
fn text(roff: &Roff) -> String {
    plain(&roff.render())
}

/// `roff` without the preamble's lines, and with any character beyond
/// ASCII (the help's arrows) written as groff's `\[uXXXX]`, which every
/// formatter reads whatever the encoding it expects.
fn plain(roff: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn the_page() -> String {
        page(
            clap::Command::new("sudoku-tui").version("1.0").arg(
                clap::Arg::new("resume")
                    .long("resume")
                    .action(clap::ArgAction::SetTrue),
            ),
        )
        .unwrap()
    }

    #[test]
    fn the_page_has_every_binding_once_and_is_ascii() {
        let page = the_page();
        assert!(page.is_ascii());
        assert_eq!(page.matches(PREAMBLE[0]).count(), 1);
        for (keys, _) in keys::bindings() {
            let term = format!(".TP\n\\fB{}\\fR\n", keys.replace('-', "\\-"));
            assert_eq!(page.matches(&term).count(), 1, "{keys}");
        }
        assert!(page.contains("\\[u2191]\\[u2193]"), "the arrows, escaped");
        assert!(page.contains(".SH \"KEYS ON THE BOARD\""));
        assert!(page.contains("\\fB\\-\\-resume\\fR"));
    }
}
