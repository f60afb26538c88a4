//! Forcing chains that follow every consequence of an assumption, as
//! Sudoku Explainer (SE) finds and rates them: Nishio forcing chains (7.5),
//! multiple forcing chains (cell and region, 8.0), dynamic forcing chains
//! (8.5), dynamic forcing chains "plus" (9.0: locked candidates, pairs
//! and X-wings join in once the chains stop) and nested forcing chains
//! (9.5 to 11.0 and up: whole forcing chain searches join in as well,
//! [`nested`]).
//!
//! One engine does all of them, as SE's `Chaining` does with its four
//! settings. An assumption ("5c is 7", or "is not 7") is followed through
//! every implication in breadth-first order, on implications first: an on
//! candidate turns off its cell's other digits and its digit's other
//! places in its box, row and column; an off candidate turns on the other
//! digit of a cell with two left, or the other place of its digit in a unit
//! with two left. In the dynamic forms an off candidate is also struck from
//! the board as it is followed, so later cells and units count what is left
//! (and remember the candidates that made them bivalue or bilocal as extra
//! causes). A step comes from:
//!
//! - a contradiction: the assumption makes a candidate both on and off, so
//!   it is false;
//! - a double chain: "on" and "off" make the same candidate on (or off);
//! - a cell chain: each digit of a cell makes the same candidate on (off);
//! - a region chain: each place of a digit in a unit does.
//!
//! A step's rating is the setting's base plus SE's length bonus
//! ([`length_bonus`]) on its complexity: the number of distinct candidate
//! states among the causes of its conclusions, counted per branch. The
//! easiest step (by complexity, then SE's kind order) is taken.
//!
//! Everything is plain arrays: a board of 81 masks and nine digit
//! bitboards, a propagation of at most 1458 states with its causes, and a
//! cache of the "on" propagations of one position (each candidate's is
//! needed by several chains).

use super::board::{AdvancedOff, Board, Cause, NestedRef, PLACE};
use super::closure;
use super::nested;
use super::plus;
use super::shared::{length_bonus, st, st_cell, st_digit, st_on, two16, STATES};
use super::text::{Branches, Line, Writer};
use crate::logic::templates;
use crate::logic::{cell, Candidates, Step, CELL_UNITS, KINDS, SKIP, UNITS, UNIT_BITS};

/// The settings [`find`] tries in turn.
pub(crate) use super::board::Mode;

/// A fixed set of states.
#[derive(Clone)]
struct StateSet([u64; STATES.div_ceil(64)]);

impl StateSet {
    const EMPTY: StateSet = StateSet([0; STATES.div_ceil(64)]);

    fn has(&self, s: u16) -> bool {
        self.0[usize::from(s) / 64] & 1 << (s % 64) != 0
    }

    fn insert(&mut self, s: u16) {
        self.0[usize::from(s) / 64] |= 1 << (s % 64);
    }

    /// Keeps only the states also in `other`.
    fn and(&mut self, other: &StateSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(x, y)| *x &= y);
    }

    /// Whether some state is in both.
    fn meets(&self, other: &StateSet) -> bool {
        self.0.iter().zip(&other.0).any(|(x, y)| x & y != 0)
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
}

/// A state reached by a propagation, with the positions of its causes in
/// `Prop::parents`, the link that made it ([`Cause`]) and, for a state a
/// nested forcing chain concluded, that chain (an index into
/// `Prop::nested`).
#[derive(Clone, Copy)]
struct Node {
    state: u16,
    first: u32,
    count: u16,
    cause: Cause,
    nested: u32,
    /// The longest line of causes back to the assumption: the node and its
    /// ancestors are at least one more.
    depth: u16,
}

/// No nested chain.
const NO_NESTED: u32 = u32::MAX;

/// Everything one assumption implies, in the order it was found.
#[derive(Clone)]
struct Prop {
    /// The states reached.
    set: StateSet,
    /// Node index of each state in `set`.
    index: Vec<u16>,
    /// The nodes in the order found (the assumption first); a
    /// contradiction's second state is the last node and not in `set`.
    nodes: Vec<Node>,
    parents: Vec<u16>,
    /// A contradiction: the node found on and the node found off.
    conflict: Option<(u16, u16)>,
    /// The nested chains of the advanced states (`Node::nested`).
    nested: Vec<NestedRef>,
}

