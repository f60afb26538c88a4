//! Everything each candidate state implies through static links, for all
//! states at once: the strongly connected components of the implication
//! graph and, per component, the set of states it reaches.
//!
//! The static searches follow these links one assumption at a time: the
//! chains and cycles of [`super::chains`] and the multiple forcing
//! chains of [`super::forcing`]. A search can only conclude what its
//! assumption reaches, so the closure tells, without searching, which
//! searches would find nothing: a forcing chain from `s` needs the opposite
//! of `s` among what `s` reaches, a cycle through `s` needs `s` on a cycle
//! of the graph, a cell or region chain needs a state every branch reaches.
//! Those searches are skipped; the others run as before, so every step is
//! the same.
//!
//! The graph: an on state turns off its cell's other digits (with `cells`)
//! and its digit's other places in the box, row and column; an off state
//! turns on the other digit of a two-candidate cell (with `cells`) and the
//! other place of its digit in a unit where it has two (with `units`).
//! States are numbered `(cell * 9 + digit) * 2 + on`, as in the chain
//! searches; only the candidates of the position take part.

use super::shared::{two, two16, STATES};
use crate::logic::{CELL_UNITS, PEER_BITS, UNITS, UNIT_BITS};

/// No compact index: the candidate is not on the board.
const ABSENT: u16 = u16::MAX;

/// The implication closure of one position: what the queries read
/// ([`Closure::reaches`], [`Closure::on_cycle`], [`Closure::common`]).
/// Working it out ([`Closure::build`]) uses a [`Scratch`] besides.
#[derive(Default)]
pub(crate) struct Closure {
    /// Compact index of each state, or [`ABSENT`].
    index: Vec<u16>,
    /// The state of each compact index.
    states: Vec<u16>,
    /// Component of each compact state.
    comp: Vec<u16>,
    /// Whether each component has a cycle (two or more states).
    cyclic: Vec<bool>,
    /// Words per reach set.
    words: usize,
    /// The row of [`Closure::reach`] of each component, or [`NO_ROW`]
    /// for a state that implies nothing (most off states), which reaches
    /// itself alone.
    row: Vec<u32>,
    /// Per row, the compact states its component reaches (itself
    /// included).
    reach: Vec<u64>,
    /// Per row, one compact state of its component.
    owner: Vec<u16>,
}

/// No row: the component is a state that implies nothing.
const NO_ROW: u32 = u32::MAX;

/// Words are taken four at a time ([`or_into`]): every row is a whole
/// number of fours, its last words zero past the compact states.
const LANE: usize = 4;

/// The most words a row can have.
const MOST_WORDS: usize = STATES.div_ceil(64).next_multiple_of(LANE);

/// Adds `from`'s states to `into` (rows of the same closure: a whole
/// number of [`LANE`]s), four words at a time so that the compiler can
/// use vector registers.
#[inline(always)]
fn or_into(into: &mut [u64], from: &[u64]) {
    for (a, b) in into.chunks_exact_mut(LANE).zip(from.chunks_exact(LANE)) {
        for i in 0..LANE {
            a[i] |= b[i];
        }
    }
}

/// The storage a closure is worked out in, which none of its queries
/// read.
#[derive(Default)]
pub(crate) struct Scratch {
    /// The links as adjacency lists over compact states: those of `v` are
    /// `to[start[v]..start[v + 1]]`, the ones to states that imply
    /// something first, up to `mid[v]`, then the ones to sinks.
    start: Vec<u32>,
    mid: Vec<u32>,
    to: Vec<u16>,
    /// Whether each compact state implies nothing (most off states): its
    /// own component, done before the search, and taken into a reach set
    /// as one bit.
    sink: Vec<bool>,
    /// The compact states of each component: `members[first[k]..first[k + 1]]`.
    first: Vec<u32>,
    members: Vec<u16>,
    taken: Vec<u16>,
    tarjan: Tarjan,
}

/// The storage of Tarjan's search.
#[derive(Default)]
struct Tarjan {
    number: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    calls: Vec<(u16, u32)>,
}

impl Closure {
    /// The closure of the position `m` (each cell's candidates) with cell
    /// links (`cells`) and unit links (`units`) as the strong links; the
    /// weak links always include the peers, and the cell with `cells`.
    #[cfg(test)]
    pub(crate) fn new(m: &[u16; 81], cells: bool, units: bool) -> Closure {
        let mut closure = Closure::default();
        closure.build(m, cells, units, &mut Scratch::default());
        closure
    }

