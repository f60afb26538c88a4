#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod builtin;
pub mod canon;
pub mod counters;
pub mod error;
pub mod game;
pub mod generator;
pub mod grid;
pub mod history;
pub mod logic;
pub mod parse;
pub mod pos;
pub mod session;
pub mod solver;
pub mod text;

#[cfg(test)]
mod fixtures;
#[cfg(feature = "serde")]
mod serde_impls;

// The unit tests share `tests/common/sets.rs` with the integration tests,
// which name this crate `sudoku_core`.
#[cfg(test)]
extern crate self as sudoku_core;

pub use canon::{Canonical, Transform, TransformError};
pub use counters::{Conflict, Counters};
pub use error::{HistoryError, MoveError, ParseError, ParseErrorKind, PuzzleError, RangeError};
pub use game::{Game, Hint, Outcome};
pub use generator::{Batch, Holes, PuzzleSpec, RandomPuzzle, Symmetry, Uniqueness};
pub use grid::Grid;
pub use history::{History, Move};
pub use logic::{
    grade, grade_within, hint_step, Bounds, Candidates, Digits, DigitsIter, Grade, GradeError,
    Grader, Level, LogicReport, LogicSolver, Rating, RatingRange, RatingRangeError,
    Step as LogicStep, Technique, TechniqueError, Within,
};
pub use parse::{parse_many, PuzzleReader, Record};
pub use pos::{Block, Cell, Col, Digit, Row, Unit};
pub use session::{Origin, Pencil, SaveStore, Session};
#[allow(deprecated)] // the old name, kept for 0.1 callers
pub use solver::Step;
pub use solver::{
    Auto, Dfs, DfsReport, DfsStep, DfsSteps, Fast, SearchStats, Solver, SolverKind, Triad,
};
