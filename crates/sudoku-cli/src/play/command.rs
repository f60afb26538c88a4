//! What the player types, as a [`Command`], or a [`CommandError`] that names
//! the bad part and the allowed range.
//!
//! Commands are case-insensitive and surrounding spaces are ignored. A move
//! is a row `1`-`9`, a column `a`-`i` and a digit `0`-`9` (0 erases), in
//! one of these forms: `5c6`, `5c 6`, `c5 6`, `c56`. A cell followed by `?`
//! (`5c?`) asks for its pencil marks; `n5c123` (`note 5c 123`) toggles
//! marks.

use sudoku_core::session::{Colour, Target};
use sudoku_core::{parse_many, Cell, Col, Digit, Digits, Grid, Row};
use thiserror::Error;

use super::board::View;
use super::paint;

/// One command of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Put `value` in `cell`; 0 erases it.
    Enter {
        /// The cell.
        cell: Cell,
        /// The digit, 0-9.
        value: u8,
    },
    /// Take back the last move (`bk`, `undo`).
    Undo,
    /// Make the last undone move again (`rd`, `redo`).
    Redo,
    /// Say how many conflicts there are, and where (`check`).
    Check,
    /// Tell one rung more of the next step; after the last, fill one
    /// correct cell (`hint`).
    Hint,
    /// Tell every rung of the next step at once (`hint all`).
    HintAll,
    /// Show the solution and end the game (`solve`).
    Solve,
    /// Take every entry off the board (`restart`).
    Restart,
    /// Draw the board again (`show`), or in another view from now on
    /// (`show plain`, `show notes`, `show compact`).
    Show(Option<View>),
    /// List the pencil marks of a cell and the digits its units allow
    /// (`5c?`).
    Marks(Cell),
    /// Toggle pencil marks in a cell (`n5c123`, `note 5c 123`).
    Note {
        /// The cell.
        cell: Cell,
        /// The marks to toggle.
        digits: Digits,
    },
    /// Turn automatic candidates on or off (`auto`, `auto on`, `auto off`);
    /// `None` switches.
    Auto(Option<bool>),
    /// Name the entries that differ from the solution (`mistakes`).
    Mistakes,
    /// Say the time played (`time`).
    Time,
    /// Save the game now (`save`).
    Save,
    /// List the commands (`help`, `?`).
    Help,
    /// Quit without solving (`end`, `quit`, `exit`).
    End,
    /// Paint a cell or candidate, or take its colour off (`color 5c a`,
    /// `color 5c 7 b`, `color 5c off`).
    Colour {
        /// The cell or candidate.
        target: Target,
        /// The colour; `None` takes it off.
        colour: Option<Colour>,
    },
    /// Take every colour off (`color clear`).
    ClearColours,
    /// Mark where a digit can go (`filter 5`), or stop (`filter off`).
    Filter(Option<Digit>),
    /// Mark a cell and the cells that see it (`see 5c`), or stop (`see
    /// off`).
    See(Option<Cell>),
    /// Leave this game (saved) for the puzzle typed or pasted on the line
    /// (`open LINE`, in any format the programs read on one line); `None`:
    /// `open` alone, which says how.
    Open(Option<Grid>),
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// The row of a move is not `1`-`9`.
    #[error("row {0} is not in 1-9")]
    BadRow(String),
    /// The column of a move is not `a`-`i`.
    #[error("column {0} is not in a-i")]
    BadColumn(String),
    /// The digit of a move is not `0`-`9`.
    #[error("digit {0} is not in 0-9")]
    BadDigit(String),
    /// A move without its column or digit, such as `5c`.
    #[error("'{0}' is not a whole move: type row, column and digit, as in 5c6")]
    Incomplete(String),
    /// A pencil mark that is not `1`-`9`.
    #[error("mark {0} is not in 1-9")]
    BadMark(String),
    /// A note without its cell or marks, such as `n5c`.
    #[error("'{0}' is not a whole note: type n, the cell and the marks, as in n5c123")]
    IncompleteNote(String),
    /// A `?` after something that is not a cell, such as `5c6?`.
    #[error("'{0}' is not a cell: type row and column, then ?, as in 5c?")]
    NotACell(String),
    /// A command word with a value it does not take, such as `show all`.
    #[error("{command} takes {expected}, not '{value}'")]
    BadValue {
        /// The command word.
        command: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What was typed after it.
        value: String,
    },
    /// `open` with a line that is not one puzzle.
    #[error("open: {0}")]
    BadPuzzle(String),
    /// Neither a move nor a command word.
    #[error("unknown command '{0}' (type help)")]
    Unknown(String),
}