    /// Works out the closure of the position `m` with cell links (`cells`)
    /// and unit links (`units`) as the strong links (the weak links always
    /// include the peers, and the cell with `cells`), reusing the storage
    /// of the last one, in `scratch`.
    pub(crate) fn build(&mut self, m: &[u16; 81], cells: bool, units: bool, scratch: &mut Scratch) {
        if self.index.len() != STATES {
            self.index = vec![ABSENT; STATES];
        }
        for &s in &self.states {
            self.index[usize::from(s)] = ABSENT;
        }
        self.states.clear();
        let mut at = [0u128; 9];
        for (c, &mask) in m.iter().enumerate() {
            let mut rest = mask;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                at[d] |= 1 << c;
                for on in [false, true] {
                    let s = (c * 9 + d) * 2 + usize::from(on);
                    self.index[s] = self.states.len() as u16;
                    self.states.push(s as u16);
                }
            }
        }
        let n = self.states.len();
        // Where an off state has a strong link: a two-candidate cell (with
        // `cells`), or a unit where its digit has two places (with `units`):
        // per digit, the cells in such a unit.
        let bivalue: u128 = if cells {
            (0..81)
                .filter(|&c| two16(m[c]))
                .fold(0u128, |set, c| set | 1 << c)
        } else {
            0
        };
        let mut paired = [0u128; 9];
        if units {
            for (d, pairs) in paired.iter_mut().enumerate() {
                for bits in &UNIT_BITS {
                    let places = at[d] & bits;
                    if two(places) {
                        *pairs |= places;
                    }
                }
            }
        }
        // Whether the off state of digit `e` in cell `o` implies something.
        let live = |o: usize, e: usize| (bivalue | paired[e]) & 1 << o != 0;
        // Which states imply nothing: an on state with no other candidate
        // in its cell (with cells) and no peer holding its digit, an off
        // state with no strong link.
        scratch.sink.clear();
        scratch.sink.extend(self.states.iter().map(|&s| {
            let s = usize::from(s);
            let (c, d) = (s / 18, s / 2 % 9);
            if s % 2 == 1 {
                !((cells && m[c] & !(1 << d) != 0) || at[d] & PEER_BITS[c] != 0)
            } else {
                !live(c, d)
            }
        }));
        // The links of each state, written in place: an on state has at
        // most 8 in its cell and 20 among its peers, an off state one in
        // its cell and one in each unit.
        scratch.start.resize(n + 1, 0);
        scratch.mid.resize(n, 0);
        let bound: usize = self
            .states
            .iter()
            .map(|&s| if s % 2 == 1 { 28 } else { 4 })
            .sum();
        if scratch.to.len() < bound {
            scratch.to.resize(bound, 0);
        }
        let mut e = 0usize;
        for (v, &s) in self.states.iter().enumerate() {
            scratch.start[v] = e as u32;
            let s = usize::from(s);
            let (c, d) = (s / 18, s / 2 % 9);
            if s % 2 == 1 {
                // Off states of the cell's other digits and of the digit's
                // peers: those that imply something first, then the sinks.
                let others = if cells { m[c] & !(1 << d) } else { 0 };
                let peers = at[d] & PEER_BITS[c];
                let mut inner_digits = 0u16;
                let mut rest = others;
                while rest != 0 {
                    let x = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if live(c, x) {
                        inner_digits |= 1 << x;
                    }
                }
                let inner_peers = (bivalue | paired[d]) & peers;
                let off = |o: usize, x: usize| self.index[(o * 9 + x) * 2];
                let to = &mut scratch.to;
                e = put(
                    to,
                    e,
                    inner_digits,
                    inner_peers,
                    |x| off(c, x),
                    |p| off(p, d),
                );
                scratch.mid[v] = e as u32;
                let (digits, peers) = (others & !inner_digits, peers & !inner_peers);
                e = put(to, e, digits, peers, |x| off(c, x), |p| off(p, d));
            } else {
                // On states, which imply something (a peer's or the
                // cell's other candidate turns off).
                if bivalue & 1 << c != 0 {
                    let x = (m[c] & !(1 << d)).trailing_zeros() as usize;
                    scratch.to[e] = self.index[(c * 9 + x) * 2 + 1];
                    e += 1;
                }
                if paired[d] & 1 << c != 0 {
                    for &u in &CELL_UNITS[c] {
                        let places = at[d] & UNIT_BITS[usize::from(u)];
                        if two(places) {
                            let o = (places & !(1u128 << c)).trailing_zeros() as usize;
                            scratch.to[e] = self.index[(o * 9 + d) * 2 + 1];
                            e += 1;
                        }
                    }
                }
                scratch.mid[v] = e as u32;
            }
        }
        scratch.start[n] = e as u32;
        let (count, sinks) = scratch.tarjan.run(
            n,
            (&scratch.start, &scratch.mid, &scratch.to),
            &scratch.sink,
            &mut self.comp,
        );
        self.reach_sets(n, count, sinks, scratch);
    }

    /// The reach set of each of the `count` components of the `n` states,
    /// the first `sinks` of them the states that imply nothing.
    fn reach_sets(&mut self, n: usize, count: usize, sinks: usize, scratch: &mut Scratch) {
        // The members of each component, grouped (a counting sort).
        scratch.first.clear();
        scratch.first.resize(count + 1, 0);
        for &k in &self.comp {
            scratch.first[usize::from(k) + 1] += 1;
        }
        for k in 0..count {
            scratch.first[k + 1] += scratch.first[k];
        }
        scratch.members.clear();
        scratch.members.resize(n, 0);
        let mut fill: Vec<u32> = scratch.first[..count].to_vec();
        for (v, &k) in self.comp.iter().enumerate() {
            let slot = &mut fill[usize::from(k)];
            scratch.members[*slot as usize] = v as u16;
            *slot += 1;
        }
        let words = n.div_ceil(64).max(1).next_multiple_of(LANE);
        self.words = words;
        self.row.clear();
        self.row.resize(sinks, NO_ROW);
        self.row.extend((0..count - sinks).map(|r| r as u32));
        self.owner.clear();
        self.owner
            .extend((sinks..count).map(|k| scratch.members[scratch.first[k] as usize]));
        self.reach.clear();
        self.reach.resize((count - sinks) * words, 0);
        self.cyclic.clear();
        self.cyclic.resize(count, false);
        // Components are numbered as Tarjan's search completes them, sinks
        // first: every successor of component `k` has a lower number, so
        // its reach set is done when `k`'s turn comes.
        // The last component whose reach took each one's in (each is
        // taken in once per component, however many links lead there).
        scratch.taken.clear();
        scratch.taken.resize(count, u16::MAX);
        for k in sinks..count {
            let members =
                &scratch.members[scratch.first[k] as usize..scratch.first[k + 1] as usize];
            self.cyclic[k] = members.len() > 1;
            let (done, rest) = self.reach.split_at_mut((k - sinks) * words);
            let own = &mut rest[..words];
            for &v in members {
                let v = usize::from(v);
                own[v / 64] |= 1 << (v % 64);
                // The sinks it reaches, one bit each.
                for &w in &scratch.to[scratch.mid[v] as usize..scratch.start[v + 1] as usize] {
                    let w = usize::from(w);
                    own[w / 64] |= 1 << (w % 64);
                }
                for &w in &scratch.to[scratch.start[v] as usize..scratch.mid[v] as usize] {
                    let j = usize::from(self.comp[usize::from(w)]);
                    if j == k || scratch.taken[j] == k as u16 {
                        continue;
                    }
                    scratch.taken[j] = k as u16;
                    // Links to sinks are listed apart (above): `j` is not one.
                    debug_assert!(j >= sinks);
                    or_into(own, &done[(j - sinks) * words..(j - sinks + 1) * words]);
                }
            }
        }
    }

    /// Whether assuming state `from` reaches state `to` (both states of
    /// candidates on the board).
    pub(crate) fn reaches(&self, from: usize, to: usize) -> bool {
        let (a, b) = (self.index[from], self.index[to]);
        if a == ABSENT || b == ABSENT {
            return false;
        }
        let r = self.row[usize::from(self.comp[usize::from(a)])];
        if r == NO_ROW {
            return a == b;
        }
        let b = usize::from(b);
        self.reach[r as usize * self.words + b / 64] & 1 << (b % 64) != 0
    }

    /// Whether state `s` lies on a cycle of links.
    pub(crate) fn on_cycle(&self, s: usize) -> bool {
        let a = self.index[s];
        a != ABSENT && self.cyclic[usize::from(self.comp[usize::from(a)])]
    }

    /// Whether every state of `froms` reaches some state in common that
    /// `keep` accepts (by state number), other than `except`.
    pub(crate) fn common(
        &self,
        froms: &[usize],
        except: usize,
        keep: impl Fn(usize) -> bool,
    ) -> bool {
        // Two states that each imply something (a state and its opposite,
        // for every candidate the static chains ask about): their rows are
        // met word by word, and the first state kept ends it.
        if let &[a, b] = froms {
            let rows = [a, b].map(|s| {
                let i = self.index[s];
                (i != ABSENT).then(|| self.row[usize::from(self.comp[usize::from(i)])])
            });
            if let [Some(ra), Some(rb)] = rows {
                if ra != NO_ROW && rb != NO_ROW {
                    let n = self.words;
                    let x = &self.reach[ra as usize * n..(ra as usize + 1) * n];
                    let y = &self.reach[rb as usize * n..(rb as usize + 1) * n];
                    return x
                        .iter()
                        .zip(y)
                        .enumerate()
                        .any(|(w, (&p, &q))| self.keeps_one(w, p & q, except, &keep));
                }
            }
        }
        let mut acc = [0u64; MOST_WORDS];
        let acc = &mut acc[..self.words];
        for (i, &s) in froms.iter().enumerate() {
            let a = self.index[s];
            if a == ABSENT {
                return false;
            }
            let r = self.row[usize::from(self.comp[usize::from(a)])];
            if r == NO_ROW {
                // The state alone: what is left is it, if the others reach it.
                let a = usize::from(a);
                let bit = acc[a / 64] & 1 << (a % 64);
                acc.fill(0);
                acc[a / 64] = if i == 0 { 1 << (a % 64) } else { bit };
                continue;
            }
            let r = r as usize;
            let set = &self.reach[r * self.words..(r + 1) * self.words];
            if i == 0 {
                acc.copy_from_slice(set);
            } else {
                // Nothing in common left: the other rows cannot add any.
                let mut left = 0;
                acc.iter_mut().zip(set).for_each(|(x, y)| {
                    *x &= y;
                    left |= *x;
                });
                if left == 0 {
                    return false;
                }
            }
        }
        acc.iter()
            .enumerate()
            .any(|(w, &bits)| self.keeps_one(w, bits, except, &keep))
    }

    /// Whether word `w` of a set of compact states (`bits`) holds a state
    /// other than `except` that `keep` accepts.
    #[inline(always)]
    fn keeps_one(
        &self,
        w: usize,
        mut bits: u64,
        except: usize,
        keep: &impl Fn(usize) -> bool,
    ) -> bool {
        while bits != 0 {
            let v = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let s = usize::from(self.states[v]);
            if s != except && keep(s) {
                return true;
            }
        }
        false
    }

    /// Makes this closure a copy of `other`, in the storage it has.
    fn copy_from(&mut self, other: &Closure) {
        fn copy<T: Copy>(to: &mut Vec<T>, from: &[T]) {
            to.clear();
            to.extend_from_slice(from);
        }
        copy(&mut self.index, &other.index);
        copy(&mut self.states, &other.states);
        copy(&mut self.comp, &other.comp);
        copy(&mut self.cyclic, &other.cyclic);
        self.words = other.words;
        copy(&mut self.row, &other.row);
        copy(&mut self.reach, &other.reach);
        copy(&mut self.owner, &other.owner);
    }

    /// Takes in a link from the off state `from` to the on state `to`
    /// (both of candidates this closure was worked out with): afterwards
    /// it is the closure of the graph with that link added. Every
    /// component that reached `from` now reaches what `to` reaches; the
    /// closure was transitive before, so those are all (a path through
    /// the new link goes on from `to`), and it is transitive again. A
    /// component is on a new cycle where it reached `from` and `to`
    /// reaches it. `buffer` holds a copy of `to`'s row.
    fn add_link(&mut self, from: usize, to: usize, buffer: &mut Vec<u64>) {
        let words = self.words;
        let (u, v) = (self.index[from], self.index[to]);
        debug_assert!(u != ABSENT && v != ABSENT, "a link between candidates");
        let (u, v) = (usize::from(u), usize::from(v));
        let ku = usize::from(self.comp[u]);
        if self.row[ku] == NO_ROW {
            // A state that implied nothing now implies `to`: a row of its
            // own, with itself in it (filled in below, as it reaches `from`).
            self.row[ku] = self.owner.len() as u32;
            self.owner.push(u as u16);
            let start = self.reach.len();
            self.reach.resize(start + words, 0);
            self.reach[start + u / 64] |= 1 << (u % 64);
        }
        let kv = usize::from(self.comp[v]);
        let rv = self.row[kv];
        buffer.clear();
        if rv == NO_ROW {
            buffer.resize(words, 0);
            buffer[v / 64] |= 1 << (v % 64);
        } else {
            let rv = rv as usize;
            buffer.extend_from_slice(&self.reach[rv * words..(rv + 1) * words]);
        }
        let (uw, ub) = (u / 64, 1u64 << (u % 64));
        for (set, &owner) in self.reach.chunks_exact_mut(words).zip(&self.owner) {
            if set[uw] & ub == 0 {
                continue;
            }
            or_into(set, buffer);
            let o = usize::from(owner);
            if buffer[o / 64] & 1 << (o % 64) != 0 {
                self.cyclic[usize::from(self.comp[o])] = true;
            }
        }
    }
}

