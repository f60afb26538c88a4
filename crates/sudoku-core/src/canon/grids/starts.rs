//! The smallest row 2 a top band can give, and the starts that give it.
//!
//! A top band is a band with its row 1 and row 2 chosen; its `next` map
//! says, for each column, where row 1 has the digit that row 2 has there.
//! Row 1 becomes `123456789`, so row 2 is `next` read through the order of
//! the columns, and its smallest value depends only on `next` (see the
//! notes in `canon/grids.rs`). Every start (the first stack and the order
//! of its columns) fixes the other columns, so a top has at most 18 starts
//! worth looking at, and usually one or two give its smallest row 2:
//!
//! - in a *pure* top (`next` moves whole stacks) row 2 begins `456789` and
//!   ends with `next` three times over, which stays in the first stack: the
//!   identity gives `123`, a swap `132`, a 3-cycle `231`;
//! - in a *mixed* top row 2 begins `457`, and its fourth cell is `1`
//!   exactly when the first column and its `next` swap places under `next`
//!   (a 2-cycle). Each stack sends two columns (its *pair*) to one stack
//!   and one (its *single*) to the other, and a 2-cycle always joins a
//!   column of one stack's pair with the next stack's single; that column
//!   is the first of the start, and the rest of row 2 is then `189` and
//!   three cells read off `next`. How many 2-cycles there are mostly
//!   decides those three: two 2-cycles always give `236` (from the one
//!   whose start's single is in no 2-cycle), three give `326` (from each),
//!   one gives `263`, `623` or `632`. A top without a 2-cycle is tried the
//!   long way, each first stack in its two orders.
//!
//! [`key`] gives the smallest row 2 without listing starts, for choosing
//! the top bands worth expanding: exact for a pure top and for a mixed one
//! with a 2-cycle, and for a mixed one without a 2-cycle the bound
//! `4572...`, below any row 2 it can have and above any with a 2-cycle.
//! The two tops of a pair of rows (`next` and its inverse) always have the
//! same smallest row 2, so one key serves both. These facts come from the
//! 15 kinds of `next` (3 pure, 12 mixed, the smallest rows of the band
//! catalogues); the tests check every one of them against brute force
//! over all 12,096 maps.

use crate::pos::ORDERS_OF_THREE;

/// For each column of row 2, the column of row 1 that holds its digit.
pub(super) type Next = [u8; 9];

/// The columns of the first output stack, in their output order.
pub(super) type First = [u8; 3];

/// The most starts one top can give: a pure top whose tail is `123` (3
/// first stacks, each in any of its 6 orders).
const MOST: usize = 18;

/// Row 2 of a pure top, before its last stack (4 bits a cell).
const PURE: u64 = 0x456_789 << 12;

/// Row 2 of a mixed top with a 2-cycle, before its last stack.
const SWAP: u64 = 0x457_189 << 12;

/// Below any row 2 of a mixed top without a 2-cycle (its fourth cell is at
/// least 2), above any with one.
const NO_SWAP: u64 = 0x4572 << 20;

/// The starts of one top that give its smallest row 2, and that row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Starts {
    /// The smallest row 2, packed 4 bits a cell, the first cell highest.
    pub(super) row2: u64,
    firsts: [First; MOST],
    len: usize,
}

impl Starts {
    fn new() -> Starts {
        Starts {
            row2: u64::MAX,
            firsts: [[0; 3]; MOST],
            len: 0,
        }
    }

    /// Keeps `first` if its row 2 is the smallest so far.
    fn offer(&mut self, row2: u64, first: First) {
        if row2 < self.row2 {
            self.row2 = row2;
            self.len = 0;
        }
        if row2 == self.row2 {
            self.firsts[self.len] = first;
            self.len += 1;
        }
    }

    /// The first stacks of the starts, each in its order.
    pub(super) fn firsts(&self) -> &[First] {
        &self.firsts[..self.len]
    }
}

/// Whether `next` moves whole stacks (then the whole band is pure). The
/// first stack decides: if it goes to one stack, every stack does.
pub(super) fn is_pure(next: &Next) -> bool {
    let s = next[0] / 3;
    next[1] / 3 == s && next[2] / 3 == s
}

