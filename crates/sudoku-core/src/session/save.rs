//! The save format: a session as versioned text a person can read,
//! history included, so undo and redo go on across a resume.
//!
//! ```text
//! sudoku save 2
//! name: sudoku01-easy.txt
//! puzzle: 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! origin: builtin sudoku01-easy.txt
//! level: easy
//! saved: 1718000000
//! time: 192.350
//! moves: 6
//! hints: 1
//! mistakes: 0
//! candidates: off
//! marks: 1d=26 2b=47
//! grid: 534.7....6.2195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! done: 1c4 2c7 2c2 1c0 1c4
//! undone: 2c0
//! colours: 1d=a 1d6=b
//! colour-done: 1@1d:.a 3@1d6:.b
//! colour-undone: 5@1d2:.c
//! ```
//!
//! `done` lists the moves that can be undone, oldest first, each a cell
//! and the digit put there (`0` blanks it), as the text game writes moves;
//! replayed from the givens they give the board. `undone` lists the moves
//! undone and waiting to be redone, in the order redo makes them. `grid`
//! is the board, for people and other tools; the moves decide it.
//!
//! `colours` lists the colours on the board: a cell (`1d`) or a candidate
//! (`1d6`), `=`, a colour letter `a`-`f`. `colour-done` lists the
//! colourings undo can take back, oldest first, and `colour-undone` those
//! redo makes again, in the order it makes them: each is the number of
//! moves in effect when it was made (undo takes back the moves and
//! colourings after that many moves first), `@`, and one change or more
//! joined by `,`, each a cell or candidate, `:`, its colour before and
//! after (`.`: none). `colours` decides the board's colours; the two
//! history lines only let undo and redo go on. A save without these lines
//! (any save of an older version) has no colours.
//!
//! [`write()`]/[`to_string`] write a session; [`read`]/[`parse`] read one,
//! and also the saves of the previous release (`sudoku-tui save 1`: the
//! board without its moves, whose entries become moves made in cell
//! order). Nothing read is trusted: at most [`MAX_SAVE_BYTES`] are read,
//! every value is range-checked, and `docs/formats.md` says what is
//! refused and what is left out (a [`PartError`] in [`Loaded::ignored`]).

use std::io::{self, BufRead, Read, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use thiserror::Error;

use super::colour::Paints;
use super::origin::digits_only;
use super::{
    clean_name, Change, Colour, Colouring, Origin, OriginError, Paint, Pencil, Session, Target,
    MAX_COUNT, MAX_NAME, MAX_TIME,
};
use crate::error::{ParseError, PuzzleError};
use crate::game::Game;
use crate::generator::RandomPuzzle;
use crate::grid::Grid;
use crate::history::Move;
use crate::logic::{Digits, Level};
use crate::pos::{Cell, Digit};

/// The first line of a save this version writes.
pub const HEADER: &str = "sudoku save 2";

/// The first line of a save of the previous release, which is still read.
pub const HEADER_V1: &str = "sudoku-tui save 1";

/// The most bytes [`read`] takes: a save with a long history is tens of
/// kilobytes, so more is not a save.
pub const MAX_SAVE_BYTES: u64 = 1 << 20;

/// The most moves a save's history holds (`done` and `undone` together).
/// A longer history is compacted when it is written (see [`to_string`]),
/// so every save this version writes is read whole; a longer history in a
/// save made elsewhere is cut, and the moves left out are reported.
pub const MAX_HISTORY: usize = 100_000;

/// The most colour changes a save's colour history holds
/// (`colour-done` and `colour-undone` together); when written, the oldest
/// colourings are left out first, so undo stops sooner.
pub const MAX_COLOUR_HISTORY: usize = 20_000;

/// The most redo moves a compacted history keeps: those redo makes first.
const MAX_COMPACTED_UNDONE: usize = MAX_HISTORY / 4;

/// The most bytes of a save's start [`read_summary`] reads before giving
/// up on finding the history there.
const MAX_HEAD_BYTES: usize = 64 << 10;

/// The latest `saved` time read: the end of the year 9999.
const MAX_SAVED_SECS: u64 = 253_402_300_799;

/// How much of a bad value an error quotes, in characters.
const QUOTE: usize = 40;

/// A save read back: the session, when it was saved, and the parts left
/// out or replaced because they could not be read or were out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The session.
    pub session: Session,
    /// When the game was saved, if the save says (its `saved` line).
    pub saved_at: Option<SystemTime>,
    /// The format's version: 2, or 1 for a save of the previous release.
    pub version: u32,
    /// What was left out or replaced, in file order.
    pub ignored: Vec<PartError>,
}

/// Writes `session` as a save to `out`; `saved_at` (the caller's clock:
/// the core reads none) becomes its `saved` line.
pub fn write(
    session: &Session,
    saved_at: Option<SystemTime>,
    mut out: impl Write,
) -> io::Result<()> {
    out.write_all(to_string(session, saved_at).as_bytes())
}

