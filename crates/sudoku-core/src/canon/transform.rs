//! [`Transform`]: one of the 2 x 6^8 x 9! changes that keep a grid the same
//! puzzle (transposing, the order of the bands, of the rows in each band, of
//! the stacks, of the columns in each stack, and a relabelling of the digits).

use rand::seq::SliceRandom;
use rand::Rng;
use thiserror::Error;

use crate::grid::Grid;
use crate::pos::Digit;

/// A change that keeps a grid the same puzzle: an optional transposition,
/// then an order of the rows and of the columns that keeps bands and
/// stacks whole, then a relabelling of the digits.
///
/// Cell `(i, j)` of [`apply`](Transform::apply)'s result holds
/// `digits[d - 1]` where `d` is cell `(rows[i], cols[j])` of the input (of
/// the transposed input when [`is_transposed`](Transform::is_transposed));
/// blanks stay blank. Rows `3b..3b+3` of the result come from one band of
/// the input, and columns `3s..3s+3` from one stack.
///
/// ```
/// use sudoku_core::{canon::Transform, Grid};
/// let grid: Grid =
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///         .parse()?;
/// // Swap the first two bands, mirror the stacks, and swap digits 1 and 4.
/// let t = Transform::new(
///     false,
///     [3, 4, 5, 0, 1, 2, 6, 7, 8],
///     [8, 7, 6, 5, 4, 3, 2, 1, 0],
///     [4, 2, 3, 1, 5, 6, 7, 8, 9],
/// )?;
/// let moved = t.apply(&grid);
/// assert_eq!(&moved.to_line()[27..36], "....3...1");
/// assert_eq!(t.inverse().apply(&moved), grid);
/// assert_eq!(t.then(&t.inverse()), sudoku_core::canon::Transform::IDENTITY);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    /// `digits[d]` replaces digit `d`; `digits[0]` is 0, so blanks stay.
    digits: [u8; 10],
}

