//! Statistics: games won, best and average time and hints used per level,
//! and the daily puzzle's streak, kept in one file beside the saves.
//!
//! [`Stats`] is the plain value (read from and written as versioned text,
//! see `docs/formats.md`); [`StatsFile`] keeps it in the store's
//! directory as `statistics.txt`, written as the saves are (whole or not
//! at all, through a temporary file), and changed only under a lock, so
//! two games won at the same moment both count.
//!
//! A game counts once: the file remembers the last [`MAX_GAMES`] games
//! counted by their puzzle, time played and moves, which are the same
//! when a won game is shown again (resumed after its win), so it is not
//! counted twice.
//!
//! ```
//! use std::time::Duration;
//! use sudoku_core::session::{Date, Stats, Win};
//! use sudoku_core::Level;
//!
//! let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let win = Win {
//!     puzzle,
//!     level: Some(Level::Easy),
//!     time: Duration::from_secs(192),
//!     moves: 51,
//!     hints: 1,
//!     daily: None,
//! };
//! let mut stats = Stats::default();
//! let recorded = stats.record(&win);
//! assert_eq!(recorded.new_best_line().as_deref(), Some("New best time for easy: 03:12"));
//! assert!(!stats.record(&win).counted, "the same game counts once");
//! assert_eq!(stats.level(Some(Level::Easy)).won, 1);
//! let text = stats.to_string();
//! assert_eq!(text.parse::<Stats>()?, stats);
//! # Ok::<(), sudoku_core::session::StatsFormatError>(())
//! ```

use std::collections::{BTreeSet, VecDeque};
use std::fmt;
use std::fs::{self, OpenOptions, TryLockError};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use super::daily::{Daily, Date};
use super::file::{open_for_reading, remove_stale_temps, write_atomically};
use super::{clock_text, Origin, SaveStore, Session, MAX_TIME};
use crate::grid::Grid;
use crate::logic::Level;

/// The first line of the statistics this version writes.
pub const HEADER: &str = "sudoku stats 1";

/// The statistics file's name in the store's directory.
pub const FILE_NAME: &str = "statistics.txt";

/// The most games the file remembers, to count each once; the oldest go.
pub const MAX_GAMES: usize = 1000;

/// The most daily dates the file keeps (over 270 years of days).
pub const MAX_DAYS: usize = 100_000;

/// The most bytes of a statistics file read.
pub const MAX_STATS_BYTES: u64 = 4 << 20;

/// How long [`StatsFile::record`] waits for another game writing the
/// statistics, in tries of [`LOCK_PAUSE`].
const LOCK_TRIES: u32 = 200;
const LOCK_PAUSE: Duration = Duration::from_millis(10);

/// How much of a bad line an error quotes, in characters.
const QUOTE: usize = 40;

/// The rows: the five levels, then puzzles without a level.
const ROWS: usize = Level::ALL.len() + 1;

/// One level's numbers (or those of puzzles without a level).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Games won.
    pub won: u64,
    /// The shortest time of a game won, `None` before the first.
    pub best: Option<Duration>,
    /// The time of all the games won, added up.
    pub total: Duration,
    /// Hints used in the games won, added up.
    pub hints: u64,
}

impl LevelStats {
    /// The average time of a game won, to the millisecond; `None` before
    /// the first.
    pub fn average(&self) -> Option<Duration> {
        let won = u32::try_from(self.won).unwrap_or(u32::MAX);
        (won > 0).then(|| {
            let millis = self.total.as_millis() / u128::from(won);
            Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
        })
    }
}

/// The daily streak: runs of consecutive dates whose daily puzzle (of any
/// level) was won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streak {
    /// The run ending today, or yesterday when today's is not won yet
    /// (0 when neither is won).
    pub current: usize,
    /// The longest run ever.
    pub best: usize,
}

/// A game won, as statistics count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its level; `None` counts under "other".
    pub level: Option<Level>,
    /// Time played.
    pub time: Duration,
    /// Moves made.
    pub moves: usize,
    /// Hints used.
    pub hints: usize,
    /// The date, when the puzzle is a daily puzzle.
    pub daily: Option<Date>,
}

