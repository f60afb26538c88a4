//! Positions and names shared by the unit tests.

use crate::pos::Cell;

/// A classic easy puzzle (the one on Wikipedia's Sudoku page).
pub(crate) const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The cell named like `5c`.
pub(crate) fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap_or_else(|| panic!("bad cell name {name}"))
}
