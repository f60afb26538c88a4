//! The canonical form against brute force, and its invariants.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};

use super::*;
use crate::generator::{Batch, Holes, ItemRng, PuzzleSpec, Symmetry, Uniqueness};
use crate::solver::SolverKind;

/// Every order of the rows (or columns) that keeps bands (stacks) whole:
/// 6^4 = 1296 of them.
fn line_orders() -> Vec<[u8; 9]> {
    let orders = crate::pos::ORDERS_OF_THREE;
    let mut out = Vec::with_capacity(1296);
    for units in orders {
        for a in orders {
            for b in orders {
                for c in orders {
                    let inner = [a, b, c];
                    out.push(std::array::from_fn(|i| {
                        3 * units[i / 3] + inner[i / 3][i % 3]
                    }));
                }
            }
        }
    }
    out
}

/// The minlex form by trying all 2 x 1296 x 1296 moves, each with the
/// labels in order of first appearance (the best for that move). A move is
/// dropped at its first cell above the best so far, which cannot change the
/// minimum.
fn brute_force(grid: &Grid) -> Grid {
    let orders = line_orders();
    let g = grid.cells();
    let mut best = [u8::MAX; 81];
    let mut out = [0u8; 81];
    for transpose in [false, true] {
        let cell = |r: u8, c: u8| {
            let (r, c) = (usize::from(r), usize::from(c));
            if transpose {
                g[c * 9 + r]
            } else {
                g[r * 9 + c]
            }
        };
        for rows in &orders {
            'cols: for cols in &orders {
                let mut labels = [0u8; 10];
                let mut next = 1;
                let mut below = false;
                for k in 0..81 {
                    let d = usize::from(cell(rows[k / 9], cols[k % 9]));
                    if d != 0 && labels[d] == 0 {
                        labels[d] = next;
                        next += 1;
                    }
                    let v = labels[d];
                    if !below {
                        if v > best[k] {
                            continue 'cols;
                        }
                        below = v < best[k];
                    }
                    out[k] = v;
                }
                if below {
                    best = out;
                }
            }
        }
    }
    Grid::from_cells(best).unwrap()
}

fn random_grids(seed: u64, n: u64) -> Vec<Grid> {
    let batch = Batch::new(seed);
    (0..n).map(|i| batch.grid(i).unwrap()).collect()
}

fn minimal_puzzles(seed: u64, n: u64) -> Vec<Grid> {
    let batch = Batch::new(seed);
    let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None).unwrap();
    (0..n)
        .map(|i| {
            batch
                .puzzle(i, &spec, SolverKind::default().solver())
                .unwrap()
                .puzzle
        })
        .collect()
}

/// `grid` with each cell kept with probability `keep`, from `seed`.
fn thinned(grid: &Grid, keep: f64, seed: u64) -> Grid {
    let mut rng = ItemRng::seed_from_u64(seed);
    let cells = grid.cells().map(|v| if rng.gen_bool(keep) { v } else { 0 });
    Grid::from_cells(cells).unwrap()
}

fn check_against_brute_force(grid: &Grid) {
    let found = canonical(grid);
    assert_eq!(*found.form(), brute_force(grid), "grid {grid}");
    assert_eq!(found.transform().apply(grid), *found.form(), "grid {grid}");
}

#[test]
fn solved_grids_match_brute_force() {
    for grid in random_grids(11, 8) {
        check_against_brute_force(&grid);
    }
}

#[test]
fn puzzles_match_brute_force() {
    for puzzle in minimal_puzzles(12, 6) {
        check_against_brute_force(&puzzle);
    }
    // Puzzles with more givens than a minimal one, and fewer.
    for (i, grid) in random_grids(20, 6).iter().enumerate() {
        let keep = [0.2, 0.35, 0.5, 0.65, 0.8, 0.1][i];
        check_against_brute_force(&thinned(grid, keep, i as u64));
    }
}

#[test]
fn odd_grids_match_brute_force() {
    // Many givens (rows full but for a blank or two), and random values
    // with conflicts everywhere, complete and not.
    let grid = random_grids(13, 1)[0];
    check_against_brute_force(&thinned(&grid, 0.9, 1));
    let mut rng = ItemRng::seed_from_u64(14);
    let noise = Grid::from_cells(std::array::from_fn(|_| rng.gen_range(1..=9))).unwrap();
    check_against_brute_force(&noise);
    check_against_brute_force(&thinned(&noise, 0.3, 2));
}