/// The save of `session` as text (see [`write()`]). The time is kept to the
/// millisecond.
///
/// A history of more than [`MAX_HISTORY`] moves is compacted: the newest
/// moves are kept (and up to a quarter of the bound of undone moves, those
/// redo makes first), and the older ones are folded into the board they
/// led to, written as one move for each digit on it. The resumed game has
/// the same board, marks and counts; only its undo stops sooner. So every
/// save written is read back whole, well within [`MAX_SAVE_BYTES`].
pub fn to_string(session: &Session, saved_at: Option<SystemTime>) -> String {
    let game = session.game();
    let mut lines = vec![
        HEADER.to_string(),
        format!("name: {}", session.name),
        format!("puzzle: {}", game.puzzle()),
        format!("origin: {}", session.origin),
    ];
    if let Some(level) = session.level {
        lines.push(format!("level: {level}"));
    }
    if let Some(at) = saved_at {
        let secs = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        lines.push(format!("saved: {}", secs.min(MAX_SAVED_SECS)));
    }
    let time = session.time.min(MAX_TIME);
    lines.push(match time.subsec_millis() {
        0 => format!("time: {}", time.as_secs()),
        ms => format!("time: {}.{ms:03}", time.as_secs()),
    });
    lines.push(format!("moves: {}", session.moves()));
    lines.push(format!("hints: {}", session.hints));
    lines.push(format!("mistakes: {}", session.mistakes_shown));
    let pencil = &session.pencil;
    lines.push(format!("candidates: {}", on_off(pencil.is_auto())));
    lines.extend(marks_line("marks", |c| pencil.marks(c)));
    if pencil.is_auto() {
        lines.extend(marks_line("struck", |c| pencil.struck(c)));
    }
    lines.push(format!("grid: {}", game.grid()));
    let (done, undone) = compacted(game);
    let shift = (game.history().undo_len(), done.len());
    lines.extend(moves_line("done", done.into_iter()));
    lines.extend(moves_line("undone", undone.into_iter()));
    if !session.colours.is_empty() {
        lines.push(format!("colours: {}", session.colours));
    }
    let (painted, unpainted) = paints_kept(&session.paints);
    lines.extend(paints_line("colour-done", painted, shift));
    lines.extend(paints_line("colour-undone", unpainted.iter().rev(), shift));
    lines.join("\n") + "\n"
}

/// The colourings a save keeps: the newest done ones and the undone ones
/// redo makes first, at most [`MAX_COLOUR_HISTORY`] changes together.
fn paints_kept(paints: &Paints) -> (&[Paint], &[Paint]) {
    let mut budget = MAX_COLOUR_HISTORY;
    let mut fits = |paint: &Paint| {
        let ok = paint.changes.len() <= budget;
        budget = budget.saturating_sub(paint.changes.len());
        ok
    };
    let done_kept = paints.done.iter().rev().take_while(|p| fits(p)).count();
    let undone_kept = paints.undone.iter().rev().take_while(|p| fits(p)).count();
    (
        &paints.done[paints.done.len() - done_kept..],
        &paints.undone[paints.undone.len() - undone_kept..],
    )
}

/// `key: 1@1d:.a 3@1d6:b.,1d:a.` for `paints`; none when there are none.
/// `shift` is the number of moves done before and after compacting the
/// history: each paint's move count moves with them.
fn paints_line<'a>(
    key: &str,
    paints: impl IntoIterator<Item = &'a Paint>,
    (before, after): (usize, usize),
) -> Option<String> {
    let letter = |c: Option<Colour>| c.map_or('.', Colour::letter);
    let items: Vec<String> = paints
        .into_iter()
        .map(|paint| {
            let at = (paint.at + after).saturating_sub(before);
            let changes: Vec<String> = paint
                .changes
                .iter()
                .map(|c| format!("{}:{}{}", c.target, letter(c.before), letter(c.after)))
                .collect();
            format!("{at}@{}", changes.join(","))
        })
        .collect();
    (!items.is_empty()).then(|| format!("{key}: {}", items.join(" ")))
}

/// The history of `game` as a save writes it: done moves oldest first,
/// undone ones in redo order, at most [`MAX_HISTORY`] together (see
/// [`to_string`]).
fn compacted(game: &Game) -> (Vec<Move>, Vec<Move>) {
    let history = game.history();
    let done = history.done();
    let mut undone: Vec<Move> = history.undone().collect();
    if done.len() + undone.len() <= MAX_HISTORY {
        return (done.to_vec(), undone);
    }
    undone.truncate(MAX_COMPACTED_UNDONE);
    // Room for one move per blank cell of the puzzle, which rebuilds the
    // board where the kept moves start.
    let keep = MAX_HISTORY - 81 - undone.len();
    let (older, kept) = done.split_at(done.len().saturating_sub(keep));
    if older.is_empty() {
        return (done.to_vec(), undone);
    }
    let mut board = *game.grid();
    for mv in kept.iter().rev() {
        board.set(mv.cell, mv.before);
    }
    let puzzle = game.puzzle();
    let mut moves: Vec<Move> = Cell::all()
        .filter(|&c| puzzle.get(c).is_none())
        .filter_map(|cell| {
            board.get(cell).map(|digit| Move {
                cell,
                before: None,
                after: Some(digit),
            })
        })
        .collect();
    moves.extend_from_slice(kept);
    (moves, undone)
}

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// `key: 1b=58 2c=478` for the cells where `marks` has digits; none when
/// no cell has.
fn marks_line(key: &str, marks: impl Fn(Cell) -> Digits) -> Option<String> {
    let items: Vec<String> = Cell::all()
        .filter(|&c| !marks(c).is_empty())
        .map(|c| format!("{c}={}", marks(c)))
        .collect();
    (!items.is_empty()).then(|| format!("{key}: {}", items.join(" ")))
}

