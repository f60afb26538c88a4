//! Colouring: the colours a player paints on cells and candidates, as
//! players of colouring, Medusa and chains do, and their history.
//!
//! A colour is one of six, named by a letter (`a`-`f`) so it reads without
//! colour on the screen. A cell can hold one colour, and each of its nine
//! candidates one more. Unlike pencil marks, a colouring is undone by undo:
//! each change is a [`Paint`], which records how many moves were in effect
//! when it was made, so [`Session::undo`](super::Session::undo) takes back
//! moves and paints in the order they were made (see [`Step`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::history::Move;
use crate::pos::{Cell, Digit};

/// One of the six colours, named `a` to `f`.
///
/// ```
/// use sudoku_core::session::Colour;
/// let b: Colour = "b".parse().unwrap();
/// assert_eq!(b.letter(), 'b');
/// assert_eq!(Colour::ALL.len(), 6);
/// assert_eq!("g".parse::<Colour>().unwrap_err().to_string(), "expected a colour a-f, found 'g'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// The first colour, `a`.
    A,
    /// The second colour, `b`.
    B,
    /// The third colour, `c`.
    C,
    /// The fourth colour, `d`.
    D,
    /// The fifth colour, `e`.
    E,
    /// The sixth colour, `f`.
    F,
}

impl Colour {
    /// Every colour, `a` first.
    pub const ALL: [Colour; 6] = [
        Colour::A,
        Colour::B,
        Colour::C,
        Colour::D,
        Colour::E,
        Colour::F,
    ];

    /// Its letter, `a`-`f`.
    pub fn letter(self) -> char {
        char::from(b'a' + self.index() as u8)
    }

    /// Its place in [`Colour::ALL`], 0-5.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour named by `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        let i = (letter.to_ascii_lowercase() as u32).checked_sub('a' as u32)?;
        Colour::ALL.get(usize::try_from(i).ok()?).copied()
    }
}

/// Its letter.
impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A text that does not name a colour.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected a colour a-f, found '{0}'")]
pub struct NotAColour(
    /// The text (cut to 40 characters).
    pub String,
);

impl FromStr for Colour {
    type Err = NotAColour;

    fn from_str(s: &str) -> Result<Colour, NotAColour> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Colour::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| NotAColour(s.chars().take(40).collect()))
    }
}

/// What a colour is painted on: a whole cell, or one candidate of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The cell.
    Cell(Cell),
    /// The candidate `digit` of the cell.
    Candidate(Cell, Digit),
}

impl Target {
    /// The cell painted, or whose candidate is.
    pub fn cell(self) -> Cell {
        match self {
            Target::Cell(cell) | Target::Candidate(cell, _) => cell,
        }
    }
}

/// `5c` for a cell, `5c7` for its candidate 7.
impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cell(cell) => write!(f, "{cell}"),
            Target::Candidate(cell, digit) => write!(f, "{cell}{digit}"),
        }
    }
}

/// The colours on a board: at most one per cell and one per candidate.
///
/// ```
/// use sudoku_core::session::{Colour, Colouring, Target};
/// use sudoku_core::{Cell, Digit};
/// let c = Cell::from_name("5c").unwrap();
/// let mut colours = Colouring::default();
/// colours.set(Target::Candidate(c, Digit::new(7).unwrap()), Some(Colour::B));
/// assert_eq!(colours.candidate(c, Digit::new(7).unwrap()), Some(Colour::B));
/// assert_eq!(colours.cell(c), None);
/// assert_eq!(colours.to_string(), "5c7=b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    cells: [Option<Colour>; 81],
    candidates: [[Option<Colour>; 9]; 81],
}

impl Default for Colouring {
    fn default() -> Self {
        Colouring {
            cells: [None; 81],
            candidates: [[None; 9]; 81],
        }
    }
}

impl Colouring {
    /// The colour of `cell` itself.
    pub fn cell(&self, cell: Cell) -> Option<Colour> {
        self.cells[cell.index()]
    }

    /// The colour of the candidate `digit` of `cell`.
    pub fn candidate(&self, cell: Cell, digit: Digit) -> Option<Colour> {
        self.candidates[cell.index()][usize::from(digit.get() - 1)]
    }

    /// The colour of `target`.
    pub fn get(&self, target: Target) -> Option<Colour> {
        match target {
            Target::Cell(cell) => self.cell(cell),
            Target::Candidate(cell, digit) => self.candidate(cell, digit),
        }
    }

