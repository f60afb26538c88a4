//! `sudoku bench` through the real binary: the built-in solvers, our own
//! `sudoku solve` as an external command, external solvers that lie, write
//! garbage, stop short, crash or hang, the JSON field by field, `--count`,
//! the SVG, and bad arguments.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use sudoku_core::{Fast, Grid, Solver};
use tempfile::TempDir;

mod common;
use common::{pipe, text};

/// A valid complete grid: the answer a lying solver gives to everything.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku")
}

/// `sudoku solve` as an external command line.
fn ours(extra: &str) -> String {
    format!("'{}' solve --threads 1 {extra}", bin())
}

/// Runs `sudoku bench` with one quick timed run per solver and set.
fn bench(args: &[&str]) -> Output {
    let mut cmd = Command::new(bin());
    cmd.args(["bench", "--runs", "1", "--min-time", "0.001"])
        .args(args);
    pipe(cmd, "")
}

/// The JSON array a run wrote, one object per solver and set.
fn rows(out: &Output) -> Vec<Value> {
    let parsed: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&out.stdout), text(&out.stderr)));
    parsed.as_array().expect("an array").clone()
}

/// The row of `solver` on `set`.
fn find<'a>(rows: &'a [Value], solver: &str, set: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["solver"] == solver && r["set"] == set)
        .unwrap_or_else(|| panic!("no row for {solver} on {set}: {rows:?}"))
}

/// A directory with `n` generated puzzles of one solution each in
/// `puzzles.txt`.
fn generated(n: usize) -> (TempDir, PathBuf) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("puzzles.txt");
    let out = Command::new(bin())
        .args([
            "generate",
            "puzzles",
            &n.to_string(),
            "--seed",
            "11",
            "--unique",
        ])
        .args(["--threads", "1", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    (dir, path)
}

fn puzzles_of(path: &Path) -> Vec<Grid> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

fn classics() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/collection-classics.txt")
}

/// `quick-classics.txt` in `dir`: the classics but the famous hardest,
/// which the logic solver takes seconds each to finish.
fn quick_classics(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(classics()).unwrap();
    let famous = [
        "1....7.9.",
        "8........",
        "1.......2",
        ".......39",
        "..3......",
    ];
    let quick: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !famous.iter().any(|f| l.starts_with(f)))
        .collect();
    assert_eq!(quick.len(), 10);
    let path = dir.join("quick-classics.txt");
    std::fs::write(&path, quick.join("\n") + "\n").unwrap();
    path
}

