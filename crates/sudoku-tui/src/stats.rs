//! The statistics as the terminal game shows them: counting a won game
//! in the file the core keeps beside the saves (shared with `sudoku
//! play`), and the lines of the statistics screen.

use sudoku_core::session::{Date, SaveStore, StatsFile, Win};

/// Counts `win` in the statistics beside `store`'s saves, and says what
/// the congratulation adds: the new best time, a statistics file that
/// could not be read and was set aside, or why the win was not counted.
/// The caller finds the level of a puzzle that has none first (the game
/// asks its grading thread, [`crate::app::App`]).
pub fn count_win(store: &SaveStore, win: &Win) -> Option<String> {
    match StatsFile::of_store(store).record(win) {
        Ok(counted) => match counted.set_aside {
            Some((why, aside)) => Some(format!(
                "Statistics: {why}; kept as {}, counted afresh",
                aside.display()
            )),
            None => counted.recorded.new_best_line(),
        },
        Err(err) => Some(format!("This win is not counted: {err}")),
    }
}

/// The statistics screen's lines on `today`: the table, or why there is
/// none.
pub fn screen_lines(store: Option<&SaveStore>, today: Date) -> Vec<String> {
    let Some(store) = store else {
        return vec!["No statistics: the system names no data folder (is HOME set?)".to_string()];
    };
    match StatsFile::of_store(store).load() {
        Ok(stats) => stats.table(today),
        Err(err) => vec![
            format!("{err}"),
            "The next game won sets it aside and counts afresh.".to_string(),
        ],
    }
}
