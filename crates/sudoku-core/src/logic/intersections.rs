//! Locked candidates: pointing (a box confines a digit to one line) and
//! claiming (a line confines a digit to one box).

use crate::logic::forcing::UNIT_BITS;
use crate::logic::step::unit_name;
use crate::logic::{
    cell, digit, digit_cells, unit, unit_places, Candidates, Digits, Step, Technique, UNITS,
};

/// `pair` or `triple`, from the number of places.
fn size(places: u16) -> &'static str {
    if places.count_ones() == 2 {
        "pair"
    } else {
        "triple"
    }
}

/// The eliminations of digit `d` from the cells of unit `target` that are
/// not in unit `source`.
fn outside(
    marks: &Candidates,
    d: usize,
    target: usize,
    source: usize,
) -> Vec<(crate::pos::Cell, crate::pos::Digit)> {
    UNITS[target]
        .iter()
        .map(|&c| usize::from(c))
        .filter(|c| !UNITS[source].contains(&(*c as u8)) && marks.mask(*c) & 1 << d != 0)
        .map(|c| (cell(c), digit(d)))
        .collect()
}

fn pattern(source: usize, spots: u16) -> Vec<crate::pos::Cell> {
    (0..9)
        .filter(|i| spots & 1 << i != 0)
        .map(|i| cell(usize::from(UNITS[source][i])))
        .collect()
}

/// A digit whose places in a box are all in one row or column: it leaves
/// the rest of that line.
pub(crate) fn pointing(marks: &Candidates) -> Option<Step> {
    let all = unit_places(marks);
    let at = digit_cells(marks);
    (0..9).find_map(|b| {
        (0..9).find_map(|d| {
            let spots = all[18 + b][d];
            if spots.count_ones() < 2 {
                return None;
            }
            let rows = (0..9).filter(|i| spots & 1 << i != 0).map(|i| i / 3);
            let cols = (0..9).filter(|i| spots & 1 << i != 0).map(|i| i % 3);
            let line = if rows.clone().all(|r| Some(r) == rows.clone().next()) {
                b / 3 * 3 + rows.clone().next()?
            } else if cols.clone().all(|c| Some(c) == cols.clone().next()) {
                9 + b % 3 * 3 + cols.clone().next()?
            } else {
                return None;
            };
            if at[d] & UNIT_BITS[line] & !UNIT_BITS[18 + b] == 0 {
                return None;
            }
            let eliminations = outside(marks, d, line, 18 + b);
            (!eliminations.is_empty()).then(|| {
                let reason = format!(
                    "Pointing {}: in {}, {} is only in {}",
                    size(spots),
                    unit_name(unit(18 + b)),
                    d + 1,
                    unit_name(unit(line))
                );
                Step::eliminating(
                    Technique::Pointing,
                    pattern(18 + b, spots),
                    Digits::single(digit(d)),
                    eliminations,
                    reason,
                )
            })
        })
    })
}

/// A digit whose places in a row or column are all in one box: it leaves
/// the rest of that box.
pub(crate) fn claiming(marks: &Candidates) -> Option<Step> {
    let all = unit_places(marks);
    let at = digit_cells(marks);
    (0..18).find_map(|line| {
        (0..9).find_map(|d| {
            let spots = all[line][d];
            if spots.count_ones() < 2 {
                return None;
            }
            // The third of the line (three places each) holding them all.
            let third = (spots.trailing_zeros() / 3) as usize;
            if spots & !(0b111 << (3 * third)) != 0 {
                return None;
            }
            let index = line % 9;
            let b = if line < 9 {
                index / 3 * 3 + third
            } else {
                third * 3 + index / 3
            };
            if at[d] & UNIT_BITS[18 + b] & !UNIT_BITS[line] == 0 {
                return None;
            }
            let eliminations = outside(marks, d, 18 + b, line);
            (!eliminations.is_empty()).then(|| {
                let reason = format!(
                    "Claiming {}: in {}, {} is only in {}",
                    size(spots),
                    unit_name(unit(line)),
                    d + 1,
                    unit_name(unit(18 + b))
                );
                Step::eliminating(
                    Technique::Claiming,
                    pattern(line, spots),
                    Digits::single(digit(d)),
                    eliminations,
                    reason,
                )
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, c, elims, remove_from};

    #[test]
    fn pointing_pair_clears_the_rest_of_the_row() {
        let mut marks = blank();
        // in box 2, 4 only in r1c5 and r1c6
        remove_from(
            &mut marks,
            4,
            &["r1c4", "r2c4", "r2c5", "r2c6", "r3c4", "r3c5", "r3c6"],
        );
        let step = pointing(&marks).unwrap();
        assert_eq!(step.cells(), [c("r1c5"), c("r1c6")]);
        assert_eq!(
            step.eliminations(),
            elims(&[(4, &["r1c1", "r1c2", "r1c3", "r1c7", "r1c8", "r1c9"])])
        );
        // once applied, nothing is left to point at
        for &(cell, digit) in step.eliminations() {
            marks.remove(cell, digit);
        }
        assert!(pointing(&marks).is_none());
        assert!(pointing(&blank()).is_none());
    }

    #[test]
    fn pointing_sentence_and_column_case() {
        let mut marks = blank();
        // in box 2, 4 only in r1c5 and r2c5 ... and in column 5 elsewhere only r8c5
        remove_from(
            &mut marks,
            4,
            &["r1c4", "r1c6", "r2c4", "r2c6", "r3c4", "r3c5", "r3c6"],
        );
        remove_from(&mut marks, 4, &["r4c5", "r5c5", "r6c5", "r7c5", "r9c5"]);
        let step = pointing(&marks).unwrap();
        assert_eq!(step.eliminations(), elims(&[(4, &["r8c5"])]));
        assert_eq!(
            step.to_string(),
            "Pointing pair: in box 2, 4 is only in column 5, so remove 4 from r8c5"
        );
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let mut marks = blank();
        // in row 1, 4 only in r1c7, r1c8 and r1c9 (box 3)
        remove_from(
            &mut marks,
            4,
            &["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6"],
        );
        // box 3 points the 4s into row 1 first: check claiming on its own
        let step = claiming(&marks).unwrap();
        assert_eq!(step.technique(), Technique::Claiming);
        assert_eq!(
            step.eliminations(),
            elims(&[(4, &["r2c7", "r2c8", "r2c9", "r3c7", "r3c8", "r3c9"])])
        );
        assert_eq!(
            step.to_string(),
            "Claiming triple: in row 1, 4 is only in box 3, so remove 4 from r2c7, r2c8, r2c9, r3c7, r3c8 and r3c9"
        );
        assert!(claiming(&blank()).is_none());
    }

    #[test]
    fn claiming_in_a_column() {
        let mut marks = blank();
        // in column 2, 9 only in r8c2 and r9c2 (box 7)
        remove_from(
            &mut marks,
            9,
            &["r1c2", "r2c2", "r3c2", "r4c2", "r5c2", "r6c2", "r7c2"],
        );
        let step = claiming(&marks).unwrap();
        assert_eq!(
            step.eliminations(),
            elims(&[(9, &["r7c1", "r7c3", "r8c1", "r8c3", "r9c1", "r9c3"])])
        );
    }
}
