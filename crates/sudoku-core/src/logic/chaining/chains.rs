//! Static chains, as Sudoku Explainer's "forcing chains and cycles" finds
//! and rates them: forcing X-chains (one digit; a turbot fish is the
//! shortest), forcing chains mixing digits and cells (AICs, XY-chains and
//! W-wings among them), and bidirectional cycles (nice loops) on one digit
//! (X-cycles), through two-candidate cells (Y-cycles) or both.
//!
//! A chain is a sequence of candidates alternately true ("on") and false
//! ("off"): an on candidate turns off its peers with the same digit and the
//! other digits of its cell; an off candidate turns on the other place of
//! its digit in a unit where it had two, or the other digit of a
//! two-candidate cell. A forcing chain starts from a candidate assumed on
//! and reaches it off (so it is false), or from one assumed off and reaches
//! it on (so it is true). A cycle comes back to its start: every unit it
//! passes through then loses the digit outside the cycle.
//!
//! The search is a breadth-first walk over the 1458 candidate states with
//! plain arrays (no object graph), in Sudoku Explainer's order, so the
//! first chain found for each conclusion is its shortest. Ratings: 6.5 for
//! an X- or Y-cycle, 6.6 for a forcing X-chain, 7.0 for a chain or cycle
//! mixing both kinds of link, plus [`length_bonus`] for long ones; the
//! easiest chain (by rating, then length, then kind) is the step.

use super::closure;
use super::shared::{
    length_bonus, state, state_cell, state_digit, state_on, to_rating, two, two16, STATES,
};
use crate::logic::templates;
use crate::logic::{
    cell, count9, digit, digit_cells_of, Candidates, Chain, ChainNode, Digits, Step, Technique,
    Words, CELL_UNITS, KINDS, PEER_BITS, UNIT_BITS,
};
use crate::pos::Cell;

/// What every on state of one position turns off, computed once per
/// search: for the candidate `key` (`cell * 9 + digit`),
/// `to[start[key]..start[key + 1]]` are the states its on state implies,
/// in Sudoku Explainer's order, the first `by_cell[key]` of them through
/// its cell: the cell's other digits, then the digit's other places in the
/// box, row and column. [`View`] picks the cell links, the unit links or
/// both.
#[derive(Default)]
struct Links {
    start: Vec<u32>,
    to: Vec<u16>,
    by_cell: Vec<u8>,
}

/// Per cell, its peers in the box, then those of the row outside the box,
/// then those of the column outside both: the places an on state turns
/// off, in Sudoku Explainer's order, each once.
const PEER_PARTS: [[u128; 3]; 81] = {
    let mut out = [[0u128; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut done = 1u128 << c;
        let mut k = 0;
        while k < 3 {
            let unit = UNIT_BITS[CELL_UNITS[c][KINDS[k]] as usize];
            out[c][k] = unit & !done;
            done |= unit;
            k += 1;
        }
        c += 1;
    }
    out
};

/// What every off state of one position turns on, computed once per
/// search: the other digit of a two-candidate cell, then the other place
/// of the digit in a box, row or column where it has two (each place
/// once), in Sudoku Explainer's order. At most four, so kept in place per
/// candidate (`cell * 9 + digit`) rather than as one list.
#[derive(Default)]
struct Strong {
    to: Vec<[u16; 4]>,
    len: Vec<u8>,
    /// How many of them go through the cell (zero or one).
    by_cell: Vec<u8>,
}

impl Strong {
    /// Works the links out for the board `m`, whose digits' cells are
    /// `at`.
    fn fill(&mut self, m: &[u16; 81], at: &[u128; 9]) {
        self.to.resize(729, [0; 4]);
        self.len.clear();
        self.len.resize(729, 0);
        self.by_cell.clear();
        self.by_cell.resize(729, 0);
        for (c, &mask) in m.iter().enumerate() {
            if two16(mask) {
                let a = mask.trailing_zeros() as usize;
                let b = (mask & (mask - 1)).trailing_zeros() as usize;
                for (x, y) in [(a, b), (b, a)] {
                    self.to[c * 9 + x][0] = state(c, y, true) as u16;
                    self.len[c * 9 + x] = 1;
                    self.by_cell[c * 9 + x] = 1;
                }
            }
        }
        // Box, row and column units in turn, so each candidate's unit links
        // come in that order.
        for kind in KINDS {
            for &unit in &UNIT_BITS[kind * 9..kind * 9 + 9] {
                for (d, &places) in at.iter().enumerate() {
                    let pair = places & unit;
                    if !two(pair) {
                        continue;
                    }
                    let x = pair.trailing_zeros() as usize;
                    let y = (pair & (pair - 1)).trailing_zeros() as usize;
                    for (from, to) in [(x, y), (y, x)] {
                        let key = from * 9 + d;
                        let t = state(to, d, true) as u16;
                        let n = usize::from(self.len[key]);
                        if !self.to[key][..n].contains(&t) {
                            self.to[key][n] = t;
                            self.len[key] += 1;
                        }
                    }
                }
            }
        }
    }
}

/// A table of links: every state's, the first `cell_links` of them
/// through its cell.
trait Table {
    fn all(&self, s: usize) -> &[u16];
    fn cell_links(&self, s: usize) -> usize;
}

impl Table for Links {
    /// `s` is an on state (an off state turns nothing off).
    fn all(&self, s: usize) -> &[u16] {
        let key = s / 2;
        &self.to[self.start[key] as usize..self.start[key + 1] as usize]
    }

    fn cell_links(&self, s: usize) -> usize {
        usize::from(self.by_cell[s / 2])
    }
}

impl Table for Strong {
    /// `s` is an off state (an on state implies nothing by strong links).
    fn all(&self, s: usize) -> &[u16] {
        let key = s / 2;
        &self.to[key][..usize::from(self.len[key])]
    }

    fn cell_links(&self, s: usize) -> usize {
        usize::from(self.by_cell[s / 2])
    }
}

/// The links of a [`Table`] through cells (`CELLS`), units (`UNITS`) or
/// both: fixed for a whole search, so the choice is made when it is
/// compiled rather than at every state it follows.
struct View<'a, T, const CELLS: bool, const UNITS: bool>(&'a T);

