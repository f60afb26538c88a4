//! The bench's figures per solver and set, and the three ways to write
//! them: an aligned table for people, CSV and JSON for programs.

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::check::Mode;

/// The figures of one solver on one set.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The solver's name.
    pub solver: String,
    /// The set's name.
    pub set: String,
    /// Timed inside this process (built-in) or as whole processes.
    pub in_process: bool,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles every answer to which was right.
    pub solved: usize,
    /// Puzzles some answer to which was wrong (or missing).
    pub wrong: usize,
    /// Timed runs done.
    pub runs: usize,
    /// Copies of the set in one run.
    pub repeats: usize,
    /// Median over the runs of the time for the set once, in seconds.
    pub median_s: Option<f64>,
    /// The smallest of those times.
    pub min_s: Option<f64>,
    /// Percent of the puzzles solved without a guess, when the solver can
    /// say (the logic solver: the puzzles it finished).
    pub no_guess_pct: Option<f64>,
    /// Guesses per puzzle, when the solver counts them.
    pub guesses_per_puzzle: Option<f64>,
    /// Speed over the first solver's on the same set.
    pub ratio: Option<f64>,
    /// What went wrong with the solver, if anything did.
    pub error: Option<String>,
}

impl Row {
    /// Puzzles per second, from the median.
    pub fn puzzles_per_s(&self) -> Option<f64> {
        self.median_s
            .filter(|&s| s > 0.0)
            .map(|s| self.puzzles as f64 / s)
    }

    /// Microseconds per puzzle, from the median.
    pub fn us_per_puzzle(&self) -> Option<f64> {
        self.median_s.map(|s| s * 1e6 / self.puzzles as f64)
    }

    /// Microseconds per puzzle, from the fastest run.
    fn min_us_per_puzzle(&self) -> Option<f64> {
        self.min_s.map(|s| s * 1e6 / self.puzzles as f64)
    }

    /// How it was timed, in words.
    pub fn timing(&self) -> &'static str {
        if self.in_process {
            "in-process"
        } else {
            "whole-process"
        }
    }
}

/// The median and the minimum of `times` (`None` when there are none).
pub fn median_and_min(times: &[f64]) -> Option<(f64, f64)> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = match n {
        0 => return None,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    };
    Some((median, sorted[0]))
}

/// Fills each row's ratio: its speed over that of the first row of the
/// same set (the first solver asked).
pub fn fill_ratios(rows: &mut [Row]) {
    let firsts: Vec<(String, Option<f64>)> =
        rows.iter()
            .fold(Vec::new(), |mut seen: Vec<(String, Option<f64>)>, row| {
                if !seen.iter().any(|(set, _)| *set == row.set) {
                    seen.push((row.set.clone(), row.puzzles_per_s()));
                }
                seen
            });
    for row in rows.iter_mut() {
        let first = firsts
            .iter()
            .find(|(set, _)| *set == row.set)
            .and_then(|(_, speed)| *speed);
        row.ratio = first.zip(row.puzzles_per_s()).map(|(base, own)| own / base);
    }
}

/// The JSON array: one object per solver and set.
pub fn json(rows: &[Row]) -> String {
    let items: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "solver": r.solver,
                "set": r.set,
                "timing": r.timing(),
                "puzzles": r.puzzles,
                "solved": r.solved,
                "wrong": r.wrong,
                "runs": r.runs,
                "repeats": r.repeats,
                "median_s": r.median_s,
                "min_s": r.min_s,
                "puzzles_per_s": r.puzzles_per_s(),
                "us_per_puzzle": r.us_per_puzzle(),
                "no_guess_pct": r.no_guess_pct,
                "guesses_per_puzzle": r.guesses_per_puzzle,
                "ratio": r.ratio,
                "error": r.error,
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&items).expect("plain values serialize");
    text.push('\n');
    text
}

