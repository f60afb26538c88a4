//! Shapes of the givens without which a technique is never the step a
//! solve needs, and fresh puzzles dug to have one.
//!
//! A subset or a fish has a complement making the same removals: a naked
//! set of `n` cells in a unit with `k` blanks is a hidden set of `k - n`
//! digits, and the other way round; a fish of `n` rows on a digit with `k`
//! rows open is a fish of `k - n` columns. When the complement is a
//! technique rated lower, it is found first, so the technique can be the
//! one needed only where the complement is too large:
//!
//! - a naked quad in a unit of at least 8 blanks (a hidden single, pair or
//!   triple otherwise),
//! - a hidden quad in one of 9 (a naked quad, rated lower, otherwise),
//! - a hidden triple in one of at least 7 (a naked quad is rated higher, a
//!   naked triple lower),
//! - a swordfish on a digit given at most three times (six rows open or
//!   more), a jellyfish on one given at most once.
//!
//! Blanks only get fewer as a solve goes on, so the puzzle's own givens
//! tell. Random puzzles seldom have these shapes (a unit with no given at
//! all is rare in a minimal puzzle), so a search for such a technique
//! starts from puzzles dug to have one and keeps to neighbours that keep it.

use rand::Rng;

use super::puzzles::{below, shuffle, Digger};
use crate::grid::Grid;
use crate::logic::Technique;
use crate::pos::{Cell, Digit, Unit};
use crate::solver::Fast;

/// A shape of the givens that a technique needs to be a solve's hardest
/// step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// Some unit (row, column or box) has at least this many blanks.
    BlankUnit(u8),
    /// Some digit is given at most this many times.
    RareDigit(u8),
}

impl Shape {
    /// The shape `technique` needs, if any.
    pub(super) fn needed_by(technique: Technique) -> Option<Shape> {
        match technique {
            Technique::NakedQuad => Some(Shape::BlankUnit(8)),
            Technique::HiddenQuad => Some(Shape::BlankUnit(9)),
            Technique::HiddenTriple => Some(Shape::BlankUnit(7)),
            Technique::Swordfish => Some(Shape::RareDigit(3)),
            Technique::Jellyfish => Some(Shape::RareDigit(1)),
            _ => None,
        }
    }

    /// Whether `puzzle` has this shape.
    pub(super) fn holds(self, puzzle: &Grid) -> bool {
        match self {
            Shape::BlankUnit(least) => Unit::all().any(|u| {
                u.cells().filter(|&c| puzzle.get(c).is_none()).count() >= usize::from(least)
            }),
            Shape::RareDigit(most) => {
                let mut count = [0u8; 10];
                for &v in puzzle.cells() {
                    count[usize::from(v)] += 1;
                }
                count[1..].iter().any(|&n| n <= most)
            }
        }
    }

    /// How long a solve of `puzzle` that placed `placed` (in order) kept
    /// this shape: the placements it made before the last unit (or digit)
    /// with the shape lost it, or all of them. A technique that needs the
    /// shape can only come while it lasts, so the longer the nearer.
    pub(super) fn kept(self, puzzle: &Grid, placed: &[(Cell, Digit)]) -> usize {
        match self {
            Shape::BlankUnit(least) => {
                let least = usize::from(least);
                let mut blanks: [usize; 27] = std::array::from_fn(|u| {
                    Unit::from_index(u).map_or(0, |unit| {
                        unit.cells().filter(|&c| puzzle.get(c).is_none()).count()
                    })
                });
                let mut alive = blanks.iter().filter(|&&b| b >= least).count();
                if alive == 0 {
                    return 0;
                }
                for (k, &(cell, _)) in placed.iter().enumerate() {
                    for unit in Unit::of(cell) {
                        let u = unit.index();
                        blanks[u] -= 1;
                        if blanks[u] + 1 == least {
                            alive -= 1;
                        }
                    }
                    if alive == 0 {
                        return k;
                    }
                }
                placed.len()
            }
            Shape::RareDigit(most) => {
                let mut count = [0u8; 10];
                for &v in puzzle.cells() {
                    count[usize::from(v)] += 1;
                }
                let mut alive = count[1..].iter().filter(|&&n| n <= most).count();
                if alive == 0 {
                    return 0;
                }
                for (k, &(_, digit)) in placed.iter().enumerate() {
                    let d = usize::from(digit.get());
                    count[d] += 1;
                    if count[d] == most + 1 {
                        alive -= 1;
                        if alive == 0 {
                            return k;
                        }
                    }
                }
                placed.len()
            }
        }
    }