impl Win {
    /// The win of `session` (the caller checks that it is solved): its
    /// level (for a daily puzzle, the daily level), time, moves, hints,
    /// and its date when its origin is a daily puzzle's seed.
    pub fn of(session: &Session) -> Win {
        let daily = match session.origin() {
            Origin::Random(random) => Daily::of(random),
            _ => None,
        };
        Win {
            puzzle: *session.game().puzzle(),
            level: daily.map(|d| d.level).or(session.level()),
            time: session.time(),
            moves: session.moves(),
            hints: session.hints(),
            daily: daily.map(|d| d.date),
        }
    }
}

/// What [`Stats::record`] did with a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// Whether it counted: false when the same game was counted before.
    pub counted: bool,
    /// Whether its time is the level's best now (the first win of a level
    /// is its best).
    pub new_best: bool,
    /// The level it counted under.
    pub level: Option<Level>,
    /// Its time.
    pub time: Duration,
}

impl Recorded {
    /// `New best time for hard: 03:12` (or `for other puzzles`), when the
    /// win is a new best.
    pub fn new_best_line(&self) -> Option<String> {
        self.new_best.then(|| {
            format!(
                "New best time for {}: {}",
                self.level.map_or("other puzzles", Level::name),
                clock_text(self.time)
            )
        })
    }
}

/// The statistics of all games won.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    rows: [LevelStats; ROWS],
    days: BTreeSet<Date>,
    /// The games counted, oldest first (at most [`MAX_GAMES`]).
    games: VecDeque<GameId>,
}

/// A game as the file remembers it, to count it once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GameId {
    puzzle: Grid,
    time: Duration,
    moves: usize,
}

fn row(level: Option<Level>) -> usize {
    level.map_or(ROWS - 1, |l| {
        Level::ALL.iter().position(|&x| x == l).unwrap_or(0)
    })
}

impl Stats {
    /// The numbers of `level` (`None`: puzzles without a level).
    pub fn level(&self, level: Option<Level>) -> LevelStats {
        self.rows[row(level)]
    }

    /// The dates whose daily puzzle was won, earliest first.
    pub fn daily_dates(&self) -> impl Iterator<Item = Date> + '_ {
        self.days.iter().copied()
    }

    /// The daily streak on `today` (see [`Streak`]).
    pub fn streak(&self, today: Date) -> Streak {
        let mut best = 0;
        let mut run = 0;
        let mut last: Option<Date> = None;
        for &day in &self.days {
            run = if last.is_some_and(|l| l.next() == day) {
                run + 1
            } else {
                1
            };
            best = best.max(run);
            last = Some(day);
        }
        let end = if self.days.contains(&today) {
            today
        } else {
            today.previous()
        };
        let mut current = 0;
        let mut day = end;
        while self.days.contains(&day) {
            current += 1;
            if day.previous() == day {
                break;
            }
            day = day.previous();
        }
        Streak { current, best }
    }

    /// Counts `win`, unless the same game (puzzle, time and moves) was
    /// counted before.
    pub fn record(&mut self, win: &Win) -> Recorded {
        let id = GameId {
            puzzle: win.puzzle,
            time: win.time.min(MAX_TIME),
            moves: win.moves,
        };
        let mut recorded = Recorded {
            counted: false,
            new_best: false,
            level: win.level,
            time: id.time,
        };
        if self.games.contains(&id) {
            return recorded;
        }
        let stats = &mut self.rows[row(win.level)];
        recorded.counted = true;
        recorded.new_best = stats.best.is_none_or(|best| id.time < best);
        stats.won = stats.won.saturating_add(1);
        stats.total = stats.total.saturating_add(id.time);
        stats.hints = stats.hints.saturating_add(win.hints as u64);
        if recorded.new_best {
            stats.best = Some(id.time);
        }
        if let Some(date) = win.daily {
            self.days.insert(date);
            while self.days.len() > MAX_DAYS {
                self.days.pop_first();
            }
        }
        self.games.push_back(id);
        while self.games.len() > MAX_GAMES {
            self.games.pop_front();
        }
        recorded
    }

    /// The table both games show: a line per level and one for other
    /// puzzles (won, best, average, hints), then the daily streak on
    /// `today`; at most 38 columns wide (the streak's line), so it fits a
    /// 40-column screen.
    pub fn table(&self, today: Date) -> Vec<String> {
        let mut lines = vec![format!(
            "{:<7}{:>4}{:>8}{:>9}{:>7}",
            "Level", "Won", "Best", "Average", "Hints"
        )];
        let time = |t: Option<Duration>| t.map_or_else(|| "-".to_string(), clock_text);
        for (i, stats) in self.rows.iter().enumerate() {
            let name = Level::ALL.get(i).map_or("other", |l| l.name());
            lines.push(format!(
                "{name:<7}{:>4}{:>8}{:>9}{:>7}",
                stats.won,
                time(stats.best),
                time(stats.average()),
                stats.hints
            ));
        }
        let streak = self.streak(today);
        let days = |n: usize| {
            if n == 1 {
                "1 day".to_string()
            } else {
                format!("{n} days")
            }
        };
        lines.push(format!(
            "Daily streak: {} (best {})",
            days(streak.current),
            days(streak.best)
        ));
        lines
    }
}

