//! The vocabulary of the forcing chain engine, under everything else it
//! uses: the [`Board`] a chain reasons on (each cell's candidates, each
//! digit's cells and places in every unit, which the dynamic chains strike
//! as they go), Sudoku Explainer's settings ([`Mode`]), and why a
//! propagation reached a state ([`Cause`], [`Rule`], [`NestedRef`],
//! [`AdvancedOff`]).

use crate::logic::{Candidates, Technique, CELL_UNITS, UNIT_BITS};

/// One of SE's chaining settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Cell and region chains with three or more branches.
    pub(super) multiple: bool,
    /// Off candidates are struck from the board as they are followed.
    pub(super) dynamic: bool,
    /// One digit at a time, contradictions only.
    pub(super) nishio: bool,
    /// SE's nesting level: 0, 1 to let the basic techniques join in when
    /// the chains stop, 2-5 to let forcing chains join in as well
    /// ([`super::nested::rules`]).
    pub(super) level: u8,
}

impl Mode {
    pub(crate) const NISHIO: Mode = Mode {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
    };
    pub(crate) const MULTIPLE: Mode = Mode {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    pub(crate) const DYNAMIC: Mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
    };

    pub(crate) const PLUS: Mode = Mode {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 1,
    };

    /// Dynamic forcing chains with forcing chains nested at SE's `level`
    /// (2-5): static chains (2), and multiple chains (3), or dynamic
    /// chains (4), and dynamic chains with static chains nested (5).
    pub(crate) const fn nested(level: u8) -> Mode {
        Mode {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
        }
    }

    /// SE's base rating of the setting, in tenths.
    pub(super) fn base_tenths(self) -> u16 {
        (self.base() * 10.0).round() as u16
    }

    /// SE's base rating of the setting.
    pub(super) fn base(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level == 1 {
            9.0
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    pub(super) fn technique(self) -> Technique {
        match self.level {
            0 if self.nishio => Technique::Nishio,
            0 if self.dynamic => Technique::DynamicForcingChain,
            0 => Technique::MultipleForcingChain,
            1 => Technique::DynamicForcingChainPlus,
            _ => Technique::NestedForcingChain,
        }
    }

    /// What joins in when the chains stop, as SE names it
    /// (`Chaining.getNestedSuffix`).
    pub(super) fn suffix(self) -> &'static str {
        match self.level {
            0 => "",
            1 => " (+)",
            2 => " (+ forcing chains)",
            3 => " (+ multiple forcing chains)",
            4 => " (+ dynamic forcing chains)",
            _ => " (+ dynamic forcing chains (+ forcing chains))",
        }
    }
}

/// A board being reasoned on: each cell's candidates and each digit's cells.
#[derive(Clone)]
pub(crate) struct Board {
    pub(super) m: [u16; 81],
    pub(super) at: [u128; 9],
    /// `pos[u][d]`: the positions (bit `i` for the unit's `i`th cell) of
    /// digit index `d` in unit `u`.
    pub(super) pos: [[u16; 9]; 27],
    /// The cells holding a digit.
    pub(super) filled: u128,
    /// How many cells hold each digit.
    pub(super) placed: [u8; 9],
}

impl Board {
    pub(crate) fn new(marks: &Candidates) -> Board {
        let mut filled = 0u128;
        let mut placed = [0u8; 9];
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        for c in 0..81 {
            let v = marks.value(c);
            if v != 0 {
                filled |= 1 << c;
                placed[usize::from(v - 1)] += 1;
            }
        }
        let at = marks.digit_cells();
        let pos = *marks.unit_places();
        Board {
            m,
            at,
            pos,
            filled,
            placed,
        }
    }

    /// Everything the board holds, as a value to compare and hash: its
    /// candidates, the cells holding a digit and how many hold each digit
    /// (the rest of a board is computed from its candidates).
    pub(super) fn key(&self) -> BoardKey {
        BoardKey {
            m: self.m,
            filled: self.filled,
            placed: self.placed,
        }
    }

    /// The blank cells of unit `u`.
    pub(super) fn blanks(&self, u: usize) -> u32 {
        (UNIT_BITS[u] & !self.filled).count_ones()
    }

    pub(crate) fn has(&self, c: usize, d: usize) -> bool {
        self.m[c] & 1 << d != 0
    }

    /// Each cell's candidates.
    pub(crate) fn masks(&self) -> &[u16; 81] {
        &self.m
    }

