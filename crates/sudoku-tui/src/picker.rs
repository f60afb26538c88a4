//! The puzzle picker's state: the list, the selection, the scroll window
//! and the type-to-search filter.
//!
//! The list is the saved games (the most recently saved first), the
//! puzzles, `Today's puzzle: medium` (the daily puzzle), and one `New
//! random puzzle: LEVEL` row per level of the grader, easiest first.
//!
//! Up and Down wrap around at the ends, as the original game's list did;
//! PageUp/PageDown move by one window and Home/End jump to the ends.
//! Typing filters the list by name (case-insensitive), Backspace takes a
//! character back.

use sudoku_core::session::SavedInfo;
use sudoku_core::{Grid, Level};

use crate::puzzles::Entry;

/// One row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Resume the saved game at this index of [`Picker::saved`].
    Saved(usize),
    /// The entry at this index of [`Picker::entries`].
    Entry(usize),
    /// A new puzzle from the generator, at this level.
    Random(Level),
    /// Today's daily puzzle, at this level.
    Daily(Level),
}

/// The level of the picker's "Today's puzzle" row.
pub const DAILY_LEVEL: Level = Level::Medium;

/// How many rows a page has before the first frame says otherwise.
const DEFAULT_ROWS: usize = 10;

/// The picker.
#[derive(Clone, Debug)]
pub struct Picker {
    entries: Vec<Entry>,
    saved: Vec<SavedInfo>,
    search: String,
    shown: Vec<Choice>,
    selected: usize,
    offset: usize,
    rows: usize,
    /// A message for the player (a puzzle that could not be opened, a save
    /// that was ignored).
    pub message: Option<String>,
}

impl Picker {
    /// A picker on `entries`, offering the `saved` games first.
    pub fn new(entries: Vec<Entry>, saved: Vec<SavedInfo>) -> Picker {
        let mut picker = Picker {
            entries,
            saved,
            search: String::new(),
            shown: Vec::new(),
            selected: 0,
            offset: 0,
            rows: DEFAULT_ROWS,
            message: None,
        };
        picker.refilter();
        picker
    }

    /// Every entry, shown or not.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The saved games on offer, the most recently saved first.
    pub fn saved(&self) -> &[SavedInfo] {
        &self.saved
    }

    /// Replaces the saved games on offer (the store's new list). The
    /// selection stays on its row: the same saved puzzle, entry or level.
    pub fn set_saved(&mut self, saved: Vec<SavedInfo>) {
        let keep = self.selected().map(|choice| match choice {
            Choice::Saved(i) => Err(self.saved.get(i).map(|s| s.puzzle)),
            other => Ok(other),
        });
        self.saved = saved;
        self.refilter();
        match keep {
            Some(Ok(choice)) => self.select_choice(choice),
            Some(Err(Some(puzzle))) => {
                if let Some(i) = self.saved_index(&puzzle) {
                    self.select_choice(Choice::Saved(i));
                }
            }
            _ => {}
        }
    }

    /// The index in [`Picker::saved`] of the save of `puzzle`.
    pub fn saved_index(&self, puzzle: &Grid) -> Option<usize> {
        self.saved.iter().position(|s| s.puzzle == *puzzle)
    }

    /// The rows the search lets through, in order.
    pub fn shown(&self) -> &[Choice] {
        &self.shown
    }

    /// The text typed so far.
    pub fn search(&self) -> &str {
        &self.search
    }

    /// The index (among [`Picker::shown`]) of the selected row.
    pub fn selected_index(&self) -> usize {
        self.selected
    }

    /// The selected row, when the list is not empty.
    pub fn selected(&self) -> Option<Choice> {
        self.shown.get(self.selected).copied()
    }

    /// The selected entry, when the selection is an entry.
    pub fn selected_entry(&self) -> Option<&Entry> {
        match self.selected()? {
            Choice::Entry(i) => self.entries.get(i),
            Choice::Saved(_) | Choice::Random(_) | Choice::Daily(_) => None,
        }
    }

    /// The puzzle of the selected entry, when it has one.
    pub fn selected_puzzle(&self) -> Option<Grid> {
        self.selected_entry()?.puzzle.as_ref().ok().copied()
    }

    /// The row's label (what the search looks in).
    pub fn label(&self, choice: Choice) -> String {
        match choice {
            Choice::Saved(i) => self
                .saved
                .get(i)
                .map_or_else(String::new, |s| format!("Resume {}", s.name)),
            Choice::Entry(i) => self
                .entries
                .get(i)
                .map_or_else(String::new, |e| e.name.clone()),
            Choice::Random(level) => format!("New random puzzle: {level}"),
            Choice::Daily(level) => format!("Today's puzzle: {level}"),
        }
    }

    /// The index of the first row of the scroll window.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The top row a window of `rows` rows should start at to show the
    /// selection, staying as close as it can to the current window.
    pub fn window_start(&self, rows: usize) -> usize {
        let rows = rows.max(1);
        let offset = self.offset.min(self.shown.len().saturating_sub(rows));
        if self.selected < offset {
            self.selected
        } else if self.selected >= offset + rows {
            self.selected + 1 - rows
        } else {
            offset
        }
    }

