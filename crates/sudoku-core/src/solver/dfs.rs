//! The classic depth-first search of the original games.
//!
//! It keeps, per row, column and box, which digits are used, picks the empty
//! cell with the fewest possible digits (the first in reading order on a
//! tie), tries its digits in increasing order and backs up when a cell has
//! none left. [`DfsSteps`] runs the search one step at a time, so a frontend
//! can animate it and stop it whenever it likes.

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::pos::{Cell, Digit};
use crate::solver::{SearchStats, Solver, SolverKind};

/// The classic depth-first search. See [`DfsSteps`] for the step-by-step
/// form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dfs;

/// One event of the depth-first search, as [`DfsSteps`] and the observer of
/// [`Dfs::solve_with`] see it: a digit tried, a digit taken back, a
/// solution. (The logic engine's explained step is a different thing,
/// [`LogicStep`](crate::LogicStep).)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DfsStep {
    /// A digit is tried in a cell.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit tried.
        digit: Digit,
    },
    /// A tried digit is taken back out of a cell.
    Remove {
        /// The cell.
        cell: Cell,
        /// The digit taken out.
        digit: Digit,
    },
    /// The grid is full: a solution. The search goes on to the next one if
    /// the caller keeps asking.
    Solution(Grid),
}

/// The name [`DfsStep`] had in 0.1.0, when the crate root also held the
/// logic engine's step as `LogicStep`.
#[deprecated(note = "renamed `DfsStep`, to tell it from the logic engine's `LogicStep`")]
pub type Step = DfsStep;

/// How a run with an observer ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfsReport {
    /// The first solution, when one was found.
    pub solution: Option<Grid>,
    /// How many digits were placed (tried) on the way.
    pub steps: u64,
    /// Whether the observer stopped the search early.
    pub stopped: bool,
}

impl Dfs {
    /// The search of `puzzle` as an iterator of steps.
    pub fn steps(&self, puzzle: &Grid) -> DfsSteps {
        DfsSteps::new(puzzle)
    }

    /// Searches for the first solution, showing every step to `observer`,
    /// which may stop the search by returning `ControlFlow::Break`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sudoku_core::{Dfs, DfsStep, Grid};
    /// let puzzle: Grid = ".".repeat(81).parse().unwrap();
    /// let mut placed = 0;
    /// let report = Dfs.solve_with(&puzzle, |step| {
    ///     if matches!(step, DfsStep::Place { .. }) {
    ///         placed += 1;
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(report.solution.unwrap().is_solved());
    /// assert_eq!(report.steps, placed);
    /// ```
    pub fn solve_with(
        &self,
        puzzle: &Grid,
        mut observer: impl FnMut(&DfsStep) -> ControlFlow<()>,
    ) -> DfsReport {
        let mut steps = DfsSteps::new(puzzle);
        let mut stopped = false;
        let mut solution = None;
        for step in steps.by_ref() {
            if observer(&step).is_break() {
                stopped = true;
                break;
            }
            if let DfsStep::Solution(grid) = step {
                solution = Some(grid);
                break;
            }
        }
        DfsReport {
            solution,
            steps: steps.placed(),
            stopped,
        }
    }
}

impl Dfs {
    /// [`Solver::search`], also counting the guesses (see
    /// [`SearchStats::guesses`]): digits placed in a cell that still had
    /// another digit to try.
    ///
    /// ```
    /// use sudoku_core::{Dfs, Grid};
    /// let puzzle: Grid =
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    ///         .parse()
    ///         .unwrap();
    /// let stats = Dfs.search_with_stats(&puzzle, 2, &mut |_| {});
    /// assert_eq!(stats.solutions, 1);
    /// assert!(stats.guesses > 0);
    /// ```
    pub fn search_with_stats(
        &self,
        puzzle: &Grid,
        limit: usize,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> SearchStats {
        let mut steps = DfsSteps::new(puzzle);
        let mut solutions = 0;
        if limit > 0 {
            for step in steps.by_ref() {
                if let DfsStep::Solution(grid) = step {
                    on_solution(&grid);
                    solutions += 1;
                    if solutions == limit {
                        break;
                    }
                }
            }
        }
        SearchStats {
            solutions,
            guesses: steps.guesses(),
        }
    }
}

impl Solver for Dfs {
    fn kind(&self) -> Option<SolverKind> {
        Some(SolverKind::Dfs)
    }

    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        self.search_with_stats(puzzle, limit, on_solution).solutions
    }
}

/// A cell being tried: the digits left to try and the one in it now.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u8,
    left: u16,
    current: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Descend,
    Advance,
    Done,
}

