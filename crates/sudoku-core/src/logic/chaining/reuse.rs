//! The dynamic forcing chains' propagations kept from one position to the
//! next. A hard solve runs the dynamic search (8.5) at position after
//! position, each a few candidates smaller than the one before, and
//! follows every candidate on and off each time; most of those
//! propagations come out as they did. Each one kept is checked against the
//! candidates gone since ([`Prop::take_again`]) and taken again if it is
//! exactly what following it afresh would give; one that parts from that
//! somewhere is taken up to there and followed on from it ([`resume`]).

#[cfg(doc)]
use super::propagation::resume;
pub(super) use super::propagation::Again;
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
    /// Tests: how many propagations were taken in part and followed on.
    #[cfg(test)]
    pub(super) resumed: usize,
}

impl Reuse {
    /// Starts a search on the board of candidates `m`: hands `f` each kept
    /// propagation with what of it holds there, made so
    /// ([`Prop::take_again`]): all of it, up to some point (cut back to it,
    /// for [`resume`] to follow on), or nothing (for its storage). Only the
    /// propagations of candidates in cells with two or more left are
    /// taken: a search follows no others.
    pub(super) fn start(&mut self, m: &[u16; 81], mut f: impl FnMut(Kept, Again)) {
        let gone = self.board.and_then(|old| gone_between(&old, m));
        for mut k in self.kept.drain(..) {
            let cell = m[k.key / 9];
            let wanted = cell & 1 << (k.key % 9) != 0 && cell & cell.wrapping_sub(1) != 0;
            let again = match &gone {
                Some(gone) if wanted => k.prop.take_again(gone),
                _ => Again::Nothing,
            };
            #[cfg(test)]
            if again == Again::From {
                self.resumed += 1;
            }
            f(k, again);
        }
        self.board = Some(*m);
    }

    /// Keeps `kept`, a propagation of the board of the last search, for
    /// the next (the list's storage stays from one search to the next).
    pub(super) fn keep(&mut self, kept: Kept) {
        self.kept.push(kept);
    }
}
