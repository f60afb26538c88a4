//! Steps: what a technique found, and why, as a value and as a sentence.
//!
//! Sentences name cells, rows, columns and boxes as the games do: `5c` is
//! row 5, column c (the `Display` of
//! [`Cell`] and [`Unit`](crate::pos::Unit)).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::logic::candidates::Digits;
use crate::logic::grade::Rating;
use crate::logic::links::Chain;
use crate::pos::{Cell, Digit};

/// The techniques of the logical solver, in the order it tries them
/// (easiest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last blank cell of a row, column or box.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A box's digit locked in a line, which leaves a hidden single in another box: placed at once.
    DirectPointing,
    /// A line's digit locked in a box, which leaves a hidden single in another line: placed at once.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single in its unit: placed at once.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple that leaves a hidden single in its unit: placed at once.
    DirectHiddenTriple,
    /// A digit whose places in a box share a row or column: it leaves the
    /// rest of that line.
    Pointing,
    /// A digit whose places in a row or column share a box: it leaves the
    /// rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or rows in
    /// columns).
    XWing,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// An X-wing over three rows and columns.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// A two-candidate pivot and two two-candidate wings.
    XyWing,
    /// A three-candidate pivot and two two-candidate wings.
    XyzWing,
    /// A unique rectangle, types 1 to 4 (assumes the puzzle has one solution).
    UniqueRectangle,
    /// A unique loop of 6 or more cells, types 1 to 4 (assumes one solution).
    UniqueLoop,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// An X-wing over four rows and columns.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// A bivalue universal grave, types 1 to 4 (assumes one solution).
    Bug,
    /// Two cells whose pairs of digits are limited by the two-candidate cells
    /// they both see.
    AlignedPairExclusion,
    /// A bidirectional cycle (nice loop) on one digit.
    XCycle,
    /// A bidirectional cycle through two-candidate cells.
    YCycle,
    /// A forcing chain on one digit (a turbot fish is the shortest).
    XChain,
    /// A forcing chain mixing digits and cells (an alternating inference
    /// chain: XY-chains and W-wings among them).
    ForcingChain,
    /// A bidirectional cycle mixing both kinds of link.
    XyCycle,
    /// Three cells whose combinations of digits are limited by the cells of
    /// two or three candidates they all see.
    AlignedTripleExclusion,
    /// One digit's consequences followed while its candidates are struck
    /// out: an assumption that leads to a contradiction is false.
    Nishio,
    /// Cell and region forcing chains: every digit of a cell, or every
    /// place of a digit in a unit, implies the same conclusion.
    MultipleForcingChain,
    /// Forcing chains that strike out candidates as they go: contradiction,
    /// double, cell and region forcing chains.
    DynamicForcingChain,
    /// Dynamic forcing chains helped by locked candidates, pairs and X-wings
    /// found along the way.
    DynamicForcingChainPlus,
    /// Dynamic forcing chains helped by whole forcing chain searches where
    /// they stop: forcing chains nested in forcing chains.
    NestedForcingChain,
}

