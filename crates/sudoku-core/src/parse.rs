//! Reading puzzles: one per line, 9-line grids, decorated grids, collections.
//!
//! The reader works line by line on bytes, so it streams inputs of any size,
//! survives binary data, and reports every problem with its line and column.
//! See `docs/formats.md` for the formats with examples. In short:
//!
//! - a digit `1`-`9` is a given; `.`, `0` and `_` are blanks;
//! - spaces, tabs and `|` inside a line are ignored;
//! - a line of only `-`, `+`, `|`, `=`, `*`, `:` and spaces is a ruler and is
//!   skipped, so Simple Sudoku (`.ss`) and similar decorated grids read as is;
//! - a line that starts with `#` is a comment, and so is the rest of a line
//!   after a `#`; a `[name]` line is a section header and is skipped; in a
//!   text that has a `[Puzzle]` header (SadMan `.sdk`), the grid rows right
//!   after any other header (`[State]`: a saved position, not a puzzle) are
//!   skipped up to the next blank line, and every other line is read, so a
//!   header never hides the puzzles after it;
//! - a UTF-16 text (with a byte order mark, or ASCII with zero bytes between
//!   the characters) is reported once as such and not read further;
//! - a line with 81 cells is a one-line puzzle; after its 81st cell a space,
//!   tab, `,` or `;` may start an annotation (a rating, a name) that is ignored;
//! - nine lines of 9 cells are a grid; grids are separated by blank lines;
//! - a UTF-8 byte order mark and `\r\n` line ends are accepted.

use std::io::{self, BufRead};
use std::task::Poll;

use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;

/// The longest line the reader accepts, in bytes. Longer lines are reported
/// and skipped without being held in memory.
pub const MAX_LINE_BYTES: usize = 4096;

/// A puzzle read from a text, with the line it started on (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line where the puzzle starts.
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
}

/// Reads every puzzle of `text`, in order, with an error for each malformed
/// one; the reader goes on after an error.
///
/// ```
/// use sudoku_core::parse_many;
/// let text = "# two puzzles and a bad line\n\
///     4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n\
///     1234\n\
///     ..1....2....3..4.......5..6...7..8..9.........1..2....3.....4..5....6...7.....8..\n";
/// let records = parse_many(text);
/// assert_eq!(records.len(), 3);
/// assert_eq!(records[0].as_ref().unwrap().line, 2);
/// assert_eq!(
///     records[1].as_ref().unwrap_err().to_string(),
///     "line 3: found 4 cells, expected 81 (a one-line puzzle) or 9 (a grid row)"
/// );
/// ```
pub fn parse_many(text: &str) -> Vec<Result<Record, ParseError>> {
    PuzzleReader::new(text.as_bytes()).collect()
}

/// Parses a text that holds exactly one puzzle.
pub(crate) fn parse_one(text: &str) -> Result<Grid, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    let first = reader
        .next()
        .ok_or(ParseError::new(ParseErrorKind::Empty, None, None))??;
    match reader.next() {
        None => Ok(first.grid),
        Some(Ok(second)) => Err(ParseError::new(
            ParseErrorKind::ExtraPuzzle,
            Some(second.line),
            None,
        )),
        Some(Err(err)) => Err(err),
    }
}

/// A streaming reader of puzzles from any [`BufRead`]: an iterator of
/// [`Record`]s and [`ParseError`]s in input order.
///
/// Memory stays bounded whatever the input: one line at a time, at most
/// [`MAX_LINE_BYTES`] of it.
///
/// ```
/// use sudoku_core::PuzzleReader;
/// let text = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n\
///             8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n\
///             0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
/// let mut reader = PuzzleReader::new(text.as_bytes());
/// let record = reader.next().unwrap().unwrap();
/// assert_eq!((record.line, record.grid.givens()), (1, 30));
/// assert!(reader.next().is_none());
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
    state: State,
    pending: Option<Result<Record, ParseError>>,
    /// A `[Puzzle]` header was read: other headers start `.sdk` sections.
    sectioned: bool,
    /// In an `.sdk` section other than `[Puzzle]`: its grid rows are skipped.
    skip_rows: bool,
    done: bool,
    /// A line cut short because the input would block (see
    /// [`PuzzleReader::poll_next`]): whether it is too long so far and
    /// whether it has any bytes; what it has is in `buf`.
    partial: Option<(bool, bool)>,
}

