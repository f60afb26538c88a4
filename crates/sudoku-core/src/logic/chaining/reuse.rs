//! The dynamic forcing chains' propagations kept from one position to the
//! next. A hard solve runs the dynamic search (8.5) at position after
//! position, each a few candidates smaller than the one before, and
//! follows every candidate on and off each time; most of those
//! propagations come out as they did. Each one kept is checked against the
//! candidates gone since ([`Prop::holds_without`]) and taken again if it is
//! exactly what following it afresh would give.

use super::board::PLACE;
use super::propagation::{Prop, StateSet};
use super::shared::st;
use crate::logic::{CELL_UNITS, UNITS};

/// A propagation kept: of the candidate `key` (cell * 9 + digit), on or
/// off.
pub(super) struct Kept {
    pub(super) key: usize,
    pub(super) on: bool,
    pub(super) prop: Box<Prop>,
}

/// The propagations kept, all of one board.
#[derive(Default)]
pub(super) struct Reuse {
    /// The board of the last search, which every propagation kept is
    /// the one of.
    board: Option<[u16; 81]>,
    kept: Vec<Kept>,
    /// Tests: compare every propagation taken again with a fresh one.
    #[cfg(test)]
    pub(super) check: bool,
}

impl Reuse {
    /// Starts a search on the board of candidates `m`: moves the kept
    /// propagations that hold there (made to) into `held`, the others into
    /// `stale` (for their storage).
    #[allow(clippy::vec_box)] // the engine's pool, moved without copying
    pub(super) fn start(
        &mut self,
        m: &[u16; 81],
        held: &mut Vec<Kept>,
        stale: &mut Vec<Box<Prop>>,
    ) {
        let gone = self.board.and_then(|old| gone_between(&old, m));
        for mut k in self.kept.drain(..) {
            let there = m[k.key / 9] & 1 << (k.key % 9) != 0;
            match &gone {
                Some(gone) if there && k.prop.holds_without(gone) => held.push(k),
                _ => stale.push(k.prop),
            }
        }
        self.board = Some(*m);
    }

    /// Keeps `kept`, propagations of the board of the last search, for the
    /// next.
    pub(super) fn keep(&mut self, kept: impl Iterator<Item = Kept>) {
        self.kept.extend(kept);
    }
}

/// Most cells and units' digits [`Gone`] follows: more candidates gone
/// than that and nothing is taken again.
const SLOTS: usize = 96;

/// The candidates one board has and a later one has not, with what a
/// propagation's replay of its counts needs ([`Prop::holds_without`]).
pub(super) struct Gone {
    /// Their off states.
    pub(super) offs: StateSet,
    /// The off states of the candidates in a cell, or a unit's digit, that
    /// lost any.
    pub(super) touched: StateSet,
    /// Of each cell, then each unit's digit (81 + unit * 9 + digit), its
    /// place in `left` if it lost any, else `u8::MAX`.
    pub(super) slot: [u8; GROUPS],
    /// Of each cell or unit's digit that lost any: its candidates (digits)
    /// or places (positions in the unit) on the earlier board, and those
    /// lost.
    pub(super) left: [(u16, u16); SLOTS],
}

/// The cells, then the units' digits, as the propagation counts them.
const GROUPS: usize = 81 + 27 * 9;

/// The candidates of `old` that `new` has not; `None` if `new` has one
/// `old` has not, or if too many are gone.
fn gone_between(old: &[u16; 81], new: &[u16; 81]) -> Option<Gone> {
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
