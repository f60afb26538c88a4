//! Wings: XY-wing, XYZ-wing and W-wing.

use crate::logic::step::digits_text;
use crate::logic::{
    cell, count9, digit, Candidates, Digits, Step, Technique, Words, PEERS, PEER_BITS,
};
use crate::pos::{Cell, Digit};

/// The candidates `bit` of every cell that sees all of `cells` (none of
/// `cells` itself: a cell does not see itself).
fn seen_by_all(marks: &Candidates, cells: &[usize], bit: u16) -> Vec<(Cell, Digit)> {
    let d = bit.trailing_zeros() as usize;
    let mut seen = cells
        .iter()
        .fold((1u128 << 81) - 1, |s, &p| s & PEER_BITS[p]);
    let mut out = Vec::new();
    while seen != 0 {
        let c = seen.trailing_zeros() as usize;
        seen &= seen - 1;
        if marks.mask(c) & bit != 0 {
            out.push((cell(c), digit(d)));
        }
    }
    out
}

/// `1d (3 or 7)`.
fn with_digits(marks: &Candidates, c: usize) -> String {
    format!(
        "{} ({})",
        cell(c),
        digits_text(Digits::from_bits(marks.mask(c)), "or")
    )
}

/// A pivot with candidates {x, y} and two wings it sees, {x, z} and
/// {y, z}: whichever the pivot is, one wing is z, so z leaves every cell
/// that sees both wings.
#[inline(never)]
pub(crate) fn xy_wing(marks: &Candidates, words: Words) -> Option<Step> {
    (0..81).find_map(|pivot| {
        let pm = marks.mask(pivot);
        if count9(pm) != 2 {
            return None;
        }
        let bivalue_peers = PEERS[pivot]
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&p| count9(marks.mask(p)) == 2);
        bivalue_peers.clone().find_map(|a| {
            let am = marks.mask(a);
            if count9(am & pm) != 1 {
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
                    let reason = || {
                        format!(
                            "XY-wing: pivot {} and wings {} and {} make one wing {}",
                            with_digits(marks, pivot),
                            with_digits(marks, a),
                            with_digits(marks, b),
                            zd
                        )
                    };
                    Some(Step::eliminating(
                        words,
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
#[inline(never)]
pub(crate) fn xyz_wing(marks: &Candidates, words: Words) -> Option<Step> {
    (0..81).find_map(|pivot| {
        let pm = marks.mask(pivot);
        if count9(pm) != 3 {
            return None;
        }
        let wings = PEERS[pivot]
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&p| count9(marks.mask(p)) == 2 && marks.mask(p) & !pm == 0);
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
                    let reason = || {
                        format!(
                            "XYZ-wing: pivot {} and wings {} and {} make one of them {}",
                            with_digits(marks, pivot),
                            with_digits(marks, a),
                            with_digits(marks, b),
                            Digits::from_bits(z)
                        )
                    };
                    Some(Step::eliminating(
                        words,
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
        restrict(&mut marks, "1a", "35");
        restrict(&mut marks, "1d", "37");
        restrict(&mut marks, "2b", "57");
        let step = xy_wing(&marks, Words::Written).unwrap();
        assert_eq!(step.cells(), [c("1a"), c("1d"), c("2b")]);
        // cells seeing 1d and 2b: 1b, 1c (row 1 + box 1), 2d, 2e, 2f (row 2 + box 2)
        assert_eq!(
            step.eliminations(),
            elims(&[(7, &["1b", "1c", "2d", "2e", "2f"])])
        );
        assert_eq!(
            step.to_string(),
            "XY-wing: pivot 1a (3 or 5) and wings 1d (3 or 7) and 2b (5 or 7) make one wing 7, \
             so remove 7 from 1b, 1c, 2d, 2e and 2f"
        );
        assert!(xy_wing(&blank(), Words::Written).is_none());
    }

    #[test]
    fn xy_wing_needs_a_common_third_digit() {
        let mut marks = blank();
        restrict(&mut marks, "1a", "35");
        restrict(&mut marks, "1d", "37");
        restrict(&mut marks, "2b", "58");
        assert!(xy_wing(&marks, Words::Written).is_none());
    }

    #[test]
    fn xyz_wing_removes_z_where_all_three_see() {
        let mut marks = blank();
        restrict(&mut marks, "1a", "135");
        restrict(&mut marks, "1d", "15");
        restrict(&mut marks, "2b", "35");
        let step = xyz_wing(&marks, Words::Written).unwrap();
        // cells seeing 1a, 1d and 2b: 1b and 1c
        assert_eq!(step.eliminations(), elims(&[(5, &["1b", "1c"])]));
        assert!(step.to_string().starts_with(
            "XYZ-wing: pivot 1a (1, 3 or 5) and wings 1d (1 or 5) and 2b (3 or 5) make one of them 5"
        ));
        let mut not_a_wing = blank();
        restrict(&mut not_a_wing, "1a", "135");
        restrict(&mut not_a_wing, "1d", "15");
        restrict(&mut not_a_wing, "2b", "36");
        assert!(xyz_wing(&not_a_wing, Words::Written).is_none());
    }
}