/// `key: 1c4 2b0` for `moves`; none when there are none.
fn moves_line(key: &str, moves: impl Iterator<Item = Move>) -> Option<String> {
    let items: Vec<String> = moves
        .map(|mv| format!("{}{}", mv.cell, mv.after.map_or(0, Digit::get)))
        .collect();
    (!items.is_empty()).then(|| format!("{key}: {}", items.join(" ")))
}

/// Reads a save from `input`: at most [`MAX_SAVE_BYTES`], then as
/// [`parse`] does. Bytes that are not UTF-8 read as U+FFFD.
pub fn read(input: impl Read) -> Result<Loaded, SaveError> {
    let mut bytes = Vec::new();
    input
        .take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| SaveError::Io(err.to_string()))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(SaveError::TooBig {
            limit: MAX_SAVE_BYTES,
        });
    }
    parse(&String::from_utf8_lossy(&bytes))
}

/// What a list of saved games shows of a save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    /// The puzzle.
    pub puzzle: Grid,
    /// The board.
    pub board: Grid,
    /// The puzzle's name.
    pub name: String,
    /// Its level, when the save knows it.
    pub level: Option<Level>,
    /// Time played.
    pub time: Duration,
    /// Moves made.
    pub moves: usize,
    /// When it was saved, if the save says.
    pub saved_at: Option<SystemTime>,
}

impl Summary {
    /// The summary of a save read whole.
    pub fn of(loaded: &Loaded) -> Summary {
        let session = &loaded.session;
        Summary {
            puzzle: *session.game().puzzle(),
            board: *session.game().grid(),
            name: session.name().to_string(),
            level: session.level(),
            time: session.time(),
            moves: session.moves(),
            saved_at: loaded.saved_at,
        }
    }
}

/// Reads the summary of a save from its start, up to its history (which
/// can be long, and is not read): the board is the `grid` line. `None`
/// when the start holds no board that can be shown (a save of the previous
/// release, no readable `grid` line before the history, or one that drops
/// a given): then the whole save must be read. The errors are those
/// [`read`] gives for the lines read.
pub(crate) fn read_summary(mut input: impl BufRead) -> Result<Option<Summary>, SaveError> {
    let mut head = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut input)
            .take((MAX_HEAD_BYTES - head.len()) as u64)
            .read_until(b'\n', &mut line)
            .map_err(|err| SaveError::Io(err.to_string()))?;
        if n == 0 || line.starts_with(b"done:") || line.starts_with(b"undone:") {
            break;
        }
        head.extend_from_slice(&line);
        if head.len() >= MAX_HEAD_BYTES {
            return Ok(None);
        }
    }
    let (version, fields) = Fields::read(&String::from_utf8_lossy(&head))?;
    if version != 2 {
        return Ok(None);
    }
    let mut ignored = Vec::new();
    let puzzle = fields.grid("puzzle")?;
    let name = fields.name(&mut ignored)?;
    let time = fields.time("time", &mut ignored)?;
    let moves = fields.count("moves", &mut ignored)?;
    fields.count("hints", &mut ignored)?;
    let Some(board) = fields
        .find("grid")
        .and_then(|f| f.value.parse::<Grid>().ok())
        .filter(|board| check_givens(&puzzle, board, 0).is_ok())
    else {
        return Ok(None);
    };
    let origin_level = fields
        .parsed("origin", &mut ignored, |v: &str| {
            v.parse::<Origin>().map_err(|err| err.to_string())
        })
        .and_then(|origin| origin.level());
    let level = fields
        .parsed("level", &mut ignored, |v: &str| {
            v.parse::<Level>().map_err(|err| err.to_string())
        })
        .or(origin_level);
    Ok(Some(Summary {
        puzzle,
        board,
        name,
        level,
        time,
        moves,
        saved_at: fields.saved_at(&mut ignored),
    }))
}

