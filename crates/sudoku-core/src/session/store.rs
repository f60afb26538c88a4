//! The save store: one save per puzzle in a directory the frontend names
//! (both games pass `dirs::data_dir()/sudoku`; the core looks up no
//! directory itself), shared by both games.
//!
//! A puzzle's save is the file `KEY.save`, where the key is the puzzle's
//! 81 cells row by row, `0` for a blank (see [`SaveStore::key`]): the same
//! on every platform and in every version, readable, and one file per
//! puzzle whatever it was called or wherever it came from. Saves are
//! written atomically (a temporary file in the same directory, renamed over
//! the old save; a save that is a symbolic link is written through to its
//! target), only regular files are read, and at most
//! [`MAX_SAVE_BYTES`] of them.
//!
//! A game holds its puzzle's [`SaveLock`] while the puzzle is open, so two
//! games never play one puzzle at once and no save is written over
//! another game's. The list of saved games reads only the start of each
//! save (what the list shows), never the history.

mod lock;

use std::fs;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use thiserror::Error;

use super::file::{follow_links, open_for_reading, write_atomically};
use super::save::{self, Loaded, PartError, SaveError, MAX_SAVE_BYTES};
use super::{Progress, Session};
use crate::grid::Grid;
use crate::logic::Level;

pub use lock::SaveLock;

/// How the store's own short-lived locks (a save, a delete or an import
/// made outside a game) name themselves to a game that finds one.
const BRIEF_HOLDER: &str = "a save being written";

/// The file name ending of a save in the store.
const EXTENSION: &str = "save";

/// The most unreadable saves of one puzzle [`SaveStore::set_aside`] keeps.
const MAX_SET_ASIDE: usize = 99;

/// Saves kept one per puzzle under a directory.
///
/// ```
/// use std::time::SystemTime;
/// use sudoku_core::session::{Origin, SaveStore, Session};
/// # let dir = std::env::temp_dir().join(format!("sudoku-store-doc-{}", std::process::id()));
/// let store = SaveStore::new(&dir);
/// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let mut session = Session::new(puzzle, "classic", Origin::Text)?;
/// session.enter(sudoku_core::Cell::from_name("1c").unwrap(), 4)?;
/// store.save(&session, SystemTime::now())?;
/// assert_eq!(store.load(&puzzle)?.unwrap().session, session);
/// let listing = store.list()?;
/// assert_eq!(listing.games[0].name, "classic");
/// assert_eq!(listing.games[0].progress.to_string(), "1/51");
/// assert!(store.delete(&puzzle)?);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveStore {
    dir: PathBuf,
}

/// One saved game, as a list of saved games shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedInfo {
    /// The save file.
    pub path: PathBuf,
    /// The puzzle.
    pub puzzle: Grid,
    /// The puzzle's name.
    pub name: String,
    /// Its level, when the save knows it.
    pub level: Option<Level>,
    /// Cells filled of those to fill.
    pub progress: Progress,
    /// The board as saved (the save's `grid` line).
    pub board: Grid,
    /// Moves made, as [`Session::moves`] counts them.
    pub moves: usize,
    /// Time played.
    pub time: Duration,
    /// When it was saved: the save's `saved` line, else the file's
    /// modification time, else `None`.
    pub saved_at: Option<SystemTime>,
    /// Whether the board is solved.
    pub solved: bool,
}

/// The saved games of a store, and the saves that could not be read.
#[derive(Debug, Default)]
pub struct Listing {
    /// The saved games, the most recently saved first.
    pub games: Vec<SavedInfo>,
    /// Each save file that could not be read, with why.
    pub errors: Vec<StoreError>,
}

/// What [`SaveStore::import`] did with a save of the previous release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Import {
    /// There was no such file.
    Nothing,
    /// The game is in the store now, at `path`; the old file is removed.
    Imported {
        /// The new save.
        path: PathBuf,
        /// What was left out of the old save, as in [`Loaded::ignored`].
        ignored: Vec<PartError>,
    },
    /// The store holds a save of that puzzle already, which was kept; the
    /// old file is removed.
    AlreadySaved {
        /// The save kept.
        path: PathBuf,
    },
}

