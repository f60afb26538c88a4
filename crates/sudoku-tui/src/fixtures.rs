//! Puzzles and helpers shared by the unit tests.

use sudoku_core::{Cell, Grid};

use crate::puzzles::Entry;

/// Two blanks: 9g (1) and 9i (9).
pub(crate) const NEARLY: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

/// A classic easy puzzle (the one on Wikipedia's Sudoku page).
pub(crate) const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A picker entry named `name` holding the puzzle `text` (or its error).
pub(crate) fn entry(name: &str, text: &str) -> Entry {
    Entry {
        name: name.to_string(),
        puzzle: text.parse::<Grid>().map_err(|e| e.to_string()),
        origin: sudoku_core::session::Origin::Text,
    }
}

/// The cell named like `5c`.
pub(crate) fn cell(name: &str) -> Cell {
    Cell::from_name(name).unwrap_or_else(|| panic!("bad cell name {name}"))
}

/// The first board of AI Escargot that the hints' digits lead to where
/// the next logical step is a chain (a Nishio forcing chain).
pub(crate) fn chain_board() -> String {
    let text = include_str!("../../../puzzles/sudoku08-ai-escargot.txt");
    let mut game = sudoku_core::Game::new(text.parse().unwrap()).unwrap();
    while game.next_step().unwrap().chains().is_empty() {
        let hint = game.hint().unwrap();
        game.place(hint.cell, hint.digit).unwrap();
    }
    game.grid().to_string()
}
