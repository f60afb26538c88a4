//! A play session: everything a game in progress is, for both frontends to
//! play and to save.
//!
//! A [`Session`] holds the [`Game`] (givens, entries, counters, undo and
//! redo), the [`Pencil`] marks, the [`Colouring`] and its history (undo
//! and redo take back moves and colourings in the order they were made), the time played, the counts of moves, hints
//! and mistake checks, and the puzzle's name, [`Origin`] and level. It
//! reads no clock: the frontend measures time and hands it in with
//! [`Session::add_time`].
//!
//! [`save`] writes a session as versioned text, history included, and reads
//! it back (as well as the saves of the previous release); [`store`] keeps
//! one save per puzzle in a directory the frontend names.

mod colour;
pub mod daily;
mod file;
mod ladder;
mod origin;
mod pencil;
pub mod save;
pub mod stats;
pub mod store;

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::error::{HistoryError, MoveError, PuzzleError};
use crate::game::{Game, Hint, Outcome};
use crate::grid::Grid;
use crate::logic::{Digits, Level};
use crate::pos::{Cell, Digit};
use colour::Paints;

pub use colour::{Change, Colour, ColourError, Colouring, NotAColour, Paint, Step, Target};
pub use daily::{Daily, Date, DateError};
pub use file::{follow_links, open_for_reading};
pub use ladder::{Given, HintLadder, NextHint};
pub use origin::{Origin, OriginError, MAX_LINE, MAX_PATH};
pub use pencil::{NotAllowed, Pencil};
pub use save::{Loaded, PartError, SaveError};
pub use stats::{
    Counted, LevelStats, Recorded, Stats, StatsError, StatsFile, StatsFormatError, Streak, Win,
};
pub use store::{short_path, Import, Listing, SaveLock, SaveStore, SavedInfo, StoreError};

/// The most time a session counts: 9999 hours (over a year of play).
/// [`Session::add_time`] stops there, and a save holding more is read as
/// this.
pub const MAX_TIME: Duration = Duration::from_secs(9999 * 3600);

/// The largest move, hint or mistake-check count a session keeps; the
/// counts stop there.
pub const MAX_COUNT: usize = 999_999;

/// The longest name a session keeps, in characters; a longer one is cut.
pub const MAX_NAME: usize = 200;

/// How far the player got: the cells they filled of those the puzzle left
/// blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Blank cells of the puzzle that hold a digit now (right or wrong).
    pub filled: usize,
    /// Blank cells of the puzzle.
    pub to_fill: usize,
}

/// `12/51`.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.filled, self.to_fill)
    }
}

/// Why a pencil mark was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MarkError {
    /// The cell holds a given.
    #[error("{0} is a given; it takes no pencil marks")]
    Given(Cell),
    /// The cell holds an entry; erase it first.
    #[error("{0} holds a digit; erase it to pencil in")]
    Filled(Cell),
    /// Automatic candidates are on and the digit is ruled out.
    #[error(transparent)]
    NotAllowed(#[from] NotAllowed),
}

