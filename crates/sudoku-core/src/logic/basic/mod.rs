//! The basic techniques, each a pattern read off the pencil marks of one
//! position (Sudoku Explainer's `rules/` folder), rated 1.0 to 5.4:
//!
//! - [`singles`]: full house, hidden singles (box, then row and column),
//!   naked singles;
//! - [`direct`]: direct pointing and claiming, direct hidden pairs and
//!   triples (the locked set leaves a hidden single, placed at once);
//! - [`intersections`]: locked candidates, pointing and claiming;
//! - [`subsets`]: naked and hidden pairs, triples and quads;
//! - [`fish`]: X-wing, swordfish, jellyfish;
//! - [`wings`]: XY-wing, XYZ-wing.
//!
//! Each file reads only what all the families share (`logic/mod.rs`, the
//! candidates and steps), never another family, nor each other; they share
//! this file's [`Memo`].

pub(super) mod direct;
pub(super) mod fish;
pub(super) mod intersections;
pub(super) mod singles;
pub(super) mod subsets;
pub(super) mod wings;

use crate::logic::{Candidates, Step};

/// Every cell, as a cell set.
const ALL: u128 = (1 << 81) - 1;

/// The candidates of the last position where a search found nothing, so
/// that the next search can tell what changed since.
///
/// The searches that use it scan units or digits in a fixed order and
/// take the first step found; what they find in a unit depends only on the
/// candidates of its cells, and what they find for a digit only on that
/// digit's candidates. A unit (digit) where nothing changed found nothing
/// in the remembered position and finds nothing again, so it is skipped,
/// and the first step of the others is the first step of the whole scan.
/// A search that finds a step stops early: it forgets the position, and
/// the next scan tries everything.
#[derive(Default)]
pub(crate) struct Memo {
    last: Option<[u16; 81]>,
}

/// What changed since the remembered position.
pub(crate) struct Changes {
    /// The cells whose candidates changed (every cell when nothing is
    /// remembered).
    pub(crate) cells: u128,
    /// The digits whose candidates changed (every digit when nothing is
    /// remembered).
    pub(crate) digits: u16,
}

impl Memo {
    /// Runs `search` on `marks` with what changed since the remembered
    /// position, and remembers `marks` if it finds nothing.
    pub(crate) fn run(
        &mut self,
        marks: &Candidates,
        search: impl FnOnce(&Changes) -> Option<Step>,
    ) -> Option<Step> {
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        let changes = match &self.last {
            None => Changes {
                cells: ALL,
                digits: 0x1ff,
            },
            Some(last) => {
                let (mut cells, mut digits) = (0u128, 0u16);
                for c in 0..81 {
                    let differ = m[c] ^ last[c];
                    if differ != 0 {
                        cells |= 1 << c;
                        digits |= differ;
                    }
                }
                Changes { cells, digits }
            }
        };
        let found = search(&changes);
        self.last = if found.is_some() { None } else { Some(m) };
        found
    }
}

/// The memories of the basic searches that scan units or digits, one per
/// search and size.
#[derive(Default)]
pub(crate) struct Memos {
    /// Direct pointing and claiming.
    pub(crate) locking: Memo,
    /// Direct hidden pairs and triples.
    pub(crate) direct_hidden: [Memo; 2],
    /// Naked pairs, triples and quads.
    pub(crate) naked: [Memo; 3],
    /// Hidden pairs, triples and quads.
    pub(crate) hidden: [Memo; 3],
    /// X-wings, swordfish and jellyfish.
    pub(crate) fish: [Memo; 3],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::{marks_of, walk};
    use crate::logic::Words;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Random walks of positions: each searched with the memory of the
    /// positions before and afresh, both searches give the same step. A
    /// walk applies the step found or removes a random candidate, and now
    /// and then goes back to an earlier position, so the remembered
    /// position is not always an ancestor.
    #[test]
    fn remembering_searches_find_what_fresh_ones_find() {
        type Search = fn(&Candidates, &mut Memo) -> Option<Step>;
        let searches: [Search; 11] = [
            |m, memo| direct::direct_locking(m, memo, Words::Written),
            |m, memo| direct::direct_hidden(m, 2, memo, Words::Written),
            |m, memo| direct::direct_hidden(m, 3, memo, Words::Written),
            |m, memo| subsets::naked(m, 2, memo, Words::Written),
            |m, memo| subsets::naked(m, 3, memo, Words::Written),
            |m, memo| subsets::naked(m, 4, memo, Words::Written),
            |m, memo| subsets::hidden(m, 2, memo, Words::Written),
            |m, memo| subsets::hidden(m, 3, memo, Words::Written),
            |m, memo| subsets::hidden(m, 4, memo, Words::Written),
            |m, memo| fish::fish(m, 2, memo, Words::Written),
            |m, memo| fish::fish(m, 3, memo, Words::Written),
        ];
        let puzzles = [
            "..4.8.2.....4.....5.3....4...5...89..9.7.2..423................4....967...8.4.3.9",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".......12........3..23..4....1....5...4.6.7..5...8......7.5..6..9.....8.8.9......",
        ];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
        let mut found = [0usize; 11];
        for line in puzzles {
            let mut marks = marks_of(line);
            let mut memos: [Memo; 11] = Default::default();
            let mut earlier = Vec::new();
            for _ in 0..200 {
                let mut step = None;
                for (i, search) in searches.iter().enumerate() {
                    let fresh = search(&marks, &mut Memo::default());
                    assert_eq!(search(&marks, &mut memos[i]), fresh, "{line}");
                    found[i] += usize::from(fresh.is_some());
                    step = step.or(fresh);
                }
                walk(&mut marks, &mut earlier, step, line, &mut rng);
            }
        }
        assert!(found.iter().all(|&n| n > 0), "steps found: {found:?}");
    }
}
