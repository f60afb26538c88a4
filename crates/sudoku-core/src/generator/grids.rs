//! Complete grids: a randomized filler, and distinct grids in bulk.
//!
//! A grid is drawn in two parts. Its *prefix* is the first row and the rest
//! of the first column: 17 cells, 9! x 21,600 = 7,838,208,000 choices, every
//! one of which completes to a valid grid. The other 64 cells are then filled
//! by a depth-first search that tries the candidates of each cell in random
//! order, so every completion of the prefix has a chance to come out; since
//! every valid grid has some prefix, every valid grid can come out.
//!
//! [`DistinctGrids`] gives item `i` of a batch the prefix `perm(i)`, where
//! `perm` is a keyed permutation of the prefixes: two items never share a
//! prefix, so two grids of a batch are never equal, with no memory of the
//! grids already made.

use rand::Rng;

use crate::grid::Grid;

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
    let mut filler = Filler::new(&prefix_cells(rank));
    let filled = filler.fill(&mut Draws::new(rng));
    assert!(filled, "every prefix completes (tested over all of them)");
    Grid::from_cells(filler.cells).expect("the filler writes digits 1-9")
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

/// A short list of digits in increasing order, without allocation.
struct Digits {
    items: [u8; 9],
    len: usize,
}

impl Digits {
    /// The digits 1-9 that pass `keep`, in increasing order.
    fn where_(keep: impl Fn(u8) -> bool) -> Digits {
        let mut digits = Digits {
            items: [0; 9],
            len: 0,
        };
        for d in (1..=9).filter(|&d| keep(d)) {
            digits.items[digits.len] = d;
            digits.len += 1;
        }
        digits
    }

    /// Removes and returns the `i`-th digit.
    fn take(&mut self, i: usize) -> u8 {
        let d = self.items[i];
        self.items.copy_within(i + 1..self.len, i);
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

/// Random numbers below 10, four from each `u64` the RNG gives.
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

    /// A number below `n` (1..=9); every value has a chance.
    fn below(&mut self, n: u32) -> u32 {
        if self.left == 0 {
            self.bits = self.rng.next_u64();
            self.left = 4;
        }
        let chunk = (self.bits & 0xffff) as u32;
        self.bits >>= 16;
        self.left -= 1;
        (chunk * n) >> 16
    }
}

/// The stack (column of boxes) of each column.
const STACK: [u8; 9] = [0, 0, 0, 1, 1, 1, 2, 2, 2];

/// The box of each cell.
const BOX: [u8; 81] = {
    let mut boxes = [0; 81];
    let mut i = 0;
    while i < 81 {
        boxes[i] = (i / 27 * 3 + i % 9 / 3) as u8;
        i += 1;
    }
    boxes
};

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

/// A depth-first filler on row, column and box masks (bit `d - 1` for `d`).
///
/// It fills the bands from the top; within a band it takes a blank cell
/// with few candidates first (see `choose`), so a dead end shows early and
/// the search seldom backtracks. The
/// candidates of a cell are tried in random order, so every completion can
/// come out.
struct Filler {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Filler {
    fn new(prefix: &[u8; 81]) -> Filler {
        let mut filler = Filler {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &d) in prefix.iter().enumerate() {
            if d != 0 {
                filler.place(i, d);
            }
        }
        filler
    }

    #[inline]
    fn place(&mut self, i: usize, d: u8) {
        let bit = 1 << (d - 1);
        self.cells[i] = d;
        self.rows[i / 9] |= bit;
        self.cols[i % 9] |= bit;
        self.boxes[usize::from(BOX[i])] |= bit;
    }

    #[inline]
    fn clear(&mut self, i: usize) {
        let bit = !(1 << (self.cells[i] - 1));
        self.cells[i] = 0;
        self.rows[i / 9] &= bit;
        self.cols[i % 9] &= bit;
        self.boxes[usize::from(BOX[i])] &= bit;
    }

