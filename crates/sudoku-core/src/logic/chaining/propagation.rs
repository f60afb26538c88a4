//! Following one assumption ("5c is 7", or "is not 7") through every
//! implication, breadth first, on implications first, as Sudoku Explainer's
//! `Chaining` does: an on candidate turns off its cell's other digits and
//! its digit's other places in its box, row and column; an off candidate
//! turns on the other digit of a cell with two left, or the other place of
//! its digit in a unit with two left. In the dynamic settings an off
//! candidate is also struck from the board as it is followed, so later
//! cells and units count what is left (and remember the candidates that
//! made them bivalue or bilocal as extra causes). Where the chain stops,
//! the rules of [`plus`] (level 1 and up) and the nested searches
//! ([`Nest`], level 2 and up) may carry it on.
//!
//! A propagation ([`Prop`]) keeps every state reached with its causes, so
//! a step can count them (SE's complexity) and tell its main line, and it
//! stops at the first contradiction.

use super::board::{AdvancedOff, Board, Cause, Mode, NestedRef, PLACE};
use super::plus;
use super::shared::{st, st_cell, st_digit, st_on, two16, STATES};
use crate::logic::{count9, CELL_UNITS, KINDS, SE_UNITS, SKIP, UNITS, UNIT_BITS};

/// The forcing chain searches nested in a chain (Sudoku Explainer's
/// levels 2-5), which a propagation runs where it stops and the rules of
/// [`plus`] find nothing. The engine ([`super::forcing`]) implements it, as
/// those searches are its own: the propagation names no search.
pub(super) trait Nest {
    /// Where the scans of the basic techniques of level 1 are remembered
    /// ([`plus::advanced`]), if anywhere.
    fn plus_memo(&mut self) -> Option<&mut plus::Memo> {
        None
    }

    /// Adds to `out` the candidates the first of the nested searches of
    /// `level` that finds any removes from `cur` (what a chain from
    /// `source` has left), each with its causes in `causes` (`node_of`
    /// gives their nodes in the outer chain).
    fn advanced(
        &mut self,
        source: &Board,
        cur: &Board,
        level: u8,
        node_of: &dyn Fn(u16) -> Option<u16>,
        out: &mut Vec<AdvancedOff>,
        causes: &mut Vec<u16>,
    );
}

/// A fixed set of states.
#[derive(Clone)]
pub(super) struct StateSet([u64; STATES.div_ceil(64)]);

impl StateSet {
    pub(super) const EMPTY: StateSet = StateSet([0; STATES.div_ceil(64)]);

    pub(super) fn has(&self, s: u16) -> bool {
        self.0[usize::from(s) / 64] & 1 << (s % 64) != 0
    }

    /// Whether off state `s` (even) and its on state are in the set, as
    /// bits 0 and 1.
    #[inline]
    fn pair(&self, s: u16) -> u64 {
        self.0[usize::from(s) / 64] >> (s % 64) & 3
    }

    pub(super) fn insert(&mut self, s: u16) {
        self.0[usize::from(s) / 64] |= 1 << (s % 64);
    }

    /// Removes the states of `other`.
    fn and_not(&mut self, other: &StateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(x, y)| *x &= !y);
    }

    /// Whether the on state of a candidate whose off state is in `offs` is
    /// in the set.
    fn meets_on_of(&self, offs: &StateSet) -> bool {
        // Every word met, with no branch (see `meets`).
        let met = self.0.iter().zip(&offs.0);
        met.fold(0, |any, (x, y)| any | x & y << 1) != 0
    }

    /// Keeps only the states also in `other`.
    pub(super) fn and(&mut self, other: &StateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(x, y)| *x &= y);
    }

    /// Whether some state is in both.
    ///
    /// Every word is met, with no branch but the last: the compiler then
    /// meets them two at a time in vector registers. Most sets met have
    /// nothing in common, so a test of each word in turn ran to the end,
    /// a load, a test and a branch a word.
    pub(super) fn meets(&self, other: &StateSet) -> bool {
        let met = self.0.iter().zip(&other.0);
        met.fold(0, |any, (x, y)| any | x & y) != 0
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
}

/// A state reached by a propagation, with the positions of its causes in
/// `Prop::parents` and the link that made it ([`Cause`]). (A state a
/// nested forcing chain concluded has that chain in `Prop::nested`.)
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) state: u16,
    first: u32,
    count: u16,
    pub(super) cause: Cause,
    /// The longest line of causes back to the assumption: the node and its
    /// ancestors are at least one more.
    pub(super) depth: u16,
}

/// Everything one assumption implies, in the order it was found.
#[derive(Clone)]
pub(super) struct Prop {
    /// The states reached.
    pub(super) set: StateSet,
    /// Node index of each state in `set`.
    index: Vec<u16>,
    /// The nodes in the order found (the assumption first); a
    /// contradiction's second state is the last node and not in `set`.
    pub(super) nodes: Vec<Node>,
    parents: Vec<u16>,
    /// A contradiction: the node found on and the node found off.
    pub(super) conflict: Option<(u16, u16)>,
    /// The nested chain of each advanced state a nested search concluded,
    /// by its node (in increasing order).
    nested: Vec<(u16, NestedRef)>,
    /// The node of the last off state followed: the off nodes after it were
    /// still queued when a contradiction ended the propagation.
    last_followed: u16,
    /// The states that are a cause of some node, once
    /// [`Prop::take_again`] needed them.
    causing: Option<StateSet>,
    /// Cut back by [`Prop::take_again`]: the off node the walk goes on
    /// from ([`resume`]).
    resume_at: u16,
}

