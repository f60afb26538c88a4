//! Pencil marks: the candidates the player notes in blank cells.
//!
//! Marks are the player's notes, not moves: they are not undone. With
//! automatic candidates on, a blank cell shows every digit its row, column
//! and box allow, kept up to date after each move, minus the ones the
//! player struck out by hand.

use std::fmt;

use sudoku_core::{Cell, Digit, Game};

/// A set of digits, one bit per digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Candidates(u16);

impl Candidates {
    /// No digit.
    pub const NONE: Candidates = Candidates(0);

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & bit(digit) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        Digit::all().filter(move |&d| self.contains(d))
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(digits: I) -> Candidates {
        Candidates(digits.into_iter().fold(0, |acc, d| acc | bit(d)))
    }
}

/// The digits run together, in increasing order: `258`.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

fn bit(digit: Digit) -> u16 {
    1 << digit.get()
}

/// The pencil marks of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pencil {
    marks: [u16; 81],
    struck: [u16; 81],
    auto: bool,
}

impl Default for Pencil {
    fn default() -> Self {
        Pencil {
            marks: [0; 81],
            struck: [0; 81],
            auto: false,
        }
    }
}

impl Pencil {
    /// Whether automatic candidates are on.
    pub fn is_auto(&self) -> bool {
        self.auto
    }

    /// Turns automatic candidates on or off. Turning them on forgets the
    /// digits struck out earlier; off shows the hand-written marks again.
    pub fn set_auto(&mut self, on: bool) {
        self.auto = on;
        self.struck = [0; 81];
    }

    /// Whether the player wrote any mark or struck out any candidate.
    pub fn has_notes(&self) -> bool {
        self.marks.iter().chain(&self.struck).any(|&m| m != 0)
    }

    /// The marks the player wrote in `cell` (shown when automatic
    /// candidates are off), even if the cell holds a digit now.
    pub fn marks(&self, cell: Cell) -> Candidates {
        Candidates(self.marks[cell.index()])
    }

    /// Replaces the marks the player wrote in `cell`.
    pub fn set_marks(&mut self, cell: Cell, marks: Candidates) {
        self.marks[cell.index()] = marks.0;
    }

    /// The automatic candidates the player struck out in `cell`.
    pub fn struck(&self, cell: Cell) -> Candidates {
        Candidates(self.struck[cell.index()])
    }

    /// Replaces the automatic candidates struck out in `cell` (after
    /// [`Pencil::set_auto`], which forgets them).
    pub fn set_struck(&mut self, cell: Cell, struck: Candidates) {
        self.struck[cell.index()] = struck.0;
    }

    /// The marks shown in `cell`: none when it holds a digit.
    pub fn candidates(&self, game: &Game, cell: Cell) -> Candidates {
        if game.grid().get(cell).is_some() {
            return Candidates::NONE;
        }
        let i = cell.index();
        if self.auto {
            Candidates(allowed(game, cell) & !self.struck[i])
        } else {
            Candidates(self.marks[i])
        }
    }

    /// Toggles `digit` in the marks of `cell` and says whether it is shown
    /// now. With automatic candidates, a digit the cell's units rule out
    /// cannot be shown: [`NotAllowed`] says so.
    pub fn toggle(&mut self, game: &Game, cell: Cell, digit: Digit) -> Result<bool, NotAllowed> {
        let i = cell.index();
        if self.auto {
            if allowed(game, cell) & bit(digit) == 0 {
                return Err(NotAllowed { cell, digit });
            }
            self.struck[i] ^= bit(digit);
        } else {
            self.marks[i] ^= bit(digit);
        }
        Ok(self.candidates(game, cell).contains(digit))
    }
}

/// A digit automatic candidates cannot show: its row, column or box holds
/// it already.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{digit} is already in the row, column or box of {cell}")]
pub struct NotAllowed {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

fn allowed(game: &Game, cell: Cell) -> u16 {
    Digit::all()
        .filter(|&d| game.counters().allows(cell, d))
        .fold(0, |acc, d| acc | bit(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn setup() -> (Game, Cell) {
        (
            Game::new(PUZZLE.parse().unwrap()).unwrap(),
            Cell::from_name("1c").unwrap(),
        )
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn hand_marks_toggle() {
        let (game, c) = setup();
        let mut pencil = Pencil::default();
        assert_eq!(pencil.toggle(&game, c, d(4)), Ok(true));
        assert_eq!(pencil.toggle(&game, c, d(2)), Ok(true));
        let shown: Vec<u8> = pencil.candidates(&game, c).iter().map(Digit::get).collect();
        assert_eq!(shown, [2, 4]);
        assert_eq!(pencil.toggle(&game, c, d(4)), Ok(false));
        assert!(pencil.has_notes());
        assert_eq!(pencil.marks(c).to_string(), "2");
        // a given shows no marks
        assert!(pencil
            .candidates(&game, Cell::from_name("1a").unwrap())
            .is_empty());
    }

    #[test]
    fn automatic_candidates_follow_the_board() {
        let (mut game, c) = setup();
        let mut pencil = Pencil::default();
        pencil.set_auto(true);
        assert!(
            !pencil.has_notes(),
            "candidates alone are no work of the player"
        );
        let shown: Vec<u8> = pencil.candidates(&game, c).iter().map(Digit::get).collect();
        assert_eq!(shown, [1, 2, 4]);
        game.place(Cell::from_name("1d").unwrap(), d(2)).unwrap();
        let shown: Vec<u8> = pencil.candidates(&game, c).iter().map(Digit::get).collect();
        assert_eq!(shown, [1, 4]);
        assert_eq!(pencil.toggle(&game, c, d(1)), Ok(false));
        let shown: Vec<u8> = pencil.candidates(&game, c).iter().map(Digit::get).collect();
        assert_eq!(shown, [4]);
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
        assert!(pencil.candidates(&game, c).is_empty());
    }
}