/// The longest bad value an error repeats; longer ones are cut with `...`.
const MAX_ECHO: usize = 24;

/// Reads one line typed by the player. A blank line is `Ok(None)`.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let text = line.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let word = text.to_ascii_lowercase();
    let command = match word.as_str() {
        "bk" | "undo" => Command::Undo,
        "rd" | "redo" => Command::Redo,
        "check" => Command::Check,
        "hint" => Command::Hint,
        "solve" => Command::Solve,
        "restart" => Command::Restart,
        "show" => Command::Show(None),
        "auto" => Command::Auto(None),
        "mistakes" => Command::Mistakes,
        "time" => Command::Time,
        "save" => Command::Save,
        "help" | "?" => Command::Help,
        "end" | "quit" | "exit" => Command::End,
        "open" => Command::Open(None),
        _ => return parse_other(text).map(Some),
    };
    Ok(Some(command))
}

/// A command word with a value (`show notes`, `auto off`), a note, a
/// question about a cell, or a move.
fn parse_other(text: &str) -> Result<Command, CommandError> {
    let (word, value) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let value = value.trim();
    match word.to_ascii_lowercase().as_str() {
        "hint" if value.eq_ignore_ascii_case("all") => return Ok(Command::HintAll),
        "show" => {
            let view = match value.to_ascii_lowercase().as_str() {
                "plain" => View::Plain,
                "notes" => View::Notes,
                "compact" => View::Compact,
                _ => return Err(bad_value("show", "plain, notes or compact", value)),
            };
            return Ok(Command::Show(Some(view)));
        }
        "color" | "colour" => return paint::parse_colour(value),
        "filter" => return paint::parse_filter(value),
        "see" => return paint::parse_see(value),
        "open" => return parse_open(value).map(|grid| Command::Open(Some(grid))),
        "auto" => {
            return match value.to_ascii_lowercase().as_str() {
                "on" => Ok(Command::Auto(Some(true))),
                "off" => Ok(Command::Auto(Some(false))),
                _ => Err(bad_value("auto", "on or off", value)),
            }
        }
        _ => {}
    }
    if let Some(rest) = note_body(text) {
        return parse_note(text, rest);
    }
    if let Some(asked) = text.strip_suffix('?') {
        let compact: String = asked.split_whitespace().collect();
        if looks_like_cell(&compact) {
            return parse_cell(&compact, text, CommandError::NotACell).map(Command::Marks);
        }
    }
    parse_move(text)
}

/// The one puzzle on `line` (what follows `open`), read as a puzzle file
/// is: 81 cells, `.` or `0` for a blank, with or without the other forms'
/// punctuation.
fn parse_open(line: &str) -> Result<Grid, CommandError> {
    let mut records = parse_many(line).into_iter();
    match (records.next(), records.next()) {
        (Some(Ok(record)), None) => Ok(record.grid),
        (Some(Err(err)), _) => Err(CommandError::BadPuzzle(format!(
            "'{}': {}",
            echo(line),
            err.detail()
        ))),
        (None, _) => Err(CommandError::BadPuzzle(format!(
            "no puzzle in '{}'",
            echo(line)
        ))),
        (Some(Ok(_)), Some(_)) => Err(CommandError::BadPuzzle(format!(
            "'{}' holds more than one puzzle: open one at a time",
            echo(line)
        ))),
    }
}

fn bad_value(command: &'static str, expected: &'static str, value: &str) -> CommandError {
    CommandError::BadValue {
        command,
        expected,
        value: echo(value),
    }
}

/// What follows `note` or `n` when `text` is a note: the word alone, or
/// followed by something that starts like a cell (`5c`, `c5`). `None` for
/// other words that start with n.
fn note_body(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let rest = ["note", "n"]
        .iter()
        .find_map(|word| lower.strip_prefix(word))?;
    let compact: String = text[text.len() - rest.len()..].split_whitespace().collect();
    (compact.is_empty() || looks_like_cell(&compact)).then_some(compact)
}

