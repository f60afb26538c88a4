//! Naked and hidden subsets: pairs, triples and quads.

use crate::logic::step::{cells_text, digits_text, unit_name};
use crate::logic::{
    cell, digit, first_locked_set, unit, unit_places, Candidates, Digits, Step, Technique,
    SE_UNIT_ORDER, UNITS,
};
use crate::pos::{Cell, Digit};

fn technique(naked: bool, n: usize) -> (Technique, &'static str) {
    match (naked, n) {
        (true, 2) => (Technique::NakedPair, "Naked pair"),
        (true, 3) => (Technique::NakedTriple, "Naked triple"),
        (true, _) => (Technique::NakedQuad, "Naked quad"),
        (false, 2) => (Technique::HiddenPair, "Hidden pair"),
        (false, 3) => (Technique::HiddenTriple, "Hidden triple"),
        (false, _) => (Technique::HiddenQuad, "Hidden quad"),
    }
}

/// `n` cells of a unit whose candidates are `n` digits between them: those
/// digits leave the unit's other cells.
pub(crate) fn naked(marks: &Candidates, n: usize) -> Option<Step> {
    SE_UNIT_ORDER.iter().find_map(|&u| {
        let masks: [u16; 9] = std::array::from_fn(|i| marks.mask(usize::from(UNITS[u][i])));
        first_locked_set(&masks, n, |pick: &[usize], union| {
            // Nothing to remove unless another cell holds one of the digits.
            let outside = (0..9)
                .filter(|i| !pick.contains(i))
                .fold(0u16, |m, i| m | masks[i]);
            if outside & union == 0 {
                return None;
            }
            let chosen: Vec<usize> = pick.iter().map(|&i| usize::from(UNITS[u][i])).collect();
            let others = UNITS[u]
                .iter()
                .map(|&c| usize::from(c))
                .filter(|c| !chosen.contains(c));
            let eliminations = candidates_in(marks, others, union);
            if eliminations.is_empty() {
                return None;
            }
            let (technique, title) = technique(true, n);
            let pattern: Vec<Cell> = chosen.iter().map(|&c| cell(c)).collect();
            let digits = Digits::from_bits(union);
            let reason = format!(
                "{title}: {} hold only {} within {}",
                cells_text(&pattern),
                digits_text(digits, "and"),
                unit_name(unit(u))
            );
            Some(Step::eliminating(
                technique,
                pattern,
                digits,
                eliminations,
                reason,
            ))
        })
    })
}

/// `n` digits of a unit whose places are `n` cells between them: those
/// cells lose their other candidates.
pub(crate) fn hidden(marks: &Candidates, n: usize) -> Option<Step> {
    let all = unit_places(marks);
    SE_UNIT_ORDER.iter().find_map(|&u| {
        first_locked_set(&all[u], n, |pick: &[usize], union| {
            let kept = pick.iter().fold(0u16, |m, &d| m | 1 << d);
            // Nothing to remove unless one of the cells holds another digit.
            let mut inside = 0u16;
            for (i, &c) in UNITS[u].iter().enumerate() {
                if union & 1 << i != 0 {
                    inside |= marks.mask(usize::from(c));
                }
            }
            if inside & !kept == 0 {
                return None;
            }
            let chosen: Vec<usize> = (0..9)
                .filter(|i| union & 1 << i != 0)
                .map(|i| usize::from(UNITS[u][i]))
                .collect();
            let eliminations = candidates_in(marks, chosen.iter().copied(), !kept);
            if eliminations.is_empty() {
                return None;
            }
            let (technique, title) = technique(false, n);
            let pattern: Vec<Cell> = chosen.iter().map(|&c| cell(c)).collect();
            let digits = Digits::from_bits(kept);
            let reason = format!(
                "{title}: {} can only go in {} within {}",
                digits_text(digits, "and"),
                cells_text(&pattern),
                unit_name(unit(u))
            );
            Some(Step::eliminating(
                technique,
                pattern,
                digits,
                eliminations,
                reason,
            ))
        })
    })
}