impl Technique {
    /// Every technique, by rating: nearly the order the solver tries them
    /// (Sudoku Explainer's order, see `docs/grading.md`).
    pub const ALL: [Technique; 36] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
        Technique::AlignedPairExclusion,
        Technique::XCycle,
        Technique::YCycle,
        Technique::XChain,
        Technique::ForcingChain,
        Technique::XyCycle,
        Technique::AlignedTripleExclusion,
        Technique::Nishio,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// The technique's name on the command line and in CSV: `hidden-single-box`.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingleBox => "hidden-single-box",
            Technique::HiddenSingleLine => "hidden-single-line",
            Technique::DirectPointing => "direct-pointing",
            Technique::DirectClaiming => "direct-claiming",
            Technique::DirectHiddenPair => "direct-hidden-pair",
            Technique::NakedSingle => "naked-single",
            Technique::DirectHiddenTriple => "direct-hidden-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::UniqueLoop => "unique-loop",
            Technique::NakedQuad => "naked-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden-quad",
            Technique::Bug => "bug",
            Technique::AlignedPairExclusion => "aligned-pair-exclusion",
            Technique::XCycle => "x-cycle",
            Technique::YCycle => "y-cycle",
            Technique::XChain => "x-chain",
            Technique::ForcingChain => "forcing-chain",
            Technique::XyCycle => "xy-cycle",
            Technique::AlignedTripleExclusion => "aligned-triple-exclusion",
            Technique::Nishio => "nishio",
            Technique::MultipleForcingChain => "multiple-forcing-chain",
            Technique::DynamicForcingChain => "dynamic-forcing-chain",
            Technique::DynamicForcingChainPlus => "dynamic-forcing-chain-plus",
            Technique::NestedForcingChain => "nested-forcing-chain",
        }
    }

    /// The technique's difficulty on Sudoku Explainer's scale
    /// (`docs/grading.md`); a step of a chain, loop or BUG may be rated
    /// higher ([`Step::rating`]).
    pub const fn rating(self) -> Rating {
        Rating::from_tenths(match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::UniqueLoop => 46,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::Bug => 56,
            Technique::AlignedPairExclusion => 62,
            Technique::XCycle => 65,
            Technique::YCycle => 65,
            Technique::XChain => 66,
            Technique::ForcingChain => 70,
            Technique::XyCycle => 70,
            Technique::AlignedTripleExclusion => 75,
            Technique::Nishio => 75,
            Technique::MultipleForcingChain => 80,
            Technique::DynamicForcingChain => 85,
            Technique::DynamicForcingChainPlus => 90,
            Technique::NestedForcingChain => 95,
        })
    }

    /// Whether the technique assumes the puzzle has exactly one solution.
    pub const fn assumes_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle | Technique::UniqueLoop | Technique::Bug
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique name that is not one of [`Technique::name`]'s.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown technique {text:?}; the techniques are {}", Technique::ALL.map(Technique::name).join(", "))]
pub struct TechniqueError {
    /// The text given.
    pub text: String,
}

impl FromStr for Technique {
    type Err = TechniqueError;

    /// A technique by its [name](Technique::name), in any case, with
    /// spaces or underscores for its hyphens: `x-wing`, `X Wing`,
    /// `xy_wing`.
    ///
    /// ```
    /// use sudoku_core::Technique;
    /// assert_eq!("x-wing".parse(), Ok(Technique::XWing));
    /// assert_eq!("Unique Rectangle".parse(), Ok(Technique::UniqueRectangle));
    /// let error = "x-wings".parse::<Technique>().unwrap_err();
    /// assert!(error.to_string().starts_with("unknown technique \"x-wings\"; the techniques are full-house,"));
    /// ```
    fn from_str(text: &str) -> Result<Technique, TechniqueError> {
        let wanted: String = text
            .trim()
            .chars()
            .map(|c| match c {
                ' ' | '_' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        Technique::ALL
            .into_iter()
            .find(|t| t.name() == wanted)
            .ok_or_else(|| TechniqueError {
                text: text.to_string(),
            })
    }
}

/// Whether a search writes the words of the steps it finds: the sentence
/// that [`Step`]'s `Display` gives, and a chain step's pattern cells and
/// chains to draw. The grader reads only what a step is rated, which
/// technique it is and what it places and removes, and the words cost
/// about 3% of its work (docs/grading.md), so its own solve leaves them
/// out; every step a caller of the library sees has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Words {
    /// Steps come with their words.
    #[default]
    Written,
    /// Steps come without: an empty sentence, and a chain step with no
    /// pattern cells or chains.
    Left,
}

impl Words {
    /// `words()`, or nothing (an empty string or list, which allocates
    /// nothing) where words are left out.
    pub(crate) fn write<T: Default>(self, words: impl FnOnce() -> T) -> T {
        match self {
            Words::Written => words(),
            Words::Left => T::default(),
        }
    }

