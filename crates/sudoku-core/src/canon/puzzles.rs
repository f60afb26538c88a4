//! The minlex search for any grid (puzzles, and complete grids with
//! conflicts): row by row, keeping every partial transformation whose output
//! so far is the smallest.
//!
//! A *candidate* is a set of transformations that agree on the output so
//! far: the orientation, the input row behind each output row placed, the
//! input stack behind each output stack, and for each stack a set of
//! allowed orders of its three columns (a 6-bit mask over
//! [`ORDERS_OF_THREE`]), with the digit labels given so far. Any order in
//! the masks gives the same output rows, so the set is their product.
//!
//! Output row `i` is filled for every candidate and every input row it may
//! take there (any unused row at the top of a band, else the unused rows of
//! the band begun): stack by stack, the column orders giving the smallest
//! three cells are kept. Orders that tie but label different digits lead to
//! different futures, so they split the candidate; orders that tie with the
//! same labels stay together in its mask. Only candidates whose row equals
//! the smallest row of the level survive, so after row 9 every candidate
//! gives the minlex form.
//!
//! A row is not tried at all when a bound on it is above the best row of
//! the level: whatever the order of the columns, each output stack gives at
//! best its blanks first and then digits of at least 1, so the bound only
//! needs the number of givens in each stack of the row (dense puzzles gain
//! most, at the first row of bands 2 and 3).
//!
//! Choices that lead to the same outputs are made once: the transposed
//! grid when the grid is symmetric about its diagonal, one of two
//! identical stacks, rows (of a band) and bands.

use super::Transform;
use crate::grid::Grid;
use crate::pos::ORDERS_OF_THREE;

/// Every order of a stack's columns.
const ALL_ORDERS: u8 = 0b11_1111;

/// The grid and its transpose, as rows of values (0 for blank).
struct Views {
    cells: [[[u8; 9]; 9]; 2],
    /// For each orientation and row, the earlier rows of its band with the
    /// same cells.
    same_row: [[u16; 9]; 2],
    /// For each orientation and band, the earlier bands with the same cells.
    same_band: [[u8; 3]; 2],
    /// For each orientation, row and stack, the bound on that stack's three
    /// output cells (see [`Views::bound`]).
    stack_bounds: [[[u64; 3]; 9]; 2],
}

/// The smallest three cells a stack with 0, 1, 2 or 3 givens can give:
/// its blanks first, then digits, each at least 1.
const STACK_BOUND: [u64; 4] = [0x000, 0x001, 0x011, 0x111];

impl Views {
    fn new(grid: &Grid) -> Views {
        let g = grid.cells();
        let mut cells = [[[0; 9]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                cells[0][r][c] = g[r * 9 + c];
                cells[1][c][r] = g[r * 9 + c];
            }
        }
        let mut same_row = [[0; 9]; 2];
        let mut same_band = [[0; 3]; 2];
        for o in 0..2 {
            for r in 0..9 {
                for earlier in r - r % 3..r {
                    if cells[o][earlier] == cells[o][r] {
                        same_row[o][r] |= 1 << earlier;
                    }
                }
            }
            for b in 0..3 {
                for earlier in 0..b {
                    if cells[o][3 * earlier..3 * earlier + 3] == cells[o][3 * b..3 * b + 3] {
                        same_band[o][b] |= 1 << earlier;
                    }
                }
            }
        }
        let stack_bounds = cells.map(|rows| {
            rows.map(|row| {
                std::array::from_fn(|s| {
                    let givens = row[3 * s..3 * s + 3].iter().filter(|&&d| d != 0).count();
                    STACK_BOUND[givens]
                })
            })
        });
        Views {
            cells,
            same_row,
            same_band,
            stack_bounds,
        }
    }

