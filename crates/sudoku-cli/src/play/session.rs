//! The game loop: read a line, turn it into a [`Command`], apply it to the
//! core's [`Session`] (the same game the terminal game plays), draw the
//! board and say what happened. A game that ends unsolved is saved in the
//! store both games share; a won game's save is removed.

use std::io;
use std::time::{Instant, SystemTime};

use sudoku_core::logic::{Chain, Clue, Rung};
use sudoku_core::session::{Given, HintLadder, MarkError, Session, Step};
use sudoku_core::{Cell, Digit, Digits, Grid, Outcome};

use super::board::{self, View};
use super::command::{self, Command};
use super::help;
use super::paint::{self, Filter};
use super::saves::{date, short_path, Saves};
use super::Console;
use crate::diag;
use sudoku_core::session::clock_text;

/// The prompt of the game, a modern form of the original's.
pub const PROMPT: &str = "Move (5c6 = row 5, column c, digit 6; bk undo, end quit, help): ";

/// Whether the game goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Stop(Ending),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Won, or saved, or with nothing to save.
    Done,
    /// Ended unsolved with progress that could not be saved (the error was
    /// shown).
    Unsaved,
    /// Ended (and saved) by `open`: the puzzle to play next.
    Open(Grid),
}

/// The widest line of a chain's links.
const CHAIN_WIDTH: usize = 78;

/// A chain's links, `  +3d=5 => -3g=5 => ...`, broken before a `=>` to
/// fit [`CHAIN_WIDTH`] columns (the next lines start `    => `).
fn chain_lines(chain: &Chain) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(" ");
    for (i, node) in chain.nodes().iter().enumerate() {
        let piece = if i == 0 {
            format!(" {node}")
        } else {
            format!(" => {node}")
        };
        if i > 0 && line.len() + piece.len() > CHAIN_WIDTH {
            lines.push(std::mem::replace(&mut line, String::from("   ")));
        }
        line.push_str(&piece);
    }
    lines.push(line);
    lines
}

/// A game about to be played.
#[derive(Debug)]
pub struct Start {
    /// The session: new, or read from a save.
    pub session: Session,
    /// The puzzle's name in messages.
    pub label: String,
    /// `Some` for a saved game, with when it was saved if the save says.
    pub resumed: Option<Option<SystemTime>>,
    /// The store holds this puzzle solved (and the game starts afresh):
    /// that save is replaced only when something is done.
    pub over_solved: bool,
}

/// A game being played.
struct Play<'s> {
    session: Session,
    color: bool,
    view: View,
    /// What `filter` and `see` mark on the board.
    filter: Filter,
    saves: &'s mut Saves,
    /// See [`Start::over_solved`].
    over_solved: bool,
    /// How far `hint` climbed on the board as it is (not saved).
    ladder: HintLadder,
    /// Whether the last command was an `end` whose save failed: another
    /// `end` quits without saving.
    end_unsaved: bool,
}

/// The longest puzzle name the opening line shows; a longer one loses its
/// start (a path's end names the file).
const LABEL_WIDTH: usize = 43;

/// Plays `start` until it is solved, the player gives up or the input
/// ends. Whatever ends it (a command, the end of the input, a closed
/// output, a signal), an unsolved game with something to keep is saved.
pub fn play(
    start: Start,
    saves: &mut Saves,
    console: &mut Console<'_>,
    color: bool,
) -> io::Result<Ending> {
    let mut play = Play {
        session: start.session,
        color,
        view: View::Plain,
        filter: Filter::default(),
        saves,
        over_solved: start.over_solved,
        ladder: HintLadder::new(),
        end_unsaved: false,
    };
    play.keep();
    let result = play.run(&start.label, start.resumed, console);
    if let Err(err) = &result {
        // The output is gone (a closed pipe, a terminal that went away):
        // save without a word there, and say so where it can be heard.
        if let Some(saved) = play.save_quietly() {
            diag::error(&format!(
                "cannot write the game's output ({}); {saved}",
                crate::input::lower(err)
            ));
        }
    }
    result
}