/// The closure of the last position worked out (cell and unit links), kept
/// for the next searches: the static chains and the multiple forcing
/// chains of one step share it, and a later position whose every path of
/// links is one of that position's uses it as it is ([`Cache::covering`]):
/// both searches read it only as a bound (which searches can find
/// nothing), and a bound that lets more searches run gives the same steps.
///
/// Why an earlier closure serves a later position: with the later
/// position's candidates among the earlier one's, each weak link (an on
/// state to an off state) of the later one is a link of the earlier one
/// too, as it needs only the two candidates; a strong link (an off state
/// to an on state) needs a cell with two candidates or a unit where a
/// digit has two places, and if that cell or unit had two then as well,
/// it had the same two and the same link. So where the later position has
/// no two-candidate cell and no two-place unit that the earlier one had
/// not, what a state reaches there it reached in the earlier position:
/// the earlier closure answers every query with at least what the later
/// one would ([`Closure::reaches`], [`Closure::on_cycle`],
/// [`Closure::common`] only ever say yes to more), so a search it lets
/// skip can find nothing, and every other search runs as before.
///
/// A solve's positions follow one another, most with a few candidates
/// fewer than the one before, where the check pays. The boards a search
/// nested in a chain is given come from one outer propagation after
/// another; the check pays a little there too (Golden Nugget and Easter
/// Monster graded with 0.12% fewer instructions with it than without).
///
/// A later position that does have new strong links, but only a few
/// (most positions after an elimination have one to three), has them
/// taken into the closure kept ([`Cache::covering`]) rather than its own
/// closure worked out: a link added to a closure costs a pass over its
/// rows, where working one out costs some 200,000 instructions. The boards
/// of a search nested in a chain are seldom within one another (each is
/// what another branch of the outer chain left), but all lie within the
/// outer chain's source: its closure is worked out once, and each board
/// with up to 64 strong links the source had not is served by a copy of
/// it with those taken in.
#[derive(Default)]
pub(crate) struct Cache {
    closure: Closure,
    /// The position the closure is kept for: worked out for it, or for
    /// earlier positions with its new strong links taken in since (see
    /// [`Cache::covering`]). Its every link is in the closure's graph.
    board: Option<[u16; 81]>,
    /// The last later position the closure was found to serve.
    served: Option<[u16; 81]>,
    /// No static chain or cycle can start in `board` (see [`Cache::quiet`]).
    quiet: bool,
    scratch: Scratch,
    /// The strong links a later position has and `board` had not.
    links: Vec<(u16, u16)>,
    /// A copy of a row, for [`Closure::add_link`].
    buffer: Vec<u64>,
    /// For searches nested in a chain: the board the outer chain started
    /// from, which every board they are given lies within
    /// ([`Cache::set_source`]), and its closure once worked out (`based`).
    source: Option<[u16; 81]>,
    base: Closure,
    based: bool,
    /// Tests: how many closures were worked out.
    #[cfg(test)]
    builds: usize,
    /// Tests: how many boards were served by the source's closure.
    #[cfg(test)]
    from_source: usize,
}

