//! The autosave: the game in progress, written on quit to a small text
//! file under the user's data directory, atomically (a temporary file
//! renamed over the old one), and read back by `--resume` or the picker.
//!
//! The file reads:
//!
//! ```text
//! sudoku-tui save 1
//! name: random medium #1234
//! puzzle: ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
//! grid: 4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
//! elapsed: 192
//! moves: 12
//! hints: 1
//! random: medium 1234
//! candidates: off
//! marks: 1b=58 2c=478
//! ```
//!
//! The first seven lines are required: a file without one of them is not a
//! save. The others are optional, so saves written before they existed
//! still load: `random` (the generator's level and seed, for a generated
//! puzzle), `candidates` (automatic candidates `on` or `off`), `marks` (the
//! pencil marks, `CELL=DIGITS` items) and `struck` (the automatic
//! candidates struck out by hand, written when they are on). An optional
//! part that cannot be read is left out and reported as a [`PartError`];
//! the rest of the game loads. Unknown `key: value` lines are skipped, so
//! older versions of the game read these files too.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::{Cell, Digit, Grid, Level, ParseError, RandomPuzzle};
use thiserror::Error;

use crate::pencil::{Candidates, Pencil};

/// The first line of every save file.
const HEADER: &str = "sudoku-tui save 1";

/// The largest save file read, in bytes.
const MAX_SAVE_BYTES: u64 = 64 * 1024;

/// How much of a bad value an error quotes.
const QUOTE: usize = 40;

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
    /// The pencil marks, and whether automatic candidates are on.
    pub pencil: Pencil,
    /// The generator's recipe, when the puzzle was generated.
    pub random: Option<RandomPuzzle>,
}

/// A save file read back: the game, and the optional parts of the file
/// that were left out because they could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The game.
    pub game: SavedGame,
    /// What was left out, in file order.
    pub ignored: Vec<PartError>,
}

impl Loaded {
    /// A sentence for the player about the parts left out, `None` when
    /// nothing was.
    pub fn ignored_note(&self) -> Option<String> {
        let first = self.ignored.first()?;
        let more = match self.ignored.len() - 1 {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        Some(format!("Ignored part of the saved game: {first}{more}"))
    }
}

impl SavedGame {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\nname: {}\npuzzle: {}\ngrid: {}\nelapsed: {}\nmoves: {}\nhints: {}\n",
            self.name.replace('\n', " "),
            self.puzzle,
            self.grid,
            self.elapsed.as_secs(),
            self.moves,
            self.hints
        );
        if let Some(random) = self.random {
            text.push_str(&format!("random: {random}\n"));
        }
        let auto = self.pencil.is_auto();
        text.push_str(if auto {
            "candidates: on\n"
        } else {
            "candidates: off\n"
        });
        push_marks(&mut text, "marks", |cell| self.pencil.marks(cell));
        if auto {
            push_marks(&mut text, "struck", |cell| self.pencil.struck(cell));
        }
        text
    }

    /// Reads a save file's text. Errors in the required lines refuse the
    /// file; errors in the optional ones are left out and listed in
    /// [`Loaded::ignored`].
    pub fn from_text(text: &str) -> Result<Loaded, SaveError> {
        let fields = Fields::read(text)?;
        let puzzle = fields.grid("puzzle")?;
        let grid = fields.grid("grid")?;
        if let Some(cell) =
            Cell::all().find(|&c| puzzle.get(c).is_some_and(|d| grid.get(c) != Some(d)))
        {
            return Err(SaveError::GivenChanged(cell));
        }
        let mut ignored = Vec::new();
        let game = SavedGame {
            name: fields.get("name")?.to_string(),
            puzzle,
            grid,
            elapsed: Duration::from_secs(fields.number("elapsed")?),
            moves: usize::try_from(fields.number("moves")?).unwrap_or(usize::MAX),
            hints: usize::try_from(fields.number("hints")?).unwrap_or(usize::MAX),
            pencil: fields.pencil(&mut ignored),
            random: fields.random(&mut ignored),
        };
        ignored.sort_by_key(PartError::line);
        Ok(Loaded { game, ignored })
    }
}

/// Adds the line `key: 1b=58 2c=478` for the cells where `marks` has
/// digits; no line when none has.
fn push_marks(text: &mut String, key: &str, marks: impl Fn(Cell) -> Candidates) {
    let items: Vec<String> = Cell::all()
        .filter(|&cell| !marks(cell).is_empty())
        .map(|cell| format!("{cell}={}", marks(cell)))
        .collect();
    if !items.is_empty() {
        text.push_str(&format!("{key}: {}\n", items.join(" ")));
    }
}

/// `text` cut to [`QUOTE`] characters, for an error message.
fn quote(text: &str) -> String {
    text.chars().take(QUOTE).collect()
}

/// One `key: value` line of a save file.
struct Field {
    line: usize,
    key: String,
    value: String,
}

/// The `key: value` lines of a save file.
struct Fields(Vec<Field>);