impl<T, const CELLS: bool, const UNITS: bool> Clone for View<'_, T, CELLS, UNITS> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, const CELLS: bool, const UNITS: bool> Copy for View<'_, T, CELLS, UNITS> {}

impl<T: Table, const CELLS: bool, const UNITS: bool> View<'_, T, CELLS, UNITS> {
    fn of(&self, s: usize) -> &[u16] {
        let all = self.0.all(s);
        let split = self.0.cell_links(s);
        match (CELLS, UNITS) {
            (true, true) => all,
            (true, false) => &all[..split],
            (false, true) => &all[split..],
            (false, false) => &[],
        }
    }
}

impl Links {
    /// Works the links out for the board `m`, whose digits' cells are
    /// `at`.
    fn fill(&mut self, m: &[u16; 81], at: &[u128; 9]) {
        // At most eight links through the cell and twenty peers a
        // candidate: the table is written in place up to there.
        const MOST: usize = 729 * 28;
        if self.to.len() < MOST {
            self.to.resize(MOST, 0);
        }
        self.start.resize(730, 0);
        self.by_cell.resize(729, 0);
        let to = &mut self.to[..MOST];
        let mut n = 0;
        for (c, &mask) in m.iter().enumerate() {
            for (d, &places) in at.iter().enumerate() {
                let key = c * 9 + d;
                self.start[key] = n as u32;
                if mask & 1 << d == 0 {
                    self.by_cell[key] = 0;
                    continue;
                }
                let mut rest = mask & !(1 << d);
                self.by_cell[key] = count9(rest) as u8;
                while rest != 0 {
                    to[n] = state(c, rest.trailing_zeros() as usize, false) as u16;
                    n += 1;
                    rest &= rest - 1;
                }
                for part in PEER_PARTS[c] {
                    let mut places = places & part;
                    while places != 0 {
                        to[n] = state(places.trailing_zeros() as usize, d, false) as u16;
                        n += 1;
                        places &= places - 1;
                    }
                }
            }
        }
        self.start[729] = n as u32;
    }
}

/// A chain as a path of states: `nodes[i]` with its parent index.
#[derive(Default)]
pub(crate) struct Arena {
    nodes: Vec<(u16, u32)>,
}

const ROOT: u32 = u32::MAX;

impl Arena {
    fn push(&mut self, s: usize, parent: u32) -> u32 {
        self.nodes.push((s as u16, parent));
        (self.nodes.len() - 1) as u32
    }

    /// The index the next node pushed will have.
    fn next(&self) -> u32 {
        self.nodes.len() as u32
    }

    fn state(&self, i: u32) -> usize {
        usize::from(self.nodes[i as usize].0)
    }

    /// The states from the root to `i`.
    fn path(&self, mut i: u32) -> Vec<usize> {
        let mut out = Vec::new();
        while i != ROOT {
            out.push(self.state(i));
            i = self.nodes[i as usize].1;
        }
        out.reverse();
        out
    }

    /// The states of the cycle ending at `i` (a copy of its root), from
    /// there up to the root, which is left out.
    fn cycle_states(&self, mut i: u32) -> impl Iterator<Item = usize> + '_ {
        std::iter::from_fn(move || {
            let (s, parent) = self.nodes[i as usize];
            if parent == ROOT {
                return None;
            }
            i = parent;
            Some(usize::from(s))
        })
    }

    /// The number of states from the root to `i`.
    fn len(&self, mut i: u32) -> usize {
        let mut n = 0;
        while i != ROOT {
            n += 1;
            i = self.nodes[i as usize].1;
        }
        n
    }

    /// The states on the path above `i` (not `i` itself) as a mask, bit
    /// `state % 64` of each: a state whose bit is clear is not on it.
    fn above(&self, i: u32) -> u64 {
        let mut mask = 0;
        let mut i = self.nodes[i as usize].1;
        while i != ROOT {
            mask |= 1 << (self.state(i) % 64);
            i = self.nodes[i as usize].1;
        }
        mask
    }

    /// Whether `s` is on the path above `i` (not `i` itself).
    fn has_ancestor(&self, i: u32, s: usize) -> bool {
        let mut i = self.nodes[i as usize].1;
        while i != ROOT {
            if self.state(i) == s {
                return true;
            }
            i = self.nodes[i as usize].1;
        }
        false
    }
}

/// One chain found, before the easiest is chosen: its step is written
/// only for the one chosen (the words of the others cost more than the
/// search finding them).
struct Hint {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    /// Its states from the assumption (a cycle's ends are the same state).
    path: Vec<usize>,
    kind: Kind,
}

/// The kind of chain of a [`Hint`], and the links it uses.
#[derive(Clone, Copy)]
enum Kind {
    Forcing { cells: bool },
    Cycle { cells: bool, units: bool },
}

