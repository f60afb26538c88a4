//! The game: a puzzle's givens, the player's entries, counters, undo/redo.

use crate::counters::{Conflict, Counters};
use crate::error::{HistoryError, MoveError, PuzzleError};
use crate::grid::Grid;
use crate::history::{History, Move};
use crate::logic::{LogicSolver, Step as LogicStep};
use crate::pos::{Cell, Digit, Unit};
use crate::solver::default_solver;

/// What a move left on the board, for the frontends to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// No unit repeats a digit.
    Legal,
    /// Some units repeat a digit; the number of conflicts (see
    /// [`Counters`]).
    Conflicts(usize),
    /// Every cell is filled and no unit repeats a digit.
    Solved,
}

/// A hint: the digit that belongs in a cell, and why when logic knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The cell.
    pub cell: Cell,
    /// The digit of the solution there.
    pub digit: Digit,
    /// Whether the cell holds a wrong digit now (rather than being blank).
    pub replaces_wrong_digit: bool,
    /// The logical step that places the digit, when a person's technique
    /// finds it; `None` for a wrong entry, or where logic is stuck and the
    /// digit comes from the solution.
    pub step: Option<LogicStep>,
}

/// A game in progress.
///
/// ```
/// use sudoku_core::{Cell, Digit, Game, Grid, Outcome};
/// let puzzle: Grid =
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286.7."
///         .parse()
///         .unwrap();
/// let mut game = Game::new(puzzle).unwrap();
/// let i9 = Cell::from_name("9i").unwrap();
/// // a second 7 in row 9, column i and box 9: three conflicts
/// assert_eq!(game.place(i9, Digit::new(7).unwrap()), Ok(Outcome::Conflicts(3)));
/// game.undo().unwrap();
/// game.place(i9, Digit::new(9).unwrap()).unwrap();
/// let outcome = game.place(Cell::from_name("9g").unwrap(), Digit::new(1).unwrap());
/// assert_eq!(outcome, Ok(Outcome::Solved));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Grid,
    grid: Grid,
    counters: Counters,
    history: History,
    solution: Grid,
    unique: bool,
    moves: usize,
    changes: u64,
}

impl Game {
    /// A new game on `puzzle`. Refused when the givens conflict, when the
    /// grid is already complete, or when it has no solution.
    pub fn new(puzzle: Grid) -> Result<Game, PuzzleError> {
        let counters = Counters::of(&puzzle);
        if counters.conflict_count() > 0 {
            return Err(PuzzleError::Conflicts(counters.conflicts()));
        }
        if puzzle.is_full() {
            return Err(PuzzleError::AlreadyComplete);
        }
        let solutions = default_solver().solutions_up_to(&puzzle, 2);
        let solution = *solutions.first().ok_or(PuzzleError::Unsolvable)?;
        Ok(Game {
            puzzle,
            grid: puzzle,
            counters,
            history: History::default(),
            solution,
            unique: solutions.len() == 1,
            moves: 0,
            changes: 0,
        })
    }