    /// Records the window the last frame drew.
    pub fn set_window(&mut self, rows: usize, offset: usize) {
        self.rows = rows.max(1);
        self.offset = offset;
    }

    fn select(&mut self, index: usize) {
        self.selected = index;
        self.offset = self.window_start(self.rows);
    }

    /// Moves up one row, from the top to the bottom.
    pub fn up(&mut self) {
        let n = self.shown.len();
        if n > 0 {
            self.select((self.selected + n - 1) % n);
        }
    }

    /// Moves down one row, from the bottom to the top.
    pub fn down(&mut self) {
        let n = self.shown.len();
        if n > 0 {
            self.select((self.selected + 1) % n);
        }
    }

    /// Moves up one window, stopping at the top.
    pub fn page_up(&mut self) {
        self.select(self.selected.saturating_sub(self.rows));
    }

    /// Moves down one window, stopping at the bottom.
    pub fn page_down(&mut self) {
        let last = self.shown.len().saturating_sub(1);
        self.select((self.selected + self.rows).min(last));
    }

    /// Goes to the first row.
    pub fn home(&mut self) {
        self.select(0);
    }

    /// Goes to the last row.
    pub fn end(&mut self) {
        self.select(self.shown.len().saturating_sub(1));
    }

    /// Moves `delta` rows (the mouse wheel), stopping at the ends.
    pub fn scroll(&mut self, delta: isize) {
        let last = self.shown.len().saturating_sub(1);
        let target = self.selected.saturating_add_signed(delta).min(last);
        self.select(target);
    }

    /// Selects the row at `index` (a click); false when there is none.
    pub fn select_row(&mut self, index: usize) -> bool {
        let exists = index < self.shown.len();
        if exists {
            self.select(index);
        }
        exists
    }

    /// Adds `c` to the search.
    pub fn type_char(&mut self, c: char) {
        self.search.push(c);
        self.refilter();
    }

    /// Takes the last character off the search; false when it was empty.
    pub fn backspace(&mut self) -> bool {
        let had = self.search.pop().is_some();
        self.refilter();
        had
    }

    /// Clears the search; false when it was empty.
    pub fn clear_search(&mut self) -> bool {
        let had = !self.search.is_empty();
        self.search.clear();
        self.refilter();
        had
    }

    /// Selects the entry at `index` of [`Picker::entries`], clearing the
    /// search if it hides it.
    pub fn select_entry(&mut self, index: usize) {
        self.select_choice(Choice::Entry(index));
    }

    /// Selects the row `choice`, clearing the search if it hides it.
    pub fn select_choice(&mut self, choice: Choice) {
        if !self.shown.contains(&choice) {
            self.clear_search();
        }
        if let Some(row) = self.shown.iter().position(|&c| c == choice) {
            self.select(row);
        }
    }

    /// The first playable entry after the entry at `index`, wrapping.
    pub fn next_playable(&self, index: usize) -> Option<usize> {
        let n = self.entries.len();
        (1..=n)
            .map(|k| (index + k) % n)
            .find(|&i| self.entries[i].puzzle.is_ok())
    }

