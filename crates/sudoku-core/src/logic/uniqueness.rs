//! Uniqueness: unique rectangles and loops (types 1-4) and the bivalue
//! universal grave (BUG, types 1-4). They assume the puzzle has exactly one
//! solution: a pattern that would let two digits swap, or leave every cell
//! and unit with two choices, cannot be the whole story.
//!
//! The loops are looked for as Sudoku Explainer looks for them, so the same
//! pattern is found first and rated alike: 4.5 for a rectangle, 0.1 more
//! for a loop of 6 or 7 cells, 0.2 for 8 or 9, 0.5 for 10 or more; type 3
//! adds 0.1 per cell of its naked or hidden set beyond the first. BUG type
//! 1 is 5.6, types 2 and 4 are 5.7, type 3 5.7 plus 0.1 per digit of its
//! naked set beyond the first.

use crate::logic::step::{cells_text, digits_text};
use crate::logic::{
    cell, count9, digit, first_combination, unit, Candidates, Digits, Rating, Step, Technique,
    Words, CELL_UNITS, KINDS, PEER_BITS, UNITS, UNIT_BITS,
};
use crate::pos::Cell;

fn unit_of(c: usize, kind: usize) -> usize {
    usize::from(CELL_UNITS[c][kind])
}

fn sees(a: usize, b: usize) -> bool {
    crate::logic::sees(a, b)
}

/// The easiest step so far, with its rating and type.
struct Found {
    tenths: u16,
    kind: u8,
    step: Step,
}

/// The easiest unique rectangle or loop, as Sudoku Explainer ranks them (by
/// rating, then type, then the order found). `memo` keeps the loops found
/// from each start, for the next position (see [`Loops`]).
#[inline(never)]
pub(crate) fn unique_loop(marks: &Candidates, memo: &mut Loops, words: Words) -> Option<Step> {
    unique_loop_search(marks, true, Some(memo), words)
}

/// The valid loops found from each two-candidate cell, kept from one
/// position to the next with what they depend on.
///
/// The walk from a start cell reads only the candidates of the cells that
/// hold both digits of its pair (the start's candidates): which cells it
/// may go through, their extra digits, and which earlier starts hold the
/// same pair. When none of those cells changed (in either position: a
/// cell holds the pair or not by its own candidates), the walk finds the
/// same loops in the same order, so they are taken from the memory.
///
/// Where the last search found no step, every loop's hints were worked
/// out in full there (nothing easier found yet cut any short) and none
/// removed anything. A loop taken from the memory has the same cells with
/// the same candidates, so the same extra cells, and its hints read
/// besides only the cells that see all its extra cells (type 2; with two
/// extra cells, the units both are in, of types 3 and 4, are among
/// them): where none of those changed either, its hints are none again
/// and are not worked out.
#[derive(Default)]
pub(crate) struct Loops {
    /// The candidates of the last position searched.
    last: Option<[u16; 81]>,
    /// Whether the last search found no step.
    quiet: bool,
    /// Tests: how many loops had their hints skipped.
    #[cfg(test)]
    skipped: usize,
    /// Per start cell, what was found from it (when it had two
    /// candidates).
    from: Vec<Option<Start>>,
}

/// The loops found from one start cell, with what they depend on.
#[derive(Clone)]
struct Start {
    /// The start's two candidates.
    pair: u16,
    /// The cells holding both.
    both: u128,
    /// The valid loops from the start, in the order found.
    valid: Vec<Vec<usize>>,
}

