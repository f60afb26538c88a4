//! What joins a dynamic forcing chain (+) when it stops, and every nested
//! forcing chain before its nested searches: Sudoku Explainer's
//! `getAdvancedPotentials` at level 1. Locked candidates, hidden pairs,
//! naked pairs and X-wings look at the board the chain has left, and what
//! they remove goes on the chain, caused by the candidates the chain struck
//! that the pattern needed.
//!
//! A hard solve's chains stop on the same boards again and again (the
//! same assumption followed at each level a step tries), so what a scan
//! found is remembered by the two boards it read ([`Memo`]).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::board::{AdvancedOff, Board, BoardKey, KeyHasher, Rule};
use super::shared::{st, two16};
use crate::logic::{count9, crossing, CELL_UNITS, SHARED, UNITS, UNIT_BITS};

/// What [`advanced`] found, by the boards it ran from and on: a scan
/// reads nothing else but the outer chain's nodes of the candidates it
/// needed, so what it found, with those candidates as states, is what it
/// finds again, their nodes asked of the chain at hand. When it holds
/// [`MEMO_CAPACITY`] scans it starts afresh, keeping the full memory
/// beside it for one more round.
#[derive(Default)]
pub(super) struct Memo {
    now: Scans,
    before: Scans,
    /// Tests: how many scans ran (rather than being remembered).
    #[cfg(test)]
    scanned: usize,
    /// Tests: how many scans the memory holds, if not [`MEMO_CAPACITY`].
    #[cfg(test)]
    capacity: Option<usize>,
}

/// Scans by the boards they ran from and on.
type Scans = HashMap<(BoardKey, BoardKey), Scan, BuildHasherDefault<KeyHasher>>;

/// How many scans [`Memo`] holds before it starts afresh (a bound on its
/// memory: about two megabytes). The boards met again are mostly those of
/// the same position's searches a moment before: a memory four times as
/// large finds no more of them on the hardest puzzles.
const MEMO_CAPACITY: usize = 1024;

/// What one scan found, with the candidates each pattern needed as their
/// off states in `needed` (`AdvancedOff::first` and `count` index it).
#[derive(Default)]
struct Scan {
    found: Vec<AdvancedOff>,
    needed: Vec<u16>,
}

impl Scan {
    /// Adds what was found to `out`, each pattern's causes the nodes
    /// `node_of` gives its needed candidates in `causes` (those without a
    /// node left out), as [`advanced`] adds them.
    fn give(
        &self,
        node_of: &dyn Fn(u16) -> Option<u16>,
        out: &mut Vec<AdvancedOff>,
        causes: &mut Vec<u16>,
    ) {
        // The patterns' removals are consecutive and share their causes.
        let mut last: Option<(u32, u32, u16)> = None;
        for a in &self.found {
            let (first, count) = match last {
                Some((from, first, count)) if from == a.first => (first, count),
                _ => {
                    let first = causes.len() as u32;
                    let needed = &self.needed[a.first as usize..][..usize::from(a.count)];
                    causes.extend(needed.iter().filter_map(|&s| node_of(s)));
                    let count = (causes.len() as u32 - first) as u16;
                    last = Some((a.first, first, count));
                    (first, count)
                }
            };
            out.push(AdvancedOff { first, count, ..*a });
        }
    }
}

impl Memo {
    /// [`advanced`], remembered.
    fn advanced(
        &mut self,
        source: &Board,
        cur: &Board,
        node_of: &dyn Fn(u16) -> Option<u16>,
        out: &mut Vec<AdvancedOff>,
        causes: &mut Vec<u16>,
    ) {
        let key = (source.key(), cur.key());
        if let Some(scan) = self.now.get(&key).or_else(|| self.before.get(&key)) {
            scan.give(node_of, out, causes);
            return;
        }
        let mut scan = Scan::default();
        self::scan::<false>(source, cur, Some, &mut scan.found, &mut scan.needed);
        scan.give(node_of, out, causes);
        #[cfg(test)]
        {
            self.scanned += 1;
        }
        if self.now.len() >= self.capacity() {
            std::mem::swap(&mut self.now, &mut self.before);
            self.now.clear();
        }
        self.now.insert(key, scan);
    }

