//! Text from outside the game (file names, save names, error messages) made
//! safe and fitted for the screen: control characters escaped (by the
//! core's [`escape_controls`]), long lines
//! wrapped at words, a line of parts shortened by dropping whole parts and
//! a message cut after a word.

pub use sudoku_core::text::escape_controls;

/// The width of `text` on screen, counted in characters (the game's own
/// texts are one column a character).
pub fn width(text: &str) -> usize {
    text.chars().count()
}

/// `text` wrapped at spaces into lines of at most `width` characters. The
/// first line keeps `text`'s leading spaces, the others start with
/// `indent` spaces; a word longer than a line is cut.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(indent + 1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut has_word = false;
    let mut continuation = false;
    for (gap, word) in words(text) {
        let mut word = word;
        while !word.is_empty() {
            // a continuation line starts with its indent, not the gap
            let gap = if continuation && !has_word { "" } else { gap };
            let used = self::width(&line) + self::width(gap);
            if used + self::width(word) <= width {
                line.push_str(gap);
                line.push_str(word);
                has_word = true;
                break;
            }
            if has_word || used >= width {
                lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
                (has_word, continuation) = (false, true);
                continue;
            }
            let cut = word
                .char_indices()
                .nth(width - used)
                .map_or(word.len(), |(at, _)| at);
            line.push_str(gap);
            line.push_str(&word[..cut]);
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
            (has_word, continuation) = (false, true);
            word = &word[cut..];
        }
    }
    if has_word || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The words of `text`, each with the spaces before it.
fn words(text: &str) -> Vec<(&str, &str)> {
    let mut words = Vec::new();
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start_matches(' ');
        if trimmed.is_empty() {
            return words;
        }
        let gap = &rest[..rest.len() - trimmed.len()];
        let end = trimmed.find(' ').unwrap_or(trimmed.len());
        words.push((gap, &trimmed[..end]));
        rest = &trimmed[end..];
    }
}

/// The parts joined by `separator`, leaving out whole parts until the line
/// fits `width`: the part with the largest rank goes first (rank 0 is the
/// most important). The parts kept stay in their order.
pub fn fit_parts(parts: &[(String, usize)], separator: &str, width: usize) -> String {
    let mut kept = vec![true; parts.len()];
    loop {
        let line = parts
            .iter()
            .zip(&kept)
            .filter(|(_, &keep)| keep)
            .map(|((part, _), _)| part.as_str())
            .collect::<Vec<_>>()
            .join(separator);
        if self::width(&line) <= width {
            return line;
        }
        let drop = (0..parts.len())
            .filter(|&i| kept[i])
            .max_by_key(|&i| (parts[i].1, i));
        match drop {
            Some(i) => kept[i] = false,
            None => return String::new(),
        }
    }
}

/// `text` cut after a whole word, with `…`, so that it fits `width`
/// characters; as it is when it fits.
pub fn fit_words(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut kept = String::new();
    for word in text.split(' ') {
        let next = if kept.is_empty() {
            word.to_string()
        } else {
            format!("{kept} {word}")
        };
        if self::width(&next) + 1 > width {
            break;
        }
        kept = next;
    }
    if kept.trim().is_empty() {
        kept = text.chars().take(width - 1).collect();
    }
    kept.push('…');
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_at_words_keeping_its_indent() {
        assert_eq!(
            wrap(" Your position is saved for later", 14, 1),
            [" Your position", " is saved for", " later"]
        );
        assert_eq!(wrap(" short", 20, 1), [" short"]);
        assert_eq!(wrap("", 5, 0), [""]);
        assert_eq!(wrap("abcdefghij", 4, 0), ["abcd", "efgh", "ij"]);
        assert_eq!(
            wrap(" key   what it does here", 16, 7),
            [" key   what it", "       does here"]
        );
        for text in ["  a bb ccc dddd eeeee", "x", "      ", "a  b"] {
            for width in 1..12 {
                assert!(wrap(text, width, 2)
                    .iter()
                    .all(|l| l.chars().count() <= width.max(3)));
            }
        }
    }

    #[test]
    fn parts_are_dropped_whole_lowest_rank_first() {
        let parts: Vec<(String, usize)> = [("name", 2), ("moves 3", 1), ("00:12", 0)]
            .iter()
            .map(|&(t, r)| (t.to_string(), r))
            .collect();
        assert_eq!(fit_parts(&parts, " · ", 40), "name · moves 3 · 00:12");
        assert_eq!(fit_parts(&parts, " · ", 20), "moves 3 · 00:12");
        assert_eq!(fit_parts(&parts, " · ", 9), "00:12");
        assert_eq!(fit_parts(&parts, " · ", 4), "");
    }

    #[test]
    fn messages_are_cut_after_a_word() {
        assert_eq!(
            fit_words("Hidden single: 7 in 5c", 30),
            "Hidden single: 7 in 5c"
        );
        assert_eq!(fit_words("Hidden single: 7 in 5c", 16), "Hidden single:…");
        assert_eq!(fit_words("Unbreakable", 5), "Unbr…");
        assert_eq!(fit_words("abc", 0), "");
    }
}
