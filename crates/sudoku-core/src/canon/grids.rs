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
//! columns are chosen (a *start*), row 2 leaves no choice (on a solved grid
//! `next` never stays in a stack):
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
//! pure bands are tried. The search goes in three steps, each on fewer
//! tops than the last:
//!
//! 1. each of the 18 pairs of rows in a band (6 bands, 3 pairs each) gets a
//!    key, the smallest row 2 its tops can give (`canon/grids/starts.rs`).
//!    The two tops of a pair (either row first) have the same smallest row
//!    2, so one key serves both. A mixed pair's key mostly follows from how
//!    many 2-cycles its `next` has, counted from the band's digits without
//!    building the map (two give `457189236`, three `457189326`, none a
//!    bound that loses to any pair with one); only a pair with one 2-cycle
//!    reads three more cells, and not at all when another pair has two. A
//!    pure pair's key is `next` three times over. Only the pairs with the
//!    smallest key go on, usually one to three;
//! 2. their tops (both ways round) list the starts that give that row 2,
//!    usually one each (straight from the 2-cycles; for a pure top, rows 2
//!    and 3 come from four permutations of the first stack,
//!    `canon/grids/pure.rs`), and read row 3 for each start, stopping as
//!    soon as it is above the best. This keeps the smallest rows 2 and 3,
//!    the tops that give them and how many starts do;
//! 3. only the starts with those rows (one, most of the time, kept from
//!    step 2) place the other two bands. Rows of a solved grid differ in
//!    every column, so one cell each orders them; the form is then written
//!    cell by cell, with no general [`Transform::apply`].
//!
//! Nothing here allocates: the grid is read into fixed tables, both
//! orientations 16 bytes a line, once.

mod pure;
mod starts;

use self::starts::{columns, is_pure, key, places, starts, swap_key, swap_starts, swapped, Next};
use super::Transform;
use crate::grid::Grid;

/// A solved grid, read both ways: orientation 0 is the grid, orientation 1
/// its transpose. Lines are 16 wide, so an index masked to 4 bits needs no
/// bounds check.
struct Solved {
    /// Whether each row, column and box holds each digit once.
    valid: bool,
    /// `rows[o][r][c]`: the digit at row `r`, column `c` of orientation `o`.
    rows: [[[u8; 16]; 9]; 2],
    /// `at[o][r][d]`: the column of digit `d` in row `r` of orientation `o`.
    at: [[[u8; 16]; 9]; 2],
}

/// The minlex form of `grid` and a transformation that gives it, when the
/// grid is solved; `None` for any other grid. Kept out of line: its tables
/// would otherwise make every puzzle's call set up a larger frame.
#[inline(never)]
pub(super) fn search(grid: &Grid) -> Option<(Grid, Transform)> {
    let solved = Solved::new(grid);
    if !solved.valid {
        return None;
    }
    let mut won = Winners {
        rows: (u64::MAX, u64::MAX),
        tops: 0,
        count: 0,
        first: (0, [0; 9]),
    };
    for t in bits(promising_tops(&solved)) {
        each_start(&solved, t, &mut won);
    }
    let mut pick = Pick {
        solved: &solved,
        rows: won.rows,
        best: None,
    };
    if won.count == 1 {
        let (t, cols) = won.first;
        pick.offer(t, won.rows, cols);
    } else {
        for t in bits(won.tops) {
            each_start(&solved, t, &mut pick);
        }
    }
    // The first pass always finds a start.
    pick.best.map(|best| best.output())
}

/// The orientation and rows (row 1, row 2, row 3) of top `t` of the 36:
/// pair `t / 2` (rows `k` and `k + 1` of band `t / 6` of the 6, `k` being
/// `t / 2 % 3`, the third row last), in order for an even `t`, swapped for
/// an odd one.
fn top_rows(t: usize) -> (usize, [usize; 3]) {
    let [o, r1, r2, r3] = TOPS[t % 36].map(usize::from);
    (o, [r1, r2, r3])
}