/// Reads a save's text, of this version or the previous one. Errors in the
/// required lines refuse it; errors in the optional ones, out-of-range
/// values and moves that do not replay are left out or replaced and
/// listed in [`Loaded::ignored`].
pub fn parse(text: &str) -> Result<Loaded, SaveError> {
    let (version, fields) = Fields::read(text)?;
    let mut ignored = Vec::new();
    let mut loaded = match version {
        1 => read_v1(&fields, &mut ignored)?,
        _ => read_v2(&fields, &mut ignored)?,
    };
    ignored.sort_by_key(PartError::line);
    loaded.ignored = ignored;
    Ok(loaded)
}

/// The parts both versions share: name, counts, pencil.
fn common(
    fields: &Fields,
    game: Game,
    time_key: &'static str,
    ignored: &mut Vec<PartError>,
) -> Result<Session, SaveError> {
    let name = fields.name(ignored)?;
    let time = fields.time(time_key, ignored)?;
    let moves = fields.count("moves", ignored)?;
    let hints = fields.count("hints", ignored)?;
    let mut session = Session::from_game(game, name, Origin::Unknown);
    session.time = time;
    session.hints = hints;
    session.earlier_moves = moves.saturating_sub(session.game.moves());
    session.pencil = fields.pencil(ignored);
    session.colours = fields.colours(ignored);
    let in_effect = session.game.history().undo_len();
    let mut budget = MAX_COLOUR_HISTORY;
    session.paints.done = fields.paints("colour-done", in_effect, &mut budget, ignored);
    session.paints.undone = fields.paints("colour-undone", usize::MAX, &mut budget, ignored);
    session.paints.undone.reverse();
    Ok(session)
}

/// A save of the previous release: the board's entries become moves made
/// in cell order.
fn read_v1(fields: &Fields, ignored: &mut Vec<PartError>) -> Result<Loaded, SaveError> {
    let puzzle = fields.grid("puzzle")?;
    let grid = fields.grid("grid")?;
    check_givens(&puzzle, &grid, fields.line_of("grid"))?;
    let mut game = fields.game(puzzle)?;
    for cell in Cell::all().filter(|&c| puzzle.get(c).is_none()) {
        if let Some(digit) = grid.get(cell) {
            game.place(cell, digit).expect("not a given");
        }
    }
    let mut session = common(fields, game, "elapsed", ignored)?;
    if let Some(random) = fields.random(ignored) {
        session.origin = Origin::Random(random);
    }
    Ok(Loaded {
        session,
        saved_at: None,
        version: 1,
        ignored: Vec::new(),
    })
}

/// A save of this version: the board is what the moves replay to.
fn read_v2(fields: &Fields, ignored: &mut Vec<PartError>) -> Result<Loaded, SaveError> {
    let puzzle = fields.grid("puzzle")?;
    let mut game = fields.game(puzzle)?;
    fields.replay(&mut game, ignored);
    fields.check_grid(&game, ignored);
    let mut session = common(fields, game, "time", ignored)?;
    session.mistakes_shown = match fields.find("mistakes") {
        Some(_) => fields.count("mistakes", ignored)?,
        None => 0,
    };
    session.origin = fields
        .parsed("origin", ignored, |v: &str| {
            v.parse::<Origin>()
                .map_err(|err: OriginError| err.to_string())
        })
        .unwrap_or(Origin::Unknown);
    session.level = fields.parsed("level", ignored, |v: &str| {
        v.parse::<Level>().map_err(|err| err.to_string())
    });
    let saved_at = fields.saved_at(ignored);
    Ok(Loaded {
        session,
        saved_at,
        version: 2,
        ignored: Vec::new(),
    })
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
                    found: digit_char(found),
                });
            }
        }
    }
    Ok(())
}

fn digit_char(digit: Option<Digit>) -> char {
    digit.map_or('.', |d| char::from(b'0' + d.get()))
}

/// `text` cut to [`QUOTE`] characters, for an error message.
fn quote(text: &str) -> String {
    text.chars().take(QUOTE).collect()
}

/// One `key: value` line.
struct Field {
    line: usize,
    key: String,
    value: String,
}

/// The `key: value` lines of a save; the first of two lines with one key
/// counts.
struct Fields(Vec<Field>);

