//! One game on the board: the core's [`Game`] plus what only the screen
//! needs (cursor and selection, pencil marks, timer, hints used, the last
//! message and the auto-solve animation).

use std::time::{Duration, Instant};

use sudoku_core::{Cell, Col, Digit, Game, Grid, Hint, Outcome, PuzzleError, RandomPuzzle, Row};

use crate::action::{Action, Direction};
use crate::animation::{self, Animation, State};
use crate::clock::Clock;
use crate::save::SavedGame;
use sudoku_core::session::Pencil;

/// Where a game's puzzle came from, which decides what the next puzzle is
/// and which picker row leaving the game selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The picker's entry at this index.
    Entry(usize),
    /// The generator.
    Random(RandomPuzzle),
    /// Neither: a saved game whose puzzle is not in the list.
    Unlisted,
}

/// How a message reads: its tone picks its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News.
    Info,
    /// Something went right.
    Good,
    /// Something was refused or went wrong.
    Bad,
}

/// The last message shown in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Its tone.
    pub tone: Tone,
}

/// What the player's last action did to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Play goes on.
    Playing,
    /// The board is solved: the player won.
    Won,
}

/// The numbers of a won game, for the congratulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinStats {
    /// Time played.
    pub time: Duration,
    /// Moves made.
    pub moves: usize,
    /// Hints used.
    pub hints: usize,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Play {
    name: String,
    level: String,
    origin: Origin,
    game: Game,
    cursor: Cell,
    selected: bool,
    pencil_mode: bool,
    pencil: Pencil,
    clock: Clock,
    timer_visible: bool,
    hints: usize,
    /// The board a hint last explained a step on, so that a second hint on
    /// it places the digit.
    explained: Option<Grid>,
    saved_moves: usize,
    replayed_moves: usize,
    message: Message,
    animation: Option<Animation>,
    speed: usize,
    /// The clock was stopped by [`Action::Suspend`] and restarts on
    /// [`Action::Continue`].
    clock_held: bool,
}