/// Why the store could not read, write or remove a save. Every message
/// starts with the file.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The file system refused.
    #[error("{}: {reason}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        reason: io::Error,
    },
    /// The save is not a regular file (a device, a pipe, a directory).
    #[error("{}: not a regular file", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
    },
    /// The save cannot be read.
    #[error("{}: {reason}", path.display())]
    Content {
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        reason: SaveError,
    },
    /// The file holds another puzzle than the one its name is the key of.
    #[error("{}: holds the puzzle {found}, not the one its name says", path.display())]
    OtherPuzzle {
        /// The file.
        path: PathBuf,
        /// The puzzle it holds.
        found: Grid,
    },
    /// Another game has the puzzle open (it holds its [`SaveLock`]).
    #[error("{}: this puzzle is open in another game{}", path.display(),
            holder.as_ref().map_or_else(String::new, |h| format!(" ({h})")))]
    InUse {
        /// The save.
        path: PathBuf,
        /// The other game, as its lock names it (`sudoku-tui, pid 4242`).
        holder: Option<String>,
    },
}

impl StoreError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            StoreError::Io { path, .. }
            | StoreError::NotAFile { path }
            | StoreError::Content { path, .. }
            | StoreError::OtherPuzzle { path, .. }
            | StoreError::InUse { path, .. } => path,
        }
    }
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |reason| StoreError::Io {
        path: path.to_path_buf(),
        reason,
    }
}

impl SaveStore {
    /// The store in `dir`, which is made at the first save.
    pub fn new(dir: impl Into<PathBuf>) -> SaveStore {
        SaveStore { dir: dir.into() }
    }

    /// The store's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The key of `puzzle`'s save: its 81 cells row by row, `0` for a
    /// blank.
    ///
    /// ```
    /// use sudoku_core::session::SaveStore;
    /// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let key = SaveStore::key(&puzzle.parse().unwrap());
    /// assert_eq!(key, puzzle.replace('.', "0"));
    /// ```
    pub fn key(puzzle: &Grid) -> String {
        puzzle.to_line().replace('.', "0")
    }

    /// The file that holds (or would hold) `puzzle`'s save.
    pub fn path_of(&self, puzzle: &Grid) -> PathBuf {
        self.dir
            .join(format!("{}.{EXTENSION}", SaveStore::key(puzzle)))
    }

    /// Saves `session` over any earlier save of its puzzle, atomically: a
    /// reader sees the old save or the new one, never part of one; when the
    /// write fails, the old save stays and no temporary file is left. The
    /// new file keeps the old one's permissions, and a save that is a
    /// symbolic link is written through to its target. `saved_at` (the
    /// caller's clock) is recorded in the save. Returns the save's path.
    ///
    /// The save is locked while it is written: refused with
    /// [`StoreError::InUse`] while a game holds the puzzle's lock. A game
    /// saves through its own [`SaveLock::save`].
    pub fn save(&self, session: &Session, saved_at: SystemTime) -> Result<PathBuf, StoreError> {
        self.lock(session.game().puzzle(), BRIEF_HOLDER)?
            .save(session, saved_at)
    }

    /// Writes `session`'s save; the caller holds the lock.
    fn write(&self, session: &Session, saved_at: SystemTime) -> Result<PathBuf, StoreError> {
        let path = self.path_of(session.game().puzzle());
        let text = save::to_string(session, Some(saved_at));
        fs::create_dir_all(&self.dir).map_err(io_error(&self.dir))?;
        write_atomically(&path, text.as_bytes()).map_err(io_error(&path))?;
        Ok(path)
    }

    /// The save of `puzzle`, `None` when there is none.
    pub fn load(&self, puzzle: &Grid) -> Result<Option<Loaded>, StoreError> {
        let path = self.path_of(puzzle);
        let Some((loaded, _)) = read_save(&path)? else {
            return Ok(None);
        };
        let found = *loaded.session.game().puzzle();
        if found != *puzzle {
            return Err(StoreError::OtherPuzzle { path, found });
        }
        Ok(Some(loaded))
    }

    /// Removes the save of `puzzle` (after a win, or when the player
    /// throws it away); says whether there was one. A save that is a
    /// symbolic link goes with the file it names. Refused with
    /// [`StoreError::InUse`] while a game has the puzzle open; that game
    /// removes it through its [`SaveLock::delete`].
    pub fn delete(&self, puzzle: &Grid) -> Result<bool, StoreError> {
        self.lock(puzzle, BRIEF_HOLDER)?.delete()
    }

