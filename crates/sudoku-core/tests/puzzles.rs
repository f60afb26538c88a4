//! Every puzzle shipped in `puzzles/` reads and has exactly one solution, and
//! the built-in files named by a level grade that level; the DFS solves the
//! project's hard set correctly (`shared_sets.rs`: the shared public one).

mod common;

use std::path::{Path, PathBuf};

use common::sets;
use sudoku_core::{parse_many, Dfs, Grid, Solver};

fn repo_puzzles() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles")
}

#[test]
fn every_shipped_puzzle_has_exactly_one_solution() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo_puzzles())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let games = files
        .iter()
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("sudoku")
        })
        .count();
    assert!(games >= 12, "only {games} sudoku*.txt files");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let records = parse_many(&text);
        assert!(!records.is_empty(), "{}", path.display());
        for record in records {
            let record = record.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let count = Dfs.solutions_count_up_to(&record.grid, 2);
            assert_eq!(
                count,
                1,
                "{}:{} has {count} solutions",
                path.display(),
                record.line
            );
        }
        if path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("sudoku")
        {
            let grid: Grid = text.parse().unwrap();
            assert_eq!(
                grid.to_rows(),
                text,
                "{} is not in the 9-line form",
                path.display()
            );
        }
    }
}

#[test]
fn dfs_answers_on_the_project_hard_set_are_valid() {
    let hard = sets::hard();
    for puzzle in &hard {
        let solution = Dfs.solve(puzzle).expect("every hard puzzle is solvable");
        assert!(puzzle.is_solved_by(&solution), "{puzzle}");
    }
}

#[test]
fn built_in_puzzles_named_by_level_grade_that_level() {
    // `sudoku04-medium.txt` says what the games show for it: its grade.
    let mut named = 0;
    for builtin in sudoku_core::builtin::PUZZLES {
        let stem = builtin.name.trim_end_matches(".txt");
        let Some(level) = ["easy", "medium", "hard", "expert", "extreme"]
            .into_iter()
            .find(|level| stem.ends_with(&format!("-{level}")))
        else {
            continue;
        };
        let grade = sudoku_core::grade(&builtin.grid().unwrap()).unwrap();
        assert_eq!(grade.level.to_string(), level, "{}", builtin.name);
        named += 1;
    }
    assert!(
        named >= 7,
        "only {named} built-in puzzles are named by level"
    );
}
