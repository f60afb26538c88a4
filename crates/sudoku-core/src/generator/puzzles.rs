//! Puzzles from complete grids, by removing givens: a range of blanks,
//! uniqueness kept at every removal, minimal puzzles, symmetric blanks.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::error::{GenerateError, HolesError, SpecError};
use super::grids::random_grid;
use super::symmetry::Symmetry;
use crate::grid::Grid;
use crate::logic::{grade, Level, RatingRange};
use crate::pos::{Cell, Digit};
use crate::solver::{
    givens_count_up_to, givens_have_solution_without, FastGivens, Solver, SolverKind,
};

/// How many grids one puzzle tries by default before
/// [`GenerateError::GaveUp`]: it bounds the time a rare target can take.
pub const MAX_ATTEMPTS: u32 = 500;

/// The most blanks a unique puzzle may be asked to have at least. In 3,000
/// random removal orders, one reached 60 blanks (21 givens) and none 61;
/// 60 and 61 are tried within the attempts allowed, more is refused at once.
pub const UNIQUE_REACH: u8 = 61;

/// A range of blanks, `min..=max`, within the 81 cells.
///
/// ```
/// use sudoku_core::generator::Holes;
/// let holes: Holes = "20-55".parse().unwrap();
/// assert_eq!((holes.min(), holes.max()), (20, 55));
/// assert_eq!("40".parse::<Holes>().unwrap().to_string(), "40-40");
/// assert!("60-20".parse::<Holes>().is_err());
/// assert!("0-90".parse::<Holes>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Holes {
    min: u8,
    max: u8,
}

impl Holes {
    /// Any number of blanks, 0 to 81.
    pub const ANY: Holes = Holes { min: 0, max: 81 };

    /// The range `min..=max`, refused when reversed or above 81.
    pub fn new(min: u8, max: u8) -> Result<Holes, HolesError> {
        if max > 81 || min > 81 {
            Err(HolesError::TooMany(max.max(min).to_string()))
        } else if min > max {
            Err(HolesError::Reversed { min, max })
        } else {
            Ok(Holes { min, max })
        }
    }

    /// The fewest blanks.
    pub fn min(self) -> u8 {
        self.min
    }

    /// The most blanks.
    pub fn max(self) -> u8 {
        self.max
    }

    /// Whether `blanks` is in the range.
    pub fn contains(self, blanks: usize) -> bool {
        (usize::from(self.min)..=usize::from(self.max)).contains(&blanks)
    }

    /// The blanks in both ranges, or `None` when they do not meet.
    pub fn intersect(self, other: Holes) -> Option<Holes> {
        let (min, max) = (self.min.max(other.min), self.max.min(other.max));
        (min <= max).then_some(Holes { min, max })
    }
}

impl FromStr for Holes {
    type Err = HolesError;

    fn from_str(text: &str) -> Result<Holes, HolesError> {
        let number = |s: &str| -> Result<u8, HolesError> {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(HolesError::Syntax(text.to_string()));
            }
            // Digits only: a number too large for any integer type is still
            // "too many", and the message quotes it as written.
            match s.parse::<u8>() {
                Ok(n) if n <= 81 => Ok(n),
                _ => Err(HolesError::TooMany(s.to_string())),
            }
        };
        match text.split_once('-') {
            Some((min, max)) => Holes::new(number(min)?, number(max)?),
            None => {
                let n = number(text)?;
                Holes::new(n, n)
            }
        }
    }
}

impl fmt::Display for Holes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// What a puzzle's solutions must be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// Any number of solutions: the blanks are chosen at random.
    #[default]
    Any,
    /// Exactly one solution, kept at every removal.
    Unique,
    /// Exactly one solution, and no given can be removed without losing it.
    Minimal,
}

impl Uniqueness {
    /// `puzzle`, `unique puzzle` or `minimal unique puzzle`.
    pub fn noun(self) -> &'static str {
        match self {
            Uniqueness::Any => "puzzle",
            Uniqueness::Unique => "unique puzzle",
            Uniqueness::Minimal => "minimal unique puzzle",
        }
    }

    fn keeps_unique(self) -> bool {
        self != Uniqueness::Any
    }
}

