//! The board as text: column letters across the top, row numbers down the
//! side, box separators, `.` for blanks.
//!
//! Every cell is three characters wide, a digit between two marks, so
//! conflicts and the last move show without colour; the marks are the
//! terminal game's (see docs/notation.md):
//!
//! | cell  | meaning                                          |
//! | ----- | ------------------------------------------------ |
//! | ` 7 ` | a digit (given or entered)                       |
//! | `!7!` | a digit in conflict (the last move's too)        |
//! | `>7<` | the last move                                    |
//! | `>.<` | the last move erased this cell                   |
//! | ` 7a` | a cell painted in colour `a` (`color 1c a`)       |
//! | `[7]` | the cell `see` picked                             |
//! | `:7:` | a cell that sees it (same row, column or box); `:7a` coloured a |
//! | ` * ` | a blank cell where the `filter` digit can go      |
//!
//! The marks win in that order, from the top; under the board a line
//! lists every colour, and the filter's cells (see [`super::paint`]).
//!
//! With colour (ANSI) on top: givens bold, the player's digits cyan,
//! digits in conflict bold red, blanks dim, and the last move in reverse
//! video.
//!
//! The board comes in three [`View`]s: plain, with the pencil marks as
//! small digits (each cell three by three characters, 27 by 27 in all), or
//! compact (the plain board and the marks listed row by row, within 80
//! columns). Under it, [`status`] sums the game up in one line.

use std::fmt::Write;

use sudoku_core::session::{clock_text, Colour, Session};
use sudoku_core::{Cell, Digit, Digits, Game, Row};

use super::paint::{self, Filter};

/// How the board is drawn after each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// One character per cell (`show plain`).
    #[default]
    Plain,
    /// Each blank cell shows its pencil marks as a three-by-three block of
    /// small digits (`show notes`).
    Notes,
    /// The plain board, then the marks of each row as `1d=26` (`show
    /// compact`), no line over 80 columns.
    Compact,
}

/// The board of `session` in `view`, then its status line.
#[cfg(test)]
pub fn draw(session: &Session, view: View, color: bool) -> String {
    draw_filtered(session, view, Filter::default(), color)
}

/// The board of `session` in `view` with its colours and `filter`'s
/// marks, the lists of both under it, then its status line.
pub fn draw_filtered(session: &Session, view: View, filter: Filter, color: bool) -> String {
    let mut out = match view {
        View::Plain => marked(session, filter, color),
        View::Notes => notes(session, color),
        View::Compact => compact(session, filter, color),
    };
    out.push_str(&paint::legend(session, filter));
    out.push_str(&status(session));
    out.push('\n');
    out
}

/// One line under the board: `  03:12 played, 3 moves, 1 hint, 12/49
/// filled`, and `, automatic candidates` while they are on. It starts with
/// two spaces, as the board's own lines do.
pub fn status(session: &Session) -> String {
    let plural = |n: usize, what: &str| {
        if n == 1 {
            format!("1 {what}")
        } else {
            format!("{n} {what}s")
        }
    };
    let mut line = format!(
        "  {} played, {}, {}, {} filled",
        clock_text(session.time()),
        plural(session.moves(), "move"),
        plural(session.hints(), "hint"),
        session.progress()
    );
    if session.pencil().is_auto() {
        line.push_str(", automatic candidates");
    }
    line
}

/// How to draw one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mark {
    digit: Option<Digit>,
    given: bool,
    conflict: bool,
    last: bool,
    /// The cell's colour.
    colour: Option<Colour>,
    /// The cell `see` picked.
    selected: bool,
    /// A cell that sees the picked one.
    peer: bool,
    /// A blank cell where the filter's digit can go.
    spot: bool,
}

/// The board of `game` as it is now, with conflicts and the last move
/// marked. Ends with a newline.
#[cfg(test)]
pub fn current(game: &Game, color: bool) -> String {
    plain(color, |cell| mark(game, cell))
}

