//! What the core's integration tests share: the puzzle sets the project
//! makes itself ([`sets`]) and the check of the logical solver's steps.
#![allow(dead_code)] // each test file uses only some of the helpers

pub mod sets;

use sudoku_core::logic::LogicSolver;
use sudoku_core::Grid;

/// Runs the logical solver on `puzzle` and checks every step against
/// `solution`; returns whether logic filled the grid.
pub fn check_steps(puzzle: &Grid, solution: &Grid, assume_unique: bool) -> bool {
    let mut solver = LogicSolver::new(puzzle).assume_unique(assume_unique);
    while let Some(step) = solver.next_step() {
        for &(cell, digit) in step.placements() {
            assert_eq!(solution.get(cell), Some(digit), "{puzzle}: {step}");
        }
        for &(cell, digit) in step.eliminations() {
            assert_ne!(solution.get(cell), Some(digit), "{puzzle}: {step}");
        }
        assert!(
            !step.placements().is_empty() || !step.eliminations().is_empty(),
            "{step}"
        );
        solver.apply(&step);
    }
    if solver.is_solved() {
        assert_eq!(solver.grid(), solution);
    }
    solver.is_solved()
}
