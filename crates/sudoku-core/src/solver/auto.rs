//! The router: each puzzle to an engine chosen for it on this machine after
//! the first propagation, so that no kind of puzzle is slow (on some CPUs
//! that costs a little on the others; below).
//!
//! [`Fast`](crate::Fast)'s engine places the givens and propagates (singles,
//! locked candidates): most puzzles are then solved or nearly, and its
//! search goes on from there. A puzzle with many cells still open is a hard
//! one, where [`Triad`](crate::Triad)'s stronger propagation (a third fewer
//! guesses) pays for its dearer steps, if the CPU runs one of Triad's SIMD
//! builds well: the router then hands it over, with the candidates `Fast`'s
//! propagation left (its work is not thrown away, and the triad engine does
//! not place the givens again). On a CPU without Triad's
//! AVX-512 build the router keeps every puzzle on `Fast`: on an AMD EPYC
//! (AVX2), handing puzzles to Triad's AVX2 build above any line of open
//! cells took more time and more instructions than it saved; it wins only
//! on the puzzles where `Fast` guesses most, which open cells do not pick
//! out (docs/benchmarks.md).
//!
//! The line was measured on an Intel Xeon with AVX-512, buckets of the
//! shared sets by cells open after the first propagation: `Fast` is ahead
//! up to 40, `Triad` ahead when solving from 46 (the hardest puzzles left
//! with 46 to 50 open take `Fast` twice `Triad`'s time). Where the caller
//! sees solutions, the first of several depends on the engine, and the
//! line is [`SOLVE_ABOVE`]: a puzzle with 34 givens or more (as every
//! puzzle of `serg_benchmark`, which all have two solutions) never has more
//! than 47 cells open, so such puzzles keep `Fast`'s answers. A count (or a
//! yes/no) is the same whichever engine gives it, and a search that only
//! counts has its own line, [`COUNT_ABOVE`]: the buckets put it at 40, but
//! counting `serg_benchmark` to 2 (every puzzle 1 to 47 open) took 0.87
//! to 0.95 of the time with it at 47 as at 40 in four of five series of
//! paired runs (one gave 1.05), and at 44 1.07 of the time at 47, with the
//! hard sets, `17_clue` and the generator unchanged, so it is 47 too.
//!
//! On an AMD Zen 4, which runs the AVX-512 build too, the same line is a
//! trade: the triad engine is faster on the puzzles where `Fast` guesses
//! most and slower on most others (whole sets up to 1.2 times `Fast`'s
//! time), but those hardest puzzles are the ones where `Fast` alone falls
//! behind tdoku, so the line is kept for the worst case; raising it gives
//! the others back to `Fast` only by giving back the hardest too.

use super::bitboard::{counter, Ctx, Givens, Opened, Tally};
use super::triad::{self, Build};
use crate::grid::Grid;
use crate::pos::{Cell, Digit};
use crate::solver::{SearchStats, Solver, SolverKind};

/// A search that only counts goes to the triad engine with more open cells
/// than this after the first propagation (where [`triad_here`] allows).
pub(super) const COUNT_ABOVE: u32 = 47;

/// A search whose solutions the caller sees goes to the triad engine with
/// more open cells than this.
pub(super) const SOLVE_ABOVE: u32 = 47;

/// Whether the router may use the triad engine on this CPU: where its
/// AVX-512 build runs (or its AVX2 build too, with the `route-avx2` feature,
/// which exists so that valgrind can count this path).
fn triad_here() -> bool {
    if cfg!(feature = "route-avx2") {
        return matches!(Build::best(), Build::Avx512 | Build::Avx2);
    }
    Build::best() == Build::Avx512
}

/// Which engine searched a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Engine {
    /// The bitboard engine of [`Fast`](crate::Fast).
    Fast,
    /// The triad engine of [`Triad`](crate::Triad).
    Triad,
}