impl Fields {
    /// The version the header names, and the lines after it. Blank lines
    /// are skipped; `key:` alone has an empty value.
    fn read(text: &str) -> Result<(u32, Fields), SaveError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        let version = match header {
            HEADER => 2,
            HEADER_V1 => 1,
            _ => return Err(SaveError::Header(quote(header))),
        };
        let mut fields = Vec::new();
        for (i, text) in lines.enumerate() {
            let line = i + 2;
            if text.trim().is_empty() {
                continue;
            }
            let (key, value) = text
                .split_once(": ")
                .or_else(|| text.strip_suffix(':').map(|key| (key, "")))
                .ok_or_else(|| SaveError::Line {
                    line,
                    text: quote(text),
                })?;
            fields.push(Field {
                line,
                key: key.to_string(),
                value: value.to_string(),
            });
        }
        Ok((version, Fields(fields)))
    }

    /// The optional `saved` line.
    fn saved_at(&self, ignored: &mut Vec<PartError>) -> Option<SystemTime> {
        self.parsed("saved", ignored, |v: &str| {
            digits_only(v)
                .filter(|&s| s <= MAX_SAVED_SECS)
                .map(|s| UNIX_EPOCH + Duration::from_secs(s))
                .ok_or_else(|| {
                    format!(
                        "expected seconds since 1970 up to {MAX_SAVED_SECS}, found '{}'",
                        quote(v)
                    )
                })
        })
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

    /// The name, on one line, cut to [`MAX_NAME`] characters (noted).
    fn name(&self, ignored: &mut Vec<PartError>) -> Result<String, SaveError> {
        let field = self.field("name")?;
        let name = field.value.replace(['\n', '\r'], " ");
        if name.chars().count() > MAX_NAME {
            ignored.push(PartError::Name {
                line: field.line,
                value: quote(&name),
            });
        }
        Ok(clean_name(&name))
    }

    /// The whole number `key`, at most `max`: a larger one (even one too
    /// large for 64 bits) is noted and replaced by `max`.
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
                    max: max.to_string(),
                });
                Ok(max)
            }
        }
    }

    /// A count (moves, hints, mistakes), at most [`MAX_COUNT`].
    fn count(&self, key: &'static str, ignored: &mut Vec<PartError>) -> Result<usize, SaveError> {
        let n = self.bounded(key, MAX_COUNT as u64, ignored)?;
        Ok(usize::try_from(n).unwrap_or(MAX_COUNT))
    }

    /// The time `key`: whole seconds, with up to three decimals in this
    /// version; at most [`MAX_TIME`].
    fn time(&self, key: &'static str, ignored: &mut Vec<PartError>) -> Result<Duration, SaveError> {
        if key == "elapsed" {
            return Ok(Duration::from_secs(self.bounded(
                key,
                MAX_TIME.as_secs(),
                ignored,
            )?));
        }
        let field = self.field(key)?;
        let value = field.value.as_str();
        let time = parse_time(value).ok_or_else(|| SaveError::Time {
            line: field.line,
            value: quote(value),
        })?;
        Ok(time.unwrap_or_else(|| {
            ignored.push(PartError::TooLarge {
                line: field.line,
                key,
                value: quote(value),
                max: MAX_TIME.as_secs().to_string(),
            });
            MAX_TIME
        }))
    }

    fn grid(&self, key: &'static str) -> Result<Grid, SaveError> {
        let field = self.field(key)?;
        field.value.parse().map_err(|source| SaveError::Grid {
            line: field.line,
            key,
            source,
        })
    }

    /// A game on `puzzle`, refused as [`Game::new`] refuses.
    fn game(&self, puzzle: Grid) -> Result<Game, SaveError> {
        Game::new(puzzle).map_err(|source| SaveError::Puzzle {
            line: self.line_of("puzzle"),
            source,
        })
    }

    /// The optional line `key` read by `read`; `None` without one, or
    /// when it cannot be read (noted with `read`'s message).
    fn parsed<T>(
        &self,
        key: &'static str,
        ignored: &mut Vec<PartError>,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        let field = self.find(key)?;
        read(&field.value)
            .map_err(|reason| {
                ignored.push(PartError::Value {
                    line: field.line,
                    key,
                    reason,
                })
            })
            .ok()
    }

    /// The previous release's optional `random` line.
    fn random(&self, ignored: &mut Vec<PartError>) -> Option<RandomPuzzle> {
        self.parsed("random", ignored, |value: &str| {
            value
                .split_once(' ')
                .and_then(|(level, seed)| {
                    Some(RandomPuzzle::new(level.parse().ok()?, digits_only(seed)?))
                })
                .ok_or_else(|| {
                    format!(
                        "expected a level and a seed like 'medium 1234', found '{}'",
                        quote(value)
                    )
                })
        })
    }

    /// The optional `candidates`, `marks` and `struck` lines. `struck`
    /// only counts with candidates on (it is never written otherwise).
    fn pencil(&self, ignored: &mut Vec<PartError>) -> Pencil {
        let mut pencil = Pencil::default();
        let auto = self.parsed("candidates", ignored, |value: &str| match value {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(format!("expected on or off, found '{}'", quote(value))),
        });
        pencil.set_auto(auto.unwrap_or(false));
        for (cell, marks) in self.marks("marks", ignored) {
            pencil.set_marks(cell, marks);
        }
        for (cell, struck) in self.marks("struck", ignored) {
            pencil.set_struck(cell, struck);
        }
        pencil
    }

    /// The `CELL=DIGITS` items of the optional line `key`; each one that
    /// cannot be read is noted and left out.
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

    /// The optional `colours` line; each item that cannot be read is noted
    /// and left out.
    fn colours(&self, ignored: &mut Vec<PartError>) -> Colouring {
        let mut colours = Colouring::default();
        let Some(field) = self.find("colours") else {
            return colours;
        };
        for item in field.value.split_whitespace() {
            match colour_item(item) {
                Some((target, colour)) => {
                    colours.set(target, Some(colour));
                }
                None => ignored.push(PartError::Colours {
                    line: field.line,
                    item: quote(item),
                }),
            }
        }
        colours
    }

    /// The colourings of the optional history line `key`, each made after
    /// at most `in_effect` moves (a larger count is lowered: a colouring in
    /// effect cannot come after moves that are not). The first
    /// one that cannot be read, and those after it, are noted and left
    /// out, as are those past `budget` changes.
    fn paints(
        &self,
        key: &'static str,
        in_effect: usize,
        budget: &mut usize,
        ignored: &mut Vec<PartError>,
    ) -> Vec<Paint> {
        let Some(field) = self.find(key) else {
            return Vec::new();
        };
        let items: Vec<&str> = field.value.split_whitespace().collect();
        let mut paints = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let paint = paint_item(item);
            let problem = match &paint {
                None => "expected moves@CELL:BEFOREAFTER like 3@5c7:.a",
                Some(p) if p.changes.len() > *budget => "more colour changes than a save keeps",
                Some(_) => "",
            };
            match paint {
                Some(mut paint) if problem.is_empty() => {
                    *budget -= paint.changes.len();
                    paint.at = paint.at.min(in_effect);
                    paints.push(paint);
                }
                _ => {
                    ignored.push(PartError::Paint {
                        line: field.line,
                        key,
                        index: i + 1,
                        item: quote(item),
                        problem,
                        left_out: items.len() - i,
                    });
                    break;
                }
            }
        }
        paints
    }

    /// Replays the `done` moves, then the `undone` ones, which are undone
    /// again. The first move that does not replay, and every move after it
    /// (the undone ones too, after a bad done one), are left out and noted,
    /// so the board is always what the kept moves give.
    fn replay(&self, game: &mut Game, ignored: &mut Vec<PartError>) {
        let done = self.find("done");
        let undone = self.find("undone");
        let undone_len = undone.map_or(0, |f| f.value.split_whitespace().count());
        let mut budget = MAX_HISTORY;
        if let Some(field) = done {
            if let Err(err) = replay_line(game, field, "done", undone_len, &mut budget) {
                ignored.push(err);
                return;
            }
        }
        if let Some(field) = undone {
            let before = game.history().undo_len();
            let result = replay_line(game, field, "undone", 0, &mut budget);
            for _ in before..game.history().undo_len() {
                game.undo().expect("a move was just made");
            }
            ignored.extend(result.err());
        }
    }

    /// Notes a `grid` line that is not the board the moves replay to.
    fn check_grid(&self, game: &Game, ignored: &mut Vec<PartError>) {
        let Some(field) = self.find("grid") else {
            return;
        };
        let line = field.line;
        match field.value.parse::<Grid>() {
            Err(source) => ignored.push(PartError::GridUnreadable { line, source }),
            Ok(grid) => {
                if let Some(cell) = Cell::all().find(|&c| grid.get(c) != game.grid().get(c)) {
                    ignored.push(PartError::GridMismatch {
                        line,
                        cell,
                        found: digit_char(grid.get(cell)),
                        replayed: digit_char(game.grid().get(cell)),
                    });
                }
            }
        }
    }
}

