//! Pencil marks: the digits the player notes in blank cells.
//!
//! Marks are the player's notes, not moves: undo does not take them back.
//! A cell that holds a digit shows no marks, but keeps the ones written in
//! it, which come back when the digit is erased. With automatic candidates
//! on, a blank cell shows every digit its row, column and box allow, kept
//! up to date after each move, minus the ones the player struck out.

use thiserror::Error;

use crate::game::Game;
use crate::logic::Digits;
use crate::pos::{Cell, Digit};

/// The pencil marks of one game: the marks written by hand, whether
/// automatic candidates are on, and the candidates struck out by hand.
///
/// ```
/// use sudoku_core::session::Pencil;
/// use sudoku_core::{Cell, Digit, Game};
/// let game = Game::new(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap(),
/// )
/// .unwrap();
/// let c1 = Cell::from_name("1c").unwrap();
/// let mut pencil = Pencil::default();
/// assert_eq!(pencil.toggle(&game, c1, Digit::new(4).unwrap()), Ok(true));
/// assert_eq!(pencil.candidates(&game, c1).to_string(), "4");
/// pencil.set_auto(true);
/// assert_eq!(pencil.candidates(&game, c1).to_string(), "124");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pencil {
    marks: [Digits; 81],
    struck: [Digits; 81],
    auto: bool,
}

impl Default for Pencil {
    fn default() -> Self {
        Pencil {
            marks: [Digits::EMPTY; 81],
            struck: [Digits::EMPTY; 81],
            auto: false,
        }
    }
}

/// A digit automatic candidates cannot show: its row, column or box holds
/// it already.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{digit} is already in the row, column or box of {cell}")]
pub struct NotAllowed {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Pencil {
    /// Whether automatic candidates are on.
    pub fn is_auto(&self) -> bool {
        self.auto
    }

    /// Turns automatic candidates on or off. Either way the digits struck
    /// out earlier are forgotten; turning them off shows the hand-written
    /// marks again.
    pub fn set_auto(&mut self, on: bool) {
        self.auto = on;
        self.struck = [Digits::EMPTY; 81];
    }

    /// Whether the player wrote any mark or struck out any candidate.
    pub fn has_notes(&self) -> bool {
        self.marks.iter().chain(&self.struck).any(|m| !m.is_empty())
    }

    /// The marks the player wrote in `cell` (shown when automatic
    /// candidates are off), even if the cell holds a digit now.
    pub fn marks(&self, cell: Cell) -> Digits {
        self.marks[cell.index()]
    }

    /// Replaces the marks the player wrote in `cell`.
    pub fn set_marks(&mut self, cell: Cell, marks: Digits) {
        self.marks[cell.index()] = marks;
    }

    /// The automatic candidates the player struck out in `cell`.
    pub fn struck(&self, cell: Cell) -> Digits {
        self.struck[cell.index()]
    }

    /// Replaces the automatic candidates struck out in `cell`. Ignored
    /// while automatic candidates are off (nothing shows them, and turning
    /// candidates on forgets them anyway).
    pub fn set_struck(&mut self, cell: Cell, struck: Digits) {
        if self.auto {
            self.struck[cell.index()] = struck;
        }
    }

    /// The marks shown in `cell`: none when it holds a digit (a given or an
    /// entry).
    pub fn candidates(&self, game: &Game, cell: Cell) -> Digits {
        if game.grid().get(cell).is_some() {
            return Digits::EMPTY;
        }
        let i = cell.index();
        if self.auto {
            Digits::from_bits(allowed(game, cell).bits() & !self.struck[i].bits())
        } else {
            self.marks[i]
        }
    }

    /// Toggles `digit` in the marks of `cell` and says whether it is shown
    /// now. With automatic candidates, a digit the cell's units rule out
    /// cannot be shown: [`NotAllowed`] says so.
    pub fn toggle(&mut self, game: &Game, cell: Cell, digit: Digit) -> Result<bool, NotAllowed> {
        let i = cell.index();
        let flip = |set: Digits| {
            if set.contains(digit) {
                set.without(digit)
            } else {
                set.with(digit)
            }
        };
        if self.auto {
            if !allowed(game, cell).contains(digit) {
                return Err(NotAllowed { cell, digit });
            }
            self.struck[i] = flip(self.struck[i]);
        } else {
            self.marks[i] = flip(self.marks[i]);
        }
        Ok(self.candidates(game, cell).contains(digit))
    }
}

/// The digits no cell of `cell`'s row, column or box holds.
fn allowed(game: &Game, cell: Cell) -> Digits {
    Digit::all()
        .filter(|&d| game.counters().allows(cell, d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{cell, PUZZLE};

    fn setup() -> (Game, Cell) {
        (Game::new(PUZZLE.parse().unwrap()).unwrap(), cell("1c"))
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn hand_marks_toggle() {
        let (mut game, c) = setup();
        let mut pencil = Pencil::default();
        assert!(!pencil.has_notes());
        assert_eq!(pencil.toggle(&game, c, d(4)), Ok(true));
        assert_eq!(pencil.toggle(&game, c, d(2)), Ok(true));
        assert_eq!(pencil.candidates(&game, c).to_string(), "24");
        assert_eq!(pencil.toggle(&game, c, d(4)), Ok(false));
        assert!(pencil.has_notes());
        assert_eq!(pencil.marks(c).to_string(), "2");
        assert!(pencil.candidates(&game, cell("1a")).is_empty(), "a given");
        game.place(c, d(4)).unwrap();
        assert!(
            pencil.candidates(&game, c).is_empty(),
            "an entry hides them"
        );
        game.undo().unwrap();
        assert_eq!(pencil.candidates(&game, c).to_string(), "2", "and back");
    }

    #[test]
    fn automatic_candidates_follow_the_board() {
        let (mut game, c) = setup();
        let mut pencil = Pencil::default();
        pencil.set_auto(true);
        assert!(!pencil.has_notes(), "candidates alone are no notes");
        assert_eq!(pencil.candidates(&game, c).to_string(), "124");
        game.place(cell("1d"), d(2)).unwrap();
        assert_eq!(pencil.candidates(&game, c).to_string(), "14");
        assert_eq!(pencil.toggle(&game, c, d(1)), Ok(false));
        assert_eq!(pencil.candidates(&game, c).to_string(), "4");
        assert_eq!(pencil.struck(c).to_string(), "1");
        assert!(pencil.has_notes());
        let err = pencil.toggle(&game, c, d(5)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "5 is already in the row, column or box of 1c"
        );
        game.undo().unwrap();
        assert!(pencil.candidates(&game, c).contains(d(2)));
        pencil.set_auto(false);
        assert!(pencil.struck(c).is_empty(), "strikes are forgotten");
        assert!(pencil.candidates(&game, c).is_empty());
        pencil.set_struck(c, Digits::ALL);
        assert!(pencil.struck(c).is_empty(), "no strikes while off");
    }
}
