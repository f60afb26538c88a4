//! What the workspace's tests need from outside the project, and a test
//! harness that says so.
//!
//! Some tests need a program (tmux, pdftoppm, groff), root, or the shared
//! public benchmark sets beside the repository. Where one is missing, such a
//! test is reported by `cargo test` as **ignored, with the reason** (what is
//! missing and how to get it), never passed silently; where it is there, the
//! test runs as any other. The decision is made at run time, in a test
//! target built with `harness = false` on [`libtest_mimic`], so installing a
//! tool needs no rebuild, and `cargo test`'s summary line counts the
//! ignored tests as its own harness does.
//!
//! ```
//! use sudoku_test_support::{needs, tests, Missing};
//!
//! fn tmux() -> Result<(), Missing> {
//!     needs::program("tmux", "tmux")
//! }
//!
//! fn adds() {
//!     assert_eq!(2 + 2, 4);
//! }
//!
//! fn lists_the_sessions() {
//!     // drives `tmux -L private-socket ...`
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     sudoku_test_support::run(tests![
//!         needs::nothing => [adds],
//!         tmux => [lists_the_sessions],
//!     ])
//! }
//! ```
//!
//! `cargo test` then prints `test lists_the_sessions ... ignored (tmux not
//! found: apt-get install tmux)` on a machine without tmux.
//!
//! The slow tests take their size from [`size`]: smaller on a first run,
//! full where `SUDOKU_FULL_TESTS` is set, as CI does.

pub mod harness;
pub mod needs;
pub mod roff;
pub mod size;

pub use harness::{run, test, Ending, Need};
pub use needs::Missing;
