//! Complete grids: a randomized filler, and distinct grids in bulk.
//!
//! A grid is drawn in two parts. Its *prefix* is the first row and the rest
//! of the first column: 17 cells, 9! x 21,600 = 7,838,208,000 choices, every
//! one of which completes to a valid grid. The other 64 cells are then filled
//! band by band, each step drawn at random among all its valid choices and
//! none able to paint the next into a corner (see [`fill`]), so every
//! completion of the prefix has a chance to come out; since every valid grid
//! has some prefix, every valid grid can come out.
//!
//! [`DistinctGrids`] gives item `i` of a batch the prefix `perm(i)`, where
//! `perm` is a keyed permutation of the prefixes: two items never share a
//! prefix, so two grids of a batch are never equal, with no memory of the
//! grids already made.

use rand::Rng;

use crate::grid::Grid;
use crate::pos::ORDERS_OF_THREE;

/// How many distinct prefixes (first row, then first column) there are: the
/// largest batch [`DistinctGrids`] can keep free of duplicates.
pub const DISTINCT_GRIDS: u64 = FIRST_ROWS * FIRST_COLUMNS;

/// 9!: the orders of the first row.
const FIRST_ROWS: u64 = 362_880;
/// Rows 2 and 3 of the first column avoid the first box's row (6 x 5 ways),
/// the six cells below take the six digits left in any order (720 ways).
const FIRST_COLUMNS: u64 = 6 * 5 * 720;

const FACTORIAL: [u32; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40_320, 362_880];

/// A random complete grid. Every valid grid can come out.
///
/// ```
/// use rand::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
/// let grid = sudoku_core::generator::random_grid(&mut rng);
/// assert!(grid.is_solved());
/// ```
pub fn random_grid<R: Rng + ?Sized>(rng: &mut R) -> Grid {
    complete(rng.gen_range(0..DISTINCT_GRIDS), rng)
}

/// Distinct complete grids in bulk: item `index` (below [`DISTINCT_GRIDS`])
/// gets its own prefix, chosen by a permutation keyed when the batch is made,
/// so no two items of one batch are equal.
///
/// ```
/// use rand::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
/// use sudoku_core::generator::DistinctGrids;
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
/// let batch = DistinctGrids::new(&mut rng);
/// let a = batch.grid(0, &mut rng).unwrap();
/// let b = batch.grid(1, &mut rng).unwrap();
/// assert!(a.is_solved() && b.is_solved() && a != b);
/// assert!(batch.grid(sudoku_core::generator::DISTINCT_GRIDS, &mut rng).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistinctGrids {
    keys: [u64; ROUNDS],
}

impl DistinctGrids {
    /// A batch whose permutation is keyed from `rng`.
    pub fn new<R: Rng + ?Sized>(rng: &mut R) -> DistinctGrids {
        DistinctGrids {
            keys: std::array::from_fn(|_| rng.next_u64()),
        }
    }

    /// Item `index` of the batch, completed with `rng`; `None` when `index`
    /// is not below [`DISTINCT_GRIDS`]. Calling it again for the same index
    /// gives another grid with the same prefix, still unlike every other
    /// item's.
    pub fn grid<R: Rng + ?Sized>(&self, index: u64, rng: &mut R) -> Option<Grid> {
        (index < DISTINCT_GRIDS).then(|| complete(self.prefix(index), rng))
    }

    /// The prefix rank of item `index`: a permutation of `0..DISTINCT_GRIDS`.
    fn prefix(&self, index: u64) -> u64 {
        // Cycle-walking: a bijection of the 34-bit numbers, applied until it
        // lands below the bound, is a bijection of the numbers below it.
        let mut x = index;
        loop {
            x = self.feistel(x);
            if x < DISTINCT_GRIDS {
                return x;
            }
        }
    }

    /// A balanced Feistel network on 34 bits: a bijection whatever the keys.
    fn feistel(&self, x: u64) -> u64 {
        let (mut left, mut right) = (x >> HALF_BITS, x & HALF_MASK);
        for key in self.keys {
            let next = left ^ (mix(right ^ key) & HALF_MASK);
            left = right;
            right = next;
        }
        (left << HALF_BITS) | right
    }
}