impl Prop {
    fn new() -> Prop {
        Prop {
            set: StateSet::EMPTY,
            index: vec![0; STATES],
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            conflict: None,
            nested: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.set = StateSet::EMPTY;
        self.nodes.clear();
        self.parents.clear();
        self.conflict = None;
        self.nested.clear();
    }

    /// Adds a node for `state` caused by `causes` through `cause`,
    /// registered in the set unless it is a contradiction's second state.
    #[inline]
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
            nested: NO_NESTED,
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
    #[inline]
    fn push_off(&mut self, state: u16, cause_node: u16, cause: Cause) -> u16 {
        let n = self.nodes.len() as u16;
        let depth = self.nodes[usize::from(cause_node)].depth + 1;
        self.nodes.push(Node {
            state,
            first: self.parents.len() as u32,
            count: 1,
            cause,
            nested: NO_NESTED,
            depth,
        });
        self.parents.push(cause_node);
        self.set.insert(state);
        self.index[usize::from(state)] = n;
        n
    }

    #[inline]
    fn node_of(&self, s: u16) -> Option<u16> {
        self.set.has(s).then(|| self.index[usize::from(s)])
    }

    fn causes(&self, n: u16) -> &[u16] {
        let node = self.nodes[usize::from(n)];
        &self.parents[node.first as usize..node.first as usize + usize::from(node.count)]
    }

    /// The number of distinct states among `n` and all its causes (SE's
    /// ancestor count); the nested chains among them go to `nested`.
    fn ancestors(
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
            let k = self.nodes[usize::from(x)].nested;
            if k != NO_NESTED {
                nested.push(self.nested[k as usize]);
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

    /// SE's walk from a conclusion at `target` through all its causes
    /// (`collectRuleParents` and `getChain`, breadth first): the candidates
    /// struck from `source` to make `cur` that each on state's cause needed
    /// go to `parents` (once each, in order), and every state to `hash`.
    #[allow(clippy::too_many_arguments)]
    fn rule_walk(
        &self,
        target: u16,
        kind: Kind,
        source: &Board,
        cur: &Board,
        parents: &mut Vec<u16>,
        hash: &mut nested::Fingerprint,
        seen: &mut Vec<u32>,
        stamp: &mut u32,
    ) {
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            seen.iter_mut().for_each(|s| *s = 0);
            *stamp = 1;
        }
        if seen.len() < self.nodes.len() {
            seen.resize(self.nodes.len(), 0);
        }
        hash.target(self.nodes[usize::from(target)].state);
        let mut todo = vec![target];
        let mut next = Vec::new();
        while !todo.is_empty() {
            for &n in &todo {
                if seen[usize::from(n)] == *stamp {
                    continue;
                }
                seen[usize::from(n)] = *stamp;
                let node = self.nodes[usize::from(n)];
                hash.state(node.state);
                if st_on(node.state) {
                    let cause = match (node.cause, kind) {
                        (Cause::Start, Kind::Cell) => Cause::Cell,
                        (Cause::Start, Kind::Region(j)) => Cause::Unit(j),
                        (cause, _) => cause,
                    };
                    nested::struck_by(cause, node.state, source, cur, parents);
                }
                next.extend_from_slice(self.causes(n));
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
    }

    /// The main line from the assumption to `n`: first causes only, each
    /// state with its cause.
    fn line(&self, mut n: u16) -> Vec<(u16, Cause)> {
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

/// A first-in first-out list of node indices that only grows during a
/// propagation (each node enters once), so it needs no ring.
#[derive(Default)]
struct Queue {
    items: Vec<u16>,
    head: usize,
}

impl Queue {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn push_back(&mut self, n: u16) {
        self.items.push(n);
    }

    fn pop_front(&mut self) -> Option<u16> {
        let n = *self.items.get(self.head)?;
        self.head += 1;
        Some(n)
    }
}

/// Scratch space of one propagation.
struct Scratch {
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
    fn new() -> Scratch {
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

/// Follows the assumption `start` on `board` in `mode` into `prop`,
/// stopping at the first contradiction; nested forcing chains keep their
/// storage in `deeper`.
fn propagate(
    board: &Board,
    start: u16,
    mode: Mode,
    prop: &mut Prop,
    x: &mut Scratch,
    deeper: &mut nested::Store,
) {
    prop.clear();
    x.on_queue.clear();
    x.off_queue.clear();
    x.struck = [0; 81];
    x.struck_at = [0; 9];
    let mut cur = board.clone();
    let cells = !mode.nishio;
    let n = prop.push(start, &[], true, Cause::Start);
    if st_on(start) {
        x.on_queue.push_back(n);
    } else {
        x.off_queue.push_back(n);
    }
    loop {
        if let Some(n) = x.on_queue.pop_front() {
            let s = prop.nodes[usize::from(n)].state;
            let (c, d) = (st_cell(s), st_digit(s));
            // The cell's other digits, then the digit's other places by box, row, column.
            let mut targets: [(u16, Cause); 28] = [(0, Cause::Start); 28];
            let mut k = 0;
            if cells {
                let mut rest = cur.m[c] & !(1 << d);
                while rest != 0 {
                    let e = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    targets[k] = (st(c, e, false), Cause::Cell);
                    k += 1;
                }
            }
            for (j, kind) in KINDS.into_iter().enumerate() {
                let u = usize::from(CELL_UNITS[c][kind]);
                let mut places = cur.pos[u][d] & !SKIP[c][j];
                while places != 0 {
                    let o = usize::from(UNITS[u][places.trailing_zeros() as usize]);
                    targets[k] = (st(o, d, false), Cause::Unit(j as u8));
                    k += 1;
                    places &= places - 1;
                }
            }
            for &(t, cause) in &targets[..k] {
                if let Some(on) = prop.node_of(t | 1) {
                    let off = prop.push(t, &[n], false, cause);
                    prop.conflict = Some((on, off));
                    return;
                }
                if !prop.set.has(t) {
                    let m = prop.push_off(t, n, cause);
                    x.off_queue.push_back(m);
                }
            }
        } else if let Some(n) = x.off_queue.pop_front() {
            let s = prop.nodes[usize::from(n)].state;
            let (c, d) = (st_cell(s), st_digit(s));
            x.links.clear();
            x.causes.clear();
            // The other digit of a cell with two left.
            if cells && two16(cur.m[c]) {
                let e = (cur.m[c] & !(1 << d)).trailing_zeros() as usize;
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
            for (j, kind) in KINDS.into_iter().enumerate() {
                let u = usize::from(CELL_UNITS[c][kind]);
                let places = cur.pos[u][d];
                if !two16(places) {
                    continue;
                }
                let o = usize::from(
                    UNITS[u][(places & !(1 << PLACE[c][u / 9])).trailing_zeros() as usize],
                );
                let t = st(o, d, true);
                if x.links.iter().any(|l| l.0 == t) {
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
                cur.remove(c, d);
                x.struck[c] |= 1 << d;
                x.struck_at[d] |= 1 << c;
            }
            for i in 0..x.links.len() {
                let (t, first, count, cause) = x.links[i];
                let causes = &x.causes[first as usize..first as usize + usize::from(count)];
                if let Some(off) = prop.node_of(t & !1) {
                    let on = prop.push(t, causes, false, cause);
                    prop.conflict = Some((on, off));
                    return;
                }
                if !prop.set.has(t) {
                    let m = prop.push(t, causes, true, cause);
                    x.on_queue.push_back(m);
                }
            }
        } else if mode.level > 0 {
            x.advanced.clear();
            x.advanced_causes.clear();
            plus::advanced(
                board,
                &cur,
                |s| prop.node_of(s),
                &mut x.advanced,
                &mut x.advanced_causes,
            );
            if x.advanced.is_empty() && mode.level >= 2 {
                nested::advanced(
                    board,
                    &cur,
                    mode.level,
                    &|s| prop.node_of(s),
                    deeper,
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
                        prop.nodes[usize::from(m)].nested = prop.nested.len() as u32;
                        prop.nested.push(r);
                    }
                    x.off_queue.push_back(m);
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

/// One conclusion found, before the easiest is chosen.
struct Found {
    complexity: usize,
    sort_key: u8,
    recipe: Recipe,
}

/// How to make the step of a conclusion, once it is known to be the one
/// taken: the nodes of its propagations.
enum Recipe {
    /// `d` on (or off) in `c` led to nodes `a` (on) and `b` (off) of one
    /// candidate.
    Contradiction {
        c: usize,
        d: usize,
        on: bool,
        a: u16,
        b: u16,
    },
    /// `d` on and off in `c` both led to state `s`: nodes `a` and `b`.
    Double {
        c: usize,
        d: usize,
        s: u16,
        a: u16,
        b: u16,
    },
    /// Every branch of a cell or region led to state `s` (at `targets`,
    /// nodes of the branches' "on" propagations).
    Branches {
        branches: Branches,
        s: u16,
        targets: Vec<(Which, u16)>,
    },
}

/// The propagations of one position, each computed once.
struct Engine<'a> {
    board: &'a Board,
    mode: Mode,
    /// The "on" propagation of each candidate, once computed.
    on: Vec<Option<Box<Prop>>>,
    off: Box<Prop>,
    scratch: Box<Scratch>,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    /// The easiest conclusion so far.
    best: Option<Found>,
    /// Nishio only: per digit, the cells on some and on every template
    /// ([`templates::cover`]), when known.
    covers: Vec<Option<(u128, u128)>>,
    /// Those of every digit, for the Nishio setting.
    templates: [Option<(u128, u128)>; 9],
    /// Propagations of an earlier setting, for their storage.
    #[allow(clippy::vec_box)] // moved to and from `on` without copying
    pool: Vec<Box<Prop>>,
    /// The storage of the forcing chains nested in this engine's.
    deeper: Box<nested::Store>,
    /// The nested chains met while counting a conclusion's causes.
    nested_seen: Vec<NestedRef>,
    /// Every conclusion rather than the easiest, when this engine runs
    /// nested in another chain's.
    collect: Option<nested::Collect<'a>>,
    /// What each state implies, in the static settings (multiple chains):
    /// a cell or region chain whose branches reach no state in common is
    /// not followed.
    closure: closure::Cache,
    /// Whether the setting is static.
    closed: bool,
    /// Storage for the states branches have in common ([`Engine::common`]).
    common_buf: Vec<u16>,
}

/// The storage of the forcing chain searches, kept from one position to
/// the next (see [`crate::logic::Workspace`]).
#[derive(Default)]
pub(crate) struct Store {
    #[allow(clippy::vec_box)] // moved to and from `Engine::on` without copying
    pool: Vec<Box<Prop>>,
    off: Option<Box<Prop>>,
    scratch: Option<Box<Scratch>>,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    deeper: Option<Box<nested::Store>>,
}

impl<'a> Engine<'a> {
    /// An engine on `board`, with the storage kept in `store`.
    fn new(
        board: &'a Board,
        mode: Mode,
        store: &mut Store,
        templates: [Option<(u128, u128)>; 9],
    ) -> Engine<'a> {
        let mut engine = Engine {
            board,
            mode,
            on: (0..729).map(|_| None).collect(),
            off: store.off.take().unwrap_or_else(|| Box::new(Prop::new())),
            scratch: store
                .scratch
                .take()
                .unwrap_or_else(|| Box::new(Scratch::new())),
            seen: std::mem::take(&mut store.seen),
            stamp: store.stamp,
            stack: std::mem::take(&mut store.stack),
            best: None,
            covers: Vec::new(),
            templates,
            pool: std::mem::take(&mut store.pool),
            deeper: store.deeper.take().unwrap_or_default(),
            nested_seen: Vec::new(),
            collect: None,
            closure: closure::Cache::default(),
            closed: false,
            common_buf: Vec::new(),
        };
        engine.restart(mode);
        engine
    }

    /// Gives the engine's storage back to `store`.
    fn keep(mut self, store: &mut Store) {
        self.release();
        store.pool = self.pool;
        store.off = Some(self.off);
        store.scratch = Some(self.scratch);
        store.seen = self.seen;
        store.stamp = self.stamp;
        store.stack = self.stack;
        store.deeper = Some(self.deeper);
    }

    /// Starts over in `mode`, keeping the propagations' storage for reuse.
    fn restart(&mut self, mode: Mode) {
        self.mode = mode;
        self.best = None;
        // Static links: everything a branch can reach is known in advance.
        self.closed = !mode.dynamic && !mode.nishio;
        self.release();
        self.covers = if mode.nishio {
            self.templates.to_vec()
        } else {
            Vec::new()
        };
    }

    /// Puts the propagations back in the pool for reuse.
    fn release(&mut self) {
        for slot in &mut self.on {
            if let Some(prop) = slot.take() {
                self.pool.push(prop);
            }
        }
    }

    /// In a static setting, whether every state of `starts` (on states)
    /// reaches a state in common worth concluding, other than `except`:
    /// else the cell or region chain of those branches finds nothing. In
    /// the others, true.
    fn may_share(&mut self, starts: &[usize], except: usize) -> bool {
        if !self.closed {
            return true;
        }
        let m = &self.board.m;
        let worth = |s: usize| s.is_multiple_of(2) || m[s / 18].count_ones() > 1;
        self.closure.get(m).common(starts, except, worth)
    }

    fn ensure_on(&mut self, c: usize, d: usize) {
        let k = c * 9 + d;
        if self.on[k].is_none() {
            let mut prop = self.pool.pop().unwrap_or_else(|| Box::new(Prop::new()));
            propagate(
                self.board,
                st(c, d, true),
                self.mode,
                &mut prop,
                &mut self.scratch,
                &mut self.deeper,
            );
            self.on[k] = Some(prop);
        }
    }

    fn on_prop(&self, c: usize, d: usize) -> &Prop {
        self.on[c * 9 + d]
            .as_deref()
            .unwrap_or_else(|| panic!("propagation of {}={} not computed", cell(c), d + 1))
    }

    fn prop(&self, which: Which) -> &Prop {
        match which {
            Which::On(c, d) => self.on_prop(c, d),
            Which::Off => &self.off,
        }
    }

    /// SE's complexity of a conclusion reached at each of `targets`: the
    /// distinct states among each target's causes, summed over the
    /// targets, plus the complexity of each distinct nested chain among
    /// them (`ChainingHint.getComplexity`).
    fn complexity(&mut self, targets: &[(Which, u16)]) -> usize {
        self.nested_seen.clear();
        let mut total = 0;
        for &(which, n) in targets {
            let prop: &Prop = match which {
                Which::On(c, d) => self.on[c * 9 + d].as_deref().expect("computed"),
                Which::Off => &self.off,
            };
            total += prop.ancestors(
                n,
                &mut self.seen,
                &mut self.stamp,
                &mut self.stack,
                &mut self.nested_seen,
            );
        }
        if !self.nested_seen.is_empty() {
            self.nested_seen.sort_unstable_by_key(|r| r.fingerprint);
            self.nested_seen.dedup_by_key(|r| r.fingerprint);
            total += self
                .nested_seen
                .iter()
                .map(|r| r.complexity as usize)
                .sum::<usize>();
        }
        total
    }

    /// Whether a conclusion of this complexity and kind would beat the best.
    fn beats(&self, complexity: usize, sort_key: u8) -> bool {
        match &self.best {
            None => true,
            Some(b) => (complexity, sort_key) < (b.complexity, b.sort_key),
        }
    }

    fn offer(&mut self, found: Found) {
        if self.beats(found.complexity, found.sort_key) {
            self.best = Some(found);
        }
    }

    /// SE's `getMultipleChainsHintList` for one cell.
    fn cell(&mut self, c: usize) {
        let mode = self.mode;
        let mask = self.board.m[c];
        let n = mask.count_ones();
        let mut list = [0usize; 9];
        let mut k = 0;
        for d in 0..9 {
            if mask & 1 << d != 0 {
                list[k] = d;
                k += 1;
            }
        }
        let digits = &list[..k];
        for &d in digits {
            self.binary(
                c,
                d,
                n >= 3 && !mode.nishio && mode.dynamic,
                mode.dynamic || mode.nishio,
            );
            if !mode.nishio {
                self.regions(c, d);
            }
        }
        if !mode.nishio && (n == 2 || (mode.multiple && n > 2)) {
            self.cell_reduction(c, digits);
        }
    }

    /// Contradictions from `d` on and off in `c`, and double chains.
    fn binary(&mut self, c: usize, d: usize, double: bool, contradiction: bool) {
        // Nishio reasons about one digit: "on" can only contradict off every
        // template of the digit, "off" only on every one.
        let (need_on, need_off) = match self.covers.get(d).copied().flatten() {
            Some((some, every)) => (some & 1 << c == 0, every & 1 << c != 0),
            None => (true, true),
        };
        // The static settings follow a branch only where a cell or region
        // chain needs it (`regions`, `cell_reduction`).
        if (need_on || !self.mode.nishio) && !self.closed {
            self.ensure_on(c, d);
        }
        if !(double || contradiction) || !need_off {
            // SE follows "off" too, but uses it only for contradictions and
            // double chains.
            if contradiction && need_on {
                self.contradiction(c, d, true);
            }
            return;
        }
        self.follow_off(c, d);
        if contradiction {
            if need_on {
                self.contradiction(c, d, true);
            }
            self.contradiction(c, d, false);
        }
        if double {
            self.double(c, d);
        }
    }

    /// Takes a conclusion: the state `s`, reached at `targets`, of SE's
    /// kind `sort_key`; `build` makes its step when it is the easiest so
    /// far. Nested in another chain, every conclusion is collected instead.
    fn consider(
        &mut self,
        kind: Kind,
        targets: &[(Which, u16)],
        s: u16,
        sort_key: u8,
        recipe: impl FnOnce() -> Recipe,
    ) {
        if self.collect.is_none() {
            if let Some(best) = &self.best {
                // Each target's ancestors are at least its depth and itself:
                // a conclusion above the best cannot beat it.
                let least: usize = targets
                    .iter()
                    .map(|&(which, n)| {
                        usize::from(self.prop(which).nodes[usize::from(n)].depth) + 1
                    })
                    .sum();
                if least > best.complexity {
                    return;
                }
            }
        }
        let complexity = self.complexity(targets);
        if self.collect.is_some() {
            self.collect_hint(kind, targets, s, sort_key, complexity);
        } else if self.beats(complexity, sort_key) {
            self.offer(Found {
                complexity,
                sort_key,
                recipe: recipe(),
            });
        }
    }

    /// The step of the conclusion taken: its sentence follows the main
    /// line of each propagation ("off" ones followed again, since
    /// `self.off` holds the last one only).
    fn make_step(&mut self, found: &Found) -> Step {
        let complexity = found.complexity;
        match found.recipe {
            Recipe::Contradiction { c, d, on, a, b } => {
                if !on {
                    self.follow_off(c, d);
                }
                let prop: &Prop = if on { self.on_prop(c, d) } else { &self.off };
                let (line_a, line_b) = (prop.line(a), prop.line(b));
                self.writer()
                    .contradiction(c, d, on, &line_a, &line_b, complexity)
            }
            Recipe::Double { c, d, s, a, b } => {
                self.follow_off(c, d);
                let on_line = self.on_prop(c, d).line(a);
                let off_line = self.off.line(b);
                self.writer()
                    .double(c, d, s, &on_line, &off_line, complexity)
            }
            Recipe::Branches {
                branches,
                s,
                ref targets,
            } => {
                let lines: Vec<Line> = targets.iter().map(|&(w, n)| self.prop(w).line(n)).collect();
                self.writer().branches(branches, s, &lines, complexity)
            }
        }
    }

    /// The writer of this setting's steps on this board.
    fn writer(&self) -> Writer<'a> {
        Writer {
            mode: self.mode,
            board: self.board,
        }
    }

    /// `d` off in `c`, followed into `self.off`.
    fn follow_off(&mut self, c: usize, d: usize) {
        propagate(
            self.board,
            st(c, d, false),
            self.mode,
            &mut self.off,
            &mut self.scratch,
            &mut self.deeper,
        );
    }

    /// A contradiction from `d` on in `c` (its cached propagation), or off
    /// (`self.off`).
    fn contradiction(&mut self, c: usize, d: usize, on: bool) {
        let (which, conflict) = if on {
            (Which::On(c, d), self.on_prop(c, d).conflict)
        } else {
            (Which::Off, self.off.conflict)
        };
        let Some((a, b)) = conflict else { return };
        // "Off" concludes that `d` is placed: worth it only beside another digit.
        if !on && self.board.m[c].count_ones() <= 1 {
            return;
        }
        self.consider(
            Kind::Binary,
            &[(which, a), (which, b)],
            st(c, d, !on),
            7,
            || Recipe::Contradiction { c, d, on, a, b },
        );
    }

    /// Double chains: what `d` on and off in `c` (in `self.off`) both imply.
    fn double(&mut self, c: usize, d: usize) {
        if !self.on_prop(c, d).set.meets(&self.off.set) {
            return;
        }
        // The on states reached, then the off states, in the order found.
        for side in [true, false] {
            let len = self.on_prop(c, d).nodes.len();
            for i in 0..len {
                let a = i as u16;
                let s = self.on_prop(c, d).nodes[i].state;
                if st_on(s) != side || !self.on_prop(c, d).set.has(s) {
                    continue;
                }
                let Some(b) = self.off.node_of(s) else {
                    continue;
                };
                if !self.worth(s) {
                    continue;
                }
                self.consider(
                    Kind::Binary,
                    &[(Which::On(c, d), a), (Which::Off, b)],
                    s,
                    1,
                    || Recipe::Double { c, d, s, a, b },
                );
            }
        }
    }

    /// Whether concluding `s` removes anything: an on state with other
    /// digits in its cell, or any off state.
    fn worth(&self, s: u16) -> bool {
        !st_on(s) || self.board.m[st_cell(s)].count_ones() > 1
    }

    /// Region chains on the units of `c` where it is the first place of `d`.
    fn regions(&mut self, c: usize, d: usize) {
        for (j, kind) in KINDS.into_iter().enumerate() {
            let u = usize::from(CELL_UNITS[c][kind]);
            let places = self.board.at[d] & UNIT_BITS[u];
            let n = places.count_ones();
            // A unit's cells are in increasing order: `c` must be the lowest.
            if !(n == 2 || (self.mode.multiple && n > 2)) || places.trailing_zeros() as usize != c {
                continue;
            }
            // The unit's places of `d`, by increasing index (the unit's order).
            let mut list = [0usize; 9];
            let mut k = 0;
            let mut rest = places;
            while rest != 0 {
                list[k] = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k += 1;
            }
            let spots = &list[..k];
            let mut starts = [0usize; 9];
            for (i, &o) in spots.iter().enumerate() {
                starts[i] = usize::from(st(o, d, true));
            }
            if !self.may_share(&starts[..k], usize::from(st(c, d, true))) {
                continue;
            }
            for &o in spots {
                self.ensure_on(o, d);
            }
            let common = self.common(spots.iter().map(|&o| (o, d)), st(c, d, true));
            for &s in &common {
                if !self.worth(s) {
                    continue;
                }
                let mut targets = [(Which::Off, 0u16); 9];
                for (i, &o) in spots.iter().enumerate() {
                    let n = self.on_prop(o, d).node_of(s).expect("common state");
                    targets[i] = (Which::On(o, d), n);
                }
                let targets = &targets[..k];
                let branches = Branches::Region(u, d);
                self.consider(Kind::Region(j as u8), targets, s, 6, || Recipe::Branches {
                    branches,
                    s,
                    targets: targets.to_vec(),
                });
            }
            self.common_buf = common;
        }
    }

    /// Cell chains: what every digit of `c` implies alike.
    fn cell_reduction(&mut self, c: usize, digits: &[usize]) {
        let mut starts = [0usize; 9];
        for (i, &d) in digits.iter().enumerate() {
            starts[i] = usize::from(st(c, d, true));
        }
        if !self.may_share(&starts[..digits.len()], usize::MAX) {
            return;
        }
        for &d in digits {
            self.ensure_on(c, d);
        }
        let common = self.common(digits.iter().map(|&d| (c, d)), u16::MAX);
        for &s in &common {
            if !self.worth(s) {
                continue;
            }
            let mut targets = [(Which::Off, 0u16); 9];
            for (i, &d) in digits.iter().enumerate() {
                let n = self.on_prop(c, d).node_of(s).expect("common state");
                targets[i] = (Which::On(c, d), n);
            }
            let targets = &targets[..digits.len()];
            self.consider(Kind::Cell, targets, s, 5, || Recipe::Branches {
                branches: Branches::Cell(c),
                s,
                targets: targets.to_vec(),
            });
        }
        self.common_buf = common;
    }

    /// The states every branch's "on" propagation reaches (`branches`:
    /// cell and digit of each, all computed), but `except`, in the order of
    /// the first branch's on states, then its off states.
    fn common(
        &mut self,
        branches: impl Iterator<Item = (usize, usize)> + Clone,
        except: u16,
    ) -> Vec<u16> {
        let mut first = None;
        let mut all = StateSet::EMPTY;
        for (i, (c, d)) in branches.enumerate() {
            let set = &self.on_prop(c, d).set;
            if i == 0 {
                all = set.clone();
                first = Some((c, d));
            } else {
                all.and(set);
            }
        }
        let mut common = std::mem::take(&mut self.common_buf);
        common.clear();
        let Some((c, d)) = first else { return common };
        if all.is_empty() {
            return common;
        }
        let p = self.on_prop(c, d);
        for side in [true, false] {
            for node in &p.nodes {
                let s = node.state;
                if st_on(s) == side && all.has(s) && s != except {
                    common.push(s);
                }
            }
        }
        common
    }

    /// Collects a conclusion of a nested search: kept if it is the easiest
    /// removing its candidates (SE keeps the first of equal hints, sorted),
    /// with its rule parents and fingerprint.
    fn collect_hint(
        &mut self,
        kind: Kind,
        targets: &[(Which, u16)],
        s: u16,
        sort_key: u8,
        complexity: usize,
    ) {
        let (c, d) = (st_cell(s), st_digit(s));
        let removable = if st_on(s) {
            self.board.m[c] & !(1 << d)
        } else {
            1 << d
        };
        let removed: Vec<u16> = (0..9)
            .filter(|&e| removable & 1 << e != 0)
            .map(|e| st(c, e, false))
            .collect();
        let difficulty = self.mode.base() + length_bonus(complexity);
        let Some(collect) = self.collect.as_mut() else {
            return;
        };
        let Some(slot) = collect.slot(&removed, difficulty, complexity, sort_key) else {
            return;
        };
        let mut parents = Vec::new();
        let mut hash = nested::Fingerprint::new();
        let source = collect.source;
        for &(which, n) in targets {
            let prop: &Prop = match which {
                Which::On(c, d) => self.on[c * 9 + d].as_deref().expect("computed"),
                Which::Off => &self.off,
            };
            prop.rule_walk(
                n,
                kind,
                source,
                self.board,
                &mut parents,
                &mut hash,
                &mut self.seen,
                &mut self.stamp,
            );
        }
        if let Some(collect) = self.collect.as_mut() {
            collect.fill(
                slot,
                nested::Hint {
                    removed,
                    parents,
                    nested: NestedRef {
                        fingerprint: hash.finish(),
                        complexity: complexity as u32,
                    },
                },
            );
        }
    }
}

#[derive(Clone, Copy)]
enum Which {
    On(usize, usize),
    Off,
}

/// SE's hint classes, as far as rule parents tell them apart: in a cell
/// or region chain each branch's assumption counts as made by the cell or
/// the unit (SE kind index), in the others it has no cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Binary,
    Cell,
    Region(u8),
}

/// The easiest step of SE's chaining in the first of `modes` that finds
/// one (SE tries them in turn), or `None`.
pub(crate) fn find(
    marks: &Candidates,
    store: &mut Store,
    covers: &mut templates::Covers,
    cache: &mut closure::Cache,
    modes: &[Mode],
) -> Option<Step> {
    let board = Board::new(marks);
    let templates = if modes.iter().any(|mode| mode.nishio) {
        covers.all(&board.m)
    } else {
        [None; 9]
    };
    let mut engine = Engine::new(&board, *modes.first()?, store, templates);
    engine.closure = std::mem::take(cache);
    let mut unique = None;
    for &mode in modes {
        // Nested chains search long on a position without one solution
        // (an empty grid takes hours), and a grade refuses it anyway.
        if mode.level >= 2 && !*unique.get_or_insert_with(|| has_one_solution(marks)) {
            break;
        }
        engine.restart(mode);
        for c in 0..81 {
            let n = board.m[c].count_ones();
            if n > 2 || (n > 1 && mode.dynamic) {
                engine.cell(c);
            }
        }
        if let Some(found) = engine.best.take() {
            let step = engine.make_step(&found);
            *cache = std::mem::take(&mut engine.closure);
            engine.keep(store);
            return Some(step);
        }
    }
    *cache = std::mem::take(&mut engine.closure);
    engine.keep(store);
    None
}

/// Whether the position's grid has exactly one solution.
fn has_one_solution(marks: &Candidates) -> bool {
    crate::solver::default_solver().solutions_count_up_to(marks.grid(), 2) == 1
}

/// Every conclusion of SE's chaining in `mode` on `cur`, for a search
/// nested in a chain that started from `source` ([`nested`]).
pub(crate) fn collect_all(
    cur: &Board,
    source: &Board,
    mode: Mode,
    store: &mut Store,
    cache: &mut closure::Cache,
) -> Vec<nested::Hint> {
    let mut engine = Engine::new(cur, mode, store, [None; 9]);
    engine.closure = std::mem::take(cache);
    engine.collect = Some(nested::Collect::new(source));
    for c in 0..81 {
        let n = cur.m[c].count_ones();
        if n > 2 || (n > 1 && mode.dynamic) {
            engine.cell(c);
        }
    }
    let hints = engine
        .collect
        .take()
        .map(nested::Collect::finish)
        .unwrap_or_default();
    *cache = std::mem::take(&mut engine.closure);
    engine.keep(store);
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, restrict};

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
            &mut nested::Store::default(),
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
            &mut nested::Store::default(),
        );
        assert!(prop.conflict.is_none());
        assert!(prop.set.has(st(at_2i, 4, true)), "2i is 5");
    }
}
