//! The board: a box-drawing grid with heavy lines between boxes, column
//! letters `a`-`i` above and row numbers `1`-`9` beside it.
//!
//! Each cell's digit sits between two marks, so the board reads in plain
//! text too: `[7]` the cursor, `!7!` a digit in conflict, `>7<` the last
//! move (or the auto-solve's last placement), `-7-` a digit the auto-solve
//! just took out, `·` a blank. Large cells (5x3) show pencil marks as a
//! small 3x3; small cells (3x1) show `*` for a cell with marks.

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use sudoku_core::{Cell, Col, Digit, Row, Step, Unit};

use crate::geometry::BoardGeometry;
use crate::play::Play;
use crate::ui::theme::{Paint, Theme};

/// A cell size the board can be drawn at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSize {
    /// Inner width.
    pub width: u16,
    /// Inner height.
    pub height: u16,
}

/// Cells with room for pencil marks as a 3x3.
pub const LARGE: CellSize = CellSize {
    width: 5,
    height: 3,
};

/// The smallest cells: one line, three columns.
pub const SMALL: CellSize = CellSize {
    width: 3,
    height: 1,
};

impl CellSize {
    /// Width of the board with its row labels.
    pub fn total_width(self) -> u16 {
        9 * (self.width + 1) + 1 + 2
    }

    /// Height of the board with its column labels.
    pub fn total_height(self) -> u16 {
        9 * (self.height + 1) + 1 + 1
    }
}

/// How one cell is to be drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Look {
    digit: Option<Digit>,
    base: Option<Paint>,
    marks: (char, char),
    cursor: bool,
    same: bool,
    unit_conflict: bool,
}

/// Draws the board of `play` with its top-left label corner at (`x`, `y`)
/// and returns where the grid went.
pub fn render(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    size: CellSize,
    play: &Play,
    theme: &Theme,
) -> BoardGeometry {
    let geometry = BoardGeometry {
        x: x + 2,
        y: y + 1,
        cell_width: size.width,
        cell_height: size.height,
    };
    draw_labels(buf, &geometry, play, theme);
    draw_lines(buf, &geometry, theme);
    for cell in Cell::all() {
        draw_cell(buf, &geometry, cell, look(play, cell), play, theme);
    }
    geometry
}

fn draw_labels(buf: &mut Buffer, g: &BoardGeometry, play: &Play, theme: &Theme) {
    let live = play.animation().is_none();
    for col in Col::all() {
        let cell = Cell::at(Row::new(0).expect("row 1"), col);
        let paint = label_paint(live && play.game().has_conflict(Unit::Col(col)));
        let x = g.cell_x(cell) + g.cell_width / 2;
        buf.set_string(x, g.y - 1, col.name().to_string(), theme.style(paint));
    }
    for row in Row::all() {
        let cell = Cell::at(row, Col::new(0).expect("column a"));
        let paint = label_paint(live && play.game().has_conflict(Unit::Row(row)));
        let y = g.cell_y(cell) + g.cell_height / 2;
        buf.set_string(g.x - 2, y, row.name().to_string(), theme.style(paint));
    }
}

fn label_paint(conflict: bool) -> Paint {
    if conflict {
        Paint::LabelConflict
    } else {
        Paint::Label
    }
}

/// Line weights: 0 none, 1 light, 2 heavy.
fn weight(line: usize) -> u8 {
    if line.is_multiple_of(3) {
        2
    } else {
        1
    }
}

/// The box-drawing character where lines of these weights meet.
fn junction(up: u8, down: u8, left: u8, right: u8) -> char {
    match (up, down, left, right) {
        (0, _, _, 0) => '┓',
        (0, _, 0, _) => '┏',
        (_, 0, _, 0) => '┛',
        (_, 0, 0, _) => '┗',
        (0, 1, _, _) => '┯',
        (0, _, _, _) => '┳',
        (1, 0, _, _) => '┷',
        (_, 0, _, _) => '┻',
        (_, _, 0, 1) => '┠',
        (_, _, 0, _) => '┣',
        (_, _, 1, 0) => '┨',
        (_, _, _, 0) => '┫',
        (1, _, 1, _) => '┼',
        (1, _, _, _) => '┿',
        (_, _, 1, _) => '╂',
        _ => '╋',
    }
}

fn draw_lines(buf: &mut Buffer, g: &BoardGeometry, theme: &Theme) {
    let stride_x = g.cell_width + 1;
    let stride_y = g.cell_height + 1;
    for i in 0..=9usize {
        let y = g.y + stride_y * i as u16;
        let h = weight(i);
        let horizontal = if h == 2 { "━" } else { "─" };
        let h_style = theme.style(if h == 2 {
            Paint::HeavyLine
        } else {
            Paint::Line
        });
        for j in 0..=9usize {
            let x = g.x + stride_x * j as u16;
            let v = weight(j);
            let up = if i > 0 { v } else { 0 };
            let down = if i < 9 { v } else { 0 };
            let left = if j > 0 { h } else { 0 };
            let right = if j < 9 { h } else { 0 };
            let heavy = h == 2 || v == 2;
            let style = theme.style(if heavy { Paint::HeavyLine } else { Paint::Line });
            buf.set_string(x, y, junction(up, down, left, right).to_string(), style);
            if j < 9 {
                buf.set_string(
                    x + 1,
                    y,
                    horizontal.repeat(usize::from(g.cell_width)),
                    h_style,
                );
            }
            if i < 9 {
                let vertical = if v == 2 { "┃" } else { "│" };
                let v_style = theme.style(if v == 2 {
                    Paint::HeavyLine
                } else {
                    Paint::Line
                });
                for k in 1..=g.cell_height {
                    buf.set_string(x, y + k, vertical, v_style);
                }
            }
        }
    }
}