const ROUNDS: usize = 6;
const HALF_BITS: u32 = 17;
const HALF_MASK: u64 = (1 << HALF_BITS) - 1;
const _: () = assert!(DISTINCT_GRIDS <= 1 << (2 * HALF_BITS));

/// The SplitMix64 finalizer: a fast, well-mixing bijection of `u64`.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The prefix of rank `rank` (below [`DISTINCT_GRIDS`]) completed at random.
fn complete<R: Rng + ?Sized>(rank: u64, rng: &mut R) -> Grid {
    let mut cells = prefix_cells(rank);
    fill(&mut cells, &mut Draws::new(rng));
    Grid::from_cells(cells).expect("the filler writes digits 1-9")
}

/// The 81 cells of the prefix of rank `rank`: the first row and column set,
/// every other cell blank.
fn prefix_cells(rank: u64) -> [u8; 81] {
    let digits = Digits::where_(|_| true);
    let row: [u8; 9] = digits.unrank::<9>((rank / FIRST_COLUMNS) as u32); // < 9!
    let mut rest = rank % FIRST_COLUMNS;
    // Rows 2 and 3 of column a: digits not in the first box's top row.
    let mut allowed = Digits::where_(|d| !row[..3].contains(&d));
    let second = allowed.take((rest / 3600) as usize);
    rest %= 3600;
    let third = allowed.take((rest / 720) as usize);
    rest %= 720;
    let below =
        Digits::where_(|d| d != row[0] && d != second && d != third).unrank::<6>(rest as u32);
    let mut cells = [0; 81];
    cells[..9].copy_from_slice(&row);
    cells[9] = second;
    cells[18] = third;
    for (i, &d) in below.iter().enumerate() {
        cells[(i + 3) * 9] = d;
    }
    cells
}

/// A short list of digits in increasing order, without allocation: four
/// bits per digit in one word, so taking one out is a few shifts (a
/// `copy_within` of a random length costs a `memmove` call and its
/// mispredicted branches).
struct Digits {
    packed: u64,
    len: usize,
}

impl Digits {
    /// The digits 1-9 that pass `keep`, in increasing order.
    fn where_(keep: impl Fn(u8) -> bool) -> Digits {
        let mut digits = Digits { packed: 0, len: 0 };
        for d in (1..=9).filter(|&d| keep(d)) {
            digits.packed |= u64::from(d) << (4 * digits.len);
            digits.len += 1;
        }
        digits
    }

    /// Removes and returns the `i`-th digit.
    fn take(&mut self, i: usize) -> u8 {
        let shift = 4 * i;
        let d = (self.packed >> shift & 0xf) as u8;
        let below = self.packed & ((1 << shift) - 1);
        self.packed = below | (self.packed >> (shift + 4) << shift);
        self.len -= 1;
        d
    }

    /// The permutation of rank `rank` (below N!) of the `N` digits, in
    /// Lehmer order.
    fn unrank<const N: usize>(mut self, mut rank: u32) -> [u8; N] {
        debug_assert_eq!(self.len, N);
        std::array::from_fn(|i| {
            let f = FACTORIAL[N - 1 - i];
            let d = self.take((rank / f) as usize);
            rank %= f;
            d
        })
    }
}

/// Random numbers below a small bound, four from each `u64` the RNG gives.
struct Draws<'a, R: ?Sized> {
    rng: &'a mut R,
    bits: u64,
    left: u32,
}

impl<'a, R: Rng + ?Sized> Draws<'a, R> {
    fn new(rng: &'a mut R) -> Self {
        Draws {
            rng,
            bits: 0,
            left: 0,
        }
    }

    /// A number below `n` (1..=56); every value has a chance (at least
    /// 1,170 of the 65,536 values of a 16-bit chunk map to each).
    #[inline]
    fn below(&mut self, n: u8) -> usize {
        if self.left == 0 {
            self.bits = self.rng.next_u64();
            self.left = 4;
        }
        let chunk = (self.bits & 0xffff) as usize;
        self.bits >>= 16;
        self.left -= 1;
        (chunk * usize::from(n)) >> 16
    }
}

