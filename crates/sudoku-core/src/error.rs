//! Errors: one enum per operation that can fail.

use thiserror::Error;

use crate::counters::Conflict;
use crate::pos::Cell;

/// Why a text could not be read as a puzzle, and where.
///
/// It shows as `line 3, column 7: expected a digit, '.', '0' or '_', found 'x'`;
/// a frontend that names the file can use [`ParseError::line`] and
/// [`ParseError::kind`] to write `FILE:3: column 7: ...` instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", self.location())]
pub struct ParseError {
    line: Option<usize>,
    column: Option<usize>,
    kind: ParseErrorKind,
}

impl ParseError {
    /// An error of `kind` on `line` (from 1), at `column` (in characters,
    /// from 1) when known.
    pub fn new(kind: ParseErrorKind, line: Option<usize>, column: Option<usize>) -> ParseError {
        ParseError { line, column, kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// The line the error is about, when there is one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The column (in characters, from 1), when the error is about one.
    pub fn column(&self) -> Option<usize> {
        self.column
    }

    /// `line 3, column 7: `, `line 3: ` or nothing.
    fn location(&self) -> String {
        match (self.line, self.column) {
            (Some(l), Some(c)) => format!("line {l}, column {c}: "),
            (Some(l), None) => format!("line {l}: "),
            _ => String::new(),
        }
    }

    /// The message after the line: `column 7: expected ...` or the kind alone.
    pub fn detail(&self) -> String {
        match self.column {
            Some(c) => format!("column {c}: {}", self.kind),
            None => self.kind.to_string(),
        }
    }
}

/// What is wrong with a puzzle text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// The text holds no puzzle at all (empty, or only comments).
    #[error("no puzzle found")]
    Empty,
    /// One puzzle was expected but the text holds more (the line is where
    /// the second starts).
    #[error("found a second puzzle where one was expected")]
    ExtraPuzzle,
    /// A character that is neither a digit, a blank, a separator nor a ruler.
    #[error("expected a digit, '.', '0' or '_', found {0}")]
    BadChar(
        /// The character, quoted, or its byte value when it is not text.
        String,
    ),
    /// A line whose number of cells is neither 81 nor 9.
    #[error("found {0} cells, expected 81 (a one-line puzzle) or 9 (a grid row)")]
    CellCount(
        /// How many cells the line holds.
        usize,
    ),
    /// A row directly after the ninth row of a grid.
    #[error("a tenth row; a grid has 9 rows and grids are separated by a blank line")]
    TenthRow,
    /// A grid that ends before its ninth row (the line is where it starts).
    #[error("this grid has {0} rows, expected 9")]
    ShortGrid(
        /// How many rows it has.
        usize,
    ),
    /// A line longer than the reader holds; it is skipped.
    #[error("longer than {0} bytes")]
    LineTooLong(
        /// The limit in bytes.
        usize,
    ),
    /// The input is UTF-16 text; only UTF-8 (and ASCII) is read. Nothing
    /// after this error is read from that input.
    #[error("the text is UTF-16; only UTF-8 is read (convert it, for example with iconv -f UTF-16 -t UTF-8)")]
    Utf16,
    /// The input could not be read.
    #[error("cannot read: {0}")]
    Io(
        /// What the system said.
        String,
    ),
}

/// Why a puzzle cannot be played or solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The givens already break the rules.
    #[error("{}", conflicts_in_puzzle(.0))]
    Conflicts(Vec<Conflict>),
    /// Every cell is already filled.
    #[error("the puzzle is already complete")]
    AlreadyComplete,
    /// The givens are consistent, but no grid completes them.
    #[error("the puzzle has no solution")]
    Unsolvable,
}

/// The sentence of [`PuzzleError::Conflicts`] and
/// [`GradeError::Conflicts`](crate::GradeError::Conflicts), so that a game
/// and the grader name conflicting givens alike: `there is 1 conflict in
/// the puzzle: row 1 has two 5s` or `there are 2 conflicts in the puzzle:
/// row 1 has two 5s, box 1 has two 5s`.
pub(crate) fn conflicts_in_puzzle(conflicts: &[Conflict]) -> String {
    let count = match conflicts.len() {
        1 => "is 1 conflict".to_string(),
        n => format!("are {n} conflicts"),
    };
    let named: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
    match named.is_empty() {
        true => format!("there {count} in the puzzle"),
        false => format!("there {count} in the puzzle: {}", named.join(", ")),
    }
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

/// A number outside the range of a position or digit type, from the
/// `TryFrom` conversions of [`Digit`](crate::Digit), [`Row`](crate::Row),
/// [`Col`](crate::Col), [`Block`](crate::Block) and [`Cell`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{what} {value} is not in {min}-{max}")]
pub struct RangeError {
    /// What was being made: `digit`, `row index`, `cell index` ...
    pub what: &'static str,
    /// The number given.
    pub value: u64,
    /// The smallest number allowed.
    pub min: u64,
    /// The largest number allowed.
    pub max: u64,
}