/// The smallest row 2 of the top, or for a mixed top without a 2-cycle a
/// bound below it (see the module's notes).
pub(super) fn key(next: &Next) -> u64 {
    if is_pure(next) {
        return PURE | pure_tail(next);
    }
    let swapped = swapped(next);
    swap_key(swapped.count_ones() / 2).unwrap_or_else(|| {
        swap_starts(next, swapped).fold(NO_SWAP, |best, (row2, _)| best.min(row2))
    })
}

/// The key of a mixed top from its count of 2-cycles, when that decides
/// it: none gives the bound [`NO_SWAP`], two always give `457189236` and
/// three `457189326` (checked over all maps in the tests); one gives one
/// of three rows, `None` here.
pub(super) fn swap_key(swaps: u32) -> Option<u64> {
    match swaps {
        0 => Some(NO_SWAP),
        2 => Some(SWAP | 0x236),
        3 => Some(SWAP | 0x326),
        _ => None,
    }
}

/// The smallest row 2 of the top and every start that gives it.
pub(super) fn starts(next: &Next) -> Starts {
    let mut starts = Starts::new();
    if is_pure(next) {
        pure_starts(next, &mut starts);
        return starts;
    }
    let swapped = swapped(next);
    if swapped == 0 {
        mixed_starts(next, &mut starts);
        return starts;
    }
    for (row2, cols) in swap_starts(next, swapped) {
        starts.offer(row2, [cols[0], cols[1], cols[2]]);
    }
    starts
}

/// The columns that `next` twice over brings back, a bit each: the 2-cycles.
pub(super) fn swapped(next: &Next) -> u16 {
    (0..9u8).fold(0, |mask, c| {
        let back = next[usize::from(next[usize::from(c)])] == c;
        mask | u16::from(back) << c
    })
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            i
        })
    })
}

/// `next` three times over.
fn cube(next: &Next, c: u8) -> u8 {
    let n = |c: u8| next[usize::from(c)];
    n(n(n(c)))
}

/// The last stack of a pure top's smallest row 2: `123`, `132` or `231`
/// as [`cube`] on a stack (the same kind of permutation on each) fixes 3,
/// 1 or no columns.
fn pure_tail(next: &Next) -> u64 {
    match (0..3).filter(|&c| cube(next, c) == c).count() {
        3 => 0x123,
        1 => 0x132,
        _ => 0x231,
    }
}

/// The starts of a pure top: in each first stack, the orders that give
/// the smallest tail (all six for the identity; the fixed column first for
/// a swap; each column followed by its [`cube`] for a 3-cycle).
fn pure_starts(next: &Next, starts: &mut Starts) {
    let tail = pure_tail(next);
    for a in 0..3u8 {
        let s = 3 * a;
        match tail {
            0x123 => {
                for order in ORDERS_OF_THREE {
                    starts.offer(PURE | tail, order.map(|i| s + i));
                }
            }
            0x132 => {
                let fixed = (s..s + 3).find(|&c| cube(next, c) == c).unwrap_or(s);
                let others = 3 * s + 3 - fixed;
                let (y, z) = (s + u8::from(fixed == s), others - s - u8::from(fixed == s));
                starts.offer(PURE | tail, [fixed, y, z]);
                starts.offer(PURE | tail, [fixed, z, y]);
            }
            _ => {
                for x in s..s + 3 {
                    let y = cube(next, x);
                    starts.offer(PURE | tail, [x, y, cube(next, y)]);
                }
            }
        }
    }
}

/// The starts the 2-cycles of a mixed `next` give (`swapped` being
/// [`swapped`]) that can give its smallest row 2, each with its row 2 and
/// its columns. With three 2-cycles all three starts give `457189326`;
/// with two, only the one whose single is not in a 2-cycle gives
/// `457189236` (the other gives more); with one, its row 2 is read.
pub(super) fn swap_starts(next: &Next, swapped: u16) -> impl Iterator<Item = (u64, [u8; 9])> + '_ {
    let turn = if swapped == 0 {
        0
    } else {
        pair_target(next, 0)
    };
    let count = swapped.count_ones() / 2;
    bits(swapped).filter_map(move |x| {
        let cols = swap_start(next, x, turn)?;
        let row2 = match count {
            1 => swap_row2(next, &cols),
            2 if swapped & 1 << cols[2] == 0 => SWAP | 0x236,
            2 => return None,
            _ => SWAP | 0x326,
        };
        Some((row2, cols))
    })
}

