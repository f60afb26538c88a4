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
//! pure bands are tried. The starts (up to 36 top bands, 3 first stacks and
//! 2 or 6 orders) are narrowed in stages, each cheaper than the next: in a
//! mixed band row 2's fourth cell (two look-ups), then its second stack; in
//! a pure band, where row 2 begins `456789` for every start, row 2's last
//! stack and then row 3, read straight from the columns (`next` for row 3)
//! and stopped as soon as they are above the best; then the whole of rows
//! 2 and 3. Only the starts still tied place the other two bands, which
//! only need sorting (rows of a solved grid are distinct).

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
    /// The same for row 3, in a pure band (unused in a mixed one).
    third: [u8; 9],
}

/// A start: a top band (its index) and the first stack's columns in order.
type Start = (usize, [u8; 3]);

/// The minlex form of `grid` and a transformation that gives it, when the
/// grid is solved; `None` for any other grid.
pub(super) fn search(grid: &Grid) -> Option<(Grid, Transform)> {
    let solved = Solved::new(grid)?;
    let pure: [[bool; 3]; 2] =
        std::array::from_fn(|o| std::array::from_fn(|b| solved.is_pure(o, 3 * b, 3 * b + 1)));
    let want_pure = pure.iter().flatten().any(|&p| p);
    let mut tops = Vec::with_capacity(36);
    for (o, pure) in pure.iter().enumerate() {
        for b in (0..3).filter(|&b| pure[b] == want_pure) {
            for first in 3 * b..3 * b + 3 {
                for second in (3 * b..3 * b + 3).filter(|&r| r != first) {
                    let third = 9 * b + 3 - first - second;
                    tops.push(solved.top(o, [first, second, third], want_pure));
                }
            }
        }
    }
    let starts = promising_starts(&tops, want_pure);
    let (orientation, order, cols) = best_start(&solved, &tops, &starts, want_pure);
    let r1 = usize::from(order[0]);
    let mut digits = [0; 10];
    for (j, &c) in cols.iter().enumerate() {
        digits[usize::from(solved.cells[orientation][r1][usize::from(c)])] = j as u8 + 1;
    }
    let transform = Transform::from_parts(orientation == 1, order, cols, digits);
    Some((transform.apply(grid), transform))
}

/// The starts that may give the smallest row 2, found with a few look-ups
/// each: in a pure band, those whose last stack of row 2 is the smallest;
/// in a mixed band, those whose fourth cell, then second stack, is.
fn promising_starts(tops: &[Top], pure: bool) -> Vec<Start> {
    let mut kept = Vec::with_capacity(32);
    let mut smallest = u64::MAX;
    let keep = |kept: &mut Vec<Start>, smallest: &mut u64, start: Start, key: u64| {
        if key < *smallest {
            *smallest = key;
            kept.clear();
        }
        if key == *smallest {
            kept.push(start);
        }
    };
    for (index, top) in tops.iter().enumerate() {
        let next = &top.next;
        for a in 0..3u8 {
            let s = 3 * a;
            if pure {
                for order in ORDERS_OF_THREE {
                    let first = order.map(|i| s + i);
                    let key = pure_rows(top, first, smallest);
                    keep(&mut kept, &mut smallest, (index, first), key);
                }
                continue;
            }
            // The two columns whose `next` share a stack, in either order,
            // then the third.
            let to = [0, 1, 2].map(|i| next[usize::from(s + i)] / 3);
            let (p, q, z) = if to[0] == to[1] {
                (s, s + 1, s + 2)
            } else if to[0] == to[2] {
                (s, s + 2, s + 1)
            } else {
                (s + 1, s + 2, s)
            };
            for first in [[p, q, z], [q, p, z]] {
                keep(
                    &mut kept,
                    &mut smallest,
                    (index, first),
                    u64::from(fourth_cell(next, first)),
                );
            }
        }
    }
    if !pure {
        let mut second = u16::MAX;
        let mut count = 0;
        for k in 0..kept.len() {
            let (index, first) = kept[k];
            let cells = second_stack(&tops[index].next, first);
            if cells < second {
                second = cells;
                count = 0;
            }
            if cells == second {
                kept[count] = (index, first);
                count += 1;
            }
        }
        kept.truncate(count);
    }
    kept
}

/// Row 2's last stack in a pure band whose first stack's columns come in
/// the order `first` (4 bits a cell): the place, plus one, of `next` three
/// times over of each of them, which is back in the first stack.
fn pure_tail(next: &[u8; 9], first: [u8; 3]) -> u16 {
    let back = |c: u8| next[usize::from(next[usize::from(next[usize::from(c)])])];
    let place = |t: u8| 1 + u16::from(t == first[1]) + 2 * u16::from(t == first[2]);
    first.iter().fold(0, |v, &c| v << 4 | place(back(c)))
}