/// Makes the moves of one history line; at the first one that cannot be
/// made (or past `budget` moves), the error, counting it, the rest of the
/// line and `after` more moves as left out.
fn replay_line(
    game: &mut Game,
    field: &Field,
    key: &'static str,
    after: usize,
    budget: &mut usize,
) -> Result<(), PartError> {
    let items: Vec<&str> = field.value.split_whitespace().collect();
    for (i, item) in items.iter().enumerate() {
        let left_out = items.len() - i + after;
        if *budget == 0 {
            return Err(PartError::HistoryTooLong {
                line: field.line,
                key,
                left_out,
            });
        }
        let problem = match move_item(item) {
            None => Some(MoveProblem::NotAMove),
            Some((cell, _)) if game.is_given(cell) => Some(MoveProblem::Given(cell)),
            Some((cell, digit)) if game.grid().get(cell) == digit => {
                Some(MoveProblem::NoChange(cell))
            }
            Some((cell, digit)) => {
                game.set(cell, digit).expect("checked: not a given");
                None
            }
        };
        if let Some(problem) = problem {
            return Err(PartError::Move {
                line: field.line,
                key,
                index: i + 1,
                item: quote(item),
                problem,
                left_out,
            });
        }
        *budget -= 1;
    }
    Ok(())
}

/// `1b=58` as a cell and its digits.
fn mark_item(item: &str) -> Option<(Cell, Digits)> {
    let (cell, digits) = item.split_once('=')?;
    let cell = Cell::from_name(cell)?;
    if digits.is_empty() {
        return None;
    }
    digits
        .chars()
        .map(|c| Digit::new(u8::try_from(c.to_digit(10)?).ok()?))
        .collect::<Option<Digits>>()
        .map(|d| (cell, d))
}

