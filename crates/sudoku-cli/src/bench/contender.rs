//! The solvers a bench compares, and one run of a solver on a set: the
//! built-in ones timed inside this process, external commands as whole
//! processes. Every answer of every run is checked.

use std::time::{Duration, Instant};

use clap::ValueEnum;
use sudoku_core::{Auto, Dfs, Fast, Grid, LogicSolver, Solver, Triad};

use super::check::{Answer, Mode, Tally, COUNT_LIMIT};
use super::external;
use super::sets::Set;
use super::stray::Stray;

/// At most this many puzzles (a set repeated) go to one run of an external
/// solver, so that a run of a small set stays short.
const MAX_EXTERNAL_PUZZLES: usize = 250_000;
/// At most this many passes over a set make one in-process run.
const MAX_PASSES: usize = 1_000_000;

/// The built-in solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Builtin {
    /// Per puzzle the faster of fast and triad on this machine (the default
    /// of `sudoku solve`).
    Auto,
    /// The fast bitboard solver.
    Fast,
    /// The classic depth-first search.
    Dfs,
    /// The SIMD triad solver.
    Triad,
    /// The human-style solver: it stops where it would have to guess.
    Logic,
}

impl Builtin {
    /// The name on the command line and in the report.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Auto => "auto",
            Builtin::Fast => "fast",
            Builtin::Dfs => "dfs",
            Builtin::Triad => "triad",
            Builtin::Logic => "logic",
        }
    }

    /// The plain answer, as a program using the library gets it.
    fn answer(self, puzzle: &Grid, mode: Mode) -> Answer {
        match (self, mode) {
            (Builtin::Auto, Mode::Solve) => solution(Auto.solve(puzzle)),
            (Builtin::Auto, Mode::Count) => {
                Answer::Count(Auto.solutions_count_up_to(puzzle, COUNT_LIMIT) as u64)
            }
            (Builtin::Fast, Mode::Solve) => solution(Fast.solve(puzzle)),
            (Builtin::Fast, Mode::Count) => {
                Answer::Count(Fast.solutions_count_up_to(puzzle, COUNT_LIMIT) as u64)
            }
            (Builtin::Dfs, Mode::Solve) => solution(Dfs.solve(puzzle)),
            (Builtin::Dfs, Mode::Count) => {
                Answer::Count(Dfs.solutions_count_up_to(puzzle, COUNT_LIMIT) as u64)
            }
            (Builtin::Triad, Mode::Solve) => solution(Triad.solve(puzzle)),
            (Builtin::Triad, Mode::Count) => {
                Answer::Count(Triad.solutions_count_up_to(puzzle, COUNT_LIMIT) as u64)
            }
            (Builtin::Logic, _) => logic(puzzle),
        }
    }

    /// The answer and the guesses it took (`None` for the logic solver,
    /// which never guesses: it stops).
    fn answer_with_guesses(self, puzzle: &Grid, mode: Mode) -> (Answer, Option<u64>) {
        let limit = match mode {
            Mode::Solve => 1,
            Mode::Count => COUNT_LIMIT,
        };
        let mut first = None;
        let mut keep = |grid: &Grid| first = first.or(Some(*grid));
        let stats = match self {
            Builtin::Auto => Auto.search_with_stats(puzzle, limit, &mut keep),
            Builtin::Fast => Fast.search_with_stats(puzzle, limit, &mut keep),
            Builtin::Dfs => Dfs.search_with_stats(puzzle, limit, &mut keep),
            Builtin::Triad => Triad.search_with_stats(puzzle, limit, &mut keep),
            Builtin::Logic => return (logic(puzzle), None),
        };
        let answer = match mode {
            Mode::Solve => solution(first),
            Mode::Count => Answer::Count(stats.solutions as u64),
        };
        (answer, Some(stats.guesses))
    }
}

/// A solution found, or none.
fn solution(found: Option<Grid>) -> Answer {
    found.map_or(Answer::NoSolution, Answer::Grid)
}

/// The logic solver's answer: the grid it filled, or stuck.
fn logic(puzzle: &Grid) -> Answer {
    let report = LogicSolver::new(puzzle).run();
    if report.solved {
        Answer::Grid(*report.grid())
    } else {
        Answer::Stuck
    }
}

/// A solver in the bench.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    /// A built-in solver, timed in-process.
    Builtin(Builtin),
    /// An external command, timed as a whole process.
    External {
        /// The name in the report.
        name: String,
        /// The command line, run through the shell.
        command: String,
    },
}

impl Contender {
    /// The name in the report.
    pub fn name(&self) -> &str {
        match self {
            Contender::Builtin(b) => b.name(),
            Contender::External { name, .. } => name,
        }
    }

