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
//! bitboards ([`Board`]), a propagation of at most 1458 states with its
//! causes ([`Prop`], followed by [`propagate`]), and a cache of the "on"
//! propagations of one position (each candidate's is needed by several
//! chains); the dynamic setting keeps its propagations, on and off, for
//! the next position, which takes again those that still hold there,
//! whole or up to where they part ([`super::reuse`]). This file is the
//! search: which assumptions to follow, which conclusions they give and
//! which is the easiest, and the searches nested in a chain ([`Deeper`]);
//! the sentences are [`super::text`]'s.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use super::board::{AdvancedOff, Board, BoardKey, KeyHasher, NestedRef, Rule};
use super::chains;
use super::closure;
use super::nested::{self, Kind};
use super::plus;
use super::propagation::{propagate, resume, Nest, Prop, Scratch, StateSet};
use super::reuse::{Again, Kept, Lent, Reuse, Taken};
use super::shared::{length_bonus, st, st_cell, st_digit, st_on};
use super::text::{Branches, Line, Writer};
use crate::logic::templates;
use crate::logic::{cell, count9, Candidates, Rating, Step, Words, CELL_UNITS, KINDS, UNIT_BITS};

/// The settings [`find`] tries in turn.
pub(crate) use super::board::Mode;

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
        targets: Vec<(Branch, u16)>,
    },
}

/// The propagations of one position, each computed once.
struct Engine<'a> {
    board: &'a Board,
    mode: Mode,
    /// The "on" propagation of each candidate, once computed.
    on: Slots,
    off: Box<Prop>,
    scratch: Box<Scratch>,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    /// The next breadth of a walk through causes (`stack` holds this one).
    next: Vec<u16>,
    /// The easiest conclusion so far.
    best: Option<Found>,
    /// Nishio only: per digit, the cells on some and on every template
    /// ([`templates::Covers`]), when known.
    covers: Vec<Option<(u128, u128)>>,
    /// Those of every digit, for the Nishio setting.
    templates: [Option<(u128, u128)>; 9],
    /// Propagations of an earlier setting, for their storage.
    #[allow(clippy::vec_box)] // moved to and from `on` without copying
    pool: Vec<Box<Prop>>,
    /// The storage of the forcing chains nested in this engine's.
    deeper: Box<Deeper>,
    /// The nested chains met while counting a conclusion's causes.
    nested_seen: Vec<NestedRef>,
    /// Conclusions of a nested search waiting for its end ([`Pending`]).
    pending: Vec<Pending>,
    /// Tests: see [`Store::at_once`].
    #[cfg(test)]
    at_once: bool,
    /// Every conclusion rather than the easiest, when this engine runs
    /// nested in another chain's.
    collect: Option<nested::Collect<'a>>,
    /// What each state implies, in the static settings (multiple chains):
    /// a cell or region chain whose branches reach no state in common is
    /// not followed.
    closure: closure::Cache,
    /// Whether `closure` has been asked for the board (which an engine keeps
    /// throughout), so that it need not compare the boards again.
    closure_asked: bool,
    /// Whether the setting is static.
    closed: bool,
    /// Storage for the states branches have in common ([`Engine::common`]).
    common_buf: Vec<u16>,
    /// The dynamic setting's propagations of earlier positions.
    reuse: Reuse,
    /// Whether this setting's propagations are kept in `reuse` (the
    /// dynamic setting of a search not nested in a chain).
    keeping: bool,
    /// While keeping: the "off" propagations of this position, but the one
    /// in `off` (of candidate `off_key`).
    off_kept: Slots,
    off_key: Option<usize>,
    /// While keeping, in a search nested in a chain: the propagations of
    /// the position the chain was assumed on, for those not kept here.
    lent: Option<Lent<'a>>,
    /// The assumptions whose lent propagations were moved here
    /// ([`Taken::Moved`]), to be given back when the search ends.
    moved: Vec<u16>,
    /// Whether `reuse` is lent to the nested searches (`Deeper::lent`), in
    /// the settings that nest dynamic ones.
    lending: bool,
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
    next: Vec<u16>,
    deeper: Option<Box<Deeper>>,
    reuse: Reuse,
    /// The engine's slots, empty between searches, and its lists.
    on: Slots,
    off_kept: Slots,
    pending: Vec<Pending>,
    nested_seen: Vec<NestedRef>,
    common_buf: Vec<u16>,
    /// Tests: nested searches work out every conclusion's rule parents at
    /// once, none when the search ends.
    #[cfg(test)]
    at_once: bool,
}

impl Store {
    /// Tests: compare every propagation the dynamic setting takes from an
    /// earlier position with a fresh one.
    #[cfg(test)]
    pub(crate) fn check_reuse(&mut self) {
        self.reuse.check = true;
    }

    /// Tests: how many propagations the dynamic setting took from an
    /// earlier position in part and followed on from there.
    #[cfg(test)]
    pub(crate) fn resumed(&self) -> usize {
        self.reuse.resumed
    }

    /// Tests: compare every propagation a search nested in a chain takes
    /// from those lent to it with a fresh one.
    #[cfg(test)]
    pub(crate) fn check_lent(&mut self) {
        self.reuse.check_lent = true;
    }