    /// Strikes `d` from cell `c` in the cells' candidates and the units'
    /// places only, leaving the digit's cell set ([`Board::at`]) as it
    /// was: for a board whose cell sets are not read again.
    #[inline]
    pub(super) fn remove_mark(&mut self, c: usize, d: usize) {
        self.m[c] &= !(1 << d);
        for (u, keep) in UNIT_KEEP[c] {
            self.pos[usize::from(u)][d] &= keep;
        }
    }

    pub(super) fn remove(&mut self, c: usize, d: usize) {
        self.m[c] &= !(1 << d);
        self.at[d] &= !(1 << c);
        for kind in 0..3 {
            self.pos[usize::from(CELL_UNITS[c][kind])][d] &= !(1 << PLACE[c][kind]);
        }
    }
}

/// A [`Board`] as a key ([`Board::key`]): two boards with equal keys are
/// equal in every field.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct BoardKey {
    m: [u16; 81],
    filled: u128,
    placed: [u8; 9],
}

/// A hasher for keys made of boards ([`BoardKey`]), a few hundred bytes
/// each, and of lists of states (what a nested chain removes): word by
/// word, a rotate, an exclusive or and a multiply, far cheaper than the
/// standard library's keyed hash. For maps that are only looked up, never
/// iterated (their order would follow the hash), whose keys the engine
/// makes itself.
#[derive(Clone, Copy, Default)]
pub(super) struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            self.add(u64::from_le_bytes(w));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 56);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Per cell, its row, column and box, each with the places of the unit
/// but the cell's: what striking a candidate of the cell keeps of its
/// digit's places there.
const UNIT_KEEP: [[(u8, u16); 3]; 81] = {
    let mut out = [[(0u8, 0u16); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut kind = 0;
        while kind < 3 {
            out[c][kind] = (CELL_UNITS[c][kind], !(1u16 << PLACE[c][kind]));
            kind += 1;
        }
        c += 1;
    }
    out
};

pub(super) use crate::logic::PLACE;

/// Why a propagation reached a state: SE's `Potential.Cause`. The rule
/// parents of a nested chain (the candidates struck by the chain around it
/// that it needed) come from its on states' causes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption itself.
    Start,
    /// The cell: its other digit (on) or its other digits (off).
    Cell,
    /// A unit, by SE kind index (box, row, column, as in [`KINDS`](crate::logic::KINDS)): the
    /// other place of the digit (on) or its other places (off).
    Unit(u8),
    /// A rule run on the board the chain left ([`Rule`]).
    Advanced(Rule),
}

/// The rules a dynamic forcing chain (+) or nested forcing chain runs when
/// it stops, in SE's order (`Chaining.getAdvancedPotentials`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Rule {
    /// Pointing and claiming.
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
    /// Static forcing chains and cycles.
    Chains,
    /// Multiple (cell and region) forcing chains.
    Multiple,
    /// Dynamic forcing chains.
    Dynamic,
    /// Dynamic forcing chains with static chains nested.
    DynamicNested,
}

/// A nested chain that concluded a state: SE's `FullChain`, by a
/// fingerprint of its targets and their ancestors, and its complexity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NestedRef {
    pub(crate) fingerprint: u64,
    pub(crate) complexity: u32,
}

/// A candidate a rule removes from the board a chain left: the off state,
/// its causes (positions in the list of causes beside it), the rule and its
/// nested chain, if the rule was one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AdvancedOff {
    pub(crate) state: u16,
    pub(crate) first: u32,
    pub(crate) count: u16,
    pub(crate) rule: Rule,
    pub(crate) nested: Option<NestedRef>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::UNITS;

    #[test]
    fn settings_have_se_base_ratings() {
        assert_eq!(Mode::NISHIO.base(), 7.5);
        assert_eq!(Mode::MULTIPLE.base(), 8.0);
        assert_eq!(Mode::DYNAMIC.base(), 8.5);
        assert_eq!(Mode::PLUS.base(), 9.0);
        let nested: Vec<f64> = (2..=5).map(|l| Mode::nested(l).base()).collect();
        assert_eq!(nested, [9.5, 10.0, 10.5, 11.0]);
        assert_eq!(Mode::nested(2).technique(), Technique::NestedForcingChain);
        assert_eq!(
            Mode::nested(5).suffix(),
            " (+ dynamic forcing chains (+ forcing chains))"
        );
    }

    #[test]
    fn place_tables_give_each_cell_its_position_in_its_units() {
        for c in 0..81 {
            for u in CELL_UNITS[c].map(usize::from) {
                assert_eq!(usize::from(UNITS[u][usize::from(PLACE[c][u / 9])]), c);
            }
        }
    }
}