/// Seconds with three decimals: `192.350`.
fn seconds(time: Duration) -> String {
    format!("{}.{:03}", time.as_secs(), time.subsec_millis())
}

/// Reads `192.350` (at most three decimals, or none).
fn parse_seconds(text: &str) -> Option<Duration> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(frac) || frac.len() > 3 {
        return None;
    }
    let millis: u64 = format!("{frac:0<3}").parse().ok()?;
    Duration::from_secs(whole.parse().ok()?).checked_add(Duration::from_millis(millis))
}

/// The versioned text, as `docs/formats.md` shows it.
impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        for (i, s) in self.rows.iter().enumerate() {
            if s.won == 0 {
                continue;
            }
            let name = Level::ALL.get(i).map_or("other", |l| l.name());
            let best = s.best.map_or_else(|| "-".to_string(), seconds);
            writeln!(
                f,
                "level {name}: won {}, best {best}, total {}, hints {}",
                s.won,
                seconds(s.total),
                s.hints
            )?;
        }
        for day in &self.days {
            writeln!(f, "daily: {day}")?;
        }
        for game in &self.games {
            writeln!(
                f,
                "game: {} {} {}",
                SaveStore::key(&game.puzzle),
                seconds(game.time),
                game.moves
            )?;
        }
        Ok(())
    }
}

/// Why a text is not statistics.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StatsFormatError {
    /// The first line is not [`HEADER`] (nor a later version's).
    #[error("line 1: expected '{HEADER}', found '{0}'")]
    Header(String),
    /// Written by a later version, which this one does not read.
    #[error("written by a newer version ('sudoku stats {0}')")]
    Newer(u32),
    /// A line that is not one of the format's.
    #[error("line {line}: expected {expected}, found '{found}'")]
    Line {
        /// The line number, from 1.
        line: usize,
        /// What the line should be.
        expected: &'static str,
        /// The line (cut to 40 characters).
        found: String,
    },
}

const LEVEL_LINE: &str = "'level LEVEL: won N, best SECONDS, total SECONDS, hints N'";
const DAILY_LINE: &str = "'daily: YYYY-MM-DD'";
const GAME_LINE: &str = "'game: PUZZLE SECONDS MOVES'";
const ANY_LINE: &str = "a 'level', 'daily' or 'game' line";

fn quote(text: &str) -> String {
    crate::text::escape_controls(&text.chars().take(QUOTE).collect::<String>()).into_owned()
}

impl FromStr for Stats {
    type Err = StatsFormatError;

    /// Reads the text [`Display`](fmt::Display) writes; blank lines are
    /// skipped, anything else not in the format is refused.
    fn from_str(text: &str) -> Result<Stats, StatsFormatError> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("").trim_end();
        if first != HEADER {
            let newer = first
                .strip_prefix("sudoku stats ")
                .and_then(|v| v.parse::<u32>().ok())
                .filter(|&v| v > 1);
            return Err(match newer {
                Some(version) => StatsFormatError::Newer(version),
                None => StatsFormatError::Header(quote(first)),
            });
        }
        let mut stats = Stats::default();
        for (i, line) in lines.enumerate() {
            let line_no = i + 2;
            let line = line.trim_end();
            let bad = |expected| StatsFormatError::Line {
                line: line_no,
                expected,
                found: quote(line),
            };
            if line.is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("level ") {
                let (r, s) = parse_level(rest).ok_or_else(|| bad(LEVEL_LINE))?;
                stats.rows[r] = s;
            } else if let Some(rest) = line.strip_prefix("daily: ") {
                let day = rest.parse::<Date>().map_err(|_| bad(DAILY_LINE))?;
                if stats.days.len() >= MAX_DAYS {
                    return Err(bad(DAILY_LINE));
                }
                stats.days.insert(day);
            } else if let Some(rest) = line.strip_prefix("game: ") {
                let game = parse_game(rest).ok_or_else(|| bad(GAME_LINE))?;
                if stats.games.len() >= MAX_GAMES {
                    stats.games.pop_front();
                }
                stats.games.push_back(game);
            } else {
                return Err(bad(ANY_LINE));
            }
        }
        Ok(stats)
    }
}

