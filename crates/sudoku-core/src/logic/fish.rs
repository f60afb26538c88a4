//! Basic fish: X-wing, swordfish and jellyfish, with rows or columns as the
//! base.

use crate::logic::step::join;
use crate::logic::{cell, digit, first_locked_set, Candidates, Digits, Step, Technique};
use crate::pos::{Cell, Digit};

/// The cell at line `line`, position `pos`; rows are the lines when
/// `by_rows`.
fn at(by_rows: bool, line: usize, pos: usize) -> usize {
    if by_rows {
        line * 9 + pos
    } else {
        pos * 9 + line
    }
}

/// A digit confined, in `n` rows, to `n` columns (or in `n` columns to `n`
/// rows): it leaves those columns (rows) everywhere else.
pub(crate) fn fish(marks: &Candidates, n: usize) -> Option<Step> {
    (0..9).find_map(|d| {
        [true, false]
            .into_iter()
            .find_map(|by_rows| fish_on(marks, n, d, by_rows))
    })
}

fn fish_on(marks: &Candidates, n: usize, d: usize, by_rows: bool) -> Option<Step> {
    let bit = 1u16 << d;
    let spots: [u16; 9] = std::array::from_fn(|line| {
        (0..9)
            .filter(|&pos| marks.mask(at(by_rows, line, pos)) & bit != 0)
            .fold(0, |m, pos| m | 1 << pos)
    });
    first_locked_set(&spots, n, |base: &[usize], cover| {
        // Nothing to remove unless another line has the digit in the cover.
        let outside = (0..9)
            .filter(|l| !base.contains(l))
            .any(|l| spots[l] & cover != 0);
        if !outside {
            return None;
        }
        let covers: Vec<usize> = (0..9).filter(|p| cover & 1 << p != 0).collect();
        let eliminations: Vec<(Cell, Digit)> = (0..9)
            .filter(|l| !base.contains(l))
            .flat_map(|l| covers.iter().map(move |&p| at(by_rows, l, p)))
            .filter(|&c| marks.mask(c) & bit != 0)
            .map(|c| (cell(c), digit(d)))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let (technique, title) = match n {
            2 => (Technique::XWing, "X-wing"),
            3 => (Technique::Swordfish, "Swordfish"),
            _ => (Technique::Jellyfish, "Jellyfish"),
        };
        let (base_name, cover_name) = if by_rows {
            ("rows", "columns")
        } else {
            ("columns", "rows")
        };
        let pattern: Vec<Cell> = base
            .iter()
            .flat_map(|&l| covers.iter().map(move |&p| at(by_rows, l, p)))
            .filter(|&c| marks.mask(c) & bit != 0)
            .map(cell)
            .collect();
        let reason = format!(
            "{title}: in {base_name} {}, {} can only go in {cover_name} {}",
            join(base.iter().map(|l| l + 1), "and"),
            d + 1,
            join(covers.iter().map(|p| p + 1), "and"),
        );
        Some(Step::eliminating(
            technique,
            pattern,
            Digits::single(digit(d)),
            eliminations,
            reason,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, elims, remove_from};

    /// Removes digit `d` from row `row` (1-based) except in `keep` columns.
    fn confine_row(marks: &mut Candidates, d: u8, row: usize, keep: &[usize]) {
        let names: Vec<String> = (1..=9)
            .filter(|c| !keep.contains(c))
            .map(|c| format!("r{row}c{c}"))
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        remove_from(marks, d, &refs);
    }

    #[test]
    fn x_wing_on_rows() {
        let mut marks = blank();
        confine_row(&mut marks, 5, 2, &[3, 8]);
        confine_row(&mut marks, 5, 7, &[3, 8]);
        let step = fish(&marks, 2).unwrap();
        assert_eq!(step.technique(), Technique::XWing);
        let c3 = ["r1c3", "r3c3", "r4c3", "r5c3", "r6c3", "r8c3", "r9c3"];
        let c8 = ["r1c8", "r3c8", "r4c8", "r5c8", "r6c8", "r8c8", "r9c8"];
        let all: Vec<&str> = c3.iter().chain(&c8).copied().collect();
        assert_eq!(step.eliminations(), elims(&[(5, &all)]));
        assert!(step
            .to_string()
            .starts_with("X-wing: in rows 2 and 7, 5 can only go in columns 3 and 8, so remove 5 from r1c3, r1c8,"));
        assert!(fish(&blank(), 2).is_none());
    }

    #[test]
    fn x_wing_needs_the_same_columns() {
        let mut marks = blank();
        confine_row(&mut marks, 5, 2, &[3, 8]);
        confine_row(&mut marks, 5, 7, &[3, 9]);
        assert!(fish(&marks, 2).is_none());
    }

    #[test]
    fn swordfish_on_columns() {
        let mut marks = blank();
        // 6 in columns 1, 5 and 9 only in rows 2, 4 and 8 (two each)
        for (col, rows) in [(1, [2, 4]), (5, [4, 8]), (9, [2, 8])] {
            let names: Vec<String> = (1..=9)
                .filter(|r| !rows.contains(r))
                .map(|r| format!("r{r}c{col}"))
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            remove_from(&mut marks, 6, &refs);
        }
        assert!(fish(&marks, 2).is_none());
        let step = fish(&marks, 3).unwrap();
        assert_eq!(step.technique(), Technique::Swordfish);
        let mut expected = Vec::new();
        for r in [2, 4, 8] {
            for col in [2, 3, 4, 6, 7, 8] {
                expected.push(format!("r{r}c{col}"));
            }
        }
        let refs: Vec<&str> = expected.iter().map(String::as_str).collect();
        assert_eq!(step.eliminations(), elims(&[(6, &refs)]));
        assert!(step
            .to_string()
            .starts_with("Swordfish: in columns 1, 5 and 9, 6 can only go in rows 2, 4 and 8"));
    }

    #[test]
    fn jellyfish_on_rows() {
        let mut marks = blank();
        for (row, cols) in [(1, [1, 2]), (3, [2, 3]), (5, [3, 4]), (9, [4, 1])] {
            confine_row(&mut marks, 2, row, &cols);
        }
        assert!(fish(&marks, 3).is_none());
        let step = fish(&marks, 4).unwrap();
        assert_eq!(step.technique(), Technique::Jellyfish);
        assert_eq!(step.eliminations().len(), 4 * 5);
        assert!(step
            .eliminations()
            .iter()
            .all(|&(c, _)| c.col().index() < 4 && ![0, 2, 4, 8].contains(&c.row().index())));
    }
}