/// The search of `cells` (with digit `strike.1`, 0-based, struck from the
/// blank cell `strike.0` if given) into `ctx`, on the engine the router
/// chooses; `counts_only` when the caller sees no solution, only the count.
/// Returns the engine chosen.
#[inline(always)]
pub(super) fn run<F: FnMut(&[u8; 81]), T: Tally>(
    cells: &[u8; 81],
    strike: Option<(usize, usize)>,
    ctx: &mut Ctx<F, T>,
    counts_only: bool,
) -> Engine {
    if ctx.limit == 0 {
        return Engine::Fast;
    }
    // Built in this frame and searched from here: never moved (see `Opened::start`).
    let mut opened = Opened::blank();
    opened.start(cells, strike, false);
    route(&mut opened, ctx, counts_only)
}

/// Continues `opened` (a puzzle propagated by `Fast`'s engine) on the engine
/// the router chooses (see [`run`]): the triad engine starts from the
/// candidates the propagation left, not again from the givens.
#[inline(always)]
pub(super) fn route<F: FnMut(&[u8; 81]), T: Tally>(
    opened: &mut Opened,
    ctx: &mut Ctx<F, T>,
    counts_only: bool,
) -> Engine {
    let line = if counts_only {
        COUNT_ABOVE
    } else {
        SOLVE_ABOVE
    };
    if opened.open_cells() > line && triad_here() {
        triad::run_from(opened.candidates(), ctx, Build::best());
        Engine::Triad
    } else {
        opened.search(ctx);
        Engine::Fast
    }
}

/// The default solver: each puzzle goes to an engine chosen for it on this
/// machine after the first propagation (see the module notes). [`Fast`](crate::Fast)'s engine takes most puzzles; with
/// the AVX-512 build of [`Triad`](crate::Triad) on the CPU, the triad
/// engine takes those with more than 47 cells open.
/// The answers are those of either: the same for a puzzle with one
/// solution, and for one with several, the first found by the engine
/// chosen (which may depend on the CPU; the triad engine starts from
/// `Fast`'s propagation, which knows things its own does not, so its first
/// of several may differ from [`Triad`](crate::Triad)'s alone).
///
/// ```
/// use sudoku_core::{Auto, Fast, Grid, Solver};
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
///         .parse()
///         .unwrap();
/// let solution = Auto.solve(&puzzle).unwrap();
/// assert_eq!(Some(solution), Fast.solve(&puzzle));
/// assert!(Auto.is_uniquely_solvable(&puzzle));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Auto;

impl Auto {
    /// [`Solver::search`], also counting the guesses of the engine chosen
    /// (see [`Fast::search_with_stats`](crate::Fast::search_with_stats) and
    /// [`Triad::search_with_stats`](crate::Triad::search_with_stats): a
    /// guess is a digit in a cell for one, a digit's place in a band for the
    /// other).
    ///
    /// ```
    /// use sudoku_core::{Auto, Grid};
    /// let easy: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()
    ///         .unwrap();
    /// let stats = Auto.search_with_stats(&easy, 2, &mut |_| {});
    /// assert_eq!((stats.solutions, stats.guesses), (1, 0));
    /// ```
    pub fn search_with_stats(
        &self,
        puzzle: &Grid,
        limit: usize,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> SearchStats {
        let mut ctx = Ctx {
            count: 0,
            limit,
            on_solution: |cells: &[u8; 81]| {
                if let Some(grid) = Grid::from_cells(*cells) {
                    on_solution(&grid);
                }
            },
            guesses: 0u64,
        };
        run(puzzle.cells(), None, &mut ctx, false);
        SearchStats {
            solutions: ctx.count,
            guesses: ctx.guesses,
        }
    }
}

impl Solver for Auto {
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        let mut ctx = Ctx {
            count: 0,
            limit,
            on_solution: |cells: &[u8; 81]| {
                if let Some(grid) = Grid::from_cells(*cells) {
                    on_solution(&grid);
                }
            },
            guesses: (),
        };
        run(puzzle.cells(), None, &mut ctx, false);
        ctx.count
    }

    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        let mut found = None;
        let mut ctx = Ctx {
            count: 0,
            limit: 1,
            on_solution: |cells: &[u8; 81]| found = Some(*cells),
            guesses: (),
        };
        run(puzzle.cells(), None, &mut ctx, false);
        // A solution holds only digits 1-9: checking its 81 values again cost 300
        // instructions a puzzle.
        found.map(Grid::from_cells_unchecked)
    }

    fn solutions_count_up_to(&self, puzzle: &Grid, limit: usize) -> usize {
        let mut ctx = counter(limit);
        run(puzzle.cells(), None, &mut ctx, true);
        ctx.count
    }

    fn kind(&self) -> Option<SolverKind> {
        Some(SolverKind::Auto)
    }

    fn has_solution_without(&self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        let given = puzzle.cells()[cell.index()];
        if given != 0 {
            return given != digit.get() && self.solutions_count_up_to(puzzle, 1) > 0;
        }
        let mut ctx = counter(1);
        run(
            puzzle.cells(),
            Some((cell.index(), digit.index())),
            &mut ctx,
            true,
        );
        ctx.count > 0
    }
}

