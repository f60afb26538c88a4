//! Forcing chains nested in forcing chains, as Sudoku Explainer (SE) finds
//! and rates them (`Chaining` at levels 2-5, 9.5 and up).
//!
//! A dynamic forcing chain follows an assumption until nothing more
//! follows. At level 1 ("plus", [`super::plus`]) the basic techniques
//! then look at the board the chain has left (locked candidates, hidden
//! and naked pairs, X-wings); from level 2 on, when those find nothing,
//! whole forcing chain searches run on that board:
//!
//! | level | rating | nested searches, tried in turn |
//! |---|---|---|
//! | 2 | 9.5 | static forcing chains and cycles |
//! | 3 | 10.0 | the same, then multiple (cell and region) forcing chains |
//! | 4 | 10.5 | dynamic forcing chains |
//! | 5 | 11.0 | dynamic forcing chains, then dynamic forcing chains nested at level 2 |
//!
//! Each nested search yields every chain it finds (the easiest of those
//! removing the same candidates, as SE keeps them). A chain counts only if
//! it needed a candidate the outer chain struck: those are its *rule
//! parents*, which become the causes of what it removes, and it is
//! remembered by a fingerprint of its states (SE's `FullChain`) so that
//! the outer chain's complexity adds each nested chain's once.
//!
//! The rule parents follow SE's `collectRuleParents`: an on state reached
//! through its cell (the cell's last other digit) needs the digits struck
//! from that cell; one reached through a unit (the digit's last other
//! place) needs the places struck from that unit.
//!
//! The nested searches are the engine's own ([`super::forcing`] runs them
//! where a propagation asks, through [`super::propagation::Nest`]); this
//! file holds what they yield and how it is counted: the static chains as
//! nested hints, the chains kept ([`Collect`]), their rule parents
//! ([`struck_by`], [`rule_walk`]) and fingerprints ([`Fingerprint`]).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::board::{Board, Cause, KeyHasher, NestedRef, Rule};
use super::chains;
use super::closure;
use super::propagation::Prop;
use super::shared::{self, st_on, state_cell, state_digit, state_on};
use crate::logic::{CELL_UNITS, KINDS, SE_UNITS, UNITS};

/// A chain a nested search found: the off states of what it removes (by
/// cell, then digit), its rule parents (off states, in SE's order) and its
/// fingerprint and complexity.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub(crate) removed: Vec<u16>,
    pub(crate) parents: Vec<u16>,
    pub(crate) nested: NestedRef,
    /// The on states whose causes give the rule parents, with those
    /// causes, in SE's order: the parents from another starting board
    /// ([`Hint::parents_from`]).
    pub(crate) steps: Vec<(Cause, u16)>,
}

impl Hint {
    /// This chain with its rule parents worked out for a chain that started
    /// from `source` and left `cur` (the board the chain was found on): the
    /// same chain, since a search reads the starting board for nothing else
    /// that changes what it finds.
    pub(crate) fn parents_from(&self, source: &Board, cur: &Board) -> Hint {
        Hint {
            removed: self.removed.clone(),
            parents: parents_of(&self.steps, source, cur),
            nested: self.nested,
            steps: self.steps.clone(),
        }
    }
}

/// The rule parents of a chain found on `cur`, started from `source`, from
/// its on states and their causes in SE's order (`steps`): what each
/// cause needed that was struck since ([`struck_by`]), once each.
pub(crate) fn parents_of(steps: &[(Cause, u16)], source: &Board, cur: &Board) -> Vec<u16> {
    let mut parents = Vec::new();
    for &(cause, state) in steps {
        struck_by(cause, state, source, cur, &mut parents);
    }
    parents
}

/// The searches run at `level` once the basic techniques find nothing.
pub(crate) fn rules(level: u8) -> &'static [Rule] {
    match level {
        0 | 1 => &[],
        2 => &[Rule::Chains],
        3 => &[Rule::Chains, Rule::Multiple],
        4 => &[Rule::Dynamic],
        _ => &[Rule::Dynamic, Rule::DynamicNested],
    }
}