/// [`unique_loop`], with `skip_earlier` false walking every loop from each
/// of its two-candidate cells (the tests' reference), and with the loops
/// of `memo` when there is one.
fn unique_loop_search(
    marks: &Candidates,
    skip_earlier: bool,
    mut memo: Option<&mut Loops>,
    words: Words,
) -> Option<Step> {
    let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    // Whether the memory's position found nothing (see `Loops`).
    let quiet = memo
        .as_deref()
        .is_some_and(|memo| memo.quiet && memo.last.is_some());
    // The cells whose candidates changed since the memory's position.
    let changed = match memo.as_deref_mut() {
        Some(memo) => {
            memo.from.resize(81, None);
            let changed = match &memo.last {
                Some(last) => (0..81)
                    .filter(|&c| last[c] != m[c])
                    .fold(0u128, |set, c| set | 1 << c),
                None => (1 << 81) - 1,
            };
            memo.last = Some(m);
            changed
        }
        None => (1 << 81) - 1,
    };
    let at = marks.digit_cells();
    let mut found: Option<Found> = None;
    let mut loops = Vec::new();
    let mut path = Vec::with_capacity(16);
    for start in 0..81 {
        let pair = m[start];
        if count9(pair) != 2 {
            continue;
        }
        // The cells holding both digits: the only ones a loop goes through.
        let both = at[pair.trailing_zeros() as usize] & at[15 - pair.leading_zeros() as usize];
        let kept = memo.as_deref_mut().and_then(|memo| {
            let old = memo.from[start].as_mut()?;
            (old.pair == pair && changed & (both | old.both) == 0)
                .then(|| std::mem::take(&mut old.valid))
        });
        let taken = kept.is_some();
        let valid = match kept {
            Some(valid) => valid,
            None => {
                walk_from(marks, start, both, skip_earlier, &mut path, &mut loops);
                loops.drain(..).filter(|lp| valid_loop(lp)).collect()
            }
        };
        for lp in &valid {
            if quiet && taken && changed & hints_read(&m, lp) == 0 {
                #[cfg(test)]
                if let Some(memo) = memo.as_deref_mut() {
                    memo.skipped += 1;
                }
                continue;
            }
            hints_of_loop(marks, lp, pair, words, &mut found);
        }
        if let Some(memo) = memo.as_deref_mut() {
            memo.from[start] = Some(Start { pair, both, valid });
        }
    }
    if let Some(memo) = memo {
        memo.quiet = found.is_none();
        // Cells that are no start here keep nothing.
        for (c, slot) in memo.from.iter_mut().enumerate() {
            if count9(m[c]) != 2 {
                *slot = None;
            }
        }
    }
    found.map(|f| f.step)
}

/// Every loop from `start` (two candidates) through the cells of `both`
/// (those holding its two digits), into `loops`.
fn walk_from(
    marks: &Candidates,
    start: usize,
    both: u128,
    skip_earlier: bool,
    path: &mut Vec<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    let m = marks.mask(start);
    // A valid loop is found from each of its two-candidate cells alike (it
    // changes the kind of unit at every cell, and which extra cells it
    // admits does not depend on where it starts), and the easiest hint is
    // the first found among equals: the loops through an earlier start of
    // the same pair were all tried from there.
    let earlier = (0..start)
        .filter(|&c| skip_earlier && marks.mask(c) == m)
        .fold(0u128, |set, c| set | 1 << c);
    let mut walk = Walk {
        marks,
        pair: m,
        holders: both & !earlier,
        path,
        on_path: 0,
        out: loops,
    };
    walk.go(start, 2, 0, None);
}

/// Sudoku Explainer's loop search from one cell (see [`Walk::go`]).
struct Walk<'a> {
    marks: &'a Candidates,
    pair: u16,
    /// The cells holding both digits of `pair`.
    holders: u128,
    path: &'a mut Vec<usize>,
    /// The cells of `path`.
    on_path: u128,
    out: &'a mut Vec<Vec<usize>>,
}

impl Walk<'_> {
    /// From `c`, through units of a kind other than the last one used, to
    /// cells holding both digits of the pair, in each unit's order; at most
    /// two cells with extra digits unless they add only one extra digit.
    /// A path of four cells or more back at its start is a loop.
    fn go(&mut self, c: usize, allowed: i32, extra: u16, last: Option<usize>) {
        self.path.push(c);
        self.on_path |= 1 << c;
        let start = self.path[0];
        let mut extra = extra;
        for kind in KINDS {
            if last == Some(kind) {
                continue;
            }
            let unit = UNIT_BITS[unit_of(c, kind)];
            let mut next = unit & self.holders & !self.on_path;
            if self.path.len() >= 4 {
                next |= unit & 1 << start;
            }
            while next != 0 {
                let o = next.trailing_zeros() as usize;
                next &= next - 1;
                if o == start {
                    self.out.push(self.path.clone());
                    continue;
                }
                let m = self.marks.mask(o);
                extra |= m & !self.pair;
                let n = count9(m);
                if n == 2 || count9(extra) == 1 || allowed > 0 {
                    let left = if n > 2 { allowed - 1 } else { allowed };
                    self.go(o, left, extra, Some(kind));
                }
            }
        }
        self.path.pop();
        self.on_path &= !(1 << c);
    }
}

