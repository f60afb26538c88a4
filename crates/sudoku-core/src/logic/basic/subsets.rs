//! Naked and hidden subsets: pairs, triples and quads.

use super::Memo;
use crate::logic::step::{cells_text, digits_text};
use crate::logic::{
    cell, digit, first_locked_set, unit, Candidates, Digits, Step, Technique, Words, SE_UNIT_ORDER,
    UNITS, UNIT_BITS,
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
/// digits leave the unit's other cells. Units where nothing changed since
/// `memo`'s position are skipped (see [`Memo`]).
#[inline(never)]
pub(crate) fn naked(marks: &Candidates, n: usize, memo: &mut Memo, words: Words) -> Option<Step> {
    in_changed_units(marks, memo, |u| naked_in(marks, n, u, words))
}

/// The first step `find` gives in a unit, in SE's order, among the units
/// where a cell changed since `memo`'s position.
fn in_changed_units(
    marks: &Candidates,
    memo: &mut Memo,
    find: impl Fn(usize) -> Option<Step>,
) -> Option<Step> {
    memo.run(marks, |changes| {
        SE_UNIT_ORDER
            .iter()
            .filter(|&&u| UNIT_BITS[u] & changes.cells != 0)
            .find_map(|&u| find(u))
    })
}

/// [`naked`] in unit `u`.
fn naked_in(marks: &Candidates, n: usize, u: usize, words: Words) -> Option<Step> {
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
        let reason = || {
            let pattern: Vec<Cell> = chosen.iter().map(|&c| cell(c)).collect();
            format!(
                "{title}: {} hold only {} within {}",
                cells_text(&pattern),
                digits_text(digits, "and"),
                unit(u)
            )
        };
        Some(Step::eliminating(
            words,
            technique,
            pattern,
            digits,
            eliminations,
            reason,
        ))
    })
}

/// `n` digits of a unit whose places are `n` cells between them: those
/// cells lose their other candidates. Units where nothing changed since
/// `memo`'s position are skipped (see [`Memo`]).
#[inline(never)]
pub(crate) fn hidden(marks: &Candidates, n: usize, memo: &mut Memo, words: Words) -> Option<Step> {
    in_changed_units(marks, memo, |u| hidden_in(marks, n, u, words))
}

/// [`hidden`] in unit `u`.
fn hidden_in(marks: &Candidates, n: usize, u: usize, words: Words) -> Option<Step> {
    let pos = marks.unit_places()[u];
    first_locked_set(&pos, n, |pick: &[usize], union| {
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
        let reason = || {
            let pattern: Vec<Cell> = chosen.iter().map(|&c| cell(c)).collect();
            format!(
                "{title}: {} can only go in {} within {}",
                digits_text(digits, "and"),
                cells_text(&pattern),
                unit(u)
            )
        };
        Some(Step::eliminating(
            words,
            technique,
            pattern,
            digits,
            eliminations,
            reason,
        ))
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
        restrict(&mut marks, "1b", "37");
        restrict(&mut marks, "1e", "37");
        let step = naked(&marks, 2, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::NakedPair);
        assert_eq!(step.cells(), [c("1b"), c("1e")]);
        let others = ["1a", "1c", "1d", "1f", "1g", "1h", "1i"];
        assert_eq!(step.eliminations(), elims(&[(3, &others), (7, &others)]));
        assert!(step.to_string().starts_with(
            "Naked pair: 1b and 1e hold only 3 and 7 within row 1, so remove 3 and 7 from 1a, "
        ));
        assert!(naked(&blank(), 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn naked_pair_needs_the_same_two_digits() {
        let mut marks = blank();
        restrict(&mut marks, "1b", "37");
        restrict(&mut marks, "1e", "38");
        assert!(naked(&marks, 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn naked_triple_with_partial_cells() {
        let mut marks = blank();
        restrict(&mut marks, "2a", "12");
        restrict(&mut marks, "2d", "23");
        restrict(&mut marks, "2i", "13");
        assert!(naked(&marks, 2, &mut Memo::default(), Words::Written).is_none());
        let step = naked(&marks, 3, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::NakedTriple);
        let others = ["2b", "2c", "2e", "2f", "2g", "2h"];
        assert_eq!(
            step.eliminations(),
            elims(&[(1, &others), (2, &others), (3, &others)])
        );
    }

    #[test]
    fn naked_quad_in_a_box() {
        let mut marks = blank();
        for (name, ds) in [("7g", "12"), ("7h", "34"), ("8g", "13"), ("9i", "24")] {
            restrict(&mut marks, name, ds);
        }
        assert!(naked(&marks, 3, &mut Memo::default(), Words::Written).is_none());
        let step = naked(&marks, 4, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::NakedQuad);
        assert_eq!(step.cells(), [c("7g"), c("7h"), c("8g"), c("9i")]);
        let others = ["7i", "8h", "8i", "9g", "9h"];
        assert_eq!(
            step.eliminations(),
            elims(&[(1, &others), (2, &others), (3, &others), (4, &others)])
        );
    }

    #[test]
    fn hidden_pair_in_a_column() {
        let mut marks = blank();
        let rest = ["1d", "2d", "3d", "5d", "6d", "7d", "9d"];
        remove_from(&mut marks, 5, &rest);
        remove_from(&mut marks, 8, &rest);
        let step = hidden(&marks, 2, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::HiddenPair);
        assert_eq!(step.cells(), [c("4d"), c("8d")]);
        let pair = ["4d", "8d"];
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
            "Hidden pair: 5 and 8 can only go in 4d and 8d within column d, so remove"
        ));
        assert!(hidden(&blank(), 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn hidden_pair_that_is_already_naked_removes_nothing() {
        let mut marks = blank();
        let rest = ["1d", "2d", "3d", "5d", "6d", "7d", "9d"];
        remove_from(&mut marks, 5, &rest);
        remove_from(&mut marks, 8, &rest);
        restrict(&mut marks, "4d", "58");
        restrict(&mut marks, "8d", "58");
        assert!(hidden(&marks, 2, &mut Memo::default(), Words::Written).is_none());
    }

    #[test]
    fn hidden_triple_and_quad() {
        let mut marks = blank();
        let rest = ["5a", "5b", "5c", "5d", "5e", "5f"];
        for digit in [1, 2, 3] {
            remove_from(&mut marks, digit, &rest);
        }
        assert!(hidden(&marks, 2, &mut Memo::default(), Words::Written).is_none());
        let step = hidden(&marks, 3, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.cells(), [c("5g"), c("5h"), c("5i")]);
        assert_eq!(step.eliminations().len(), 18);
        assert!(step.eliminations().iter().all(|&(_, d)| d.get() > 3));

        let mut marks = blank();
        let rest = ["5a", "5b", "5c", "5d", "5e"];
        for digit in [1, 2, 3, 4] {
            remove_from(&mut marks, digit, &rest);
        }
        assert!(hidden(&marks, 3, &mut Memo::default(), Words::Written).is_none());
        let step = hidden(&marks, 4, &mut Memo::default(), Words::Written).unwrap();
        assert_eq!(step.technique(), Technique::HiddenQuad);
        assert_eq!(step.eliminations().len(), 20);
    }
}