/// The static forcing chains and cycles of `cur` as nested hints (with the
/// storage of those searches).
pub(super) fn static_chains(
    source: &Board,
    cur: &Board,
    work: &mut chains::Work,
    cache: &mut closure::Cache,
) -> Vec<Hint> {
    let m = cur.masks();
    let found = chains::all_chains(m, work, cache);
    let mut collect = Collect::new(source);
    let mut slots = Vec::new();
    for (i, f) in found.iter().enumerate() {
        if let Some(slot) = collect.slot(&f.removed, f.difficulty, f.complexity, f.sort_key) {
            slots.push((slot, i));
        }
    }
    // A later, easier chain may have taken an earlier one's slot: only the
    // last chain given each slot is its winner. (Slots are numbered from
    // 0; the order they are filled in does not matter, `finish` sorts.)
    let mut winner = vec![None; slots.iter().map(|&(slot, _)| slot + 1).max().unwrap_or(0)];
    for &(slot, i) in &slots {
        winner[slot] = Some(i);
    }
    for (slot, i) in winner.iter().enumerate() {
        let Some(i) = *i else {
            continue;
        };
        let f = &found[i];
        let mut steps = Vec::new();
        let mut hash = Fingerprint::new();
        let links = path_causes(m, &f.path);
        if f.cycle {
            // SE's two targets: the cycle back to its start (on), then the
            // cycle reversed (`getReversedCycle`), whose states are the
            // opposites, each keeping the original's cause.
            let n = f.path.len() - 1;
            hash.target(f.path[n] as u16);
            for i in (1..=n).rev() {
                hash.state(f.path[i] as u16);
                if state_on(f.path[i]) {
                    steps.push((links[i], f.path[i] as u16));
                }
            }
            hash.target(f.path[0] as u16 ^ 1);
            for (i, (&s, &cause)) in f.path[..n].iter().zip(&links).enumerate() {
                let reversed = s as u16 ^ 1;
                hash.state(reversed);
                if i > 0 && !state_on(s) {
                    steps.push((cause, reversed));
                }
            }
        } else {
            let n = f.path.len() - 1;
            hash.target(f.path[n] as u16);
            for i in (0..=n).rev() {
                hash.state(f.path[i] as u16);
                if i > 0 && state_on(f.path[i]) {
                    steps.push((links[i], f.path[i] as u16));
                }
            }
        }
        collect.fill(
            slot,
            Hint {
                removed: f.removed.clone(),
                parents: parents_of(&steps, source, cur),
                nested: NestedRef {
                    fingerprint: hash.finish(),
                    complexity: f.complexity as u32,
                },
                steps,
            },
        );
    }
    collect.finish()
}

/// The cause of each state of a static chain's path (the first has none):
/// the link from the state before, as SE names it. An off state is caused
/// by its cell, or the first of box, row and column the two cells share;
/// an on state by its cell, or the first of those where the digit has two
/// places.
fn path_causes(m: &[u16; 81], path: &[usize]) -> Vec<Cause> {
    let mut out = vec![Cause::Start; path.len()];
    for i in 1..path.len() {
        let (from, to) = (path[i - 1], path[i]);
        let (a, b) = (state_cell(from), state_cell(to));
        if a == b {
            out[i] = Cause::Cell;
            continue;
        }
        let d = state_digit(to);
        for (j, kind) in KINDS.into_iter().enumerate() {
            let u = usize::from(CELL_UNITS[a][kind]);
            if CELL_UNITS[b][kind] as usize != u {
                continue;
            }
            let bilocal = UNITS[u]
                .iter()
                .filter(|&&o| m[usize::from(o)] & 1 << d != 0)
                .count()
                == 2;
            if !state_on(to) || bilocal {
                out[i] = Cause::Unit(j as u8);
                break;
            }
        }
    }
    out
}

/// The rule parents of an on `state` with `cause`: the candidates struck
/// from `source` to make `cur` that the cause needed (its cell's digits,
/// or its digit's places in the unit), added to `parents` once each.
pub(crate) fn struck_by(
    cause: Cause,
    state: u16,
    source: &Board,
    cur: &Board,
    parents: &mut Vec<u16>,
) {
    let s = usize::from(state);
    let (c, d) = (state_cell(s), state_digit(s));
    let mut add = |o: usize, e: usize| {
        let p = shared::st(o, e, false);
        if !parents.contains(&p) {
            parents.push(p);
        }
    };
    match cause {
        Cause::Cell => {
            // The cell's struck digits, in increasing order.
            let mut struck = source.m[c] & !cur.m[c];
            while struck != 0 {
                add(c, struck.trailing_zeros() as usize);
                struck &= struck - 1;
            }
        }
        Cause::Unit(j) => {
            let u = usize::from(SE_UNITS[c][usize::from(j)]);
            for &o in &UNITS[u] {
                let o = usize::from(o);
                if (source.m[o] & !cur.m[o]) & 1 << d != 0 {
                    add(o, d);
                }
            }
        }
        Cause::Start | Cause::Advanced(_) => {}
    }
}

/// SE's hint classes, as far as rule parents tell them apart: in a cell
/// or region chain each branch's assumption counts as made by the cell or
/// the unit (SE kind index), in the others it has no cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Binary,
    Cell,
    Region(u8),
}

