//! Colouring and the digit filter in the text game: the `color`,
//! `filter` and `see` commands, their replies, and the lines under the
//! board that list the colours and the filter's cells (so both read
//! without colour).

use std::fmt::Write;

use sudoku_core::session::{Colour, Session, Target};
use sudoku_core::{Cell, Digit};

use super::command::{Command, CommandError};

/// What the board marks besides the game itself: the cells where one
/// digit can still go, and the cells that see one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The digit `filter` shows.
    pub digit: Option<Digit>,
    /// The cell `see` picked.
    pub seen: Option<Cell>,
}

/// The ANSI background code of `colour`.
pub fn background(colour: Colour) -> &'static str {
    match colour {
        Colour::A => "44",
        Colour::B => "42",
        Colour::C => "43",
        Colour::D => "45",
        Colour::E => "46",
        Colour::F => "47",
    }
}

/// Reads what follows `color` (or `colour`): `5c a`, `5c 7 b`, `5c7 b`,
/// `5c off`, or `clear`.
pub fn parse_colour(value: &str) -> Result<Command, CommandError> {
    const EXPECTED: &str =
        "a cell, maybe a digit, and a colour a-f or off (color 5c a, color 5c 7 b), or clear";
    let bad = || CommandError::BadValue {
        command: "color",
        expected: EXPECTED,
        value: echo(value),
    };
    let words: Vec<String> = value
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    if words == ["clear"] {
        return Ok(Command::ClearColours);
    }
    let (target, colour) = match words.as_slice() {
        [target, colour] => (target.clone(), colour),
        [cell, digit, colour] => (format!("{cell}{digit}"), colour),
        _ => return Err(bad()),
    };
    let target = target_of(&target).ok_or_else(bad)?;
    let colour = match colour.as_str() {
        "off" | "none" => None,
        letter => Some(letter.parse::<Colour>().map_err(|_| bad())?),
    };
    Ok(Command::Colour { target, colour })
}

/// `5c` (either order, as moves take cells) or `5c7` as what to colour.
fn target_of(text: &str) -> Option<Target> {
    let name = text.get(..2)?;
    let swapped: String = name.chars().rev().collect();
    let cell = Cell::from_name(name).or_else(|| Cell::from_name(&swapped))?;
    match text.as_bytes()[2..] {
        [] => Some(Target::Cell(cell)),
        [d @ b'1'..=b'9'] => Some(Target::Candidate(cell, Digit::new(d - b'0')?)),
        _ => None,
    }
}

/// Reads what follows `filter`: a digit 1-9, or `off`.
pub fn parse_filter(value: &str) -> Result<Command, CommandError> {
    match value.to_ascii_lowercase().as_str() {
        "off" => Ok(Command::Filter(None)),
        v => v
            .parse::<u8>()
            .ok()
            .and_then(Digit::new)
            .map(|d| Command::Filter(Some(d)))
            .ok_or_else(|| CommandError::BadValue {
                command: "filter",
                expected: "a digit 1-9 or off",
                value: echo(value),
            }),
    }
}

/// Reads what follows `see`: a cell, or `off`.
pub fn parse_see(value: &str) -> Result<Command, CommandError> {
    let compact: String = value.split_whitespace().collect();
    if compact.eq_ignore_ascii_case("off") {
        return Ok(Command::See(None));
    }
    Cell::from_name(&compact)
        .map(|cell| Command::See(Some(cell)))
        .ok_or_else(|| CommandError::BadValue {
            command: "see",
            expected: "a cell like 5c, or off",
            value: echo(value),
        })
}

fn echo(value: &str) -> String {
    const MAX: usize = 24;
    if value.chars().count() > MAX {
        let start: String = value.chars().take(MAX).collect();
        format!("{start}...")
    } else {
        value.to_string()
    }
}

/// Paints `target` and says what happened.
pub fn colour(session: &mut Session, target: Target, colour: Option<Colour>) -> String {
    match (session.paint(target, colour), colour) {
        (Err(err), _) => capitalised(&err.to_string()),
        (Ok(false), Some(c)) => format!("{target} is {c} already"),
        (Ok(false), None) => format!("{target} has no colour"),
        (Ok(true), Some(c)) => format!("Coloured {target} {c} (undo takes it back)"),
        (Ok(true), None) => format!("Took the colour off {target}"),
    }
}

/// Clears every colour and says how many.
pub fn clear(session: &mut Session) -> String {
    match session.clear_colours() {
        0 => "No colours to clear".to_string(),
        1 => "Cleared 1 colour (undo brings it back)".to_string(),
        n => format!("Cleared {n} colours (undo brings them back)"),
    }
}

