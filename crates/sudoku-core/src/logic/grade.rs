//! Grading: a rating on a Sudoku Explainer-like scale and a level, from the
//! hardest technique the logical solve needs.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::counters::{Conflict, Counters};
use crate::grid::Grid;
use crate::logic::{LogicSolver, Next, Step, Technique};
use crate::pos::{Cell, Digit};
use crate::solver::default_solver;

/// A difficulty rating in tenths, shown as `4.2`: the rating of the hardest
/// technique used, or [`Rating::GUESS`] when logic alone cannot finish.
///
/// `Debug` shows the number too, not the tenths it is kept in:
///
/// ```
/// use sudoku_core::Rating;
/// let rating = Rating::from_tenths(45);
/// assert_eq!(rating.to_string(), "4.5");
/// assert_eq!(format!("{rating:?}"), "Rating(4.5)");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(u16);

impl Rating {
    /// The rating of a puzzle that needs guessing (bifurcation): 20.0, as
    /// Sudoku Explainer rates a puzzle it cannot solve, above every
    /// technique (nested forcing chains reach about 12).
    pub const GUESS: Rating = Rating(200);

    /// The rating of `tenths` tenths: `from_tenths(42)` is 4.2.
    pub const fn from_tenths(tenths: u16) -> Rating {
        Rating(tenths)
    }

    /// The rating in tenths.
    pub const fn tenths(self) -> u16 {
        self.0
    }

    /// The rating as a number: 4.2.
    pub fn as_f32(self) -> f32 {
        f32::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    /// `4.2`, always with one decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// `Rating(4.2)`: the number as it is shown.
impl fmt::Debug for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rating({self})")
    }
}

/// An inclusive range of ratings, written `MIN..MAX` with one decimal:
/// `8.5..9.5`, `7.5..` (7.5 and up), `..2.0` (up to 2.0).
///
/// ```
/// use sudoku_core::{Rating, RatingRange};
/// let range: RatingRange = "8.5..9.5".parse()?;
/// assert!(range.contains(Rating::from_tenths(90)));
/// assert!(!range.contains(Rating::from_tenths(96)));
/// assert_eq!(range.to_string(), "8.5..9.5");
/// # Ok::<(), sudoku_core::RatingRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingRange {
    /// The lowest rating in the range.
    pub min: Rating,
    /// The highest rating in the range.
    pub max: Rating,
}

impl RatingRange {
    /// Every rating: 0.0..20.0.
    pub const ALL: RatingRange = RatingRange {
        min: Rating(0),
        max: Rating::GUESS,
    };

    /// Every rating of `level`.
    pub fn of_level(level: Level) -> RatingRange {
        let min = Level::ALL
            .iter()
            .take_while(|&&l| l < level)
            .last()
            .map_or(0, |l| l.max_rating().0 + 1);
        RatingRange {
            min: Rating(min),
            max: level.max_rating(),
        }
    }