/// What to make: a range of blanks, what the solutions must be, and the
/// symmetry of the givens. Built by [`PuzzleSpec::new`], which refuses
/// requests that can never be met.
///
/// ```
/// use sudoku_core::generator::{Holes, PuzzleSpec, Symmetry, Uniqueness};
/// let holes = Holes::new(64, 70).unwrap();
/// assert!(PuzzleSpec::new(holes, Uniqueness::Unique, Symmetry::None).is_err());
/// assert!(PuzzleSpec::new(holes, Uniqueness::Any, Symmetry::None).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSpec {
    holes: Holes,
    uniqueness: Uniqueness,
    symmetry: Symmetry,
    orbits: Vec<Vec<u8>>,
    /// The blanks counts in range that the symmetry's orbits can add up to.
    counts: Vec<u8>,
    attempts: u32,
    level: Option<Level>,
    rating: Option<RatingRange>,
}

impl PuzzleSpec {
    /// The request, or why it can never be met: more than 64 blanks with a
    /// unique solution (or more than [`UNIQUE_REACH`], which random removal
    /// does not reach), or a range the symmetry's groups cannot add up to.
    pub fn new(
        holes: Holes,
        uniqueness: Uniqueness,
        symmetry: Symmetry,
    ) -> Result<PuzzleSpec, SpecError> {
        if uniqueness.keeps_unique() && holes.min > 64 {
            return Err(SpecError::BeyondUniqueness { min: holes.min });
        }
        if uniqueness.keeps_unique() && holes.min > UNIQUE_REACH {
            return Err(SpecError::BeyondReach {
                min: holes.min,
                reach: UNIQUE_REACH,
            });
        }
        let orbits = symmetry.orbits();
        let counts: Vec<u8> = reachable_counts(&orbits)
            .into_iter()
            .filter(|&n| holes.contains(usize::from(n)))
            .filter(|&n| !uniqueness.keeps_unique() || n <= 64)
            .collect();
        if counts.is_empty() {
            return Err(SpecError::Unreachable {
                symmetry,
                holes,
                groups: "four at a time, and the centre alone",
            });
        }
        Ok(PuzzleSpec {
            holes,
            uniqueness,
            symmetry,
            orbits,
            counts,
            attempts: MAX_ATTEMPTS,
            level: None,
            rating: None,
        })
    }

