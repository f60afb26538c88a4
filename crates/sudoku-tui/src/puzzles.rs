//! Finding and reading puzzles for the picker: `sudoku*.txt` files of a
//! folder, one file (a collection gives one entry per puzzle) and the
//! built-in puzzles. A file that cannot be used becomes an entry carrying
//! its error, never a crash; reads are capped so a huge or binary file
//! cannot hang the game.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use sudoku_core::session::Origin;
use sudoku_core::{builtin, parse_many, Grid};
use thiserror::Error;

/// The largest puzzle file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// One puzzle (or one unusable file) in the picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name shown: the file name, with `#2` for the second puzzle of a
    /// collection.
    pub name: String,
    /// The puzzle, or why it cannot be played (a read or parse error).
    pub puzzle: Result<Grid, String>,
    /// Where the puzzle is: its file and line, or the built-in puzzle.
    pub origin: Origin,
}

impl Entry {
    /// Whether `other` lists the same puzzle under the same name
    /// (wherever it was found).
    pub fn same_puzzle(&self, other: &Entry) -> bool {
        self.name == other.name && self.puzzle == other.puzzle
    }
}

/// The path a save's origin records for `path`: absolute when it can be
/// made so, so the game can find the file again from another folder.
fn origin_path(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    absolute.to_string_lossy().into_owned()
}

/// Why a file or folder could not be read.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The system refused to open or read it.
    #[error("cannot read {}: {reason}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
    /// It is not a regular file (a folder, a device, a pipe).
    #[error("{} is not a regular file", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// It is larger than [`MAX_FILE_BYTES`].
    #[error("{} is larger than {limit} bytes ({size} bytes)", path.display())]
    TooBig {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// It is not UTF-8 text.
    #[error("{} is not text: invalid UTF-8 at byte {at}", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// The offset of the first bad byte.
        at: usize,
    },
    /// The folder could not be listed.
    #[error("cannot list {}: {reason}", path.display())]
    List {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
}

/// The text of the file at `path`, refusing anything but a regular text
/// file of at most [`MAX_FILE_BYTES`].
pub fn read_capped(path: &Path) -> Result<String, LoadError> {
    let read_error = |reason| LoadError::Read {
        path: path.to_path_buf(),
        reason,
    };
    let meta = std::fs::metadata(path).map_err(read_error)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooBig {
            path: path.to_path_buf(),
            size: meta.len().max(bytes.len() as u64),
            limit: MAX_FILE_BYTES,
        });
    }
    String::from_utf8(bytes).map_err(|err| LoadError::NotText {
        path: path.to_path_buf(),
        at: err.utf8_error().valid_up_to(),
    })
}

/// The entries of one file: one per puzzle (and per malformed puzzle), or
/// a single error entry when the file cannot be read or holds nothing.
pub fn file_entries(path: &Path) -> Vec<Entry> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let file = origin_path(path);
    let origin = |line| Origin::File {
        path: file.clone(),
        line,
    };
    match read_capped(path) {
        Ok(text) => text_entries(&name, &text, origin),
        Err(err) => vec![Entry {
            name,
            puzzle: Err(err.to_string()),
            origin: origin(1),
        }],
    }
}

/// The entries of a text named `name`: one per puzzle, numbered `#1`,
/// `#2`, ... when there are several; `origin` makes the origin of the
/// puzzle starting on a line (from 1).
pub fn text_entries(name: &str, text: &str, origin: impl Fn(usize) -> Origin) -> Vec<Entry> {
    let records = parse_many(text);
    if records.is_empty() {
        return vec![Entry {
            name: name.to_string(),
            puzzle: Err("no puzzle found".to_string()),
            origin: origin(1),
        }];
    }
    let several = records.len() > 1;
    records
        .into_iter()
        .enumerate()
        .map(|(i, record)| {
            let line = match &record {
                Ok(r) => r.line,
                Err(err) => err.line().unwrap_or(1),
            };
            Entry {
                name: if several {
                    format!("{name} #{}", i + 1)
                } else {
                    name.to_string()
                },
                puzzle: record.map(|r| r.grid).map_err(|err| err.to_string()),
                origin: origin(line.max(1)),
            }
        })
        .collect()
}

/// Whether a file name is a puzzle file of a folder: `sudoku*.txt`.
pub fn is_puzzle_file(name: &str) -> bool {
    name.starts_with("sudoku") && name.ends_with(".txt")
}

/// The entries of the `sudoku*.txt` files of `dir`, by file name.
pub fn dir_entries(dir: &Path) -> Result<Vec<Entry>, LoadError> {
    let list_error = |reason| LoadError::List {
        path: dir.to_path_buf(),
        reason,
    };
    let mut paths = Vec::new();
    for item in std::fs::read_dir(dir).map_err(list_error)? {
        let item = item.map_err(list_error)?;
        if is_puzzle_file(&item.file_name().to_string_lossy()) {
            paths.push(item.path());
        }
    }
    paths.sort();
    Ok(paths.iter().flat_map(|p| file_entries(p)).collect())
}

