//! The parts of the man page that clap does not know: the description of
//! the whole program, the text game's commands, and the closing sections
//! (exit status, environment, files, examples, see also), as plain text
//! that [`super`] sets in roff.

use crate::play::help;

/// A piece of a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block<'a> {
    /// A paragraph.
    Para(&'a str),
    /// A term in bold, then its text, indented under it.
    Item(&'a str, &'a str),
}

/// A section (or subsection) of the page: its title and its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section<'a> {
    /// The title, in capitals.
    pub title: &'a str,
    /// What it holds, in order.
    pub blocks: Vec<Block<'a>>,
}

/// The page's DESCRIPTION: what the program is and how its commands
/// read and write.
pub const DESCRIPTION: [Block<'static>; 4] = [
    Block::Para(
        "sudoku plays Sudoku in plain text, and solves, grades, explains, generates, prints, \
         canonicalises and benchmarks puzzles as Unix filters. The full-screen game is \
         sudoku-tui(1); both games keep their saved games in the same place, so a game started \
         in one goes on in the other.",
    ),
    Block::Para(
        "Puzzles are read in any common text format: 81 cells on one line (a digit for a \
         given; '.', '0' or '_' for a blank), optionally followed by a note after a space, or \
         nine lines of nine cells, with or without spaces and box lines; '#' starts a \
         comment. A file may hold many puzzles, in either form.",
    ),
    Block::Para(
        "The filters (solve, grade, canon) read the files named, or standard input when none \
         is named or for '-', and write one answer per puzzle in input order, each as soon as \
         it and those before it are done. A record that cannot be read is reported on \
         standard error as FILE:LINE: message, and the others are still answered. With -o FILE \
         the output is written to FILE whole at the end, or not at all.",
    ),
    Block::Para(
        "Each command is described below with all its options; sudoku help COMMAND, or \
         sudoku COMMAND --help, prints the same on the terminal.",
    ),
];

/// The extra subsections of the section of the command `path` (`sudoku
/// play`): for the text game, how it is played and its commands, from
/// the table its `help` prints.
pub fn subsections(path: &str) -> Vec<Section<'static>> {
    if path != "sudoku play" {
        return Vec::new();
    }
    let mut blocks = vec![
        Block::Para(
            "The game draws the board, then reads one command per line at its prompt: at a \
             terminal with line editing and history, through a pipe as plain lines, each \
             echoed after the prompt so that the output reads as a transcript. After a move \
             it draws the board again and says whether the move is legal or how many \
             conflicts there are; entries that conflict are allowed.",
        ),
        Block::Para(
            "A game that ends unsolved is saved (see FILES) when a move or a mark was made; \
             opening the same puzzle again, in this game or in sudoku-tui(1), goes on from \
             there with the whole undo history. A won game's save is removed. A signal that \
             ends the game (SIGHUP, SIGINT, SIGTERM) saves it first.",
        ),
        Block::Para(
            "Commands are typed in upper or lower case; spaces around them are ignored. A cell \
             is named by its row 1-9 and its column a-i, in either order (5c or c5):",
        ),
    ];
    blocks.extend(
        help::COMMANDS
            .iter()
            .map(|&(command, does)| Block::Item(command, does)),
    );
    blocks.push(Block::Para(help::LEGEND));
    vec![Section {
        title: "COMMANDS OF THE GAME",
        blocks,
    }]
}

/// The sections after the commands', in the order of man-pages(7).
pub fn closing() -> Vec<Section<'static>> {
    vec![
        Section {
            title: "EXIT STATUS",
            blocks: EXIT_STATUS.to_vec(),
        },
        Section {
            title: "ENVIRONMENT",
            blocks: ENVIRONMENT.to_vec(),
        },
        Section {
            title: "FILES",
            blocks: FILES.to_vec(),
        },
        Section {
            title: "EXAMPLES",
            blocks: EXAMPLES
                .iter()
                .map(|&(c, what)| Block::Item(c, what))
                .collect(),
        },
        Section {
            title: "SEE ALSO",
            blocks: vec![Block::Para(
                "sudoku-tui(1), the full-screen game. The source's docs/ folder explains every \
                 command, format and technique at length (docs/cli.md, docs/formats.md, \
                 docs/generator.md, docs/grading.md).",
            )],
        },
    ]
}

