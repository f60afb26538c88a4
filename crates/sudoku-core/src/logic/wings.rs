//! Wings: XY-wing, XYZ-wing and W-wing.

use crate::logic::step::{digits_text, rc_name};
use crate::logic::{cell, digit, sees, Candidates, Digits, Step, Technique, PEERS};
use crate::pos::{Cell, Digit};

/// The candidates `bit` of every cell (other than `not`) that sees all of
/// `cells`.
fn seen_by_all(marks: &Candidates, cells: &[usize], bit: u16) -> Vec<(Cell, Digit)> {
    let d = bit.trailing_zeros() as usize;
    (0..81)
        .filter(|&c| marks.mask(c) & bit != 0 && cells.iter().all(|&p| sees(c, p)))
        .map(|c| (cell(c), digit(d)))
        .collect()
}

/// `r1c4 (3 or 7)`.
fn with_digits(marks: &Candidates, c: usize) -> String {
    format!(
        "{} ({})",
        rc_name(cell(c)),
        digits_text(Digits::from_bits(marks.mask(c)), "or")
    )
}

/// A pivot with candidates {x, y} and two wings it sees, {x, z} and
/// {y, z}: whichever the pivot is, one wing is z, so z leaves every cell
/// that sees both wings.
pub(crate) fn xy_wing(marks: &Candidates) -> Option<Step> {
    (0..81).find_map(|pivot| {
        let pm = marks.mask(pivot);
        if pm.count_ones() != 2 {
            return None;
        }
        let bivalue_peers = PEERS[pivot]
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&p| marks.mask(p).count_ones() == 2);
        bivalue_peers.clone().find_map(|a| {
            let am = marks.mask(a);
            if (am & pm).count_ones() != 1 {
                return None;
            }
            let z = am & !pm;
            let x = am & pm;
            let bm = (pm & !x) | z;
            bivalue_peers
                .clone()
                .filter(|&b| b > a && marks.mask(b) == bm)
                .find_map(|b| {
                    let eliminations = seen_by_all(marks, &[a, b], z);
                    if eliminations.is_empty() {
                        return None;
                    }
                    let zd = Digits::from_bits(z);
                    let reason = format!(
                        "XY-wing: pivot {} and wings {} and {} make one wing {}",
                        with_digits(marks, pivot),
                        with_digits(marks, a),
                        with_digits(marks, b),
                        zd
                    );
                    Some(Step::eliminating(
                        Technique::XyWing,
                        vec![cell(pivot), cell(a), cell(b)],
                        Digits::from_bits(pm | z),
                        eliminations,
                        reason,
                    ))
                })
        })
    })
}

/// A pivot with candidates {x, y, z} and two wings it sees, {x, z} and
/// {y, z}: one of the three is z, so z leaves every cell that sees all
/// three.
pub(crate) fn xyz_wing(marks: &Candidates) -> Option<Step> {
    (0..81).find_map(|pivot| {
        let pm = marks.mask(pivot);
        if pm.count_ones() != 3 {
            return None;
        }
        let wings = PEERS[pivot]
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&p| marks.mask(p).count_ones() == 2 && marks.mask(p) & !pm == 0);
        wings.clone().find_map(|a| {
            let am = marks.mask(a);
            wings
                .clone()
                .filter(|&b| b > a && marks.mask(b) != am)
                .find_map(|b| {
                    let z = am & marks.mask(b);
                    let eliminations = seen_by_all(marks, &[pivot, a, b], z);
                    if eliminations.is_empty() {
                        return None;
                    }
                    let reason = format!(
                        "XYZ-wing: pivot {} and wings {} and {} make one of them {}",
                        with_digits(marks, pivot),
                        with_digits(marks, a),
                        with_digits(marks, b),
                        Digits::from_bits(z)
                    );
                    Some(Step::eliminating(
                        Technique::XyzWing,
                        vec![cell(pivot), cell(a), cell(b)],
                        Digits::from_bits(pm),
                        eliminations,
                        reason,
                    ))
                })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, c, elims, restrict};

    #[test]
    fn xy_wing_removes_z_where_both_wings_see() {
        let mut marks = blank();
        restrict(&mut marks, "r1c1", "35");
        restrict(&mut marks, "r1c4", "37");
        restrict(&mut marks, "r2c2", "57");
        let step = xy_wing(&marks).unwrap();
        assert_eq!(step.cells(), [c("r1c1"), c("r1c4"), c("r2c2")]);
        // cells seeing r1c4 and r2c2: r1c2, r1c3 (row 1 + box 1), r2c4, r2c5, r2c6 (row 2 + box 2)
        assert_eq!(
            step.eliminations(),
            elims(&[(7, &["r1c2", "r1c3", "r2c4", "r2c5", "r2c6"])])
        );
        assert_eq!(
            step.to_string(),
            "XY-wing: pivot r1c1 (3 or 5) and wings r1c4 (3 or 7) and r2c2 (5 or 7) make one wing 7, \
             so remove 7 from r1c2, r1c3, r2c4, r2c5 and r2c6"
        );
        assert!(xy_wing(&blank()).is_none());
    }

    #[test]
    fn xy_wing_needs_a_common_third_digit() {
        let mut marks = blank();
        restrict(&mut marks, "r1c1", "35");
        restrict(&mut marks, "r1c4", "37");
        restrict(&mut marks, "r2c2", "58");
        assert!(xy_wing(&marks).is_none());
    }

    #[test]
    fn xyz_wing_removes_z_where_all_three_see() {
        let mut marks = blank();
        restrict(&mut marks, "r1c1", "135");
        restrict(&mut marks, "r1c4", "15");
        restrict(&mut marks, "r2c2", "35");
        let step = xyz_wing(&marks).unwrap();
        // cells seeing r1c1, r1c4 and r2c2: r1c2 and r1c3
        assert_eq!(step.eliminations(), elims(&[(5, &["r1c2", "r1c3"])]));
        assert!(step.to_string().starts_with(
            "XYZ-wing: pivot r1c1 (1, 3 or 5) and wings r1c4 (1 or 5) and r2c2 (3 or 5) make one of them 5"
        ));
        let mut not_a_wing = blank();
        restrict(&mut not_a_wing, "r1c1", "135");
        restrict(&mut not_a_wing, "r1c4", "15");
        restrict(&mut not_a_wing, "r2c2", "36");
        assert!(xyz_wing(&not_a_wing).is_none());
    }
}