/// How `cell` of `game` is drawn, before colours and filters.
fn mark(game: &Game, cell: Cell) -> Mark {
    Mark {
        digit: game.grid().get(cell),
        given: game.is_given(cell),
        conflict: game.is_conflicting(cell),
        last: game.last_move().is_some_and(|mv| mv.cell == cell),
        ..Mark::default()
    }
}

/// The board of `session` as it is now (conflicts and the last move marked), with the cells'
/// colours and `filter`'s marks.
pub fn marked(session: &Session, filter: Filter, color: bool) -> String {
    let game = session.game();
    plain(color, |cell| Mark {
        colour: session.colours().cell(cell),
        selected: filter.seen == Some(cell),
        peer: filter.seen.is_some_and(|seen| seen.sees(cell)),
        spot: filter.digit.is_some_and(|d| session.can_go(cell, d)),
        ..mark(game, cell)
    })
}

/// The solution of `game`: its givens, and the solution's digits drawn as
/// the player's. Ends with a newline.
pub fn solution(game: &Game, color: bool) -> String {
    plain(color, |cell| Mark {
        digit: game.solution().get(cell),
        given: game.is_given(cell),
        ..Mark::default()
    })
}

const HEADER: &str = "    a  b  c   d  e  f   g  h  i\n";
const RULER: &str = "  +---------+---------+---------+\n";

fn plain(color: bool, mark: impl Fn(Cell) -> Mark) -> String {
    let mut out = String::with_capacity(1024);
    out.push_str(HEADER);
    for (r, row) in sudoku_core::Row::all().enumerate() {
        if r % 3 == 0 {
            out.push_str(RULER);
        }
        out.push(row.name());
        out.push_str(" |");
        for (c, cell) in row.cells().enumerate() {
            push_cell(&mut out, mark(cell), color);
            if c % 3 == 2 {
                out.push('|');
            }
        }
        out.push('\n');
    }
    out.push_str(RULER);
    out
}

/// The board with each cell three characters wide and three lines high: a
/// digit in the middle of its block (marked as on the plain board), or the
/// pencil marks of a blank cell in keypad order (`1` top left, `9` bottom
/// right, `.` for a mark not there). A blank line parts the rows of cells.
pub fn notes(session: &Session, color: bool) -> String {
    let game = session.game();
    let mut out = String::with_capacity(4096);
    out.push_str(&notes_header());
    let ruler = format!("  {}+\n", "+-------------".repeat(3));
    let gap = format!("  {}|\n", "|             ".repeat(3));
    for (r, row) in Row::all().enumerate() {
        if r % 3 == 0 {
            out.push_str(&ruler);
        } else {
            out.push_str(&gap);
        }
        for line in 0..3u8 {
            out.push(if line == 1 { row.name() } else { ' ' });
            out.push_str(" |");
            for (c, cell) in row.cells().enumerate() {
                out.push(' ');
                match game.grid().get(cell) {
                    Some(_) if line == 1 => {
                        let colour = session.colours().cell(cell);
                        push_cell(
                            &mut out,
                            Mark {
                                colour,
                                ..mark(game, cell)
                            },
                            color,
                        );
                    }
                    Some(_) => out.push_str("   "),
                    None => push_marks(&mut out, session, cell, line, color),
                }
                if c % 3 == 2 {
                    out.push_str(" |");
                }
            }
            out.push('\n');
        }
    }
    out.push_str(&ruler);
    out
}

/// The column letters over the centre of each cell of [`notes`]: a cell
/// and its space take four characters, a box border two more.
fn notes_header() -> String {
    let mut header = String::new();
    for (c, letter) in ('a'..='i').enumerate() {
        let centre = 5 + 4 * c + 2 * (c / 3);
        header.extend(std::iter::repeat_n(' ', centre - header.len()));
        header.push(letter);
    }
    header + "\n"
}