/// The columns of the start a 2-cycle of a mixed `next` through column `x`
/// gives, if `x` is in its stack's pair: each stack's pair goes to the
/// stack `turn` on (`turn` being 1 or 2, the same for every stack), and
/// each 2-cycle joins a pair's column and a single. `x` comes first, the
/// other column of its pair `y`, its single `z`. `x`'s `next` is the next
/// stack's single `u`; that stack's pair is `ny` (`next` of `y`) and `w`;
/// the last stack begins with `next` of `z`, then `next` of `ny` and of
/// `w`.
#[inline]
fn swap_start(next: &Next, x: u8, turn: u8) -> Option<[u8; 9]> {
    let n = |c: u8| next[usize::from(c)];
    let (u, s) = (n(x), x / 3 * 3);
    let b = u / 3;
    if b != (s / 3 + turn) % 3 {
        return None;
    }
    // The other two columns of `x`'s stack; the one whose `next` is in
    // `u`'s stack is `x`'s partner in the pair.
    let (p, q) = if x == s {
        (s + 1, s + 2)
    } else {
        (s, 2 * s + 3 - x)
    };
    let (y, z) = if n(p) / 3 == b { (p, q) } else { (q, p) };
    let ny = n(y);
    let w = 9 * b + 3 - u - ny;
    let cols = [x, y, z, u, ny, w, n(z), n(ny), n(w)];
    debug_assert!(cols == columns(next, [x, y, z], false));
    Some(cols)
}

/// Row 2 of a 2-cycle's start with columns `cols`: `457189`, then the
/// places of `next` of the last stack's columns, which are in the first
/// two stacks.
fn swap_row2(next: &Next, cols: &[u8; 9]) -> u64 {
    let mut value = [0u8; 9];
    for (v, &c) in cols[..6].iter().enumerate() {
        value[usize::from(c)] = v as u8 + 1;
    }
    let cell = |j: usize| u64::from(value[usize::from(next[usize::from(cols[j])])]);
    SWAP | cell(6) << 8 | cell(7) << 4 | cell(8)
}

/// The stack that two of stack `a`'s columns go to under a mixed `next`.
fn pair_target(next: &Next, a: u8) -> u8 {
    let s = usize::from(3 * a);
    let to = [next[s] / 3, next[s + 1] / 3, next[s + 2] / 3];
    if to[0] == to[1] || to[0] == to[2] {
        to[0]
    } else {
        to[1]
    }
}

/// Every start of a mixed top the long way: each first stack with its pair
/// first, in both orders, then its single; row 2 read in full.
fn mixed_starts(next: &Next, starts: &mut Starts) {
    for a in 0..3u8 {
        let s = 3 * a;
        let target = pair_target(next, a);
        let single = (s..s + 3)
            .find(|&c| next[usize::from(c)] / 3 != target)
            .unwrap_or(s);
        let p = s + u8::from(single == s);
        let q = 3 * s + 3 - single - p;
        for first in [[p, q, single], [q, p, single]] {
            starts.offer(row2(next, first, false), first);
        }
    }
}

/// Row 2 of a start, read in full (4 bits a cell).
fn row2(next: &Next, first: First, pure: bool) -> u64 {
    let cols = columns(next, first, pure);
    let place = places(&cols);
    pack(cols.map(|c| place[usize::from(next[usize::from(c)])] + 1))
}