/// The CSV: a header, then one line per solver and set, the same fields as
/// the JSON (an unknown figure is an empty field).
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "solver,set,timing,puzzles,solved,wrong,runs,repeats,median_s,min_s,puzzles_per_s,\
         us_per_puzzle,no_guess_pct,guesses_per_puzzle,ratio,error\n",
    );
    let num = |x: Option<f64>| x.map(|x| x.to_string()).unwrap_or_default();
    for r in rows {
        let fields = [
            quote(&r.solver),
            quote(&r.set),
            r.timing().to_string(),
            r.puzzles.to_string(),
            r.solved.to_string(),
            r.wrong.to_string(),
            r.runs.to_string(),
            r.repeats.to_string(),
            num(r.median_s),
            num(r.min_s),
            num(r.puzzles_per_s()),
            num(r.us_per_puzzle()),
            num(r.no_guess_pct),
            num(r.guesses_per_puzzle),
            num(r.ratio),
            r.error.as_deref().map(quote).unwrap_or_default(),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// The table for people: aligned columns, a `!` after a solver that gave
/// wrong answers, and notes on timing and failures below.
pub fn table(rows: &[Row], mode: Mode, runs: usize) -> String {
    let asked = match mode {
        Mode::Solve => "first solution",
        Mode::Count => "solutions counted up to 2",
    };
    let mut out = format!("{asked}; {runs} runs per solver and set, median (and fastest run)\n\n");
    let header = [
        "set",
        "solver",
        "puzzles",
        "solved",
        "wrong",
        "puzzles/s",
        "µs/puzzle",
        "(min)",
        "no guess",
        "guesses/puzzle",
        "ratio",
    ];
    let dash = || "-".to_string();
    let mut cells: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    for r in rows {
        let mark = if r.wrong > 0 || r.error.is_some() {
            "!"
        } else {
            ""
        };
        cells.push(vec![
            r.set.clone(),
            format!("{}{mark}", r.solver),
            group(r.puzzles as f64),
            group(r.solved as f64),
            group(r.wrong as f64),
            r.puzzles_per_s().map_or_else(dash, group),
            r.us_per_puzzle().map_or_else(dash, micros),
            r.min_us_per_puzzle().map_or_else(dash, micros),
            r.no_guess_pct.map_or_else(dash, |p| format!("{p:.1}%")),
            r.guesses_per_puzzle
                .map_or_else(dash, |g| format!("{g:.2}")),
            r.ratio.map_or_else(dash, ratio),
        ]);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            cells
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in &cells {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = " ".repeat(widths[c] - cell.chars().count());
            if c < 2 {
                let _ = write!(line, "{cell}{pad}  ");
            } else {
                let _ = write!(line, "{pad}{cell}  ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&notes(rows));
    out
}

/// The notes under the table: how each solver was timed, which gave wrong
/// answers and what failed.
fn notes(rows: &[Row]) -> String {
    let mut out = String::from("\n");
    let names = |in_process: bool| {
        let mut names: Vec<&str> = Vec::new();
        for r in rows.iter().filter(|r| r.in_process == in_process) {
            if !names.contains(&r.solver.as_str()) {
                names.push(&r.solver);
            }
        }
        names.join(", ")
    };
    let inside = names(true);
    if !inside.is_empty() {
        let _ = writeln!(out, "in-process (no start-up): {inside}");
    }
    let outside = names(false);
    if !outside.is_empty() {
        let _ = writeln!(
            out,
            "whole-process (start-up, reading and writing included): {outside}"
        );
    }
    if rows.iter().any(|r| r.no_guess_pct.is_some()) {
        out.push_str("no guess: puzzles solved without a guess (logic: puzzles it finished)\n");
    }
    for r in rows.iter().filter(|r| r.wrong > 0) {
        let _ = writeln!(
            out,
            "! {} on {}: {} of {} puzzles answered wrong",
            r.solver, r.set, r.wrong, r.puzzles
        );
    }
    for r in rows {
        if let Some(error) = &r.error {
            let _ = writeln!(out, "! {} on {}: {error}", r.solver, r.set);
        }
    }
    out
}

/// A number rounded to a whole and grouped by thousands: `1,234,567`.
fn group(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A ratio with two decimals, or two significant digits below 0.1.
fn ratio(x: f64) -> String {
    if x >= 0.1 || x <= 0.0 {
        format!("{x:.2}")
    } else {
        let decimals = (1.0 - x.log10().floor()) as usize;
        format!("{x:.decimals$}")
    }
}

/// Microseconds with three significant digits (at least a whole).
fn micros(us: f64) -> String {
    if us >= 100.0 {
        group(us)
    } else if us >= 10.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(solver: &str, set: &str, median: Option<f64>) -> Row {
        Row {
            solver: solver.to_string(),
            set: set.to_string(),
            in_process: solver != "ext",
            puzzles: 100,
            solved: 100,
            wrong: 0,
            runs: 3,
            repeats: 10,
            median_s: median,
            min_s: median.map(|m| m * 0.9),
            no_guess_pct: Some(50.0),
            guesses_per_puzzle: Some(1.25),
            ratio: None,
            error: None,
        }
    }

    #[test]
    fn medians_and_minima() {
        assert_eq!(median_and_min(&[]), None);
        assert_eq!(median_and_min(&[3.0, 1.0, 2.0]), Some((2.0, 1.0)));
        assert_eq!(median_and_min(&[4.0, 1.0, 2.0, 3.0]), Some((2.5, 1.0)));
    }

    #[test]
    fn ratios_are_against_the_first_solver_of_each_set() {
        let mut rows = vec![
            row("fast", "a", Some(0.01)),
            row("ext", "a", Some(0.04)),
            row("fast", "b", None),
            row("ext", "b", Some(0.02)),
        ];
        fill_ratios(&mut rows);
        let ratios: Vec<Option<f64>> = rows.iter().map(|r| r.ratio).collect();
        assert_eq!(ratios, vec![Some(1.0), Some(0.25), None, None]);
        assert_eq!(rows[0].puzzles_per_s(), Some(10_000.0));
        assert_eq!(rows[0].us_per_puzzle(), Some(100.0));
    }

    #[test]
    fn the_table_aligns_and_marks_wrong_solvers() {
        let mut rows = vec![
            row("fast", "classics", Some(0.0004)),
            row("ext", "classics", Some(0.5)),
        ];
        rows[1].wrong = 2;
        rows[1].solved = 98;
        rows[1].no_guess_pct = None;
        rows[1].guesses_per_puzzle = None;
        rows[1].error = Some("exited with status 3".to_string());
        fill_ratios(&mut rows);
        let text = table(&rows, Mode::Solve, 3);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("first solution; 3 runs"));
        let header = lines[2];
        let fast = lines[3];
        let ext = lines[4];
        assert!(header.starts_with("set       solver"), "{header}");
        assert!(fast.contains("250,000") && fast.contains("50.0%") && fast.ends_with("1.00"));
        assert!(ext.contains("ext!") && ext.contains("5,000") && ext.ends_with("0.00080"));
        // Columns end at the same place on every line.
        let end = |line: &str, word: &str| line.find(word).unwrap() + word.len();
        assert_eq!(end(header, "puzzles/s"), end(fast, "250,000"));
        assert_eq!(end(header, "puzzles/s"), end(ext, "200"));
        assert!(text.contains("in-process (no start-up): fast\n"));
        assert!(text.contains("whole-process (start-up, reading and writing included): ext\n"));
        assert!(text.contains("! ext on classics: 2 of 100 puzzles answered wrong\n"));
        assert!(text.contains("! ext on classics: exited with status 3\n"));
    }

    #[test]
    fn csv_quotes_and_leaves_unknowns_empty() {
        let mut r = row("my, \"solver\"", "s", None);
        r.no_guess_pct = None;
        let text = csv(&[r]);
        let line = text.lines().nth(1).unwrap();
        assert!(line.starts_with("\"my, \"\"solver\"\"\",s,in-process,100,100,0,3,10,,,,,,1.25,,"));
        assert_eq!(text.lines().next().unwrap().split(',').count(), 16);
    }

    #[test]
    fn grouping_and_micros() {
        assert_eq!(group(0.4), "0");
        assert_eq!(group(999.0), "999");
        assert_eq!(group(1234.0), "1,234");
        assert_eq!(group(1234567.0), "1,234,567");
        assert_eq!(micros(1.234), "1.23");
        assert_eq!(micros(12.34), "12.3");
        assert_eq!(micros(1234.6), "1,235");
        assert_eq!(ratio(1.0), "1.00");
        assert_eq!(ratio(0.25), "0.25");
        assert_eq!(ratio(0.0123), "0.012");
    }
}