/// The built-in puzzles.
pub fn builtin_entries() -> Vec<Entry> {
    builtin::PUZZLES
        .iter()
        .map(|b| Entry {
            name: b.name.to_string(),
            puzzle: b.grid().map_err(|err| err.to_string()),
            origin: Origin::Builtin {
                name: b.name.to_string(),
            },
        })
        .collect()
}

/// What the picker shows with no argument: the `sudoku*.txt` files of
/// `puzzles` (when that folder exists) and then the built-in puzzles that
/// are not already among them. A folder that cannot be listed becomes an
/// error entry.
pub fn default_entries(puzzles: &Path) -> Vec<Entry> {
    let mut entries = Vec::new();
    if puzzles.is_dir() {
        match dir_entries(puzzles) {
            Ok(found) => entries = found,
            Err(err) => entries.push(Entry {
                name: puzzles.display().to_string(),
                puzzle: Err(err.to_string()),
                origin: Origin::Unknown,
            }),
        }
    }
    for builtin in builtin_entries() {
        if !entries.iter().any(|e| e.same_puzzle(&builtin)) {
            entries.push(builtin);
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudoku-tui-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn collections_give_one_entry_per_puzzle_and_errors_stay_listed() {
        let file = |line| Origin::File {
            path: "/p/mix.txt".to_string(),
            line,
        };
        let entries = text_entries("mix.txt", &format!("{LINE}\n1234\n{LINE}\n"), file);
        assert_eq!(entries[2].origin, file(3), "each puzzle knows its line");
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["mix.txt #1", "mix.txt #2", "mix.txt #3"]);
        assert_eq!(
            entries[1].puzzle.as_ref().unwrap_err(),
            "line 2: found 4 cells, expected 81 (a one-line puzzle) or 9 (a grid row)"
        );
        let single = text_entries("one.txt", LINE, file);
        assert_eq!(single[0].name, "one.txt");
        assert_eq!(single[0].puzzle.as_ref().unwrap().givens(), 30);
        let empty = text_entries("empty.txt", "# nothing\n", file);
        assert_eq!(empty[0].puzzle, Err("no puzzle found".to_string()));
    }

    #[test]
    fn folders_list_puzzle_files_and_bad_files_become_errors() {
        let dir = temp_dir("dir");
        std::fs::write(dir.join("sudoku-b.txt"), LINE).unwrap();
        std::fs::write(dir.join("sudoku-a.txt"), [0xff, 0xfe, 0]).unwrap();
        std::fs::write(dir.join("notes.txt"), LINE).unwrap();
        std::fs::create_dir(dir.join("sudoku-dir.txt")).unwrap();
        let big = vec![b'.'; MAX_FILE_BYTES as usize + 10];
        std::fs::write(dir.join("sudoku-big.txt"), big).unwrap();
        let entries = dir_entries(&dir).unwrap();
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "sudoku-a.txt",
                "sudoku-b.txt",
                "sudoku-big.txt",
                "sudoku-dir.txt"
            ]
        );
        let err = |i: usize| entries[i].puzzle.clone().unwrap_err();
        assert!(err(0).ends_with("sudoku-a.txt is not text: invalid UTF-8 at byte 0"));
        assert!(entries[1].puzzle.is_ok());
        assert!(
            err(2).contains("is larger than 1048576 bytes (1048586 bytes)"),
            "{}",
            err(2)
        );
        assert!(err(3).ends_with("sudoku-dir.txt is not a regular file"));
        let missing = dir_entries(&dir.join("nope")).unwrap_err();
        assert!(missing.to_string().starts_with("cannot list "));
        let gone = file_entries(&dir.join("gone.txt"));
        assert!(gone[0]
            .puzzle
            .as_ref()
            .unwrap_err()
            .starts_with("cannot read "));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn defaults_add_the_builtins_once() {
        let repo_puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
        let with_folder = default_entries(&repo_puzzles);
        let builtins = builtin_entries();
        for builtin in &builtins {
            let same = with_folder.iter().filter(|e| e.same_puzzle(builtin));
            assert_eq!(same.count(), 1);
        }
        let without = default_entries(Path::new("/nonexistent/puzzles"));
        assert_eq!(without, builtins);
        let first = without[0].puzzle.as_ref().unwrap();
        assert_eq!(crate::grades::Label::of(first).text, "easy 1.2");
        let escargot = builtins
            .iter()
            .find(|e| e.name.contains("escargot"))
            .unwrap();
        assert_eq!(
            crate::grades::Label::of(escargot.puzzle.as_ref().unwrap()).text,
            "extreme 10.5"
        );
    }
}
