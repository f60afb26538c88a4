//! Chains: X-chains (one digit, strong and weak links) and XY-chains
//! (two-candidate cells). Both look for the shortest chain whose two ends
//! see a common candidate, which then cannot be true.

use crate::logic::step::{digits_text, rc_name};
use crate::logic::{cell, digit, Candidates, Digits, Step, Technique, PEERS, UNITS};
use crate::pos::{Cell, Digit};

/// Per cell, its peers as a bit set of cell indices.
const PEER_BITS: [u128; 81] = build_peer_bits();

const fn build_peer_bits() -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            out[c] |= 1 << PEERS[c][i];
            i += 1;
        }
        c += 1;
    }
    out
}

/// The cell indices in a bit set, in increasing order.
fn members(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

const UNSEEN: u16 = u16::MAX;

/// A chain found from one start: the path of states and what it removes.
struct Found {
    path: Vec<usize>,
    eliminations: u128,
}

/// Breadth-first search over `states` states from `start`; `next` lists
/// the successors of a state, `end` tells the eliminations of reaching a
/// state (empty when it is no useful end). Stops at chains longer than
/// `limit` links. Returns the shortest useful chain.
fn shortest(
    states: usize,
    start: usize,
    limit: usize,
    next: &dyn Fn(usize, &mut Vec<usize>),
    end: &dyn Fn(usize) -> u128,
) -> Option<Found> {
    let mut parent = vec![UNSEEN; states];
    let mut depth = vec![0usize; states];
    parent[start] = start as u16;
    let mut queue = std::collections::VecDeque::from([start]);
    let mut successors = Vec::new();
    while let Some(state) = queue.pop_front() {
        if depth[state] >= limit {
            break;
        }
        successors.clear();
        next(state, &mut successors);
        for &s in &successors {
            if parent[s] != UNSEEN {
                continue;
            }
            parent[s] = state as u16;
            depth[s] = depth[state] + 1;
            let eliminations = end(s);
            if eliminations != 0 {
                let mut path = vec![s];
                let mut at = s;
                while at != start {
                    at = usize::from(parent[at]);
                    path.push(at);
                }
                path.reverse();
                return Some(Found { path, eliminations });
            }
            queue.push_back(s);
        }
    }
    None
}

/// Whether `found` is shorter than the best chain so far.
fn shorter(best: &Option<(usize, Found)>, found: &Found) -> bool {
    match best {
        None => true,
        Some((_, f)) => found.path.len() < f.path.len(),
    }
}

fn to_eliminations(set: u128, d: usize) -> Vec<(Cell, Digit)> {
    members(set).map(|c| (cell(c), digit(d))).collect()
}

/// A chain on one digit: from a cell where it is false, a strong link (the
/// digit's only other place in a unit) makes the next true, a weak link
/// (any peer) makes the next false, and so on to a cell where it is true.
/// So one of the two ends holds the digit, and it leaves every cell that
/// sees both ends.
pub(crate) fn x_chain(marks: &Candidates) -> Option<Step> {
    let mut best: Option<(usize, Found)> = None;
    for d in 0..9 {
        let bit = 1u16 << d;
        let with: u128 = (0..81)
            .filter(|&c| marks.mask(c) & bit != 0)
            .fold(0, |m, c| m | 1 << c);
        let mut strong = [0u128; 81];
        for unit_cells in &UNITS {
            let spots: Vec<usize> = unit_cells
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| with & 1 << c != 0)
                .collect();
            if let [p, q] = spots[..] {
                strong[p] |= 1 << q;
                strong[q] |= 1 << p;
            }
        }
        // state = cell * 2 + (1 if the digit is true there)
        let next = |state: usize, out: &mut Vec<usize>| {
            let c = state / 2;
            let links = if state.is_multiple_of(2) {
                strong[c]
            } else {
                PEER_BITS[c] & with
            };
            out.extend(members(links).map(|n| n * 2 + 1 - state % 2));
        };
        for s in members(with) {
            if strong[s] == 0 {
                continue;
            }
            let end = |state: usize| {
                let e = state / 2;
                if state % 2 == 1 && e != s {
                    PEER_BITS[s] & PEER_BITS[e] & with
                } else {
                    0
                }
            };
            let limit = best.as_ref().map_or(usize::MAX, |(_, f)| f.path.len() - 2);
            if let Some(found) = shortest(162, s * 2, limit, &next, &end) {
                if shorter(&best, &found) {
                    best = Some((d, found));
                }
            }
        }
    }
    let (d, found) = best?;
    let cells: Vec<Cell> = found.path.iter().map(|&s| cell(s / 2)).collect();
    let mut text = rc_name(cells[0]);
    for (i, c) in cells.iter().enumerate().skip(1) {
        text.push(if i % 2 == 1 { '=' } else { '-' });
        text.push_str(&rc_name(*c));
    }
    let reason = format!(
        "X-chain on {}: {text} makes {} or {} a {}",
        d + 1,
        rc_name(cells[0]),
        rc_name(cells[cells.len() - 1]),
        d + 1
    );
    Some(Step::eliminating(
        Technique::XChain,
        cells,
        Digits::single(digit(d)),
        to_eliminations(found.eliminations, d),
        reason,
    ))
}

