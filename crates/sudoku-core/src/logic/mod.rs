//! The human-style solver: techniques a person uses, one explained step at
//! a time, and grading by the hardest technique a puzzle needs.
//!
//! - [`Candidates`]: the pencil marks of a position, kept up to date as
//!   digits are placed and erased.
//! - [`Step`]: one deduction (technique, pattern, placements and
//!   eliminations) that reads as one English sentence; a chain step also
//!   holds its [`Chain`]s (candidates on and off, in order), and
//!   [`Step::clue`] tells it a [`Rung`] at a time (the games' hint ladder).
//! - [`LogicSolver`]: finds the easiest next step, applies steps, runs a
//!   whole solve ([`solve`]); [`hint_step`] is the games' `hint`.
//! - [`grade()`]: a rating on a Sudoku Explainer-like scale and a
//!   [`Level`], from the hardest step of the solve (`docs/grading.md`).
//!
//! The solver is deterministic: it tries the techniques of
//! [`Technique::ALL`] in that order, and each scans units, digits and cells
//! in index order, so a puzzle always gets the same steps and grade.
//!
//! # The techniques, by family
//!
//! As Sudoku Explainer keeps `rules/`, `rules/unique/` and
//! `rules/chaining/`: `basic/` (singles, direct techniques, intersections,
//! subsets, fish, wings), `uniqueness`, `exclusion` and `chaining/` (static
//! chains, the closure of static links, the forcing chain engine). A family
//! reads only what they all share (this file's unit tables and helpers,
//! `candidates`, `step`, `templates`), never another family; inside
//! `chaining/` the imports point one way, bottom to top (see its `mod.rs`).
//!
//! # Cell names
//!
//! Sentences name cells as moves are typed in the games: `5c` is row 5,
//! column c (rows are numbered 1-9 from the top, columns lettered `a`-`i`
//! from the left). Rows are named by number (`row 5`, `rows 2 and 7`),
//! columns by letter (`column c`, `columns c and h`), and boxes by number,
//! 1-9 left to right, top to bottom (`box 4`).

mod basic;
mod candidates;
mod chaining;
mod clue;
mod exclusion;
mod grade;
mod links;
mod step;
mod templates;
mod uniqueness;

pub use candidates::{Candidates, Digits, DigitsIter};
pub use clue::{Clue, Rung};
pub use grade::{
    grade, grade_within, Bounds, Grade, GradeError, Grader, Level, LevelError, Rating, RatingRange,
    RatingRangeError, Within,
};
pub use links::{Chain, ChainNode, LinkKind};
pub(crate) use step::Words;
pub use step::{Step, Technique, TechniqueError};

use std::fmt;

use basic::{direct, fish, intersections, singles, subsets, wings};
use chaining::{chains, closure, forcing};

use crate::grid::Grid;
use crate::pos::{Cell, Digit, Unit};

/// The 27 units' cells, in the order of [`Unit::all`].
pub(crate) const UNITS: [[u8; 9]; 27] = build_units();
/// Per cell, its row, column and box as unit indices.
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = build_cell_units();
/// Per cell, its 20 peers.
pub(crate) const PEERS: [[u8; 20]; 81] = build_peers();

/// The cells of each unit, as bit sets.
pub(crate) const UNIT_BITS: [u128; 27] = bit_sets(&UNITS);

/// Each list of cells of `lists` as a bit set.
const fn bit_sets<const N: usize, const K: usize>(lists: &[[u8; K]; N]) -> [u128; N] {
    let mut out = [0u128; N];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < K {
            out[i] |= 1u128 << lists[i][j];
            j += 1;
        }
        i += 1;
    }
    out
}

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            units[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

const fn build_cell_units() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = [
            (c / 9) as u8,
            (9 + c % 9) as u8,
            (18 + c / 27 * 3 + c % 9 / 3) as u8,
        ];
        c += 1;
    }
    out
}