/// Fills the 64 blank cells of a prefix at random, band by band, with no
/// search beyond a little backtracking inside one band:
/// 1. rows 2 and 3, drawn directly ([`fill_first_band`]);
/// 2. which three digits each column takes in the second band
///    ([`second_band_columns`]), then their order down the rows
///    ([`order_band`]);
/// 3. the third band: each column takes the three digits it lacks, so only
///    their order is left ([`order_band`] again).
///
/// Each step can always be completed, whatever the steps before chose (the
/// docs of each say why), and each draws every valid choice with some
/// chance, which the tests check against exhaustive searches.
fn fill<R: Rng + ?Sized>(cells: &mut [u8; 81], draws: &mut Draws<'_, R>) {
    fill_first_band(cells, draws);
    let second = second_band_columns(cells, draws);
    order_band(cells, 1, &second, draws);
    // What each column still lacks is exactly what the third band holds.
    let third: [u16; 9] =
        std::array::from_fn(|col| 0x1ff & !(column_above(cells, col, 2) | second[col]));
    order_band(cells, 2, &third, draws);
}

/// Rows 2 and 3, given the first row and column, drawn directly.
///
/// In the first band a column sees only its own box, so only rows and
/// boxes constrain. Call the first row's boxes `a`, `b`, `c` (three digits
/// each). Row 2's first box takes three digits `s` of `b | c`, with the
/// given one at column 1 and without row 3's given one. Then everything
/// else is forced up to a choice `t` of `a`: a digit of `c` missing from
/// `s` cannot go into box 3 (which has it on top), so row 2's second box
/// holds `c & !s` (k digits, k = |s & b|) and 3 - k digits `t` of `a`;
/// row 2's third box holds the rest, and row 3 holds in each box what the
/// box still lacks. Each cell order within a box row is then free. Every
/// valid band is some `(s, t, orders)`, and each has a chance.
fn fill_first_band<R: Rng + ?Sized>(cells: &mut [u8; 81], draws: &mut Draws<'_, R>) {
    let top = |b: usize| bit(cells[3 * b]) | bit(cells[3 * b + 1]) | bit(cells[3 * b + 2]);
    let (a, b, c) = (top(0), top(1), top(2));
    let (g2, g3) = (bit(cells[9]), bit(cells[18]));
    let mut others = (b | c) & !(g2 | g3);
    let first = pick(others, draws);
    others &= !first;
    let s = g2 | first | pick(others, draws);
    let t = random_subset(a, 3 - ONES[usize::from(s & b)], draws);
    let boxes = [
        [s, (c & !s) | t, (b & !s) | (a & !t)],
        [(b | c) & !s, (a & !t) | (c & s), t | (b & s)],
    ];
    for (row, [first_box, second_box, third_box]) in (1..).zip(boxes) {
        let given = bit(cells[row * 9]);
        let [x, y] = shuffle2(first_box & !given, draws);
        cells[row * 9 + 1] = x;
        cells[row * 9 + 2] = y;
        cells[row * 9 + 3..row * 9 + 6].copy_from_slice(&shuffle3(second_box, draws));
        cells[row * 9 + 6..row * 9 + 9].copy_from_slice(&shuffle3(third_box, draws));
    }
}

/// The digits of each column in the second band, drawn stack by stack.
///
/// In a stack with columns `x`, `y`, `z`, a digit that the first band has
/// in column `x` goes, in the second band, to `y` or to `z` (and in the
/// third band to the other one), and so on. If `k` digits of `y`'s go to
/// `x`, then `3 - k` of `z`'s do, and counting per column forces the rest
/// up to a choice of subsets: 1 + 27 + 27 + 1 = 56 ways ([`SPLITS`]). In the
/// first stack the given cells of column 1 fix `k` and two of the subsets.
/// Whatever the split, the rows can then be ordered (see [`order_band`]).
fn second_band_columns<R: Rng + ?Sized>(cells: &[u8; 81], draws: &mut Draws<'_, R>) -> [u16; 9] {
    let mut columns = [0; 9];
    for stack in 0..3 {
        let [x, y, z] = [3 * stack, 3 * stack + 1, 3 * stack + 2];
        let [dx, dy, dz] = [x, y, z].map(|col| column_above(cells, col, 1));
        let (yx, zx, xy) = if stack == 0 {
            let given = column_above(cells, 0, 2) & !dx;
            let yx = given & dy;
            (
                yx,
                given & dz,
                random_subset(dx, 3 - ONES[usize::from(yx)], draws),
            )
        } else {
            let [yx, zx, xy] = SPLITS[draws.below(56)];
            (deposit(dy, yx), deposit(dz, zx), deposit(dx, xy))
        };
        columns[x] = yx | zx;
        columns[y] = xy | (dz & !zx);
        columns[z] = (dx & !xy) | (dy & !yx);
    }
    columns
}