/// The depth-first search as an iterator of [`DfsStep`]s; it ends when every
/// possibility has been tried.
///
/// ```
/// use sudoku_core::{DfsStep, DfsSteps, Grid};
/// let puzzle: Grid =
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286.7."
///         .parse()
///         .unwrap();
/// let steps: Vec<DfsStep> = DfsSteps::new(&puzzle).collect();
/// assert_eq!(steps.len(), 5); // place 1, place 9, solution, remove 9, remove 1
/// assert!(matches!(steps[2], DfsStep::Solution(_)));
/// ```
#[derive(Clone, Debug)]
pub struct DfsSteps {
    grid: [u8; 81],
    used: [[u16; 9]; 3],
    stack: Vec<Frame>,
    phase: Phase,
    placed: u64,
    guesses: u64,
}

impl DfsSteps {
    /// The search of `puzzle`, before its first step.
    pub fn new(puzzle: &Grid) -> DfsSteps {
        let mut steps = DfsSteps {
            grid: *puzzle.cells(),
            used: [[0; 9]; 3],
            stack: Vec::with_capacity(81),
            phase: Phase::Descend,
            placed: 0,
            guesses: 0,
        };
        for i in 0..81 {
            let v = steps.grid[i];
            if v != 0 {
                let bit = 1 << v;
                if steps.masks(i).iter().any(|&m| m & bit != 0) {
                    steps.phase = Phase::Done; // the givens conflict
                }
                steps.mark(i, v);
            }
        }
        steps
    }

    /// How many digits have been placed so far.
    pub fn placed(&self) -> u64 {
        self.placed
    }

    /// How many of the digits placed so far were guesses: placed in a cell
    /// that still had another digit to try.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// The grid as the search has it now.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.grid).expect("the search holds only digits")
    }

    fn masks(&self, i: usize) -> [u16; 3] {
        let (r, c) = (i / 9, i % 9);
        [
            self.used[0][r],
            self.used[1][c],
            self.used[2][r / 3 * 3 + c / 3],
        ]
    }

    fn mark(&mut self, i: usize, v: u8) {
        let (r, c) = (i / 9, i % 9);
        self.used[0][r] |= 1 << v;
        self.used[1][c] |= 1 << v;
        self.used[2][r / 3 * 3 + c / 3] |= 1 << v;
    }

    fn unmark(&mut self, i: usize, v: u8) {
        let (r, c) = (i / 9, i % 9);
        self.used[0][r] &= !(1 << v);
        self.used[1][c] &= !(1 << v);
        self.used[2][r / 3 * 3 + c / 3] &= !(1 << v);
    }

    /// The empty cell with the fewest candidates and those candidates, or
    /// `None` when the grid is full.
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        let mut best_count = u32::MAX;
        for i in 0..81 {
            if self.grid[i] != 0 {
                continue;
            }
            let [r, c, b] = self.masks(i);
            let left = !(r | c | b) & 0x3fe;
            let count = left.count_ones();
            if count < best_count {
                best = Some((i, left));
                best_count = count;
                if count <= 1 {
                    break;
                }
            }
        }
        best
    }

    fn step(cell: u8, digit: u8) -> (Cell, Digit) {
        let cell = Cell::new(usize::from(cell)).expect("frames hold cells 0..81");
        let digit = Digit::new(digit).expect("frames hold digits 1..=9");
        (cell, digit)
    }
}

impl Iterator for DfsSteps {
    type Item = DfsStep;