#[test]
fn both_searches_agree_on_solved_grids() {
    // A full grid with a conflict is not for the solved grids' search.
    let mut broken = *random_grids(15, 1)[0].cells();
    broken.swap(0, 1);
    assert!(grids::search(&Grid::from_cells(broken).unwrap()).is_none());
    for grid in random_grids(15, 40) {
        let (form, transform) = puzzles::search(&grid);
        let (solved_form, _) = grids::search(&grid).expect("a solved grid");
        assert_eq!(solved_form, form, "grid {grid}");
        assert_eq!(*canonical(&grid).form(), form, "grid {grid}");
        assert_eq!(transform.apply(&grid), form);
    }
}

#[test]
fn grids_with_symmetries_and_almost_nothing() {
    let empty = Grid::empty();
    assert_eq!(*empty.canonical().form(), empty);
    let mut one = [0; 81];
    one[40] = 7;
    let mut expected = [0; 81];
    expected[80] = 1;
    let one = Grid::from_cells(one).unwrap();
    assert_eq!(*one.canonical().form(), Grid::from_cells(expected).unwrap());
    // A full row and nothing else: it goes last, as 123456789.
    let mut row = [0; 81];
    row[27..36].copy_from_slice(&[5, 3, 9, 1, 2, 4, 8, 6, 7]);
    let form = Grid::from_cells(row).unwrap().canonical();
    assert_eq!(&form.form().to_string()[..72], ".".repeat(72));
    assert_eq!(&form.form().to_string()[72..], "123456789");
    // A grid with the same value everywhere.
    let sevens = Grid::from_cells([7; 81]).unwrap();
    assert_eq!(
        *sevens.canonical().form(),
        Grid::from_cells([1; 81]).unwrap()
    );
}

/// The form of a form is itself.
#[test]
fn minlex_forms_are_their_own_form() {
    for grid in random_grids(16, 10).iter().chain(&minimal_puzzles(17, 10)) {
        let form = *grid.canonical().form();
        let again = form.canonical();
        assert_eq!(*again.form(), form);
    }
}

#[test]
fn a_changed_given_changes_the_form() {
    for puzzle in minimal_puzzles(18, 5) {
        let form = *puzzle.canonical().form();
        let at = puzzle.cells().iter().position(|&v| v != 0).unwrap();
        let mut cells = *puzzle.cells();
        cells[at] = cells[at] % 9 + 1;
        let changed = Grid::from_cells(cells).unwrap();
        assert_ne!(*changed.canonical().form(), form);
        cells[at] = 0;
        let fewer = Grid::from_cells(cells).unwrap();
        assert_ne!(*fewer.canonical().form(), form);
        assert!(!puzzle.is_equivalent_to(&fewer));
    }
}

fn transforms() -> impl Strategy<Value = Transform> {
    any::<u64>().prop_map(|seed| Transform::random(&mut ItemRng::seed_from_u64(seed)))
}

fn grids() -> impl Strategy<Value = Grid> {
    (0..1_000_000u64).prop_map(|i| Batch::new(19).grid(i).unwrap())
}

fn puzzles() -> impl Strategy<Value = Grid> {
    (grids(), 0.15..0.6f64, any::<u64>()).prop_map(|(grid, keep, seed)| thinned(&grid, keep, seed))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn moved_grids_have_the_same_form(grid in grids(), t in transforms()) {
        let canonical = grid.canonical();
        let moved = t.apply(&grid);
        let again = moved.canonical();
        prop_assert_eq!(again.form(), canonical.form());
        prop_assert_eq!(again.transform().apply(&moved), *again.form());
        prop_assert_eq!(canonical.transform().apply(&grid), *canonical.form());
    }

    #[test]
    fn moved_puzzles_have_the_same_form(puzzle in puzzles(), t in transforms()) {
        let canonical = puzzle.canonical();
        let moved = t.apply(&puzzle);
        let again = moved.canonical();
        prop_assert_eq!(again.form(), canonical.form());
        prop_assert_eq!(again.transform().apply(&moved), *again.form());
        prop_assert_eq!(canonical.transform().apply(&puzzle), *canonical.form());
        prop_assert_eq!(*canonical.form().canonical().form(), *canonical.form());
    }

    #[test]
    fn any_values_have_a_form(values in proptest::collection::vec(0..=9u8, 81), t in transforms()) {
        let grid = Grid::from_cells(values.try_into().unwrap()).unwrap();
        let canonical = grid.canonical();
        prop_assert_eq!(canonical.transform().apply(&grid), *canonical.form());
        prop_assert_eq!(*t.apply(&grid).canonical().form(), *canonical.form());
    }
}