/// The digits of column `col` in the first `bands` bands, as a mask.
fn column_above(cells: &[u8; 81], col: usize, bands: usize) -> u16 {
    (0..bands * 3).fold(0, |mask, row| mask | bit(cells[row * 9 + col]))
}

/// Writes band `band` (1 or 2) whose column `col` holds the three digits
/// `columns[col]`, and whose first column is already written: chooses, for
/// each other column, one of the six orders of its digits down the rows,
/// at random among those that repeat no digit in a row, backtracking over
/// columns at a dead end.
///
/// This never fails: a digit lacks one column per stack and a column lacks
/// three digits, so the digit-column pairs form a bipartite graph where
/// every vertex has three edges, and such a graph always splits into three
/// perfect matchings (König), one per row; renaming the rows to suit the
/// first column keeps it valid. The search tries every order of every
/// column, so every way to write the band can come out.
fn order_band<R: Rng + ?Sized>(
    cells: &mut [u8; 81],
    band: usize,
    columns: &[u16; 9],
    draws: &mut Draws<'_, R>,
) {
    let top = band * 27;
    let mut rows = [0, 1, 2].map(|row| bit(cells[top + row * 9]));
    // Per step: the orders (bits of ORDERS) of its column not tried yet.
    let mut untried = [0u8; 8];
    let mut step = 0;
    while step < 8 {
        let mut orders = fitting_orders(columns[COLUMN_ORDER[step]], &rows);
        while orders == 0 {
            // A dead end: take back the previous column, try another order.
            step -= 1;
            for (row, seen) in rows.iter_mut().enumerate() {
                *seen &= !bit(cells[top + row * 9 + COLUMN_ORDER[step]]);
            }
            orders = untried[step];
        }
        let order = NTH[usize::from(orders)][draws.below(ONES[usize::from(orders)])];
        untried[step] = orders & !(1 << order);
        let at = &NTH[usize::from(columns[COLUMN_ORDER[step]])];
        for (row, &i) in ORDERS[usize::from(order)].iter().enumerate() {
            cells[top + row * 9 + COLUMN_ORDER[step]] = at[usize::from(i)] + 1;
            rows[row] |= 1 << at[usize::from(i)];
        }
        step += 1;
    }
}

/// The orders (bits of [`ORDERS`]) that put the three `digits` of a column
/// down rows whose digits so far are `rows`, repeating none: one lookup
/// instead of six tests.
#[inline]
fn fitting_orders(digits: u16, rows: &[u16; 3]) -> u8 {
    let at = &NTH[usize::from(digits)];
    // Which of the column's digits (bit i for its i-th lowest) each row takes.
    let fits = rows.map(|seen| {
        let free = digits & !seen;
        (free >> at[0] & 1) | (free >> at[1] & 1) << 1 | (free >> at[2] & 1) << 2
    });
    FITTING_ORDERS[usize::from(fits[0] | fits[1] << 3 | fits[2] << 6)]
}

/// The order in which [`order_band`] writes the columns (the first is
/// given): taking the stacks in turn spreads the row constraints, so dead
/// ends come early and cheap; left to right, the last stack is nearly
/// forced and fails often (27 column orders tried per band instead of 12.6).
const COLUMN_ORDER: [usize; 8] = [3, 6, 4, 7, 1, 2, 5, 8];

