//! The puzzles of a print run between reading them and laying them out:
//! each read and graded puzzle is written to an unnamed temporary file and
//! read back page by page, once for the puzzles and once for their
//! solutions, so memory does not grow with the number of puzzles, and the
//! number of pages is known before the first is written (an SVG's size is
//! in its first lines).

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};

use sudoku_core::Grid;

/// One puzzle as it is printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Which input it came from (an index into the inputs named).
    pub input: u32,
    /// The puzzle.
    pub givens: Grid,
    /// Its solution, when one is printed.
    pub solution: Option<Grid>,
    /// What its caption says after the input's name.
    pub caption: String,
    /// What its solution's caption says after the input's name.
    pub solution_caption: String,
}

/// The puzzles written so far.
pub struct Spool {
    file: BufWriter<File>,
    /// How many puzzles.
    pub puzzles: u64,
    /// How many of them have a solution to print.
    pub solutions: u64,
}

impl Spool {
    /// An empty spool in a temporary file of its own; the error names the
    /// folder.
    pub fn new() -> Result<Spool, String> {
        Ok(Spool {
            file: BufWriter::with_capacity(1 << 16, crate::temp::anonymous()?),
            puzzles: 0,
            solutions: 0,
        })
    }

    /// Adds `entry`.
    pub fn push(&mut self, entry: &Entry) -> io::Result<()> {
        let w = &mut self.file;
        w.write_all(&entry.input.to_le_bytes())?;
        w.write_all(entry.givens.cells())?;
        match &entry.solution {
            Some(solution) => {
                w.write_all(&[1])?;
                w.write_all(solution.cells())?;
                self.solutions += 1;
            }
            None => w.write_all(&[0])?,
        }
        write_text(w, &entry.caption)?;
        write_text(w, &entry.solution_caption)?;
        self.puzzles += 1;
        Ok(())
    }

    /// The entries, to be read back from the first.
    pub fn replay(self) -> io::Result<Replay> {
        let file = self.file.into_inner().map_err(|e| e.into_error())?;
        let mut replay = Replay {
            file: BufReader::with_capacity(1 << 16, file),
        };
        replay.rewind()?;
        Ok(replay)
    }
}

/// The entries of a spool, read back.
pub struct Replay {
    file: BufReader<File>,
}

impl Replay {
    /// Goes back to the first entry.
    pub fn rewind(&mut self) -> io::Result<()> {
        self.file.rewind()
    }

    /// The next entry; `None` after the last.
    pub fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        let mut input = [0; 4];
        match self.file.read_exact(&mut input) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            read => read?,
        }
        let givens = read_grid(&mut self.file)?;
        let mut flag = [0];
        self.file.read_exact(&mut flag)?;
        let solution = match flag[0] {
            0 => None,
            _ => Some(read_grid(&mut self.file)?),
        };
        Ok(Some(Entry {
            input: u32::from_le_bytes(input),
            givens,
            solution,
            caption: read_text(&mut self.file)?,
            solution_caption: read_text(&mut self.file)?,
        }))
    }
}

/// Writes `text` (at most 65,535 bytes of it, cut at a character) after its
/// length.
fn write_text(w: &mut impl Write, text: &str) -> io::Result<()> {
    let mut end = text.len().min(u16::MAX as usize);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    w.write_all(&(end as u16).to_le_bytes())?;
    w.write_all(&text.as_bytes()[..end])
}

fn read_text(r: &mut impl Read) -> io::Result<String> {
    let mut len = [0; 2];
    r.read_exact(&mut len)?;
    let mut bytes = vec![0; u16::from_le_bytes(len) as usize];
    r.read_exact(&mut bytes)?;
    String::from_utf8(bytes).map_err(|_| damaged())
}

fn read_grid(r: &mut impl Read) -> io::Result<Grid> {
    let mut cells = [0; 81];
    r.read_exact(&mut cells)?;
    Grid::from_cells(cells).ok_or_else(damaged)
}

fn damaged() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "the temporary file changed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_written_as_often_as_asked() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let solved = sudoku_core::SolverKind::default().solver().solve(&puzzle);
        let entries = [
            Entry {
                input: 0,
                givens: puzzle,
                solution: solved,
                caption: "Puzzle 1 - easy 1.2".to_string(),
                solution_caption: "Solution 1".to_string(),
            },
            Entry {
                input: 7,
                givens: Grid::empty(),
                solution: None,
                caption: "é…".to_string(),
                solution_caption: String::new(),
            },
        ];
        let mut spool = Spool::new().unwrap();
        for entry in &entries {
            spool.push(entry).unwrap();
        }
        assert_eq!((spool.puzzles, spool.solutions), (2, 1));
        let mut replay = spool.replay().unwrap();
        for _ in 0..2 {
            for entry in &entries {
                assert_eq!(replay.next_entry().unwrap().as_ref(), Some(entry));
            }
            assert_eq!(replay.next_entry().unwrap(), None);
            replay.rewind().unwrap();
        }
        let mut long = Vec::new();
        write_text(&mut long, &"é".repeat(40_000)).unwrap();
        assert_eq!(read_text(&mut &long[..]).unwrap().len(), 65_534);
    }
}
