//! The auto-solve animation: the core's depth-first search pulled a few
//! steps per tick, so every placement and removal can be drawn.

use std::time::Duration;

use sudoku_core::{DfsStep, DfsSteps, Grid};

/// The speeds, slowest first, in steps per second; `None` is instant.
pub const SPEEDS: &[Option<u32>] = &[
    Some(1),
    Some(2),
    Some(5),
    Some(10),
    Some(25),
    Some(50),
    Some(100),
    Some(250),
    Some(1000),
    Some(5000),
    None,
];

/// The speed a new animation starts at (an index into [`SPEEDS`]).
pub const DEFAULT_SPEED: usize = 4;

/// The fastest a tick comes, so the screen is not redrawn more often than
/// the eye can follow.
const MIN_TICK: Duration = Duration::from_millis(16);

/// How many steps an instant tick takes at most, so input stays responsive
/// even on puzzles the search needs millions of steps for.
const INSTANT_BUDGET: u64 = 50_000;

/// Where the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Still searching.
    Running,
    /// A solution was found after this many placements.
    Solved(u64),
    /// Every possibility was tried, in this many placements: no solution.
    NoSolution(u64),
}

/// A running (or finished) auto-solve.
#[derive(Clone, Debug)]
pub struct Animation {
    steps: DfsSteps,
    grid: Grid,
    last: Option<DfsStep>,
    speed: usize,
    paused: bool,
    state: State,
}

impl Animation {
    /// The search from `start` (givens and the player's entries) at speed
    /// `speed` (an index into [`SPEEDS`], clamped).
    pub fn new(start: &Grid, speed: usize) -> Animation {
        Animation {
            steps: DfsSteps::new(start),
            grid: *start,
            last: None,
            speed: speed.min(SPEEDS.len() - 1),
            paused: false,
            state: State::Running,
        }
    }

    /// The grid as the search has it now.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The last step taken (a placement or a removal), for drawing it in its
    /// own colour.
    pub fn last_step(&self) -> Option<DfsStep> {
        self.last
    }

    /// The step counter: how many digits the search has placed.
    pub fn placed(&self) -> u64 {
        self.steps.placed()
    }

    /// Where the search is.
    pub fn state(&self) -> State {
        self.state
    }

    /// Whether the search still runs (even paused).
    pub fn is_running(&self) -> bool {
        self.state == State::Running
    }

    /// Whether the animation is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Pauses or resumes; says whether it is paused now.
    pub fn toggle_pause(&mut self) -> bool {
        self.paused = !self.paused;
        self.paused
    }

    /// The speed, an index into [`SPEEDS`].
    pub fn speed(&self) -> usize {
        self.speed
    }

    /// Sets the speed (an index into [`SPEEDS`], clamped).
    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS.len() - 1);
    }

    /// How long to wait between ticks, or `None` when nothing moves
    /// (paused or finished).
    pub fn interval(&self) -> Option<Duration> {
        if self.paused || !self.is_running() {
            return None;
        }
        Some(match SPEEDS[self.speed] {
            Some(per_second) => (Duration::from_secs(1) / per_second).max(MIN_TICK),
            None => Duration::ZERO,
        })
    }

    /// How many steps one tick takes.
    fn steps_per_tick(&self) -> u64 {
        match SPEEDS[self.speed] {
            Some(per_second) => {
                let per_tick = u128::from(per_second) * MIN_TICK.as_millis() / 1000;
                u64::try_from(per_tick).unwrap_or(u64::MAX).max(1)
            }
            None => INSTANT_BUDGET,
        }
    }

    /// One tick: the steps of one frame at the current speed (nothing when
    /// paused or finished).
    pub fn tick(&mut self) {
        if !self.paused {
            self.advance(self.steps_per_tick());
        }
    }

    /// Takes up to `count` steps of the search, stopping at the first
    /// solution.
    pub fn advance(&mut self, count: u64) {
        for _ in 0..count {
            if !self.is_running() {
                return;
            }
            match self.steps.next() {
                Some(step @ DfsStep::Place { cell, digit }) => {
                    self.grid.set(cell, Some(digit));
                    self.last = Some(step);
                }
                Some(step @ DfsStep::Remove { cell, .. }) => {
                    self.grid.set(cell, None);
                    self.last = Some(step);
                }
                Some(DfsStep::Solution(grid)) => {
                    self.grid = grid;
                    self.state = State::Solved(self.steps.placed());
                }
                None => self.state = State::NoSolution(self.steps.placed()),
            }
        }
    }
}

/// `25 steps/s` or `instant`.
pub fn speed_name(speed: usize) -> String {
    match SPEEDS.get(speed).copied().flatten() {
        Some(per_second) => format!("{per_second} steps/s"),
        None => "instant".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEARLY: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

    #[test]
    fn steps_are_pulled_one_by_one() {
        let start: Grid = NEARLY.parse().unwrap();
        let mut animation = Animation::new(&start, 0);
        assert_eq!(animation.interval(), Some(Duration::from_secs(1)));
        animation.tick();
        assert_eq!(animation.placed(), 1);
        assert!(matches!(animation.last_step(), Some(DfsStep::Place { .. })));
        assert!(animation.is_running());
        animation.tick();
        animation.tick();
        assert_eq!(animation.state(), State::Solved(2));
        assert!(animation.grid().is_solved());
        assert_eq!(animation.interval(), None);
        animation.tick();
        assert_eq!(animation.placed(), 2);
    }

    #[test]
    fn pause_stops_the_ticks() {
        let mut animation = Animation::new(&Grid::empty(), DEFAULT_SPEED);
        assert!(animation.toggle_pause());
        assert_eq!(animation.interval(), None);
        animation.tick();
        assert_eq!(animation.placed(), 0);
        assert!(!animation.toggle_pause());
        animation.tick();
        assert_eq!(animation.placed(), 1);
    }

    #[test]
    fn removals_blank_the_cell() {
        // AI Escargot: the search has to back up
        let start = sudoku_core::builtin::PUZZLES[7].grid().unwrap();
        let mut animation = Animation::new(&start, 0);
        let mut removed = false;
        while animation.is_running() && !removed {
            animation.advance(1);
            if let Some(DfsStep::Remove { cell, .. }) = animation.last_step() {
                assert_eq!(animation.grid().get(cell), None);
                removed = true;
            }
        }
        assert!(removed, "no removal before {:?}", animation.state());
    }

    #[test]
    fn a_dead_position_ends_without_a_solution() {
        let dead: Grid = format!("{}{}{}", ".12345678", "9........", ".".repeat(63))
            .parse()
            .unwrap();
        let mut animation = Animation::new(&dead, SPEEDS.len() - 1);
        assert_eq!(animation.interval(), Some(Duration::ZERO));
        animation.tick();
        assert_eq!(animation.state(), State::NoSolution(0));
    }

    #[test]
    fn speeds_clamp_and_read() {
        let mut animation = Animation::new(&Grid::empty(), 99);
        assert_eq!(animation.speed(), SPEEDS.len() - 1);
        assert_eq!(speed_name(animation.speed()), "instant");
        animation.set_speed(1);
        assert_eq!(speed_name(animation.speed()), "2 steps/s");
        animation.set_speed(8);
        assert_eq!(animation.steps_per_tick(), 16);
        animation.advance(1_000_000);
        assert!(matches!(animation.state(), State::Solved(81)));
    }
}