/// The input column at each output place, for a start whose first stack's
/// columns come in the order `first`: in a pure top, `first`, their
/// `next`, and those's `next`; in a mixed one, `first`, then `next` of its
/// pair and the third column of that stack, then `next` of `first`'s
/// single and the two of the second stack's `next` in the last stack, in
/// order.
pub(super) fn columns(next: &Next, first: First, pure: bool) -> [u8; 9] {
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
pub(super) fn places(cols: &[u8; 9]) -> [u8; 9] {
    let mut place = [0; 9];
    for (j, &c) in cols.iter().enumerate() {
        place[usize::from(c)] = j as u8;
    }
    place
}

/// Nine cells, 4 bits a cell, the first cell highest.
pub(super) fn pack(cells: [u8; 9]) -> u64 {
    cells.iter().fold(0, |v, &cell| v << 4 | u64::from(cell))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every map a band's row 2 can have against its row 1: the
    /// permutations of the columns that send no column into its own stack.
    fn all_maps() -> Vec<Next> {
        fn fill(next: &mut Next, used: u16, c: usize, out: &mut Vec<Next>) {
            if c == 9 {
                out.push(*next);
                return;
            }
            for t in 0..9u8 {
                if used & 1 << t == 0 && usize::from(t / 3) != c / 3 {
                    next[c] = t;
                    fill(next, used | 1 << t, c + 1, out);
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut [0; 9], 0, 0, &mut out);
        out
    }

    /// Every order of the columns that keeps stacks whole.
    fn column_orders() -> Vec<[u8; 9]> {
        let mut out = Vec::with_capacity(1296);
        for stacks in ORDERS_OF_THREE {
            for a in ORDERS_OF_THREE {
                for b in ORDERS_OF_THREE {
                    for c in ORDERS_OF_THREE {
                        let inner = [a, b, c];
                        out.push(std::array::from_fn(|j| {
                            3 * stacks[j / 3] + inner[j / 3][j % 3]
                        }));
                    }
                }
            }
        }
        out
    }

    fn inverse(next: &Next) -> Next {
        let mut inv = [0; 9];
        for (c, &t) in next.iter().enumerate() {
            inv[usize::from(t)] = c as u8;
        }
        inv
    }

    /// The smallest row 2 over all 1,296 column orders, and the orders
    /// that give it.
    fn brute_force(next: &Next, orders: &[[u8; 9]]) -> (u64, Vec<[u8; 9]>) {
        let mut best = (u64::MAX, Vec::new());
        for cols in orders {
            let place = places(cols);
            let row2 = pack(cols.map(|c| place[usize::from(next[usize::from(c)])] + 1));
            if row2 < best.0 {
                best = (row2, Vec::new());
            }
            if row2 == best.0 {
                best.1.push(*cols);
            }
        }
        best.1.sort_unstable();
        best
    }

    #[test]
    fn starts_are_exactly_the_smallest_orders_of_every_map() {
        let maps = all_maps();
        assert_eq!(maps.len(), 12_096);
        assert_eq!(maps.iter().filter(|m| is_pure(m)).count(), 432);
        let orders = column_orders();
        let mut rows = std::collections::BTreeSet::new();
        for next in &maps {
            let (smallest, mut best) = brute_force(next, &orders);
            let found = starts(next);
            assert_eq!(found.row2, smallest, "{next:?}");
            let pure = is_pure(next);
            let mut cols: Vec<[u8; 9]> = found
                .firsts()
                .iter()
                .map(|&first| columns(next, first, pure))
                .collect();
            cols.sort_unstable();
            best.dedup();
            assert_eq!(cols, best, "{next:?}");
            for &first in found.firsts() {
                assert_eq!(row2(next, first, pure), found.row2, "{next:?}");
            }
            // The key is the row, or a bound below it; the count of 2-cycles
            // gives it unless there is one.
            let key = key(next);
            if !pure {
                if let Some(by_count) = swap_key(swapped(next).count_ones() / 2) {
                    assert_eq!(key, by_count, "{next:?}");
                }
            }
            if pure || found.row2 >> 20 == 0x4571 {
                assert_eq!(key, smallest, "{next:?}");
            } else {
                assert_eq!(key, NO_SWAP, "{next:?}");
                assert!(key < smallest);
            }
            // The long way agrees with the 2-cycles.
            if !pure {
                let mut long = Starts::new();
                mixed_starts(next, &mut long);
                assert_eq!(long.row2, found.row2, "{next:?}");
            }
            // The other top of the pair of rows has the same smallest row 2.
            assert_eq!(starts(&inverse(next)).row2, smallest, "{next:?}");
            rows.insert(smallest);
        }
        // 3 pure rows and 12 mixed, as the catalogues of bands count them.
        assert_eq!(rows.len(), 15);
    }
}