/// SE's walk from a conclusion at node `target` of `prop` through all its
/// causes (`collectRuleParents` and `getChain`, breadth first): each on
/// state with the cause that gives its rule parents goes to `steps`
/// ([`parents_of`]), in order, and every state to `hash`.
#[allow(clippy::too_many_arguments)]
pub(super) fn rule_walk(
    prop: &Prop,
    target: u16,
    kind: Kind,
    steps: &mut Vec<(Cause, u16)>,
    hash: &mut Fingerprint,
    seen: &mut Vec<u32>,
    stamp: &mut u32,
    (mut todo, mut next): (&mut Vec<u16>, &mut Vec<u16>),
) {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        seen.iter_mut().for_each(|s| *s = 0);
        *stamp = 1;
    }
    if seen.len() < prop.nodes.len() {
        seen.resize(prop.nodes.len(), 0);
    }
    hash.target(prop.nodes[usize::from(target)].state);
    todo.clear();
    todo.push(target);
    next.clear();
    while !todo.is_empty() {
        for &n in todo.iter() {
            if seen[usize::from(n)] == *stamp {
                continue;
            }
            seen[usize::from(n)] = *stamp;
            let node = prop.nodes[usize::from(n)];
            hash.state(node.state);
            if st_on(node.state) {
                let cause = match (node.cause, kind) {
                    (Cause::Start, Kind::Cell) => Cause::Cell,
                    (Cause::Start, Kind::Region(j)) => Cause::Unit(j),
                    (cause, _) => cause,
                };
                steps.push((cause, node.state));
            }
            next.extend_from_slice(prop.causes(n));
        }
        std::mem::swap(&mut todo, &mut next);
        next.clear();
    }
}

/// The chains of one nested search, the easiest of each set of removals
/// kept (SE sorts its hints by rating, complexity and kind, stably, then
/// drops a hint equal to an earlier one: same candidates removed).
pub(crate) struct Collect<'a> {
    /// The board the outer chain started from.
    pub(crate) source: &'a Board,
    /// The slot of each set of removals: looked up, never iterated.
    slots: HashMap<Vec<u16>, usize, BuildHasherDefault<KeyHasher>>,
    entries: Vec<Entry>,
    seq: u32,
}

struct Entry {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    seq: u32,
    hint: Option<Hint>,
}

impl<'a> Collect<'a> {
    pub(crate) fn new(source: &'a Board) -> Collect<'a> {
        Collect {
            source,
            slots: HashMap::default(),
            entries: Vec::new(),
            seq: 0,
        }
    }

    /// The slot to fill with a chain removing `removed` (off states, by
    /// cell, then digit), rated `difficulty`, of `complexity` and kind
    /// `sort_key`, or `None` when an earlier chain removing the same is as
    /// easy or easier.
    pub(crate) fn slot(
        &mut self,
        removed: &[u16],
        difficulty: f64,
        complexity: usize,
        sort_key: u8,
    ) -> Option<usize> {
        let seq = self.seq;
        self.seq += 1;
        let entry = Entry {
            difficulty,
            complexity,
            sort_key,
            seq,
            hint: None,
        };
        match self.slots.get(removed) {
            Some(&i) => {
                let old = &self.entries[i];
                let easier = difficulty
                    .total_cmp(&old.difficulty)
                    .then(complexity.cmp(&old.complexity))
                    .then(sort_key.cmp(&old.sort_key))
                    .is_lt();
                if !easier {
                    return None;
                }
                self.entries[i] = entry;
                Some(i)
            }
            None => {
                self.slots.insert(removed.to_vec(), self.entries.len());
                self.entries.push(entry);
                Some(self.entries.len() - 1)
            }
        }
    }

    /// Whether a chain removing `removed` kept so far is as easy as one
    /// rated `difficulty`, of `complexity` and kind `sort_key`, or easier:
    /// then [`Collect::slot`] would refuse that one, and any harder.
    pub(crate) fn kept_as_easy(
        &self,
        removed: &[u16],
        difficulty: f64,
        complexity: usize,
        sort_key: u8,
    ) -> bool {
        self.slots.get(removed).is_some_and(|&i| {
            let old = &self.entries[i];
            !difficulty
                .total_cmp(&old.difficulty)
                .then(complexity.cmp(&old.complexity))
                .then(sort_key.cmp(&old.sort_key))
                .is_lt()
        })
    }

    /// Puts the chain in its slot.
    pub(crate) fn fill(&mut self, slot: usize, hint: Hint) {
        self.entries[slot].hint = Some(hint);
    }

    /// The chains kept, easiest first.
    pub(crate) fn finish(mut self) -> Vec<Hint> {
        self.entries.sort_by(|a, b| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
                .then(a.seq.cmp(&b.seq))
        });
        self.entries.into_iter().filter_map(|e| e.hint).collect()
    }
}

