//! The statistics as the terminal game shows them: counting a won game
//! in the file the core keeps beside the saves (shared with `sudoku
//! play`), and the lines of the statistics screen.

use sudoku_core::grade;
use sudoku_core::session::{Date, SaveStore, Session, StatsFile, Win};

/// Counts the won `session` in the statistics beside `store`'s saves
/// (grading its puzzle first when its level is not known), and says what
/// the congratulation adds: the new best time, a statistics file that
/// could not be read and was set aside, or why the win was not counted.
pub fn count_win(store: &SaveStore, session: &Session) -> Option<String> {
    let mut win = Win::of(session);
    if win.level.is_none() {
        win.level = grade(session.game().puzzle()).ok().map(|g| g.level);
    }
    match StatsFile::of_store(store).record(&win) {
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
