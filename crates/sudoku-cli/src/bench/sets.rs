//! The puzzle sets a bench runs on: files named on the command line, or the
//! built-in suite, which needs nothing outside the binary.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use sudoku_core::builtin::PUZZLES;
use sudoku_core::generator::{Batch, Holes, Level, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::{Fast, Grid, PuzzleReader, Solver};

use super::check::COUNT_LIMIT;

/// Puzzles the built-in suite makes at each level.
const PER_LEVEL: u64 = 200;
/// Minimal puzzles in the built-in suite.
const MINIMAL: u64 = 500;
/// The built-in suite's seed: the same puzzles on every machine.
const SEED: u64 = 2024;

/// A named set of puzzles and, per puzzle, the fast solver's count of its
/// solutions up to [`COUNT_LIMIT`]: the reference every answer is checked
/// against.
#[derive(Clone, Debug)]
pub struct Set {
    /// The name in the report: a file name, or the suite's name for it.
    pub name: String,
    /// The puzzles, in order.
    pub puzzles: Vec<Grid>,
    /// The fast solver's count per puzzle, up to [`COUNT_LIMIT`].
    pub counts: Vec<usize>,
}

impl Set {
    /// The set `name` of `puzzles`, with their reference counts.
    pub fn new(name: String, puzzles: Vec<Grid>) -> Set {
        let counts = puzzles
            .iter()
            .map(|p| Fast.solutions_count_up_to(p, COUNT_LIMIT))
            .collect();
        Set {
            name,
            puzzles,
            counts,
        }
    }

    /// The puzzles as the input of an external solver: one 81-character
    /// line each (`.` for blanks), the set once (a run repeats it as it
    /// writes).
    pub fn input(&self) -> Vec<u8> {
        let mut once = Vec::with_capacity(82 * self.puzzles.len());
        for puzzle in &self.puzzles {
            once.extend_from_slice(puzzle.to_line().as_bytes());
            once.push(b'\n');
        }
        once
    }
}

/// A set read from a file (`-` for stdin). Records that are not puzzles are
/// reported on stderr as `FILE:LINE: message` and left out; the error is an
/// unreadable file or one without a single puzzle.
pub fn read(path: &Path) -> Result<(Set, usize), String> {
    let (name, reader): (String, Box<dyn BufRead>) = if path == Path::new("-") {
        ("<stdin>".to_string(), Box::new(io::stdin().lock()))
    } else {
        let shown = path.display().to_string();
        let file = File::open(path).map_err(|e| format!("{shown}: {}", io_message(&e)))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(format!("{shown}: is a directory"));
        }
        let name = path
            .file_name()
            .map_or(shown, |n| n.to_string_lossy().into_owned());
        (name, Box::new(BufReader::new(file)))
    };
    let mut puzzles = Vec::new();
    let mut skipped = 0;
    for record in PuzzleReader::new(reader) {
        match record {
            Ok(record) => puzzles.push(record.grid),
            Err(e) => {
                skipped += 1;
                match e.line() {
                    Some(line) => {
                        crate::diag::line(&format!("{}:{line}: {}", path.display(), e.detail()))
                    }
                    None => return Err(format!("{}: {}", path.display(), e.detail())),
                }
            }
        }
    }
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzles", path.display()));
    }
    Ok((Set::new(name, puzzles), skipped))
}

/// An I/O error as a lowercase message without the OS error number.
fn io_message(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            let mut chars = text.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
    }
}

/// The built-in suite: the bundled classics; puzzles the generator makes
/// with a fixed seed at each level, easy to extreme ([`PER_LEVEL`] each);
/// and [`MINIMAL`] minimal puzzles (no given can go), the nearest the
/// generator comes to the 17-clue sets.
pub fn builtin() -> Vec<Set> {
    let classics = PUZZLES
        .iter()
        .map(|b| b.grid().expect("the built-in puzzles parse"))
        .collect();
    let mut sets = vec![Set::new("classics".to_string(), classics)];
    let any = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None)
        .expect("any number of blanks can be asked");
    for (k, level) in Level::ALL.into_iter().enumerate() {
        let spec = any
            .clone()
            .with_level(level)
            .expect("every level can be asked");
        let batch = Batch::new(SEED + k as u64);
        let name = format!("generated-{}", level_name(level));
        sets.push(Set::new(name, generate(&batch, &spec, PER_LEVEL)));
    }
    let minimal = PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None)
        .expect("minimal puzzles can be asked");
    let batch = Batch::new(SEED + Level::ALL.len() as u64);
    sets.push(Set::new(
        "generated-minimal".to_string(),
        generate(&batch, &minimal, MINIMAL),
    ));
    sets
}

/// The first `n` puzzles of `batch` to `spec` (an item the generator gives
/// up on is skipped).
fn generate(batch: &Batch, spec: &PuzzleSpec, n: u64) -> Vec<Grid> {
    (0..n)
        .filter_map(|i| batch.puzzle(i, spec, &Fast).ok())
        .map(|made| made.puzzle)
        .collect()
}

/// A level's name in a set name.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
        Level::Expert => "expert",
        Level::Extreme => "extreme",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_knows_each_puzzles_count_and_writes_one_line_each() {
        let unique: Grid = PUZZLES[0].grid().unwrap();
        let set = Set::new("two".to_string(), vec![unique, Grid::empty()]);
        assert_eq!(set.counts, vec![1, COUNT_LIMIT]);
        let input = String::from_utf8(set.input()).unwrap();
        let lines: Vec<&str> = input.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], unique.to_line());
        assert_eq!(lines[1], ".".repeat(81));
    }
}