    /// Removes `puzzle`'s save and, when it is a link, its target; the
    /// caller holds the lock.
    fn remove(&self, puzzle: &Grid) -> Result<bool, StoreError> {
        let path = self.path_of(puzzle);
        let target = follow_links(&path).map_err(io_error(&path))?;
        if target != path {
            match fs::remove_file(&target) {
                Err(err) if err.kind() != io::ErrorKind::NotFound => {
                    return Err(io_error(&path)(err))
                }
                _ => {}
            }
        }
        match fs::remove_file(&path) {
            Ok(()) => Ok(true),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(err) => Err(io_error(&path)(err)),
        }
    }

    /// Moves the save of `puzzle` that could not be read out of the way, so
    /// that the next save does not replace it: it becomes `KEY.save.bad`
    /// (or `KEY.save.bad2`, `KEY.save.bad3`, ... when that is taken), which
    /// [`SaveStore::list`] does not look at. Returns the new path, or
    /// `None` when there is no save of `puzzle`.
    pub fn set_aside(&self, puzzle: &Grid) -> Result<Option<PathBuf>, StoreError> {
        let path = self.path_of(puzzle);
        if fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let aside = self.free_aside_name(&path)?;
        fs::rename(&path, &aside).map_err(io_error(&path))?;
        Ok(Some(aside))
    }

    /// Copies the save of `puzzle` to `KEY.save.bad` (or the next free
    /// name, as [`SaveStore::set_aside`] picks it), leaving the save where
    /// it is: for a save read with parts left out ([`Loaded::ignored`]),
    /// kept as it was before the game writes over it. Returns the copy's
    /// path, or `None` when there is no save of `puzzle`.
    pub fn keep_copy(&self, puzzle: &Grid) -> Result<Option<PathBuf>, StoreError> {
        let path = self.path_of(puzzle);
        if fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let aside = self.free_aside_name(&path)?;
        fs::copy(&path, &aside).map_err(io_error(&path))?;
        Ok(Some(aside))
    }

    /// The first of `KEY.save.bad`, `KEY.save.bad2`, ... that is free.
    fn free_aside_name(&self, path: &Path) -> Result<PathBuf, StoreError> {
        for n in 1..=MAX_SET_ASIDE {
            let suffix = if n == 1 { String::new() } else { n.to_string() };
            let aside = path.with_extension(format!("{EXTENSION}.bad{suffix}"));
            if fs::symlink_metadata(&aside).is_err() {
                return Ok(aside);
            }
        }
        Err(StoreError::Io {
            path: path.to_path_buf(),
            reason: io::Error::other(format!(
                "{MAX_SET_ASIDE} unreadable saves of this puzzle are set aside already"
            )),
        })
    }

