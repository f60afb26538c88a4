//! Saved games: the store both games share (`dirs::data_dir()/sudoku`,
//! one save per puzzle), as the text game uses it. Every failure becomes
//! one line naming the save and the reason; the game goes on, and a save
//! that cannot be read is set aside (`KEY.save.bad`), never written over.
//! A game holds its puzzle's lock while it is played, so a second game on
//! the same puzzle (in either program) is refused rather than left to
//! write over this one's moves.
//!
//! The list of `sudoku play --resume` is here too, with its dates, and
//! the short form of a save's path that keeps messages within 80 columns.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use sudoku_core::session::{
    Date, Listing, Loaded, SaveLock, SaveStore, SavedInfo, Session, StoreError,
};
use sudoku_core::{grade, Grid};

use super::signals::Keeper;
use super::Console;
use crate::input;
use sudoku_core::session::clock_text;

/// Why there is no store: `dirs::data_dir()` knows no directory.
pub const NO_DATA_DIR: &str =
    "no data directory to keep saved games in: set HOME (or XDG_DATA_HOME)";

/// How the text game names itself in its lock, for the message another
/// game gets.
const HOLDER: &str = "sudoku play";

/// Where one game's save goes: the store, the game's lock on its puzzle,
/// and a save that must not be written over. Cloned for the thread that
/// saves the game on a signal.
#[derive(Clone, Debug, Default)]
pub struct Target {
    store: Option<SaveStore>,
    /// The lock on the puzzle being played.
    lock: Option<Arc<SaveLock>>,
    /// A save that could not be read nor set aside: it is never written
    /// over.
    kept: Option<PathBuf>,
}

impl Target {
    /// Writes `session` over its puzzle's save (through the game's lock
    /// when it holds the puzzle's); the error is one line naming the save.
    pub fn write(&self, session: &Session) -> Result<PathBuf, String> {
        let store = self.store.as_ref().ok_or(NO_DATA_DIR)?;
        let puzzle = session.game().puzzle();
        let path = store.path_of(puzzle);
        if self.kept.as_ref() == Some(&path) {
            return Err(format!(
                "{}: not saved: the save there could not be read, and is kept",
                short_path(&path)
            ));
        }
        let now = SystemTime::now();
        match self.lock.as_deref().filter(|l| l.puzzle() == puzzle) {
            Some(lock) => lock.save(session, now),
            None => store.save(session, now),
        }
        .map_err(|err| message(&err))
    }
}

/// The store of saved games, if the user has a data directory.
#[derive(Debug)]
pub struct Saves {
    target: Target,
    /// Saves the game when a signal ends the program (none in tests).
    keeper: Option<Keeper>,
}

/// What the store holds for a puzzle about to be played.
#[derive(Debug)]
pub enum Found {
    /// No save (or no store).
    Nothing,
    /// A game to go on with.
    Game(Box<Loaded>),
    /// A save of the puzzle solved already; the game starts afresh, and a
    /// save of it (once something is done) replaces the old one.
    Solved,
}

impl Saves {
    /// The store in the user's data directory (`sudoku` under
    /// `dirs::data_dir()`), the same as the terminal game's; a game ended
    /// by a signal is saved there too.
    pub fn open() -> Saves {
        let mut saves = Saves::at(super::store_dir());
        saves.keeper = Some(Keeper::start());
        saves
    }

    /// The store in `dir`, or none; nothing is saved on a signal.
    pub fn at(dir: Option<PathBuf>) -> Saves {
        Saves {
            target: Target {
                store: dir.map(SaveStore::new),
                ..Target::default()
            },
            keeper: None,
        }
    }

    /// The store's directory.
    pub fn dir(&self) -> Option<&Path> {
        self.target.store.as_ref().map(SaveStore::dir)
    }

    /// Takes `puzzle`'s lock for the game about to be played (letting go
    /// of any other): refused, with one line saying so, while another game
    /// (this program or the terminal game) has the puzzle open.
    pub fn claim(&mut self, puzzle: &Grid) -> Result<(), String> {
        self.target.lock = None;
        let Some(store) = &self.target.store else {
            return Ok(());
        };
        match store.lock(puzzle, HOLDER) {
            Ok(lock) => {
                self.target.lock = Some(Arc::new(lock));
                Ok(())
            }
            Err(err @ StoreError::InUse { .. }) => Err(format!(
                "{}; finish or leave that game first",
                message(&err)
            )),
            Err(err) => Err(message(&err)),
        }
    }

    /// Why `puzzle` cannot be played now, when another game (this program
    /// or the terminal game) has it open: asked before this game is left
    /// for it, so that the player stays in this one. Leaves this game's
    /// lock as it is.
    pub fn in_use(&self, puzzle: &Grid) -> Option<String> {
        let store = self.target.store.as_ref()?;
        match store.lock(puzzle, HOLDER) {
            Ok(_) => None,
            Err(err @ StoreError::InUse { .. }) => Some(message(&err)),
            // anything else is said when the puzzle is claimed
            Err(_) => None,
        }
    }