/// Why [`Transform::new`] refused its parts.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TransformError {
    /// The rows or the columns are not 0-8, each once.
    #[error("{axis} {values:?} are not 0-8, each once")]
    NotAnOrder {
        /// `rows` or `columns`.
        axis: &'static str,
        /// The order as given.
        values: [u8; 9],
    },
    /// Three consecutive places, `3k..3k+3`, take rows from different bands
    /// (or columns from different stacks).
    #[error(
        "{axis} {values:?} split a {unit}: places {start}-{end} must take one {unit}'s {axis}"
    )]
    SplitsUnit {
        /// `rows` or `columns`.
        axis: &'static str,
        /// `band` or `stack`.
        unit: &'static str,
        /// The order as given.
        values: [u8; 9],
        /// The first of the three places (0, 3 or 6).
        start: usize,
        /// The last of the three places.
        end: usize,
    },
    /// The digits are not 1-9, each once.
    #[error("digits {0:?} are not 1-9, each once")]
    Digits(
        /// The relabelling as given.
        [u8; 9],
    ),
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The transform that transposes when `transpose`, then takes row
    /// `rows[i]` to row `i` and column `cols[j]` to column `j`, then writes
    /// `digits[d - 1]` for digit `d`. Refused unless `rows` and `cols` are
    /// orders of 0-8 that keep bands and stacks whole and `digits` is an
    /// order of 1-9.
    pub fn new(
        transpose: bool,
        rows: [u8; 9],
        cols: [u8; 9],
        digits: [u8; 9],
    ) -> Result<Transform, TransformError> {
        check_lines("rows", "band", rows)?;
        check_lines("columns", "stack", cols)?;
        let mut seen = 0u16;
        for &d in &digits {
            if !(1..=9).contains(&d) || seen & 1 << d != 0 {
                return Err(TransformError::Digits(digits));
            }
            seen |= 1 << d;
        }
        let mut map = [0; 10];
        map[1..].copy_from_slice(&digits);
        Ok(Transform {
            transpose,
            rows,
            cols,
            digits: map,
        })
    }

    /// Parts the engine built, which are valid by construction (checked
    /// in debug builds only: this is on the canonical form's hot path).
    pub(crate) fn from_parts(
        transpose: bool,
        rows: [u8; 9],
        cols: [u8; 9],
        digits: [u8; 10],
    ) -> Transform {
        debug_assert!(
            {
                let mut relabel = [0; 9];
                relabel.copy_from_slice(&digits[1..]);
                digits[0] == 0 && Transform::new(transpose, rows, cols, relabel).is_ok()
            },
            "the canonical search builds valid transforms"
        );
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// A transform drawn uniformly from all 2 x 6^8 x 9! of them.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    /// let grid = sudoku_core::generator::random_grid(&mut rng);
    /// let t = sudoku_core::canon::Transform::random(&mut rng);
    /// assert!(t.apply(&grid).is_solved());
    /// assert_eq!(grid.canonical().form(), t.apply(&grid).canonical().form());
    /// ```
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Transform {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        let rows = random_lines(rng);
        let cols = random_lines(rng);
        Transform::from_parts(rng.gen(), rows, cols, with_blank(digits))
    }

    /// Whether the input is transposed first (rows read as columns).
    pub fn is_transposed(&self) -> bool {
        self.transpose
    }

    /// Row `i` of the result is row `rows()[i]` of the (transposed) input.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// Column `j` of the result is column `cols()[j]` of the (transposed)
    /// input.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }

    /// Digit `d` of the input is written `digits()[d - 1]`.
    pub fn digits(&self) -> [u8; 9] {
        let mut out = [0; 9];
        out.copy_from_slice(&self.digits[1..]);
        out
    }

    /// What `digit` of the input is written as.
    pub fn digit(&self, digit: Digit) -> Digit {
        Digit::new(self.digits[usize::from(digit.get())]).expect("a relabelling of 1-9")
    }

    /// The grid moved and relabelled.
    // Out of line: inlined into the puzzles' search, it made each puzzle's
    // form cost about 30 instructions more (callgrind).
    #[inline(never)]
    pub fn apply(&self, grid: &Grid) -> Grid {
        let input = grid.cells();
        // Input cell (r, c) is at r * down + c * across.
        let (down, across) = if self.transpose { (1, 9) } else { (9, 1) };
        let mut cells = [0u8; 81];
        for (i, out) in cells.chunks_exact_mut(9).enumerate() {
            let base = usize::from(self.rows[i]) * down;
            for (cell, &c) in out.iter_mut().zip(&self.cols) {
                *cell = self.digits[usize::from(input[base + usize::from(c) * across])];
            }
        }
        // A relabelling keeps values in 0-9.
        Grid::from_cells_unchecked(cells)
    }

    /// `self`, then `next`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    pub fn then(&self, next: &Transform) -> Transform {
        let pick = |from: &[u8; 9], by: &[u8; 9]| by.map(|i| from[usize::from(i)]);
        // Without a transposition in `next`, its rows pick among ours; with
        // one, its rows pick among our columns and its columns among our rows.
        let (rows, cols) = if next.transpose {
            (pick(&self.cols, &next.rows), pick(&self.rows, &next.cols))
        } else {
            (pick(&self.rows, &next.rows), pick(&self.cols, &next.cols))
        };
        Transform {
            transpose: self.transpose != next.transpose,
            rows,
            cols,
            digits: self.digits.map(|d| next.digits[usize::from(d)]),
        }
    }

    /// The transform that undoes `self`: `t.inverse().apply(&t.apply(g)) == g`.
    pub fn inverse(&self) -> Transform {
        let invert = |order: &[u8; 9]| {
            let mut out = [0; 9];
            for (i, &v) in order.iter().enumerate() {
                out[usize::from(v)] = i as u8;
            }
            out
        };
        let mut digits = [0; 10];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to)] = d as u8;
        }
        let (rows, cols) = if self.transpose {
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

/// `digits` with 0 (blank) kept in front.
fn with_blank(digits: [u8; 9]) -> [u8; 10] {
    let mut map = [0; 10];
    map[1..].copy_from_slice(&digits);
    map
}

/// An order of 0-8 that keeps bands (or stacks) whole, drawn uniformly.
fn random_lines<R: Rng + ?Sized>(rng: &mut R) -> [u8; 9] {
    let mut units = [0u8, 1, 2];
    units.shuffle(rng);
    let mut out = [0; 9];
    for (k, &u) in units.iter().enumerate() {
        let mut lines = [3 * u, 3 * u + 1, 3 * u + 2];
        lines.shuffle(rng);
        out[3 * k..3 * k + 3].copy_from_slice(&lines);
    }
    out
}

/// Checks that `values` is an order of 0-8 keeping each `unit` whole.
fn check_lines(
    axis: &'static str,
    unit: &'static str,
    values: [u8; 9],
) -> Result<(), TransformError> {
    let mut seen = 0u16;
    for &v in &values {
        if v > 8 || seen & 1 << v != 0 {
            return Err(TransformError::NotAnOrder { axis, values });
        }
        seen |= 1 << v;
    }
    for start in [0, 3, 6] {
        let unit_of = values[start] / 3;
        if values[start..start + 3].iter().any(|&v| v / 3 != unit_of) {
            return Err(TransformError::SplitsUnit {
                axis,
                unit,
                values,
                start,
                end: start + 2,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn transforms() -> impl Strategy<Value = Transform> {
        any::<u64>()
            .prop_map(|seed| Transform::random(&mut crate::generator::ItemRng::seed_from_u64(seed)))
    }

    #[test]
    fn refuses_orders_that_are_not_orders_or_split_units() {
        let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let e = Transform::new(false, [0, 1, 2, 3, 4, 5, 6, 7, 7], id, digits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "rows [0, 1, 2, 3, 4, 5, 6, 7, 7] are not 0-8, each once"
        );
        let e = Transform::new(false, id, [0, 1, 3, 2, 4, 5, 6, 7, 8], digits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "columns [0, 1, 3, 2, 4, 5, 6, 7, 8] split a stack: places 0-2 must take one \
             stack's columns"
        );
        let e = Transform::new(false, id, id, [1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "digits [1, 2, 3, 4, 5, 6, 7, 8, 0] are not 1-9, each once"
        );
        assert!(Transform::new(true, [8, 6, 7, 2, 1, 0, 4, 3, 5], id, digits).is_ok());
    }

    #[test]
    fn transposes_then_moves_then_relabels() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let t = Transform::new(true, id, id, [1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
        let moved = t.apply(&grid);
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(moved.cells()[r * 9 + c], grid.cells()[c * 9 + r]);
            }
        }
        let t = Transform::new(
            false,
            [1, 0, 2, 3, 4, 5, 6, 7, 8],
            id,
            [2, 1, 3, 4, 5, 6, 7, 8, 9],
        )
        .unwrap();
        let moved = t.apply(&grid);
        assert_eq!(&moved.to_line()[..18], "...6..8..4...3....");
        assert_eq!(t.digit(Digit::new(1).unwrap()), Digit::new(2).unwrap());
        assert_eq!(Transform::IDENTITY.apply(&grid), grid);
    }

    proptest! {
        #[test]
        fn then_is_one_after_the_other(a in transforms(), b in transforms()) {
            let grid: Grid = PUZZLE.parse().unwrap();
            prop_assert_eq!(a.then(&b).apply(&grid), b.apply(&a.apply(&grid)));
        }

        #[test]
        fn inverse_undoes(t in transforms()) {
            let grid: Grid = PUZZLE.parse().unwrap();
            prop_assert_eq!(t.inverse().apply(&t.apply(&grid)), grid);
            prop_assert_eq!(t.then(&t.inverse()), Transform::IDENTITY);
            prop_assert_eq!(t.inverse().then(&t), Transform::IDENTITY);
        }

        #[test]
        fn random_transforms_have_valid_parts(t in transforms()) {
            prop_assert_eq!(Transform::new(t.is_transposed(), t.rows(), t.cols(), t.digits()), Ok(t));
        }
    }
}