/// `text` with its first letter capitalised: the core's lowercase error
/// messages start a sentence in the status bar.
fn sentence(text: impl ToString) -> String {
    let text = text.to_string();
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn conflicts_message(n: usize) -> String {
    if n == 1 {
        "There is 1 conflict".to_string()
    } else {
        format!("There are {n} conflicts")
    }
}

impl Play {
    /// A new game of `puzzle` named `name`, which came from `origin`, its
    /// clock starting at `now`.
    pub fn new(
        name: &str,
        origin: Origin,
        puzzle: Grid,
        now: Instant,
    ) -> Result<Play, PuzzleError> {
        let game = Game::new(puzzle)?;
        let cursor = Cell::all().find(|&c| !game.is_given(c)).unwrap_or(Cell::at(
            Row::new(0).expect("row 1"),
            Col::new(0).expect("column a"),
        ));
        Ok(Play {
            name: name.to_string(),
            level: crate::puzzles::level_label(&puzzle),
            origin,
            game,
            cursor,
            selected: true,
            pencil_mode: false,
            pencil: Pencil::default(),
            clock: Clock::started(Duration::ZERO, now),
            timer_visible: true,
            hints: 0,
            explained: None,
            saved_moves: 0,
            replayed_moves: 0,
            message: Message {
                text: "Good luck! Press ? for help".to_string(),
                tone: Tone::Info,
            },
            animation: None,
            speed: animation::DEFAULT_SPEED,
            clock_held: false,
        })
    }

    /// The saved game `saved`, going on from where it was left. A generated
    /// puzzle's origin comes from the save; `entry` is the picker's entry
    /// holding the puzzle, if any.
    pub fn resume(
        saved: &SavedGame,
        entry: Option<usize>,
        now: Instant,
    ) -> Result<Play, PuzzleError> {
        let origin = match (saved.random, entry) {
            (Some(random), _) => Origin::Random(random),
            (None, Some(index)) => Origin::Entry(index),
            (None, None) => Origin::Unlisted,
        };
        let mut play = Play::new(&saved.name, origin, saved.puzzle, now)?;
        for cell in Cell::all() {
            if let (false, Some(digit)) = (play.game.is_given(cell), saved.grid.get(cell)) {
                play.game.place(cell, digit).expect("not a given");
            }
        }
        play.replayed_moves = play.game.moves();
        play.saved_moves = saved.moves;
        play.hints = saved.hints;
        play.clock = Clock::started(saved.elapsed, now);
        play.pencil = saved.pencil.clone();
        play.say(Tone::Info, format!("Resumed {}", saved.name));
        Ok(play)
    }

    /// The game as it is to be saved at `now`; the time and the counts
    /// stop at the limits a save may hold.
    pub fn to_saved(&self, now: Instant) -> SavedGame {
        SavedGame {
            name: self.name.clone(),
            puzzle: *self.game.puzzle(),
            grid: *self.game.grid(),
            elapsed: self.clock.elapsed(now).min(crate::save::MAX_ELAPSED),
            moves: self.moves().min(crate::save::MAX_COUNT),
            hints: self.hints.min(crate::save::MAX_COUNT),
            pencil: self.pencil.clone(),
            random: match self.origin {
                Origin::Random(random) => Some(random),
                _ => None,
            },
        }
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The puzzle's level and rating from the core's grader (`hard 4.2`).
    pub fn level(&self) -> &str {
        &self.level
    }

    /// Where the puzzle came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The picker entry this game came from, when it did.
    pub fn entry(&self) -> Option<usize> {
        match self.origin {
            Origin::Entry(index) => Some(index),
            _ => None,
        }
    }

    /// The core game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// Whether a cell is selected (the cursor is shown and digits go there).
    pub fn is_selected(&self) -> bool {
        self.selected
    }

    /// Whether digits toggle pencil marks.
    pub fn is_pencil_mode(&self) -> bool {
        self.pencil_mode
    }

    /// The pencil marks.
    pub fn pencil(&self) -> &Pencil {
        &self.pencil
    }

    /// The timer.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Whether the timer is shown.
    pub fn is_timer_visible(&self) -> bool {
        self.timer_visible
    }

    /// Moves made, counting those of a resumed game.
    pub fn moves(&self) -> usize {
        self.saved_moves
            .saturating_add(self.game.moves())
            .saturating_sub(self.replayed_moves)
    }

    /// Hints used.
    pub fn hints(&self) -> usize {
        self.hints
    }

    /// The last message.
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// The auto-solve animation, while it is on screen.
    pub fn animation(&self) -> Option<&Animation> {
        self.animation.as_ref()
    }

    /// The auto-solve speed the next animation starts at.
    pub fn speed(&self) -> usize {
        self.speed
    }

    /// The grid to draw: the animation's while it is on, else the game's.
    pub fn shown_grid(&self) -> &Grid {
        self.animation
            .as_ref()
            .map_or(self.game.grid(), Animation::grid)
    }

    /// Whether the player has done anything worth keeping: changed the
    /// board or written pencil marks.
    pub fn has_progress(&self) -> bool {
        self.moves() > 0 || self.game.grid() != self.game.puzzle() || self.pencil.has_notes()
    }

    /// The numbers for the congratulation at `now`.
    pub fn stats(&self, now: Instant) -> WinStats {
        WinStats {
            time: self.clock.elapsed(now),
            moves: self.moves(),
            hints: self.hints,
        }
    }

    /// How long until something on screen changes by itself (an animation
    /// frame, the timer's next second), or `None` when nothing does.
    pub fn next_tick(&self, now: Instant) -> Option<Duration> {
        let animation = self.animation.as_ref().and_then(Animation::interval);
        let timer = self
            .timer_visible
            .then(|| self.clock.until_next_second(now))
            .flatten();
        match (animation, timer) {
            (Some(a), Some(t)) => Some(a.min(t)),
            (a, t) => a.or(t),
        }
    }

    /// Shows `text` as a warning in the status bar (a saved game resumed
    /// with parts left out).
    pub fn warn(&mut self, text: impl Into<String>) {
        self.say(Tone::Bad, text);
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Message {
            text: text.into(),
            tone,
        };
    }

    /// Does one board action at `now`.
    pub fn update(&mut self, action: Action, now: Instant) -> Progress {
        match action {
            Action::Suspend => self.hold_clock(now),
            Action::Continue => self.release_clock(now),
            _ => {}
        }
        if matches!(action, Action::Suspend | Action::Continue) {
            return Progress::Playing;
        }
        if self.animation.is_some() {
            self.animation_update(action, now);
            return Progress::Playing;
        }
        match action {
            Action::Move(direction) => self.move_cursor(direction),
            Action::Digit(digit) if self.pencil_mode => self.pencil_mark(digit),
            Action::Digit(digit) => return self.place(Some(digit), now),
            Action::Erase => return self.place(None, now),
            Action::Undo => self.undo(),
            Action::Redo => return self.redo(now),
            Action::TogglePencil => self.toggle_pencil(),
            Action::ToggleCandidates => self.toggle_candidates(),
            Action::Hint => return self.hint(now),
            Action::Solve => self.solve(now),
            Action::Faster => self.change_speed(1),
            Action::Slower => self.change_speed(-1),
            Action::PauseTimer => self.pause_timer(now),
            Action::ToggleTimer => self.toggle_timer(),
            Action::RightClick => self.clear_selection(),
            _ => {}
        }
        Progress::Playing
    }

    fn animation_update(&mut self, action: Action, now: Instant) {
        let Some(animation) = self.animation.as_mut() else {
            return;
        };
        match action {
            Action::Tick => {
                let was_running = animation.is_running();
                animation.tick();
                if was_running && !animation.is_running() {
                    self.announce_end();
                }
            }
            Action::PauseAnimation if animation.is_running() => {
                let paused = animation.toggle_pause();
                let text = if paused {
                    "Paused (space resumes)"
                } else {
                    "Auto-solve resumed"
                };
                self.say(Tone::Info, text);
            }
            Action::Faster => self.change_speed(1),
            Action::Slower => self.change_speed(-1),
            Action::Cancel | Action::RightClick => {
                self.stop_animation(now);
            }
            _ => self.say(
                Tone::Bad,
                "Auto-solve is on: Esc takes you back to your game",
            ),
        }
    }

    fn announce_end(&mut self) {
        let from_givens = self.game.grid() == self.game.puzzle();
        let text = match self.animation.as_ref().map(Animation::state) {
            Some(State::Solved(n)) => format!("Solved in {n} steps (Esc: back to your game)"),
            Some(State::NoSolution(n)) if from_givens => {
                format!("This puzzle has no solution ({n} steps)")
            }
            Some(State::NoSolution(n)) => {
                format!("This puzzle has no solution from your position ({n} steps; Esc: back)")
            }
            _ => return,
        };
        self.say(Tone::Good, text);
    }

    /// Cancels what Esc cancels, innermost first: the animation, pencil
    /// mode, the selection. False when there was nothing to cancel.
    pub fn cancel(&mut self, now: Instant) -> bool {
        if self.animation.is_some() {
            self.stop_animation(now);
        } else if self.pencil_mode {
            self.toggle_pencil();
        } else if self.selected {
            self.clear_selection();
        } else {
            return false;
        }
        true
    }

    fn stop_animation(&mut self, now: Instant) {
        self.animation = None;
        self.clock.resume(now);
        self.say(Tone::Info, "Back to your position");
    }

    /// Selects `cell` (a click).
    pub fn click(&mut self, cell: Cell) {
        if self.animation.is_some() {
            return;
        }
        self.cursor = cell;
        self.selected = true;
        if self.game.is_given(cell) {
            self.say(
                Tone::Bad,
                format!("{cell} is a given; it cannot be changed"),
            );
        } else {
            self.say(Tone::Info, format!("{cell} selected"));
        }
    }

    fn clear_selection(&mut self) {
        self.selected = false;
        self.say(
            Tone::Info,
            "Selection cleared (arrows or a click select again)",
        );
    }

    fn move_cursor(&mut self, direction: Direction) {
        if self.selected {
            let (r, c) = (self.cursor.row().index(), self.cursor.col().index());
            let (r, c) = match direction {
                Direction::Up => ((r + 8) % 9, c),
                Direction::Down => ((r + 1) % 9, c),
                Direction::Left => (r, (c + 8) % 9),
                Direction::Right => (r, (c + 1) % 9),
            };
            self.cursor = Cell::at(
                Row::new(r).expect("wrapped to 0..9"),
                Col::new(c).expect("wrapped to 0..9"),
            );
        }
        self.selected = true;
    }

    fn selected_cell(&mut self) -> Option<Cell> {
        if !self.selected {
            self.say(Tone::Bad, "No cell selected: click one or use the arrows");
        }
        self.selected.then_some(self.cursor)
    }

    fn place(&mut self, digit: Option<Digit>, now: Instant) -> Progress {
        let Some(cell) = self.selected_cell() else {
            return Progress::Playing;
        };
        if digit.is_none() && !self.game.is_given(cell) && self.game.grid().get(cell).is_none() {
            self.say(Tone::Info, format!("{cell} is already empty"));
            return Progress::Playing;
        }
        match self.game.set(cell, digit) {
            Ok(outcome) => self.report(outcome, now),
            Err(err) => {
                self.say(Tone::Bad, sentence(err));
                Progress::Playing
            }
        }
    }

    fn report(&mut self, outcome: Outcome, now: Instant) -> Progress {
        match outcome {
            Outcome::Legal => self.say(Tone::Good, "Legal move"),
            Outcome::Conflicts(n) => self.say(Tone::Bad, conflicts_message(n)),
            Outcome::Solved => {
                self.clock.pause(now);
                self.say(Tone::Good, "Solved!");
                return Progress::Won;
            }
        }
        Progress::Playing
    }

    fn undo(&mut self) {
        match self.game.undo() {
            Ok(mv) => {
                self.cursor = mv.cell;
                self.selected = true;
                let text = match self.game.conflict_count() {
                    0 => format!("Undid {}", mv.cell),
                    n => format!("Undid {}; {}", mv.cell, conflicts_message(n).to_lowercase()),
                };
                self.say(Tone::Info, text);
            }
            Err(err) => self.say(Tone::Bad, sentence(err)),
        }
    }

    fn redo(&mut self, now: Instant) -> Progress {
        match self.game.redo() {
            Ok(mv) => {
                self.cursor = mv.cell;
                self.selected = true;
                if self.game.is_solved() {
                    return self.report(Outcome::Solved, now);
                }
                self.say(Tone::Info, format!("Redid {}", mv.cell));
            }
            Err(err) => self.say(Tone::Bad, sentence(err)),
        }
        Progress::Playing
    }

    fn toggle_pencil(&mut self) {
        self.pencil_mode = !self.pencil_mode;
        let text = if self.pencil_mode {
            "Pencil marks: digits toggle candidates (n or Esc to stop)"
        } else {
            "Pencil marks off: digits place"
        };
        self.say(Tone::Info, text);
    }

    fn pencil_mark(&mut self, digit: Digit) {
        let Some(cell) = self.selected_cell() else {
            return;
        };
        if self.game.is_given(cell) {
            self.say(
                Tone::Bad,
                format!("{cell} is a given; it takes no pencil marks"),
            );
        } else if self.game.grid().get(cell).is_some() {
            self.say(
                Tone::Bad,
                format!("{cell} holds a digit; erase it to pencil in"),
            );
        } else {
            match self.pencil.toggle(&self.game, cell, digit) {
                Ok(true) => self.say(Tone::Info, format!("Pencilled {digit} in {cell}")),
                Ok(false) => self.say(Tone::Info, format!("Rubbed out {digit} in {cell}")),
                Err(err) => self.say(Tone::Bad, sentence(err)),
            }
        }
    }

    fn toggle_candidates(&mut self) {
        let on = !self.pencil.is_auto();
        self.pencil.set_auto(on);
        let text = if on {
            "Candidates filled in; they follow your moves (c again to hide)"
        } else {
            "Automatic candidates off"
        };
        self.say(Tone::Info, text);
    }

    /// The one place placed hints come from: the core's hint, which follows
    /// the logical solver and falls back on the solution where logic is stuck.
    fn next_hint(&self) -> Option<Hint> {
        self.game.hint()
    }

    /// The first hint explains the next logical step and points the cursor
    /// at it; a second one on the same board places a digit. A wrong entry
    /// is fixed at once.
    fn hint(&mut self, now: Instant) -> Progress {
        let board = *self.game.grid();
        if self.explained.take() != Some(board) {
            if let Some(step) = self.game.next_step() {
                if let Some(&cell) = step.cells().first() {
                    self.cursor = cell;
                    self.selected = true;
                }
                self.explained = Some(board);
                self.say(Tone::Info, format!("{step} (H again: place)"));
                return Progress::Playing;
            }
        }
        let Some(hint) = self.next_hint() else {
            self.say(Tone::Info, "No hint: the board is solved");
            return Progress::Playing;
        };
        self.cursor = hint.cell;
        self.selected = true;
        self.hints += 1;
        let outcome = self
            .game
            .place(hint.cell, hint.digit)
            .expect("hints are never givens");
        let progress = self.report(outcome, now);
        if progress == Progress::Playing {
            let text = if hint.replaces_wrong_digit {
                format!("Hint: {} was wrong; it is {}", hint.cell, hint.digit)
            } else {
                format!("Hint: {} is {}", hint.cell, hint.digit)
            };
            self.say(Tone::Info, text);
        }
        progress
    }

    fn solve(&mut self, now: Instant) {
        self.clock.pause(now);
        self.animation = Some(Animation::new(self.game.grid(), self.speed));
        self.say(
            Tone::Info,
            "Auto-solve: space pauses, +/- change the speed, Esc stops",
        );
    }

    fn change_speed(&mut self, delta: isize) {
        let max = animation::SPEEDS.len() - 1;
        self.speed = self.speed.saturating_add_signed(delta).min(max);
        if let Some(animation) = self.animation.as_mut() {
            animation.set_speed(self.speed);
        }
        let text = format!("Auto-solve speed: {}", animation::speed_name(self.speed));
        self.say(Tone::Info, text);
    }

    fn pause_timer(&mut self, now: Instant) {
        if self.clock.is_running() {
            self.clock.pause(now);
            self.say(Tone::Info, "Timer paused (p resumes)");
        } else {
            self.clock.resume(now);
            self.say(Tone::Info, "Timer running");
        }
    }

    /// Stops a running clock while the process is stopped.
    fn hold_clock(&mut self, now: Instant) {
        if self.clock.is_running() {
            self.clock.pause(now);
            self.clock_held = true;
        }
    }

    /// Restarts the clock [`Play::hold_clock`] stopped; a clock the player
    /// paused stays paused.
    fn release_clock(&mut self, now: Instant) {
        if std::mem::take(&mut self.clock_held) {
            self.clock.resume(now);
        }
    }

    fn toggle_timer(&mut self) {
        self.timer_visible = !self.timer_visible;
        let text = if self.timer_visible {
            "Timer shown"
        } else {
            "Timer hidden (t shows it)"
        };
        self.say(Tone::Info, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::cell;

    /// Two blanks: 9g (1) and 9i (9).
    const NEARLY: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

    fn play(text: &str) -> (Play, Instant) {
        let now = Instant::now();
        (
            Play::new("test", Origin::Entry(0), text.parse().unwrap(), now).unwrap(),
            now,
        )
    }

    fn digit(v: u8) -> Action {
        Action::Digit(Digit::new(v).unwrap())
    }

    #[test]
    fn the_cursor_starts_on_the_first_blank_and_wraps() {
        let (mut p, now) = play(NEARLY);
        assert_eq!(p.cursor(), cell("9g"));
        p.update(Action::Move(Direction::Down), now);
        assert_eq!(p.cursor(), cell("1g"));
        p.update(Action::Move(Direction::Up), now);
        p.update(Action::Move(Direction::Right), now);
        p.update(Action::Move(Direction::Right), now);
        p.update(Action::Move(Direction::Right), now);
        assert_eq!(p.cursor(), cell("9a"));
        p.update(Action::Move(Direction::Left), now);
        assert_eq!(p.cursor(), cell("9i"));
    }

    #[test]
    fn placing_reports_and_winning_stops_the_clock() {
        let (mut p, now) = play(NEARLY);
        assert_eq!(p.update(digit(7), now), Progress::Playing);
        assert_eq!(p.message().text, "There are 3 conflicts");
        assert_eq!(p.update(digit(1), now), Progress::Playing);
        assert_eq!(p.message().text, "Legal move");
        p.update(Action::Move(Direction::Left), now);
        assert_eq!(
            p.message().text,
            "Legal move",
            "moving keeps the last message"
        );
        p.update(digit(4), now);
        assert_eq!(p.message().text, "9f is a given and cannot be changed");
        for _ in 0..3 {
            p.update(Action::Move(Direction::Right), now);
        }
        assert_eq!(p.update(digit(9), now), Progress::Won);
        assert!(!p.clock().is_running());
        assert_eq!(p.stats(now).moves, 3);
    }

    #[test]
    fn erase_undo_redo() {
        let (mut p, now) = play(NEARLY);
        p.update(Action::Erase, now);
        assert_eq!(p.message().text, "9g is already empty");
        p.update(Action::Undo, now);
        assert_eq!(p.message().text, "Nothing to undo");
        p.update(digit(5), now);
        p.update(Action::Erase, now);
        assert_eq!(p.game().grid().get(cell("9g")), None);
        p.update(Action::Undo, now);
        assert_eq!(p.game().grid().get(cell("9g")), Digit::new(5));
        assert_eq!(p.message().text, "Undid 9g; there are 3 conflicts");
        p.update(Action::Move(Direction::Up), now);
        p.update(Action::Undo, now);
        assert_eq!(p.cursor(), cell("9g"), "the cursor follows undo");
        assert_eq!(p.game().grid(), p.game().puzzle());
        p.update(Action::Redo, now);
        assert_eq!(p.message().text, "Redid 9g");
        p.update(Action::Redo, now);
        p.update(Action::Redo, now);
        assert_eq!(p.message().text, "Nothing to redo");
        assert_eq!(p.moves(), 2);
    }

    #[test]
    fn pencil_mode_toggles_marks() {
        let (mut p, now) = play(NEARLY);
        p.update(Action::TogglePencil, now);
        assert!(p.is_pencil_mode());
        p.update(digit(1), now);
        p.update(digit(4), now);
        p.update(digit(4), now);
        assert_eq!(p.message().text, "Rubbed out 4 in 9g");
        let marks: Vec<u8> = p
            .pencil()
            .candidates(p.game(), cell("9g"))
            .iter()
            .map(Digit::get)
            .collect();
        assert_eq!(marks, [1]);
        assert_eq!(p.game().moves(), 0, "marks are not moves");
        p.update(Action::Move(Direction::Right), now);
        p.update(digit(2), now);
        assert_eq!(p.message().text, "9h is a given; it takes no pencil marks");
        assert!(p.cancel(now));
        assert!(!p.is_pencil_mode());
        p.update(Action::ToggleCandidates, now);
        let marks: Vec<u8> = p
            .pencil()
            .candidates(p.game(), cell("9i"))
            .iter()
            .map(Digit::get)
            .collect();
        assert_eq!(marks, [9]);
        p.update(Action::Move(Direction::Left), now);
        p.update(digit(9), now);
        assert!(
            p.pencil().candidates(p.game(), cell("9i")).is_empty(),
            "automatic candidates follow moves"
        );
        p.update(Action::Undo, now);
        assert!(p
            .pencil()
            .candidates(p.game(), cell("9i"))
            .iter()
            .eq(Digit::new(9)));
        p.update(digit(1), now);
        p.update(Action::TogglePencil, now);
        p.update(digit(2), now);
        assert_eq!(p.message().text, "9g holds a digit; erase it to pencil in");
    }

    #[test]
    fn hints_place_the_solution_digit_and_count() {
        let (mut p, now) = play(NEARLY);
        p.update(digit(9), now);
        p.update(Action::Hint, now);
        assert_eq!(p.message().text, "Hint: 9g was wrong; it is 1");
        assert_eq!(p.hints(), 1);
        assert_eq!(p.update(Action::Hint, now), Progress::Playing);
        assert_eq!(
            p.message().text,
            "Full house: r9c9 is the last blank cell of box 9, so it is 9 (H again: place)"
        );
        assert_eq!(p.cursor(), cell("9i"));
        assert_eq!(p.hints(), 1, "explaining is not a hint placed");
        assert_eq!(p.update(Action::Hint, now), Progress::Won);
        assert_eq!(p.stats(now).hints, 2);
    }

    #[test]
    fn selection_and_esc() {
        let (mut p, now) = play(NEARLY);
        p.click(cell("1a"));
        assert_eq!(p.message().text, "1a is a given; it cannot be changed");
        assert_eq!(p.cursor(), cell("1a"));
        p.update(Action::RightClick, now);
        assert!(!p.is_selected());
        p.update(digit(3), now);
        assert_eq!(
            p.message().text,
            "No cell selected: click one or use the arrows"
        );
        assert!(!p.cancel(now), "nothing left to cancel");
        p.update(Action::Move(Direction::Down), now);
        assert!(p.is_selected());
        assert_eq!(
            p.cursor(),
            cell("1a"),
            "the first arrow brings the cursor back"
        );
        assert!(p.cancel(now) && !p.is_selected());
    }

    #[test]
    fn the_animation_steps_pauses_and_stops_back_to_the_player() {
        let (mut p, now) = play(NEARLY);
        p.update(digit(1), now);
        for _ in 0..4 {
            p.update(Action::Slower, now);
        }
        assert_eq!(p.message().text, "Auto-solve speed: 1 steps/s");
        p.update(Action::Solve, now);
        assert!(!p.clock().is_running());
        assert_eq!(p.next_tick(now), Some(Duration::from_secs(1)));
        p.update(Action::PauseAnimation, now);
        p.update(Action::Tick, now);
        assert_eq!(p.animation().unwrap().placed(), 0);
        p.update(Action::PauseAnimation, now);
        p.update(Action::Tick, now);
        assert_eq!(p.animation().unwrap().placed(), 1);
        assert_eq!(p.shown_grid().get(cell("9i")), Digit::new(9));
        p.update(digit(5), now);
        assert_eq!(
            p.message().text,
            "Auto-solve is on: Esc takes you back to your game"
        );
        p.update(Action::Tick, now);
        assert_eq!(
            p.message().text,
            "Solved in 1 steps (Esc: back to your game)"
        );
        assert!(p.cancel(now));
        assert!(p.animation().is_none());
        assert_eq!(p.shown_grid().get(cell("9i")), None);
        assert!(p.clock().is_running());
    }

    #[test]
    fn a_dead_position_has_no_solution() {
        let (mut p, now) = play(NEARLY);
        p.update(digit(9), now); // 9g = 9 leaves 9i without a digit
        for _ in 0..20 {
            p.update(Action::Faster, now);
        }
        assert_eq!(p.message().text, "Auto-solve speed: instant");
        p.update(Action::Solve, now);
        p.update(Action::Tick, now);
        assert!(p
            .message()
            .text
            .starts_with("This puzzle has no solution from your position"));
        p.update(Action::Cancel, now);
        assert_eq!(p.game().grid().get(cell("9g")), Digit::new(9));
    }

    #[test]
    fn timer_pause_and_hide_and_resume_from_a_save() {
        let (mut p, now) = play(NEARLY);
        p.update(Action::PauseTimer, now);
        assert!(!p.clock().is_running());
        assert_eq!(p.next_tick(now), None);
        p.update(Action::PauseTimer, now);
        assert!(p.next_tick(now).is_some());
        p.update(Action::ToggleTimer, now);
        assert_eq!(p.next_tick(now), None);
        p.update(digit(1), now);
        let saved = p.to_saved(now + Duration::from_secs(5));
        let resumed = Play::resume(&saved, None, now).unwrap();
        assert_eq!(resumed.game().grid(), p.game().grid());
        assert_eq!(resumed.moves(), 1);
        assert_eq!(resumed.stats(now).time.as_secs(), 5);
        assert_eq!(resumed.message().text, "Resumed test");
        assert_eq!(resumed.origin(), Origin::Unlisted);
    }

    #[test]
    fn a_suspension_does_not_count_on_the_clock() {
        let (mut p, now) = play(NEARLY);
        let later = |s| now + Duration::from_secs(s);
        p.update(Action::Suspend, later(10));
        assert!(!p.clock().is_running());
        p.update(Action::Continue, later(70));
        assert!(p.clock().is_running());
        assert_eq!(p.stats(later(75)).time.as_secs(), 15);
        // a clock the player paused stays paused across a suspension
        p.update(Action::PauseTimer, later(75));
        p.update(Action::Suspend, later(80));
        p.update(Action::Continue, later(90));
        assert!(!p.clock().is_running());
        assert_eq!(p.stats(later(100)).time.as_secs(), 15);
        // the auto-solve stops the clock, and a suspension does not start it
        p.update(Action::PauseTimer, later(100));
        p.update(Action::Solve, later(110));
        p.update(Action::Suspend, later(120));
        p.update(Action::Continue, later(200));
        assert!(!p.clock().is_running());
        assert_eq!(p.stats(later(200)).time.as_secs(), 25);
    }

    #[test]
    fn pencil_marks_and_the_recipe_survive_a_save() {
        let now = Instant::now();
        let random = RandomPuzzle::new(sudoku_core::Level::Easy, 3);
        let mut p = Play::new("r", Origin::Random(random), NEARLY.parse().unwrap(), now).unwrap();
        p.update(Action::TogglePencil, now);
        assert!(!p.has_progress());
        p.update(digit(1), now);
        assert!(p.has_progress(), "pencil marks are worth saving");
        p.update(digit(5), now);
        p.update(Action::ToggleCandidates, now);
        p.update(Action::Move(Direction::Right), now);
        p.update(Action::Move(Direction::Right), now);
        p.update(digit(9), now); // strikes out 9i's only candidate
        let saved = p.to_saved(now);
        assert_eq!(saved.random, Some(random));
        let resumed = Play::resume(&saved, Some(4), now).unwrap();
        assert_eq!(resumed.origin(), Origin::Random(random));
        assert_eq!(resumed.entry(), None);
        assert_eq!(resumed.pencil(), p.pencil());
        assert!(resumed.pencil().is_auto());
        assert!(resumed
            .pencil()
            .candidates(resumed.game(), cell("9i"))
            .is_empty());
        let marks: Vec<u8> = resumed
            .pencil()
            .marks(cell("9g"))
            .iter()
            .map(Digit::get)
            .collect();
        assert_eq!(marks, [1, 5]);
        let listed = SavedGame {
            random: None,
            ..saved
        };
        let resumed = Play::resume(&listed, Some(4), now).unwrap();
        assert_eq!(resumed.origin(), Origin::Entry(4));
    }
}
