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
//!
//! It also tells them which of the triad solver's x86-64 builds this CPU
//! runs (`cfg(cpu_sse41)`, `cfg(cpu_avx2)`, `cfg(cpu_avx512)`), when the
//! tests are built for the machine that builds them: the tests of a build
//! the CPU lacks are built ignored, with the reason.

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
    cpu_features();
}

/// Sets `cfg(cpu_sse41)`, `cfg(cpu_avx2)` and `cfg(cpu_avx512)` for the
/// triad solver's builds this CPU runs (the features `x86.rs` checks),
/// when the crate is built for this machine.
fn cpu_features() {
    for name in ["cpu_sse41", "cpu_avx2", "cpu_avx512"] {
        println!("cargo::rustc-check-cfg=cfg({name})");
    }
    let native = std::env::var("TARGET").ok() == std::env::var("HOST").ok();
    #[cfg(target_arch = "x86_64")]
    if native {
        use std::arch::is_x86_feature_detected as has;
        let sse41 = has!("sse4.1") && has!("ssse3") && has!("popcnt");
        let avx2 = sse41 && has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt");
        let avx512 =
            avx2 && has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512bitalg");
        for (name, on) in [
            ("cpu_sse41", sse41),
            ("cpu_avx2", avx2),
            ("cpu_avx512", avx512),
        ] {
            if on {
                println!("cargo::rustc-cfg={name}");
            }
        }
    }
    let _ = native;
}
