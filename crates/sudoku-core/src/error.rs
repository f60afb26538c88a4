//! Errors: one enum per operation that can fail.

use thiserror::Error;

use crate::counters::Conflict;
use crate::pos::Cell;

/// Why a text could not be read as a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text holds no puzzle at all (empty, or only comments).
    #[error("no puzzle found")]
    Empty,
    /// One puzzle was expected but the text holds more.
    #[error("line {line}: found a second puzzle where one was expected")]
    ExtraPuzzle {
        /// The line where the second puzzle starts.
        line: usize,
    },
    /// A character that is neither a digit, a blank, a separator nor a ruler.
    #[error("line {line}, column {column}: expected a digit, '.', '0' or '_', found {found}")]
    BadChar {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The character, quoted, or its byte value when it is not text.
        found: String,
    },
    /// A line whose number of cells is neither 81 nor 9.
    #[error("line {line}: found {count} cells, expected 81 (a one-line puzzle) or 9 (a grid row)")]
    CellCount {
        /// The line, from 1.
        line: usize,
        /// How many cells the line holds.
        count: usize,
    },
    /// A row directly after the ninth row of a grid.
    #[error("line {line}: a tenth row; a grid has 9 rows and grids are separated by a blank line")]
    TenthRow {
        /// The line of the tenth row.
        line: usize,
    },
    /// A grid that ends before its ninth row.
    #[error("line {line}: this grid has {rows} rows, expected 9")]
    ShortGrid {
        /// The line where the grid starts.
        line: usize,
        /// How many rows it has.
        rows: usize,
    },
    /// A line longer than the reader holds; it is skipped.
    #[error("line {line}: longer than {max} bytes")]
    LineTooLong {
        /// The line, from 1.
        line: usize,
        /// The limit in bytes.
        max: usize,
    },
    /// The input could not be read.
    #[error("line {line}: cannot read: {message}")]
    Io {
        /// The line that was being read.
        line: usize,
        /// What the system said.
        message: String,
    },
}

impl ParseError {
    /// The line the error is about, when there is one.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseError::Empty => None,
            ParseError::ExtraPuzzle { line }
            | ParseError::BadChar { line, .. }
            | ParseError::CellCount { line, .. }
            | ParseError::TenthRow { line }
            | ParseError::ShortGrid { line, .. }
            | ParseError::LineTooLong { line, .. }
            | ParseError::Io { line, .. } => Some(line),
        }
    }
}

/// Why a puzzle cannot be played or solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The givens already break the rules.
    #[error("there {} in the puzzle: {}", count_conflicts(.0.len()), list(.0))]
    Conflicts(Vec<Conflict>),
    /// Every cell is already filled.
    #[error("the puzzle is already complete")]
    AlreadyComplete,
    /// The givens are consistent, but no grid completes them.
    #[error("the puzzle has no solution")]
    Unsolvable,
}

/// `is 1 conflict` or `are 3 conflicts`.
pub(crate) fn count_conflicts(n: usize) -> String {
    if n == 1 {
        "is 1 conflict".to_string()
    } else {
        format!("are {n} conflicts")
    }
}

fn list(conflicts: &[Conflict]) -> String {
    let parts: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
    parts.join(", ")
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The cell holds a given of the puzzle.
    #[error("{0} is a given and cannot be changed")]
    Given(Cell),
    /// A value that is not a digit; 0 erases.
    #[error("digit {0} is not in 0-9")]
    BadDigit(u8),
}

/// Why undo or redo did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum HistoryError {
    /// Every move has been undone.
    #[error("nothing to undo")]
    NothingToUndo,
    /// No undone move is waiting to be redone.
    #[error("nothing to redo")]
    NothingToRedo,
}