impl Hint {
    /// The step of the chain, on the board `m` it was found on, with its
    /// words or not.
    fn step(&self, m: &[u16; 81], words: Words) -> Step {
        match self.kind {
            Kind::Forcing { cells } => forcing_step(m, &self.path, cells, words),
            Kind::Cycle { cells, units } => cycle_step(m, &self.path, cells, units, words),
        }
        .rated(to_rating(self.difficulty))
    }
}

/// The easiest chain found so far.
#[derive(Default)]
struct Best(Option<Hint>);

impl Best {
    /// Whether a chain rated `difficulty`, of `complexity` states and kind
    /// `sort_key`, would be easier than the best (the first found wins
    /// ties, as in SE's stable sort).
    fn beats(&self, difficulty: f64, complexity: usize, sort_key: u8) -> bool {
        match &self.0 {
            None => true,
            Some(b) => difficulty
                .total_cmp(&b.difficulty)
                .then(complexity.cmp(&b.complexity))
                .then(sort_key.cmp(&b.sort_key))
                .is_lt(),
        }
    }
}

/// Where the chains a search finds go: the easiest one ([`Best`]), or
/// every one ([`All`], for a chain nested in a forcing chain).
trait Sink {
    /// Whether a chain rated `difficulty`, of `complexity` states and kind
    /// `sort_key`, could still be taken (searches stop when none could).
    fn open(&self, difficulty: f64, complexity: usize, sort_key: u8) -> bool;
    /// Takes the forcing chain ending at `target`.
    fn forcing(&mut self, m: &[u16; 81], arena: &Arena, target: u32, cells: bool);
    /// Takes the cycle ending at `end` (a copy of its start).
    fn cycle(&mut self, pos: &Position, arena: &Arena, end: u32, cells: bool, units: bool);
}

/// A position as the searches read it: each cell's candidates, and each
/// digit's cells.
struct Position<'a> {
    m: &'a [u16; 81],
    places: &'a [u128; 9],
}

impl Sink for Best {
    fn open(&self, difficulty: f64, complexity: usize, sort_key: u8) -> bool {
        self.beats(difficulty, complexity, sort_key)
    }

    fn forcing(&mut self, _: &[u16; 81], arena: &Arena, target: u32, cells: bool) {
        offer_forcing(arena, target, cells, self);
    }

    fn cycle(&mut self, pos: &Position, arena: &Arena, end: u32, cells: bool, units: bool) {
        let complexity = arena.len(end) - 1;
        let (difficulty, sort_key) = cycle_key(complexity, cells, units);
        // Most cycles found remove nothing: their paths are not built.
        if self.beats(difficulty, complexity, sort_key)
            && cycle_removes(pos.places, arena.cycle_states(end))
        {
            self.0 = Some(Hint {
                difficulty,
                complexity,
                sort_key,
                path: arena.path(end),
                kind: Kind::Cycle { cells, units },
            });
        }
    }
}

/// A static chain found for a nested search: its rating, kind, the
/// candidates it removes and its path of states from the assumption (a
/// cycle's ends are the same state).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) difficulty: f64,
    pub(crate) complexity: usize,
    pub(crate) sort_key: u8,
    /// Off states, by cell then digit.
    pub(crate) removed: Vec<u16>,
    pub(crate) path: Vec<usize>,
    pub(crate) cycle: bool,
}

/// Every chain and cycle a search finds, in the order found.
#[derive(Default)]
pub(crate) struct All(pub(crate) Vec<Found>);

impl Sink for All {
    fn open(&self, _: f64, _: usize, _: u8) -> bool {
        true
    }

    fn forcing(&mut self, m: &[u16; 81], arena: &Arena, target: u32, cells: bool) {
        let path = arena.path(target);
        let complexity = path.len();
        let (difficulty, sort_key) = forcing_key(complexity, cells);
        let t = arena.state(target);
        let (c, d) = (state_cell(t), state_digit(t));
        let removed: Vec<u16> = if state_on(t) {
            (0..9)
                .filter(|&e| e != d && m[c] & 1 << e != 0)
                .map(|e| state(c, e, false) as u16)
                .collect()
        } else {
            vec![state(c, d, false) as u16]
        };
        if !removed.is_empty() {
            self.0.push(Found {
                difficulty,
                complexity,
                sort_key,
                removed,
                path,
                cycle: false,
            });
        }
    }

    fn cycle(&mut self, pos: &Position, arena: &Arena, end: u32, cells: bool, units: bool) {
        let mut removed: Vec<u16> = cycle_eliminations(pos.m, arena.cycle_states(end))
            .map(|(c, d)| state(c, d, false) as u16)
            .collect();
        if removed.is_empty() {
            return;
        }
        removed.sort_unstable();
        let path = arena.path(end);
        let complexity = path.len() - 1;
        let (difficulty, sort_key) = cycle_key(complexity, cells, units);
        self.0.push(Found {
            difficulty,
            complexity,
            sort_key,
            removed,
            path,
            cycle: true,
        });
    }
}

/// The easiest static chain or cycle, or `None`.
#[inline(never)]
pub(crate) fn forcing_chain_or_cycle(
    marks: &Candidates,
    templates: &mut templates::Covers,
    work: &mut Work,
    cache: &mut closure::Cache,
    words: Words,
) -> Option<Step> {
    let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    let mut best = Best::default();
    search(&m, Some(templates), work, cache, &mut best);
    best.0.map(|h| h.step(&m, words))
}