fn look(play: &Play, cell: Cell) -> Look {
    let game = play.game();
    let grid = play.shown_grid();
    let digit = grid.get(cell);
    let mut look = Look {
        digit,
        marks: (' ', ' '),
        ..Look::default()
    };
    if let Some(animation) = play.animation() {
        look.base = digit.map(|_| {
            if game.is_given(cell) {
                Paint::Given
            } else if game.grid().get(cell) == digit {
                Paint::Player
            } else {
                Paint::SolverPlace
            }
        });
        match animation.last_step() {
            Some(Step::Place { cell: c, .. }) if c == cell => look.marks = ('>', '<'),
            Some(Step::Remove { cell: c, digit: d }) if c == cell => {
                look.digit = Some(d);
                look.base = Some(Paint::SolverRemove);
                look.marks = ('-', '-');
            }
            _ => {}
        }
        return look;
    }
    let cursor_digit = play
        .is_selected()
        .then(|| grid.get(play.cursor()))
        .flatten();
    look.cursor = play.is_selected() && play.cursor() == cell;
    look.same = digit.is_some() && digit == cursor_digit && !look.cursor;
    look.unit_conflict = Unit::of(cell).iter().any(|&u| game.has_conflict(u));
    let last = game.last_move().map(|mv| mv.cell) == Some(cell);
    look.base = digit.map(|_| {
        if game.is_conflicting(cell) {
            Paint::ConflictDigit
        } else if game.is_given(cell) {
            Paint::Given
        } else if last {
            Paint::LastMove
        } else {
            Paint::Player
        }
    });
    look.marks = if look.cursor {
        ('[', ']')
    } else if game.is_conflicting(cell) {
        ('!', '!')
    } else if last {
        ('>', '<')
    } else {
        (' ', ' ')
    };
    look
}

fn draw_cell(
    buf: &mut Buffer,
    g: &BoardGeometry,
    cell: Cell,
    look: Look,
    play: &Play,
    theme: &Theme,
) {
    let mut style = Style::new();
    if look.unit_conflict {
        style = style.patch(theme.style(Paint::ConflictUnit));
    }
    let (x, y) = (g.cell_x(cell), g.cell_y(cell));
    let blank = " ".repeat(usize::from(g.cell_width));
    let mut background = style;
    if look.cursor {
        background = background.patch(theme.style(Paint::Cursor));
    }
    for k in 0..g.cell_height {
        buf.set_string(x, y + k, &blank, background);
    }
    let middle_y = y + g.cell_height / 2;
    let middle_x = x + g.cell_width / 2;
    let marks = if look.digit.is_none() && play.animation().is_none() {
        play.pencil().candidates(play.game(), cell)
    } else {
        Default::default()
    };
    let text_style = |paint: Paint| {
        let same = if look.same {
            theme.style(Paint::SameDigit)
        } else {
            Style::new()
        };
        background.patch(same).patch(theme.style(paint))
    };
    match look.digit {
        Some(digit) => {
            let paint = look.base.unwrap_or(Paint::Player);
            let text = format!("{}{digit}{}", look.marks.0, look.marks.1);
            buf.set_string(middle_x - 1, middle_y, text, text_style(paint));
        }
        None if !marks.is_empty() && g.cell_height >= 3 => {
            for digit in marks.iter() {
                let i = digit.index() as u16;
                let (dx, dy) = (i % 3 * 2, i / 3);
                let offset = (g.cell_width - 5) / 2;
                let at = (x + offset + dx, y + g.cell_height / 2 - 1 + dy);
                buf.set_string(at.0, at.1, digit.to_string(), text_style(Paint::Pencil));
            }
        }
        None => {
            let centre = if marks.is_empty() { '·' } else { '*' };
            let text = format!("{}{centre}{}", look.marks.0, look.marks.1);
            buf.set_string(middle_x - 1, middle_y, text, text_style(Paint::Pencil));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junctions_join_the_right_weights() {
        assert_eq!(junction(0, 2, 0, 2), '┏');
        assert_eq!(junction(0, 2, 2, 0), '┓');
        assert_eq!(junction(2, 0, 0, 2), '┗');
        assert_eq!(junction(2, 0, 2, 0), '┛');
        assert_eq!(junction(0, 1, 2, 2), '┯');
        assert_eq!(junction(0, 2, 2, 2), '┳');
        assert_eq!(junction(1, 0, 2, 2), '┷');
        assert_eq!(junction(2, 0, 2, 2), '┻');
        assert_eq!(junction(2, 2, 0, 1), '┠');
        assert_eq!(junction(2, 2, 0, 2), '┣');
        assert_eq!(junction(2, 2, 1, 0), '┨');
        assert_eq!(junction(2, 2, 2, 0), '┫');
        assert_eq!(junction(1, 1, 1, 1), '┼');
        assert_eq!(junction(1, 1, 2, 2), '┿');
        assert_eq!(junction(2, 2, 1, 1), '╂');
        assert_eq!(junction(2, 2, 2, 2), '╋');
    }

    #[test]
    fn sizes_fit_the_documented_terminals() {
        assert_eq!((LARGE.total_width(), LARGE.total_height()), (57, 38));
        assert_eq!((SMALL.total_width(), SMALL.total_height()), (39, 20));
    }
}