/// What each exit status means.
const EXIT_STATUS: [Block<'static>; 4] = [
    Block::Item(
        "0",
        "Success: every puzzle was read and answered (grade --rating selecting none is a \
         success); the game was won, or ended with end or solve. Also when the reader of a \
         filter's output went away (a closed pipe, as with head).",
    ),
    Block::Item(
        "1",
        "Some puzzle could not be read or is invalid (each is reported on standard error as \
         FILE:LINE: message; the others are answered); explain found no such puzzle; the \
         puzzle to play cannot be played, or is open in another game, or the game ended \
         unsaved; generate made fewer than N (a time limit, a search that found too few, a \
         request it gave up on; all it made are written); bench saw a wrong answer or a \
         solver that failed; print had a puzzle to skip or none at all.",
    ),
    Block::Item(
        "2",
        "The arguments are wrong, an input cannot be read, or the output cannot be written \
         (for the game, also when its output is closed: the game is saved first).",
    ),
    Block::Item(
        "128+N",
        "Ended by signal N: 129 for SIGHUP, 130 for SIGINT, 143 for SIGTERM. The game is \
         saved first, a search has written all it found, and the temporary file of -o is \
         removed.",
    ),
];

/// The environment variables the program reads.
const ENVIRONMENT: [Block<'static>; 4] = [
    Block::Item(
        "NO_COLOR",
        "When set and not empty, play --color auto (the default) draws the board without \
         colour, as sudoku-tui does.",
    ),
    Block::Item(
        "XDG_DATA_HOME",
        "The data directory: the saved games are kept in XDG_DATA_HOME/sudoku. When it is \
         not set (or not an absolute path), ~/.local/share is used. A script can keep its \
         games apart from yours with XDG_DATA_HOME=/tmp/scratch sudoku play ...",
    ),
    Block::Item(
        "HOME",
        "The home directory: where the data directory is when XDG_DATA_HOME is not set, and \
         what messages write as ~ when they name a saved game.",
    ),
    Block::Item(
        "TMPDIR",
        "Where print keeps the graded puzzles until the pages are written, in an unnamed \
         temporary file that goes with the process (default /tmp).",
    ),
];

/// The files the program reads and writes by itself.
const FILES: [Block<'static>; 6] = [
    Block::Item(
        "~/.local/share/sudoku/KEY.save",
        "The saved game of one puzzle (in XDG_DATA_HOME/sudoku when that is set; \
         ~/Library/Application Support/sudoku on macOS), shared with sudoku-tui(1). KEY is \
         the puzzle's 81 cells row by row, 0 for a blank. It holds the board, the pencil \
         marks, the time played, the counts and the whole undo and redo history, as text \
         (sudoku save 2). play --resume lists these games.",
    ),
    Block::Item(
        "~/.local/share/sudoku/.KEY.lock",
        "The lock a game holds on its puzzle while it is open, so that no other game, in \
         either program, plays it at the same time. The system releases it when the process \
         ends, however it ends.",
    ),
    Block::Item(
        "~/.local/share/sudoku/KEY.save.bad",
        "A save that could not be read, set aside (then .bad2, .bad3, ...) so that it is \
         never written over; neither game reads it again.",
    ),
    Block::Item(
        "~/.local/share/sudoku/statistics.txt",
        "The statistics of the games won in either game (sudoku stats 1): per level the \
         games won, best and total time and hints, the dates of the daily puzzles won, and \
         the last games counted. One that cannot be read is set aside as \
         statistics.txt.bad at the next win. sudoku stats prints them.",
    ),
    Block::Item(
        "./puzzles/sudoku*.txt",
        "The puzzle files play offers when no FILE is named (see --dir), besides the puzzles \
         built into the program.",
    ),
    Block::Para("No other file is written but those named with -o and --plot."),
];