/// [`top_rows`] for each top, worked out once: orientation, rows.
const TOPS: [[u8; 4]; 36] = {
    let mut tops = [[0; 4]; 36];
    let mut t = 0;
    while t < 36 {
        let (pair, swap) = (t / 2, t % 2 == 1);
        let (band, k) = (pair / 3, pair % 3);
        let (o, b) = (band / 3, band % 3);
        let rows = [3 * b + k, 3 * b + (k + 1) % 3, 3 * b + (k + 2) % 3];
        let (r1, r2) = if swap {
            (rows[1], rows[0])
        } else {
            (rows[0], rows[1])
        };
        tops[t] = [o as u8, r1 as u8, r2 as u8, rows[2] as u8];
        t += 1;
    }
    tops
};

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The tops worth expanding, a bit each of 36: both tops of each pair of
/// rows whose key is the smallest. Only pure bands' pairs count if there is
/// a pure band. A mixed pair's key comes from its count of 2-cycles alone
/// unless it has one ([`swap_key`]), and a pair with one cannot win when
/// another pair has two.
fn promising_tops(solved: &Solved) -> u64 {
    let pure: [bool; 6] = std::array::from_fn(|band| solved.is_pure(band));
    let next = |pair: usize| {
        let (o, rows) = top_rows(2 * pair);
        solved.next(o, rows[0], rows[1])
    };
    let mut keys = [u64::MAX; 18];
    if pure.contains(&true) {
        for pair in (0..18).filter(|&pair| pure[pair / 3]) {
            keys[pair] = key(&next(pair));
        }
    } else {
        let by_band: [[u32; 3]; 6] = std::array::from_fn(|band| solved.swaps(band));
        let swaps: [u32; 18] = std::array::from_fn(|pair| by_band[pair / 3][pair % 3]);
        let two = swaps.contains(&2);
        for pair in 0..18 {
            keys[pair] = match swap_key(swaps[pair]) {
                Some(key) => key,
                None if two => continue,
                None => key(&next(pair)),
            };
        }
    }
    let best = keys.iter().min().copied().unwrap_or(u64::MAX);
    (0..18).fold(0, |tops, pair| {
        tops | (u64::from(keys[pair] == best) * 0b11) << (2 * pair)
    })
}

/// Where a top's starts go, each with its rows 2 and 3 and its columns.
trait Sink {
    /// The rows 2 and 3 that a start must not be above to be offered.
    fn bound(&self) -> (u64, u64);

    /// A start of top `t`, its rows 2 and 3 not above the bound.
    fn offer(&mut self, t: usize, rows: (u64, u64), cols: [u8; 9]);
}

/// Offers `sink` every start of top `t` that gives the top's smallest row
/// 2, unless its rows 2 and 3 are above the sink's bound (row 3 is read
/// only when row 2 is not, and only until it is).
fn each_start(solved: &Solved, t: usize, sink: &mut impl Sink) {
    let (o, rows) = top_rows(t);
    let next = solved.next(o, rows[0], rows[1]);
    let third = || solved.next(o, rows[0], rows[2]);
    if is_pure(&next) {
        pure::starts(&next, &third(), |found, first| {
            if found <= sink.bound() {
                sink.offer(t, found, columns(&next, first, true));
            }
        });
        return;
    }
    let mut map = None;
    let mut offer = |row2: u64, cols: [u8; 9]| {
        let bound = sink.bound();
        if row2 > bound.0 {
            return;
        }
        let third = map.get_or_insert_with(third);
        let bound = if row2 == bound.0 { bound.1 } else { u64::MAX };
        let row3 = row3(third, &cols, bound);
        if row3 != u64::MAX {
            sink.offer(t, (row2, row3), cols);
        }
    };
    let swapped = swapped(&next);
    if swapped == 0 {
        let starts = starts(&next);
        for &first in starts.firsts() {
            offer(starts.row2, columns(&next, first, false));
        }
    }
    for (row2, cols) in swap_starts(&next, swapped) {
        offer(row2, cols);
    }
}

/// Row 3 (packed) for the columns `cols` of a top whose row 3 has the map
/// `third`, or `u64::MAX` as soon as a stack of it shows it is above
/// `bound`.
fn row3(third: &Next, cols: &[u8; 9], bound: u64) -> u64 {
    let place = places(cols);
    let cell = |j: usize| u64::from(place[usize::from(third[usize::from(cols[j])])] + 1);
    let mut row = 0;
    for k in 0..3 {
        row = row << 12 | cell(3 * k) << 8 | cell(3 * k + 1) << 4 | cell(3 * k + 2);
        if row > bound >> (24 - 12 * k) {
            return u64::MAX;
        }
    }
    row
}

/// The first pass: the smallest rows 2 and 3 of the promising tops, the
/// tops that give them (a bit each, of 36), how many starts do, and the
/// first of them (its top and columns).
struct Winners {
    rows: (u64, u64),
    tops: u64,
    count: usize,
    first: (usize, [u8; 9]),
}

impl Sink for Winners {
    fn bound(&self) -> (u64, u64) {
        self.rows
    }

    fn offer(&mut self, t: usize, rows: (u64, u64), cols: [u8; 9]) {
        if rows < self.rows {
            *self = Winners {
                rows,
                tops: 0,
                count: 0,
                first: (t, cols),
            };
        }
        self.tops |= 1 << t;
        self.count += 1;
    }
}

