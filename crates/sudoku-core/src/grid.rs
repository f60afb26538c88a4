//! The grid: 81 cells, each blank or holding a digit.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::pos::{Cell, Digit, Unit};

/// A 9x9 grid of cells, each blank or holding a digit.
///
/// A grid is a plain value: it may hold conflicting digits. Parse one with
/// [`str::parse`] (every format in `docs/formats.md`), write it with
/// [`Display`](fmt::Display) (the 81-character line, `.` for blanks) or
/// [`Grid::to_rows`] (the 9-line form the original games read).
///
/// ```
/// use sudoku_core::Grid;
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(grid.givens(), 30);
/// assert!(grid.to_rows().starts_with("5 3 0 0 7 0 0 0 0\n"));
/// // Debug shows the line too, named.
/// assert!(format!("{grid:?}").starts_with("Grid(53..7....6..195..."));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    /// A grid with every cell blank.
    pub const fn empty() -> Grid {
        Grid { cells: [0; 81] }
    }

    /// A grid from 81 values in row-major order (0 for blank, 1-9 for a
    /// digit), or `None` when a value is above 9.
    pub fn from_cells(cells: [u8; 81]) -> Option<Grid> {
        cells.iter().all(|&v| v <= 9).then_some(Grid { cells })
    }

    /// A grid from values the caller knows are 0-9 (checked in debug
    /// builds only), for hot paths that build grids from grids.
    pub(crate) fn from_cells_unchecked(cells: [u8; 81]) -> Grid {
        debug_assert!(cells.iter().all(|&v| v <= 9));
        Grid { cells }
    }

    /// The 81 values in row-major order, 0 for blank.
    pub const fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The digit in `cell`, or `None` when it is blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell` (`None` blanks it) and returns what was there.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) -> Option<Digit> {
        let old = self.get(cell);
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
        old
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit (conflicts or not).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether the grid is full and every row, column and box holds each
    /// digit once.
    pub fn is_solved(&self) -> bool {
        self.is_full() && Unit::all().all(|unit| self.unit_mask(unit) == 0x3fe)
    }

    /// Whether `solution` is a solved grid that keeps every digit of `self`.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        solution.is_solved()
            && self
                .cells
                .iter()
                .zip(&solution.cells)
                .all(|(&g, &s)| g == 0 || g == s)
    }

    fn unit_mask(&self, unit: Unit) -> u16 {
        unit.cells()
            .fold(0, |mask, c| mask | 1 << self.cells[c.index()])
    }

    /// The 81-character line, `.` for blanks (the same as `to_string`).
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect()
    }

    /// The 9-line form of the original games: nine lines of nine digits
    /// separated by spaces, `0` for blanks, each line ending in `\n`.
    pub fn to_rows(&self) -> String {
        let mut out = String::with_capacity(162);
        for row in self.cells.chunks(9) {
            for (i, &v) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push(char::from(b'0' + v));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Parses exactly one puzzle in any format of [`crate::parse`].
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        crate::parse::parse_one(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn set_and_get() {
        let mut grid = Grid::empty();
        let cell = Cell::new(40).unwrap();
        assert_eq!(grid.set(cell, Digit::new(5)), None);
        assert_eq!(grid.get(cell), Digit::new(5));
        assert_eq!(grid.set(cell, None), Digit::new(5));
        assert_eq!(grid, Grid::empty());
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0; 81];
        cells[3] = 10;
        assert!(Grid::from_cells(cells).is_none());
        cells[3] = 9;
        assert_eq!(Grid::from_cells(cells).unwrap().givens(), 1);
    }

    #[test]
    fn solved_grids() {
        let solved: Grid = SOLVED.parse().unwrap();
        assert!(solved.is_solved() && solved.is_full());
        let mut broken = solved;
        let (a, b) = (Cell::new(0).unwrap(), Cell::new(1).unwrap());
        let (da, db) = (broken.get(a), broken.get(b));
        broken.set(a, db);
        broken.set(b, da);
        assert!(broken.is_full() && !broken.is_solved());
        let mut puzzle = solved;
        puzzle.set(a, None);
        assert!(puzzle.is_solved_by(&solved));
        assert!(!puzzle.is_solved_by(&broken));
    }

    #[test]
    fn writes_both_forms() {
        let grid: Grid = SOLVED.parse().unwrap();
        assert_eq!(grid.to_string(), SOLVED);
        let rows = grid.to_rows();
        assert_eq!(rows.lines().count(), 9);
        assert_eq!(rows.lines().next(), Some("5 3 4 6 7 8 9 1 2"));
        assert_eq!(Grid::empty().to_line(), ".".repeat(81));
    }
}