    /// Whether it is timed inside this process.
    pub fn in_process(&self) -> bool {
        matches!(self, Contender::Builtin(_))
    }
}

/// How the bench runs: the same for every solver and set.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// What is asked.
    pub mode: Mode,
    /// A run repeats a set until it lasts at least this long.
    pub min_time: Duration,
    /// An external solver's run is killed after this long.
    pub timeout: Duration,
}

/// One solver on one set, as the runs go.
#[derive(Debug)]
pub struct Entry {
    /// The verdicts on every answer so far.
    pub tally: Tally,
    /// Copies of the set in one run.
    pub repeats: usize,
    /// The time of each timed run, per copy of the set.
    pub times: Vec<Duration>,
    /// Guesses in all and puzzles solved without one (from the checking
    /// pass), when the solver can say.
    pub guesses: Option<(u64, usize)>,
    /// Puzzles the logic solver finished (it never guesses).
    pub finished: Option<usize>,
    /// The first thing that went wrong with the solver (a crash, a
    /// timeout, output that does not match the input).
    pub error: Option<String>,
    /// Whether a failure ended its runs on this set.
    pub stopped: bool,
    /// Processes its runs started that left their process group (ended
    /// after the run).
    pub strays: Vec<Stray>,
}

impl Entry {
    /// The first, checking run of `contender` on `set`: every answer is
    /// checked, the guesses counted, and the copies of the set per timed
    /// run chosen so that a run lasts at least `plan.min_time`.
    pub fn first(contender: &Contender, set: &Set, plan: &Plan) -> Entry {
        let mut entry = Entry {
            tally: Tally::new(set.puzzles.len()),
            repeats: 1,
            times: Vec::new(),
            guesses: None,
            finished: None,
            error: None,
            stopped: false,
            strays: Vec::new(),
        };
        let elapsed = match contender {
            Contender::Builtin(b) => entry.first_builtin(*b, set, plan.mode),
            Contender::External { command, .. } => match entry.external(command, set, plan, 1) {
                Some(elapsed) => elapsed,
                None => return entry,
            },
        };
        let limit = match contender {
            Contender::Builtin(_) => MAX_PASSES,
            Contender::External { .. } => (MAX_EXTERNAL_PUZZLES / set.puzzles.len()).max(1),
        };
        entry.repeats = copies_for(plan.min_time, elapsed, limit);
        entry
    }

    /// One timed run; nothing happens once a failure has stopped the runs.
    pub fn run(&mut self, contender: &Contender, set: &Set, plan: &Plan) {
        if self.stopped {
            return;
        }
        let elapsed = match contender {
            Contender::Builtin(b) => Some(self.passes(*b, set, plan.mode)),
            Contender::External { command, .. } => self.external(command, set, plan, self.repeats),
        };
        if let Some(elapsed) = elapsed {
            self.times.push(elapsed / self.repeats as u32);
        }
    }

    /// The checking pass of a built-in solver, with its guesses; how long
    /// it took (the answers are checked after the clock stops).
    fn first_builtin(&mut self, solver: Builtin, set: &Set, mode: Mode) -> Duration {
        let start = Instant::now();
        let answers: Vec<(Answer, Option<u64>)> = set
            .puzzles
            .iter()
            .map(|p| solver.answer_with_guesses(p, mode))
            .collect();
        let elapsed = start.elapsed();
        let mut guesses = Some((0, 0));
        for (i, (answer, count)) in answers.iter().enumerate() {
            self.tally
                .check(i, &set.puzzles[i], set.counts[i], answer, mode);
            guesses = guesses
                .zip(*count)
                .map(|((total, none), n)| (total + n, none + usize::from(n == 0)));
        }
        self.guesses = guesses;
        if solver == Builtin::Logic {
            let finished = answers
                .iter()
                .filter(|(a, _)| matches!(a, Answer::Grid(_)))
                .count();
            self.finished = Some(finished);
        }
        elapsed
    }

    /// A timed run of a built-in solver: `repeats` passes over the set,
    /// each timed alone and its answers checked after its clock stops.
    fn passes(&mut self, solver: Builtin, set: &Set, mode: Mode) -> Duration {
        let mut answers = vec![Answer::Missing; set.puzzles.len()];
        let mut total = Duration::ZERO;
        for _ in 0..self.repeats {
            let start = Instant::now();
            for (answer, puzzle) in answers.iter_mut().zip(&set.puzzles) {
                *answer = solver.answer(puzzle, mode);
            }
            total += start.elapsed();
            for (i, answer) in answers.iter().enumerate() {
                self.tally
                    .check(i, &set.puzzles[i], set.counts[i], answer, mode);
            }
        }
        total
    }

