//! The hint ladder: each hint on the same board tells one rung more of
//! the next logical step, and a hint after the last rung places a digit.
//!
//! The rungs are [`Rung`]s: the technique and its digits, where to look,
//! the move, the whole reasoning. Any change to the board (a move, undo,
//! redo, restart) starts the ladder again at the first rung. The ladder
//! is not part of a save: a resumed game starts it again too.
//!
//! Counting: climbing is free; as before the ladder, a hint counts in
//! [`Session::hints`] when it places a digit (and a mistake check counts).
//!
//! Working out the step ([`Game::next_step`]) can take seconds on the
//! hardest boards; [`HintLadder::hint`] does it in place, for a frontend
//! that can wait, while a frontend that works it out elsewhere asks
//! [`HintLadder::next`] what to do and hands the step to
//! [`HintLadder::start`].

use crate::game::{Game, Hint, Outcome};
use crate::grid::Grid;
use crate::logic::{Clue, Rung, Step};
use crate::session::Session;

/// Where the ladder stands on one board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HintLadder {
    /// The board the step was worked out on, and its change count.
    board: Option<(Grid, u64)>,
    /// The step; `None` when logic found none on that board.
    step: Option<Step>,
    /// The last rung shown.
    rung: Option<Rung>,
}

/// What the next hint on a board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextHint {
    /// The next rung of the step already worked out.
    Rung(Rung),
    /// A new board: the step must be worked out ([`Game::next_step`]) and
    /// given to [`HintLadder::start`].
    WorkOut,
    /// Every rung was shown, or logic finds no step: the hint places a
    /// digit ([`Session::place_hint`]).
    Place,
}

/// What a hint gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A rung of the step.
    Clue(Clue),
    /// A digit placed (the step's, a wrong entry fixed, or the solution's
    /// where logic is stuck), with what the move left on the board.
    Placed(Hint, Outcome),
    /// Nothing: the board is solved.
    Solved,
}

impl HintLadder {
    /// A ladder with nothing shown.
    pub fn new() -> HintLadder {
        HintLadder::default()
    }

    /// Whether the ladder was started on `game`'s board as it is now.
    fn is_on(&self, game: &Game) -> bool {
        self.board == Some((*game.grid(), game.changes()))
    }

    /// What the next hint on `game` is.
    pub fn next(&self, game: &Game) -> NextHint {
        if !self.is_on(game) {
            return NextHint::WorkOut;
        }
        match (&self.step, self.rung) {
            (Some(_), None) => NextHint::Rung(Rung::Technique),
            (Some(_), Some(rung)) => rung.next().map_or(NextHint::Place, NextHint::Rung),
            (None, _) => NextHint::Place,
        }
    }

    /// Starts the ladder on `game` with `step`, worked out on this board by
    /// [`Game::next_step`], and returns its first rung; `None` (and the
    /// next hint places a digit) when there is no step.
    pub fn start(&mut self, game: &Game, step: Option<Step>) -> Option<Clue> {
        self.board = Some((*game.grid(), game.changes()));
        self.step = step;
        self.rung = None;
        self.climb(game)
    }

    /// Shows the next rung of the step worked out on `game`'s board; `None`
    /// when the board changed, or the last rung was shown.
    pub fn climb(&mut self, game: &Game) -> Option<Clue> {
        let NextHint::Rung(rung) = self.next(game) else {
            return None;
        };
        self.rung = Some(rung);
        self.shown(game)
    }

    /// The rung shown last, while the board is the one it is about.
    pub fn shown(&self, game: &Game) -> Option<Clue> {
        let (step, rung) = (self.step.as_ref()?, self.rung?);
        self.is_on(game).then(|| step.clue(rung, game.grid()))
    }

    /// The step the ladder climbs, while the board is the one it is about.
    pub fn step(&self, game: &Game) -> Option<&Step> {
        self.step.as_ref().filter(|_| self.is_on(game))
    }