/// Line `line` (0-2) of a blank cell's marks: three of the digits 1-9. A
/// coloured mark is its colour's letter without colour, the digit on the
/// colour's background with it.
fn push_marks(out: &mut String, session: &Session, cell: Cell, line: u8, color: bool) {
    let marks = session.candidates(cell);
    for d in 1..=3 {
        let digit = Digit::new(line * 3 + d).expect("1-9");
        let shown = marks.contains(digit);
        let painted = session.colours().candidate(cell, digit).filter(|_| shown);
        let c = if shown {
            char::from(b'0' + digit.get())
        } else {
            '.'
        };
        match (color, shown, painted) {
            (false, _, Some(colour)) => out.push(colour.letter()),
            (false, _, None) => out.push(c),
            (true, _, Some(colour)) => {
                let _ = write!(out, "\x1b[30;{}m{c}\x1b[0m", paint::background(colour));
            }
            (true, true, None) => {
                let _ = write!(out, "\x1b[33m{c}\x1b[0m");
            }
            (true, false, None) => {
                let _ = write!(out, "\x1b[2m{c}\x1b[0m");
            }
        }
    }
}

/// The widest line [`compact`] writes.
const COMPACT_WIDTH: usize = 80;

/// The plain board, then the pencil marks shown in each row, as `1d=26`
/// (row, column, marks), wrapped within [`COMPACT_WIDTH`] columns.
pub fn compact(session: &Session, filter: Filter, color: bool) -> String {
    let mut out = marked(session, filter, color);
    let marked: Vec<(Cell, Digits)> = Cell::all()
        .map(|cell| (cell, session.candidates(cell)))
        .filter(|(_, marks)| !marks.is_empty())
        .collect();
    if marked.is_empty() {
        out.push_str("  No pencil marks: n5c123 writes some, auto shows every candidate\n");
        return out;
    }
    out.push_str(if session.pencil().is_auto() {
        "  Candidates (automatic; n5c4 strikes 4 out of 5c):\n"
    } else {
        "  Pencil marks:\n"
    });
    for row in Row::all() {
        let mut line = String::from("   ");
        for (cell, marks) in marked.iter().filter(|(c, _)| c.row() == row) {
            let item = format!(" {cell}={marks}");
            if line.len() + item.len() > COMPACT_WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = String::from("   ");
            }
            line.push_str(&item);
        }
        if line.len() > 3 {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn push_cell(out: &mut String, mark: Mark, color: bool) {
    let (left, right) = if mark.conflict {
        ('!', '!')
    } else if mark.last {
        ('>', '<')
    } else if mark.selected {
        ('[', ']')
    } else if mark.peer {
        (':', mark.colour.map_or(':', Colour::letter))
    } else {
        (' ', mark.colour.map_or(' ', Colour::letter))
    };
    let blank = if mark.spot { '*' } else { '.' };
    let digit = mark.digit.map_or(blank, |d| char::from(b'0' + d.get()));
    if !color {
        out.extend([left, digit, right]);
        return;
    }
    let base = match mark {
        Mark { spot: true, .. } => "1;32",
        Mark { digit: None, .. } => "2",
        Mark { conflict: true, .. } => "1;31",
        Mark { given: true, .. } => "1",
        _ => "36",
    };
    let reverse = if mark.last || mark.selected { ";7" } else { "" };
    let background = match (mark.colour, mark.peer) {
        (Some(colour), _) => format!(";30;{}", paint::background(colour)),
        (None, true) => ";4".to_string(),
        (None, false) => String::new(),
    };
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "\x1b[{base}{reverse}{background}m{left}{digit}{right}\x1b[0m"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use sudoku_core::session::Target;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn cell(name: &str) -> Cell {
        Cell::from_name(name).unwrap()
    }

    #[test]
    fn plain_board_marks_conflicts_and_the_last_move() {
        let mut game = Game::new(PUZZLE.parse().unwrap()).unwrap();
        game.enter(cell("1c"), 4).unwrap();
        game.enter(cell("2b"), 6).unwrap();
        let want = "    a  b  c   d  e  f   g  h  i
  +---------+---------+---------+
1 | 5  3  4 | .  7  . | .  .  . |
2 |!6!!6! . | 1  9  5 | .  .  . |
3 | .  9  8 | .  .  . | .  6  . |
  +---------+---------+---------+
4 | 8  .  . | .  6  . | .  .  3 |
5 | 4  .  . | 8  .  3 | .  .  1 |
6 | 7  .  . | .  2  . | .  .  6 |
  +---------+---------+---------+
7 | . !6! . | .  .  . | 2  8  . |
8 | .  .  . | 4  1  9 | .  .  5 |
9 | .  .  . | .  8  . | .  7  9 |
  +---------+---------+---------+
";
        assert_eq!(current(&game, false), want);
        game.undo().unwrap();
        let board = current(&game, false);
        assert!(board.contains("1 | 5  3 >4<| .  7  . |"), "{board}");
        assert!(board.contains("2 | 6  .  . | 1  9  5 |"), "{board}");
    }

    #[test]
    fn colour_tells_every_kind_of_cell_apart() {
        let mut game = Game::new(PUZZLE.parse().unwrap()).unwrap();
        game.enter(cell("1c"), 4).unwrap();
        game.enter(cell("2b"), 6).unwrap();
        let board = current(&game, true);
        assert!(board.contains("\x1b[1m 5 \x1b[0m"), "a given: bold");
        assert!(board.contains("\x1b[36m 4 \x1b[0m"), "an entry: cyan");
        assert!(
            board.contains("\x1b[1;31m!6!\x1b[0m"),
            "a given in conflict"
        );
        assert!(
            board.contains("\x1b[1;31;7m!6!\x1b[0m"),
            "the last move, in conflict: reverse video tells it"
        );
        assert!(board.contains("\x1b[2m . \x1b[0m"), "a blank: dim");
        game.undo().unwrap();
        assert!(current(&game, true).contains("\x1b[36;7m>4<\x1b[0m"));
    }

    fn session() -> Session {
        Session::new(
            PUZZLE.parse().unwrap(),
            "classic",
            sudoku_core::Origin::Text,
        )
        .unwrap()
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn notes_are_small_digits_in_keypad_order() {
        let mut s = session();
        for v in [1, 2, 6, 9] {
            s.toggle_mark(cell("1c"), d(v)).unwrap();
        }
        s.enter(cell("1d"), 6).unwrap();
        let board = notes(&s, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 1 + 4 + 27 + 6, "{board}");
        assert_eq!(lines[0], "     a   b   c     d   e   f     g   h   i");
        assert_eq!(lines[1], "  +-------------+-------------+-------------+");
        assert_eq!(lines[2], "  |         12. |         ... | ... ... ... |");
        assert_eq!(lines[3], "1 |  5   3  ..6 | >6<  7  ... | ... ... ... |");
        assert_eq!(lines[4], "  |         ..9 |         ... | ... ... ... |");
        assert_eq!(lines[5], "  |             |             |             |");
        for (i, line) in lines.iter().enumerate() {
            assert!(line.len() <= 45, "line {i}: {line}");
        }
        // Every column letter is over the middle of its cells.
        for (c, letter) in ('a'..='i').enumerate() {
            let x = lines[0].find(letter).unwrap();
            let cell_row = lines[3];
            let expected = ["5", "3", ".", ">6<", "7", ".", ".", ".", "."][c];
            let centre = &cell_row[x - expected.len() / 2..=x + expected.len() / 2];
            assert_eq!(centre, expected, "column {letter}");
        }
        s.set_auto(true);
        let board = notes(&s, false);
        assert!(board.contains("1 |  5   3  4.. |"), "{board}");
        let colored = notes(&s, true);
        assert!(colored.contains("\x1b[33m4\x1b[0m"), "a mark: yellow");
        assert!(colored.contains("\x1b[2m.\x1b[0m"), "no mark: dim");
    }

    #[test]
    fn compact_lists_the_marks_within_80_columns() {
        let mut s = session();
        let board = compact(&s, Filter::default(), false);
        let none = "  No pencil marks: n5c123 writes some, auto shows every candidate\n";
        assert_eq!(board, current(s.game(), false) + none);
        s.set_marks(cell("1c"), [d(1), d(2)].into_iter().collect());
        s.set_marks(cell("2b"), Digits::ALL);
        let board = compact(&s, Filter::default(), false);
        assert!(board.starts_with(&current(s.game(), false)));
        assert!(
            board.ends_with("  Pencil marks:\n    1c=12\n    2b=123456789\n"),
            "{board}"
        );
        s.set_auto(true);
        let board = compact(&s, Filter::default(), false);
        assert!(
            board.contains(
                "  Candidates (automatic; n5c4 strikes 4 out of 5c):\n    1c=124 1d=26 1f=2468 "
            ),
            "{board}"
        );
        for line in board.lines() {
            assert!(line.len() <= COMPACT_WIDTH, "{line}");
        }
        for cell in Cell::all().filter(|&c| !s.candidates(c).is_empty()) {
            let item = format!(" {cell}={}", s.candidates(cell));
            assert_eq!(board.matches(&item).count(), 1, "{item}");
        }
    }

    #[test]
    fn the_status_line_sums_the_game_up() {
        let mut s = session();
        assert_eq!(status(&s), "  00:00 played, 0 moves, 0 hints, 0/51 filled");
        s.enter(cell("1c"), 4).unwrap();
        s.place_hint().unwrap();
        s.add_time(Duration::from_secs(3723));
        s.set_auto(true);
        assert_eq!(
            status(&s),
            "  1:02:03 played, 2 moves, 1 hint, 2/51 filled, automatic candidates"
        );
        let drawn = draw(&s, View::Plain, false);
        assert_eq!(
            drawn,
            format!("{}{}\n", current(s.game(), false), status(&s))
        );
    }

    #[test]
    fn colours_and_the_filter_read_without_colour() {
        let mut s = session();
        s.paint(Target::Cell(cell("1c")), Some(Colour::A)).unwrap();
        s.paint(Target::Cell(cell("1a")), Some(Colour::B)).unwrap();
        s.paint(Target::Candidate(cell("1d"), d(6)), Some(Colour::C))
            .unwrap();
        s.toggle_mark(cell("1d"), d(6)).unwrap();
        let filter = Filter {
            digit: Some(d(4)),
            seen: Some(cell("2c")),
        };
        let board = marked(&s, filter, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[2], "1 |:5b:3::*a| .  7  * | *  *  * |", "{board}");
        assert_eq!(lines[3], "2 |:6::*:[*]|:1::9::5:|:*::*::*:|", "{board}");
        assert_eq!(lines[6], "4 | 8  . :.:| .  6  * | *  *  3 |", "{board}");
        let drawn = draw_filtered(&s, View::Plain, filter, false);
        assert!(
            drawn.contains("\n  Colours: a: 1c; b: 1a; c: 1d6\n  Filter: * where 4 can go;"),
            "{drawn}"
        );
        let notes = notes(&s, false);
        assert!(
            notes.contains("| ..c "),
            "the coloured mark is its letter: {notes}"
        );
        let coloured = marked(&s, filter, true);
        assert!(coloured.contains("\x1b[1;30;42m:5b\x1b[0m"), "{coloured}");
    }

    #[test]
    fn solution_board_keeps_givens_apart() {
        let game = Game::new(PUZZLE.parse().unwrap()).unwrap();
        let plain = solution(&game, false);
        assert!(
            plain.contains("1 | 5  3  4 | 6  7  8 | 9  1  2 |"),
            "{plain}"
        );
        assert!(!plain.contains('.'));
        let colored = solution(&game, true);
        assert!(colored.contains("\x1b[1m 5 \x1b[0m") && colored.contains("\x1b[36m 4 \x1b[0m"));
    }
}
