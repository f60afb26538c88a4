//! Solvers behind one small API: the [`Solver`] trait.
//!
//! - [`Auto`]: the default; each puzzle to the engine fastest for it on
//!   this machine, `Fast`'s or `Triad`'s, chosen after the first propagation.
//! - [`Dfs`]: the classic depth-first search of the original games, on the
//!   row/column/box counters, with a step observer for animation.
//! - [`Fast`]: band-wise bitboards with constraint propagation.
//! - [`Triad`]: the whole board in SIMD registers (box-band triads), with
//!   run-time choice of AVX-512, AVX2, SSE4.1 or portable code; fewer
//!   guesses on hard puzzles.
//!
//! Every solver finds the first solution, counts solutions up to a limit,
//! tells uniqueness and enumerates solutions. Givens that already conflict
//! have no solution.

mod auto;
mod bitboard;
mod dfs;
mod fast;
mod triad;

pub use auto::Auto;
#[allow(deprecated)] // the old name, kept for 0.1 callers
pub use dfs::Step;
pub use dfs::{Dfs, DfsReport, DfsStep, DfsSteps};
pub use fast::Fast;
pub use triad::Triad;

pub(crate) use auto::{givens_count_up_to, givens_have_solution_without};
pub(crate) use bitboard::Givens as FastGivens;

use crate::grid::Grid;
use crate::pos::{Cell, Digit};

/// What every solver offers. Only [`Solver::search`] must be written; the
/// rest follows from it.
///
/// ```
/// use sudoku_core::{Dfs, Grid, Solver};
/// let puzzle: Grid =
///     "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
///         .parse()
///         .unwrap();
/// let solution = Dfs.solve(&puzzle).unwrap();
/// assert!(puzzle.is_solved_by(&solution));
/// assert!(Dfs.is_uniquely_solvable(&puzzle));
/// ```
pub trait Solver {
    /// Finds solutions of `puzzle`, stopping after `limit` of them; calls
    /// `on_solution` with each and returns how many were found.
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize;

    /// The first solution, or `None` when there is none.
    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        let mut found = None;
        self.search(puzzle, 1, &mut |grid| found = Some(*grid));
        found
    }

    /// The number of solutions, counted up to `limit` (so `limit` means
    /// "`limit` or more").
    fn solutions_count_up_to(&self, puzzle: &Grid, limit: usize) -> usize {
        self.search(puzzle, limit, &mut |_| {})
    }

    /// Whether the puzzle has exactly one solution.
    fn is_uniquely_solvable(&self, puzzle: &Grid) -> bool {
        self.solutions_count_up_to(puzzle, 2) == 1
    }

    /// Whether `puzzle` has a solution without `digit` at `cell` (a given
    /// there stays as it is). This is the generator's uniqueness test: after
    /// blanking a given of a puzzle with one solution, the puzzle still has
    /// one exactly when no solution avoids the old digit in that cell.
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Fast, Grid, Solver};
    /// let solution: Grid =
    ///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    ///         .parse()
    ///         .unwrap();
    /// let mut cells = *solution.cells();
    /// cells[0] = 0; // one blank cell is forced back to its 5
    /// let puzzle = Grid::from_cells(cells).unwrap();
    /// let (a1, five) = (Cell::new(0).unwrap(), Digit::new(5).unwrap());
    /// assert!(!Fast.has_solution_without(&puzzle, a1, five));
    /// assert!(Fast.has_solution_without(&puzzle, a1, Digit::new(4).unwrap()));
    /// ```
    fn has_solution_without(&self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        let i = cell.index();
        let mut cells = *puzzle.cells();
        if cells[i] != 0 {
            return cells[i] != digit.get() && self.solutions_count_up_to(puzzle, 1) > 0;
        }
        Digit::all().filter(|&d| d != digit).any(|d| {
            cells[i] = d.get();
            Grid::from_cells(cells).is_some_and(|grid| self.solutions_count_up_to(&grid, 1) > 0)
        })
    }

    /// Which built-in solver this is; `None` (the default) for solvers
    /// written elsewhere. The generator uses it to reach the fast solver's
    /// incremental state.
    fn kind(&self) -> Option<SolverKind> {
        None
    }

    /// Up to `limit` solutions, in the order the solver finds them.
    fn solutions_up_to(&self, puzzle: &Grid, limit: usize) -> Vec<Grid> {
        let mut all = Vec::new();
        self.search(puzzle, limit, &mut |grid| all.push(*grid));
        all
    }
}

