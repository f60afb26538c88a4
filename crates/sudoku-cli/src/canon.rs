//! `sudoku canon`: a Unix filter that writes each grid's or puzzle's minlex
//! form (the core's [`Grid::canonical`]), one per record in input order;
//! with `--dedupe`, only the first of each set of equivalent puzzles.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_core::{Grid, ParseError, Record};

use crate::batch::{Filter, Invalid};

/// Records read, put in minlex form and written at a time at most (the
/// forms take microseconds, so chunks are large; fewer when input is slow).
const CHUNK: usize = 8192;

/// Arguments of `sudoku canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    /// Puzzle files in any format the programs read; `-` or none for stdin.
    files: Vec<PathBuf>,
    /// Drop every record equivalent to one already written (across all the
    /// inputs); bad records are then only reported, not written.
    #[arg(long)]
    dedupe: bool,
    /// How to write each form.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Worker threads (default: all cores; 1 for single-threaded timing).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Write to this file (written whole at the end, or not at all).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Output formats of a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line of 81 characters, `.` for blanks.
    Line,
    /// One line of 81 digits, `0` for blanks, as published minlex lists are.
    Zeros,
    /// The 9-line grid the games read, then a blank line.
    Grid,
}

/// Runs `sudoku canon`.
pub fn run(args: CanonArgs) -> ExitCode {
    let filter = Filter {
        files: &args.files,
        output: args.output.as_deref(),
        threads: args.threads,
        chunk: CHUNK,
        header: "",
    };
    let mut seen = args.dedupe.then(HashSet::new);
    filter.run(form, |out, form| match (&mut seen, form) {
        (None, form) => write_form(out, form, args.format),
        // Deduplicating: a bad record is reported, not written, and a form
        // already written is not written again.
        (Some(_), Err(_)) => Ok(()),
        (Some(seen), Ok(grid)) => {
            if seen.insert(Key::of(grid)) {
                write_form(out, form, args.format)
            } else {
                Ok(())
            }
        }
    })
}

/// The minlex form of one record, or why it has none.
fn form(record: &Result<Record, ParseError>) -> Result<Grid, Invalid> {
    match record {
        Ok(record) => Ok(*record.grid.canonical().form()),
        Err(e) => Err(Invalid::parse(e)),
    }
}

/// Writes one form in `format`, or `invalid` for a bad record.
fn write_form(out: &mut dyn Write, form: &Result<Grid, Invalid>, format: Format) -> io::Result<()> {
    match (form, format) {
        (Ok(grid), Format::Line | Format::Zeros) => {
            let blank = if format == Format::Line { b'.' } else { b'0' };
            let mut line = [b'\n'; 82];
            for (b, &v) in line.iter_mut().zip(grid.cells()) {
                *b = if v == 0 { blank } else { b'0' + v };
            }
            out.write_all(&line)
        }
        (Ok(grid), Format::Grid) => writeln!(out, "{}", grid.to_rows()),
        (Err(_), Format::Line | Format::Zeros) => writeln!(out, "invalid"),
        (Err(_), Format::Grid) => writeln!(out, "invalid\n"),
    }
}

/// A form packed two cells a byte: half the memory of a [`Grid`] in the set
/// of forms seen.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key([u8; 41]);

impl Key {
    fn of(grid: &Grid) -> Key {
        let mut key = [0u8; 41];
        for (i, &v) in grid.cells().iter().enumerate() {
            key[i / 2] |= v << (4 * (i % 2));
        }
        Key(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_forms_apart_as_grids_do() {
        let mut a = [0u8; 81];
        a[80] = 1;
        let mut b = [0u8; 81];
        b[79] = 1;
        let (a, b) = (Grid::from_cells(a).unwrap(), Grid::from_cells(b).unwrap());
        assert!(Key::of(&a) == Key::of(&a));
        assert!(Key::of(&a) != Key::of(&b));
        let mut full = [9u8; 81];
        full[0] = 8;
        let full = Grid::from_cells(full).unwrap();
        assert!(Key::of(&full) != Key::of(&Grid::from_cells([9; 81]).unwrap()));
    }
}