    /// The same request for puzzles that [`grade`]
    /// rates exactly `level`. A grade needs one solution, so
    /// [`Uniqueness::Any`] becomes [`Uniqueness::Unique`], and the request
    /// is checked again as by [`PuzzleSpec::new`]. The level is reached by
    /// steering the removals (see `docs/generator.md`).
    ///
    /// ```
    /// use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
    /// use sudoku_core::{grade, Level, SolverKind};
    /// let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Any, Symmetry::None)?
    ///     .with_level(Level::Hard)?;
    /// assert_eq!(spec.uniqueness(), Uniqueness::Unique);
    /// let made = Batch::new(3).puzzle(0, &spec, SolverKind::default().solver())?;
    /// assert_eq!(grade(&made.puzzle)?.level, Level::Hard);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_level(self, level: Level) -> Result<PuzzleSpec, SpecError> {
        let uniqueness = match self.uniqueness {
            Uniqueness::Any => Uniqueness::Unique,
            other => other,
        };
        let mut spec = PuzzleSpec::new(self.holes, uniqueness, self.symmetry)?;
        spec.attempts = self.attempts;
        spec.level = Some(level);
        Ok(spec)
    }

    /// The same request for puzzles that [`grade`]
    /// rates within `range` (Sudoku Explainer's scale), found as for a level
    /// by steering the removals; a level asked before is dropped. As with a
    /// level, [`Uniqueness::Any`] becomes [`Uniqueness::Unique`].
    ///
    /// ```
    /// use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
    /// use sudoku_core::{grade, RatingRange, SolverKind};
    /// let range: RatingRange = "3.0..4.5".parse()?;
    /// let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Any, Symmetry::None)?.with_rating(range)?;
    /// let made = Batch::new(3).puzzle(0, &spec, SolverKind::default().solver())?;
    /// assert!(range.contains(grade(&made.puzzle)?.rating));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rating(self, range: RatingRange) -> Result<PuzzleSpec, SpecError> {
        let mut spec = self.with_level(Level::Easy)?;
        spec.level = None;
        spec.rating = Some(range);
        Ok(spec)
    }

    /// The level asked, if any.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The range of ratings asked, if any.
    pub fn rating(&self) -> Option<RatingRange> {
        self.rating
    }

    /// The blanks counts in range that the symmetry's orbits can make, in
    /// increasing order (never empty).
    pub(super) fn counts(&self) -> &[u8] {
        &self.counts
    }

    /// The orbits in a random order.
    pub(super) fn orbit_order<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<&[u8]> {
        let mut order: Vec<&[u8]> = self.orbits.iter().map(Vec::as_slice).collect();
        shuffle(&mut order, rng);
        order
    }

    /// The same request, trying at most `attempts` grids per puzzle (at
    /// least one) instead of [`MAX_ATTEMPTS`].
    pub fn with_attempts(mut self, attempts: u32) -> PuzzleSpec {
        self.attempts = attempts.max(1);
        self
    }

    /// How many grids one puzzle may try.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// The range of blanks.
    pub fn holes(&self) -> Holes {
        self.holes
    }

    /// What the solutions must be.
    pub fn uniqueness(&self) -> Uniqueness {
        self.uniqueness
    }

    /// The symmetry of the givens.
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// One attempt at a puzzle whose solution is `solution` (a solved grid):
    /// blanks groups of cells in random order, keeping a unique solution
    /// when asked, up to a number of blanks drawn from the range (or until
    /// nothing more can go, for a minimal puzzle). `Err` holds the blanks
    /// reached when the result misses the range (or, with a symmetry, is
    /// not minimal cell by cell). With a level ([`PuzzleSpec::with_level`])
    /// the removals are steered by grade and `Err` also means no puzzle of
    /// that level was found from this solution.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_xoshiro::Xoshiro256PlusPlus;
    /// use sudoku_core::generator::{random_grid, Holes, PuzzleSpec, Symmetry, Uniqueness};
    /// use sudoku_core::{Dfs, Solver};
    /// let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    /// let solution = random_grid(&mut rng);
    /// let spec = PuzzleSpec::new("30-40".parse().unwrap(), Uniqueness::Unique, Symmetry::Rot180)
    ///     .unwrap();
    /// let puzzle = spec.dig(&solution, &Dfs, &mut rng).unwrap();
    /// assert!(spec.holes().contains(81 - puzzle.givens()));
    /// assert!(Dfs.is_uniquely_solvable(&puzzle) && puzzle.is_solved_by(&solution));
    /// ```
    pub fn dig<R: Rng + ?Sized>(
        &self,
        solution: &Grid,
        solver: &dyn Solver,
        rng: &mut R,
    ) -> Result<Grid, u8> {
        let digger = Digger::new(solution, solver);
        if let Some(range) = self.rating {
            return super::difficulty::dig_to_rating(self, range, digger, rng);
        }
        if let Some(level) = self.level {
            return super::difficulty::dig_to_level(self, level, digger, rng);
        }
        let mut digger = digger;
        let target = match self.uniqueness {
            Uniqueness::Minimal => 81,
            _ => usize::from(self.counts[below(rng, self.counts.len() as u64) as usize]),
        };
        let order = self.orbit_order(rng);
        let mut holes = 0;
        for orbit in order {
            if holes + orbit.len() > target {
                continue;
            }
            digger.remove(orbit);
            if !self.uniqueness.keeps_unique() || digger.still_unique(orbit) {
                holes += orbit.len();
                if holes == target {
                    break;
                }
            } else {
                digger.restore(orbit);
            }
        }
        let reached = holes as u8;
        if !self.holes.contains(holes) {
            return Err(reached);
        }
        // Without symmetry each cell was tried alone on a puzzle with more
        // givens, so the pass leaves a minimal puzzle; groups need a check.
        if self.uniqueness == Uniqueness::Minimal
            && self.symmetry != Symmetry::None
            && !digger.is_minimal()
        {
            return Err(reached);
        }
        Ok(digger.grid())
    }
}

/// The sums the orbits' sizes can make, 0 to 81.
fn reachable_counts(orbits: &[Vec<u8>]) -> Vec<u8> {
    let mut reachable = [false; 82];
    reachable[0] = true;
    for orbit in orbits {
        for n in (orbit.len()..82).rev() {
            reachable[n] |= reachable[n - orbit.len()];
        }
    }
    (0..82u8).filter(|&n| reachable[usize::from(n)]).collect()
}

/// A number below `n` (above 0) from one draw: the high half of a 128-bit
/// product, so the result depends only on the RNG's output (value-stable
/// across `rand` versions), with a bias below `n / 2^64`.
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64
}