/// `easy: won 3, best 125.000, total 600.500, hints 2`.
fn parse_level(text: &str) -> Option<(usize, LevelStats)> {
    let (name, rest) = text.split_once(": ")?;
    let r = if name == "other" {
        ROWS - 1
    } else {
        row(Some(Level::ALL.into_iter().find(|l| l.name() == name)?))
    };
    let mut parts = rest.split(", ");
    let mut field = |key: &str| parts.next()?.strip_prefix(key)?.strip_prefix(' ');
    let won: u64 = field("won")?.parse().ok()?;
    let best = match field("best")? {
        "-" => None,
        t => Some(parse_seconds(t)?.min(MAX_TIME)),
    };
    let total = parse_seconds(field("total")?)?;
    let hints: u64 = field("hints")?.parse().ok()?;
    if parts.next().is_some() || (won > 0) != best.is_some() {
        return None;
    }
    Some((
        r,
        LevelStats {
            won,
            best,
            total,
            hints,
        },
    ))
}

/// `KEY SECONDS MOVES`.
fn parse_game(text: &str) -> Option<GameId> {
    let mut parts = text.split(' ');
    let key = parts.next()?;
    if key.len() != 81 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let puzzle = key.parse().ok()?;
    let time = parse_seconds(parts.next()?)?.min(MAX_TIME);
    let moves = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some(GameId {
        puzzle,
        time,
        moves,
    })
}

/// Why the statistics file could not be read or written. Every message
/// starts with the file.
#[derive(Debug, Error)]
pub enum StatsError {
    /// The file system refused.
    #[error("{}: {reason}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: io::Error,
    },
    /// The file is not a regular file (a directory, a device, a pipe).
    #[error("{}: not a regular file", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
    },
    /// The file is larger than [`MAX_STATS_BYTES`].
    #[error("{}: larger than {limit} bytes", path.display())]
    TooBig {
        /// The file.
        path: PathBuf,
        /// The limit.
        limit: u64,
    },
    /// The file is not statistics this version reads.
    #[error("{}: {reason}", path.display())]
    Content {
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        reason: StatsFormatError,
    },
    /// Another game kept the statistics locked for over two seconds.
    #[error("{}: another game is writing the statistics", path.display())]
    Busy {
        /// The file.
        path: PathBuf,
    },
}

/// What [`StatsFile::record`] did.
#[derive(Debug)]
pub struct Counted {
    /// What became of the win.
    pub recorded: Recorded,
    /// The statistics now.
    pub stats: Stats,
    /// When the file could not be read: why, and where it was moved
    /// (`statistics.txt.bad`); the statistics started afresh.
    pub set_aside: Option<(StatsError, PathBuf)>,
}

/// The statistics file of a store: `statistics.txt` in its directory.
///
/// ```
/// use std::time::Duration;
/// use sudoku_core::session::{StatsFile, Win};
/// # let dir = std::env::temp_dir().join(format!("sudoku-stats-doc-{}", std::process::id()));
/// let file = StatsFile::new(&dir);
/// let win = Win {
///     puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///     .unwrap(),
///     level: None,
///     time: Duration::from_secs(300),
///     moves: 60,
///     hints: 0,
///     daily: None,
/// };
/// let counted = file.record(&win)?;
/// assert_eq!(counted.recorded.new_best_line().unwrap(), "New best time for other puzzles: 05:00");
/// assert_eq!(file.load()?.level(None).won, 1);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsFile {
    path: PathBuf,
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StatsError + '_ {
    move |reason| StatsError::Io {
        path: path.to_path_buf(),
        reason,
    }
}

