//! Digging to a difficulty level: the grade of [`crate::logic::grade`],
//! reached by steering the removals rather than by regenerating until it
//! matches.
//!
//! - **Easy and medium, by construction.** The grader always takes the
//!   easiest step, so a puzzle that hidden singles alone fill is easy
//!   (1.5), and one that naked and hidden singles and locked candidates
//!   fill is at most medium (2.8); if hidden singles alone do not fill it,
//!   it is exactly medium. Both tests are a few
//!   microseconds of bit operations ([`Closure`]) and need no solver: logic
//!   that fills the grid proves the solution unique. Givens are blanked in
//!   random order while the test for the level passes.
//! - **Hard, expert, extreme, along a path.** Givens are blanked in random
//!   order keeping one solution, down to a minimal puzzle. The grade rarely
//!   falls as givens go, so the path is searched like a sorted list: grade
//!   its end (too easy: the path cannot reach the level); if too hard,
//!   bisect, giving givens back. Puzzles that singles and locked candidates
//!   fill are known to be below hard without grading. A few paths are tried
//!   from the same grid, each from the last third of the previous one (a
//!   few removals undone, not a restart), before a new grid is drawn.
//!
//! Whatever the steering found, the puzzle is returned only if
//! [`grade`] gives it exactly the level asked.

use std::cmp::Ordering;

use rand::Rng;

use super::puzzles::{below, shuffle, Digger, Holes, PuzzleSpec, Uniqueness};
use super::symmetry::Symmetry;
use crate::grid::Grid;
use crate::logic::{grade, Level, LogicSolver, Rating, RatingRange, PEERS, UNITS};

/// Rounds (paths) tried from one grid before the attempt gives up and a
/// new grid is drawn.
const PATHS: usize = 6;

/// One attempt at a puzzle rated in `range` from the solution `digger`
/// holds (by the logic tests for the easy and medium levels).
pub(super) fn dig_to_rating<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    range: RatingRange,
    digger: Digger<'_>,
    rng: &mut R,
) -> Result<Grid, u8> {
    dig_by_paths(spec, range, digger, rng)
}

/// One attempt at a puzzle of `level` from the solution `digger` holds.
/// `Err` holds the most blanks reached.
pub(super) fn dig_to_level<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    level: Level,
    digger: Digger<'_>,
    rng: &mut R,
) -> Result<Grid, u8> {
    if level <= Level::Medium {
        dig_by_logic(spec, level, digger, rng)
    } else {
        dig_by_paths(spec, RatingRange::of_level(level), digger, rng)
    }
}

/// Easy and medium: blank while hidden singles (for medium, all singles
/// and locked candidates) still fill the grid, up to a count drawn from the range (all
/// the way for a minimal puzzle or when any count will do).
fn dig_by_logic<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    level: Level,
    mut digger: Digger<'_>,
    rng: &mut R,
) -> Result<Grid, u8> {
    let counts = spec.counts();
    // Without a range asked, as far as the logic allows.
    let target = if spec.uniqueness() == Uniqueness::Minimal || spec.holes() == Holes::ANY {
        81
    } else {
        usize::from(counts[below(rng, counts.len() as u64) as usize])
    };
    let intersections = level == Level::Medium;
    let mut order = spec.orbit_order(rng);
    let mut removed: Vec<&[u8]> = Vec::new();
    let mut reached = 0;
    for round in 0..PATHS {
        if round > 0 {
            // Medium only: the last removals all kept singles enough. Undo
            // the last third and go on in a new order.
            let keep = removed.len() * 2 / 3;
            for &orbit in &removed[keep..] {
                digger.restore(orbit);
            }
            removed.truncate(keep);
            shuffle(&mut order, rng);
        }
        let mut holes: usize = removed.iter().map(|o| o.len()).sum();
        for &orbit in &order {
            if holes + orbit.len() > target || digger.is_blank(orbit) {
                continue;
            }
            digger.remove(orbit);
            // A blank the givens force is a naked or hidden single: enough
            // for medium, not for easy (no naked singles).
            if (intersections && digger.all_forced(orbit)) || digger.logic_fills(intersections) {
                holes += orbit.len();
                removed.push(orbit);
                if holes == target {
                    break;
                }
            } else {
                digger.restore(orbit);
            }
        }
        reached = reached.max(holes as u8);
        if !spec.holes().contains(holes) {
            continue;
        }
        if level == Level::Medium && digger.logic_fills(false) {
            continue;
        }
        if spec.uniqueness() == Uniqueness::Minimal && !digger.is_minimal() {
            continue;
        }
        let puzzle = digger.grid();
        if grades_as(&puzzle, RatingRange::of_level(level)) {
            return Ok(puzzle);
        }
    }
    Err(reached)
}