/// Every static chain and cycle of the position `m`, in the order SE finds
/// them (its `getLoopHintList` for X-, then Y-, then XY-links).
///
/// This is the search nested in forcing chains, which runs on thousands
/// of boards (each one an outer chain left): there the digits' templates
/// cost more to work out than the X-chain searches they spare (Inkala
/// 2012's grade takes 9% fewer instructions without them, Easter
/// Monster's 7%), so it goes without; the closure still skips what cannot
/// be found, and the search itself finds the same chains either way.
pub(crate) fn all_chains(m: &[u16; 81], work: &mut Work, cache: &mut closure::Cache) -> Vec<Found> {
    let mut all = All::default();
    search(m, None, work, cache, &mut all);
    all.0
}

/// SE's static chain search, into `sink`; `cache` keeps the closure of
/// the position for the multiple forcing chains. With `templates`, the
/// X-chain searches that the digits' templates show can find nothing are
/// skipped.
fn search(
    m: &[u16; 81],
    templates: Option<&mut templates::Covers>,
    work: &mut Work,
    cache: &mut closure::Cache,
    sink: &mut impl Sink,
) {
    // Most positions after one where no chain or cycle could start have no
    // new strong link, and then none can start either (see `Cache`); the
    // bounds below may come from an earlier position's closure, which
    // lets more searches run, never fewer.
    if cache.quiet(m) {
        return;
    }
    let (may_cycle, may_on, may_off) = closure_bounds(m, cache.covering(m));
    // Where the closure shows no chain or cycle can start, nothing below
    // would run: the link tables are not worth building (most boards a
    // nested search is given).
    if [may_cycle, may_on, may_off]
        .iter()
        .all(|may| may.iter().all(|&d| d == 0))
    {
        cache.set_quiet(m);
        return;
    }
    // Each digit's cells.
    let places = digit_cells_of(m);
    let mut weak = std::mem::take(&mut work.weak);
    weak.fill(m, &places);
    let mut strong = std::mem::take(&mut work.strong);
    strong.fill(m, &places);
    // One digit alone (X-links) can only remove what lies on none of the
    // digit's templates and place what lies on all of them.
    let covers = templates.map_or([None; 9], |t| t.all(m));
    let bounds = Bounds {
        places: &places,
        covers: &covers,
        cycle: &may_cycle,
        on: &may_on,
        off: &may_off,
    };
    // X-links only, then Y-links only (cycles), then both.
    pass::<false, true>(m, &weak, &strong, &bounds, work, sink);
    pass::<true, false>(m, &weak, &strong, &bounds, work, sink);
    pass::<true, true>(m, &weak, &strong, &bounds, work, sink);
    work.weak = weak;
    work.strong = strong;
}

/// What tells a pass of [`search`] which searches can find something: each
/// digit's cells, the digits' templates and the closure's bounds.
struct Bounds<'a> {
    places: &'a [u128; 9],
    covers: &'a [Option<(u128, u128)>; 9],
    cycle: &'a [u16; 81],
    on: &'a [u16; 81],
    off: &'a [u16; 81],
}

/// One pass of [`search`]: the cycles and forcing chains with cell links
/// (`CELLS`) and strong unit links (`UNITS`), candidate by candidate.
fn pass<const CELLS: bool, const UNITS: bool>(
    m: &[u16; 81],
    weak: &Links,
    strong: &Strong,
    bounds: &Bounds,
    work: &mut Work,
    sink: &mut impl Sink,
) {
    let weak = View::<Links, CELLS, true>(weak);
    let strong_here = View::<Strong, CELLS, UNITS>(strong);
    // Forcing chains run where unit links are strong (in the other passes,
    // none start).
    let strong = View::<Strong, CELLS, true>(strong);
    let pos = Position {
        m,
        places: bounds.places,
    };
    work.dead.clear();
    work.dead.resize(STATES, false);
    for c in 0..81 {
        let n = count9(m[c]);
        if n < 2 || (!UNITS && n > 2) {
            continue;
        }
        for d in (0..9).filter(|d| m[c] & 1 << d != 0) {
            // A cycle comes back to `d` on by a strong link, and a chain
            // from `d` off leaves by one; strong links go both ways, so
            // without one from `d` off neither exists.
            let strong_link = !strong_here.of(state(c, d, false)).is_empty();
            let (mut cycle, mut from_on, mut from_off) = (strong_link, UNITS, UNITS && strong_link);
            if let (false, Some((some, every))) = (CELLS, bounds.covers[d]) {
                cycle &= bounds.places[d] & !some != 0;
                from_on &= some & 1 << c == 0;
                from_off &= every & 1 << c != 0;
            }
            cycle &= bounds.cycle[c] & 1 << d != 0;
            from_on &= bounds.on[c] & 1 << d != 0;
            from_off &= bounds.off[c] & 1 << d != 0;

            if cycle {
                work.cycles(&pos, weak, strong_here, c, d, sink);
            }
            if from_on && !work.dead[state(c, d, true)] {
                work.forcing(m, weak, strong, state(c, d, true), sink);
            }
            if from_off && !work.dead[state(c, d, false)] {
                work.forcing(m, weak, strong, state(c, d, false), sink);
            }
        }
    }
}

