//! One game on the board: the core's [`Session`] (the game, its pencil
//! marks, time, counts and history) plus what only the screen needs
//! (cursor and selection, pencil mode, pause, the stopwatch, the last
//! message, the mistakes shown and the auto-solve animation).

use std::time::{Duration, Instant};

use sudoku_core::logic::{Clue, Rung};
use sudoku_core::session::{HintLadder, NextHint, Session, Step, MAX_TIME};
use sudoku_core::{Cell, Col, Digit, Game, Grid, Outcome, RandomPuzzle, Row};

use crate::action::{Action, Direction};
use crate::animation::{self, Animation, State};
use crate::clock::Stopwatch;
use crate::hints::{self, Answer};
use sudoku_core::session::Pencil;

/// Where a game's puzzle sits in the picker, which decides what the next
/// puzzle is and which picker row leaving the game selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
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
    /// Moves made, as [`Session::moves`] counts them (undo and redo are
    /// not moves).
    pub moves: usize,
    /// Hints used (mistake checks included).
    pub hints: usize,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Play {
    session: Session,
    level: String,
    source: Source,
    cursor: Cell,
    selected: bool,
    pencil_mode: bool,
    /// Measures the stretch of play not yet added to the session's time.
    stopwatch: Stopwatch,
    /// The player paused: the board is hidden and takes no moves.
    paused: bool,
    timer_visible: bool,
    /// How far the hints climbed on the board as it is (not saved).
    ladder: HintLadder,
    /// The hint asked for and not yet shown (it is worked out on a thread:
    /// see [`crate::hints`]).
    hint_wanted: Option<hints::Request>,
    /// The wrong entries the last mistake check found, shown on the board
    /// until the board changes.
    mistakes: Vec<Cell>,
    message: Message,
    animation: Option<Animation>,
    speed: usize,
    /// The stopwatch was stopped by [`Action::Suspend`] and restarts on
    /// [`Action::Continue`].
    clock_held: bool,
    /// The pen colour, a key waiting for a digit, the digit filter.
    paint: colours::PaintState,
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

/// What an undo or redo took back or made again: `5c` for a move,
/// `colour 5c7=b` for a colouring.
fn step_text(step: &Step) -> String {
    match step {
        Step::Move(mv) => mv.cell.to_string(),
        Step::Paint(paint) => format!("colour {paint}"),
    }
}

fn conflicts_message(n: usize) -> String {
    if n == 1 {
        "There is 1 conflict".to_string()
    } else {
        format!("There are {n} conflicts")
    }
}

/// `1c`, `1c and 4e`, `1c, 4e and 9i`.
fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl Play {
    /// The game of `session`, whose puzzle sits at `source` in the
    /// picker, its stopwatch starting at `now`. Its level label waits for
    /// the puzzle's grade ([`Play::set_grade`]).
    pub fn new(session: Session, source: Source, now: Instant) -> Play {
        let game = session.game();
        let first_blank = Cell::all().find(|&c| !game.is_given(c)).unwrap_or(Cell::at(
            Row::new(0).expect("row 1"),
            Col::new(0).expect("column a"),
        ));
        let cursor = game.last_move().map_or(first_blank, |mv| mv.cell);
        Play {
            session,
            level: crate::grades::PENDING.to_string(),
            source,
            cursor,
            selected: true,
            pencil_mode: false,
            stopwatch: Stopwatch::running(now),
            paused: false,
            timer_visible: true,
            ladder: HintLadder::new(),
            hint_wanted: None,
            mistakes: Vec::new(),
            message: Message {
                text: "Good luck! Press ? for help".to_string(),
                tone: Tone::Info,
            },
            animation: None,
            speed: animation::DEFAULT_SPEED,
            clock_held: false,
            paint: colours::PaintState::default(),
        }
    }

    /// The saved game `session` going on from where it was left (its
    /// history, marks and time with it), saying so in the status bar.
    pub fn resume(session: Session, source: Source, now: Instant) -> Play {
        let mut play = Play::new(session, source, now);
        let text = format!("Resumed {}", play.session.name());
        play.say(Tone::Info, text);
        play
    }

    /// The session, with the time played up to the last stop of the
    /// stopwatch (see [`Play::bank_time`]).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Adds the time played up to `now` to the session (the stopwatch
    /// goes on), so that [`Play::session`] holds all of it: before saving.
    pub fn bank_time(&mut self, now: Instant) {
        let stretch = self.stopwatch.lap(now);
        self.session.add_time(stretch);
    }

    /// Banks the time and stops the stopwatch (the game leaves the screen).
    pub fn stop_clock(&mut self, now: Instant) {
        let stretch = self.stopwatch.stop(now);
        self.session.add_time(stretch);
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        self.session.name()
    }

    /// The puzzle's level and rating from the core's grader (`hard 4.2`),
    /// or [`PENDING`](crate::grades::PENDING) until its grade is known.
    pub fn level(&self) -> &str {
        &self.level
    }

    /// Whether the level label still waits for the puzzle's grade.
    pub fn grade_pending(&self) -> bool {
        self.level == crate::grades::PENDING
    }

    /// Shows the puzzle's grade; the session learns its level when it did
    /// not know it.
    pub fn set_grade(&mut self, grade: &crate::grades::Label) {
        self.level.clone_from(&grade.text);
        if self.session.level().is_none() && grade.level.is_some() {
            self.session.set_level(grade.level);
        }
    }

    /// Where the puzzle sits in the picker.
    pub fn source(&self) -> Source {
        self.source
    }

    /// The picker entry this game came from, when it did.
    pub fn entry(&self) -> Option<usize> {
        match self.source {
            Source::Entry(index) => Some(index),
            _ => None,
        }
    }

    /// The core game.
    pub fn game(&self) -> &Game {
        self.session.game()
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

    /// Whether the player paused the game (the board is hidden).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The pencil marks.
    pub fn pencil(&self) -> &Pencil {
        self.session.pencil()
    }

    /// The marks shown in `cell`.
    pub fn candidates(&self, cell: Cell) -> sudoku_core::Digits {
        self.session.candidates(cell)
    }

    /// The time played at `now`: the session's and the stretch going on.
    pub fn time(&self, now: Instant) -> Duration {
        self.session
            .time()
            .saturating_add(self.stopwatch.current(now))
            .min(MAX_TIME)
    }

    /// Whether the time is counting (not paused, solved or auto-solving).
    pub fn is_clock_running(&self) -> bool {
        self.stopwatch.is_running()
    }

    /// Whether the timer is shown.
    pub fn is_timer_visible(&self) -> bool {
        self.timer_visible
    }

    /// Moves made: every placement or erase, those later undone included,
    /// counting the moves made before a resume (undo and redo are not
    /// moves), as [`Session::moves`] and the text game count them.
    pub fn moves(&self) -> usize {
        self.session.moves()
    }

    /// Hints used, mistake checks included.
    pub fn hints(&self) -> usize {
        self.session.hints()
    }

    /// The wrong entries the last mistake check showed (until the board
    /// changes).
    pub fn mistakes(&self) -> &[Cell] {
        &self.mistakes
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
            .map_or(self.game().grid(), Animation::grid)
    }

    /// Whether the player has done anything worth keeping: made a move or
    /// written pencil marks.
    pub fn has_progress(&self) -> bool {
        self.session.has_progress()
    }

    /// The numbers for the congratulation at `now`.
    pub fn stats(&self, now: Instant) -> WinStats {
        WinStats {
            time: self.time(now),
            moves: self.moves(),
            hints: self.hints(),
        }
    }

    /// How long until something on screen changes by itself (an animation
    /// frame, the timer's next second), or `None` when nothing does.
    pub fn next_tick(&self, now: Instant) -> Option<Duration> {
        let animation = self.animation.as_ref().and_then(Animation::interval);
        let timer = self
            .timer_visible
            .then(|| self.stopwatch.until_next_second(self.session.time(), now))
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

    /// Shows `text` as news in the status bar.
    pub fn inform(&mut self, text: impl Into<String>) {
        self.say(Tone::Info, text);
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
            Action::Suspend => return self.hold_clock(now),
            Action::Continue => return self.release_clock(now),
            _ => {}
        }
        if self.animation.is_some() {
            self.animation_update(action, now);
            return Progress::Playing;
        }
        if self.paused {
            self.paused_update(action, now);
            return Progress::Playing;
        }
        if self.paint_update(&action) {
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
            Action::Hint => return self.hint(),
            Action::Mistakes => self.show_mistakes(),
            Action::Solve => self.solve(now),
            Action::Faster => self.change_speed(1),
            Action::Slower => self.change_speed(-1),
            Action::Pause => self.pause(now),
            Action::ToggleTimer => self.toggle_timer(),
            Action::RightClick => self.clear_selection(),
            _ => {}
        }
        Progress::Playing
    }

    /// While paused only `p` (and Esc, through [`Play::cancel`]) resumes,
    /// and `t` shows or hides the timer; anything else that would touch the
    /// board is refused.
    fn paused_update(&mut self, action: Action, now: Instant) {
        match action {
            Action::Pause => self.pause(now),
            Action::ToggleTimer => self.toggle_timer(),
            Action::Tick | Action::RightClick => {}
            _ => self.say(Tone::Bad, "Paused: p resumes the game"),
        }
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
        let from_givens = self.game().grid() == self.game().puzzle();
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

    /// Cancels what Esc cancels, innermost first: the animation, a key
    /// waiting for a digit (`X`, `f`), the pause, pencil mode. False when none is on: Esc then leaves the game
    /// (the selection goes with it; a right click clears it alone).
    pub fn cancel(&mut self, now: Instant) -> bool {
        if self.animation.is_some() {
            self.stop_animation(now);
        } else if self.paint.pending.take().is_some() {
            self.say(Tone::Info, "No digit: nothing coloured or filtered");
        } else if self.paused {
            self.pause(now);
        } else if self.pencil_mode {
            self.toggle_pencil();
        } else {
            return false;
        }
        true
    }

    fn stop_animation(&mut self, now: Instant) {
        self.animation = None;
        self.stopwatch.start(now);
        self.say(Tone::Info, "Back to your position");
    }

    /// Selects `cell` (a click).
    pub fn click(&mut self, cell: Cell) {
        if self.animation.is_some() || self.paused {
            return;
        }
        self.cursor = cell;
        self.selected = true;
        if self.game().is_given(cell) {
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
        let game = self.game();
        if digit.is_none() && !game.is_given(cell) && game.grid().get(cell).is_none() {
            self.say(Tone::Info, format!("{cell} is already empty"));
            return Progress::Playing;
        }
        match self.session.set(cell, digit) {
            Ok(outcome) => {
                self.mistakes.clear();
                self.report(outcome, now)
            }
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
                self.stop_clock(now);
                self.say(Tone::Good, "Solved!");
                return Progress::Won;
            }
        }
        Progress::Playing
    }

    fn undo(&mut self) {
        match self.session.undo() {
            Ok(step) => {
                self.mistakes.clear();
                self.cursor = step.cell().unwrap_or(self.cursor);
                self.selected = true;
                let what = step_text(&step);
                let text = match self.game().conflict_count() {
                    0 => format!("Undid {what}"),
                    n => format!("Undid {what}; {}", conflicts_message(n).to_lowercase()),
                };
                self.say(Tone::Info, text);
            }
            Err(err) => self.say(Tone::Bad, sentence(err)),
        }
    }

    fn redo(&mut self, now: Instant) -> Progress {
        match self.session.redo() {
            Ok(step) => {
                self.mistakes.clear();
                self.cursor = step.cell().unwrap_or(self.cursor);
                self.selected = true;
                if self.game().is_solved() {
                    return self.report(Outcome::Solved, now);
                }
                self.say(Tone::Info, format!("Redid {}", step_text(&step)));
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
        match self.session.toggle_mark(cell, digit) {
            Ok(true) => self.say(Tone::Info, format!("Pencilled {digit} in {cell}")),
            Ok(false) => self.say(Tone::Info, format!("Rubbed out {digit} in {cell}")),
            Err(err) => self.say(Tone::Bad, sentence(err)),
        }
    }

    fn toggle_candidates(&mut self) {
        let on = !self.pencil().is_auto();
        self.session.set_auto(on);
        let text = if on {
            "Candidates filled in; they follow your moves (c again to hide)"
        } else {
            "Automatic candidates off"
        };
        self.say(Tone::Info, text);
    }

    /// Asks for a hint on the board as it is: each one shows the next
    /// rung of the next logical step (technique, where, the move, the
    /// reasoning), and one after the last rung places a digit. A rung of a
    /// step already worked out shows at once; a new step, or the digit, is
    /// worked out away from the keys (see [`crate::hints`]) and shown by
    /// [`Play::take_hint`]; meanwhile the status bar says so and play goes
    /// on.
    fn hint(&mut self) -> Progress {
        let board = *self.game().grid();
        if self.hint_wanted.is_some_and(|r| r.board == board) {
            self.say(Tone::Info, hints::PENDING);
            return Progress::Playing;
        }
        let place = match self.ladder.next(self.session.game()) {
            NextHint::Rung(_) => {
                if let Some(clue) = self.ladder.climb(self.session.game()) {
                    self.say_clue(&clue);
                }
                return Progress::Playing;
            }
            NextHint::WorkOut => false,
            NextHint::Place => true,
        };
        self.hint_wanted = Some(hints::Request { board, place });
        self.say(Tone::Info, hints::PENDING);
        Progress::Playing
    }

    /// `Hint 2/4 (H: more): Look in box 2`.
    fn say_clue(&mut self, clue: &Clue) {
        let next = if clue.rung == Rung::Reasoning {
            "H again: place"
        } else {
            "H: more"
        };
        let last = Rung::ALL.len();
        let text = format!("Hint {}/{last} ({next}): {}", clue.rung.number(), clue.text);
        self.say(Tone::Info, text);
    }

    /// The rung of the hint ladder shown, while the board is the one it is
    /// about (and no auto-solve runs): what the board highlights.
    pub fn clue(&self) -> Option<Clue> {
        if self.animation.is_some() || self.paused {
            return None;
        }
        self.ladder.shown(self.session.game())
    }

    /// The hint asked for and not yet shown.
    pub fn hint_wanted(&self) -> Option<hints::Request> {
        self.hint_wanted
    }

    /// Shows the hint worked out for `request`, as the player asked for it:
    /// a step explained, with the cursor on its first cell and a second
    /// hint placing a digit; or a digit placed (a wrong entry fixed first),
    /// which may win the game. Nothing when it answers an earlier request
    /// or the board has changed since (or the game is paused): the player
    /// has moved on. Cells are named as the board labels them (`5c`).
    pub fn take_hint(&mut self, request: hints::Request, answer: Answer, now: Instant) -> Progress {
        if self.hint_wanted != Some(request) {
            return Progress::Playing;
        }
        self.hint_wanted = None;
        if *self.game().grid() != request.board || self.paused || self.animation.is_some() {
            if self.message.text == hints::PENDING {
                self.say(Tone::Info, "The board changed: no hint shown");
            }
            return Progress::Playing;
        }
        let hint = match answer {
            Answer::Step(step) => {
                if let Some(clue) = self.ladder.start(self.session.game(), Some(step)) {
                    self.say_clue(&clue);
                }
                return Progress::Playing;
            }
            Answer::Place(None) => {
                self.say(Tone::Info, "No hint: the board is solved");
                return Progress::Playing;
            }
            Answer::Place(Some(hint)) => hint,
        };
        let outcome = match self.session.place_worked_out_hint(&hint) {
            Ok(outcome) => outcome,
            Err(err) => {
                self.say(Tone::Bad, sentence(err));
                return Progress::Playing;
            }
        };
        self.mistakes.clear();
        self.cursor = hint.cell;
        self.selected = true;
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

    /// Shows the entries that differ from the solution (counted as a hint).
    fn show_mistakes(&mut self) {
        self.mistakes = self.session.mistakes();
        let text = match self.mistakes.len() {
            0 => "No mistakes so far (counted as a hint)".to_string(),
            1 => format!(
                "1 mistake, marked x: {} (counted as a hint)",
                cell_list(&self.mistakes)
            ),
            n => format!(
                "{n} mistakes, marked x: {} (counted as a hint)",
                cell_list(&self.mistakes)
            ),
        };
        let tone = if self.mistakes.is_empty() {
            Tone::Good
        } else {
            Tone::Bad
        };
        self.say(tone, text);
    }

    fn solve(&mut self, now: Instant) {
        self.bank_time(now);
        self.stopwatch.stop(now);
        self.animation = Some(Animation::new(self.game().grid(), self.speed));
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

    /// Pauses the game (the board is hidden, the time stops) or resumes it.
    fn pause(&mut self, now: Instant) {
        if self.paused {
            self.paused = false;
            self.stopwatch.start(now);
            self.say(Tone::Info, "Resumed: the timer runs");
        } else {
            self.paused = true;
            self.stop_clock(now);
            self.say(Tone::Info, "Paused: the board is hidden (p resumes)");
        }
    }

    /// Stops a running stopwatch while the process is stopped.
    fn hold_clock(&mut self, now: Instant) -> Progress {
        if self.stopwatch.is_running() {
            self.stop_clock(now);
            self.clock_held = true;
        }
        Progress::Playing
    }

    /// Restarts the stopwatch [`Play::hold_clock`] stopped; a game the
    /// player paused stays paused.
    fn release_clock(&mut self, now: Instant) -> Progress {
        if std::mem::take(&mut self.clock_held) {
            self.stopwatch.start(now);
        }
        Progress::Playing
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

mod colours;
pub use colours::{PaintState, Pending};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{cell, EASY};
    use sudoku_core::session::{save, Origin};

    /// Two blanks: 9g (1) and 9i (9).
    const NEARLY: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

    fn session(text: &str) -> Session {
        Session::new(text.parse().unwrap(), "test", Origin::Text).unwrap()
    }

    fn play(text: &str) -> (Play, Instant) {
        let now = Instant::now();
        (Play::new(session(text), Source::Entry(0), now), now)
    }

    fn digit(v: u8) -> Action {
        Action::Digit(Digit::new(v).unwrap())
    }

    /// The session as saved at `now` and read back.
    fn saved_and_read(p: &mut Play, now: Instant) -> Session {
        p.bank_time(now);
        save::parse(&save::to_string(p.session(), None))
            .unwrap()
            .session
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
        let later = now + Duration::from_secs(7);
        assert_eq!(p.update(digit(9), later), Progress::Won);
        assert!(!p.is_clock_running());
        assert_eq!(
            p.session().time(),
            Duration::from_secs(7),
            "banked on the win"
        );
        let stats = p.stats(later + Duration::from_secs(60));
        assert_eq!((stats.time.as_secs(), stats.moves), (7, 3));
    }

    #[test]
    fn erase_undo_redo_and_the_moves_made() {
        let (mut p, now) = play(NEARLY);
        p.update(Action::Erase, now);
        assert_eq!(p.message().text, "9g is already empty");
        p.update(Action::Undo, now);
        assert_eq!(p.message().text, "Nothing to undo");
        p.update(digit(5), now);
        p.update(Action::Erase, now);
        assert_eq!(p.game().grid().get(cell("9g")), None);
        assert_eq!(p.moves(), 2);
        p.update(Action::Undo, now);
        assert_eq!(p.moves(), 2, "undo is not a move, and takes none back");
        assert_eq!(p.game().grid().get(cell("9g")), Digit::new(5));
        assert_eq!(p.message().text, "Undid 9g; there are 3 conflicts");
        p.update(Action::Move(Direction::Up), now);
        p.update(Action::Undo, now);
        assert_eq!(p.cursor(), cell("9g"), "the cursor follows undo");
        assert_eq!(p.game().grid(), p.game().puzzle());
        assert_eq!(p.moves(), 2);
        p.update(Action::Redo, now);
        assert_eq!(p.message().text, "Redid 9g");
        p.update(Action::Redo, now);
        p.update(Action::Redo, now);
        assert_eq!(p.message().text, "Nothing to redo");
        assert_eq!(p.moves(), 2, "nor is redo");
        p.update(Action::Undo, now);
        p.update(digit(3), now);
        assert_eq!((p.moves(), p.stats(now).moves), (3, 3));
        assert_eq!(p.moves(), p.session().moves(), "the text game's count");
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
        let marks: Vec<u8> = p.candidates(cell("9g")).iter().map(Digit::get).collect();
        assert_eq!(marks, [1]);
        assert_eq!(p.game().moves(), 0, "marks are not moves");
        p.update(Action::Move(Direction::Right), now);
        p.update(digit(2), now);
        assert_eq!(p.message().text, "9h is a given; it takes no pencil marks");
        assert!(p.cancel(now));
        assert!(!p.is_pencil_mode());
        p.update(Action::ToggleCandidates, now);
        let marks: Vec<u8> = p.candidates(cell("9i")).iter().map(Digit::get).collect();
        assert_eq!(marks, [9]);
        p.update(Action::Move(Direction::Left), now);
        p.update(digit(9), now);
        assert!(
            p.candidates(cell("9i")).is_empty(),
            "automatic candidates follow moves"
        );
        p.update(Action::Undo, now);
        assert!(p.candidates(cell("9i")).iter().eq(Digit::new(9)));
        p.update(digit(1), now);
        p.update(Action::TogglePencil, now);
        p.update(digit(2), now);
        assert_eq!(p.message().text, "9g holds a digit; erase it to pencil in");
    }

    /// Asks for a hint, works it out here when it needs working out (the
    /// game does it on a thread) and shows it.
    fn hint(p: &mut Play, now: Instant) -> Progress {
        assert_eq!(p.update(Action::Hint, now), Progress::Playing);
        let Some(request) = p.hint_wanted() else {
            return Progress::Playing;
        };
        assert_eq!(p.message().text, hints::PENDING);
        p.take_hint(request, Answer::work_out(p.game(), request), now)
    }

    #[test]
    fn hints_name_cells_as_the_board_does_place_the_digit_and_count() {
        let (mut p, now) = play(NEARLY);
        p.update(digit(9), now);
        hint(&mut p, now);
        assert_eq!(p.message().text, "Hint: 9g was wrong; it is 1");
        assert_eq!(p.hints(), 1);
        let mut said = Vec::new();
        for _ in 0..4 {
            assert_eq!(hint(&mut p, now), Progress::Playing);
            said.push(p.message().text.clone());
        }
        assert_eq!(
            said,
            [
                "Hint 1/4 (H: more): Look for a full house on 9",
                "Hint 2/4 (H: more): Look in box 9",
                "Hint 3/4 (H: more): The move: 9i is 9",
                "Hint 4/4 (H again: place): Full house: 9i is the last blank cell of box 9, \
                 so it is 9",
            ]
        );
        assert_eq!(p.clue().unwrap().cells, [cell("9i")]);
        assert_eq!(p.hints(), 1, "climbing is not a hint placed");
        assert_eq!(hint(&mut p, now), Progress::Won);
        assert_eq!(p.stats(now).hints, 2);
        assert_eq!(p.hint_wanted(), None);
    }

    #[test]
    fn a_hint_that_comes_back_after_the_board_changed_is_not_shown() {
        let (mut p, now) = play(EASY);
        p.update(Action::Hint, now);
        let request = p.hint_wanted().unwrap();
        let answer = Answer::work_out(p.game(), request);
        p.update(digit(4), now); // 1c: the board changes while it is worked out
        let board = *p.game().grid();
        assert_eq!(p.take_hint(request, answer.clone(), now), Progress::Playing);
        assert_eq!(*p.game().grid(), board, "nothing placed");
        assert_eq!((p.hints(), p.hint_wanted()), (0, None));
        // H twice before the answer: the second waits for the same one.
        p.update(Action::Hint, now);
        let first = p.hint_wanted().unwrap();
        p.update(Action::Hint, now);
        assert_eq!(p.hint_wanted(), Some(first));
        assert!(!first.place);
        let explained = Answer::work_out(p.game(), first);
        assert_eq!(p.take_hint(first, explained, now), Progress::Playing);
        assert!(p
            .message()
            .text
            .starts_with("Hint 1/4 (H: more): Look for a "));
        assert!(
            p.clue().unwrap().cells.is_empty(),
            "the first rung points nowhere"
        );
        // The other rungs show at once; after the last, H places.
        for rung in 2..=4 {
            p.update(Action::Hint, now);
            assert_eq!(p.hint_wanted(), None);
            let text = &p.message().text;
            assert!(text.starts_with(&format!("Hint {rung}/4 ")), "{text}");
            assert!(!p.clue().unwrap().cells.is_empty());
        }
        p.update(Action::Hint, now);
        let second = p.hint_wanted().unwrap();
        assert!(second.place);
        let placed = Answer::work_out(p.game(), second);
        p.take_hint(second, placed, now);
        assert_eq!(p.clue(), None, "the board changed");
        assert!(
            p.message().text.starts_with("Hint: "),
            "{}",
            p.message().text
        );
        assert_eq!(p.hints(), 1);
    }

    #[test]
    fn mistakes_are_shown_until_the_board_changes_and_count_as_hints() {
        let (mut p, now) = play(EASY);
        p.update(Action::Mistakes, now);
        assert_eq!(p.message().text, "No mistakes so far (counted as a hint)");
        assert_eq!(p.hints(), 1);
        p.update(digit(1), now); // 1c is 4
        p.update(Action::Move(Direction::Right), now);
        p.update(digit(6), now); // 1d is 6: right
        for _ in 0..3 {
            p.update(Action::Move(Direction::Down), now);
        }
        p.update(digit(2), now); // 4d is 7
        p.update(Action::Mistakes, now);
        assert_eq!(
            p.message().text,
            "2 mistakes, marked x: 1c and 4d (counted as a hint)"
        );
        assert_eq!(p.mistakes(), [cell("1c"), cell("4d")]);
        assert_eq!(
            (p.hints(), p.session().mistakes_shown()),
            (2, 2),
            "each check counts"
        );
        p.update(Action::Undo, now);
        assert!(p.mistakes().is_empty(), "the board changed");
    }

    #[test]
    fn a_paused_game_takes_no_moves_and_its_time_stops() {
        let (mut p, now) = play(NEARLY);
        let later = |s| now + Duration::from_secs(s);
        p.update(Action::Pause, later(10));
        assert!(p.is_paused() && !p.is_clock_running());
        assert_eq!(p.next_tick(later(10)), None, "nothing moves on screen");
        for action in [
            digit(1),
            Action::Erase,
            Action::Undo,
            Action::Hint,
            Action::Mistakes,
            Action::Solve,
            Action::Move(Direction::Up),
        ] {
            p.update(action.clone(), later(20));
            assert_eq!(p.message().text, "Paused: p resumes the game", "{action:?}");
        }
        p.click(cell("9i"));
        assert_eq!((p.cursor(), p.moves(), p.hints()), (cell("9g"), 0, 0));
        assert!(p.animation().is_none());
        assert_eq!(p.time(later(100)), Duration::from_secs(10));
        p.update(Action::Pause, later(100));
        assert!(!p.is_paused() && p.is_clock_running());
        assert_eq!(p.time(later(105)), Duration::from_secs(15));
        p.update(Action::Pause, later(105));
        assert!(p.cancel(later(200)), "Esc resumes too");
        assert!(!p.is_paused());
        assert_eq!(p.time(later(200)), Duration::from_secs(15));
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
        assert!(!p.is_clock_running());
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
        assert!(p.is_clock_running());
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
    fn time_marks_and_history_survive_a_save() {
        let (mut p, now) = play(NEARLY);
        let later = |s| now + Duration::from_secs(s);
        p.update(Action::ToggleTimer, now);
        assert_eq!(p.next_tick(now), None, "a hidden timer needs no ticks");
        p.update(digit(9), later(1));
        p.update(Action::Undo, later(2));
        p.update(Action::TogglePencil, later(3));
        p.update(digit(1), later(3));
        p.update(digit(5), later(3));
        let resumed = saved_and_read(&mut p, later(5));
        assert_eq!(&resumed, p.session());
        let mut r = Play::resume(resumed, Source::Unlisted, later(50));
        assert_eq!(r.message().text, "Resumed test");
        assert_eq!(r.time(later(50)), Duration::from_secs(5));
        assert_eq!(
            r.time(later(53)),
            Duration::from_secs(8),
            "the time goes on"
        );
        let marks: Vec<u8> = r.candidates(cell("9g")).iter().map(Digit::get).collect();
        assert_eq!(marks, [1, 5]);
        r.update(Action::Redo, later(60));
        assert_eq!(r.message().text, "Redid 9g", "the redo stack came back");
        assert_eq!(r.game().grid().get(cell("9g")), Digit::new(9));
        r.update(Action::Undo, later(61));
        r.update(Action::Undo, later(61));
        assert_eq!(r.message().text, "Nothing to undo");
    }

    #[test]
    fn a_suspension_does_not_count_on_the_clock() {
        let (mut p, now) = play(NEARLY);
        let later = |s| now + Duration::from_secs(s);
        p.update(Action::Suspend, later(10));
        assert!(!p.is_clock_running());
        p.update(Action::Continue, later(70));
        assert!(p.is_clock_running());
        assert_eq!(p.stats(later(75)).time.as_secs(), 15);
        // a game the player paused stays paused across a suspension
        p.update(Action::Pause, later(75));
        p.update(Action::Suspend, later(80));
        p.update(Action::Continue, later(90));
        assert!(!p.is_clock_running() && p.is_paused());
        assert_eq!(p.stats(later(100)).time.as_secs(), 15);
        // the auto-solve stops the clock, and a suspension does not start it
        p.update(Action::Pause, later(100));
        p.update(Action::Solve, later(110));
        p.update(Action::Suspend, later(120));
        p.update(Action::Continue, later(200));
        assert!(!p.is_clock_running());
        assert_eq!(p.stats(later(200)).time.as_secs(), 25);
    }

    #[test]
    fn the_level_waits_for_the_grade_and_is_told_to_the_session() {
        let (mut p, _) = play(EASY);
        assert!(p.grade_pending());
        assert_eq!(p.level(), crate::grades::PENDING);
        p.set_grade(&crate::grades::Label::of(p.game().puzzle()));
        assert!(!p.grade_pending());
        assert_eq!(p.level(), "easy 1.2");
        assert_eq!(p.session().level(), Some(sudoku_core::Level::Easy));
        assert_eq!(cell_list(&[]), "");
        assert_eq!(cell_list(&[cell("1a")]), "1a");
        assert_eq!(
            cell_list(&[cell("1a"), cell("2b"), cell("3c")]),
            "1a, 2b and 3c"
        );
    }
}