/// The forms the docs show, checked here against brute force.
#[test]
fn the_documented_forms_are_the_brute_force_ones() {
    for (grid, form) in [
        (
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..",
        ),
        (
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "123456789457189263698273514271895346539764128864312957345928671786531492912647835",
        ),
    ] {
        let grid: Grid = grid.parse().unwrap();
        assert_eq!(brute_force(&grid).to_string(), form);
        check_against_brute_force(&grid);
    }
}

/// Each kind of move alone: transposing, the bands, the stacks, the rows
/// of a band, the columns of a stack, the digits.
#[test]
fn each_kind_of_move_keeps_the_form() {
    let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let moves = [
        Transform::new(true, id, id, digits),
        Transform::new(false, [6, 7, 8, 0, 1, 2, 3, 4, 5], id, digits),
        Transform::new(false, id, [3, 4, 5, 6, 7, 8, 0, 1, 2], digits),
        Transform::new(false, [0, 2, 1, 5, 3, 4, 8, 7, 6], id, digits),
        Transform::new(false, id, [2, 0, 1, 3, 5, 4, 7, 6, 8], digits),
        Transform::new(false, id, id, [5, 9, 1, 3, 2, 8, 7, 4, 6]),
    ]
    .map(Result::unwrap);
    let grids = random_grids(21, 4);
    let puzzles: Vec<Grid> = minimal_puzzles(22, 4)
        .into_iter()
        .chain(grids.iter().map(|g| thinned(g, 0.4, 7)))
        .collect();
    for grid in grids.iter().chain(&puzzles) {
        let form = *grid.canonical().form();
        for t in &moves {
            let moved = t.apply(grid);
            assert_ne!(moved, *grid, "{t:?} moves something");
            let again = moved.canonical();
            assert_eq!(*again.form(), form, "{t:?} on {grid}");
            assert_eq!(again.transform().apply(&moved), form);
            assert!(moved.is_equivalent_to(grid));
        }
    }
}

/// What decides the solved grids' search for a grid, worked out the slow
/// way: for each of the 18 pairs of rows in a band (rows `k`, `k + 1` of
/// each band, both orientations), whether its band is pure, how many
/// 2-cycles its `next` map has, and its smallest row 2 over all 1,296
/// orders of the columns.
struct Pairs {
    pure: Vec<bool>,
    swaps: Vec<usize>,
    row2: Vec<u64>,
}

impl Pairs {
    fn of(grid: &Grid) -> Pairs {
        let orders = line_orders();
        let g = grid.cells();
        let (mut pure, mut swaps, mut row2) = (Vec::new(), Vec::new(), Vec::new());
        for transpose in [false, true] {
            let row = |r: usize| -> [u8; 9] {
                std::array::from_fn(|c| {
                    if transpose {
                        g[c * 9 + r]
                    } else {
                        g[r * 9 + c]
                    }
                })
            };
            for band in 0..3 {
                let next = |i: usize, j: usize| -> [usize; 9] {
                    let (a, b) = (row(3 * band + i), row(3 * band + j));
                    std::array::from_fn(|c| a.iter().position(|&d| d == b[c]).unwrap())
                };
                let first = next(0, 1);
                let band_pure = first[..3].iter().all(|&t| t / 3 == first[0] / 3);
                for k in 0..3 {
                    let map = next(k, (k + 1) % 3);
                    pure.push(band_pure);
                    swaps.push((0..9).filter(|&c| map[map[c]] == c).count() / 2);
                    row2.push(
                        orders
                            .iter()
                            .map(|cols| {
                                let mut place = [0; 9];
                                for (j, &c) in cols.iter().enumerate() {
                                    place[usize::from(c)] = j as u64;
                                }
                                cols.iter()
                                    .fold(0, |v, &c| v << 4 | (place[map[usize::from(c)]] + 1))
                            })
                            .min()
                            .unwrap(),
                    );
                }
            }
        }
        Pairs { pure, swaps, row2 }
    }