/// Whether `compact` starts as a cell does: a figure, or a letter then a
/// figure.
fn looks_like_cell(compact: &str) -> bool {
    let mut chars = compact.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some(c) if c.is_alphabetic() => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// A note: `body` is what follows `n` or `note`, spaces removed (`5c123`).
fn parse_note(text: &str, body: String) -> Result<Command, CommandError> {
    let incomplete = || CommandError::IncompleteNote(echo(text));
    let split = body.char_indices().nth(2).map_or(body.len(), |(i, _)| i);
    let (cell, marks) = body.split_at(split);
    if cell.chars().count() < 2 || marks.is_empty() {
        return Err(incomplete());
    }
    let cell = parse_cell(cell, text, CommandError::IncompleteNote)?;
    let mut digits = Digits::EMPTY;
    for c in marks.chars() {
        let digit = c
            .to_digit(10)
            .and_then(|d| Digit::new(d as u8))
            .ok_or_else(|| CommandError::BadMark(echo(&c.to_string())))?;
        digits = digits.with(digit);
    }
    Ok(Command::Note { cell, digits })
}

/// A cell named in two characters, row first (`5c`) or column first
/// (`c5`), in any case. Anything else is `other(text)`.
fn parse_cell(
    name: &str,
    text: &str,
    other: fn(String) -> CommandError,
) -> Result<Cell, CommandError> {
    let chars: Vec<char> = name.chars().collect();
    let [a, b] = chars[..] else {
        return Err(other(echo(text)));
    };
    let (row, col) = if a.is_ascii_digit() { (a, b) } else { (b, a) };
    let row = Row::from_name(row).ok_or_else(|| CommandError::BadRow(row.to_string()))?;
    let col = Col::from_name(col).ok_or_else(|| CommandError::BadColumn(col.to_string()))?;
    Ok(Cell::at(row, col))
}

/// The three parts of a move as typed, before they are checked.
struct Parts {
    row: String,
    col: String,
    digit: String,
}

/// Reads `text` (trimmed, not blank) as a move.
fn parse_move(text: &str) -> Result<Command, CommandError> {
    let parts = split_move(text).ok_or_else(|| CommandError::Unknown(echo(text)))?;
    if parts.col.is_empty() || parts.digit.is_empty() {
        return Err(CommandError::Incomplete(echo(text)));
    }
    let row = single(&parts.row)
        .and_then(Row::from_name)
        .ok_or_else(|| CommandError::BadRow(echo(&parts.row)))?;
    let col = single(&parts.col)
        .and_then(Col::from_name)
        .ok_or_else(|| CommandError::BadColumn(echo(&parts.col)))?;
    let value = single(&parts.digit)
        .and_then(|c| c.to_digit(10))
        .ok_or_else(|| CommandError::BadDigit(echo(&parts.digit)))?;
    Ok(Command::Enter {
        cell: Cell::at(row, col),
        value: value as u8,
    })
}

/// Splits a move into row, column and digit; `None` when `text` does not
/// look like a move at all (then it is an unknown command).
///
/// Row first (`5c6`, `5c 6`, `10c6`), spaces removed: the leading figures
/// are the row when letters follow them, else only the first one is; then
/// the letters are the column (or the next character, when it is not a
/// letter), except a last letter that ends the move; the rest is the digit. Column first (`c5 6`, `c56`, `c 5 6`): a
/// letter, then numbers; with two or more numbers the first is the row and
/// the rest the digit, with one its first figure is the row.
fn split_move(text: &str) -> Option<Parts> {
    let lead = text.chars().next()?;
    if lead.is_ascii_digit() {
        let compact: String = text.split_whitespace().collect();
        let figures = compact
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(compact.len());
        let row_len = if figures < compact.len() { figures } else { 1 };
        let (row, after_row) = compact.split_at(row_len);
        let letters = after_row
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(after_row.len());
        let col_len = match after_row[..letters].char_indices().last() {
            // Not a letter: take one character, to name it as the column.
            None => after_row.chars().next().map_or(0, char::len_utf8),
            // Letters to the end, as in `5cx`: the last one is the digit.
            Some((last, _)) if letters == after_row.len() && last > 0 => last,
            Some(_) => letters,
        };
        let (col, digit) = after_row.split_at(col_len);
        return Some(Parts {
            row: row.to_string(),
            col: col.to_string(),
            digit: digit.to_string(),
        });
    }
    if !lead.is_alphabetic() {
        return None;
    }
    let after_col = &text[lead.len_utf8()..];
    let numbers: Vec<&str> = after_col.split_whitespace().collect();
    let all_figures = |s: &&str| s.chars().all(|c| c.is_ascii_digit());
    if numbers.is_empty() || !all_figures(&numbers[0]) {
        return None;
    }
    let (row, digit) = if numbers.len() == 1 {
        let (row, digit) = numbers[0].split_at(1);
        (row.to_string(), digit.to_string())
    } else {
        (numbers[0].to_string(), numbers[1..].concat())
    };
    Some(Parts {
        row,
        col: lead.to_string(),
        digit,
    })
}

/// The only character of `s`, if it has exactly one.
fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// `value` as an error repeats it: at most [`MAX_ECHO`] characters.
fn echo(value: &str) -> String {
    if value.chars().count() <= MAX_ECHO {
        value.to_string()
    } else {
        let cut: String = value.chars().take(MAX_ECHO).collect();
        format!("{cut}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enter(name: &str, value: u8) -> Result<Option<Command>, CommandError> {
        Ok(Some(Command::Enter {
            cell: Cell::from_name(name).unwrap(),
            value,
        }))
    }

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn moves_in_every_form() {
        for line in [
            "5c6", "5C6", "  5c6  ", "5c 6", "5 c 6", "c5 6", "C5 6", "c56", "c 5 6",
        ] {
            assert_eq!(parse(line), enter("5c", 6), "{line:?}");
        }
        assert_eq!(parse("1a0"), enter("1a", 0));
        assert_eq!(parse("9i9"), enter("9i", 9));
        assert_eq!(parse("i9 1"), enter("9i", 1));
    }

    #[test]
    fn command_words() {
        let words = [
            ("bk", Command::Undo),
            ("UNDO", Command::Undo),
            ("rd", Command::Redo),
            ("redo", Command::Redo),
            (" check ", Command::Check),
            ("Hint", Command::Hint),
            ("hint  ALL", Command::HintAll),
            ("solve", Command::Solve),
            ("restart", Command::Restart),
            ("show", Command::Show(None)),
            ("show NOTES", Command::Show(Some(View::Notes))),
            ("show  compact", Command::Show(Some(View::Compact))),
            ("show plain", Command::Show(Some(View::Plain))),
            ("auto", Command::Auto(None)),
            ("auto on", Command::Auto(Some(true))),
            ("Auto OFF", Command::Auto(Some(false))),
            ("mistakes", Command::Mistakes),
            ("time", Command::Time),
            ("save", Command::Save),
            ("help", Command::Help),
            ("?", Command::Help),
            ("end", Command::End),
            ("END", Command::End),
            ("quit", Command::End),
            ("exit", Command::End),
        ];
        for (line, command) in words {
            assert_eq!(parse(line), Ok(Some(command)), "{line:?}");
        }
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t\r\n"), Ok(None));
    }

    #[test]
    fn bad_rows_columns_and_digits_name_the_value() {
        assert_eq!(error("0c6"), "row 0 is not in 1-9");
        assert_eq!(error("10c6"), "row 10 is not in 1-9");
        assert_eq!(error("5j6"), "column j is not in a-i");
        assert_eq!(error("5J6"), "column J is not in a-i");
        assert_eq!(error("536"), "column 3 is not in a-i");
        assert_eq!(error("5cc6"), "column cc is not in a-i");
        assert_eq!(error("j5 6"), "column j is not in a-i");
        assert_eq!(error("5cx"), "digit x is not in 0-9");
        assert_eq!(error("5c 12"), "digit 12 is not in 0-9");
        assert_eq!(error("5c-1"), "digit -1 is not in 0-9");
        assert_eq!(error("5cc"), "digit c is not in 0-9");
        assert_eq!(error("5jx"), "column j is not in a-i");
        assert_eq!(error("c0 6"), "row 0 is not in 1-9");
        assert_eq!(error("c10 6"), "row 10 is not in 1-9");
        assert_eq!(
            parse("0c6"),
            Err(CommandError::BadRow("0".to_string())),
            "the error carries the bad value"
        );
    }

    #[test]
    fn incomplete_moves() {
        assert_eq!(
            error("5c"),
            "'5c' is not a whole move: type row, column and digit, as in 5c6"
        );
        assert_eq!(parse("5"), Err(CommandError::Incomplete("5".to_string())));
        assert_eq!(parse("c5"), Err(CommandError::Incomplete("c5".to_string())));
    }

    #[test]
    fn unknown_commands_are_echoed() {
        assert_eq!(error("xyz"), "unknown command 'xyz' (type help)");
        assert_eq!(error("  XyZ "), "unknown command 'XyZ' (type help)");
        assert_eq!(error("hint me"), "unknown command 'hint me' (type help)");
        assert_eq!(error("c"), "unknown command 'c' (type help)");
        assert_eq!(error("é5 6"), "column é is not in a-i");
        let long = "y".repeat(100);
        assert_eq!(
            error(&long),
            format!("unknown command '{}...' (type help)", "y".repeat(MAX_ECHO))
        );
    }

    fn note(name: &str, marks: &str) -> Result<Option<Command>, CommandError> {
        let digits = marks
            .chars()
            .map(|c| Digit::new(c.to_digit(10).unwrap() as u8).unwrap())
            .collect();
        Ok(Some(Command::Note {
            cell: Cell::from_name(name).unwrap(),
            digits,
        }))
    }

    #[test]
    fn notes_and_questions_about_a_cell() {
        for line in [
            "n5c123",
            "N5C321",
            "n 5c 123",
            "note 5c 123",
            "note 5c 1 2 3",
            "NOTE5c123",
            "nc5 123",
            "n5c1231",
        ] {
            assert_eq!(parse(line), note("5c", "123"), "{line:?}");
        }
        assert_eq!(
            parse("5c?"),
            Ok(Some(Command::Marks(Cell::from_name("5c").unwrap())))
        );
        assert_eq!(
            parse(" C5 ? "),
            Ok(Some(Command::Marks(Cell::from_name("5c").unwrap())))
        );
        assert_eq!(
            error("n5c"),
            "'n5c' is not a whole note: type n, the cell and the marks, as in n5c123"
        );
        assert_eq!(
            error("note"),
            "'note' is not a whole note: type n, the cell and the marks, as in n5c123"
        );
        assert_eq!(
            error("n 5"),
            "'n 5' is not a whole note: type n, the cell and the marks, as in n5c123"
        );
        assert_eq!(error("n5c0"), "mark 0 is not in 1-9");
        assert_eq!(error("n5c1x"), "mark x is not in 1-9");
        assert_eq!(error("n0c1"), "row 0 is not in 1-9");
        assert_eq!(error("n5j1"), "column j is not in a-i");
        assert_eq!(error("5j?"), "column j is not in a-i");
        assert_eq!(error("0c?"), "row 0 is not in 1-9");
        assert_eq!(
            error("5c6?"),
            "'5c6?' is not a cell: type row and column, then ?, as in 5c?"
        );
        assert_eq!(
            error("show all"),
            "show takes plain, notes or compact, not 'all'"
        );
        assert_eq!(error("auto maybe"), "auto takes on or off, not 'maybe'");
        assert_eq!(error("nothing"), "unknown command 'nothing' (type help)");
        assert_eq!(error("notes"), "unknown command 'notes' (type help)");
        assert_eq!(error("what?"), "unknown command 'what?' (type help)");
        assert_eq!(error("??"), "unknown command '??' (type help)");
    }

    #[test]
    fn odd_text_never_panics() {
        for line in [
            "5é6",
            "5\u{301}c6",
            "٣c6",
            "5c\u{0}",
            "🙂",
            "5🙂",
            "c🙂 1",
            "5 ",
            "c 5",
            "n🙂",
            "n5🙂1",
            "n5c🙂",
            "5🙂?",
            "note 5",
            "show 🙂",
        ] {
            let _ = parse(line);
        }
        assert_eq!(error("5é6"), "column é is not in a-i");
    }
}
