//! The triad solver: the whole board in 16-bit lanes of SIMD vectors,
//! propagated as clauses over cells and triads, searched by branching on
//! where one digit lies in one band.
//!
//! The design is the one tdoku made known (box-band triads, a whole-board
//! state of a few hundred bytes updated with whole-vector operations); this
//! is our own write-up of it in Rust.
//!
//! **State.** Each box is a 4x4 matrix of 9-bit digit sets (sixteen lanes):
//! the 3x3 cells, then per mini-row `r` a lane `H[r]` of the digits *not* in
//! that mini-row, per mini-column `c` a lane `V[c]` of the digits not in that
//! mini-column, and a corner that always holds every digit. For each digit,
//! each row of the matrix (three cells and `H[r]`) and each column (three
//! cells and `V[c]`) holds exactly one truth; a cell holds at least one
//! digit, an `H` or `V` lane at least six (a mini-row holds exactly three
//! digits). Each band (three horizontal, three vertical) keeps, for each of
//! its six *configurations* (which mini-row, or mini-column, of each of its
//! three boxes a digit takes), the digits still allowed to take it.
//!
//! **Propagation.** A box whose lanes shrank asserts what its clauses force
//! (a lane at its minimum, a digit left in one lane of a row or column of the
//! matrix), removes the consequences inside the box until nothing changes,
//! and then sends its two bands the configurations its assertions rule out
//! (once: the last pass's assertions hold every earlier pass's). A band
//! whose configurations shrank forces the digits of a mini-row that only
//! three digits can still take, turns its configurations into triads (digit
//! sets per mini-row or mini-column of each box) and restricts its three
//! boxes to them. Boxes and bands to visit are bits of one word; the loop
//! runs to a fixpoint.
//!
//! **Contradictions.** A lane below its minimum is one. Two more are checked
//! when a box settles: a cell asserted two digits, and a digit with no lane
//! left in a row or column of the matrix. The counts miss both, and the rules
//! do not always reach a lane below its minimum from them: whether they do
//! depends on the order of the visits. tdoku, which visits one box or band at
//! a time depth first, happens to reach it more often than this solver's
//! batched visits, so without the two checks this solver guessed about 5%
//! more on the hardest puzzles; with them it guesses less than tdoku.
//!
//! **Search.** The band with the fewest configurations left (but not fixed)
//! is chosen, in it a digit with the fewest configurations (two if any), and
//! the search tries its first configuration, then all the others at once.
//!
//! The code is generic over the vector operations of [`lanes`]: a portable
//! build, and x86-64 builds with SSE4.1, with AVX2 and with AVX-512 (VL,
//! BW, BITALG) chosen at run time (`x86`, the one module with `unsafe`).

mod lanes;
#[cfg(target_arch = "x86_64")]
mod x86;

use lanes::{
    and_or, and_or_not, either_but, once_and_twice, or3, or4, or_but, pick, Narrow, Wide, ZERO,
};

use std::sync::atomic::{compiler_fence, Ordering};

use super::bitboard::{given_masks, Ctx, Tally};
use crate::grid::Grid;
use crate::pos::{Cell, Digit, ORDERS_OF_THREE};
use crate::solver::{SearchStats, Solver, SolverKind};

/// The triad solver: the whole board in SIMD registers (box-band triads,
/// in the design tdoku made known), AVX-512, AVX2 or SSE4.1 chosen at run time, a
/// portable build elsewhere. It makes about a third fewer guesses than
/// [`Fast`](crate::Fast) on hard puzzles, at a higher cost per guess; the
/// same answers (the first of several solutions may differ).
///
/// ```
/// use sudoku_core::{Grid, Solver, Triad};
/// let puzzle: Grid =
///     "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
///         .parse()
///         .unwrap();
/// let solution = Triad.solve(&puzzle).unwrap();
/// assert!(puzzle.is_solved_by(&solution));
/// assert!(Triad.is_uniquely_solvable(&puzzle));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Triad;

impl Triad {
    /// [`Solver::search`], also counting the guesses: each branch tries one
    /// placement of a digit in a band (which mini-row or mini-column of each
    /// of its boxes) while others remain, and counts one guess.
    ///
    /// ```
    /// use sudoku_core::{Grid, Triad};
    /// let easy: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()
    ///         .unwrap();
    /// let stats = Triad.search_with_stats(&easy, 2, &mut |_| {});
    /// assert_eq!((stats.solutions, stats.guesses), (1, 0));
    /// ```
    pub fn search_with_stats(
        &self,
        puzzle: &Grid,
        limit: usize,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> SearchStats {
        let (solutions, guesses) = search_counting_guesses(puzzle.cells(), limit, |cells| {
            if let Some(grid) = Grid::from_cells(*cells) {
                on_solution(&grid);
            }
        });
        SearchStats { solutions, guesses }
    }
}

impl Solver for Triad {
    fn search(&self, puzzle: &Grid, limit: usize, on_solution: &mut dyn FnMut(&Grid)) -> usize {
        search(puzzle.cells(), limit, |cells| {
            if let Some(grid) = Grid::from_cells(*cells) {
                on_solution(&grid);
            }
        })
    }

    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        let mut found = None;
        search(puzzle.cells(), 1, |cells| found = Some(*cells));
        found.and_then(Grid::from_cells)
    }

    fn solutions_count_up_to(&self, puzzle: &Grid, limit: usize) -> usize {
        search(puzzle.cells(), limit, |_| {})
    }

    fn kind(&self) -> Option<SolverKind> {
        Some(SolverKind::Triad)
    }

    fn has_solution_without(&self, puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
        let given = puzzle.cells()[cell.index()];
        if given != 0 {
            return given != digit.get() && self.solutions_count_up_to(puzzle, 1) > 0;
        }
        search_without(puzzle.cells(), cell.index(), digit.index()) > 0
    }
}

/// Every digit.
const ALL: u16 = 0x1FF;

/// `PERM[k][p]`: in configuration `k` of a band, the mini-row (or
/// mini-column) of its box `p` that holds the digit.
const PERM: [[usize; 3]; 6] = {
    let mut t = [[0; 3]; 6];
    let mut k = 0;
    while k < 6 {
        let mut p = 0;
        while p < 3 {
            t[k][p] = ORDERS_OF_THREE[k][p] as usize;
            p += 1;
        }
        k += 1;
    }
    t
};