impl Prop {
    pub(super) fn new() -> Prop {
        Prop {
            set: StateSet::EMPTY,
            index: vec![0; STATES],
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            conflict: None,
            nested: Vec::new(),
            last_followed: 0,
            causing: None,
            resume_at: 0,
        }
    }

    /// Makes this propagation a copy of `other`, in its own storage.
    pub(super) fn copy_from(&mut self, other: &Prop) {
        self.set = other.set.clone();
        self.nodes.clone_from(&other.nodes);
        // The index of the states in the set, from the nodes just copied
        // (the rest of `other.index` is never read).
        for (i, node) in self.nodes.iter().enumerate() {
            if self.set.has(node.state) {
                self.index[usize::from(node.state)] = i as u16;
            }
        }
        self.parents.clone_from(&other.parents);
        self.conflict = other.conflict;
        self.nested.clone_from(&other.nested);
        self.last_followed = other.last_followed;
        self.causing = other.causing.clone();
        self.resume_at = other.resume_at;
    }

    fn clear(&mut self) {
        self.set = StateSet::EMPTY;
        self.nodes.clear();
        self.parents.clear();
        self.conflict = None;
        self.nested.clear();
        self.last_followed = 0;
        self.causing = None;
        self.resume_at = 0;
    }

    /// Adds a node for `state` caused by `causes` through `cause`,
    /// registered in the set unless it is a contradiction's second state.
    #[inline(always)]
    fn push(&mut self, state: u16, causes: &[u16], register: bool, cause: Cause) -> u16 {
        let n = self.nodes.len() as u16;
        let depth = causes
            .iter()
            .map(|&p| self.nodes[usize::from(p)].depth + 1)
            .max()
            .unwrap_or(0);
        self.nodes.push(Node {
            state,
            first: self.parents.len() as u32,
            count: causes.len() as u16,
            cause,
            depth,
        });
        self.parents.extend_from_slice(causes);
        if register {
            self.set.insert(state);
            self.index[usize::from(state)] = n;
        }
        n
    }

    /// [`Prop::push`] of a registered off state with one cause: the most
    /// frequent node by far, kept free of slice copies.
    #[inline(always)]
    fn push_off(&mut self, state: u16, cause_node: u16, cause: Cause) -> u16 {
        let n = self.nodes.len() as u16;
        let depth = self.nodes[usize::from(cause_node)].depth + 1;
        self.nodes.push(Node {
            state,
            first: self.parents.len() as u32,
            count: 1,
            cause,
            depth,
        });
        self.parents.push(cause_node);
        self.set.insert(state);
        self.index[usize::from(state)] = n;
        n
    }

    #[inline]
    pub(super) fn node_of(&self, s: u16) -> Option<u16> {
        self.set.has(s).then(|| self.index[usize::from(s)])
    }

    /// The counts of the cells and units' digits that lost candidates
    /// (`gone`), replayed where this propagation followed the off states
    /// in them, before node `until`: the first off node whose count would
    /// conclude something new without those candidates ("two left" where
    /// the earlier board had three or more, and the other one not on
    /// already), or `Some(0)` if there are too many to replay.
    #[inline(always)]
    fn replay(&self, gone: &Gone, until: u16) -> Option<u16> {
        // Each off node to replay with its state, by the order followed
        // (seldom more than a few: with more than the array holds, the walk
        // goes on from the start).
        let mut order = [0u32; 64];
        let (mut k, mut over) = (0, false);
        let touched = self.set.0.iter().zip(&gone.touched.0).map(|(x, y)| x & y);
        each_state(touched, |s| {
            let n = self.index[usize::from(s)];
            if n <= self.last_followed && n < until {
                if k == order.len() {
                    over = true;
                } else {
                    order[k] = u32::from(n) << 16 | u32::from(s);
                    k += 1;
                }
            }
        });
        if over {
            return Some(0);
        }
        if k == 0 {
            return None;
        }
        let order = &mut order[..k];
        order.sort_unstable();
        let mut left = gone.left;
        for &o in order.iter() {
            let (n, s) = ((o >> 16) as u16, o as u16);
            let (c, d) = (st_cell(s), st_digit(s));
            let own = !gone.offs.has(s);
            let mut groups = [(c, d); 4];
            for (j, &u) in SE_UNITS[c].iter().enumerate() {
                groups[j + 1] = (81 + usize::from(u) * 9 + d, usize::from(SE_PLACE[c][j]));
            }
            for (g, bit) in groups {
                let slot = gone.slot[g];
                if slot == u8::MAX {
                    continue;
                }
                let (present, lost) = &mut left[usize::from(slot)];
                let kept = *present & !*lost;
                if own && count9(*present) >= 3 && two16(kept) {
                    // Two left now: fine if the other was reached on before.
                    let i = (kept & !(1 << bit)).trailing_zeros() as usize;
                    let t = if g < 81 {
                        st(c, i, true)
                    } else {
                        st(usize::from(UNITS[(g - 81) / 9][i]), d, true)
                    };
                    if !self.set.has(t) || !self.before(self.index[usize::from(t)], n) {
                        return Some(n);
                    }
                }
                *present &= !(1 << bit);
            }
        }
        None
    }

