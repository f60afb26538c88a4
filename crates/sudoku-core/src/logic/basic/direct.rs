//! Direct techniques: a locked candidate or a hidden pair/triple whose
//! removals leave a hidden single, so the digit is placed at once (Sudoku
//! Explainer's direct pointing 1.7, direct claiming 1.9, direct hidden pair
//! 2.0 and direct hidden triple 2.5).

use super::Memo;
use crate::logic::step::{cells_text, digits_text};
use crate::logic::{
    cell, count9, crossing, digit, unit, Candidates, Digits, Step, Technique, Words, SE_UNIT_ORDER,
    SHARED, UNITS, UNIT_BITS,
};
use crate::pos::Cell;

fn cells_of(set: u128) -> Vec<usize> {
    (0..81).filter(|&c| set & 1 << c != 0).collect()
}

/// Direct pointing and claiming: a digit locked in the crossing of two
/// units leaves the rest of the second unit, and that leaves it one place
/// in a third unit of the first kind. Boxes pointing into columns, then
/// rows, then columns and rows claiming into boxes, as Sudoku Explainer
/// scans them. Digits whose candidates did not change since `memo`'s
/// position are skipped (see [`Memo`]).
#[inline(never)]
pub(crate) fn direct_locking(marks: &Candidates, memo: &mut Memo, words: Words) -> Option<Step> {
    memo.run(marks, |changes| locking_of(marks, changes.digits, words))
}

/// [`direct_locking`] for the digits of `digits` (bit `d` for digit index
/// `d`).
fn locking_of(marks: &Candidates, digits: u16, words: Words) -> Option<Step> {
    if digits == 0 {
        return None;
    }
    let boxes = 18..27;
    let cols = 9..18;
    let rows = 0..9;
    let pairs = [
        (boxes.clone(), cols.clone()),
        (boxes.clone(), rows.clone()),
        (cols, boxes.clone()),
        (rows, boxes),
    ];
    let at = marks.digit_cells();
    let places = marks.unit_places();
    for (kind1, kind2) in pairs {
        for u1 in kind1.clone() {
            let b1 = UNIT_BITS[u1];
            let seconds = crossing(u1, kind2.start);
            // Per unit of the second kind crossing `u1`, the digits asked
            // for with two places or more in `u1`, all in it (at most one
            // such unit a digit): one pass over the digits, from their
            // places in `u1`, with no branch on what they hold (a test per
            // unit and digit mispredicted often).
            let outside = seconds.map(|u2| !SHARED[u1][u2]);
            let mut locked = [0u16; 3];
            let mut ds = digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let here = places[u1][d];
                let two = here & here.wrapping_sub(1) != 0;
                for (k, &out) in outside.iter().enumerate() {
                    locked[k] |= u16::from(two & (here & out == 0)) << d;
                }
            }
            for (k, &u2) in seconds.iter().enumerate() {
                let b2 = UNIT_BITS[u2];
                let mut ds = locked[k];
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    let cells = at[d];
                    let here = cells & b1;
                    let gone = cells & b2 & !b1;
                    for u3 in crossing(u2, kind1.start).into_iter().filter(|&u3| u3 != u1) {
                        let b3 = UNIT_BITS[u3];
                        let there = cells & b3;
                        let left = there & !b2;
                        if there & there.wrapping_sub(1) == 0 || left.count_ones() != 1 {
                            continue;
                        }
                        let at = left.trailing_zeros() as usize;
                        return Some(locking_step([u1, u2, u3], d, here, gone, at, words));
                    }
                }
            }
        }
    }
    None
}

/// The step of digit `d` confined in `u1` to its cells `here` in `u2`,
/// which leaves `u2`'s cells `gone` and so `u3` only the place `at`.
fn locking_step(
    [u1, u2, u3]: [usize; 3],
    d: usize,
    here: u128,
    gone: u128,
    at: usize,
    words: Words,
) -> Step {
    let pointing = u1 >= 18;
    let (technique, title) = if pointing {
        (Technique::DirectPointing, "Direct pointing")
    } else {
        (Technique::DirectClaiming, "Direct claiming")
    };
    let pattern: Vec<Cell> = cells_of(here).into_iter().map(cell).collect();
    let removed: Vec<Cell> = cells_of(gone).into_iter().map(cell).collect();
    let sentence = words.write(|| {
        format!(
            "{title}: in {}, {} is only in {}, so it leaves {} ({}), which leaves {} only {} in {}",
            unit(u1),
            d + 1,
            unit(u2),
            cells_text(&removed),
            unit(u2),
            d + 1,
            cell(at),
            unit(u3),
        )
    });
    Step::new(
        technique,
        pattern,
        Digits::single(digit(d)),
        vec![(cell(at), digit(d))],
        removed.iter().map(|&c| (c, digit(d))).collect(),
        sentence,
    )
}

/// Direct hidden pair or triple (`n` 2 or 3): `n` digits confined to `n`
/// cells of a unit clear those cells of other digits, and one of those
/// digits is left with a single place in the unit. Units where nothing
/// changed since `memo`'s position are skipped (see [`Memo`]): a unit's
/// blank cells are those with candidates, in a position a search is made
/// in (one with no candidates left in a blank cell is contradictory).
#[inline(never)]
pub(crate) fn direct_hidden(
    marks: &Candidates,
    n: usize,
    memo: &mut Memo,
    words: Words,
) -> Option<Step> {
    memo.run(marks, |changes| hidden_of(marks, n, changes.cells, words))
}

