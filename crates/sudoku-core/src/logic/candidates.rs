//! Candidates (pencil marks): for every blank cell, the digits no peer holds
//! yet, minus those the techniques have removed.

use std::fmt;

use crate::grid::Grid;
use crate::logic::{CELL_UNITS, PEERS, PEER_BITS, PLACE};
use crate::pos::{Cell, Digit};

/// A set of digits, as a bit mask (bit 0 is digit 1).
///
/// ```
/// use sudoku_core::{Digit, Digits};
/// let set: Digits = [3, 7].into_iter().filter_map(Digit::new).collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Digit::new(7).unwrap()));
/// assert_eq!(set.to_string(), "37");
/// assert_eq!(format!("{set:?}"), "Digits(37)");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digits(u16);

impl Digits {
    /// The empty set.
    pub const EMPTY: Digits = Digits(0);
    /// All nine digits.
    pub const ALL: Digits = Digits(0x1ff);

    pub(crate) const fn from_bits(bits: u16) -> Digits {
        Digits(bits & 0x1ff)
    }

    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// The digits of a candidate mask (bit `d - 1` for `d`).
    pub(crate) const fn from_mask(mask: u16) -> Digits {
        Digits(mask & 0x1ff)
    }

    /// The set holding only `digit`.
    pub const fn single(digit: Digit) -> Digits {
        Digits(1 << (digit.get() - 1))
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `digit`.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit.get() - 1)) != 0
    }

    /// The set with `digit` added.
    pub const fn with(self, digit: Digit) -> Digits {
        Digits(self.0 | 1 << (digit.get() - 1))
    }

    /// The set with `digit` taken out.
    pub const fn without(self, digit: Digit) -> Digits {
        Digits(self.0 & !(1 << (digit.get() - 1)))
    }

    /// The smallest digit of the set, if any.
    pub fn first(self) -> Option<Digit> {
        self.iter().next()
    }

    /// The digits in increasing order.
    pub fn iter(self) -> DigitsIter {
        DigitsIter(self.0)
    }
}

impl IntoIterator for Digits {
    type Item = Digit;
    type IntoIter = DigitsIter;

    fn into_iter(self) -> DigitsIter {
        self.iter()
    }
}

/// The digits of a [`Digits`] set in increasing order (or decreasing, from
/// the back), from [`Digits::iter`].
#[derive(Clone, Debug)]
pub struct DigitsIter(u16);

impl Iterator for DigitsIter {
    type Item = Digit;

    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let low = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Digit::new(low + 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for DigitsIter {
    fn next_back(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let high = 15 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << high);
        Digit::new(high + 1)
    }
}

impl ExactSizeIterator for DigitsIter {}

impl std::iter::FusedIterator for DigitsIter {}

impl FromIterator<Digit> for Digits {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Digits {
        iter.into_iter().fold(Digits::EMPTY, Digits::with)
    }
}

impl fmt::Display for Digits {
    /// The digits run together in increasing order: `137`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digits({self})")
    }
}

