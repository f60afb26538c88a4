//! Positions and digits: newtypes that cannot hold an out-of-range value.
//!
//! Rows and columns are numbered from 0 inside the library. The games show
//! rows as `1`-`9` and columns as `a`-`i`, so the cell `5c` is row index 4,
//! column index 2; [`Cell::name`] and [`Cell::from_name`] convert.

use crate::error::RangeError;
use std::fmt;

/// The six orders of three things (rows of a band, boxes of a band): row
/// `r` gets thing `ORDERS_OF_THREE[o][r]`. The band solver and the grid
/// filler both enumerate them.
pub(crate) const ORDERS_OF_THREE: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A digit from 1 to 9.
///
/// Its `Debug` shows the digit itself: `Digit(7)`.
///
/// ```
/// use sudoku_core::Digit;
/// assert_eq!(Digit::new(7).map(Digit::get), Some(7));
/// assert!(Digit::new(0).is_none());
/// assert!(Digit::new(10).is_none());
/// assert_eq!(format!("{:?}", Digit::new(7)), "Some(Digit(7))");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, or `None` when it is not in 1..=9.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit's value, 1..=9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The digit as an index 0..9 (value minus one).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// All nine digits in increasing order.
    pub fn all() -> impl DoubleEndedIterator<Item = Digit> + Clone {
        (1..=9).map(Digit)
    }
}

impl TryFrom<u8> for Digit {
    type Error = RangeError;

    /// The digit `value`, 1 to 9.
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::try_from(4).map(u8::from), Ok(4));
    /// assert_eq!(Digit::try_from(0).unwrap_err().to_string(), "digit 0 is not in 1-9");
    /// ```
    fn try_from(value: u8) -> Result<Digit, RangeError> {
        Digit::new(value).ok_or(RangeError {
            what: "digit",
            value: u64::from(value),
            min: 1,
            max: 9,
        })
    }
}

impl From<Digit> for u8 {
    fn from(digit: Digit) -> u8 {
        digit.get()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident, $what:literal, $limit:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            /// The value at index `index`, or `None` when it is out of range.
            pub const fn new(index: usize) -> Option<$name> {
                if index < $limit {
                    Some($name(index as u8))
                } else {
                    None
                }
            }

            /// The index, starting at 0.
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// Every value in increasing order.
            pub fn all() -> impl DoubleEndedIterator<Item = $name> + ExactSizeIterator + Clone {
                (0..$limit as u8).map($name)
            }
        }

        impl TryFrom<usize> for $name {
            type Error = RangeError;

            /// The value at `index`, counting from 0.
            fn try_from(index: usize) -> Result<$name, RangeError> {
                $name::new(index).ok_or(RangeError {
                    what: $what,
                    value: index as u64,
                    min: 0,
                    max: $limit - 1,
                })
            }
        }

        impl From<$name> for usize {
            fn from(value: $name) -> usize {
                value.index()
            }
        }
    };
}

index_type!(
    /// A row, index 0..9 (shown to players as `1`-`9`).
    ///
    /// `Debug` shows the player's name, not the index:
    ///
    /// ```
    /// use sudoku_core::Row;
    /// let row = Row::new(4).unwrap();
    /// assert_eq!((row.index(), row.name()), (4, '5'));
    /// assert_eq!(format!("{row:?}"), "Row(5)");
    /// ```
    Row,
    "row index",
    9
);
index_type!(
    /// A column, index 0..9 (shown to players as `a`-`i`).
    ///
    /// `Debug` shows the player's name, not the index:
    ///
    /// ```
    /// use sudoku_core::Col;
    /// let col = Col::new(2).unwrap();
    /// assert_eq!((col.index(), col.name()), (2, 'c'));
    /// assert_eq!(format!("{col:?}"), "Col(c)");
    /// ```
    Col,
    "column index",
    9
);
index_type!(
    /// A 3x3 box, index 0..9, numbered left to right, top to bottom
    /// (shown to players as `1`-`9`).
    ///
    /// `Debug` shows the player's name, not the index:
    ///
    /// ```
    /// use sudoku_core::Block;
    /// let block = Block::new(3).unwrap();
    /// assert_eq!((block.index(), block.name()), (3, '4'));
    /// assert_eq!(format!("{block:?}"), "Block(4)");
    /// ```
    Block,
    "box index",
    9
);
index_type!(
    /// One of the 81 cells, index 0..81 in row-major order (shown to
    /// players by its row and column, as `5c`).
    ///
    /// `Debug` shows the games' name, not the index, so a cell reads the
    /// same in a test failure as on the board:
    ///
    /// ```
    /// use sudoku_core::{Cell, Unit};
    /// let cell = Cell::new(1).unwrap();
    /// assert_eq!((cell.index(), cell.name()), (1, "1b".to_string()));
    /// assert_eq!(format!("{cell:?}"), "Cell(1b)");
    /// assert_eq!(
    ///     format!("{:?}", Unit::of(cell)),
    ///     "[Row(Row(1)), Col(Col(b)), Block(Block(1))]"
    /// );
    /// ```
    Cell,
    "cell index",
    81
);