#[derive(Debug)]
enum State {
    /// Between puzzles.
    Idle,
    /// Reading the rows of a grid.
    Grid {
        start: usize,
        rows: usize,
        cells: [u8; 81],
    },
    /// Nine rows were read; a further row before a blank line is an error.
    AfterGrid,
    /// After an error inside a grid: skip rows up to the next blank line.
    Skipping,
}

/// What one line holds.
enum Line {
    Blank,
    Skip,
    Header { puzzle: bool },
    Cells { count: usize, cells: [u8; 81] },
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of the puzzles in `input`.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            line: 0,
            buf: Vec::with_capacity(128),
            state: State::Idle,
            pending: None,
            sectioned: false,
            skip_rows: false,
            done: false,
            partial: None,
        }
    }

    /// The next record, or [`Poll::Pending`] when the input has nothing
    /// more for now: a read of it failed with [`io::ErrorKind::WouldBlock`]
    /// (a non-blocking pipe, or a reader that says so before it would
    /// wait). What was read of a line is kept, and the next call goes on
    /// from there, so a filter can answer the puzzles it has before it
    /// waits for more. [`Iterator::next`] takes that error as any other
    /// failed read.
    ///
    /// ```
    /// use std::io::{BufReader, ErrorKind, Read};
    /// use std::task::Poll;
    /// use sudoku_core::PuzzleReader;
    ///
    /// /// Pieces of text, `None` where nothing is there for now.
    /// struct Slow(Vec<Option<&'static [u8]>>);
    /// impl Read for Slow {
    ///     fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
    ///         if self.0.is_empty() {
    ///             return Ok(0);
    ///         }
    ///         match self.0.remove(0) {
    ///             None => Err(ErrorKind::WouldBlock.into()),
    ///             Some(part) => {
    ///                 buf[..part.len()].copy_from_slice(part);
    ///                 Ok(part.len())
    ///             }
    ///         }
    ///     }
    /// }
    /// let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    /// // Half a puzzle, then nothing for now, then the rest.
    /// let (first, rest) = line.as_bytes().split_at(40);
    /// let input = Slow(vec![Some(first), None, Some(rest)]);
    /// let mut reader = PuzzleReader::new(BufReader::new(input));
    /// assert!(reader.poll_next().is_pending());
    /// let Poll::Ready(Some(Ok(record))) = reader.poll_next() else { panic!() };
    /// assert_eq!((record.line, record.grid.givens()), (1, 18));
    /// assert!(matches!(reader.poll_next(), Poll::Ready(None)));
    /// ```
    pub fn poll_next(&mut self) -> Poll<Option<Result<Record, ParseError>>> {
        if let Some(pending) = self.pending.take() {
            return Poll::Ready(Some(pending));
        }
        if self.done {
            return Poll::Ready(None);
        }
        self.advance(true)
    }

    /// Reads the next line into `buf`, without its end. Returns `Ok(None)` at
    /// the end of the input and `Ok(Some(false))` for a line that was too long
    /// (its bytes are consumed, not kept). When `resumable`, an input that
    /// would block leaves the line so far in `buf`, for the next call.
    fn read_line(&mut self, resumable: bool) -> io::Result<Option<bool>> {
        let (mut too_long, mut any) = match self.partial.take() {
            Some(so_far) => so_far,
            None => {
                self.buf.clear();
                (false, false)
            }
        };
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if resumable && e.kind() == io::ErrorKind::WouldBlock => {
                    self.partial = Some((too_long, any));
                    return Err(e);
                }
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (part, used, end) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long && self.buf.len() + part.len() <= MAX_LINE_BYTES {
                self.buf.extend_from_slice(part);
            } else {
                too_long = true;
            }
            self.input.consume(used);
            if end {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.line == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
            self.buf.drain(..3);
        }
        if self.line == 1 && is_utf16(&self.buf) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, Utf16));
        }
        Ok(Some(!too_long))
    }

    /// Reads lines until one yields a puzzle or an error, or the input ends;
    /// when `resumable`, [`Poll::Pending`] where the input would block.
    fn advance(&mut self, resumable: bool) -> Poll<Option<Result<Record, ParseError>>> {
        loop {
            let line = match self.read_line(resumable) {
                Ok(Some(true)) => match classify(&self.buf, self.line) {
                    Ok(line) => line,
                    Err(err) => {
                        if let Some(out) = self.fail(err) {
                            return Poll::Ready(Some(out));
                        }
                        continue;
                    }
                },
                Ok(Some(false)) => {
                    let kind = ParseErrorKind::LineTooLong(MAX_LINE_BYTES);
                    let err = ParseError::new(kind, Some(self.line), None);
                    if let Some(out) = self.fail(err) {
                        return Poll::Ready(Some(out));
                    }
                    continue;
                }
                Ok(None) => {
                    self.done = true;
                    return Poll::Ready(self.finish_grid());
                }
                Err(e) if resumable && e.kind() == io::ErrorKind::WouldBlock => {
                    return Poll::Pending;
                }
                Err(e) if e.get_ref().is_some_and(|inner| inner.is::<Utf16>()) => {
                    self.done = true;
                    let err = ParseError::new(ParseErrorKind::Utf16, None, None);
                    return Poll::Ready(Some(Err(err)));
                }
                Err(e) => {
                    self.done = true;
                    let kind = ParseErrorKind::Io(e.to_string());
                    let err = ParseError::new(kind, Some(self.line + 1), None);
                    return Poll::Ready(Some(Err(err)));
                }
            };
            if let Some(out) = self.take(line) {
                return Poll::Ready(Some(out));
            }
        }
    }

    /// Reports `err`. An error inside a grid spoils the grid: its other
    /// rows are skipped.
    fn fail(&mut self, err: ParseError) -> Option<Result<Record, ParseError>> {
        self.skip_rows = false;
        if !matches!(self.state, State::Idle) {
            self.state = State::Skipping;
        }
        Some(Err(err))
    }

    /// Ends a grid in progress: an error if it has fewer than nine rows.
    fn finish_grid(&mut self) -> Option<Result<Record, ParseError>> {
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Grid { start, rows, .. } => Some(Err(ParseError::new(
                ParseErrorKind::ShortGrid(rows),
                Some(start),
                None,
            ))),
            _ => None,
        }
    }

    fn take(&mut self, line: Line) -> Option<Result<Record, ParseError>> {
        match line {
            Line::Skip => None,
            Line::Header { puzzle } => {
                let out = self.finish_grid();
                self.sectioned |= puzzle;
                self.skip_rows = self.sectioned && !puzzle;
                out
            }
            Line::Cells { count: 9, .. } if self.skip_rows => None,
            Line::Blank => {
                self.skip_rows = false;
                self.finish_grid()
            }
            _ if self.skip_rows => {
                self.skip_rows = false;
                self.take(line)
            }
            Line::Cells { count: 81, cells } => {
                let record = Ok(Record {
                    line: self.line,
                    grid: grid_from(cells),
                });
                match self.finish_grid() {
                    Some(earlier) => {
                        self.pending = Some(record);
                        Some(earlier)
                    }
                    None => Some(record),
                }
            }
            Line::Cells { count: 9, cells } => self.take_row(&cells),
            Line::Cells { count, .. } => self.fail(ParseError::new(
                ParseErrorKind::CellCount(count),
                Some(self.line),
                None,
            )),
        }
    }

    fn take_row(&mut self, row: &[u8; 81]) -> Option<Result<Record, ParseError>> {
        match &mut self.state {
            State::Idle => {
                let mut cells = [0; 81];
                cells[..9].copy_from_slice(&row[..9]);
                self.state = State::Grid {
                    start: self.line,
                    rows: 1,
                    cells,
                };
                None
            }
            State::Grid { start, rows, cells } => {
                cells[*rows * 9..*rows * 9 + 9].copy_from_slice(&row[..9]);
                *rows += 1;
                if *rows < 9 {
                    return None;
                }
                let record = Record {
                    line: *start,
                    grid: grid_from(*cells),
                };
                self.state = State::AfterGrid;
                Some(Ok(record))
            }
            State::AfterGrid => {
                self.state = State::Skipping;
                Some(Err(ParseError::new(
                    ParseErrorKind::TenthRow,
                    Some(self.line),
                    None,
                )))
            }
            State::Skipping => None,
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Record, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(pending) = self.pending.take() {
            return Some(pending);
        }
        if self.done {
            return None;
        }
        match self.advance(false) {
            Poll::Ready(next) => next,
            // Not resumable: an input that would block is a failed read.
            Poll::Pending => None,
        }
    }
}