/// The mask bit of digit `d` (1-9).
#[inline]
fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// A random set bit of `mask` (not empty), without a branch on the draw.
#[inline]
fn pick<R: Rng + ?Sized>(mask: u16, draws: &mut Draws<'_, R>) -> u16 {
    let ones = ONES[usize::from(mask)];
    1 << NTH[usize::from(mask)][draws.below(ones)]
}

/// A random `size`-digit subset of the three digits of `mask`.
#[inline]
fn random_subset<R: Rng + ?Sized>(mask: u16, size: u8, draws: &mut Draws<'_, R>) -> u16 {
    let size = usize::from(size);
    deposit(mask, SUBSETS[size][draws.below(CHOOSE[size])])
}

/// The digits of the three-digit `mask` picked by the bits of `which`
/// (bit `i` for its `i`-th lowest digit).
#[inline]
fn deposit(mask: u16, which: u8) -> u16 {
    let at = &NTH[usize::from(mask)];
    (0..3).fold(0, |out, i| out | (u16::from(which >> i & 1) << at[i]))
}

/// The two digits of the two-digit `mask` in random order.
#[inline]
fn shuffle2<R: Rng + ?Sized>(mask: u16, draws: &mut Draws<'_, R>) -> [u8; 2] {
    let at = &NTH[usize::from(mask)];
    let first = draws.below(2);
    [at[first] + 1, at[1 - first] + 1]
}

/// The three digits of the three-digit `mask` in random order.
#[inline]
fn shuffle3<R: Rng + ?Sized>(mask: u16, draws: &mut Draws<'_, R>) -> [u8; 3] {
    let at = &NTH[usize::from(mask)];
    ORDERS[draws.below(6)].map(|i| at[usize::from(i)] + 1)
}