/// The second pass: of the starts with the winners' rows 2 and 3, the one
/// with the smallest rows 4 to 9.
struct Pick<'s> {
    solved: &'s Solved,
    rows: (u64, u64),
    best: Option<Best>,
}

impl Sink for Pick<'_> {
    fn bound(&self) -> (u64, u64) {
        self.rows
    }

    fn offer(&mut self, t: usize, rows: (u64, u64), cols: [u8; 9]) {
        if rows != self.rows {
            return;
        }
        let (o, top) = top_rows(t);
        let label = self.solved.labels(o, top[0], &cols);
        let from = self.solved.lower_rows(o, top[0] / 3, cols[0], &label);
        let mut lower = [0; 54];
        for (line, &r) in lower.chunks_exact_mut(9).zip(&from) {
            let row = &self.solved.rows[o][usize::from(r)];
            for (cell, &c) in line.iter_mut().zip(&cols) {
                *cell = label[usize::from(row[usize::from(c & 15)] & 15)];
            }
        }
        if self.best.is_none_or(|best| lower < best.lower) {
            let [r1, r2, r3] = top.map(|r| r as u8);
            self.best = Some(Best {
                rows,
                lower,
                orientation: o,
                order: [
                    r1, r2, r3, from[0], from[1], from[2], from[3], from[4], from[5],
                ],
                cols,
                label,
            });
        }
    }
}

/// The best start: rows 2 and 3 of its form, packed, rows 4 to 9 as
/// cells, and the parts of its transformation.
#[derive(Clone, Copy)]
struct Best {
    rows: (u64, u64),
    lower: [u8; 54],
    orientation: usize,
    order: [u8; 9],
    cols: [u8; 9],
    /// `label[d]`: what digit `d` is written as (`label[0]` is 0).
    label: [u8; 16],
}

