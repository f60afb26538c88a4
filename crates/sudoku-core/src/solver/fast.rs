//! The fast solver: band-wise bitboards with constraint propagation.

use crate::grid::Grid;
use crate::pos::{Cell, Digit};
use crate::solver::{bitboard, SearchStats, Solver, SolverKind};

/// The fast solver: per-digit band bitboards, naked and hidden singles,
/// locked candidates inside band updates, guesses on bivalue cells. Many
/// times faster than [`Dfs`](crate::Dfs), with the same answers.
///
/// ```
/// use sudoku_core::{Fast, Grid, Solver};
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
///         .parse()
///         .unwrap();
/// let solution = Fast.solve(&puzzle).unwrap();
/// assert!(puzzle.is_solved_by(&solution));
/// assert_eq!(Fast.solutions_count_up_to(&puzzle, 2), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fast;

impl Fast {
    /// [`Solver::search`], also counting the guesses the search makes (see
    /// [`SearchStats::guesses`]). A separate build of the search: the plain
    /// one has no counter and costs nothing more for it.
    ///
    /// ```
    /// use sudoku_core::{Fast, Grid};
    /// let easy: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()
    ///         .unwrap();
    /// let mut first = None;
    /// let stats = Fast.search_with_stats(&easy, 1, &mut |grid| first = Some(*grid));
    /// assert_eq!((stats.solutions, stats.guesses), (1, 0));
    /// assert!(easy.is_solved_by(&first.unwrap()));
    /// ```
    pub fn search_with_stats(
        &self,
        puzzle: &Grid,
        limit: usize,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> SearchStats {
        let (solutions, guesses) =
            bitboard::search_counting_guesses(puzzle.cells(), limit, |cells| {
                if let Some(grid) = Grid::from_cells(*cells) {
                    on_solution(&grid);
                }
            });
        SearchStats { solutions, guesses }
    }
}

impl Solver for Fast {
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        bitboard::search(puzzle.cells(), limit, |cells| {
            if let Some(grid) = Grid::from_cells(*cells) {
                on_solution(&grid);
            }
        })
    }

    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        let mut found = None;
        bitboard::search(puzzle.cells(), 1, |cells| found = Some(*cells));
        found.and_then(Grid::from_cells)
    }

    fn solutions_count_up_to(&self, puzzle: &Grid, limit: usize) -> usize {
        bitboard::search(puzzle.cells(), limit, |_| {})
    }

    fn kind(&self) -> Option<SolverKind> {
        Some(SolverKind::Fast)
    }

    fn has_solution_without(&self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        let given = puzzle.cells()[cell.index()];
        if given != 0 {
            return given != digit.get() && self.solutions_count_up_to(puzzle, 1) > 0;
        }
        // One search with the digit struck from the cell's candidates.
        bitboard::search_without(puzzle.cells(), cell.index(), digit.index()) > 0
    }
}