/// How a search went: what [`Fast::search_with_stats`] and
/// [`Dfs::search_with_stats`] report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The solutions found, up to the limit asked.
    pub solutions: usize,
    /// The guesses made: digits tried in a cell that still had another
    /// candidate left to try. The last candidate of a cell, tried after the
    /// others failed, is forced and not counted; 0 means the puzzle was
    /// solved (or counted) by the solver's deductions alone.
    pub guesses: u64,
}

/// The solvers by name, for frontends that let the user choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// The router: `Fast` or `Triad` per puzzle, chosen for this machine
    /// after the first propagation.
    #[default]
    Auto,
    /// The fast bitboard solver.
    Fast,
    /// The classic depth-first search.
    Dfs,
    /// The SIMD triad solver.
    Triad,
}

impl SolverKind {
    /// Every solver, fastest first.
    pub const ALL: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Fast,
        SolverKind::Triad,
        SolverKind::Dfs,
    ];

    /// The solver's name on the command line and in benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Auto => "auto",
            SolverKind::Fast => "fast",
            SolverKind::Dfs => "dfs",
            SolverKind::Triad => "triad",
        }
    }

    /// The solver itself.
    pub fn solver(self) -> &'static dyn Solver {
        match self {
            SolverKind::Auto => &Auto,
            SolverKind::Fast => &Fast,
            SolverKind::Dfs => &Dfs,
            SolverKind::Triad => &Triad,
        }
    }

    /// [`Solver::search`], also counting the solver's guesses.
    ///
    /// ```
    /// use sudoku_core::{Grid, SolverKind};
    /// let empty = Grid::empty();
    /// for kind in SolverKind::ALL {
    ///     let stats = kind.search_with_stats(&empty, 2, &mut |_| {});
    ///     assert_eq!(stats.solutions, 2);
    ///     assert!(stats.guesses > 0, "{}", kind.name());
    /// }
    /// ```
    pub fn search_with_stats(
        self,
        puzzle: &Grid,
        limit: usize,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> SearchStats {
        match self {
            SolverKind::Auto => Auto.search_with_stats(puzzle, limit, on_solution),
            SolverKind::Fast => Fast.search_with_stats(puzzle, limit, on_solution),
            SolverKind::Dfs => Dfs.search_with_stats(puzzle, limit, on_solution),
            SolverKind::Triad => Triad.search_with_stats(puzzle, limit, on_solution),
        }
    }
}

/// Each method goes to the chosen solver's own, not to the trait's default built on
/// [`Solver::search`]: a solver's `solve` and `solutions_count_up_to` skip the callback
/// per solution (and `Auto` routes a count on its own line), which the defaults would lose.
impl Solver for SolverKind {
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        self.solver().search(puzzle, limit, on_solution)
    }

    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        self.solver().solve(puzzle)
    }

    fn solutions_count_up_to(&self, puzzle: &Grid, limit: usize) -> usize {
        self.solver().solutions_count_up_to(puzzle, limit)
    }

    fn has_solution_without(&self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        self.solver().has_solution_without(puzzle, cell, digit)
    }
}

/// The solver the library uses when the caller does not choose.
pub(crate) fn default_solver() -> &'static dyn Solver {
    SolverKind::default().solver()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_answers_as_its_solver_does() {
        let puzzles = [
            // One solution.
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            // Many solutions.
            ".................................................................................",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....",
            // None: two 1s in the first row.
            "11...............................................................................",
        ];
        let (a1, one) = (Cell::new(0).unwrap(), Digit::new(1).unwrap());
        for kind in SolverKind::ALL {
            let solver = kind.solver();
            for p in puzzles {
                let grid: Grid = p.parse().unwrap();
                assert_eq!(kind.solve(&grid), solver.solve(&grid), "{}", kind.name());
                assert_eq!(
                    kind.solve(&grid),
                    solver.solutions_up_to(&grid, 1).first().copied()
                );
                for limit in [1, 2, 5] {
                    let n = kind.solutions_count_up_to(&grid, limit);
                    assert_eq!(n, solver.solutions_count_up_to(&grid, limit));
                    assert_eq!(n, solver.search(&grid, limit, &mut |_| {}));
                }
                assert_eq!(
                    kind.has_solution_without(&grid, a1, one),
                    solver.has_solution_without(&grid, a1, one)
                );
            }
        }
    }
}
