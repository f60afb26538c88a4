//! One game per puzzle at a time: a lock on the puzzle's save, held for as
//! long as a game has the puzzle open, as an editor warns of a file open
//! elsewhere.
//!
//! The lock is the operating system's file lock (`flock` on Unix) on a
//! small hidden file beside the save, `.KEY.lock`. The system lets go of it
//! when the process ends, however it ends (`kill -9` included), so a lock
//! is never stale. The file holds who took it (`sudoku-tui, pid 4242`),
//! only to name the other game in the message; it is removed when the lock
//! is let go.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{SaveStore, StoreError};
use crate::grid::Grid;
use crate::session::file::remove_stale_temps;
use crate::session::Session;

/// The most bytes of a lock file read to name its holder.
const MAX_HOLDER: u64 = 200;

/// How many times the lock is tried when its file was replaced meanwhile
/// (another game let go of it and removed the file as we opened it).
const TRIES: usize = 10;

/// The lock on one puzzle's save: while it lives, no other game (in this
/// process or another) can lock the puzzle. Saving and deleting through it
/// never wait for or fight with another game. Dropping it lets go.
///
/// When the store's file system cannot lock (or the lock file cannot be
/// made, as in a read-only folder), the game goes on unlocked:
/// [`SaveLock::is_held`] says so, and saving reports its own error.
///
/// ```
/// use sudoku_core::session::{Origin, SaveStore, Session, StoreError};
/// # let dir = std::env::temp_dir().join(format!("sudoku-lock-doc-{}", std::process::id()));
/// let store = SaveStore::new(&dir);
/// let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let lock = store.lock(&puzzle, "my game")?;
/// assert!(lock.is_held());
/// let err = store.lock(&puzzle, "a second game").unwrap_err();
/// assert!(matches!(err, StoreError::InUse { .. }));
/// assert!(err.to_string().contains("open in another game (my game, pid "));
/// let session = Session::new(puzzle, "classic", Origin::Text)?;
/// lock.save(&session, std::time::SystemTime::now())?;
/// drop(lock);
/// assert!(store.lock(&puzzle, "a second game").is_ok());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SaveLock {
    store: SaveStore,
    puzzle: Grid,
    /// The lock file, open and locked; `None` when locking was not possible.
    file: Option<(File, PathBuf)>,
}

impl SaveStore {
    /// The lock file of `puzzle`'s save.
    fn lock_path(&self, puzzle: &Grid) -> PathBuf {
        self.dir.join(format!(".{}.lock", SaveStore::key(puzzle)))
    }

    /// Locks `puzzle`'s save for a game; `holder` names the game in the
    /// message another game gets (`sudoku play`, `sudoku-tui`). Refused
    /// with [`StoreError::InUse`] while another game holds it. The store's
    /// folder is made if it is missing. Temporary files of the save left
    /// behind by a writer that died are removed.
    pub fn lock(&self, puzzle: &Grid, holder: &str) -> Result<SaveLock, StoreError> {
        let mut lock = SaveLock {
            store: self.clone(),
            puzzle: *puzzle,
            file: None,
        };
        let path = self.lock_path(puzzle);
        if fs::create_dir_all(&self.dir).is_err() {
            return Ok(lock); // saving will say why
        }
        for _ in 0..TRIES {
            let Ok(file) = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
            else {
                return Ok(lock); // a read-only folder: saving will say why
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(StoreError::InUse {
                        path: self.path_of(puzzle),
                        holder: read_holder(file),
                    })
                }
                // The file system cannot lock: play unlocked.
                Err(TryLockError::Error(_)) => return Ok(lock),
            }
            if !same_file(&file, &path) {
                continue; // let go and removed as we opened it: again
            }
            note_holder(&file, holder);
            lock.file = Some((file, path));
            remove_stale_temps(&self.path_of(puzzle));
            return Ok(lock);
        }
        Ok(lock)
    }
}

impl SaveLock {
    /// Whether the lock is held (false where the file system cannot lock).
    pub fn is_held(&self) -> bool {
        self.file.is_some()
    }

    /// The puzzle whose save this is.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The save file.
    pub fn path(&self) -> PathBuf {
        self.store.path_of(&self.puzzle)
    }

    /// Saves `session`, as [`SaveStore::save`] does, without taking the
    /// lock again. An error when the session is of another puzzle.
    pub fn save(&self, session: &Session, saved_at: SystemTime) -> Result<PathBuf, StoreError> {
        let found = *session.game().puzzle();
        if found != self.puzzle {
            return Err(StoreError::OtherPuzzle {
                path: self.path(),
                found,
            });
        }
        self.store.write(session, saved_at)
    }

    /// Removes the save (the game is won, or thrown away), as
    /// [`SaveStore::delete`] does, without taking the lock again.
    pub fn delete(&self) -> Result<bool, StoreError> {
        self.store.remove(&self.puzzle)
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        if let Some((file, path)) = self.file.take() {
            // Removed while still locked, so that no game can lock the old
            // file after it is gone (see `same_file`); closing lets go.
            let _ = fs::remove_file(&path);
            drop(file);
        }
    }
}

/// Writes who holds the lock into its file; a failure (a full disk) only
/// leaves the holder unnamed.
fn note_holder(mut file: &File, holder: &str) {
    let text = format!("{holder}, pid {}\n", std::process::id());
    let _ = file
        .set_len(0)
        .and_then(|()| file.write_all(text.as_bytes()));
}

/// Who holds the lock, as its file says; `None` when it says nothing
/// readable.
fn read_holder(file: File) -> Option<String> {
    let mut text = String::new();
    file.take(MAX_HOLDER).read_to_string(&mut text).ok()?;
    let text = text.lines().next()?.trim();
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    (!clean.is_empty()).then_some(clean)
}

/// Whether the open `file` is still the one at `path` (not removed or
/// replaced since it was opened).
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}
