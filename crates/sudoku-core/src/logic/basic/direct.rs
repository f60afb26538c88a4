//! Direct techniques: a locked candidate or a hidden pair/triple whose
//! removals leave a hidden single, so the digit is placed at once (Sudoku
//! Explainer's direct pointing 1.7, direct claiming 1.9, direct hidden pair
//! 2.0 and direct hidden triple 2.5).

use super::Memo;
use crate::logic::step::{cells_text, digits_text};
use crate::logic::{
    cell, count9, crossing, digit, unit, Candidates, Digits, Step, Technique, Words, SE_UNIT_ORDER,
    UNITS, UNIT_BITS,
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
    for (kind1, kind2) in pairs {
        for u1 in kind1.clone() {
            let b1 = UNIT_BITS[u1];
            for u2 in crossing(u1, kind2.start) {
                let b2 = UNIT_BITS[u2];
                // Only the digits asked for, by their bits: a test of each
                // of the nine mispredicted often. One branch for both tests.
                let mut ds = digits;
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    let cells = at[d];
                    let here = cells & b1;
                    if (here & here.wrapping_sub(1) == 0) | (here & !b2 != 0) {
                        continue;
                    }
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