/// `5c` or `5c7` as a cell or one of its candidates.
fn target_item(item: &str) -> Option<Target> {
    let cell = Cell::from_name(item.get(..2)?)?;
    match item.as_bytes()[2..] {
        [] => Some(Target::Cell(cell)),
        [d @ b'1'..=b'9'] => Some(Target::Candidate(cell, Digit::new(d - b'0')?)),
        _ => None,
    }
}

/// `5c=a` or `5c7=b` as a target and its colour.
fn colour_item(item: &str) -> Option<(Target, Colour)> {
    let (target, colour) = item.split_once('=')?;
    Some((target_item(target)?, colour.parse().ok()?))
}

/// `3@5c7:.a,5c:b.` as a colouring made after 3 moves.
fn paint_item(item: &str) -> Option<Paint> {
    let (at, changes) = item.split_once('@')?;
    let at = usize::try_from(digits_only(at)?).ok()?;
    let letter = |c: char| match c {
        '.' => Some(None),
        c => Colour::from_letter(c)
            .filter(|_| c.is_ascii_lowercase())
            .map(Some),
    };
    let changes = changes
        .split(',')
        .map(|change| {
            let (target, colours) = change.split_once(':')?;
            let mut colours = colours.chars();
            let (before, after) = (colours.next()?, colours.next()?);
            if colours.next().is_some() || before == after {
                return None;
            }
            Some(Change {
                target: target_item(target)?,
                before: letter(before)?,
                after: letter(after)?,
            })
        })
        .collect::<Option<Vec<Change>>>()?;
    Some(Paint { at, changes })
}

/// `5c6` as a cell and its new digit; `5c0` (or `5c.`) blanks it.
fn move_item(item: &str) -> Option<(Cell, Option<Digit>)> {
    if item.len() != 3 {
        return None;
    }
    let cell = Cell::from_name(item.get(..2)?)?;
    let digit = match item.as_bytes()[2] {
        b'0' | b'.' => None,
        b @ b'1'..=b'9' => Some(Digit::new(b - b'0')?),
        _ => return None,
    };
    Some((cell, digit))
}

/// `192` or `192.35` (seconds, up to three decimals) as a time: `None`
/// when it is not one, `Some(None)` when it is above [`MAX_TIME`].
fn parse_time(value: &str) -> Option<Option<Duration>> {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (secs, frac) = match value.split_once('.') {
        Some((secs, frac)) if all_digits(frac) && frac.len() <= 3 => (secs, frac),
        Some(_) => return None,
        None => (value, "0"),
    };
    if !all_digits(secs) {
        return None;
    }
    let millis: u64 = format!("{frac:0<3}").parse().ok()?;
    Some(
        secs.parse::<u64>()
            .ok()
            .and_then(|s| Duration::from_secs(s).checked_add(Duration::from_millis(millis)))
            .filter(|&t| t <= MAX_TIME),
    )
}

/// Why one move of a save's history could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveProblem {
    /// Not a cell and a digit.
    #[error("expected a cell and a digit like 5c6 (5c0 blanks)")]
    NotAMove,
    /// The move would change a given.
    #[error("{0} is a given")]
    Given(Cell),
    /// The cell already holds that digit (or is blank already): a saved
    /// history never holds such a move.
    #[error("{0} holds that already")]
    NoChange(Cell),
}

