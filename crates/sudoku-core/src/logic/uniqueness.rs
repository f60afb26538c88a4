//! Uniqueness: unique rectangle type 1. It assumes the puzzle has exactly
//! one solution.

use crate::logic::step::{cells_text, digits_text, rc_name};
use crate::logic::{cell, digit, Candidates, Digits, Step, Technique};

/// Four blank cells at the corners of a rectangle over two rows, two
/// columns and two boxes, three of them holding only {x, y}: the fourth
/// cannot be x or y, or the two digits could swap and the puzzle would have
/// two solutions.
pub(crate) fn unique_rectangle(marks: &Candidates) -> Option<Step> {
    (0..9).find_map(|r1| {
        (r1 + 1..9).find_map(|r2| {
            (0..9).find_map(|c1| {
                (c1 + 1..9).find_map(|c2| {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        return None; // one box or four boxes
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    type1(marks, corners)
                })
            })
        })
    })
}

fn type1(marks: &Candidates, corners: [usize; 4]) -> Option<Step> {
    let masks = corners.map(|c| marks.mask(c));
    let odd = (0..4).find(|&i| masks[i].count_ones() > 2)?;
    let pair = masks[(odd + 1) % 4];
    let pure = (0..4).filter(|&i| i != odd).all(|i| masks[i] == pair);
    if !pure || pair.count_ones() != 2 || masks[odd] & pair != pair {
        return None;
    }
    let target = corners[odd];
    let eliminations = (0..9)
        .filter(|d| pair & 1 << d != 0)
        .map(|d| (cell(target), digit(d)))
        .collect();
    let others: Vec<_> = (0..4)
        .filter(|&i| i != odd)
        .map(|i| cell(corners[i]))
        .collect();
    let digits = Digits::from_bits(pair);
    let reason = format!(
        "Unique rectangle type 1: {} all hold only {}; if {} were {} too, the two digits \
         could swap and the puzzle would have two solutions",
        cells_text(&others),
        digits_text(digits, "and"),
        rc_name(cell(target)),
        digits_text(digits, "or"),
    );
    Some(Step::eliminating(
        Technique::UniqueRectangle,
        corners.map(cell).to_vec(),
        digits,
        eliminations,
        reason,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, elims, marks_of, restrict};

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        let mut marks = blank();
        for name in ["r1c1", "r1c4", "r3c1"] {
            restrict(&mut marks, name, "27");
        }
        restrict(&mut marks, "r3c4", "1279");
        let step = unique_rectangle(&marks).unwrap();
        assert_eq!(
            step.eliminations(),
            elims(&[(2, &["r3c4"]), (7, &["r3c4"])])
        );
        assert_eq!(
            step.to_string(),
            "Unique rectangle type 1: r1c1, r1c4 and r3c1 all hold only 2 and 7; if r3c4 were 2 or 7 too, \
             the two digits could swap and the puzzle would have two solutions, so remove 2 and 7 from r3c4"
        );
        assert!(step.technique().assumes_uniqueness());
    }

    #[test]
    fn no_rectangle_inside_one_box_or_across_four() {
        let mut one_box = blank();
        for name in ["r1c1", "r1c2", "r2c1"] {
            restrict(&mut one_box, name, "27");
        }
        assert!(unique_rectangle(&one_box).is_none());
        let mut four_boxes = blank();
        for name in ["r1c1", "r1c4", "r4c1"] {
            restrict(&mut four_boxes, name, "27");
        }
        assert!(unique_rectangle(&four_boxes).is_none());
        // a filled corner is no rectangle either
        let mut filled = marks_of(&format!("{}{}", "...5", ".".repeat(77)));
        for name in ["r1c1", "r3c1", "r3c4"] {
            restrict(&mut filled, name, "27");
        }
        assert!(unique_rectangle(&filled).is_none());
    }
}