    /// The save of `puzzle`. A save that cannot be read is set aside and
    /// reported on `console` with where it went. Parts of a save left out
    /// are reported too, and the save as it was is kept beside it
    /// (`KEY.save.bad`) before the game writes over it.
    pub fn find(&mut self, puzzle: &Grid, console: &mut Console<'_>) -> io::Result<Found> {
        let Some(store) = &self.target.store else {
            return Ok(Found::Nothing);
        };
        let path = store.path_of(puzzle);
        match store.load(puzzle) {
            Ok(None) => Ok(Found::Nothing),
            Ok(Some(loaded)) if loaded.session.is_solved() => Ok(Found::Solved),
            Ok(Some(loaded)) => {
                if !loaded.ignored.is_empty() {
                    console.say(format_args!("{}: parts left out:", short_path(&path)))?;
                    for part in &loaded.ignored {
                        console.say(format_args!("  {part}"))?;
                    }
                    match store.keep_copy(puzzle) {
                        Ok(copy) => console.say(format_args!(
                            "The save as it was is kept as {}",
                            copy.map_or_else(String::new, |c| short_path(&c))
                        ))?,
                        Err(err) => console.say(format_args!(
                            "{}; the game goes on and is saved over it",
                            message(&err)
                        ))?,
                    }
                }
                Ok(Found::Game(Box::new(loaded)))
            }
            Err(err) => {
                match store.set_aside(puzzle) {
                    Ok(aside) => {
                        console.say(message(&err))?;
                        if let Some(aside) = aside {
                            console.say(format_args!("Kept as {}", short_path(&aside)))?;
                        }
                        console.say("Starting a new game")?;
                    }
                    Err(why) => {
                        console.say(message(&err))?;
                        console.say(format_args!(
                            "It could not be set aside ({}): a new game starts, \
                             which is not saved over it",
                            message(&why)
                        ))?;
                        self.target.kept = Some(path);
                    }
                }
                Ok(Found::Nothing)
            }
        }
    }

    /// Whether the store holds a save of `puzzle` (readable or not).
    pub fn has(&self, puzzle: &Grid) -> bool {
        self.target
            .store
            .as_ref()
            .is_some_and(|s| std::fs::symlink_metadata(s.path_of(puzzle)).is_ok())
    }

    /// Saves `session` over its puzzle's save, recording the level first if
    /// it is not known. The error is one line naming the save.
    pub fn save(&self, session: &mut Session) -> Result<PathBuf, String> {
        self.grade(session);
        self.target.write(session)
    }

    /// Records the level of `session`'s puzzle if it is not known and there
    /// is a store to save it in (milliseconds for most puzzles, seconds for
    /// the very hardest).
    fn grade(&self, session: &mut Session) {
        if self.target.store.is_some() && session.level().is_none() {
            let level = grade(session.game().puzzle()).ok().map(|g| g.level);
            session.set_level(level);
        }
    }

    /// The last save of a game that ends: saves `session` when `worth` it
    /// (see [`Saves::save`]), and says how it went (`None`: nothing to
    /// save). The game is no longer kept for signals, and a signal that
    /// comes while the save is written waits for it.
    pub fn save_last(&self, session: &mut Session, worth: bool) -> Option<Result<PathBuf, String>> {
        if worth {
            // Before the keeper is held: a signal need not wait for a grade.
            self.grade(session);
        }
        let _held = self.keeper.as_ref().map(Keeper::hold_empty);
        worth.then(|| self.target.write(session))
    }

    /// The game to save if a signal ends the program: `session` when
    /// there is something to keep, else none.
    pub fn keep(&self, session: Option<&Session>) {
        if let Some(keeper) = &self.keeper {
            keeper.keep(session.map(|s| (s, &self.target)));
        }
    }

    /// Notes that the player is being waited for (since `since`), so a
    /// game saved on a signal counts that time.
    pub fn waiting(&self, since: Option<Instant>) {
        if let Some(keeper) = &self.keeper {
            keeper.waiting(since);
        }
    }

    /// Removes the save of `puzzle` (the game is won); its path if there
    /// was one.
    pub fn remove(&self, puzzle: &Grid) -> Result<Option<PathBuf>, String> {
        let Some(store) = &self.target.store else {
            return Ok(None);
        };
        let path = store.path_of(puzzle);
        if self.target.kept.as_ref() == Some(&path) {
            return Ok(None);
        }
        let removed = match self.target.lock.as_deref().filter(|l| l.puzzle() == puzzle) {
            Some(lock) => lock.delete(),
            None => store.delete(puzzle),
        };
        match removed {
            Ok(true) => Ok(Some(path)),
            Ok(false) => Ok(None),
            Err(err) => Err(message(&err)),
        }
    }

