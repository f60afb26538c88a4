//! The fast solver against the classic DFS: same answers on the project's
//! puzzles and on random partial grids; valid answers on the sets the
//! project makes (`shared_sets.rs` checks the shared public sets).

mod common;

use std::path::{Path, PathBuf};

use common::sets;
use proptest::prelude::*;
use sudoku_core::{parse_many, Cell, Dfs, DfsStep, DfsSteps, Digit, Fast, Grid, Solver};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn fast_agrees_with_dfs_on_the_project_puzzles() {
    let text = std::fs::read_to_string(root().join("puzzles/collection-classics.txt")).unwrap();
    for record in parse_many(&text) {
        let puzzle = record.unwrap().grid;
        // Unique puzzles: both solvers must find the same single solution.
        assert_eq!(Fast.solve(&puzzle), Dfs.solve(&puzzle), "{puzzle}");
        assert_eq!(Fast.solutions_count_up_to(&puzzle, 3), 1);
    }
    let empty = Grid::empty();
    assert_eq!(Fast.solutions_up_to(&empty, 40).len(), 40);
}

/// The checks `shared_sets.rs` makes on the shared sets, on the sets the
/// project makes: hard puzzles with one solution, minimal ones, and
/// puzzles with two known solutions.
#[test]
fn fast_answers_on_the_project_sets_are_valid() {
    for puzzle in &sets::hard() {
        let solution = Fast.solve(puzzle).expect("the hard puzzles are solvable");
        assert!(puzzle.is_solved_by(&solution), "{puzzle}");
        assert_eq!(Fast.solutions_count_up_to(puzzle, 2), 1, "{puzzle}");
    }
    for puzzle in &sets::minimal(100) {
        assert!(puzzle.is_solved_by(&Fast.solve(puzzle).unwrap()));
        assert_eq!(Fast.solutions_count_up_to(puzzle, 2), 1, "{puzzle}");
    }
    for (puzzle, known) in &sets::several_solutions(300) {
        let two = Fast.solutions_up_to(puzzle, 2);
        assert_eq!(two.len(), 2, "{puzzle}");
        assert!(two[0] != two[1] && two.iter().all(|s| puzzle.is_solved_by(s)));
        assert!(known.iter().all(|s| puzzle.is_solved_by(s)), "{puzzle}");
    }
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A partial grid: a relabelled solved grid with cells blanked, sometimes
/// with a stray digit that may make it unsolvable or conflicting.
/// Steps the DFS may take on one random grid before it is left out.
const DFS_STEPS: usize = 5_000_000;

/// The DFS's count of solutions up to 2, or `None` when it needs more than
/// `budget` steps.
fn dfs_count_within(grid: &Grid, budget: usize) -> Option<usize> {
    let mut found = 0;
    for (n, step) in DfsSteps::new(grid).enumerate() {
        if n == budget {
            return None;
        }
        if let DfsStep::Solution(_) = step {
            found += 1;
            if found == 2 {
                break;
            }
        }
    }
    Some(found)
}

/// Fast's search without its own `has_solution_without`, so the trait's
/// default method runs.
struct PlainSearch;

impl Solver for PlainSearch {
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        Fast.search(puzzle, limit, on_solution)
    }
}

fn partial() -> impl Strategy<Value = Grid> {
    (
        Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        proptest::collection::vec(0..100u8, 81),
        0..100u8,
        (0..81usize, 1..=9u8, any::<bool>()),
    )
        .prop_map(|(perm, keep, density, (cell, digit, stray))| {
            let solved: Grid = SOLVED.parse().unwrap();
            let mut cells = solved.cells().map(|v| perm[usize::from(v) - 1]);
            for (c, k) in cells.iter_mut().zip(&keep) {
                if *k >= density {
                    *c = 0;
                }
            }
            if stray {
                cells[cell] = digit;
            }
            Grid::from_cells(cells).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_and_dfs_agree_on_counts(grid in partial()) {
        // The DFS has no propagation: refuting a sparse grid with a stray
        // digit can take it minutes, so such rare cases are left out.
        if let Some(dfs) = dfs_count_within(&grid, DFS_STEPS) {
            prop_assert_eq!(Fast.solutions_count_up_to(&grid, 2), dfs, "{}", grid);
        }
        if let Some(solution) = Fast.solve(&grid) {
            prop_assert!(grid.is_solved_by(&solution));
        }
    }

    #[test]
    fn fast_agrees_with_the_default_method_on_solutions_without_a_digit(
        grid in partial(),
        cell in 0..81usize,
        digit in 1..=9u8,
    ) {
        let (cell, digit) = (Cell::new(cell).unwrap(), Digit::new(digit).unwrap());
        // Fast's own search against the trait's default method (one search
        // per other digit) and against the list of solutions. Both run on
        // Fast's plain search, which the other tests check against the DFS:
        // the DFS itself can take minutes to refute a sparse grid with a
        // stray digit, so it is not used here.
        let fast = Fast.has_solution_without(&grid, cell, digit);
        prop_assert_eq!(fast, PlainSearch.has_solution_without(&grid, cell, digit), "{}", grid);
        let solutions = Fast.solutions_up_to(&grid, 10_000);
        let avoiding = solutions.iter().any(|s| s.cells()[cell.index()] != digit.get());
        if solutions.len() < 10_000 {
            prop_assert_eq!(fast, avoiding, "{}", grid);
        }
    }

}
