//! Tells the unit tests whether the shared public benchmark sets are here:
//! `17_clue.txt`, `magictour_top1465.txt` and `serg_benchmark.txt` in
//! `SUDOKU_PUZZLES_DIR`, else in `../shared/puzzles` beside the repository.
//!
//! Unit tests run on the built-in harness, which can only ignore a test when
//! it is built: with the three sets there, this sets `cfg(shared_puzzles)`
//! and `SUDOKU_SHARED_PUZZLES` (their folder); without them the tests that
//! read them are built `#[ignore]`d with the reason. The build runs again
//! when `SUDOKU_PUZZLES_DIR` changes or anything in an existing folder of
//! sets does; a folder created later, with the variable unset, is seen
//! after `touch crates/sudoku-core/build.rs` (cargo cannot watch a path that
//! does not exist without rebuilding every time). The integration tests
//! (`tests/shared_sets.rs`) decide at run time and have no such limit.

use std::path::{Path, PathBuf};

const SETS: [&str; 3] = ["17_clue.txt", "magictour_top1465.txt", "serg_benchmark.txt"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_puzzles)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=SUDOKU_PUZZLES_DIR");
    let dir = match std::env::var_os("SUDOKU_PUZZLES_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles"),
    };
    if dir.is_dir() {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    if SETS.iter().all(|set| dir.join(set).is_file()) {
        println!("cargo::rustc-cfg=shared_puzzles");
        println!("cargo::rustc-env=SUDOKU_SHARED_PUZZLES={}", dir.display());
    }
}
