//! Positions, names and puzzle sets shared by the unit tests.

use crate::pos::Cell;

/// The sets of puzzles the project makes itself (hard, minimal, with
/// several solutions), the same as the integration tests use.
#[path = "../tests/common/sets.rs"]
pub(crate) mod sets;

/// A classic easy puzzle (the one on Wikipedia's Sudoku page).
pub(crate) const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The cell named like `5c`.
pub(crate) fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap_or_else(|| panic!("bad cell name {name}"))
}

/// The cells of each puzzle of `grids`.
pub(crate) fn cells_of<'a>(grids: impl IntoIterator<Item = &'a crate::Grid>) -> Vec<[u8; 81]> {
    grids.into_iter().map(|g| *g.cells()).collect()
}

/// The cells of each puzzle of the shared set `name` (`17_clue.txt`,
/// `magictour_top1465.txt`, `serg_benchmark.txt`) in the folder `build.rs`
/// found them in. Only the tests built with `cfg(shared_puzzles)` (the sets
/// were there) read them; the others are built ignored, with the reason
/// ([`shared_sets_test!`]).
pub(crate) fn shared_set(name: &str) -> Vec<[u8; 81]> {
    let Some(dir) = option_env!("SUDOKU_SHARED_PUZZLES") else {
        panic!("the shared sets were not there when sudoku-core was built (see build.rs)");
    };
    let path = std::path::Path::new(dir).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (it was there when sudoku-core was built)",
            path.display()
        )
    });
    let grids: Vec<crate::Grid> = crate::parse_many(&text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())).grid)
        .collect();
    cells_of(&grids)
}

/// [`shared_set`] for the slow tests that go through every puzzle of every
/// set several times: every puzzle when `SUDOKU_FULL_TESTS` asks for the
/// full sizes (CI does), else every eighth (about 6,500 puzzles over the
/// three sets), which keeps a first `cargo test` short.
pub(crate) fn shared_sample(name: &str) -> Vec<[u8; 81]> {
    let every = sudoku_test_support::size::quick_or_full(8, 1);
    shared_set(name).into_iter().step_by(every).collect()
}

/// A unit test that reads the shared sets ([`shared_set`]): built ignored,
/// with the reason, where `build.rs` did not find them.
macro_rules! shared_sets_test {
    ($(#[$meta:meta])* fn $name:ident() $body:block) => {
        $(#[$meta])*
        #[test]
        #[cfg_attr(
            not(shared_puzzles),
            ignore = "the shared sets (SUDOKU_PUZZLES_DIR, else ../shared/puzzles) were not \
                      found when sudoku-core was built: set SUDOKU_PUZZLES_DIR (a folder added \
                      since: touch crates/sudoku-core/build.rs)"
        )]
        fn $name() $body
    };
}
pub(crate) use shared_sets_test;

/// A unit test of code built for a CPU feature: built ignored, with the
/// reason, where `build.rs` found that this CPU lacks it (`$cpu` is one of
/// its cfgs: `cpu_sse41`, `cpu_avx2`, `cpu_avx512`). With `shared` first, the
/// test also reads the shared sets and is ignored where they are missing.
macro_rules! cpu_test {
    ($cpu:ident, $why:literal, $(#[$meta:meta])* fn $name:ident() $body:block) => {
        $(#[$meta])*
        #[test]
        #[cfg_attr(not($cpu), ignore = $why)]
        fn $name() $body
    };
    (shared, $cpu:ident, $why:literal, $(#[$meta:meta])* fn $name:ident() $body:block) => {
        $(#[$meta])*
        #[test]
        #[cfg_attr(
            not(shared_puzzles),
            ignore = "the shared sets (SUDOKU_PUZZLES_DIR, else ../shared/puzzles) were not \
                      found when sudoku-core was built: set SUDOKU_PUZZLES_DIR (a folder added \
                      since: touch crates/sudoku-core/build.rs)"
        )]
        #[cfg_attr(all(shared_puzzles, not($cpu)), ignore = $why)]
        fn $name() $body
    };
}
pub(crate) use cpu_test;
