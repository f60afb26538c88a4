//! The minlex search for solved grids, where the first row always becomes
//! `123456789` and the search is about rows 2 and 3.
//!
//! Once the top band is chosen (an orientation, a band, its row that becomes
//! row 1 and the one that becomes row 2), the labels are fixed by the
//! columns: the digit at column `c` of row 1 is labelled with the place `c`
//! goes to. Cell `j` of row 2 then holds the place of the column where row
//! 1 has the digit that row 2 has at column `cols[j]`; call that column
//! `next(cols[j])`. Placing the columns from the left, each cell is smallest
//! when `next` of its column goes to the first free place of its own stack
//! (giving that stack the first output stack still free); any later place
//! makes the cell larger. So once the first stack and the order of its
//! columns are chosen, row 2 leaves no choice (on a solved grid `next`
//! never stays in a stack):
//!
//! - In a *pure* top band (each stack of row 2 holds the digits of one stack
//!   of row 1; then the whole band is pure) `next` moves whole stacks: the
//!   first stack `A` goes to `B`, `B` to `C`, so the columns are `x y z`,
//!   `next` of them, `next` of those, and row 2 begins `456 789`.
//! - In a *mixed* band each stack sends two columns' `next` to one stack and
//!   one to the other. The two (`x`, `y`, in either order) must come first,
//!   making row 2 begin `457`: `B` holds `next(x)`, `next(y)` and its third
//!   column `w`; `C` begins with `next(z)`, then the two of `next(next(x))`,
//!   `next(next(y))`, `next(w)` that are in `C`, in that order.
//!
//! Row 2 can begin `456` only in a pure band, so when some band is pure only
//! pure bands are tried. Every start (up to 36 top bands, 3 first stacks and
//! 2 or 6 orders) is then checked against the best row 2 so far, a cheap
//! look at its second stack first; row 3 and the other bands (which only
//! need sorting, rows of a solved grid being distinct) decide among those
//! with the smallest row 2.

use super::Transform;
use crate::grid::Grid;
use crate::pos::ORDERS_OF_THREE;

/// The solved grid and its transpose, with where each digit is in each row.
struct Solved {
    cells: [[[u8; 9]; 9]; 2],
    /// `at[o][r][d]`: the column of digit `d` in row `r`.
    at: [[[u8; 10]; 9]; 2],
}

/// A top band being tried: its orientation and rows (row 1, row 2, row 3),
/// and `next` for row 2.
struct Top {
    orientation: usize,
    rows: [usize; 3],
    /// For each column `c`: the column where row 1 has row 2's digit at `c`.
    next: [u8; 9],
}

/// A start: a top band (its index) and the first stack's columns in order.
type Start = (usize, [u8; 3]);

/// The minlex form of the solved `grid` and a transformation that gives it.
pub(super) fn search(grid: &Grid) -> (Grid, Transform) {
    debug_assert!(grid.is_solved());
    let solved = Solved::new(grid);
    let pure: [[bool; 3]; 2] =
        std::array::from_fn(|o| std::array::from_fn(|b| solved.is_pure(o, 3 * b, 3 * b + 1)));
    let want_pure = pure.iter().flatten().any(|&p| p);
    let mut tops = Vec::with_capacity(36);
    for o in 0..2 {
        for b in (0..3).filter(|&b| pure[o][b] == want_pure) {
            for first in 3 * b..3 * b + 3 {
                for second in (3 * b..3 * b + 3).filter(|&r| r != first) {
                    let third = 9 * b + 3 - first - second;
                    tops.push(solved.top(o, [first, second, third]));
                }
            }
        }
    }
    let starts = smallest_row2(&tops, want_pure);
    let (orientation, order, cols) = smallest_rest(&solved, &tops, &starts, want_pure);
    let r1 = usize::from(order[0]);
    let mut digits = [0; 10];
    for (j, &c) in cols.iter().enumerate() {
        digits[usize::from(solved.cells[orientation][r1][usize::from(c)])] = j as u8 + 1;
    }
    let transform = Transform::from_parts(orientation == 1, order, cols, digits);
    (transform.apply(grid), transform)
}