impl Play<'_> {
    /// The game: its opening lines, then a command at a time.
    fn run(
        &mut self,
        label: &str,
        resumed: Option<Option<SystemTime>>,
        console: &mut Console<'_>,
    ) -> io::Result<Ending> {
        let game = self.session.game();
        let givens = game.puzzle().givens();
        console.say(format_args!(
            "Playing {}: {givens} givens, {} cells to fill",
            end_of(label, LABEL_WIDTH),
            81 - givens
        ))?;
        if !game.is_unique() {
            console.say("This puzzle has more than one solution; hints follow one of them.")?;
        }
        if let Some(saved_at) = resumed {
            let when = saved_at.map_or_else(String::new, |at| format!(" {}", date(at)));
            console.say(format_args!(
                "Resuming the game saved{when} (restart starts afresh)"
            ))?;
        }
        console.say("Type help for the commands")?;
        self.draw(console)?;
        if self.session.is_solved() {
            console.say("This game is solved already")?;
            self.saves.keep(None);
            self.remove_save(console)?;
            return Ok(Ending::Done);
        }
        loop {
            let since = console.clock_runs().then(Instant::now);
            self.saves.waiting(since);
            let (line, waited) = console.ask_timed(PROMPT)?;
            self.session.add_time(waited);
            self.saves.waiting(None);
            self.keep();
            let Some(line) = line else {
                return match self.end(true, console)? {
                    Flow::Stop(ending) => Ok(ending),
                    Flow::Continue => Ok(Ending::Unsaved),
                };
            };
            let flow = match command::parse(&line) {
                Ok(Some(command)) => self.handle(command, console)?,
                Ok(None) => Flow::Continue,
                Err(e) => {
                    console.say(e)?;
                    Flow::Continue
                }
            };
            if let Flow::Stop(ending) = flow {
                return Ok(ending);
            }
            self.keep();
        }
    }

    /// Whether an unsolved game ending now is worth saving: it has moves
    /// or marks, or a save of the puzzle is there already (which must not
    /// outlive a `restart`; a save of the puzzle solved is kept until
    /// something is done).
    fn worth_saving(&self) -> bool {
        let puzzle = self.session.game().puzzle();
        let replaces = self.saves.has(puzzle) && !self.over_solved;
        !self.session.is_solved() && (self.session.has_progress() || replaces)
    }

    /// Hands the game as it is now to the keeper that saves it on a
    /// signal (nothing when there is nothing to save).
    fn keep(&self) {
        self.saves
            .keep(self.worth_saving().then_some(&self.session));
    }

    /// Saves the game without a word on the console (which is gone), when
    /// it is worth saving: what happened, for stderr.
    fn save_quietly(&mut self) -> Option<String> {
        let worth = self.worth_saving();
        Some(match self.saves.save_last(&mut self.session, worth)? {
            Ok(path) => format!(
                "the game is saved ({}); sudoku play --resume goes on",
                short_path(&path)
            ),
            Err(err) => format!("the game is not saved: {err}"),
        })
    }
}

/// The end of `text` in at most `width` characters, `...` in place of the
/// start it loses.
fn end_of(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_string();
    }
    let tail: String = text.chars().skip(count - (width - 3)).collect();
    format!("...{tail}")
}

