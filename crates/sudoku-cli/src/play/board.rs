//! The board as text: column letters across the top, row numbers down the
//! side, box separators, `.` for blanks.
//!
//! Every cell is three characters wide, a digit between two marks, so
//! conflicts and the last move show without colour:
//!
//! | cell  | meaning                                  |
//! | ----- | ---------------------------------------- |
//! | ` 7 ` | a digit (given or entered)               |
//! | `[7]` | a digit in conflict                      |
//! | `>7<` | the last move                            |
//! | `>7]` | the last move, in conflict               |
//! | `>.<` | the last move erased this cell           |
//!
//! With colour (ANSI) on top: givens bold, the player's digits cyan,
//! digits in conflict bold red, blanks dim, and the last move in reverse
//! video.

use std::fmt::Write;

use sudoku_core::{Cell, Digit, Game};

/// How to draw one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mark {
    digit: Option<Digit>,
    given: bool,
    conflict: bool,
    last: bool,
}

/// The board of `game` as it is now, with conflicts and the last move
/// marked. Ends with a newline.
pub fn current(game: &Game, color: bool) -> String {
    let last = game.last_move().map(|mv| mv.cell);
    draw(color, |cell| Mark {
        digit: game.grid().get(cell),
        given: game.is_given(cell),
        conflict: game.is_conflicting(cell),
        last: last == Some(cell),
    })
}

/// The solution of `game`: its givens, and the solution's digits drawn as
/// the player's. Ends with a newline.
pub fn solution(game: &Game, color: bool) -> String {
    draw(color, |cell| Mark {
        digit: game.solution().get(cell),
        given: game.is_given(cell),
        ..Mark::default()
    })
}

const HEADER: &str = "    a  b  c   d  e  f   g  h  i\n";
const RULER: &str = "  +---------+---------+---------+\n";

fn draw(color: bool, mark: impl Fn(Cell) -> Mark) -> String {
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

fn push_cell(out: &mut String, mark: Mark, color: bool) {
    let left = if mark.last {
        '>'
    } else if mark.conflict {
        '['
    } else {
        ' '
    };
    let right = if mark.conflict {
        ']'
    } else if mark.last {
        '<'
    } else {
        ' '
    };
    let digit = mark.digit.map_or('.', |d| char::from(b'0' + d.get()));
    if !color {
        out.extend([left, digit, right]);
        return;
    }
    let base = match mark {
        Mark { digit: None, .. } => "2",
        Mark { conflict: true, .. } => "1;31",
        Mark { given: true, .. } => "1",
        _ => "36",
    };
    let reverse = if mark.last { ";7" } else { "" };
    // Writing to a String cannot fail.
    let _ = write!(out, "\x1b[{base}{reverse}m{left}{digit}{right}\x1b[0m");
}

#[cfg(test)]
mod tests {
    use super::*;

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
2 |[6]>6] . | 1  9  5 | .  .  . |
3 | .  9  8 | .  .  . | .  6  . |
  +---------+---------+---------+
4 | 8  .  . | .  6  . | .  .  3 |
5 | 4  .  . | 8  .  3 | .  .  1 |
6 | 7  .  . | .  2  . | .  .  6 |
  +---------+---------+---------+
7 | . [6] . | .  .  . | 2  8  . |
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
            board.contains("\x1b[1;31m[6]\x1b[0m"),
            "a given in conflict"
        );
        assert!(
            board.contains("\x1b[1;31;7m>6]\x1b[0m"),
            "the last move, in conflict"
        );
        assert!(board.contains("\x1b[2m . \x1b[0m"), "a blank: dim");
        game.undo().unwrap();
        assert!(current(&game, true).contains("\x1b[36;7m>4<\x1b[0m"));
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
