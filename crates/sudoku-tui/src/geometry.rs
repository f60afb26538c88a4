//! Where things were drawn in the last frame, so a mouse click can be
//! mapped back to a cell or a list row (and stays right after a resize).

use sudoku_core::{Cell, Col, Row};

/// The board grid on screen: its top-left corner and the inner size of a
/// cell. Every cell is followed by a column of line; rows are followed by a
/// line of their own when `row_rules` is set, else only every third row
/// (the box borders) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// Column of the grid's top-left corner character.
    pub x: u16,
    /// Row of the grid's top-left corner character.
    pub y: u16,
    /// Width of a cell inside its lines.
    pub cell_width: u16,
    /// Height of a cell inside its lines.
    pub cell_height: u16,
    /// Whether thin lines separate the rows inside a box.
    pub row_rules: bool,
}

impl BoardGeometry {
    /// Total width of the grid, outer lines included.
    pub fn width(&self) -> u16 {
        9 * (self.cell_width + 1) + 1
    }

    /// Total height of the grid, outer lines included.
    pub fn height(&self) -> u16 {
        if self.row_rules {
            9 * (self.cell_height + 1) + 1
        } else {
            9 * self.cell_height + 4
        }
    }

    /// The cell under the screen position (`x`, `y`), or `None` when it is
    /// outside the grid or on a line.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        let col = along(x.checked_sub(self.x)?, self.cell_width)?;
        let dy = y.checked_sub(self.y)?;
        let row = if self.row_rules {
            along(dy, self.cell_height)?
        } else {
            along_boxes(dy, self.cell_height)?
        };
        Some(Cell::at(Row::new(row)?, Col::new(col)?))
    }

    /// Screen column of the first inner character of `cell`.
    pub fn cell_x(&self, cell: Cell) -> u16 {
        self.x + 1 + index(cell.col().index()) * (self.cell_width + 1)
    }

    /// Screen row of the first inner line of `cell`.
    pub fn cell_y(&self, cell: Cell) -> u16 {
        let row = index(cell.row().index());
        if self.row_rules {
            self.y + 1 + row * (self.cell_height + 1)
        } else {
            self.y + 1 + row * self.cell_height + row / 3
        }
    }

    /// Screen row of the line above row `row` (0-9; 9 is the bottom
    /// border), or `None` for a thin line not drawn.
    pub fn rule_y(&self, row: usize) -> Option<u16> {
        let r = index(row.min(9));
        if self.row_rules {
            Some(self.y + r * (self.cell_height + 1))
        } else {
            r.is_multiple_of(3)
                .then(|| self.y + r * self.cell_height + r / 3)
        }
    }
}

fn index(i: usize) -> u16 {
    u16::try_from(i).expect("rows and columns are 0..9")
}

/// Which cell of a line of cells `offset` characters from the first line
/// falls in, each cell `size` wide and followed by a line.
fn along(offset: u16, size: u16) -> Option<usize> {
    let stride = size + 1;
    if offset.is_multiple_of(stride) {
        return None;
    }
    let i = usize::from(offset / stride);
    (i < 9).then_some(i)
}

/// Which row of cells `offset` lines below the top border falls in, when
/// only box borders separate rows: three rows of `size` lines per box.
fn along_boxes(offset: u16, size: u16) -> Option<usize> {
    let band = 3 * size + 1;
    if offset.is_multiple_of(band) {
        return None;
    }
    let (b, within) = (offset / band, offset % band - 1);
    let row = usize::from(b * 3 + within / size);
    (row < 9).then_some(row)
}

/// The picker's list on screen: its first item row, how many rows it shows
/// and the index (among the shown items) of the top row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListGeometry {
    /// Screen column of the list's left edge.
    pub x: u16,
    /// Screen row of the first item.
    pub y: u16,
    /// Width of the list.
    pub width: u16,
    /// How many rows the list shows.
    pub rows: u16,
    /// The index of the item on the first row.
    pub offset: usize,
}

impl ListGeometry {
    /// The index of the item under (`x`, `y`), when there is a row there
    /// (the item itself may not exist).
    pub fn item_at(&self, x: u16, y: u16) -> Option<usize> {
        let inside =
            (self.x..self.x + self.width).contains(&x) && (self.y..self.y + self.rows).contains(&y);
        inside.then(|| self.offset + usize::from(y - self.y))
    }
}

/// What the last frame drew where.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Geometry {
    /// The board, when one was drawn.
    pub board: Option<BoardGeometry>,
    /// The picker's list, when it was drawn.
    pub list: Option<ListGeometry>,
    /// The help's scrolling window, when the help was drawn.
    pub help: Option<crate::ui::overlay::HelpWindow>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_cells_and_lines_to_nothing() {
        let board = BoardGeometry {
            x: 10,
            y: 2,
            cell_width: 5,
            cell_height: 3,
            row_rules: true,
        };
        assert_eq!((board.width(), board.height()), (55, 37));
        assert_eq!(board.cell_at(11, 3), Cell::from_name("1a"));
        assert_eq!(board.cell_at(15, 5), Cell::from_name("1a"));
        assert_eq!(board.cell_at(16, 5), None); // the line between a and b
        assert_eq!(board.cell_at(17, 7), Cell::from_name("2b"));
        assert_eq!(
            board.cell_at(10 + 54 - 1, 2 + 36 - 1),
            Cell::from_name("9i")
        );
        assert_eq!(board.cell_at(10 + 54, 5), None);
        assert_eq!(board.cell_at(9, 5), None);
        assert_eq!(board.cell_at(200, 200), None);
        let e5 = Cell::from_name("5e").unwrap();
        assert_eq!(board.cell_at(board.cell_x(e5), board.cell_y(e5)), Some(e5));
    }

    #[test]
    fn without_row_rules_only_box_borders_sit_between_rows() {
        let board = BoardGeometry {
            x: 2,
            y: 0,
            cell_width: 5,
            cell_height: 2,
            row_rules: false,
        };
        assert_eq!(board.height(), 22);
        let rows: Vec<Option<u16>> = (0..=9).map(|r| board.rule_y(r)).collect();
        let want = [
            Some(0),
            None,
            None,
            Some(7),
            None,
            None,
            Some(14),
            None,
            None,
            Some(21),
        ];
        assert_eq!(rows, want);
        assert_eq!(board.cell_at(3, 0), None, "the top border");
        for y in 1..21 {
            let at = board.cell_at(3, y);
            if y % 7 == 0 {
                assert_eq!(at, None, "a box border at {y}");
                continue;
            }
            let cell = at.unwrap_or_else(|| panic!("a cell at {y}"));
            let top = board.cell_y(cell);
            assert!(
                (top..top + 2).contains(&y),
                "{cell} at {y}, drawn from {top}"
            );
        }
        assert_eq!(board.cell_at(3, 21), None, "the bottom border");
        assert_eq!(board.cell_at(3, 20), Cell::from_name("9a"));
        assert_eq!(board.cell_at(3, 8), Cell::from_name("4a"));
        assert_eq!(board.cell_y(Cell::from_name("4a").unwrap()), 8);
    }

    #[test]
    fn clicks_map_to_list_rows() {
        let list = ListGeometry {
            x: 2,
            y: 3,
            width: 20,
            rows: 5,
            offset: 7,
        };
        assert_eq!(list.item_at(2, 3), Some(7));
        assert_eq!(list.item_at(21, 7), Some(11));
        assert_eq!(list.item_at(22, 7), None);
        assert_eq!(list.item_at(5, 8), None);
        assert_eq!(list.item_at(1, 4), None);
    }
}
