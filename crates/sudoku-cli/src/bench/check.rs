//! Checking answers: nothing a solver says is taken on trust. A solution
//! must keep the givens and be a valid grid; a count must equal the fast
//! solver's count (both counted up to [`COUNT_LIMIT`]).

use std::fmt;

use sudoku_core::Grid;

/// Solutions are counted up to this many in `--count` mode: the uniqueness
/// check (0, 1, or 2 meaning "two or more").
pub const COUNT_LIMIT: usize = 2;

/// What the bench asks every solver for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution.
    Solve,
    /// The number of solutions, up to [`COUNT_LIMIT`].
    Count,
}

/// One answer to one puzzle, as a solver gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A grid offered as the solution.
    Grid(Grid),
    /// The solver says there is no solution.
    NoSolution,
    /// A number of solutions.
    Count(u64),
    /// The logic solver stopped where it would have to guess.
    Stuck,
    /// An answer line that is neither a grid, `unsolvable` nor (when
    /// counting) a number: the line, as quoted.
    Malformed(Quote),
    /// No answer line for the puzzle.
    Missing,
}

/// How many characters of a bad line are quoted: the quote fits a line.
const QUOTED: usize = 60;

/// A line quoted in a message: its start, cut to [`QUOTED`] characters (a
/// solver may write megabytes on one line), and its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    /// The line's start, with `…` when it was cut.
    pub text: String,
    /// The line's length in bytes.
    pub len: usize,
    /// Whether `text` is only its start.
    pub cut: bool,
}

impl Quote {
    /// The quote of a line whose first bytes are `start` and whose length
    /// is `len` bytes.
    pub fn new(start: &[u8], len: usize) -> Quote {
        let text = String::from_utf8_lossy(start);
        let text = text.trim();
        let short = super::stray::cut(text, QUOTED);
        let cut = short.len() != text.len() || start.len() < len;
        let text = if cut && !short.ends_with('…') {
            format!("{short}…")
        } else {
            short
        };
        Quote { text, len, cut }
    }
}

impl fmt::Display for Quote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.text)?;
        if self.cut {
            write!(f, " ({} bytes)", self.len)?;
        }
        Ok(())
    }
}

impl Answer {
    /// Reads one answer line of an external solver from its first bytes
    /// `start` and its length `len` (see [`Answer::parse`]); a line longer
    /// than its start is never an answer.
    pub fn from_line(start: &[u8], len: usize, mode: Mode) -> Answer {
        match std::str::from_utf8(start) {
            Ok(text) if start.len() == len => Answer::parse(text, mode),
            _ => Answer::Malformed(Quote::new(start, len)),
        }
    }

    /// Reads one answer line of an external solver: 81 cells (a solution,
    /// which the check then examines) or `unsolvable`, or a count when
    /// counting. Surrounding blanks are ignored.
    pub fn parse(line: &str, mode: Mode) -> Answer {
        let text = line.trim();
        match mode {
            Mode::Count => match text.parse::<u64>() {
                Ok(n) => Answer::Count(n),
                Err(_) => Answer::Malformed(Quote::new(line.as_bytes(), line.len())),
            },
            Mode::Solve if text == "unsolvable" => Answer::NoSolution,
            Mode::Solve => match text.parse::<Grid>() {
                Ok(grid) if text.len() == 81 => Answer::Grid(grid),
                _ => Answer::Malformed(Quote::new(line.as_bytes(), line.len())),
            },
        }
    }
}

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer is right.
    Right,
    /// No answer, honestly so: the logic solver stopped.
    Unanswered,
    /// The answer is wrong, and why.
    Wrong(Wrong),
}

/// Why an answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The grid breaks a rule or has blanks.
    NotAValidGrid,
    /// The grid is valid but changes a given.
    ChangesAGiven,
    /// `unsolvable` for a puzzle that has a solution.
    ClaimsNoSolution,
    /// A count other than the fast solver's.
    Count {
        /// The count given.
        given: u64,
        /// The fast solver's count.
        expected: usize,
    },
    /// A solution or `unsolvable` where a count was asked, or the reverse.
    OtherKind,
    /// A line that means nothing: the line, as quoted.
    Malformed(Quote),
    /// No line at all.
    Missing,
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wrong::NotAValidGrid => write!(f, "the answer is not a valid complete grid"),
            Wrong::ChangesAGiven => write!(f, "the answer changes a given"),
            Wrong::ClaimsNoSolution => write!(f, "says unsolvable, but the puzzle has a solution"),
            Wrong::Count { given, expected } => {
                write!(f, "counted {given} solutions, expected {expected}")
            }
            Wrong::OtherKind => write!(f, "the answer is not of the kind asked"),
            Wrong::Malformed(quote) => write!(f, "malformed answer line {quote}"),
            Wrong::Missing => write!(f, "no answer line"),
        }
    }
}