    /// A bound on the output row that input row `r` gives in `candidate`
    /// (packed as the rows of a level are): whatever the order of the
    /// columns and the labels, each stack's blanks come first at best and
    /// a digit is at least 1.
    fn bound(&self, candidate: &Candidate, r: usize) -> u64 {
        let b = &self.stack_bounds[usize::from(candidate.orientation)][r];
        let [s0, s1, s2] = candidate.stacks.map(usize::from);
        b[s0] << 24 | b[s1] << 12 | b[s2]
    }

    /// Whether stacks `a` and `b` hold the same cells in orientation `o`.
    fn same_stacks(&self, o: usize, a: usize, b: usize) -> bool {
        self.cells[o]
            .iter()
            .all(|row| row[3 * a..3 * a + 3] == row[3 * b..3 * b + 3])
    }
}

/// A set of partial transformations with the same output so far.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// 1 when the grid is read transposed.
    orientation: u8,
    /// The next label to give.
    next: u8,
    /// The input rows placed, as bits.
    used: u16,
    /// The input stack behind each output stack.
    stacks: [u8; 3],
    /// For each output stack, the allowed orders of its columns.
    masks: [u8; 3],
    /// The input row behind each output row placed.
    rows: [u8; 9],
    /// The label of each input digit, 0 while unseen (and for blanks).
    labels: [u8; 10],
}

/// What a search keeps between levels: the candidates, and the smallest
/// row of the level being filled.
struct Level {
    best: u64,
    kept: Vec<Candidate>,
}

/// The minlex form of `grid` and a transformation that gives it.
pub(super) fn search(grid: &Grid) -> (Grid, Transform) {
    let views = Views::new(grid);
    let mut current = first_candidates(&views);
    let mut level = Level {
        best: u64::MAX,
        kept: Vec::with_capacity(current.len()),
    };
    first_row(&views, &current, &mut level);
    std::mem::swap(&mut current, &mut level.kept);
    for i in 1..9 {
        level.best = u64::MAX;
        level.kept.clear();
        for candidate in &current {
            for r in open_rows(&views, candidate, i) {
                if views.bound(candidate, r) <= level.best {
                    place_row(&views, candidate, i, r, &mut level);
                }
            }
        }
        std::mem::swap(&mut current, &mut level.kept);
    }
    let winner = current[0];
    let transform = transform_of(&winner);
    (transform.apply(grid), transform)
}

/// Tries input row `r` as output row `i` of `candidate`.
fn place_row(views: &Views, candidate: &Candidate, i: usize, r: usize, level: &mut Level) {
    let mut next = *candidate;
    next.rows[i] = r as u8;
    next.used |= 1 << r;
    let row = &views.cells[usize::from(candidate.orientation)][r];
    fill_stack(row, next, 0, 0, level);
}

/// Fills output row 1 (level 0) from `firsts`, the candidates with nothing
/// placed. Every row of either orientation could go there, in any of the
/// 12 candidates; the rows are tried from the smallest bound up (see
/// [`first_row_bound`]), and a row whose bound is above the best row found
/// is not tried at all.
fn first_row(views: &Views, firsts: &[Candidate], level: &mut Level) {
    level.best = u64::MAX;
    level.kept.clear();
    let mut rows = [(0u64, 0usize, 0usize); 18];
    let mut count = 0;
    for o in 0..2 {
        let Some(fresh) = firsts.iter().find(|c| usize::from(c.orientation) == o) else {
            continue;
        };
        for r in open_rows(views, fresh, 0) {
            rows[count] = (first_row_bound(&views.cells[o][r]), o, r);
            count += 1;
        }
    }
    let rows = &mut rows[..count];
    rows.sort_unstable();
    for &(bound, o, r) in rows.iter() {
        if bound > level.best {
            break;
        }
        for candidate in firsts.iter().filter(|c| usize::from(c.orientation) == o) {
            place_row(views, candidate, 0, r, level);
        }
    }
}