const fn build_peers() -> [[u8; 20]; 81] {
    let mut out = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut p = 0;
        while p < 81 {
            if p != c && sees_const(c, p) {
                out[c][n] = p as u8;
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    out
}

const fn sees_const(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
}

/// The three units of the kind starting at unit `first` (0 rows, 9
/// columns, 18 boxes) that cross line or box `u` of another kind, in
/// increasing order.
pub(crate) fn crossing(u: usize, first: usize) -> [usize; 3] {
    CROSSING[u][first / 9].map(usize::from)
}

/// `SHARED[u][v]`: the positions in unit `u` (bit `i` for its `i`th cell)
/// of the cells it shares with unit `v`.
pub(crate) const SHARED: [[u16; 27]; 27] = {
    let mut out = [[0u16; 27]; 27];
    let mut u = 0;
    while u < 27 {
        let mut v = 0;
        while v < 27 {
            let mut i = 0;
            while i < 9 {
                if UNIT_BITS[v] >> UNITS[u][i] & 1 != 0 {
                    out[u][v] |= 1 << i;
                }
                i += 1;
            }
            v += 1;
        }
        u += 1;
    }
    out
};

/// [`crossing`] as a table: per unit and kind (rows, columns, boxes), the
/// units of that kind it shares cells with but itself (only lines and
/// boxes are asked for each other).
const CROSSING: [[[u8; 3]; 3]; 27] = {
    let mut out = [[[0u8; 3]; 3]; 27];
    let mut u = 0;
    while u < 27 {
        let mut kind = 0;
        while kind < 3 {
            let mut k = 0;
            let mut v = kind * 9;
            while v < kind * 9 + 9 {
                if v != u && UNIT_BITS[u] & UNIT_BITS[v] != 0 && k < 3 {
                    out[u][kind][k] = v as u8;
                    k += 1;
                }
                v += 1;
            }
            kind += 1;
        }
        u += 1;
    }
    out
};

/// Per cell and unit kind (row, column, box), the cell's position in that unit.
pub(crate) const PLACE: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            out[UNITS[u][i] as usize][u / 9] = i as u8;
            i += 1;
        }
        u += 1;
    }
    out
};

/// Per cell, its twenty peers as a bit set.
pub(crate) const PEER_BITS: [u128; 81] = bit_sets(&PEERS);

/// Whether two different cells share a row, column or box: read from
/// [`PEER_BITS`], as the tests of row, column and box one after the other
/// were branches that mispredicted in the exclusions' inner loops.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    PEER_BITS[a] >> b & 1 != 0
}

/// The unit kinds in Sudoku Explainer's order: box, row, column (positions
/// in a cell's [`CELL_UNITS`] entry).
pub(crate) const KINDS: [usize; 3] = [2, 0, 1];

/// Per cell, its box, row and column (the units of [`CELL_UNITS`] in
/// [`KINDS`] order).
pub(crate) const SE_UNITS: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut j = 0;
        while j < 3 {
            out[c][j] = CELL_UNITS[c][KINDS[j]];
            j += 1;
        }
        c += 1;
    }
    out
};