/// A fingerprint of a chain: its targets, each followed by its states in
/// SE's order (`FullChain` compares those lists).
pub(crate) struct Fingerprint(u64);

impl Fingerprint {
    pub(crate) fn new() -> Fingerprint {
        Fingerprint(0x243f_6a88_85a3_08d3)
    }

    fn mix(&mut self, x: u64) {
        let h = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ (h >> 29);
    }

    /// Starts the states of the next target.
    pub(crate) fn target(&mut self, state: u16) {
        self.mix(0x1_0000 | u64::from(state));
    }

    pub(crate) fn state(&mut self, state: u16) {
        self.mix(u64::from(state));
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, restrict};

    #[test]
    fn each_level_nests_the_searches_se_nests() {
        assert!(rules(1).is_empty());
        assert_eq!(rules(2), [Rule::Chains]);
        assert_eq!(rules(3), [Rule::Chains, Rule::Multiple]);
        assert_eq!(rules(4), [Rule::Dynamic]);
        assert_eq!(rules(5), [Rule::Dynamic, Rule::DynamicNested]);
    }

    #[test]
    fn the_easiest_chain_removing_the_same_is_kept_the_first_on_ties() {
        let board = Board::new(&blank());
        let mut collect = Collect::new(&board);
        let hint = |n: u16| Hint {
            removed: vec![n],
            parents: vec![n],
            nested: NestedRef {
                fingerprint: u64::from(n),
                complexity: 0,
            },
            steps: Vec::new(),
        };
        let a = collect.slot(&[4], 9.6, 10, 2).unwrap();
        collect.fill(a, hint(1));
        // as hard, later: dropped; easier: takes the slot
        assert!(collect.slot(&[4], 9.6, 10, 2).is_none());
        let b = collect.slot(&[4], 9.6, 10, 1).unwrap();
        assert_eq!(a, b);
        collect.fill(b, hint(2));
        let c = collect.slot(&[6, 8], 9.5, 12, 7).unwrap();
        collect.fill(c, hint(3));
        let kept: Vec<u16> = collect.finish().iter().map(|h| h.parents[0]).collect();
        assert_eq!(kept, [3, 2], "by rating first");
    }

    #[test]
    fn rule_parents_are_the_candidates_the_cause_needed() {
        let source = Board::new(&blank());
        let mut marks = blank();
        // 1a down to 2 and 5; 5 gone from 1b and 1i too
        restrict(&mut marks, "1a", "25");
        restrict(&mut marks, "1b", "12346789");
        restrict(&mut marks, "1i", "12346789");
        let cur = Board::new(&marks);
        let on = |c: usize, d: usize| shared::st(c, d, true);
        let off = |c: usize, d: usize| shared::st(c, d, false);
        let mut parents = Vec::new();
        struck_by(Cause::Cell, on(0, 1), &source, &cur, &mut parents);
        let digits: Vec<u16> = [0, 2, 3, 5, 6, 7, 8].iter().map(|&d| off(0, d)).collect();
        assert_eq!(parents, digits);
        // row 1 (SE kind index 1) lost 5 at 1b and 1i
        let mut parents = Vec::new();
        struck_by(Cause::Unit(1), on(0, 4), &source, &cur, &mut parents);
        assert_eq!(parents, [off(1, 4), off(8, 4)]);
        // box 1 (kind 0) lost it at 1b only; nothing is listed twice
        struck_by(Cause::Unit(0), on(0, 4), &source, &cur, &mut parents);
        assert_eq!(parents, [off(1, 4), off(8, 4)]);
        struck_by(Cause::Start, on(0, 4), &source, &cur, &mut parents);
        assert_eq!(parents.len(), 2);
    }

    #[test]
    fn fingerprints_follow_the_targets_and_the_order_of_states() {
        let print = |targets: &[(u16, &[u16])]| {
            let mut f = Fingerprint::new();
            for &(t, states) in targets {
                f.target(t);
                states.iter().for_each(|&s| f.state(s));
            }
            f.finish()
        };
        let a = print(&[(7, &[7, 3, 1])]);
        assert_eq!(a, print(&[(7, &[7, 3, 1])]));
        assert_ne!(a, print(&[(7, &[7, 1, 3])]));
        assert_ne!(a, print(&[(7, &[7]), (3, &[3, 1])]));
    }
}
