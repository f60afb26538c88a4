//! The basic techniques, each a pattern read off the pencil marks of one
//! position (Sudoku Explainer's `rules/` folder), rated 1.0 to 5.4:
//!
//! - [`singles`]: full house, hidden singles (box, then row and column),
//!   naked singles;
//! - [`direct`]: direct pointing and claiming, direct hidden pairs and
//!   triples (the locked set leaves a hidden single, placed at once);
//! - [`intersections`]: locked candidates, pointing and claiming;
//! - [`subsets`]: naked and hidden pairs, triples and quads;
//! - [`fish`]: X-wing, swordfish, jellyfish;
//! - [`wings`]: XY-wing, XYZ-wing.
//!
//! Each file reads only what all the families share (`logic/mod.rs`, the
//! candidates and steps), never another family, nor each other.

pub(super) mod direct;
pub(super) mod fish;
pub(super) mod intersections;
pub(super) mod singles;
pub(super) mod subsets;
pub(super) mod wings;
