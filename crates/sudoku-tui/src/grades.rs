//! Puzzle grades worked out on a thread of their own.
//!
//! Grading takes milliseconds for most puzzles but seconds for the famous
//! hardest (nested forcing chains, the Golden Nugget about 15 s), so the
//! game never grades while it draws or takes a key: the picker and the
//! status bar ask for a grade and show "grading..." until the answer comes
//! back. Answers are kept, so a puzzle is graded once per run.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use sudoku_core::{Grid, Level};

/// What the game shows while a grade is being worked out.
pub const PENDING: &str = "grading...";

/// How often the event loop looks for answers while some are due.
pub const POLL: Duration = Duration::from_millis(50);

/// A puzzle's grade as the game shows it: `hard 4.2`, `not unique` or
/// `unrated`, and the level when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The text shown.
    pub text: String,
    /// The level, for a puzzle that has one.
    pub level: Option<Level>,
}

impl Label {
    /// The grade of `puzzle` (the work itself: milliseconds to seconds).
    pub fn of(puzzle: &Grid) -> Label {
        match sudoku_core::grade(puzzle) {
            Ok(grade) => Label {
                text: format!("{} {}", grade.level.name(), grade.rating),
                level: Some(grade.level),
            },
            Err(sudoku_core::GradeError::NotUnique) => Label {
                text: "not unique".to_string(),
                level: None,
            },
            Err(_) => Label {
                text: "unrated".to_string(),
                level: None,
            },
        }
    }
}

/// The grades known so far and the ones asked for.
#[derive(Debug, Default)]
pub struct Grades {
    known: HashMap<Grid, Label>,
    asked: HashSet<Grid>,
    worker: Option<Worker>,
}

/// The grading thread: puzzles in, each with its grade out.
type Worker = crate::background::Worker<Grid, (Grid, Label)>;

/// A thread that grades each puzzle sent to it, in turn.
fn start() -> Option<Worker> {
    Worker::start("grades", |puzzle| (puzzle, Label::of(&puzzle)))
}

impl Grades {
    /// No grades yet; the thread starts with the first question.
    pub fn new() -> Grades {
        Grades::default()
    }

    /// The grade of `puzzle`, if it is known.
    pub fn label(&self, puzzle: &Grid) -> Option<&Label> {
        self.known.get(puzzle)
    }

    /// Asks for the grade of `puzzle` unless it is known or asked for
    /// already. Without a thread (the system refused one) it is graded
    /// here and now.
    pub fn ask(&mut self, puzzle: &Grid) {
        if self.known.contains_key(puzzle) || self.asked.contains(puzzle) {
            return;
        }
        if self.worker.is_none() {
            self.worker = start();
        }
        match &self.worker {
            Some(worker) if worker.jobs.send(*puzzle).is_ok() => {
                self.asked.insert(*puzzle);
            }
            _ => {
                self.known.insert(*puzzle, Label::of(puzzle));
            }
        }
    }

    /// Whether an answer is still due.
    pub fn busy(&self) -> bool {
        !self.asked.is_empty()
    }

    /// Takes the answers that came back; true when there were any.
    pub fn collect(&mut self) -> bool {
        let Some(worker) = &self.worker else {
            return false;
        };
        let mut any = false;
        while let Ok((puzzle, label)) = worker.answers.try_recv() {
            self.asked.remove(&puzzle);
            self.known.insert(puzzle, label);
            any = true;
        }
        any
    }

    /// Waits until every grade asked for is known (tests, and a game that
    /// must know a level before it goes on).
    pub fn wait(&mut self) {
        while self.busy() {
            let Some(worker) = &self.worker else {
                return;
            };
            match worker.answers.recv() {
                Ok((puzzle, label)) => {
                    self.asked.remove(&puzzle);
                    self.known.insert(puzzle, label);
                }
                Err(_) => {
                    // The thread is gone: grade what is left here.
                    for puzzle in std::mem::take(&mut self.asked) {
                        self.known.insert(puzzle, Label::of(&puzzle));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::EASY;

    #[test]
    fn a_grade_comes_back_from_the_thread_and_is_kept() {
        let mut grades = Grades::new();
        let easy: Grid = EASY.parse().unwrap();
        assert!(grades.label(&easy).is_none());
        grades.ask(&easy);
        grades.ask(&easy);
        assert!(grades.busy());
        grades.wait();
        assert!(!grades.busy());
        let label = grades.label(&easy).unwrap();
        assert_eq!(label.text, "easy 1.2");
        assert_eq!(label.level, Some(Level::Easy));
        // Known grades are not asked again.
        grades.ask(&easy);
        assert!(!grades.busy());
        assert!(!grades.collect());
    }

    #[test]
    fn puzzles_without_one_solution_say_so() {
        assert_eq!(Label::of(&Grid::empty()).text, "not unique");
        let mut dead = ".".repeat(81);
        dead.replace_range(0..10, ".12345678.");
        dead.replace_range(9..10, "9");
        let dead: Grid = dead.parse().unwrap();
        assert_eq!(Label::of(&dead).text, "unrated");
    }
}