fn num(row: &Value, field: &str) -> f64 {
    row[field]
        .as_f64()
        .unwrap_or_else(|| panic!("{field} is not a number: {row}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The fields every row has, in the order they are written.
const FIELDS: [&str; 16] = [
    "solver",
    "set",
    "timing",
    "puzzles",
    "solved",
    "wrong",
    "runs",
    "repeats",
    "median_s",
    "min_s",
    "puzzles_per_s",
    "us_per_puzzle",
    "no_guess_pct",
    "guesses_per_puzzle",
    "ratio",
    "error",
];

/// The figures that follow from the times are consistent.
fn check_times(row: &Value) {
    let (puzzles, median, min) = (num(row, "puzzles"), num(row, "median_s"), num(row, "min_s"));
    assert!(median > 0.0 && min > 0.0 && min <= median, "{row}");
    assert!(close(num(row, "puzzles_per_s"), puzzles / median), "{row}");
    assert!(
        close(num(row, "us_per_puzzle"), median * 1e6 / puzzles),
        "{row}"
    );
    assert!(num(row, "repeats") >= 1.0);
}

#[test]
fn built_in_solvers_json_field_by_field() {
    let (dir, path) = generated(30);
    let classics = quick_classics(dir.path());
    let out = bench(&[
        "--solver",
        "fast",
        "--solver",
        "dfs",
        "--solver",
        "logic",
        "--format",
        "json",
        path.to_str().unwrap(),
        classics.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 6);
    let order: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["set"].as_str().unwrap(), r["solver"].as_str().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            ("puzzles.txt", "fast"),
            ("puzzles.txt", "dfs"),
            ("puzzles.txt", "logic"),
            ("quick-classics.txt", "fast"),
            ("quick-classics.txt", "dfs"),
            ("quick-classics.txt", "logic"),
        ]
    );
    for row in &rows {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = FIELDS.to_vec();
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(row["timing"], "in-process");
        assert_eq!(row["wrong"], 0);
        assert_eq!(row["runs"], 1);
        assert_eq!(row["error"], Value::Null);
        check_times(row);
    }
    for (set, puzzles) in [
        ("puzzles.txt", puzzles_of(&path)),
        ("quick-classics.txt", vec![]),
    ] {
        let fast = find(&rows, "fast", set);
        let n = num(fast, "puzzles");
        if !puzzles.is_empty() {
            assert_eq!(n as usize, puzzles.len());
            // The guess figures are the solver's own, puzzle by puzzle.
            let stats: Vec<u64> = puzzles
                .iter()
                .map(|p| Fast.search_with_stats(p, 1, &mut |_| {}).guesses)
                .collect();
            let total: u64 = stats.iter().sum();
            let none = stats.iter().filter(|&&g| g == 0).count();
            assert!(close(num(fast, "guesses_per_puzzle"), total as f64 / n));
            assert!(close(num(fast, "no_guess_pct"), 100.0 * none as f64 / n));
        } else {
            assert_eq!(n, 10.0);
        }
        assert_eq!(fast["ratio"], 1.0);
        for solver in ["fast", "dfs"] {
            let row = find(&rows, solver, set);
            assert_eq!(num(row, "solved"), n);
            let pct = num(row, "no_guess_pct");
            assert!((0.0..=100.0).contains(&pct));
            assert!(num(row, "guesses_per_puzzle") >= 0.0);
        }
        let dfs = find(&rows, "dfs", set);
        let ratio = num(dfs, "puzzles_per_s") / num(fast, "puzzles_per_s");
        assert!(close(num(dfs, "ratio"), ratio));
        // The logic solver says how many it finished without guessing.
        let logic = find(&rows, "logic", set);
        let solved = num(logic, "solved");
        assert!(solved > 0.0 && solved <= n);
        assert!(close(num(logic, "no_guess_pct"), 100.0 * solved / n));
        assert_eq!(logic["guesses_per_puzzle"], Value::Null);
    }
    // Logic finishes every classic (Tarek's with dynamic forcing chains
    // (+)); the fast solver guesses on some.
    let logic = find(&rows, "logic", "quick-classics.txt");
    assert_eq!(num(logic, "solved"), 10.0);
    let fast = find(&rows, "fast", "quick-classics.txt");
    assert!(num(fast, "guesses_per_puzzle") > 0.0);
}

#[test]
fn our_own_solve_as_an_external_command() {
    let (_dir, path) = generated(20);
    let cmd = format!("ours={}", ours(""));
    let out = bench(&["--cmd", &cmd, "--format", "json", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 2);
    let fast = find(&rows, "fast", "puzzles.txt");
    let ext = find(&rows, "ours", "puzzles.txt");
    assert_eq!(fast["timing"], "in-process");
    assert_eq!(ext["timing"], "whole-process");
    for field in ["puzzles", "solved"] {
        assert_eq!(ext[field], 20);
    }
    assert_eq!(ext["wrong"], 0);
    assert_eq!(ext["runs"], 1);
    assert_eq!(ext["error"], Value::Null);
    assert_eq!(ext["no_guess_pct"], Value::Null);
    assert_eq!(ext["guesses_per_puzzle"], Value::Null);
    check_times(ext);
    let ratio = num(ext, "puzzles_per_s") / num(fast, "puzzles_per_s");
    assert!(close(num(ext, "ratio"), ratio));
}

#[test]
fn wrong_external_solvers_are_caught() {
    let (_dir, path) = generated(12);
    let liar = format!("liar=while read -r line; do echo {SOLVED}; done");
    let garbage = "garbage=while read -r line; do echo 'no idea'; done".to_string();
    let short = format!("short=head -n 3 | {}", ours(""));
    let crash = format!(
        "crash=head -n 5 | {}; echo 'solver fell over' >&2; exit 3",
        ours("")
    );
    let hang = "hang=sleep 30".to_string();
    let honest = format!("honest={}", ours(""));
    let chatty = format!("chatty={}; echo 'all done'", ours(""));
    let out = bench(&[
        "--cmd",
        &chatty,
        "--timeout",
        "1",
        "--format",
        "json",
        "--cmd",
        &liar,
        "--cmd",
        &garbage,
        "--cmd",
        &short,
        "--cmd",
        &crash,
        "--cmd",
        &hang,
        "--cmd",
        &honest,
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows = rows(&out);
    let row = |name| find(&rows, name, "puzzles.txt");
    let counts = |name| (num(row(name), "solved"), num(row(name), "wrong"));
    assert_eq!(counts("fast"), (12.0, 0.0));
    assert_eq!(counts("honest"), (12.0, 0.0));
    assert_eq!(counts("liar"), (0.0, 12.0));
    assert_eq!(counts("garbage"), (0.0, 12.0));
    assert_eq!(counts("short"), (3.0, 9.0));
    assert_eq!(counts("crash"), (5.0, 7.0));
    assert_eq!(counts("hang"), (0.0, 12.0));
    // Right answers and a line too many: noted, not counted wrong.
    assert_eq!(counts("chatty"), (12.0, 0.0));
    assert_eq!(
        row("chatty")["error"],
        "wrote 13 answer lines for 12 puzzles"
    );
    check_times(row("chatty"));
    // Wrong but complete runs still have their speed; failed ones do not.
    check_times(row("liar"));
    check_times(row("short"));
    for name in ["liar", "garbage", "short", "fast", "honest"] {
        assert_eq!(row(name)["error"], Value::Null, "{name}");
    }
    assert_eq!(
        row("crash")["error"],
        "exited with status 3 (solver fell over)"
    );
    assert_eq!(row("hang")["error"], "timed out after 1 s");
    for name in ["crash", "hang"] {
        assert_eq!(row(name)["runs"], 0);
        assert_eq!(row(name)["median_s"], Value::Null);
        assert_eq!(row(name)["ratio"], Value::Null);
    }
    let stderr = text(&out.stderr);
    for line in [
        "sudoku: bench: liar on puzzles.txt, puzzle 1: the answer changes a given\n",
        "sudoku: bench: garbage on puzzles.txt, puzzle 1: malformed answer line \"no idea\"\n",
        "sudoku: bench: short on puzzles.txt, puzzle 4: no answer line\n",
        "sudoku: bench: crash on puzzles.txt: exited with status 3 (solver fell over)\n",
        "sudoku: bench: hang on puzzles.txt: timed out after 1 s\n",
    ] {
        assert!(stderr.contains(line), "{line}\nin\n{stderr}");
    }
}

#[test]
fn the_table_marks_wrong_solvers_and_says_how_each_was_timed() {
    let (_dir, path) = generated(8);
    let liar = format!("liar=while read -r line; do echo {SOLVED}; done");
    let honest = format!("honest={}", ours(""));
    let out = bench(&["--cmd", &liar, "--cmd", &honest, path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let table = text(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("first solution; 1 runs"), "{table}");
    let header = lines[2];
    assert!(
        header.starts_with("set ") && header.contains("puzzles/s"),
        "{table}"
    );
    let row = |name: &str| {
        *lines
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no {name} in\n{table}"))
    };
    assert!(row("liar!").split_whitespace().any(|w| w == "8"));
    assert!(!row("honest").contains('!'));
    assert!(!row("fast").contains('!'));
    // The columns line up: the last one is right-aligned, so every row
    // ends where the header does.
    let end = header.chars().count();
    assert!(header.ends_with("ratio"));
    for name in ["fast", "honest", "liar!"] {
        assert_eq!(row(name).chars().count(), end, "{table}");
    }
    assert!(table.contains("in-process (no start-up): fast\n"));
    assert!(
        table.contains("whole-process (start-up, reading and writing included): liar, honest\n")
    );
    assert!(table.contains("! liar on puzzles.txt: 8 of 8 puzzles answered wrong\n"));
}

#[test]
fn count_mode_checks_counts_against_the_fast_solver() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("mixed.txt");
    // One solution, many, none (consistent givens no grid completes).
    let dead = format!(".12345678{}{}", "9........", ".".repeat(63));
    let unique =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let lines = [unique, &".".repeat(81), &dead, unique];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let counts: Vec<usize> = lines
        .iter()
        .map(|l| Fast.solutions_count_up_to(&l.parse::<Grid>().unwrap(), 2))
        .collect();
    assert_eq!(counts, [1, 2, 0, 1]);
    let honest = format!("honest={}", ours("--count"));
    let ones = "ones=while read -r line; do echo 1; done";
    let grids = format!("grids={}", ours(""));
    let out = bench(&[
        "--count",
        "--solver",
        "dfs",
        "--solver",
        "fast",
        "--cmd",
        &honest,
        "--cmd",
        ones,
        "--cmd",
        &grids,
        "--format",
        "json",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows = rows(&out);
    let counts = |name| {
        let row = find(&rows, name, "mixed.txt");
        (num(row, "solved"), num(row, "wrong"))
    };
    assert_eq!(counts("dfs"), (4.0, 0.0));
    assert_eq!(counts("fast"), (4.0, 0.0));
    assert_eq!(counts("honest"), (4.0, 0.0));
    assert_eq!(counts("ones"), (2.0, 2.0));
    // Solutions where counts were asked are answers of the wrong kind.
    assert_eq!(counts("grids"), (0.0, 4.0));
    // The first solver asked is the yardstick.
    assert_eq!(find(&rows, "dfs", "mixed.txt")["ratio"], 1.0);
    assert!(
        text(&out.stderr).contains("ones on mixed.txt, puzzle 2: counted 1 solutions, expected 2")
    );
}

#[test]
fn the_plot_is_well_formed_svg_naming_each_solver() {
    let (dir, path) = generated(10);
    let svg = dir.path().join("bench.svg");
    let liar = format!("liar & co=while read -r line; do echo {SOLVED}; done");
    let honest = format!("<ours>={}", ours(""));
    let out = bench(&[
        "--solver",
        "fast",
        "--solver",
        "dfs",
        "--cmd",
        &honest,
        "--cmd",
        &liar,
        "--plot",
        svg.to_str().unwrap(),
        path.to_str().unwrap(),
        classics().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let source = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&source).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect();
    for name in [
        "fast (in-process)",
        "dfs (in-process)",
        "<ours> (whole-process)",
        "liar & co (whole-process; wrong answers!)",
    ] {
        assert!(texts.iter().any(|t| t == name), "{name} not in {texts:?}");
    }
    for set in ["puzzles.txt", "collection-classics.txt"] {
        assert!(texts.iter().any(|t| t == set), "{set} not in {texts:?}");
    }
    assert!(texts.iter().any(|t| t.contains("log scale")));
    // One bar per solver and set.
    let bars = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") != Some("#FFFFFF"))
        .count();
    assert!(bars >= 8, "{bars} bars");
}

#[test]
fn the_built_in_suite_needs_no_file() {
    let out = bench(&["--format", "csv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), FIELDS.join(","));
    let sets: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let names: Vec<&str> = sets.iter().map(|f| f[1]).collect();
    assert_eq!(
        names,
        [
            "classics",
            "generated-easy",
            "generated-medium",
            "generated-hard",
            "generated-expert",
            "generated-extreme",
            "generated-minimal",
        ]
    );
    for fields in &sets {
        assert_eq!(fields[0], "fast");
        assert_eq!(fields[4], fields[3], "every puzzle solved: {fields:?}");
        assert_eq!(fields[5], "0");
        assert!(fields[3].parse::<usize>().unwrap() >= 13);
    }
}

#[test]
fn puzzles_from_stdin() {
    let mut cmd = Command::new(bin());
    cmd.args([
        "bench",
        "--runs",
        "2",
        "--min-time",
        "0.001",
        "--format",
        "json",
        "-",
    ]);
    let out = pipe(
        cmd,
        &format!("{SOLVED}\nnot a puzzle\n{}\n", ".".repeat(81)),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["set"], "<stdin>");
    assert_eq!(rows[0]["puzzles"], 2);
    assert_eq!(rows[0]["runs"], 2);
    assert!(text(&out.stderr).contains("-:2: "), "{}", text(&out.stderr));
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: [(&[&str], &str); 7] = [
        (&["--cmd", "x"], "expected NAME=COMMAND, found \"x\""),
        (
            &["--cmd", "=true"],
            "expected NAME=COMMAND, found \"=true\"",
        ),
        (
            &["--count", "--solver", "logic"],
            "--solver logic cannot count solutions",
        ),
        (
            &["--cmd", "fast=cat"],
            "the solver name \"fast\" is used twice",
        ),
        (&["--runs", "0"], "0 is not in 1..=1000"),
        (
            &["--timeout", "0"],
            "expected a number of seconds above 0, found \"0\"",
        ),
        (
            &["/nonexistent/puzzles.txt"],
            "/nonexistent/puzzles.txt: no such file",
        ),
    ];
    for (args, message) in cases {
        let out = Command::new(bin())
            .arg("bench")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    let out = bench(&["--plot", "/nonexistent/dir/bench.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--plot /nonexistent/dir/bench.svg: no such directory"));
}
