//! The generator: complete grids and puzzles, reproducible from a seed.
//!
//! - [`random_grid`] and [`DistinctGrids`]: complete grids
//!   that can be any valid grid, and batches of them with no duplicates by
//!   construction.
//! - [`PuzzleSpec`] and [`generate_puzzle`]: puzzles dug out of a grid with a
//!   range of blanks ([`Holes`]), a unique solution or a minimal puzzle
//!   ([`Uniqueness`]), and a [`Symmetry`] of the givens.
//! - [`Level`] (the grader's, [`crate::logic::Level`]): with
//!   [`PuzzleSpec::with_level`], puzzles that [`crate::logic::grade`] rates
//!   exactly at that level, reached by steering the removals.
//! - [`Batch`]: item `i` of a batch depends only on the seed and `i`, so a
//!   batch can be split across threads and still come out byte for byte the
//!   same.
//! - [`RandomPuzzle`]: the games' new puzzle at a level, named by its level
//!   and seed (`random hard #42`), and [`fresh_seed`] for when none is given.
//!
//! Randomness comes from the caller (`&mut impl Rng`); [`Batch`] seeds one
//! [`ItemRng`] (xoshiro256++, whose output `rand_xoshiro` keeps stable across
//! versions and platforms) per item. Uniqueness is checked with any
//! [`Solver`]; frontends pass the default one.
//!
//! ```
//! use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
//! use sudoku_core::{SolverKind, Solver};
//! let batch = Batch::new(42);
//! let grid = batch.grid(0).unwrap();
//! assert!(grid.is_solved());
//! let spec = PuzzleSpec::new("40-50".parse().unwrap(), Uniqueness::Unique, Symmetry::None)?;
//! let made = batch.puzzle(1, &spec, SolverKind::default().solver())?;
//! assert!(SolverKind::default().is_uniquely_solvable(&made.puzzle));
//! assert_eq!(made, Batch::new(42).puzzle(1, &spec, SolverKind::default().solver())?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod difficulty;
mod error;
mod grids;
mod puzzles;
mod random;
pub mod search;
mod shape;
mod symmetry;

pub use error::{GenerateError, HolesError, SpecError};
pub use grids::{random_grid, DistinctGrids, DISTINCT_GRIDS};
pub use puzzles::{
    generate_puzzle, Holes, Puzzle, PuzzleSpec, Uniqueness, MAX_ATTEMPTS, UNIQUE_REACH,
};
pub use random::{fresh_seed, RandomError, RandomPuzzle};
pub use symmetry::Symmetry;

pub use crate::logic::Level;

use rand::SeedableRng;

use crate::grid::Grid;
use crate::solver::Solver;

/// The random number generator of one batch item: xoshiro256++, seeded
/// through SplitMix64, with output stable across versions and platforms.
pub type ItemRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A batch of grids or puzzles from one seed. Item `index` depends only on
/// the seed and the index, never on which thread makes it or what was made
/// before, and no two grids of a batch are equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    seed: u64,
    grids: DistinctGrids,
}

impl Batch {
    /// The batch of `seed`.
    pub fn new(seed: u64) -> Batch {
        let mut rng = ItemRng::seed_from_u64(seed);
        Batch {
            seed,
            grids: DistinctGrids::new(&mut rng),
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The random number generator of item `index`.
    pub fn rng(&self, index: u64) -> ItemRng {
        const ITEMS: u64 = 0x6a09_e667_f3bc_c909; // apart from the batch's own stream
        ItemRng::seed_from_u64(grids::mix(self.seed ^ grids::mix(index ^ ITEMS)))
    }

    /// Complete grid `index` (below [`DISTINCT_GRIDS`]), unlike every other
    /// grid of the batch.
    pub fn grid(&self, index: u64) -> Option<Grid> {
        self.grids.grid(index, &mut self.rng(index))
    }

    /// Puzzle `index`, dug out of a grid unlike the other items' (so puzzles
    /// with a unique solution are distinct too).
    pub fn puzzle(
        &self,
        index: u64,
        spec: &PuzzleSpec,
        solver: &dyn Solver,
    ) -> Result<Puzzle, GenerateError> {
        if index >= DISTINCT_GRIDS {
            return Err(GenerateError::BeyondBatch(index));
        }
        let mut rng = self.rng(index);
        puzzles::make_puzzle(spec, solver, &mut rng, |rng| {
            self.grids
                .grid(index, rng)
                .expect("the index is below DISTINCT_GRIDS")
        })
    }
}
