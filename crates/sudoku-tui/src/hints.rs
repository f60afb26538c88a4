//! Hints worked out on a thread of their own.
//!
//! The next logical step takes milliseconds on most boards but seconds on
//! the famous hardest (a digit to place in the Golden Nugget from its start
//! takes about 8 s, in coloin's about 2 s), so the game never works one out
//! while it draws or takes a key: a hint is asked for, the status bar says
//! so, and the answer is shown when it comes back if the board is still the
//! one it was worked out for.

use sudoku_core::{Game, Grid, Hint, LogicStep};

/// What the status bar says while a hint is being worked out.
pub const PENDING: &str = "Working out a hint...";

/// A hint asked for: on which board, and whether to place a digit (after
/// the last rung of the hint ladder) or work out the next step (for its
/// first rung).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The board the hint is for.
    pub board: Grid,
    /// Place a digit rather than work out the next step.
    pub place: bool,
}

/// A hint worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The next logical step, for the hint ladder to climb.
    Step(LogicStep),
    /// The digit to place ([`Game::hint`]); `None` when the board is solved.
    Place(Option<Hint>),
}

impl Answer {
    /// The answer to `request` on `game` (the work itself: milliseconds to
    /// seconds). An explanation asked for where logic finds no step (a
    /// wrong entry, or logic stuck) becomes a digit to place.
    pub fn work_out(game: &Game, request: Request) -> Answer {
        if !request.place {
            if let Some(step) = game.next_step() {
                return Answer::Step(step);
            }
        }
        Answer::Place(game.hint())
    }
}

/// The hint asked for and not yet taken, and the thread that works hints
/// out (started with the first one).
#[derive(Debug, Default)]
pub struct Hints {
    worker: Option<Worker>,
    /// The request sent and not answered yet.
    out: Option<Request>,
    /// An answer worked out here, when the thread could not be started.
    ready: Option<(Request, Answer)>,
}

/// The hint thread: requests in, each with its answer out.
type Worker = crate::background::Worker<(Request, Game), (Request, Answer)>;

/// A thread that works out each hint sent to it, in turn.
fn start() -> Option<Worker> {
    Worker::start("hints", |(request, game)| {
        (request, Answer::work_out(&game, request))
    })
}

impl Hints {
    /// No hint asked for yet.
    pub fn new() -> Hints {
        Hints::default()
    }

    /// Asks for `request` on `game` unless it is already being worked out.
    /// Where no thread can be started, it is worked out at once.
    pub fn ask(&mut self, request: Request, game: &Game) {
        if self.out == Some(request) || self.ready.as_ref().is_some_and(|r| r.0 == request) {
            return;
        }
        if self.worker.is_none() {
            self.worker = start();
        }
        let sent = self
            .worker
            .as_ref()
            .is_some_and(|w| w.jobs.send((request, game.clone())).is_ok());
        if sent {
            self.out = Some(request);
        } else {
            self.worker = None;
            self.ready = Some((request, Answer::work_out(game, request)));
        }
    }

    /// Whether a hint is being worked out or waits to be taken.
    pub fn busy(&self) -> bool {
        self.out.is_some() || self.ready.is_some()
    }

    /// The answer that came back, if any (the latest request's: answers to
    /// earlier ones are dropped).
    pub fn collect(&mut self) -> Option<(Request, Answer)> {
        if let Some(ready) = self.ready.take() {
            return Some(ready);
        }
        let worker = self.worker.as_ref()?;
        let mut latest = None;
        while let Ok((request, answer)) = worker.answers.try_recv() {
            if self.out == Some(request) {
                self.out = None;
                latest = Some((request, answer));
            }
        }
        latest
    }

    /// Waits for the hint being worked out, and returns it (tests, which
    /// read the screen at once).
    pub fn wait(&mut self) -> Option<(Request, Answer)> {
        if let Some(ready) = self.ready.take() {
            return Some(ready);
        }
        let out = self.out?;
        let worker = self.worker.as_ref()?;
        while let Ok((request, answer)) = worker.answers.recv() {
            if request == out {
                self.out = None;
                return Some((request, answer));
            }
        }
        // The thread is gone: nothing will come back.
        self.out = None;
        self.worker = None;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::EASY;

    fn game() -> Game {
        Game::new(EASY.parse().unwrap()).unwrap()
    }

    #[test]
    fn a_hint_comes_back_from_the_thread() {
        let game = game();
        let mut hints = Hints::new();
        assert!(!hints.busy());
        assert_eq!(hints.collect(), None);
        let explain = Request {
            board: *game.grid(),
            place: false,
        };
        hints.ask(explain, &game);
        hints.ask(explain, &game);
        assert!(hints.busy());
        let (request, answer) = hints.wait().unwrap();
        assert_eq!(request, explain);
        assert_eq!(answer, Answer::Step(game.next_step().unwrap()));
        assert!(!hints.busy());
        let place = Request {
            place: true,
            ..explain
        };
        hints.ask(place, &game);
        assert_eq!(hints.wait(), Some((place, Answer::Place(game.hint()))));
    }

    #[test]
    fn only_the_latest_request_is_answered() {
        let game = game();
        let mut hints = Hints::new();
        let first = Request {
            board: *game.grid(),
            place: false,
        };
        let second = Request {
            place: true,
            ..first
        };
        hints.ask(first, &game);
        hints.ask(second, &game);
        let (request, _) = hints.wait().unwrap();
        assert_eq!(request, second);
        assert!(!hints.busy());
        assert_eq!(hints.collect(), None, "the first answer is dropped");
    }

    #[test]
    fn a_solved_board_has_nothing_to_place() {
        let mut game = game();
        while let Some(hint) = game.hint() {
            game.place(hint.cell, hint.digit).unwrap();
        }
        let request = Request {
            board: *game.grid(),
            place: false,
        };
        assert_eq!(Answer::work_out(&game, request), Answer::Place(None));
    }
}
