//! The autosave: the game in progress, written on quit to a small text
//! file under the user's data directory, atomically (a temporary file
//! renamed over the old one), and read back by `--resume` or the picker.
//!
//! The file reads:
//!
//! ```text
//! sudoku-tui save 1
//! name: sudoku01-easy.txt
//! puzzle: ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
//! grid: 4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
//! elapsed: 192
//! moves: 12
//! hints: 1
//! ```

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::{Cell, Grid, ParseError};
use thiserror::Error;

/// The first line of every save file.
const HEADER: &str = "sudoku-tui save 1";

/// The largest save file read, in bytes.
const MAX_SAVE_BYTES: u64 = 64 * 1024;

/// A game as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The puzzle's name.
    pub name: String,
    /// The givens.
    pub puzzle: Grid,
    /// The board: givens and the player's entries.
    pub grid: Grid,
    /// Time played.
    pub elapsed: Duration,
    /// Moves made.
    pub moves: usize,
    /// Hints used.
    pub hints: usize,
}

impl SavedGame {
    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER}\nname: {}\npuzzle: {}\ngrid: {}\nelapsed: {}\nmoves: {}\nhints: {}\n",
            self.name.replace('\n', " "),
            self.puzzle,
            self.grid,
            self.elapsed.as_secs(),
            self.moves,
            self.hints
        )
    }

    /// Reads a save file's text.
    pub fn from_text(text: &str) -> Result<SavedGame, SaveError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        if header != HEADER {
            return Err(SaveError::Header(header.chars().take(40).collect()));
        }
        let mut fields = Fields::default();
        for (i, line) in lines.enumerate() {
            let (key, value) = line.split_once(": ").ok_or_else(|| SaveError::Line {
                line: i + 2,
                text: line.chars().take(40).collect(),
            })?;
            fields.0.push((key.to_string(), value.to_string()));
        }
        let puzzle = fields.grid("puzzle")?;
        let grid = fields.grid("grid")?;
        if let Some(cell) =
            Cell::all().find(|&c| puzzle.get(c).is_some_and(|d| grid.get(c) != Some(d)))
        {
            return Err(SaveError::GivenChanged(cell));
        }
        Ok(SavedGame {
            name: fields.get("name")?.to_string(),
            puzzle,
            grid,
            elapsed: Duration::from_secs(fields.number("elapsed")?),
            moves: usize::try_from(fields.number("moves")?).unwrap_or(usize::MAX),
            hints: usize::try_from(fields.number("hints")?).unwrap_or(usize::MAX),
        })
    }
}

/// The `key: value` lines of a save file.
#[derive(Default)]
struct Fields(Vec<(String, String)>);

impl Fields {
    fn get(&self, key: &'static str) -> Result<&str, SaveError> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .ok_or(SaveError::Missing(key))
    }

    fn number(&self, key: &'static str) -> Result<u64, SaveError> {
        let value = self.get(key)?;
        value.parse().map_err(|_| SaveError::Number {
            key,
            value: value.chars().take(40).collect(),
        })
    }

    fn grid(&self, key: &'static str) -> Result<Grid, SaveError> {
        self.get(key)?
            .parse()
            .map_err(|source| SaveError::Grid { key, source })
    }
}

/// Why a save file could not be read or written.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The file system refused.
    #[error("{}: {reason}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
    /// No data directory is known for this user.
    #[error("no data directory is known for this user (set HOME or XDG_DATA_HOME)")]
    NoDataDir,
    /// The file is too big to be a save.
    #[error("the save file is larger than {0} bytes")]
    TooBig(u64),
    /// The first line is not the save header.
    #[error("expected the header '{HEADER}', found '{0}'")]
    Header(String),
    /// A line that is not `key: value`.
    #[error("line {line}: expected 'key: value', found '{text}'")]
    Line {
        /// The line number (from 1).
        line: usize,
        /// The line (cut to 40 characters).
        text: String,
    },
    /// A field is missing.
    #[error("the field '{0}' is missing")]
    Missing(&'static str),
    /// A number field does not hold a number.
    #[error("{key}: expected a whole number, found '{value}'")]
    Number {
        /// The field.
        key: &'static str,
        /// What it holds.
        value: String,
    },
    /// A grid field does not hold a grid.
    #[error("{key}: {source}")]
    Grid {
        /// The field.
        key: &'static str,
        /// Why it is not a grid.
        source: ParseError,
    },
    /// The board changes a given of the puzzle.
    #[error("the board changes the given in {0}")]
    GivenChanged(Cell),
}