/// The marker of a UTF-16 input inside the reader's I/O error.
#[derive(Debug)]
struct Utf16;

impl std::fmt::Display for Utf16 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UTF-16 text")
    }
}

impl std::error::Error for Utf16 {}

/// Whether a first line is UTF-16: a UTF-16 byte order mark, or at least
/// two ASCII characters each next to a zero byte (UTF-16 without a mark).
fn is_utf16(first: &[u8]) -> bool {
    if first.starts_with(b"\xFF\xFE") || first.starts_with(b"\xFE\xFF") {
        return true;
    }
    let pairs = first.len() / 2;
    pairs >= 2
        && first.chunks_exact(2).all(|p| {
            (p[0] == 0 && p[1] != 0 && p[1].is_ascii())
                || (p[1] == 0 && p[0] != 0 && p[0].is_ascii())
        })
}

/// The grid of cells the reader stored: only values 0..=9 (checked in debug builds), so
/// the check of [`Grid::from_cells`], a third of the reading cost of a plain line, is
/// skipped.
fn grid_from(cells: [u8; 81]) -> Grid {
    Grid::from_cells_unchecked(cells)
}

/// What a line holds, or the first bad character in it.
fn classify(bytes: &[u8], line: usize) -> Result<Line, ParseError> {
    if let Some(cells) = plain_line(bytes) {
        return Ok(Line::Cells { count: 81, cells });
    }
    let text = trim(bytes);
    if text.is_empty() {
        return Ok(Line::Blank);
    }
    if text[0] == b'#' {
        return Ok(Line::Skip);
    }
    if text[0] == b'[' && text.last() == Some(&b']') {
        let name = &text[1..text.len() - 1];
        return Ok(Line::Header {
            puzzle: name.eq_ignore_ascii_case(b"puzzle"),
        });
    }
    let mut cells = [0u8; 81];
    let mut count = 0;
    let mut column = 0;
    let mut rulers = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b & 0xC0 != 0x80 {
            column += 1;
        }
        let value = match b {
            b'1'..=b'9' => b - b'0',
            b'0' | b'.' | b'_' => 0,
            b' ' | b'\t' | b',' | b';' if count == 81 => break, // an annotation follows
            b' ' | b'\t' | b'|' => continue,
            b'-' | b'+' | b'=' | b'*' | b':' => {
                rulers += 1;
                continue;
            }
            b'#' => break,
            _ => {
                let kind = ParseErrorKind::BadChar(describe(&bytes[i..]));
                return Err(ParseError::new(kind, Some(line), Some(column)));
            }
        };
        if count < 81 {
            cells[count] = value;
        }
        count += 1;
    }
    if count == 0 && rulers > 0 {
        return Ok(Line::Skip);
    }
    Ok(Line::Cells { count, cells })
}