    /// Tests: how many of the dynamic setting's propagations the searches
    /// nested in chains took while they were lent.
    #[cfg(test)]
    pub(crate) fn lent_taken(&self) -> usize {
        self.reuse.lent_taken
    }
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
            on: std::mem::take(&mut store.on),
            off: store.off.take().unwrap_or_else(|| Box::new(Prop::new())),
            scratch: store
                .scratch
                .take()
                .unwrap_or_else(|| Box::new(Scratch::new())),
            seen: std::mem::take(&mut store.seen),
            stamp: store.stamp,
            stack: std::mem::take(&mut store.stack),
            next: std::mem::take(&mut store.next),
            best: None,
            covers: Vec::new(),
            templates,
            pool: std::mem::take(&mut store.pool),
            deeper: store.deeper.take().unwrap_or_default(),
            nested_seen: std::mem::take(&mut store.nested_seen),
            pending: std::mem::take(&mut store.pending),
            #[cfg(test)]
            at_once: store.at_once,
            collect: None,
            closure: closure::Cache::default(),
            closure_asked: false,
            closed: false,
            common_buf: std::mem::take(&mut store.common_buf),
            reuse: std::mem::take(&mut store.reuse),
            keeping: false,
            off_kept: std::mem::take(&mut store.off_kept),
            off_key: None,
            lent: None,
            moved: Vec::new(),
            lending: false,
        };
        #[cfg(test)]
        {
            engine.deeper.forcing.reuse.check |= engine.reuse.check;
            engine.deeper.forcing.reuse.check_lent |= engine.reuse.check_lent;
        }
        engine.restart(mode);
        engine
    }

    /// Gives the engine's storage back to `store`.
    fn keep(mut self, store: &mut Store) {
        self.release();
        self.lend(false);
        store.pool = self.pool;
        store.off = Some(self.off);
        store.scratch = Some(self.scratch);
        store.seen = self.seen;
        store.stamp = self.stamp;
        store.stack = self.stack;
        store.next = self.next;
        store.deeper = Some(self.deeper);
        store.reuse = self.reuse;
        self.pending.clear();
        store.pending = self.pending;
        store.nested_seen = self.nested_seen;
        store.common_buf = self.common_buf;
        store.on = self.on;
        store.off_kept = self.off_kept;
    }

    /// Starts over in `mode`, keeping the propagations' storage for reuse.
    fn restart(&mut self, mode: Mode) {
        self.mode = mode;
        self.best = None;
        // Static links: everything a branch can reach is known in advance.
        self.closed = !mode.dynamic && !mode.nishio;
        self.release();
        self.lend(nested::rules(mode.level).contains(&Rule::Dynamic));
        self.covers = if mode.nishio {
            self.templates.to_vec()
        } else {
            Vec::new()
        };
    }

    /// Lends the dynamic setting's propagations, kept for the next
    /// position, to the dynamic searches nested in this setting's chains
    /// (`lend`), or takes them back: every such chain is assumed on this
    /// position, and they are kept unchanged.
    fn lend(&mut self, lend: bool) {
        if lend != self.lending {
            std::mem::swap(&mut self.reuse, &mut self.deeper.lent);
            if lend {
                self.deeper.lent.index();
            }
            self.lending = lend;
        }
    }

    /// Puts the propagations back in the pool for reuse, or, while
    /// keeping, in `reuse` for the next position.
    fn release(&mut self) {
        self.give_back();
        self.lent = None;
        if self.keeping {
            self.stash();
            return;
        }
        self.on.drain(|_, prop| self.pool.push(prop));
    }

    /// Starts keeping this setting's propagations (the dynamic one) and
    /// takes those of earlier positions that hold on this board; a search
    /// nested in a chain is also lent those of the position the chain was
    /// assumed on (`lent`), for the ones it needs and has not.
    fn adopt(&mut self, lent: Option<&'a mut Reuse>) {
        let (board, scratch, deeper) = (self.board, &mut self.scratch, &mut self.deeper);
        let (on, off_kept, pool) = (&mut self.on, &mut self.off_kept, &mut self.pool);
        self.reuse.start(&board.m, |mut k, again| {
            match again {
                Again::Nothing => {
                    pool.push(k.prop);
                    return;
                }
                Again::From => resume(board, &mut k.prop, scratch, &mut **deeper),
                Again::Whole => {}
            }
            if k.on {
                on.put(k.key, k.prop);
            } else {
                off_kept.put(k.key, k.prop);
            }
        });
        self.keeping = true;
        self.off_key = None;
        self.lent = lent.and_then(|lent| lent.lend(&self.board.m));
        #[cfg(test)]
        if self.reuse.check {
            self.check_kept();
        }
    }

    /// Gives this position's propagations to `reuse`.
    fn stash(&mut self) {
        let reuse = &mut self.reuse;
        self.on.drain(|key, prop| {
            reuse.keep(Kept {
                key,
                on: true,
                prop,
            })
        });
        self.off_kept.drain(|key, prop| {
            reuse.keep(Kept {
                key,
                on: false,
                prop,
            })
        });
        if let Some(key) = self.off_key.take() {
            let fresh = self.pool.pop().unwrap_or_else(|| Box::new(Prop::new()));
            let prop = std::mem::replace(&mut self.off, fresh);
            self.reuse.keep(Kept {
                key,
                on: false,
                prop,
            });
        }
        self.keeping = false;
    }

    /// Tests: every propagation taken from an earlier position is the one
    /// followed afresh here.
    #[cfg(test)]
    fn check_kept(&mut self) {
        let mut fresh = Prop::new();
        for key in 0..729 {
            let (c, d) = (key / 9, key % 9);
            for (on, kept) in [(true, self.on.get(key)), (false, self.off_kept.get(key))] {
                let Some(kept) = kept else { continue };
                propagate(
                    self.board,
                    st(c, d, on),
                    self.mode,
                    &mut fresh,
                    &mut self.scratch,
                    &mut *self.deeper,
                );
                assert!(
                    kept.same_as(&fresh),
                    "{}={} {} followed again differs",
                    cell(c),
                    d + 1,
                    if on { "on" } else { "off" }
                );
            }
        }
    }

    /// Gives the propagations moved from `lent` back to it.
    fn give_back(&mut self) {
        let Some(lent) = &mut self.lent else {
            return;
        };
        for start in self.moved.drain(..) {
            let key = usize::from(start) / 2;
            let prop = if st_on(start) {
                self.on.take(key)
            } else if self.off_key == Some(key) {
                self.off_key = None;
                let fresh = self.pool.pop().unwrap_or_else(|| Box::new(Prop::new()));
                Some(std::mem::replace(&mut self.off, fresh))
            } else {
                self.off_kept.take(key)
            };
            let prop = prop.expect("a propagation moved from those lent is held");
            self.pool.push(lent.give_back(start, prop));
        }
    }

    /// Tests: a propagation taken from those lent is the one followed
    /// afresh.
    #[cfg(test)]
    fn check_lent(&mut self, start: u16, taken: &Prop) {
        let mut fresh = Prop::new();
        propagate(
            self.board,
            start,
            self.mode,
            &mut fresh,
            &mut self.scratch,
            &mut *self.deeper,
        );
        assert!(taken.same_as(&fresh), "a lent propagation differs");
    }

    /// In a static setting, whether every state of `starts` (on states)
    /// reaches a state in common worth concluding, other than `except`:
    /// else the cell or region chain of those branches finds nothing. In
    /// the others, true.
    ///
    /// The closure may be an earlier position's, which reaches more (see
    /// [`closure::Cache`]), candidates gone since among it: a state worth
    /// concluding is one of a candidate still on the board, off, or on in a
    /// cell that holds another.
    fn may_share(&mut self, starts: &[usize], except: usize) -> bool {
        if !self.closed {
            return true;
        }
        let m = &self.board.m;
        let worth = |s: usize| {
            let cell = m[s / 18];
            cell & 1 << (s / 2 % 9) != 0 && (s.is_multiple_of(2) || cell & (cell - 1) != 0)
        };
        if !self.closure_asked {
            self.closure.covering(m);
            self.closure_asked = true;
        }
        self.closure.last().common(starts, except, worth)
    }

    /// The assumption `start` followed, in storage from the pool (or what
    /// holds of a lent one, followed on from where it parts).
    fn followed(&mut self, start: u16) -> Box<Prop> {
        let mut prop = self.pool.pop().unwrap_or_else(|| Box::new(Prop::new()));
        if self.lent.is_none() || !self.take_lent(start, &mut prop) {
            propagate(
                self.board,
                start,
                self.mode,
                &mut prop,
                &mut self.scratch,
                &mut *self.deeper,
            );
        }
        #[cfg(test)]
        if self.lent.is_some() && self.reuse.check_lent {
            self.check_lent(start, &prop);
        }
        prop
    }

    /// Puts in `prop` what holds of the lent propagation of `start`,
    /// followed on from where it parts; false if nothing does.
    #[inline(never)]
    fn take_lent(&mut self, start: u16, prop: &mut Box<Prop>) -> bool {
        let Some(lent) = &mut self.lent else {
            return false;
        };
        match lent.take(start, prop) {
            Taken::Moved => self.moved.push(start),
            Taken::Copied(Again::Whole) => {}
            Taken::Copied(Again::From) => {
                resume(self.board, prop, &mut self.scratch, &mut *self.deeper)
            }
            Taken::Copied(Again::Nothing) | Taken::None => return false,
        }
        true
    }

    fn ensure_on(&mut self, c: usize, d: usize) {
        let k = c * 9 + d;
        if self.on.get(k).is_none() {
            let prop = self.followed(st(c, d, true));
            self.on.put(k, prop);
        }
    }

    fn on_prop(&self, c: usize, d: usize) -> &Prop {
        self.prop(Branch::On(c * 9 + d))
    }

    fn prop(&self, branch: Branch) -> &Prop {
        branch_prop(&self.on, &self.off, &self.off_kept, self.off_key, branch)
    }

    /// SE's complexity of a conclusion reached at each of `targets`: the
    /// distinct states among each target's causes, summed over the
    /// targets, plus the complexity of each distinct nested chain among
    /// them (`ChainingHint.getComplexity`).
    fn complexity(&mut self, targets: &[(Branch, u16)]) -> usize {
        self.nested_seen.clear();
        let mut total = 0;
        for &(branch, n) in targets {
            let prop = branch_prop(&self.on, &self.off, &self.off_kept, self.off_key, branch);
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
        let n = count9(mask);
        let mut list = [0usize; 9];
        let mut k = 0;
        let mut rest = mask;
        while rest != 0 {
            list[k] = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            k += 1;
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
        targets: &[(Branch, u16)],
        s: u16,
        sort_key: u8,
        recipe: impl FnOnce() -> Recipe,
    ) {
        // Each target's ancestors are at least its depth and itself: a
        // conclusion above the best cannot beat it (nested, above the
        // easiest kept for the same removals).
        let least = || -> usize {
            targets
                .iter()
                .map(|&(branch, n)| usize::from(self.prop(branch).nodes[usize::from(n)].depth) + 1)
                .sum()
        };
        match (&self.collect, &self.best) {
            (None, Some(best)) => {
                if least() > best.complexity {
                    return;
                }
            }
            (Some(collect), _) => {
                let (removed, k) = self.removed(s);
                let least = least();
                let difficulty = self.mode.base() + length_bonus(least);
                if collect.kept_as_easy(&removed[..k], difficulty, least, sort_key) {
                    return;
                }
            }
            (None, None) => {}
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
    /// `self.off` holds the last one only). Without words, only what it
    /// concludes and its rating.
    fn make_step(&mut self, found: &Found, words: Words) -> Step {
        let complexity = found.complexity;
        if !words.written() {
            let s = match found.recipe {
                Recipe::Contradiction { c, d, on, .. } => st(c, d, !on),
                Recipe::Double { s, .. } | Recipe::Branches { s, .. } => s,
            };
            return self.writer().bare(s, complexity);
        }
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

    /// `d` off in `c`, followed into `self.off` (or, while keeping, taken
    /// from an earlier position or from this one).
    fn follow_off(&mut self, c: usize, d: usize) {
        if self.keeping {
            let key = c * 9 + d;
            if self.off_key == Some(key) {
                return;
            }
            let next = match self.off_kept.take(key) {
                Some(prop) => prop,
                None => self.followed(st(c, d, false)),
            };
            let last = std::mem::replace(&mut self.off, next);
            match self.off_key.replace(key) {
                Some(k) => self.off_kept.put(k, last),
                None => self.pool.push(last),
            }
            return;
        }
        propagate(
            self.board,
            st(c, d, false),
            self.mode,
            &mut self.off,
            &mut self.scratch,
            &mut *self.deeper,
        );
    }

    /// A contradiction from `d` on in `c` (its cached propagation), or off
    /// (`self.off`).
    fn contradiction(&mut self, c: usize, d: usize, on: bool) {
        let (branch, conflict) = if on {
            (Branch::On(c * 9 + d), self.on_prop(c, d).conflict)
        } else {
            (Branch::Current, self.off.conflict)
        };
        let Some((a, b)) = conflict else { return };
        // "Off" concludes that `d` is placed: worth it only beside another digit.
        let m = self.board.m[c];
        if !on && m & m.wrapping_sub(1) == 0 {
            return;
        }
        self.consider(
            Kind::Binary,
            &[(branch, a), (branch, b)],
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
                    &[(Branch::On(c * 9 + d), a), (Branch::Current, b)],
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
        let m = self.board.m[st_cell(s)];
        !st_on(s) || m & m.wrapping_sub(1) != 0
    }

    /// Region chains on the units of `c` where it is the first place of `d`.
    fn regions(&mut self, c: usize, d: usize) {
        for (j, kind) in KINDS.into_iter().enumerate() {
            let u = usize::from(CELL_UNITS[c][kind]);
            let places = self.board.at[d] & UNIT_BITS[u];
            // A unit's cells are in increasing order: `c` must be the lowest.
            if places.trailing_zeros() as usize != c {
                continue;
            }
            // Two places, or more in the multiple settings (no population
            // count, which the baseline x86-64 target lacks).
            let rest = places & (places - 1);
            if rest == 0 || (!self.mode.multiple && rest & (rest - 1) != 0) {
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
                let mut targets = [(Branch::Current, 0u16); 9];
                for (i, &o) in spots.iter().enumerate() {
                    let n = self.on_prop(o, d).node_of(s).expect("common state");
                    targets[i] = (Branch::On(o * 9 + d), n);
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
            let mut targets = [(Branch::Current, 0u16); 9];
            for (i, &d) in digits.iter().enumerate() {
                let n = self.on_prop(c, d).node_of(s).expect("common state");
                targets[i] = (Branch::On(c * 9 + d), n);
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
        // One pass over the first branch's nodes with no branch on them
        // (two passes testing each state mispredicted about one in five):
        // every state is written at the end of the on list and of the off
        // list, from `total + 1` on, and stays (that list grows) only if
        // every branch reaches it. Neither list outgrows the nodes.
        let nodes = &self.on_prop(c, d).nodes;
        let total = nodes.len();
        common.resize(2 * total + 2, 0);
        let (mut on, mut off) = (0, total + 1);
        for node in nodes {
            let s = node.state;
            let keep = all.has(s) & (s != except);
            common[on] = s;
            common[off] = s;
            on += usize::from(keep & st_on(s));
            off += usize::from(keep & !st_on(s));
        }
        common.copy_within(total + 1..off, on);
        common.truncate(on + off - (total + 1));
        common
    }

    /// Collects a conclusion of a nested search: kept if it is the easiest
    /// removing its candidates (SE keeps the first of equal hints, sorted),
    /// with its rule parents and fingerprint.
    /// The candidates concluding `s` removes, as off states by digit (the
    /// first of the array's entries, how many).
    fn removed(&self, s: u16) -> ([u16; 9], usize) {
        let (c, d) = (st_cell(s), st_digit(s));
        let mut removable = if st_on(s) {
            self.board.m[c] & !(1 << d)
        } else {
            1 << d
        };
        let mut out = [0u16; 9];
        let mut k = 0;
        while removable != 0 {
            out[k] = st(c, removable.trailing_zeros() as usize, false);
            removable &= removable - 1;
            k += 1;
        }
        (out, k)
    }

    /// Fills each slot of the collection whose last conclusion waited
    /// ([`Pending`]): its rule parents and fingerprint, from the
    /// propagations the search still holds.
    fn settle(&mut self) {
        let mut pending = std::mem::take(&mut self.pending);
        let slots = pending.iter().map(|p| p.slot + 1).max().unwrap_or(0);
        let mut last = vec![usize::MAX; slots];
        for (i, p) in pending.iter().enumerate() {
            last[p.slot] = i;
        }
        for &i in last.iter().filter(|&&i| i != usize::MAX) {
            let p = &pending[i];
            if p.len == 0 {
                continue;
            }
            self.fill(p.slot, p.kind, p.s, p.complexity, &p.targets[..p.len]);
        }
        pending.clear();
        self.pending = pending;
    }

    /// Fills `slot` of the collection with the conclusion `s` of `kind`
    /// reached at `targets`: its rule parents and fingerprint, walked from
    /// the propagations the engine holds.
    fn fill(
        &mut self,
        slot: usize,
        kind: Kind,
        s: u16,
        complexity: usize,
        targets: &[(Branch, u16)],
    ) {
        let Some(collect) = self.collect.as_ref() else {
            return;
        };
        let source = collect.source;
        let mut steps = Vec::with_capacity(16);
        let mut hash = nested::Fingerprint::new();
        for &(branch, n) in targets {
            let prop = branch_prop(&self.on, &self.off, &self.off_kept, self.off_key, branch);
            nested::rule_walk(
                prop,
                n,
                kind,
                &mut steps,
                &mut hash,
                &mut self.seen,
                &mut self.stamp,
                (&mut self.stack, &mut self.next),
            );
        }
        let (removed, k) = self.removed(s);
        if let Some(collect) = self.collect.as_mut() {
            collect.fill(
                slot,
                nested::Hint {
                    removed: removed[..k].to_vec(),
                    parents: nested::parents_of(&steps, source, self.board),
                    nested: NestedRef {
                        fingerprint: hash.finish(),
                        complexity: complexity as u32,
                    },
                    steps,
                },
            );
        }
    }

    fn collect_hint(
        &mut self,
        kind: Kind,
        targets: &[(Branch, u16)],
        s: u16,
        sort_key: u8,
        complexity: usize,
    ) {
        let (removed, k) = self.removed(s);
        let difficulty = self.mode.base() + length_bonus(complexity);
        let Some(collect) = self.collect.as_mut() else {
            return;
        };
        let Some(slot) = collect.slot(&removed[..k], difficulty, complexity, sort_key) else {
            return;
        };
        // A later conclusion may take the slot: where the propagations stay
        // until the search ends, the rule parents and fingerprint wait
        // until then (`settle`), for the slots' winners alone.
        let mut later = [(Branch::Current, 0u16); 9];
        let mut deferred = true;
        for (i, &(branch, n)) in targets.iter().enumerate() {
            later[i] = match (branch, self.off_key) {
                (Branch::Current, Some(key)) if self.keeping => (Branch::Off(key), n),
                (Branch::Current, _) => {
                    deferred = false;
                    (branch, n)
                }
                _ => (branch, n),
            };
        }
        #[cfg(test)]
        if self.at_once {
            deferred = false;
        }
        self.pending.push(Pending {
            slot,
            kind,
            s,
            complexity,
            targets: later,
            len: if deferred { targets.len() } else { 0 },
        });
        if !deferred {
            self.fill(slot, kind, s, complexity, &later[..targets.len()]);
        }
    }
}

/// An engine's propagations by candidate key (`9 * cell + digit`), with
/// the keys given one, so that emptying them all visits those alone (a
/// search fills a few hundred of the 729, and empties them several times a
/// position).
#[derive(Default)]
struct Slots {
    #[allow(clippy::vec_box)] // moved in and out without copying
    props: Vec<Option<Box<Prop>>>,
    /// Every key given a propagation since the last [`Slots::drain`] (some
    /// may have been taken since, or listed twice).
    keys: Vec<u16>,
}

impl Slots {
    fn get(&self, key: usize) -> Option<&Prop> {
        self.props.get(key)?.as_deref()
    }

    fn put(&mut self, key: usize, prop: Box<Prop>) {
        if self.props.is_empty() {
            self.props = (0..729).map(|_| None).collect();
        }
        self.props[key] = Some(prop);
        self.keys.push(key as u16);
    }

    fn take(&mut self, key: usize) -> Option<Box<Prop>> {
        self.props.get_mut(key)?.take()
    }

    /// Takes every propagation, in the order their keys were first given one
    /// since the last drain.
    fn drain(&mut self, mut f: impl FnMut(usize, Box<Prop>)) {
        for &key in &self.keys {
            if let Some(prop) = self.props[usize::from(key)].take() {
                f(usize::from(key), prop);
            }
        }
        self.keys.clear();
    }
}

/// A branch of a conclusion by the key (`9 * cell + digit`) of its
/// assumption, on or off: which of the engine's propagations is its.
#[derive(Clone, Copy)]
enum Branch {
    On(usize),
    /// An "off" propagation the engine keeps (a nested search's, whose
    /// conclusions wait for its end: [`Pending`]).
    Off(usize),
    /// The "off" propagation the engine holds now (`Engine::off`).
    Current,
}

/// The propagation of `branch` among an engine's: the "on" ones, the
/// current "off" one (of candidate `off_key`) and the "off" ones kept.
fn branch_prop<'p>(
    on: &'p Slots,
    off: &'p Prop,
    off_kept: &'p Slots,
    off_key: Option<usize>,
    branch: Branch,
) -> &'p Prop {
    match branch {
        Branch::On(key) => on.get(key).unwrap_or_else(|| {
            panic!(
                "propagation of {}={} not computed",
                cell(key / 9),
                key % 9 + 1
            )
        }),
        Branch::Off(key) if off_key == Some(key) => off,
        Branch::Off(key) => off_kept.get(key).expect("kept"),
        Branch::Current => off,
    }
}

/// A conclusion given a slot of a nested search's collection, whose rule
/// parents and fingerprint wait for the end of the search ([`Engine::settle`]);
/// `len` 0 when they were worked out at once.
struct Pending {
    slot: usize,
    kind: Kind,
    /// The state concluded.
    s: u16,
    complexity: usize,
    targets: [(Branch, u16); 9],
    len: usize,
}

/// The easiest step of SE's chaining in the first of `modes` that finds
/// one (SE tries them in turn), or `None`.
/// Settings whose base rating is above `cap` are not tried: their steps
/// would all be rated above it.
pub(crate) fn find(
    marks: &Candidates,
    store: &mut Store,
    covers: &mut templates::Covers,
    cache: &mut closure::Cache,
    cap: Rating,
    words: Words,
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
        if mode.base_tenths() > cap.tenths() {
            break;
        }
        // Nested chains search long on a position without one solution
        // (an empty grid takes hours), and a grade refuses it anyway.
        if mode.level >= 2 && !*unique.get_or_insert_with(|| has_one_solution(marks)) {
            break;
        }
        engine.restart(mode);
        if mode == Mode::DYNAMIC {
            engine.adopt(None);
        }
        for c in 0..81 {
            let n = count9(board.m[c]);
            if n > 2 || (n > 1 && mode.dynamic) {
                engine.cell(c);
            }
        }
        if let Some(found) = engine.best.take() {
            let step = engine.make_step(&found, words);
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
pub(super) fn collect_all<'a>(
    cur: &'a Board,
    source: &'a Board,
    mode: Mode,
    store: &mut Store,
    cache: &mut closure::Cache,
    lent: Option<&'a mut Reuse>,
) -> Vec<nested::Hint> {
    let mut engine = Engine::new(cur, mode, store, [None; 9]);
    engine.closure = std::mem::take(cache);
    engine.collect = Some(nested::Collect::new(source));
    if mode == Mode::DYNAMIC {
        engine.adopt(lent);
    }
    for c in 0..81 {
        let n = count9(cur.m[c]);
        if n > 2 || (n > 1 && mode.dynamic) {
            engine.cell(c);
        }
    }
    engine.settle();
    let hints = engine
        .collect
        .take()
        .map(nested::Collect::finish)
        .unwrap_or_default();
    *cache = std::mem::take(&mut engine.closure);
    engine.keep(store);
    hints
}

/// The storage of the searches nested in an engine's chains, one level
/// deeper, kept from one search to the next: the engine runs them itself
/// ([`Nest`]), as SE's `Chaining` makes a `Chaining` of the level below.
#[derive(Default)]
struct Deeper {
    forcing: Store,
    chains: chains::Work,
    closure: closure::Cache,
    /// What each nested search found, by its rule and the boards it ran
    /// on and from ([`Deeper::run`]).
    memo: Memory<(Rule, BoardKey, BoardKey)>,
    /// What each nested search found, by its rule and the board it ran
    /// on alone, as first found: a search on the same board from another
    /// starting board finds the same chains, with their rule parents
    /// worked out again ([`nested::Hint::parents_from`]).
    /// (The chains of a search run are shared by both.)
    by_board: Memory<(Rule, BoardKey)>,
    /// `by_board` as it was when it last filled, looked in as well: a
    /// full memory by board starts afresh but forgets only what it held
    /// before that. A hard solve meets the boards of one position's
    /// nested searches again at the next positions, a few thousand
    /// searches later.
    by_board_before: Memory<(Rule, BoardKey)>,
    /// What the scans of the basic techniques found where chains stopped
    /// ([`plus::Memo`]).
    plus: plus::Memo,
    /// Tests: how many searches ran (rather than being remembered).
    #[cfg(test)]
    searched: usize,
    /// Tests: how many searches the memories hold, if not
    /// [`MEMO_CAPACITY`].
    #[cfg(test)]
    capacity: Option<usize>,
    /// While the engine runs a setting that nests dynamic searches: its
    /// dynamic setting's propagations of the position, lent to those
    /// searches (see [`Engine::adopt`]); else nothing.
    lent: Reuse,
}

/// A memory of nested searches' chains ([`Deeper`]), by key.
type Memory<K> = HashMap<K, Arc<[nested::Hint]>, BuildHasherDefault<KeyHasher>>;

/// How many nested searches each of [`Deeper`]'s memories holds before it
/// starts afresh (a bound on their memory: some megabytes): the memory by
/// the boards a search ran on and from forgets them all, the one by board
/// keeps them for one more round (`Deeper::by_board_before`).
const MEMO_CAPACITY: usize = 4096;

impl Nest for Deeper {
    fn plus_memo(&mut self) -> Option<&mut plus::Memo> {
        Some(&mut self.plus)
    }

    /// SE's `getAdvancedPotentials` past the basic techniques: the
    /// candidates the first of the nested searches of `level` that finds
    /// any removes from `cur` (what a chain on `source` has left), each
    /// caused by its chain's rule parents (`node_of` gives their nodes in
    /// the outer chain). Chains without rule parents are left out: they
    /// were there before the outer assumption.
    fn advanced(
        &mut self,
        source: &Board,
        cur: &Board,
        level: u8,
        node_of: &dyn Fn(u16) -> Option<u16>,
        out: &mut Vec<AdvancedOff>,
        causes: &mut Vec<u16>,
    ) {
        for &rule in nested::rules(level) {
            for hint in self.run(rule, source, cur) {
                if hint.parents.is_empty() {
                    continue;
                }
                let first = causes.len() as u32;
                causes.extend(hint.parents.iter().filter_map(|&s| node_of(s)));
                let count = (causes.len() as u32 - first) as u16;
                for &state in &hint.removed {
                    out.push(AdvancedOff {
                        state,
                        first,
                        count,
                        rule,
                        nested: Some(hint.nested),
                    });
                }
            }
            if !out.is_empty() {
                return;
            }
        }
    }
}

impl Deeper {
    /// Every chain `rule` finds on `cur`, the easiest of each set of
    /// removals, in SE's order (by rating, complexity, kind, then as found),
    /// remembered: outer chains often leave the same board (both digits
    /// of a bivalue cell, on and off, the same assumption followed again
    /// for its sentence), and a search is a function of the rule and the
    /// two boards alone (the storage it reuses holds no result that
    /// depends on anything else), so a remembered answer is the answer.
    fn run(&mut self, rule: Rule, source: &Board, cur: &Board) -> &[nested::Hint] {
        let key = (rule, source.key(), cur.key());
        let capacity = self.capacity();
        if !self.memo.contains_key(&key) {
            if self.memo.len() >= capacity {
                self.memo.clear();
            }
            let board = (rule, cur.key());
            let known = self
                .by_board
                .get(&board)
                .or_else(|| self.by_board_before.get(&board));
            let hints: Arc<[nested::Hint]> = match known {
                Some(found) => found.iter().map(|h| h.parents_from(source, cur)).collect(),
                None => {
                    let hints: Arc<[nested::Hint]> = self.search(rule, source, cur).into();
                    #[cfg(test)]
                    {
                        self.searched += 1;
                    }
                    if self.by_board.len() >= capacity {
                        std::mem::swap(&mut self.by_board, &mut self.by_board_before);
                        self.by_board.clear();
                    }
                    self.by_board.insert(board, Arc::clone(&hints));
                    hints
                }
            };
            self.memo.insert(key.clone(), hints);
        }
        &self.memo[&key]
    }

    /// How many searches each memory holds ([`MEMO_CAPACITY`]; tests ask
    /// for fewer).
    fn capacity(&self) -> usize {
        #[cfg(test)]
        if let Some(n) = self.capacity {
            return n;
        }
        MEMO_CAPACITY
    }

    /// [`Deeper::run`]'s search.
    fn search(&mut self, rule: Rule, source: &Board, cur: &Board) -> Vec<nested::Hint> {
        self.closure.set_source(&source.m);
        let mode = match rule {
            Rule::Chains => {
                return nested::static_chains(source, cur, &mut self.chains, &mut self.closure)
            }
            Rule::Multiple => Mode::MULTIPLE,
            Rule::Dynamic => Mode::DYNAMIC,
            Rule::DynamicNested => Mode::nested(2),
            Rule::Locking | Rule::HiddenPair | Rule::NakedPair | Rule::XWing => return Vec::new(),
        };
        collect_all(
            cur,
            source,
            mode,
            &mut self.forcing,
            &mut self.closure,
            Some(&mut self.lent),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::marks_of;
    use crate::logic::{cell, digit};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Two hard puzzles whose nested searches find many chains.
    const NESTED: [&str; 2] = [
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];

    /// Strikes `n` random candidates from cells with two or more, as a
    /// chain strikes them.
    fn strike(marks: &mut Candidates, n: usize, rng: &mut impl Rng) {
        for _ in 0..n {
            let open: Vec<usize> = (0..81)
                .filter(|&c| marks.mask(c).count_ones() > 1)
                .collect();
            let c = open[rng.gen_range(0..open.len())];
            let digits: Vec<usize> = (0..9).filter(|&d| marks.mask(c) & 1 << d != 0).collect();
            marks.remove(cell(c), digit(digits[rng.gen_range(0..digits.len())]));
        }
    }

    /// What a nested chain is compared by: its removals, rule parents,
    /// fingerprint and complexity.
    fn hint_key(h: &nested::Hint) -> (Vec<u16>, Vec<u16>, u64, u32) {
        (
            h.removed.clone(),
            h.parents.clone(),
            h.nested.fingerprint,
            h.nested.complexity,
        )
    }

    /// A nested search on a board it ran on before from another starting
    /// board finds what a fresh search from the new start finds: the same
    /// chains, with their rule parents worked out for the new start (the
    /// memory by board alone). The starts differ in candidates the chains
    /// need, so that parents do differ between them.
    #[test]
    fn a_board_searched_again_from_another_start_gives_a_fresh_searchs_chains() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut hints, mut moved) = (0, 0);
        for round in 0..8 {
            let mut marks = marks_of(NESTED[round % NESTED.len()]);
            let first = Board::new(&marks);
            strike(&mut marks, 3, &mut rng);
            let second = Board::new(&marks);
            strike(&mut marks, 4, &mut rng);
            let cur = Board::new(&marks);
            for rule in [Rule::Chains, Rule::Multiple, Rule::Dynamic] {
                let mut again = Deeper::default();
                let before: Vec<nested::Hint> = again.run(rule, &first, &cur).to_vec();
                let taken = again.run(rule, &second, &cur).to_vec();
                let fresh = Deeper::default().run(rule, &second, &cur).to_vec();
                assert_eq!(
                    taken.iter().map(hint_key).collect::<Vec<_>>(),
                    fresh.iter().map(hint_key).collect::<Vec<_>>(),
                    "round {round}, {rule:?}"
                );
                hints += taken.len();
                moved += before
                    .iter()
                    .zip(&taken)
                    .filter(|(a, b)| a.parents != b.parents)
                    .count();
            }
        }
        assert!(hints >= 200 && moved >= 20, "{hints} {moved}");
    }

    /// A full memory by board starts afresh but keeps what it held for
    /// one more round: a board searched before it filled is taken from
    /// there (no search runs), with the chains a fresh search from the new
    /// start finds; once it has filled again, that board is searched anew.
    #[test]
    fn a_full_memory_by_board_keeps_its_boards_for_one_more_round() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut marks = marks_of(NESTED[0]);
        let starts: Vec<Board> = (0..3)
            .map(|_| {
                strike(&mut marks, 1, &mut rng);
                Board::new(&marks)
            })
            .collect();
        let boards: Vec<Board> = (0..7)
            .map(|_| {
                let mut m = marks.clone();
                strike(&mut m, 4, &mut rng);
                Board::new(&m)
            })
            .collect();
        for (i, a) in boards.iter().enumerate() {
            assert!(
                boards[..i].iter().all(|b| b.key() != a.key()),
                "board {i} twice"
            );
        }
        let rule = Rule::Dynamic;
        let mut memory = Deeper {
            capacity: Some(3),
            ..Deeper::default()
        };
        // Three boards fill the memory; the fourth starts it afresh.
        for board in &boards[..4] {
            memory.run(rule, &starts[0], board);
        }
        assert_eq!(memory.searched, 4);
        let taken = memory.run(rule, &starts[1], &boards[0]).to_vec();
        assert_eq!(memory.searched, 4, "the first board is searched again");
        let fresh = Deeper::default().run(rule, &starts[1], &boards[0]).to_vec();
        assert!(!fresh.is_empty(), "the board has no chain to compare");
        assert_eq!(
            taken.iter().map(hint_key).collect::<Vec<_>>(),
            fresh.iter().map(hint_key).collect::<Vec<_>>()
        );
        // Three more fill it again: the first board is forgotten.
        for board in &boards[4..] {
            memory.run(rule, &starts[0], board);
        }
        assert_eq!(memory.searched, 7);
        memory.run(rule, &starts[2], &boards[0]);
        assert_eq!(memory.searched, 8, "the first board is still remembered");
    }

    /// The rule parents and fingerprints of a nested search's conclusions,
    /// worked out when the search ends for each slot's last conclusion
    /// alone, are those worked out at once for every conclusion given a
    /// slot: on boards within a source, one after another (so that the
    /// dynamic setting keeps its propagations from board to board), in
    /// the dynamic and multiple settings and, now and then, the dynamic
    /// one nested at level 2 (which keeps none).
    #[test]
    fn nested_conclusions_settled_at_the_end_are_those_made_at_once() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(43);
        let (mut late, mut now) = (Store::default(), Store::default());
        now.at_once = true;
        let (mut cache_late, mut cache_now) =
            (closure::Cache::default(), closure::Cache::default());
        let (mut hints, mut with_parents) = (0, 0);
        for round in 0..24 {
            let mut marks = marks_of(NESTED[round % NESTED.len()]);
            let source = Board::new(&marks);
            for _ in 0..3 {
                // A few more candidates struck, as a chain from the source strikes them.
                let n = rng.gen_range(2..8);
                strike(&mut marks, n, &mut rng);
                let cur = Board::new(&marks);
                // The nested setting too, now and then (its searches are long).
                let nested = (round % 8 == 0).then_some(Mode::nested(2));
                for mode in [Mode::DYNAMIC, Mode::MULTIPLE].into_iter().chain(nested) {
                    let a = collect_all(&cur, &source, mode, &mut late, &mut cache_late, None);
                    let b = collect_all(&cur, &source, mode, &mut now, &mut cache_now, None);
                    assert_eq!(
                        a.iter().map(hint_key).collect::<Vec<_>>(),
                        b.iter().map(hint_key).collect::<Vec<_>>(),
                        "round {round}"
                    );
                    hints += a.len();
                    with_parents += a.iter().filter(|h| !h.parents.is_empty()).count();
                }
            }
        }
        assert!(
            hints >= 1000 && with_parents >= 500,
            "{hints} {with_parents}"
        );
    }
}