    /// The saved games, newest first, and the saves that cannot be read.
    pub fn list(&self) -> Result<Listing, String> {
        let store = self.target.store.as_ref().ok_or(NO_DATA_DIR)?;
        store.list().map_err(|err| message(&err))
    }
}

/// A store error as one line naming the save (in its short form), the
/// system's reason in lower case without its number.
pub fn message(err: &StoreError) -> String {
    let path = short_path(err.path());
    match err {
        StoreError::Io { reason, .. } => format!("{path}: {}", input::lower(reason)),
        other => {
            let text = other.to_string();
            let full = err.path().display().to_string();
            let rest = text.strip_prefix(&full).unwrap_or(&text);
            format!("{path}{rest}")
        }
    }
}

/// `path` as messages show it: the home folder (`HOME`) as `~`, and a
/// save's 81-digit key cut to its first and last eight digits
/// (`~/.local/share/sudoku/53007000...00080079.save`), so that a line
/// naming a save fits in 80 columns (the core's
/// [`session::short_path`](sudoku_core::session::short_path)).
pub fn short_path(path: &Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    sudoku_core::session::short_path(path, home.as_deref())
}

/// The longest name the list shows, in characters; a longer one is cut
/// with `...`.
const NAME_WIDTH: usize = 24;

/// Prints the numbered list of saved games, and one line for each save
/// that cannot be read.
pub fn show_list(console: &mut Console<'_>, dir: &Path, listing: &Listing) -> io::Result<()> {
    for err in &listing.errors {
        console.say(message(err))?;
    }
    let dir = short_path(dir);
    if listing.games.is_empty() {
        return console.say(format_args!("No saved games in {dir}"));
    }
    console.say(format_args!("Saved games in {dir} (times in UTC):"))?;
    for (i, game) in listing.games.iter().enumerate() {
        console.say(format_args!("{:>4}  {}", i + 1, list_line(game)))?;
    }
    Ok(())
}

/// One game of the list: name, level, progress, time played, date saved.
fn list_line(game: &SavedInfo) -> String {
    let mut name: String = game.name.chars().take(NAME_WIDTH).collect();
    if game.name.chars().count() > NAME_WIDTH {
        name.truncate(
            name.char_indices()
                .nth(NAME_WIDTH - 3)
                .map_or(0, |(i, _)| i),
        );
        name.push_str("...");
    }
    let level = game
        .level
        .map_or_else(|| "-".to_string(), |l| l.to_string());
    let progress = if game.solved {
        "solved".to_string()
    } else {
        game.progress.to_string()
    };
    let date = game.saved_at.map_or_else(|| "-".to_string(), day_and_time);
    let time = clock_text(game.time);
    format!("{name:<NAME_WIDTH$}  {level:<7}  {progress:>6}  {time:>8}  {date}")
}

/// `2024-06-10 14:03 UTC`: the date and time of `at`, in UTC.
pub fn date(at: SystemTime) -> String {
    format!("{} UTC", day_and_time(at))
}

/// `2024-06-10 14:03`: the date and time of `at` in UTC, for the list,
/// whose heading says UTC.
fn day_and_time(at: SystemTime) -> String {
    let rest = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) % 86_400;
    format!(
        "{} {:02}:{:02}",
        Date::of_time(at),
        rest / 3600,
        rest / 60 % 60
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn at(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    #[test]
    fn dates_read_in_utc() {
        assert_eq!(date(at(0)), "1970-01-01 00:00 UTC");
        assert_eq!(date(at(1_718_000_000)), "2024-06-10 06:13 UTC");
        assert_eq!(date(at(951_782_400)), "2000-02-29 00:00 UTC", "a leap day");
        assert_eq!(date(at(951_868_799)), "2000-02-29 23:59 UTC");
        assert_eq!(
            date(at(4_107_542_400)),
            "2100-03-01 00:00 UTC",
            "no leap day"
        );
        assert_eq!(date(at(253_402_300_799)), "9999-12-31 23:59 UTC");
        assert_eq!(
            date(UNIX_EPOCH - Duration::from_secs(5)),
            "1970-01-01 00:00 UTC"
        );
    }

    #[test]
    fn long_names_are_cut_in_the_list() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let session = Session::new(puzzle, "é".repeat(40), sudoku_core::Origin::Text).unwrap();
        let info = SavedInfo {
            path: PathBuf::from("x.save"),
            puzzle,
            name: session.name().to_string(),
            level: None,
            progress: session.progress(),
            board: puzzle,
            moves: 0,
            time: Duration::from_secs(192),
            saved_at: Some(at(0)),
            solved: false,
        };
        let line = list_line(&info);
        assert_eq!(
            line,
            format!(
                "{}...  -          0/51     03:12  1970-01-01 00:00",
                "é".repeat(21)
            )
        );
        assert!(format!("{:>4}  {line}", 1).chars().count() <= 80);
    }
}