    fn next(&mut self) -> Option<DfsStep> {
        loop {
            match self.phase {
                Phase::Done => return None,
                Phase::Descend => {
                    self.phase = Phase::Advance;
                    match self.choose() {
                        None => return Some(DfsStep::Solution(self.grid())),
                        Some((cell, left)) => self.stack.push(Frame {
                            cell: cell as u8,
                            left,
                            current: 0,
                        }),
                    }
                }
                Phase::Advance => {
                    let Some(top) = self.stack.last_mut() else {
                        self.phase = Phase::Done;
                        return None;
                    };
                    let (i, current) = (usize::from(top.cell), top.current);
                    if current != 0 {
                        top.current = 0;
                        self.grid[i] = 0;
                        self.unmark(i, current);
                        let (cell, digit) = Self::step(i as u8, current);
                        return Some(DfsStep::Remove { cell, digit });
                    }
                    if top.left == 0 {
                        self.stack.pop();
                        continue;
                    }
                    let v = top.left.trailing_zeros() as u8;
                    top.left &= top.left - 1;
                    let guess = top.left != 0;
                    top.current = v;
                    self.grid[i] = v;
                    self.mark(i, v);
                    self.placed += 1;
                    self.guesses += u64::from(guess);
                    self.phase = Phase::Descend;
                    let (cell, digit) = Self::step(i as u8, v);
                    return Some(DfsStep::Place { cell, digit });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        text.parse().unwrap()
    }

    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn solves_a_hard_puzzle() {
        let puzzle = grid(HARD);
        let solution = Dfs.solve(&puzzle).unwrap();
        assert!(puzzle.is_solved_by(&solution));
        assert_eq!(Dfs.solutions_count_up_to(&puzzle, 5), 1);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut text = HARD.to_string();
        text.replace_range(1..2, "8");
        assert_eq!(Dfs.solutions_count_up_to(&grid(&text), 2), 0);
        assert_eq!(DfsSteps::new(&grid(&text)).count(), 0);
    }

    #[test]
    fn unsolvable_without_conflicts() {
        // Row 1 leaves 9 for a1, but column a already has a 9.
        let text = format!("{}{}{}", ".12345678", "9........", ".".repeat(63));
        let puzzle = grid(&text);
        assert_eq!(Dfs.solve(&puzzle), None);
        let report = Dfs.solve_with(&puzzle, |_| ControlFlow::Continue(()));
        assert_eq!(report.solution, None);
        assert!(!report.stopped);
    }

    #[test]
    fn counts_up_to_the_limit() {
        let empty = Grid::empty();
        assert_eq!(Dfs.solutions_count_up_to(&empty, 0), 0);
        assert_eq!(Dfs.solutions_count_up_to(&empty, 1), 1);
        assert_eq!(Dfs.solutions_count_up_to(&empty, 7), 7);
        let all = Dfs.solutions_up_to(&empty, 3);
        assert_eq!(all.len(), 3);
        assert!(all.iter().all(Grid::is_solved));
        assert!(all[0] != all[1] && all[1] != all[2]);
    }

    #[test]
    fn observer_sees_balanced_steps_and_can_stop() {
        let puzzle = grid(HARD);
        let mut depth: i64 = 0;
        let mut shown = puzzle;
        let report = Dfs.solve_with(&puzzle, |step| {
            match *step {
                DfsStep::Place { cell, digit } => {
                    assert!(shown.get(cell).is_none());
                    shown.set(cell, Some(digit));
                    depth += 1;
                }
                DfsStep::Remove { cell, digit } => {
                    assert_eq!(shown.set(cell, None), Some(digit));
                    depth -= 1;
                }
                DfsStep::Solution(g) => assert_eq!(g, shown),
            }
            ControlFlow::Continue(())
        });
        assert_eq!(Some(shown), report.solution);
        assert_eq!(
            depth as usize,
            puzzle.cells().iter().filter(|&&v| v == 0).count()
        );
        let mut seen = 0;
        let stopped = Dfs.solve_with(&puzzle, |_| {
            seen += 1;
            if seen == 10 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(stopped.stopped && stopped.solution.is_none());
        assert_eq!(seen, 10);
    }

    #[test]
    fn guesses_are_placements_with_another_digit_left() {
        // An easy puzzle: every cell the search picks has one digit left.
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let stats = Dfs.search_with_stats(&easy, 2, &mut |_| {});
        assert_eq!((stats.solutions, stats.guesses), (1, 0));
        // A hard one: guesses, fewer than the placements, and the same
        // answer as the plain search.
        let puzzle = grid(HARD);
        let mut first = None;
        let stats = Dfs.search_with_stats(&puzzle, 1, &mut |g| first = first.or(Some(*g)));
        let report = Dfs.solve_with(&puzzle, |_| ControlFlow::Continue(()));
        assert_eq!(first, report.solution);
        assert!(stats.guesses > 0 && stats.guesses < report.steps);
        // Counted by hand on the iterator: a placement whose frame had
        // digits left after it.
        let mut steps = DfsSteps::new(&puzzle);
        let mut left_after = 0;
        while let Some(step) = steps.next() {
            if let DfsStep::Solution(_) = step {
                break;
            }
            if let (DfsStep::Place { .. }, Some(top)) = (step, steps.stack.last()) {
                left_after += u64::from(top.left != 0);
            }
        }
        assert_eq!(steps.guesses(), left_after);
        assert_eq!(steps.guesses(), stats.guesses);
        assert_eq!(Dfs.search_with_stats(&puzzle, 0, &mut |_| {}).solutions, 0);
    }

    #[test]
    fn the_search_ends_with_an_empty_board() {
        let puzzle = grid(HARD);
        let mut steps = DfsSteps::new(&puzzle);
        for _ in steps.by_ref() {}
        assert_eq!(steps.grid(), puzzle);
    }
}