    fn smallest(&self) -> u64 {
        *self.row2.iter().min().unwrap()
    }
}

/// Generated grids (seed 1) that take each way of the solved grids'
/// search, each first checked for what makes it take that way, then
/// against brute force, moved and not.
#[test]
fn each_way_of_the_solved_search_matches_brute_force() {
    let batch = Batch::new(1);
    let grid = |index: u64| batch.grid(index).unwrap();
    // Not one pair of rows has a 2-cycle (about 1 grid in 5,000): every
    // top is tried the long way.
    let none = grid(6484);
    let pairs = Pairs::of(&none);
    assert!(pairs.swaps.iter().all(|&n| n == 0) && !pairs.pure.contains(&true));
    // The smallest row 2 comes from three 2-cycles (457189326).
    let three = grid(55);
    let pairs = Pairs::of(&three);
    assert_eq!(pairs.smallest(), 0x457_189_326);
    assert!(!pairs.pure.contains(&true) && !pairs.swaps.contains(&2));
    // From one 2-cycle, with no pair of two to beat it.
    let one = grid(8);
    let pairs = Pairs::of(&one);
    assert_eq!(pairs.smallest() >> 12, 0x457_189);
    assert!(!pairs.pure.contains(&true) && !pairs.swaps.contains(&2));
    // Two pure bands.
    let pure = grid(21);
    let pairs = Pairs::of(&pure);
    assert!(pairs.pure.iter().filter(|&&p| p).count() >= 6);
    // Five pairs or more tie on the smallest row 2.
    let tied = grid(19);
    let pairs = Pairs::of(&tied);
    assert!(
        pairs
            .row2
            .iter()
            .filter(|&&r| r == pairs.smallest())
            .count()
            >= 5
    );
    let mut rng = ItemRng::seed_from_u64(23);
    for grid in [none, three, one, pure, tied] {
        check_against_brute_force(&grid);
        let moved = Transform::random(&mut rng).apply(&grid);
        assert_eq!(canonical(&moved).form(), canonical(&grid).form());
        assert_eq!(
            canonical(&moved).transform().apply(&moved),
            *canonical(&grid).form()
        );
    }
}

/// A grid whose bands are all pure and which many moves leave unchanged,
/// so that many starts tie on every row: its form, moved or not, is the
/// brute-force one.
#[test]
fn a_grid_with_many_symmetries_matches_brute_force() {
    // Row r is 123456789 shifted by 3 (r % 3) + r / 3.
    let cells = std::array::from_fn(|i| {
        let (r, c) = (i / 9, i % 9);
        ((3 * (r % 3) + r / 3 + c) % 9 + 1) as u8
    });
    let grid = Grid::from_cells(cells).unwrap();
    assert!(grid.is_solved());
    check_against_brute_force(&grid);
    let mut rng = ItemRng::seed_from_u64(24);
    for _ in 0..3 {
        let moved = Transform::random(&mut rng).apply(&grid);
        check_against_brute_force(&moved);
        assert!(moved.is_equivalent_to(&grid));
    }
}

/// Full grids that fail only one of the three rules go the puzzles' way.
#[test]
fn full_grids_with_one_broken_rule_are_not_solved_grids() {
    let solved = random_grids(25, 1)[0];
    let latin = Grid::from_cells(std::array::from_fn(|i| ((i / 9 + i % 9) % 9 + 1) as u8)).unwrap();
    // Swap two cells of a row within one box: rows and boxes stay, columns break.
    let mut cells = *solved.cells();
    cells.swap(0, 1);
    let columns = Grid::from_cells(cells).unwrap();
    // Swap rows 0 and 3: rows and columns stay, boxes break.
    let mut cells = *solved.cells();
    for c in 0..9 {
        cells.swap(c, 27 + c);
    }
    let boxes = Grid::from_cells(cells).unwrap();
    for grid in [latin, columns, boxes] {
        assert!(grid.is_full() && !grid.is_solved());
        assert!(grids::search(&grid).is_none(), "grid {grid}");
        let (form, transform) = puzzles::search(&grid);
        assert_eq!(*canonical(&grid).form(), form);
        assert_eq!(transform.apply(&grid), form);
    }
}