/// Per cell and SE kind index (box, row, column, as in [`KINDS`]), the
/// positions of that unit to skip when listing the cell's peers: the cell
/// itself and the cells of the kinds listed before.
pub(crate) const SKIP: [[u16; 3]; 81] = {
    let mut out = [[0u16; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 3 {
            let u = CELL_UNITS[c][KINDS[k]] as usize;
            let mut i = 0;
            while i < 9 {
                let o = UNITS[u][i] as usize;
                let mut j = 0;
                let mut skip = o == c;
                while j < k {
                    let v = CELL_UNITS[c][KINDS[j]] as usize;
                    let mut t = 0;
                    while t < 9 {
                        if UNITS[v][t] as usize == o {
                            skip = true;
                        }
                        t += 1;
                    }
                    j += 1;
                }
                if skip {
                    out[c][k] |= 1 << i;
                }
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    out
};

/// The 20 peers of cell `c` in SE's order (`Cell.getHouseCells`): its
/// box, then the rest of its row, then the rest of its column.
pub(crate) fn se_peers(c: usize) -> impl Iterator<Item = usize> {
    SE_PEERS[c].iter().map(|&o| usize::from(o))
}

/// Each cell's peers in SE's order ([`se_peers`]), as a table.
const SE_PEERS: [[u8; 20]; 81] = {
    let mut out = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        let mut j = 0;
        while j < 3 {
            let u = CELL_UNITS[c][KINDS[j]] as usize;
            let mut i = 0;
            while i < 9 {
                if SKIP[c][j] & 1 << i == 0 {
                    out[c][k] = UNITS[u][i];
                    k += 1;
                }
                i += 1;
            }
            j += 1;
        }
        c += 1;
    }
    out
};

/// The cell with index `i` (0..81).
pub(crate) fn cell(i: usize) -> Cell {
    Cell::all()
        .nth(i)
        .unwrap_or_else(|| panic!("cell index {i} out of range"))
}

/// The digit with index `i` (0..9): digit `i + 1`.
pub(crate) fn digit(i: usize) -> Digit {
    Digit::all()
        .nth(i)
        .unwrap_or_else(|| panic!("digit index {i} out of range"))
}

/// The unit with index `u` in the order of [`Unit::all`].
pub(crate) fn unit(u: usize) -> Unit {
    Unit::from_index(u).unwrap_or_else(|| panic!("unit index {u} out of range"))
}

/// The positions (bit `i` for the unit's `i`th cell) where the digit of
/// `bit` is a candidate in unit `u`: the plain definition the one-pass
/// tables ([`Candidates::unit_places`]) are tested against.
#[cfg(test)]
pub(crate) fn places(marks: &Candidates, u: usize, bit: u16) -> u16 {
    UNITS[u]
        .iter()
        .enumerate()
        .filter(|&(_, &c)| marks.mask(usize::from(c)) & bit != 0)
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Calls `found` with each `k`-element subset of `0..n` (as increasing
/// indices, in lexicographic order) until it returns `Some`.
pub(crate) fn first_combination<T>(
    n: usize,
    k: usize,
    mut found: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k > n {
        return None;
    }
    // On the stack: every caller picks among at most the nine cells or
    // digits of a unit.
    let mut storage = [0usize; 9];
    let mut heap = Vec::new();
    let pick: &mut [usize] = if k <= storage.len() {
        &mut storage[..k]
    } else {
        heap.resize(k, 0);
        &mut heap
    };
    for (i, x) in pick.iter_mut().enumerate() {
        *x = i;
    }
    loop {
        if let Some(result) = found(pick) {
            return Some(result);
        }
        // The last index that can still move right, moved one step, and
        // the ones after it packed behind it.
        let i = (0..k).rev().find(|&i| pick[i] < n - k + i)?;
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// Calls `found` with each choice of `n` of the sets `sets` (their indices,
/// increasing, in lexicographic order) that hold two to `n` elements each
/// and `n` between them, a locked set, and with that union, until it
/// returns `Some`: the cells of a naked subset (sets of digits), the digits
/// of a hidden one (sets of places), the base lines of a fish.
pub(crate) fn first_locked_set<T>(
    sets: &[u16; 9],
    n: usize,
    mut found: impl FnMut(&[usize], u16) -> Option<T>,
) -> Option<T> {
    let mut members = [0usize; 9];
    let mut count = 0;
    for (i, s) in sets.iter().enumerate() {
        if (2..=n as u32).contains(&count9(*s)) {
            members[count] = i;
            count += 1;
        }
    }
    let mut chosen = [0usize; 9];
    first_combination(count, n, |pick: &[usize]| {
        let union = pick.iter().fold(0u16, |m, &i| m | sets[members[i]]);
        if count9(union) as usize != n {
            return None;
        }
        for (c, &i) in chosen.iter_mut().zip(pick) {
            *c = members[i];
        }
        found(&chosen[..n], union)
    })
}

/// The number of digits in `mask`, a set of nine or fewer bits (a cell's
/// candidates, a unit's places), read from a table: the baseline x86-64
/// target has no population count instruction, and the techniques count
/// candidates in their innermost loops.
#[inline]
pub(crate) fn count9(mask: u16) -> u32 {
    debug_assert!(mask < 512, "{mask:#x} has more than nine bits");
    u32::from(COUNT9[usize::from(mask & 0x1FF)])
}

/// [`count9`]'s table.
const COUNT9: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        out[m] = out[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    out
};

/// The places of every digit in unit `u` of the cells' candidate sets
/// `m` ([`Candidates::unit_places`] keeps them), all digits in one pass
/// over the unit's cells.
pub(crate) fn places_of(m: &[u16; 81], u: usize) -> [u16; 9] {
    transpose(UNITS[u].map(|c| m[usize::from(c)]))
}

/// Nine sets of nine bits turned the other way: entry `d` of the result
/// has bit `i` when entry `i` has bit `d`.
///
/// There is no branch on the bits: a loop over each set's bits ended at an
/// unpredictable place for every set (about six mispredicted branches a
/// unit, simulated). Multiplying a set's bits 0-7 by `0x0101...01` copies
/// them into all eight bytes, and the mask keeps bit `d` of byte `d`, at
/// `9 * d`: so bit `d` of entry `i` lands at `9 * d + i`, and bit 8 is
/// gathered on its own.
pub(crate) fn transpose(sets: [u16; 9]) -> [u16; 9] {
    let (mut low, mut ninth) = (0u128, 0u16);
    for (i, &m) in sets.iter().enumerate() {
        let spread = (u64::from(m & 0xff) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        low |= u128::from(spread) << i;
        ninth |= (m >> 8 & 1) << i;
    }
    std::array::from_fn(|d| match d {
        8 => ninth,
        _ => (low >> (9 * d)) as u16 & 0x1ff,
    })
}

/// Per digit index, the cells (bit `c`) of the cells' candidate sets `m`
/// holding it ([`Candidates::digit_cells`] keeps them): each row's sets
/// turned ([`transpose`]) are the row's nine bits of each digit's set.
pub(crate) fn digit_cells_of(m: &[u16; 81]) -> [u128; 9] {
    let mut at = [0u128; 9];
    for (r, row) in m.chunks_exact(9).enumerate() {
        let places = transpose(std::array::from_fn(|i| row[i]));
        for (set, &p) in at.iter_mut().zip(&places) {
            *set |= u128::from(p) << (9 * r);
        }
    }
    at
}

/// A technique's search: the first step it finds in a position. The
/// rating is a cap: a search made of settings tried in turn (the forcing
/// chains) tries none whose steps are all rated above it.
type Finder = fn(&Candidates, &mut Workspace, Rating) -> Option<Step>;

/// Storage the searches reuse from one position to the next, so that a
/// solve allocates it once rather than at every step.
#[derive(Default)]
pub(crate) struct Workspace {
    forcing: forcing::Store,
    covers: templates::Covers,
    chains: chains::Work,
    /// The implication closure of the position, shared by the static
    /// chains and the multiple forcing chains of a step.
    closure: closure::Cache,
    /// Where the aligned exclusions last found nothing.
    exclusion: exclusion::Memo,
    /// Where the basic searches that scan units or digits last found
    /// nothing.
    basic: basic::Memos,
    /// The unique loops found from each cell at the last position.
    loops: uniqueness::Loops,
    /// Whether the steps found are written out in words.
    words: Words,
}

impl Workspace {
    /// The storage for another puzzle: the buffers of the forcing and
    /// static chains and of the closure are kept (allocating them again
    /// for each puzzle of a batch costs a few percent), what the searches
    /// remember of positions is forgotten. (The propagations kept for the
    /// dynamic chains stay: they check the board they are taken on, and
    /// another puzzle has candidates the last board had not, so none is
    /// taken. So does the closure's last board: it serves another board
    /// only where that board's links are all among its own, whichever
    /// puzzle it comes from.)
    fn recycled(self) -> Workspace {
        Workspace {
            forcing: self.forcing,
            chains: self.chains,
            closure: self.closure,
            ..Workspace::default()
        }
    }
}

/// Sudoku Explainer's unit order for most scans: boxes, columns, rows.
pub(crate) const SE_UNIT_ORDER: [usize; 27] = {
    let mut order = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = 18 + i;
        order[9 + i] = 9 + i;
        order[18 + i] = i;
        i += 1;
    }
    order
};

/// The searches in the order they are tried, which is Sudoku Explainer's
/// (`diuf.sudoku.solver.Solver`): the first step found is taken, so the
/// order decides which technique a position is rated by. Each entry names
/// the technique it stands for in [`LogicSolver::assume_unique`].
const FINDERS: [(Technique, Finder); 26] = [
    (Technique::FullHouse, |m, work, _| {
        singles::full_house(m, work.words)
    }),
    (Technique::HiddenSingleBox, |m, work, _| {
        singles::hidden_single_box(m, work.words)
    }),
    (Technique::HiddenSingleLine, |m, work, _| {
        singles::hidden_single_line(m, work.words)
    }),
    (Technique::DirectPointing, |m, work, _| {
        direct::direct_locking(m, &mut work.basic.locking, work.words)
    }),
    (Technique::DirectHiddenPair, |m, work, _| {
        direct::direct_hidden(m, 2, &mut work.basic.direct_hidden[0], work.words)
    }),
    (Technique::NakedSingle, |m, work, _| {
        singles::naked_single(m, work.words)
    }),
    (Technique::DirectHiddenTriple, |m, work, _| {
        direct::direct_hidden(m, 3, &mut work.basic.direct_hidden[1], work.words)
    }),
    (Technique::Pointing, |m, work, _| {
        intersections::pointing(m, work.words)
    }),
    (Technique::Claiming, |m, work, _| {
        intersections::claiming(m, work.words)
    }),
    (Technique::NakedPair, |m, work, _| {
        subsets::naked(m, 2, &mut work.basic.naked[0], work.words)
    }),
    (Technique::XWing, |m, work, _| {
        fish::fish(m, 2, &mut work.basic.fish[0], work.words)
    }),
    (Technique::HiddenPair, |m, work, _| {
        subsets::hidden(m, 2, &mut work.basic.hidden[0], work.words)
    }),
    (Technique::NakedTriple, |m, work, _| {
        subsets::naked(m, 3, &mut work.basic.naked[1], work.words)
    }),
    (Technique::Swordfish, |m, work, _| {
        fish::fish(m, 3, &mut work.basic.fish[1], work.words)
    }),
    (Technique::HiddenTriple, |m, work, _| {
        subsets::hidden(m, 3, &mut work.basic.hidden[1], work.words)
    }),
    (Technique::XyWing, |m, work, _| {
        wings::xy_wing(m, work.words)
    }),
    (Technique::XyzWing, |m, work, _| {
        wings::xyz_wing(m, work.words)
    }),
    (Technique::UniqueLoop, |m, work, _| {
        uniqueness::unique_loop(m, &mut work.loops, work.words)
    }),
    (Technique::NakedQuad, |m, work, _| {
        subsets::naked(m, 4, &mut work.basic.naked[2], work.words)
    }),
    (Technique::Jellyfish, |m, work, _| {
        fish::fish(m, 4, &mut work.basic.fish[2], work.words)
    }),
    (Technique::HiddenQuad, |m, work, _| {
        subsets::hidden(m, 4, &mut work.basic.hidden[2], work.words)
    }),
    (Technique::Bug, |m, work, _| uniqueness::bug(m, work.words)),
    (Technique::AlignedPairExclusion, |m, work, _| {
        exclusion::aligned_pair_exclusion(m, &mut work.exclusion, work.words)
    }),
    (Technique::XChain, |m, work, _| {
        chains::forcing_chain_or_cycle(
            m,
            &mut work.covers,
            &mut work.chains,
            &mut work.closure,
            work.words,
        )
    }),
    (Technique::AlignedTripleExclusion, |m, work, _| {
        exclusion::aligned_triple_exclusion(m, &mut work.exclusion, work.words)
    }),
    // SE's Nishio, multiple, dynamic, dynamic (+) and nested forcing
    // chains, tried in that order by one search that shares its storage.
    (Technique::Nishio, |m, work, cap| {
        forcing::find(
            m,
            &mut work.forcing,
            &mut work.covers,
            &mut work.closure,
            cap,
            work.words,
            &[
                forcing::Mode::NISHIO,
                forcing::Mode::MULTIPLE,
                forcing::Mode::DYNAMIC,
                forcing::Mode::PLUS,
                forcing::Mode::nested(2),
                forcing::Mode::nested(3),
                forcing::Mode::nested(4),
                forcing::Mode::nested(5),
            ],
        )
    }),
];

/// The lowest rating of a step each finder of [`FINDERS`] can give, and
/// every finder after it: a search capped below it can stop there.
const FLOORS: [Rating; 26] = {
    let mut floors = [Rating::GUESS; 26];
    let mut i = 26;
    let mut least = Rating::GUESS.tenths();
    while i > 0 {
        i -= 1;
        // The unique loops' search finds unique rectangles too, and the
        // static chains' search X- and Y-cycles.
        let own = match FINDERS[i].0 {
            Technique::UniqueLoop => Technique::UniqueRectangle.rating(),
            Technique::XChain => Technique::XCycle.rating(),
            t => t.rating(),
        };
        if own.tenths() < least {
            least = own.tenths();
        }
        floors[i] = Rating::from_tenths(least);
    }
    floors
};

/// The first step of the first technique in [`FINDERS`] that finds one.
fn find_step(marks: &Candidates, uniqueness: bool, work: &mut Workspace) -> Option<Step> {
    match find_capped(marks, uniqueness, work, Rating::GUESS, Rating::GUESS) {
        Next::Step(step) => Some(step),
        Next::Beyond | Next::Stuck => None,
    }
}

/// What a search for the next step under a cap found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The easiest step, rated at most the cap.
    Step(Step),
    /// The easiest step is rated above the cap (or there is none, which
    /// rates the puzzle [`Rating::GUESS`], above any lower cap): the search
    /// stopped as soon as that was known.
    Beyond,
    /// The grid is full, contradictory, or no technique applies (with the
    /// cap at [`Rating::GUESS`]).
    Stuck,
}

/// [`find_step`], stopping as soon as the easiest step is known to be
/// rated above `cap`, or to be of a technique rated above `techniques`
/// ([`Technique::rating`]): before the techniques whose steps all are, and
/// after a step that is. With both at [`Rating::GUESS`] it is `find_step`.
pub(crate) fn find_capped(
    marks: &Candidates,
    uniqueness: bool,
    work: &mut Workspace,
    cap: Rating,
    techniques: Rating,
) -> Next {
    if marks.is_solved() || marks.has_contradiction() {
        return Next::Stuck;
    }
    // A step's rating is at least its technique's: below both caps.
    let floor_cap = cap.min(techniques);
    for (i, (technique, find)) in FINDERS.iter().enumerate() {
        if !uniqueness && technique.assumes_uniqueness() {
            continue;
        }
        if FLOORS[i] > floor_cap {
            return Next::Beyond;
        }
        if let Some(step) = find(marks, work, floor_cap) {
            return if step.rating() > cap || step.technique().rating() > techniques {
                Next::Beyond
            } else {
                Next::Step(step)
            };
        }
    }
    if floor_cap < Rating::GUESS {
        // Whether a setting above the cap was left untried or none finds
        // anything, the grade is outside.
        Next::Beyond
    } else {
        Next::Stuck
    }
}

/// The logical solver on one position.
///
/// ```
/// use sudoku_core::{Grid, LogicSolver};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let mut solver = LogicSolver::new(&grid);
/// while let Some(step) = solver.next_step() {
///     println!("{step}");
///     solver.apply(&step);
/// }
/// assert!(solver.is_solved());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicSolver {
    marks: Candidates,
    uniqueness: bool,
    work: Work,
}

/// The solver's [`Workspace`], which holds no state of the solve (what the
/// searches remember of earlier positions changes how much they search,
/// never what they find): a clone starts with an empty one, and it takes
/// no part in comparisons.
#[derive(Default)]
struct Work(Workspace);

impl Clone for Work {
    fn clone(&self) -> Work {
        Work::default()
    }
}

impl PartialEq for Work {
    fn eq(&self, _: &Work) -> bool {
        true
    }
}

impl Eq for Work {}

impl fmt::Debug for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Work")
    }
}

impl LogicSolver {
    /// A solver on `grid`, with fresh candidates. Uniqueness techniques are
    /// on: they assume the puzzle has exactly one solution.
    pub fn new(grid: &Grid) -> LogicSolver {
        LogicSolver::from_candidates(Candidates::new(grid))
    }

    /// [`LogicSolver::new`] with the storage of an earlier solver (see
    /// [`Workspace::recycled`]).
    pub(crate) fn reusing(grid: &Grid, earlier: LogicSolver) -> LogicSolver {
        LogicSolver {
            work: Work(earlier.work.0.recycled()),
            ..LogicSolver::new(grid)
        }
    }

    /// The solver with the steps it finds left without words (see
    /// [`Words`]): the grader's own solve, whose steps no caller sees.
    pub(crate) fn without_words(mut self) -> LogicSolver {
        self.work.0.words = Words::Left;
        self
    }

    /// A solver on a position with its pencil marks.
    pub fn from_candidates(marks: Candidates) -> LogicSolver {
        LogicSolver {
            marks,
            uniqueness: true,
            work: Work::default(),
        }
    }

    /// Turns the techniques that assume a unique solution (see
    /// [`Technique::assumes_uniqueness`]) on or off. Off, every step holds
    /// for every solution of the puzzle.
    pub fn assume_unique(mut self, on: bool) -> LogicSolver {
        self.uniqueness = on;
        self
    }

    /// The position and its pencil marks.
    pub fn candidates(&self) -> &Candidates {
        &self.marks
    }

    /// The position.
    pub fn grid(&self) -> &Grid {
        self.marks.grid()
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.marks.is_solved()
    }

    /// The easiest step available, or `None` when the grid is full, the
    /// position is contradictory, or no technique applies (guessing would
    /// be needed).
    pub fn next_step(&self) -> Option<Step> {
        find_step(&self.marks, self.uniqueness, &mut Workspace::default())
    }

    /// Applies `step`: places its digits and removes its candidates.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in step.placements() {
            self.marks.place(cell, digit);
        }
        for &(cell, digit) in step.eliminations() {
            self.marks.remove(cell, digit);
        }
    }

    /// Finds the easiest step unless it is rated above `cap` or its
    /// technique above `techniques`, applies it and returns it (see
    /// [`find_capped`]).
    pub(crate) fn advance_capped(&mut self, cap: Rating, techniques: Rating) -> Next {
        let next = find_capped(
            &self.marks,
            self.uniqueness,
            &mut self.work.0,
            cap,
            techniques,
        );
        if let Next::Step(step) = &next {
            self.apply(step);
        }
        next
    }

    /// Finds the easiest step, applies it and returns it.
    pub fn advance(&mut self) -> Option<Step> {
        let step = find_step(&self.marks, self.uniqueness, &mut self.work.0)?;
        self.apply(&step);
        Some(step)
    }

    /// Applies steps until one places a digit, and returns that one (the
    /// eliminations before it are applied too).
    pub fn next_placement(&mut self) -> Option<Step> {
        loop {
            let step = self.advance()?;
            if step.placement().is_some() {
                return Some(step);
            }
        }
    }

    /// Applies steps until the grid is full or logic is stuck.
    pub fn run(mut self) -> LogicReport {
        let mut steps = Vec::new();
        while let Some(step) = self.advance() {
            steps.push(step);
        }
        LogicReport {
            solved: self.is_solved(),
            steps,
            end: self.marks,
        }
    }
}

/// How a logical solve went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicReport {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Where the solve ended: the solution when [`LogicReport::solved`],
    /// otherwise the position (with pencil marks) where logic is stuck.
    pub end: Candidates,
    /// Whether the grid was filled.
    pub solved: bool,
}

