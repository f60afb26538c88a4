//! Property tests of the core's invariants.

use proptest::prelude::*;
use sudoku_core::{parse_many, Cell, Counters, Dfs, Digit, Game, Grid, Solver};

/// A solved grid to start from; digits are relabelled and cells blanked by
/// the strategies below to make many puzzles.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn solved() -> Grid {
    SOLVED.parse().unwrap()
}

/// A solved grid with its digits relabelled by a permutation.
fn relabelled() -> impl Strategy<Value = Grid> {
    Just((1..=9u8).collect::<Vec<u8>>())
        .prop_shuffle()
        .prop_map(|perm| {
            let cells = solved().cells().map(|v| perm[usize::from(v) - 1]);
            Grid::from_cells(cells).unwrap()
        })
}

/// A puzzle: a relabelled solved grid with some cells blanked.
fn puzzle() -> impl Strategy<Value = Grid> {
    (relabelled(), proptest::collection::vec(any::<bool>(), 81)).prop_map(|(grid, blanks)| {
        let cells = std::array::from_fn(|i| if blanks[i] { 0 } else { grid.cells()[i] });
        Grid::from_cells(cells).unwrap()
    })
}

/// Any grid at all: random values, conflicts allowed.
fn any_grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0..=9u8, 81)
        .prop_map(|v| Grid::from_cells(v.try_into().unwrap()).unwrap())
}

/// A move: a cell and a value 0..=9 (0 erases).
fn moves() -> impl Strategy<Value = Vec<(usize, u8)>> {
    proptest::collection::vec((0..81usize, 0..=9u8), 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn undo_of_any_moves_restores_the_grid(puzzle in puzzle(), moves in moves()) {
        let mut game = Game::new(puzzle).unwrap();
        let mut made = 0;
        for (cell, value) in moves {
            if game.enter(Cell::new(cell).unwrap(), value).is_ok() {
                made += 1;
            }
        }
        let end = *game.grid();
        let mut undone = 0;
        while game.undo().is_ok() {
            undone += 1;
        }
        prop_assert!(undone <= made);
        prop_assert_eq!(game.grid(), &puzzle);
        prop_assert_eq!(game.counters(), &Counters::of(&puzzle));
        while game.redo().is_ok() {}
        prop_assert_eq!(game.grid(), &end);
        prop_assert_eq!(game.counters(), &Counters::of(&end));
    }

    #[test]
    fn counters_agree_with_a_recount(puzzle in puzzle(), moves in moves()) {
        let mut game = Game::new(puzzle).unwrap();
        for (cell, value) in moves {
            let _ = game.enter(Cell::new(cell).unwrap(), value);
            let recount = Counters::of(game.grid());
            prop_assert_eq!(game.counters(), &recount);
            prop_assert_eq!(game.conflict_count(), recount.conflicts().len());
            for c in Cell::all() {
                let by_scan = game.grid().get(c).is_some_and(|d| {
                    c.peers().any(|p| game.grid().get(p) == Some(d))
                });
                prop_assert_eq!(game.is_conflicting(c), by_scan, "cell {}", c);
            }
        }
    }

    #[test]
    fn formatting_then_parsing_is_the_identity(grid in any_grid()) {
        prop_assert_eq!(grid.to_line().parse::<Grid>().unwrap(), grid);
        prop_assert_eq!(grid.to_rows().parse::<Grid>().unwrap(), grid);
        prop_assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
        let both = format!("{}\n\n{}", grid.to_rows(), grid.to_line());
        let records: Vec<Grid> = parse_many(&both).into_iter().map(|r| r.unwrap().grid).collect();
        prop_assert_eq!(records, vec![grid, grid]);
    }

    #[test]
    fn solver_answers_keep_the_givens_and_are_valid(puzzle in puzzle()) {
        let solution = Dfs.solve(&puzzle).expect("blanking a solved grid leaves it solvable");
        prop_assert!(puzzle.is_solved_by(&solution));
        for other in Dfs.solutions_up_to(&puzzle, 3) {
            prop_assert!(puzzle.is_solved_by(&other));
        }
    }

    #[test]
    fn any_grid_gets_an_answer_without_panicking(grid in any_grid()) {
        if let Some(solution) = Dfs.solve(&grid) {
            prop_assert!(grid.is_solved_by(&solution));
            prop_assert_eq!(Counters::of(&grid).conflict_count(), 0);
        }
    }
}

#[test]
fn a_given_digit_is_a_digit() {
    for cell in Cell::all() {
        assert_eq!(
            solved().get(cell).map(Digit::get),
            Some(SOLVED.as_bytes()[cell.index()] - b'0')
        );
    }
}
