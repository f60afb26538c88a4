//! Text from outside the game (file names, save names, error messages) made
//! safe and fitted for the screen: control characters escaped, long lines
//! wrapped at words, and a line of parts shortened by dropping whole parts.

use std::borrow::Cow;

/// `text` with its control characters escaped so that none reaches the
/// terminal: ESC as `\e`, BEL as `\x07`, the other C0 controls, DEL and
/// the C1 controls as `\xNN`. Everything else, any Unicode letter or sign,
/// stays as it is.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\u{1b}' => escaped.push_str("\\e"),
            c if c.is_control() => escaped.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => escaped.push(c),
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_unicode_stays() {
        assert_eq!(escape_controls("sudoku01.txt"), "sudoku01.txt");
        assert!(matches!(escape_controls("plain"), Cow::Borrowed(_)));
        assert_eq!(
            escape_controls("a\u{1b}[31mred\u{7}\u{0}\t\n\u{7f}\u{85}\u{9b}z"),
            "a\\e[31mred\\x07\\x00\\x09\\x0a\\x7f\\x85\\x9bz"
        );
        assert_eq!(escape_controls("grüße · 数独 ↑↓"), "grüße · 数独 ↑↓");
    }
}
