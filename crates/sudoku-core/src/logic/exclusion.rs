//! Aligned pair exclusion (Sudoku Explainer 6.2): two cells cannot take a
//! pair of digits that would empty a two-candidate cell both of them see,
//! nor the same digit when they see each other; a digit of one cell that
//! fits no remaining pair is removed.
//!
//! Both searches remember the last position where they found nothing
//! ([`Memo`]): a pair or triple of cells whose inputs are all the same as
//! there found nothing then and finds nothing now, so the next search
//! tries only the others, in the same order, and finds the same first step.

use crate::logic::step::cells_text;
use crate::logic::{
    cell, count9, digit, se_peers, sees, Candidates, Digits, Step, Technique, Words, PEER_BITS,
};

/// Every cell, as a cell set.
const ALL: u128 = (1 << 81) - 1;

/// What the exclusion searches remember from one position to the next: for
/// each, the last position where it found nothing and every cell's
/// excluders there (none for a cell it did not list).
///
/// Why a pair or triple can be skipped: its outcome is a function of its
/// cells' candidates, their common excluders and those excluders'
/// candidates, nothing else. Whether a cell is an excluder of another
/// depends only on its own number of candidates, so when no cell that is a
/// common excluder in either position changed, the common excluders are
/// the same in both. A pair or triple whose cells were listed in the
/// remembered position with the same candidates, and which has no changed
/// cell among the excluders its cells share in either position, was tried
/// there (the same cells, in the same order, with the same common
/// excluders: a third cell is an excluder of the pair's by its own number
/// of candidates too) and found nothing, so it finds nothing again. Nor
/// does one that was tried there whose changed common excluders each hold
/// digits its cells cannot all take: those ban nothing
/// ([`Diff::may_ban_more`]). The search tries the others in SE's order,
/// and the first that removes something is the first of the whole search. A search that finds a step
/// stops early, so it forgets its position, and the next one tries all.
#[derive(Default)]
pub(crate) struct Memo {
    pairs: Option<Box<Last>>,
    triples: Option<Box<Last>>,
}

/// A position where a search found nothing.
struct Last {
    m: [u16; 81],
    excluders: [u128; 81],
}

/// How a position differs from the remembered one.
struct Diff<'a> {
    /// The cells whose candidates changed or that were not listed there
    /// (every cell when nothing is remembered).
    fresh: u128,
    /// The cells whose candidates changed.
    changed: u128,
    /// Each cell's excluders, here or there.
    either: [u128; 81],
    /// The remembered position.
    last: Option<&'a Last>,
}