    /// Whether `rating` is in the range.
    pub fn contains(self, rating: Rating) -> bool {
        self.min <= rating && rating <= self.max
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

/// A rating range that does not parse, or is empty.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid rating range {text:?}: {reason}")]
pub struct RatingRangeError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for RatingRange {
    type Err = RatingRangeError;

    /// `MIN..MAX`, `MIN..` or `..MAX`, each a rating from 0.0 to 20.0 with
    /// at most one decimal.
    fn from_str(text: &str) -> Result<RatingRange, RatingRangeError> {
        let error = |reason| RatingRangeError {
            text: text.to_string(),
            reason,
        };
        let (low, high) = text
            .trim()
            .split_once("..")
            .ok_or_else(|| error("expected MIN..MAX, for example 8.5..9.5"))?;
        let rating = |part: &str, missing: u16| -> Result<Rating, RatingRangeError> {
            let part = part.trim();
            if part.is_empty() {
                return Ok(Rating(missing));
            }
            let (whole, tenth) = part.split_once('.').unwrap_or((part, "0"));
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(whole) || !digits(tenth) || tenth.len() > 1 || whole.len() > 2 {
                return Err(error(
                    "a rating is a number like 7.5, with at most one decimal",
                ));
            }
            let value: u16 =
                whole.parse::<u16>().unwrap_or(u16::MAX) * 10 + tenth.parse::<u16>().unwrap_or(0);
            if value > 200 {
                return Err(error("ratings go from 0.0 to 20.0"));
            }
            Ok(Rating(value))
        };
        let range = RatingRange {
            min: rating(low, 0)?,
            max: rating(high, 200)?,
        };
        if range.min > range.max {
            return Err(error("the lowest rating is above the highest"));
        }
        Ok(range)
    }
}

/// A difficulty level: a band of ratings (see `docs/grading.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Hidden singles and full houses: found by scanning, no pencil marks
    /// (rating up to 1.5).
    Easy,
    /// Naked singles and Sudoku Explainer's direct techniques, locked
    /// candidates (1.6 to 2.8).
    Medium,
    /// Pencil marks: naked and hidden pairs and triples, X-wing, swordfish,
    /// XY- and XYZ-wings, unique rectangles (2.9 to 4.5).
    Hard,
    /// Unique loops, quads, jellyfish, BUG, aligned pairs, chains and
    /// cycles (4.6 to 7.4).
    Expert,
    /// Nishio, multiple, dynamic and nested forcing chains (7.5 and up), or
    /// logic alone cannot finish and the puzzle needs guessing.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level of a rating.
    pub fn of(rating: Rating) -> Level {
        match rating.0 {
            0..=15 => Level::Easy,
            16..=28 => Level::Medium,
            29..=45 => Level::Hard,
            46..=74 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The highest rating of the level.
    pub fn max_rating(self) -> Rating {
        Rating(match self {
            Level::Easy => 15,
            Level::Medium => 28,
            Level::Hard => 45,
            Level::Expert => 74,
            Level::Extreme => u16::MAX,
        })
    }

    /// The level's name: `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the five.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level {0:?}, expected easy, medium, hard, expert or extreme")]
pub struct LevelError(
    /// The name that was given.
    pub String,
);

impl FromStr for Level {
    type Err = LevelError;

    /// A level by name, in any case.
    fn from_str(name: &str) -> Result<Level, LevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| LevelError(name.to_string()))
    }
}

/// Why a puzzle cannot be graded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GradeError {
    /// The givens already break the rules.
    #[error("{}", crate::error::conflicts_in_puzzle(.0))]
    Conflicts(
        /// The conflicts.
        Vec<Conflict>,
    ),
    /// No grid completes the givens.
    #[error("the puzzle has no solution")]
    Unsolvable,
    /// More than one grid completes the givens, so no technique can decide
    /// between them.
    #[error("the puzzle has more than one solution")]
    NotUnique,
}

/// The difficulty of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grade {
    /// The rating: the hardest technique's, or [`Rating::GUESS`].
    pub rating: Rating,
    /// The level of the rating.
    pub level: Level,
    /// How many times each technique was used, easiest first; only the
    /// techniques used appear.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::techniques"))]
    pub techniques: Vec<(Technique, usize)>,
    /// How many cells logic filled.
    pub placed: usize,
    /// Sudoku Explainer's "pearl" (EP): the hardest step up to and including
    /// the first one that places a digit; 0.0 when no step places one.
    pub pearl: Rating,
    /// Sudoku Explainer's "diamond" (ED): the rating of the first step, the
    /// one before anything else is known; 0.0 for a complete grid.
    pub diamond: Rating,
}

impl Grade {
    /// The hardest technique used, if any.
    pub fn hardest(&self) -> Option<Technique> {
        self.techniques
            .iter()
            .map(|&(t, _)| t)
            .max_by_key(|t| (t.rating(), *t))
    }
}

