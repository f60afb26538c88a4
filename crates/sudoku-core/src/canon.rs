//! Canonical forms: one representative for every class of equivalent grids.
//!
//! Two grids (puzzles or complete grids) are *equivalent* when a
//! [`Transform`] turns one into the other: transposing, reordering the three
//! bands, the rows within each band, the three stacks and the columns within
//! each stack (2 x 6^8 = 3,359,232 ways of moving cells), and relabelling
//! the digits (9! ways). Equivalent puzzles have the same solutions up to
//! the same change, the same difficulty and the same number of givens.
//!
//! The canonical form is the *minlex* form, as the Sudoku community defines
//! it: of all the grids equivalent to a grid, the one whose 81-character
//! string, read row by row with `0` for a blank, is the smallest. So blanks
//! sort before digits: the minlex form of a puzzle begins with as many blanks
//! as any equivalent puzzle can, and the first digit in it is a 1 (published
//! minlex lists, like the catalogue of 17-clue puzzles, begin
//! `000000000000000001...` or `000000001...`). The minlex form of a complete
//! grid begins with the row `123456789`. The form is the true minimum, not
//! a heuristic: two grids are equivalent exactly when their forms are equal.
//!
//! [`Grid::canonical`] gives the form and a [`Transform`] that turns the grid
//! into it; any grid has one, conflicts and all.
//!
//! ```
//! use sudoku_core::Grid;
//! let puzzle: Grid =
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!         .parse()?;
//! let canonical = puzzle.canonical();
//! assert_eq!(
//!     canonical.form().to_string(),
//!     "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4.."
//! );
//! assert_eq!(canonical.transform().apply(&puzzle), *canonical.form());
//!
//! // The same puzzle, moved and relabelled, has the same form.
//! let moved = sudoku_core::canon::Transform::new(
//!     true,
//!     [5, 3, 4, 2, 0, 1, 8, 6, 7],
//!     [1, 2, 0, 6, 7, 8, 3, 5, 4],
//!     [9, 8, 7, 6, 5, 4, 3, 2, 1],
//! )?
//! .apply(&puzzle);
//! assert_eq!(moved.canonical().form(), canonical.form());
//! assert!(moved.is_equivalent_to(&puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## How it is found
//!
//! Solved grids and everything else take two searches, both exact (tested
//! against trying all 3,359,232 moves of the cells) and both dropping a
//! branch as soon as its output so far is larger than the best found:
//!
//! - a solved grid's first row always becomes `123456789`, which fixes the
//!   labels once the columns are placed; the search places the columns to
//!   make row 2 smallest, with few real choices. It first ranks the 18
//!   pairs of rows of the bands by the smallest row 2 they can give, mostly
//!   from how many 2-cycles their digits form, and expands only the best
//!   pairs: their starts, rows 2 and 3, then the other bands for the starts
//!   still tied (see `canon/grids.rs`);
//! - any other grid is filled row by row, keeping all partial
//!   transformations whose rows so far are the smallest, each column order
//!   of a stack kept as a bit in a mask (see `canon/puzzles.rs`). The first
//!   row is tried only from the rows whose bound (the fewest digits first,
//!   each stack's digits last) can still give the smallest, and any later
//!   row only when its blanks (each stack's first) can.
//!
//! On one core of a shared Xeon this is about 750,000 solved grids and
//! 100,000-300,000 puzzles a second (docs/benchmarks.md).
//!
//! Some published lists use other conventions: about 3% of the lines of
//! the usual catalogue of 17-clue puzzles are not their own minlex form in
//! this sense (a smaller string is equivalent to them), so compare forms
//! with forms, not with such a list.

mod grids;
mod puzzles;
#[cfg(test)]
mod tests;
mod transform;

pub use transform::{Transform, TransformError};

use crate::grid::Grid;

/// A grid's minlex form, and a transformation that turns the grid into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Canonical {
    form: Grid,
    transform: Transform,
}

impl Canonical {
    /// The minlex form: the smallest of all equivalent grids (read with `0`
    /// for blanks).
    pub fn form(&self) -> &Grid {
        &self.form
    }

    /// A transformation that turns the grid into its form: `transform().
    /// apply(&grid) == *form()`. When the grid has symmetries, several do;
    /// this is one of them.
    pub fn transform(&self) -> &Transform {
        &self.transform
    }
}

/// The minlex form of `grid` and a transformation that gives it (the same as
/// [`Grid::canonical`]).
pub fn canonical(grid: &Grid) -> Canonical {
    let solved = if grid.is_full() {
        grids::search(grid)
    } else {
        None
    };
    let (form, transform) = solved.unwrap_or_else(|| puzzles::search(grid));
    Canonical { form, transform }
}

impl Grid {
    /// The minlex form of the grid and a transformation that gives it; see
    /// [`crate::canon`].
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let grid: Grid =
    ///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    ///         .parse()?;
    /// let form = grid.canonical().form().to_string();
    /// assert_eq!(
    ///     form,
    ///     "123456789457189263698273514271895346539764128864312957345928671786531492912647835"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self) -> Canonical {
        canonical(self)
    }

    /// Whether some [`Transform`] turns `self` into `other`: the two have the
    /// same minlex form.
    pub fn is_equivalent_to(&self, other: &Grid) -> bool {
        self.givens() == other.givens() && self.canonical().form == other.canonical().form
    }
}