/// Per cell, the digits whose candidate may start a cycle that removes
/// something, a forcing chain from it on, and one from it off, as far as
/// the closure of the cell and unit links (`closure`) tells: the links of
/// every kind of search (X, Y, XY) are among those, so what a search
/// reaches, the closure reaches.
///
/// - A cycle through `s` needs `s` on a cycle of links. What it removes
///   sees one of its states on and another off: going round, `s` on
///   implies every state of the cycle, so it turns that candidate off; and
///   every link of a cycle holds backwards too (a weak link between two
///   candidates and a strong one both go either way), so `s` off implies
///   the opposite of every state of the cycle, and the state that was off
///   turns the candidate off as well. So `s` on and `s` off both reach the
///   off state of a candidate outside `s`'s cell (the cycle's cells keep
///   theirs), a candidate of `m`.
/// - A forcing chain from `s` needs `s` to reach its opposite.
///
/// `closure` may be an earlier position's that serves `m` (see
/// [`closure::Cache`]): it reaches at least as much, so the bounds are as
/// wide or wider, never narrower.
fn closure_bounds(m: &[u16; 81], closure: &closure::Closure) -> ([u16; 81], [u16; 81], [u16; 81]) {
    let (mut cycle, mut on, mut off) = ([0u16; 81], [0u16; 81], [0u16; 81]);
    for c in 0..81 {
        if count9(m[c]) < 2 {
            continue;
        }
        for d in (0..9).filter(|d| m[c] & 1 << d != 0) {
            let (s_on, s_off) = (state(c, d, true), state(c, d, false));
            let removes = |t: usize| {
                !state_on(t) && state_cell(t) != c && m[state_cell(t)] & 1 << state_digit(t) != 0
            };
            if closure.on_cycle(s_on) && closure.common(&[s_on, s_off], usize::MAX, removes) {
                cycle[c] |= 1 << d;
            }
            if closure.reaches(s_on, s_off) {
                on[c] |= 1 << d;
            }
            if closure.reaches(s_off, s_on) {
                off[c] |= 1 << d;
            }
        }
    }
    (cycle, on, off)
}

/// The storage of the chain searches, kept from one search to the next.
#[derive(Default)]
pub(crate) struct Work {
    arena: Arena,
    /// `seen_on[s] == stamp`: the on state `s` was reached in this search.
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    stamp: u32,
    /// The off nodes a cycle search closed a cycle from.
    found: Vec<u32>,
    /// States whose forcing chain search cannot find anything in the
    /// current kind of links (see [`Work::forcing`]).
    dead: Vec<bool>,
    /// The links of the position searched, kept for their storage.
    weak: Links,
    strong: Strong,
}

