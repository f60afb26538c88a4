//! The whole game's state and its one entry point, [`App::update`].
//!
//! [`App`] knows which screen is up (the picker or a board), which overlay
//! sits on it (help, a question, the congratulation), and the geometry of
//! the last frame for mouse clicks. Nothing here touches the terminal; the
//! only side effect is the save store (the core's [`SaveStore`], shared
//! with the text game: one save per puzzle).
//!
//! One game per puzzle: while a game is on the board, the app holds its
//! puzzle's [`SaveLock`], and saves and removes the save through it; a
//! puzzle another game has open (in `sudoku play` or another `sudoku-tui`)
//! is not opened.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use sudoku_core::generator::{RandomError, RandomPuzzle};
use sudoku_core::session::{Daily, Date, Origin, SaveLock, SaveStore, Session, StoreError, Win};
use sudoku_core::Grid;

use crate::action::{Action, Context, Direction};
use crate::geometry::Geometry;
use crate::grades::{self, Grades};
use crate::hints::Hints;
use crate::paste::{self, PASTED_NAME};
use crate::picker::{Choice, Picker};
use crate::play::{Play, Progress, Source, WinStats};
use crate::save::{ignored_note, import_note, unreadable_note};

/// Two clicks on the same list row within this time open it.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(500);

/// How the terminal game names itself in its lock on a puzzle, for the
/// message another game gets.
pub const HOLDER: &str = "sudoku-tui";

/// What a paste anywhere but the picker's list gets: it is not keys.
pub const PASTE_ON_BOARD: &str =
    "A paste is not played as keys: nothing changed (paste a puzzle in the list to open it)";

/// What a paste over a dialog or the help gets.
pub const PASTE_IN_DIALOG: &str =
    "A paste opens a puzzle only in the list: nothing changed (close this box first)";

/// Why a puzzle is not opened: another game has it open; `holder` names
/// that game as its lock does (`sudoku play, pid 4242`).
pub fn in_use_text(holder: Option<&str>) -> String {
    let holder = holder.map_or_else(String::new, |h| format!(" ({h})"));
    format!("this puzzle is open in another game{holder}; finish or leave it there first")
}

/// What leaving a game leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Back to the picker.
    ToPicker,
    /// Out of the program.
    Quit,
}

/// What sits on top of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The list of keys.
    Help,
    /// "Leave this game?"
    Confirm(Leave),
    /// The congratulation.
    Won(WinStats),
    /// The statistics screen (any key closes it).
    Stats,
    /// The game could not be saved on the way out (the error is
    /// [`App::save_error`]): leave without saving, or stay.
    SaveFailed(Leave),
    /// "Delete the saved game?" for the picker's saved game at this index.
    DeleteSave(usize),
}

/// The screen under any overlay.
#[derive(Clone, Debug)]
pub enum Screen {
    /// Choosing a puzzle.
    Picker,
    /// Playing one.
    Board(Box<Play>),
}

/// The game.
#[derive(Debug)]
pub struct App {
    screen: Screen,
    picker: Picker,
    overlay: Option<Overlay>,
    store: Option<SaveStore>,
    geometry: Geometry,
    now: Instant,
    wall: SystemTime,
    last_click: Option<(usize, Instant)>,
    quit: bool,
    save_error: Option<String>,
    unsaved: Option<String>,
    help_offset: usize,
    /// The puzzles' grades, worked out on a thread of their own.
    grades: Grades,
    /// The game's hints, worked out on a thread of their own.
    hints: Hints,
    /// The lock on the puzzle of the game on the board (`None` in the
    /// picker, or without a store).
    lock: Option<SaveLock>,
    /// Why the last puzzle asked for was not opened, when another game
    /// has it open.
    busy: Option<String>,
    /// The save written as the program ended with a game in progress.
    saved_on_quit: Option<PathBuf>,
    /// The date of the daily puzzle (`--date`), else today in UTC.
    daily_date: Option<Date>,
    /// The statistics screen's lines, read when it opens.
    stats_lines: Vec<String>,
    /// What the congratulation adds: a new best time, or why the win was
    /// not counted.
    win_note: Option<String>,
    /// Wins whose puzzles' levels are still being worked out on the
    /// grading thread: counted when the grade comes, or as the program
    /// ends ([`App::count_pending_wins`]).
    pending_wins: Vec<Win>,
}