/// A loop visits every unit it touches twice, once from an odd and once
/// from an even position.
fn valid_loop(lp: &[usize]) -> bool {
    let mut odd = 0u32;
    let mut even = 0u32;
    for (i, &c) in lp.iter().enumerate() {
        let seen = if i % 2 == 1 { &mut odd } else { &mut even };
        for u in CELL_UNITS[c] {
            let bit = 1u32 << u;
            if *seen & bit != 0 {
                return false;
            }
            *seen |= bit;
        }
    }
    odd == even
}

fn loop_tenths(len: usize) -> u16 {
    45 + match len {
        0..=5 => 0,
        6..=7 => 1,
        8..=9 => 2,
        _ => 5,
    }
}

/// The cells besides its own whose candidates the hints of the loop `lp`
/// read (see [`Loops`]): with two extra cells or more (cells with more
/// than the pair), those that see all of them (type 2; with two, the
/// units both are in, of types 3 and 4, are among them).
fn hints_read(m: &[u16; 81], lp: &[usize]) -> u128 {
    let (mut extras, mut seeing) = (0, !0u128);
    for &c in lp.iter().filter(|&&c| count9(m[c]) > 2) {
        extras += 1;
        seeing &= PEER_BITS[c];
    }
    if extras < 2 {
        0
    } else {
        seeing
    }
}

fn hints_of_loop(
    marks: &Candidates,
    lp: &[usize],
    pair: u16,
    words: Words,
    out: &mut Option<Found>,
) {
    let extras: Vec<usize> = lp
        .iter()
        .copied()
        .filter(|&c| count9(marks.mask(c)) > 2)
        .collect();
    let base = loop_tenths(lp.len());
    let pattern = Pattern {
        lp,
        pair,
        base,
        words,
    };
    match extras.len() {
        0 => {}
        1 => pattern.push(out, 1, 0, || type1(marks, &pattern, extras[0])),
        2 => {
            let (c1, c2) = (extras[0], extras[1]);
            let rest = (marks.mask(c1) | marks.mask(c2)) & !pair;
            if count9(rest) == 1 {
                pattern.push(out, 2, 0, || type2(marks, &pattern, &extras));
            } else if count9(rest) >= 2 {
                type3(marks, &pattern, c1, c2, out);
            }
            pattern.push(out, 4, 0, || type4(marks, &pattern, c1, c2));
        }
        _ => pattern.push(out, 2, 0, || type2(marks, &pattern, &extras)),
    }
}

struct Pattern<'a> {
    lp: &'a [usize],
    pair: u16,
    base: u16,
    words: Words,
}

impl Pattern<'_> {
    /// Takes the step `step` builds, of type `kind` and rated `extra`
    /// tenths above the pattern, if it is easier than the best (the first
    /// found wins ties); `step` runs only then.
    fn push(
        &self,
        out: &mut Option<Found>,
        kind: u8,
        extra: u16,
        step: impl FnOnce() -> Option<Step>,
    ) {
        let tenths = self.base + extra;
        if out
            .as_ref()
            .is_some_and(|best| (tenths, kind) >= (best.tenths, best.kind))
        {
            return;
        }
        if let Some(step) = step() {
            *out = Some(Found {
                tenths,
                kind,
                step: step.rated(Rating::from_tenths(tenths)),
            });
        }
    }

    fn technique(&self) -> Technique {
        if self.lp.len() == 4 {
            Technique::UniqueRectangle
        } else {
            Technique::UniqueLoop
        }
    }

    fn title(&self, kind: u8) -> String {
        let name = if self.lp.len() == 4 {
            "Unique rectangle"
        } else {
            "Unique loop"
        };
        format!("{name} type {kind}")
    }

    fn cells(&self) -> Vec<Cell> {
        self.lp.iter().map(|&c| cell(c)).collect()
    }

    fn digits(&self) -> Digits {
        Digits::from_bits(self.pair)
    }

    fn step(
        &self,
        kind: u8,
        eliminations: Vec<(Cell, crate::pos::Digit)>,
        why: impl FnOnce() -> String,
    ) -> Option<Step> {
        if eliminations.is_empty() {
            return None;
        }
        let reason = || {
            format!(
                "{}: {} would hold only {} without their other digits, and those could swap \
                 between two solutions; {}",
                self.title(kind),
                cells_text(&self.cells()),
                digits_text(self.digits(), "and"),
                why(),
            )
        };
        Some(Step::eliminating(
            self.words,
            self.technique(),
            self.cells(),
            self.digits(),
            eliminations,
            reason,
        ))
    }
}

