//! Basic fish: X-wing, swordfish and jellyfish, with rows or columns as the
//! base.

use super::Memo;
use crate::logic::step::join;
use crate::logic::{cell, digit, first_locked_set, Candidates, Digits, Step, Technique, Words};
use crate::pos::{Cell, Col, Digit, Row};

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
/// rows): it leaves those columns (rows) everywhere else. Digits whose
/// candidates did not change since `memo`'s position are skipped (see
/// [`Memo`]).
#[inline(never)]
pub(crate) fn fish(marks: &Candidates, n: usize, memo: &mut Memo, words: Words) -> Option<Step> {
    memo.run(marks, |changes| {
        (0..9)
            .filter(|d| changes.digits & 1 << d != 0)
            .find_map(|d| {
                [true, false]
                    .into_iter()
                    .find_map(|by_rows| fish_on(marks, n, d, by_rows, words))
            })
    })
}

fn fish_on(marks: &Candidates, n: usize, d: usize, by_rows: bool, words: Words) -> Option<Step> {
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
        // Rows by number, columns by letter, as the games name them.
        let line_names = |lines: &[usize], rows: bool| {
            let names = lines
                .iter()
                .map(|&l| match (rows, Row::new(l), Col::new(l)) {
                    (true, Some(row), _) => row.name(),
                    (false, _, Some(col)) => col.name(),
                    _ => panic!("line index {l} out of range"),
                });
            join(names, "and")
        };
        let pattern: Vec<Cell> = base
            .iter()
            .flat_map(|&l| covers.iter().map(move |&p| at(by_rows, l, p)))
            .filter(|&c| marks.mask(c) & bit != 0)
            .map(cell)
            .collect();
        let reason = || {
            format!(
                "{title}: in {base_name} {}, {} can only go in {cover_name} {}",
                line_names(base, by_rows),
                d + 1,
                line_names(&covers, !by_rows),
            )
        };
        Some(Step::eliminating(
            words,
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

    /// Removes digit `d` from row `row` (1-9) except in the columns `keep`
    /// (letters, `ch`).
    fn confine_row(marks: &mut Candidates, d: u8, row: usize, keep: &str) {
        let names: Vec<String> = "abcdefghi"
            .chars()
            .filter(|&c| !keep.contains(c))
            .map(|c| format!("{row}{c}"))
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        remove_from(marks, d, &refs);
    }

    #[test]
    fn x_wing_on_rows() {
        let mut marks = blank();
        confine_row(&mut marks, 5, 2, "ch");
        confine_row(&mut marks, 5, 7, "ch");
        let step = fish(&marks, 2, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::XWing);
        let c = ["1c", "3c", "4c", "5c", "6c", "8c", "9c"];
        let h = ["1h", "3h", "4h", "5h", "6h", "8h", "9h"];
        let all: Vec<&str> = c.iter().chain(&h).copied().collect();
        assert_eq!(step.eliminations(), elims(&[(5, &all)]));
        assert!(step.to_string().starts_with(
            "X-wing: in rows 2 and 7, 5 can only go in columns c and h, so remove 5 from 1c, 1h,"
        ));
        assert!(fish(&blank(), 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn x_wing_needs_the_same_columns() {
        let mut marks = blank();
        confine_row(&mut marks, 5, 2, "ch");
        confine_row(&mut marks, 5, 7, "ci");
        assert!(fish(&marks, 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn swordfish_on_columns() {
        let mut marks = blank();
        // 6 in columns a, e and i only in rows 2, 4 and 8 (two each)
        for (col, rows) in [('a', [2, 4]), ('e', [4, 8]), ('i', [2, 8])] {
            let names: Vec<String> = (1..=9)
                .filter(|r| !rows.contains(r))
                .map(|r| format!("{r}{col}"))
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            remove_from(&mut marks, 6, &refs);
        }
        assert!(fish(&marks, 2, &mut Memo::default(), Words::Written).is_none());
        let step = fish(&marks, 3, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::Swordfish);
        let mut expected = Vec::new();
        for r in [2, 4, 8] {
            for col in "bcdfgh".chars() {
                expected.push(format!("{r}{col}"));
            }
        }
        let refs: Vec<&str> = expected.iter().map(String::as_str).collect();
        assert_eq!(step.eliminations(), elims(&[(6, &refs)]));
        assert!(step
            .to_string()
            .starts_with("Swordfish: in columns a, e and i, 6 can only go in rows 2, 4 and 8"));
    }

    #[test]
    fn jellyfish_on_rows() {
        let mut marks = blank();
        for (row, cols) in [(1, "ab"), (3, "bc"), (5, "cd"), (9, "da")] {
            confine_row(&mut marks, 2, row, cols);
        }
        assert!(fish(&marks, 3, &mut Memo::default(), Words::Written).is_none());
        let step = fish(&marks, 4, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::Jellyfish);
        assert_eq!(step.eliminations().len(), 4 * 5);
        assert!(step
            .eliminations()
            .iter()
            .all(|&(c, _)| c.col().index() < 4 && ![0, 2, 4, 8].contains(&c.row().index())));
    }
}