/// A grid with its candidates: for every blank cell the digits that may
/// still go there.
///
/// Built from a grid, the candidates of a blank cell are the digits that no
/// cell of its row, column or box holds. They stay up to date as digits are
/// placed and erased: [`Candidates::place`] removes the digit from the
/// peers, [`Candidates::erase`] gives it back to every peer that no longer
/// sees it. Techniques remove single candidates with [`Candidates::remove`];
/// an erase recomputes the candidates of the erased cell from its peers and
/// so brings back any removed candidate of that cell.
///
/// ```
/// use sudoku_core::{Candidates, Cell, Digit, Grid};
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let mut marks = Candidates::new(&grid);
/// let c3 = Cell::from_name("1c").unwrap();
/// assert_eq!(marks.get(c3).to_string(), "124");
/// marks.place(Cell::from_name("1d").unwrap(), Digit::new(2).unwrap());
/// assert_eq!(marks.get(c3).to_string(), "14");
/// marks.erase(Cell::from_name("1d").unwrap());
/// assert_eq!(marks.get(c3).to_string(), "124");
/// ```
///
/// `Debug` shows the grid and, by the games' names, the candidates of each
/// blank cell:
///
/// ```
/// use sudoku_core::{Candidates, Grid};
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse()?;
/// let marks = format!("{:?}", Candidates::new(&grid));
/// assert!(marks.starts_with("Candidates { grid: Grid(12345678..."), "{marks}");
/// assert!(marks.contains("{1i: 9, 2a: 456789, "), "{marks}");
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    grid: Grid,
    marks: [u16; 81],
    /// Per unit (in `Unit::all` order), the digits placed there.
    used: [u16; 27],
    /// Per digit index, the cells (bit `c`) holding it as a candidate: the
    /// same as `marks` turned, kept up to date as they change (most
    /// searches read it, and a position changes far less often than it
    /// is searched).
    cells: [u128; 9],
    /// Per unit and digit index, the unit's cells (bit `i` for its `i`th)
    /// holding it as a candidate, kept up to date in the same way.
    places: [[u16; 9]; 27],
}

impl Candidates {
    /// The candidates of `grid`: every digit that no peer holds, in every
    /// blank cell. Filled cells have none.
    pub fn new(grid: &Grid) -> Candidates {
        let mut used = [0u16; 27];
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                for &u in &CELL_UNITS[i] {
                    used[usize::from(u)] |= 1 << (v - 1);
                }
            }
        }
        let mut marks = [0u16; 81];
        for (i, mark) in marks.iter_mut().enumerate() {
            if grid.cells()[i] == 0 {
                *mark = Self::allowed(&used, i);
            }
        }
        Candidates {
            grid: *grid,
            marks,
            used,
            cells: crate::logic::digit_cells_of(&marks),
            places: std::array::from_fn(|u| crate::logic::places_of(&marks, u)),
        }
    }

    fn allowed(used: &[u16; 27], cell: usize) -> u16 {
        let [a, b, c] = CELL_UNITS[cell];
        !(used[usize::from(a)] | used[usize::from(b)] | used[usize::from(c)]) & 0x1ff
    }

    /// The position: givens and placed digits.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidates of `cell` (empty for a filled cell).
    pub fn get(&self, cell: Cell) -> Digits {
        Digits(self.marks[cell.index()])
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.get(cell).contains(digit)
    }

    pub(crate) fn mask(&self, cell: usize) -> u16 {
        self.marks[cell]
    }

    /// Per digit index, the cells (bit `c`) holding it as a candidate.
    pub(crate) fn digit_cells(&self) -> [u128; 9] {
        self.cells
    }

    /// Per unit (rows, columns, boxes) and digit index, the unit's cells
    /// (bit `i` for its `i`th) holding it as a candidate.
    pub(crate) fn unit_places(&self) -> &[[u16; 9]; 27] {
        &self.places
    }

    pub(crate) fn value(&self, cell: usize) -> u8 {
        self.grid.cells()[cell]
    }

    /// Puts `digit` in `cell` and removes it from the candidates of the
    /// cell's peers. Whatever `cell` held before is erased first.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        if self.grid.get(cell).is_some() {
            self.erase(cell);
        }
        let i = cell.index();
        let bit = 1u16 << digit.index();
        self.grid.set(cell, Some(digit));
        self.marks[i] = 0;
        for &u in &CELL_UNITS[i] {
            self.used[usize::from(u)] |= bit;
        }
        for &p in &PEERS[i] {
            self.marks[usize::from(p)] &= !bit;
        }
        for set in &mut self.cells {
            *set &= !(1 << i);
        }
        self.cells[digit.index()] &= !PEER_BITS[i];
        for &u in &CELL_UNITS[i] {
            let u = usize::from(u);
            let keep = !(1u16 << PLACE[i][u / 9]);
            for places in &mut self.places[u] {
                *places &= keep;
            }
        }
        for &p in &PEERS[i] {
            let p = usize::from(p);
            for &u in &CELL_UNITS[p] {
                let u = usize::from(u);
                self.places[u][digit.index()] &= !(1 << PLACE[p][u / 9]);
            }
        }
    }

    /// Blanks `cell`. Its candidates are recomputed from its peers, and its
    /// old digit comes back to every blank peer that no longer sees it.
    pub fn erase(&mut self, cell: Cell) {
        let Some(old) = self.grid.set(cell, None) else {
            return;
        };
        let i = cell.index();
        let bit = 1u16 << old.index();
        for &u in &CELL_UNITS[i] {
            let unit = usize::from(u);
            let still = crate::logic::UNITS[unit]
                .iter()
                .any(|&c| self.grid.cells()[usize::from(c)] == old.get());
            if !still {
                self.used[unit] &= !bit;
            }
        }
        self.marks[i] = Self::allowed(&self.used, i);
        for (d, set) in self.cells.iter_mut().enumerate() {
            *set |= u128::from(self.marks[i] >> d & 1) << i;
        }
        for &p in &PEERS[i] {
            let p = usize::from(p);
            if self.grid.cells()[p] == 0 && Self::allowed(&self.used, p) & bit != 0 {
                self.marks[p] |= bit;
                self.cells[old.index()] |= 1 << p;
            }
        }
        self.places = std::array::from_fn(|u| crate::logic::places_of(&self.marks, u));
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was
    /// there.
    pub fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        let had = self.contains(cell, digit);
        self.marks[cell.index()] &= !(1 << digit.index());
        self.cells[digit.index()] &= !(1 << cell.index());
        for &u in &CELL_UNITS[cell.index()] {
            let u = usize::from(u);
            self.places[u][digit.index()] &= !(1 << PLACE[cell.index()][u / 9]);
        }
        had
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.grid.is_full()
    }

    /// Whether the position is plainly broken: a blank cell without
    /// candidates, or a digit with no place left in a unit that lacks it.
    pub fn has_contradiction(&self) -> bool {
        // One branch for all 81 cells, not one or two per cell.
        let cells = self.grid.cells();
        if (0..81).fold(false, |any, i| {
            any | ((cells[i] == 0) & (self.marks[i] == 0))
        }) {
            return true;
        }
        crate::logic::UNITS.iter().enumerate().any(|(u, cells)| {
            let seen = cells
                .iter()
                .fold(0u16, |m, &c| m | self.marks[usize::from(c)]);
            (seen | self.used[u]) != 0x1ff
        })
    }
}