/// Fisher-Yates with [`below`].
pub(super) fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A puzzle being dug out of its solution, with the givens' masks for the
/// cheap uniqueness test.
#[derive(Clone)]
pub(super) struct Digger<'a> {
    solver: &'a dyn Solver,
    solution: [u8; 81],
    cells: [u8; 81],
    /// Per row, column and box: the givens, bit `d - 1` for digit `d`.
    units: [[u16; 9]; 3],
    /// With the fast solver or the router: the fast engine's starting
    /// state, kept up to date with `cells` (cheaper than rebuilding it for
    /// each test).
    fast: Option<FastGivens>,
    /// Whether the searches from `fast` go through the router.
    routed: bool,
    /// The solution's unavoidable rectangles (see [`Rectangles`]).
    rectangles: Rectangles,
    /// The blank cells, bit `i` for cell `i`.
    blanks: u128,
}

/// The unavoidable rectangles of a solution: four cells in two rows, two
/// columns and two boxes holding `a b / b a`. Swapping `a` and `b` in them
/// gives another solution, so a puzzle with all four blank has two: no
/// search needed to refuse the blank that empties one.
#[derive(Clone)]
struct Rectangles {
    masks: [u128; Rectangles::MOST],
    len: usize,
}

impl Rectangles {
    /// Rectangles kept at most (a solution rarely has more than a handful;
    /// missing some only costs searches).
    const MOST: usize = 32;

    fn of(solution: &[u8; 81]) -> Rectangles {
        let mut found = Rectangles {
            masks: [0; Rectangles::MOST],
            len: 0,
        };
        let at = |r: usize, c: usize| solution[r * 9 + c];
        // The column of each digit in each row.
        let mut column = [[0usize; 10]; 9];
        for (i, &d) in solution.iter().enumerate() {
            column[i / 9][usize::from(d)] = i % 9;
        }
        for r1 in 0..9 {
            for (r2, column_of) in column.iter().enumerate().skip(r1 + 1) {
                for c1 in 0..9 {
                    // Row r2 holds row r1's digit at c1 in one column only.
                    let c2 = column_of[usize::from(at(r1, c1))];
                    // Two boxes: the rows share a band or the columns a
                    // stack, not both (one box cannot hold a digit twice).
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    if c2 > c1 && two_boxes && at(r1, c2) == at(r2, c1) && found.len < Self::MOST {
                        found.masks[found.len] = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                            .iter()
                            .fold(0, |mask, &(r, c)| mask | 1u128 << (r * 9 + c));
                        found.len += 1;
                    }
                }
            }
        }
        found
    }

    /// Whether one of the rectangles lies wholly in `blanks`.
    fn any_blank(&self, blanks: u128) -> bool {
        self.masks[..self.len].iter().any(|&m| m & !blanks == 0)
    }
}