/// The most new strong links a closure takes in (see [`Cache::covering`]);
/// a position with more has its own worked out.
const MOST_LINKS: usize = 16;

/// The most new strong links against a nested search's source that its
/// closure takes in.
const MOST_SOURCE_LINKS: usize = 64;

impl Cache {
    /// The closure of the position `m` with cell and unit links, worked
    /// out unless it is the one kept.
    fn get(&mut self, m: &[u16; 81]) -> &Closure {
        if self.board.as_ref() != Some(m) {
            self.closure.build(m, true, true, &mut self.scratch);
            #[cfg(test)]
            {
                self.builds += 1;
            }
            self.board = Some(*m);
            self.served = None;
            self.quiet = false;
        }
        &self.closure
    }

    /// Whether the closure kept serves the position `m`: worked out for it,
    /// or for an earlier position whose paths of links include all of
    /// `m`'s (see [`Cache`]).
    fn serves(&mut self, m: &[u16; 81]) -> bool {
        let Some(board) = &self.board else {
            return false;
        };
        if board == m || self.served.as_ref() == Some(m) {
            return true;
        }
        let covered = covers(board, m, &mut self.links);
        if covered {
            self.served = Some(*m);
        }
        covered
    }

    /// A closure that answers each query on the position `m` with at least
    /// what `m`'s own would: the one kept if it serves `m`; else, where
    /// `m` has a few strong links the position kept had not (and no
    /// candidate it had not), the one kept with those links taken in;
    /// else, for a search nested in a chain, where `m` has a few strong
    /// links its source had not, the source's closure with those taken in
    /// ([`Cache::set_source`]); else `m`'s.
    ///
    /// Why the links taken in serve: every link of `m` is one of the
    /// position kept or one of those new strong links (see [`Cache`]), so
    /// every path of `m` is one of the graph of both, whose closure that
    /// is. It is then kept as if worked out for `m`: a later position
    /// whose links are all `m`'s is served by it too.
    pub(crate) fn covering(&mut self, m: &[u16; 81]) -> &Closure {
        // One walk of the changed cells tells both whether the closure kept
        // serves `m` (no new link: what `serves` asks) and which links to
        // take in.
        let mut taken = false;
        if let Some(board) = &self.board {
            if board == m || self.served.as_ref() == Some(m) {
                return &self.closure;
            }
            taken = new_links(board, m, &mut self.links, MOST_LINKS);
            if taken && self.links.is_empty() {
                self.served = Some(*m);
                return &self.closure;
            }
        }
        // A board nested in a chain is seldom within the last one (another
        // branch's), but always within the chain's source: its closure,
        // worked out once, with the board's new links taken in.
        if !taken {
            if let Some(source) = &self.source {
                if new_links(source, m, &mut self.links, MOST_SOURCE_LINKS) {
                    if !self.based {
                        self.base.build(source, true, true, &mut self.scratch);
                        self.based = true;
                        #[cfg(test)]
                        {
                            self.builds += 1;
                        }
                    }
                    self.closure.copy_from(&self.base);
                    taken = true;
                    #[cfg(test)]
                    {
                        self.from_source += 1;
                    }
                }
            }
        }
        if taken {
            for &(from, to) in &self.links {
                self.closure
                    .add_link(usize::from(from), usize::from(to), &mut self.buffer);
            }
            self.board = Some(*m);
            self.served = None;
            self.quiet = false;
        } else {
            self.get(m);
        }
        &self.closure
    }