impl Best {
    /// The form and the transformation.
    fn output(&self) -> (Grid, Transform) {
        let mut cells = [0; 81];
        cells[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        cells[9..18].copy_from_slice(&unpack(self.rows.0));
        cells[18..27].copy_from_slice(&unpack(self.rows.1));
        cells[27..].copy_from_slice(&self.lower);
        let mut digits = [0; 10];
        digits.copy_from_slice(&self.label[..10]);
        let transform = Transform::from_parts(self.orientation == 1, self.order, self.cols, digits);
        // The cells are labels, 1-9.
        (Grid::from_cells_unchecked(cells), transform)
    }
}

/// The nine cells of a packed row: the last eight spread from their 4 bits
/// to a byte each in a few whole-word steps.
fn unpack(packed: u64) -> [u8; 9] {
    let low = packed & 0xffff_ffff;
    let spread = (low | low << 16) & 0x0000_ffff_0000_ffff;
    let spread = (spread | spread << 8) & 0x00ff_00ff_00ff_00ff;
    let spread = (spread | spread << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    let mut cells = [0; 9];
    cells[0] = (packed >> 32) as u8;
    cells[1..].copy_from_slice(&spread.to_be_bytes());
    cells
}

/// Not yet seen: a digit's place in a line before the line is read.
const UNSEEN: u8 = u8::MAX;

/// A line before it is read: digits 1-9 unseen, the other slots not digits.
const FRESH: [u8; 16] = [
    0, UNSEEN, UNSEEN, UNSEEN, UNSEEN, UNSEEN, UNSEEN, UNSEEN, UNSEEN, UNSEEN, 0, 0, 0, 0, 0, 0,
];

impl Solved {
    /// The grid read both ways, and whether it is solved: each row, column
    /// and box has a place for each digit 1-9 (nine cells, nine digits, so
    /// each once).
    fn new(grid: &Grid) -> Solved {
        let cells = grid.cells();
        let mut rows = [[[0; 16]; 9]; 2];
        let mut at = [[FRESH; 9]; 2];
        let mut boxes = [FRESH; 9];
        for band in 0..3 {
            for r in 3 * band..3 * band + 3 {
                for stack in 0..3 {
                    let in_box = &mut boxes[3 * band + stack];
                    for c in 3 * stack..3 * stack + 3 {
                        let d = cells[9 * r + c] & 15;
                        rows[0][r][c] = d;
                        rows[1][c][r] = d;
                        at[0][r][usize::from(d)] = c as u8;
                        at[1][c][usize::from(d)] = r as u8;
                        in_box[usize::from(d)] = 0;
                    }
                }
            }
        }
        // Places are below 9, so only an unseen digit sets a top bit.
        let seen = at.iter().flatten().chain(&boxes);
        let any = seen.fold(0, |any, line| any | u128::from_le_bytes(*line));
        let valid = any & u128::from_le_bytes([0x80; 16]) == 0;
        Solved { valid, rows, at }
    }

    /// How many 2-cycles the `next` maps of the three pairs of rows of band
    /// `band` of the 6 have (rows 0 and 1, 1 and 2, 2 and 0 of the band),
    /// read from the digits: digit `d` is in one of rows `i` and `j`
    /// exactly when row `j`, at the column where row `i` has `d`, holds a
    /// digit that row `i` has where row `j` has `d` (two digits a cycle).
    fn swaps(&self, band: usize) -> [u32; 3] {
        let (o, b) = (band / 3, band % 3);
        let [at0, at1, at2] = [0, 1, 2].map(|i| &self.at[o][3 * b + i]);
        let [row0, row1, row2] = [0, 1, 2].map(|i| &self.rows[o][3 * b + i]);
        // The digit of `row` at column `c`, as an index.
        let under = |row: &[u8; 16], c: u8| usize::from(row[usize::from(c & 15)] & 15);
        let mut members = [0; 3];
        for d in 1..10 {
            let (c0, c1, c2) = (at0[d], at1[d], at2[d]);
            members[0] += u32::from(at0[under(row1, c0)] == c1);
            members[1] += u32::from(at1[under(row2, c1)] == c2);
            members[2] += u32::from(at2[under(row0, c2)] == c0);
        }
        members.map(|m| m / 2)
    }

    /// For each column, the column where row `from` has the digit that row
    /// `to` has there.
    fn next(&self, o: usize, from: usize, to: usize) -> Next {
        let (at, row) = (&self.at[o][from], &self.rows[o][to]);
        std::array::from_fn(|c| at[usize::from(row[c] & 15)])
    }

    /// Whether band `band` of the 6 is pure, from its first two rows.
    fn is_pure(&self, band: usize) -> bool {
        let (o, b) = (band / 3, band % 3);
        let (at, row) = (&self.at[o][3 * b], &self.rows[o][3 * b + 1]);
        let stack = |c: usize| at[usize::from(row[c] & 15)] / 3;
        stack(0) == stack(1) && stack(0) == stack(2)
    }

    /// The labels the columns `cols` give in orientation `o` with row 1
    /// `r1`: each digit becomes one more than the place of its column in
    /// row 1 (16 wide, like the lines; 0 stays 0).
    fn labels(&self, o: usize, r1: usize, cols: &[u8; 9]) -> [u8; 16] {
        let place = places(cols);
        let at = &self.at[o][r1];
        let mut label = [0; 16];
        for d in 1..10 {
            label[d] = place[usize::from(at[d])] + 1;
        }
        label
    }

    /// The order of rows 4 to 9 of a start in orientation `o` whose top
    /// band is `band` and whose first column is `first`: the other two
    /// bands, each with its rows sorted, the band with the smaller first
    /// row first. Rows of a solved grid differ in every column, so their
    /// first cells (the label of their digit in column `first`) order them.
    fn lower_rows(&self, o: usize, band: usize, first: u8, label: &[u8; 16]) -> [u8; 6] {
        let rows = &self.rows[o];
        // A row's first cell, its index in the low 4 bits.
        let key =
            |r: usize| label[usize::from(rows[r][usize::from(first & 15)] & 15)] << 4 | r as u8;
        let sorted = |b: usize| {
            let [x, y, z] = [3 * b, 3 * b + 1, 3 * b + 2].map(key);
            let (x, y) = (x.min(y), x.max(y));
            let (y, z) = (y.min(z), y.max(z));
            [x.min(y), x.max(y), z]
        };
        let (b1, b2) = match band {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        let (mut one, mut two) = (sorted(b1), sorted(b2));
        if two[0] < one[0] {
            std::mem::swap(&mut one, &mut two);
        }
        [one[0], one[1], one[2], two[0], two[1], two[2]].map(|k| k & 15)
    }
}

#[cfg(test)]
mod tests {
    use super::starts::swapped;
    use super::*;
    use crate::generator::Batch;

    /// The count of 2-cycles read from a band's digits is the count read
    /// from each pair's `next` map, and purity is the map's.
    #[test]
    fn swaps_from_digits_are_the_maps_swaps() {
        let batch = Batch::new(26);
        for index in 0..300 {
            let grid = batch.grid(index).unwrap();
            let solved = Solved::new(&grid);
            assert!(solved.valid);
            for band in 0..6 {
                let counts = solved.swaps(band);
                for (k, &count) in counts.iter().enumerate() {
                    let (o, rows) = top_rows(2 * (3 * band + k));
                    let next = solved.next(o, rows[0], rows[1]);
                    assert_eq!(count, swapped(&next).count_ones() / 2, "grid {grid}");
                    assert_eq!(solved.is_pure(band), is_pure(&next), "grid {grid}");
                }
            }
        }
    }
}
