//! The solvers and the logical solver on the shared public benchmark sets
//! (`17_clue.txt`, `magictour_top1465.txt`, `serg_benchmark.txt` in
//! `SUDOKU_PUZZLES_DIR`, else `../shared/puzzles` beside the repository).
//!
//! Where a set is missing, the tests that read it are reported as ignored,
//! with the reason, by the harness of `sudoku-test-support` (this target
//! has `harness = false`). The same checks run on the sets the project
//! makes itself in `solvers.rs`, `puzzles.rs` and `logic.rs`, so a fresh
//! clone makes them too.

mod common;

use std::path::PathBuf;
use std::process::ExitCode;

use common::check_steps;
use sudoku_core::{parse_many, Dfs, Fast, Grid, Solver};
use sudoku_test_support::needs::shared_set;
use sudoku_test_support::{tests, Missing};

const HARD: &str = "magictour_top1465.txt";
const SEVENTEEN: &str = "17_clue.txt";
const SEVERAL: &str = "serg_benchmark.txt";

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        every_set => [fast_answers_on_the_shared_sets_are_valid],
        the_hard_set => [
            dfs_answers_on_the_hard_shared_set_are_valid,
            steps_on_the_hard_shared_set_are_right,
        ],
    ])
}

/// `magictour_top1465.txt`: 1465 hard puzzles with one solution.
fn the_hard_set() -> Result<(), Missing> {
    shared_set(HARD).map(drop)
}

/// The three shared sets.
fn every_set() -> Result<(), Missing> {
    [SEVENTEEN, HARD, SEVERAL]
        .into_iter()
        .try_for_each(|set| shared_set(set).map(drop))
}

/// The puzzles of the shared set `name`, which is there.
fn read(name: &str) -> Vec<Grid> {
    let path: PathBuf = shared_set(name).unwrap_or_else(|missing| panic!("{missing}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_many(&text)
        .into_iter()
        .map(|r| r.unwrap().grid)
        .collect()
}

fn fast_answers_on_the_shared_sets_are_valid() {
    let hard = read(HARD);
    for puzzle in &hard {
        let solution = Fast.solve(puzzle).expect("top1465 puzzles are solvable");
        assert!(puzzle.is_solved_by(&solution), "{puzzle}");
        assert_eq!(Fast.solutions_count_up_to(puzzle, 2), 1, "{puzzle}");
    }
    let easy = read(SEVENTEEN);
    for puzzle in easy.iter().step_by(7) {
        assert!(puzzle.is_solved_by(&Fast.solve(puzzle).unwrap()));
    }
    let multi = read(SEVERAL);
    for puzzle in multi.iter().step_by(5) {
        let two = Fast.solutions_up_to(puzzle, 2);
        assert_eq!(two.len(), 2, "{puzzle}");
        assert!(two[0] != two[1] && two.iter().all(|s| puzzle.is_solved_by(s)));
    }
}

fn dfs_answers_on_the_hard_shared_set_are_valid() {
    let mut solved = 0;
    for puzzle in &read(HARD) {
        let solution = Dfs.solve(puzzle).expect("every top1465 puzzle is solvable");
        assert!(puzzle.is_solved_by(&solution), "{puzzle}");
        solved += 1;
    }
    assert_eq!(solved, 1465);
}

/// Every puzzle with `SUDOKU_FULL_TESTS` (CI), else every fourth: each is
/// solved step by step twice (with the engine's memories and fresh).
fn steps_on_the_hard_shared_set_are_right() {
    let every = sudoku_test_support::size::quick_or_full(4, 1);
    let puzzles: Vec<Grid> = read(HARD).into_iter().step_by(every).collect();
    let mut solved = 0;
    for puzzle in &puzzles {
        let solution = Dfs.solve(puzzle).unwrap();
        if check_steps(puzzle, &solution, true) {
            solved += 1;
        }
    }
    eprintln!("logic alone solved {solved} of {}", puzzles.len());
    assert!(solved * 4 > puzzles.len(), "only {solved} solved");
}