/// The verdict on `answer` to `puzzle` in `mode`, where `reference` is the
/// fast solver's count of its solutions up to [`COUNT_LIMIT`].
pub fn check(puzzle: &Grid, reference: usize, answer: &Answer, mode: Mode) -> Verdict {
    let wrong = |why| Verdict::Wrong(why);
    match (answer, mode) {
        (Answer::Grid(grid), Mode::Solve) => {
            if puzzle.is_solved_by(grid) {
                Verdict::Right
            } else if !grid.is_solved() {
                wrong(Wrong::NotAValidGrid)
            } else {
                wrong(Wrong::ChangesAGiven)
            }
        }
        (Answer::NoSolution, Mode::Solve) if reference == 0 => Verdict::Right,
        (Answer::NoSolution, Mode::Solve) => wrong(Wrong::ClaimsNoSolution),
        (&Answer::Count(given), Mode::Count) => {
            // A solver that counts further says "two or more" with any n >= 2.
            let capped = given.min(COUNT_LIMIT as u64);
            if capped == reference as u64 {
                Verdict::Right
            } else {
                wrong(Wrong::Count {
                    given,
                    expected: reference,
                })
            }
        }
        (Answer::Stuck, _) => Verdict::Unanswered,
        (Answer::Malformed(line), _) => wrong(Wrong::Malformed(line.clone())),
        (Answer::Missing, _) => wrong(Wrong::Missing),
        (Answer::Grid(_) | Answer::NoSolution, Mode::Count) | (Answer::Count(_), Mode::Solve) => {
            wrong(Wrong::OtherKind)
        }
    }
}

/// The verdicts on the answers to a set's puzzles over all runs: a puzzle
/// is wrong when any answer to it was wrong, solved when every answer was
/// right. The first few wrong answers are kept to report.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Per puzzle: 0 not yet answered, 1 right so far, 2 unanswered once,
    /// 3 wrong once.
    state: Vec<u8>,
    /// The first wrong answers: puzzle index and why.
    examples: Vec<(usize, Wrong)>,
    /// How many wrong answers in all.
    wrong_answers: u64,
}

/// How many wrong answers a tally keeps to show.
const EXAMPLES: usize = 3;

impl Tally {
    /// A tally over `puzzles` puzzles.
    pub fn new(puzzles: usize) -> Tally {
        Tally {
            state: vec![0; puzzles],
            ..Tally::default()
        }
    }

    /// Records the verdict on an answer to puzzle `index`.
    pub fn record(&mut self, index: usize, verdict: Verdict) {
        let level = match verdict {
            Verdict::Right => 1,
            Verdict::Unanswered => 2,
            Verdict::Wrong(why) => {
                self.wrong_answers += 1;
                if self.examples.len() < EXAMPLES {
                    self.examples.push((index, why));
                }
                3
            }
        };
        let state = &mut self.state[index];
        *state = (*state).max(level);
    }

    /// Checks `answer` to puzzle `index` and records the verdict.
    pub fn check(
        &mut self,
        index: usize,
        puzzle: &Grid,
        reference: usize,
        answer: &Answer,
        mode: Mode,
    ) {
        self.record(index, check(puzzle, reference, answer, mode));
    }

    /// Puzzles every answer to which was right.
    pub fn solved(&self) -> usize {
        self.state.iter().filter(|&&s| s == 1).count()
    }

    /// Puzzles some answer to which was wrong.
    pub fn wrong(&self) -> usize {
        self.state.iter().filter(|&&s| s == 3).count()
    }

    /// Wrong answers in all (a puzzle repeated within a run can be
    /// answered wrong more than once).
    pub fn wrong_answers(&self) -> u64 {
        self.wrong_answers
    }

