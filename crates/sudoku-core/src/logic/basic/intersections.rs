//! Locked candidates: pointing (a box confines a digit to one line) and
//! claiming (a line confines a digit to one box).

use crate::logic::{
    cell, digit, unit, Candidates, Digits, Step, Technique, Words, UNITS, UNIT_BITS,
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
#[inline(never)]
pub(crate) fn pointing(marks: &Candidates, words: Words) -> Option<Step> {
    let all = marks.unit_places();
    let at = marks.digit_cells();
    (0..9).find_map(|b| {
        (0..9).find_map(|d| {
            let spots = all[18 + b][d];
            if spots & spots.wrapping_sub(1) == 0 {
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
                let reason = || {
                    format!(
                        "Pointing {}: in {}, {} is only in {}",
                        size(spots),
                        unit(18 + b),
                        d + 1,
                        unit(line)
                    )
                };
                Step::eliminating(
                    words,
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
#[inline(never)]
pub(crate) fn claiming(marks: &Candidates, words: Words) -> Option<Step> {
    let all = marks.unit_places();
    let at = marks.digit_cells();
    (0..18).find_map(|line| {
        (0..9).find_map(|d| {
            let spots = all[line][d];
            if spots & spots.wrapping_sub(1) == 0 {
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
                let reason = || {
                    format!(
                        "Claiming {}: in {}, {} is only in {}",
                        size(spots),
                        unit(line),
                        d + 1,
                        unit(18 + b)
                    )
                };
                Step::eliminating(
                    words,
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
        // in box 2, 4 only in 1e and 1f
        remove_from(&mut marks, 4, &["1d", "2d", "2e", "2f", "3d", "3e", "3f"]);
        let step = pointing(&marks, Words::Written).unwrap();
        assert_eq!(step.cells(), [c("1e"), c("1f")]);
        assert_eq!(
            step.eliminations(),
            elims(&[(4, &["1a", "1b", "1c", "1g", "1h", "1i"])])
        );
        // once applied, nothing is left to point at
        for &(cell, digit) in step.eliminations() {
            marks.remove(cell, digit);
        }
        assert!(pointing(&marks, Words::Written).is_none());
        assert!(pointing(&blank(), Words::Written).is_none());
    }

    #[test]
    fn pointing_sentence_and_column_case() {
        let mut marks = blank();
        // in box 2, 4 only in 1e and 2e ... and in column e elsewhere only 8e
        remove_from(&mut marks, 4, &["1d", "1f", "2d", "2f", "3d", "3e", "3f"]);
        remove_from(&mut marks, 4, &["4e", "5e", "6e", "7e", "9e"]);
        let step = pointing(&marks, Words::Written).unwrap();
        assert_eq!(step.eliminations(), elims(&[(4, &["8e"])]));
        assert_eq!(
            step.to_string(),
            "Pointing pair: in box 2, 4 is only in column e, so remove 4 from 8e"
        );
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let mut marks = blank();
        // in row 1, 4 only in 1g, 1h and 1i (box 3)
        remove_from(&mut marks, 4, &["1a", "1b", "1c", "1d", "1e", "1f"]);
        // box 3 points the 4s into row 1 first: check claiming on its own
        let step = claiming(&marks, Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::Claiming);
        assert_eq!(
            step.eliminations(),
            elims(&[(4, &["2g", "2h", "2i", "3g", "3h", "3i"])])
        );
        assert_eq!(
            step.to_string(),
            "Claiming triple: in row 1, 4 is only in box 3, so remove 4 from 2g, 2h, 2i, 3g, 3h and 3i"
        );
        assert!(claiming(&blank(), Words::Written).is_none());
    }

    #[test]
    fn claiming_in_a_column() {
        let mut marks = blank();
        // in column b, 9 only in 8b and 9b (box 7)
        remove_from(&mut marks, 9, &["1b", "2b", "3b", "4b", "5b", "6b", "7b"]);
        let step = claiming(&marks, Words::Written).unwrap();
        assert_eq!(
            step.eliminations(),
            elims(&[(9, &["7a", "7c", "8a", "8c", "9a", "9c"])])
        );
    }
}
