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
use super::propagation::{gone_between, Again, Prop};

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
    /// Starts a search on the board of candidates `m`: moves the kept
    /// propagations that hold there (made to) into `held`, those that hold
    /// up to some point (cut back to it, [`Prop::take_again`]) into `partial`,
    /// the others into `stale` (for their storage). Only the propagations
    /// of candidates in cells with two or more left are taken: a search
    /// follows no others.
    #[allow(clippy::vec_box)] // the engine's pool, moved without copying
    pub(super) fn start(
        &mut self,
        m: &[u16; 81],
        held: &mut Vec<Kept>,
        partial: &mut Vec<Kept>,
        stale: &mut Vec<Box<Prop>>,
    ) {
        let gone = self.board.and_then(|old| gone_between(&old, m));
        for mut k in self.kept.drain(..) {
            let cell = m[k.key / 9];
            let wanted = cell & 1 << (k.key % 9) != 0 && cell & cell.wrapping_sub(1) != 0;
            match &gone {
                Some(gone) if wanted => match k.prop.take_again(gone) {
                    Again::Whole => held.push(k),
                    Again::From => {
                        #[cfg(test)]
                        {
                            self.resumed += 1;
                        }
                        partial.push(k);
                    }
                    Again::Nothing => stale.push(k.prop),
                },
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