fn type1(marks: &Candidates, p: &Pattern, target: usize) -> Option<Step> {
    let elims = (0..9)
        .filter(|d| p.pair & marks.mask(target) & 1 << d != 0)
        .map(|d| (cell(target), digit(d)))
        .collect();
    let why = || {
        format!(
            "so {} cannot be {}",
            cell(target),
            digits_text(p.digits(), "or")
        )
    };
    p.step(1, elims, why)
}

fn type2(marks: &Candidates, p: &Pattern, extras: &[usize]) -> Option<Step> {
    let rest = marks.mask(extras[0]) & !p.pair;
    let d = rest.trailing_zeros() as usize;
    let elims: Vec<_> = (0..81)
        .filter(|&o| !extras.contains(&o) && extras.iter().all(|&x| sees(x, o)))
        .filter(|&o| marks.mask(o) & 1 << d != 0)
        .map(|o| (cell(o), digit(d)))
        .collect();
    let cells: Vec<Cell> = extras.iter().map(|&c| cell(c)).collect();
    let why = || {
        format!(
            "so one of {} is {}, and no cell that sees them all can be {}",
            cells_text(&cells),
            d + 1,
            d + 1
        )
    };
    p.step(2, elims, why)
}

fn type4(marks: &Candidates, p: &Pattern, c1: usize, c2: usize) -> Option<Step> {
    let digits: Vec<usize> = (0..9).filter(|d| p.pair & 1 << d != 0).collect();
    let (v1, v2) = (digits[0], digits[1]);
    let (mut r1, mut r2) = (None, None);
    for kind in KINDS {
        let u = unit_of(c1, kind);
        if u != unit_of(c2, kind) {
            continue;
        }
        let others = UNITS[u]
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| c != c1 && c != c2)
            .fold(0u16, |m, c| m | marks.mask(c));
        if others & 1 << v1 == 0 {
            r1 = Some(u);
        }
        if others & 1 << v2 == 0 {
            r2 = Some(u);
        }
    }
    let (u, lock, gone) = match (r1, r2) {
        (Some(u), _) => (u, v1, v2),
        (None, Some(u)) => (u, v2, v1),
        (None, None) => return None,
    };
    let elims = [c1, c2]
        .into_iter()
        .filter(|&c| marks.mask(c) & 1 << gone != 0)
        .map(|c| (cell(c), digit(gone)))
        .collect();
    let why = || {
        format!(
            "{} of {} is only in {} and {}, so one of them is {} and neither can be {}",
            lock + 1,
            unit(u),
            cell(c1),
            cell(c2),
            lock + 1,
            gone + 1
        )
    };
    p.step(4, elims, why)
}

/// Type 3: the two extra cells act as one cell holding their extra digits,
/// which makes a naked or hidden set with other cells of a unit they share.
fn type3(marks: &Candidates, p: &Pattern, c1: usize, c2: usize, out: &mut Option<Found>) {
    let extra = (marks.mask(c1) | marks.mask(c2)) & !p.pair;
    for degree in count9(extra) as usize..=7 {
        for kind in KINDS {
            let u = unit_of(c1, kind);
            if u != unit_of(c2, kind) {
                continue;
            }
            let cells: [usize; 9] = std::array::from_fn(|i| usize::from(UNITS[u][i]));
            let i1 = cells.iter().position(|&c| c == c1).unwrap_or(0);
            let i2 = cells.iter().position(|&c| c == c2).unwrap_or(0);
            let blanks = cells.iter().filter(|&&c| marks.value(c) == 0).count();
            if degree * 2 <= blanks {
                type3_naked(marks, p, (u, &cells, i1, i2), extra, degree, out);
            }
            if degree * 2 < blanks {
                type3_hidden(marks, p, (u, &cells, i1, i2), extra, degree, out);
            }
        }
    }
}