/// A chain of two-candidate cells: if the first cell is not x it is its
/// other digit, which its next cell (a peer) then is not, so that one is
/// its other digit, and so on to a last cell that is x. One of the two ends
/// is x, so x leaves every cell that sees both.
pub(crate) fn xy_chain(marks: &Candidates) -> Option<Step> {
    let bivalue: u128 = (0..81)
        .filter(|&c| marks.mask(c).count_ones() == 2)
        .fold(0, |m, c| m | 1 << c);
    let mut with = [0u128; 9];
    for c in 0..81 {
        for (d, set) in with.iter_mut().enumerate() {
            if marks.mask(c) & 1 << d != 0 {
                *set |= 1 << c;
            }
        }
    }
    // state = cell * 9 + the digit that is true there
    let next = |state: usize, out: &mut Vec<usize>| {
        let (c, v) = (state / 9, state % 9);
        for n in members(PEER_BITS[c] & bivalue & with[v]) {
            let other = (marks.mask(n) & !(1 << v)).trailing_zeros() as usize;
            out.push(n * 9 + other);
        }
    };
    let mut best: Option<(usize, Found)> = None;
    for s in members(bivalue) {
        for x in (0..9).filter(|&d| marks.mask(s) & 1 << d != 0) {
            let other = (marks.mask(s) & !(1 << x)).trailing_zeros() as usize;
            let end = |state: usize| {
                let (e, v) = (state / 9, state % 9);
                if v == x && e != s {
                    PEER_BITS[s] & PEER_BITS[e] & with[x]
                } else {
                    0
                }
            };
            let limit = best.as_ref().map_or(usize::MAX, |(_, f)| f.path.len() - 2);
            if let Some(found) = shortest(729, s * 9 + other, limit, &next, &end) {
                if shorter(&best, &found) {
                    best = Some((x, found));
                }
            }
        }
    }
    let (x, found) = best?;
    let cells: Vec<Cell> = found.path.iter().map(|&s| cell(s / 9)).collect();
    let links: Vec<String> = found
        .path
        .iter()
        .map(|&s| {
            let c = s / 9;
            format!(
                "{} ({})",
                rc_name(cell(c)),
                digits_text(Digits::from_bits(marks.mask(c)), "or")
            )
        })
        .collect();
    let reason = format!(
        "XY-chain: {} makes {} or {} a {}",
        links.join(" - "),
        rc_name(cells[0]),
        rc_name(cells[cells.len() - 1]),
        x + 1
    );
    let digits = cells.iter().fold(Digits::EMPTY, |m, c| {
        Digits::from_bits(m.bits() | marks.mask(c.index()))
    });
    Some(Step::eliminating(
        Technique::XyChain,
        cells,
        digits,
        to_eliminations(found.eliminations, x),
        reason,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::sees;
    use crate::logic::tests::{blank, c, elims, remove_from, restrict};

    /// Keeps digit `d` in `unit_cells` only at `keep`.
    fn only(marks: &mut Candidates, d: u8, unit_cells: &[String], keep: &[&str]) {
        let drop: Vec<&str> = unit_cells
            .iter()
            .map(String::as_str)
            .filter(|n| !keep.contains(n))
            .collect();
        remove_from(marks, d, &drop);
    }

    fn row(r: usize) -> Vec<String> {
        (1..=9).map(|c| format!("r{r}c{c}")).collect()
    }

    fn col(c: usize) -> Vec<String> {
        (1..=9).map(|r| format!("r{r}c{c}")).collect()
    }

    #[test]
    fn skyscraper_is_a_short_x_chain() {
        let mut marks = blank();
        // 4 in column 1 only at r1c1 and r6c1; in column 5 only at r2c5 and r6c5
        only(&mut marks, 4, &col(1), &["r1c1", "r6c1"]);
        only(&mut marks, 4, &col(5), &["r2c5", "r6c5"]);
        let step = x_chain(&marks).unwrap();
        assert_eq!(step.technique(), Technique::XChain);
        // r1c1 = r6c1 - r6c5 = r2c5: r1c1 or r2c5 is 4
        assert_eq!(step.cells(), [c("r1c1"), c("r6c1"), c("r6c5"), c("r2c5")]);
        assert_eq!(
            step.eliminations(),
            elims(&[(4, &["r1c4", "r1c6", "r2c2", "r2c3"])])
        );
        assert!(step.to_string().starts_with(
            "X-chain on 4: r1c1=r6c1-r6c5=r2c5 makes r1c1 or r2c5 a 4, so remove 4 from"
        ));
        for &(e, _) in step.eliminations() {
            assert!(sees(e.index(), 0) && sees(e.index(), c("r2c5").index()));
        }
    }

    #[test]
    fn no_x_chain_without_strong_links() {
        assert!(x_chain(&blank()).is_none());
        let mut marks = blank();
        only(&mut marks, 4, &row(1), &["r1c1", "r1c9"]);
        // one strong link alone: its ends see no common cell with a 4
        // outside the row, where 4 is already gone
        assert!(x_chain(&marks).is_none());
    }

    #[test]
    fn xy_chain_of_four_cells() {
        let mut marks = blank();
        restrict(&mut marks, "r1c1", "12");
        restrict(&mut marks, "r1c5", "23");
        restrict(&mut marks, "r5c5", "34");
        restrict(&mut marks, "r5c9", "41");
        let step = xy_chain(&marks).unwrap();
        assert_eq!(step.technique(), Technique::XyChain);
        // r1c1 or r5c9 is 1: remove 1 from r1c9 and r5c1
        assert_eq!(step.eliminations(), elims(&[(1, &["r1c9", "r5c1"])]));
        assert_eq!(step.cells().len(), 4);
        assert!(step.to_string().starts_with("XY-chain: r1c1 (1 or 2) - r1c5 (2 or 3) - r5c5 (3 or 4) - r5c9 (1 or 4) makes r1c1 or r5c9 a 1"));
    }

    #[test]
    fn no_xy_chain_when_the_ends_differ() {
        let mut marks = blank();
        restrict(&mut marks, "r1c1", "12");
        restrict(&mut marks, "r1c5", "23");
        restrict(&mut marks, "r5c5", "34");
        restrict(&mut marks, "r5c9", "45");
        assert!(xy_chain(&marks).is_none());
    }
}