    /// A run of an external command on `copies` copies of the set: its
    /// whole-process time, or `None` when it failed (the failure is kept
    /// and its runs stop). Each answer line is checked as it comes, failed
    /// run or not; processes that escaped the run's group are noted.
    fn external(
        &mut self,
        command: &str,
        set: &Set,
        plan: &Plan,
        copies: usize,
    ) -> Option<Duration> {
        let n = set.puzzles.len();
        let expected = n * copies;
        let input = set.input();
        let feed = external::Feed {
            once: &input,
            copies,
        };
        let tally = &mut self.tally;
        let mut k = 0;
        let run = external::run(command, feed, plan.timeout, &mut |line| {
            if k < expected {
                let i = k % n;
                let answer = Answer::from_line(line.start, line.len, plan.mode);
                tally.check(i, &set.puzzles[i], set.counts[i], &answer, plan.mode);
            }
            k += 1;
        });
        for k in k..expected {
            let i = k % n;
            self.tally.check(
                i,
                &set.puzzles[i],
                set.counts[i],
                &Answer::Missing,
                plan.mode,
            );
        }
        for stray in run.strays {
            self.strays.push(stray);
        }
        match run.outcome {
            Ok(elapsed) => {
                if run.lines > expected as u64 && self.error.is_none() {
                    self.error = Some(format!(
                        "wrote {} answer lines for {expected} puzzles",
                        run.lines
                    ));
                }
                Some(elapsed)
            }
            Err(reason) => {
                let detail = run
                    .stderr
                    .map(|line| format!(" ({line})"))
                    .unwrap_or_default();
                self.error.get_or_insert(format!("{reason}{detail}"));
                self.stopped = true;
                None
            }
        }
    }
}

/// Copies of a set that make a run last at least `min_time`, when one copy
/// took `once` (at least one, at most `limit`).
fn copies_for(min_time: Duration, once: Duration, limit: usize) -> usize {
    if once >= min_time {
        return 1;
    }
    let once = once.as_secs_f64().max(1e-9);
    let copies = (min_time.as_secs_f64() / once).ceil();
    (copies as usize).clamp(1, limit.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_repeated_until_it_lasts_long_enough() {
        let ms = Duration::from_millis;
        assert_eq!(copies_for(ms(200), ms(300), 100), 1);
        assert_eq!(copies_for(ms(200), ms(200), 100), 1);
        assert_eq!(copies_for(ms(200), ms(30), 100), 7);
        assert_eq!(copies_for(ms(200), ms(1), 100), 100);
        assert_eq!(copies_for(ms(200), Duration::ZERO, 5), 5);
        assert_eq!(copies_for(Duration::ZERO, ms(1), 5), 1);
    }

    #[test]
    fn the_built_in_solvers_agree_on_answers_and_guesses() {
        let set = Set::new(
            "classics".to_string(),
            sudoku_core::builtin::PUZZLES
                .iter()
                .map(|b| b.grid().unwrap())
                .collect(),
        );
        let plan = Plan {
            mode: Mode::Solve,
            min_time: Duration::ZERO,
            timeout: Duration::from_secs(60),
        };
        for solver in [Builtin::Fast, Builtin::Dfs, Builtin::Triad] {
            let contender = Contender::Builtin(solver);
            let mut entry = Entry::first(&contender, &set, &plan);
            entry.run(&contender, &set, &plan);
            assert_eq!(entry.tally.solved(), set.puzzles.len());
            assert_eq!(entry.tally.wrong(), 0);
            assert_eq!(entry.times.len(), 1);
            let (guesses, none) = entry.guesses.unwrap();
            // The easy classics need no guess; the famous hard ones do.
            assert!(guesses > 0 && none > 0 && none < set.puzzles.len());
        }
        // Logic finishes every built-in puzzle, the famous hardest with
        // nested forcing chains, which take seconds each: here the others.
        let quick = Set::new(
            "quick".to_string(),
            sudoku_core::builtin::PUZZLES
                .iter()
                .filter(|b| {
                    !["08", "09", "10", "11", "13"]
                        .iter()
                        .any(|n| b.name.contains(n))
                })
                .map(|b| b.grid().unwrap())
                .collect(),
        );
        let logic = Contender::Builtin(Builtin::Logic);
        let entry = Entry::first(&logic, &quick, &plan);
        assert_eq!(entry.finished, Some(quick.puzzles.len()));
        assert!(quick.puzzles.len() >= 8);
        assert_eq!(entry.tally.solved(), quick.puzzles.len());
        assert_eq!((entry.tally.wrong(), entry.guesses), (0, None));
    }
}