    /// Tells the cache that the boards it is given next lie within
    /// `source` (a search nested in a chain from `source`): a board with a
    /// few new strong links against it is served by `source`'s closure
    /// with those links taken in (see [`Cache::covering`]), `source`'s
    /// closure worked out once and kept while the source stays the same.
    pub(crate) fn set_source(&mut self, source: &[u16; 81]) {
        if self.source.as_ref() != Some(source) {
            self.source = Some(*source);
            self.based = false;
        }
    }

    /// The position the closure is kept for.
    #[cfg(test)]
    pub(crate) fn board(&self) -> Option<&[u16; 81]> {
        self.board.as_ref()
    }

    /// Tests: how many closures were worked out.
    #[cfg(test)]
    pub(crate) fn builds(&self) -> usize {
        self.builds
    }

    /// The closure [`Cache::covering`] gave last.
    pub(crate) fn last(&self) -> &Closure {
        &self.closure
    }

    /// Records that no static chain or cycle can start in `m`, if the
    /// closure is kept for `m` (a closure that only serves `m` may reach
    /// less in its own position).
    pub(crate) fn set_quiet(&mut self, m: &[u16; 81]) {
        if self.board.as_ref() == Some(m) {
            self.quiet = true;
        }
    }

    /// Whether no static chain or cycle can start in `m`, as known without
    /// working anything out: the closure kept was quiet in its own position
    /// and serves `m`. A chain or cycle that could start in `m` could start
    /// there: its start's bounds are read from the closure alone.
    pub(crate) fn quiet(&mut self, m: &[u16; 81]) -> bool {
        self.quiet && self.serves(m)
    }
}

/// Whether every path of links of the position `later` is one of the
/// position `earlier` (see [`Cache`]): `later`'s candidates are among
/// `earlier`'s, and it has no two-candidate cell and no unit where a digit
/// has two places that `earlier` had not ([`new_links`] lists none;
/// `links` is its storage).
fn covers(earlier: &[u16; 81], later: &[u16; 81], links: &mut Vec<(u16, u16)>) -> bool {
    new_links(earlier, later, links, 0)
}

