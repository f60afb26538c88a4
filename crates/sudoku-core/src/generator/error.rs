//! The generator's errors: one enum per operation that can fail.

use thiserror::Error;

use super::{Holes, Symmetry, Uniqueness};
use crate::logic::{Level, RatingRange};

/// Why a range of blanks was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HolesError {
    /// The text is not `MIN-MAX` or `N` with whole numbers.
    #[error("expected blanks as MIN-MAX or N (like 20-55), found {0:?}")]
    Syntax(
        /// The text as given.
        String,
    ),
    /// More blanks than the grid has cells.
    #[error("{0} blanks is more than the 81 cells of a grid")]
    TooMany(
        /// The number asked, as it was written.
        String,
    ),
    /// The smaller number comes last.
    #[error("the range {min}-{max} is reversed; write {max}-{min}")]
    Reversed {
        /// The first number.
        min: u8,
        /// The second number.
        max: u8,
    },
}

/// Why a puzzle request can never be met.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Every puzzle with one solution has at least 17 givens (McGuire,
    /// Tugemann and Civario, 2012), so at most 64 blanks.
    #[error(
        "a puzzle with a unique solution has at least 17 givens, so at most 64 blanks; \
         {min} or more blanks asked"
    )]
    BeyondUniqueness {
        /// The fewest blanks asked.
        min: u8,
    },
    /// Puzzles with one solution and this many blanks exist (down to 17
    /// givens) but random removal practically never reaches them.
    #[error(
        "a unique puzzle with more than {reach} blanks (fewer than {} givens) is too rare for \
         random removal to find; {min} or more blanks asked",
        81 - reach
    )]
    BeyondReach {
        /// The fewest blanks asked.
        min: u8,
        /// The most blanks that can be asked with uniqueness.
        reach: u8,
    },
    /// The symmetry blanks cells in groups whose sizes cannot add up to any
    /// number in the range.
    #[error("with {symmetry} symmetry no count of blanks in {holes} can be made (cells are blanked {groups})")]
    Unreachable {
        /// The symmetry asked.
        symmetry: Symmetry,
        /// The range asked.
        holes: Holes,
        /// How the symmetry groups cells, in words.
        groups: &'static str,
    },
}

/// Why a puzzle could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// Every attempt ended outside the range of blanks asked: such puzzles
    /// exist but are too rare for random removal.
    #[error(
        "found no {} with {holes} blanks in {attempts} attempts \
         (they reached {fewest}-{most} blanks); such puzzles are too rare here, ask for another range",
        uniqueness.noun()
    )]
    GaveUp {
        /// The range asked.
        holes: Holes,
        /// What was asked of the solutions.
        uniqueness: Uniqueness,
        /// How many grids were tried.
        attempts: u32,
        /// The fewest blanks an attempt reached.
        fewest: u8,
        /// The most blanks an attempt reached.
        most: u8,
    },
    /// No attempt found a puzzle rated within the range asked and within the
    /// range of blanks.
    #[error(
        "found no puzzle rated {range} with {holes} blanks in {attempts} attempts; \
         ask for a wider range of ratings or of blanks"
    )]
    RatingNotReached {
        /// The ratings asked.
        range: RatingRange,
        /// The range of blanks asked.
        holes: Holes,
        /// How many grids were tried.
        attempts: u32,
    },
    /// No attempt found a puzzle that grades at the level asked within the
    /// range of blanks.
    #[error(
        "found no {level} puzzle with {holes} blanks in {attempts} attempts; \
         ask for a wider range of blanks or another level"
    )]
    LevelNotReached {
        /// The level asked.
        level: Level,
        /// The range asked.
        holes: Holes,
        /// How many grids were tried.
        attempts: u32,
    },
    /// The item index is beyond what a batch keeps distinct.
    #[error("item {0} is beyond the {max} distinct grids of a batch", max = super::DISTINCT_GRIDS)]
    BeyondBatch(
        /// The index asked.
        u64,
    ),
}