impl App {
    /// The game on the picker `picker`, saving into `store` (`None`: never
    /// save). The picker's saved games are read from the store.
    pub fn new(picker: Picker, store: Option<SaveStore>) -> App {
        let mut app = App {
            screen: Screen::Picker,
            picker,
            overlay: None,
            store,
            geometry: Geometry::default(),
            now: Instant::now(),
            wall: SystemTime::now(),
            last_click: None,
            quit: false,
            save_error: None,
            unsaved: None,
            help_offset: 0,
            grades: Grades::new(),
            hints: Hints::new(),
            lock: None,
            busy: None,
            saved_on_quit: None,
            daily_date: None,
            stats_lines: Vec::new(),
            win_note: None,
            pending_wins: Vec::new(),
        };
        if let Some(note) = app.refresh_saved() {
            app.picker.message = Some(note);
        }
        app.picker.home();
        app.refresh_grades();
        app
    }

    /// The puzzles' grades known so far.
    pub fn grades(&self) -> &Grades {
        &self.grades
    }

    /// Takes the grades that came back, shows the open game's when it is
    /// known, and asks for the one the screen needs next: the open game's,
    /// or the picker's selected puzzle's.
    fn refresh_grades(&mut self) {
        self.grades.collect();
        self.count_pending_wins();
        match &mut self.screen {
            Screen::Board(play) if play.grade_pending() => {
                let puzzle = *play.game().puzzle();
                match self.grades.label(&puzzle) {
                    Some(label) => play.set_grade(label),
                    None => self.grades.ask(&puzzle),
                }
            }
            Screen::Board(_) => {}
            Screen::Picker => {
                if let Some(puzzle) = self.picker.selected_puzzle() {
                    self.grades.ask(&puzzle);
                }
            }
        }
    }

    /// Waits for every grade asked for, and shows them (for tests, which
    /// read the screen at once).
    pub fn wait_for_grades(&mut self) {
        self.grades.wait();
        self.refresh_grades();
    }

    /// Shows the hint that came back for the game on the board, and asks
    /// for the one it wants. A hint that places the last digit wins the
    /// game as a move would.
    fn refresh_hints(&mut self, answer: Option<(crate::hints::Request, crate::hints::Answer)>) {
        let now = self.now;
        let Screen::Board(play) = &mut self.screen else {
            return;
        };
        if let Some((request, answer)) = answer {
            if play.take_hint(request, answer, now) == Progress::Won {
                return self.won(now);
            }
        }
        if let Some(request) = play.hint_wanted() {
            self.hints.ask(request, play.game());
        }
    }

    /// Waits for the hint being worked out, and shows it (for tests, which
    /// read the screen at once).
    pub fn wait_for_hint(&mut self) {
        let answer = self.hints.wait();
        self.refresh_hints(answer);
    }

    /// Moves the previous release's save at `legacy` into the store (once:
    /// the old file goes), and says so in the picker. A save that cannot
    /// be read stays where it is and the picker says why.
    pub fn import_legacy(&mut self, legacy: &std::path::Path) {
        let Some(store) = &self.store else {
            return;
        };
        let import = match store.import(legacy) {
            // a folder on the way is a file: there is no old save
            Err(StoreError::Io { reason, .. })
                if reason.kind() == std::io::ErrorKind::NotADirectory =>
            {
                Ok(sudoku_core::session::Import::Nothing)
            }
            other => other,
        };
        if let Some(note) = import_note(legacy, &import) {
            self.picker.message = Some(note);
        }
        if import.is_ok() {
            if let Some(note) = self.refresh_saved() {
                self.picker.message = Some(note);
            }
            self.picker.home();
        }
    }

    /// Reads the store's list of saved games into the picker; says why a
    /// save (or the list) cannot be read.
    fn refresh_saved(&mut self) -> Option<String> {
        let store = self.store.as_ref()?;
        match store.list() {
            Ok(listing) => {
                self.picker.set_saved(listing.games);
                unreadable_note(&listing.errors)
            }
            Err(err) => Some(format!("The saved games cannot be listed: {err}")),
        }
    }

    /// Shows `text` in the picker's message line.
    pub fn note(&mut self, text: impl Into<String>) {
        self.picker.message = Some(text.into());
    }

    /// Moves the picker's message to the status bar of the game on the
    /// board, when a game was opened at start (`--resume`, `FILE`): a note
    /// about the saves is then seen at once.
    pub fn carry_note_to_board(&mut self) {
        if let Screen::Board(play) = &mut self.screen {
            if let Some(note) = self.picker.message.take() {
                play.inform(note);
            }
        }
    }

    /// Opens the most recently saved game, as `--resume` does; says why not
    /// in the picker when it cannot.
    pub fn resume(&mut self) {
        if self.picker.saved().is_empty() {
            if self.picker.message.is_none() {
                self.picker.message = Some("No saved game to resume".to_string());
            }
            return;
        }
        self.open_saved(0);
    }