impl StatsFile {
    /// The statistics in `dir` (the save store's directory): the file
    /// [`FILE_NAME`] there, made at the first win.
    pub fn new(dir: impl AsRef<Path>) -> StatsFile {
        StatsFile {
            path: dir.as_ref().join(FILE_NAME),
        }
    }

    /// The statistics beside `store`'s saves.
    pub fn of_store(store: &SaveStore) -> StatsFile {
        StatsFile::new(store.dir())
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The statistics; empty when there is no file yet. Only a regular
    /// file is read, and at most [`MAX_STATS_BYTES`] of it.
    pub fn load(&self) -> Result<Stats, StatsError> {
        let file = match open_for_reading(&self.path) {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(Stats::default()),
            Err(err) => return Err(io_error(&self.path)(err)),
        };
        let meta = file.metadata().map_err(io_error(&self.path))?;
        if !meta.is_file() {
            return Err(StatsError::NotAFile {
                path: self.path.clone(),
            });
        }
        let mut bytes = Vec::new();
        file.take(MAX_STATS_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error(&self.path))?;
        if bytes.len() as u64 > MAX_STATS_BYTES {
            return Err(StatsError::TooBig {
                path: self.path.clone(),
                limit: MAX_STATS_BYTES,
            });
        }
        String::from_utf8_lossy(&bytes)
            .parse()
            .map_err(|reason| StatsError::Content {
                path: self.path.clone(),
                reason,
            })
    }

    /// Counts `win`: reads the file, adds the win and writes it back
    /// (whole or not at all), all under the statistics' lock, so that two
    /// games won at once both count. A file that cannot be read (not the
    /// format, too big) is moved aside to `statistics.txt.bad` (or
    /// `.bad2`, ...), said in [`Counted::set_aside`], and the statistics
    /// start afresh; a file of a newer version, or one that is not a
    /// regular file, is left as it is and the win is not counted (an
    /// error).
    pub fn record(&self, win: &Win) -> Result<Counted, StatsError> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir).map_err(io_error(dir))?;
        let _lock = self.lock()?;
        remove_stale_temps(&self.path);
        let (mut stats, set_aside) = match self.load() {
            Ok(stats) => (stats, None),
            Err(
                err @ (StatsError::TooBig { .. }
                | StatsError::Content {
                    reason: StatsFormatError::Header(_) | StatsFormatError::Line { .. },
                    ..
                }),
            ) => {
                let aside = self.set_aside()?;
                (Stats::default(), Some((err, aside)))
            }
            Err(err) => return Err(err),
        };
        let recorded = stats.record(win);
        if recorded.counted || set_aside.is_some() {
            write_atomically(&self.path, stats.to_string().as_bytes())
                .map_err(io_error(&self.path))?;
        }
        Ok(Counted {
            recorded,
            stats,
            set_aside,
        })
    }

    /// Moves the file to the first free `statistics.txt.bad`,
    /// `statistics.txt.bad2`, ...
    fn set_aside(&self) -> Result<PathBuf, StatsError> {
        for n in 1..=99 {
            let suffix = if n == 1 { String::new() } else { n.to_string() };
            let aside = self.path.with_extension(format!("txt.bad{suffix}"));
            if fs::symlink_metadata(&aside).is_err() {
                fs::rename(&self.path, &aside).map_err(io_error(&self.path))?;
                return Ok(aside);
            }
        }
        Err(StatsError::Io {
            path: self.path.clone(),
            reason: io::Error::other("99 unreadable statistics files are set aside already"),
        })
    }

    /// Takes the statistics' lock (the system's file lock on the hidden
    /// `.statistics.lock` beside the file), waiting up to two seconds for
    /// another game. `None` when the file system cannot lock: the write
    /// goes on unlocked.
    fn lock(&self) -> Result<Option<fs::File>, StatsError> {
        let path = self.path.with_file_name(format!(".{FILE_NAME}.lock"));
        let Ok(file) = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
        else {
            return Ok(None); // a read-only folder: writing will say why
        };
        for _ in 0..LOCK_TRIES {
            match file.try_lock() {
                Ok(()) => return Ok(Some(file)),
                Err(TryLockError::WouldBlock) => std::thread::sleep(LOCK_PAUSE),
                Err(TryLockError::Error(_)) => return Ok(None),
            }
        }
        Err(StatsError::Busy {
            path: self.path.clone(),
        })
    }
}

#[cfg(test)]
mod tests;