impl Fields {
    /// The lines after the header, which must be the save header.
    fn read(text: &str) -> Result<Fields, SaveError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        if header != HEADER {
            return Err(SaveError::Header(quote(header)));
        }
        let mut fields = Vec::new();
        for (i, line) in lines.enumerate() {
            let (key, value) = line.split_once(": ").ok_or_else(|| SaveError::Line {
                line: i + 2,
                text: quote(line),
            })?;
            fields.push(Field {
                line: i + 2,
                key: key.to_string(),
                value: value.to_string(),
            });
        }
        Ok(Fields(fields))
    }

    fn find(&self, key: &str) -> Option<&Field> {
        self.0.iter().find(|f| f.key == key)
    }

    fn get(&self, key: &'static str) -> Result<&str, SaveError> {
        self.find(key)
            .map(|f| f.value.as_str())
            .ok_or(SaveError::Missing(key))
    }

    fn number(&self, key: &'static str) -> Result<u64, SaveError> {
        let value = self.get(key)?;
        value.parse().map_err(|_| SaveError::Number {
            key,
            value: quote(value),
        })
    }

    fn grid(&self, key: &'static str) -> Result<Grid, SaveError> {
        self.get(key)?
            .parse()
            .map_err(|source| SaveError::Grid { key, source })
    }

    /// The optional `random` line; `None` without one or when it cannot be
    /// read (noted in `ignored`).
    fn random(&self, ignored: &mut Vec<PartError>) -> Option<RandomPuzzle> {
        let field = self.find("random")?;
        let read = field.value.split_once(' ').and_then(|(level, seed)| {
            let level: Level = level.parse().ok()?;
            Some(RandomPuzzle::new(level, seed.parse().ok()?))
        });
        if read.is_none() {
            ignored.push(PartError::Random {
                line: field.line,
                value: quote(&field.value),
            });
        }
        read
    }

    /// The optional `candidates`, `marks` and `struck` lines; what cannot
    /// be read is noted in `ignored` and left out.
    fn pencil(&self, ignored: &mut Vec<PartError>) -> Pencil {
        let mut pencil = Pencil::default();
        if let Some(field) = self.find("candidates") {
            match field.value.as_str() {
                "on" => pencil.set_auto(true),
                "off" => {}
                value => ignored.push(PartError::Candidates {
                    line: field.line,
                    value: quote(value),
                }),
            }
        }
        for (cell, marks) in self.marks("marks", ignored) {
            pencil.set_marks(cell, marks);
        }
        for (cell, struck) in self.marks("struck", ignored) {
            pencil.set_struck(cell, struck);
        }
        pencil
    }

    /// The `CELL=DIGITS` items of the optional line `key`; each item that
    /// cannot be read is noted in `ignored` and left out.
    fn marks(&self, key: &'static str, ignored: &mut Vec<PartError>) -> Vec<(Cell, Candidates)> {
        let Some(field) = self.find(key) else {
            return Vec::new();
        };
        let mut marks = Vec::new();
        for item in field.value.split_whitespace() {
            match mark_item(item) {
                Some(mark) => marks.push(mark),
                None => ignored.push(PartError::Marks {
                    line: field.line,
                    key,
                    item: quote(item),
                }),
            }
        }
        marks
    }
}

/// `1b=58` as a cell and its digits.
fn mark_item(item: &str) -> Option<(Cell, Candidates)> {
    let (cell, digits) = item.split_once('=')?;
    let cell = Cell::from_name(cell)?;
    if digits.is_empty() {
        return None;
    }
    let digits = digits
        .chars()
        .map(|c| Digit::new(u8::try_from(c.to_digit(10)?).ok()?))
        .collect::<Option<Vec<Digit>>>()?;
    Some((cell, digits.into_iter().collect()))
}

/// An optional part of a save file that could not be read. It is left out
/// and the rest of the game loads.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PartError {
    /// A `marks` or `struck` item that is not a cell and its digits.
    #[error("line {line}: {key}: expected CELL=DIGITS like 1b=58, found '{item}'")]
    Marks {
        /// The line number (from 1).
        line: usize,
        /// `marks` or `struck`.
        key: &'static str,
        /// The item (cut to 40 characters).
        item: String,
    },
    /// The automatic-candidates switch is neither `on` nor `off`.
    #[error("line {line}: candidates: expected on or off, found '{value}'")]
    Candidates {
        /// The line number (from 1).
        line: usize,
        /// What it holds (cut to 40 characters).
        value: String,
    },
    /// The generator's recipe is not a level and a seed.
    #[error(
        "line {line}: random: expected a level and a seed like 'medium 1234', found '{value}'"
    )]
    Random {
        /// The line number (from 1).
        line: usize,
        /// What it holds (cut to 40 characters).
        value: String,
    },
}

