//! How fast is the list of saved games (what `sudoku play --resume` and the
//! terminal game's picker show) with a big store: 1,000 saves of 100,000
//! moves each (400 MB)? And how long does one of those games take to load?
//!
//! The store is built once (a few seconds) in the system's temporary
//! folder and kept for later runs; `docs/robustness.md` gives the figures
//! and the whole-command timings.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::session::{save::MAX_HISTORY, Origin, SaveStore, Session};
use sudoku_core::{Cell, Fast, Grid};

/// Saves in the store.
const SAVES: u64 = 1_000;

/// Moves in each save's history: as many as a save keeps.
const MOVES: usize = MAX_HISTORY;

/// A game of `MOVES` moves on `puzzle`: thirty blank cells filled and
/// emptied in turn.
fn long_game(puzzle: Grid, n: u64) -> Session {
    let mut session = Session::new(puzzle, format!("game {n}"), Origin::Text).unwrap();
    let blanks: Vec<Cell> = Cell::all().filter(|&c| puzzle.get(c).is_none()).collect();
    let solution = *session.game().solution();
    for i in 0..MOVES {
        let cell = blanks[i % 30.min(blanks.len())];
        let digit = match session.game().grid().get(cell) {
            Some(_) => None,
            None => solution.get(cell),
        };
        session.set(cell, digit).unwrap();
    }
    session.add_time(Duration::from_secs(n * 7));
    session
}

/// The store of `SAVES` long games, made unless a finished one is there.
fn big_store() -> (SaveStore, Vec<Grid>) {
    let dir: PathBuf = std::env::temp_dir().join(format!("sudoku-bench-store-{SAVES}x{MOVES}"));
    let store = SaveStore::new(&dir);
    let done = dir.join("complete");
    let batch = Batch::new(5);
    let holes = Holes::new(45, 55).unwrap();
    let spec = PuzzleSpec::new(holes, Uniqueness::Unique, Symmetry::None).unwrap();
    let puzzles: Vec<Grid> = (0..SAVES)
        .map(|n| batch.puzzle(n, &spec, &Fast).expect("a puzzle").puzzle)
        .collect();
    if !done.exists() {
        let _ = std::fs::remove_dir_all(&dir); // a store left unfinished
        for (n, &puzzle) in puzzles.iter().enumerate() {
            let saved_at = UNIX_EPOCH + Duration::from_secs(1_700_000_000 + n as u64);
            store.save(&long_game(puzzle, n as u64), saved_at).unwrap();
        }
        std::fs::write(&done, "").unwrap();
    }
    (store, puzzles)
}

fn size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum()
}

/// Which question: how long the list of 1,000 long saves takes, and one
/// game's load.
fn list(c: &mut Criterion) {
    let (store, puzzles) = big_store();
    eprintln!(
        "store: {SAVES} saves, {} MB in {}",
        size(store.dir()) >> 20,
        store.dir().display()
    );
    let mut group = c.benchmark_group("saved-games");
    group.sample_size(10);
    group.bench_function("list-1000-saves-of-100000-moves", |b| {
        b.iter(|| {
            let listing = store.list().unwrap();
            assert_eq!(listing.games.len() as u64, SAVES);
            listing
        })
    });
    group.bench_function("load-one-save-of-100000-moves", |b| {
        b.iter(|| store.load(&puzzles[0]).unwrap().unwrap())
    });
    group.finish();
}

criterion_group!(benches, list);
criterion_main!(benches);
