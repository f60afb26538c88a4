//! The games' names in the core's sentences.
//!
//! The logical solver explains its steps in the notation of the solving
//! literature (`r5c3`, `column 3`), but the board is labelled as both
//! games name cells: rows `1`-`9` down the side, columns `a`-`i` across
//! the top, `5c` for row 5, column c. [`game_names`] rewrites a sentence
//! into those names, so a hint reads the way the board is labelled.

/// `sentence` with every `rXcY` cell written as the games write it (`5c`)
/// and every column number after `column` or `columns` as its letter
/// (`column c`, `columns a, e and i`). Rows and boxes keep their numbers,
/// as the board shows them.
///
/// ```
/// use sudoku_tui::names::game_names;
/// assert_eq!(
///     game_names("Hidden single: 7 can only go in r5c3 within box 4"),
///     "Hidden single: 7 can only go in 5c within box 4"
/// );
/// assert_eq!(
///     game_names("X-wing: in rows 2 and 7, 5 can only go in columns 3 and 8, so remove 5 from r1c3"),
///     "X-wing: in rows 2 and 7, 5 can only go in columns c and h, so remove 5 from 1c"
/// );
/// ```
pub fn game_names(sentence: &str) -> String {
    columns_as_letters(&cells_as_names(sentence))
}

/// The letter of column `digit` (`b'1'`..=`b'9'`).
fn column_letter(digit: u8) -> char {
    char::from(b'a' + (digit - b'1'))
}

fn is_cell_digit(byte: Option<&u8>) -> bool {
    byte.is_some_and(|b| (b'1'..=b'9').contains(b))
}

fn is_word_byte(byte: Option<&u8>) -> bool {
    byte.is_some_and(|b| b.is_ascii_alphanumeric())
}

/// `r5c3` (a whole word, or between chain links like `=`) as `5c`.
fn cells_as_names(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i + 4 <= bytes.len() {
        let is_cell = bytes[i] == b'r'
            && is_cell_digit(bytes.get(i + 1))
            && bytes[i + 2] == b'c'
            && is_cell_digit(bytes.get(i + 3))
            && (i == 0 || !is_word_byte(bytes.get(i - 1)))
            && !is_word_byte(bytes.get(i + 4));
        if is_cell {
            // every byte matched is ASCII, so these are char boundaries
            out.push_str(&text[copied..i]);
            out.push(char::from(bytes[i + 1]));
            out.push(column_letter(bytes[i + 3]));
            i += 4;
            copied = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// The number after `column ` (`3`), or the list after `columns ` (`3
/// and 8`, `1, 5 and 9`: the core writes lists so), as letters.
fn columns_as_letters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("column") {
        let word_start = at == 0 || !is_word_byte(rest.as_bytes().get(at - 1));
        let after = &rest[at + "column".len()..];
        let (plural, list) = match after.strip_prefix("s ") {
            Some(list) => (true, Some(list)),
            None => (false, after.strip_prefix(' ')),
        };
        out.push_str(&rest[..at]);
        let Some(list) = list.filter(|_| word_start) else {
            out.push_str("column");
            rest = after;
            continue;
        };
        out.push_str(&rest[at..rest.len() - list.len()]);
        let numbers = if plural { list_length(list) } else { 1 };
        rest = letters(list, numbers, &mut out);
    }
    out.push_str(rest);
    out
}

/// Whether `text` starts with a column number standing alone.
fn starts_with_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    is_cell_digit(bytes.first()) && !is_word_byte(bytes.get(1))
}

/// How many numbers the list `N, N and N` at the start of `text` has: one
/// when it does not end in `and N` (a comma then ends the clause, as in
/// `columns 3, 5 can`).
fn list_length(text: &str) -> usize {
    let mut count = 0;
    let mut rest = text;
    while starts_with_number(rest) {
        count += 1;
        rest = &rest[1..];
        if rest.strip_prefix(" and ").is_some_and(starts_with_number) {
            return count + 1;
        }
        match rest.strip_prefix(", ") {
            Some(next) if starts_with_number(next) => rest = next,
            _ => break,
        }
    }
    count.min(1)
}

/// Writes the first `numbers` numbers of the list at the start of `list`
/// as letters (with their commas and `and`) to `out`; returns the rest.
fn letters<'a>(mut list: &'a str, numbers: usize, out: &mut String) -> &'a str {
    for n in 0..numbers {
        if !starts_with_number(list) {
            break;
        }
        out.push(column_letter(list.as_bytes()[0]));
        list = &list[1..];
        if n + 1 == numbers {
            break;
        }
        for joint in [", ", " and "] {
            if let Some(next) = list.strip_prefix(joint) {
                out.push_str(joint);
                list = next;
                break;
            }
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_take_the_games_names() {
        assert_eq!(
            game_names("Full house: r9c9 is the last blank cell of row 9, so it is 9"),
            "Full house: 9i is the last blank cell of row 9, so it is 9"
        );
        assert_eq!(
            game_names("Naked single: r1c1 can only be 4"),
            "Naked single: 1a can only be 4"
        );
        assert_eq!(
            game_names("X-chain on 4: r1c1=r6c1-r6c5=r2c5, so remove 4 from r2c1"),
            "X-chain on 4: 1a=6a-6e=2e, so remove 4 from 2a"
        );
        assert_eq!(game_names("r1c2, r1c3."), "1b, 1c.");
        // not cells: part of a word, or out of range
        for same in ["xr1c1", "r1c1x", "r0c1", "r1c0", "r1c", "rc11", "r12c1"] {
            assert_eq!(game_names(same), same);
        }
    }

    #[test]
    fn column_numbers_become_letters_and_rows_and_boxes_stay() {
        assert_eq!(
            game_names("Pointing pair: in box 2, 4 is only in column 5, so remove 4 from r8c5"),
            "Pointing pair: in box 2, 4 is only in column e, so remove 4 from 8e"
        );
        assert_eq!(
            game_names("Swordfish: in columns 1, 5 and 9, 6 can only go in rows 2, 4 and 8"),
            "Swordfish: in columns a, e and i, 6 can only go in rows 2, 4 and 8"
        );
        assert_eq!(
            game_names("Claiming: in column 2, 9 is only in box 7, so remove 9"),
            "Claiming: in column b, 9 is only in box 7, so remove 9"
        );
        for same in [
            "columns",
            "column",
            "subcolumn 3",
            "column 10",
            "column x",
            "columns 3x",
        ] {
            assert_eq!(game_names(same), same);
        }
        assert_eq!(game_names("column 3 and column 4"), "column c and column d");
        assert_eq!(game_names("é column 3 é"), "é column c é");
    }
}
