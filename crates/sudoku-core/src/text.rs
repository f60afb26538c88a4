//! Text that came from outside (a file, a file name, a player's typing),
//! made safe to show: control characters are written as escapes, so a
//! name or a line can never move the cursor, clear the screen or retitle a
//! terminal.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character escaped: ESC as `\e`, tab, newline
/// and carriage return as `\t`, `\n`, `\r`, a backslash that could be read as
/// the start of an escape as `\\`, and the other controls (ASCII, DEL and
/// the C1 controls U+0080 to U+009F) as `\xNN`. Everything else,
/// letters of any script included, is left as it is. Borrows when there is
/// nothing to escape.
///
/// ```
/// use sudoku_core::text::escape_controls;
/// assert_eq!(escape_controls("sudoku01.txt"), "sudoku01.txt");
/// assert_eq!(escape_controls("a\x1b]2;owned\x07b"), "a\\e]2;owned\\x07b");
/// assert_eq!(escape_controls("grille été"), "grille été");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\x1b' => out.push_str("\\e"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Whether `c` is written as an escape. A backslash is, but only when some
/// control character forces escaping at all: plain paths keep theirs.
fn needs_escape(c: char) -> bool {
    c.is_control()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_escapes_and_text_stays() {
        assert_eq!(escape_controls("\x1b[2J"), "\\e[2J");
        assert_eq!(
            escape_controls("a\tb\nc\rd\x00\x7f"),
            "a\\tb\\nc\\rd\\x00\\x7f"
        );
        assert_eq!(escape_controls("\u{9b}31m"), "\\x9b31m");
        assert_eq!(escape_controls("x\\y\x07"), "x\\\\y\\x07");
        assert_eq!(escape_controls("C:\\puzzles"), "C:\\puzzles");
        assert!(matches!(escape_controls("日本"), Cow::Borrowed("日本")));
    }

    #[test]
    fn nothing_escaped_is_a_control() {
        for b in 0u32..0x2000 {
            let Some(c) = char::from_u32(b) else { continue };
            let s = c.to_string();
            assert!(!escape_controls(&s).chars().any(char::is_control), "{b:#x}");
        }
    }
}