/// The line `sudoku grade` prints: the level, the rating, and how many
/// times each technique was used, easiest first.
///
/// ```
/// use sudoku_core::{grade, Grid};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// let line = grade(&grid)?.to_string();
/// assert!(line.starts_with("easy "), "{line}");
/// assert!(line.contains(" full-house="), "{line}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.level, self.rating)?;
        for (t, n) in &self.techniques {
            write!(f, " {t}={n}")?;
        }
        Ok(())
    }
}

/// Grades `puzzle` by solving it with logic alone, always taking the
/// easiest step. The rating is that of the hardest step; when logic gets
/// stuck the puzzle is [`Level::Extreme`] and rated [`Rating::GUESS`].
/// A complete grid is rated 0.0.
///
/// The puzzle must have exactly one solution, which the fast solver checks
/// first.
///
/// ```
/// use sudoku_core::{grade, Grid, Level, Technique};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let grade = grade(&grid).unwrap();
/// assert_eq!(grade.level, Level::Easy);
/// assert!(grade.rating <= Technique::NakedSingle.rating());
/// ```
pub fn grade(puzzle: &Grid) -> Result<Grade, GradeError> {
    Grader::new().grade(puzzle)
}

/// The ranges of Sudoku Explainer's three numbers that a bounded grade
/// ([`grade_within`]) keeps: ER (the rating), EP (the pearl) and ED (the
/// diamond), and the hardest technique the solve may use.
///
/// ```
/// use sudoku_core::{Bounds, RatingRange};
/// let bounds = Bounds::rating("9.0..".parse::<RatingRange>()?);
/// assert_eq!(bounds.pearl, Bounds::ANY.pearl);
/// # Ok::<(), sudoku_core::RatingRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The range of the rating (ER).
    pub rating: RatingRange,
    /// The range of the pearl (EP).
    pub pearl: RatingRange,
    /// The range of the diamond (ED).
    pub diamond: RatingRange,
    /// The highest [`Technique::rating`] a step may have (its technique's
    /// rating, before a chain's length raises it): a solve that needs a
    /// harder technique is outside.
    pub techniques: Rating,
}

impl Bounds {
    /// Every grade: 0.0..20.0 for the three numbers.
    pub const ANY: Bounds = Bounds {
        rating: RatingRange::ALL,
        pearl: RatingRange::ALL,
        diamond: RatingRange::ALL,
        techniques: Rating::GUESS,
    };

    /// The grades whose rating is in `range`.
    pub fn rating(range: RatingRange) -> Bounds {
        Bounds {
            rating: range,
            ..Bounds::ANY
        }
    }

    fn keeps(&self, grade: &Grade) -> bool {
        self.rating.contains(grade.rating)
            && self.pearl.contains(grade.pearl)
            && self.diamond.contains(grade.diamond)
            && grade
                .techniques
                .iter()
                .all(|&(t, _)| t.rating() <= self.techniques)
    }
}

/// What a bounded grade found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Within {
    /// The grade, within the bounds: the same as [`grade`]'s.
    Inside(Grade),
    /// Outside the bounds, known after `steps` steps of the solve: the
    /// solve stopped there.
    Outside {
        /// The steps taken before the grade was known to be outside.
        steps: usize,
    },
}

/// [`grade`], stopping as soon as the grade is known to be outside
/// `bounds`: when a step is rated above the rating's (or, up to the first
/// placement, the pearl's; at the first step, the diamond's) upper bound,
/// or its technique above [`Bounds::techniques`], without searching the
/// techniques rated above them at all, and, for the
/// lower bounds, once the pearl and diamond are known or the solve ends.
/// Within the bounds, the grade is exactly [`grade`]'s. The generator and
/// `sudoku grade --rating` use it to leave out puzzles cheaply.
///
/// ```
/// use sudoku_core::{grade_within, Bounds, Grid, Within};
/// let grid: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let hard = Bounds::rating("4.0..".parse()?);
/// assert!(matches!(grade_within(&grid, &hard)?, Within::Outside { .. }));
/// let easy = Bounds::rating("..2.0".parse()?);
/// assert!(matches!(grade_within(&grid, &easy)?, Within::Inside(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade_within(puzzle: &Grid, bounds: &Bounds) -> Result<Within, GradeError> {
    Grader::new().grade_within(puzzle, bounds)
}

