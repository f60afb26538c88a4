//! Puzzle sets the project makes itself, so that every check made on the
//! shared public benchmark sets (`SUDOKU_PUZZLES_DIR`, else
//! `../shared/puzzles`) is also made in a fresh clone, where those are
//! absent. Each stands in for one shared set:
//!
//! - [`hard`] for `magictour_top1465` (hard puzzles with one solution): the
//!   project's classics and the puzzles Sudoku Explainer rated
//!   (`tests/data/se-rated.txt`), famous hardest ones among them;
//! - [`minimal`] for `17_clue` (minimal puzzles with one solution):
//!   generated from a fixed seed;
//! - [`several_solutions`] for `serg_benchmark` (puzzles with more than one
//!   solution): generated so that two solutions are known.
//!
//! Both the integration tests (`tests/common/mod.rs`) and the unit tests
//! (`src/fixtures.rs`, through `#[path]`) use this file; it names the crate
//! `sudoku_core` in both (the library calls itself that in its tests).

use rand::Rng;
use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::{parse_many, Dfs, Grid};

/// The seed of the generated sets.
const SEED: u64 = 2024;

/// The classics (`puzzles/collection-classics.txt`) and the puzzles of
/// `tests/data/se-rated.txt`: each has one solution; most are hard, a few
/// are among the hardest known.
pub fn hard() -> Vec<Grid> {
    let classics = include_str!("../../puzzles/collection-classics.txt");
    let rated = include_str!("../data/se-rated.txt");
    let rated_puzzles: String = rated
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split(' ').next())
        .map(|p| format!("{p}\n"))
        .collect();
    let grids: Vec<Grid> = parse_many(&format!("{classics}{rated_puzzles}"))
        .into_iter()
        .map(|r| r.expect("the project's puzzles read").grid)
        .collect();
    assert!(grids.len() >= 80, "only {} hard puzzles", grids.len());
    grids
}

/// `count` minimal puzzles with one solution, generated from a fixed seed
/// (with the classic depth-first search, so no fast solver is checked
/// against puzzles it made itself).
pub fn minimal(count: u64) -> Vec<Grid> {
    let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None)
        .expect("any number of holes, minimal, is a request that can be met");
    let batch = Batch::new(SEED);
    (0..count)
        .map(|i| {
            batch
                .puzzle(i, &spec, &Dfs)
                .expect("a minimal puzzle is always found")
                .puzzle
        })
        .collect()
}

/// `count` puzzles with at least two solutions, known by how they are made:
/// from a complete grid, every cell of two digits is blanked (so the grid
/// with those two digits swapped is a second solution), and then about half
/// of the other cells. Each comes with those two solutions.
pub fn several_solutions(count: u64) -> Vec<(Grid, [Grid; 2])> {
    let batch = Batch::new(SEED + 1);
    (0..count)
        .map(|i| {
            let solution = batch.grid(i).expect("the index is below DISTINCT_GRIDS");
            let mut rng = batch.rng(i);
            let a = rng.gen_range(1..=9u8);
            let b = (a + rng.gen_range(0..8u8)) % 9 + 1; // not a
            let swapped = solution.cells().map(|d| match d {
                d if d == a => b,
                d if d == b => a,
                d => d,
            });
            let puzzle = solution.cells().map(|d| {
                if d == a || d == b || rng.gen_bool(0.5) {
                    0
                } else {
                    d
                }
            });
            let puzzle = Grid::from_cells(puzzle).expect("digits and blanks");
            let swapped = Grid::from_cells(swapped).expect("digits");
            (puzzle, [solution, swapped])
        })
        .collect()
}