/// [`direct_hidden`] in the units with a cell in `cells`.
fn hidden_of(marks: &Candidates, n: usize, cells: u128, words: Words) -> Option<Step> {
    for &u in &SE_UNIT_ORDER {
        if UNIT_BITS[u] & cells == 0 {
            continue;
        }
        let blanks = UNITS[u]
            .iter()
            .filter(|&&c| marks.value(usize::from(c)) == 0)
            .count();
        if blanks <= n {
            continue;
        }
        let pos = &marks.unit_places()[u];
        // Locked sets of digits in increasing order, as among all nine.
        let found = crate::logic::first_locked_set(pos, n, |pick, union| {
            let kept = pick.iter().fold(0u16, |m, &d| m | 1 << d);
            (0..9).filter(|d| kept & 1 << d == 0).find_map(|d| {
                let left = pos[d] & !union;
                (count9(pos[d]) > 1 && count9(left) == 1)
                    .then(|| hidden_step(marks, u, n, (kept, union), (d, left), words))
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of the `n` digits `kept` confined to the places `union` of
/// unit `u`, which leaves digit `d` only the place `left` there.
fn hidden_step(
    marks: &Candidates,
    u: usize,
    n: usize,
    (kept, union): (u16, u16),
    (d, left): (usize, u16),
    words: Words,
) -> Step {
    let chosen: Vec<usize> = (0..9)
        .filter(|i| union & 1 << i != 0)
        .map(|i| usize::from(UNITS[u][i]))
        .collect();
    let at = usize::from(UNITS[u][left.trailing_zeros() as usize]);
    let eliminations = chosen
        .iter()
        .flat_map(|&c| {
            (0..9)
                .filter(move |&e| marks.mask(c) & !kept & 1 << e != 0)
                .map(move |e| (cell(c), digit(e)))
        })
        .collect();
    let (technique, title) = if n == 2 {
        (Technique::DirectHiddenPair, "Direct hidden pair")
    } else {
        (Technique::DirectHiddenTriple, "Direct hidden triple")
    };
    let pattern: Vec<Cell> = chosen.iter().map(|&c| cell(c)).collect();
    let digits = Digits::from_bits(kept);
    let sentence = words.write(|| format!(
        "{title}: {} can only go in {} within {}, so nothing else can go there, which leaves {} only {} in {}",
        digits_text(digits, "and"),
        cells_text(&pattern),
        unit(u),
        d + 1,
        cell(at),
        unit(u),
    ));
    Step::new(
        technique,
        pattern,
        digits,
        vec![(cell(at), digit(d))],
        eliminations,
        sentence,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{marks_of, walk};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The digit and cell of the first direct pointing or claiming of the
    /// digits `digits`, read cell by cell from the candidates: SE's scan
    /// with no table.
    fn plain(marks: &Candidates, digits: u16) -> Option<(usize, usize)> {
        let holds = |c: usize, d: usize| marks.mask(c) & 1 << d != 0;
        let cells = |u: usize, d: usize| -> Vec<usize> {
            UNITS[u]
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| holds(c, d))
                .collect()
        };
        let inside = |c: usize, u: usize| UNIT_BITS[u] & 1 << c != 0;
        for (kind1, kind2) in [(18, 9), (18, 0), (9, 18), (0, 18)] {
            for u1 in kind1..kind1 + 9 {
                for u2 in crossing(u1, kind2) {
                    for d in (0..9).filter(|d| digits & 1 << d != 0) {
                        let here = cells(u1, d);
                        if here.len() < 2 || here.iter().any(|&c| !inside(c, u2)) {
                            continue;
                        }
                        for u3 in crossing(u2, kind1).into_iter().filter(|&u3| u3 != u1) {
                            let there = cells(u3, d);
                            let left: Vec<usize> =
                                there.iter().copied().filter(|&c| !inside(c, u2)).collect();
                            if there.len() >= 2 && left.len() == 1 {
                                return Some((d, left[0]));
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// On random walks of positions (candidates removed, steps taken),
    /// the search finds the step of the plain scan, for all digits and
    /// for a few.
    #[test]
    fn direct_locking_finds_the_first_pattern_of_a_plain_scan() {
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        let (mut found, mut tried) = (0, 0);
        for line in lines {
            let mut marks = marks_of(line);
            let mut earlier = Vec::new();
            for round in 0..300 {
                let digits = if round % 3 == 0 {
                    0x1ff
                } else {
                    1 << (round % 9) | 1 << (round % 7)
                };
                let step = locking_of(&marks, digits, Words::Written);
                let want = plain(&marks, digits);
                tried += 1;
                match (&step, want) {
                    (None, None) => {}
                    (Some(step), Some((d, at))) => {
                        found += 1;
                        assert_eq!(step.placements(), [(cell(at), digit(d))], "round {round}");
                    }
                    _ => panic!("round {round}: {step:?} against {want:?}"),
                }
                walk(&mut marks, &mut earlier, step, line, &mut rng);
            }
        }
        assert!(found > 40 && found < tried, "{found} of {tried} found");
    }
}
