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
//!
//! Nothing read is trusted: the file is read only when it is a regular
//! file, and at most [`MAX_SAVE_BYTES`] of it; the board must keep every
//! given of the puzzle; a time above [`MAX_ELAPSED`], a move or hint count
//! above [`MAX_COUNT`] and a name longer than [`MAX_NAME`] characters are
//! reported as a [`PartError`] and replaced by the limit (the name is cut).

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::{Cell, Digit, Grid, Level, ParseError, RandomPuzzle};
use thiserror::Error;

use sudoku_core::session::{open_for_reading, Pencil};
use sudoku_core::Digits;

/// The first line of every save file.
const HEADER: &str = "sudoku-tui save 1";

/// The largest save file read, in bytes: a save is under 1 KiB, so more
/// is not a save.
pub const MAX_SAVE_BYTES: u64 = 64 * 1024;

/// The longest time a save may hold: 9999 hours (over a year of play). A
/// larger one is replaced by it.
pub const MAX_ELAPSED: Duration = Duration::from_secs(9999 * 3600);

/// The largest move or hint count a save may hold. A larger one is
/// replaced by it.
pub const MAX_COUNT: usize = 999_999;

/// The longest name a save may hold, in characters. A longer one is cut.
pub const MAX_NAME: usize = 200;

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

/// A save file read back: the game, and the parts of the file that were
/// left out or replaced because they could not be read or were out of
/// range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The game.
    pub game: SavedGame,
    /// What was left out or replaced, in file order.
    pub ignored: Vec<PartError>,
}