    /// The next hint on `session`: the next rung (working the step out
    /// first on a new board), or, after the last rung or where logic
    /// finds no step, a digit placed and counted as a hint.
    ///
    /// ```
    /// use sudoku_core::session::{Given, HintLadder, Origin, Session};
    /// let puzzle =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let mut session = Session::new(puzzle.parse().unwrap(), "classic", Origin::Text)?;
    /// let mut ladder = HintLadder::new();
    /// let mut texts = Vec::new();
    /// for _ in 0..4 {
    ///     let Given::Clue(clue) = ladder.hint(&mut session) else { panic!() };
    ///     texts.push(clue.text);
    /// }
    /// assert_eq!(texts[0], "Look for a hidden single on 8");
    /// assert_eq!(texts[3], "Hidden single: 8 can only go in 1f within box 2");
    /// assert_eq!(session.hints(), 0, "climbing is free");
    /// let Given::Placed(hint, _) = ladder.hint(&mut session) else { panic!() };
    /// assert_eq!(hint.cell.to_string(), "1f");
    /// assert_eq!(session.hints(), 1);
    /// // A changed board starts again at the first rung.
    /// let Given::Clue(clue) = ladder.hint(&mut session) else { panic!() };
    /// assert_eq!(clue.rung.number(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&mut self, session: &mut Session) -> Given {
        match self.next(session.game()) {
            NextHint::Rung(_) => {
                if let Some(clue) = self.climb(session.game()) {
                    return Given::Clue(clue);
                }
            }
            NextHint::WorkOut => {
                let step = session.game().next_step();
                if let Some(clue) = self.start(session.game(), step) {
                    return Given::Clue(clue);
                }
            }
            NextHint::Place => {}
        }
        match session.place_hint() {
            Some((hint, outcome)) => Given::Placed(hint, outcome),
            None => Given::Solved,
        }
    }

    /// Every rung of the next step on `session`'s board at once (working
    /// the step out first on a new board); the ladder stands at its last
    /// rung after, so the next hint places a digit. Empty when logic
    /// finds no step (wrong entries, logic stuck, or solved).
    pub fn all(&mut self, session: &Session) -> Vec<Clue> {
        let game = session.game();
        if self.next(game) == NextHint::WorkOut {
            self.start(game, game.next_step());
        }
        let Some(step) = self.step(game) else {
            return Vec::new();
        };
        let clues = Rung::ALL.map(|rung| step.clue(rung, game.grid())).to_vec();
        self.rung = Some(Rung::Reasoning);
        clues
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{cell, PUZZLE};
    use crate::pos::Digit;
    use crate::session::Origin;

    fn session() -> Session {
        Session::new(PUZZLE.parse().unwrap(), "classic", Origin::Text).unwrap()
    }

    fn clue(given: Given) -> Clue {
        match given {
            Given::Clue(clue) => clue,
            other => panic!("expected a clue, got {other:?}"),
        }
    }

    #[test]
    fn each_hint_climbs_a_rung_then_places_the_digit() {
        let mut s = session();
        let mut ladder = HintLadder::new();
        let clues: Vec<Clue> = (0..4).map(|_| clue(ladder.hint(&mut s))).collect();
        let texts: Vec<&str> = clues.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Look for a hidden single on 8",
                "Look in box 2",
                "The move: 1f is 8",
                "Hidden single: 8 can only go in 1f within box 2",
            ]
        );
        assert!(clues[0].cells.is_empty());
        let box2: Vec<String> = clues[1].cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(box2, ["1d", "1e", "1f", "2d", "2e", "2f", "3d", "3e", "3f"]);
        assert_eq!(clues[2].cells, [cell("1f")]);
        assert_eq!(clues[2].placements, [(cell("1f"), Digit::new(8).unwrap())]);
        assert_eq!(s.hints(), 0);
        assert_eq!(ladder.next(s.game()), NextHint::Place);
        let Given::Placed(hint, _) = ladder.hint(&mut s) else {
            panic!("the fifth hint places a digit");
        };
        assert_eq!((hint.cell, hint.digit.get(), s.hints()), (cell("1f"), 8, 1));
        assert_eq!(ladder.next(s.game()), NextHint::WorkOut);
    }

    #[test]
    fn a_changed_board_starts_again() {
        let mut s = session();
        let mut ladder = HintLadder::new();
        ladder.hint(&mut s);
        ladder.hint(&mut s);
        assert_eq!(ladder.next(s.game()), NextHint::Rung(Rung::Move));
        assert!(ladder.shown(s.game()).is_some());
        // A move and its undo leave the same digits, but the board changed.
        s.place(cell("9a"), Digit::new(3).unwrap()).unwrap();
        assert_eq!(ladder.next(s.game()), NextHint::WorkOut);
        assert_eq!(ladder.shown(s.game()), None);
        s.undo().unwrap();
        assert_eq!(ladder.next(s.game()), NextHint::WorkOut);
        assert_eq!(clue(ladder.hint(&mut s)).rung, Rung::Technique);
        s.undo().unwrap_err();
        s.redo().unwrap();
        assert_eq!(clue(ladder.hint(&mut s)).rung, Rung::Technique);
    }

    #[test]
    fn all_shows_every_rung_and_the_next_hint_places() {
        let mut s = session();
        let mut ladder = HintLadder::new();
        ladder.hint(&mut s);
        let all = ladder.all(&s);
        let rungs: Vec<Rung> = all.iter().map(|c| c.rung).collect();
        assert_eq!(rungs, Rung::ALL);
        assert_eq!(ladder.shown(s.game()).unwrap().rung, Rung::Reasoning);
        assert!(matches!(ladder.hint(&mut s), Given::Placed(..)));
    }

    #[test]
    fn a_wrong_entry_is_fixed_at_once() {
        let mut s = session();
        let mut ladder = HintLadder::new();
        s.place(cell("1c"), Digit::new(1).unwrap()).unwrap();
        assert!(ladder.all(&s).is_empty());
        let Given::Placed(hint, _) = ladder.hint(&mut s) else {
            panic!("a wrong entry is fixed");
        };
        assert!(hint.replaces_wrong_digit);
        assert_eq!(s.hints(), 1);
    }
}