/// A bound on output row 1 when `row` goes there (packed as the rows of a
/// level are): no order of its stacks and columns gives less. Blanks come
/// first at best when the stacks go from the fewest digits to the most,
/// each with its digits last; when the row's digits are distinct, they are
/// labelled 1, 2, 3... in that order whatever the order, so that row is
/// the smallest exactly. Otherwise (a digit twice) the bound is a 1 where
/// the first digit can come soonest and blanks after it.
fn first_row_bound(row: &[u8; 9]) -> u64 {
    let mut counts = [0u8; 3];
    let mut seen = 0u16;
    let mut distinct = true;
    for (c, &d) in row.iter().enumerate() {
        if d != 0 {
            counts[c / 3] += 1;
            distinct &= seen & 1 << d == 0;
            seen |= 1 << d;
        }
    }
    counts.sort_unstable();
    let mut value = 0u64;
    let mut label = 0u8;
    for n in counts {
        for place in 0..3 {
            let cell = if place + n >= 3 {
                if distinct || label == 0 {
                    label += 1;
                    label
                } else {
                    0
                }
            } else {
                0
            };
            value = value << 4 | u64::from(cell);
        }
    }
    value
}

/// One candidate per orientation and order of the stacks, nothing placed.
fn first_candidates(views: &Views) -> Vec<Candidate> {
    let symmetric = views.cells[0] == views.cells[1];
    let mut out = Vec::with_capacity(12);
    for o in 0..if symmetric { 1 } else { 2 } {
        'orders: for order in ORDERS_OF_THREE {
            // Of two identical stacks, the first must come first.
            for a in 0..3 {
                for b in a + 1..3 {
                    let (pa, pb) = (position(order, a), position(order, b));
                    if pb < pa && views.same_stacks(o, a, b) {
                        continue 'orders;
                    }
                }
            }
            out.push(Candidate {
                orientation: o as u8,
                next: 1,
                used: 0,
                stacks: order,
                masks: [ALL_ORDERS; 3],
                rows: [0; 9],
                labels: [0; 10],
            });
        }
    }
    out
}

/// Where `stack` comes in `order`.
fn position(order: [u8; 3], stack: usize) -> usize {
    order
        .iter()
        .position(|&s| usize::from(s) == stack)
        .unwrap_or(0)
}

/// The input rows `candidate` may place at output row `i`: any unused row
/// when `i` begins a band, else the unused rows of the band begun; of rows
/// (or bands) with the same cells, only the first.
fn open_rows(views: &Views, candidate: &Candidate, i: usize) -> impl Iterator<Item = usize> {
    let o = usize::from(candidate.orientation);
    let used = candidate.used;
    let band = if i.is_multiple_of(3) {
        None
    } else {
        Some(usize::from(candidate.rows[i - i % 3]) / 3)
    };
    let used_bands = (0..3).fold(0u8, |m, b| m | u8::from(used >> (3 * b) & 7 != 0) << b);
    let same_row = views.same_row[o];
    let same_band = views.same_band[o];
    (0..9).filter(move |&r| {
        used & 1 << r == 0
            && band.is_none_or(|b| r / 3 == b)
            // An identical earlier row still open gives the same outputs.
            && same_row[r] & !used == 0
            && (band.is_some() || same_band[r / 3] & !used_bands == 0)
    })
}