/// The common case of large inputs, read without the general rules: exactly
/// 81 digits and dots.
#[inline]
fn plain_line(bytes: &[u8]) -> Option<[u8; 81]> {
    let bytes: &[u8; 81] = bytes.try_into().ok()?;
    let mut cells = [0u8; 81];
    let mut bad = false;
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        let digit = b.wrapping_sub(b'0');
        bad |= digit > 9 && b != b'.';
        *cell = if digit <= 9 { digit } else { 0 };
    }
    (!bad).then_some(cells)
}

fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace());
    match (start, end) {
        (Some(s), Some(e)) => &bytes[s..=e],
        _ => &[],
    }
}

/// The character at the start of `bytes`, quoted, or its byte value when it
/// is not printable text.
fn describe(bytes: &[u8]) -> String {
    let len = bytes.len().min(4);
    let text = (1..=len).find_map(|n| std::str::from_utf8(&bytes[..n]).ok());
    match text.and_then(|s| s.chars().next()) {
        Some(c) if !c.is_control() => format!("'{c}'"),
        _ => format!("byte 0x{:02x}", bytes[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn one(text: &str) -> Result<Grid, ParseError> {
        text.parse()
    }

    fn errors(text: &str) -> Vec<String> {
        parse_many(text)
            .into_iter()
            .map(|r| match r {
                Ok(rec) => format!("ok {}", rec.line),
                Err(e) => e.to_string(),
            })
            .collect()
    }

    #[test]
    fn one_line_with_every_blank() {
        let grid = one(LINE).unwrap();
        assert_eq!(grid.to_line(), LINE);
        assert_eq!(one(&LINE.replace('.', "0")).unwrap(), grid);
        assert_eq!(one(&LINE.replace('.', "_")).unwrap(), grid);
        assert_eq!(one(&format!("\u{feff}{LINE}\r\n")).unwrap(), grid);
        assert_eq!(one(&format!("  {LINE}  \t")).unwrap(), grid);
    }

    #[test]
    fn annotations_after_a_line() {
        let grid = one(LINE).unwrap();
        for tail in [" 9.2/1.2/1.2", "\tname", ";rating", ",x", " # comment"] {
            assert_eq!(one(&format!("{LINE}{tail}")).unwrap(), grid, "{tail}");
        }
        assert!(one(&format!("{LINE}5")).is_err());
    }

    #[test]
    fn nine_line_grids_spaced_or_not() {
        let grid = one(LINE).unwrap();
        assert_eq!(one(&grid.to_rows()).unwrap(), grid);
        let packed: String = grid.to_rows().replace(' ', "");
        assert_eq!(one(&packed).unwrap(), grid);
        assert_eq!(one(&grid.to_rows().replace('\n', "\r\n")).unwrap(), grid);
    }

    #[test]
    fn decorated_grids() {
        let ss = "4..|.3.|...\n\
                  ...|6..|8..\n\
                  ...|...|..1\n\
                  -----------\n\
                  ...|.5.|.9.\n\
                  .8.|...|6..\n\
                  .7.|2..|...\n\
                  -----------\n\
                  ...|1.2|7..\n\
                  5.3|...|.4.\n\
                  9..|...|...\n";
        assert_eq!(one(ss).unwrap().to_line(), LINE);
        let boxed = format!(
            "*-----------*\n{}*-----------*\n",
            ss.lines()
                .map(|l| if l.starts_with('-') {
                    "|---+---+---|\n".to_string()
                } else {
                    format!("|{l}|\n")
                })
                .collect::<String>()
        );
        assert_eq!(one(&boxed).unwrap().to_line(), LINE);
        let sdk = format!(
            "#AAuthor\n#DA description\n[Puzzle]\n{}[State]\n{}",
            packed_rows(),
            packed_rows()
        );
        assert_eq!(parse_many(&sdk).len(), 1);
        assert_eq!(one(&sdk).unwrap().to_line(), LINE);
    }

    fn packed_rows() -> String {
        one(LINE)
            .unwrap()
            .to_rows()
            .replace(' ', "")
            .replace('0', ".")
    }

    #[test]
    fn collections() {
        let text = format!(
            "# header\n{LINE}\n\n{LINE}\n{}\n{}",
            packed_rows(),
            one(LINE).unwrap().to_rows()
        );
        assert_eq!(errors(&text), ["ok 2", "ok 4", "ok 5", "ok 15"]);
    }

    #[test]
    fn error_messages() {
        let cases: Vec<(String, &str)> = vec![
            ("".into(), "no puzzle found"),
            ("# only a comment\n\n".into(), "no puzzle found"),
            (
                LINE[..80].into(),
                "line 1: found 80 cells, expected 81 (a one-line puzzle) or 9 (a grid row)",
            ),
            (
                format!("{LINE}1"),
                "line 1: found 82 cells, expected 81 (a one-line puzzle) or 9 (a grid row)",
            ),
            (
                LINE.replacen('.', "x", 1),
                "line 1, column 2: expected a digit, '.', '0' or '_', found 'x'",
            ),
            (
                format!("\n{}", LINE.replacen('.', "é", 1)),
                "line 2, column 2: expected a digit, '.', '0' or '_', found 'é'",
            ),
            (
                "12\u{0}".into(),
                "line 1, column 3: expected a digit, '.', '0' or '_', found byte 0x00",
            ),
            (
                format!("{}1 2 3 4 5 6 7 8 9\n", one(LINE).unwrap().to_rows()),
                "line 10: a tenth row; a grid has 9 rows and grids are separated by a blank line",
            ),
            (
                "123456789\n123456789\n".into(),
                "line 1: this grid has 2 rows, expected 9",
            ),
            (
                format!("{LINE}\n{LINE}"),
                "line 2: found a second puzzle where one was expected",
            ),
            ("1".repeat(5000), "line 1: longer than 4096 bytes"),
        ];
        for (text, want) in cases {
            assert_eq!(one(&text).unwrap_err().to_string(), want, "{text:.40}");
        }
    }

    #[test]
    fn a_section_header_hides_nothing_after_it() {
        // A label before one-per-line puzzles, and before grids.
        let labelled = format!("[set 1]\n{LINE}\n{LINE}\n[set 2]\n{LINE}\n");
        assert_eq!(errors(&labelled), ["ok 2", "ok 3", "ok 5"]);
        let grids = format!("[grids]\n{}\n{}", packed_rows(), packed_rows());
        assert_eq!(errors(&grids), ["ok 2", "ok 12"]);
        // In an .sdk file the state grid is skipped, and what follows its
        // blank line is read; so is a bad line right after the header.
        let sdk = format!(
            "[Puzzle]\n{}[State]\n{}\n{LINE}\n[State]\nnot a row\n{LINE}\n",
            packed_rows(),
            packed_rows()
        );
        assert_eq!(
            errors(&sdk),
            [
                "ok 2",
                "ok 22",
                "line 24, column 1: expected a digit, '.', '0' or '_', found 'n'",
                "ok 25"
            ]
        );
    }

    #[test]
    fn utf16_is_named_once() {
        let utf16le: Vec<u8> = "\u{feff}"
            .chars()
            .chain(format!("{LINE}\n{LINE}\n").chars())
            .flat_map(|c| (c as u16).to_le_bytes())
            .collect();
        let utf16be_no_mark: Vec<u8> = format!("{LINE}\n{LINE}\n")
            .chars()
            .flat_map(|c| (c as u16).to_be_bytes())
            .collect();
        for bytes in [utf16le, utf16be_no_mark] {
            let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
            assert_eq!(results.len(), 1);
            let err = results[0].as_ref().unwrap_err();
            assert_eq!(err.kind(), &ParseErrorKind::Utf16);
            assert!(err
                .to_string()
                .starts_with("the text is UTF-16; only UTF-8 is read"));
        }
        // Plain text with a stray zero byte is not taken for UTF-16.
        assert!(!is_utf16(b"4...3...\x00..."));
    }

    #[test]
    fn binary_input_from_bytes() {
        let bytes: Vec<u8> = (0..=255u8).cycle().take(100_000).collect();
        let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
        assert!(!results.is_empty());
        assert!(results.iter().all(|r| r.is_err()));
        let invalid = [0xffu8, 0xfd, b'\n'];
        let err = PuzzleReader::new(&invalid[..]).next().unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 1: expected a digit, '.', '0' or '_', found byte 0xff"
        );
    }

    #[test]
    fn goes_on_after_errors() {
        let text = format!(
            "{LINE}\nbad line\n{LINE}\n123\n{}",
            one(LINE).unwrap().to_rows()
        );
        assert_eq!(
            errors(&text),
            [
                "ok 1",
                "line 2, column 1: expected a digit, '.', '0' or '_', found 'b'",
                "ok 3",
                "line 4: found 3 cells, expected 81 (a one-line puzzle) or 9 (a grid row)",
                "ok 5"
            ]
        );
        let broken_grid = "123456789\n12345678x\n123456789\n\n".to_string() + LINE;
        assert_eq!(
            errors(&broken_grid),
            [
                "line 2, column 9: expected a digit, '.', '0' or '_', found 'x'",
                "ok 5"
            ]
        );
        let interrupted = format!("123456789\n{LINE}\n");
        assert_eq!(
            errors(&interrupted),
            ["line 1: this grid has 1 rows, expected 9", "ok 2"]
        );
    }

    #[test]
    fn huge_line_is_not_held_in_memory() {
        let text = format!("{}\n{LINE}\n", "5".repeat(10_000_000));
        assert_eq!(errors(&text), ["line 1: longer than 4096 bytes", "ok 2"]);
    }

    /// An input given in pieces, each followed by "nothing for now"
    /// (`WouldBlock`) once.
    struct Pieces {
        pieces: Vec<Vec<u8>>,
        blocked: bool,
    }

    impl io::Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pieces.is_empty() {
                return Ok(0);
            }
            if !self.blocked {
                self.blocked = true;
                return Err(io::ErrorKind::WouldBlock.into());
            }
            let piece = &mut self.pieces[0];
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            piece.drain(..n);
            if piece.is_empty() {
                self.pieces.remove(0);
                self.blocked = false;
            }
            Ok(n)
        }
    }

    /// What `poll_next` gives on `text` cut at `cuts`: the records, and how
    /// many times it said `Pending`.
    fn polled(text: &[u8], cuts: &[usize]) -> (Vec<Result<Record, ParseError>>, usize) {
        let mut pieces = Vec::new();
        let mut from = 0;
        for &cut in cuts.iter().chain([text.len()].iter()) {
            if cut > from {
                pieces.push(text[from..cut].to_vec());
            }
            from = cut;
        }
        let input = io::BufReader::with_capacity(
            4096,
            Pieces {
                pieces,
                blocked: false,
            },
        );
        let mut reader = PuzzleReader::new(input);
        let (mut records, mut pending) = (Vec::new(), 0);
        loop {
            match reader.poll_next() {
                Poll::Ready(Some(record)) => records.push(record),
                Poll::Ready(None) => return (records, pending),
                Poll::Pending => pending += 1,
            }
        }
    }

    #[test]
    fn an_input_that_would_block_is_read_on_where_it_stopped() {
        let grid = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n\
                    8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n\
                    0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
        let text = format!(
            "\u{feff}# comments\r\n{LINE}\r\n\n{grid}\n12x\n{}\n{LINE} rated 1.2",
            "7".repeat(5000)
        );
        let text = text.as_bytes();
        let whole: Vec<_> = PuzzleReader::new(text).collect();
        assert_eq!(whole.len(), 5);
        // Cut anywhere, once; then at every byte.
        for cut in 0..=text.len() {
            let (records, pending) = polled(text, &[cut]);
            assert_eq!(records, whole, "cut at {cut}");
            assert_eq!(pending, if cut == 0 || cut == text.len() { 1 } else { 2 });
        }
        let every: Vec<usize> = (1..text.len()).collect();
        let (records, pending) = polled(text, &every);
        assert_eq!(records, whole);
        assert_eq!(pending, text.len());
        // Without poll_next, such an input is a failed read.
        let input = io::BufReader::new(Pieces {
            pieces: vec![text.to_vec()],
            blocked: false,
        });
        let read: Vec<_> = PuzzleReader::new(input).collect();
        assert!(matches!(read[..], [Err(ref e)] if matches!(e.kind(), ParseErrorKind::Io(_))));
    }
}