impl Play<'_> {
    /// Applies one command.
    fn handle(&mut self, command: Command, console: &mut Console<'_>) -> io::Result<Flow> {
        if command != Command::End {
            self.end_unsaved = false;
        }
        match command {
            Command::Enter { cell, value } => self.enter(cell, value, console),
            Command::Undo => match self.session.undo() {
                Ok(mv) => self.after_history("Undid", mv, console),
                Err(_) => console.say("Nothing to undo").map(|()| Flow::Continue),
            },
            Command::Redo => match self.session.redo() {
                Ok(mv) => self.after_history("Redid", mv, console),
                Err(_) => console.say("Nothing to redo").map(|()| Flow::Continue),
            },
            Command::Check => self.check(console),
            Command::Hint => self.hint(console),
            Command::HintAll => self.hint_all(console),
            Command::Mistakes => self.mistakes(console),
            Command::Solve => self.solve(console),
            Command::Restart => self.restart(console),
            Command::Show(view) => {
                self.view = view.unwrap_or(self.view);
                self.draw(console)?;
                console.say(state(&self.session))?;
                Ok(Flow::Continue)
            }
            Command::Marks(cell) => self.marks(cell, console),
            Command::Note { cell, digits } => self.note(cell, digits, console),
            Command::Auto(on) => self.auto(on, console),
            Command::Time => {
                let how = if console.clock_runs() {
                    ""
                } else {
                    " (the clock runs only while you type at a terminal)"
                };
                console.say(format_args!(
                    "Time played: {}{how}",
                    clock_text(self.session.time())
                ))?;
                Ok(Flow::Continue)
            }
            Command::Save => {
                match self.saves.save(&mut self.session) {
                    Ok(path) => console.say(format_args!("Saved to {}", short_path(&path)))?,
                    Err(err) => console.say(format_args!("{err}; the game goes on"))?,
                }
                Ok(Flow::Continue)
            }
            Command::Help => console.say(help::text()).map(|()| Flow::Continue),
            Command::Colour { target, colour } => {
                let reply = paint::colour(&mut self.session, target, colour);
                self.redraw_saying(&reply, console)
            }
            Command::ClearColours => {
                let reply = paint::clear(&mut self.session);
                self.redraw_saying(&reply, console)
            }
            Command::Filter(digit) => {
                self.filter.digit = digit;
                let reply = paint::filter_reply(&self.session, self.filter);
                self.redraw_saying(&reply, console)
            }
            Command::See(cell) => {
                self.filter.seen = cell;
                let reply = paint::filter_reply(&self.session, self.filter);
                self.redraw_saying(&reply, console)
            }
            Command::End => self.end(false, console),
            Command::Open(puzzle) => self.open(puzzle, console),
        }
    }

    /// `open LINE`: when `puzzle` can be played, is not this one and no
    /// other game has it open, ends this game as `end` does (saving it)
    /// and asks for `puzzle` next.
    fn open(&mut self, puzzle: Option<Grid>, console: &mut Console<'_>) -> io::Result<Flow> {
        let Some(puzzle) = puzzle else {
            console.say(
                "Type open and a puzzle on one line: its 81 cells row by row, . or 0 for a blank",
            )?;
            return Ok(Flow::Continue);
        };
        if puzzle == *self.session.game().puzzle() {
            console.say("That is the puzzle being played")?;
            return Ok(Flow::Continue);
        }
        if let Err(e) = sudoku_core::Game::new(puzzle) {
            console.say(format_args!("open: {e}"))?;
            return Ok(Flow::Continue);
        }
        if let Some(why) = self.saves.in_use(&puzzle) {
            console.say(format_args!("open: {why}; this game goes on"))?;
            return Ok(Flow::Continue);
        }
        Ok(match self.end(false, console)? {
            Flow::Stop(Ending::Done) => Flow::Stop(Ending::Open(puzzle)),
            other => other,
        })
    }

    /// A move: `value` in `cell`, 0 erasing.
    fn enter(&mut self, cell: Cell, value: u8, console: &mut Console<'_>) -> io::Result<Flow> {
        let game = self.session.game();
        if !game.is_given(cell) && game.grid().get(cell) == Digit::new(value) {
            match value {
                0 => console.say(format_args!("{cell} is already blank"))?,
                v => console.say(format_args!("{cell} already holds {v}"))?,
            }
            return Ok(Flow::Continue);
        }
        match self.session.enter(cell, value) {
            Ok(outcome) => self.after_move(outcome, console),
            Err(e) => console.say(e).map(|()| Flow::Continue),
        }
    }

    /// Saves the game as it stands (unless there is nothing to keep) and
    /// stops. When the save fails after a typed `end`, the game goes on
    /// once, so the player can try `save` again or type `end` to quit
    /// anyway; at the end of the input it stops unsaved.
    fn end(&mut self, input_ended: bool, console: &mut Console<'_>) -> io::Result<Flow> {
        let worth = self.worth_saving();
        let saved = self.autosave(console)?;
        if !saved && !input_ended && !self.end_unsaved {
            self.end_unsaved = true;
            console.say("Type end again to quit without saving, or save to try again")?;
            return Ok(Flow::Continue);
        }
        let blanks = 81 - self.session.game().grid().givens();
        let left = format!(
            "{} made, {blanks} {} still to fill",
            moves(self.session.moves()),
            if blanks == 1 { "cell" } else { "cells" }
        );
        if !worth {
            console.say("Game over: no moves or marks, so nothing to save")?;
        } else if saved {
            console.say(format_args!("Game saved: {left}"))?;
            console.say("sudoku play --resume goes on from here")?;
        } else {
            console.say(format_args!("Game over, not saved: {left}"))?;
        }
        Ok(Flow::Stop(if saved {
            Ending::Done
        } else {
            Ending::Unsaved
        }))
    }

    /// Saves a game that ends unsolved, when it is worth saving (see
    /// [`Play::worth_saving`]). Says where, or why not; false when it
    /// failed. The keeper of the game for signals lets go of it first: the
    /// game is over.
    fn autosave(&mut self, console: &mut Console<'_>) -> io::Result<bool> {
        let worth = self.worth_saving();
        let Some(saved) = self.saves.save_last(&mut self.session, worth) else {
            return Ok(true);
        };
        match saved {
            Ok(path) => {
                console.say(format_args!("Saved to {}", short_path(&path)))?;
                Ok(true)
            }
            Err(err) => {
                console.say(format_args!("{err}; the game is not saved"))?;
                Ok(false)
            }
        }
    }

    /// Removes the save of a won game, saying so.
    fn remove_save(&mut self, console: &mut Console<'_>) -> io::Result<()> {
        match self.saves.remove(self.session.game().puzzle()) {
            Ok(Some(_)) => console.say("The save of this game is removed"),
            Ok(None) => Ok(()),
            Err(err) => console.say(err),
        }
    }

    fn solve(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        let game = self.session.game();
        console.print(&board::solution(game, self.color))?;
        let which = if game.is_unique() {
            "The solution"
        } else {
            "One of the solutions"
        };
        console.say(format_args!(
            "{which}; the game ends after {}",
            moves(self.session.moves())
        ))?;
        let saved = self.autosave(console)?;
        Ok(Flow::Stop(if saved {
            Ending::Done
        } else {
            Ending::Unsaved
        }))
    }

    /// A new session on the same puzzle, name, origin and level; automatic
    /// candidates stay as they were.
    fn restart(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        let old = &self.session;
        let mut fresh = match Session::new(*old.game().puzzle(), old.name(), old.origin().clone()) {
            Ok(fresh) => fresh,
            // The puzzle was accepted once; say so rather than stop if not.
            Err(e) => {
                console.say(format_args!("cannot restart: {e}"))?;
                return Ok(Flow::Continue);
            }
        };
        fresh.set_level(old.level());
        fresh.set_auto(old.pencil().is_auto());
        self.session = fresh;
        self.ladder = HintLadder::new();
        self.draw(console)?;
        console.say("Restarted: no entries, marks, time or hints")?;
        if self.saves.has(self.session.game().puzzle()) {
            console.say("The saved game of this puzzle is replaced when this one is saved")?;
        }
        Ok(Flow::Continue)
    }

    fn draw(&self, console: &mut Console<'_>) -> io::Result<()> {
        console.print(&board::draw_filtered(
            &self.session,
            self.view,
            self.filter,
            self.color,
        ))
    }

    /// Draws the board, then says `reply`.
    fn redraw_saying(&self, reply: &str, console: &mut Console<'_>) -> io::Result<Flow> {
        self.draw(console)?;
        console.say(reply)?;
        Ok(Flow::Continue)
    }

    /// Draws the board and says what the move left: `Legal move`, the
    /// conflicts, or the congratulation that ends the game.
    fn after_move(&mut self, outcome: Outcome, console: &mut Console<'_>) -> io::Result<Flow> {
        self.draw(console)?;
        match outcome {
            Outcome::Legal => console.say("Legal move")?,
            Outcome::Conflicts(n) => console.say(conflicts(n))?,
            Outcome::Solved => {
                console.say(format_args!(
                    "Congratulations! You solved the puzzle in {}",
                    moves(self.session.moves())
                ))?;
                let hints = self.session.hints();
                if hints > 0 {
                    let s = if hints == 1 { "" } else { "s" };
                    console.say(format_args!("(with {hints} hint{s})"))?;
                }
                let dir = self.saves.dir().map(std::path::Path::to_path_buf);
                for line in crate::stats::record_win(dir.as_deref(), &mut self.session) {
                    console.say(line)?;
                }
                self.saves.keep(None);
                self.remove_save(console)?;
                return Ok(Flow::Stop(Ending::Done));
            }
        }
        Ok(Flow::Continue)
    }

    fn after_history(
        &mut self,
        done: &str,
        step: Step,
        console: &mut Console<'_>,
    ) -> io::Result<Flow> {
        if self.session.is_solved() {
            return self.after_move(Outcome::Solved, console);
        }
        self.draw(console)?;
        match step {
            Step::Move(mv) => {
                let value = mv.after.map_or(0, Digit::get);
                console.say(format_args!("{done} {}{value}", mv.cell))?;
            }
            Step::Paint(paint) => console.say(format_args!("{done} colour {paint}"))?,
        }
        console.say(state(&self.session))?;
        Ok(Flow::Continue)
    }

    fn check(&self, console: &mut Console<'_>) -> io::Result<Flow> {
        let game = self.session.game();
        let found = game.conflicts();
        if found.is_empty() {
            console.say("No conflicts")?;
        } else {
            let list: Vec<String> = found.iter().map(ToString::to_string).collect();
            console.say(format_args!(
                "{}: {}",
                conflicts(found.len()),
                list.join(", ")
            ))?;
        }
        let blanks = 81 - game.grid().givens();
        match blanks {
            1 => console.say("1 cell to fill")?,
            n => console.say(format_args!("{n} cells to fill"))?,
        }
        Ok(Flow::Continue)
    }

    /// Names the wrong entries; the check counts as a hint.
    fn mistakes(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        let wrong = self.session.mistakes();
        let names: Vec<String> = wrong.iter().map(ToString::to_string).collect();
        let against = if self.session.game().is_unique() {
            "the solution"
        } else {
            "one of the solutions"
        };
        match names.len() {
            0 => console.say(format_args!(
                "No mistakes: all your digits agree with {against} (counted as a hint)"
            ))?,
            n => console.say(format_args!(
                "{n} {}, not as in {against}: {} (counted as a hint)",
                if n == 1 { "mistake" } else { "mistakes" },
                names.join(", ")
            ))?,
        }
        Ok(Flow::Continue)
    }

    /// Each `hint` on the same board (whatever was asked or shown between
    /// them) tells one rung more of the next logical step; after the last
    /// one it places a digit. A wrong entry is fixed at once.
    fn hint(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        let before = *self.session.game().grid();
        match self.ladder.hint(&mut self.session) {
            Given::Clue(clue) => {
                self.say_clue(&clue, console)?;
                let next = if clue.rung == Rung::Reasoning {
                    "Type hint again to place a digit"
                } else {
                    "Type hint for more, hint all for the whole step"
                };
                console.say(next)?;
                Ok(Flow::Continue)
            }
            Given::Placed(hint, outcome) => {
                match before.get(hint.cell) {
                    Some(wrong) if hint.replaces_wrong_digit => console.say(format_args!(
                        "Hint: {} is {}, not {wrong}",
                        hint.cell, hint.digit
                    ))?,
                    _ => console.say(format_args!("Hint: {} is {}", hint.cell, hint.digit))?,
                }
                if hint.step.is_none() && !hint.replaces_wrong_digit {
                    console.say(
                        "(no technique finds it from here: the digit is taken from the solution)",
                    )?;
                }
                self.after_move(outcome, console)
            }
            Given::Solved => {
                console.say("No hint: the puzzle is solved")?;
                Ok(Flow::Continue)
            }
        }
    }

    /// `hint all`: every rung of the next step at once; a `hint` after it
    /// places a digit. Where logic finds no step, a `hint` is taken.
    fn hint_all(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        let clues = self.ladder.all(&self.session);
        if clues.is_empty() {
            return self.hint(console);
        }
        for clue in &clues {
            self.say_clue(clue, console)?;
        }
        console.say("Type hint again to place a digit")?;
        Ok(Flow::Continue)
    }

    /// `Hint 2/4: Look in box 2`; a chain's links follow the last rung, a
    /// line per branch: `  +3d=5 => -3g=5 => +8g=5`.
    fn say_clue(&self, clue: &Clue, console: &mut Console<'_>) -> io::Result<()> {
        let last = Rung::ALL.len();
        console.say(format_args!(
            "Hint {}/{last}: {}",
            clue.rung.number(),
            clue.text
        ))?;
        for chain in &clue.chains {
            for line in chain_lines(chain) {
                console.say(line)?;
            }
        }
        Ok(())
    }

    /// `5c?`: the marks shown in `cell`, and the digits its units allow.
    fn marks(&self, cell: Cell, console: &mut Console<'_>) -> io::Result<Flow> {
        let game = self.session.game();
        let allowed: Digits = Digit::all()
            .filter(|&d| game.counters().allows(cell, d))
            .collect();
        match game.grid().get(cell) {
            Some(digit) if game.is_given(cell) => {
                console.say(format_args!("{cell} is a given: {digit}"))?;
            }
            Some(digit) => console.say(format_args!(
                "{cell} holds {digit}; its marks show again when it is erased"
            ))?,
            None if self.session.pencil().is_auto() => {
                console.say(self.describe(cell))?;
            }
            None => console.say(format_args!(
                "{}; its row, column and box allow {}",
                self.describe(cell),
                spelled(allowed)
            ))?,
        }
        Ok(Flow::Continue)
    }

    /// The marks shown in the blank `cell`: `5c marks: 1 2 4`, or the
    /// automatic candidates and the ones struck out.
    fn describe(&self, cell: Cell) -> String {
        let shown = self.session.candidates(cell);
        let pencil = self.session.pencil();
        if pencil.is_auto() {
            let struck = pencil.struck(cell);
            let struck = if struck.is_empty() {
                String::new()
            } else {
                format!(" (struck out: {})", spelled(struck))
            };
            if shown.is_empty() {
                format!("{cell} has no candidates left{struck}")
            } else {
                format!("{cell} candidates: {}{struck}", spelled(shown))
            }
        } else if shown.is_empty() {
            format!("{cell} has no marks")
        } else {
            format!("{cell} marks: {}", spelled(shown))
        }
    }

    /// `n5c123`: toggles each mark; a refused one is said and the others
    /// are still toggled.
    fn note(&mut self, cell: Cell, digits: Digits, console: &mut Console<'_>) -> io::Result<Flow> {
        for digit in digits {
            match self.session.toggle_mark(cell, digit) {
                Ok(_) => {}
                Err(err @ (MarkError::Given(_) | MarkError::Filled(_))) => {
                    console.say(err)?;
                    return Ok(Flow::Continue);
                }
                Err(err) => console.say(err)?,
            }
        }
        if self.view != View::Plain {
            self.draw(console)?;
        }
        console.say(self.describe(cell))?;
        Ok(Flow::Continue)
    }

    fn auto(&mut self, on: Option<bool>, console: &mut Console<'_>) -> io::Result<Flow> {
        let was = self.session.pencil().is_auto();
        let on = on.unwrap_or(!was);
        if on == was {
            let state = if on { "on" } else { "off" };
            console.say(format_args!("Automatic candidates are {state} already"))?;
            return Ok(Flow::Continue);
        }
        self.session.set_auto(on);
        if self.view != View::Plain {
            self.draw(console)?;
        }
        if on {
            console.say(
                "Automatic candidates on: blank cells show what their row, column and box allow",
            )?;
            console.say("n5c4 strikes 4 out of 5c")?;
        } else {
            console.say("Automatic candidates off: your own marks show again")?;
        }
        Ok(Flow::Continue)
    }
}

