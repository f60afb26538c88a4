//! The logical solver against brute force: no step ever removes the
//! solution's digit or places a wrong one, on random puzzles, on minimal
//! puzzles, generated and random (`shared_sets.rs`: on the shared hard
//! set); grades are stable.

mod common;

use std::path::Path;

use common::{check_steps, sets};
use proptest::prelude::*;
use sudoku_core::logic::{self, LogicSolver};
use sudoku_core::{grade, hint_step, parse_many, Dfs, Grid, Rating, Solver, Technique};

fn classics() -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/collection-classics.txt");
    let text = std::fs::read_to_string(path).unwrap();
    parse_many(&text)
        .into_iter()
        .map(|r| r.unwrap().grid)
        .collect()
}

/// A solved grid shuffled by validity-preserving moves: relabelling,
/// swapping rows within a band, bands, and transposing.
fn solved_grid() -> impl Strategy<Value = Grid> {
    let base: Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    (
        Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3),
        any::<bool>(),
    )
        .prop_map(move |(digits, bands, rows, transpose)| {
            let cells = std::array::from_fn(|i| {
                let (r, c) = (i / 9, i % 9);
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                let row = bands[r / 3] * 3 + rows[r / 3][r % 3];
                digits[usize::from(base.cells()[row * 9 + c]) - 1]
            });
            Grid::from_cells(cells).unwrap()
        })
}

/// A puzzle: a solved grid with random cells blanked (about `percent`%).
fn blanked(percent: u32) -> impl Strategy<Value = (Grid, Grid)> {
    (solved_grid(), proptest::collection::vec(0..100u32, 81)).prop_map(move |(solved, rolls)| {
        let cells = std::array::from_fn(|i| {
            if rolls[i] < percent {
                0
            } else {
                solved.cells()[i]
            }
        });
        (Grid::from_cells(cells).unwrap(), solved)
    })
}