/// What a bounded solve met before it ended or went outside its bounds.
pub(crate) struct Seen {
    /// The technique of each step taken, in order.
    pub(crate) techniques: Vec<Technique>,
    /// The cells those steps placed and their digits, in order.
    pub(crate) placed: Vec<(Cell, Digit)>,
}

/// Grades many puzzles one after another: [`grade`] and [`grade_within`]
/// with the storage of the logic searches kept from one puzzle to the
/// next, rather than allocated again for each (a few percent of the time
/// on hard puzzles). Every grade is exactly [`grade`]'s.
///
/// ```
/// use sudoku_core::{Grader, Grid};
/// let mut grader = Grader::new();
/// for line in [
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// ] {
///     let grid: Grid = line.parse()?;
///     assert_eq!(grader.grade(&grid)?, sudoku_core::grade(&grid)?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Grader {
    /// The solver of the last puzzle, for its storage.
    last: Option<LogicSolver>,
}

impl Grader {
    /// A grader with nothing allocated yet.
    pub fn new() -> Grader {
        Grader::default()
    }

    /// [`grade`], with this grader's storage.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Grade, GradeError> {
        match self.grade_within(puzzle, &Bounds::ANY)? {
            Within::Inside(grade) => Ok(grade),
            // Every rating, pearl and diamond lies in 0.0..20.0.
            Within::Outside { .. } => unreachable!("nothing is outside Bounds::ANY"),
        }
    }

    /// [`grade_within`], with this grader's storage.
    pub fn grade_within(&mut self, puzzle: &Grid, bounds: &Bounds) -> Result<Within, GradeError> {
        self.grade_within_seen(puzzle, bounds)
            .map(|(within, _)| within)
    }

    /// [`grade_within`], with what the solve met: the technique of every
    /// step it took and the cells they placed (all of them when inside;
    /// those before it stopped when outside).
    pub(crate) fn grade_within_seen(
        &mut self,
        puzzle: &Grid,
        bounds: &Bounds,
    ) -> Result<(Within, Seen), GradeError> {
        let counters = Counters::of(puzzle);
        if counters.conflict_count() > 0 {
            return Err(GradeError::Conflicts(counters.conflicts()));
        }
        // The solver answers in microseconds; logic on a puzzle without one
        // solution could search nested forcing chains for a long time first.
        match default_solver().solutions_count_up_to(puzzle, 2) {
            0 => return Err(GradeError::Unsolvable),
            1 => {}
            _ => return Err(GradeError::NotUnique),
        }
        let mut solver = match self.last.take() {
            Some(earlier) => LogicSolver::reusing(puzzle, earlier),
            None => LogicSolver::new(puzzle),
        }
        .without_words();
        let within = solve_within(&mut solver, bounds);
        self.last = Some(solver);
        Ok(within)
    }
}

/// The bounded solve of [`Grader::grade_within_seen`], on `solver`.
fn solve_within(solver: &mut LogicSolver, bounds: &Bounds) -> (Within, Seen) {
    let seen = |steps: &[Step]| Seen {
        techniques: steps.iter().map(Step::technique).collect(),
        placed: steps
            .iter()
            .flat_map(|s| s.placements().iter().copied())
            .collect(),
    };
    let mut steps: Vec<Step> = Vec::new();
    let mut pearl: Option<Rating> = None;
    loop {
        let mut cap = bounds.rating.max;
        if pearl.is_none() {
            cap = cap.min(bounds.pearl.max);
        }
        if steps.is_empty() {
            cap = cap.min(bounds.diamond.max);
        }
        let step = match solver.advance_capped(cap, bounds.techniques) {
            Next::Step(step) => step,
            Next::Beyond => {
                return (Within::Outside { steps: steps.len() }, seen(&steps));
            }
            Next::Stuck => break,
        };
        if steps.is_empty() && !bounds.diamond.contains(step.rating()) {
            return (Within::Outside { steps: 1 }, seen(&[step]));
        }
        let placed_first = pearl.is_none() && !step.placements().is_empty();
        steps.push(step);
        if placed_first {
            let hardest = steps.iter().map(Step::rating).max().unwrap_or(Rating(0));
            if !bounds.pearl.contains(hardest) {
                return (Within::Outside { steps: steps.len() }, seen(&steps));
            }
            pearl = Some(hardest);
        }
    }
    let grade = grade_of(&steps, solver.is_solved());
    let within = if bounds.keeps(&grade) {
        Within::Inside(grade)
    } else {
        Within::Outside { steps: steps.len() }
    };
    (within, seen(&steps))
}

