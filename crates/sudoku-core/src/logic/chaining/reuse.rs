//! The dynamic forcing chains' propagations kept from one position to the
//! next. A hard solve runs the dynamic search (8.5) at position after
//! position, each a few candidates smaller than the one before, and
//! follows every candidate on and off each time; most of those
//! propagations come out as they did. Each one kept is checked against the
//! candidates gone since ([`Prop::holds_without`]) and taken again if it is
//! exactly what following it afresh would give.

use super::propagation::{gone_between, Prop};

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
