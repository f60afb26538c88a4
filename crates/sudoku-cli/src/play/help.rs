//! The game's commands with what each does: one table, which the game's
//! `help` lists and the man page documents, so the two always agree. A
//! test parses every command of the table and checks that it names every
//! kind of [`Command`](super::command::Command).

/// How commands are typed, as the list's heading says it.
pub const TYPING: &str = "upper or lower case, spaces around ignored";

/// Every command: what to type (other spellings in the text), and what it
/// does.
pub const COMMANDS: [(&str, &str); 23] = [
    ("5c6", "put 6 in row 5, column c (also 5c 6, c5 6, c56)"),
    ("5c0", "erase row 5, column c"),
    ("bk", "undo the last move, again and again (also undo)"),
    ("rd", "redo the last undone move (also redo)"),
    (
        "n5c123",
        "toggle the pencil marks 1, 2 and 3 in 5c (also note 5c 123)",
    ),
    (
        "5c?",
        "list the marks of 5c and the digits its row, column and box allow",
    ),
    (
        "auto",
        "automatic candidates on or off (also auto on, auto off)",
    ),
    (
        "color 5c a",
        "colour 5c in colour a (a-f); color 5c 7 b colours its candidate 7, \
         color 5c off takes a colour off; undo takes colourings back (also colour)",
    ),
    ("color clear", "take every colour off the board"),
    (
        "filter 5",
        "mark * every blank cell where 5 can still go (filter off stops)",
    ),
    (
        "see 5c",
        "mark [ ] 5c and : : the cells that see it (see off stops)",
    ),
    ("check", "count the conflicts and say where they are"),
    (
        "mistakes",
        "name the cells whose digit is not the solution's (counts as a hint)",
    ),
    (
        "hint",
        "the next logical step, a rung more each time on the same board: the \
         technique, where, the move, the reasoning; then hint places a digit",
    ),
    (
        "hint all",
        "every rung of the next step at once (a chain as its links); hint \
         again places a digit",
    ),
    ("solve", "show the solution and end the game (it is saved)"),
    (
        "restart",
        "start this puzzle afresh: no entries, marks, time or hints",
    ),
    (
        "show",
        "draw the board again; show notes draws the marks as small digits, \
         show compact lists them under the board, show plain goes back",
    ),
    (
        "time",
        "say the time played (it runs while you type at a terminal)",
    ),
    ("save", "save the game now (it is saved at the end too)"),
    (
        "open",
        "open LINE: save this game and play the puzzle on LINE (81 cells, . or 0 \
         for a blank, as a puzzle file holds it)",
    ),
    ("help", "this list (also ?)"),
    ("end", "save and quit (also quit, exit, or end of input)"),
];

/// What the marks on the board mean, the last line of the list.
pub const LEGEND: &str = "On the board: . is a blank cell, !7! a digit in conflict, >7< the last \
     move,\n7a a cell coloured a, * a cell where the filter's digit can go,\n[7] the cell see \
     picked and :7: the cells that see it.";

/// The widest line of the list.
const WIDTH: usize = 78;

/// The list `help` prints: a heading, each command with what it does
/// (wrapped within [`WIDTH`] columns, under the text), and the legend.
pub fn text() -> String {
    let name_width = COMMANDS.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
    let indent = 2 + name_width + 1;
    let mut out = format!("Commands ({TYPING}):\n");
    for (command, does) in COMMANDS {
        let mut line = format!("  {command:<name_width$}");
        for word in does.split(' ') {
            if line.len() + 1 + word.len() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(indent - 1);
            }
            line.push(' ');
            line.push_str(word);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(LEGEND);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::command::{parse, Command};

    /// The kind of a command, one name per variant (an erase apart from a
    /// move): a new variant does not compile until it is named here.
    fn kind(command: Command) -> &'static str {
        match command {
            Command::Enter { value: 0, .. } => "erase",
            Command::Enter { .. } => "enter",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Check => "check",
            Command::Hint => "hint",
            Command::HintAll => "hint all",
            Command::Solve => "solve",
            Command::Restart => "restart",
            Command::Show(_) => "show",
            Command::Marks(_) => "marks",
            Command::Note { .. } => "note",
            Command::Auto(_) => "auto",
            Command::Mistakes => "mistakes",
            Command::Time => "time",
            Command::Save => "save",
            Command::Help => "help",
            Command::End => "end",
            Command::Colour { .. } => "colour",
            Command::ClearColours => "clear colours",
            Command::Filter(_) => "filter",
            Command::See(_) => "see",
            Command::Open(_) => "open",
        }
    }

    #[test]
    fn every_command_of_the_list_is_one_and_every_kind_is_listed() {
        let mut kinds: Vec<&str> = COMMANDS
            .iter()
            .map(|(typed, _)| match parse(typed) {
                Ok(Some(command)) => kind(command),
                other => panic!("{typed:?} is not a command: {other:?}"),
            })
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), COMMANDS.len(), "two rows of one kind");
        assert_eq!(kinds.len(), 23, "a kind of command is not listed");
    }

    #[test]
    fn the_list_fits_in_its_width_and_wraps_under_the_text() {
        let text = text();
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
        assert!(text.starts_with("Commands (upper or lower case"));
        assert!(text.contains(
            "  hint all    every rung of the next step at once (a chain as its links); hint\n              again places a digit\n"
        ));
        assert!(text.ends_with(LEGEND));
    }
}