impl<'a> Digger<'a> {
    pub(super) fn new(solution: &Grid, solver: &'a dyn Solver) -> Digger<'a> {
        debug_assert!(solution.is_solved());
        // A solved grid: every unit holds every digit.
        Digger {
            solver,
            solution: *solution.cells(),
            cells: *solution.cells(),
            units: [[0x1ff; 9]; 3],
            fast: matches!(solver.kind(), Some(SolverKind::Fast | SolverKind::Auto))
                .then(|| FastGivens::new(solution.cells()))
                .flatten(),
            routed: solver.kind() == Some(SolverKind::Auto),
            rectangles: Rectangles::of(solution.cells()),
            blanks: 0,
        }
    }

    fn unit_indices(i: usize) -> [usize; 3] {
        let (r, c) = (i / 9, i % 9);
        [r, c, r / 3 * 3 + c / 3]
    }

    pub(super) fn remove(&mut self, orbit: &[u8]) {
        for &i in orbit {
            let i = usize::from(i);
            let bit = 1 << (self.solution[i] - 1);
            self.cells[i] = 0;
            self.blanks |= 1 << i;
            for (unit, k) in self.units.iter_mut().zip(Self::unit_indices(i)) {
                unit[k] &= !bit;
            }
            self.sync_fast(i);
        }
    }

    pub(super) fn restore(&mut self, orbit: &[u8]) {
        for &i in orbit {
            let i = usize::from(i);
            let bit = 1 << (self.solution[i] - 1);
            self.cells[i] = self.solution[i];
            self.blanks &= !(1 << i);
            for (unit, k) in self.units.iter_mut().zip(Self::unit_indices(i)) {
                unit[k] |= bit;
            }
            self.sync_fast(i);
        }
    }

    /// Brings the fast solver's state in line with cell `i`.
    fn sync_fast(&mut self, i: usize) {
        if let Some(fast) = &mut self.fast {
            // Givens taken from a solution never conflict.
            let synced = fast.set(i, self.cells[i]);
            debug_assert!(synced.is_some());
        }
    }

    fn seen(&self, i: usize) -> u16 {
        let [r, c, b] = Self::unit_indices(i);
        self.units[0][r] | self.units[1][c] | self.units[2][b]
    }

    /// Whether the puzzle, just after blanking `orbit`, still has one
    /// solution. The puzzle before had one; if every blanked cell is forced
    /// by the givens left (a naked or hidden single), every solution now
    /// agrees with that one. Otherwise the solver counts up to two.
    pub(super) fn still_unique(&self, orbit: &[u8]) -> bool {
        if self.all_forced(orbit) {
            return true;
        }
        if self.rectangles.any_blank(self.blanks) {
            return false;
        }
        // Any other solution differs from the old one at a blanked cell.
        match (orbit, &self.fast) {
            (&[cell], Some(fast)) => {
                let i = usize::from(cell);
                let digit = usize::from(self.solution[i] - 1);
                if self.routed {
                    !givens_have_solution_without(fast, i, digit)
                } else {
                    !fast.has_solution_without(i, digit)
                }
            }
            (&[cell], None) => {
                let i = usize::from(cell);
                let (cell, digit) = (Cell::new(i), Digit::new(self.solution[i]));
                let (cell, digit) = (cell.expect("below 81"), digit.expect("a digit"));
                !self.solver.has_solution_without(&self.grid(), cell, digit)
            }
            (_, Some(fast)) if self.routed => givens_count_up_to(fast, 2) == 1,
            (_, Some(fast)) => fast.count_up_to(2) == 1,
            (_, None) => self.solver.solutions_count_up_to(&self.grid(), 2) == 1,
        }
    }

    /// Whether the orbit is blank.
    pub(super) fn is_blank(&self, orbit: &[u8]) -> bool {
        self.cells[usize::from(orbit[0])] == 0
    }

    /// Whether every cell of `orbit` (just blanked) is forced by the givens
    /// left.
    pub(super) fn all_forced(&self, orbit: &[u8]) -> bool {
        orbit.iter().all(|&i| {
            let i = usize::from(i);
            match &self.fast {
                Some(fast) => fast.forces(i, usize::from(self.solution[i] - 1)),
                None => self.forced(i),
            }
        })
    }

    /// Whether hidden singles alone fill the grid from the givens (the easy
    /// level of the grader), or with `intersections`, naked and hidden
    /// singles and locked candidates (pointing and claiming). A puzzle they fill
    /// has one solution.
    pub(super) fn logic_fills(&self, intersections: bool) -> bool {
        super::difficulty::Closure::new(&self.cells).fills(intersections)
    }

    /// Whether the givens force the blank cell `i` to its solution's digit:
    /// it sees every other digit, or no other blank cell of one of its units
    /// can take that digit.
    fn forced(&self, i: usize) -> bool {
        let bit = 1 << (self.solution[i] - 1);
        if self.seen(i) | bit == 0x1ff {
            return true;
        }
        let (r, c) = (i / 9, i % 9);
        let (top, left) = (r / 3 * 3, c / 3 * 3);
        let row = (0..9).map(|k| r * 9 + k);
        let col = (0..9).map(|k| k * 9 + c);
        let block = (0..9).map(|k| (top + k / 3) * 9 + left + k % 3);
        let excluded = |j: usize| j == i || self.cells[j] != 0 || self.seen(j) & bit != 0;
        row.clone().all(excluded) || col.clone().all(excluded) || block.clone().all(excluded)
    }

    /// Whether no single given can be blanked keeping one solution.
    pub(super) fn is_minimal(&mut self) -> bool {
        (0..81u8).all(|i| {
            if self.cells[usize::from(i)] == 0 {
                return true;
            }
            self.remove(&[i]);
            let unique = self.still_unique(&[i]);
            self.restore(&[i]);
            !unique
        })
    }

    pub(super) fn grid(&self) -> Grid {
        Grid::from_cells(self.cells).expect("the digger holds only digits")
    }
}

/// A puzzle and its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The puzzle: the givens, blanks elsewhere.
    pub puzzle: Grid,
    /// The complete grid it was dug from: its only solution when uniqueness
    /// was asked.
    pub solution: Grid,
}

impl Puzzle {
    /// How many cells are blank.
    pub fn holes(&self) -> usize {
        81 - self.puzzle.givens()
    }

    /// The puzzle's level by [`grade`], or `None` when
    /// it has more than one solution (a puzzle made without uniqueness).
    pub fn level(&self) -> Option<Level> {
        grade(&self.puzzle).ok().map(|g| g.level)
    }
}