/// The starts whose row 2 is the smallest.
fn smallest_row2(tops: &[Top], pure: bool) -> Vec<Start> {
    let mut best = u64::MAX;
    let mut kept = Vec::with_capacity(8);
    for (index, top) in tops.iter().enumerate() {
        let next = &top.next;
        for a in 0..3u8 {
            let s = 3 * a;
            // In a mixed band, the two columns whose `next` share a stack,
            // in either order, then the third.
            let to = [0, 1, 2].map(|i| next[usize::from(s + i)] / 3);
            let (p, q, z) = if to[0] == to[1] {
                (s, s + 1, s + 2)
            } else if to[0] == to[2] {
                (s, s + 2, s + 1)
            } else {
                (s + 1, s + 2, s)
            };
            let mixed = [[p, q, z], [q, p, z]];
            let pure_orders = ORDERS_OF_THREE.map(|order| order.map(|i| s + i));
            let orders: &[[u8; 3]] = if pure { &pure_orders } else { &mixed };
            for &first in orders {
                // Row 2's second stack is cheap to see in a mixed band, and
                // rules most starts out.
                if !pure && second_stack(next, first) > (best >> 12 & 0xfff) as u16 {
                    continue;
                }
                let row2 = row2(next, &columns(next, first, pure));
                if row2 < best {
                    best = row2;
                    kept.clear();
                }
                if row2 == best {
                    kept.push((index, first));
                }
            }
        }
    }
    kept
}

/// Row 2's second stack (places 3 to 5, 4 bits a cell) in a mixed band
/// whose first stack's columns come in the order `first`: each cell is one
/// more than the place of `next` of its column, which is in the first
/// stack (placed) or in the third (placed from 7 on).
fn second_stack(next: &[u8; 9], first: [u8; 3]) -> u16 {
    let [x, y, z] = first;
    let a = x / 3;
    let (nx, ny) = (next[usize::from(x)], next[usize::from(y)]);
    let w = 3 * (nx / 3) + 3 - nx % 3 - ny % 3;
    let mut third = 7;
    let mut cell = |t: u8| {
        if t / 3 == a {
            1 + u16::from(t == y) + 2 * u16::from(t == z)
        } else {
            third += 1;
            third
        }
    };
    let c3 = cell(next[usize::from(nx)]);
    let c4 = cell(next[usize::from(ny)]);
    let c5 = cell(next[usize::from(w)]);
    c3 << 8 | c4 << 4 | c5
}

/// The input column at each output place, for a start whose first stack's
/// columns come in the order `first` (see the module's notes).
fn columns(next: &[u8; 9], first: [u8; 3], pure: bool) -> [u8; 9] {
    let n = |c: u8| next[usize::from(c)];
    let [x, y, z] = first;
    let (nx, ny, nz) = (n(x), n(y), n(z));
    if pure {
        return [x, y, z, nx, ny, nz, n(nx), n(ny), n(nz)];
    }
    let w = 3 * (nx / 3) + 3 - nx % 3 - ny % 3;
    let c = nz / 3;
    let mut cols = [x, y, z, nx, ny, w, nz, 0, 0];
    let mut k = 7;
    for t in [n(nx), n(ny), n(w)] {
        if t / 3 == c && k < 9 {
            cols[k] = t;
            k += 1;
        }
    }
    debug_assert!(k == 9 && is_stack_order(&cols), "{cols:?}");
    cols
}

/// Whether `cols` is an order of the columns keeping stacks whole.
fn is_stack_order(cols: &[u8; 9]) -> bool {
    let all = cols.iter().fold(0u16, |m, &c| m | 1 << c) == 0x1ff;
    all && cols
        .chunks(3)
        .all(|s| s[0] / 3 == s[1] / 3 && s[1] / 3 == s[2] / 3)
}

/// The output place of each input column.
fn places(cols: &[u8; 9]) -> [u8; 9] {
    let mut place = [0; 9];
    for (j, &c) in cols.iter().enumerate() {
        place[usize::from(c)] = j as u8;
    }
    place
}