    /// What of this propagation, followed in the dynamic setting at level 0
    /// on a board, is also the one of the same assumption on that board
    /// without the candidates of `gone`, made so: all of it
    /// ([`Again::Whole`]: their off states are dropped from the set, each a
    /// state that caused nothing), the phases before some off node
    /// ([`Again::From`]: the rest is cut off, for [`resume`] to follow
    /// again), or nothing.
    ///
    /// The walk goes in phases: following an off node (which turns states
    /// on), then every on state that made (which turn states off); the
    /// assumption's own phase comes first. A phase of the smaller board is
    /// the one of the earlier board, less the gone candidates' off nodes,
    /// unless something in it reads a gone candidate `e`:
    ///
    /// - it turns `e` on;
    /// - `e` off is among the causes of a state it turns on (its first
    ///   cause, or among the struck candidates that left a cell or a unit
    ///   with two);
    /// - it ends in a contradiction on `e`;
    /// - a count it makes comes out otherwise: a cell, or a unit's digit,
    ///   counted where one of its off states is followed, with three or
    ///   more candidates on the earlier board and two on the smaller one
    ///   (less those gone and not yet struck), the other one not on
    ///   already, would conclude something new ([`Prop::replay`]). (One
    ///   that was two and falls to one had `e` on reached.)
    ///
    /// On an on state turning `e` off, nothing else changes: the smaller
    /// board has no `e` to turn off, and if `e` off caused nothing the walk
    /// goes on the same. So the first phase that reads a gone candidate is
    /// where the two walks part, and every phase before it is the same.
    #[inline(always)]
    pub(super) fn take_again(&mut self, gone: &Gone) -> Again {
        // Most propagations read nothing gone, which one test shows: every
        // test below reads a state of `touched` in the set. A gone
        // candidate's off state is one (so none is there to drop below);
        // its on state, if reached, was turned on by an off state of its
        // cell or of its digit in a unit (the assumption's own candidate is
        // never gone), one of them; and a contradiction's first state is in
        // the set, of the same candidate as its second.
        if !self.set.meets(&gone.touched) {
            return Again::Whole;
        }
        self.take_again_fully(gone)
    }

    /// [`Prop::take_again`] without its first test.
    #[inline(always)]
    fn take_again_fully(&mut self, gone: &Gone) -> Again {
        // A gone off state can be a cause only if it was reached (and not
        // dropped since: one dropped caused nothing).
        let reached = self.set.meets(&gone.offs);
        if reached && self.causing.is_none() {
            self.causing = Some(self.causing_states());
        }
        let at = self.parting(gone, reached);
        self.cut(gone, at)
    }

    /// The states that are a cause of some node.
    fn causing_states(&self) -> StateSet {
        let mut causing = StateSet::EMPTY;
        for &p in &self.parents {
            causing.insert(self.nodes[usize::from(p)].state);
        }
        causing
    }

    /// Whether [`Prop::take_again`] would take all of this propagation
    /// and leave it as it is (it reaches no off state of `gone`), found
    /// without changing it: `Ok`, or else where it parts when that was
    /// worked out on the way (for [`Prop::take_again_at`] on a copy).
    pub(super) fn holds_whole(&self, gone: &Gone) -> Result<(), Option<i32>> {
        if !self.set.meets(&gone.touched) {
            return Ok(());
        }
        if self.set.meets(&gone.offs) {
            return Err(None);
        }
        match self.parting(gone, false) {
            i32::MAX => Ok(()),
            at => Err(Some(at)),
        }
    }

    /// [`Prop::take_again`] where [`Prop::holds_whole`] found where it parts
    /// (`at`): a propagation that reaches no gone off state.
    pub(super) fn take_again_at(&mut self, gone: &Gone, at: i32) -> Again {
        self.cut(gone, at)
    }

    /// The node of the first phase of [`Prop::take_again`] that reads a
    /// gone candidate (`i32::MAX` if none, below zero if the assumption's
    /// own phase does); reads `causing` where a gone off state was
    /// `reached`, which must then be known.
    #[inline(always)]
    fn parting(&self, gone: &Gone, reached: bool) -> i32 {
        let mut at = i32::MAX;
        if self.set.meets_on_of(&gone.offs) {
            let ons = self.set.0.iter().zip(&gone.offs.0).map(|(x, y)| x & y << 1);
            each_state(ons, |t| at = at.min(self.phase(self.index[usize::from(t)])));
        }
        if let Some((a, b)) = self.conflict {
            let states = [a, b].map(|n| self.nodes[usize::from(n)].state & !1);
            if states.iter().any(|&s| gone.offs.has(s)) {
                at = at.min(self.phase(b));
            }
        }
        let causes_gone = reached
            && self
                .causing
                .as_ref()
                .expect("the causing states are known")
                .meets(&gone.offs);
        if causes_gone {
            // Only on states have off states among their causes, made after
            // them and phase after phase: the first one found after the
            // earliest gone off node is the earliest.
            let mut from = self.nodes.len();
            let offs = self.set.0.iter().zip(&gone.offs.0).map(|(x, y)| x & y);
            each_state(offs, |t| {
                from = from.min(usize::from(self.index[usize::from(t)]))
            });
            for i in from + 1..self.nodes.len() {
                let node = self.nodes[i];
                if !st_on(node.state) {
                    continue;
                }
                let causes = self.causes(i as u16);
                if i32::from(causes[0]) >= at {
                    break;
                }
                if causes
                    .iter()
                    .any(|&p| gone.offs.has(self.nodes[usize::from(p)].state))
                {
                    at = i32::from(causes[0]);
                    break;
                }
            }
        }
        if at < 0 {
            return at;
        }
        let until = u16::try_from(at).unwrap_or(u16::MAX);
        if let Some(n) = self.replay(gone, until) {
            at = at.min(i32::from(n));
        }
        at
    }

