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

use crate::logic::step::rc_name;
use crate::logic::{cell, digit, Candidates, Digits, Rating, Step, Technique, CELL_UNITS, UNITS};
use crate::pos::Cell;

/// Candidate states: `(cell * 9 + digit) * 2 + on`.
pub(crate) const STATES: usize = 81 * 9 * 2;

/// The state of digit index `d` in `c`, on or off.
pub(crate) const fn state(c: usize, d: usize, on: bool) -> usize {
    (c * 9 + d) * 2 + on as usize
}

pub(crate) const fn state_cell(s: usize) -> usize {
    s / 18
}

pub(crate) const fn state_digit(s: usize) -> usize {
    s / 2 % 9
}

pub(crate) const fn state_on(s: usize) -> bool {
    s % 2 == 1
}

/// The unit kinds in Sudoku Explainer's order: box, row, column (positions
/// in `CELL_UNITS`).
pub(crate) const KINDS: [usize; 3] = [2, 0, 1];

/// Sudoku Explainer's length bonus: nothing up to 4 links past the ends,
/// then 0.1 more each time the length passes 6, 8, 12, 16, 24, 32, 48...
/// (`complexity` counts the chain's distinct candidate states).
pub(crate) fn length_bonus(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A rating computed as Sudoku Explainer computes it (a float, rounded to
/// tenths only when shown).
pub(crate) fn to_rating(difficulty: f64) -> Rating {
    Rating::from_tenths(((difficulty + 0.05) * 10.0) as u16)
}

/// The states an on state turns off, in Sudoku Explainer's order: the
/// cell's other digits (with `cells`), then the digit's other places in
/// the box, row and column.
pub(crate) fn on_to_off(marks: &[u16; 81], s: usize, cells: bool, out: &mut Vec<usize>) {
    out.clear();
    let (c, d) = (state_cell(s), state_digit(s));
    if cells {
        for e in 0..9 {
            if e != d && marks[c] & 1 << e != 0 {
                out.push(state(c, e, false));
            }
        }
    }
    for kind in KINDS {
        for &o in &UNITS[usize::from(CELL_UNITS[c][kind])] {
            let o = usize::from(o);
            if o != c && marks[o] & 1 << d != 0 {
                let t = state(o, d, false);
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
    }
}

/// The states an off state turns on: the other digit of a two-candidate
/// cell (with `cells`), the other place of the digit in a unit where it
/// has two (with `units`).
pub(crate) fn off_to_on(
    marks: &[u16; 81],
    s: usize,
    cells: bool,
    units: bool,
    out: &mut Vec<usize>,
) {
    out.clear();
    let (c, d) = (state_cell(s), state_digit(s));
    if cells && marks[c].count_ones() == 2 {
        let other = (marks[c] & !(1 << d)).trailing_zeros() as usize;
        out.push(state(c, other, true));
    }
    if units {
        for kind in KINDS {
            let unit = &UNITS[usize::from(CELL_UNITS[c][kind])];
            let mut places = unit
                .iter()
                .map(|&o| usize::from(o))
                .filter(|&o| marks[o] & 1 << d != 0);
            if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) {
                let other = if a == c { b } else { a };
                let t = state(other, d, true);
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
    }
}

/// A chain as a path of states: `nodes[i]` with its parent index.
#[derive(Default)]
struct Arena {
    nodes: Vec<(u16, u32)>,
}

const ROOT: u32 = u32::MAX;

impl Arena {
    fn push(&mut self, s: usize, parent: u32) -> u32 {
        self.nodes.push((s as u16, parent));
        (self.nodes.len() - 1) as u32
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

/// One chain found, before the easiest is chosen.
struct Hint {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    step: Step,
}

/// The easiest static chain or cycle, or `None`.
pub(crate) fn forcing_chain_or_cycle(marks: &Candidates) -> Option<Step> {
    let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
    let mut hints: Vec<Hint> = Vec::new();
    let mut work = Work::default();
    // X-links only, then Y-links only (cycles), then both.
    for (cells, units) in [(false, true), (true, false), (true, true)] {
        for c in 0..81 {
            let n = m[c].count_ones();
            if n < 2 || (!units && n > 2) {
                continue;
            }
            for d in (0..9).filter(|d| m[c] & 1 << d != 0) {
                work.cycles(&m, c, d, cells, units, &mut hints);
                if units {
                    work.forcing(&m, state(c, d, true), cells, &mut hints);
                    work.forcing(&m, state(c, d, false), cells, &mut hints);
                }
            }
        }
    }
    hints
        .into_iter()
        .enumerate()
        .min_by(|(i, a), (j, b)| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
                .then(i.cmp(j))
        })
        .map(|(_, h)| h.step)
}

#[derive(Default)]
struct Work {
    arena: Arena,
    seen_on: Vec<bool>,
    seen_off: Vec<bool>,
    links: Vec<usize>,
}

impl Work {
    fn reset(&mut self) {
        self.arena.nodes.clear();
        self.seen_on.clear();
        self.seen_on.resize(STATES, false);
        self.seen_off.clear();
        self.seen_off.resize(STATES, false);
    }

    /// Forcing chains from `source` (on or off) back to its opposite.
    fn forcing(&mut self, m: &[u16; 81], source: usize, cells: bool, hints: &mut Vec<Hint>) {
        self.reset();
        let root = self.arena.push(source, ROOT);
        let opposite = source ^ 1;
        let (mut on, mut off) = if state_on(source) {
            self.seen_on[source] = true;
            (vec![root], Vec::new())
        } else {
            self.seen_off[source] = true;
            (Vec::new(), vec![root])
        };
        let mut found = false;
        while !found && (!on.is_empty() || !off.is_empty()) {
            let mut next_off = Vec::new();
            for &i in &on {
                on_to_off(m, self.arena.state(i), cells, &mut self.links);
                for k in 0..self.links.len() {
                    let t = self.links[k];
                    if t == opposite && !found {
                        let target = self.arena.push(t, i);
                        hints.push(forcing_hint(m, &self.arena, target, cells));
                        found = true;
                    }
                    if !self.seen_off[t] {
                        self.seen_off[t] = true;
                        next_off.push(self.arena.push(t, i));
                    }
                }
            }
            off.extend(next_off);
            let mut next_on = Vec::new();
            for &i in &off {
                off_to_on(m, self.arena.state(i), cells, true, &mut self.links);
                for k in 0..self.links.len() {
                    let t = self.links[k];
                    if t == opposite && !found {
                        let target = self.arena.push(t, i);
                        hints.push(forcing_hint(m, &self.arena, target, cells));
                        found = true;
                    }
                    if !self.seen_on[t] {
                        self.seen_on[t] = true;
                        next_on.push(self.arena.push(t, i));
                    }
                }
            }
            off.clear();
            on = next_on;
        }
    }

    /// Cycles from `d` on in `c` back to it.
    fn cycles(
        &mut self,
        m: &[u16; 81],
        c: usize,
        d: usize,
        cells: bool,
        units: bool,
        hints: &mut Vec<Hint>,
    ) {
        self.reset();
        let source = state(c, d, true);
        let root = self.arena.push(source, ROOT);
        self.seen_on[source] = true;
        let mut on = vec![root];
        let mut length = 0;
        let mut found: Vec<u32> = Vec::new();
        while !on.is_empty() {
            length += 1;
            let mut off = Vec::new();
            for &i in &on {
                on_to_off(m, self.arena.state(i), cells, &mut self.links);
                for k in 0..self.links.len() {
                    let t = self.links[k];
                    if !self.arena.has_ancestor(i, t) && self.arena.state(i) != t {
                        off.push(self.arena.push(t, i));
                    }
                }
            }
            length += 1;
            let mut next_on = Vec::new();
            for &i in &off {
                off_to_on(m, self.arena.state(i), cells, units, &mut self.links);
                for k in 0..self.links.len() {
                    let t = self.links[k];
                    if length >= 4 && t == source {
                        found.push(self.arena.push(t, i));
                    }
                    if !self.seen_on[t] {
                        self.seen_on[t] = true;
                        next_on.push(self.arena.push(t, i));
                    }
                }
            }
            on = next_on;
        }
        for end in found {
            if let Some(h) = cycle_hint(m, &self.arena, end, cells, units) {
                hints.push(h);
            }
        }
    }
}

fn state_text(s: usize) -> String {
    let verb = if state_on(s) { "is" } else { "is not" };
    format!(
        "{} {verb} {}",
        rc_name(cell(state_cell(s))),
        state_digit(s) + 1
    )
}

/// `r1c1 is 5, r1c4 is not 5, ...`: a chain as a person reads it.
pub(crate) fn chain_text(path: &[usize]) -> String {
    path.iter()
        .map(|&s| state_text(s))
        .collect::<Vec<_>>()
        .join(", so ")
}

fn forcing_hint(m: &[u16; 81], arena: &Arena, target: u32, cells: bool) -> Hint {
    let path = arena.path(target);
    let complexity = path.len();
    let t = arena.state(target);
    let (c, d) = (state_cell(t), state_digit(t));
    let technique = if cells {
        Technique::ForcingChain
    } else {
        Technique::XChain
    };
    let base = if cells { 7.0 } else { 6.6 };
    let difficulty = base + length_bonus(complexity);
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
    let sentence = format!("{name}: if {}", chain_text(&path));
    let step = if state_on(t) {
        let elims = (0..9)
            .filter(|&e| e != d && m[c] & 1 << e != 0)
            .map(|e| (cell(c), digit(e)))
            .collect();
        Step::new(
            technique,
            pattern,
            digits,
            vec![(cell(c), digit(d))],
            elims,
            format!(
                "{sentence}: a contradiction, so {} is {}",
                rc_name(cell(c)),
                d + 1
            ),
        )
    } else {
        Step::new(
            technique,
            pattern,
            digits,
            Vec::new(),
            vec![(cell(c), digit(d))],
            format!(
                "{sentence}: a contradiction, so remove {} from {}",
                d + 1,
                rc_name(cell(c))
            ),
        )
    };
    Hint {
        difficulty,
        complexity,
        sort_key: if cells { 4 } else { 2 },
        step: step.rated(to_rating(difficulty)),
    }
}

fn cycle_hint(m: &[u16; 81], arena: &Arena, end: u32, cells: bool, units: bool) -> Option<Hint> {
    let path = arena.path(end);
    // The cells of the cycle: every state's cell but the root's copy at the start.
    let loop_cells: Vec<usize> = path[1..].iter().map(|&s| state_cell(s)).collect();
    let mut forward = Vec::new();
    let mut back = Vec::new();
    for &s in &path[1..] {
        let (c, d) = (state_cell(s), state_digit(s));
        for &p in &crate::logic::PEERS[c] {
            let p = usize::from(p);
            if !loop_cells.contains(&p) && m[p] & 1 << d != 0 {
                let list = if state_on(s) { &mut forward } else { &mut back };
                if !list.contains(&(p, d)) {
                    list.push((p, d));
                }
            }
        }
    }
    let elims: Vec<_> = forward
        .into_iter()
        .filter(|x| back.contains(x))
        .map(|(p, d)| (cell(p), digit(d)))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let complexity = path.len();
    let both = cells && units;
    let base = if both { 7.0 } else { 6.5 };
    let difficulty = base + length_bonus(complexity);
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
    let reason = format!(
        "{name}: {} and back, and it holds both ways round, so every unit it passes through \
         keeps its digit inside the cycle",
        chain_text(&path)
    );
    let step = Step::eliminating(technique, pattern, digits, elims, reason);
    Some(Hint {
        difficulty,
        complexity,
        sort_key: if both {
            4
        } else if cells {
            3
        } else {
            2
        },
        step: step.rated(to_rating(difficulty)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_steps_as_sudoku_explainer() {
        let tenths = |n: usize| (length_bonus(n) * 10.0 + 0.5) as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(8), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(14), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(19), 5);
        assert_eq!(tenths(27), 6);
        assert_eq!(to_rating(6.6 + length_bonus(9)), Rating::from_tenths(68));
    }
}