    /// The blank cell to fill next: in the band (three rows) of `first`,
    /// from row `first` on, the one with the fewest candidates (at once the
    /// first with three or fewer: scanning further costs more than the
    /// dead ends it avoids); and its candidates.
    #[inline]
    fn choose(&self, open: &[u16; 9], first: usize) -> (usize, u16) {
        let band = first / 3 * 3;
        let (mut best, mut best_seen, mut most) = (0, 0, 0);
        let boxes = [self.boxes[band], self.boxes[band + 1], self.boxes[band + 2]];
        for (row, (&row_seen, &open)) in (first..).zip(
            self.rows[first..band + 3]
                .iter()
                .zip(&open[first..band + 3]),
        ) {
            let mut columns = open;
            while columns != 0 {
                let col = columns.trailing_zeros() as usize;
                columns &= columns - 1;
                let seen = row_seen | boxes[usize::from(STACK[col])] | self.cols[col];
                // Digits seen, plus one so that the first cell beats 0.
                let score = ONES[usize::from(seen)] + 1;
                if score > most {
                    (best, best_seen, most) = (row * 9 + col, seen, score);
                    if score >= 7 {
                        return (best, !seen & 0x1ff);
                    }
                }
            }
        }
        (best, !best_seen & 0x1ff)
    }

    /// Fills every blank cell, trying each cell's candidates in random
    /// order; `false` when the givens have no completion.
    fn fill<R: Rng + ?Sized>(&mut self, draws: &mut Draws<'_, R>) -> bool {
        let mut open = [0u16; 9];
        let mut blanks = 0;
        for (row, mask) in open.iter_mut().enumerate() {
            for col in 0..9 {
                if self.cells[row * 9 + col] == 0 {
                    *mask |= 1 << col;
                    blanks += 1;
                }
            }
        }
        // Per depth: the cell filled there and the candidates not yet tried.
        let mut frames = [(0u8, 0u16); 81];
        let mut depth = 0;
        // The lowest row with blanks (9 when none).
        let mut first = open.iter().position(|&m| m != 0).unwrap_or(9);
        while depth < blanks {
            let (cell, candidates) = self.choose(&open, first);
            open[cell / 9] &= !(1 << (cell % 9));
            while first < 9 && open[first] == 0 {
                first += 1;
            }
            frames[depth] = (cell as u8, candidates);
            loop {
                let (cell, left) = frames[depth];
                let cell = usize::from(cell);
                if self.cells[cell] != 0 {
                    self.clear(cell);
                }
                if left != 0 {
                    // A forced digit needs no random number.
                    let bit = if left & (left - 1) == 0 {
                        left
                    } else {
                        nth_bit(left, draws.below(u32::from(ONES[usize::from(left)])))
                    };
                    frames[depth].1 = left & !bit;
                    self.place(cell, bit.trailing_zeros() as u8 + 1);
                    depth += 1;
                    break;
                }
                open[cell / 9] |= 1 << (cell % 9);
                first = first.min(cell / 9);
                if depth == 0 {
                    return false;
                }
                depth -= 1;
            }
        }
        true
    }
}

/// The `n`-th lowest set bit of `mask` (which has more than `n` set bits).
fn nth_bit(mut mask: u16, n: u32) -> u16 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

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
            let mut filler = Filler::new(&cells);
            assert!(filler.fill(&mut Draws::new(&mut rng)), "rank {rank}");
            let grid = Grid::from_cells(filler.cells).unwrap();
            assert!(grid.is_solved(), "rank {rank}");
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

    #[test]
    fn nth_bit_walks_the_set_bits() {
        assert_eq!(nth_bit(0b1011_0100, 0), 0b100);
        assert_eq!(nth_bit(0b1011_0100, 1), 0b1_0000);
        assert_eq!(nth_bit(0b1011_0100, 3), 0b1000_0000);
    }
}
