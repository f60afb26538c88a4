//! What the player types, as a [`Command`], or a [`CommandError`] that names
//! the bad part and the allowed range.
//!
//! Commands are case-insensitive and surrounding spaces are ignored. A move
//! is a row `1`-`9`, a column `a`-`i` and a digit `0`-`9` (0 erases), in
//! one of these forms: `5c6`, `5c 6`, `c5 6`, `c56`.

use sudoku_core::{Cell, Col, Row};
use thiserror::Error;

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
    /// Fill one correct cell (`hint`).
    Hint,
    /// Show the solution and end the game (`solve`).
    Solve,
    /// Take every entry off the board (`restart`).
    Restart,
    /// Draw the board again (`show`).
    Show,
    /// List the commands (`help`, `?`).
    Help,
    /// Quit without solving (`end`, `quit`, `exit`).
    End,
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
        "show" => Command::Show,
        "help" | "?" => Command::Help,
        "end" | "quit" | "exit" => Command::End,
        _ => return parse_move(text).map(Some),
    };
    Ok(Some(command))
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
            ("solve", Command::Solve),
            ("restart", Command::Restart),
            ("show", Command::Show),
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
        ] {
            let _ = parse(line);
        }
        assert_eq!(error("5é6"), "column é is not in a-i");
    }
}
