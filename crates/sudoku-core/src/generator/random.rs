//! One new puzzle at a level the player picks, named by its level and seed:
//! the recipe both games use, so a seed makes the same puzzle in each.
//!
//! Puzzle `seed` of a level is item 0 of the [`Batch`] of that seed, with
//! any number of blanks, one solution, no symmetry and the level, so it is
//! the puzzle `sudoku generate puzzles 1 --difficulty LEVEL --seed SEED`
//! prints.

use std::fmt;

use thiserror::Error;

use super::{Batch, GenerateError, Holes, PuzzleSpec, SpecError, Symmetry, Uniqueness};
use crate::grid::Grid;
use crate::logic::Level;
use crate::solver::SolverKind;

/// A generated puzzle's recipe: its level and the seed that makes it.
///
/// Its one name, from [`RandomPuzzle::name`] and [`Display`](fmt::Display)
/// alike, is `random hard #42`: the games' title and status lines, their
/// lists of saved games and a save's `name` line all show it. (A save's
/// `origin` line keeps the recipe as `random hard 42`, see
/// [`Origin`](crate::Origin).)
///
/// ```
/// use sudoku_core::generator::RandomPuzzle;
/// use sudoku_core::{grade, Level, Solver, SolverKind};
///
/// let random = RandomPuzzle::new(Level::Hard, 42);
/// assert_eq!(random.name(), "random hard #42");
/// assert_eq!(random.to_string(), random.name());
/// let puzzle = random.generate()?;
/// assert!(SolverKind::default().solver().is_uniquely_solvable(&puzzle));
/// assert_eq!(grade(&puzzle)?.level, Level::Hard);
/// assert_eq!(random.generate()?, puzzle, "the seed makes it again");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RandomPuzzle {
    /// The level the grader gives it.
    pub level: Level,
    /// The seed it is made from.
    pub seed: u64,
}

/// Why a random puzzle could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RandomError {
    /// The generator refused the request (it never does for this one,
    /// which any grid can meet).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No puzzle of the level was found within
    /// [`RandomPuzzle::ATTEMPTS`] grids.
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

impl RandomPuzzle {
    /// How many complete grids one puzzle may try before giving up, instead
    /// of the generator's [`MAX_ATTEMPTS`](super::MAX_ATTEMPTS). In 1000
    /// puzzles per level none needed more than 8, and a grid that misses
    /// the level costs about a millisecond, so this caps the wait near
    /// 50 ms while giving up practically never (see `docs/tui.md`).
    pub const ATTEMPTS: u32 = 50;

    /// The puzzle of `level` made from `seed`.
    pub fn new(level: Level, seed: u64) -> RandomPuzzle {
        RandomPuzzle { level, seed }
    }

    /// A puzzle of `level` from a [`fresh_seed`], different at every call.
    pub fn fresh(level: Level) -> RandomPuzzle {
        RandomPuzzle::new(level, fresh_seed())
    }

    /// The name the games show: `random medium #1234` (the same as
    /// `to_string`).
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// Makes the puzzle: the same seed and level always give the same one,
    /// with one solution, graded exactly at the level.
    pub fn generate(&self) -> Result<Grid, RandomError> {
        let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None)?
            .with_level(self.level)?
            .with_attempts(Self::ATTEMPTS);
        let made = Batch::new(self.seed).puzzle(0, &spec, SolverKind::default().solver())?;
        Ok(made.puzzle)
    }
}

/// `random medium #1234`: the name the games show.
impl fmt::Display for RandomPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "random {} #{}", self.level, self.seed)
    }
}

/// A seed for when the person gave none, different at every call (with
/// overwhelming odds): the time and the process hashed with the standard
/// library's randomly keyed hasher, whose keys change at every call. It is
/// below 2^32, which keeps names and retyped seeds short and still leaves
/// four billion puzzles per level.
///
/// ```
/// use sudoku_core::generator::fresh_seed;
/// let (a, b) = (fresh_seed(), fresh_seed());
/// assert_ne!(a, b);
/// assert!(a < 1 << 32);
/// ```
pub fn fresh_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish() >> 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::grade;

    #[test]
    fn every_level_gives_a_unique_puzzle_of_exactly_that_level() {
        for level in Level::ALL {
            let random = RandomPuzzle::new(level, 7);
            let puzzle = random.generate().unwrap();
            assert!(SolverKind::default().solver().is_uniquely_solvable(&puzzle));
            assert_eq!(grade(&puzzle).unwrap().level, level, "{random}");
            assert_eq!(
                random.generate().unwrap(),
                puzzle,
                "the seed makes it again"
            );
        }
    }

    #[test]
    fn it_is_the_first_puzzle_of_the_batch_of_its_seed() {
        let random = RandomPuzzle::new(Level::Medium, 3);
        let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None)
            .unwrap()
            .with_level(Level::Medium)
            .unwrap();
        let made = Batch::new(3)
            .puzzle(0, &spec, SolverKind::default().solver())
            .unwrap();
        assert_eq!(random.generate().unwrap(), made.puzzle);
    }

    #[test]
    fn names_and_fresh_seeds() {
        let random = RandomPuzzle::new(Level::Medium, 1234);
        assert_eq!(random.name(), "random medium #1234");
        assert_eq!(random.to_string(), "random medium #1234");
        let a = RandomPuzzle::fresh(Level::Hard);
        let b = RandomPuzzle::fresh(Level::Hard);
        assert_eq!(a.level, Level::Hard);
        assert_ne!(a.seed, b.seed);
        assert!(a.seed < 1 << 32 && b.seed < 1 << 32);
    }
}