/// Hard and above: paths of removals keeping one solution, searched for
/// the level.
fn dig_by_paths<R: Rng + ?Sized>(
    spec: &PuzzleSpec,
    range: RatingRange,
    mut digger: Digger<'_>,
    rng: &mut R,
) -> Result<Grid, u8> {
    let most = usize::from(*spec.counts().last().expect("a spec has some count"));
    let mut order = spec.orbit_order(rng);
    // The orbits blanked so far, in order, with the blanks after each.
    let mut path: Vec<(&[u8], usize)> = Vec::new();
    let mut reached = 0;
    for round in 0..PATHS {
        if round > 0 {
            // Undo the last third of the path and go on in a new order.
            let keep = path.len() * 2 / 3;
            for &(orbit, _) in &path[keep..] {
                digger.restore(orbit);
            }
            path.truncate(keep);
            shuffle(&mut order, rng);
        }
        let mut holes = path.last().map_or(0, |&(_, h)| h);
        for &orbit in &order {
            if holes + orbit.len() > most || digger.is_blank(orbit) {
                continue;
            }
            digger.remove(orbit);
            if digger.still_unique(orbit) {
                holes += orbit.len();
                path.push((orbit, holes));
            } else {
                digger.restore(orbit);
            }
        }
        reached = reached.max(holes as u8);
        if let Some(puzzle) = search_path(spec, range, &mut digger, &path) {
            return Ok(puzzle);
        }
    }
    Err(reached)
}

/// A puzzle of `level` on the path, found by bisection. `digger` is at the
/// path's end; `path[k]` is the orbit blanked at step `k + 1` with the
/// blanks after it; state `k` is the puzzle after `k` steps (state 0, the
/// full grid, is easy).
fn search_path(
    spec: &PuzzleSpec,
    range: RatingRange,
    digger: &mut Digger<'_>,
    path: &[(&[u8], usize)],
) -> Option<Grid> {
    let blanks = |k: usize| if k == 0 { 0 } else { path[k - 1].1 };
    let valid: Vec<usize> = if spec.uniqueness() == Uniqueness::Minimal {
        let minimal = spec.symmetry() == Symmetry::None || digger.is_minimal();
        if minimal {
            vec![path.len()]
        } else {
            Vec::new()
        }
    } else {
        (0..=path.len())
            .filter(|&k| spec.holes().contains(blanks(k)))
            .collect()
    };
    let (&first, &last) = (valid.first()?, valid.last()?);
    let mut level_at = |k: usize| -> Option<(Ordering, Grid)> {
        for &(orbit, _) in &path[k..] {
            digger.restore(orbit);
        }
        let grid = digger.grid();
        // At most 2.8 (medium) without grading when locked candidates suffice.
        let below_hard = range.min > Level::Medium.max_rating() && digger.logic_fills(true);
        for &(orbit, _) in &path[k..] {
            digger.remove(orbit);
        }
        if below_hard {
            return Some((Ordering::Less, grid));
        }
        Some((compare_rating(&grid, range), grid))
    };
    let (top, grid) = level_at(last)?;
    match top {
        Ordering::Equal => return grades_as(&grid, range).then_some(grid),
        Ordering::Less => return None,
        Ordering::Greater if first == last => return None,
        Ordering::Greater => {}
    }
    // Bisect between `lo` (easier than the level) and `hi` (harder).
    let (mut lo, mut hi) = (first, last);
    if lo > 0 {
        let (bottom, grid) = level_at(lo)?;
        match bottom {
            Ordering::Equal => return grades_as(&grid, range).then_some(grid),
            Ordering::Greater => return None,
            Ordering::Less => {}
        }
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let (found, grid) = level_at(mid)?;
        match found {
            Ordering::Equal => return grades_as(&grid, range).then_some(grid),
            Ordering::Less => lo = mid,
            Ordering::Greater => hi = mid,
        }
    }
    None
}