impl PartError {
    /// The line it is on.
    pub fn line(&self) -> usize {
        match self {
            PartError::Marks { line, .. }
            | PartError::Candidates { line, .. }
            | PartError::Random { line, .. } => *line,
        }
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
    pub fn load(&self) -> Result<Option<Loaded>, SaveError> {
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
    use crate::fixtures::cell;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn digits(text: &str) -> Candidates {
        text.chars()
            .map(|c| Digit::new(c.to_digit(10).unwrap() as u8).unwrap())
            .collect()
    }

    fn saved() -> SavedGame {
        let puzzle: Grid = LINE.parse().unwrap();
        let mut grid = puzzle;
        grid.set(cell("1c"), Digit::new(4));
        SavedGame {
            name: "sudoku01-easy.txt".to_string(),
            puzzle,
            grid,
            elapsed: Duration::from_secs(192),
            moves: 3,
            hints: 1,
            pencil: Pencil::default(),
            random: None,
        }
    }

    /// A generated puzzle's save with hand marks, automatic candidates on
    /// and one of them struck out.
    fn marked() -> SavedGame {
        let mut game = saved();
        game.name = "random hard #77".to_string();
        game.random = Some(RandomPuzzle::new(Level::Hard, 77));
        game.pencil.set_auto(true);
        game.pencil.set_marks(cell("1d"), digits("26"));
        game.pencil.set_marks(cell("9a"), digits("1234"));
        game.pencil.set_struck(cell("1d"), digits("6"));
        game
    }

    fn load(text: &str) -> Loaded {
        SavedGame::from_text(text).unwrap()
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
        let loaded = store.load().unwrap().unwrap();
        assert_eq!(loaded.game, saved());
        assert!(loaded.ignored.is_empty() && loaded.ignored_note().is_none());
        let dir = store.path().parent().unwrap();
        let files: Vec<_> = fs::read_dir(dir).unwrap().collect();
        assert_eq!(files.len(), 1, "the temporary file is gone");
        store.clear().unwrap();
        store.clear().unwrap();
        assert!(store.load().unwrap().is_none());
    }

    #[test]
    fn pencil_marks_candidates_and_the_recipe_read_back() {
        let text = marked().to_text();
        assert!(text.ends_with(
            "hints: 1\nrandom: hard 77\ncandidates: on\nmarks: 1d=26 9a=1234\nstruck: 1d=6\n"
        ));
        let loaded = load(&text);
        assert_eq!(loaded.game, marked());
        assert!(loaded.ignored.is_empty());
        let mut off = marked();
        off.pencil.set_auto(false);
        let text = off.to_text();
        assert!(text.contains("candidates: off\nmarks: 1d=26 9a=1234\n"));
        assert!(
            !text.contains("struck"),
            "struck out only means something with candidates on"
        );
        assert_eq!(load(&text).game, off);
    }

    #[test]
    fn saves_from_before_marks_still_load() {
        let old = format!(
            "sudoku-tui save 1\nname: sudoku01-easy.txt\npuzzle: {LINE}\ngrid: 534{}\n\
             elapsed: 192\nmoves: 3\nhints: 1\n",
            &LINE[3..]
        );
        let want = saved();
        let loaded = load(&old);
        assert_eq!(loaded.game, want);
        assert!(loaded.ignored.is_empty());
        assert!(!loaded.game.pencil.is_auto());
        let unknown = format!("{old}colour: blue\n");
        assert_eq!(load(&unknown).game, want, "unknown lines are skipped");
    }

    #[test]
    fn corrupt_optional_parts_are_reported_and_left_out() {
        let text = marked()
            .to_text()
            .replace("1d=26 9a=1234", "1d=26 zz=3 9a= 5e=40 2b=7")
            .replace("random: hard 77", "random: tricky 77")
            .replace("candidates: on", "candidates: maybe");
        let loaded = load(&text);
        let messages: Vec<String> = loaded.ignored.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "line 8: random: expected a level and a seed like 'medium 1234', found 'tricky 77'",
                "line 9: candidates: expected on or off, found 'maybe'",
                "line 10: marks: expected CELL=DIGITS like 1b=58, found 'zz=3'",
                "line 10: marks: expected CELL=DIGITS like 1b=58, found '9a='",
                "line 10: marks: expected CELL=DIGITS like 1b=58, found '5e=40'",
            ]
        );
        assert_eq!(
            loaded.ignored_note().unwrap(),
            "Ignored part of the saved game: line 8: random: expected a level and a seed \
             like 'medium 1234', found 'tricky 77' (and 4 more)"
        );
        let game = loaded.game;
        assert_eq!((game.grid, game.moves), (saved().grid, 3), "the rest loads");
        assert_eq!(game.random, None);
        assert!(!game.pencil.is_auto());
        assert_eq!(game.pencil.marks(cell("1d")), digits("26"));
        assert_eq!(game.pencil.marks(cell("2b")), digits("7"));
        assert!(game.pencil.marks(cell("9a")).is_empty());
        let seedless = marked()
            .to_text()
            .replace("random: hard 77", "random: hard");
        assert_eq!(load(&seedless).ignored.len(), 1);
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