impl<'a> Diff<'a> {
    fn new(last: Option<&'a Last>, m: &[u16; 81], excluders: &[u128; 81]) -> Diff<'a> {
        let Some(last) = last else {
            return Diff {
                fresh: ALL,
                changed: ALL,
                either: *excluders,
                last: None,
            };
        };
        let (mut fresh, mut changed) = (0u128, 0u128);
        for (c, (now, then)) in m.iter().zip(&last.m).enumerate() {
            if now != then {
                changed |= 1 << c;
                fresh |= 1 << c;
            } else if last.excluders[c] == 0 {
                fresh |= 1 << c;
            }
        }
        Diff {
            fresh,
            changed,
            either: std::array::from_fn(|c| excluders[c] | last.excluders[c]),
            last: Some(last),
        }
    }

    /// [`Diff::may_ban_more`] for the pair `a`, `b` of aligned pair
    /// exclusion, whose excluders have two candidates: one with more bans
    /// nothing, and one of two bans the pair taking both its digits.
    fn pair_may_ban_more(&self, m: &[u16; 81], a: usize, b: usize, gone: u128) -> bool {
        let Some(last) = self.last else {
            return true;
        };
        if !two_or_more(last.excluders[a] & last.excluders[b]) {
            return true;
        }
        let mut rest = gone;
        while rest != 0 {
            let e = m[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            if count9(e) == 2 {
                let x = e & e.wrapping_neg();
                let y = e & !x;
                if (m[a] & x != 0 && m[b] & y != 0) || (m[a] & y != 0 && m[b] & x != 0) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the triple `cs`, none of whose cells changed, may remove
    /// something here although it found nothing there, by its changed
    /// common excluders `gone` (some).
    ///
    /// A triple removes more where its common excluders ban more
    /// combinations of digits. An unchanged cell is a common excluder here
    /// if it was there, and bans the same. So a triple that was tried there
    /// (two common excluders or more) cannot remove anything more if each
    /// changed one that is an excluder here (two or three candidates)
    /// holds digits that no combination of the triple's takes all of: such
    /// an excluder bans nothing, and the others ban nothing they did not.
    fn may_ban_more(&self, m: &[u16; 81], cs: [usize; 3], gone: u128) -> bool {
        let Some(last) = self.last else {
            return true;
        };
        let then = last.excluders[cs[0]] & last.excluders[cs[1]] & last.excluders[cs[2]];
        if !two_or_more(then) {
            return true;
        }
        let digits = cs.map(|c| m[c]);
        let mut rest = gone;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if (2..=3).contains(&count9(m[e])) && takes_all(m[e], digits) {
                return true;
            }
        }
        false
    }

    /// [`FRESH`], [`TOUCHED`] and [`NEAR`] for each of `cells` (listed, with
    /// `excluders`), by position.
    fn flags(&self, cells: &[usize], excluders: &[u128; 81]) -> [u8; 81] {
        let listed = cells.iter().fold(0u128, |s, &c| s | 1 << c);
        let mut out = [0u8; 81];
        for (f, &c) in out.iter_mut().zip(cells) {
            let set = |yes: bool, flag: u8| if yes { flag } else { 0 };
            *f = set(self.fresh & 1 << c != 0, FRESH)
                | set(self.either[c] & self.changed != 0, TOUCHED)
                | set(excluders[c] & self.fresh & listed != 0, NEAR);
        }
        out
    }
}

/// The positions (bit `i`) of `flags`' cells with any flag of `any`.
fn flagged(flags: &[u8; 81], count: usize, any: u8) -> u128 {
    (0..count)
        .filter(|&i| flags[i] & any != 0)
        .fold(0u128, |set, i| set | 1 << i)
}

/// The positions `i < j` whose pair with position `j` the searches may
/// have to try: all of them when `j`'s flags hold one of `alone`, else
/// those in `with_alone` (flags holding one of `alone`), and those in
/// `touched` as well when `j` is [`TOUCHED`]. Every pair left out has
/// neither cell flagged `alone` and not both `TOUCHED`.
fn partners(flags: &[u8; 81], j: usize, alone: u8, with_alone: u128, touched: u128) -> u128 {
    let below = (1u128 << j) - 1;
    if flags[j] & alone != 0 {
        below
    } else if flags[j] & TOUCHED != 0 {
        (with_alone | touched) & below
    } else {
        with_alone & below
    }
}

/// A listed cell in [`Diff::fresh`].
const FRESH: u8 = 1;
/// A listed cell with an excluder, here or there, whose candidates changed.
const TOUCHED: u8 = 2;
/// A listed cell with a fresh listed cell among its excluders.
const NEAR: u8 = 4;

/// Remembers `m` (with `excluders`) when the search found nothing there,
/// and forgets the last position when it found a step.
fn remember(slot: &mut Option<Box<Last>>, m: &[u16; 81], excluders: &[u128; 81], found: bool) {
    if found {
        *slot = None;
    } else {
        let last = slot.get_or_insert_with(|| {
            Box::new(Last {
                m: [0; 81],
                excluders: [0; 81],
            })
        });
        last.m = *m;
        last.excluders = *excluders;
    }
}

/// The cells an aligned exclusion lists, in index order (the first
/// `count` of the array), and each one's excluders: cells with two
/// candidates or more, no naked single among their peers and some peer
/// of two to `most` candidates (its excluders).
fn listed_cells(m: &[u16; 81], most: u32) -> ([usize; 81], usize, [u128; 81]) {
    let (mut singles, mut small) = (0u128, 0u128);
    for (c, &mask) in m.iter().enumerate() {
        let n = count9(mask);
        singles |= u128::from(n == 1) << c;
        small |= u128::from((2..=most).contains(&n)) << c;
    }
    let mut cells = [0usize; 81];
    let mut count = 0;
    let mut excluders = [0u128; 81];
    for c in 0..81 {
        let bits = PEER_BITS[c] & small;
        if count9(m[c]) >= 2 && PEER_BITS[c] & singles == 0 && bits != 0 {
            cells[count] = c;
            excluders[c] = bits;
            count += 1;
        }
    }
    (cells, count, excluders)
}

/// The first aligned pair exclusion, scanning pairs of cells as Sudoku
/// Explainer does; `memo` is what it found nothing in last (see [`Memo`]).
#[inline(never)]
pub(crate) fn aligned_pair_exclusion(
    marks: &Candidates,
    memo: &mut Memo,
    words: Words,
) -> Option<Step> {
    let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    // Cells with two or more candidates, no naked single among their peers,
    // and at least one two-candidate peer (their "excluders").
    let (cells, count, excluders) = listed_cells(&m, 2);
    let cells = &cells[..count];
    let diff = Diff::new(memo.pairs.as_deref(), &m, &excluders);
    let flags = diff.flags(cells, &excluders);
    let fresh = flagged(&flags, cells.len(), FRESH);
    let touched = flagged(&flags, cells.len(), TOUCHED);
    let mut found = None;
    'pairs: for j in 1..cells.len() {
        let mut is = partners(&flags, j, FRESH, fresh, touched);
        while is != 0 {
            let i = is.trailing_zeros() as usize;
            is &= is - 1;
            let (a, b) = (cells[i], cells[j]);
            let (fa, fb) = (flags[i], flags[j]);
            if (fa | fb) & FRESH == 0 {
                let gone = diff.either[a] & diff.either[b] & diff.changed;
                if fa & fb & TOUCHED == 0 || gone == 0 || !diff.pair_may_ban_more(&m, a, b, gone) {
                    continue;
                }
            }
            if let Some(step) = pair(&m, (a, excluders[a]), (b, excluders[b]), words) {
                found = Some(step);
                break 'pairs;
            }
        }
    }
    remember(&mut memo.pairs, &m, &excluders, found.is_some());
    found
}

fn pair(
    m: &[u16; 81],
    (a, ea): (usize, u128),
    (b, eb): (usize, u128),
    words: Words,
) -> Option<Step> {
    let common = ea & eb;
    // Two common excluders or more.
    if common & common.wrapping_sub(1) == 0 {
        return None;
    }
    // The pairs of digits the two cells cannot take: a common excluder's.
    let banned = Banned::new(m, common);
    let (ma, mb) = (m[a], m[b]);
    let seen = sees(a, b);
    let (mut ok_a, mut ok_b) = (0u16, 0u16);
    let mut xs = ma;
    while xs != 0 {
        let da = xs.trailing_zeros();
        xs &= xs - 1;
        let mut ys = mb;
        while ys != 0 {
            let db = ys.trailing_zeros();
            ys &= ys - 1;
            if da == db && seen {
                continue;
            }
            if banned.is_excluder(da as usize, db as usize) {
                continue;
            }
            ok_a |= 1 << da;
            ok_b |= 1 << db;
        }
        if ok_a == ma && ok_b == mb {
            return None;
        }
    }
    let excluders: Vec<usize> = (0..81).filter(|&c| common & 1u128 << c != 0).collect();
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
    let reason = || {
        format!(
        "Aligned pair exclusion: every pair of digits for {} and {} that would leave one of the \
         two-digit cells {} they both see empty is impossible",
        cell(a),
        cell(b),
        cells_text(&xs)
    )
    };
    Some(Step::eliminating(
        words,
        Technique::AlignedPairExclusion,
        vec![cell(a), cell(b)],
        Digits::EMPTY,
        elims,
        reason,
    ))
}

/// Aligned triple exclusion (Sudoku Explainer's `AlignedExclusion(3)`, 7.5):
/// three cells, two of them seen by the third or each other, cannot take a
/// combination of digits that repeats a digit in a unit or empties a cell
/// of two or three candidates that all three see; a digit of one of them
/// that fits no remaining combination is removed. The search is SE's: cells
/// with two or more candidates, no naked single among their peers and some
/// peer of two or three candidates (an "excluder"); pairs of them in SE's
/// order, each with every third cell among their excluders, the first
/// triple that removes something. `memo` is what it found nothing in last
/// (see [`Memo`]).
#[inline(never)]
pub(crate) fn aligned_triple_exclusion(
    marks: &Candidates,
    memo: &mut Memo,
    words: Words,
) -> Option<Step> {
    let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    // The listed cells in index order, and each one's excluders as a set.
    let (cells, count, excluders) = listed_cells(&m, 3);
    let cells = &cells[..count];
    if cells.len() < 3 {
        return None;
    }
    let listed = cells.iter().fold(0u128, |s, &c| s | 1 << c);
    let diff = Diff::new(memo.triples.as_deref(), &m, &excluders);
    let found = triples(&m, cells, &excluders, listed, &diff, words);
    remember(&mut memo.triples, &m, &excluders, found.is_some());
    found
}

/// The first triple of `cells` (with `excluders`, the listed cells
/// `listed`) that removes something, among those that `diff` does not
/// show to be as in the remembered position.
fn triples(
    m: &[u16; 81],
    cells: &[usize],
    excluders: &[u128; 81],
    listed: u128,
    diff: &Diff,
    words: Words,
) -> Option<Step> {
    let flags = diff.flags(cells, excluders);
    let hot = flagged(&flags, cells.len(), FRESH | NEAR);
    let touched = flagged(&flags, cells.len(), TOUCHED);
    for j in 1..cells.len() {
        // Left out: the pairs with both cells as they were, no common
        // excluder changed, and no third cell fresh (nothing to try).
        let mut is = partners(&flags, j, FRESH | NEAR, hot, touched);
        while is != 0 {
            let i = is.trailing_zeros() as usize;
            is &= is - 1;
            let (fa, fb) = (flags[i], flags[j]);
            let (a, b) = (cells[i], cells[j]);
            let (ea, eb) = (excluders[a], excluders[b]);
            // The triple's common excluders are among the pair's: two or more.
            let pair = ea & eb;
            if !two_or_more(pair) {
                continue;
            }
            // With both cells as they were, the triples to try are those
            // whose third cell is not, or whose common excluders are not.
            let same = (fa | fb) & FRESH == 0;
            let gone = if fa & fb & TOUCHED != 0 {
                diff.either[a] & diff.either[b] & diff.changed
            } else {
                0
            };
            // The third cells SE tries: the listed excluders of `a`, then
            // those of `b`; which of them have two common excluders or more
            // and may remove something (SE's order is kept below, for the
            // few that are left).
            let mut thirds = (ea | eb) & listed & !(1u128 << a) & !(1u128 << b);
            if same && gone == 0 {
                thirds &= diff.fresh;
            }
            if thirds == 0 {
                continue;
            }
            // A third cell's excluders are its peers of two or three
            // candidates, as the pair's common excluders all are: it has
            // two of them in common with the pair if it sees two.
            // One third cell (where the memory leaves one) is tested alone.
            if !two_or_more(thirds) {
                if !two_or_more(pair & PEER_BITS[thirds.trailing_zeros() as usize]) {
                    continue;
                }
            } else {
                thirds &= seen_twice(pair);
            }
            // Where both cells are as they were, a third cell that is too
            // is new only by a common excluder that changed.
            let mut open = thirds;
            if same && gone != 0 {
                open = thirds & diff.fresh;
                let mut rest = thirds & !diff.fresh;
                while rest != 0 {
                    let t = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let changed = diff.either[t] & gone;
                    if changed != 0 && diff.may_ban_more(m, [a, b, t], changed) {
                        open |= 1 << t;
                    }
                }
            }
            if open == 0 {
                continue;
            }
            let bound = Bound::new(m, a, b, pair);
            thirds = 0;
            while open != 0 {
                let t = open.trailing_zeros() as usize;
                open &= open - 1;
                if bound.may_remove(m[t]) {
                    thirds |= 1 << t;
                }
            }
            if thirds == 0 {
                continue;
            }
            // SE's order: `a`'s excluders, then `b`'s that are not `a`'s.
            let order = se_peers(a)
                .filter(|&t| thirds & 1 << t != 0)
                .chain(se_peers(b).filter(|&t| thirds & !ea & 1 << t != 0));
            for t in order {
                let common = pair & excluders[t];
                if let Some(step) = triple(m, [a, b, t], common, words) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Whether three cells of candidates `cells` (one or more each) can take
/// every digit of `digits` (two or three of them), one digit a cell.
fn takes_all(digits: u16, cells: [u16; 3]) -> bool {
    let [a, b, c] = cells;
    let x = digits.trailing_zeros();
    let rest = digits & (digits - 1);
    let y = rest.trailing_zeros();
    let has = |cell: u16, d: u32| cell >> d & 1 != 0;
    if rest & (rest - 1) == 0 {
        // Two digits: x in one cell, y in another.
        return (has(a, x) && has(b | c, y))
            || (has(b, x) && has(a | c, y))
            || (has(c, x) && has(a | b, y));
    }
    let z = (rest & (rest - 1)).trailing_zeros();
    [
        (x, y, z),
        (x, z, y),
        (y, x, z),
        (y, z, x),
        (z, x, y),
        (z, y, x),
    ]
    .iter()
    .any(|&(p, q, r)| has(a, p) && has(b, q) && has(c, r))
}

/// The cells that see two cells of `cells` or more.
fn seen_twice(cells: u128) -> u128 {
    let (mut once, mut twice) = (0u128, 0u128);
    let mut rest = cells;
    while rest != 0 {
        let peers = PEER_BITS[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        twice |= once & peers;
        once |= peers;
    }
    twice
}

/// Whether `set` has two members or more.
fn two_or_more(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// What any triple made of the pair `a`, `b` and a third cell could remove,
/// bounded from above: the third cell is taken to see both and every
/// excluder of the pair to be one of the triple's, which only rules out
/// more combinations. `keep(x, y)` is the set of third digits that the
/// pair's digits `x`, `y` rule out: `x`, `y` and the one digit that would
/// complete an excluder (every digit if `{x, y}` is one).
struct Bound {
    /// The third cell's digits that could go: ruled out by every pair.
    third: u16,
    /// Per digit of `a`, the digits a third cell may hold for `a` to lose
    /// it: those every `y` of `b` rules out beside it; the same for `b`.
    for_a: [u16; 9],
    for_b: [u16; 9],
}

impl Bound {
    fn new(m: &[u16; 81], a: usize, b: usize, pair: u128) -> Bound {
        let banned = Banned::new(m, pair);
        let seen = sees(a, b);
        // Digits the cells do not hold can never go: no third cell fits.
        let mut bound = Bound {
            third: 0x1ff,
            for_a: std::array::from_fn(|x| if m[a] & 1 << x != 0 { 0x1ff } else { 0 }),
            for_b: std::array::from_fn(|y| if m[b] & 1 << y != 0 { 0x1ff } else { 0 }),
        };
        let mut xs = m[a];
        while xs != 0 {
            let x = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            let mut ys = m[b];
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                if seen && x == y {
                    continue;
                }
                let keep = 1u16 << x | 1 << y | banned.of(x, y);
                bound.third &= keep;
                bound.for_a[x] &= keep;
                bound.for_b[y] &= keep;
            }
        }
        bound
    }

    /// Whether a triple with a third cell of candidates `mask` could
    /// remove anything.
    fn may_remove(&self, mask: u16) -> bool {
        mask & self.third != 0
            || self.for_a.iter().any(|&k| mask & !k == 0)
            || self.for_b.iter().any(|&k| mask & !k == 0)
    }
}

/// Which third digits each pair of digits rules out, given excluders
/// (cells of two or three candidates that all three cells see): with `x`
/// and `y` in two of the cells, a digit `z` in the third empties an
/// excluder whose candidates are all among `x`, `y`, `z`. That is every `z`
/// if `{x, y}` is an excluder; the other digit of an excluder of two that
/// holds one of `x`, `y`; the third digit of an excluder of three that holds
/// both.
struct Banned {
    /// Per digit, the other digits of the excluders of two that hold it
    /// (so `{x, y}` is an excluder when `y` is among `x`'s partners).
    partners: [u16; 9],
    /// Per pair of digits (`9 * x + y`), the third digits of the excluders of
    /// three that hold both.
    thirds: [u16; 81],
}

impl Banned {
    fn new(m: &[u16; 81], excluders: u128) -> Banned {
        let mut banned = Banned {
            partners: [0; 9],
            thirds: [0; 81],
        };
        let mut rest = excluders;
        while rest != 0 {
            let e = m[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            let p = e.trailing_zeros() as usize;
            let q = (e & (e - 1)).trailing_zeros() as usize;
            let r_bits = e & !(1 << p) & !(1 << q);
            if r_bits == 0 {
                banned.partners[p] |= 1 << q;
                banned.partners[q] |= 1 << p;
            } else {
                let r = r_bits.trailing_zeros() as usize;
                for (x, y, z) in [(p, q, r), (p, r, q), (q, r, p)] {
                    banned.thirds[9 * x + y] |= 1 << z;
                    banned.thirds[9 * y + x] |= 1 << z;
                }
            }
        }
        banned
    }

    /// Whether `{x, y}` (digit indices) is the pair of candidates of an
    /// excluder.
    fn is_excluder(&self, x: usize, y: usize) -> bool {
        self.partners[x] >> y & 1 != 0
    }

    /// The third digits ruled out with `x` and `y` (digit indices) in the
    /// other two cells.
    fn of(&self, x: usize, y: usize) -> u16 {
        if self.is_excluder(x, y) {
            return 0x1ff;
        }
        self.partners[x] | self.partners[y] | self.thirds[9 * x + y]
    }
}

/// The eliminations of the triple `cs` with the excluders `common`, as a
/// step, if any.
fn triple(m: &[u16; 81], cs: [usize; 3], common: u128, words: Words) -> Option<Step> {
    let banned = Banned::new(m, common);
    let seen = [sees(cs[0], cs[1]), sees(cs[0], cs[2]), sees(cs[1], cs[2])];
    let full = [m[cs[0]], m[cs[1]], m[cs[2]]];
    let mut ok = [0u16; 3];
    let mut xs = full[0];
    'search: while xs != 0 {
        let x = xs.trailing_zeros();
        xs &= xs - 1;
        let mut ys = full[1];
        if seen[0] {
            ys &= !(1 << x);
        }
        while ys != 0 {
            let y = ys.trailing_zeros();
            ys &= ys - 1;
            // The third digit must not empty any excluder.
            let mut zs = full[2] & !banned.of(x as usize, y as usize);
            if seen[1] {
                zs &= !(1 << x);
            }
            if seen[2] {
                zs &= !(1 << y);
            }
            if zs != 0 {
                ok[0] |= 1 << x;
                ok[1] |= 1 << y;
                ok[2] |= zs;
                if ok[0] == full[0] && ok[1] == full[1] && ok[2] == full[2] {
                    // Every digit fits some combination: nothing to remove.
                    break 'search;
                }
            }
        }
    }
    let digits = |mask: u16| (0..9usize).filter(move |d| mask & 1 << d != 0);
    let elims: Vec<_> = (0..3)
        .flat_map(|i| {
            let gone = m[cs[i]] & !ok[i];
            digits(gone).map(move |d| (cell(cs[i]), digit(d)))
        })
        .collect();
    if elims.is_empty() {
        return None;
    }
    // Listed in SE's order of the first cell's peers.
    let xs: Vec<_> = se_peers(cs[0])
        .filter(|&o| common & 1 << o != 0)
        .map(cell)
        .collect();
    let reason = || {
        format!(
        "Aligned triple exclusion: every way to fill {}, {} and {} that repeats a digit in a unit \
         or leaves one of the cells {} they all see without a digit is impossible",
        cell(cs[0]),
        cell(cs[1]),
        cell(cs[2]),
        cells_text(&xs)
    )
    };
    Some(Step::eliminating(
        words,
        Technique::AlignedTripleExclusion,
        cs.iter().map(|&c| cell(c)).collect(),
        Digits::EMPTY,
        elims,
        reason,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{marks_of, walk};
    use crate::logic::{LogicSolver, Step, PEERS};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Puzzles whose positions, with random candidates gone, hold many pair
    /// and triple exclusions.
    const WALKED: [&str; 3] = [
        "..4.8.2.....4.....5.3....4...5...89..9.7.2..423................4....967...8.4.3.9",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];

    /// The listed cells and their excluders, on random positions (random
    /// candidates removed from puzzles, some of them cells left with one),
    /// against their definition read peer by peer.
    #[test]
    fn listed_cells_are_those_of_the_definition() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut listed = 0;
        for _ in 0..200 {
            let mut marks = marks_of(
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            );
            for _ in 0..rng.gen_range(0..150) {
                let c = rng.gen_range(0..81);
                if marks.mask(c).count_ones() > 1 {
                    let d = rng.gen_range(0..9);
                    marks.remove(cell(c), digit(d));
                }
            }
            let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            for most in [2, 3] {
                let (cells, count, excluders) = listed_cells(&m, most);
                let mut expected = Vec::new();
                for c in (0..81).filter(|&c| m[c].count_ones() >= 2) {
                    let peers = PEERS[c].map(usize::from);
                    let bits = peers
                        .iter()
                        .filter(|&&p| (2..=most).contains(&m[p].count_ones()))
                        .fold(0u128, |s, &p| s | 1 << p);
                    if peers.iter().all(|&p| m[p].count_ones() != 1) && bits != 0 {
                        expected.push((c, bits));
                    }
                }
                let got: Vec<_> = cells[..count].iter().map(|&c| (c, excluders[c])).collect();
                assert_eq!(got, expected);
                listed += count;
            }
        }
        assert!(listed > 1000, "{listed}");
    }

    /// Random walks of positions: each searched with the memory of the
    /// positions before and afresh, both searches must give the same step.
    /// A walk applies the step found, or removes a random candidate (most
    /// positions then hold a pair or a triple exclusion), and now and then
    /// goes back to an earlier position, so the remembered position is not
    /// always an ancestor.
    #[test]
    fn remembering_searches_find_what_fresh_ones_find() {
        type Search = fn(&Candidates, &mut Memo) -> Option<Step>;
        let searches: [Search; 2] = [
            |m, memo| aligned_pair_exclusion(m, memo, Words::Written),
            |m, memo| aligned_triple_exclusion(m, memo, Words::Written),
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
        let (mut found, mut tried) = (0, 0);
        for line in WALKED {
            let mut marks = marks_of(line);
            let mut memo = Memo::default();
            let mut earlier = Vec::new();
            for _ in 0..300 {
                let mut step = None;
                for search in searches {
                    let fresh = search(&marks, &mut Memo::default());
                    assert_eq!(search(&marks, &mut memo), fresh, "{line}");
                    tried += 1;
                    found += usize::from(fresh.is_some());
                    step = step.or(fresh);
                }
                walk(&mut marks, &mut earlier, step, line, &mut rng);
            }
        }
        assert!(found * 10 > tried, "only {found} steps in {tried} searches");
    }

    /// Random positions, each followed by one with a few more candidates
    /// gone (cells going from four to three among them: new excluders):
    /// a triple of unchanged cells that was tried in the first and found
    /// nothing, or was not tried there, and whose changed common excluders
    /// [`Diff::may_ban_more`] clears, finds nothing in the second.
    #[test]
    fn triples_cleared_by_their_changed_excluders_find_nothing_again() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(33);
        let strike = |marks: &mut Candidates, rng: &mut Xoshiro256PlusPlus| {
            let c = rng.gen_range(0..81);
            let m = marks.mask(c);
            if m.count_ones() > 1 {
                let d = rng.gen_range(0..9);
                marks.remove(cell(c), digit(d));
            }
        };
        let (mut cleared, mut retried) = (0, 0);
        for round in 0..300 {
            let mut then = marks_of(WALKED[round % WALKED.len()]);
            for _ in 0..rng.gen_range(0..160) {
                strike(&mut then, &mut rng);
            }
            let mut now = then.clone();
            for _ in 0..rng.gen_range(1..6) {
                strike(&mut now, &mut rng);
            }
            let mt: [u16; 81] = std::array::from_fn(|c| then.mask(c));
            let mn: [u16; 81] = std::array::from_fn(|c| now.mask(c));
            let (_, _, ex_then) = listed_cells(&mt, 3);
            let (cells, count, ex_now) = listed_cells(&mn, 3);
            let last = Last {
                m: mt,
                excluders: ex_then,
            };
            let diff = Diff::new(Some(&last), &mn, &ex_now);
            let cells: Vec<usize> = cells[..count]
                .iter()
                .copied()
                .filter(|&c| diff.fresh & 1 << c == 0)
                .collect();
            for (i, &a) in cells.iter().enumerate() {
                for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                    for &t in &cells[j + 1..] {
                        let cs = [a, b, t];
                        let common = ex_now[a] & ex_now[b] & ex_now[t];
                        let gone = diff.either[a] & diff.either[b] & diff.either[t] & diff.changed;
                        if !two_or_more(common) || gone == 0 {
                            continue;
                        }
                        let common_then = ex_then[a] & ex_then[b] & ex_then[t];
                        let tried = two_or_more(common_then);
                        if tried && triple(&mt, cs, common_then, Words::Written).is_some() {
                            continue;
                        }
                        if diff.may_ban_more(&mn, cs, gone) {
                            retried += 1;
                            continue;
                        }
                        cleared += 1;
                        assert_eq!(
                            triple(&mn, cs, common, Words::Written),
                            None,
                            "{cs:?} {mt:?} {mn:?}"
                        );
                    }
                }
            }
        }
        // Both outcomes are common.
        assert!(
            cleared > 1000 && retried > 1000,
            "{cleared} cleared, {retried} retried"
        );
    }

    /// Whether three cells can take every digit of a set of two or three,
    /// against trying every combination of their digits.
    #[test]
    fn takes_all_is_some_combination_holding_every_digit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..5_000 {
            let mut digits = 0u16;
            while digits.count_ones() < rng.gen_range(2..=3) {
                digits |= 1 << rng.gen_range(0..9);
            }
            // Cells of one candidate or more, as the listed cells are.
            let cells: [u16; 3] = std::array::from_fn(|_| {
                let m = rng.gen_range(1..512u16) & rng.gen_range(1..512u16);
                if m == 0 {
                    1 << rng.gen_range(0..9)
                } else {
                    m
                }
            });
            let each = |m: u16| (0..9).filter(move |d| m & 1 << d != 0);
            let some = each(cells[0]).any(|x| {
                each(cells[1])
                    .any(|y| each(cells[2]).any(|z| digits & !(1 << x | 1 << y | 1 << z) == 0))
            });
            assert_eq!(takes_all(digits, cells), some, "{digits:#b} {cells:?}");
            if some {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 500 && no > 500, "{yes} {no}");
    }

    /// Every triple that removes something passes the pair's bound, at
    /// every position of some solves that reach the exclusions.
    #[test]
    fn the_pair_bound_never_skips_a_triple_that_removes_something() {
        let puzzles = [
            "..4.8.2.....4.....5.3....4...5...89..9.7.2..423................4....967...8.4.3.9",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "......1....1.6..9.2..43..5....69.....15...8..83.1...6.....2.9...43............678",
        ];
        let (mut triples, mut removing, mut skipped) = (0, 0, 0);
        for line in puzzles {
            let mut solver = LogicSolver::from_candidates(marks_of(line));
            loop {
                let m: [u16; 81] = std::array::from_fn(|c| solver.candidates().mask(c));
                let open: Vec<usize> = (0..81).filter(|&c| m[c].count_ones() >= 2).collect();
                let small = |c: usize| (2..=3).contains(&m[c].count_ones());
                let excl = |c: usize| {
                    se_peers(c)
                        .filter(|&o| small(o))
                        .fold(0u128, |s, o| s | 1 << o)
                };
                for (i, &a) in open.iter().enumerate() {
                    for &b in &open[i + 1..] {
                        let pair = excl(a) & excl(b);
                        if pair.count_ones() < 2 {
                            continue;
                        }
                        let bound = Bound::new(&m, a, b, pair);
                        for &t in open.iter().filter(|&&t| t != a && t != b) {
                            let common = pair & excl(t);
                            if common.count_ones() < 2 {
                                continue;
                            }
                            triples += 1;
                            skipped += usize::from(!bound.may_remove(m[t]));
                            if triple(&m, [a, b, t], common, Words::Written).is_some() {
                                removing += 1;
                                assert!(bound.may_remove(m[t]), "{line}: {a} {b} {t}");
                            }
                        }
                    }
                }
                if solver.advance().is_none() {
                    break;
                }
            }
        }
        // The bound is worth having: it skips most of the others.
        assert!(removing > 0, "no triple removes anything");
        assert!(
            2 * skipped > triples - removing,
            "{skipped} skipped of {triples}"
        );
    }

    /// The third digits a pair of digits rules out, against trying each
    /// digit on every excluder, for random excluders of two and three.
    #[test]
    fn banned_digits_are_those_that_empty_an_excluder() {
        use rand::Rng;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..2_000 {
            // Up to eight excluders of two or three candidates.
            let mut m = [0u16; 81];
            let mut excluders = 0u128;
            for _ in 0..rng.gen_range(1..=8) {
                let c = rng.gen_range(0..81);
                let mut e = 0u16;
                while e.count_ones() < rng.gen_range(2..=3) {
                    e |= 1 << rng.gen_range(0..9);
                }
                m[c] = e;
                excluders |= 1 << c;
            }
            let banned = Banned::new(&m, excluders);
            for x in 0..9 {
                for y in 0..9 {
                    // By definition: the z that leave some excluder with no
                    // digit but x, y and z.
                    let xy = 1u16 << x | 1 << y;
                    let emptied = (0..9)
                        .filter(|&z| {
                            (0..81).any(|c| excluders >> c & 1 != 0 && m[c] & !(xy | 1 << z) == 0)
                        })
                        .fold(0u16, |s, z| s | 1 << z);
                    assert_eq!(banned.of(x, y), emptied, "{x} {y} {m:?}");
                }
            }
        }
    }

    /// The cells that see two of a set, against counting each cell's peers
    /// in the set, for random sets of every size up to 20.
    #[test]
    fn seen_twice_is_seeing_two_or_more() {
        use rand::Rng;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for size in 0..=20 {
            for _ in 0..50 {
                let mut set = 0u128;
                while set.count_ones() < size {
                    set |= 1 << rng.gen_range(0..81);
                }
                let counted = (0..81)
                    .filter(|&c| (PEER_BITS[c] & set).count_ones() >= 2)
                    .fold(0u128, |s, c| s | 1 << c);
                assert_eq!(seen_twice(set), counted, "{set:#x}");
            }
        }
    }
}