    /// Takes this propagation again as [`Prop::parting`] found (`at`).
    #[inline(always)]
    fn cut(&mut self, gone: &Gone, at: i32) -> Again {
        if at < 0 {
            return Again::Nothing;
        }
        if at == i32::MAX {
            self.set.and_not(&gone.offs);
            return Again::Whole;
        }
        // Cut off every node made in phase `at` or after (phases only grow
        // along the nodes).
        let (mut lo, mut hi) = (1, self.nodes.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.phase(mid as u16) < at {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // Every node is in the set but a contradiction's second state (the
        // last node), whose own state is not.
        let registered = match self.conflict {
            Some(_) => self.nodes.len() - 1,
            None => self.nodes.len(),
        };
        for i in lo..registered {
            let s = self.nodes[i].state;
            self.set.0[usize::from(s) / 64] &= !(1 << (s % 64));
        }
        if lo < self.nodes.len() {
            self.parents.truncate(self.nodes[lo].first as usize);
            self.nodes.truncate(lo);
        }
        self.set.and_not(&gone.offs);
        self.conflict = None;
        self.causing = None;
        self.resume_at = at as u16;
        Again::From
    }

    /// The phase node `n` was made in ([`Prop::take_again`]): the off node
    /// whose following made it (for an off node, made by an on state, the
    /// one that made that on state), or -1 for the assumption's own phase.
    fn phase(&self, n: u16) -> i32 {
        let node = self.nodes[usize::from(n)];
        if node.count == 0 {
            return -1;
        }
        let first = self.parents[node.first as usize];
        let on = if st_on(node.state) { n } else { first };
        let on = self.nodes[usize::from(on)];
        if on.count == 0 {
            -1
        } else {
            i32::from(self.parents[on.first as usize])
        }
    }

    /// Whether on node `t` was reached before off node `n` was followed: it
    /// is the assumption, or an off node followed before `n` (off nodes are
    /// followed in their order) made it.
    fn before(&self, t: u16, n: u16) -> bool {
        t == 0 || self.causes(t)[0] < n
    }

    /// Tests: whether `self` and `other` reached the same states in the
    /// same order, each with the same causes, and the same contradiction
    /// (nodes of states not in the set, but a contradiction's, are passed
    /// over: a propagation taken again drops states that caused nothing).
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &Prop) -> bool {
        let listed = |p: &Prop| -> Vec<(u16, u16, Vec<u16>)> {
            let conflict = p.conflict.map(|(a, b)| [a, b]);
            (0..p.nodes.len() as u16)
                .filter(|&n| {
                    p.set.has(p.nodes[usize::from(n)].state)
                        || conflict.is_some_and(|pair| pair.contains(&n))
                })
                .map(|n| {
                    let node = p.nodes[usize::from(n)];
                    let causes = p
                        .causes(n)
                        .iter()
                        .map(|&c| p.nodes[usize::from(c)].state)
                        .collect();
                    (node.state, node.depth, causes)
                })
                .collect()
        };
        let conflict = |p: &Prop| {
            p.conflict
                .map(|(a, b)| (p.nodes[usize::from(a)].state, p.nodes[usize::from(b)].state))
        };
        self.set.0 == other.set.0
            && conflict(self) == conflict(other)
            && listed(self) == listed(other)
    }

    /// The positions of the causes of node `n`.
    pub(super) fn causes(&self, n: u16) -> &[u16] {
        let node = self.nodes[usize::from(n)];
        &self.parents[node.first as usize..node.first as usize + usize::from(node.count)]
    }

    /// The number of distinct states among `n` and all its causes (SE's
    /// ancestor count); the nested chains among them go to `nested`.
    pub(super) fn ancestors(
        &self,
        n: u16,
        seen: &mut Vec<u32>,
        stamp: &mut u32,
        stack: &mut Vec<u16>,
        nested: &mut Vec<NestedRef>,
    ) -> usize {
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            seen.iter_mut().for_each(|s| *s = 0);
            *stamp = 1;
        }
        if seen.len() < self.nodes.len() {
            seen.resize(self.nodes.len(), 0);
        }
        stack.clear();
        stack.push(n);
        seen[usize::from(n)] = *stamp;
        let mut count = 0;
        while let Some(x) = stack.pop() {
            count += 1;
            if let Cause::Advanced(_) = self.nodes[usize::from(x)].cause {
                if let Ok(k) = self.nested.binary_search_by_key(&x, |&(n, _)| n) {
                    nested.push(self.nested[k].1);
                }
            }
            for &p in self.causes(x) {
                if seen[usize::from(p)] != *stamp {
                    seen[usize::from(p)] = *stamp;
                    stack.push(p);
                }
            }
        }
        count
    }

    /// The main line from the assumption to `n`: first causes only, each
    /// state with its cause.
    pub(super) fn line(&self, mut n: u16) -> Vec<(u16, Cause)> {
        let node = |n: u16| {
            let node = self.nodes[usize::from(n)];
            (node.state, node.cause)
        };
        let mut out = vec![node(n)];
        while let Some(&p) = self.causes(n).first() {
            out.push(node(p));
            n = p;
        }
        out.reverse();
        out
    }
}

/// Each cell as a cell set.
const CELL_BIT: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = 1 << c;
        c += 1;
    }
    out
};

/// Per cell, the cell of each bit of an on state's targets in [`walk`]:
/// bits 0-8 the cell itself (its other digits), then nine bits for each of
/// its box, row and column (the digit's places there, by position).
const ON_TARGETS: [[u8; 36]; 81] = {
    let mut out = [[0u8; 36]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 36 {
            out[c][k] = if k < 9 {
                c as u8
            } else {
                UNITS[SE_UNITS[c][k / 9 - 1] as usize][k % 9]
            };
            k += 1;
        }
        c += 1;
    }
    out
};

/// Per cell, its position in its box, row and column (SE's order, as
/// [`SE_UNITS`]).
const SE_PLACE: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut j = 0;
        while j < 3 {
            out[c][j] = PLACE[c][KINDS[j]];
            j += 1;
        }
        c += 1;
    }
    out
};

