//! Helpers for the technique tests: building positions and naming cells.

use crate::grid::Grid;
use crate::logic::{cell_from_rc, Candidates};
use crate::pos::{Cell, Digit};

/// The cell named in `rXcY` notation.
pub(crate) fn c(name: &str) -> Cell {
    cell_from_rc(name).unwrap_or_else(|| panic!("bad cell name {name}"))
}

/// The digit `v`.
pub(crate) fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// The candidates of a grid given as an 81-character line.
pub(crate) fn marks_of(line: &str) -> Candidates {
    let grid: Grid = line.parse().unwrap();
    Candidates::new(&grid)
}

/// An empty grid's candidates: every digit everywhere.
pub(crate) fn blank() -> Candidates {
    marks_of(&".".repeat(81))
}

/// Keeps only `digits` (as text, `37`) among the candidates of `name`.
pub(crate) fn restrict(marks: &mut Candidates, name: &str, digits: &str) {
    let cell = c(name);
    for digit in Digit::all() {
        if !digits.contains(char::from(b'0' + digit.get())) {
            marks.remove(cell, digit);
        }
    }
}

/// Removes `digit` from every cell of `names`.
pub(crate) fn remove_from(marks: &mut Candidates, digit: u8, names: &[&str]) {
    for name in names {
        marks.remove(c(name), d(digit));
    }
}

/// Eliminations from `(digit, cell names)`, sorted like a step's.
pub(crate) fn elims(list: &[(u8, &[&str])]) -> Vec<(Cell, Digit)> {
    let mut out: Vec<(Cell, Digit)> = list
        .iter()
        .flat_map(|&(v, names)| names.iter().map(move |n| (c(n), d(v))))
        .collect();
    out.sort_by_key(|&(c, d)| (d, c));
    out
}