/// How many bits each 9-bit mask has (a table: the baseline x86-64 target
/// has no population count instruction).
const ONES: [u8; 512] = {
    let mut ones = [0; 512];
    let mut m = 1;
    while m < 512 {
        ones[m] = ones[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    ones
};

/// `NTH[mask][n]`: the position of the `n`-th lowest set bit of `mask` (0
/// past the last): a random candidate costs a lookup, not a loop whose
/// length is random (which the branch predictor cannot learn).
const NTH: [[u8; 9]; 512] = {
    let mut nth = [[0; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let (mut pos, mut n) = (0, 0);
        while pos < 9 {
            if m >> pos & 1 == 1 {
                nth[m][n] = pos as u8;
                n += 1;
            }
            pos += 1;
        }
        m += 1;
    }
    nth
};

/// The six orders of three things: row `r` gets thing `ORDERS[o][r]`.
const ORDERS: [[u8; 3]; 6] = ORDERS_OF_THREE;

/// `FITTING_ORDERS[f]`: the orders (bits of [`ORDERS`]) that put in each
/// row `r` a thing allowed by bits `3r..3r + 3` of `f`.
const FITTING_ORDERS: [u8; 512] = {
    let mut fitting = [0; 512];
    let mut f = 0;
    while f < 512 {
        let mut order = 0;
        while order < 6 {
            let [p, q, r] = ORDERS[order];
            if f >> p & 1 == 1 && f >> (3 + q) & 1 == 1 && f >> (6 + r) & 1 == 1 {
                fitting[f] |= 1 << order;
            }
            order += 1;
        }
        f += 1;
    }
    fitting
};

/// How many subsets of three things have each size.
const CHOOSE: [u8; 4] = [1, 3, 3, 1];

/// The subsets of three things by size (bit `i` for thing `i`); rows with
/// fewer than three are padded, the padding is never drawn.
const SUBSETS: [[u8; 3]; 4] = [[0; 3], [1, 2, 4], [3, 5, 6], [7; 3]];

/// The 56 splits of a stack's second band (see [`second_band_columns`]):
/// which of `y`'s digits go to `x` (k of them), of `z`'s to `x` (3 - k)
/// and of `x`'s to `y` (3 - k), as subsets of three.
const SPLITS: [[u8; 3]; 56] = {
    let mut splits = [[0; 3]; 56];
    let mut n = 0;
    let mut k = 0;
    while k <= 3 {
        let (mut i, mut j, mut l) = (0, 0, 0);
        while i < CHOOSE[k] as usize {
            while j < CHOOSE[3 - k] as usize {
                while l < CHOOSE[3 - k] as usize {
                    splits[n] = [SUBSETS[k][i], SUBSETS[3 - k][j], SUBSETS[3 - k][l]];
                    n += 1;
                    l += 1;
                }
                l = 0;
                j += 1;
            }
            j = 0;
            i += 1;
        }
        k += 1;
    }
    assert!(n == 56);
    splits
};

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn every_prefix_completes() {
        // Relabelling digits maps grids to grids and prefixes to prefixes,
        // so the 21,600 first columns under the first row 123456789 stand
        // for all 7,838,208,000 prefixes.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        for rank in 0..FIRST_COLUMNS {
            let cells = prefix_cells(rank);
            assert_eq!(&cells[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
            let mut filled = cells;
            fill(&mut filled, &mut Draws::new(&mut rng));
            let grid = Grid::from_cells(filled).unwrap();
            assert!(grid.is_solved(), "rank {rank}");
            assert!(cells.iter().zip(&filled).all(|(&p, &f)| p == 0 || p == f));
        }
    }

    #[test]
    fn prefixes_are_distinct_and_valid() {
        let ranks = [
            0,
            1,
            719,
            720,
            3599,
            3600,
            FIRST_COLUMNS,
            DISTINCT_GRIDS - 1,
        ];
        let mut seen = std::collections::HashSet::new();
        for rank in ranks
            .into_iter()
            .chain((1..2000).map(|i| i * 3_919_103 + 7))
        {
            let cells = prefix_cells(rank);
            assert!(seen.insert(cells), "rank {rank}");
            let mut col: Vec<u8> = (0..9).map(|r| cells[r * 9]).collect();
            let mut row = cells[..9].to_vec();
            assert!(!cells[..3].contains(&cells[9]) && !cells[..3].contains(&cells[18]));
            assert_ne!(cells[9], cells[18]);
            col.sort_unstable();
            row.sort_unstable();
            assert_eq!(col, (1..=9).collect::<Vec<u8>>());
            assert_eq!(row, col);
        }
        assert_eq!(
            prefix_cells(DISTINCT_GRIDS - 1)[..9],
            [9, 8, 7, 6, 5, 4, 3, 2, 1]
        );
    }

    #[test]
    fn the_permutation_is_a_bijection_on_a_small_window() {
        // Not exhaustive (the domain has 7.8e9 points): a bijection never
        // maps two of these to one value, and never leaves the domain.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let batch = DistinctGrids::new(&mut rng);
        let mut seen = std::collections::HashSet::new();
        for i in (0..50_000).chain(DISTINCT_GRIDS - 50_000..DISTINCT_GRIDS) {
            let p = batch.prefix(i);
            assert!(p < DISTINCT_GRIDS);
            assert!(seen.insert(p), "index {i}");
        }
    }

    /// Calls `visit` with every way to fill the blanks of `cells` among
    /// `range` (column `c` drawing from `allowed[c]`): an exhaustive search,
    /// to compare with what the filler draws.
    fn all_fills(
        cells: &mut [u8; 81],
        range: std::ops::Range<usize>,
        allowed: &[u16; 9],
        visit: &mut impl FnMut(&[u8; 81]),
    ) {
        let Some(i) = range.clone().find(|&i| cells[i] == 0) else {
            return visit(cells);
        };
        let (row, col) = (i / 9, i % 9);
        for d in (1..=9).filter(|&d| allowed[col] & bit(d) != 0) {
            let clash = (0..9).any(|j| {
                let (box_row, box_col) = (row / 3 * 3 + j / 3, col / 3 * 3 + j % 3);
                cells[row * 9 + j] == d
                    || cells[j * 9 + col] == d
                    || cells[box_row * 9 + box_col] == d
            });
            if !clash {
                cells[i] = d;
                all_fills(cells, range.clone(), allowed, visit);
                cells[i] = 0;
            }
        }
    }

    /// The digits of each box row of band `band` (rows in order), as masks.
    fn box_rows(cells: &[u8; 81], band: usize) -> [u16; 9] {
        std::array::from_fn(|i| {
            let (row, stack) = (band * 3 + i / 3, i % 3);
            (0..3).fold(0, |m, j| m | bit(cells[row * 9 + stack * 3 + j]))
        })
    }

    #[test]
    fn the_first_band_reaches_every_split_into_box_rows() {
        // Within a box row the filler shuffles freely; what needs the
        // argument of `fill_first_band` is which digits go to which box row.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        for rank in [0, 4321, 20_000, DISTINCT_GRIDS - 1] {
            let mut prefix = prefix_cells(rank);
            let mut valid = std::collections::HashSet::new();
            all_fills(&mut prefix, 9..27, &[0x1ff; 9], &mut |cells| {
                valid.insert(box_rows(cells, 0));
            });
            let mut drawn = std::collections::HashSet::new();
            for _ in 0..3000 {
                let mut cells = prefix;
                fill_first_band(&mut cells, &mut Draws::new(&mut rng));
                assert!(valid.contains(&box_rows(&cells, 0)), "rank {rank}");
                drawn.insert(box_rows(&cells, 0));
            }
            assert_eq!(drawn, valid, "rank {rank}");
        }
    }

    #[test]
    fn the_second_band_reaches_every_split_into_columns() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut cells = prefix_cells(123_456_789);
        fill_first_band(&mut cells, &mut Draws::new(&mut rng));
        let mut drawn = [(); 3].map(|_| std::collections::HashSet::new());
        for _ in 0..5000 {
            let columns = second_band_columns(&cells, &mut Draws::new(&mut rng));
            for col in 0..9 {
                // Three new digits per column, each digit once per stack.
                assert_eq!(ONES[usize::from(columns[col])], 3);
                assert_eq!(columns[col] & column_above(&cells, col, 1), 0);
            }
            assert_eq!(
                columns[0],
                column_above(&cells, 0, 2) & !column_above(&cells, 0, 1)
            );
            for stack in 0..3 {
                let digits = &columns[stack * 3..stack * 3 + 3];
                assert_eq!(digits[0] | digits[1] | digits[2], 0x1ff);
                drawn[stack].insert(digits.to_vec());
            }
        }
        // The given cells fix k, leaving C(3, k) ways for the first stack.
        let given = column_above(&cells, 0, 2) & !column_above(&cells, 0, 1);
        let k = ONES[usize::from(given & column_above(&cells, 1, 1))];
        assert_eq!(drawn[0].len(), usize::from(CHOOSE[usize::from(k)]));
        assert_eq!([drawn[1].len(), drawn[2].len()], [56, 56]);
    }

    #[test]
    fn ordering_a_band_reaches_every_way_to_write_it() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
        let mut ways = 0;
        for _ in 0..20 {
            let grid = random_grid(&mut rng);
            for band in 1..3 {
                let mut cells = *grid.cells();
                // Blank this band and the next, but for the given column.
                for row in cells[band * 27..].chunks_mut(9) {
                    row[1..].fill(0);
                }
                let columns: [u16; 9] = std::array::from_fn(|col| {
                    (0..3).fold(0, |m, r| m | bit(grid.cells()[(band * 3 + r) * 9 + col]))
                });
                let mut valid = std::collections::HashSet::new();
                all_fills(&mut cells, band * 27..band * 27 + 27, &columns, &mut |c| {
                    valid.insert(c[band * 27..band * 27 + 27].to_vec());
                });
                let mut drawn = std::collections::HashSet::new();
                for _ in 0..40 * valid.len() + 200 {
                    let mut written = cells;
                    order_band(&mut written, band, &columns, &mut Draws::new(&mut rng));
                    drawn.insert(written[band * 27..band * 27 + 27].to_vec());
                }
                assert_eq!(drawn, valid, "band {band} of {grid}");
                ways += valid.len();
            }
        }
        // Not a trivial check: bands often have several ways.
        assert!(ways > 60, "{ways} ways in 40 bands");
    }

    #[test]
    fn nth_walks_the_set_bits() {
        assert_eq!(NTH[0b1011_0100][..4], [2, 4, 5, 7]);
        assert_eq!(ONES[0b1011_0100], 4);
    }
}