impl Loaded {
    /// A sentence for the player about the parts of the save file `path`
    /// left out or replaced, `None` when nothing was.
    pub fn ignored_note(&self, path: &Path) -> Option<String> {
        let first = self.ignored.first()?;
        let more = match self.ignored.len() - 1 {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        Some(format!(
            "Ignored part of the saved game: {}: {first}{more}",
            path.display()
        ))
    }
}

/// `name` as a save's `name` line holds it: line breaks become spaces.
fn one_line(name: &str) -> String {
    name.replace(['\n', '\r'], " ")
}

impl SavedGame {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\nname: {}\npuzzle: {}\ngrid: {}\nelapsed: {}\nmoves: {}\nhints: {}\n",
            one_line(&self.name),
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
    /// file; errors in the optional ones, and values out of range, are left
    /// out or replaced and listed in [`Loaded::ignored`].
    pub fn from_text(text: &str) -> Result<Loaded, SaveError> {
        let fields = Fields::read(text)?;
        let puzzle = fields.grid("puzzle")?;
        let grid = fields.grid("grid")?;
        check_givens(&puzzle, &grid, fields.line_of("grid"))?;
        let mut ignored = Vec::new();
        let secs = fields.bounded("elapsed", MAX_ELAPSED.as_secs(), &mut ignored)?;
        let game = SavedGame {
            name: fields.name(&mut ignored)?,
            puzzle,
            grid,
            elapsed: Duration::from_secs(secs),
            moves: fields.count("moves", &mut ignored)?,
            hints: fields.count("hints", &mut ignored)?,
            pencil: fields.pencil(&mut ignored),
            random: fields.random(&mut ignored),
        };
        ignored.sort_by_key(PartError::line);
        Ok(Loaded { game, ignored })
    }
}

/// Refuses a board that does not hold every given of the puzzle.
fn check_givens(puzzle: &Grid, grid: &Grid, line: usize) -> Result<(), SaveError> {
    for cell in Cell::all() {
        if let Some(given) = puzzle.get(cell) {
            let found = grid.get(cell);
            if found != Some(given) {
                return Err(SaveError::GivenChanged {
                    line,
                    cell,
                    given,
                    found: found.map_or('.', |d| char::from(b'0' + d.get())),
                });
            }
        }
    }
    Ok(())
}

/// Adds the line `key: 1b=58 2c=478` for the cells where `marks` has
/// digits; no line when none has.
fn push_marks(text: &mut String, key: &str, marks: impl Fn(Cell) -> Digits) {
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

    fn field(&self, key: &'static str) -> Result<&Field, SaveError> {
        self.find(key).ok_or(SaveError::Missing(key))
    }

    /// The line of `key`, 0 when it is missing.
    fn line_of(&self, key: &str) -> usize {
        self.find(key).map_or(0, |f| f.line)
    }

    /// The name, cut to [`MAX_NAME`] characters (noted in `ignored`); line
    /// breaks become spaces.
    fn name(&self, ignored: &mut Vec<PartError>) -> Result<String, SaveError> {
        let field = self.field("name")?;
        let name = one_line(&field.value);
        if name.chars().count() <= MAX_NAME {
            return Ok(name);
        }
        ignored.push(PartError::Name {
            line: field.line,
            value: quote(&name),
        });
        Ok(name.chars().take(MAX_NAME).collect())
    }

    /// The whole number `key`, at most `max`: a larger one (even one too
    /// large for 64 bits) is noted in `ignored` and replaced by `max`.
    fn bounded(
        &self,
        key: &'static str,
        max: u64,
        ignored: &mut Vec<PartError>,
    ) -> Result<u64, SaveError> {
        let field = self.field(key)?;
        let value = field.value.as_str();
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SaveError::Number {
                line: field.line,
                key,
                value: quote(value),
            });
        }
        match value.parse::<u64>() {
            Ok(n) if n <= max => Ok(n),
            _ => {
                ignored.push(PartError::TooLarge {
                    line: field.line,
                    key,
                    value: quote(value),
                    max,
                });
                Ok(max)
            }
        }
    }

    /// The count `key` (moves, hints), at most [`MAX_COUNT`].
    fn count(&self, key: &'static str, ignored: &mut Vec<PartError>) -> Result<usize, SaveError> {
        let n = self.bounded(key, MAX_COUNT as u64, ignored)?;
        Ok(usize::try_from(n).unwrap_or(MAX_COUNT))
    }

    fn grid(&self, key: &'static str) -> Result<Grid, SaveError> {
        let field = self.field(key)?;
        field.value.parse().map_err(|source| SaveError::Grid {
            line: field.line,
            key,
            source,
        })
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
    /// be read is noted in `ignored` and left out. `struck` only counts
    /// with candidates on (the game never writes it otherwise).
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
        let struck = self.marks("struck", ignored);
        if pencil.is_auto() {
            for (cell, struck) in struck {
                pencil.set_struck(cell, struck);
            }
        }
        pencil
    }

    /// The `CELL=DIGITS` items of the optional line `key`; each item that
    /// cannot be read is noted in `ignored` and left out.
    fn marks(&self, key: &'static str, ignored: &mut Vec<PartError>) -> Vec<(Cell, Digits)> {
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
fn mark_item(item: &str) -> Option<(Cell, Digits)> {
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

/// A part of a save file that could not be read, or whose value is out of
/// range. It is left out or replaced by the limit, and the rest of the game
/// loads.
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
    /// A number above its limit ([`MAX_ELAPSED`] seconds, [`MAX_COUNT`]);
    /// the limit is used instead.
    #[error("line {line}: {key}: expected at most {max}, found '{value}' (using {max})")]
    TooLarge {
        /// The line number (from 1).
        line: usize,
        /// `elapsed`, `moves` or `hints`.
        key: &'static str,
        /// What it holds (cut to 40 characters).
        value: String,
        /// The limit.
        max: u64,
    },
    /// A name longer than [`MAX_NAME`] characters; it is cut.
    #[error("line {line}: name: longer than {MAX_NAME} characters, cut: '{value}'")]
    Name {
        /// The line number (from 1).
        line: usize,
        /// Its start (40 characters).
        value: String,
    },
}

impl PartError {
    /// The line it is on.
    pub fn line(&self) -> usize {
        match self {
            PartError::Marks { line, .. }
            | PartError::Candidates { line, .. }
            | PartError::Random { line, .. }
            | PartError::TooLarge { line, .. }
            | PartError::Name { line, .. } => *line,
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
    /// The save is not a regular file (a device, a pipe, a folder).
    #[error("{}: not a regular file", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
    },
    /// The file is too big to be a save.
    #[error("{}: larger than {limit} bytes", path.display())]
    TooBig {
        /// The file.
        path: PathBuf,
        /// The limit, [`MAX_SAVE_BYTES`].
        limit: u64,
    },
    /// What is wrong inside the save file.
    #[error("{}: {reason}", path.display())]
    Content {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: Box<SaveError>,
    },
    /// The first line is not the save header.
    #[error("line 1: expected the header '{HEADER}', found '{0}'")]
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
    #[error("line {line}: {key}: expected a whole number, found '{value}'")]
    Number {
        /// The line number (from 1).
        line: usize,
        /// The field.
        key: &'static str,
        /// What it holds (cut to 40 characters).
        value: String,
    },
    /// A grid field does not hold a grid.
    #[error("line {line}: {key}: {source}")]
    Grid {
        /// The line number (from 1).
        line: usize,
        /// The field.
        key: &'static str,
        /// Why it is not a grid.
        source: ParseError,
    },
    /// The board changes a given of the puzzle.
    #[error("line {line}: grid: found '{found}' in {cell}, where the puzzle gives {given}")]
    GivenChanged {
        /// The line of the board (from 1).
        line: usize,
        /// The cell.
        cell: Cell,
        /// The puzzle's given.
        given: Digit,
        /// What the board holds there (`.` for nothing).
        found: char,
    },
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

    /// The saved game, `None` when there is none. Only a regular file is
    /// read (a device, a FIFO or a folder is refused without reading or
    /// waiting), and at most [`MAX_SAVE_BYTES`] of it.
    pub fn load(&self) -> Result<Option<Loaded>, SaveError> {
        let file = match open_for_reading(&self.path) {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(self.io_error(err)),
        };
        let meta = file.metadata().map_err(|err| self.io_error(err))?;
        if !meta.is_file() {
            return Err(SaveError::NotAFile {
                path: self.path.clone(),
            });
        }
        let mut bytes = Vec::new();
        file.take(MAX_SAVE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| self.io_error(err))?;
        if bytes.len() as u64 > MAX_SAVE_BYTES {
            return Err(SaveError::TooBig {
                path: self.path.clone(),
                limit: MAX_SAVE_BYTES,
            });
        }
        SavedGame::from_text(&String::from_utf8_lossy(&bytes))
            .map(Some)
            .map_err(|reason| SaveError::Content {
                path: self.path.clone(),
                reason: Box::new(reason),
            })
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

    fn digits(text: &str) -> Digits {
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
        assert!(loaded.ignored.is_empty() && loaded.ignored_note(store.path()).is_none());
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
            loaded.ignored_note(Path::new("/d/save.txt")).unwrap(),
            "Ignored part of the saved game: /d/save.txt: line 8: random: expected a level \
             and a seed like 'medium 1234', found 'tricky 77' (and 4 more)"
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
                "line 1: expected the header 'sudoku-tui save 1', found 'garbage'",
            ),
            (
                text.replace("elapsed: 192", "elapsed: soon"),
                "line 5: elapsed: expected a whole number, found 'soon'",
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
                "line 4: grid: found '6' in 1a, where the puzzle gives 5",
            ),
            (
                text.replace("grid: 534", "grid: 5.4"),
                "line 4: grid: found '.' in 1b, where the puzzle gives 3",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(SavedGame::from_text(&text).unwrap_err().to_string(), want);
        }
        let bad_grid = text.replace("grid: 53", "grid: x3");
        let err = SavedGame::from_text(&bad_grid).unwrap_err().to_string();
        assert!(err.starts_with("line 4: grid: "), "{err}");
        let store = store("corrupt");
        fs::create_dir_all(store.path().parent().unwrap()).unwrap();
        fs::write(store.path(), [0xff; 10]).unwrap();
        let err = store.load().unwrap_err().to_string();
        let want = format!("{}: line 1: expected the header", store.path().display());
        assert!(err.starts_with(&want), "the file is named: {err}");
    }

    #[test]
    fn out_of_range_numbers_and_names_are_reported_and_replaced() {
        let long_name = "n".repeat(MAX_NAME + 5);
        let text = saved()
            .to_text()
            .replace("elapsed: 192", "elapsed: 18446744073709551615")
            .replace("moves: 3", "moves: 99999999999999999999999")
            .replace("hints: 1", "hints: 1000000")
            .replace("name: sudoku01-easy.txt", &format!("name: {long_name}"));
        let loaded = load(&text);
        let messages: Vec<String> = loaded.ignored.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                format!(
                    "line 2: name: longer than 200 characters, cut: '{}'",
                    "n".repeat(40)
                ),
                "line 5: elapsed: expected at most 35996400, found '18446744073709551615' \
                 (using 35996400)"
                    .to_string(),
                "line 6: moves: expected at most 999999, found '99999999999999999999999' \
                 (using 999999)"
                    .to_string(),
                "line 7: hints: expected at most 999999, found '1000000' (using 999999)"
                    .to_string(),
            ]
        );
        let game = loaded.game;
        assert_eq!(game.elapsed, MAX_ELAPSED);
        assert_eq!((game.moves, game.hints), (MAX_COUNT, MAX_COUNT));
        assert_eq!(game.name, "n".repeat(MAX_NAME));
        assert_eq!(
            load(&game.to_text()).game,
            game,
            "the replaced game saves as it is"
        );
        assert_eq!(load(&game.to_text()).ignored, []);
        let limits = saved()
            .to_text()
            .replace("elapsed: 192", "elapsed: 35996400")
            .replace("moves: 3", "moves: 999999");
        assert_eq!(load(&limits).ignored, [], "the limits themselves are fine");
        for bad in ["elapsed: -1", "elapsed: 1e9", "elapsed: ", "elapsed: +5"] {
            let text = saved().to_text().replace("elapsed: 192", bad);
            assert!(SavedGame::from_text(&text).is_err(), "{bad}");
        }
    }

    #[test]
    fn struck_candidates_only_count_with_candidates_on() {
        let text = saved().to_text() + "struck: 1d=6\n";
        let loaded = load(&text);
        assert!(!loaded.game.pencil.has_notes(), "candidates are off");
        assert_eq!(load(&loaded.game.to_text()).game, loaded.game);
    }

    /// `store.load()` on a thread: the error it gives within five seconds
    /// (a panic if it hangs, or loads something).
    fn load_error_in_time(store: SaveStore) -> String {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(store.load().map(|l| l.is_some()).map_err(|e| e.to_string()));
        });
        match rx.recv_timeout(Duration::from_secs(5)) {
            Ok(Err(err)) => err,
            Ok(Ok(found)) => panic!("loaded (a game: {found}) instead of refusing"),
            Err(_) => panic!("the load hangs"),
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_a_fifo_is_refused_at_once() {
        let zero = store("zero");
        fs::create_dir_all(zero.path().parent().unwrap()).unwrap();
        std::os::unix::fs::symlink("/dev/zero", zero.path()).unwrap();
        let err = load_error_in_time(zero.clone());
        assert_eq!(
            err,
            format!("{}: not a regular file", zero.path().display())
        );
        let fifo = store("fifo");
        fs::create_dir_all(fifo.path().parent().unwrap()).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(fifo.path())
            .status()
            .unwrap();
        assert!(made.success());
        let err = load_error_in_time(fifo.clone());
        assert_eq!(
            err,
            format!("{}: not a regular file", fifo.path().display())
        );
        let dir = store("dir");
        fs::create_dir_all(dir.path()).unwrap();
        assert!(load_error_in_time(dir).ends_with("not a regular file"));
    }

    #[test]
    fn a_large_file_is_read_only_up_to_the_limit() {
        let big = store("big");
        fs::create_dir_all(big.path().parent().unwrap()).unwrap();
        let mut text = saved().to_text();
        text.push_str(&"x: y\n".repeat(20_000));
        fs::write(big.path(), text).unwrap();
        assert_eq!(
            load_error_in_time(big.clone()),
            format!("{}: larger than 65536 bytes", big.path().display())
        );
    }

    /// Loading `text` never panics; a game it loads is in range, keeps the
    /// givens, saves and loads back as it is, and can be played.
    fn check_loads_in_range(text: &str) {
        let Ok(loaded) = SavedGame::from_text(text) else {
            return;
        };
        let game = &loaded.game;
        assert!(game.elapsed <= MAX_ELAPSED);
        assert!(game.moves <= MAX_COUNT && game.hints <= MAX_COUNT);
        assert!(game.name.chars().count() <= MAX_NAME);
        assert!(!game.name.contains(['\n', '\r']));
        assert!(
            check_givens(&game.puzzle, &game.grid, 0).is_ok(),
            "the givens stay"
        );
        let again = SavedGame::from_text(&game.to_text()).expect("a loaded game saves");
        assert_eq!(&again.game, game, "re-saved and re-loaded");
        assert_eq!(again.ignored, []);
        let now = std::time::Instant::now();
        if let Ok(play) = crate::play::Play::resume(game, None, now) {
            let later = now + Duration::from_secs(3600);
            assert_eq!(
                SavedGame::from_text(&play.to_saved(later).to_text())
                    .unwrap()
                    .ignored,
                []
            );
        }
    }

    /// `marked()`'s save with its line `line` changed by `edit` (0: the
    /// value replaced by `value`, 1: the line removed, 2: `value` inserted
    /// as a line, 3: the line doubled).
    fn mutated(line: usize, edit: u8, value: &str) -> String {
        let text = marked().to_text();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let i = line % lines.len();
        match edit % 4 {
            0 => {
                let key = lines[i].split_once(": ").map_or("", |(k, _)| k).to_string();
                lines[i] = format!("{key}: {value}");
            }
            1 => {
                lines.remove(i);
            }
            2 => lines.insert(i, value.to_string()),
            _ => lines.insert(i, lines[i].clone()),
        }
        lines.join("\n") + "\n"
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(300))]

        #[test]
        fn any_bytes_load_in_range_or_not_at_all(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            check_loads_in_range(&String::from_utf8_lossy(&bytes));
            let with_header = [HEADER.as_bytes(), b"\n", &bytes].concat();
            check_loads_in_range(&String::from_utf8_lossy(&with_header));
        }

        #[test]
        fn mutated_saves_load_in_range_or_not_at_all(
            line in 0usize..16,
            edit in 0u8..4,
            value in proptest::prop_oneof![
                "[0-9]{0,25}",
                "[1-9a-i=. ]{0,30}",
                "(on|off|easy|hard|[0-9]| |=|1b|9i)*",
                proptest::prelude::any::<String>(),
            ],
        ) {
            check_loads_in_range(&mutated(line, edit, &value));
        }
    }
}
