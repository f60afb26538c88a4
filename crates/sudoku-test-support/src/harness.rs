//! The harness: each test is a [`Trial`] of [`libtest_mimic`] that first
//! checks what it needs ([`Need`]) and is reported ignored, with the
//! reason, when that is missing; [`run`] runs them as `cargo test` runs a
//! test target, with the same options and summary line.

use std::process::ExitCode;

use libtest_mimic::{Arguments, Completion, Trial};

use crate::needs::Missing;

/// What a test needs, checked when the test starts: `Ok` when it is there.
/// The functions of [`needs`](crate::needs) are the parts to build one from.
pub type Need = fn() -> Result<(), Missing>;

/// What a test body returns: `()` when it ran to its end (a failure
/// panics, as in any test), or `Result<(), Missing>` for a body that finds
/// out part-way that it cannot run here (its first step needs root, say).
pub trait Ending {
    /// `Ok` when the test ran; the reason it could not, else.
    fn ending(self) -> Result<(), Missing>;
}

impl Ending for () {
    fn ending(self) -> Result<(), Missing> {
        Ok(())
    }
}

impl Ending for Result<(), Missing> {
    fn ending(self) -> Result<(), Missing> {
        self
    }
}

/// The test `name`: `body` runs when `need` is met; the test is reported
/// as ignored, with the reason, when `need` (or `body` itself) says
/// something is missing.
pub fn test<E: Ending>(name: &str, need: Need, body: impl FnOnce() -> E + Send + 'static) -> Trial {
    Trial::ignorable_test(name, move || {
        let ran = need().and_then(|()| body().ending());
        Ok(match ran {
            Ok(()) => Completion::Completed,
            Err(missing) => Completion::ignored_with(missing),
        })
    })
}

/// Runs `tests` as the built-in harness would (the command line's filters,
/// `--test-threads`, `--list`, `--include-ignored`), prints the summary
/// line `test result: ok. N passed; N failed; N ignored; ...`, and gives
/// the exit code: failure when a test failed.
pub fn run(tests: Vec<Trial>) -> ExitCode {
    libtest_mimic::run(&Arguments::from_args(), tests).exit_code()
}

/// The tests of a harness target, grouped by what they need: `NEED =>
/// [test_fn, ...]`, each named after its function. See the crate's example.
#[macro_export]
macro_rules! tests {
    ($($need:expr => [$($body:ident),* $(,)?]),* $(,)?) => {
        vec![$($($crate::test(stringify!($body), $need, $body)),*),*]
    };
}

#[cfg(test)]
mod tests {
    use libtest_mimic::Arguments;

    use super::test;
    use crate::needs::{nothing, Missing};

    fn absent() -> Result<(), Missing> {
        Err(Missing::new(
            "frobnicator not found: apt-get install frobnicator",
        ))
    }

    /// The counts of the summary line after running `tests`, and what the
    /// harness printed (into a file: a summary line on this test's stdout
    /// would be read as the target's own).
    fn summary(name: &str, tests: Vec<libtest_mimic::Trial>) -> ((u64, u64, u64), String) {
        let log = std::env::temp_dir().join(format!(
            "sudoku-test-support-{name}-{}.log",
            std::process::id()
        ));
        let args = Arguments {
            test_threads: Some(1),
            logfile: Some(log.to_str().unwrap().to_string()),
            ..Arguments::default()
        };
        let done = libtest_mimic::run(&args, tests);
        let printed = std::fs::read_to_string(&log).unwrap();
        std::fs::remove_file(&log).unwrap();
        (
            (done.num_passed, done.num_failed, done.num_ignored),
            printed,
        )
    }

    #[test]
    fn a_missing_need_is_reported_ignored_and_its_body_never_runs() {
        let ran = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = ran.clone();
        let (counts, printed) = summary(
            "absent",
            vec![test("needs_a_tool", absent, move || {
                seen.store(true, std::sync::atomic::Ordering::SeqCst);
            })],
        );
        assert_eq!(counts, (0, 0, 1));
        assert!(
            printed.contains(
                "test needs_a_tool ... ignored (frobnicator not found: apt-get install frobnicator)"
            ),
            "{printed}"
        );
        assert!(
            printed.contains("0 passed; 0 failed; 1 ignored;"),
            "{printed}"
        );
        assert!(!ran.load(std::sync::atomic::Ordering::SeqCst));
    }

    #[test]
    fn a_met_need_runs_the_body_which_passes_or_fails() {
        let (counts, _) = summary(
            "met",
            vec![
                test("passes", nothing, || assert_eq!(2 + 2, 4)),
                test("fails", nothing, || assert_eq!(2 + 2, 5, "arithmetic")),
            ],
        );
        assert_eq!(counts, (1, 1, 0));
    }

    #[test]
    fn a_body_may_say_part_way_that_it_cannot_run() {
        let (counts, printed) = summary(
            "part-way",
            vec![
                test("lacks_root", nothing, || {
                    Err(Missing::new("mknod failed: device nodes need root"))
                }),
                test("has_root", nothing, || Ok::<(), Missing>(())),
            ],
        );
        assert_eq!(counts, (1, 0, 1));
        assert!(
            printed.contains("lacks_root ... ignored (mknod failed: device nodes need root)"),
            "{printed}"
        );
    }
}