/// [`Givens::has_solution_without`](super::FastGivens), routed: whether some
/// solution avoids digit `digit` (0-based) at the blank cell `cell`.
pub(crate) fn givens_have_solution_without(givens: &Givens, cell: usize, digit: usize) -> bool {
    let strike = Some((cell, digit));
    let mut ctx = counter(1);
    route(&mut givens.opened(strike), &mut ctx, true);
    ctx.count > 0
}

/// [`Givens::count_up_to`](super::FastGivens), routed.
pub(crate) fn givens_count_up_to(givens: &Givens, limit: usize) -> usize {
    let mut ctx = counter(limit);
    if limit > 0 {
        route(&mut givens.opened(None), &mut ctx, true);
    }
    ctx.count
}

#[cfg(test)]
mod tests {
    use super::{run, triad_here, Auto, Engine, COUNT_ABOVE, SOLVE_ABOVE};
    use crate::fixtures::{cells_of, cpu_test, sets, shared_set, shared_sets_test};
    use crate::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
    use crate::solver::bitboard::{counter, Ctx, Opened};
    use crate::solver::triad::{self, Build};
    use crate::{Fast, Grid, Solver};

    /// The first solution the triad engine finds from the candidates
    /// `Fast`'s propagation leaves (the router's handover).
    fn triad_from_fast(cells: &[u8; 81]) -> Option<Grid> {
        let mut found = None;
        let mut ctx = Ctx {
            count: 0,
            limit: 1,
            on_solution: |s: &[u8; 81]| found = Grid::from_cells(*s),
            guesses: (),
        };
        let opened = Opened::new(cells, None);
        if opened.open_cells() > 0 {
            triad::run_from(opened.candidates(), &mut ctx, Build::best());
        }
        found
    }

    /// The router's answers against both engines': the same count up to
    /// two; the same solution for a puzzle with one; for one with several,
    /// a solution keeping the givens, `Fast`'s first or the triad engine's
    /// from `Fast`'s propagation.
    fn agrees(cells: &[u8; 81]) {
        let Some(puzzle) = Grid::from_cells(*cells) else {
            return;
        };
        let count = Fast.solutions_count_up_to(&puzzle, 2);
        assert_eq!(Auto.solutions_count_up_to(&puzzle, 2), count, "{puzzle}");
        assert_eq!(Auto.is_uniquely_solvable(&puzzle), count == 1, "{puzzle}");
        let first = Auto.solve(&puzzle);
        assert_eq!(first.is_some(), count > 0, "{puzzle}");
        if count == 1 {
            assert_eq!(first, Fast.solve(&puzzle), "{puzzle}");
        } else if let Some(first) = first {
            assert!(puzzle.is_solved_by(&first), "{puzzle}");
            assert!([Fast.solve(&puzzle), triad_from_fast(cells)].contains(&Some(first)));
        }
        let stats = Auto.search_with_stats(&puzzle, 2, &mut |s| {
            assert!(puzzle.is_solved_by(s), "{puzzle}");
        });
        assert_eq!(stats.solutions, count, "{puzzle}");
    }