type UnitPick<'a> = (usize, &'a [usize], usize, usize);

fn type3_naked(
    marks: &Candidates,
    p: &Pattern,
    (u, cells, i1, i2): UnitPick,
    extra: u16,
    degree: usize,
    out: &mut Option<Found>,
) {
    let (c1, c2) = (cells[i1], cells[i2]);
    if degree == 0 || count9(extra) <= 1 {
        return;
    }
    // The set: the extra cells' digits (standing in `i1`) and `degree - 1`
    // of the unit's other cells, in the order of the sets with `i1`.
    let mut others = [0usize; 9];
    let mut count = 0;
    for i in (0..9).filter(|&i| i != i1 && i != i2) {
        others[count] = i;
        count += 1;
    }
    first_combination(count, degree - 1, |pick: &[usize]| {
        let mut naked = extra & marks.mask(c1) & marks.mask(c2);
        let mut union = extra;
        for &k in pick {
            let m = marks.mask(cells[others[k]]);
            if count9(m) <= 1 {
                return None::<()>;
            }
            naked |= m;
            union |= m;
        }
        if count9(naked) as usize != degree || count9(union) as usize != degree {
            return None;
        }
        let bonus = (count9(union) as u16).saturating_sub(1);
        p.push(out, 3, bonus, || {
            let members: Vec<usize> = pick.iter().map(|&k| cells[others[k]]).collect();
            let elims: Vec<_> = cells
                .iter()
                .copied()
                .filter(|&o| o != c1 && o != c2 && !members.contains(&o))
                .flat_map(|o| {
                    (0..9)
                        .filter(move |&d| union & marks.mask(o) & 1 << d != 0)
                        .map(move |d| (cell(o), digit(d)))
                })
                .collect();
            let set: Vec<Cell> = members.iter().map(|&c| cell(c)).collect();
            let why = || {
                format!(
                "so {} or {} holds {}, which makes a naked set of {} with {} in {}: remove those digits from the rest of it",
                cell(c1),
                cell(c2),
                digits_text(Digits::from_bits(extra), "or"),
                digits_text(Digits::from_bits(union), "and"),
                cells_text(&set),
                unit(u),
            )
            };
            p.step(3, elims, why)
        });
        None
    });
}

fn type3_hidden(
    marks: &Candidates,
    p: &Pattern,
    (u, cells, i1, i2): UnitPick,
    extra: u16,
    degree: usize,
    out: &mut Option<Found>,
) {
    let mut rem = [0usize; 9];
    let mut count = 0;
    for d in (0..9).filter(|&d| (p.pair | extra) & 1 << d == 0) {
        rem[count] = d;
        count += 1;
    }
    if degree < 2 || degree - 2 > count {
        return;
    }
    let places = marks.unit_places()[u];
    first_combination(count, degree - 2, |pick: &[usize]| {
        // The picked digits and the pair's.
        let hidden = pick.iter().fold(p.pair, |m, &i| m | 1 << rem[i]);
        let mut union = 0u16;
        let mut digits = hidden;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let spots = places[d] & !(1 << i2);
            if spots == 0 {
                return None::<()>;
            }
            union |= spots;
        }
        if count9(union) as usize != degree {
            return None;
        }
        let spots = union & !(1 << i1) & !(1 << i2);
        let members: Vec<usize> = (0..9)
            .filter(|i| spots & 1 << i != 0)
            .map(|i| cells[i])
            .collect();
        let bonus = (members.len() as u16).saturating_sub(1);
        p.push(out, 3, bonus, || {
            let elims: Vec<_> = members
                .iter()
                .flat_map(|&o| {
                    (0..9)
                        .filter(move |&d| marks.mask(o) & !hidden & 1 << d != 0)
                        .map(move |d| (cell(o), digit(d)))
                })
                .collect();
            let set: Vec<Cell> = members.iter().map(|&c| cell(c)).collect();
            let why = || {
                format!(
                "so {} or {} holds {}, which leaves {} only in {} and {} in {}: those cells hold nothing else",
                cell(cells[i1]),
                cell(cells[i2]),
                digits_text(Digits::from_bits(extra), "or"),
                digits_text(Digits::from_bits(hidden), "and"),
                cells_text(&set),
                cell(cells[i1]),
                unit(u),
            )
            };
            p.step(3, elims, why)
        });
        None
    });
}

