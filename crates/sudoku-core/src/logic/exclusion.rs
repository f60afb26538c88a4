//! Aligned pair exclusion (Sudoku Explainer 6.2): two cells cannot take a
//! pair of digits that would empty a two-candidate cell both of them see,
//! nor the same digit when they see each other; a digit of one cell that
//! fits no remaining pair is removed.

use crate::logic::step::{cells_text, rc_name};
use crate::logic::{cell, digit, sees, Candidates, Digits, Step, Technique, PEERS};

/// The first aligned pair exclusion, scanning pairs of cells as Sudoku
/// Explainer does.
pub(crate) fn aligned_pair_exclusion(marks: &Candidates) -> Option<Step> {
    // Cells with two or more candidates, no naked single among their peers,
    // and at least one two-candidate peer (their "excluders").
    let mut cells: Vec<(usize, u128)> = Vec::new();
    for (c, peers) in PEERS.iter().enumerate() {
        if marks.mask(c).count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = 0u128;
        for &p in peers {
            match marks.mask(usize::from(p)).count_ones() {
                1 => single = true,
                2 => excluders |= 1u128 << p,
                _ => {}
            }
        }
        if !single && excluders != 0 {
            cells.push((c, excluders));
        }
    }
    for j in 1..cells.len() {
        for i in 0..j {
            if let Some(step) = pair(marks, cells[i], cells[j]) {
                return Some(step);
            }
        }
    }
    None
}

fn pair(marks: &Candidates, (a, ea): (usize, u128), (b, eb): (usize, u128)) -> Option<Step> {
    let common = ea & eb;
    if common.count_ones() < 2 {
        return None;
    }
    let excluders: Vec<usize> = (0..81).filter(|&c| common & 1u128 << c != 0).collect();
    let (ma, mb) = (marks.mask(a), marks.mask(b));
    let (mut ok_a, mut ok_b) = (0u16, 0u16);
    for da in (0..9).filter(|d| ma & 1 << d != 0) {
        for db in (0..9).filter(|d| mb & 1 << d != 0) {
            if da == db && sees(a, b) {
                continue;
            }
            let both = 1u16 << da | 1 << db;
            if excluders.iter().any(|&x| marks.mask(x) & !both == 0) {
                continue;
            }
            ok_a |= 1 << da;
            ok_b |= 1 << db;
        }
    }
    let elims: Vec<_> = [(a, ma & !ok_a), (b, mb & !ok_b)]
        .into_iter()
        .flat_map(|(c, gone)| {
            (0..9)
                .filter(move |d| gone & 1 << d != 0)
                .map(move |d| (cell(c), digit(d)))
        })
        .collect();
    if elims.is_empty() {
        return None;
    }
    let xs: Vec<_> = excluders.iter().map(|&c| cell(c)).collect();
    let reason = format!(
        "Aligned pair exclusion: every pair of digits for {} and {} that would leave one of the \
         two-digit cells {} they both see empty is impossible",
        rc_name(cell(a)),
        rc_name(cell(b)),
        cells_text(&xs)
    );
    Some(Step::eliminating(
        Technique::AlignedPairExclusion,
        vec![cell(a), cell(b)],
        Digits::EMPTY,
        elims,
        reason,
    ))
}
