//! Chaining: the techniques that follow chains of implications between
//! candidates, as Sudoku Explainer's `rules/chaining/` does, rated 6.5 and
//! up.
//!
//! - [`chains`]: static chains and cycles (forcing X-chains, forcing
//!   chains, bidirectional X-, Y- and XY-cycles);
//! - [`closure`]: everything each candidate state implies through static
//!   links, which tells the static searches what cannot succeed;
//! - [`forcing`]: the forcing chains that follow every consequence of an
//!   assumption (Nishio, multiple, dynamic, dynamic (+));
//! - `nested`: forcing chains nested in forcing chains.

mod board;
pub(super) mod chains;
pub(super) mod closure;
pub(super) mod forcing;
mod nested;
mod plus;
mod propagation;
mod shared;
mod text;