/// Shuffle controls that turn a band's configurations (in both halves)
/// into its triads: lane `4 * p + e` gets the digits whose configuration
/// puts them in element `e` of box `p`, which two configurations do; entry
/// `w` picks the `w`-th of them.
static TRIADS: [[u16; 16]; 2] = {
    let mut t = [[ZERO; 16]; 2];
    let mut p = 0;
    while p < 3 {
        let mut e = 0;
        while e < 3 {
            let mut w = 0;
            let mut k = 0;
            while k < 6 {
                if PERM[k][p] == e {
                    t[w][4 * p + e] = pick(k);
                    w += 1;
                }
                k += 1;
            }
            e += 1;
        }
        p += 1;
    }
    t
};

/// Shuffle controls from the triads a band is sure of (a mini-row only
/// three digits can take) to the configurations they rule out: those that
/// put the digit elsewhere in that box. The four results are ORed, then
/// their two halves (box 0 and 2 in the first two, box 1 in the others).
static SURE: [[u16; 16]; 4] = {
    let mut t = [[ZERO; 16]; 4];
    let mut w = 0;
    while w < 4 {
        let shift = 1 + w % 2;
        let mut k = 0;
        while k < 6 {
            if w < 2 {
                t[w][k] = pick((PERM[k][0] + shift) % 3);
                t[w][8 + k] = pick((PERM[k][2] + shift) % 3);
            } else {
                t[w][k] = pick(4 + (PERM[k][1] + shift) % 3);
            }
            k += 1;
        }
        w += 1;
    }
    t
};

/// `RESTRICT[vertical][p][w]`: shuffle controls from the triads of box `p`
/// of a band (at lanes 0-2 of a half, or 4-6 for box 1; lanes 3 and 7 hold
/// every digit) to the lanes box `p` may keep: a cell keeps the digits of
/// its mini-row's (mini-column's) triad, `H[r]` (`V[c]`) those of the other
/// two triads (the two controls' results are ORed), the other lanes all.
static RESTRICT: [[[[u16; 16]; 2]; 3]; 2] = {
    let mut t = [[[[ZERO; 16]; 2]; 3]; 2];
    let mut v = 0;
    while v < 2 {
        let mut p = 0;
        while p < 3 {
            let base = if p == 1 { 4 } else { 0 };
            let mut w = 0;
            while w < 2 {
                let mut lane = 0;
                while lane < 16 {
                    let (r, c) = (lane / 4, lane % 4);
                    // The element this lane follows, and whether it is a cell.
                    let (elem, margin) = if v == 0 { (r, c) } else { (c, r) };
                    t[v][p][w][lane] = if elem == 3 {
                        pick(3)
                    } else if margin < 3 {
                        pick(base + elem)
                    } else {
                        pick(base + (elem + 1 + w) % 3)
                    };
                    lane += 1;
                }
                w += 1;
            }
            p += 1;
        }
        v += 1;
    }
    t
};

/// Lanes 3 and 7 hold every digit: the source of a restriction's "all".
static ALL_AT_3_7: [u16; 8] = [0, 0, 0, ALL, 0, 0, 0, ALL];

/// The minimum of each box lane: a cell one digit, `H`/`V` six, the corner none.
static MINIMUM: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];

/// All ones on the nine cell lanes of a box.
static CELLS: [u16; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 9 {
        t[4 * (i / 3) + i % 3] = 0xFFFF;
        i += 1;
    }
    t
};

/// Shuffle controls rotating the three cells of each row of a box by one
/// and by two (other lanes stay).
static ROTATE3: [[u16; 16]; 2] = {
    let mut t = [[0; 16]; 2];
    let mut s = 0;
    while s < 2 {
        let mut lane = 0;
        while lane < 16 {
            let (r, c) = (lane / 4, lane % 4);
            let from = if r < 3 && c < 3 {
                4 * r + (c + 1 + s) % 3
            } else {
                lane
            };
            t[s][lane] = pick(from % 8);
            lane += 1;
        }
        s += 1;
    }
    t
};

/// Gathers, from a box's assertions (first control) and the eliminations its
/// cell assertions cause (second), the `H` lanes into one half: after ORing
/// the two results and their halves, lanes 0-2 hold the asserted `H[r]`
/// and lanes 4-6 the eliminated ones.
static GATHER_H: [[u16; 16]; 2] = {
    let mut t = [[ZERO; 16]; 2];
    let mut w = 0;
    while w < 2 {
        t[w][4 * w] = pick(3);
        t[w][4 * w + 1] = pick(7);
        t[w][8 + 4 * w + 2] = pick(3);
        w += 1;
    }
    t
};

/// The same for the `V` lanes (lanes 4-6 of the upper half): asserted ones
/// to lanes 0-2 (first control), eliminated ones stay at 4-6 (second).
static GATHER_V: [[u16; 8]; 2] = [
    [pick(4), pick(5), pick(6), ZERO, ZERO, ZERO, ZERO, ZERO],
    [ZERO, ZERO, ZERO, ZERO, pick(4), pick(5), pick(6), ZERO],
];

/// `TO_BANDS[b][w]`: shuffle controls from box `b`'s gathered lanes (`H`
/// in the lower half, `V` in the upper, asserted at 0-2, eliminated at 4-6)
/// to the configurations its horizontal band (lower half) and vertical band
/// (upper half) lose: an asserted `H[r]` rules out the configurations with
/// the digit in mini-row `r` of this box (`w` = 0), an eliminated one those
/// with the digit in the other two (`w` = 1, 2).
static TO_BANDS: [[[u16; 16]; 3]; 9] = {
    let mut t = [[[ZERO; 16]; 3]; 9];
    let mut b = 0;
    while b < 9 {
        let mut w = 0;
        while w < 3 {
            let mut k = 0;
            while k < 6 {
                let (h, v) = (PERM[k][b % 3], PERM[k][b / 3]);
                t[b][w][k] = if w == 0 {
                    pick(h)
                } else {
                    pick(4 + (h + w) % 3)
                };
                t[b][w][8 + k] = if w == 0 {
                    pick(v)
                } else {
                    pick(4 + (v + w) % 3)
                };
                k += 1;
            }
            w += 1;
        }
        b += 1;
    }
    t
};