/// Commands to try, each with what it does. Every one runs as written
/// (a test parses each with the real command line).
pub const EXAMPLES: [(&str, &str); 15] = [
    (
        "sudoku play",
        "Choose a puzzle from ./puzzles, the built-in ones or a new random one, and play it.",
    ),
    (
        "sudoku play --random hard --seed 42",
        "Play a new hard puzzle; the same seed gives the same puzzle.",
    ),
    (
        "sudoku play --resume",
        "List the saved games (of both games) and go on with one.",
    ),
    (
        "sudoku play --daily hard",
        "Play today's hard daily puzzle, the same for everyone today (UTC).",
    ),
    (
        "sudoku stats",
        "Show the games won per level, the best and average times and the daily streak.",
    ),
    (
        "printf '5c6\\nhint\\nend\\n' | sudoku play --no-color easy.txt",
        "Play through a pipe: a move, a hint, then save and quit.",
    ),
    (
        "sudoku solve puzzles.txt",
        "Write the solution of each puzzle of puzzles.txt, one line each.",
    ),
    (
        "sudoku generate puzzles 1000 --holes 40-60 --seed 7 | sudoku solve --count | sort | uniq -c",
        "Count how many of 1000 random puzzles have one solution (1), and how many more (2).",
    ),
    (
        "sudoku generate puzzles 10 --difficulty hard --symmetry rot180 --seed 1",
        "Ten symmetric hard puzzles, the same ten for the same seed.",
    ),
    (
        "sudoku generate puzzles 5 --rating 9.0.. --time-limit 10m -o hardest.txt",
        "Search for five puzzles rated 9.0 or more for at most ten minutes, writing each to \
         hardest.txt as it is found.",
    ),
    (
        "sudoku grade --rating 4.0..5.0 --format se puzzles.txt",
        "Keep the puzzles rated 4.0 to 5.0, each followed by its three Sudoku Explainer \
         ratings.",
    ),
    (
        "sudoku explain --index 3 puzzles.txt",
        "Explain the logical solve of the third puzzle, step by step.",
    ),
    (
        "sudoku generate puzzles 6 --level hard | sudoku print --solutions -o /tmp/hard.pdf",
        "A page of six hard puzzles for paper, and their solutions.",
    ),
    (
        "sudoku canon --dedupe puzzles.txt",
        "Drop the puzzles that are another puzzle of the file in disguise.",
    ),
    (
        "sudoku man > ~/.local/share/man/man1/sudoku.1",
        "Install this page (the folder must exist).",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The parts of `line` that run sudoku, as argument lists.
    fn sudoku_commands(line: &str) -> Vec<Vec<&str>> {
        line.split(['|', '>'])
            .map(str::split_whitespace)
            .filter_map(|mut words| (words.next() == Some("sudoku")).then(|| words.collect()))
            .collect()
    }

    #[test]
    fn every_example_is_a_good_command_line() {
        for (line, _) in EXAMPLES {
            let commands = sudoku_commands(line);
            assert!(!commands.is_empty(), "{line}: runs no sudoku");
            for args in commands {
                let parsed = crate::Cli::try_parse_from(std::iter::once("sudoku").chain(args));
                assert!(parsed.is_ok(), "{line}: {}", parsed.unwrap_err());
            }
        }
    }

    #[test]
    fn only_the_game_has_subsections_and_they_list_every_command() {
        assert!(subsections("sudoku solve").is_empty());
        let game = subsections("sudoku play");
        let listed: Vec<&str> = game[0]
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Item(command, _) => Some(*command),
                Block::Para(_) => None,
            })
            .collect();
        let table: Vec<&str> = help::COMMANDS.iter().map(|(c, _)| *c).collect();
        assert_eq!(listed, table);
    }
}