    /// A puzzle of `solution` with this shape and one solution, minimal
    /// except where the shape blanked (whole orbits of `orbits`, the cells
    /// a symmetry moves together): the shape's cells are blanked first (a
    /// random unit emptied, or every given of a random digit but `most`),
    /// then every other orbit in random order where one solution stays.
    /// `None` when blanking the shape's orbits leaves more than one
    /// solution (with a symmetry, its orbits can reach past the shape).
    pub(super) fn dig<R: Rng + ?Sized>(
        self,
        solution: &Grid,
        orbits: &[Vec<u8>],
        rng: &mut R,
    ) -> Option<Grid> {
        let cells = solution.cells();
        let mut blank = [false; 81];
        match self {
            Shape::BlankUnit(_) => {
                let unit = Unit::all().nth(below(rng, 27) as usize)?;
                for cell in unit.cells() {
                    blank[cell.index()] = true;
                }
            }
            Shape::RareDigit(most) => {
                let digit = 1 + below(rng, 9) as u8;
                let mut at: Vec<usize> = (0..81).filter(|&i| cells[i] == digit).collect();
                shuffle(&mut at, rng);
                for &i in &at[usize::from(most)..] {
                    blank[i] = true;
                }
            }
        }
        let (first, rest): (Vec<&Vec<u8>>, Vec<&Vec<u8>>) = orbits
            .iter()
            .partition(|orbit| orbit.iter().any(|&c| blank[usize::from(c)]));
        let first: Vec<u8> = first.into_iter().flatten().copied().collect();
        let mut digger = Digger::new(solution, &Fast);
        digger.remove(&first);
        if !digger.still_unique(&first) {
            return None;
        }
        let mut rest: Vec<&[u8]> = rest.into_iter().map(Vec::as_slice).collect();
        shuffle(&mut rest, rng);
        for orbit in rest {
            digger.remove(orbit);
            if !digger.still_unique(orbit) {
                digger.restore(orbit);
            }
        }
        let puzzle = digger.grid();
        self.holds(&puzzle).then_some(puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{random_grid, Symmetry};
    use crate::solver::Solver;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn dug_puzzles_have_their_shape_one_solution_and_the_symmetry() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let shapes = [
            Shape::BlankUnit(9),
            Shape::RareDigit(3),
            Shape::RareDigit(1),
        ];
        for symmetry in [Symmetry::None, Symmetry::Rot180, Symmetry::Mirror] {
            let orbits = symmetry.orbits();
            for shape in shapes {
                let mut made = 0;
                for _ in 0..20 {
                    let solution = random_grid(&mut rng);
                    let Some(puzzle) = shape.dig(&solution, &orbits, &mut rng) else {
                        continue;
                    };
                    made += 1;
                    assert!(shape.holds(&puzzle), "{shape:?} {puzzle}");
                    assert!(puzzle.is_solved_by(&solution));
                    assert_eq!(Fast.solutions_count_up_to(&puzzle, 2), 1, "{puzzle}");
                    assert!(symmetry.holds_for(&puzzle), "{symmetry} {puzzle}");
                }
                assert!(made >= 10, "{shape:?} {symmetry}: {made} of 20 dug");
            }
        }
    }

    #[test]
    fn shapes_are_read_from_the_givens() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let full: Grid = solved.parse().unwrap();
        let empty_row: Grid = format!("{}{}", ".".repeat(9), &solved[9..])
            .parse()
            .unwrap();
        assert!(Shape::BlankUnit(9).holds(&empty_row));
        assert!(!Shape::BlankUnit(1).holds(&full));
        assert!(!Shape::RareDigit(8).holds(&full));
        assert!(Shape::RareDigit(9).holds(&full));
    }
}