    /// The puzzle: its givens only.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The board as it is now: givens and entries.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The solution the game checks hints against. When the puzzle has
    /// several solutions ([`Game::is_unique`] is false) it is one of them.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// Whether `cell` holds a given of the puzzle.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.puzzle.get(cell).is_some()
    }

    /// Puts `digit` in `cell`.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<Outcome, MoveError> {
        self.set(cell, Some(digit))
    }

    /// Blanks `cell`.
    pub fn erase(&mut self, cell: Cell) -> Result<Outcome, MoveError> {
        self.set(cell, None)
    }

    /// The text game's move: `value` 1-9 places that digit, 0 erases.
    pub fn enter(&mut self, cell: Cell, value: u8) -> Result<Outcome, MoveError> {
        match value {
            0 => self.erase(cell),
            v => self.place(cell, Digit::new(v).ok_or(MoveError::BadDigit(v))?),
        }
    }

    /// Puts `digit` in `cell` (`None` blanks it) as one undoable move. A move
    /// that changes nothing is not recorded.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) -> Result<Outcome, MoveError> {
        if self.is_given(cell) {
            return Err(MoveError::Given(cell));
        }
        let before = self.grid.get(cell);
        if before != digit {
            let mv = Move {
                cell,
                before,
                after: digit,
            };
            self.apply(mv);
            self.history.record(mv);
            self.moves += 1;
        }
        Ok(self.outcome())
    }

    fn apply(&mut self, mv: Move) {
        self.changes = self.changes.wrapping_add(1);
        if let Some(old) = mv.before {
            self.counters.remove(mv.cell, old);
        }
        if let Some(new) = mv.after {
            self.counters.add(mv.cell, new);
        }
        self.grid.set(mv.cell, mv.after);
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Result<Move, HistoryError> {
        let mv = self.history.undo().ok_or(HistoryError::NothingToUndo)?;
        self.apply(mv.reversed());
        Ok(mv)
    }

    /// Makes the last undone move again; returns it.
    pub fn redo(&mut self) -> Result<Move, HistoryError> {
        let mv = self.history.redo().ok_or(HistoryError::NothingToRedo)?;
        self.apply(mv);
        Ok(mv)
    }

    /// The last move still in effect (undone moves are not).
    pub fn last_move(&self) -> Option<Move> {
        self.history.last()
    }

    /// The undo and redo stacks.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How many moves the player made (undo and redo are not moves).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Forgets the undone moves (a session does so when the player does
    /// something else that undo takes back, such as a colouring).
    pub(crate) fn forget_redo(&mut self) {
        self.history.clear_undone();
    }

    /// Takes every entry off the board and forgets the history.
    pub fn restart(&mut self) {
        self.grid = self.puzzle;
        self.counters = Counters::of(&self.puzzle);
        self.history.clear();
        self.moves = 0;
        self.changes = self.changes.wrapping_add(1);
    }

    /// How many times the board changed since this value was made: every
    /// move, undo, redo and restart adds one (a move that changes nothing
    /// does not). Not saved: a game read back starts at 0. Two looks at
    /// the same game with the same count saw the same board, with nothing
    /// done between them (the hint ladder starts again when it differs).
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// What the board is now: legal, conflicting, or solved.
    pub fn outcome(&self) -> Outcome {
        match self.counters.conflict_count() {
            0 if self.counters.is_solved() => Outcome::Solved,
            0 => Outcome::Legal,
            n => Outcome::Conflicts(n),
        }
    }

    /// Whether the board is full and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.counters.is_solved()
    }

    /// The counters of the board.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The number of conflicts on the board.
    pub fn conflict_count(&self) -> usize {
        self.counters.conflict_count()
    }

    /// Every conflict on the board.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.counters.conflicts()
    }

    /// Whether the digit in `cell` repeats in its row, column or box.
    pub fn is_conflicting(&self, cell: Cell) -> bool {
        self.grid
            .get(cell)
            .is_some_and(|d| self.counters.is_conflicting(cell, d))
    }

    /// Whether `unit` holds a digit more than once.
    pub fn has_conflict(&self, unit: Unit) -> bool {
        self.counters.has_conflict(unit)
    }

    /// Cells whose entry differs from the solution.
    pub fn wrong_entries(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|&c| {
            self.grid
                .get(c)
                .is_some_and(|d| self.solution.get(c) != Some(d))
        })
    }

    /// The next step a person would take from the board, as the logical
    /// solver finds it (its sentence says why). `None` when the board is
    /// solved, when an entry is wrong (fix it first: see [`Game::hint`]), or
    /// when logic alone cannot go on.
    pub fn next_step(&self) -> Option<LogicStep> {
        if self.is_solved() || self.wrong_entries().next().is_some() {
            return None;
        }
        self.logic().next_step()
    }

    /// A digit to place: the first wrong entry's right digit; else the next
    /// placement the logical solver makes (with its step); else, where logic
    /// is stuck, the solution's digit for the blank cell with the fewest
    /// possible digits. `None` when solved.
    pub fn hint(&self) -> Option<Hint> {
        if let Some(cell) = self.wrong_entries().next() {
            return Some(self.hint_at(cell, true, None));
        }
        if self.is_solved() {
            return None;
        }
        if let Some(step) = self.logic().next_placement() {
            if let Some((cell, digit)) = step.placement() {
                if self.solution.get(cell) == Some(digit) {
                    return Some(self.hint_at(cell, false, Some(step)));
                }
            }
        }
        Cell::all()
            .filter(|&c| self.grid.get(c).is_none())
            .min_by_key(|&c| Digit::all().filter(|&d| self.counters.allows(c, d)).count())
            .map(|cell| self.hint_at(cell, false, None))
    }

    fn logic(&self) -> LogicSolver {
        LogicSolver::new(&self.grid).assume_unique(self.unique)
    }

    fn hint_at(&self, cell: Cell, replaces_wrong_digit: bool, step: Option<LogicStep>) -> Hint {
        let digit = self.solution.get(cell).expect("a solution is full");
        Hint {
            cell,
            digit,
            replaces_wrong_digit,
            step,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{cell, PUZZLE};

    fn game() -> Game {
        Game::new(PUZZLE.parse().unwrap()).unwrap()
    }

    #[test]
    fn givens_cannot_change() {
        let mut game = game();
        let err = game.enter(cell("1a"), 4).unwrap_err();
        assert_eq!(err.to_string(), "1a is a given and cannot be changed");
        assert_eq!(
            game.enter(cell("1c"), 12).unwrap_err().to_string(),
            "digit 12 is not in 0-9"
        );
        assert_eq!(game.moves(), 0);
    }

    #[test]
    fn conflicts_come_and_go() {
        let mut game = game();
        assert_eq!(game.enter(cell("1c"), 5), Ok(Outcome::Conflicts(2)));
        assert!(game.is_conflicting(cell("1c")) && game.is_conflicting(cell("1a")));
        assert!(!game.is_conflicting(cell("1b")));
        assert!(game.has_conflict(Unit::Row(cell("1c").row())));
        assert_eq!(game.enter(cell("1c"), 0), Ok(Outcome::Legal));
        assert_eq!(game.moves(), 2);
    }

    #[test]
    fn undo_and_redo() {
        let mut game = game();
        assert_eq!(game.undo(), Err(HistoryError::NothingToUndo));
        game.enter(cell("1c"), 4).unwrap();
        game.enter(cell("1c"), 1).unwrap();
        assert_eq!(game.last_move().unwrap().after, Digit::new(1));
        assert_eq!(game.undo().unwrap().after, Digit::new(1));
        assert_eq!(game.grid().get(cell("1c")), Digit::new(4));
        game.undo().unwrap();
        assert_eq!(game.grid(), game.puzzle());
        assert_eq!(game.undo().unwrap_err().to_string(), "nothing to undo");
        game.redo().unwrap();
        assert_eq!(game.grid().get(cell("1c")), Digit::new(4));
        game.enter(cell("2b"), 2).unwrap();
        assert_eq!(game.redo(), Err(HistoryError::NothingToRedo));
    }

    #[test]
    fn hints_fix_wrong_entries_first() {
        let mut game = game();
        game.enter(cell("1c"), 9).unwrap();
        let hint = game.hint().unwrap();
        assert_eq!(
            (hint.cell, hint.digit.get(), hint.replaces_wrong_digit),
            (cell("1c"), 4, true)
        );
        assert!(game.next_step().is_none(), "no logic from a wrong position");
        game.enter(cell("1c"), 0).unwrap();
        let hint = game.hint().unwrap();
        assert!(!hint.replaces_wrong_digit);
        assert_eq!(game.solution().get(hint.cell), Some(hint.digit));
        let step = hint.step.expect("an easy puzzle is solved by logic");
        assert_eq!(step.placement(), Some((hint.cell, hint.digit)));
        assert!(game.next_step().is_some());
    }

    #[test]
    fn hints_fall_back_to_the_solution_where_logic_is_stuck() {
        // A solved grid with a rectangle of 1s and 2s blanked (1a, 1b,
        // 4a, 4b: 1 2 / 2 1 or 2 1 / 1 2, in boxes 1 and 4) and 3h:
        // logic fills 3h and stops at the rectangle, which has two
        // solutions.
        let grid = "..3456789 456789123 7891234.6 ..4365897 365897214 \
                    897214365 531642978 642978531 978531642";
        let grid: String = grid.split_whitespace().collect();
        let game = Game::new(grid.parse().unwrap()).unwrap();
        assert!(!game.is_unique());
        let hint = game.hint().unwrap();
        let step = hint.step.expect("a single fills 3h");
        assert_eq!(step.placement().map(|(c, _)| c), Some(cell("3h")));
        let mut game = game;
        game.enter(cell("3h"), 5).unwrap();
        assert!(game.next_step().is_none());
        let hint = game.hint().unwrap();
        assert_eq!(game.solution().get(hint.cell), Some(hint.digit));
        assert!(hint.step.is_none());
    }

    #[test]
    fn playing_the_solution_solves() {
        let mut game = game();
        let solution = *game.solution();
        let blanks: Vec<Cell> = Cell::all().filter(|&c| !game.is_given(c)).collect();
        for (i, &c) in blanks.iter().enumerate() {
            let outcome = game.place(c, solution.get(c).unwrap()).unwrap();
            let want = if i + 1 == blanks.len() {
                Outcome::Solved
            } else {
                Outcome::Legal
            };
            assert_eq!(outcome, want);
        }
        assert!(game.is_solved());
        game.restart();
        assert_eq!(game.grid(), game.puzzle());
        assert_eq!(game.moves(), 0);
    }

    #[test]
    fn loading_refuses_bad_puzzles() {
        let conflicting: Grid = format!("55{}", &PUZZLE[2..]).parse().unwrap();
        let err = Game::new(conflicting).unwrap_err();
        assert_eq!(
            err.to_string(),
            "there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s"
        );
        let solved = *game().solution();
        assert_eq!(Game::new(solved).unwrap_err(), PuzzleError::AlreadyComplete);
        let dead: Grid = format!("{}{}{}", ".12345678", "9........", ".".repeat(63))
            .parse()
            .unwrap();
        assert_eq!(
            Game::new(dead).unwrap_err().to_string(),
            "the puzzle has no solution"
        );
        assert!(!Game::new(Grid::empty()).unwrap().is_unique());
    }
}