/// How the grade of `puzzle`, which has one solution, compares with
/// `range`: the grader's solve, stopped at the first step rated above the
/// range (the rest of the solve cannot lower the grade).
fn compare_rating(puzzle: &Grid, range: RatingRange) -> Ordering {
    let mut solver = LogicSolver::new(puzzle);
    let mut hardest = Rating::from_tenths(0);
    while let Some(step) = solver.advance() {
        let rating = step.rating();
        if rating > range.max {
            return Ordering::Greater;
        }
        hardest = hardest.max(rating);
    }
    if !solver.is_solved() {
        hardest = Rating::GUESS;
    }
    if hardest < range.min {
        Ordering::Less
    } else if hardest > range.max {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Whether `puzzle` grades in `range` (and so has one solution).
fn grades_as(puzzle: &Grid, range: RatingRange) -> bool {
    grade(puzzle).is_ok_and(|g| range.contains(g.rating))
}

/// Pencil marks for the cheap level tests: naked and hidden singles, and
/// locked candidates, applied until nothing changes.
pub(super) struct Closure {
    cells: [u8; 81],
    /// Candidates of blank cells (bit `d - 1` for `d`); 0 for filled cells.
    marks: [u16; 81],
}

impl Closure {
    /// The marks of `cells` (0 for blanks), which break no rule.
    pub(super) fn new(cells: &[u8; 81]) -> Closure {
        let mut marks = [0u16; 81];
        for (i, &d) in cells.iter().enumerate() {
            if d == 0 {
                let seen = PEERS[i]
                    .iter()
                    .fold(0u16, |m, &p| m | digit_bit(cells[usize::from(p)]));
                marks[i] = !seen & 0x1ff;
            }
        }
        Closure {
            cells: *cells,
            marks,
        }
    }

    /// Whether the techniques fill the grid: hidden singles, or with
    /// `intersections` naked and hidden singles and locked candidates.
    pub(super) fn fills(mut self, intersections: bool) -> bool {
        loop {
            let placed = match self.singles(intersections) {
                None => return false,
                Some(placed) => placed,
            };
            if self.cells.iter().all(|&d| d != 0) {
                return true;
            }
            if !(placed || intersections && self.locked_candidates()) {
                return false;
            }
        }
    }

    fn place(&mut self, i: usize, bit: u16) {
        self.cells[i] = bit.trailing_zeros() as u8 + 1;
        self.marks[i] = 0;
        for &p in &PEERS[i] {
            self.marks[usize::from(p)] &= !bit;
        }
    }

    /// One sweep of hidden singles, and naked singles with `naked`:
    /// whether it placed a digit, `None` on a cell or unit with no place
    /// left.
    fn singles(&mut self, naked: bool) -> Option<bool> {
        let mut placed = false;
        for i in 0..81 {
            if self.cells[i] == 0 {
                let m = self.marks[i];
                if m == 0 {
                    return None;
                }
                if naked && m & (m - 1) == 0 {
                    self.place(i, m);
                    placed = true;
                }
            }
        }
        for unit in &UNITS {
            let (mut once, mut twice, mut filled) = (0u16, 0u16, 0u16);
            for &i in unit {
                let m = self.marks[usize::from(i)];
                twice |= once & m;
                once |= m;
                filled |= digit_bit(self.cells[usize::from(i)]);
            }
            if (once | filled) != 0x1ff {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = unit
                    .iter()
                    .map(|&i| usize::from(i))
                    .find(|&i| self.marks[i] & bit != 0);
                if let Some(i) = cell {
                    self.place(i, bit);
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// Pointing and claiming in every box and line: whether any candidate
    /// was removed.
    fn locked_candidates(&mut self) -> bool {
        let mut changed = false;
        for band in 0..3 {
            for stack in 0..3 {
                // seg_rows[k]: marks in the box's k-th row; seg_cols: columns.
                let (mut seg_rows, mut seg_cols) = ([0u16; 3], [0u16; 3]);
                for k in 0..3 {
                    for j in 0..3 {
                        seg_rows[k] |= self.marks[(band * 3 + k) * 9 + stack * 3 + j];
                        seg_cols[k] |= self.marks[(band * 3 + j) * 9 + stack * 3 + k];
                    }
                }
                for k in 0..3 {
                    let (r, c) = (band * 3 + k, stack * 3 + k);
                    // Pointing: only in this row (column) of the box.
                    let row_only = seg_rows[k] & !(seg_rows[(k + 1) % 3] | seg_rows[(k + 2) % 3]);
                    let col_only = seg_cols[k] & !(seg_cols[(k + 1) % 3] | seg_cols[(k + 2) % 3]);
                    for j in (0..9).filter(|j| j / 3 != stack) {
                        changed |= self.remove(r * 9 + j, row_only);
                    }
                    for j in (0..9).filter(|j| j / 3 != band) {
                        changed |= self.remove(j * 9 + c, col_only);
                    }
                    // Claiming: the row's (column's) digit only in this box.
                    let row_elsewhere = (0..9)
                        .filter(|j| j / 3 != stack)
                        .fold(0, |m, j| m | self.marks[r * 9 + j]);
                    let col_elsewhere = (0..9)
                        .filter(|j| j / 3 != band)
                        .fold(0, |m, j| m | self.marks[j * 9 + c]);
                    let row_claims = seg_rows[k] & !row_elsewhere;
                    let col_claims = seg_cols[k] & !col_elsewhere;
                    for j in 0..3 {
                        for i in 0..3 {
                            let (rr, cc) = (band * 3 + j, stack * 3 + i);
                            if rr != r {
                                changed |= self.remove(rr * 9 + cc, row_claims);
                            }
                            if cc != c {
                                changed |= self.remove(rr * 9 + cc, col_claims);
                            }
                        }
                    }
                }
            }
        }
        changed
    }

    /// Removes the candidates `bits` from cell `i`: whether any was there.
    fn remove(&mut self, i: usize, bits: u16) -> bool {
        let had = self.marks[i] & bits != 0;
        self.marks[i] &= !bits;
        had
    }
}

/// Bit `d - 1` for a digit `d`, 0 for a blank.
fn digit_bit(d: u8) -> u16 {
    if d == 0 {
        0
    } else {
        1 << (d - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(line: &str) -> [u8; 81] {
        *line.parse::<Grid>().unwrap().cells()
    }

    #[test]
    fn the_closure_agrees_with_the_grader_on_easy_and_medium() {
        // Easy (singles), medium (needs pointing), and an extreme puzzle.
        let easy = cells(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert!(Closure::new(&easy).fills(false));
        let extreme = cells(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        assert!(!Closure::new(&extreme).fills(true));
        let mut rng = <super::super::ItemRng as rand::SeedableRng>::seed_from_u64(4);
        let spec = PuzzleSpec::new(
            super::super::Holes::ANY,
            Uniqueness::Minimal,
            Symmetry::None,
        )
        .unwrap();
        let mut seen = [0; 5];
        for _ in 0..60 {
            let solution = super::super::random_grid(&mut rng);
            let puzzle = spec
                .dig(&solution, crate::SolverKind::default().solver(), &mut rng)
                .unwrap();
            let level = grade(&puzzle).unwrap().level;
            seen[level as usize] += 1;
            let (singles, locked) = (
                Closure::new(puzzle.cells()).fills(false),
                Closure::new(puzzle.cells()).fills(true),
            );
            // Hidden singles alone make an easy puzzle; singles and locked
            // candidates at most a medium one.
            if singles {
                assert_eq!(level, Level::Easy, "{puzzle}");
            }
            if locked {
                assert!(level <= Level::Medium, "{puzzle}");
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[4] > 0, "{seen:?}");
    }
}
