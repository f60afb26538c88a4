//! How large the slow tests run.
//!
//! A few tests are slow because of their size (tens of thousands of
//! puzzles printed, hundreds of random puzzles solved step by step). A first
//! `cargo test` runs them at a size that still proves their point; with
//! [`FULL`] set (CI sets it) they run at the full size.
//!
//! ```
//! use sudoku_test_support::size;
//! // 20,000 puzzles in CI, 8,000 on a first run.
//! let puzzles = size::quick_or_full(8_000, 20_000);
//! assert!(puzzles == 8_000 || puzzles == 20_000);
//! ```

/// The environment variable that asks for the full sizes: set and neither
/// empty nor `0`.
pub const FULL: &str = "SUDOKU_FULL_TESTS";

/// Whether [`FULL`] asks for the full sizes.
pub fn full() -> bool {
    std::env::var_os(FULL).is_some_and(|v| !v.is_empty() && v != "0")
}

/// `full` when [`FULL`] is set, otherwise `quick`.
pub fn quick_or_full<T>(quick: T, full: T) -> T {
    if self::full() {
        full
    } else {
        quick
    }
}
