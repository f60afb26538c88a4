//! `sudoku solve` and `sudoku grade` on a slow pipe: each answer must leave
//! as soon as its puzzle is done, before the next puzzle is even sent (as
//! `tail -f puzzles.txt | sudoku solve` needs), not when a chunk is full or
//! the input ends.

mod common;
use common::{Running, EASY, PUZZLE, SOLUTION};

#[test]
fn solve_answers_each_puzzle_before_the_next_is_sent() {
    let mut run = Running::start("slow-input", "solve", &["solve"]);
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the first puzzle"), SOLUTION);
    // A blank line and a comment after a puzzle do not hold its answer.
    run.send(&format!("{EASY}\n\n# more to come\n"));
    let easy = run.answer("the second puzzle");
    assert!(EASY
        .parse::<sudoku_core::Grid>()
        .unwrap()
        .is_solved_by(&easy.parse().unwrap()));
    run.send("not a puzzle\n");
    assert_eq!(run.answer("a bad line"), "invalid");
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(run.answer("the last puzzle"), SOLUTION);
    assert_eq!(run.end(), Some(1));
}

#[test]
fn solve_on_one_thread_and_in_grids_answers_as_puzzles_come() {
    let mut run = Running::start(
        "slow-input",
        "solve-grid",
        &["solve", "--threads", "1", "--format", "grid"],
    );
    // A 9-line grid sent a row at a time is answered once whole.
    for row in EASY.as_bytes().chunks(9) {
        run.send(&format!("{}\n", String::from_utf8_lossy(row)));
    }
    let rows: Vec<String> = (0..9).map(|_| run.answer("a grid")).collect();
    assert_eq!(rows[0], "4 8 3 9 2 1 6 5 7");
    // One worker is the program's own thread: none is started beside it.
    #[cfg(target_os = "linux")]
    assert_eq!(run.threads(), 1);
    assert_eq!(run.answer("the grid's blank line"), "");
    run.send(&format!("{PUZZLE}\n"));
    assert_eq!(
        run.answer("a second puzzle").replace(' ', ""),
        SOLUTION[..9]
    );
    assert_eq!(run.end(), Some(0));
}

#[test]
fn grade_answers_each_puzzle_before_the_next_is_sent() {
    let mut run = Running::start("slow-input", "grade", &["grade", "--format", "se"]);
    run.send(&format!("{EASY}\n"));
    assert_eq!(run.answer("an easy puzzle"), "1.2/1.2/1.2");
    run.send(&format!("{PUZZLE}\n"));
    let hard = run.answer("a hard puzzle");
    assert!(hard.contains('/'), "{hard}");
    assert_eq!(run.end(), Some(0));
}