impl Work {
    fn reset(&mut self) {
        self.arena.nodes.clear();
        if self.seen_on.len() != STATES {
            self.seen_on = vec![0; STATES];
            self.seen_off = vec![0; STATES];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen_on.iter_mut().for_each(|s| *s = 0);
            self.seen_off.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.found.clear();
    }

    /// Forcing chains from `source` (on or off) back to its opposite.
    fn forcing<const CELLS: bool>(
        &mut self,
        m: &[u16; 81],
        weak: View<Links, CELLS, true>,
        strong: View<Strong, CELLS, true>,
        source: usize,
        sink: &mut impl Sink,
    ) {
        let cells = CELLS;
        self.reset();
        let stamp = self.stamp;
        let root = self.arena.push(source, ROOT);
        let opposite = source ^ 1;
        // As in the cycle search, each level's on states, then its off
        // states, are a range of the arena; the chain found is kept as the
        // node it reaches `opposite` from.
        let (mut on, mut off_from) = if state_on(source) {
            self.seen_on[source] = stamp;
            (root..root + 1, root + 1)
        } else {
            self.seen_off[source] = stamp;
            (root + 1..root + 1, root)
        };
        let mut found = None;
        while found.is_none() && (!on.is_empty() || off_from < self.arena.next()) {
            // Every chain still to come has at least one more state than
            // the frontier: stop once none of them could be the easiest.
            let front = if on.is_empty() { off_from } else { on.start };
            let shortest = self.arena.len(front) + 1;
            let (difficulty, sort_key) = forcing_key(shortest, cells);
            if !sink.open(difficulty, shortest, sort_key) {
                return;
            }
            for i in on {
                for &t in weak.of(self.arena.state(i)) {
                    let t = usize::from(t);
                    if t == opposite && found.is_none() {
                        found = Some(i);
                    }
                    if self.seen_off[t] != stamp {
                        self.seen_off[t] = stamp;
                        self.arena.push(t, i);
                    }
                }
            }
            let next = self.arena.next();
            for i in off_from..next {
                for &t in strong.of(self.arena.state(i)) {
                    let t = usize::from(t);
                    if t == opposite && found.is_none() {
                        found = Some(i);
                    }
                    if self.seen_on[t] != stamp {
                        self.seen_on[t] = stamp;
                        self.arena.push(t, i);
                    }
                }
            }
            on = next..self.arena.next();
            off_from = self.arena.next();
        }
        if let Some(from) = found {
            let target = self.arena.push(opposite, from);
            sink.forcing(m, &self.arena, target, cells);
            return;
        }
        // Everything `source` implies is known, and implies no more than
        // it: a state reached whose opposite was not reached cannot lead to
        // its opposite either, so its own search would find nothing.
        for node in &self.arena.nodes {
            let x = usize::from(node.0);
            let opposite_seen = if state_on(x) {
                self.seen_off[x ^ 1] == stamp
            } else {
                self.seen_on[x ^ 1] == stamp
            };
            if !opposite_seen {
                self.dead[x] = true;
            }
        }
    }

    /// Cycles from `d` on in `c` back to it.
    fn cycles<const CELLS: bool, const UNITS: bool>(
        &mut self,
        pos: &Position,
        weak: View<Links, CELLS, true>,
        strong: View<Strong, CELLS, UNITS>,
        c: usize,
        d: usize,
        sink: &mut impl Sink,
    ) {
        let (cells, units) = (CELLS, UNITS);
        self.reset();
        let stamp = self.stamp;
        let source = state(c, d, true);
        let root = self.arena.push(source, ROOT);
        self.seen_on[source] = stamp;
        // The nodes of each level are pushed together: a level's on states
        // (then off states) are a range of the arena. A cycle found is
        // kept as the off node it closes from.
        let mut on = root..root + 1;
        let mut length = 0;
        while !on.is_empty() {
            // A cycle closing later has at least one more distinct state
            // (two more on its path, the last a copy of the start).
            let shortest = self.arena.len(on.start) + 1;
            let (difficulty, sort_key) = cycle_key(shortest, cells, units);
            if !sink.open(difficulty, shortest, sort_key) {
                break;
            }
            length += 1;
            let off_start = self.arena.next();
            for i in on {
                let here = self.arena.state(i);
                // Worked out at the first off state that needs it.
                let mut above = None;
                for &t in weak.of(here) {
                    let t = usize::from(t);
                    // An off state whose strong links all lead to on states
                    // already reached, none of them the start, would reach
                    // nothing new at the next level nor close a cycle: it is
                    // not pushed (the on states reached, and the order they
                    // are reached in, are the same without it).
                    let seen_on = &self.seen_on;
                    let leads = strong.of(t).iter().any(|&u| {
                        let u = usize::from(u);
                        seen_on[u] != stamp || u == source
                    });
                    if !leads {
                        continue;
                    }
                    let above = *above.get_or_insert_with(|| self.arena.above(i));
                    let on_path = above & 1 << (t % 64) != 0 && self.arena.has_ancestor(i, t);
                    if !on_path {
                        self.arena.push(t, i);
                    }
                }
            }
            let off = off_start..self.arena.next();
            length += 1;
            let next = self.arena.next();
            for i in off {
                for &t in strong.of(self.arena.state(i)) {
                    let t = usize::from(t);
                    if length >= 4 && t == source {
                        self.found.push(i);
                    }
                    if self.seen_on[t] != stamp {
                        self.seen_on[t] = stamp;
                        self.arena.push(t, i);
                    }
                }
            }
            on = next..self.arena.next();
        }
        let found = std::mem::take(&mut self.found);
        for &closing in &found {
            let end = self.arena.push(source, closing);
            sink.cycle(pos, &self.arena, end, cells, units);
        }
        self.found = found;
    }
}

fn state_text(s: usize) -> String {
    let verb = if state_on(s) { "is" } else { "is not" };
    format!("{} {verb} {}", cell(state_cell(s)), state_digit(s) + 1)
}

/// `1a is 5, 1d is not 5, ...`: a chain as a person reads it.
pub(crate) fn chain_text(path: &[usize]) -> String {
    path.iter()
        .map(|&s| state_text(s))
        .collect::<Vec<_>>()
        .join(", so ")
}

/// The states of `path` as a chain to draw.
fn chain_of(path: &[usize]) -> Chain {
    Chain::new(
        path.iter()
            .map(|&s| ChainNode {
                cell: cell(state_cell(s)),
                digit: digit(state_digit(s)),
                on: state_on(s),
            })
            .collect(),
    )
}

/// SE's rating and kind order of a forcing chain of `complexity` states.
fn forcing_key(complexity: usize, cells: bool) -> (f64, u8) {
    let base = if cells { 7.0 } else { 6.6 };
    (base + length_bonus(complexity), if cells { 4 } else { 2 })
}

/// SE's rating and kind order of a cycle of `complexity` states.
fn cycle_key(complexity: usize, cells: bool, units: bool) -> (f64, u8) {
    let both = cells && units;
    let base = if both { 7.0 } else { 6.5 };
    let sort_key = if both {
        4
    } else if cells {
        3
    } else {
        2
    };
    (base + length_bonus(complexity), sort_key)
}

/// Makes the forcing chain ending at `target` the best if it is easier.
fn offer_forcing(arena: &Arena, target: u32, cells: bool, best: &mut Best) {
    let complexity = arena.len(target);
    let (difficulty, sort_key) = forcing_key(complexity, cells);
    if best.beats(difficulty, complexity, sort_key) {
        best.0 = Some(Hint {
            difficulty,
            complexity,
            sort_key,
            path: arena.path(target),
            kind: Kind::Forcing { cells },
        });
    }
}

/// The step of the forcing chain `path` (from the assumption to its
/// opposite), with cell links or not.
fn forcing_step(m: &[u16; 81], path: &[usize], cells: bool, words: Words) -> Step {
    let complexity = path.len();
    let t = *path.last().expect("a chain has states");
    let (c, d) = (state_cell(t), state_digit(t));
    let technique = if cells {
        Technique::ForcingChain
    } else {
        Technique::XChain
    };
    let name = match (cells, complexity) {
        (true, _) => "Forcing chain",
        (false, 6) => "Turbot fish",
        _ => "Forcing X-chain",
    };
    let chain_cells: Vec<Cell> = path.iter().map(|&s| cell(state_cell(s))).collect();
    let mut pattern: Vec<Cell> = Vec::new();
    for c in chain_cells {
        if !pattern.contains(&c) {
            pattern.push(c);
        }
    }
    let digits = path
        .iter()
        .fold(Digits::EMPTY, |s, &p| s.with(digit(state_digit(p))));
    Step::concluding(
        words,
        technique,
        pattern,
        digits,
        cell(c),
        digit(d),
        state_on(t),
        Digits::from_mask(m[c]),
        || format!("{name}: if {}: a contradiction", chain_text(path)),
    )
    .with_chains(words.write(|| vec![chain_of(path)]))
}

/// What a cycle removes: the candidates of its digits that see one of its
/// states on and another off going round (SE's `createCycleHint`), outside
/// its cells. `states` are its states but the root's copy at the start, in
/// any order. The order is by digit, then cell (the steps sort their
/// eliminations anyway).
fn cycle_eliminations(
    m: &[u16; 81],
    states: impl Iterator<Item = usize>,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let (loop_cells, on, off) = cycle_sight(states);
    (0..9).flat_map(move |d| {
        let mut both = on[d] & off[d] & !loop_cells;
        std::iter::from_fn(move || {
            while both != 0 {
                let p = both.trailing_zeros() as usize;
                both &= both - 1;
                if m[p] & 1 << d != 0 {
                    return Some((p, d));
                }
            }
            None
        })
    })
}

/// Whether the cycle of `states` removes anything: what
/// [`cycle_eliminations`] would list, tested digit by digit on the cells
/// of its candidates (`places`) at once.
fn cycle_removes(places: &[u128; 9], states: impl Iterator<Item = usize>) -> bool {
    let (loop_cells, on, off) = cycle_sight(states);
    (0..9).any(|d| on[d] & off[d] & places[d] & !loop_cells != 0)
}

/// The cells of the cycle of `states`, and per digit the cells that see a
/// state of it on, and those that see one off.
#[inline(always)]
fn cycle_sight(states: impl Iterator<Item = usize>) -> (u128, [u128; 9], [u128; 9]) {
    let mut loop_cells = 0u128;
    let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
    for s in states {
        let (c, d) = (state_cell(s), state_digit(s));
        loop_cells |= 1 << c;
        let seen = if state_on(s) { &mut on[d] } else { &mut off[d] };
        *seen |= PEER_BITS[c];
    }
    (loop_cells, on, off)
}

/// The step of the cycle `path` (its ends the same state), of the links
/// given; it removes something.
fn cycle_step(m: &[u16; 81], path: &[usize], cells: bool, units: bool, words: Words) -> Step {
    let loop_cells: Vec<usize> = path[1..].iter().map(|&s| state_cell(s)).collect();
    let elims: Vec<_> = cycle_eliminations(m, path[1..].iter().copied())
        .map(|(p, d)| (cell(p), digit(d)))
        .collect();
    let (technique, name) = match (cells, units) {
        (true, true) => (Technique::XyCycle, "Bidirectional cycle"),
        (true, false) => (Technique::YCycle, "Bidirectional Y-cycle"),
        _ => (Technique::XCycle, "Bidirectional X-cycle"),
    };
    let mut pattern: Vec<Cell> = Vec::new();
    for &c in &loop_cells {
        if !pattern.contains(&cell(c)) {
            pattern.push(cell(c));
        }
    }
    let digits = path
        .iter()
        .fold(Digits::EMPTY, |s, &p| s.with(digit(state_digit(p))));
    let reason = || {
        format!(
            "{name}: {} and back, and it holds both ways round, so every unit it passes through \
             keeps its digit inside the cycle",
            chain_text(path)
        )
    };
    Step::eliminating(words, technique, pattern, digits, elims, reason)
        .with_chains(words.write(|| vec![chain_of(path)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{marks_of, walk};
    use crate::logic::UNITS;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Moves `marks` along a random walk: the step a fresh search finds,
    /// or another move of [`walk`]'s.
    fn step_on(
        marks: &mut Candidates,
        earlier: &mut Vec<Candidates>,
        line: &str,
        rng: &mut Xoshiro256PlusPlus,
    ) {
        let step = forcing_chain_or_cycle(
            marks,
            &mut templates::Covers::default(),
            &mut Work::default(),
            &mut closure::Cache::default(),
            Words::Written,
        );
        walk(marks, earlier, step, line, rng);
    }

    /// The links of the tables, state by state, in the order Sudoku
    /// Explainer follows them, written out plainly: an on state turns off
    /// the cell's other digits, then the digit's places in the box, the
    /// row and the column, each place once; an off state turns on the other
    /// digit of a two-candidate cell, then the other place of the digit in
    /// each of the box, row and column where it has two, each place once.
    /// Positions along random walks.
    #[test]
    fn the_link_tables_list_each_state_s_links_in_se_order() {
        let line =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut marks = marks_of(line);
        let mut earlier = Vec::new();
        let (mut weak, mut strong) = (Links::default(), Strong::default());
        let mut strong_seen = 0;
        for _ in 0..40 {
            let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            let places = digit_cells_of(&m);
            weak.fill(&m, &places);
            strong.fill(&m, &places);
            for c in 0..81 {
                for d in (0..9).filter(|&d| m[c] & 1 << d != 0) {
                    let others: Vec<usize> =
                        (0..9).filter(|&e| e != d && m[c] & 1 << e != 0).collect();
                    let mut off = Vec::new();
                    let mut on = Vec::new();
                    for &e in &others {
                        off.push(state(c, e, false));
                    }
                    if others.len() == 1 {
                        on.push(state(c, others[0], true));
                    }
                    let (off_cell, on_cell) = (off.len(), on.len());
                    for kind in KINDS {
                        let unit = usize::from(CELL_UNITS[c][kind]);
                        let with_d: Vec<usize> = UNITS[unit]
                            .iter()
                            .map(|&p| usize::from(p))
                            .filter(|&p| p != c && m[p] & 1 << d != 0)
                            .collect();
                        for &p in &with_d {
                            if !off.contains(&state(p, d, false)) {
                                off.push(state(p, d, false));
                            }
                        }
                        if let [p] = with_d[..] {
                            if !on.contains(&state(p, d, true)) {
                                on.push(state(p, d, true));
                            }
                        }
                    }
                    // The tables list a unit's places in cell order, as
                    // the units list them here.
                    let listed = |t: &dyn Table, s: usize| {
                        t.all(s).iter().map(|&x| usize::from(x)).collect::<Vec<_>>()
                    };
                    assert_eq!(listed(&weak, state(c, d, true)), off, "{c} {d}");
                    assert_eq!(weak.cell_links(state(c, d, true)), off_cell);
                    assert_eq!(listed(&strong, state(c, d, false)), on, "{c} {d}");
                    assert_eq!(strong.cell_links(state(c, d, false)), on_cell);
                    strong_seen += on.len();
                }
            }
            step_on(&mut marks, &mut earlier, line, &mut rng);
        }
        assert!(strong_seen > 1000, "{strong_seen} strong links");
    }

    /// The quick test of whether a cycle removes anything says what the
    /// list of its eliminations says, for sets of states drawn at random
    /// from the candidates of positions along random walks (some removing
    /// something, some not).
    #[test]
    fn a_cycle_removes_something_where_its_eliminations_list_something() {
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut marks = marks_of(line);
        let mut earlier = Vec::new();
        let (mut removing, mut not) = (0, 0);
        for _ in 0..60 {
            let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            let places = digit_cells_of(&m);
            let candidates: Vec<(usize, usize)> = (0..81)
                .flat_map(|c| (0..9).map(move |d| (c, d)))
                .filter(|&(c, d)| m[c] & 1 << d != 0 && m[c].count_ones() > 1)
                .collect();
            for _ in 0..50 {
                let n = rng.gen_range(2..=12).min(candidates.len());
                let states: Vec<usize> = (0..n)
                    .map(|_| {
                        let (c, d) = candidates[rng.gen_range(0..candidates.len())];
                        state(c, d, rng.gen())
                    })
                    .collect();
                let listed = cycle_eliminations(&m, states.iter().copied())
                    .next()
                    .is_some();
                assert_eq!(
                    cycle_removes(&places, states.iter().copied()),
                    listed,
                    "{states:?}"
                );
                if listed {
                    removing += 1;
                } else {
                    not += 1;
                }
            }
            step_on(&mut marks, &mut earlier, line, &mut rng);
        }
        assert!(
            removing > 100 && not > 100,
            "{removing} removing, {not} not"
        );
    }

    /// Random walks of positions (steps taken, candidates removed, now and
    /// then back to an earlier position), each searched with the closure
    /// kept from the positions before and afresh: the same step, whether
    /// the kept closure was worked out for the position, for an earlier
    /// one, or for an earlier one with the position's new strong links
    /// taken in, and a search the kept closure lets skip finds nothing
    /// afresh.
    #[test]
    fn a_search_with_the_closure_kept_finds_what_a_fresh_one_finds() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "......1....1.6..9.2..43..5....69.....15...8..83.1...6.....2.9...43............678",
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(50);
        let (mut found, mut skipped, mut earlier_closure, mut taken_in) = (0, 0, 0, 0);
        for line in puzzles {
            let mut marks = marks_of(line);
            let mut covers = templates::Covers::default();
            let mut work = Work::default();
            let mut cache = closure::Cache::default();
            let mut earlier = Vec::new();
            for _ in 0..150 {
                let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
                let quiet = cache.quiet(&m);
                let (was, builds) = (cache.board().copied(), cache.builds());
                let fresh = forcing_chain_or_cycle(
                    &marks,
                    &mut templates::Covers::default(),
                    &mut Work::default(),
                    &mut closure::Cache::default(),
                    Words::Written,
                );
                let kept = forcing_chain_or_cycle(
                    &marks,
                    &mut covers,
                    &mut work,
                    &mut cache,
                    Words::Written,
                );
                assert_eq!(kept, fresh, "{line}");
                // Searched with the bounds of an earlier position's closure.
                if !quiet && cache.board() != Some(&m) {
                    earlier_closure += 1;
                }
                // Searched with an earlier closure that took in this
                // position's new strong links.
                if cache.builds() == builds && was != Some(m) && cache.board() == Some(&m) {
                    taken_in += 1;
                }
                if quiet {
                    assert_eq!(fresh, None, "{line}");
                    skipped += 1;
                }
                found += usize::from(fresh.is_some());
                walk(&mut marks, &mut earlier, fresh, line, &mut rng);
            }
        }
        assert!(
            found > 20 && skipped > 10 && earlier_closure > 10 && taken_in > 10,
            "{found} found, {skipped} skipped, {earlier_closure} on an earlier closure, \
             {taken_in} on one with new links taken in"
        );
    }
}