    /// The first wrong answers: puzzle index and why.
    pub fn examples(&self) -> &[(usize, Wrong)] {
        &self.examples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const SOLUTION: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn grid(text: &str) -> Grid {
        text.parse().unwrap()
    }

    #[test]
    fn a_solution_must_keep_the_givens_and_be_valid() {
        let puzzle = grid(PUZZLE);
        let right = Answer::parse(SOLUTION, Mode::Solve);
        assert_eq!(check(&puzzle, 1, &right, Mode::Solve), Verdict::Right);
        // Swapping two digits everywhere keeps a valid grid but changes givens.
        let swapped: String = SOLUTION
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                c => c,
            })
            .collect();
        let verdict = check(
            &puzzle,
            1,
            &Answer::parse(&swapped, Mode::Solve),
            Mode::Solve,
        );
        assert_eq!(verdict, Verdict::Wrong(Wrong::ChangesAGiven));
        // One cell changed: not a valid grid.
        let broken = format!("{}{}", &SOLUTION[..80], '1');
        let verdict = check(
            &puzzle,
            1,
            &Answer::parse(&broken, Mode::Solve),
            Mode::Solve,
        );
        assert_eq!(verdict, Verdict::Wrong(Wrong::NotAValidGrid));
        // The puzzle itself, unsolved, is no answer either.
        let verdict = check(&puzzle, 1, &Answer::parse(PUZZLE, Mode::Solve), Mode::Solve);
        assert_eq!(verdict, Verdict::Wrong(Wrong::NotAValidGrid));
    }

    #[test]
    fn lines_that_are_not_answers_are_malformed() {
        for line in ["", "garbage", &SOLUTION[..80], &format!("{SOLUTION}9"), "1"] {
            let answer = Answer::parse(line, Mode::Solve);
            assert!(matches!(answer, Answer::Malformed(_)), "{line:?}");
            let verdict = check(&grid(PUZZLE), 1, &answer, Mode::Solve);
            assert!(matches!(verdict, Verdict::Wrong(Wrong::Malformed(_))));
        }
        assert!(matches!(
            Answer::parse(SOLUTION, Mode::Count),
            Answer::Malformed(_)
        ));
        assert!(matches!(
            Answer::parse("-1", Mode::Count),
            Answer::Malformed(_)
        ));
    }

    #[test]
    fn long_bad_lines_are_quoted_short() {
        let line = "y".repeat(5_000_000);
        let answer = Answer::from_line(&line.as_bytes()[..256], line.len(), Mode::Solve);
        let Answer::Malformed(quote) = &answer else {
            panic!("{answer:?}")
        };
        let shown = Wrong::Malformed(quote.clone()).to_string();
        assert_eq!(
            shown,
            format!(
                "malformed answer line \"{}…\" (5000000 bytes)",
                "y".repeat(60)
            )
        );
        // A grid followed by a flood is not a grid.
        let padded = format!("{SOLUTION}{}", " ".repeat(300));
        let answer = Answer::from_line(&padded.as_bytes()[..256], padded.len(), Mode::Solve);
        assert!(matches!(answer, Answer::Malformed(_)));
        // Short lines are quoted whole, blanks trimmed; bad UTF-8 replaced.
        let answer = Answer::from_line(b" no idea ", 9, Mode::Solve);
        let Answer::Malformed(quote) = answer else {
            panic!()
        };
        assert_eq!(quote.to_string(), "\"no idea\"");
        let answer = Answer::from_line(b"\xff1", 2, Mode::Count);
        let Answer::Malformed(quote) = answer else {
            panic!()
        };
        assert_eq!(quote.to_string(), "\"\u{fffd}1\"");
    }

    #[test]
    fn unsolvable_is_right_only_without_a_solution() {
        let puzzle = grid(PUZZLE);
        let answer = Answer::parse(" unsolvable ", Mode::Solve);
        assert_eq!(answer, Answer::NoSolution);
        assert_eq!(check(&puzzle, 0, &answer, Mode::Solve), Verdict::Right);
        assert_eq!(
            check(&puzzle, 1, &answer, Mode::Solve),
            Verdict::Wrong(Wrong::ClaimsNoSolution)
        );
    }

    #[test]
    fn counts_are_compared_up_to_the_limit() {
        let puzzle = grid(PUZZLE);
        let count = |n: &str, reference| {
            check(
                &puzzle,
                reference,
                &Answer::parse(n, Mode::Count),
                Mode::Count,
            )
        };
        assert_eq!(count("1", 1), Verdict::Right);
        assert_eq!(count("2", 2), Verdict::Right);
        assert_eq!(count("17", 2), Verdict::Right);
        assert_eq!(count("0", 0), Verdict::Right);
        assert_eq!(
            count("2", 1),
            Verdict::Wrong(Wrong::Count {
                given: 2,
                expected: 1
            })
        );
        assert_eq!(
            check(&puzzle, 1, &Answer::Grid(grid(SOLUTION)), Mode::Count),
            Verdict::Wrong(Wrong::OtherKind)
        );
        assert_eq!(
            check(&puzzle, 1, &Answer::Count(1), Mode::Solve),
            Verdict::Wrong(Wrong::OtherKind)
        );
    }

    #[test]
    fn a_tally_marks_a_puzzle_wrong_once_any_answer_is_wrong() {
        let mut tally = Tally::new(3);
        tally.record(0, Verdict::Right);
        tally.record(0, Verdict::Right);
        tally.record(1, Verdict::Right);
        tally.record(1, Verdict::Wrong(Wrong::Missing));
        tally.record(1, Verdict::Right);
        tally.record(2, Verdict::Unanswered);
        assert_eq!((tally.solved(), tally.wrong()), (1, 1));
        assert_eq!(tally.wrong_answers(), 1);
        assert_eq!(tally.examples(), &[(1, Wrong::Missing)]);
        // A puzzle never answered is neither solved nor wrong.
        assert_eq!((Tally::new(2).solved(), Tally::new(2).wrong()), (0, 0));
    }
}
