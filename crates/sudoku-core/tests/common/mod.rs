//! What the core's integration tests share: the puzzle sets the project
//! makes itself ([`sets`]) and the check of the logical solver's steps.
#![allow(dead_code)] // each test file uses only some of the helpers

pub mod sets;

use sudoku_core::logic::LogicSolver;
use sudoku_core::Grid;

/// Runs the logical solver on `puzzle` and checks every step against
/// `solution`; returns whether logic filled the grid.
///
/// Each step is found twice: by a search that starts afresh
/// ([`LogicSolver::next_step`]) and by the solver's own, which remembers
/// what its searches found nothing in at the steps before
/// ([`LogicSolver::advance`]); the two must be the same step.
pub fn check_steps(puzzle: &Grid, solution: &Grid, assume_unique: bool) -> bool {
    let mut solver = LogicSolver::new(puzzle).assume_unique(assume_unique);
    loop {
        let fresh = solver.next_step();
        let remembering = solver.advance();
        assert_eq!(
            remembering, fresh,
            "{puzzle}: a search that remembers the steps before finds another step"
        );
        let Some(step) = fresh else {
            break;
        };
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
    }
    if solver.is_solved() {
        assert_eq!(solver.grid(), solution);
    }
    solver.is_solved()
}