    /// The engine the router picks for `cells`, only counting and solving.
    fn engines(cells: &[u8; 81]) -> (Engine, Engine) {
        let mut ctx = counter(2);
        let counting = run(cells, None, &mut ctx, true);
        let mut ctx = counter(1);
        (counting, run(cells, None, &mut ctx, false))
    }

    #[test]
    fn project_sets() {
        let several: Vec<_> = sets::several_solutions(300)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for puzzles in [sets::hard(), sets::minimal(200), several] {
            for p in &cells_of(&puzzles) {
                agrees(p);
            }
        }
        for p in [[0u8; 81], [1u8; 81]] {
            agrees(&p);
        }
    }

    #[test]
    fn easy_puzzles_stay_on_fast() {
        for p in &cells_of(&sets::minimal(200)) {
            if Opened::new(p, None).open_cells() <= COUNT_ABOVE {
                assert_eq!(engines(p), (Engine::Fast, Engine::Fast));
            }
        }
        // Solved by the propagation, or shown to have no solution.
        let mut conflict = [0u8; 81];
        (conflict[0], conflict[1]) = (5, 5);
        for p in [conflict, *sets::hard()[0].cells()] {
            if Opened::new(&p, None).open_cells() == 0 {
                assert_eq!(engines(&p), (Engine::Fast, Engine::Fast));
            }
        }
    }

    cpu_test! {
        cpu_avx512,
        "this CPU lacks AVX-512 F, VL, BW or BITALG: the router keeps every puzzle on fast here",
        /// With the AVX-512 build, puzzles left open go to the triad engine:
        /// above [`COUNT_ABOVE`] open cells when counting, above [`SOLVE_ABOVE`]
        /// when solving; the others stay on fast.
        fn open_puzzles_go_to_triad() {
            assert!(triad_here(), "this CPU lacks AVX-512 (the test was built for another)");
            let (mut over, mut kept) = (0, 0);
            let puzzles = [sets::hard(), sets::minimal(300)].concat();
            for p in &cells_of(&puzzles) {
                let open = Opened::new(p, None).open_cells();
                let want = |line| if open > line { Engine::Triad } else { Engine::Fast };
                assert_eq!(engines(p), (want(COUNT_ABOVE), want(SOLVE_ABOVE)), "{open}");
                over += usize::from(open > COUNT_ABOVE.min(SOLVE_ABOVE));
                kept += usize::from(open > 0 && open <= COUNT_ABOVE.max(SOLVE_ABOVE));
            }
            assert!(over > 0 && kept > 0, "{over} {kept}: the line split nothing");
        }
    }

    /// The generator's puzzles do not depend on the engine its uniqueness
    /// tests run on.
    #[test]
    fn generated_puzzles_are_the_same() {
        let holes = Holes::new(50, 64).unwrap();
        for symmetry in [Symmetry::None, Symmetry::Rot180] {
            let spec = PuzzleSpec::new(holes, Uniqueness::Unique, symmetry).unwrap();
            for i in 0..12 {
                let batch = Batch::new(7);
                let (a, b) = (batch.puzzle(i, &spec, &Auto), batch.puzzle(i, &spec, &Fast));
                assert_eq!(a.ok(), b.ok(), "{symmetry:?} {i}");
            }
        }
    }

    shared_sets_test! {
        /// The router against both engines on every shared set.
        fn shared_sets() {
            for name in ["17_clue.txt", "magictour_top1465.txt", "serg_benchmark.txt"] {
                for p in &shared_set(name) {
                    agrees(p);
                }
            }
        }
    }
}
