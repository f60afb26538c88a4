//! A Sudoku engine: positions and digits, grids in many text formats,
//! row/column/box counters with conflicts, a game with undo and redo, and
//! solvers behind one small API.
//!
//! Nothing here prints or touches a terminal; the frontends (`sudoku`,
//! `sudoku-tui`) translate between a person and these values.
//!
//! ```
//! use sudoku_core::{Grid, Solver, Dfs};
//!
//! let puzzle: Grid =
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!         .parse()
//!         .expect("a valid puzzle");
//! let solution = Dfs.solve(&puzzle).expect("a solvable puzzle");
//! assert!(puzzle.is_solved_by(&solution));
//! assert!(Dfs.is_uniquely_solvable(&puzzle));
//! println!("{}", solution.to_rows());
//! ```
#![deny(missing_docs)]

pub mod builtin;
pub mod counters;
pub mod error;
pub mod game;
pub mod generator;
pub mod grid;
pub mod history;
pub mod logic;
pub mod parse;
pub mod pos;
pub mod solver;

#[cfg(test)]
mod fixtures;

pub use counters::{Conflict, Counters};
pub use error::{HistoryError, MoveError, ParseError, ParseErrorKind, PuzzleError};
pub use game::{Game, Hint, Outcome};
pub use generator::{Batch, Holes, PuzzleSpec, RandomPuzzle, Symmetry, Uniqueness};
pub use grid::Grid;
pub use history::{History, Move};
pub use logic::{
    grade, hint_step, Candidates, Digits, Grade, GradeError, Level, LogicReport, LogicSolver,
    Rating, Step as LogicStep, Technique,
};
pub use parse::{parse_many, PuzzleReader, Record};
pub use pos::{Block, Cell, Col, Digit, Row, Unit};
pub use solver::{Dfs, DfsReport, DfsSteps, Fast, SearchStats, Solver, SolverKind, Step};