/// `Candidates { grid: Grid(...), marks: {1c: 124, ...} }`: the grid and
/// the candidates of every blank cell, by the games' names.
impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Marks<'a>(&'a Candidates);
        impl fmt::Debug for Marks<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut map = f.debug_map();
                for cell in Cell::all().filter(|&c| self.0.grid.get(c).is_none()) {
                    map.entry(
                        &format_args!("{cell}"),
                        &format_args!("{}", self.0.get(cell)),
                    );
                }
                map.finish()
            }
        }
        f.debug_struct("Candidates")
            .field("grid", &self.grid)
            .field("marks", &Marks(self))
            .finish()
    }
}

impl fmt::Display for Candidates {
    /// A 9-line grid: each cell as its digit, or its candidates in braces
    /// when blank, columns padded to line up.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |i: usize| match self.grid.cells()[i] {
            0 => format!("{{{}}}", Digits(self.marks[i])),
            v => v.to_string(),
        };
        let widths: Vec<usize> = (0..9)
            .map(|c| (0..9).map(|r| text(r * 9 + c).len()).max().unwrap_or(1))
            .collect();
        for r in 0..9 {
            let line: Vec<String> = (0..9)
                .map(|c| format!("{:<w$}", text(r * 9 + c), w = widths[c]))
                .collect();
            writeln!(f, "{}", line.join(" ").trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{cell, PUZZLE};

    fn digit(d: u8) -> Digit {
        Digit::new(d).unwrap()
    }

    #[test]
    fn fresh_candidates_are_the_digits_no_peer_holds() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let marks = Candidates::new(&grid);
        for c in Cell::all() {
            if grid.get(c).is_some() {
                assert!(marks.get(c).is_empty());
                continue;
            }
            for d in Digit::all() {
                let seen = c.peers().any(|p| grid.get(p) == Some(d));
                assert_eq!(marks.contains(c, d), !seen, "{c} {d}");
            }
        }
        assert!(!marks.has_contradiction());
    }

    #[test]
    fn place_then_erase_restores_the_marks() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let fresh = Candidates::new(&grid);
        let mut marks = fresh.clone();
        marks.place(cell("1c"), digit(4));
        assert!(!marks.contains(cell("1i"), digit(4)));
        assert!(!marks.contains(cell("3a"), digit(4)));
        assert!(marks.get(cell("1c")).is_empty());
        // placing over a digit erases it first
        marks.place(cell("1c"), digit(1));
        assert!(marks.contains(cell("1i"), digit(4)));
        marks.erase(cell("1c"));
        assert_eq!(marks, fresh);
        let mut twice = fresh.clone();
        twice.erase(cell("1c"));
        assert_eq!(twice, fresh);
    }

    #[test]
    fn erase_keeps_a_digit_out_where_another_copy_still_sees_it() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut marks = Candidates::new(&grid);
        // 5 is at 1a; put a second (conflicting) 5 in 1i, then erase it:
        // 1c still sees the 5 of 1a.
        marks.place(cell("1i"), digit(5));
        marks.erase(cell("1i"));
        assert!(!marks.contains(cell("1c"), digit(5)));
        assert_eq!(marks, Candidates::new(&grid));
    }

    /// The cells of each digit, and its places in each unit, are kept up
    /// to date through every change: random places (over a filled cell or
    /// not), erases and removes, each followed by a comparison with the
    /// candidates turned afresh.
    #[test]
    fn each_digits_cells_follow_every_change() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut marks = Candidates::new(&grid);
        let (mut placed, mut erased, mut removed) = (0, 0, 0);
        for _ in 0..3000 {
            let c = Cell::all().nth(rng.gen_range(0..81)).unwrap();
            let d = digit(rng.gen_range(1..=9));
            match rng.gen_range(0..4) {
                0 => {
                    marks.place(c, d);
                    placed += 1;
                }
                1 => {
                    erased += usize::from(marks.grid().get(c).is_some());
                    marks.erase(c);
                }
                _ => removed += usize::from(marks.remove(c, d)),
            }
            let m: [u16; 81] = std::array::from_fn(|i| marks.mask(i));
            assert_eq!(
                marks.digit_cells(),
                crate::logic::digit_cells_of(&m),
                "{marks:?}"
            );
            for u in 0..27 {
                let fresh = crate::logic::places_of(&m, u);
                assert_eq!(marks.unit_places()[u], fresh, "unit {u}: {marks:?}");
            }
        }
        assert!(placed > 500 && erased > 300 && removed > 200);
    }

    #[test]
    fn contradictions() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut marks = Candidates::new(&grid);
        for d in marks.get(cell("1c")).iter() {
            marks.remove(cell("1c"), d);
        }
        assert!(marks.has_contradiction());
        let mut marks = Candidates::new(&grid);
        // 1 has three places in row 1; remove them all
        for name in ["1c", "1d", "1f", "1g", "1h", "1i"] {
            marks.remove(cell(name), digit(1));
        }
        assert!(marks.has_contradiction());
    }

    #[test]
    fn renders_pencil_marks() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let text = Candidates::new(&grid).to_string();
        assert_eq!(text.lines().count(), 9);
        assert!(text.starts_with("5     3      {124}    {26}"), "{text}");
    }
}