impl Row {
    /// The row's cells, left to right.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        let r = self.0;
        (0..9).map(move |c| Cell(r * 9 + c))
    }

    /// The player's name for the row: `1`-`9`.
    pub fn name(self) -> char {
        char::from(b'1' + self.0)
    }

    /// The row named by `c` (`1`-`9`).
    pub fn from_name(c: char) -> Option<Row> {
        c.to_digit(10)
            .and_then(|d| (d as usize).checked_sub(1))
            .and_then(Row::new)
    }
}

impl Col {
    /// The column's cells, top to bottom.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        let c = self.0;
        (0..9).map(move |r| Cell(r * 9 + c))
    }

    /// The player's name for the column: `a`-`i`.
    pub fn name(self) -> char {
        char::from(b'a' + self.0)
    }

    /// The column named by `c` (`a`-`i`, either case).
    pub fn from_name(c: char) -> Option<Col> {
        let c = c.to_ascii_lowercase();
        if ('a'..='i').contains(&c) {
            Col::new(c as usize - 'a' as usize)
        } else {
            None
        }
    }
}

impl Block {
    /// The box's cells, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        let top = self.0 / 3 * 3;
        let left = self.0 % 3 * 3;
        (0..9).map(move |i| Cell((top + i / 3) * 9 + left + i % 3))
    }

    /// The player's name for the box: `1`-`9`.
    pub fn name(self) -> char {
        char::from(b'1' + self.0)
    }
}

impl Cell {
    /// The cell at `row` and `col`.
    pub const fn at(row: Row, col: Col) -> Cell {
        Cell(row.0 * 9 + col.0)
    }

    /// The cell's row.
    pub const fn row(self) -> Row {
        Row(self.0 / 9)
    }

    /// The cell's column.
    pub const fn col(self) -> Col {
        Col(self.0 % 9)
    }

    /// The box that holds the cell.
    pub const fn block(self) -> Block {
        Block(self.0 / 27 * 3 + self.0 % 9 / 3)
    }

    /// The 20 other cells that share a row, column or box with this one.
    pub fn peers(self) -> impl Iterator<Item = Cell> + Clone {
        let me = self;
        self.row()
            .cells()
            .chain(self.col().cells())
            .chain(
                self.block()
                    .cells()
                    .filter(move |c| c.row() != me.row() && c.col() != me.col()),
            )
            .filter(move |&c| c != me)
    }

    /// Whether `other` is a peer: another cell of this one's row, column
    /// or box.
    ///
    /// ```
    /// use sudoku_core::Cell;
    /// let c = |name| Cell::from_name(name).unwrap();
    /// assert!(c("5c").sees(c("5i")) && c("5c").sees(c("6a")) && c("5c").sees(c("9c")));
    /// assert!(!c("5c").sees(c("5c")) && !c("5c").sees(c("7d")));
    /// ```
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.block() == other.block())
    }

    /// The games' name for the cell: row then column, as `5c`.
    ///
    /// ```
    /// use sudoku_core::{Cell, Col, Row};
    /// let cell = Cell::at(Row::new(4).unwrap(), Col::new(2).unwrap());
    /// assert_eq!(cell.name(), "5c");
    /// assert_eq!(Cell::from_name("5C"), Some(cell));
    /// ```
    pub fn name(self) -> String {
        format!("{}{}", self.row().name(), self.col().name())
    }

    /// The cell named `name` in the games' notation (`5c`: row 5, column c).
    pub fn from_name(name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let row = Row::from_name(chars.next()?)?;
        let col = Col::from_name(chars.next()?)?;
        chars.next().is_none().then(|| Cell::at(row, col))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row().name(), self.col().name())
    }
}

/// `Row(5)`: the player's name, as the board shows it.
impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Row({})", self.name())
    }
}

/// `Col(c)`: the player's name, as the board shows it.
impl fmt::Debug for Col {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Col({})", self.name())
    }
}

/// `Block(4)`: the player's name, as the games write `box 4`.
impl fmt::Debug for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Block({})", self.name())
    }
}

/// `Cell(5c)`: the games' name for the cell.
impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({self})")
    }
}

