//! The dynamic forcing chains' propagations kept from one position to the
//! next. A hard solve runs the dynamic search (8.5) at position after
//! position, each a few candidates smaller than the one before, and
//! follows every candidate on and off each time; most of those
//! propagations come out as they did. Each one kept is checked against the
//! candidates gone since ([`Prop::take_again`]) and taken again if it is
//! exactly what following it afresh would give; one that parts from that
//! somewhere is taken up to there and followed on from it ([`resume`]).
//! While the settings that nest dynamic searches in their chains run,
//! the position's propagations are lent to those searches ([`Lent`]).

#[cfg(doc)]
use super::propagation::resume;
pub(super) use super::propagation::Again;
use super::propagation::{gone_between, Gone, Prop};
use super::shared::{st, STATES};

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
    /// While lent ([`Reuse::index`]): the place in `kept` of each state's
    /// propagation (by its assumption), with [`MOVED`] while it is moved
    /// out ([`Lent::take`]), or `u32::MAX`.
    by_start: Vec<u32>,
    /// Tests: compare every propagation taken again with a fresh one.
    #[cfg(test)]
    pub(super) check: bool,
    /// Tests: how many propagations were taken in part and followed on.
    #[cfg(test)]
    pub(super) resumed: usize,
    /// Tests: compare every propagation taken from those lent with a
    /// fresh one.
    #[cfg(test)]
    pub(super) check_lent: bool,
    /// Tests: how many propagations were taken from this one while lent.
    #[cfg(test)]
    pub(super) lent_taken: usize,
}

impl Reuse {
    /// Starts a search on the board of candidates `m`: hands `f` each kept
    /// propagation with what of it holds there, made so
    /// ([`Prop::take_again`]): all of it, up to some point (cut back to it,
    /// for [`resume`] to follow on), or nothing (for its storage). Only the
    /// propagations of candidates in cells with two or more left are
    /// taken: a search follows no others.
    pub(super) fn start(&mut self, m: &[u16; 81], mut f: impl FnMut(Kept, Again)) {
        self.by_start.clear();
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

    /// Lists the propagations kept by their assumption, for
    /// [`Reuse::lend`] (they stay as they are until the next
    /// [`Reuse::start`]).
    pub(super) fn index(&mut self) {
        self.by_start.clear();
        self.by_start.resize(STATES, u32::MAX);
        for (i, k) in self.kept.iter().enumerate() {
            self.by_start[usize::from(st(k.key / 9, k.key % 9, k.on))] = i as u32;
        }
    }

    /// The propagations kept, lent to a search on the board `m`, if their
    /// board holds it (has every candidate it has): the search takes them
    /// one by one as it needs them ([`Lent::take`]). Needs
    /// [`Reuse::index`] first.
    pub(super) fn lend(&mut self, m: &[u16; 81]) -> Option<Lent<'_>> {
        let gone = gone_between(&self.board?, m)?;
        Some(Lent {
            reuse: self,
            gone: Box::new(gone),
        })
    }

    /// Keeps `kept`, a propagation of the board of the last search, for
    /// the next (the list's storage stays from one search to the next).
    pub(super) fn keep(&mut self, kept: Kept) {
        self.kept.push(kept);
    }
}

/// The propagations of a board lent to a search on a board within it
/// ([`Reuse::lend`]): the dynamic searches nested in a chain are lent
/// those of the position the chain was assumed on. A board such a chain
/// leaves is often a candidate or two short of that position, where the
/// board of the nested search before (another chain's) seldom holds it.
pub(super) struct Lent<'a> {
    reuse: &'a mut Reuse,
    /// Boxed: an engine holds an `Option<Lent>`, and most hold none.
    gone: Box<Gone>,
}

/// The mark of a lent propagation moved out ([`Reuse::by_start`]).
const MOVED: u32 = 1 << 31;

/// What [`Lent::take`] gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Taken {
    /// The lent propagation itself, which holds whole on the smaller board
    /// as it is: it must be given back ([`Lent::give_back`]).
    Moved,
    /// A copy, made what holds of it on the smaller board.
    Copied(Again),
    /// Nothing: none is lent for that assumption.
    None,
}

impl Lent<'_> {
    /// The propagation of the assumption `start` on the smaller board, in
    /// `into`: the lent one itself, swapped with `into`'s storage, when it
    /// holds there whole as it is (most do, and a copy costs more than the
    /// walk it saves on a small board); else a copy made what holds of it
    /// ([`Prop::take_again`]).
    pub(super) fn take(&mut self, start: u16, into: &mut Box<Prop>) -> Taken {
        let i = match self.reuse.by_start.get(usize::from(start)) {
            Some(&i) if i & MOVED == 0 => i as usize,
            _ => return Taken::None,
        };
        #[cfg(test)]
        {
            self.reuse.lent_taken += 1;
        }
        let lent = &mut self.reuse.kept[i].prop;
        let parts = match lent.holds_whole(&self.gone) {
            Ok(()) => {
                std::mem::swap(into, lent);
                self.reuse.by_start[usize::from(start)] |= MOVED;
                return Taken::Moved;
            }
            Err(parts) => parts,
        };
        into.copy_from(lent);
        Taken::Copied(match parts {
            Some(at) => into.take_again_at(&self.gone, at),
            None => into.take_again(&self.gone),
        })
    }

    /// Gives back the propagation of `start` that [`Lent::take`] moved out,
    /// and returns the storage it was swapped with.
    pub(super) fn give_back(&mut self, start: u16, mut prop: Box<Prop>) -> Box<Prop> {
        let i = &mut self.reuse.by_start[usize::from(start)];
        debug_assert!(*i != u32::MAX && *i & MOVED != 0, "not moved out");
        *i &= !MOVED;
        std::mem::swap(&mut prop, &mut self.reuse.kept[*i as usize].prop);
        prop
    }
}
