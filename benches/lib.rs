//! What the benchmarks share: where the puzzle sets are and how they are
//! read. The project's own classics are always there; the shared public
//! sets (`17_clue`, `magictour_top1465`, `serg_benchmark`) are read from
//! `SUDOKU_PUZZLES_DIR` (default `../shared/puzzles` beside the repository)
//! when they are there, and a benchmark says which it skipped.

use std::path::{Path, PathBuf};

use sudoku_core::{parse_many, Grid};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The folder of the shared puzzle sets.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("SUDOKU_PUZZLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/puzzles"))
}

/// How many puzzles of each shared set a benchmark takes:
/// `SUDOKU_BENCH_SAMPLE`, else `default`.
pub fn sample(default: usize) -> usize {
    std::env::var("SUDOKU_BENCH_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Every `step`-th of the first puzzles of the file at `path`, at most
/// `take` of them; `None` when the file cannot be read or holds none.
pub fn load(path: &Path, step: usize, take: usize) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(path).ok()?;
    let grids: Vec<Grid> = parse_many(&text)
        .into_iter()
        .filter_map(Result::ok)
        .map(|r| r.grid)
        .step_by(step.max(1))
        .take(take)
        .collect();
    (!grids.is_empty()).then_some(grids)
}

/// The project's classics (`puzzles/collection-classics.txt`).
pub fn classics() -> Vec<Grid> {
    load(
        &root().join("puzzles/collection-classics.txt"),
        1,
        usize::MAX,
    )
    .expect("puzzles/collection-classics.txt is part of the repository")
}

/// The shared set `name` (every `step`-th puzzle, at most `take`), or
/// `None` after saying on stderr that it is not there.
pub fn shared(name: &str, step: usize, take: usize) -> Option<Vec<Grid>> {
    let dir = shared_dir();
    let set = load(&dir.join(format!("{name}.txt")), step, take);
    if set.is_none() {
        eprintln!("{name}: not found under {}; skipped", dir.display());
    }
    set
}