/// The link of each bit of an on state's targets (see [`ON_TARGETS`]).
const ON_CAUSES: [Cause; 36] = {
    let mut out = [Cause::Cell; 36];
    let mut k = 9;
    while k < 36 {
        out[k] = Cause::Unit((k / 9 - 1) as u8);
        k += 1;
    }
    out
};

/// A first-in first-out list of nodes, each with its state's cell and
/// digit (so that following it needs no division), that only grows during
/// a propagation (each node enters once), so it needs no ring.
#[derive(Default)]
struct Queue {
    items: Vec<(u16, u8, u8)>,
    head: usize,
}

impl Queue {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    /// Queues node `n`, whose state is in cell `c`, of digit index `d`.
    fn push_back(&mut self, n: u16, c: usize, d: usize) {
        self.items.push((n, c as u8, d as u8));
    }

    /// The next node, with its cell and digit index.
    fn pop_front(&mut self) -> Option<(u16, usize, usize)> {
        let (n, c, d) = *self.items.get(self.head)?;
        self.head += 1;
        Some((n, usize::from(c), usize::from(d)))
    }
}

/// Scratch space of one propagation.
pub(super) struct Scratch {
    on_queue: Queue,
    off_queue: Queue,
    /// Candidates struck from the board so far (dynamic forms).
    struck: [u16; 81],
    struck_at: [u128; 9],
    links: Vec<(u16, u32, u16, Cause)>,
    causes: Vec<u16>,
    advanced: Vec<AdvancedOff>,
    advanced_causes: Vec<u16>,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            on_queue: Default::default(),
            off_queue: Default::default(),
            struck: [0; 81],
            struck_at: [0; 9],
            links: Vec::new(),
            causes: Vec::new(),
            advanced: Vec::new(),
            advanced_causes: Vec::new(),
        }
    }
}

/// Takes `d` off in `c`, implied by node `n` through `cause`: queued if
/// new; true if it was on, a contradiction (then recorded, and the
/// propagation ends).
#[inline(always)]
fn turn_off(prop: &mut Prop, queue: &mut Queue, n: u16, c: usize, d: usize, cause: Cause) -> bool {
    let t = st(c, d, false);
    // Both states of the candidate at once: off (bit 0), on (bit 1).
    match prop.set.pair(t) {
        0 => {
            let m = prop.push_off(t, n, cause);
            queue.push_back(m, c, d);
            false
        }
        1 => false,
        _ => {
            let on = prop.index[usize::from(t | 1)];
            let off = prop.push(t, &[n], false, cause);
            prop.conflict = Some((on, off));
            true
        }
    }
}

/// Follows the assumption `start` on `board` in `mode` into `prop`,
/// stopping at the first contradiction; from level 2 on, `deeper` runs the
/// nested forcing chains where the chain stops.
pub(super) fn propagate(
    board: &Board,
    start: u16,
    mode: Mode,
    prop: &mut Prop,
    x: &mut Scratch,
    deeper: &mut dyn Nest,
) {
    prop.clear();
    x.on_queue.clear();
    x.off_queue.clear();
    x.struck = [0; 81];
    x.struck_at = [0; 9];
    let n = prop.push(start, &[], true, Cause::Start);
    let (c, d) = (st_cell(start), st_digit(start));
    if st_on(start) {
        x.on_queue.push_back(n, c, d);
    } else {
        x.off_queue.push_back(n, c, d);
    }
    walk(board, board.clone(), mode, prop, x, deeper);
}

/// Carries on a propagation cut short by [`Prop::take_again`], in the dynamic
/// setting at level 0 on `board` (the board without the candidates gone):
/// its queues and struck candidates are those of the nodes it kept (every
/// off node before the one it stopped at was followed, the others are
/// still queued), and the walk goes on from there as [`propagate`] would
/// have gone on at that point.
#[inline(always)]
pub(super) fn resume(board: &Board, prop: &mut Prop, x: &mut Scratch, deeper: &mut dyn Nest) {
    x.on_queue.clear();
    x.off_queue.clear();
    x.struck = [0; 81];
    x.struck_at = [0; 9];
    let mut cur = board.clone();
    let next = prop.resume_at;
    for (i, node) in prop.nodes.iter().enumerate() {
        let s = node.state;
        // The off nodes kept, in the order found (a gone one is not in the
        // set): those before `next` were followed.
        if st_on(s) || !prop.set.has(s) {
            continue;
        }
        let (c, d) = (st_cell(s), st_digit(s));
        x.off_queue.push_back(i as u16, c, d);
        if (i as u16) < next {
            x.off_queue.head += 1;
            cur.remove_mark(c, d);
            x.struck[c] |= 1 << d;
            x.struck_at[d] |= CELL_BIT[c];
        }
    }
    walk(board, cur, Mode::DYNAMIC, prop, x, deeper);
}