/// The bivalue universal grave: when every blank cell but a few has two
/// candidates and every digit two places in each unit, the extra digits of
/// those few cells cannot all be false, or the grid would have two
/// solutions.
#[inline(never)]
pub(crate) fn bug(marks: &Candidates, words: Words) -> Option<Step> {
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<u128> = None;
    let mut rest: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    let at = marks.digit_cells();
    // The cells with three candidates or more.
    let big = (0..81)
        .filter(|&c| count9(marks.mask(c)) >= 3)
        .fold(0u128, |s, c| s | 1 << c);
    for kind in KINDS {
        for u in (0..27).filter(|&u| kind_of(u) == kind) {
            for (d, &cells) in at.iter().enumerate() {
                let spots = cells & UNIT_BITS[u];
                if spots == 0 || two(spots) {
                    continue;
                }
                let big = spots & big;
                if big == 0 {
                    return None;
                }
                if big & (big - 1) == 0 {
                    let c = big.trailing_zeros() as usize;
                    if !bug_cells.contains(&c) {
                        bug_cells.push(c);
                    }
                    bug_values[c] |= 1 << d;
                    all_values |= 1 << d;
                    rest[c] &= !(1 << d);
                    let mut set = common.unwrap_or(house(c)) & house(c);
                    for &b in &bug_cells {
                        set &= !(1u128 << b);
                    }
                    common = Some(set);
                    if bug_cells.len() > 1 && count9(all_values) > 1 && set == 0 {
                        return None;
                    }
                }
            }
        }
    }
    if (0..81).any(|c| marks.value(c) == 0 && count9(rest[c]) != 2) {
        return None;
    }
    let mut left = [0u128; 9];
    for (c, &mask) in rest.iter().enumerate() {
        for (d, set) in left.iter_mut().enumerate() {
            if mask & 1 << d != 0 {
                *set |= 1 << c;
            }
        }
    }
    for &cells in &UNIT_BITS {
        for set in &left {
            let n = set & cells;
            if n != 0 && !two(n) {
                return None;
            }
        }
    }
    let common = common.unwrap_or(0);
    let b = Bug {
        marks,
        words,
        cells: bug_cells,
        values: bug_values,
        all: all_values,
        common,
    };
    if b.cells.len() == 1 {
        return b.type1();
    }
    if count9(all_values) == 1 {
        return b.type2().or_else(|| b.type4());
    }
    if common == 0 {
        return None;
    }
    b.type4().or_else(|| b.type3())
}

/// The unit kind (position in `CELL_UNITS`) of unit `u`.
fn kind_of(u: usize) -> usize {
    match u {
        0..=8 => 0,
        9..=17 => 1,
        _ => 2,
    }
}

/// Whether `set` has exactly two members.
fn two(set: u128) -> bool {
    let rest = set & set.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// The peers of `c` as a cell set.
fn house(c: usize) -> u128 {
    crate::logic::PEERS[c]
        .iter()
        .fold(0u128, |m, &p| m | 1u128 << p)
}

struct Bug<'a> {
    marks: &'a Candidates,
    words: Words,
    cells: Vec<usize>,
    values: [u16; 81],
    all: u16,
    common: u128,
}