/// Digits as the game says them: `1 2 4`, or `none`.
fn spelled(digits: Digits) -> String {
    if digits.is_empty() {
        return "none".to_string();
    }
    digits
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `There is 1 conflict` or `There are N conflicts` (as the core counts
/// them: a digit repeated in a row, column or box).
fn conflicts(n: usize) -> String {
    if n == 1 {
        "There is 1 conflict".to_string()
    } else {
        format!("There are {n} conflicts")
    }
}

/// The board's state after undo, redo and `show`.
fn state(session: &Session) -> String {
    match session.game().conflict_count() {
        0 => "No conflicts".to_string(),
        n => conflicts(n),
    }
}

/// `1 move` or `N moves`.
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Origin;

    const PUZZLE: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

    fn transcript(script: &str) -> String {
        let session = Session::new(PUZZLE.parse().unwrap(), "test", Origin::Text).unwrap();
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let mut console = Console::new(&mut input, &mut out, true);
        let start = Start {
            session,
            label: "test".to_string(),
            resumed: None,
            over_solved: false,
        };
        let mut saves = Saves::at(None);
        play(start, &mut saves, &mut console, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The lines that follow a prompt's echo, boards left out.
    fn replies(text: &str) -> Vec<&str> {
        text.lines()
            .filter(|l| !l.starts_with(' ') && l.get(1..3) != Some(" |"))
            .map(|l| l.strip_prefix(PROMPT).unwrap_or(l))
            .collect()
    }

    #[test]
    fn long_chains_break_before_a_link() {
        let nodes = (0..12)
            .map(|i| sudoku_core::logic::ChainNode {
                cell: Cell::from_name(&format!("{}a", i % 9 + 1)).unwrap(),
                digit: Digit::new(5).unwrap(),
                on: i % 2 == 0,
            })
            .collect();
        let lines = chain_lines(&Chain::new(nodes));
        assert_eq!(
            lines,
            [
                "  +1a=5 => -2a=5 => +3a=5 => -4a=5 => +5a=5 => -6a=5 => +7a=5 => -8a=5",
                "    => +9a=5 => -1a=5 => +2a=5 => -3a=5",
            ]
        );
    }

    #[test]
    fn a_short_game() {
        let out = transcript("9i7\nbk\nbk\nrd\n\n9i0\n9i9\n9i9\ncheck\n9g1\nhelp\n");
        assert_eq!(
            replies(&out),
            [
                "Playing test: 79 givens, 2 cells to fill",
                "Type help for the commands",
                "9i7",
                "There are 3 conflicts",
                "bk",
                "Undid 9i7",
                "No conflicts",
                "bk",
                "Nothing to undo",
                "rd",
                "Redid 9i7",
                "There are 3 conflicts",
                "",
                "9i0",
                "Legal move",
                "9i9",
                "Legal move",
                "9i9",
                "9i already holds 9",
                "check",
                "No conflicts",
                "1 cell to fill",
                "9g1",
                "Congratulations! You solved the puzzle in 4 moves",
            ]
        );
    }

    #[test]
    fn hints_count_and_the_end_of_input_ends() {
        let out = transcript("hint\nhint\nhint\nhint\nhint\n");
        let replies = replies(&out);
        let first = replies
            .iter()
            .position(|r| r.starts_with("Hint 1/4: Look for a full house on 1"))
            .expect(&out);
        assert_eq!(
            replies[first + 1],
            "Type hint for more, hint all for the whole step"
        );
        assert_eq!(replies[first + 3], "Hint 2/4: Look in column g");
        assert_eq!(replies[first + 6], "Hint 3/4: The move: 9g is 1");
        let why = replies
            .iter()
            .position(|r| r.starts_with("Hint 4/4: Full house"))
            .expect(&out);
        assert_eq!(replies[why + 1], "Type hint again to place a digit");
        assert!(replies.contains(&"Hint: 9g is 1"), "{out}");
        assert!(replies.contains(&"Legal move"));
        assert_eq!(
            replies[replies.len() - 2..],
            [
                "no data directory to keep saved games in: set HOME (or XDG_DATA_HOME); the game",
                "Game over, not saved: 1 move made, 1 cell still to fill"
            ]
        );
        assert!(
            out.contains("\n  is not saved\n"),
            "wrapped within 80 columns: {out}"
        );
        let out = transcript("9i5\nhint\nhint all\nhint\n");
        assert!(
            out.contains("Hint 1/4: Look for a full house on 1\n"),
            "{out}"
        );
        assert!(out.contains("Hint 4/4: Full house: "), "{out}");
        assert!(out.contains("Hint: 9i is 9, not 5"), "{out}");
        assert!(
            out.ends_with("Congratulations! You solved the puzzle in 3 moves\n(with 2 hints)\n")
        );
    }

    #[test]
    fn solve_and_restart() {
        let out = transcript("9g1\nrestart\nsolve\n5c5\n");
        assert!(out.contains("Restarted: no entries, marks, time or hints"));
        assert!(
            out.ends_with("The solution; the game ends after 0 moves\n"),
            "{out}"
        );
        assert!(out.contains("9 | 3  4  5 | 2  8  6 | 1  7  9 |"));
    }

    #[test]
    fn a_failed_save_at_end_lets_the_game_go_on_once() {
        let out = transcript("9i7\nend\n9i0\nend\nend\n");
        let replies = replies(&out);
        let unsaved = "no data directory to keep saved games in: set HOME (or XDG_DATA_HOME); \
                       the game";
        let again = "Type end again to quit without saving, or save to try again";
        let first_end = replies.iter().position(|r| *r == "end").unwrap();
        assert_eq!(
            replies[first_end..],
            [
                "end",
                unsaved,
                again,
                "9i0",
                "Legal move",
                "end",
                unsaved,
                again,
                "end",
                unsaved,
                "Game over, not saved: 2 moves made, 2 cells still to fill",
            ],
            "{out}"
        );
    }

    #[test]
    fn marks_and_candidates() {
        let out = transcript("9i?\nn9i12\n9i?\nn9i2\nauto\n9i?\nn9i9\nn9i1\n9i?\n9a?\n9i9\n9i?\nn9i1\nauto\n9i0\n9i?\n");
        let replies = replies(&out);
        for want in [
            "9i has no marks; its row, column and box allow 9",
            "9i marks: 1 2",
            "9i marks: 1",
            "9i marks: 1; its row, column and box allow 9",
            "Automatic candidates on: blank cells show what their row, column and box allow",
            "n5c4 strikes 4 out of 5c",
            "9i candidates: 9",
            "9i has no candidates left (struck out: 9)",
            "1 is already in the row, column or box of 9i",
            "9a is a given: 3",
            "9i holds 9; its marks show again when it is erased",
            "9i holds a digit; erase it to pencil in",
            "Automatic candidates off: your own marks show again",
        ] {
            assert!(replies.contains(&want), "{want}\n{out}");
        }
        let after_erase = "9i marks: 1; its row, column and box allow 9";
        assert_eq!(replies[replies.len() - 4], after_erase, "{out}");
    }
}