/// Rows 2 and 3 from row 2's fourth cell on, in a pure band whose first
/// stack's columns come in the order `first` (4 bits a cell: row 2's last
/// stack, [`pure_tail`], then row 3), or `u64::MAX` as soon as they are
/// larger than `bound`. In a pure band row 2 begins `456789` whatever the
/// start, so these decide between the starts.
fn pure_rows(top: &Top, first: [u8; 3], bound: u64) -> u64 {
    let next = &top.next;
    let tail = u64::from(pure_tail(next, first));
    if tail << 36 > bound {
        return u64::MAX;
    }
    let cols = columns(next, first, true);
    let place = places(&cols);
    let cell = |j: usize| u64::from(place[usize::from(top.third[usize::from(cols[j])])] + 1);
    let stack = |k: usize| cell(3 * k) << 8 | cell(3 * k + 1) << 4 | cell(3 * k + 2);
    let key = tail << 12 | stack(0);
    if key << 24 > bound {
        return u64::MAX;
    }
    (key << 12 | stack(1)) << 12 | stack(2)
}

/// Row 2's fourth cell in a mixed band whose first stack's columns come in
/// the order `first`: one more than the place of `next(next(x))` when it is
/// in the first stack (x, y, z at places 0, 1, 2), else 8 (the third
/// stack's second place).
fn fourth_cell(next: &[u8; 9], first: [u8; 3]) -> u8 {
    let [x, y, z] = first;
    let t = next[usize::from(next[usize::from(x)])];
    if t / 3 == x / 3 {
        1 + u8::from(t == y) + 2 * u8::from(t == z)
    } else {
        8
    }
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

/// Of the promising starts, the one with the smallest rows 2 to 9: its
/// orientation, its order of the rows and of the columns. Rows 2 and 3 are
/// found for every start first (a start fixes the columns and so the
/// labels); only those with the smallest go on to the other bands.
fn best_start(
    solved: &Solved,
    tops: &[Top],
    starts: &[Start],
    pure: bool,
) -> (usize, [u8; 9], [u8; 9]) {
    let mut best_top = (u64::MAX, u64::MAX);
    let mut ties: Vec<(usize, [u8; 9], [u8; 10])> = Vec::with_capacity(starts.len());
    for &(index, first) in starts {
        let top = &tops[index];
        let o = top.orientation;
        let cols = columns(&top.next, first, pure);
        let place = places(&cols);
        let row2 = pack(
            cols.iter()
                .map(|&c| place[usize::from(top.next[usize::from(c)])] + 1),
        );
        if row2 > best_top.0 {
            continue;
        }
        let at1 = &solved.at[o][top.rows[0]];
        let label: [u8; 10] = std::array::from_fn(|d| place[usize::from(at1[d])] + 1);
        let rows = (row2, solved.row(o, top.rows[2], &cols, &label));
        if rows < best_top {
            best_top = rows;
            ties.clear();
        }
        if rows == best_top {
            ties.push((index, cols, label));
        }
    }
    let mut best = ([u64::MAX; 6], 0, [0; 9], [0; 9]);
    for &(index, cols, label) in &ties {
        let top = &tops[index];
        let o = top.orientation;
        // The other two bands, each with its rows sorted (a row's index in
        // the low 4 bits), the band with the smaller first row first.
        let band = top.rows[0] / 3;
        let mut bands = [[0u64; 3]; 2];
        for (k, b) in (0..3).filter(|&b| b != band).enumerate() {
            for (i, r) in (3 * b..3 * b + 3).enumerate() {
                bands[k][i] = solved.row(o, r, &cols, &label) << 4 | r as u64;
            }
            bands[k].sort_unstable();
        }
        if bands[1][0] < bands[0][0] {
            bands.swap(0, 1);
        }
        let [a, b] = bands;
        let rows = [a[0], a[1], a[2], b[0], b[1], b[2]].map(|v| v >> 4);
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
    /// The grid read both ways, or `None` unless it is solved (each row,
    /// column and box holds each digit once).
    fn new(grid: &Grid) -> Option<Solved> {
        let g = grid.cells();
        let mut cells = [[[0; 9]; 9]; 2];
        let mut at = [[[0; 10]; 9]; 2];
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for r in 0..9 {
            for c in 0..9 {
                let d = g[r * 9 + c];
                cells[0][r][c] = d;
                cells[1][c][r] = d;
                at[0][r][usize::from(d)] = c as u8;
                at[1][c][usize::from(d)] = r as u8;
                rows[r] |= 1 << d;
                cols[c] |= 1 << d;
                boxes[r / 3 * 3 + c / 3] |= 1 << d;
            }
        }
        let full = |masks: [u16; 9]| masks.iter().all(|&m| m == 0x3fe);
        (full(rows) && full(cols) && full(boxes)).then_some(Solved { cells, at })
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

    /// Row `r` of orientation `o` with the columns in the order `cols` and
    /// the digits relabelled by `label`, packed.
    fn row(&self, o: usize, r: usize, cols: &[u8; 9], label: &[u8; 10]) -> u64 {
        let cells = &self.cells[o][r];
        pack(
            cols.iter()
                .map(|&c| label[usize::from(cells[usize::from(c)])]),
        )
    }

    fn top(&self, o: usize, rows: [usize; 3], pure: bool) -> Top {
        Top {
            orientation: o,
            rows,
            next: self.next(o, rows[0], rows[1]),
            third: if pure {
                self.next(o, rows[0], rows[2])
            } else {
                [0; 9]
            },
        }
    }
}