    /// Paints `target` with `colour` (`None` takes its colour off) and
    /// returns the colour it had.
    pub fn set(&mut self, target: Target, colour: Option<Colour>) -> Option<Colour> {
        let slot = match target {
            Target::Cell(cell) => &mut self.cells[cell.index()],
            Target::Candidate(cell, digit) => {
                &mut self.candidates[cell.index()][usize::from(digit.get() - 1)]
            }
        };
        std::mem::replace(slot, colour)
    }

    /// Whether nothing is painted.
    pub fn is_empty(&self) -> bool {
        self.painted().next().is_none()
    }

    /// Every painted target and its colour, in cell order, each cell
    /// before its candidates.
    pub fn painted(&self) -> impl Iterator<Item = (Target, Colour)> + '_ {
        Cell::all().flat_map(move |cell| {
            let own = self.cell(cell).map(|c| (Target::Cell(cell), c));
            let candidates = Digit::all().filter_map(move |d| {
                self.candidate(cell, d)
                    .map(|c| (Target::Candidate(cell, d), c))
            });
            own.into_iter().chain(candidates)
        })
    }
}

/// `5c=a 5c7=b`, as a save writes it; empty when nothing is painted.
impl fmt::Display for Colouring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (target, colour)) in self.painted().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{target}={colour}")?;
        }
        Ok(())
    }
}

/// One target's colour changed: what it was before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Change {
    /// The cell or candidate.
    pub target: Target,
    /// Its colour before (`None`: none).
    pub before: Option<Colour>,
    /// Its colour after (`None`: taken off).
    pub after: Option<Colour>,
}

/// One undoable colouring: a cell or candidate painted or cleared, or the
/// whole board cleared at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paint {
    /// How many moves were in effect (could be undone) when it was made:
    /// undo takes it back before the move that came before it.
    pub at: usize,
    /// What changed, in the order it changed.
    pub changes: Vec<Change>,
}

impl Paint {
    /// The first cell it changed.
    pub fn cell(&self) -> Option<Cell> {
        self.changes.first().map(|c| c.target.cell())
    }
}

/// `5c=a`, `5c7=.` (a colour taken off), or `clear (2 colours)`.
impl fmt::Display for Paint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.changes.as_slice() {
            [one] => write!(
                f,
                "{}={}",
                one.target,
                one.after.map_or('.', Colour::letter)
            ),
            many => write!(f, "clear ({} colours)", many.len()),
        }
    }
}

/// What one undo or redo took back or made again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move.
    Move(Move),
    /// A colouring.
    Paint(Paint),
}

impl Step {
    /// The cell it changed (for a colouring, the first one).
    pub fn cell(&self) -> Option<Cell> {
        match self {
            Step::Move(mv) => Some(mv.cell),
            Step::Paint(paint) => paint.cell(),
        }
    }
}

/// The paints that can be undone and those that can be redone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Paints {
    /// Made and in effect, oldest first.
    pub done: Vec<Paint>,
    /// Undone, the one redo makes first last.
    pub undone: Vec<Paint>,
}

/// Why a colour was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ColourError {
    /// A candidate of a cell that holds a digit: its candidates are
    /// hidden.
    #[error("{0} holds a digit; colour the cell, or erase it to colour its candidates")]
    Filled(Cell),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::cell;

    #[test]
    fn colours_read_and_write_their_letters() {
        for colour in Colour::ALL {
            assert_eq!(colour.to_string().parse::<Colour>(), Ok(colour));
            assert_eq!(
                Colour::from_letter(colour.letter().to_ascii_uppercase()),
                Some(colour)
            );
        }
        for bad in ["", "ab", "g", "1", "é"] {
            assert!(bad.parse::<Colour>().is_err(), "{bad}");
        }
    }

    #[test]
    fn set_returns_the_old_colour_and_painted_lists_in_cell_order() {
        let mut colours = Colouring::default();
        assert!(colours.is_empty());
        let d7 = Digit::new(7).unwrap();
        assert_eq!(colours.set(Target::Cell(cell("9i")), Some(Colour::D)), None);
        assert_eq!(
            colours.set(Target::Candidate(cell("5c"), d7), Some(Colour::A)),
            None
        );
        assert_eq!(colours.set(Target::Cell(cell("5c")), Some(Colour::B)), None);
        assert_eq!(
            colours.set(Target::Candidate(cell("5c"), d7), Some(Colour::C)),
            Some(Colour::A)
        );
        assert_eq!(colours.to_string(), "5c=b 5c7=c 9i=d");
        assert_eq!(colours.set(Target::Cell(cell("9i")), None), Some(Colour::D));
        assert_eq!(colours.to_string(), "5c=b 5c7=c");
        assert!(!colours.is_empty());
    }
}
