//! Counters and conflicts: how many of each digit every row, column and box
//! holds, kept up to date in O(1) per change.
//!
//! Temporary illegal entries are allowed, as in the original games, so a
//! digit may appear more than once in a unit. A **conflict** is one digit
//! appearing more than once in one unit: two 7s in row 5 is one conflict,
//! and if the two 7s also share a box, that is a second one. The total
//! number of conflicts is the number of such (unit, digit) pairs.

use std::fmt;

use crate::grid::Grid;
use crate::pos::{Cell, Digit, Unit};

/// One digit that appears more than once in one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Conflict {
    /// The row, column or box.
    pub unit: Unit,
    /// The repeated digit.
    pub digit: Digit,
    /// How many times it appears there (2 or more).
    pub count: u8,
}

impl fmt::Display for Conflict {
    /// `row 5 has two 7s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 10] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        ];
        let times = WORDS
            .get(usize::from(self.count))
            .copied()
            .unwrap_or("many");
        write!(f, "{} has {} {}s", self.unit, times, self.digit)
    }
}

/// Per row, column and box, how many of each digit are present.
///
/// `Debug` shows how many cells are filled and the conflicts, as the games
/// word them, rather than the 243 counts.
///
/// ```
/// use sudoku_core::{Cell, Counters, Digit, Grid};
/// let mut counters = Counters::of(&Grid::empty());
/// let seven = Digit::new(7).unwrap();
/// counters.add(Cell::from_name("5a").unwrap(), seven);
/// counters.add(Cell::from_name("5i").unwrap(), seven);
/// assert_eq!(counters.conflict_count(), 1);
/// assert_eq!(counters.conflicts()[0].to_string(), "row 5 has two 7s");
/// assert_eq!(
///     format!("{counters:?}"),
///     "Counters { filled: 2, conflicts: [row 5 has two 7s] }"
/// );
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Counters {
    counts: [[u8; 9]; 27],
    repeated: [u8; 27],
    conflicts: usize,
    filled: usize,
}

/// `Counters { filled: 30, conflicts: [row 5 has two 7s] }`.
impl fmt::Debug for Counters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Worded(Vec<Conflict>);
        impl fmt::Debug for Worded {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut list = f.debug_list();
                for conflict in &self.0 {
                    list.entry(&format_args!("{conflict}"));
                }
                list.finish()
            }
        }
        f.debug_struct("Counters")
            .field("filled", &self.filled)
            .field("conflicts", &Worded(self.conflicts()))
            .finish()
    }
}

impl Counters {
    /// The counters of `grid`.
    pub fn of(grid: &Grid) -> Counters {
        let mut counters = Counters::default();
        for cell in Cell::all() {
            if let Some(digit) = grid.get(cell) {
                counters.add(cell, digit);
            }
        }
        counters
    }

    /// Counts `digit` placed in `cell`.
    pub fn add(&mut self, cell: Cell, digit: Digit) {
        self.filled += 1;
        for unit in Unit::of(cell) {
            let (u, d) = (unit.index(), digit.index());
            self.counts[u][d] += 1;
            if self.counts[u][d] == 2 {
                self.repeated[u] += 1;
                self.conflicts += 1;
            }
        }
    }

    /// Uncounts `digit` taken out of `cell`. It must have been added.
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        self.filled -= 1;
        for unit in Unit::of(cell) {
            let (u, d) = (unit.index(), digit.index());
            if self.counts[u][d] == 2 {
                self.repeated[u] -= 1;
                self.conflicts -= 1;
            }
            self.counts[u][d] -= 1;
        }
    }

    /// How many times `digit` appears in `unit`.
    pub fn count(&self, unit: Unit, digit: Digit) -> u8 {
        self.counts[unit.index()][digit.index()]
    }

    /// Whether `digit` can go in `cell` without a conflict, ignoring what
    /// `cell` holds now.
    pub fn allows(&self, cell: Cell, digit: Digit) -> bool {
        Unit::of(cell)
            .iter()
            .all(|&unit| self.count(unit, digit) == 0)
    }

    /// The number of conflicts: (unit, digit) pairs seen more than once.
    pub fn conflict_count(&self) -> usize {
        self.conflicts
    }

    /// Whether `unit` holds any digit more than once.
    pub fn has_conflict(&self, unit: Unit) -> bool {
        self.repeated[unit.index()] > 0
    }

    /// Whether `digit`, placed in `cell`, repeats in one of its units.
    pub fn is_conflicting(&self, cell: Cell, digit: Digit) -> bool {
        Unit::of(cell)
            .iter()
            .any(|&unit| self.count(unit, digit) > 1)
    }

    /// Every conflict, rows first, then columns, then boxes.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if self.conflicts == 0 {
            return Vec::new();
        }
        Unit::all()
            .flat_map(|unit| {
                Digit::all().filter_map(move |digit| {
                    let count = self.count(unit, digit);
                    (count > 1).then_some(Conflict { unit, digit, count })
                })
            })
            .collect()
    }

    /// How many cells hold a digit.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Whether every cell is filled and no unit repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.filled == 81 && self.conflicts == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::cell;

    #[test]
    fn a_shared_box_counts_twice() {
        let seven = Digit::new(7).unwrap();
        let mut counters = Counters::default();
        counters.add(cell("5a"), seven);
        counters.add(cell("5b"), seven);
        assert_eq!(counters.conflict_count(), 2);
        let text: Vec<String> = counters
            .conflicts()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(text, ["row 5 has two 7s", "box 4 has two 7s"]);
        assert!(counters.is_conflicting(cell("5a"), seven));
        assert!(counters.has_conflict(Unit::Row(cell("5a").row())));
        assert!(!counters.has_conflict(Unit::Col(cell("5a").col())));
        counters.remove(cell("5b"), seven);
        assert_eq!(counters.conflict_count(), 0);
        assert!(!counters.is_conflicting(cell("5a"), seven));
        assert!(!counters.allows(cell("5i"), seven));
        assert!(counters.allows(cell("6i"), seven));
    }

    #[test]
    fn three_of_a_digit_are_one_conflict() {
        let one = Digit::new(1).unwrap();
        let mut counters = Counters::default();
        for name in ["1a", "1e", "1i"] {
            counters.add(cell(name), one);
        }
        assert_eq!(counters.conflict_count(), 1);
        assert_eq!(counters.conflicts()[0].to_string(), "row 1 has three 1s");
        assert_eq!(counters.filled(), 3);
    }

    #[test]
    fn solved_grid() {
        let grid: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let counters = Counters::of(&grid);
        assert!(counters.is_solved());
        assert!(!Counters::of(&Grid::empty()).is_solved());
    }
}