/// A row, column or box: a group of nine cells that must hold each digit once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// A row.
    Row(Row),
    /// A column.
    Col(Col),
    /// A box.
    Block(Block),
}

impl Unit {
    /// All 27 units: the nine rows, then the nine columns, then the nine boxes.
    pub fn all() -> impl Iterator<Item = Unit> + Clone {
        Row::all()
            .map(Unit::Row)
            .chain(Col::all().map(Unit::Col))
            .chain(Block::all().map(Unit::Block))
    }

    /// The unit's index 0..27 in the order of [`Unit::all`].
    pub fn index(self) -> usize {
        match self {
            Unit::Row(r) => r.index(),
            Unit::Col(c) => 9 + c.index(),
            Unit::Block(b) => 18 + b.index(),
        }
    }

    /// The unit with index `index` (0..27) in the order of [`Unit::all`].
    pub fn from_index(index: usize) -> Option<Unit> {
        match index {
            0..=8 => Row::new(index).map(Unit::Row),
            9..=17 => Col::new(index - 9).map(Unit::Col),
            18..=26 => Block::new(index - 18).map(Unit::Block),
            _ => None,
        }
    }

    /// The unit's nine cells.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        let all: [Cell; 9] = match self {
            Unit::Row(r) => collect9(r.cells()),
            Unit::Col(c) => collect9(c.cells()),
            Unit::Block(b) => collect9(b.cells()),
        };
        all.into_iter()
    }

    /// The three units that hold `cell`: its row, column and box.
    pub fn of(cell: Cell) -> [Unit; 3] {
        [
            Unit::Row(cell.row()),
            Unit::Col(cell.col()),
            Unit::Block(cell.block()),
        ]
    }
}

fn collect9(cells: impl Iterator<Item = Cell>) -> [Cell; 9] {
    let mut out = [Cell(0); 9];
    for (slot, cell) in out.iter_mut().zip(cells) {
        *slot = cell;
    }
    out
}

impl fmt::Display for Unit {
    /// `row 5`, `column c` or `box 4`, as the games name them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r.name()),
            Unit::Col(c) => write!(f, "column {}", c.name()),
            Unit::Block(b) => write!(f, "box {}", b.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_values_cannot_be_built() {
        assert!(Digit::new(0).is_none() && Digit::new(10).is_none());
        assert!(Row::new(9).is_none() && Col::new(9).is_none() && Block::new(9).is_none());
        assert!(Cell::new(81).is_none());
        assert_eq!(Cell::new(80).map(Cell::index), Some(80));
    }

    #[test]
    fn cell_geometry() {
        let cell = Cell::new(4 * 9 + 2).unwrap();
        assert_eq!((cell.row().index(), cell.col().index()), (4, 2));
        assert_eq!(cell.block().index(), 3);
        assert_eq!(Cell::new(80).unwrap().block().index(), 8);
        assert_eq!(Cell::new(8).unwrap().block().index(), 2);
        for cell in Cell::all() {
            assert!(cell.block().cells().any(|c| c == cell));
            assert_eq!(Cell::at(cell.row(), cell.col()), cell);
        }
    }

    #[test]
    fn every_cell_has_twenty_distinct_peers() {
        for cell in Cell::all() {
            let mut peers: Vec<Cell> = cell.peers().collect();
            peers.sort();
            peers.dedup();
            assert_eq!(peers.len(), 20, "{cell}");
            assert!(!peers.contains(&cell));
        }
    }

    #[test]
    fn units_cover_each_cell_three_times() {
        let mut seen = [0; 81];
        for (i, unit) in Unit::all().enumerate() {
            assert_eq!(unit.index(), i);
            assert_eq!(Unit::from_index(i), Some(unit));
            for cell in unit.cells() {
                seen[cell.index()] += 1;
                assert!(Unit::of(cell).contains(&unit));
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
        assert_eq!(Unit::from_index(27), None);
    }

    #[test]
    fn names_round_trip() {
        for cell in Cell::all() {
            assert_eq!(Cell::from_name(&cell.name()), Some(cell));
        }
        assert_eq!(Cell::from_name("1a").map(Cell::index), Some(0));
        assert_eq!(Cell::from_name("9I").map(Cell::index), Some(80));
        for bad in ["", "5", "0a", "5j", "5cc", "a5", "55"] {
            assert_eq!(Cell::from_name(bad), None, "{bad}");
        }
        assert_eq!(Unit::Col(Col::new(2).unwrap()).to_string(), "column c");
        assert_eq!(Unit::Block(Block::new(3).unwrap()).to_string(), "box 4");
    }
}