/// The walk of [`propagate`] from the queues of `x`, on `cur` (the board
/// with the off states followed so far struck, in the dynamic settings).
fn walk(
    board: &Board,
    mut cur: Board,
    mode: Mode,
    prop: &mut Prop,
    x: &mut Scratch,
    deeper: &mut dyn Nest,
) {
    'walk: {
        let cells = !mode.nishio;
        loop {
            if let Some((n, c, d)) = x.on_queue.pop_front() {
                // The cell's other digits, then the digit's other places by
                // box, row, column: all four as nine bits each of one word,
                // walked in that order in one loop (a loop each ended at an
                // unpredictable place four times a state).
                let units = SE_UNITS[c].map(usize::from);
                let mut targets = u64::from(cur.pos[units[0]][d] & !SKIP[c][0]) << 9
                    | u64::from(cur.pos[units[1]][d] & !SKIP[c][1]) << 18
                    | u64::from(cur.pos[units[2]][d] & !SKIP[c][2]) << 27;
                if cells {
                    targets |= u64::from(cur.m[c] & !(1 << d));
                }
                // Each bit's cell and link from tables, its digit by one
                // select: one call, no division by nine.
                let cells_of = &ON_TARGETS[c];
                while targets != 0 {
                    let k = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let digit = if k < 9 { k } else { d };
                    let o = usize::from(cells_of[k]);
                    if turn_off(prop, &mut x.off_queue, n, o, digit, ON_CAUSES[k]) {
                        break 'walk;
                    }
                }
            } else if let Some((n, c, d)) = x.off_queue.pop_front() {
                x.links.clear();
                x.causes.clear();
                // The other digit of a cell with two left. A target already on
                // is passed over before its causes are gathered: it would be
                // passed over below (no state is taken twice), and taking the
                // others changes no state of it.
                let two_left = cells && two16(cur.m[c]);
                let e = (cur.m[c] & !(1 << d)).trailing_zeros() as usize;
                if two_left && !prop.set.has(st(c, e, true)) {
                    let first = x.causes.len() as u32;
                    x.causes.push(n);
                    let mut hidden = x.struck[c];
                    while hidden != 0 {
                        let h = hidden.trailing_zeros() as usize;
                        hidden &= hidden - 1;
                        x.causes.push(prop.index[usize::from(st(c, h, false))]);
                    }
                    x.links.push((
                        st(c, e, true),
                        first,
                        (x.causes.len() as u32 - first) as u16,
                        Cause::Cell,
                    ));
                }
                // The other place of the digit in a unit with two, by box, row, column.
                let own = &SE_PLACE[c];
                for (j, &u) in SE_UNITS[c].iter().enumerate() {
                    let u = usize::from(u);
                    let places = cur.pos[u][d];
                    if !two16(places) {
                        continue;
                    }
                    let o =
                        usize::from(UNITS[u][(places & !(1 << own[j])).trailing_zeros() as usize]);
                    let t = st(o, d, true);
                    if prop.set.has(t) || x.links.iter().any(|l| l.0 == t) {
                        continue;
                    }
                    let first = x.causes.len() as u32;
                    x.causes.push(n);
                    // In the unit's order: its cells are listed by increasing index.
                    let mut hidden = x.struck_at[d] & UNIT_BITS[u];
                    while hidden != 0 {
                        let h = hidden.trailing_zeros() as usize;
                        hidden &= hidden - 1;
                        x.causes.push(prop.index[usize::from(st(h, d, false))]);
                    }
                    x.links.push((
                        t,
                        first,
                        (x.causes.len() as u32 - first) as u16,
                        Cause::Unit(j as u8),
                    ));
                }
                if mode.dynamic {
                    if mode.level > 0 {
                        cur.remove(c, d);
                    } else {
                        // Nothing reads the digits' cell sets of this board
                        // at level 0 (only the rules of the levels above).
                        cur.remove_mark(c, d);
                    }
                    x.struck[c] |= 1 << d;
                    x.struck_at[d] |= CELL_BIT[c];
                }
                for i in 0..x.links.len() {
                    let (t, first, count, cause) = x.links[i];
                    let causes = &x.causes[first as usize..first as usize + usize::from(count)];
                    if let Some(off) = prop.node_of(t & !1) {
                        let on = prop.push(t, causes, false, cause);
                        prop.conflict = Some((on, off));
                        break 'walk;
                    }
                    if !prop.set.has(t) {
                        let m = prop.push(t, causes, true, cause);
                        x.on_queue.push_back(m, st_cell(t), st_digit(t));
                    }
                }
            } else if mode.level > 0 {
                x.advanced.clear();
                x.advanced_causes.clear();
                plus::advanced(
                    deeper.plus_memo(),
                    board,
                    &cur,
                    &|s| prop.node_of(s),
                    &mut x.advanced,
                    &mut x.advanced_causes,
                );
                if x.advanced.is_empty() && mode.level >= 2 {
                    deeper.advanced(
                        board,
                        &cur,
                        mode.level,
                        &|s| prop.node_of(s),
                        &mut x.advanced,
                        &mut x.advanced_causes,
                    );
                }
                let mut any = false;
                for i in 0..x.advanced.len() {
                    let a = x.advanced[i];
                    if !prop.set.has(a.state) {
                        let causes = &x.advanced_causes
                            [a.first as usize..a.first as usize + usize::from(a.count)];
                        let m = prop.push(a.state, causes, true, Cause::Advanced(a.rule));
                        if let Some(r) = a.nested {
                            prop.nested.push((m, r));
                        }
                        x.off_queue
                            .push_back(m, st_cell(a.state), st_digit(a.state));
                        any = true;
                    }
                }
                if !any {
                    break;
                }
            } else {
                break;
            }
        }
    }
    // The off queue holds the off nodes in their order; its head, the
    // number followed (read once here, however the walk ended).
    prop.last_followed = match x.off_queue.head {
        0 => 0,
        h => x.off_queue.items[h - 1].0,
    };
}