    /// How many scans the memory holds ([`MEMO_CAPACITY`]; tests ask for
    /// fewer).
    fn capacity(&self) -> usize {
        #[cfg(test)]
        if let Some(n) = self.capacity {
            return n;
        }
        MEMO_CAPACITY
    }
}

/// SE's `getAdvancedPotentials` at level 1: the candidates that locked
/// candidates, hidden pairs, naked pairs or X-wings remove from `cur` (the
/// first of these that finds any), each caused by the candidates struck
/// from `source` that the pattern needed. Patterns that needed none are
/// left out: they were there before the assumption. With `memo`, a scan
/// of the same two boards before is given again ([`Memo`]).
pub(super) fn advanced(
    memo: Option<&mut Memo>,
    source: &Board,
    cur: &Board,
    node_of: &dyn Fn(u16) -> Option<u16>,
    out: &mut Vec<AdvancedOff>,
    causes: &mut Vec<u16>,
) {
    match memo {
        Some(memo) => memo.advanced(source, cur, node_of, out, causes),
        None => scan::<false>(source, cur, node_of, out, causes),
    }
}

/// [`advanced`]'s search; with `EVERY`, every pattern is tried, as if
/// the chain had struck candidates everywhere, and followed to its end
/// even with nothing to remove (the tests check that the patterns left out
/// emit nothing).
fn scan<const EVERY: bool>(
    source: &Board,
    cur: &Board,
    node_of: impl Fn(u16) -> Option<u16>,
    out: &mut Vec<AdvancedOff>,
    causes: &mut Vec<u16>,
) {
    let struck = |c: usize, d: usize| source.has(c, d) && !cur.has(c, d);
    // `removed` is sorted in place: each pattern fills it afresh.
    let emit = |removed: &mut [(usize, usize)],
                needed: &[(usize, usize)],
                rule: Rule,
                out: &mut Vec<AdvancedOff>,
                causes: &mut Vec<u16>| {
        if needed.is_empty() || removed.is_empty() {
            return;
        }
        let first = causes.len() as u32;
        for &(c, d) in needed {
            if let Some(n) = node_of(st(c, d, false)) {
                causes.push(n);
            }
        }
        let count = (causes.len() as u32 - first) as u16;
        removed.sort_unstable();
        for &(c, d) in removed.iter() {
            out.push(AdvancedOff {
                state: st(c, d, false),
                first,
                count,
                rule,
                nested: None,
            });
        }
    };
    let mut removed: Vec<(usize, usize)> = Vec::new();
    let mut needed: Vec<(usize, usize)> = Vec::new();
    // Every pattern below needs a struck candidate where it says, and one
    // that needs none is left out; so a pattern is tried only where the
    // chain struck a candidate it could need (the same patterns emit, in
    // the same order). The chain strikes few candidates, the patterns look
    // at every unit and digit.
    let struck_at: [u128; 9] = std::array::from_fn(|d| source.at[d] & !cur.at[d]);
    let mut struck_in = [0u16; 27];
    let mut struck_cells = 0u128;
    for (d, &cells) in struck_at.iter().enumerate() {
        struck_cells |= cells;
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &u in &CELL_UNITS[c] {
                struck_in[usize::from(u)] |= 1 << d;
            }
        }
    }
    // Locked candidates: box against column, box against row, column
    // against box, row against box; then SE's generalized form (the same
    // patterns, caused by every struck place of the first unit).
    const BOXES: std::ops::Range<usize> = 18..27;
    const ROWS: std::ops::Range<usize> = 0..9;
    const COLS: std::ops::Range<usize> = 9..18;
    for (first, second) in [(BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES)] {
        for u1 in first.clone() {
            // Each pattern needs a struck place of its digit in `u1`.
            if !EVERY && struck_in[u1] == 0 {
                continue;
            }
            let b1 = UNIT_BITS[u1];
            // Per unit of the second kind crossing `u1` (in order: a test
            // of all nine mispredicted often), the digits with two places
            // or more in `u1`, all in it: one pass over the digits struck in
            // `u1` with no branch on what they hold (a branch per unit and
            // digit mispredicted often too).
            let seconds = crossing(u1, second.start);
            let outside = seconds.map(|u2| !SHARED[u1][u2]);
            let mut locked = [0u16; 3];
            let mut digits = if EVERY { 0x1ff } else { struck_in[u1] };
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let places = cur.pos[u1][d];
                let two = count9(places) >= 2;
                for (k, &out) in outside.iter().enumerate() {
                    locked[k] |= u16::from(two & (places & out == 0)) << d;
                }
            }
            for (k, &u2) in seconds.iter().enumerate() {
                let b2 = UNIT_BITS[u2];
                let mut digits = locked[k];
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    // It needs a struck place in `u1` outside `u2`, and
                    // removes places of `u2` outside `u1`: with none, it
                    // emits nothing (most patterns, one test here rather
                    // than two passes over the units).
                    if !EVERY && (struck_at[d] & b1 & !b2 == 0 || cur.at[d] & b2 & !b1 == 0) {
                        continue;
                    }
                    removed.clear();
                    needed.clear();
                    for &c in &UNITS[u2] {
                        let c = usize::from(c);
                        if b1 & 1 << c == 0 && cur.has(c, d) {
                            removed.push((c, d));
                        }
                    }
                    for &c in &UNITS[u1] {
                        let c = usize::from(c);
                        if b2 & 1 << c == 0 && struck(c, d) {
                            needed.push((c, d));
                        }
                    }
                    emit(&mut removed, &needed, Rule::Locking, out, causes);
                }
            }
        }
    }
    for u1 in BOXES.chain(COLS).chain(ROWS) {
        let b1 = UNIT_BITS[u1];
        // It needs a struck place of the digit in `u1`.
        let mut digits = if EVERY { 0x1ff } else { struck_in[u1] };
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let here = cur.at[d] & b1;
            let n = count9(cur.pos[u1][d]);
            if !(2..8).contains(&n) {
                continue;
            }
            // The other unit holding every place, if any: with two places
            // or more, at most one does, a box for a line, a line for a box.
            let [row, col, bx] = CELL_UNITS[here.trailing_zeros() as usize].map(usize::from);
            let holds = |u: usize| here & !UNIT_BITS[u] == 0;
            let u2 = if !BOXES.contains(&u1) {
                bx
            } else if holds(row) {
                row
            } else {
                col
            };
            if !holds(u2) {
                continue;
            }
            // Nothing to remove: it emits nothing.
            if !EVERY && cur.at[d] & UNIT_BITS[u2] & !b1 == 0 {
                continue;
            }
            removed.clear();
            needed.clear();
            for &c in &UNITS[u2] {
                let c = usize::from(c);
                if b1 & 1 << c == 0 && cur.has(c, d) {
                    removed.push((c, d));
                }
            }
            for &c in &UNITS[u1] {
                let c = usize::from(c);
                if struck(c, d) {
                    needed.push((c, d));
                }
            }
            emit(&mut removed, &needed, Rule::Locking, out, causes);
        }
    }
    if !out.is_empty() {
        return;
    }
    // Hidden pairs, by box, column, row.
    for u in BOXES.chain(COLS).chain(ROWS) {
        // A hidden pair's digits are left in its two cells alone: what it
        // needs are their places struck from the unit's other cells.
        if (!EVERY && struck_in[u] == 0) || source.blanks(u) <= 4 {
            continue;
        }
        // A hidden pair's digits have the same two places: only digits
        // with two places can be one.
        let two = (0..9).fold(0u16, |m, d| m | u16::from(two16(cur.pos[u][d])) << d);
        if two.count_ones() < 2 {
            continue;
        }
        for (a, b) in pairs_of(two) {
            if cur.pos[u][a] != cur.pos[u][b] || (!EVERY && struck_in[u] & (1 << a | 1 << b) == 0) {
                continue;
            }
            let pa = cur.at[a] & UNIT_BITS[u];
            let pb = cur.at[b] & UNIT_BITS[u];
            if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                continue;
            }
            removed.clear();
            needed.clear();
            for &c in &UNITS[u] {
                let c = usize::from(c);
                if (pa | pb) & 1 << c != 0 {
                    for e in 0..9 {
                        if e != a && e != b && cur.has(c, e) {
                            removed.push((c, e));
                        }
                    }
                } else {
                    for e in [a, b] {
                        if source.has(c, e) {
                            needed.push((c, e));
                        }
                    }
                }
            }
            emit(&mut removed, &needed, Rule::HiddenPair, out, causes);
        }
    }
    if !out.is_empty() {
        return;
    }
    // Naked pairs, by box, column, row.
    for u in BOXES.chain(COLS).chain(ROWS) {
        // A naked pair's cells hold its two digits alone: what it needs are
        // their other digits, struck.
        if (!EVERY && struck_cells & UNIT_BITS[u] == 0) || source.blanks(u) < 4 {
            continue;
        }
        // A naked pair's cells have the same two digits: only cells with
        // two can be one.
        let two = (0..9).fold(0u16, |m, i| {
            m | u16::from(two16(cur.m[usize::from(UNITS[u][i])])) << i
        });
        if two.count_ones() < 2 {
            continue;
        }
        for (i, j) in pairs_of(two) {
            let (ca, cb) = (usize::from(UNITS[u][i]), usize::from(UNITS[u][j]));
            let (ma, mb) = (cur.m[ca], cur.m[cb]);
            if ma.count_ones() < 2
                || mb.count_ones() < 2
                || (ma | mb).count_ones() != 2
                || (!EVERY && struck_cells & (1 << ca | 1 << cb) == 0)
            {
                continue;
            }
            removed.clear();
            needed.clear();
            for &c in &UNITS[u] {
                let c = usize::from(c);
                if c != ca && c != cb {
                    for e in 0..9 {
                        if (ma | mb) & 1 << e != 0 && cur.has(c, e) {
                            removed.push((c, e));
                        }
                    }
                }
            }
            for c in [ca, cb] {
                for e in 0..9 {
                    if (ma | mb) & 1 << e == 0 && source.has(c, e) {
                        needed.push((c, e));
                    }
                }
            }
            emit(&mut removed, &needed, Rule::NakedPair, out, causes);
        }
    }
    if !out.is_empty() {
        return;
    }
    // X-wings: columns as the base, then rows.
    for (base, cover) in [(COLS, ROWS), (ROWS, COLS)] {
        // An X-wing's base lines hold its digit in the same two places:
        // per digit, the lines with two.
        // Only digits with a struck place can need one.
        let mut two = [0u16; 9];
        let mut digits = 0u16;
        for (d, lines) in two.iter_mut().enumerate() {
            if !EVERY && struck_at[d] == 0 {
                continue;
            }
            for (i, u) in base.clone().enumerate() {
                *lines |= u16::from(two16(cur.pos[u][d])) << i;
            }
            digits |= u16::from(lines.count_ones() >= 2) << d;
        }
        if digits == 0 {
            continue;
        }
        for (i, j) in pairs() {
            let (u1, u2) = (base.start + i, base.start + j);
            for d in bits(digits) {
                let lines = two[d];
                let both = 1 << i | 1 << j;
                // It needs a struck place of the digit in a base line.
                if (lines & both != both)
                    || cur.pos[u1][d] != cur.pos[u2][d]
                    || (!EVERY && struck_at[d] & (UNIT_BITS[u1] | UNIT_BITS[u2]) == 0)
                {
                    continue;
                }
                if usize::from(source.placed[d]) + 4 > 9 {
                    continue;
                }
                let p1 = cur.at[d] & UNIT_BITS[u1];
                let p2 = cur.at[d] & UNIT_BITS[u2];
                if p1.count_ones() < 2 || p2.count_ones() < 2 {
                    continue;
                }
                let mut covers = [0usize; 2];
                let mut n = 0;
                for v in cover.clone() {
                    if (p1 | p2) & UNIT_BITS[v] != 0 {
                        if n < 2 {
                            covers[n] = v;
                        }
                        n += 1;
                    }
                }
                if n != 2 {
                    continue;
                }
                let cover_bits = UNIT_BITS[covers[0]] | UNIT_BITS[covers[1]];
                let base_bits = UNIT_BITS[u1] | UNIT_BITS[u2];
                // Nothing to remove: it emits nothing.
                if !EVERY && cur.at[d] & cover_bits & !base_bits == 0 {
                    continue;
                }
                removed.clear();
                needed.clear();
                for &v in &covers {
                    for &c in &UNITS[v] {
                        let c = usize::from(c);
                        if base_bits & 1 << c == 0 && cur.has(c, d) {
                            removed.push((c, d));
                        }
                    }
                }
                for u in [u1, u2] {
                    for &c in &UNITS[u] {
                        let c = usize::from(c);
                        if cover_bits & 1 << c == 0 && struck(c, d) {
                            needed.push((c, d));
                        }
                    }
                }
                emit(&mut removed, &needed, Rule::XWing, out, causes);
            }
        }
    }
}