/// Fills output stack `k` of the row being placed, `row` being its input
/// row, then the stacks after it; `prefix` holds the cells before it (4
/// bits a cell, the first cell highest). Keeps the completed candidates whose
/// row is the smallest of the level.
fn fill_stack(row: &[u8; 9], candidate: Candidate, k: usize, prefix: u64, level: &mut Level) {
    if k == 3 {
        if prefix < level.best {
            level.best = prefix;
            level.kept.clear();
        }
        level.kept.push(candidate);
        return;
    }
    let s = usize::from(candidate.stacks[k]);
    let cells = [row[3 * s], row[3 * s + 1], row[3 * s + 2]];
    if cells == [0; 3] {
        // Three blanks in any order: nothing changes but the row so far.
        let shift = 4 * (6 - 3 * k);
        if prefix >> shift > level.best >> shift {
            return;
        }
        return fill_stack(row, candidate, k + 1, prefix, level);
    }
    let mask = candidate.masks[k];
    // Each allowed order's three cells and the digits it labels first.
    let mut tried = [(u16::MAX, 0u16); 6];
    let mut smallest = u16::MAX;
    // The labels the three cells already have (0 for a blank or a digit
    // not seen yet); when no digit is new, an order only moves them.
    let known = cells.map(|d| candidate.labels[usize::from(d)]);
    let fresh = (0..3).any(|t| cells[t] != 0 && known[t] == 0);
    for (p, order) in ORDERS_OF_THREE.iter().enumerate() {
        if mask & 1 << p != 0 {
            tried[p] = if fresh {
                label_three(&cells, order, &candidate)
            } else {
                let [a, b, c] = order.map(|i| u16::from(known[usize::from(i)]));
                (a << 8 | b << 4 | c, 0)
            };
            smallest = smallest.min(tried[p].0);
        }
    }
    let shift = 4 * (6 - 3 * k);
    let prefix = prefix | u64::from(smallest) << shift;
    if prefix >> shift > level.best >> shift {
        return;
    }
    let mut done = 0u8;
    for p in 0..6 {
        if mask & 1 << p == 0 || done & 1 << p != 0 || tried[p].0 != smallest {
            continue;
        }
        // The orders with these cells and these new labels stay together.
        let group = (p..6).fold(0u8, |g, q| {
            g | u8::from(mask & 1 << q != 0 && tried[q] == tried[p]) << q
        });
        done |= group;
        let mut next = candidate;
        next.masks[k] = group;
        let mut fresh = tried[p].1;
        while fresh != 0 {
            next.labels[usize::from(fresh & 15)] = next.next;
            next.next += 1;
            fresh >>= 4;
        }
        fill_stack(row, next, k + 1, prefix, level);
        if prefix >> shift > level.best >> shift {
            return;
        }
    }
}

/// The three cells of a stack in `order`, labelled (unseen digits get the
/// next labels in order), and the unseen digits in the order met, 4 bits
/// each, the first lowest.
fn label_three(cells: &[u8; 3], order: &[u8; 3], candidate: &Candidate) -> (u16, u16) {
    let mut value = 0u16;
    let mut fresh = 0u16;
    let mut count = 0u8;
    for &i in order {
        let d = cells[usize::from(i)];
        let label = if d == 0 {
            0
        } else if candidate.labels[usize::from(d)] != 0 {
            candidate.labels[usize::from(d)]
        } else {
            // Unseen: the label it got earlier in these three, or the next.
            match (0..count).find(|&n| (fresh >> (4 * n)) & 15 == u16::from(d)) {
                Some(n) => candidate.next + n,
                None => {
                    fresh |= u16::from(d) << (4 * count);
                    count += 1;
                    candidate.next + count - 1
                }
            }
        };
        value = value << 4 | u16::from(label);
    }
    (value, fresh)
}

/// A transformation of the set a final candidate stands for: the first
/// allowed order of each stack, and the digits never seen labelled after
/// those seen, in order.
fn transform_of(candidate: &Candidate) -> Transform {
    let mut cols = [0; 9];
    for k in 0..3 {
        let order = ORDERS_OF_THREE[candidate.masks[k].trailing_zeros() as usize];
        for t in 0..3 {
            cols[3 * k + t] = 3 * candidate.stacks[k] + order[t];
        }
    }
    let mut digits = candidate.labels;
    let mut next = candidate.next;
    for d in digits.iter_mut().skip(1) {
        if *d == 0 {
            *d = next;
            next += 1;
        }
    }
    Transform::from_parts(candidate.orientation == 1, candidate.rows, cols, digits)
}
