//! What pasted text means: the picker opens a paste that is one puzzle
//! (read by the core's parser, as a puzzle file is), and says in one line
//! why anything else is not one. The text is quoted in short, its control
//! characters escaped.

use sudoku_core::{parse_many, Grid};

use crate::text::escape_controls;

/// The most characters of a paste quoted in a message.
pub const QUOTED: usize = 20;

/// The longest paste read as a puzzle, in bytes (a puzzle with comments
/// is far shorter).
pub const MAX_PASTE: usize = 64 * 1024;

/// The name a pasted puzzle's game gets.
pub const PASTED_NAME: &str = "pasted puzzle";

/// The puzzle in `text`, or why it holds not exactly one: `text` after
/// trimming is one puzzle as a puzzle file holds it (an 81-cell line, or
/// nine rows). Whether the puzzle can be played is the core's question
/// ([`Session::new`](sudoku_core::session::Session::new)).
pub fn puzzle(text: &str) -> Result<Grid, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("The paste is empty: paste one puzzle, its 81 cells on one line".to_string());
    }
    let quoted = quote(text);
    if text.len() > MAX_PASTE {
        return Err(format!(
            "The paste is not one puzzle: {quoted} is {} bytes long",
            text.len()
        ));
    }
    let mut records = parse_many(text).into_iter();
    match (records.next(), records.len()) {
        (None, _) => Err(format!("The paste holds no puzzle: {quoted}")),
        (Some(Ok(record)), 0) => Ok(record.grid),
        (Some(Err(err)), _) => Err(format!("The paste is not a puzzle: {quoted}: {err}")),
        (Some(Ok(_)), more) => Err(format!(
            "The paste holds {} puzzles ({quoted}): paste one at a time",
            more + 1
        )),
    }
}

/// `text` in quotes, cut to its first [`QUOTED`] characters (`...` tells),
/// its control characters escaped.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTED).collect();
    let more = if chars.next().is_some() { "..." } else { "" };
    format!("\"{}{more}\"", escape_controls(&head))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::EASY;

    #[test]
    fn one_puzzle_is_read_as_a_file_reads_it() {
        let grid: Grid = EASY.parse().unwrap();
        assert_eq!(puzzle(EASY), Ok(grid));
        assert_eq!(puzzle(&format!("\n  {EASY} \r\n\n")), Ok(grid), "trimmed");
        let rows: String = EASY
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        assert_eq!(puzzle(&rows), Ok(grid), "nine rows, as a file holds them");
    }

    #[test]
    fn anything_else_says_what_is_wrong_in_one_line() {
        assert_eq!(
            puzzle(" \n\t "),
            Err("The paste is empty: paste one puzzle, its 81 cells on one line".to_string())
        );
        let prose = puzzle("Dear Ann,\nthe puzzle is in the post.").unwrap_err();
        assert!(
            prose.starts_with("The paste is not a puzzle: \"Dear Ann,\\nthe puzzle...\": "),
            "{prose}"
        );
        let short = puzzle("1234").unwrap_err();
        assert_eq!(
            short,
            "The paste is not a puzzle: \"1234\": line 1: found 4 cells, expected 81 (a one-line \
             puzzle) or 9 (a grid row)"
        );
        let two = puzzle(&format!("{EASY}\n{EASY}\n")).unwrap_err();
        assert!(
            two.starts_with("The paste holds 2 puzzles (\"53..7....6..195....9...\")"),
            "{two}"
        );
        let huge = puzzle(&".".repeat(MAX_PASTE + 1)).unwrap_err();
        assert!(
            huge.ends_with(&format!("is {} bytes long", MAX_PASTE + 1)),
            "{huge}"
        );
        for message in [prose, short, two, huge] {
            assert!(!message.contains('\n') && !message.chars().any(char::is_control));
        }
    }

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(20)), format!("\"{}\"", "x".repeat(20)));
        assert_eq!(quote(&"x".repeat(21)), format!("\"{}...\"", "x".repeat(20)));
        assert_eq!(quote("\u{1b}[31mred\u{7}"), "\"\\e[31mred\\x07\"");
    }
}