/// The pairs `(i, j)`, `i < j < 9`, in SE's order (by `j`, then `i`).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// The pairs of [`pairs`] whose two members are both in `set`, in the same
/// order, found by the set's bits rather than tested one by one.
fn pairs_of(set: u16) -> impl Iterator<Item = (usize, usize)> {
    bits(set).flat_map(move |j| bits(set & ((1 << j) - 1)).map(move |i| (i, j)))
}

/// The members of `set`, in increasing order.
fn bits(mut set: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{pairs, pairs_of, scan};
    use crate::logic::chaining::board::{Board, Rule};
    use crate::logic::tests::marks_of;
    use crate::logic::SHARED;
    use crate::logic::{cell, digit, Candidates};
    use crate::logic::{UNITS, UNIT_BITS};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Hard puzzles, whose boards the tests strike candidates from.
    const LINES: [&str; 4] = [
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
        "..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5..",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ];

    /// The board of `marks` once `n` random candidates of open cells are
    /// removed from them (fewer if none is left).
    fn struck(marks: &mut Candidates, n: usize, rng: &mut Xoshiro256PlusPlus) -> Board {
        for _ in 0..n {
            let open: Vec<usize> = (0..81)
                .filter(|&c| marks.mask(c).count_ones() > 1)
                .collect();
            if let Some(&c) = open.get(rng.gen_range(0..open.len().max(1))) {
                let digits: Vec<usize> = (0..9).filter(|&d| marks.mask(c) & 1 << d != 0).collect();
                marks.remove(cell(c), digit(digits[rng.gen_range(0..digits.len())]));
            }
        }
        Board::new(marks)
    }

    /// A pattern is tried only where the chain struck a candidate it could
    /// need, and where there is something to remove: on positions of hard
    /// puzzles with a few candidates struck, the search emits what one
    /// trying every pattern to its end emits, in the same order with the
    /// same causes, and every rule emits in some of them.
    #[test]
    fn patterns_tried_where_candidates_were_struck_emit_what_every_pattern_does() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        let mut met = [0usize; 4];
        for round in 0..4000 {
            let mut marks = marks_of(LINES[round % LINES.len()]);
            let n = rng.gen_range(0..50);
            let source = struck(&mut marks, n, &mut rng);
            let n = rng.gen_range(1..5);
            let cur = struck(&mut marks, n, &mut rng);
            let run = |every: bool| {
                let (mut out, mut causes) = (Vec::new(), Vec::new());
                if every {
                    scan::<true>(&source, &cur, Some, &mut out, &mut causes);
                } else {
                    scan::<false>(&source, &cur, Some, &mut out, &mut causes);
                }
                let out: Vec<_> = out
                    .iter()
                    .map(|a| (a.state, a.first, a.count, a.rule))
                    .collect();
                (out, causes)
            };
            let tried = run(false);
            assert_eq!(tried, run(true), "round {round}");
            for (_, _, _, rule) in &tried.0 {
                let k = [
                    Rule::Locking,
                    Rule::HiddenPair,
                    Rule::NakedPair,
                    Rule::XWing,
                ]
                .iter()
                .position(|r| r == rule)
                .expect("a rule of level 1");
                met[k] += 1;
            }
        }
        assert!(met.iter().all(|&n| n >= 5), "{met:?}");
    }

    /// The memory of scans gives what a fresh scan gives, for the chain
    /// at hand: pairs of boards met again are taken from it with their
    /// causes as that chain's nodes (some candidates having none); a full
    /// memory keeps what it held for one more round.
    #[test]
    fn remembered_scans_give_what_a_fresh_scan_gives() {
        use super::{advanced, Memo};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        // Boards a chain could start from and leave: a few candidates
        // struck, then a few more; each board left from two starts (what
        // a scan finds needs candidates struck since the start).
        let mut pairs: Vec<(Board, Board)> = Vec::new();
        for i in 0..15 {
            let mut marks = marks_of(LINES[i % LINES.len()]);
            let n = rng.gen_range(0..30);
            let source = struck(&mut marks, n, &mut rng);
            let n = rng.gen_range(1..4);
            let between = struck(&mut marks, n, &mut rng);
            let n = rng.gen_range(1..4);
            let cur = struck(&mut marks, n, &mut rng);
            pairs.push((source, cur.clone()));
            pairs.push((between, cur));
        }
        // The chain at hand has a node for each state but those of one digit.
        let give = |memo: Option<&mut Memo>, (source, cur): &(Board, Board), gone: u16| {
            let node_of = |s: u16| (s / 2 % 9 != gone).then_some(s ^ 0x100);
            let (mut out, mut causes) = (Vec::new(), Vec::new());
            advanced(memo, source, cur, &node_of, &mut out, &mut causes);
            let out: Vec<_> = out
                .iter()
                .map(|a| (a.state, a.first, a.count, a.rule))
                .collect();
            (out, causes)
        };
        let mut memo = Memo::default();
        let (mut found, mut together) = (0, 0);
        for round in 0..300 {
            let pair = &pairs[rng.gen_range(0..pairs.len())];
            let gone = rng.gen_range(0..9);
            let fresh = give(None, pair, gone);
            assert_eq!(give(Some(&mut memo), pair, gone), fresh, "round {round}");
            found += fresh.0.len();
            // Removals of one pattern, sharing causes.
            together += fresh
                .0
                .windows(2)
                .filter(|w| w[0].1 == w[1].1 && w[0].2 > 0)
                .count();
        }
        assert_eq!(memo.scanned, pairs.len(), "each pair scanned once");
        assert!(found >= 200 && together >= 20, "{found} {together}");
        // Two pairs fill a memory of two; the third starts it afresh.
        let mut memo = Memo {
            capacity: Some(2),
            ..Memo::default()
        };
        for pair in &pairs[..3] {
            give(Some(&mut memo), pair, 0);
        }
        give(Some(&mut memo), &pairs[0], 1);
        assert_eq!(memo.scanned, 3, "the first pair is scanned again");
        for pair in &pairs[3..5] {
            give(Some(&mut memo), pair, 0);
        }
        give(Some(&mut memo), &pairs[0], 2);
        assert_eq!(memo.scanned, 6, "the first pair is still remembered");
    }

    /// The positions of a unit's cells shared with another unit are those
    /// of the cells both units hold, for every two units.
    #[test]
    fn shared_places_are_the_cells_of_both_units() {
        for u in 0..27 {
            for v in 0..27 {
                let cells = (0..9)
                    .filter(|&i| SHARED[u][v] & 1 << i != 0)
                    .fold(0u128, |set, i| set | 1 << UNITS[u][i]);
                assert_eq!(cells, UNIT_BITS[u] & UNIT_BITS[v], "units {u} and {v}");
            }
        }
    }

    /// The pairs found by a set's bits are those of the full list with
    /// both members in the set, in the full list's order, for every set.
    #[test]
    fn pairs_of_a_set_are_the_pairs_within_it_in_order() {
        for set in 0..512u16 {
            let want: Vec<_> = pairs()
                .filter(|&(i, j)| set & 1 << i != 0 && set & 1 << j != 0)
                .collect();
            assert_eq!(pairs_of(set).collect::<Vec<_>>(), want, "{set:b}");
        }
    }
}
