//! `sudoku generate puzzles` by neighbourhood search, through the real
//! binary: hard ranges, `--needs` and `--uses`, `--from`, `--time-limit`,
//! `--dedupe`, and the arguments it refuses.

mod common;

use std::collections::HashSet;
use std::fs;
use std::process::{Command, Output};

use sudoku_core::{grade, Grid, Solver, Technique};

fn generate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("generate")
        .arg("puzzles")
        .args(args)
        .output()
        .unwrap()
}

use common::text;

/// The puzzles of a run that succeeded.
fn found(args: &[&str]) -> Vec<Grid> {
    let out = generate(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn a_hard_range_is_searched_and_every_puzzle_is_in_it() {
    // From 9.0, random digging seldom makes a puzzle (it gave up after
    // 8); the search finds them from a fixed seed.
    let args = ["3", "--rating", "9.0..", "--seed", "3", "--threads", "1"];
    let puzzles = found(&args);
    assert_eq!(puzzles.len(), 3);
    for p in &puzzles {
        let g = grade(p).unwrap();
        assert!(g.rating.tenths() >= 90, "{p}: {}", g.rating);
    }
    let distinct: HashSet<&Grid> = puzzles.iter().collect();
    assert_eq!(distinct.len(), 3);
    // One thread: the same seed gives the same puzzles.
    assert_eq!(found(&args), puzzles);
}

#[test]
fn needs_gives_puzzles_whose_hardest_step_is_the_technique() {
    for name in [
        "x-wing",
        "swordfish",
        "xy-wing",
        "unique-rectangle",
        "bug",
        "x-chain",
        "forcing-chain",
        "nishio",
    ] {
        let technique: Technique = name.parse().unwrap();
        let puzzles = found(&["2", "--needs", name, "--seed", "1"]);
        assert_eq!(puzzles.len(), 2, "{name}");
        for p in &puzzles {
            let g = grade(p).unwrap();
            assert_eq!(g.hardest(), Some(technique), "{name}: {p}");
        }
    }
}

#[test]
fn needs_combines_with_a_range_minimality_and_symmetry() {
    let puzzles = found(&[
        "2",
        "--needs",
        "xy-wing",
        "--needs",
        "x-wing",
        "--rating",
        "3.0..4.2",
        "--minimal",
        "--symmetry",
        "rot180",
        "--seed",
        "5",
    ]);
    assert_eq!(puzzles.len(), 2);
    for p in &puzzles {
        let g = grade(p).unwrap();
        assert!(
            matches!(g.hardest(), Some(Technique::XyWing | Technique::XWing)),
            "{p}"
        );
        assert!((30..=42).contains(&g.rating.tenths()));
        for cell in sudoku_core::Cell::all() {
            let image = sudoku_core::Symmetry::Rot180.image(cell);
            assert_eq!(p.get(cell).is_some(), p.get(image).is_some());
        }
        // Minimal: no given can go and keep one solution.
        for cell in sudoku_core::Cell::all().filter(|&c| p.get(c).is_some()) {
            let mut fewer = *p.cells();
            fewer[cell.index()] = 0;
            let fewer = Grid::from_cells(fewer).unwrap();
            assert_ne!(
                sudoku_core::Fast.solutions_count_up_to(&fewer, 2),
                1,
                "{p} is not minimal"
            );
        }
    }
}

#[test]
fn uses_gives_puzzles_whose_solve_uses_the_technique() {
    let puzzles = found(&["2", "--uses", "x-wing", "--uses", "pointing", "--seed", "2"]);
    assert_eq!(puzzles.len(), 2);
    for p in &puzzles {
        let g = grade(p).unwrap();
        for t in [Technique::XWing, Technique::Pointing] {
            assert!(g.techniques.iter().any(|&(u, _)| u == t), "{p}: {t}");
        }
    }
}

#[test]
fn unknown_and_impossible_requests_are_refused_with_the_names() {
    let out = generate(&["1", "--needs", "x-wings"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown technique \"x-wings\"; the techniques are full-house,"),
        "{err}"
    );
    assert!(err.contains("nested-forcing-chain"), "{err}");

    let out = generate(&["1", "--needs", "x-wing", "--rating", "9.0.."]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no puzzle can meet --needs x-wing --rating 9.0..20.0"),
        "{err}"
    );

    for (args, says) in [
        (
            vec!["1", "--needs", "x-wing", "--holes", "50"],
            "--holes cannot be used with --needs",
        ),
        (
            vec!["1", "--rating", "9.0..", "--start", "4"],
            "--start numbers the puzzles of random digging; a search (--rating from 9.0)",
        ),
        (
            vec!["1", "--dedupe", "--start", "4"],
            "--dedupe cannot be used with --start",
        ),
        (
            vec!["1", "--needs", "x-wing", "--time-limit", "10x"],
            "invalid duration \"10x\"",
        ),
        (
            vec!["1", "--needs", "direct-claiming"],
            "no puzzle can meet --needs or --uses direct-claiming",
        ),
    ] {
        let out = generate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_time_limit_ends_the_search_with_every_puzzle_found_written() {
    let dir = common::folder("gensearch", "time-limit");
    let target = dir.join("found.txt");
    let out = generate(&[
        "100000",
        "--needs",
        "x-wing",
        "--time-limit",
        "2s",
        "--seed",
        "1",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "fewer than asked");
    let err = text(&out.stderr);
    assert!(
        err.contains(" of 100000 puzzles in the time limit of 2s"),
        "{err}"
    );
    assert!(err.contains("all found are written"), "{err}");
    let written = fs::read_to_string(&target).unwrap();
    let puzzles: Vec<Grid> = written.lines().map(|l| l.parse().unwrap()).collect();
    assert!(!puzzles.is_empty(), "x-wings come in well under 2 s");
    let n: usize = err
        .split("found ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert_eq!(n, puzzles.len(), "{err}");
    for p in &puzzles {
        assert_eq!(grade(p).unwrap().hardest(), Some(Technique::XWing));
    }
}

#[test]
fn from_starts_at_the_puzzles_given_and_reports_bad_lines() {
    let dir = common::folder("gensearch", "from");
    let seeds = dir.join("seeds.txt");
    // Two puzzles with one solution, a bad line, one with several.
    fs::write(
        &seeds,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n\
         not a puzzle\n\
         .................................................................................\n\
         ..1..5.7.92.6.......8...6...9..2.8.........3...1..4..7.9......5...8..1..6...9..2.\n",
    )
    .unwrap();
    let given: Vec<Grid> = fs::read_to_string(&seeds)
        .unwrap()
        .lines()
        .filter_map(|l| l.parse().ok())
        .collect();
    let out = generate(&[
        "2",
        "--from",
        seeds.to_str().unwrap(),
        "--rating",
        "3.0..",
        "--dedupe",
        "--seed",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("seeds.txt:2: "), "{err}");
    assert!(
        err.contains("seeds.txt:3: more than one solution; not used"),
        "{err}"
    );
    let puzzles: Vec<Grid> = text(&out.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(puzzles.len(), 2);
    let seed_forms: HashSet<Grid> = given.iter().map(|g| *g.canonical().form()).collect();
    for p in &puzzles {
        assert!(grade(p).unwrap().rating.tenths() >= 30);
        assert!(!seed_forms.contains(p.canonical().form()), "a seed again");
    }

    let empty = dir.join("empty.txt");
    fs::write(&empty, "# nothing\n").unwrap();
    let out = generate(&["1", "--from", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("empty.txt: no puzzle with one solution to start from"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn dedupe_writes_no_two_equivalent_puzzles() {
    let puzzles = found(&["60", "--dedupe", "--holes", "50-55", "--seed", "9"]);
    assert_eq!(puzzles.len(), 60);
    let forms: HashSet<Grid> = puzzles.iter().map(|p| *p.canonical().form()).collect();
    assert_eq!(forms.len(), 60);
    // Without duplicates to drop, the run is the one without --dedupe.
    assert_eq!(found(&["60", "--holes", "50-55", "--seed", "9"]), puzzles);
}

#[test]
fn an_interrupted_search_keeps_every_puzzle_found() {
    let dir = common::folder("gensearch", "signal");
    let target = dir.join("found.txt");
    let child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["generate", "puzzles", "100000", "--needs", "x-wing", "-o"])
        .arg(&target)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a few puzzles to be on disk.
    let start = std::time::Instant::now();
    while fs::read_to_string(&target).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed().as_secs() < 60, "no puzzle written in 60 s");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    // Ended by the signal, as its default action would (or 128 + 15).
    use std::os::unix::process::ExitStatusExt;
    assert!(
        out.status.signal() == Some(15) || out.status.code() == Some(143),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    let err = text(&out.stderr);
    assert!(err.contains("interrupted: "), "{err}");
    assert!(
        err.contains(" of 100000 puzzles found, all written"),
        "{err}"
    );
    let written = fs::read_to_string(&target).unwrap();
    assert!(written.ends_with('\n'));
    for line in written.lines() {
        let p: Grid = line.parse().unwrap();
        assert_eq!(grade(&p).unwrap().hardest(), Some(Technique::XWing));
    }
}