/// Calls `f` with each state of a set given by its words (a
/// [`StateSet`]'s, or those of two combined), in increasing order.
#[inline(always)]
fn each_state(words: impl Iterator<Item = u64>, mut f: impl FnMut(u16)) {
    for (w, mut bits) in words.enumerate() {
        while bits != 0 {
            f((w * 64) as u16 + bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }
}

/// What [`Prop::take_again`] kept of a propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Again {
    /// All of it.
    Whole,
    /// The phases before an off node, which [`resume`] carries on from.
    From,
    /// Nothing: it must be followed afresh.
    Nothing,
}

/// Most cells and units' digits [`Gone`] follows: more candidates gone
/// than that and nothing is taken again.
const SLOTS: usize = 96;

/// The candidates one board has and a later one has not, with what a
/// propagation's replay of its counts needs ([`Prop::take_again`]).
pub(super) struct Gone {
    /// Their off states.
    offs: StateSet,
    /// The off states of the candidates in a cell, or a unit's digit, that
    /// lost any (the gone ones among them): a propagation that reached
    /// none of these is taken again whole.
    touched: StateSet,
    /// Of each cell, then each unit's digit (81 + unit * 9 + digit), its
    /// place in `left` if it lost any, else `u8::MAX`.
    slot: [u8; GROUPS],
    /// Of each cell or unit's digit that lost any: its candidates (digits)
    /// or places (positions in the unit) on the earlier board, and those
    /// lost.
    left: [(u16, u16); SLOTS],
}

/// The cells, then the units' digits, as the propagation counts them.
const GROUPS: usize = 81 + 27 * 9;

/// The candidates of `old` that `new` has not; `None` if `new` has one
/// `old` has not, or if too many are gone.
pub(super) fn gone_between(old: &[u16; 81], new: &[u16; 81]) -> Option<Gone> {
    let mut gone = Gone {
        offs: StateSet::EMPTY,
        touched: StateSet::EMPTY,
        slot: [u8::MAX; GROUPS],
        left: [(0, 0); SLOTS],
    };
    let mut used = 0;
    let mut take = |gone: &mut Gone, g: usize, members: u16, bit: usize| -> Option<()> {
        if gone.slot[g] == u8::MAX {
            if used == SLOTS {
                return None;
            }
            gone.slot[g] = used as u8;
            gone.left[used] = (members, 0);
            used += 1;
        }
        gone.left[usize::from(gone.slot[g])].1 |= 1 << bit;
        Some(())
    };
    for c in 0..81 {
        if new[c] & !old[c] != 0 {
            return None;
        }
        let mut g = old[c] & !new[c];
        while g != 0 {
            let d = g.trailing_zeros() as usize;
            g &= g - 1;
            gone.offs.insert(st(c, d, false));
            take(&mut gone, c, old[c], d)?;
            for (kind, &u) in CELL_UNITS[c].iter().enumerate() {
                let u = usize::from(u);
                let places = UNITS[u]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &o)| old[usize::from(o)] & 1 << d != 0)
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                take(
                    &mut gone,
                    81 + u * 9 + d,
                    places,
                    usize::from(PLACE[c][kind]),
                )?;
            }
        }
    }
    // The candidates counted with those lost.
    for c in 0..81 {
        let mut m = old[c];
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut groups = CELL_UNITS[c].iter().map(|&u| 81 + usize::from(u) * 9 + d);
            if gone.slot[c] != u8::MAX || groups.any(|g| gone.slot[g] != u8::MAX) {
                gone.touched.insert(st(c, d, false));
            }
        }
    }
    Some(gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, marks_of, restrict};
    use crate::logic::{cell, digit, Candidates};

    /// No nested searches: the tests follow chains at level 0.
    struct Shallow;

    impl Nest for Shallow {
        fn advanced(
            &mut self,
            _: &Board,
            _: &Board,
            _: u8,
            _: &dyn Fn(u16) -> Option<u16>,
            _: &mut Vec<AdvancedOff>,
            _: &mut Vec<u16>,
        ) {
        }
    }

    /// Each propagation on the board of `marks` (on and off, of every
    /// candidate of a cell with two or more) that ends in a contradiction
    /// whose second state is an on state, taken again once that state's
    /// candidate is gone (`Prop::take_again`, then `resume` where it was cut), must be
    /// the propagation followed afresh on the board without it. Returns how
    /// many were compared.
    fn conflicts_taken_again(marks: &Candidates) -> usize {
        let board = Board::new(marks);
        let old = board.m;
        let (mut prop, mut fresh) = (Prop::new(), Prop::new());
        let mut scratch = Scratch::new();
        let mut compared = 0;
        for c in (0..81).filter(|&c| old[c].count_ones() >= 2) {
            for d in (0..9).filter(|&d| old[c] >> d & 1 != 0) {
                for on in [true, false] {
                    let start = st(c, d, on);
                    propagate(
                        &board,
                        start,
                        Mode::DYNAMIC,
                        &mut prop,
                        &mut scratch,
                        &mut Shallow,
                    );
                    // The on node made last: turned on while its off
                    // state was in the set.
                    let Some((last, _)) = prop.conflict else {
                        continue;
                    };
                    let s = prop.nodes[usize::from(last)].state;
                    let (gc, gd) = (st_cell(s), st_digit(s));
                    if usize::from(last) != prop.nodes.len() - 1
                        || old[gc].count_ones() < 2
                        || (gc, gd) == (c, d)
                    {
                        continue;
                    }
                    let mut less = marks.clone();
                    less.remove(cell(gc), digit(gd));
                    let smaller = Board::new(&less);
                    let gone = gone_between(&old, &smaller.m).expect("one candidate gone");
                    match prop.take_again(&gone) {
                        Again::Whole => {}
                        Again::From => resume(&smaller, &mut prop, &mut scratch, &mut Shallow),
                        Again::Nothing => continue,
                    }
                    propagate(
                        &smaller,
                        start,
                        Mode::DYNAMIC,
                        &mut fresh,
                        &mut scratch,
                        &mut Shallow,
                    );
                    assert!(
                        prop.same_as(&fresh),
                        "{}={} {} taken again without {}={} differs",
                        cell(c).name(),
                        d + 1,
                        if on { "on" } else { "off" },
                        cell(gc).name(),
                        gd + 1
                    );
                    compared += 1;
                }
            }
        }
        compared
    }

    /// `Prop::take_again` decides at once that a propagation reading no
    /// state of `Gone::touched` is whole: on positions of three SE-rated
    /// puzzles, every propagation (on and off, of the candidates of cells
    /// with two or more) taken again without one to three random
    /// candidates, and without the candidate of the last on state a
    /// contradiction stopped, with that test and with the others alone
    /// (`Prop::take_again_fully`), must come out the same way and the same.
    #[test]
    fn a_propagation_reading_nothing_gone_is_taken_again_whole() {
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
        let data = include_str!("../../../tests/data/se-rated.txt");
        let mut prop = Prop::new();
        let mut scratch = Scratch::new();
        let (mut at_once, mut other) = (0, 0);
        for line in data
            .lines()
            .filter(|l| l.ends_with(" dynamic-forcing-chain"))
            .take(3)
        {
            let marks = marks_of(&line[..81]);
            let board = Board::new(&marks);
            let old = board.m;
            for c in (0..81).filter(|&c| old[c].count_ones() >= 2) {
                for d in (0..9).filter(|&d| old[c] >> d & 1 != 0) {
                    for on in [true, false] {
                        propagate(
                            &board,
                            st(c, d, on),
                            Mode::DYNAMIC,
                            &mut prop,
                            &mut scratch,
                            &mut Shallow,
                        );
                        let mut random = old;
                        for _ in 0..rng.gen_range(1..=3) {
                            let o = rng.gen_range(0..81);
                            let e = rng.gen_range(0..9);
                            if random[o].count_ones() >= 2 && (o, e) != (c, d) {
                                random[o] &= !(1 << e);
                            }
                        }
                        // Also the candidate of the last on state reached
                        // before a contradiction, which it may have ended
                        // before following.
                        let mut late = old;
                        if prop.conflict.is_some() {
                            let last_on = prop.nodes.iter().rev().skip(1).find(|n| st_on(n.state));
                            if let Some(n) = last_on {
                                let (o, e) = (st_cell(n.state), st_digit(n.state));
                                if old[o].count_ones() >= 2 && (o, e) != (c, d) {
                                    late[o] &= !(1 << e);
                                }
                            }
                        }
                        for new in [random, late].into_iter().filter(|new| *new != old) {
                            let Some(gone) = gone_between(&old, &new) else {
                                continue;
                            };
                            let (mut quick, mut full) = (prop.clone(), prop.clone());
                            let way = quick.take_again(&gone);
                            assert_eq!(way, full.take_again_fully(&gone));
                            if way != Again::Nothing {
                                assert!(quick.same_as(&full));
                            }
                            if prop.set.meets(&gone.touched) {
                                other += 1;
                            } else {
                                at_once += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(
            at_once > 100 && other > 100,
            "{at_once} at once, {other} not"
        );
    }

    #[test]
    fn a_contradiction_on_a_gone_candidate_is_taken_again() {
        // The contradiction's second state is the gone candidate's on
        // state, which is not in the set (a contradiction's second state
        // never is) while its off state is: only the check of the
        // contradiction itself sees that the propagation read it.
        let data = include_str!("../../../tests/data/se-rated.txt");
        let mut compared = 0;
        for line in data
            .lines()
            .filter(|l| l.ends_with(" dynamic-forcing-chain"))
            .take(3)
        {
            compared += conflicts_taken_again(&marks_of(&line[..81]));
        }
        assert!(compared > 50, "{compared} compared");
    }

    #[test]
    fn units_list_their_cells_by_increasing_index() {
        // A propagation lists a unit's struck cells by their bits, which
        // is SE's order only because of this.
        for unit in UNITS {
            assert!(unit.windows(2).all(|w| w[0] < w[1]), "{unit:?}");
        }
    }

    #[test]
    fn a_false_assumption_ends_in_a_contradiction() {
        // 1i and 2i hold only 5 and 8: a 5 in 3i, their box, turns
        // both 5s off, so 1i is 8, which turns 2i's 8 off while 2i's
        // 5 being off made it 8.
        let mut marks = blank();
        restrict(&mut marks, "1i", "58");
        restrict(&mut marks, "2i", "58");
        let board = Board::new(&marks);
        let (at_1i, at_2i, at_3i) = (8, 17, 26);
        let mut prop = Prop::new();
        let mut scratch = Scratch::new();
        propagate(
            &board,
            st(at_3i, 4, true),
            Mode::DYNAMIC,
            &mut prop,
            &mut scratch,
            &mut Shallow,
        );
        assert!(prop.set.has(st(at_1i, 7, true)), "1i is 8");
        let (on, off) = prop.conflict.expect("a contradiction");
        assert_eq!(prop.nodes[usize::from(on)].state, st(at_2i, 7, true));
        assert_eq!(prop.nodes[usize::from(off)].state, st(at_2i, 7, false));
        assert_eq!(
            prop.line(off).iter().map(|l| l.0).collect::<Vec<_>>(),
            vec![
                st(at_3i, 4, true),
                st(at_1i, 4, false),
                st(at_1i, 7, true),
                st(at_2i, 7, false)
            ]
        );
        // The second state counts its causes: 2i 5 off, and 3i 5 on.
        let (mut seen, mut stamp, mut stack) = (Vec::new(), 0, Vec::new());
        let mut nested = Vec::new();
        assert_eq!(
            prop.ancestors(on, &mut seen, &mut stamp, &mut stack, &mut nested),
            3
        );
        // Without the 5 in 3i nothing contradicts.
        propagate(
            &board,
            st(at_1i, 7, true),
            Mode::DYNAMIC,
            &mut prop,
            &mut scratch,
            &mut Shallow,
        );
        assert!(prop.conflict.is_none());
        assert!(prop.set.has(st(at_2i, 4, true)), "2i is 5");
    }
}