/// A row of the output, 4 bits a cell, the first cell highest.
fn pack(cells: impl Iterator<Item = u8>) -> u64 {
    cells.fold(0, |v, cell| v << 4 | u64::from(cell))
}

/// Row 2 of the output for columns `cols`: the place of `next` of each
/// column, plus one.
fn row2(next: &[u8; 9], cols: &[u8; 9]) -> u64 {
    let place = places(cols);
    pack(
        cols.iter()
            .map(|&c| place[usize::from(next[usize::from(c)])] + 1),
    )
}

/// Of the starts with the smallest row 2, the one with the smallest rows 3
/// to 9: its orientation, its order of the rows and of the columns.
fn smallest_rest(
    solved: &Solved,
    tops: &[Top],
    starts: &[Start],
    pure: bool,
) -> (usize, [u8; 9], [u8; 9]) {
    let mut best = ([u64::MAX; 8], 0, [0; 9], [0; 9]);
    for &(index, first) in starts {
        let top = &tops[index];
        let o = top.orientation;
        let cols = columns(&top.next, first, pure);
        let place = places(&cols);
        let at1 = &solved.at[o][top.rows[0]];
        let label: [u8; 10] = std::array::from_fn(|d| place[usize::from(at1[d])] + 1);
        let row = |r: usize| {
            let cells = &solved.cells[o][r];
            pack(
                cols.iter()
                    .map(|&c| label[usize::from(cells[usize::from(c)])]),
            )
        };
        let row3 = row(top.rows[2]);
        if row3 > best.0[1] {
            continue;
        }
        // The other two bands, each with its rows sorted (a row's index in
        // the low 4 bits), the band with the smaller first row first.
        let band = top.rows[0] / 3;
        let mut bands = [[0u64; 3]; 2];
        for (k, b) in (0..3).filter(|&b| b != band).enumerate() {
            for (i, r) in (3 * b..3 * b + 3).enumerate() {
                bands[k][i] = row(r) << 4 | r as u64;
            }
            bands[k].sort_unstable();
        }
        if bands[1][0] < bands[0][0] {
            bands.swap(0, 1);
        }
        let [a, b] = bands;
        let rows = [
            row(top.rows[1]),
            row3,
            a[0] >> 4,
            a[1] >> 4,
            a[2] >> 4,
            b[0] >> 4,
            b[1] >> 4,
            b[2] >> 4,
        ];
        if rows < best.0 {
            let index = |v: u64| (v & 15) as u8;
            let order = [
                top.rows[0] as u8,
                top.rows[1] as u8,
                top.rows[2] as u8,
                index(a[0]),
                index(a[1]),
                index(a[2]),
                index(b[0]),
                index(b[1]),
                index(b[2]),
            ];
            best = (rows, o, order, cols);
        }
    }
    (best.1, best.2, best.3)
}

impl Solved {
    fn new(grid: &Grid) -> Solved {
        let g = grid.cells();
        let mut cells = [[[0; 9]; 9]; 2];
        let mut at = [[[0; 10]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let d = g[r * 9 + c];
                cells[0][r][c] = d;
                cells[1][c][r] = d;
                at[0][r][usize::from(d)] = c as u8;
                at[1][c][usize::from(d)] = r as u8;
            }
        }
        Solved { cells, at }
    }

    /// For each column, the column where row `from` has the digit that row
    /// `to` has there.
    fn next(&self, o: usize, from: usize, to: usize) -> [u8; 9] {
        std::array::from_fn(|c| self.at[o][from][usize::from(self.cells[o][to][c])])
    }

    /// Whether each stack of row `to` holds the digits of one stack of row
    /// `from` (then the whole band is pure, whichever two rows are asked).
    fn is_pure(&self, o: usize, from: usize, to: usize) -> bool {
        let next = self.next(o, from, to);
        next.chunks(3)
            .all(|three| three[0] / 3 == three[1] / 3 && three[1] / 3 == three[2] / 3)
    }

    fn top(&self, o: usize, rows: [usize; 3]) -> Top {
        Top {
            orientation: o,
            rows,
            next: self.next(o, rows[0], rows[1]),
        }
    }
}