impl Bug<'_> {
    fn step(
        &self,
        kind: u8,
        tenths: u16,
        elims: Vec<(Cell, crate::pos::Digit)>,
        why: impl FnOnce() -> String,
    ) -> Option<Step> {
        if elims.is_empty() {
            return None;
        }
        let cells: Vec<Cell> = self.cells.iter().map(|&c| cell(c)).collect();
        let reason = || {
            format!(
                "BUG type {kind}: without {} in {}, every blank cell would hold two digits and \
                 every digit have two places in each unit, which has two solutions; {}",
                digits_text(Digits::from_bits(self.all), "and"),
                cells_text(&self.cells.iter().map(|&c| cell(c)).collect::<Vec<_>>()),
                why(),
            )
        };
        let step = Step::eliminating(
            self.words,
            Technique::Bug,
            cells,
            Digits::from_bits(self.all),
            elims,
            reason,
        );
        Some(step.rated(Rating::from_tenths(tenths)))
    }

    fn type1(&self) -> Option<Step> {
        let c = self.cells[0];
        let elims = (0..9)
            .filter(|&d| self.marks.mask(c) & !self.all & 1 << d != 0)
            .map(|d| (cell(c), digit(d)))
            .collect();
        let why = || {
            format!(
                "so {} is {}",
                cell(c),
                digits_text(Digits::from_bits(self.all), "or")
            )
        };
        self.step(1, 56, elims, why)
    }

    fn type2(&self) -> Option<Step> {
        let d = self.all.trailing_zeros() as usize;
        let elims = (0..81)
            .filter(|&o| self.common & 1u128 << o != 0 && self.marks.mask(o) & 1 << d != 0)
            .map(|o| (cell(o), digit(d)))
            .collect();
        let why = || {
            format!(
                "so one of them is {}, and no cell seeing them all can be",
                d + 1
            )
        };
        self.step(2, 57, elims, why)
    }

    fn type4(&self) -> Option<Step> {
        let [c1, c2] = self.cells[..] else {
            return None;
        };
        let shared = self.marks.mask(c1) & self.marks.mask(c2) & !self.all;
        if count9(shared) != 1 {
            return None;
        }
        let u = KINDS
            .into_iter()
            .map(|k| unit_of(c1, k))
            .find(|&u| UNITS[u].contains(&(c2 as u8)))?;
        let elims = [c1, c2]
            .into_iter()
            .flat_map(|c| {
                let gone = self.marks.mask(c) & !self.values[c] & !shared;
                (0..9)
                    .filter(move |d| gone & 1 << d != 0)
                    .map(move |d| (cell(c), digit(d)))
            })
            .collect();
        let why = || {
            format!(
                "one of {} and {} in {} holds its extra digit, and {} is in the other",
                cell(c1),
                cell(c2),
                unit(u),
                shared.trailing_zeros() + 1
            )
        };
        self.step(4, 57, elims, why)
    }

    fn type3(&self) -> Option<Step> {
        for kind in KINDS {
            let u = unit_of(self.cells[0], kind);
            if self.cells.iter().any(|&c| unit_of(c, kind) != u) {
                continue;
            }
            let pool: Vec<usize> = (0..81)
                .filter(|&o| self.common & 1u128 << o != 0 && unit_of(o, kind) == u)
                .collect();
            for degree in 2..=6usize {
                if pool.len() < degree {
                    continue;
                }
                let found = first_combination(pool.len(), degree - 1, |pick: &[usize]| {
                    let union = pick.iter().fold(0u16, |m, &i| m | self.marks.mask(pool[i]));
                    if count9(union) as usize != degree {
                        return None;
                    }
                    if pick.iter().any(|&i| count9(self.marks.mask(pool[i])) <= 1) {
                        return None;
                    }
                    let naked = union | self.all;
                    if count9(naked) as usize != degree {
                        return None;
                    }
                    let members: Vec<usize> = pick.iter().map(|&i| pool[i]).collect();
                    let elims: Vec<_> = pool
                        .iter()
                        .copied()
                        .filter(|o| !members.contains(o) && !self.cells.contains(o))
                        .flat_map(|o| {
                            (0..9)
                                .filter(move |&d| naked & self.marks.mask(o) & 1 << d != 0)
                                .map(move |d| (cell(o), digit(d)))
                        })
                        .collect();
                    let set: Vec<Cell> = members.iter().map(|&c| cell(c)).collect();
                    let why = || {
                        format!(
                            "so one of them holds {}, which makes a naked set of {} with {} in {}",
                            digits_text(Digits::from_bits(self.all), "or"),
                            digits_text(Digits::from_bits(naked), "and"),
                            cells_text(&set),
                            unit(u)
                        )
                    };
                    let tenths = 57 + count9(naked) as u16 - 1;
                    self.step(3, tenths, elims, why)
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
    use crate::grid::Grid;
    use crate::logic::LogicSolver;
    use crate::SolverKind;

    /// A unique rectangle whose two extra cells hold one extra digit, 3,
    /// that no cell seeing both holds: no hint. Then the same position with
    /// 3 back in a cell of their column, whose hints must be worked out
    /// again, though the rectangle's cells did not change: type 2.
    #[test]
    fn a_change_that_a_loops_hints_read_is_not_skipped() {
        use crate::logic::{cell, digit};
        let at = |r: usize, c: usize| cell(r * 9 + c);
        let mut b = Candidates::new(&Grid::empty());
        let rect = [at(0, 0), at(1, 0), at(0, 3), at(1, 3)];
        let keep = |c, d: usize| match d {
            0 => rect.contains(&c) || [at(5, 3), at(2, 4)].contains(&c),
            1 => rect.contains(&c) || [at(6, 3), at(2, 5)].contains(&c),
            2 => !rect[..2].contains(&c),
            _ => !rect.contains(&c),
        };
        for c in crate::pos::Cell::all() {
            for d in 0..9 {
                if !keep(c, d) {
                    b.remove(c, digit(d));
                }
            }
        }
        let sees_both = PEER_BITS[rect[2].index()] & PEER_BITS[rect[3].index()];
        let mut a = b.clone();
        for o in (0..81).filter(|&o| sees_both & 1 << o != 0 && o != 4 * 9 + 3) {
            b.remove(cell(o), digit(2));
            a.remove(cell(o), digit(2));
        }
        a.remove(at(4, 3), digit(2));
        let mut memo = Loops::default();
        assert_eq!(
            unique_loop_search(&a, true, Some(&mut memo), Words::Written),
            None
        );
        let fresh = unique_loop_search(&b, true, None, Words::Written).expect("type 2");
        assert_eq!(fresh.eliminations(), [(at(4, 3), digit(2))]);
        let kept = unique_loop_search(&b, true, Some(&mut memo), Words::Written);
        assert_eq!(kept, Some(fresh));
    }

    /// Random walks of positions (steps taken, candidates removed, now and
    /// then back to an earlier position) from generated puzzles: the
    /// search with the loops of the position before kept, and the hints of
    /// those whose cells and reads did not change skipped after a position
    /// that found nothing, finds what a fresh one finds.
    #[test]
    fn hints_skipped_after_a_quiet_position_change_nothing() {
        use crate::logic::tests::walk;
        use rand::SeedableRng;
        let batch = Batch::new(11);
        let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None).unwrap();
        let solver = SolverKind::default().solver();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(33);
        let (mut skipped, mut found) = (0, 0);
        for index in 0..60 {
            let made = batch.puzzle(index, &spec, solver).unwrap();
            let line = made.puzzle.to_string();
            let mut marks = Candidates::new(&made.puzzle);
            let mut memo = Loops::default();
            let mut earlier = Vec::new();
            for _ in 0..400 {
                let fresh = unique_loop_search(&marks, true, None, Words::Written);
                let kept = unique_loop_search(&marks, true, Some(&mut memo), Words::Written);
                assert_eq!(kept, fresh, "puzzle {index}: {marks:?}");
                found += usize::from(fresh.is_some());
                walk(&mut marks, &mut earlier, fresh, &line, &mut rng);
            }
            skipped += memo.skipped;
        }
        assert!(
            found > 30 && skipped > 500,
            "{found} found, {skipped} skipped"
        );
    }

    /// Skipping the earlier two-candidate cells of a pair changes no step,
    /// nor does keeping the loops of the position before, at every
    /// position of the solves of generated puzzles.
    #[test]
    fn skipping_loops_tried_from_an_earlier_start_changes_nothing() {
        let batch = Batch::new(7);
        let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None).unwrap();
        let solver = SolverKind::default().solver();
        let (mut positions, mut found) = (0, 0);
        for index in 0..40 {
            let made = batch.puzzle(index, &spec, solver).unwrap();
            let mut logic = LogicSolver::new(&made.puzzle);
            let mut memo = Loops::default();
            for _ in 0..40 {
                let marks = logic.candidates();
                let fast = unique_loop_search(marks, true, None, Words::Written);
                assert_eq!(
                    fast,
                    unique_loop_search(marks, false, None, Words::Written),
                    "puzzle {index}"
                );
                let kept = unique_loop_search(marks, true, Some(&mut memo), Words::Written);
                assert_eq!(kept, fast, "puzzle {index}: with the loops kept");
                positions += 1;
                found += usize::from(fast.is_some());
                if logic.advance().is_none() {
                    break;
                }
            }
        }
        assert!(found > 0, "no loop in {positions} positions");
    }
}