    /// Whether the words are written.
    pub(crate) fn written(self) -> bool {
        self == Words::Written
    }
}

/// One step of the logical solve: the technique, the cells and digits of
/// the pattern it found, and what it concludes (digits placed, candidates
/// removed). [`Display`](fmt::Display) gives the explanation as one
/// English sentence.
///
/// ```
/// use sudoku_core::{Grid, LogicSolver, Technique};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let step = LogicSolver::new(&grid).next_step().unwrap();
/// assert_eq!(step.technique(), Technique::HiddenSingleBox);
/// assert_eq!(step.to_string(), "Hidden single: 8 can only go in 1f within box 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    technique: Technique,
    cells: Vec<Cell>,
    digits: Digits,
    placements: Vec<(Cell, Digit)>,
    eliminations: Vec<(Cell, Digit)>,
    sentence: String,
    rating: Rating,
    chains: Vec<Chain>,
}

impl Step {
    /// A step; eliminations are sorted by digit, then cell.
    pub(crate) fn new(
        technique: Technique,
        cells: Vec<Cell>,
        digits: Digits,
        placements: Vec<(Cell, Digit)>,
        mut eliminations: Vec<(Cell, Digit)>,
        sentence: String,
    ) -> Step {
        eliminations.sort_by_key(|&(c, d)| (d, c));
        eliminations.dedup();
        Step {
            technique,
            cells,
            digits,
            placements,
            eliminations,
            sentence,
            rating: technique.rating(),
            chains: Vec::new(),
        }
    }

    /// The step with the chains of its reasoning (chain techniques only).
    pub(crate) fn with_chains(mut self, chains: Vec<Chain>) -> Step {
        self.chains = chains;
        self
    }

    /// The step with its own rating instead of its technique's (chains are
    /// rated by their length).
    #[allow(dead_code)] // used by the chain techniques
    pub(crate) fn rated(mut self, rating: Rating) -> Step {
        self.rating = rating;
        self
    }

    /// A step concluding that `digit` is (`on`) or is not in `cell`, whose
    /// candidates are `candidates`: placing it also removes the cell's other
    /// candidates. The sentence is `reason` followed by `, so 1a is 5` or
    /// `, so remove 5 from 1a` (none where `words` leaves it out).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn concluding(
        words: Words,
        technique: Technique,
        cells: Vec<Cell>,
        digits: Digits,
        cell: Cell,
        digit: Digit,
        on: bool,
        candidates: Digits,
        reason: impl FnOnce() -> String,
    ) -> Step {
        if on {
            let others = candidates
                .iter()
                .filter(|&e| e != digit)
                .map(|e| (cell, e))
                .collect();
            let sentence = words.write(|| format!("{}, so {cell} is {digit}", reason()));
            Step::new(
                technique,
                cells,
                digits,
                vec![(cell, digit)],
                others,
                sentence,
            )
        } else {
            let sentence = words.write(|| format!("{}, so remove {digit} from {cell}", reason()));
            Step::new(
                technique,
                cells,
                digits,
                Vec::new(),
                vec![(cell, digit)],
                sentence,
            )
        }
    }

    /// A step that removes candidates; the sentence is `reason` followed by
    /// `, so remove ...` (none where `words` leaves it out).
    pub(crate) fn eliminating(
        words: Words,
        technique: Technique,
        cells: Vec<Cell>,
        digits: Digits,
        eliminations: Vec<(Cell, Digit)>,
        reason: impl FnOnce() -> String,
    ) -> Step {
        let mut step = Step::new(
            technique,
            cells,
            digits,
            Vec::new(),
            eliminations,
            String::new(),
        );
        step.sentence = words.write(|| {
            let removal = removal_text(&step.eliminations);
            format!("{}, so remove {removal}", reason())
        });
        step
    }

    /// The technique used.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The step's difficulty: its technique's [`Technique::rating`], raised
    /// for long chains as Sudoku Explainer raises them.
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The cells of the pattern (the cells that make the deduction, not
    /// those it changes).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The digits of the pattern.
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// The digits the step places.
    pub fn placements(&self) -> &[(Cell, Digit)] {
        &self.placements
    }

    /// The candidates the step removes, by digit then cell.
    pub fn eliminations(&self) -> &[(Cell, Digit)] {
        &self.eliminations
    }

    /// The chains of the reasoning, for the chain techniques (X-chains,
    /// cycles, forcing chains): one for a static chain or cycle (a cycle
    /// ends where it starts), one per branch for a forcing chain; each
    /// starts at the assumption and ends at what it implies. Empty for
    /// the other techniques, whose pattern is [`Step::cells`].
    ///
    /// ```
    /// use sudoku_core::{Grid, LogicSolver, Technique};
    /// let grid: Grid =
    ///     ".6..5.1.......2.3....4...7943........2...8..3..5.2..1..5....9...82.........537.2."
    ///         .parse()
    ///         .unwrap();
    /// let mut solver = LogicSolver::new(&grid);
    /// let step = std::iter::from_fn(|| solver.advance())
    ///     .find(|s| !s.chains().is_empty())
    ///     .unwrap();
    /// assert_eq!(step.technique(), Technique::XChain);
    /// let chain = step.chains()[0].to_string();
    /// assert_eq!(chain, "+8i=4 => -8e=4 => +5e=4 => -6f=4 => +6i=4 => -8i=4");
    /// ```
    pub fn chains(&self) -> &[Chain] {
        &self.chains
    }

    /// The first digit the step places, if it places one: what the games
    /// show on a second `hint`.
    pub fn placement(&self) -> Option<(Cell, Digit)> {
        self.placements.first().copied()
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence)
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>, last: &str) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// `1g and 1h`.
pub(crate) fn cells_text(cells: &[Cell]) -> String {
    join(cells, "and")
}