/// A minimal puzzle: blank cells in a random order while the puzzle keeps
/// one solution.
fn minimal() -> impl Strategy<Value = (Grid, Grid)> {
    (
        solved_grid(),
        Just((0..81usize).collect::<Vec<_>>()).prop_shuffle(),
    )
        .prop_map(|(solved, order)| {
            let mut puzzle = solved;
            for i in order {
                let cell = sudoku_core::Cell::new(i).unwrap();
                let digit = puzzle.set(cell, None);
                if !Dfs.is_uniquely_solvable(&puzzle) {
                    puzzle.set(cell, digit);
                }
            }
            (puzzle, solved)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn steps_on_random_puzzles_keep_every_solution((puzzle, solved) in blanked(60)) {
        // Without the uniqueness assumption every step holds for every
        // solution, the one we blanked included.
        check_steps(&puzzle, &solved, false);
        if Dfs.is_uniquely_solvable(&puzzle) {
            check_steps(&puzzle, &solved, true);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn steps_on_minimal_puzzles_are_right((puzzle, solved) in minimal()) {
        let solved_by_logic = check_steps(&puzzle, &solved, true);
        let grade = grade(&puzzle).unwrap();
        prop_assert_eq!(grade.rating == Rating::GUESS, !solved_by_logic);
        prop_assert_eq!(grade.clone(), sudoku_core::grade(&puzzle).unwrap());
    }
}

/// The check `shared_sets.rs` makes on `magictour_top1465`, on the minimal
/// puzzles the project makes, a fifth of them expert or extreme. (The
/// hardest puzzles the project has are checked step by step in
/// `puzzles_rated_by_sudoku_explainer_get_its_ratings`.)
#[test]
fn steps_on_the_generated_minimal_set_are_right() {
    let puzzles = sets::minimal(200);
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

#[test]
fn classics_get_the_same_grades_every_time() {
    let expected = [
        "easy 1.2",
        "easy 1.2",
        "easy 1.2",
        "medium 2.0",
        "medium 2.6",
        "hard 4.2",
        "hard 4.4",
        "extreme 10.5",
        "extreme 10.7",
        "extreme 11.6",
        "extreme 11.9",
        "extreme 9.9",
        "extreme 11.0",
        "medium 2.6",
        "medium 2.3",
    ];
    let grids = classics();
    assert_eq!(grids.len(), expected.len());
    for (grid, want) in grids.iter().zip(expected) {
        let first = grade(grid).unwrap();
        assert_eq!(format!("{} {}", first.level, first.rating), want, "{grid}");
        if first.rating < Rating::from_tenths(90) {
            assert_eq!(logic::solve(grid).grade(), first, "{grid}");
        }
        // Again, where that is quick: the famous ones take seconds each.
        if first.rating < Rating::from_tenths(90) {
            assert_eq!(grade(grid).unwrap(), first);
            assert_eq!(logic::solve(grid), logic::solve(grid));
        }
    }
}

#[test]
fn a_solve_ends_in_the_solution_or_where_logic_stops() {
    // The famous hardest classics are solved step by step in
    // `puzzles_rated_by_sudoku_explainer_get_its_ratings`'s way elsewhere;
    // here the ones that take milliseconds.
    for grid in classics().into_iter().take(7) {
        let report = logic::solve(&grid);
        let solution = Dfs.solve(&grid).unwrap();
        if report.solved {
            assert_eq!(*report.grid(), solution);
        } else {
            assert!(!report.grid().is_full());
            assert!(LogicSolver::from_candidates(report.end.clone())
                .next_step()
                .is_none());
            assert!(report.grid().is_solved_by(&solution) || !report.grid().is_full());
        }
        let placed: usize = report.steps.iter().map(|s| s.placements().len()).sum();
        assert_eq!(placed, report.grid().givens() - grid.givens());
    }
}

#[test]
fn hints_follow_the_game_position() {
    let grid = classics()[0];
    let first = hint_step(&grid).unwrap();
    let (cell, digit) = first.placement().unwrap();
    let solution = Dfs.solve(&grid).unwrap();
    assert_eq!(solution.get(cell), Some(digit));
    let mut next = grid;
    next.set(cell, Some(digit));
    let second = hint_step(&next).unwrap();
    assert_ne!(second.placement(), first.placement());
    assert!(hint_step(&solution).is_none());
    // a hint always names a placement, after any eliminations before it
    let hard = classics()[5];
    let step = logic::hint_placement(&hard).unwrap();
    let (cell, digit) = step.placement().unwrap();
    assert_eq!(Dfs.solve(&hard).unwrap().get(cell), Some(digit));
}

#[test]
fn every_technique_has_a_name_and_rating() {
    let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Technique::ALL.len());
}

/// Every technique is the hardest step of some puzzle of
/// `tests/data/se-rated.txt`, which Sudoku Explainer rated: the grade gives
/// SE's ER/EP/ED, and the hardest step is that technique.
#[test]
fn puzzles_rated_by_sudoku_explainer_get_its_ratings() {
    let text = include_str!("data/se-rated.txt");
    let mut wrong = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [puzzle, se, technique] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}");
        };
        let grid: sudoku_core::Grid = puzzle.parse().unwrap();
        // Every step, forcing chains included, keeps the solution.
        let solution = Dfs.solve(&grid).unwrap();
        let report = logic::solve(&grid);
        for step in &report.steps {
            for &(cell, digit) in step.placements() {
                assert_eq!(solution.get(cell), Some(digit), "{puzzle}: {step}");
            }
            for &(cell, digit) in step.eliminations() {
                assert_ne!(solution.get(cell), Some(digit), "{puzzle}: {step}");
            }
        }
        assert!(report.solved, "{puzzle}");
        // The report's grade is `grade`'s (checked on the classics below),
        // without solving each of these hard puzzles a second time.
        let g = report.grade();
        let ours = format!("{}/{}/{}", g.rating, g.pearl, g.diamond);
        let hardest = report.hardest().map_or("none", |t| t.name());
        if ours != se || hardest != technique {
            wrong.push(format!("{puzzle} {ours} {hardest} (SE {se} {technique})"));
        }
        count += 1;
    }
    assert!(count >= 40, "{count}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The searches that remember the steps before (see `check_steps`) take
/// the steps of searches that start afresh, on the puzzles Sudoku
/// Explainer rated below 10 (the others take seconds each).
#[test]
fn remembering_searches_take_the_same_steps_on_the_rated_puzzles() {
    let text = include_str!("data/se-rated.txt");
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [puzzle, se, _] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}");
        };
        let er: f64 = se.split('/').next().unwrap().parse().unwrap();
        if er >= 10.0 {
            continue;
        }
        let grid: Grid = puzzle.parse().unwrap();
        let solution = Dfs.solve(&grid).unwrap();
        assert!(check_steps(&grid, &solution, true), "{puzzle}");
        count += 1;
    }
    assert!(count >= 40, "{count}");
}

/// A cycle's path comes back to its start, which SE counts once: the
/// four-cell cycle of this puzzle is 7.0 (six states), as SE rates it
/// ("Bidirectional Cycle: R2C7,R2C9,R6C9,R5C7", 7.0), not 7.1.
#[test]
fn a_cycle_counts_its_start_once() {
    let grid: sudoku_core::Grid =
        ".6..5.1.......2.3....4...7943........2...8..3..5.2..1..5....9...82.........537.2."
            .parse()
            .unwrap();
    let report = logic::solve(&grid);
    let cycle = report
        .steps
        .iter()
        .find(|s| s.technique() == Technique::XyCycle)
        .expect("a cycle step");
    assert_eq!(cycle.rating(), Rating::from_tenths(70), "{cycle}");
}