    fn refilter(&mut self) {
        let keep = self.selected();
        let needle = self.search.to_lowercase();
        let matches = |label: String| label.to_lowercase().contains(&needle);
        let rows = (0..self.saved.len())
            .map(Choice::Saved)
            .chain((0..self.entries.len()).map(Choice::Entry))
            .chain([Choice::Daily(DAILY_LEVEL)])
            .chain(Level::ALL.into_iter().map(Choice::Random));
        let shown = rows.filter(|&c| matches(self.label(c))).collect();
        self.shown = shown;
        let index = keep
            .and_then(|k| self.shown.iter().position(|&c| c == k))
            .unwrap_or(0);
        self.select(index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picker(n: usize) -> Picker {
        let entries = (1..=n)
            .map(|i| Entry {
                name: format!("sudoku{i:02}.txt"),
                puzzle: if i == 3 {
                    Err("bad".into())
                } else {
                    Ok(sudoku_core::Grid::empty())
                },
                origin: sudoku_core::session::Origin::Text,
            })
            .collect();
        let mut picker = Picker::new(entries, Vec::new());
        picker.set_window(5, 0);
        picker
    }

    fn selected_name(p: &Picker) -> String {
        p.label(p.selected().unwrap())
    }

    #[test]
    fn up_and_down_wrap_and_scroll_the_window() {
        let mut p = picker(20);
        p.up();
        assert_eq!(selected_name(&p), "New random puzzle: extreme");
        assert_eq!(p.offset(), 21);
        p.page_up();
        assert_eq!(selected_name(&p), "Today's puzzle: medium");
        p.end();
        p.down();
        assert_eq!(selected_name(&p), "sudoku01.txt");
        assert_eq!(p.offset(), 0);
        for _ in 0..5 {
            p.down();
        }
        assert_eq!(p.selected_index(), 5);
        assert_eq!(p.offset(), 1);
        p.up();
        p.up();
        assert_eq!(p.offset(), 1, "the window moves only when it must");
    }

    #[test]
    fn pages_and_ends_stop_at_the_ends() {
        let mut p = picker(12); // today's row and 5 random rows
        p.page_down();
        assert_eq!(p.selected_index(), 5);
        p.page_down();
        p.page_down();
        p.page_down();
        assert_eq!(p.selected_index(), 17);
        assert_eq!(p.offset(), 13);
        p.page_up();
        assert_eq!(p.selected_index(), 12);
        p.page_up();
        p.page_up();
        p.page_up();
        assert_eq!(p.selected_index(), 0);
        p.end();
        assert_eq!(p.selected_index(), 17);
        p.home();
        assert_eq!((p.selected_index(), p.offset()), (0, 0));
        p.scroll(3);
        p.scroll(-10);
        assert_eq!(p.selected_index(), 0);
        p.scroll(100);
        assert_eq!(p.selected_index(), 17);
    }

    #[test]
    fn typing_filters_and_backspace_widens() {
        let mut p = picker(12);
        for c in "1.T".chars() {
            p.type_char(c);
        }
        let shown: Vec<String> = p.shown().iter().map(|&c| p.label(c)).collect();
        assert_eq!(shown, ["sudoku01.txt", "sudoku11.txt"]);
        p.down();
        assert_eq!(selected_name(&p), "sudoku11.txt");
        p.type_char('z');
        assert!(p.shown().is_empty() && p.selected().is_none());
        p.up();
        p.page_down();
        assert!(p.backspace());
        assert_eq!(selected_name(&p), "sudoku01.txt");
        assert!(p.clear_search());
        assert!(!p.clear_search() && !p.backspace());
        assert_eq!(p.shown().len(), 18);
    }

    #[test]
    fn todays_row_then_random_rows_come_last_one_per_level() {
        let mut p = picker(3);
        assert_eq!(p.shown()[3], Choice::Daily(DAILY_LEVEL));
        assert_eq!(p.label(p.shown()[3]), "Today's puzzle: medium");
        let tail: Vec<Choice> = p.shown()[4..].to_vec();
        assert_eq!(tail, Level::ALL.map(Choice::Random));
        for c in "HARD".chars() {
            p.type_char(c);
        }
        assert_eq!(p.shown(), [Choice::Random(Level::Hard)]);
        assert_eq!(selected_name(&p), "New random puzzle: hard");
        assert!(p.selected_entry().is_none());
        p.select_choice(Choice::Random(Level::Easy));
        assert_eq!(p.search(), "", "selecting a hidden row clears the search");
        assert_eq!(p.selected(), Some(Choice::Random(Level::Easy)));
    }

    fn info(name: &str, puzzle: &str) -> SavedInfo {
        let puzzle: Grid = puzzle.parse().unwrap();
        SavedInfo {
            path: std::path::PathBuf::from(format!("{name}.save")),
            puzzle,
            name: name.to_string(),
            level: None,
            progress: sudoku_core::session::Progress {
                filled: 0,
                to_fill: 81 - puzzle.givens(),
            },
            board: puzzle,
            moves: 0,
            time: std::time::Duration::ZERO,
            saved_at: None,
            solved: false,
        }
    }

    #[test]
    fn saved_games_come_first_and_next_skips_bad_entries() {
        let mut p = picker(4);
        assert_eq!(p.next_playable(1), Some(3));
        assert_eq!(p.next_playable(3), Some(0));
        let one = "1".to_string() + &".".repeat(80);
        let two = "2".to_string() + &".".repeat(80);
        p.set_saved(vec![info("sudoku02.txt", &one), info("mine", &two)]);
        assert_eq!(
            p.shown()[..3],
            [Choice::Saved(0), Choice::Saved(1), Choice::Entry(0)]
        );
        p.home();
        assert_eq!(selected_name(&p), "Resume sudoku02.txt");
        assert!(p.selected_entry().is_none());
        p.down();
        assert_eq!(p.saved_index(&two.parse().unwrap()), Some(1));
        // a new list keeps the selection on the same saved game
        p.set_saved(vec![info("mine", &two), info("sudoku02.txt", &one)]);
        assert_eq!(p.selected(), Some(Choice::Saved(0)));
        for c in "mine".chars() {
            p.type_char(c);
        }
        assert_eq!(
            p.shown(),
            [Choice::Saved(0)],
            "the search finds saved games by name"
        );
        p.clear_search();
        p.select_entry(2);
        assert_eq!(p.selected_entry().unwrap().name, "sudoku03.txt");
        p.set_saved(Vec::new());
        assert_eq!(p.selected_entry().unwrap().name, "sudoku03.txt");
        assert!(p.select_row(0) && !p.select_row(10));
        assert_eq!(p.selected(), Some(Choice::Entry(0)));
    }
}
