//! Rows 2 and 3 of a pure top's starts, read from four permutations of
//! the first stack instead of start by start.
//!
//! In a pure top `next` sends the first stack `A` to `B`, `B` to `C` and
//! `C` back to `A`, and row 3's map (`third`) sends `A` to `C`, `B` to `A`
//! and `C` to `B`. With `A`'s columns in the order `a0 a1 a2`, the columns
//! are `a`, `next(a)`, `next(next(a))`, and each stack of rows 2 and 3
//! reads a permutation of `A`'s three columns through that order:
//!
//! - row 2's last stack: `next` three times over (`1` plus its place);
//! - row 3's first stack: `third(a)`, found among `next(next(a))` (`7`
//!   plus its place);
//! - row 3's second stack: `third(next(a))`, in `A` (`1` plus);
//! - row 3's last stack: `third(next(next(a)))`, found among `next(a)`
//!   (`4` plus).
//!
//! Reading a permutation `p` through an order `s` gives `s⁻¹ p s`, and
//! the lexical order of the cells is the order of the six permutations of
//! three, so a start's rows 2 and 3 are four look-ups in a 6 x 6 table.

use super::starts::{First, Next};
use crate::pos::ORDERS_OF_THREE;

/// The index in [`ORDERS_OF_THREE`] (which is in lexical order) of a
/// permutation of 0, 1, 2 given as its images.
fn index([a, b, c]: [u8; 3]) -> u8 {
    2 * a + u8::from(b > c)
}

/// `THROUGH[s][p]`: the index of permutation `p` read through the order
/// `s` (both indices in [`ORDERS_OF_THREE`]): cell `k` is the place in `s`
/// of `p` of `s[k]`. Rows are 8 wide so an index masked to 3 bits needs no
/// bounds check.
const THROUGH: [[u8; 8]; 6] = through();

const fn through() -> [[u8; 8]; 6] {
    let mut table = [[0; 8]; 6];
    let mut s = 0;
    while s < 6 {
        let order = ORDERS_OF_THREE[s];
        let mut place = [0u8; 3];
        let mut k = 0;
        while k < 3 {
            place[order[k] as usize] = k as u8;
            k += 1;
        }
        let mut p = 0;
        while p < 6 {
            let perm = ORDERS_OF_THREE[p];
            let mut cell = [0u8; 3];
            let mut k = 0;
            while k < 3 {
                cell[k] = place[perm[order[k] as usize] as usize];
                k += 1;
            }
            table[s][p] = 2 * cell[0] + (cell[1] > cell[2]) as u8;
            p += 1;
        }
        s += 1;
    }
    table
}

/// `SMALLEST[p]`: the orders through which permutation `p` reads smallest
/// (a bit each), and that reading.
const SMALLEST: [(u8, u8); 8] = smallest();

const fn smallest() -> [(u8, u8); 8] {
    let mut out = [(0, 0); 8];
    let mut p = 0;
    while p < 6 {
        let mut least = u8::MAX;
        let mut s = 0;
        while s < 6 {
            if THROUGH[s][p] < least {
                least = THROUGH[s][p];
            }
            s += 1;
        }
        let mut orders = 0;
        let mut s = 0;
        while s < 6 {
            if THROUGH[s][p] == least {
                orders |= 1 << s;
            }
            s += 1;
        }
        out[p] = (orders, least);
        p += 1;
    }
    out
}

/// A stack of a row: permutation `p`'s images plus `base`, 4 bits a cell.
fn stack(p: u8, base: u64) -> u64 {
    const PACKED: [u64; 8] = [0x012, 0x021, 0x102, 0x120, 0x201, 0x210, 0, 0];
    PACKED[usize::from(p & 7)] + base * 0x111
}

