//! Clues: a step told a little at a time, as the rungs of the games' hint
//! ladder ([`HintLadder`](crate::session::HintLadder)).
//!
//! Each [`Rung`] tells more than the one before: the technique and its
//! digits, then where to look, then the move, then the whole reasoning.
//! A [`Clue`] is one rung's text with what the board shows beside it: the
//! cells to highlight, from the second rung the candidates the step
//! removes and the digits it places, and on the last the chains of a chain
//! step.

use crate::grid::Grid;
use crate::logic::step::{cells_text, join, removal_text};
use crate::logic::{Chain, Step, Technique};
use crate::pos::{Cell, Digit, Unit};

/// A rung of the hint ladder, from the least told to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rung {
    /// The technique and its digits: `Look for an X-wing on 5`.
    Technique,
    /// Where: the unit or the cells of the pattern.
    Where,
    /// The move: what the step places or removes.
    Move,
    /// The whole reasoning, every link of a chain included.
    Reasoning,
}

impl Rung {
    /// The rungs, in order.
    pub const ALL: [Rung; 4] = [Rung::Technique, Rung::Where, Rung::Move, Rung::Reasoning];

    /// The rung after this one; `None` after the last.
    pub fn next(self) -> Option<Rung> {
        Rung::ALL.get(self.number()).copied()
    }

    /// The rung's number, 1 to 4.
    pub fn number(self) -> usize {
        self as usize + 1
    }
}

/// One rung of a step's hint: its text and what the board shows with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clue {
    /// The rung.
    pub rung: Rung,
    /// What the rung says, one sentence.
    pub text: String,
    /// The cells to highlight: none on the first rung; the unit or the
    /// pattern on the second; the pattern and the cells the step changes
    /// on the others.
    pub cells: Vec<Cell>,
    /// The candidates the step removes (from the third rung on).
    pub removals: Vec<(Cell, Digit)>,
    /// The digits the step places (from the third rung on).
    pub placements: Vec<(Cell, Digit)>,
    /// The chains of a chain step (on the last rung).
    pub chains: Vec<Chain>,
}

impl Step {
    /// The step told up to `rung`, on `grid`, the board it was found on
    /// (where a single is, the second rung names its unit).
    ///
    /// ```
    /// use sudoku_core::logic::Rung;
    /// use sudoku_core::{Grid, LogicSolver};
    /// let grid: Grid =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///         .parse()
    ///         .unwrap();
    /// let step = LogicSolver::new(&grid).next_step().unwrap();
    /// let texts: Vec<String> = Rung::ALL.iter().map(|&r| step.clue(r, &grid).text).collect();
    /// assert_eq!(
    ///     texts,
    ///     [
    ///         "Look for a hidden single on 8",
    ///         "Look in box 2",
    ///         "The move: 1f is 8",
    ///         "Hidden single: 8 can only go in 1f within box 2",
    ///     ]
    /// );
    /// ```
    pub fn clue(&self, rung: Rung, grid: &Grid) -> Clue {
        let mut clue = Clue {
            rung,
            text: String::new(),
            cells: Vec::new(),
            removals: Vec::new(),
            placements: Vec::new(),
            chains: Vec::new(),
        };
        match rung {
            Rung::Technique => clue.text = technique_text(self),
            Rung::Where => {
                let (text, cells) = where_text(self, grid);
                clue.text = text;
                clue.cells = cells;
            }
            Rung::Move | Rung::Reasoning => {
                clue.text = if rung == Rung::Move {
                    move_text(self)
                } else {
                    self.to_string()
                };
                clue.cells = self.cells().to_vec();
                let changed = self.placements().iter().chain(self.eliminations());
                for &(cell, _) in changed {
                    if !clue.cells.contains(&cell) {
                        clue.cells.push(cell);
                    }
                }
                clue.removals = self.eliminations().to_vec();
                clue.placements = self.placements().to_vec();
                if rung == Rung::Reasoning {
                    clue.chains = self.chains().to_vec();
                }
            }
        }
        clue
    }
}

/// The technique's name as the sentence has it (its words before the
/// first colon), in lower case but for a leading capital acronym (`X-wing`).
fn title(step: &Step) -> String {
    let sentence = step.to_string();
    let head = match sentence.split_once(": ") {
        Some((head, _)) if !head.is_empty() && head.len() < 50 => head.to_string(),
        _ => step.technique().name().replace('-', " "),
    };
    let mut chars = head.chars();
    let (first, second) = (chars.next(), chars.next());
    match (first, second) {
        (Some(f), Some(s)) if s.is_lowercase() || s == ' ' => {
            format!("{}{}", f.to_lowercase(), &head[f.len_utf8()..])
        }
        _ => head,
    }
}

