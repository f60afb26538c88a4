//! Singles: full house, hidden singles (box, then row and column) and
//! naked singles.

use crate::logic::{
    cell, digit, unit, Candidates, Digits, Step, Technique, Words, SE_UNIT_ORDER, UNITS,
};

fn place(technique: Technique, at: usize, d: usize, sentence: String) -> Step {
    let (c, d) = (cell(at), digit(d));
    Step::new(
        technique,
        vec![c],
        Digits::single(d),
        vec![(c, d)],
        Vec::new(),
        sentence,
    )
}

/// The last blank cell of a unit.
#[inline(never)]
pub(crate) fn full_house(marks: &Candidates, words: Words) -> Option<Step> {
    SE_UNIT_ORDER.iter().find_map(|&u| {
        let mut blanks = UNITS[u]
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| marks.value(c) == 0);
        let at = blanks.next()?;
        if blanks.next().is_some() || marks.mask(at).count_ones() != 1 {
            return None;
        }
        let d = marks.mask(at).trailing_zeros() as usize;
        let sentence = words.write(|| {
            format!(
                "Full house: {} is the last blank cell of {}, so it is {}",
                cell(at),
                unit(u),
                d + 1
            )
        });
        Some(place(Technique::FullHouse, at, d, sentence))
    })
}

fn hidden_single(
    marks: &Candidates,
    units: impl Iterator<Item = usize>,
    technique: Technique,
    words: Words,
) -> Option<Step> {
    units.into_iter().find_map(|u| {
        let all = marks.unit_places()[u];
        (0..9).find_map(|d| {
            let spots = all[d];
            if spots == 0 || spots & (spots - 1) != 0 {
                return None;
            }
            let at = usize::from(UNITS[u][spots.trailing_zeros() as usize]);
            let sentence = words.write(|| {
                format!(
                    "Hidden single: {} can only go in {} within {}",
                    d + 1,
                    cell(at),
                    unit(u)
                )
            });
            Some(place(technique, at, d, sentence))
        })
    })
}

/// A digit with one place left in a box.
#[inline(never)]
pub(crate) fn hidden_single_box(marks: &Candidates, words: Words) -> Option<Step> {
    hidden_single(marks, 18..27, Technique::HiddenSingleBox, words)
}

/// A digit with one place left in a column, then in a row (Sudoku
/// Explainer's order).
#[inline(never)]
pub(crate) fn hidden_single_line(marks: &Candidates, words: Words) -> Option<Step> {
    hidden_single(
        marks,
        (9..18).chain(0..9),
        Technique::HiddenSingleLine,
        words,
    )
}

/// A cell with one candidate left.
#[inline(never)]
pub(crate) fn naked_single(marks: &Candidates, words: Words) -> Option<Step> {
    (0..81).find_map(|at| {
        let mask = marks.mask(at);
        (mask != 0 && mask & (mask - 1) == 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            let sentence =
                words.write(|| format!("Naked single: {} can only be {}", cell(at), d + 1));
            place(Technique::NakedSingle, at, d, sentence)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{c, d, marks_of, restrict};

    /// Row 1 missing only its last digit.
    const ROW_FULL: &str =
        "12345678.........................................................................";

    #[test]
    fn full_house_fills_the_last_blank_of_a_unit() {
        let marks = marks_of(ROW_FULL);
        let step = full_house(&marks, Words::Written).unwrap();
        assert_eq!(step.placements(), [(c("1i"), d(9))]);
        assert_eq!(
            step.to_string(),
            "Full house: 1i is the last blank cell of row 1, so it is 9"
        );
        assert!(full_house(&marks_of(&".".repeat(81)), Words::Written).is_none());
    }

    #[test]
    fn hidden_single_in_a_box() {
        // 7s in rows 4 and 6 and columns a and b leave 5c for box 4.
        let grid = format!(
            "{}{}{}{}{}{}",
            ".".repeat(27),
            "...7.....",
            ".........",
            ".....7...",
            "7........",
            ".7.......".to_string() + &".".repeat(9)
        );
        let marks = marks_of(&grid);
        let step = hidden_single_box(&marks, Words::Written).unwrap();
        assert_eq!(step.placements(), [(c("5c"), d(7))]);
        assert_eq!(
            step.to_string(),
            "Hidden single: 7 can only go in 5c within box 4"
        );
        assert!(hidden_single_box(&marks_of(&".".repeat(81)), Words::Written).is_none());
    }

    #[test]
    fn hidden_single_in_a_line() {
        let mut marks = marks_of(&".".repeat(81));
        for col in 1..9 {
            marks.remove(crate::logic::cell(4 * 9 + col), d(7));
        }
        // box singles come first but there is none
        assert!(hidden_single_box(&marks, Words::Written).is_none());
        let step = hidden_single_line(&marks, Words::Written).unwrap();
        assert_eq!(step.placements(), [(c("5a"), d(7))]);
        assert_eq!(step.technique(), Technique::HiddenSingleLine);
        assert_eq!(
            step.to_string(),
            "Hidden single: 7 can only go in 5a within row 5"
        );
        assert!(hidden_single_line(&marks_of(&".".repeat(81)), Words::Written).is_none());
    }

    #[test]
    fn naked_single_is_a_cell_with_one_candidate() {
        let mut marks = marks_of(&".".repeat(81));
        assert!(naked_single(&marks, Words::Written).is_none());
        restrict(&mut marks, "3d", "6");
        let step = naked_single(&marks, Words::Written).unwrap();
        assert_eq!(step.placements(), [(c("3d"), d(6))]);
        assert!(step.eliminations().is_empty());
        assert_eq!(step.to_string(), "Naked single: 3d can only be 6");
    }
}