/// A puzzle from a fresh random grid, trying up to
/// [`PuzzleSpec::attempts`] grids.
///
/// ```
/// use rand::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
/// use sudoku_core::generator::{generate_puzzle, PuzzleSpec, Symmetry, Uniqueness, Holes};
/// use sudoku_core::{Dfs, Solver};
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
/// let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None).unwrap();
/// let made = generate_puzzle(&spec, &Dfs, &mut rng).unwrap();
/// assert!(Dfs.is_uniquely_solvable(&made.puzzle));
/// ```
pub fn generate_puzzle<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    solver: &dyn Solver,
    rng: &mut R,
) -> Result<Puzzle, GenerateError> {
    make_puzzle(spec, solver, rng, |rng| random_grid(rng))
}

/// A puzzle from the grids `grids` draws, trying up to
/// [`PuzzleSpec::attempts`] of them.
pub(crate) fn make_puzzle<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    solver: &dyn Solver,
    rng: &mut R,
    mut grids: impl FnMut(&mut R) -> Grid,
) -> Result<Puzzle, GenerateError> {
    let (mut fewest, mut most) = (u8::MAX, 0);
    for _ in 0..spec.attempts {
        let solution = grids(rng);
        match spec.dig(&solution, solver, rng) {
            Ok(puzzle) => return Ok(Puzzle { puzzle, solution }),
            Err(reached) => {
                fewest = fewest.min(reached);
                most = most.max(reached);
            }
        }
    }
    if let Some(range) = spec.rating {
        return Err(GenerateError::RatingNotReached {
            range,
            holes: spec.holes,
            attempts: spec.attempts,
        });
    }
    if let Some(level) = spec.level {
        return Err(GenerateError::LevelNotReached {
            level,
            holes: spec.holes,
            attempts: spec.attempts,
        });
    }
    Err(GenerateError::GaveUp {
        holes: spec.holes,
        uniqueness: spec.uniqueness,
        attempts: spec.attempts,
        fewest,
        most,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Dfs, Fast};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn rectangles_are_every_swappable_four_cells() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut total = 0;
        for _ in 0..200 {
            let solution = random_grid(&mut rng);
            let found = Rectangles::of(solution.cells());
            total += found.len;
            // Brute force: every two rows and two columns whose four cells
            // can swap their two digits and leave a valid grid.
            let mut want = Vec::new();
            for (r1, r2, c1, c2) in (0..9).flat_map(|r1| {
                (r1 + 1..9).flat_map(move |r2| {
                    (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2)))
                })
            }) {
                let cells = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, c)| r * 9 + c);
                let mut swapped = *solution.cells();
                let [a, b] = [swapped[cells[0]], swapped[cells[1]]];
                if a == b || swapped[cells[3]] != a || swapped[cells[2]] != b {
                    continue;
                }
                for &i in &cells {
                    swapped[i] = if swapped[i] == a { b } else { a };
                }
                if Grid::from_cells(swapped).unwrap().is_solved() {
                    want.push(cells.iter().fold(0u128, |m, &i| m | 1 << i));
                }
            }
            let mut got = found.masks[..found.len].to_vec();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want);
        }
        assert!(total > 100, "{total} rectangles in 200 grids");
    }

    #[test]
    fn the_fast_shortcuts_agree_with_the_plain_tests() {
        // Blank random cells of random grids (putting some back) with the
        // fast solver's state kept in step, and compare its single test and
        // uniqueness test with the unit masks' and the DFS's at each step.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..40 {
            let solution = random_grid(&mut rng);
            let mut fast = Digger::new(&solution, &Fast);
            let mut plain = Digger::new(&solution, &Dfs);
            assert!(fast.fast.is_some() && plain.fast.is_none());
            for _ in 0..70 {
                let i = below(&mut rng, 81) as u8;
                let orbit = [i];
                if fast.is_blank(&orbit) {
                    fast.restore(&orbit);
                    plain.restore(&orbit);
                    continue;
                }
                fast.remove(&orbit);
                plain.remove(&orbit);
                for cell in 0..81 {
                    if fast.is_blank(&[cell]) {
                        assert_eq!(fast.all_forced(&[cell]), plain.all_forced(&[cell]));
                    }
                }
                let unique = plain.still_unique(&orbit);
                assert_eq!(fast.still_unique(&orbit), unique);
                if !unique {
                    fast.restore(&orbit);
                    plain.restore(&orbit);
                }
            }
        }
    }
}