/// `Look for an X-wing on 5`.
fn technique_text(step: &Step) -> String {
    let title = title(step);
    let article = match title.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'X') => "an",
        _ => "a",
    };
    let digits: Vec<Digit> = step.digits().iter().collect();
    match digits.len() {
        0 => format!("Look for {article} {title}"),
        _ => format!("Look for {article} {title} on {}", join(digits, "and")),
    }
}

/// The second rung's text and cells: the unit of a single, else the
/// pattern's cells (with the one unit, or the rows and columns of a fish,
/// they lie in).
fn where_text(step: &Step, grid: &Grid) -> (String, Vec<Cell>) {
    let pattern = step.cells();
    if let Some(unit) = single_unit(step, grid) {
        return (format!("Look in {unit}"), unit.cells().collect());
    }
    let mut text = format!("Look at {}", cells_text(pattern));
    if let Some(unit) = shared_unit(pattern) {
        text = format!("{text} in {unit}");
    } else if matches!(
        step.technique(),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish
    ) {
        let mut rows: Vec<char> = pattern.iter().map(|c| c.row().name()).collect();
        let mut cols: Vec<char> = pattern.iter().map(|c| c.col().name()).collect();
        for list in [&mut rows, &mut cols] {
            list.sort_unstable();
            list.dedup();
        }
        text = format!(
            "{text}, in rows {} and columns {}",
            join(rows, "and"),
            join(cols, "and")
        );
    }
    (text, pattern.to_vec())
}

/// The unit a hidden single or full house is found in: the first of the
/// cell's box, row and column (in the technique's order) that has the
/// digit nowhere else or no other blank cell.
fn single_unit(step: &Step, grid: &Grid) -> Option<Unit> {
    let technique = step.technique();
    let (cell, digit) = step.placement()?;
    let units = match technique {
        Technique::FullHouse | Technique::HiddenSingleBox => [
            Unit::Block(cell.block()),
            Unit::Row(cell.row()),
            Unit::Col(cell.col()),
        ],
        Technique::HiddenSingleLine => [
            Unit::Row(cell.row()),
            Unit::Col(cell.col()),
            Unit::Block(cell.block()),
        ],
        _ => return None,
    };
    let fits = |unit: &Unit| {
        unit.cells()
            .filter(|&c| c != cell && grid.get(c).is_none())
            .all(|c| {
                technique != Technique::FullHouse && c.peers().any(|p| grid.get(p) == Some(digit))
            })
    };
    units.into_iter().find(fits)
}

/// The one row, column or box holding every cell of `cells` (a box first);
/// `None` for fewer than two cells.
fn shared_unit(cells: &[Cell]) -> Option<Unit> {
    let first = *cells.first()?;
    if cells.len() < 2 {
        return None;
    }
    [
        Unit::Block(first.block()),
        Unit::Row(first.row()),
        Unit::Col(first.col()),
    ]
    .into_iter()
    .find(|unit| cells.iter().all(|&c| unit.cells().any(|u| u == c)))
}

/// `The move: 1f is 8`, `The move: remove 5 from 2d and 8d`.
fn move_text(step: &Step) -> String {
    match step.placements() {
        [] => format!("The move: remove {}", removal_text(step.eliminations())),
        placed => {
            let each: Vec<String> = placed.iter().map(|(c, d)| format!("{c} is {d}")).collect();
            format!("The move: {}", join(each, "and"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::LogicSolver;

    #[test]
    fn rungs_count_up_and_stop() {
        assert_eq!(Rung::Technique.next(), Some(Rung::Where));
        assert_eq!(Rung::Reasoning.next(), None);
        let numbers: Vec<usize> = Rung::ALL.iter().map(|r| r.number()).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
    }

    #[test]
    fn every_step_of_a_solve_has_four_rungs() {
        // Every technique's title comes from its sentence; each rung adds.
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut solver = LogicSolver::new(&grid);
        let mut board = grid;
        while let Some(step) = solver.advance() {
            let clues: Vec<Clue> = Rung::ALL.iter().map(|&r| step.clue(r, &board)).collect();
            assert!(clues[0].text.starts_with("Look for a"), "{}", clues[0].text);
            assert!(!clues[0].text.contains(':'), "{}", clues[0].text);
            assert!(clues[0].cells.is_empty());
            assert!(clues[1].text.starts_with("Look "), "{}", clues[1].text);
            assert!(!clues[1].cells.is_empty(), "{step}");
            assert!(clues[2].text.starts_with("The move: "), "{}", clues[2].text);
            assert_eq!(clues[3].text, step.to_string());
            assert_eq!(clues[3].chains, step.chains());
            for &(cell, _) in step.placements().iter().chain(step.eliminations()) {
                assert!(clues[2].cells.contains(&cell));
            }
            board = *solver.grid();
        }
    }
}