/// Where saves go: one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveStore {
    path: PathBuf,
}

impl SaveStore {
    /// The store at `path`.
    pub fn at(path: impl Into<PathBuf>) -> SaveStore {
        SaveStore { path: path.into() }
    }

    /// The store in the user's data directory:
    /// `$XDG_DATA_HOME/sudoku-tui/save.txt` (or its platform equivalent).
    pub fn in_data_dir() -> Result<SaveStore, SaveError> {
        let dir = dirs::data_dir().ok_or(SaveError::NoDataDir)?;
        Ok(SaveStore::at(dir.join("sudoku-tui").join("save.txt")))
    }

    /// The save file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn io_error(&self, reason: std::io::Error) -> SaveError {
        SaveError::Io {
            path: self.path.clone(),
            reason,
        }
    }

    /// The saved game, `None` when there is none.
    pub fn load(&self) -> Result<Option<SavedGame>, SaveError> {
        let meta = match fs::metadata(&self.path) {
            Ok(meta) => meta,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(self.io_error(err)),
        };
        if meta.len() > MAX_SAVE_BYTES {
            return Err(SaveError::TooBig(MAX_SAVE_BYTES));
        }
        let bytes = fs::read(&self.path).map_err(|err| self.io_error(err))?;
        SavedGame::from_text(&String::from_utf8_lossy(&bytes)).map(Some)
    }

    /// Writes `game`, atomically: a reader sees the old save or the new one,
    /// never half of one.
    pub fn save(&self, game: &SavedGame) -> Result<(), SaveError> {
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir).map_err(|err| self.io_error(err))?;
        }
        let temp = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        let written = fs::File::create(&temp).and_then(|mut file| {
            file.write_all(game.to_text().as_bytes())?;
            file.sync_all()
        });
        let result = written.and_then(|()| fs::rename(&temp, &self.path));
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result.map_err(|err| self.io_error(err))
    }

    /// Removes the save (after a win); no save is fine.
    pub fn clear(&self) -> Result<(), SaveError> {
        match fs::remove_file(&self.path) {
            Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(self.io_error(err)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn saved() -> SavedGame {
        let puzzle: Grid = LINE.parse().unwrap();
        let mut grid = puzzle;
        grid.set(Cell::from_name("1c").unwrap(), sudoku_core::Digit::new(4));
        SavedGame {
            name: "sudoku01-easy.txt".to_string(),
            puzzle,
            grid,
            elapsed: Duration::from_secs(192),
            moves: 3,
            hints: 1,
        }
    }

    fn store(name: &str) -> SaveStore {
        let dir =
            std::env::temp_dir().join(format!("sudoku-tui-save-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        SaveStore::at(dir.join("deeper").join("save.txt"))
    }

    #[test]
    fn a_save_reads_back() {
        let store = store("roundtrip");
        assert!(store.load().unwrap().is_none());
        store.save(&saved()).unwrap();
        assert_eq!(store.load().unwrap(), Some(saved()));
        let dir = store.path().parent().unwrap();
        let files: Vec<_> = fs::read_dir(dir).unwrap().collect();
        assert_eq!(files.len(), 1, "the temporary file is gone");
        store.clear().unwrap();
        store.clear().unwrap();
        assert!(store.load().unwrap().is_none());
    }

    #[test]
    fn corrupt_saves_say_what_is_wrong() {
        let text = saved().to_text();
        let cases = [
            (
                "garbage".to_string(),
                "expected the header 'sudoku-tui save 1', found 'garbage'",
            ),
            (
                text.replace("elapsed: 192", "elapsed: soon"),
                "elapsed: expected a whole number, found 'soon'",
            ),
            (
                text.replace("hints: 1\n", ""),
                "the field 'hints' is missing",
            ),
            (
                text.replace("moves: 3", "moves 3"),
                "line 6: expected 'key: value', found 'moves 3'",
            ),
            (
                text.replace("grid: 5", "grid: 6"),
                "the board changes the given in 1a",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(SavedGame::from_text(&text).unwrap_err().to_string(), want);
        }
        let bad_grid = text.replace("grid: 53", "grid: x3");
        let err = SavedGame::from_text(&bad_grid).unwrap_err().to_string();
        assert!(err.starts_with("grid: "), "{err}");
        let store = store("corrupt");
        fs::create_dir_all(store.path().parent().unwrap()).unwrap();
        fs::write(store.path(), [0xff; 10]).unwrap();
        assert!(store.load().is_err());
    }
}