/// `3 and 7` (or with `or`).
pub(crate) fn digits_text(digits: Digits, last: &str) -> String {
    join(digits.iter(), last)
}

/// `4 from 1g and 1h` or `3 from 1h, and 7 from 1i and 2i`.
pub(crate) fn removal_text(eliminations: &[(Cell, Digit)]) -> String {
    let mut groups: Vec<(Digit, Vec<Cell>)> = Vec::new();
    for digit in Digit::all() {
        let cells: Vec<Cell> = eliminations
            .iter()
            .filter(|&&(_, d)| d == digit)
            .map(|&(c, _)| c)
            .collect();
        if !cells.is_empty() {
            groups.push((digit, cells));
        }
    }
    // The same cells for every digit: `2 and 7 from 3d`.
    if groups.len() > 1 && groups.iter().all(|(_, cells)| *cells == groups[0].1) {
        let digits = join(groups.iter().map(|(d, _)| d), "and");
        return format!("{digits} from {}", cells_text(&groups[0].1));
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(d, cells)| format!("{d} from {}", cells_text(cells)))
        .collect();
    match parts.len() {
        0 | 1 => parts.concat(),
        n => format!("{}, and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(join([1], "and"), "1");
        assert_eq!(join([1, 2], "or"), "1 or 2");
        assert_eq!(join([1, 2, 3], "and"), "1, 2 and 3");
        let c = |n: &str| Cell::from_name(n).unwrap();
        let d = |v: u8| Digit::new(v).unwrap();
        assert_eq!(
            removal_text(&[(c("1g"), d(4)), (c("1h"), d(4))]),
            "4 from 1g and 1h"
        );
        assert_eq!(
            removal_text(&[(c("1h"), d(3)), (c("1i"), d(7)), (c("2i"), d(7))]),
            "3 from 1h, and 7 from 1i and 2i"
        );
        assert_eq!(
            removal_text(&[(c("3d"), d(7)), (c("3d"), d(2))]),
            "2 and 7 from 3d"
        );
        let step = Step::eliminating(
            Words::Written,
            Technique::Pointing,
            vec![],
            Digits::EMPTY,
            vec![(c("1h"), d(4)), (c("1g"), d(4)), (c("1g"), d(4))],
            || "Pointing pair: in box 2, 4 is only in row 1".to_string(),
        );
        assert_eq!(step.eliminations(), [(c("1g"), d(4)), (c("1h"), d(4))]);
        assert_eq!(
            step.to_string(),
            "Pointing pair: in box 2, 4 is only in row 1, so remove 4 from 1g and 1h"
        );
    }
}