    /// The screen.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The game on the board, when one is.
    pub fn play(&self) -> Option<&Play> {
        match &self.screen {
            Screen::Board(play) => Some(play),
            Screen::Picker => None,
        }
    }

    /// The picker.
    pub fn picker(&self) -> &Picker {
        &self.picker
    }

    /// The overlay, when one is up.
    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    /// The time of the last update (what the timer shows).
    pub fn now(&self) -> Instant {
        self.now
    }

    /// The date of the last update (what the saved games' ages count
    /// from, and what a save records).
    pub fn wall_clock(&self) -> SystemTime {
        self.wall
    }

    /// Sets the date the next updates see (tests and screen captures use
    /// a fixed one); [`App::update`] reads the system's.
    pub fn set_wall_clock(&mut self, wall: SystemTime) {
        self.wall = wall;
    }

    /// Whether the program should end.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The first line of the help shown (it scrolls on small screens).
    pub fn help_offset(&self) -> usize {
        self.help_offset
    }

    /// Why the game on the board could not be saved, while
    /// [`Overlay::SaveFailed`] asks what to do.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    /// Why the game was not saved, when the program ends without saving an
    /// unfinished game (the player chose to quit anyway after a failed
    /// save, or Ctrl-C or a signal came and the save failed). The binary
    /// prints it once the terminal is restored and exits with status 1.
    pub fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    /// Why the last puzzle asked for was not opened, when another game
    /// has it open (`this puzzle is open in another game (sudoku play, pid
    /// 4242); ...`): a puzzle named on the command line then ends the
    /// program with it.
    pub fn busy(&self) -> Option<&str> {
        self.busy.as_deref()
    }

    /// The save written as the program ended with a game in progress (a
    /// quit, Ctrl-C or a signal); `None` when no game was in progress, it
    /// was won, or it could not be saved. The binary names it once the
    /// terminal is restored.
    pub fn saved_on_quit(&self) -> Option<&Path> {
        self.saved_on_quit.as_deref()
    }

    /// The lock on the puzzle of the game on the board, while one is (and
    /// the app has a store).
    pub fn lock(&self) -> Option<&SaveLock> {
        self.lock.as_ref()
    }

    /// What keys mean now.
    pub fn context(&self) -> Context {
        match (&self.overlay, &self.screen) {
            (Some(Overlay::Help | Overlay::Stats), _) => Context::Help,
            (Some(Overlay::SaveFailed(_) | Overlay::DeleteSave(_)), _) => Context::SafeDialog,
            (Some(_), _) => Context::Dialog,
            (None, Screen::Picker) => Context::Picker,
            (None, Screen::Board(play)) if play.animation().is_some() => Context::Animation,
            (None, Screen::Board(_)) => Context::Board,
        }
    }

    /// Where the last frame drew things.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Records where the last frame drew things.
    pub fn set_geometry(&mut self, geometry: Geometry) {
        self.geometry = geometry;
        if let Some(list) = geometry.list {
            self.picker.set_window(usize::from(list.rows), list.offset);
        }
    }