/// `NOT_AT[3 * p + e]`: the configurations (all ones) that do not put the
/// digit in element `e` of box `p`.
static NOT_AT: [[u16; 8]; 9] = {
    let mut t = [[0; 8]; 9];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 6 {
            if PERM[k][i / 3] != i % 3 {
                t[i][k] = 0xFFFF;
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// `PLACE[cell]`: its box, its place in the box (`3 * r + c`), and the
/// [`NOT_AT`] entries of its horizontal band (box column, mini-row) and
/// vertical band (box row, mini-column).
static PLACE: [[u8; 4]; 81] = {
    let mut t = [[0; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let (i, j, r, c) = (row / 3, col / 3, row % 3, col % 3);
        t[cell] = [
            (3 * i + j) as u8,
            (3 * r + c) as u8,
            (3 * j + r) as u8,
            (3 * i + c) as u8,
        ];
        cell += 1;
    }
    t
};

/// `BANDS_OF[b]`: the horizontal and the vertical band of box `b`.
static BANDS_OF: [[usize; 2]; 9] = {
    let mut t = [[0; 2]; 9];
    let mut b = 0;
    while b < 9 {
        t[b] = [b / 3, 3 + b % 3];
        b += 1;
    }
    t
};

/// `CELL[e]`: all ones at the lane of cell `e` (0..9) of a box.
static CELL: [[u16; 16]; 9] = {
    let mut t = [[0; 16]; 9];
    let mut e = 0;
    while e < 9 {
        t[e][4 * (e / 3) + e % 3] = 0xFFFF;
        e += 1;
    }
    t
};

/// `SEEN[e]`: all ones at the lanes a digit placed in cell `e` removes
/// itself from: the other cells of the box, its `H[r]` and its `V[c]`.
static SEEN: [[u16; 16]; 9] = {
    let mut t = [[0; 16]; 9];
    let mut e = 0;
    while e < 9 {
        let (r, c) = (e / 3, e % 3);
        let mut i = 0;
        while i < 9 {
            if i != e {
                t[e][4 * (i / 3) + i % 3] = 0xFFFF;
            }
            i += 1;
        }
        t[e][4 * r + 3] = 0xFFFF;
        t[e][12 + c] = 0xFFFF;
        e += 1;
    }
    t
};

/// `LANE[k]`: all ones at lane `k` of eight.
static LANE: [[u16; 8]; 8] = {
    let mut t = [[0; 8]; 8];
    let mut k = 0;
    while k < 8 {
        t[k][k] = 0xFFFF;
        k += 1;
    }
    t
};

/// The six configurations open to every digit.
static FRESH_BAND: [u16; 8] = [ALL, ALL, ALL, ALL, ALL, ALL, 0, 0];

/// `BAND_BOX[n][p]`: box `p` of band `n` (0-2 horizontal, 3-5 vertical).
const BAND_BOX: [[usize; 3]; 6] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];

/// The bit of band `n` in [`State::dirty`]: bands come first, so that a
/// box restricted by several bands is visited once after all of them.
const fn band_bit(n: usize) -> u32 {
    1 << n
}

/// The bit of box `b` in [`State::dirty`].
const fn box_bit(b: usize) -> u32 {
    1 << (6 + b)
}

/// The search state: under 500 bytes, copied on each guess.
#[derive(Clone, Copy)]
struct State<V: Wide> {
    boxes: [V; 9],
    configs: [V::Half; 6],
    /// Configurations ruled out and not yet removed from `configs`.
    pending: [V::Half; 6],
    /// Boxes and bands that changed since they were last visited.
    dirty: u32,
}

impl<V: Wide> State<V> {
    /// The state with every given placed, or `None` when a value is above 9.
    /// Conflicting givens are found by the propagation.
    #[inline(always)]
    fn from_givens(cells: &[u8; 81]) -> Option<Self> {
        let given = given_masks(cells)?;
        let mut st = State {
            boxes: [V::splat(ALL); 9],
            configs: [V::Half::load(&FRESH_BAND); 6],
            pending: [V::Half::splat(0); 6],
            dirty: (1 << 6) - 1,
        };
        for d in 0..9 {
            let bit = 1u16 << d;
            let (others, this) = (V::splat(ALL ^ bit), V::splat(bit));
            let digit = V::Half::splat(bit);
            for band in 0..3 {
                let mut m = given[3 * d + band];
                while m != 0 {
                    let place = PLACE[27 * band + m.trailing_zeros() as usize];
                    m &= m - 1;
                    let (b, e) = (usize::from(place[0]), usize::from(place[1]));
                    let (h, v) = (usize::from(place[2]), usize::from(place[3]));
                    let mask = (V::load(&CELL[e]) & others) | (V::load(&SEEN[e]) & this);
                    st.boxes[b] = st.boxes[b].and_not(mask);
                    st.pending[band] = st.pending[band] | (V::Half::load(&NOT_AT[h]) & digit);
                    let vb = 3 + b % 3;
                    st.pending[vb] = st.pending[vb] | (V::Half::load(&NOT_AT[v]) & digit);
                }
            }
        }
        Some(st)
    }

    /// The state of a puzzle whose candidates another engine's propagation
    /// left: `cands[3 * d + band]` holds the cells of band `band` (bit
    /// `9 * row + column` within it) where digit `d + 1` may still go. Each
    /// band is told the configurations its boxes' candidates rule out, and
    /// every band and box is marked to visit, bands first (as from the
    /// givens: a box is then visited with what all its bands know).
    /// The search from here finds the solutions the candidates allow: all
    /// of the puzzle's when they come from a sound propagation (as
    /// `Fast`'s), though not always in the order a search from the givens
    /// finds them, since that propagation knows things this one does not
    /// (a digit's only place in a whole row, say).
    #[inline(always)]
    fn from_candidates(cands: &[u32; 27]) -> Self {
        let [b0, b1, b2] = V::band_boxes(cands, 0);
        let [b3, b4, b5] = V::band_boxes(cands, 1);
        let [b6, b7, b8] = V::band_boxes(cands, 2);
        let mut st = State {
            boxes: [b0, b1, b2, b3, b4, b5, b6, b7, b8],
            configs: [V::Half::load(&FRESH_BAND); 6],
            pending: [V::Half::splat(0); 6],
            dirty: (1 << 15) - 1,
        };
        // Each band starts from the configurations its boxes' candidates
        // rule out: a digit absent from a mini-row (mini-column) of a box is
        // in none of its configurations that put it there.
        let cells = V::load(&CELLS);
        for b in 0..9 {
            let x = st.boxes[b] & cells;
            let rows = or4(
                x,
                x.rotate_rows(),
                x.rotate_rows2(),
                x.rotate_rows2().rotate_rows(),
            );
            let cols = or4(
                x,
                x.rotate_cols(),
                x.rotate_cols2(),
                x.rotate_cols2().rotate_cols(),
            );
            let absent = V::splat(ALL) ^ (rows | cols);
            let h = absent.shuffle(V::load(&GATHER_H[0]));
            let v = absent.hi().shuffle(V::Half::load(&GATHER_V[0]));
            let src = V::join(h.lo() | h.hi(), v);
            let out = src.shuffle(V::load(&TO_BANDS[b][0]));
            let [h, v] = BANDS_OF[b];
            st.pending[h] = st.pending[h] | out.lo();
            st.pending[v] = st.pending[v] | out.hi();
        }
        st
    }

    /// Removes digit `digit` (0-based) from the candidates of cell `cell`.
    #[inline(always)]
    fn strike(&mut self, cell: usize, digit: usize) {
        let (row, col) = (cell / 9, cell % 9);
        let b = 3 * (row / 3) + col / 3;
        let e = 3 * (row % 3) + col % 3;
        let mask = V::load(&CELL[e]) & V::splat(1 << digit);
        self.boxes[b] = self.boxes[b].and_not(mask);
        self.dirty |= box_bit(b);
    }

    /// Visits changed boxes and bands until none is left; false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        while self.dirty != 0 {
            let i = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let ok = if i < 6 {
                self.visit_band(i)
            } else {
                self.visit_box(i - 6)
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Box `b`: asserts what its clauses force until nothing changes, then
    /// passes what that rules out to its two bands.
    #[inline(always)]
    fn visit_box(&mut self, b: usize) -> bool {
        self.visit_box_seeing(b, |_, _| {})
    }

    /// [`State::visit_box`], calling `each_pass` with the assertions of
    /// every pass of its loop and the digits they rule out (what the bands
    /// would learn from that pass alone, through [`message`]).
    #[inline(always)]
    fn visit_box_seeing(&mut self, b: usize, mut each_pass: impl FnMut(V, V)) -> bool {
        let minimum = V::load(&MINIMUM);
        let cells = V::load(&CELLS);
        let mut bx = self.boxes[b];
        let (asserted, seen) = loop {
            let counts = bx.popcounts();
            if counts.any_less(minimum) {
                return false;
            }
            let [_, r1, r2, r3] = row_of(bx);
            let (in_row, twice_in_row) = once_and_twice(bx, r1, r2, r3);
            let [_, c1, c2, c3] = col_of(bx);
            let (in_col, twice_in_col) = once_and_twice(bx, c1, c2, c3);
            let covered = in_row & in_col;
            let single = counts.equal(minimum);
            let asserted = or_but(and_or_not(bx, single, twice_in_row), bx, twice_in_col);
            let placed = asserted & cells;
            let rows = placed | placed.rotate_rows();
            let rows = rows | rows.rotate_rows2();
            let cols = placed | placed.rotate_cols();
            let cols = cols | cols.rotate_cols2();
            let seen = or4(
                cols,
                cols.shuffle(V::load(&ROTATE3[0])),
                cols.shuffle(V::load(&ROTATE3[1])),
                rows,
            );
            let gone = either_but(seen, placed.nonzero(), placed);
            each_pass(asserted, seen);
            if !gone.intersects(bx) {
                // Settled: each asserted cell now holds its assertions
                // alone, so one holding more was asserted two digits; and
                // a digit absent from a whole row or column of the matrix
                // (its three cells and their `H` or `V` lane) has no place.
                // Both are contradictions the counts do not see; left to
                // the search, they cost it guesses.
                if !placed.subset_of(single) || !V::splat(ALL).subset_of(covered) {
                    return false;
                }
                break (asserted, seen);
            }
            bx = bx.and_not(gone);
        };
        // What the bands learn is worked out once, from the box as it
        // settled: each pass keeps what the passes before asserted (an
        // asserted digit is never struck, and fewer candidates only leave
        // more lanes at their minimum and fewer digits twice in a row or
        // column), so the last pass's assertions and the digits their
        // placements rule out hold every earlier pass's. Worked out on
        // every pass, it was 6% of the instructions counting the hardest
        // puzzles.
        let to_bands = message(b, asserted, seen);
        self.boxes[b] = bx;
        let [h, v] = BANDS_OF[b];
        let (to_h, to_v) = (to_bands.lo(), to_bands.hi());
        // No branch: the bands are marked only when something of theirs goes.
        let (new_h, new_v) = (
            to_h.intersects(self.configs[h]),
            to_v.intersects(self.configs[v]),
        );
        self.pending[h] = self.pending[h] | to_h;
        self.pending[v] = self.pending[v] | to_v;
        self.dirty |= (u32::from(new_h) * band_bit(h)) | (u32::from(new_v) * band_bit(v));
        true
    }

    /// Band `n`: removes its pending configurations, forces the mini-rows
    /// only three digits can take, and restricts its boxes to its triads.
    #[inline(always)]
    fn visit_band(&mut self, n: usize) -> bool {
        let pending = self.pending[n];
        let mut configs = self.configs[n];
        if !configs.intersects(pending) {
            return true;
        }
        configs = configs.and_not(pending);
        let triads = triads_of::<V>(configs);
        let sure = triads & triads.popcounts().equal(V::splat(3));
        let ruled_out = or4(
            sure.shuffle(V::load(&SURE[0])),
            sure.shuffle(V::load(&SURE[1])),
            sure.shuffle(V::load(&SURE[2])),
            sure.shuffle(V::load(&SURE[3])),
        );
        configs = configs.and_not(ruled_out.lo() | ruled_out.hi());
        self.configs[n] = configs;
        let triads = triads_of::<V>(configs);
        let all = V::Half::load(&ALL_AT_3_7);
        let (lo, hi) = (triads.lo() | all, triads.hi() | all);
        let vertical = n / 3;
        for (p, &b) in BAND_BOX[n].iter().enumerate() {
            let half = if p == 2 { hi } else { lo };
            let src = V::join(half, half);
            let ctrl = &RESTRICT[vertical][p];
            let bx = self.boxes[b];
            let kept = and_or(
                bx,
                src.shuffle(V::load(&ctrl[0])),
                src.shuffle(V::load(&ctrl[1])),
            );
            self.boxes[b] = kept;
            self.dirty |= u32::from(!bx.subset_of(kept)) * box_bit(b);
        }
        true
    }

    /// The branch to take: `(band, digit bit, configuration)`, or `None`
    /// when every band is fixed (one configuration per digit). `Some` with
    /// a zero bit when a chosen band has a digit with no configuration left.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u16, usize)> {
        let mut best = (u32::MAX, 0);
        for (n, c) in self.configs.iter().enumerate() {
            let count = c.count_bits();
            // Keeps the six reads apart: merged into one wide read (the
            // compiler does that with AVX-512), it would span several
            // 16-byte stores the propagation just made and wait for them to
            // reach the cache instead of taking their values. No instruction.
            compiler_fence(Ordering::SeqCst);
            if count > 9 && count < best.0 {
                best = (count, n);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let n = best.1;
        let a = self.configs[n].store();
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &x in &a[..6] {
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        if one != ALL {
            return Some((n, 0, 0));
        }
        let fewest = if two & !three != 0 {
            two & !three
        } else if three & !four != 0 {
            three & !four
        } else {
            four
        };
        let bit = fewest & fewest.wrapping_neg();
        let k = a.iter().position(|&x| x & bit != 0).unwrap_or(0);
        Some((n, bit, k))
    }

    /// The solved grid, if every cell holds exactly one digit. At a
    /// fixpoint that is enough: each box was visited after its last change,
    /// so a digit placed twice in a unit would have emptied some cell.
    #[inline(always)]
    fn solution(&self) -> Option<[u8; 81]> {
        let cells = V::load(&CELLS);
        let ones = V::splat(1) & cells;
        let mut bad = V::splat(0);
        for bx in &self.boxes {
            bad = bad | (bx.popcounts() & cells) ^ ones;
        }
        if bad.intersects(cells) {
            return None;
        }
        let mut g = [0u8; 81];
        for (b, bx) in self.boxes.iter().enumerate() {
            let lanes = bx.store();
            let corner = 27 * (b / 3) + 3 * (b % 3);
            for e in 0..9 {
                let x = lanes[4 * (e / 3) + e % 3];
                g[corner + 9 * (e / 3) + e % 3] = x.trailing_zeros() as u8 + 1;
            }
        }
        Some(g)
    }
}

/// A band's triads from its configurations (see [`TRIADS`]).
#[inline(always)]
fn triads_of<V: Wide>(configs: V::Half) -> V {
    let both = V::join(configs, configs);
    both.shuffle(V::load(&TRIADS[0])) | both.shuffle(V::load(&TRIADS[1]))
}

/// Each lane's row of four: the lane, then the next three along the row.
#[inline(always)]
fn row_of<V: Wide>(x: V) -> [V; 4] {
    let r2 = x.rotate_rows2();
    [x, x.rotate_rows(), r2, r2.rotate_rows()]
}

/// Each lane's column of four: the lane, then the next three down the column.
#[inline(always)]
fn col_of<V: Wide>(x: V) -> [V; 4] {
    let c2 = x.rotate_cols2();
    [x, x.rotate_cols(), c2, c2.rotate_cols()]
}

/// What box `b`'s two bands learn from its assertions `asserted` and the
/// digits `seen` they rule out: the configurations they exclude, the
/// horizontal band's in the low half, the vertical band's in the high half.
#[inline(always)]
fn message<V: Wide>(b: usize, asserted: V, seen: V) -> V {
    let h = asserted.shuffle(V::load(&GATHER_H[0])) | seen.shuffle(V::load(&GATHER_H[1]));
    let v = asserted.hi().shuffle(V::Half::load(&GATHER_V[0]))
        | seen.hi().shuffle(V::Half::load(&GATHER_V[1]));
    let src = V::join(h.lo() | h.hi(), v);
    let ctrl = &TO_BANDS[b];
    or3(
        src.shuffle(V::load(&ctrl[0])),
        src.shuffle(V::load(&ctrl[1])),
        src.shuffle(V::load(&ctrl[2])),
    )
}

/// One node of the search and the loop over its branches; `recurse`
/// searches a child (the same function, compiled for the same build).
/// Returns true when the limit is reached.
#[inline(always)]
fn search_node<V: Wide, F: FnMut(&[u8; 81]), T: Tally>(
    st: &mut State<V>,
    ctx: &mut Ctx<F, T>,
    recurse: impl Fn(&mut State<V>, &mut Ctx<F, T>) -> bool,
) -> bool {
    loop {
        if !st.propagate() {
            return false;
        }
        let Some((n, bit, k)) = st.choose() else {
            let Some(g) = st.solution() else {
                return false;
            };
            (ctx.on_solution)(&g);
            ctx.count += 1;
            return ctx.count >= ctx.limit;
        };
        if bit == 0 {
            return false;
        }
        // From a table, not by writing the lane into memory and loading the
        // vector: a wide load of a narrow store just made waits for it to
        // reach the cache.
        let first = V::Half::load(&LANE[k % 8]) & V::Half::splat(bit);
        let others = (st.configs[n] & V::Half::splat(bit)) ^ first;
        ctx.guesses.guess();
        let mut child = *st;
        child.pending[n] = child.pending[n] | others;
        child.dirty = band_bit(n);
        if recurse(&mut child, ctx) {
            return true;
        }
        st.pending[n] = st.pending[n] | first;
        st.dirty = band_bit(n);
    }
}

/// The portable build of the search.
fn search_portable<F: FnMut(&[u8; 81]), T: Tally>(
    st: &mut State<lanes::P16>,
    ctx: &mut Ctx<F, T>,
) -> bool {
    search_node(st, ctx, search_portable)
}

/// Which build of the vector operations a search runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Build {
    /// Plain arrays, any CPU.
    Portable,
    /// x86-64 with SSE4.1 (and POPCNT).
    Sse41,
    /// x86-64 with AVX2 (and BMI1/2, POPCNT, LZCNT).
    Avx2,
    /// x86-64 with AVX-512 F, VL, BW and BITALG, besides the AVX2 build's
    /// features: three-input logic and 16-bit bit counts in one instruction.
    Avx512,
}

impl Build {
    /// The fastest build this CPU runs (checked once, then remembered).
    pub(crate) fn best() -> Build {
        static BEST: std::sync::OnceLock<Build> = std::sync::OnceLock::new();
        *BEST.get_or_init(Build::detect)
    }

    /// [`Build::best`], asking the CPU.
    fn detect() -> Build {
        #[cfg(target_arch = "x86_64")]
        {
            if x86::has_avx512() {
                return Build::Avx512;
            }
            if x86::has_avx2() {
                return Build::Avx2;
            }
            if x86::has_sse41() {
                return Build::Sse41;
            }
        }
        Build::Portable
    }

    /// Every build this CPU runs, the portable one first.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Build> {
        Build::ALL.into_iter().filter(|b| b.runs_here()).collect()
    }

    /// Every build, the portable one first.
    #[cfg(test)]
    pub(crate) const ALL: [Build; 4] = [Build::Portable, Build::Sse41, Build::Avx2, Build::Avx512];

    /// Whether this CPU runs the build.
    #[cfg(test)]
    pub(crate) fn runs_here(self) -> bool {
        match self {
            Build::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Build::Sse41 => x86::has_sse41(),
            #[cfg(target_arch = "x86_64")]
            Build::Avx2 => x86::has_avx2(),
            #[cfg(target_arch = "x86_64")]
            Build::Avx512 => x86::has_avx512(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// The search from `cells` (with digit `strike.1` struck from cell
/// `strike.0` if given) on build `build`; the context as it ends.
#[inline(always)]
pub(super) fn run<F: FnMut(&[u8; 81]), T: Tally>(
    cells: &[u8; 81],
    strike: Option<(usize, usize)>,
    ctx: &mut Ctx<F, T>,
    build: Build,
) {
    if ctx.limit == 0 {
        return;
    }
    match build {
        #[cfg(target_arch = "x86_64")]
        Build::Avx512 | Build::Avx2 | Build::Sse41 => x86::run(cells, strike, ctx, build),
        _ => run_portable(cells, strike, ctx),
    }
}

/// The search from the candidates `cands` another engine's propagation left
/// (see [`State::from_candidates`]) on build `build`; the context as it ends.
#[inline(always)]
pub(super) fn run_from<F: FnMut(&[u8; 81]), T: Tally>(
    cands: &[u32; 27],
    ctx: &mut Ctx<F, T>,
    build: Build,
) {
    if ctx.limit == 0 {
        return;
    }
    match build {
        #[cfg(target_arch = "x86_64")]
        Build::Avx512 | Build::Avx2 | Build::Sse41 => x86::run_from(cands, ctx, build),
        _ => run_from_portable(cands, ctx),
    }
}

/// [`run_from`] on the portable build.
fn run_from_portable<F: FnMut(&[u8; 81]), T: Tally>(cands: &[u32; 27], ctx: &mut Ctx<F, T>) {
    search_portable(&mut State::<lanes::P16>::from_candidates(cands), ctx);
}

/// [`run`] on the portable build.
fn run_portable<F: FnMut(&[u8; 81]), T: Tally>(
    cells: &[u8; 81],
    strike: Option<(usize, usize)>,
    ctx: &mut Ctx<F, T>,
) {
    if let Some(mut st) = State::<lanes::P16>::from_givens(cells) {
        if let Some((cell, digit)) = strike {
            st.strike(cell, digit);
        }
        search_portable(&mut st, ctx);
    }
}

/// Searches `cells` (81 values, row-major: 0 blank, 1-9 a given) for
/// solutions, stopping after `limit`; calls `on_solution` with each (81
/// digits) and returns how many were found. Conflicting givens give 0, as
/// does a value above 9.
pub(crate) fn search(cells: &[u8; 81], limit: usize, on_solution: impl FnMut(&[u8; 81])) -> usize {
    search_on(cells, limit, on_solution, Build::best())
}

/// [`search`] on a chosen build (which must run on this CPU: see
/// [`Build::best`]).
pub(crate) fn search_on(
    cells: &[u8; 81],
    limit: usize,
    on_solution: impl FnMut(&[u8; 81]),
    build: Build,
) -> usize {
    let mut ctx = Ctx {
        count: 0,
        limit,
        on_solution,
        guesses: (),
    };
    run(cells, None, &mut ctx, build);
    ctx.count
}

/// [`search`], also counting guesses: each branch tries one configuration
/// of a digit in a band while others remain, and counts one.
pub(crate) fn search_counting_guesses(
    cells: &[u8; 81],
    limit: usize,
    on_solution: impl FnMut(&[u8; 81]),
) -> (usize, u64) {
    let mut ctx = Ctx {
        count: 0,
        limit,
        on_solution,
        guesses: 0u64,
    };
    run(cells, None, &mut ctx, Build::best());
    (ctx.count, ctx.guesses)
}

/// 1 when some solution of `cells` avoids digit `digit` (0-based) at the
/// blank cell `cell`, else 0.
pub(crate) fn search_without(cells: &[u8; 81], cell: usize, digit: usize) -> usize {
    let mut ctx = Ctx {
        count: 0,
        limit: 1,
        on_solution: |_: &[u8; 81]| {},
        guesses: (),
    };
    run(cells, Some((cell, digit)), &mut ctx, Build::best());
    ctx.count
}

#[cfg(test)]
mod tests {
    use super::lanes::{Narrow, Wide, P16};
    use super::{
        message, run_from, search_counting_guesses, search_on, search_without, Build, State, ALL,
        BANDS_OF, FRESH_BAND,
    };
    use crate::fixtures::{cells_of, cpu_test, sets, shared_sample, shared_sets_test};
    use crate::solver::bitboard::{self, Ctx, Opened};
    use proptest::prelude::*;

    fn parse(s: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (c, b) in g.iter_mut().zip(s.bytes()) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        g
    }

    /// A solution of `puzzle` (or any grid with no conflict) that keeps its givens.
    fn valid(puzzle: &[u8; 81], sol: &[u8; 81]) -> bool {
        let kept = puzzle
            .iter()
            .zip(sol)
            .all(|(&p, &s)| (1..=9).contains(&s) && (p == 0 || p == s));
        kept && (0..9).all(|i| {
            let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
            for j in 0..9 {
                r |= 1 << sol[i * 9 + j];
                c |= 1 << sol[j * 9 + i];
                b |= 1 << sol[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3];
            }
            r == 0x3FE && c == 0x3FE && b == 0x3FE
        })
    }

    fn solutions(cells: &[u8; 81], limit: usize, build: Build) -> Vec<[u8; 81]> {
        let mut v = Vec::new();
        let n = search_on(cells, limit, |s| v.push(*s), build);
        assert_eq!(n, v.len());
        v
    }

    /// Every build gives the same solutions in the same order; there are as
    /// many as the bitboard solver finds, each valid, and the same ones when
    /// the bitboard solver finds all of them.
    fn check(cells: &[u8; 81], limit: usize) {
        check_on(cells, limit, &Build::available());
    }

    /// [`check`] on the builds `builds` only.
    fn check_on(cells: &[u8; 81], limit: usize, builds: &[Build]) {
        let mut want = Vec::new();
        bitboard::search(cells, limit, |s| want.push(*s));
        let portable = solutions(cells, limit, Build::Portable);
        assert_eq!(portable.len(), want.len(), "{cells:?}");
        assert!(portable.iter().all(|s| valid(cells, s)), "{cells:?}");
        if want.len() < limit {
            let (mut a, mut b) = (portable.clone(), want);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{cells:?}");
        }
        for &build in builds {
            assert_eq!(
                solutions(cells, limit, build),
                portable,
                "{build:?}: {cells:?}"
            );
        }
    }

    const SOLVED: &str =
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

    #[test]
    fn known_puzzles_and_edge_cases() {
        for p in [
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            "12345678.........9...............................................................",
            ".........1.........1.....................................1...................1....",
        ] {
            for limit in [1, 2, 3] {
                check(&parse(p), limit);
            }
        }
        check(&parse(SOLVED), 2);
        let empty = [0u8; 81];
        for build in Build::available() {
            let many = solutions(&empty, 100, build);
            assert_eq!(many.len(), 100);
            assert!(many.iter().all(|s| valid(&empty, s)));
            assert!(solutions(&empty, 0, build).is_empty());
        }
        // Conflicting givens (a row, a column, a box) and a value out of range.
        for (a, b) in [(0, 8), (4, 76), (0, 20)] {
            let mut g = [0u8; 81];
            g[a] = 5;
            g[b] = 5;
            check(&g, 2);
        }
        let mut g = [0u8; 81];
        g[10] = 10;
        assert_eq!(search_on(&g, 1, |_| {}, Build::Portable), 0);
    }

    /// The first box of an otherwise open board, from its sixteen lanes,
    /// visited once (portable build): whether it holds.
    fn box_holds(lanes: [u16; 16]) -> bool {
        let mut st = open_board();
        st.boxes[0] = P16::load(&lanes);
        st.visit_box(0)
    }

    /// A board with every candidate open and nothing to visit (portable build).
    fn open_board() -> State<P16> {
        State {
            boxes: [P16::splat(ALL); 9],
            configs: [<P16 as Wide>::Half::load(&FRESH_BAND); 6],
            pending: [<P16 as Wide>::Half::splat(0); 6],
            dirty: 0,
        }
    }

    /// A box visit tells its bands, once, what every pass of its loop
    /// asserted: boxes of a solved arrangement with random candidates added
    /// (so they never contradict), visited in each box position, send what
    /// the message of each pass alone, merged, would have sent.
    #[test]
    fn a_box_tells_its_bands_what_every_pass_asserted() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(59);
        let (mut visits, mut several) = (0, 0);
        for _ in 0..3000 {
            // Digits 1-9 shuffled into the cells, each mini-row's and
            // mini-column's lane holding the six others, the corner all.
            let mut digits: [u16; 9] = std::array::from_fn(|d| 1 << d);
            digits.shuffle(&mut rng);
            let mut lanes = [ALL; 16];
            for (e, &digit) in digits.iter().enumerate() {
                let (r, c) = (e / 3, e % 3);
                lanes[4 * r + c] = digit;
                lanes[4 * r + 3] &= !digit;
                lanes[12 + c] &= !digit;
            }
            // Candidates added at random: a few bits in a few lanes.
            for _ in 0..rng.gen_range(0..24) {
                lanes[rng.gen_range(0..15)] |= 1 << rng.gen_range(0..9);
            }
            let b = rng.gen_range(0..9);
            let mut st = open_board();
            st.boxes[b] = P16::load(&lanes);
            let (mut merged, mut passes) = (P16::splat(0), 0);
            let held = st.visit_box_seeing(b, |asserted, seen| {
                merged = merged | message(b, asserted, seen);
                passes += 1;
            });
            assert!(held, "{lanes:?}: a box with a solution was refuted");
            let [h, v] = BANDS_OF[b];
            assert_eq!(
                st.pending[h].store(),
                merged.lo().store(),
                "{lanes:?} box {b}"
            );
            assert_eq!(
                st.pending[v].store(),
                merged.hi().store(),
                "{lanes:?} box {b}"
            );
            visits += 1;
            several += usize::from(passes > 1);
        }
        // Most of them go round more than once: the merge is not trivial.
        assert!(
            several > visits / 4,
            "{several} of {visits} went round again"
        );
    }

    #[test]
    fn a_settled_box_is_refuted_where_the_counts_hold() {
        const D1: u16 = 1;
        const D2: u16 = 2;
        // Lanes: row-major 4x4, the cells at 4 * r + c, H[r] at 4 * r + 3,
        // V[c] at 12 + c, the corner at 15.
        let open = [ALL; 16];
        assert!(box_holds(open));
        // Digit 1 placed in the top left cell, as the rules leave it.
        let mut placed = open;
        for lane in [1, 2, 4, 5, 6, 8, 9, 10] {
            placed[lane] &= !D1;
        }
        placed[0] = D1;
        placed[3] &= !D1;
        placed[12] &= !D1;
        assert!(box_holds(placed));

        // Digit 1 in no cell of the top row and not in H[0] either: every
        // lane keeps eight digits, yet the digit has no place in that row.
        let mut no_place = open;
        for lane in [0, 1, 2, 3] {
            no_place[lane] &= !D1;
        }
        assert!(!box_holds(no_place));
        // The same down the first column (its cells and V[0]).
        let mut no_place = open;
        for lane in [0, 4, 8, 12] {
            no_place[lane] &= !D1;
        }
        assert!(!box_holds(no_place));

        // The top left cell holds 1 and 2 and nothing else: 1 is in no other
        // lane of the top row, 2 in no other lane of the first column, so
        // the cell is asserted both.
        let mut both = open;
        both[0] = D1 | D2;
        for lane in [1, 2, 3] {
            both[lane] &= !D1;
        }
        for lane in [4, 8, 12] {
            both[lane] &= !D2;
        }
        assert!(!box_holds(both));
        // With 2 also left elsewhere in the column, only 1 is asserted.
        both[4] |= D2;
        assert!(box_holds(both));
    }

    #[test]
    fn striking_a_digit() {
        let mut cells = parse(SOLVED);
        cells[40] = 0;
        let digit = usize::from(parse(SOLVED)[40] - 1);
        assert_eq!(search_without(&cells, 40, digit), 0);
        assert_eq!(search_without(&cells, 40, (digit + 1) % 9), 1);
        let p = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let sol = solutions(&p, 1, Build::Portable)[0];
        for cell in (0..81).filter(|&c| p[c] == 0) {
            assert_eq!(search_without(&p, cell, usize::from(sol[cell] - 1)), 0);
        }
    }

    #[test]
    fn guesses_are_counted_without_changing_answers() {
        let easy = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(search_counting_guesses(&easy, 2, |_| {}), (1, 0));
        let hard = parse(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let mut found = Vec::new();
        let (n, guesses) = search_counting_guesses(&hard, 2, |s| found.push(*s));
        assert_eq!((n, found), (1, solutions(&hard, 2, Build::best())));
        assert!(guesses > 0);
    }

    /// Every build against the bitboard solver on the sets the project
    /// makes: the first solution and the count up to two.
    #[test]
    fn project_sets() {
        let several: Vec<_> = sets::several_solutions(300)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for puzzles in [sets::hard(), sets::minimal(100), several] {
            for p in &cells_of(&puzzles) {
                check(p, 1);
                check(p, 2);
            }
        }
    }

    /// Started from the candidates `Fast`'s propagation leaves (with
    /// `strike`, that digit struck from that blank cell first), the search
    /// finds as many solutions as from the givens, the same one when there
    /// is one, every solution valid, and every build the same solutions in
    /// the same order as the portable one.
    fn resumes_from_fast(cells: &[u8; 81], strike: Option<(usize, usize)>) {
        let opened = Opened::new(cells, strike);
        if opened.open_cells() == 0 {
            return;
        }
        let run_on = |build, limit, from_fast| {
            let mut found = Vec::new();
            let mut ctx = Ctx {
                count: 0,
                limit,
                on_solution: |s: &[u8; 81]| found.push(*s),
                guesses: (),
            };
            if from_fast {
                run_from(opened.candidates(), &mut ctx, build);
            } else {
                super::run(cells, strike, &mut ctx, build);
            }
            assert_eq!(ctx.count, found.len());
            found
        };
        for limit in [1, 2] {
            let resumed = run_on(Build::Portable, limit, true);
            let fresh = run_on(Build::Portable, limit, false);
            assert_eq!(resumed.len(), fresh.len(), "{cells:?} {strike:?}");
            assert!(resumed.iter().all(|s| valid(cells, s)), "{cells:?}");
            if let Some((cell, digit)) = strike {
                assert!(resumed.iter().all(|s| usize::from(s[cell]) != digit + 1));
            }
            if limit == 2 && fresh.len() == 1 {
                assert_eq!(resumed, fresh, "{cells:?} {strike:?}");
            }
            for build in Build::available() {
                assert_eq!(run_on(build, limit, true), resumed, "{build:?}: {cells:?}");
            }
        }
    }

    #[test]
    fn resuming_from_fast_candidates() {
        let several: Vec<_> = sets::several_solutions(300)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for puzzles in [sets::hard(), sets::minimal(100), several] {
            for p in &cells_of(&puzzles) {
                resumes_from_fast(p, None);
                // A digit struck from the first blank cell, as uniqueness tests do.
                if let Some(cell) = p.iter().position(|&v| v == 0) {
                    for digit in [0, 4, 8] {
                        resumes_from_fast(p, Some((cell, digit)));
                    }
                }
            }
        }
        let mut conflict = [0u8; 81];
        (conflict[0], conflict[40]) = (3, 3);
        conflict[1] = 4;
        resumes_from_fast(&conflict, None);
    }

    const SHARED: [&str; 3] = ["17_clue.txt", "magictour_top1465.txt", "serg_benchmark.txt"];

    shared_sets_test! {
        /// The portable build against the bitboard solver on the shared
        /// sets ([`shared_sample`]): the first solution and the count up to
        /// two.
        fn shared_sets() {
            for name in SHARED {
                for p in &shared_sample(name) {
                    check_on(p, 1, &[]);
                    check_on(p, 2, &[]);
                    resumes_from_fast(p, None);
                }
            }
        }
    }

    /// `build` against the portable build on the shared sets
    /// ([`shared_sample`]): the same solutions in the same order, first
    /// solution and counting to two.
    fn shared_sets_on(build: Build) {
        assert!(
            build.runs_here(),
            "{build:?}: this CPU lacks it (built for another?)"
        );
        for name in SHARED {
            for p in &shared_sample(name) {
                for limit in [1, 2] {
                    let want = solutions(p, limit, Build::Portable);
                    assert_eq!(solutions(p, limit, build), want, "{build:?}: {p:?}");
                }
            }
        }
    }

    cpu_test! {
        shared,
        cpu_sse41,
        "this CPU lacks SSE4.1 (with SSSE3, POPCNT): the triad solver's SSE4.1 build cannot run here",
        fn shared_sets_sse41() {
            shared_sets_on(Build::Sse41);
        }
    }

    cpu_test! {
        shared,
        cpu_avx2,
        "this CPU lacks AVX2 (with BMI1/2, LZCNT): the triad solver's AVX2 build cannot run here",
        fn shared_sets_avx2() {
            shared_sets_on(Build::Avx2);
        }
    }

    cpu_test! {
        shared,
        cpu_avx512,
        "this CPU lacks AVX-512 F, VL, BW or BITALG: the triad solver's AVX-512 build cannot run here",
        fn shared_sets_avx512() {
            shared_sets_on(Build::Avx512);
        }
    }

    /// A solved grid relabelled, with rows swapped inside their band.
    fn shuffled(perm: &[u8], swaps: &[usize]) -> [u8; 81] {
        let base = parse(SOLVED);
        let mut rows: Vec<usize> = (0..9).collect();
        for (band, &s) in swaps.iter().enumerate() {
            rows.swap(3 * band, 3 * band + s % 3);
        }
        std::array::from_fn(|i| perm[usize::from(base[rows[i / 9] * 9 + i % 9]) - 1])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn random_puzzles(
            perm in Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
            swaps in prop::collection::vec(0..3usize, 3),
            keep in prop::collection::vec(prop::bool::weighted(0.3), 81),
            limit in 1..4usize,
        ) {
            let mut g = shuffled(&perm, &swaps);
            for (c, &k) in g.iter_mut().zip(&keep) {
                if !k {
                    *c = 0;
                }
            }
            check(&g, limit);
        }

        #[test]
        fn random_grids(
            cells in prop::collection::vec(prop_oneof![8 => Just(0u8), 1 => 1..=9u8], 81),
            limit in 1..4usize,
        ) {
            let g: [u8; 81] = cells.try_into().unwrap();
            check(&g, limit);
        }
    }
}
