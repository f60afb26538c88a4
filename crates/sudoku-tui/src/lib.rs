//! The full-screen terminal Sudoku game: a puzzle picker, new random
//! puzzles at a chosen level, a board played with keyboard and mouse, pencil
//! marks, hints, an animated auto-solve and autosave.
//!
//! The shape is `Event -> Action -> App::update -> render`: [`input`]
//! gathers terminal events and stop signals, [`action`] turns events into
//! [`Action`](action::Action)s, [`app::App`] holds every bit of state and
//! changes only in [`App::update`](app::App::update), and [`ui::draw`]
//! paints it, returning the [`Geometry`](geometry::Geometry) the next mouse
//! click is mapped through. Only [`terminal`], [`input`] and the binary's
//! event loop touch the real terminal, so everything else is tested as
//! plain values. [`keys`] is the table of keys and mouse actions that the
//! help screen, `--help` and the man page ([`manual`]) all show.
#![deny(missing_docs)]

pub mod action;
pub mod animation;
pub mod app;
pub mod background;
pub mod clock;
pub mod geometry;
pub mod grades;
pub mod hints;
pub mod input;
pub mod keys;
pub mod manual;
pub mod paste;
pub mod picker;
pub mod play;
pub mod puzzles;
pub mod save;
pub mod stats;
pub mod terminal;
pub mod text;
pub mod ui;

#[cfg(test)]
mod fixtures;