    /// The saved games, the most recently saved first; a save that cannot
    /// be read is listed in [`Listing::errors`] instead. Only the store's
    /// own files (`KEY.save`) are looked at; a missing directory is an
    /// empty store.
    pub fn list(&self) -> Result<Listing, StoreError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Listing::default()),
            Err(err) => return Err(io_error(&self.dir)(err)),
        };
        let mut listing = Listing::default();
        for entry in entries {
            let entry = entry.map_err(io_error(&self.dir))?;
            let path = entry.path();
            let Some(key) = store_key(&path) else {
                continue;
            };
            match self.info(&path, key) {
                Ok(Some(info)) => listing.games.push(info),
                Ok(None) => {}
                Err(err) => listing.errors.push(err),
            }
        }
        listing.games.sort_by(|a, b| {
            b.saved_at
                .cmp(&a.saved_at)
                .then_with(|| a.name.cmp(&b.name))
        });
        listing.errors.sort_by(|a, b| a.path().cmp(b.path()));
        Ok(listing)
    }

    /// The list entry of the save at `path`, whose name holds `key`,
    /// from the start of the save (its history is not read) when that is
    /// enough, else from the whole save.
    fn info(&self, path: &Path, key: &str) -> Result<Option<SavedInfo>, StoreError> {
        let file = match open_for_reading(path) {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(io_error(path)(err)),
        };
        let meta = regular(&file, path)?;
        let content = |reason| StoreError::Content {
            path: path.to_path_buf(),
            reason,
        };
        let summary = match save::read_summary(BufReader::new(file)).map_err(content)? {
            Some(summary) => summary,
            None => match read_save(path)? {
                Some((loaded, _)) => save::Summary::of(&loaded),
                None => return Ok(None), // removed since the folder was read
            },
        };
        if SaveStore::key(&summary.puzzle) != key {
            return Err(StoreError::OtherPuzzle {
                path: path.to_path_buf(),
                found: summary.puzzle,
            });
        }
        let givens = summary.puzzle.givens();
        Ok(Some(SavedInfo {
            path: path.to_path_buf(),
            puzzle: summary.puzzle,
            name: summary.name,
            level: summary.level,
            progress: Progress {
                filled: summary.board.givens() - givens,
                to_fill: 81 - givens,
            },
            board: summary.board,
            moves: summary.moves,
            time: summary.time,
            saved_at: summary.saved_at.or(meta.modified().ok()),
            solved: summary.board.is_solved(),
        }))
    }

    /// Moves the previous release's single save (the terminal game's
    /// `save.txt`, at `legacy`) into the store, unless the store holds a
    /// save of that puzzle already (which is newer, and kept). Either way
    /// the old file is removed, so it is imported once. The save's time is
    /// the old file's modification time. A file that cannot be read is
    /// left where it is, and the error says why.
    pub fn import(&self, legacy: &Path) -> Result<Import, StoreError> {
        let Some((loaded, modified)) = read_save(legacy)? else {
            return Ok(Import::Nothing);
        };
        let puzzle = *loaded.session.game().puzzle();
        let existing = self.path_of(&puzzle);
        let lock = self.lock(&puzzle, BRIEF_HOLDER)?;
        let import = if fs::symlink_metadata(&existing).is_ok() {
            Import::AlreadySaved { path: existing }
        } else {
            let text = save::to_string(&loaded.session, modified);
            fs::create_dir_all(&self.dir).map_err(io_error(&self.dir))?;
            write_atomically(&existing, text.as_bytes()).map_err(io_error(&existing))?;
            Import::Imported {
                path: existing,
                ignored: loaded.ignored,
            }
        };
        drop(lock);
        match fs::remove_file(legacy) {
            Err(err) if err.kind() != io::ErrorKind::NotFound => Err(io_error(legacy)(err)),
            _ => Ok(import),
        }
    }
}

/// The key in a store file's name `KEY.save`, `None` for any other name
/// (temporary files, lock files, files of other programs).
fn store_key(path: &Path) -> Option<&str> {
    let name = path.file_name()?.to_str()?;
    let key = name.strip_suffix(EXTENSION)?.strip_suffix('.')?;
    (key.len() == 81 && key.bytes().all(|b| b.is_ascii_digit())).then_some(key)
}

/// The metadata of the open `file` at `path`, which must be a regular
/// file of at most [`MAX_SAVE_BYTES`].
fn regular(file: &fs::File, path: &Path) -> Result<fs::Metadata, StoreError> {
    let meta = file.metadata().map_err(io_error(path))?;
    if !meta.is_file() {
        return Err(StoreError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    if meta.len() > MAX_SAVE_BYTES {
        return Err(StoreError::Content {
            path: path.to_path_buf(),
            reason: SaveError::TooBig {
                limit: MAX_SAVE_BYTES,
            },
        });
    }
    Ok(meta)
}

/// The save at `path` and the file's modification time; `None` when there
/// is no file. Only a regular file is read (a device, a FIFO or a directory
/// is refused without reading or waiting), and at most
/// [`MAX_SAVE_BYTES`] of it.
fn read_save(path: &Path) -> Result<Option<(Loaded, Option<SystemTime>)>, StoreError> {
    let file = match open_for_reading(path) {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(io_error(path)(err)),
    };
    let meta = regular(&file, path)?;
    let loaded = save::read(file).map_err(|reason| StoreError::Content {
        path: path.to_path_buf(),
        reason,
    })?;
    Ok(Some((loaded, meta.modified().ok())))
}

#[cfg(test)]
mod tests;