/// The grade of a solve made of `steps`, which filled the grid or not.
pub(crate) fn grade_of(steps: &[Step], solved: bool) -> Grade {
    let mut counts = [0usize; Technique::ALL.len()];
    for step in steps {
        counts[step.technique() as usize] += 1;
    }
    let techniques: Vec<(Technique, usize)> = Technique::ALL
        .into_iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .collect();
    let hardest = steps.iter().map(Step::rating).max();
    let rating = if solved {
        hardest.unwrap_or(Rating(0))
    } else {
        Rating::GUESS
    };
    let first_placement = steps.iter().position(|s| !s.placements().is_empty());
    let pearl = first_placement.map_or(Rating(0), |last| {
        steps[..=last]
            .iter()
            .map(Step::rating)
            .max()
            .unwrap_or(Rating(0))
    });
    let diamond = steps.first().map_or(Rating(0), Step::rating);
    Grade {
        rating,
        level: Level::of(rating),
        techniques,
        placed: steps.iter().map(|s| s.placements().len()).sum(),
        pearl,
        diamond,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_ranges_parse_with_open_ends_and_refuse_nonsense() {
        let r = |text: &str| text.parse::<RatingRange>();
        assert_eq!(
            r("8.5..9.5"),
            Ok(RatingRange {
                min: Rating(85),
                max: Rating(95)
            })
        );
        assert_eq!(
            r("7.5..").map(|r| (r.min, r.max)),
            Ok((Rating(75), Rating(200)))
        );
        assert_eq!(
            r("..2").map(|r| (r.min, r.max)),
            Ok((Rating(0), Rating(20)))
        );
        assert_eq!(
            r(" 3..3 ").map(|r| r.to_string()),
            Ok("3.0..3.0".to_string())
        );
        for bad in [
            "9..8", "8.5", "8.55..9", "a..b", "1.2.3..4", "25..30", "-1..2",
        ] {
            let e = r(bad).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with(&format!("invalid rating range {bad:?}: ")),
                "{e}"
            );
        }
        assert_eq!(
            r(".."),
            Ok(RatingRange {
                min: Rating(0),
                max: Rating(200)
            })
        );
    }

    #[test]
    fn a_level_is_the_range_of_its_ratings() {
        for tenths in 0..=120 {
            let rating = Rating::from_tenths(tenths);
            for level in Level::ALL {
                assert_eq!(
                    RatingRange::of_level(level).contains(rating),
                    Level::of(rating) == level
                );
            }
        }
    }

    #[test]
    fn ratings_print_with_one_decimal() {
        assert_eq!(Rating::from_tenths(42).to_string(), "4.2");
        assert_eq!(Rating::GUESS.to_string(), "20.0");
        assert_eq!(Rating::from_tenths(5).to_string(), "0.5");
        assert!((Rating::from_tenths(23).as_f32() - 2.3).abs() < 1e-6);
    }

    #[test]
    fn levels_cover_the_scale_in_order() {
        let mut last = Level::Easy;
        for tenths in 0..=120 {
            let level = Level::of(Rating::from_tenths(tenths));
            assert!(level >= last);
            assert!(Rating::from_tenths(tenths) <= level.max_rating());
            last = level;
        }
        assert_eq!(Level::of(Technique::HiddenSingleLine.rating()), Level::Easy);
        assert_eq!(Level::of(Technique::NakedSingle.rating()), Level::Medium);
        assert_eq!(Level::of(Technique::Claiming.rating()), Level::Medium);
        assert_eq!(Level::of(Technique::NakedPair.rating()), Level::Hard);
        assert_eq!(Level::of(Technique::HiddenPair.rating()), Level::Hard);
        assert_eq!(Level::of(Technique::NakedTriple.rating()), Level::Hard);
        assert_eq!(Level::of(Technique::UniqueRectangle.rating()), Level::Hard);
        assert_eq!(Level::of(Technique::NakedQuad.rating()), Level::Expert);
        assert_eq!(Level::of(Technique::ForcingChain.rating()), Level::Expert);
        assert_eq!(Level::of(Rating::from_tenths(74)), Level::Expert);
        assert_eq!(Level::of(Rating::from_tenths(75)), Level::Extreme);
        assert_eq!(Level::of(Rating::GUESS), Level::Extreme);
    }

    #[test]
    fn techniques_are_listed_in_rating_order() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0].rating() <= pair[1].rating(), "{pair:?}");
        }
        for (i, t) in Technique::ALL.iter().enumerate() {
            assert_eq!(*t as usize, i);
        }
    }

    #[test]
    fn level_names_parse() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(
            "brutal".parse::<Level>().unwrap_err().to_string(),
            "unknown level \"brutal\", expected easy, medium, hard, expert or extreme"
        );
    }

    #[test]
    fn bad_puzzles_are_refused() {
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "55");
        let grid: Grid = line.parse().unwrap();
        assert!(matches!(grade(&grid), Err(GradeError::Conflicts(_))));
        assert_eq!(grade(&Grid::empty()), Err(GradeError::NotUnique));
        // consistent givens that no grid completes
        let dead: Grid = format!(".12345678{}{}", "9........", ".".repeat(63))
            .parse()
            .unwrap();
        assert_eq!(grade(&dead), Err(GradeError::Unsolvable));
        assert_eq!(
            GradeError::Conflicts(Counters::of(&grid).conflicts()).to_string(),
            "there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s"
        );
        // The same sentence as a game's, from the same code.
        assert_eq!(
            grade(&grid).unwrap_err().to_string(),
            crate::Game::new(grid).unwrap_err().to_string()
        );
    }

    #[test]
    fn a_complete_grid_is_rated_zero() {
        let solved: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let g = grade(&solved).unwrap();
        assert_eq!(
            (g.rating, g.level, g.placed, g.pearl, g.diamond),
            (Rating(0), Level::Easy, 0, Rating(0), Rating(0))
        );
        assert!(g.techniques.is_empty() && g.hardest().is_none());
    }

    /// Bounds from one decimal each: `min..max` tenths for the rating,
    /// pearl and diamond.
    fn bounds(r: (u16, u16), p: (u16, u16), d: (u16, u16)) -> Bounds {
        let range = |(min, max): (u16, u16)| RatingRange {
            min: Rating(min),
            max: Rating(max),
        };
        Bounds {
            rating: range(r),
            pearl: range(p),
            diamond: range(d),
            techniques: Rating::GUESS,
        }
    }

    #[test]
    fn a_bounded_grade_is_the_grade_inside_and_stops_at_the_first_step_outside() {
        // The built-in puzzles from easy to dynamic forcing chains (+), but
        // the famous hardest, whose nested chains take seconds each solve.
        let nested = ["escargot", "inkala", "easter", "golden", "coloin"];
        for builtin in crate::builtin::PUZZLES
            .iter()
            .filter(|b| !nested.iter().any(|n| b.name.contains(n)))
        {
            let puzzle = builtin.grid().unwrap();
            let full = grade(&puzzle).unwrap();
            let steps = LogicSolver::new(&puzzle).run().steps;
            let (er, ep, ed) = (full.rating.0, full.pearl.0, full.diamond.0);
            // Around each of the three numbers: just inside, just outside.
            let cases = [
                bounds((er, er), (0, 200), (0, 200)),
                bounds((0, er.saturating_sub(1)), (0, 200), (0, 200)),
                bounds((er + 1, 200), (0, 200), (0, 200)),
                bounds((0, 200), (ep, ep), (ed, ed)),
                bounds((0, 200), (0, ep.saturating_sub(1)), (0, 200)),
                bounds((0, 200), (ep + 1, 200), (0, 200)),
                bounds((0, 200), (0, 200), (0, ed.saturating_sub(1))),
            ];
            for b in cases {
                let within = grade_within(&puzzle, &b).unwrap();
                if b.keeps(&full) {
                    assert_eq!(within, Within::Inside(full.clone()), "{}", builtin.name);
                    continue;
                }
                let Within::Outside { steps: taken } = within else {
                    panic!("{}: {b:?} kept {full:?}", builtin.name);
                };
                // Above a maximum, the solve stops at the first step above
                // it (before searching for it when no technique below the
                // maximum is left): never after.
                let first_above =
                    |max: Rating, upto: usize| steps[..upto].iter().position(|s| s.rating() > max);
                let first_placement = steps
                    .iter()
                    .position(|s| !s.placements().is_empty())
                    .map_or(steps.len(), |i| i + 1);
                let limit = [
                    first_above(b.rating.max, steps.len()),
                    first_above(b.pearl.max, first_placement),
                    first_above(b.diamond.max, 1.min(steps.len())),
                ]
                .into_iter()
                .flatten()
                .min();
                match limit {
                    Some(at) => assert_eq!(taken, at, "{}: {b:?}", builtin.name),
                    None => assert!(taken <= steps.len(), "{}: {b:?}", builtin.name),
                }
            }
        }
    }

    #[test]
    fn a_bounded_grade_skips_the_techniques_above_its_cap() {
        // Tarek's puzzle needs dynamic forcing chains (+): below 7.5 its
        // solve stops at the first position that needs a forcing chain,
        // having searched no forcing chain at all.
        let puzzle: Grid =
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1..."
                .parse()
                .unwrap();
        let steps = LogicSolver::new(&puzzle).run().steps;
        let first_forcing = steps
            .iter()
            .position(|s| s.rating() >= Technique::Nishio.rating())
            .unwrap();
        let below = bounds((0, 74), (0, 200), (0, 200));
        assert_eq!(
            grade_within(&puzzle, &below).unwrap(),
            Within::Outside {
                steps: first_forcing
            }
        );
    }

    #[test]
    fn one_grader_grades_every_puzzle_as_a_fresh_one_would() {
        // The built-in puzzles but the nested ones (seconds each), forward
        // and backward, each after a bounded grade of another that stopped
        // part way (what it leaves in the grader's storage is a solve cut
        // short) and after puzzles that cannot be graded.
        let nested = ["escargot", "inkala", "easter", "golden", "coloin"];
        let puzzles: Vec<Grid> = crate::builtin::PUZZLES
            .iter()
            .filter(|b| !nested.iter().any(|n| b.name.contains(n)))
            .map(|b| b.grid().unwrap())
            .collect();
        let fresh: Vec<Grade> = puzzles.iter().map(|p| grade(p).unwrap()).collect();
        let mut grader = Grader::new();
        let order: Vec<usize> = (0..puzzles.len()).chain((0..puzzles.len()).rev()).collect();
        let mut stopped = 0;
        for (k, &i) in order.iter().enumerate() {
            assert_eq!(grader.grade(&puzzles[i]).unwrap(), fresh[i], "puzzle {i}");
            let other = (i + 1 + k % 3) % puzzles.len();
            let cap = fresh[other].rating.0.saturating_sub(1);
            let within = grader
                .grade_within(&puzzles[other], &bounds((0, cap), (0, 200), (0, 200)))
                .unwrap();
            if let Within::Outside { steps } = within {
                stopped += usize::from(steps > 0);
            }
            assert_eq!(grader.grade(&Grid::empty()), Err(GradeError::NotUnique));
        }
        assert!(
            stopped > puzzles.len(),
            "few solves were cut short: {stopped}"
        );
    }
}