/// A part of a save that could not be read, or whose value is out of
/// range. It is left out or replaced, and the rest of the session loads.
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
    /// An optional line (`origin`, `level`, `saved`, `candidates`,
    /// `random`) whose value cannot be read; it is left out.
    #[error("line {line}: {key}: {reason}")]
    Value {
        /// The line number (from 1).
        line: usize,
        /// The key.
        key: &'static str,
        /// What is wrong, quoting the value.
        reason: String,
    },
    /// A number above its limit; the limit is used instead.
    #[error("line {line}: {key}: expected at most {max}, found '{value}' (using {max})")]
    TooLarge {
        /// The line number (from 1).
        line: usize,
        /// `time`, `elapsed`, `moves`, `hints` or `mistakes`.
        key: &'static str,
        /// What it holds (cut to 40 characters).
        value: String,
        /// The limit.
        max: String,
    },
    /// A name longer than [`MAX_NAME`] characters; it is cut.
    #[error("line {line}: name: longer than {MAX_NAME} characters, cut: '{value}'")]
    Name {
        /// The line number (from 1).
        line: usize,
        /// Its start (40 characters).
        value: String,
    },
    /// A move of the history that cannot be made; it and the moves after
    /// it are left out.
    #[error(
        "line {line}: {key}: move {index}, '{item}': {problem} ({left_out} moves left out from here)"
    )]
    Move {
        /// The line number (from 1).
        line: usize,
        /// `done` or `undone`.
        key: &'static str,
        /// Its place on the line (from 1).
        index: usize,
        /// The move as written (cut to 40 characters).
        item: String,
        /// What is wrong with it.
        problem: MoveProblem,
        /// How many moves are left out: it and those after it.
        left_out: usize,
    },
    /// A `colours` item that is not a cell or candidate and its colour.
    #[error("line {line}: colours: expected CELL=COLOUR like 5c=a or 5c7=b, found '{item}'")]
    Colours {
        /// The line number (from 1).
        line: usize,
        /// The item (cut to 40 characters).
        item: String,
    },
    /// A colouring of the colour history that cannot be read (or past
    /// [`MAX_COLOUR_HISTORY`] changes); it and those after it on its line
    /// are left out.
    #[error(
        "line {line}: {key}: colouring {index}, '{item}': {problem} ({left_out} colourings left out from here)"
    )]
    Paint {
        /// The line number (from 1).
        line: usize,
        /// `colour-done` or `colour-undone`.
        key: &'static str,
        /// Its place on the line (from 1).
        index: usize,
        /// The item as written (cut to 40 characters).
        item: String,
        /// What is wrong with it.
        problem: &'static str,
        /// How many colourings are left out: it and those after it.
        left_out: usize,
    },
    /// More than [`MAX_HISTORY`] moves; the later ones are left out.
    #[error(
        "line {line}: {key}: more than {MAX_HISTORY} moves in the history ({left_out} left out)"
    )]
    HistoryTooLong {
        /// The line number (from 1).
        line: usize,
        /// `done` or `undone`.
        key: &'static str,
        /// How many moves are left out.
        left_out: usize,
    },
    /// The `grid` line is not a grid; the moves give the board.
    #[error("line {line}: grid: {source} (the moves give the board)")]
    GridUnreadable {
        /// The line number (from 1).
        line: usize,
        /// Why it is not a grid.
        source: ParseError,
    },
    /// The `grid` line is not the board the moves give; the moves win.
    #[error(
        "line {line}: grid: found '{found}' in {cell}, where the moves give '{replayed}' (using the moves)"
    )]
    GridMismatch {
        /// The line number (from 1).
        line: usize,
        /// The first cell that differs.
        cell: Cell,
        /// What the `grid` line holds there (`.`: blank).
        found: char,
        /// What the moves give there (`.`: blank).
        replayed: char,
    },
}

impl PartError {
    /// The line it is on.
    pub fn line(&self) -> usize {
        match self {
            PartError::Marks { line, .. }
            | PartError::Value { line, .. }
            | PartError::TooLarge { line, .. }
            | PartError::Name { line, .. }
            | PartError::Move { line, .. }
            | PartError::Colours { line, .. }
            | PartError::Paint { line, .. }
            | PartError::HistoryTooLong { line, .. }
            | PartError::GridUnreadable { line, .. }
            | PartError::GridMismatch { line, .. } => *line,
        }
    }
}

/// Why a save could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SaveError {
    /// The reader failed.
    #[error("cannot read: {0}")]
    Io(
        /// What the system said.
        String,
    ),
    /// More than [`MAX_SAVE_BYTES`]: not a save.
    #[error("larger than {limit} bytes")]
    TooBig {
        /// The limit.
        limit: u64,
    },
    /// The first line is not a save header.
    #[error("line 1: expected the header '{HEADER}' (or '{HEADER_V1}'), found '{0}'")]
    Header(
        /// The line (cut to 40 characters).
        String,
    ),
    /// A line that is not `key: value`.
    #[error("line {line}: expected 'key: value', found '{text}'")]
    Line {
        /// The line number (from 1).
        line: usize,
        /// The line (cut to 40 characters).
        text: String,
    },
    /// A required line is missing.
    #[error("the field '{0}' is missing")]
    Missing(
        /// Its key.
        &'static str,
    ),
    /// A count does not hold a whole number.
    #[error("line {line}: {key}: expected a whole number, found '{value}'")]
    Number {
        /// The line number (from 1).
        line: usize,
        /// The key.
        key: &'static str,
        /// What it holds (cut to 40 characters).
        value: String,
    },
    /// The time is not seconds.
    #[error("line {line}: time: expected seconds like 192 or 192.350, found '{value}'")]
    Time {
        /// The line number (from 1).
        line: usize,
        /// What it holds (cut to 40 characters).
        value: String,
    },
    /// A grid line does not hold a grid.
    #[error("line {line}: {key}: {source}")]
    Grid {
        /// The line number (from 1).
        line: usize,
        /// `puzzle` or `grid`.
        key: &'static str,
        /// Why it is not a grid.
        source: ParseError,
    },
    /// The puzzle cannot be played.
    #[error("line {line}: puzzle: {source}")]
    Puzzle {
        /// The line number (from 1).
        line: usize,
        /// Why it cannot be played.
        source: PuzzleError,
    },
    /// A previous-release board that changes a given of the puzzle.
    #[error("line {line}: grid: found '{found}' in {cell}, where the puzzle gives {given}")]
    GivenChanged {
        /// The line number (from 1).
        line: usize,
        /// The cell.
        cell: Cell,
        /// The puzzle's given.
        given: Digit,
        /// What the board holds there (`.`: blank).
        found: char,
    },
}

#[cfg(test)]
mod tests;