/// Time played as both games show it: `mm:ss`, or `h:mm:ss` from an hour
/// on.
///
/// ```
/// use std::time::Duration;
/// use sudoku_core::session::clock_text;
/// assert_eq!(clock_text(Duration::from_secs(192)), "03:12");
/// assert_eq!(clock_text(Duration::from_secs(3 * 3600 + 5)), "3:00:05");
/// ```
pub fn clock_text(time: Duration) -> String {
    let secs = time.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// A game in progress, as both frontends play it and as it is saved.
///
/// ```
/// use std::time::Duration;
/// use sudoku_core::session::{save, Origin, Session};
/// use sudoku_core::{Cell, Digit, Outcome};
///
/// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let mut session = Session::new(puzzle, "classic", Origin::Text)?;
/// let c1 = Cell::from_name("1c").unwrap();
/// assert_eq!(session.place(c1, Digit::new(4).unwrap())?, Outcome::Legal);
/// session.toggle_mark(Cell::from_name("1d").unwrap(), Digit::new(6).unwrap())?;
/// session.add_time(Duration::from_secs(90)); // measured by the frontend
/// session.undo()?;
///
/// // Saved and read back, the redo stack is still there.
/// let text = save::to_string(&session, None);
/// let mut resumed = save::parse(&text)?.session;
/// assert_eq!(resumed, session);
/// assert_eq!(resumed.redo()?.cell(), Some(c1));
/// assert_eq!(resumed.progress().to_string(), "1/51");
/// assert_eq!(resumed.time(), Duration::from_secs(90));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    pencil: Pencil,
    colours: Colouring,
    paints: Paints,
    time: Duration,
    hints: usize,
    mistakes_shown: usize,
    /// Moves counted before the game's history starts (a save of the
    /// previous release counted moves its board does not replay).
    earlier_moves: usize,
    name: String,
    origin: Origin,
    level: Option<Level>,
}

impl Session {
    /// A new session on `puzzle`, named `name` (put on one line and cut to
    /// [`MAX_NAME`] characters), which came from `origin`. Refused as
    /// [`Game::new`] refuses.
    pub fn new(
        puzzle: Grid,
        name: impl Into<String>,
        origin: Origin,
    ) -> Result<Session, PuzzleError> {
        Ok(Session::from_game(Game::new(puzzle)?, name, origin))
    }

    /// A session on a game already made (its moves and history kept).
    pub fn from_game(game: Game, name: impl Into<String>, origin: Origin) -> Session {
        Session {
            game,
            pencil: Pencil::default(),
            colours: Colouring::default(),
            paints: Paints::default(),
            time: Duration::ZERO,
            hints: 0,
            mistakes_shown: 0,
            earlier_moves: 0,
            name: clean_name(&name.into()),
            origin: origin.one_line(),
            level: None,
        }
    }

    /// The game: the board, its counters and history, hints and checks.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The pencil marks.
    pub fn pencil(&self) -> &Pencil {
        &self.pencil
    }

    /// The colours painted on cells and candidates.
    pub fn colours(&self) -> &Colouring {
        &self.colours
    }

    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the puzzle came from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The puzzle's level: the one set with [`Session::set_level`], else
    /// the generator's for a generated puzzle, else `None`.
    pub fn level(&self) -> Option<Level> {
        self.level.or_else(|| self.origin.level())
    }

    /// Records the puzzle's level (the frontend grades it; the session
    /// does not, grading can take a while). `None` forgets it.
    pub fn set_level(&mut self, level: Option<Level>) {
        self.level = level;
    }

    /// Time played: the sum of what [`Session::add_time`] was given.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Adds `played` to the time played; the sum stops at [`MAX_TIME`].
    pub fn add_time(&mut self, played: Duration) {
        self.time = self.time.saturating_add(played).min(MAX_TIME);
    }

    /// Moves made, counting those of the game before a resume (undo and
    /// redo are not moves); at most [`MAX_COUNT`].
    pub fn moves(&self) -> usize {
        self.game
            .moves()
            .saturating_add(self.earlier_moves)
            .min(MAX_COUNT)
    }

    /// Hints used: digits placed by [`Session::place_hint`] and mistake
    /// checks by [`Session::mistakes`]; at most [`MAX_COUNT`].
    pub fn hints(&self) -> usize {
        self.hints
    }

    /// How many times [`Session::mistakes`] showed the wrong entries (each
    /// also counts as a hint); at most [`MAX_COUNT`].
    pub fn mistakes_shown(&self) -> usize {
        self.mistakes_shown
    }

    /// How far the player got.
    pub fn progress(&self) -> Progress {
        let puzzle = self.game.puzzle();
        let to_fill = 81 - puzzle.givens();
        Progress {
            filled: self.game.counters().filled() - puzzle.givens(),
            to_fill,
        }
    }

