//! End to end in an 80x24 tmux pane: the picker's "Today's puzzle" opens
//! the daily puzzle of `--date`, the core's puzzle of that date (the one
//! `sudoku play --daily` plays), a win shows the new best time, and F2
//! shows the statistics with the daily streak. Without tmux the test is
//! reported as ignored (`harness = false`).

mod common;

use std::process::ExitCode;

use common::{shell_80x24, tmux};
use sudoku_core::session::{Daily, Date};
use sudoku_core::{Cell, Game, Level};
use sudoku_test_support::tests;

fn main() -> ExitCode {
    sudoku_test_support::run(tests![tmux => [
        todays_puzzle_is_won_and_the_statistics_show_the_streak,
    ]])
}

/// The keys that fill `game`'s blanks from its solution, the cursor
/// starting on the first blank: to column a, then row by row.
fn winning_keys(game: &Game) -> Vec<String> {
    let start = Cell::all().find(|&c| !game.is_given(c)).unwrap();
    let mut keys: Vec<String> = (0..start.col().index()).map(|_| "h".to_string()).collect();
    for cell in Cell::all() {
        if !game.is_given(cell) {
            keys.push(game.solution().get(cell).unwrap().to_string());
        }
        keys.push("l".to_string());
        if cell.col().index() == 8 {
            keys.push("j".to_string());
        }
    }
    keys
}

fn todays_puzzle_is_won_and_the_statistics_show_the_streak() {
    let tmux = shell_80x24("daily");
    let pid = tmux.launch("--date 2026-11-27");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send_literal("today");
    let screen = tmux.wait_text("> Today's puzzle: medium");
    assert!(screen.contains("The same puzzle for everyone"), "{screen}");
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("daily 2026-11-27 medium · ");
    let date: Date = "2026-11-27".parse().unwrap();
    let game = Game::new(Daily::new(date, Level::Medium).generate().unwrap()).unwrap();
    // Row 1 of the board shows the givens of the core's daily puzzle.
    let row1 = screen
        .lines()
        .find(|l| l.trim_start().starts_with("1 ┃"))
        .unwrap_or_else(|| panic!("{screen}"));
    let shown: String = row1
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '·')
        .skip(1)
        .map(|c| if c == '·' { '.' } else { c })
        .collect();
    let first_row = game.grid().to_line()[..9].to_string();
    assert_eq!(shown, first_row, "{screen}");
    for key in winning_keys(&game) {
        tmux.send(&[key.as_str()]);
    }
    tmux.wait_text("New best time for medium: ");
    tmux.send(&["Escape"]);
    tmux.wait_text("Today's puzzle: medium");
    tmux.send(&["F2"]);
    let screen = tmux.wait_text("Daily streak: 1 day (best 1 day)");
    assert!(screen.contains("medium    1 "), "{screen}");
    tmux.send(&["Escape"]);
    tmux.save_and_quit(&pid);
}