/// The candidates among the digits of `digits` (bit `d` for digit
/// `d + 1`) of the cells `cells`, as cell-digit pairs.
fn candidates_in(
    marks: &Candidates,
    cells: impl Iterator<Item = usize>,
    digits: u16,
) -> Vec<(Cell, Digit)> {
    cells
        .flat_map(|c| {
            (0..9)
                .filter(move |d| marks.mask(c) & digits & 1 << d != 0)
                .map(move |d| (cell(c), digit(d)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, c, elims, remove_from, restrict};

    #[test]
    fn naked_pair_in_a_row() {
        let mut marks = blank();
        restrict(&mut marks, "r1c2", "37");
        restrict(&mut marks, "r1c5", "37");
        let step = naked(&marks, 2).unwrap();
        assert_eq!(step.technique(), Technique::NakedPair);
        assert_eq!(step.cells(), [c("r1c2"), c("r1c5")]);
        let others = ["r1c1", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"];
        assert_eq!(step.eliminations(), elims(&[(3, &others), (7, &others)]));
        assert!(step.to_string().starts_with(
            "Naked pair: r1c2 and r1c5 hold only 3 and 7 within row 1, so remove 3 and 7 from r1c1, "
        ));
        assert!(naked(&blank(), 2).is_none());
    }

    #[test]
    fn naked_pair_needs_the_same_two_digits() {
        let mut marks = blank();
        restrict(&mut marks, "r1c2", "37");
        restrict(&mut marks, "r1c5", "38");
        assert!(naked(&marks, 2).is_none());
    }

    #[test]
    fn naked_triple_with_partial_cells() {
        let mut marks = blank();
        restrict(&mut marks, "r2c1", "12");
        restrict(&mut marks, "r2c4", "23");
        restrict(&mut marks, "r2c9", "13");
        assert!(naked(&marks, 2).is_none());
        let step = naked(&marks, 3).unwrap();
        assert_eq!(step.technique(), Technique::NakedTriple);
        let others = ["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8"];
        assert_eq!(
            step.eliminations(),
            elims(&[(1, &others), (2, &others), (3, &others)])
        );
    }

    #[test]
    fn naked_quad_in_a_box() {
        let mut marks = blank();
        for (name, ds) in [
            ("r7c7", "12"),
            ("r7c8", "34"),
            ("r8c7", "13"),
            ("r9c9", "24"),
        ] {
            restrict(&mut marks, name, ds);
        }
        assert!(naked(&marks, 3).is_none());
        let step = naked(&marks, 4).unwrap();
        assert_eq!(step.technique(), Technique::NakedQuad);
        assert_eq!(step.cells(), [c("r7c7"), c("r7c8"), c("r8c7"), c("r9c9")]);
        let others = ["r7c9", "r8c8", "r8c9", "r9c7", "r9c8"];
        assert_eq!(
            step.eliminations(),
            elims(&[(1, &others), (2, &others), (3, &others), (4, &others)])
        );
    }

    #[test]
    fn hidden_pair_in_a_column() {
        let mut marks = blank();
        let rest = ["r1c4", "r2c4", "r3c4", "r5c4", "r6c4", "r7c4", "r9c4"];
        remove_from(&mut marks, 5, &rest);
        remove_from(&mut marks, 8, &rest);
        let step = hidden(&marks, 2).unwrap();
        assert_eq!(step.technique(), Technique::HiddenPair);
        assert_eq!(step.cells(), [c("r4c4"), c("r8c4")]);
        let pair = ["r4c4", "r8c4"];
        assert_eq!(
            step.eliminations(),
            elims(&[
                (1, &pair),
                (2, &pair),
                (3, &pair),
                (4, &pair),
                (6, &pair),
                (7, &pair),
                (9, &pair)
            ])
        );
        assert!(step.to_string().starts_with(
            "Hidden pair: 5 and 8 can only go in r4c4 and r8c4 within column 4, so remove"
        ));
        assert!(hidden(&blank(), 2).is_none());
    }

    #[test]
    fn hidden_pair_that_is_already_naked_removes_nothing() {
        let mut marks = blank();
        let rest = ["r1c4", "r2c4", "r3c4", "r5c4", "r6c4", "r7c4", "r9c4"];
        remove_from(&mut marks, 5, &rest);
        remove_from(&mut marks, 8, &rest);
        restrict(&mut marks, "r4c4", "58");
        restrict(&mut marks, "r8c4", "58");
        assert!(hidden(&marks, 2).is_none());
    }

    #[test]
    fn hidden_triple_and_quad() {
        let mut marks = blank();
        let rest = ["r5c1", "r5c2", "r5c3", "r5c4", "r5c5", "r5c6"];
        for digit in [1, 2, 3] {
            remove_from(&mut marks, digit, &rest);
        }
        assert!(hidden(&marks, 2).is_none());
        let step = hidden(&marks, 3).unwrap();
        assert_eq!(step.cells(), [c("r5c7"), c("r5c8"), c("r5c9")]);
        assert_eq!(step.eliminations().len(), 18);
        assert!(step.eliminations().iter().all(|&(_, d)| d.get() > 3));

        let mut marks = blank();
        let rest = ["r5c1", "r5c2", "r5c3", "r5c4", "r5c5"];
        for digit in [1, 2, 3, 4] {
            remove_from(&mut marks, digit, &rest);
        }
        assert!(hidden(&marks, 3).is_none());
        let step = hidden(&marks, 4).unwrap();
        assert_eq!(step.technique(), Technique::HiddenQuad);
        assert_eq!(step.eliminations().len(), 20);
    }
}