    /// Whether the board is full and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.game.is_solved()
    }

    /// Whether the player did anything worth keeping: made a move, wrote
    /// pencil marks or painted colours.
    pub fn has_progress(&self) -> bool {
        self.moves() > 0
            || self.game.grid() != self.game.puzzle()
            || self.pencil.has_notes()
            || !self.colours.is_empty()
    }

    /// Puts `digit` in `cell`, as [`Game::place`]. Pencil marks stay: the
    /// digit hides them, erasing it shows them again.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<Outcome, MoveError> {
        self.set(cell, Some(digit))
    }

    /// Blanks `cell`, as [`Game::erase`].
    pub fn erase(&mut self, cell: Cell) -> Result<Outcome, MoveError> {
        self.set(cell, None)
    }

    /// The text game's move, as [`Game::enter`]: 1-9 places, 0 erases.
    pub fn enter(&mut self, cell: Cell, value: u8) -> Result<Outcome, MoveError> {
        let moves = self.game.moves();
        let outcome = self.game.enter(cell, value);
        self.after_move(moves);
        outcome
    }

    /// Puts `digit` in `cell` (`None` blanks it), as [`Game::set`].
    /// A move that changes the board forgets the colourings undone (as it
    /// forgets the undone moves).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) -> Result<Outcome, MoveError> {
        let moves = self.game.moves();
        let outcome = self.game.set(cell, digit);
        self.after_move(moves);
        outcome
    }

    /// Forgets the undone colourings when a move was made since the game
    /// counted `moves_before` moves.
    fn after_move(&mut self, moves_before: usize) {
        if self.game.moves() != moves_before {
            self.paints.undone.clear();
        }
    }

    /// Takes back the last move or colouring, whichever was made last (a
    /// move as [`Game::undo`] does). Pencil marks are not moves and stay
    /// as they are.
    ///
    /// ```
    /// use sudoku_core::session::{Colour, Origin, Session, Step, Target};
    /// use sudoku_core::{Cell, Digit};
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let mut s = Session::new(puzzle.parse().unwrap(), "classic", Origin::Text)?;
    /// let (c1, d1) = (Cell::from_name("1c").unwrap(), Cell::from_name("1d").unwrap());
    /// s.place(c1, Digit::new(4).unwrap())?;
    /// s.paint(Target::Cell(d1), Some(Colour::A))?;
    /// s.place(d1, Digit::new(6).unwrap())?;
    /// assert!(matches!(s.undo()?, Step::Move(mv) if mv.cell == d1));
    /// assert!(matches!(s.undo()?, Step::Paint(_)));
    /// assert_eq!(s.colours().cell(d1), None);
    /// assert!(matches!(s.undo()?, Step::Move(mv) if mv.cell == c1));
    /// assert!(matches!(s.redo()?, Step::Move(mv) if mv.cell == c1));
    /// assert!(matches!(s.redo()?, Step::Paint(_)));
    /// assert_eq!(s.colours().cell(d1), Some(Colour::A));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Result<Step, HistoryError> {
        let in_effect = self.game.history().undo_len();
        if self.paints.done.last().is_some_and(|p| p.at >= in_effect) {
            let paint = self.paints.done.pop().expect("just seen");
            for change in paint.changes.iter().rev() {
                self.colours.set(change.target, change.before);
            }
            self.paints.undone.push(paint.clone());
            return Ok(Step::Paint(paint));
        }
        self.game.undo().map(Step::Move)
    }

    /// Makes the last undone move or colouring again, in the order they
    /// were made (a move as [`Game::redo`] does).
    pub fn redo(&mut self) -> Result<Step, HistoryError> {
        let in_effect = self.game.history().undo_len();
        let no_move = self.game.history().redo_len() == 0;
        if self
            .paints
            .undone
            .last()
            .is_some_and(|p| p.at <= in_effect || no_move)
        {
            let mut paint = self.paints.undone.pop().expect("just seen");
            paint.at = paint.at.min(in_effect);
            for change in &paint.changes {
                self.colours.set(change.target, change.after);
            }
            self.paints.done.push(paint.clone());
            return Ok(Step::Paint(paint));
        }
        self.game.redo().map(Step::Move)
    }

    /// Paints `target` with `colour` (`None` takes its colour off), as one
    /// step undo takes back, and says whether anything changed (nothing is
    /// recorded when not). A candidate of a cell that holds a digit is
    /// refused: its candidates are hidden. Like a move, a colouring forgets
    /// what was undone.
    ///
    /// ```
    /// use sudoku_core::session::{Colour, Origin, Session, Target};
    /// use sudoku_core::{Cell, Digit};
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let mut s = Session::new(puzzle.parse().unwrap(), "classic", Origin::Text).unwrap();
    /// let c1 = Cell::from_name("1c").unwrap();
    /// let seven = Target::Candidate(c1, Digit::new(7).unwrap());
    /// assert_eq!(s.paint(seven, Some(Colour::B)), Ok(true));
    /// assert_eq!(s.paint(seven, Some(Colour::B)), Ok(false));
    /// assert_eq!(s.colours().to_string(), "1c7=b");
    /// let err = s.paint(Target::Candidate(Cell::from_name("1a").unwrap(), Digit::new(5).unwrap()), Some(Colour::A));
    /// assert_eq!(err.unwrap_err().to_string(), "1a holds a digit; colour the cell, or erase it to colour its candidates");
    /// ```
    pub fn paint(&mut self, target: Target, colour: Option<Colour>) -> Result<bool, ColourError> {
        if let Target::Candidate(cell, _) = target {
            if colour.is_some() && self.game.grid().get(cell).is_some() {
                return Err(ColourError::Filled(cell));
            }
        }
        let before = self.colours.get(target);
        if before == colour {
            return Ok(false);
        }
        self.colours.set(target, colour);
        self.record_paint(vec![Change {
            target,
            before,
            after: colour,
        }]);
        Ok(true)
    }

    /// Takes every colour off the board, as one step undo takes back, and
    /// says how many cells and candidates lost theirs.
    pub fn clear_colours(&mut self) -> usize {
        let changes: Vec<Change> = self
            .colours
            .painted()
            .map(|(target, colour)| Change {
                target,
                before: Some(colour),
                after: None,
            })
            .collect();
        let count = changes.len();
        if count > 0 {
            self.colours = Colouring::default();
            self.record_paint(changes);
        }
        count
    }

    fn record_paint(&mut self, changes: Vec<Change>) {
        self.game.forget_redo();
        self.paints.undone.clear();
        self.paints.done.push(Paint {
            at: self.game.history().undo_len(),
            changes,
        });
    }

    /// The marks shown in `cell` (see [`Pencil::candidates`]).
    pub fn candidates(&self, cell: Cell) -> Digits {
        self.pencil.candidates(&self.game, cell)
    }

    /// Whether `digit` can still go in `cell`, as the digit filter shows
    /// it: the cell is blank, its row, column and box hold no `digit`, and
    /// (with automatic candidates on) the player did not strike it out.
    ///
    /// ```
    /// use sudoku_core::session::{Origin, Session};
    /// use sudoku_core::{Cell, Digit};
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let s = Session::new(puzzle.parse().unwrap(), "classic", Origin::Text).unwrap();
    /// let four = Digit::new(4).unwrap();
    /// let spots: Vec<String> = Cell::all().filter(|&c| s.can_go(c, four)).map(|c| c.name()).collect();
    /// assert_eq!(spots[..3], ["1c", "1f", "1g"]);
    /// assert!(!s.can_go(Cell::from_name("1a").unwrap(), four), "a given");
    /// ```
    pub fn can_go(&self, cell: Cell, digit: Digit) -> bool {
        self.game.grid().get(cell).is_none()
            && self.game.counters().allows(cell, digit)
            && !(self.pencil.is_auto() && self.pencil.struck(cell).contains(digit))
    }

    /// Toggles the pencil mark `digit` in `cell` and says whether it is
    /// shown now. A given or a filled cell takes no marks; with automatic
    /// candidates on, a ruled-out digit cannot be shown.
    pub fn toggle_mark(&mut self, cell: Cell, digit: Digit) -> Result<bool, MarkError> {
        if self.game.is_given(cell) {
            return Err(MarkError::Given(cell));
        }
        if self.game.grid().get(cell).is_some() {
            return Err(MarkError::Filled(cell));
        }
        Ok(self.pencil.toggle(&self.game, cell, digit)?)
    }

    /// Replaces the marks written in `cell` by hand.
    pub fn set_marks(&mut self, cell: Cell, marks: Digits) {
        self.pencil.set_marks(cell, marks);
    }

    /// Turns automatic candidates on or off (see [`Pencil::set_auto`]).
    pub fn set_auto(&mut self, on: bool) {
        self.pencil.set_auto(on);
    }

    /// Places the next hint's digit ([`Game::hint`]: a wrong entry fixed
    /// first) and counts a hint. `None`, and nothing counted, when the
    /// board is solved.
    pub fn place_hint(&mut self) -> Option<(Hint, Outcome)> {
        let hint = self.game.hint()?;
        let outcome = self
            .place(hint.cell, hint.digit)
            .expect("a hint is never on a given");
        self.hints = (self.hints + 1).min(MAX_COUNT);
        Some((hint, outcome))
    }

    /// Places `hint`, worked out earlier by [`Game::hint`] (for a frontend
    /// that works hints out away from its input loop), and counts a hint.
    /// The caller makes sure the board has not changed since the hint was
    /// worked out; an error, and nothing counted, when its cell holds a
    /// given.
    ///
    /// ```
    /// use sudoku_core::session::{Origin, Session};
    /// let puzzle =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    /// let mut s = Session::new(puzzle.parse().unwrap(), "easy", Origin::Text).unwrap();
    /// let hint = s.game().hint().unwrap();
    /// s.place_worked_out_hint(&hint).unwrap();
    /// assert_eq!(s.game().grid().get(hint.cell), Some(hint.digit));
    /// assert_eq!(s.hints(), 1);
    /// ```
    pub fn place_worked_out_hint(&mut self, hint: &Hint) -> Result<Outcome, MoveError> {
        let outcome = self.place(hint.cell, hint.digit)?;
        self.hints = (self.hints + 1).min(MAX_COUNT);
        Ok(outcome)
    }

    /// The cells whose entry differs from the solution, in cell order. The
    /// check counts as a hint, and as a mistake check, even when it finds
    /// none.
    pub fn mistakes(&mut self) -> Vec<Cell> {
        self.hints = (self.hints + 1).min(MAX_COUNT);
        self.mistakes_shown = (self.mistakes_shown + 1).min(MAX_COUNT);
        self.game.wrong_entries().collect()
    }
}

/// Two sessions are equal when their puzzles, boards, histories, move
/// counts, pencil marks, colours and their history, times, counts, names,
/// origins and levels are.
impl PartialEq for Session {
    fn eq(&self, other: &Session) -> bool {
        let (a, b) = (&self.game, &other.game);
        a.puzzle() == b.puzzle()
            && a.grid() == b.grid()
            && a.history() == b.history()
            && self.moves() == other.moves()
            && self.pencil == other.pencil
            && self.colours == other.colours
            && self.paints == other.paints
            && self.time == other.time
            && self.hints == other.hints
            && self.mistakes_shown == other.mistakes_shown
            && self.name == other.name
            && self.origin == other.origin
            && self.level == other.level
    }
}

impl Eq for Session {}

/// `name` on one line (line breaks become spaces), cut to [`MAX_NAME`]
/// characters.
pub(crate) fn clean_name(name: &str) -> String {
    name.replace(['\n', '\r'], " ")
        .chars()
        .take(MAX_NAME)
        .collect()
}

#[cfg(test)]
mod tests;