/// Lists in `links` the strong links (off state, on state) of the position
/// `later` that `earlier` had not, and returns true, if `later`'s
/// candidates are among `earlier`'s and those links are at most `most`.
/// A cell that lost candidates and has two has both its links new (it had
/// more); a unit that lost a place of a digit and has two left has both
/// of that digit's links new (it had more).
fn new_links(
    earlier: &[u16; 81],
    later: &[u16; 81],
    links: &mut Vec<(u16, u16)>,
    most: usize,
) -> bool {
    links.clear();
    // The units and digits already listed.
    let mut listed = [0u16; 27];
    for (c, (&was, &now)) in earlier.iter().zip(later).enumerate() {
        if now & !was != 0 {
            return false;
        }
        if now == was {
            continue;
        }
        if two16(now) {
            let (x, y) = (
                now.trailing_zeros() as usize,
                15 - now.leading_zeros() as usize,
            );
            links.push(off_on(c, x, c, y));
            links.push(off_on(c, y, c, x));
        }
        let mut gone = was & !now;
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            for &u in &CELL_UNITS[c] {
                let u = usize::from(u);
                if listed[u] & 1 << d != 0 {
                    continue;
                }
                let mut places = UNITS[u]
                    .iter()
                    .map(|&o| usize::from(o))
                    .filter(|&o| later[o] & 1 << d != 0);
                if let (Some(p), Some(q), None) = (places.next(), places.next(), places.next()) {
                    listed[u] |= 1 << d;
                    links.push(off_on(p, d, q, d));
                    links.push(off_on(q, d, p, d));
                }
            }
        }
        if links.len() > most {
            return false;
        }
    }
    true
}

/// The link from digit `x` off in cell `c` to digit `y` on in cell `o`.
fn off_on(c: usize, x: usize, o: usize, y: usize) -> (u16, u16) {
    (((c * 9 + x) * 2) as u16, ((o * 9 + y) * 2 + 1) as u16)
}