    /// How long the event loop may wait before a [`Action::Tick`] is due,
    /// or `None` to wait for input only.
    pub fn next_tick(&self) -> Option<Duration> {
        let play = match (&self.screen, self.overlay) {
            (Screen::Board(play), None | Some(Overlay::Help | Overlay::Stats)) => {
                play.next_tick(Instant::now())
            }
            _ => None,
        };
        // while a grade or a hint is being worked out, look for it now and then
        let grade = (self.grades.busy() || self.hints.busy()).then_some(grades::POLL);
        match (play, grade) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Does `action`, now.
    pub fn update(&mut self, action: Action) {
        self.wall = SystemTime::now();
        self.update_at(action, Instant::now());
    }

    /// Does `action` at `now`.
    pub fn update_at(&mut self, action: Action, now: Instant) {
        self.now = now;
        self.act(action, now);
        self.refresh_grades();
        let answer = self.hints.collect();
        self.refresh_hints(answer);
    }

    fn act(&mut self, action: Action, now: Instant) {
        match action {
            Action::ForceQuit => return self.force_quit(),
            Action::Resize => return,
            Action::Paste(text) => return self.paste(&text),
            // whatever is on top, a game under it keeps its clock right
            Action::Suspend | Action::Continue => {
                if let Screen::Board(play) = &mut self.screen {
                    play.update(action, now);
                }
                return;
            }
            _ => {}
        }
        match self.overlay {
            Some(Overlay::Help) => self.help_update(action),
            Some(Overlay::Stats) if action == Action::Tick => self.board_update(action),
            Some(Overlay::Stats) => self.overlay = None,
            Some(Overlay::Confirm(leave)) => self.confirm_update(leave, action),
            Some(Overlay::Won(_)) => self.won_update(action),
            Some(Overlay::SaveFailed(leave)) => self.save_failed_update(leave, action),
            Some(Overlay::DeleteSave(index)) => self.delete_update(index, action),
            None if matches!(self.screen, Screen::Picker) => self.picker_update(action),
            None => self.board_update(action),
        }
    }

    /// A paste: in the picker's list, the puzzle it holds is opened;
    /// anywhere else it changes nothing and the status line says so.
    fn paste(&mut self, text: &str) {
        match (&mut self.screen, self.overlay) {
            (Screen::Picker, None) => self.open_pasted(text),
            (Screen::Board(play), None | Some(Overlay::Won(_))) => play.warn(PASTE_ON_BOARD),
            (Screen::Board(play), Some(_)) => play.warn(PASTE_IN_DIALOG),
            (Screen::Picker, Some(_)) => self.picker.message = Some(PASTE_IN_DIALOG.to_string()),
        }
    }

    /// Opens the puzzle of a paste as a new game (or its saved game), or
    /// says in the picker why the paste is not one.
    fn open_pasted(&mut self, text: &str) {
        let grid = match paste::puzzle(text) {
            Ok(grid) => grid,
            Err(why) => {
                self.picker.message = Some(why);
                return;
            }
        };
        let source = self.source_of_puzzle(&grid);
        if let Err(err) = self.open_puzzle(grid, PASTED_NAME, Origin::Text, source) {
            self.back_to_picker(format!("{PASTED_NAME}: {err}"));
        }
    }

    fn help_update(&mut self, action: Action) {
        let window = self.geometry.help.unwrap_or_default();
        let page = window.rows.max(1);
        let offset = self.help_offset.min(window.max_offset());
        self.help_offset = match action {
            Action::Tick => return self.board_update(Action::Tick),
            Action::Move(Direction::Up) => offset.saturating_sub(1),
            Action::Move(Direction::Down) => offset + 1,
            Action::PageUp => offset.saturating_sub(page),
            Action::PageDown => offset + page,
            Action::Scroll(delta) => offset.saturating_add_signed(delta),
            _ => {
                self.overlay = None;
                0
            }
        }
        .min(window.max_offset());
    }

    fn confirm_update(&mut self, leave: Leave, action: Action) {
        match action {
            Action::Yes | Action::Quit => {
                self.overlay = None;
                self.leave(leave);
            }
            Action::No | Action::Cancel | Action::RightClick => self.overlay = None,
            _ => {}
        }
    }

    fn save_failed_update(&mut self, leave: Leave, action: Action) {
        match action {
            Action::Yes | Action::Quit => {
                self.overlay = None;
                let err = self.save_error.take().unwrap_or_default();
                if leave == Leave::ToPicker {
                    self.picker.message = Some(format!("Left the game without saving it: {err}"));
                } else {
                    self.unsaved = Some(err);
                }
                self.depart(leave);
            }
            Action::No | Action::Cancel | Action::RightClick => {
                self.overlay = None;
                self.save_error = None;
            }
            _ => {}
        }
    }

    fn delete_update(&mut self, index: usize, action: Action) {
        match action {
            Action::Yes => {
                self.overlay = None;
                self.delete_save(index);
            }
            Action::No | Action::Cancel | Action::RightClick | Action::Quit => self.overlay = None,
            _ => {}
        }
    }

    /// Removes the picker's saved game `index` from the store.
    fn delete_save(&mut self, index: usize) {
        let (Some(store), Some(info)) = (&self.store, self.picker.saved().get(index)) else {
            return;
        };
        let name = info.name.clone();
        let message = match store.delete(&info.puzzle) {
            Ok(_) => format!("Deleted the saved game of {name}"),
            Err(StoreError::InUse { holder, .. }) => format!(
                "Could not delete the saved game of {name}: {}",
                in_use_text(holder.as_deref())
            ),
            Err(err) => format!("Could not delete the saved game of {name}: {err}"),
        };
        let unreadable = self.refresh_saved();
        self.picker.message = Some(unreadable.unwrap_or(message));
    }

    /// Ctrl-C or a stop signal: saves an unfinished game and ends, even when
    /// the save fails (then [`App::unsaved`] says why).
    fn force_quit(&mut self) {
        match self.save_unfinished() {
            Ok(saved) => self.saved_on_quit = saved,
            Err(err) => self.unsaved = Some(err),
        }
        self.overlay = None;
        self.save_error = None;
        self.lock = None;
        self.quit = true;
    }

    fn won_update(&mut self, action: Action) {
        match action {
            Action::Yes => self.open_next(),
            Action::No | Action::Cancel => self.show_picker(),
            Action::Quit => {
                self.lock = None;
                self.quit = true;
            }
            _ => {}
        }
    }

    fn picker_update(&mut self, action: Action) {
        if !matches!(action, Action::Tick) {
            self.picker.message = None;
        }
        match action {
            Action::Move(Direction::Up) => self.picker.up(),
            Action::Move(Direction::Down) => self.picker.down(),
            Action::PageUp => self.picker.page_up(),
            Action::PageDown => self.picker.page_down(),
            Action::Home => self.picker.home(),
            Action::End => self.picker.end(),
            Action::Search(c) => self.picker.type_char(c),
            Action::SearchBack => {
                self.picker.backspace();
            }
            Action::Cancel if self.picker.clear_search() => {}
            Action::Cancel | Action::Quit => self.quit = true,
            Action::Confirm => self.open_selected(),
            Action::DeleteSave => match self.picker.selected() {
                Some(Choice::Saved(index)) => self.overlay = Some(Overlay::DeleteSave(index)),
                _ => {
                    self.picker.message =
                        Some("Delete removes a saved game: select one first".to_string());
                }
            },
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Stats => self.show_stats(),
            Action::Scroll(delta) => self.picker.scroll(delta),
            Action::Click { x, y, at } => self.picker_click(x, y, at),
            _ => {}
        }
    }

    fn picker_click(&mut self, x: u16, y: u16, at: Instant) {
        let Some(row) = self.geometry.list.and_then(|list| list.item_at(x, y)) else {
            return;
        };
        if !self.picker.select_row(row) {
            return;
        }
        let double = self.last_click.is_some_and(|(last, when)| {
            last == row && at.saturating_duration_since(when) <= DOUBLE_CLICK
        });
        if double {
            self.last_click = None;
            self.open_selected();
        } else {
            self.last_click = Some((row, at));
        }
    }

    fn board_update(&mut self, action: Action) {
        let now = self.now;
        let Screen::Board(play) = &mut self.screen else {
            return;
        };
        match action {
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Stats => self.show_stats(),
            Action::Cancel if play.animation().is_none() => {
                if !play.cancel(now) {
                    self.ask_to_leave(Leave::ToPicker);
                }
            }
            Action::Quit => self.ask_to_leave(Leave::Quit),
            Action::Click { x, y, .. } => {
                if let Some(cell) = self.geometry.board.and_then(|b| b.cell_at(x, y)) {
                    play.click(cell);
                }
            }
            action => {
                if play.update(action, now) == Progress::Won {
                    self.won(now);
                }
            }
        }
    }

    /// Leaves the game, asking first when something could be lost: a
    /// game with progress and nowhere to save it, or `q` (which ends the
    /// program). Esc to the list with a store just leaves: the game is
    /// saved and first in the list (a failed save still asks).
    fn ask_to_leave(&mut self, leave: Leave) {
        let saved_anyway = leave == Leave::ToPicker && self.store.is_some();
        match self.play() {
            Some(play) if play.has_progress() && !saved_anyway => {
                self.overlay = Some(Overlay::Confirm(leave))
            }
            _ => self.leave(leave),
        }
    }

    /// Leaves the game on the board (saving it when it is unfinished), to
    /// the picker or out of the program. When the save fails, asks first
    /// ([`Overlay::SaveFailed`]).
    fn leave(&mut self, leave: Leave) {
        match self.save_unfinished() {
            Ok(saved) => {
                if leave == Leave::Quit {
                    self.saved_on_quit = saved;
                }
                self.depart(leave);
            }
            Err(err) => {
                self.save_error = Some(err);
                self.overlay = Some(Overlay::SaveFailed(leave));
            }
        }
    }

    /// Saves the game on the board, its time up to now, when it is
    /// unfinished, over its puzzle's own save (never another's), through
    /// the game's lock on the puzzle; returns the save written (`None`:
    /// nothing to save, or no store), or why it could not be.
    fn save_unfinished(&mut self) -> Result<Option<PathBuf>, String> {
        let (now, wall) = (self.now, self.wall);
        let Screen::Board(play) = &mut self.screen else {
            return Ok(None);
        };
        if !play.has_progress() || play.game().is_solved() {
            return Ok(None);
        }
        play.bank_time(now);
        let Some(lock) = &self.lock else {
            return Ok(None);
        };
        let path = lock
            .save(play.session(), wall)
            .map_err(|err| err.to_string())?;
        let name = play.name().to_string();
        let unreadable = self.refresh_saved();
        self.picker.message =
            Some(unreadable.unwrap_or(format!("Saved {name}: resume it from the list")));
        Ok(Some(path))
    }

    /// Goes to the picker or out of the program, the game being saved or
    /// given up.
    fn depart(&mut self, leave: Leave) {
        match leave {
            Leave::Quit => {
                self.lock = None;
                self.quit = true;
            }
            Leave::ToPicker => {
                let now = self.now;
                if let Screen::Board(play) = &mut self.screen {
                    play.stop_clock(now);
                }
                let row = self.play().and_then(|play| self.row_of(play));
                self.show_picker();
                if let Some(choice) = row {
                    self.picker.select_choice(choice);
                }
            }
        }
    }

    /// Back to the picker from a game: the game lets go of its puzzle, and
    /// the search is cleared, so the next Esc quits.
    fn show_picker(&mut self) {
        self.screen = Screen::Picker;
        self.overlay = None;
        self.lock = None;
        self.picker.clear_search();
    }

    /// The picker row of the game `play`: its entry or level, else its
    /// saved game.
    fn row_of(&self, play: &Play) -> Option<Choice> {
        match play.source() {
            Source::Entry(index) => Some(Choice::Entry(index)),
            Source::Random(random) => Some(Choice::Random(random.level)),
            Source::Unlisted => self
                .picker
                .saved_index(play.game().puzzle())
                .map(Choice::Saved),
        }
    }

    /// The game on the board is won: the congratulation, the win counted
    /// in the statistics, the save removed.
    fn won(&mut self, now: Instant) {
        self.win_note = None;
        if let Screen::Board(play) = &mut self.screen {
            self.overlay = Some(Overlay::Won(play.stats(now)));
            play.bank_time(now);
            if let Some(store) = &self.store {
                let mut win = Win::of(play.session());
                // A puzzle of no known level (a file, a pasted puzzle) is
                // graded on the grading thread, as the status bar's grade
                // is: the hardest take seconds, and the board must not
                // wait for them.
                let graded = win.level.is_some()
                    || match self.grades.label(&win.puzzle) {
                        Some(label) => {
                            win.level = label.level;
                            true
                        }
                        None => false,
                    };
                if graded {
                    self.win_note = crate::stats::count_win(store, &win);
                } else {
                    self.grades.ask(&win.puzzle);
                    self.pending_wins.push(win);
                }
            }
        }
        self.forget_save_of_won_game();
    }

    /// Counts the wins waiting for their puzzles' grades once the grades
    /// are known; when the program is ending, waits for them first, so
    /// that no win is lost. A congratulation still on the screen gets its
    /// own win's note.
    fn count_pending_wins(&mut self) {
        if self.pending_wins.is_empty() {
            return;
        }
        if self.quit {
            self.grades.wait();
        }
        let Some(store) = &self.store else {
            return;
        };
        let grades = &self.grades;
        // the game whose congratulation is on the screen
        let shown = match (&self.screen, self.overlay) {
            (Screen::Board(play), Some(Overlay::Won(_))) => Some(*play.game().puzzle()),
            _ => None,
        };
        let mut note = None;
        self.pending_wins
            .retain_mut(|win| match grades.label(&win.puzzle) {
                Some(label) => {
                    win.level = label.level;
                    let said = crate::stats::count_win(store, win);
                    if shown == Some(win.puzzle) {
                        note = Some(said);
                    }
                    false
                }
                None => true,
            });
        if let Some(said) = note {
            self.win_note = said;
        }
    }

    /// What the congratulation adds: the new best time, or why the win
    /// was not counted.
    pub fn win_note(&self) -> Option<&str> {
        self.win_note.as_deref()
    }

    /// Opens the statistics screen, read from the file now.
    fn show_stats(&mut self) {
        self.stats_lines = crate::stats::screen_lines(self.store.as_ref(), self.today());
        self.overlay = Some(Overlay::Stats);
    }

    /// The statistics screen's lines.
    pub fn stats_lines(&self) -> &[String] {
        &self.stats_lines
    }

    /// Sets the date of the daily puzzle and of the streak (`--date`);
    /// `None`: today, in UTC.
    pub fn set_daily_date(&mut self, date: Option<Date>) {
        self.daily_date = date;
    }

    /// The daily puzzle's date: [`App::set_daily_date`]'s, else today's
    /// (in UTC).
    pub fn today(&self) -> Date {
        self.daily_date.unwrap_or_else(|| Date::of_time(self.wall))
    }

    /// Opens the daily puzzle of [`App::today`] at `level` (its saved game
    /// when there is one), named `daily 2026-11-27 medium`.
    pub fn open_daily(&mut self, level: sudoku_core::Level) {
        let daily = Daily::new(self.today(), level);
        let random = daily.random();
        let name = daily.name();
        let opened = daily
            .generate()
            .map_err(|e| e.to_string())
            .and_then(|grid| {
                self.open_puzzle(grid, &name, Origin::Random(random), Source::Random(random))
            });
        if let Err(err) = opened {
            self.picker.select_choice(Choice::Daily(level));
            self.back_to_picker(format!("{name}: {err}"));
        }
    }

    fn forget_save_of_won_game(&mut self) {
        let Some(lock) = &self.lock else {
            return;
        };
        if let Err(err) = lock.delete() {
            self.picker.message = Some(format!("Could not remove the save: {err}"));
            return;
        }
        if let Some(note) = self.refresh_saved() {
            self.picker.message = Some(note);
        }
    }

    fn open_selected(&mut self) {
        match self.picker.selected() {
            Some(Choice::Saved(index)) => self.open_saved(index),
            Some(Choice::Entry(index)) => self.open_entry(index),
            Some(Choice::Random(level)) => self.open_random(RandomPuzzle::fresh(level)),
            Some(Choice::Daily(level)) => self.open_daily(level),
            None => self.picker.message = Some("No puzzle matches the search".to_string()),
        }
    }

    /// Opens the picker's entry `index` on the board: its saved game when
    /// the store holds one (as `sudoku-tui FILE` does), else a new game;
    /// when it cannot be played, says why in the picker, on its row.
    pub fn open_entry(&mut self, index: usize) {
        let Some(entry) = self.picker.entries().get(index) else {
            return;
        };
        let name = entry.name.clone();
        let origin = entry.origin.clone();
        let opened = entry
            .puzzle
            .clone()
            .and_then(|grid| self.open_puzzle(grid, &name, origin, Source::Entry(index)));
        if let Err(err) = opened {
            self.picker.select_entry(index);
            self.back_to_picker(format!("{name}: {err}"));
        }
    }

    /// Generates the puzzle `random` and opens it on the board; when that
    /// fails, says why in the picker, on the row of its level.
    pub fn open_random(&mut self, random: RandomPuzzle) {
        self.open_made(random, random.generate());
    }

    /// Opens `made`, the puzzle of `random` (or why there is none).
    fn open_made(&mut self, random: RandomPuzzle, made: Result<Grid, RandomError>) {
        let name = random.name();
        let opened = made.map_err(|e| e.to_string()).and_then(|grid| {
            self.open_puzzle(grid, &name, Origin::Random(random), Source::Random(random))
        });
        if let Err(err) = opened {
            self.picker.select_choice(Choice::Random(random.level));
            self.back_to_picker(format!("{name}: {err}"));
        }
    }

    /// Opens `puzzle`: its saved game when the store holds one, else a new
    /// game named `name` from `origin`. A save that cannot be read is not
    /// played over (that would lose it): the error says why.
    fn open_puzzle(
        &mut self,
        puzzle: Grid,
        name: &str,
        origin: Origin,
        source: Source,
    ) -> Result<(), String> {
        let lock = self.lock_puzzle(&puzzle)?;
        let saved = match self.store.as_ref().map(|store| store.load(&puzzle)) {
            None | Some(Ok(None)) => None,
            Some(Ok(Some(loaded))) => Some(loaded),
            // the store's folder cannot exist: there is no save (saving
            // will say why it cannot be made)
            Some(Err(StoreError::Io { reason, .. }))
                if reason.kind() == std::io::ErrorKind::NotADirectory =>
            {
                None
            }
            Some(Err(err)) => {
                return Err(format!(
                    "its saved game cannot be read ({err}); move the file away to play it afresh"
                ))
            }
        };
        let play = match saved {
            Some(loaded) => {
                let path = self.store.as_ref().map(|s| s.path_of(&puzzle));
                let mut play = Play::resume(loaded.session, source, self.now);
                let text = format!("Resumed your saved game of {}", play.name());
                play.inform(text);
                if let Some(note) = path.and_then(|p| ignored_note(&p, &loaded.ignored)) {
                    play.warn(note);
                }
                play
            }
            None => {
                let session = Session::new(puzzle, name, origin).map_err(|e| e.to_string())?;
                Play::new(session, source, self.now)
            }
        };
        self.start(play, lock);
        Ok(())
    }

    /// Takes the lock on `puzzle` for a game about to open (`None`
    /// without a store), the game on the board (a won one) letting go of
    /// its own first. Refused while another game has the puzzle open: then
    /// [`App::busy`] says so too.
    fn lock_puzzle(&mut self, puzzle: &Grid) -> Result<Option<SaveLock>, String> {
        self.lock = None;
        self.busy = None;
        let Some(store) = &self.store else {
            return Ok(None);
        };
        match store.lock(puzzle, HOLDER) {
            Ok(lock) => Ok(Some(lock)),
            Err(StoreError::InUse { holder, .. }) => {
                let text = in_use_text(holder.as_deref());
                self.busy = Some(text.clone());
                Err(text)
            }
            // not the core's way (it plays on unlocked where it cannot
            // lock), but never a reason to lose a save
            Err(err) => Err(err.to_string()),
        }
    }

    /// Shows the picker (its selection already on the row in question) with
    /// `message`, why a puzzle could not be opened.
    fn back_to_picker(&mut self, message: String) {
        self.screen = Screen::Picker;
        self.overlay = None;
        self.lock = None;
        self.picker.message = Some(message);
    }

    /// Resumes the picker's saved game `index`.
    fn open_saved(&mut self, index: usize) {
        let Some(info) = self.picker.saved().get(index) else {
            return;
        };
        let (name, puzzle) = (info.name.clone(), info.puzzle);
        let lock = match self.lock_puzzle(&puzzle) {
            Ok(lock) => lock,
            Err(err) => {
                self.picker.message = Some(format!("Cannot resume {name}: {err}"));
                return;
            }
        };
        let Some(store) = &self.store else {
            return;
        };
        match store.load(&puzzle) {
            Ok(Some(loaded)) => {
                let source = self.source_of(&loaded.session);
                let note = ignored_note(&store.path_of(&puzzle), &loaded.ignored);
                let mut play = Play::resume(loaded.session, source, self.now);
                if let Some(note) = note {
                    play.warn(note);
                }
                self.start(play, lock);
            }
            Ok(None) => {
                let unreadable = self.refresh_saved();
                self.picker.message =
                    Some(unreadable.unwrap_or(format!("The saved game of {name} is gone")));
            }
            Err(err) => self.picker.message = Some(format!("Cannot resume {name}: {err}")),
        }
    }

    /// Where a resumed game's puzzle sits in the picker: its level for a
    /// generated puzzle, else the entry holding it, else nowhere.
    fn source_of(&self, session: &Session) -> Source {
        if let Origin::Random(random) = session.origin() {
            return Source::Random(*random);
        }
        self.source_of_puzzle(session.game().puzzle())
    }

    /// The entry holding `puzzle`, else nowhere.
    fn source_of_puzzle(&self, puzzle: &Grid) -> Source {
        self.picker
            .entries()
            .iter()
            .position(|e| e.puzzle.as_ref().is_ok_and(|g| g == puzzle))
            .map_or(Source::Unlisted, Source::Entry)
    }

    /// Puts `play` on the board, holding `lock` on its puzzle.
    fn start(&mut self, play: Play, lock: Option<SaveLock>) {
        self.screen = Screen::Board(Box::new(play));
        self.overlay = None;
        self.lock = lock;
    }

    /// What the congratulation's Enter opens: the next playable entry after
    /// the game's own (the first one for a game not from the list), or a
    /// new random puzzle at the level of a generated one.
    pub fn next_choice(&self) -> Option<Choice> {
        match self.play()?.source() {
            Source::Entry(index) => self.picker.next_playable(index).map(Choice::Entry),
            Source::Random(random) => Some(Choice::Random(random.level)),
            Source::Unlisted => self
                .picker
                .entries()
                .iter()
                .position(|e| e.puzzle.is_ok())
                .map(Choice::Entry),
        }
    }

    /// The congratulation's name for [`App::next_choice`]: the entry's name,
    /// or `a new random medium puzzle`.
    pub fn next_name(&self) -> Option<String> {
        match self.next_choice()? {
            Choice::Entry(index) => Some(self.picker.label(Choice::Entry(index))),
            Choice::Random(level) => Some(format!("a new random {level} puzzle")),
            Choice::Saved(_) | Choice::Daily(_) => None,
        }
    }

    fn open_next(&mut self) {
        match self.next_choice() {
            Some(Choice::Entry(index)) => self.open_entry(index),
            Some(Choice::Random(level)) => self.open_random(RandomPuzzle::fresh(level)),
            _ => self.show_picker(),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod daily_tests;