impl LogicReport {
    /// The grid at the end: the solution, or the stuck position.
    pub fn grid(&self) -> &Grid {
        self.end.grid()
    }

    /// The technique of the hardest step (by [`Step::rating`]), if any
    /// step was taken.
    pub fn hardest(&self) -> Option<Technique> {
        self.steps
            .iter()
            .max_by_key(|s| (s.rating(), s.technique()))
            .map(Step::technique)
    }

    /// The grade of this solve: what [`grade()`] gives for the puzzle the
    /// solve started from, without solving it again (the solve assumes one
    /// solution, which [`grade()`] checks first).
    ///
    /// ```
    /// use sudoku_core::{grade, logic, Grid};
    /// let grid: Grid =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///         .parse()
    ///         .unwrap();
    /// let report = logic::solve(&grid);
    /// assert_eq!(report.grade(), grade(&grid).unwrap());
    /// ```
    pub fn grade(&self) -> Grade {
        grade::grade_of(&self.steps, self.solved)
    }
}

/// Solves `grid` by logic alone, assuming it has one solution.
///
/// ```
/// use sudoku_core::{logic, Grid};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let report = logic::solve(&grid);
/// assert!(report.solved && grid.is_solved_by(report.grid()));
/// ```
pub fn solve(grid: &Grid) -> LogicReport {
    LogicSolver::new(grid).run()
}

/// The games' `hint`: the easiest step in the position `grid` (givens and
/// entries), whose sentence is the first hint; when it places a digit,
/// [`Step::placement`] is the second. `None` when the grid is full, broken
/// or beyond logic. Wrong entries that break no rule lead to wrong steps,
/// so a game should check the entries against its solution first.
pub fn hint_step(grid: &Grid) -> Option<Step> {
    LogicSolver::new(grid).next_step()
}

/// The first step that places a digit, with the eliminations before it
/// applied: a hint that always names a cell and its digit.
pub fn hint_placement(grid: &Grid) -> Option<Step> {
    LogicSolver::new(grid).next_placement()
}

#[cfg(test)]
pub(crate) mod tests;