/// Writes into `to` from `e` the states `digit(x)` of each digit `x` of
/// `digits`, then `cell(p)` of each cell `p` of `cells`; returns where it
/// stopped.
fn put(
    to: &mut [u16],
    mut e: usize,
    digits: u16,
    cells: u128,
    digit: impl Fn(usize) -> u16,
    cell: impl Fn(usize) -> u16,
) -> usize {
    let mut rest = digits;
    while rest != 0 {
        to[e] = digit(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        e += 1;
    }
    let mut rest = cells;
    while rest != 0 {
        to[e] = cell(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        e += 1;
    }
    e
}

impl Tarjan {
    /// Tarjan's strongly connected components of the graph of `n` vertices
    /// with adjacency `start`/`to` (the links of `v` to vertices that are
    /// not sinks up to `mid[v]`), without recursion: the component of
    /// each vertex goes to `comp`, numbered in the order they are completed
    /// (the `sink` vertices first, each alone); returns how many there are
    /// and how many of them are sinks.
    fn run(
        &mut self,
        n: usize,
        (start, mid, to): (&[u32], &[u32], &[u16]),
        sink: &[bool],
        comp: &mut Vec<u16>,
    ) -> (usize, usize) {
        const UNSEEN: u32 = u32::MAX;
        self.number.clear();
        self.number.resize(n, UNSEEN);
        self.low.clear();
        self.low.resize(n, 0);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.stack.clear();
        self.calls.clear();
        comp.clear();
        comp.resize(n, u16::MAX);
        let (number, low, on_stack) = (&mut self.number, &mut self.low, &mut self.on_stack);
        let mut count = 0u16;
        let mut counter = 0u32;
        // A sink is a component of its own, done: never on the stack, so
        // the links to it are not followed.
        for v in 0..n {
            if sink[v] {
                number[v] = counter;
                counter += 1;
                comp[v] = count;
                count += 1;
            }
        }
        let sinks = usize::from(count);
        for root in 0..n {
            if number[root] != UNSEEN {
                continue;
            }
            self.calls.push((root as u16, start[root]));
            number[root] = counter;
            low[root] = counter;
            counter += 1;
            self.stack.push(root as u16);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut edge)) = self.calls.last_mut() {
                let v = usize::from(v);
                if *edge < mid[v] {
                    let w = usize::from(to[*edge as usize]);
                    *edge += 1;
                    if number[w] == UNSEEN {
                        number[w] = counter;
                        low[w] = counter;
                        counter += 1;
                        self.stack.push(w as u16);
                        on_stack[w] = true;
                        self.calls.push((w as u16, start[w]));
                    } else if on_stack[w] {
                        low[v] = low[v].min(number[w]);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let p = usize::from(parent);
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == number[v] {
                    loop {
                        let w = self
                            .stack
                            .pop()
                            .expect("the component's vertices are stacked");
                        on_stack[usize::from(w)] = false;
                        comp[usize::from(w)] = count;
                        if usize::from(w) == v {
                            break;
                        }
                    }
                    count += 1;
                }
            }
        }
        (usize::from(count), sinks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{blank, restrict};
    use crate::logic::PEERS;

    /// Everything reachable from `from` by a plain search of the links.
    fn search(m: &[u16; 81], cells: bool, units: bool, from: usize) -> Vec<bool> {
        search_all(&[*m], cells, units, from)
    }

    /// Everything reachable from `from` by a plain search of the links of
    /// any of the positions `boards`.
    fn search_all(boards: &[[u16; 81]], cells: bool, units: bool, from: usize) -> Vec<bool> {
        let mut seen = vec![false; STATES];
        let mut todo = vec![from];
        seen[from] = true;
        while let Some(s) = todo.pop() {
            let mut next = Vec::new();
            for m in boards {
                next.extend(links(m, cells, units, s));
            }
            for t in next {
                if !seen[t] {
                    seen[t] = true;
                    todo.push(t);
                }
            }
        }
        seen
    }

    /// The states the state `s` implies in the position `m`.
    fn links(m: &[u16; 81], cells: bool, units: bool, s: usize) -> Vec<usize> {
        let (c, d) = (s / 18, s / 2 % 9);
        let mut next = Vec::new();
        if m[c] & 1 << d == 0 {
            return next;
        }
        {
            if s % 2 == 1 {
                for e in 0..9 {
                    if cells && e != d && m[c] & 1 << e != 0 {
                        next.push((c * 9 + e) * 2);
                    }
                }
                for &p in &PEERS[c] {
                    if m[usize::from(p)] & 1 << d != 0 {
                        next.push((usize::from(p) * 9 + d) * 2);
                    }
                }
            } else {
                if cells && two16(m[c]) {
                    let e = (m[c] & !(1 << d)).trailing_zeros() as usize;
                    next.push((c * 9 + e) * 2 + 1);
                }
                for &u in &CELL_UNITS[c] {
                    let places: Vec<usize> = crate::logic::UNITS[usize::from(u)]
                        .iter()
                        .map(|&o| usize::from(o))
                        .filter(|&o| m[o] & 1 << d != 0)
                        .collect();
                    if units && places.len() == 2 {
                        let o = if places[0] == c { places[1] } else { places[0] };
                        next.push((o * 9 + d) * 2 + 1);
                    }
                }
            }
        }
        next
    }

    /// A cache kept along random walks of positions (candidates removed,
    /// now and then back to an earlier position): where it takes a
    /// position's new strong links in rather than working its closure
    /// out, the closure is exactly that of the links of every position
    /// since the last one worked out (which include all of the position's
    /// own), so it reaches at least what the position's own closure does.
    #[test]
    fn a_closure_takes_in_new_strong_links_as_a_closure_of_them_all() {
        use crate::logic::tests::{marks_of, walk};
        use rand::SeedableRng;
        use rand_xoshiro::Xoshiro256PlusPlus;
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(34);
        let mut marks = marks_of(line);
        let mut earlier = Vec::new();
        let mut cache = Cache::default();
        // The positions whose links the closure kept is made of.
        let mut boards: Vec<[u16; 81]> = Vec::new();
        let (mut taken, mut built) = (0, 0);
        for round in 0..160 {
            walk(&mut marks, &mut earlier, None, line, &mut rng);
            let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            let builds = cache.builds;
            let was = cache.board;
            cache.covering(&m);
            if cache.builds > builds {
                built += 1;
                boards = vec![m];
            } else if was.as_ref() != Some(&m) && !covers(&was.expect("kept"), &m, &mut Vec::new())
            {
                taken += 1;
                boards.push(m);
            } else {
                continue;
            }
            let kept = cache.last();
            let own = Closure::new(&m, true, true);
            let states: Vec<usize> = (0..STATES)
                .filter(|&s| boards[0][s / 18] & 1 << (s / 2 % 9) != 0)
                .collect();
            let seen: Vec<Vec<bool>> = states
                .iter()
                .map(|&s| search_all(&boards, true, true, s))
                .collect();
            for (i, &a) in states.iter().enumerate() {
                let back = states
                    .iter()
                    .enumerate()
                    .any(|(j, &t)| t != a && seen[i][t] && seen[j][a]);
                assert_eq!(kept.on_cycle(a), back, "round {round}: {a} on a cycle");
                assert!(kept.on_cycle(a) || !own.on_cycle(a), "round {round}: {a}");
                for &b in states.iter().skip(i % 5).step_by(5) {
                    assert_eq!(kept.reaches(a, b), seen[i][b], "round {round}: {a} {b}");
                    assert!(kept.reaches(a, b) || !own.reaches(a, b), "{a} {b}");
                }
            }
            let keep = |s: usize| !s.is_multiple_of(3);
            for (i, &a) in states.iter().enumerate().step_by(3) {
                let j = (i * 7 + round) % states.len();
                let b = states[j];
                let both = (0..STATES).any(|t| keep(t) && seen[i][t] && seen[j][t]);
                assert_eq!(kept.common(&[a, b], usize::MAX, keep), both, "{a} {b}");
            }
        }
        assert!(
            taken > 20 && built > 5,
            "{taken} taken in, {built} worked out"
        );
    }

    /// [`covers`] against its definition, on random walks of positions
    /// (candidates removed, steps taken, now and then back to an earlier
    /// position): where it holds, the earlier position's closure reaches
    /// at least what the later one's does, and a cache kept from the
    /// earlier position serves the later one with it.
    #[test]
    fn an_earlier_closure_serves_a_position_with_no_new_strong_link() {
        use crate::logic::tests::{marks_of, walk};
        use rand::SeedableRng;
        use rand_xoshiro::Xoshiro256PlusPlus;
        // The two-candidate cells and each unit's two-place digits.
        let strong = |m: &[u16; 81]| {
            let cells: Vec<bool> = m.iter().map(|&x| x.count_ones() == 2).collect();
            let units: Vec<bool> = (0..27 * 9)
                .map(|k| {
                    let unit = &crate::logic::UNITS[k / 9];
                    unit.iter()
                        .filter(|&&o| m[usize::from(o)] & 1 << (k % 9) != 0)
                        .count()
                        == 2
                })
                .collect();
            (cells, units)
        };
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(33);
        let mut marks = marks_of(line);
        let mut earlier = Vec::new();
        let (mut served, mut refused) = (0, 0);
        for _ in 0..120 {
            let before: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            walk(&mut marks, &mut earlier, None, line, &mut rng);
            let after: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            let (cells_b, units_b) = strong(&before);
            let (cells_a, units_a) = strong(&after);
            let want = (0..81).all(|c| after[c] & !before[c] == 0)
                && (0..81).all(|c| !cells_a[c] || cells_b[c])
                && (0..27 * 9).all(|k| !units_a[k] || units_b[k]);
            assert_eq!(
                covers(&before, &after, &mut Vec::new()),
                want,
                "{before:?} {after:?}"
            );
            let mut cache = Cache::default();
            cache.get(&before);
            assert_eq!(cache.serves(&after), want || before == after);
            if !want {
                refused += 1;
                continue;
            }
            served += 1;
            let (wide, exact) = (
                Closure::new(&before, true, true),
                Closure::new(&after, true, true),
            );
            let present: Vec<usize> = (0..STATES)
                .filter(|&s| after[s / 18] & 1 << (s / 2 % 9) != 0)
                .collect();
            for &a in &present {
                assert!(!exact.on_cycle(a) || wide.on_cycle(a), "{a}");
                for &b in present.iter().step_by(7) {
                    assert!(!exact.reaches(a, b) || wide.reaches(a, b), "{a} {b}");
                }
            }
        }
        assert!(
            served > 10 && refused > 10,
            "{served} served, {refused} refused"
        );
    }

    /// Boards within a source (a nested search's, each a few candidates
    /// fewer than the source and seldom within the board before): where
    /// the source's closure serves one with its new links taken in, it is
    /// exactly the closure of the links of both positions, and reaches at
    /// least what the board's own closure does.
    #[test]
    fn a_source_closure_takes_in_the_new_strong_links_of_a_board_within_it() {
        use crate::logic::tests::marks_of;
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        let line =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(35);
        let source: [u16; 81] = {
            let marks = marks_of(line);
            std::array::from_fn(|c| marks.mask(c))
        };
        let mut cache = Cache::default();
        let (mut from_source, mut other) = (0, 0);
        for round in 0..80 {
            // A few candidates struck from the source, no cell left empty.
            let mut m = source;
            for _ in 0..rng.gen_range(1..14) {
                let c = rng.gen_range(0..81);
                if m[c].count_ones() > 1 {
                    let digits: Vec<usize> = (0..9).filter(|&d| m[c] & 1 << d != 0).collect();
                    m[c] &= !(1 << digits[rng.gen_range(0..digits.len())]);
                }
            }
            cache.set_source(&source);
            let before = cache.from_source;
            cache.covering(&m);
            let kept = cache.last();
            let own = Closure::new(&m, true, true);
            let exact = cache.from_source > before;
            if exact {
                from_source += 1;
            } else {
                other += 1;
            }
            let states: Vec<usize> = (0..STATES)
                .filter(|&s| source[s / 18] & 1 << (s / 2 % 9) != 0)
                .collect();
            let seen: Vec<Vec<bool>> = states
                .iter()
                .map(|&s| search_all(&[source, m], true, true, s))
                .collect();
            for (i, &a) in states.iter().enumerate() {
                assert!(kept.on_cycle(a) || !own.on_cycle(a), "round {round}: {a}");
                if exact {
                    let back = states
                        .iter()
                        .enumerate()
                        .any(|(j, &t)| t != a && seen[i][t] && seen[j][a]);
                    assert_eq!(kept.on_cycle(a), back, "round {round}: {a} on a cycle");
                }
                for &b in states.iter().skip(i % 7).step_by(7) {
                    assert!(kept.reaches(a, b) || !own.reaches(a, b), "{a} {b}");
                    if exact {
                        assert_eq!(kept.reaches(a, b), seen[i][b], "round {round}: {a} {b}");
                    }
                }
            }
        }
        assert!(
            from_source > 20 && other > 0,
            "{from_source} from the source, {other} otherwise"
        );
    }

    #[test]
    fn the_closure_is_what_a_search_reaches_from_every_state() {
        let mut marks = blank();
        for (cell, digits) in [
            ("1a", "12"),
            ("1e", "23"),
            ("2b", "13"),
            ("4a", "124"),
            ("5e", "34"),
            ("9i", "5"),
        ] {
            restrict(&mut marks, cell, digits);
        }
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        for (cells, units) in [(false, true), (true, false), (true, true)] {
            let closure = Closure::new(&m, cells, units);
            for from in (0..STATES).filter(|&s| m[s / 18] & 1 << (s / 2 % 9) != 0) {
                let seen = search(&m, cells, units, from);
                for to in 0..STATES {
                    let present = m[to / 18] & 1 << (to / 2 % 9) != 0;
                    assert_eq!(
                        closure.reaches(from, to),
                        present && seen[to],
                        "{from} {to}"
                    );
                }
                // on a cycle: some state it reaches leads back to it
                let back =
                    (0..STATES).any(|t| t != from && seen[t] && search(&m, cells, units, t)[from]);
                assert_eq!(closure.on_cycle(from), back, "{from}");
            }
            // A state in common: with another start (most off states reach
            // only themselves), in either order, one state spared.
            let present: Vec<usize> = (0..STATES)
                .filter(|&s| m[s / 18] & 1 << (s / 2 % 9) != 0)
                .collect();
            let seen: Vec<Vec<bool>> = present
                .iter()
                .map(|&s| search(&m, cells, units, s))
                .collect();
            let keep = |s: usize| s % 3 != 1;
            for (i, &a) in present.iter().enumerate() {
                for (j, &b) in present.iter().enumerate().step_by(13) {
                    let except = present[(i + j) % present.len()];
                    let both =
                        (0..STATES).any(|t| t != except && keep(t) && seen[i][t] && seen[j][t]);
                    assert_eq!(closure.common(&[a, b], except, keep), both, "{a} {b}");
                    assert_eq!(closure.common(&[b, a], except, keep), both, "{b} {a}");
                }
            }
        }
    }
}