/// The reply to `filter` and `see`: what the board now marks.
pub fn filter_reply(session: &Session, filter: Filter) -> String {
    let mut lines = Vec::new();
    match filter.digit {
        None => lines.push("Filter off".to_string()),
        Some(d) => {
            let spots = spots(session, d, |_| true);
            lines.push(match spots.len() {
                0 => format!("{d} can go nowhere: every blank cell sees a {d}"),
                n => format!("{d} can go in {n} cells, marked *: {}", names(&spots)),
            });
        }
    }
    if let Some(seen) = filter.seen {
        let mut line = format!("{seen} is marked [ ], the 20 cells that see it : :");
        if let Some(d) = filter.digit {
            let spots = spots(session, d, |c| seen.sees(c));
            let _ = write!(line, "; {d} can go in {} of them", spots.len());
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// The cells where `digit` can go that `keep` keeps.
fn spots(session: &Session, digit: Digit, keep: impl Fn(Cell) -> bool) -> Vec<Cell> {
    Cell::all()
        .filter(|&c| session.can_go(c, digit) && keep(c))
        .collect()
}

fn names(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.name()).collect();
    names.join(" ")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The widest line [`legend`] writes.
const WIDTH: usize = 80;

/// The lines under the board: each colour and what it paints
/// (`  Colours: a 1d 5c7; b 2c`), and the filter's digit and cell; empty
/// when there are none.
pub fn legend(session: &Session, filter: Filter) -> String {
    let mut items = Vec::new();
    for colour in Colour::ALL {
        let painted: Vec<String> = session
            .colours()
            .painted()
            .filter(|&(_, c)| c == colour)
            .map(|(target, _)| target.to_string())
            .collect();
        if !painted.is_empty() {
            items.push(format!("{colour}: {};", painted.join(" ")));
        }
    }
    let mut out = String::new();
    if let Some(last) = items.last_mut() {
        last.pop();
        wrap(&mut out, "  Colours:", &items);
    }
    let mut marks = Vec::new();
    if let Some(d) = filter.digit {
        marks.push(format!("* where {d} can go;"));
    }
    if let Some(seen) = filter.seen {
        marks.push(format!("[ ] {seen}, : : the cells that see it;"));
    }
    if let Some(last) = marks.last_mut() {
        last.pop();
        wrap(&mut out, "  Filter:", &marks);
    }
    out
}

/// `items` after `head`, wrapped within [`WIDTH`] columns, the lines after
/// the first indented.
fn wrap(out: &mut String, head: &str, items: &[String]) {
    let mut line = head.to_string();
    for item in items {
        for word in item.split(' ') {
            if line.len() + 1 + word.len() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(head.len());
            }
            line.push(' ');
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::session::Origin;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn cell(name: &str) -> Cell {
        Cell::from_name(name).unwrap()
    }

    #[test]
    fn colour_commands_read_cells_candidates_and_off() {
        let d7 = Digit::new(7).unwrap();
        let colour = |target, colour| Ok(Command::Colour { target, colour });
        assert_eq!(
            parse_colour("5c a"),
            colour(Target::Cell(cell("5c")), Some(Colour::A))
        );
        assert_eq!(
            parse_colour("C5 B"),
            colour(Target::Cell(cell("5c")), Some(Colour::B))
        );
        let seven = Target::Candidate(cell("5c"), d7);
        assert_eq!(parse_colour("5c 7 f"), colour(seven, Some(Colour::F)));
        assert_eq!(parse_colour("5c7 off"), colour(seven, None));
        assert_eq!(parse_colour(" clear "), Ok(Command::ClearColours));
        for bad in [
            "", "5c", "5c g", "5c 0 a", "5c 7 8 a", "x5 a", "5c77 a", "é a",
        ] {
            let err = parse_colour(bad).unwrap_err().to_string();
            assert!(err.starts_with("color takes a cell"), "{bad}: {err}");
        }
    }

    #[test]
    fn filter_and_see_read_a_digit_a_cell_or_off() {
        assert_eq!(parse_filter("5"), Ok(Command::Filter(Digit::new(5))));
        assert_eq!(parse_filter("OFF"), Ok(Command::Filter(None)));
        assert_eq!(
            parse_filter("0").unwrap_err().to_string(),
            "filter takes a digit 1-9 or off, not '0'"
        );
        assert_eq!(parse_see("5 c"), Ok(Command::See(Some(cell("5c")))));
        assert_eq!(parse_see("off"), Ok(Command::See(None)));
        assert!(parse_see("5j").is_err());
    }

    #[test]
    fn the_legend_lists_colours_and_filters_within_80_columns() {
        let mut s = Session::new(PUZZLE.parse().unwrap(), "t", Origin::Text).unwrap();
        assert_eq!(legend(&s, Filter::default()), "");
        let blanks: Vec<Cell> = Cell::all()
            .filter(|&c| s.game().grid().get(c).is_none())
            .collect();
        for cell in blanks {
            s.paint(Target::Cell(cell), Some(Colour::ALL[cell.index() % 2]))
                .unwrap();
        }
        s.paint(
            Target::Candidate(cell("1c"), Digit::new(2).unwrap()),
            Some(Colour::E),
        )
        .unwrap();
        let filter = Filter {
            digit: Digit::new(4),
            seen: Some(cell("5c")),
        };
        let text = legend(&s, filter);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.starts_with("  Colours: a: 1c 1g"), "{text}");
        assert!(text.contains("e: 1c2"), "{text}");
        assert!(
            text.ends_with("  Filter: * where 4 can go; [ ] 5c, : : the cells that see it\n"),
            "{text}"
        );
    }

    #[test]
    fn replies_say_what_changed() {
        let mut s = Session::new(PUZZLE.parse().unwrap(), "t", Origin::Text).unwrap();
        let c = Target::Cell(cell("1c"));
        assert_eq!(
            colour(&mut s, c, Some(Colour::A)),
            "Coloured 1c a (undo takes it back)"
        );
        assert_eq!(colour(&mut s, c, Some(Colour::A)), "1c is a already");
        let given = Target::Candidate(cell("1a"), Digit::new(1).unwrap());
        assert!(colour(&mut s, given, Some(Colour::A)).starts_with("1a holds a digit"));
        assert_eq!(colour(&mut s, c, None), "Took the colour off 1c");
        assert_eq!(clear(&mut s), "No colours to clear");
        let filter = Filter {
            digit: Digit::new(4),
            seen: Some(cell("1b")),
        };
        let reply = filter_reply(&s, filter);
        assert!(reply.starts_with("4 can go in "), "{reply}");
        assert!(reply.contains("1c 1f"), "{reply}");
        assert!(
            reply
                .ends_with("1b is marked [ ], the 20 cells that see it : :; 4 can go in 8 of them"),
            "{reply}"
        );
    }
}