/// Calls `found` with rows 2 and 3 (packed) and the first stack of every
/// start of the pure top with maps `next` and `third` whose rows 2 and 3
/// are the top's smallest.
pub(super) fn starts(next: &Next, third: &Next, mut found: impl FnMut((u64, u64), First)) {
    let n = |c: u8| next[usize::from(c)];
    let m = |c: u8| third[usize::from(c)];
    // The place of `c` among three columns of one stack.
    let place = |of: [u8; 3], c: u8| u8::from(c == of[1]) + 2 * u8::from(c == of[2]);
    // For each first stack, the permutations of row 2's tail and of row
    // 3's three stacks.
    let perms: [[u8; 4]; 3] = std::array::from_fn(|a| {
        let s = 3 * a as u8;
        let col = [s, s + 1, s + 2];
        let n1 = col.map(n);
        let n2 = n1.map(n);
        [
            index(n2.map(|c| n(c) - s)),
            index(col.map(|c| place(n2, m(c)))),
            index(n1.map(|c| m(c) - s)),
            index(n2.map(|c| place(n1, m(c)))),
        ]
    });
    // Row 2's tail is the same kind of permutation on each stack: the
    // orders that read it smallest; of those, the smallest row 3 (three
    // stacks, 3 bits each), and which (stack and order) give it.
    let tail = SMALLEST[usize::from(perms[0][0] & 7)].1;
    let (mut best, mut ways) = (u16::MAX, 0u32);
    for (a, [cube, x, y, z]) in perms.into_iter().enumerate() {
        let mut orders = SMALLEST[usize::from(cube & 7)].0;
        while orders != 0 {
            let s = orders.trailing_zeros() as usize;
            orders &= orders - 1;
            let through = &THROUGH[s];
            let read = |p: u8| u16::from(through[usize::from(p & 7)]);
            let reading = read(x) << 6 | read(y) << 3 | read(z);
            if reading < best {
                (best, ways) = (reading, 0);
            }
            if reading == best {
                ways |= 1 << (8 * a + s);
            }
        }
    }
    let row2 = 0x456_789 << 12 | stack(tail, 1);
    let row3 = stack((best >> 6) as u8, 7) << 24
        | stack((best >> 3 & 7) as u8, 1) << 12
        | stack((best & 7) as u8, 4);
    while ways != 0 {
        let way = ways.trailing_zeros() as usize;
        ways &= ways - 1;
        let (a, s) = (way / 8, way % 8);
        found(
            (row2, row3),
            ORDERS_OF_THREE[s % 6].map(|i| 3 * a as u8 + i),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::starts::{self, columns, is_pure, pack, places};
    use super::*;

    /// Every pure map of row 2 against row 1: each stack sent whole to
    /// another, the stacks in a 3-cycle (432 maps).
    fn pure_maps() -> Vec<Next> {
        let mut out = Vec::new();
        for shift in [1u8, 2] {
            for a in ORDERS_OF_THREE {
                for b in ORDERS_OF_THREE {
                    for c in ORDERS_OF_THREE {
                        let inner = [a, b, c];
                        out.push(std::array::from_fn(|col| {
                            let stack = col / 3;
                            3 * ((stack as u8 + shift) % 3) + inner[stack][col % 3]
                        }));
                    }
                }
            }
        }
        out
    }

    /// Every map of row 3 that completes a pure band whose row 2 has map
    /// `next`: each stack sent whole to the stack `next` does not use.
    fn thirds(next: &Next) -> Vec<Next> {
        let to = |stack: usize| 3 - stack - usize::from(next[3 * stack] / 3);
        let mut out = Vec::new();
        for a in ORDERS_OF_THREE {
            for b in ORDERS_OF_THREE {
                for c in ORDERS_OF_THREE {
                    let inner = [a, b, c];
                    out.push(std::array::from_fn(|col| {
                        let stack = col / 3;
                        3 * to(stack) as u8 + inner[stack][col % 3]
                    }));
                }
            }
        }
        out
    }

    #[test]
    fn rows_are_the_rows_of_every_pure_start() {
        let maps = pure_maps();
        assert_eq!(maps.len(), 432);
        for next in &maps {
            assert!(is_pure(next));
            let smallest = starts::starts(next);
            for third in thirds(next) {
                let mut found = Vec::new();
                starts(next, &third, |rows, first| found.push((rows, first)));
                let mut expected: Vec<((u64, u64), First)> = smallest
                    .firsts()
                    .iter()
                    .map(|&first| {
                        let cols = columns(next, first, true);
                        let place = places(&cols);
                        let read = |map: &Next| {
                            pack(cols.map(|c| place[usize::from(map[usize::from(c)])] + 1))
                        };
                        ((read(next), read(&third)), first)
                    })
                    .collect();
                // Only the starts with the smallest rows 2 and 3 come out.
                let smallest = expected.iter().map(|&(rows, _)| rows).min();
                expected.retain(|&(rows, _)| Some(rows) == smallest);
                found.sort_unstable();
                expected.sort_unstable();
                assert_eq!(found, expected, "{next:?} {third:?}");
            }
        }
    }
}
