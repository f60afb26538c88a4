//! The board: a box-drawing grid with heavy lines between boxes, column
//! letters `a`-`i` above and row numbers `1`-`9` beside it, at one of
//! three sizes (see [`CellSize`]).
//!
//! Each cell's digit sits between marks, so the board reads in plain text
//! too: `[7]` the cursor, `!7!` a digit in conflict, `x7x` a wrong digit
//! the mistake check found, `>7<` the last move (or the auto-solve's last
//! placement), `-7-` a digit the auto-solve just took out, `·` a blank. In
//! cells five wide the cursor's brackets sit inside the other marks, so a
//! selected conflict reads `![7]!`; in the smallest cells the other mark
//! wins and reverse video shows the cursor. Pencil marks are small digits
//! in their places: a 3x3 in large cells, `12345` over `6789` in medium
//! ones, up to three (`25+` for more) in small ones.

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use sudoku_core::session::Colour;
use sudoku_core::{Cell, Col, DfsStep, Digit, Digits, Row, Unit};

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
    /// Whether thin lines separate the rows inside a box (and the column
    /// letters get a line of their own above the board); without them the
    /// letters sit in the top border.
    pub row_rules: bool,
}

/// Cells with room for pencil marks as a 3x3 (57x40 with the status bar).
pub const LARGE: CellSize = CellSize {
    width: 5,
    height: 3,
    row_rules: true,
};

/// Cells of two lines, rows parted by box borders only, so that the board
/// and its marks fit an 80x24 terminal (57x24 with the status bar).
pub const MEDIUM: CellSize = CellSize {
    width: 5,
    height: 2,
    row_rules: false,
};

/// The smallest cells: one line, three columns (39x22 with the status
/// bar).
pub const SMALL: CellSize = CellSize {
    width: 3,
    height: 1,
    row_rules: true,
};

impl CellSize {
    /// Width of the board with its row labels.
    pub fn total_width(self) -> u16 {
        9 * (self.width + 1) + 1 + 2
    }

    /// Height of the board with its column labels.
    pub fn total_height(self) -> u16 {
        if self.row_rules {
            9 * (self.height + 1) + 1 + 1
        } else {
            9 * self.height + 4
        }
    }

    /// How many pencil marks a blank cell can show in their places.
    pub fn marks_room(self) -> usize {
        usize::from(self.width * self.height).min(9)
    }
}

/// How one cell is to be drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Look {
    digit: Option<Digit>,
    base: Option<Paint>,
    /// The state's marks (conflict, mistake, last move, the auto-solve's
    /// steps), or spaces.
    marks: (char, char),
    cursor: bool,
    same: bool,
    unit_conflict: bool,
    mistake: bool,
    /// The cell's colour (its letter shows where there is room).
    colour: Option<Colour>,
    /// The filter is on and the cell sees the cursor's.
    peer: bool,
    /// The filter's digit can go in this blank cell.
    spot: bool,
    /// The hint ladder's rung points at the cell.
    hinted: bool,
}

/// A cell the hint's rung points at: highlighted, and a digit or blank
/// without another mark gets `*7*`.
fn hint_look(look: &mut Look, clue: &sudoku_core::logic::Clue, cell: Cell) {
    look.hinted = crate::ui::drawn::highlights(clue, cell);
    if look.hinted && look.marks == (' ', ' ') {
        look.marks = ('*', '*');
    }
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
        y: if size.row_rules { y + 1 } else { y },
        cell_width: size.width,
        cell_height: size.height,
        row_rules: size.row_rules,
    };
    draw_lines(buf, &geometry, theme);
    draw_labels(buf, &geometry, play, theme);
    let clue = play.clue();
    for cell in Cell::all() {
        let mut look = look(play, cell);
        if let Some(clue) = &clue {
            hint_look(&mut look, clue, cell);
        }
        draw_cell(buf, &geometry, cell, look, play, clue.as_ref(), theme);
    }
    geometry
}

/// Draws the frame of a board of `size` at (`x`, `y`) with `lines` of
/// text in it instead of the cells: the pause screen.
pub fn render_hidden(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    size: CellSize,
    lines: &[&str],
    theme: &Theme,
) {
    let (width, height) = (
        size.total_width() - 2,
        size.total_height() - u16::from(size.row_rules),
    );
    let top = if size.row_rules { y + 1 } else { y };
    let style = theme.style(Paint::HeavyLine);
    let inner = usize::from(width - 2);
    buf.set_string(x + 2, top, format!("┏{}┓", "━".repeat(inner)), style);
    for k in 1..height - 1 {
        buf.set_string(x + 2, top + k, format!("┃{}┃", " ".repeat(inner)), style);
    }
    buf.set_string(
        x + 2,
        top + height - 1,
        format!("┗{}┛", "━".repeat(inner)),
        style,
    );
    let first = top + (height - u16::try_from(lines.len()).unwrap_or(0)) / 2;
    for (k, line) in lines.iter().enumerate() {
        let text: String = line.chars().take(inner).collect();
        let left = x + 3 + (width - 2).saturating_sub(crate::text::width(&text) as u16) / 2;
        let row = first + u16::try_from(k).unwrap_or(0);
        buf.set_string(left, row, text, theme.style(Paint::Title));
    }
}

fn draw_labels(buf: &mut Buffer, g: &BoardGeometry, play: &Play, theme: &Theme) {
    let live = play.animation().is_none();
    let letters_y = if g.row_rules { g.y - 1 } else { g.y };
    for col in Col::all() {
        let cell = Cell::at(Row::new(0).expect("row 1"), col);
        let paint = label_paint(live && play.game().has_conflict(Unit::Col(col)));
        let x = g.cell_x(cell) + g.cell_width / 2;
        buf.set_string(x, letters_y, col.name().to_string(), theme.style(paint));
    }
    for row in Row::all() {
        let cell = Cell::at(row, Col::new(0).expect("column a"));
        let paint = label_paint(live && play.game().has_conflict(Unit::Row(row)));
        let y = g.cell_y(cell) + digit_line(g);
        buf.set_string(g.x - 2, y, row.name().to_string(), theme.style(paint));
    }
}

/// The line of a cell (from its first) that holds its digit: the middle,
/// or the top one of a two-line cell.
fn digit_line(g: &BoardGeometry) -> u16 {
    if g.cell_height == 2 {
        0
    } else {
        g.cell_height / 2
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
    let style_of = |w: u8| {
        theme.style(if w == 2 {
            Paint::HeavyLine
        } else {
            Paint::Line
        })
    };
    for y in g.y + 1..g.y + g.height() - 1 {
        for j in 0..=9usize {
            let v = weight(j);
            let vertical = if v == 2 { "┃" } else { "│" };
            buf.set_string(g.x + stride_x * j as u16, y, vertical, style_of(v));
        }
    }
    for i in 0..=9usize {
        let Some(y) = g.rule_y(i) else {
            continue;
        };
        let h = weight(i);
        let horizontal = if h == 2 { "━" } else { "─" };
        for j in 0..=9usize {
            let x = g.x + stride_x * j as u16;
            let v = weight(j);
            let up = if i > 0 { v } else { 0 };
            let down = if i < 9 { v } else { 0 };
            let left = if j > 0 { h } else { 0 };
            let right = if j < 9 { h } else { 0 };
            let style = style_of(if h == 2 || v == 2 { 2 } else { 1 });
            buf.set_string(x, y, junction(up, down, left, right).to_string(), style);
            if j < 9 {
                let run = horizontal.repeat(usize::from(g.cell_width));
                buf.set_string(x + 1, y, run, style_of(h));
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
            Some(DfsStep::Place { cell: c, .. }) if c == cell => look.marks = ('>', '<'),
            Some(DfsStep::Remove { cell: c, digit: d }) if c == cell => {
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
    look.mistake = digit.is_some() && play.mistakes().contains(&cell);
    let last = game.last_move().map(|mv| mv.cell) == Some(cell);
    let conflicting = game.is_conflicting(cell);
    look.base = digit.map(|_| {
        if conflicting {
            Paint::ConflictDigit
        } else if look.mistake {
            Paint::Mistake
        } else if game.is_given(cell) {
            Paint::Given
        } else if last {
            Paint::LastMove
        } else {
            Paint::Player
        }
    });
    look.colour = play.session().colours().cell(cell);
    look.peer = play.is_filter_peer(cell);
    look.spot = play.is_filter_spot(cell);
    look.marks = if conflicting {
        ('!', '!')
    } else if look.mistake {
        ('x', 'x')
    } else if last {
        ('>', '<')
    } else if look.peer {
        (':', ':')
    } else {
        (' ', ' ')
    };
    look
}

/// `text` (as [`digit_text`] made it) with the colour's letter in its last
/// place when that is a space: `" 7 a"`-like in five-wide cells.
fn with_letter(text: String, colour: Option<Colour>) -> String {
    match colour {
        Some(c) if text.ends_with(' ') => {
            let mut text = text;
            text.pop();
            text.push(c.letter());
            text
        }
        _ => text,
    }
}

/// The text of a digit (or the blank dot) with its marks, as wide as the
/// cell: the cursor's brackets inside the state's marks where the cell is
/// five wide; where it is three, the state's marks win over the brackets.
fn digit_text(look: &Look, centre: char, width: u16) -> String {
    let (left, right) = look.marks;
    let stated = look.marks != (' ', ' ');
    match (width >= 5, look.cursor) {
        (true, true) => format!("{left}[{centre}]{right}"),
        (true, false) => format!(" {left}{centre}{right} "),
        (false, true) if !stated => format!("[{centre}]"),
        (false, _) => format!("{left}{centre}{right}"),
    }
}

/// Where pencil mark `digit` goes in a cell of `g`'s size (column, line),
/// or `None` when the cell has no place for each mark.
fn mark_place(g: &BoardGeometry, digit: Digit) -> Option<(u16, u16)> {
    let i = digit.index() as u16;
    match (g.cell_width, g.cell_height) {
        (w, h) if w >= 5 && h >= 3 => Some(((w - 5) / 2 + i % 3 * 2, h / 2 - 1 + i / 3)),
        (w, 2) if w >= 5 => Some(((w - 5) / 2 + i % 5, i / 5)),
        _ => None,
    }
}

/// The marks of a small cell: up to three digits, or the first two and
/// `+`, padded to `width`.
fn compact_marks(marks: Digits, width: u16) -> String {
    let digits: String = marks.iter().map(|d| char::from(b'0' + d.get())).collect();
    let width = usize::from(width);
    let text = if digits.len() <= width {
        digits
    } else {
        let kept: String = digits.chars().take(width.saturating_sub(1)).collect();
        kept + "+"
    };
    format!("{text:<width$}")
}

fn draw_cell(
    buf: &mut Buffer,
    g: &BoardGeometry,
    cell: Cell,
    look: Look,
    play: &Play,
    clue: Option<&sudoku_core::logic::Clue>,
    theme: &Theme,
) {
    let mut style = Style::new();
    if look.unit_conflict {
        style = style.patch(theme.style(Paint::ConflictUnit));
    }
    if look.hinted {
        style = style.patch(theme.style(Paint::HintCell));
    }
    let (x, y) = (g.cell_x(cell), g.cell_y(cell));
    let blank = " ".repeat(usize::from(g.cell_width));
    let mut background = style;
    if let Some(colour) = look.colour {
        background = background.patch(theme.colour_style(colour));
    }
    if look.cursor {
        background = background.patch(theme.style(Paint::Cursor));
    }
    for k in 0..g.cell_height {
        buf.set_string(x, y + k, &blank, background);
    }
    let text_y = y + digit_line(g);
    let marks = if look.digit.is_none() && play.animation().is_none() {
        play.candidates(cell)
    } else {
        Digits::default()
    };
    let text_style = |paint: Paint| {
        let same = if look.same {
            theme.style(Paint::SameDigit)
        } else {
            Style::new()
        };
        background.patch(same).patch(theme.style(paint))
    };
    let start = |text: &str| x + (g.cell_width - crate::text::width(text) as u16) / 2;
    let drawn = clue
        .filter(|_| look.digit.is_none())
        .and_then(|clue| crate::ui::drawn::lines(clue, cell, g.cell_width, g.cell_height));
    if let Some(lines) = drawn {
        for (k, (text, paint)) in lines.into_iter().enumerate() {
            let row = y + u16::try_from(k).unwrap_or(0);
            buf.set_string(x, row, text, text_style(paint));
        }
        return;
    }
    match look.digit {
        Some(digit) => {
            let paint = look.base.unwrap_or(Paint::Player);
            let text = digit_text(&look, char::from(b'0' + digit.get()), g.cell_width);
            let text = with_letter(text, look.colour);
            buf.set_string(start(&text), text_y, text, text_style(paint));
        }
        None if marks.is_empty() => {
            let (centre, paint) = if look.spot {
                ('*', Paint::SameDigit)
            } else {
                ('·', Paint::Pencil)
            };
            let text = with_letter(digit_text(&look, centre, g.cell_width), look.colour);
            buf.set_string(start(&text), text_y, text, text_style(paint));
        }
        None => draw_marks(buf, g, cell, look, marks, play, theme, background),
    }
}

/// The pencil marks of a blank cell: a coloured mark on its colour (its
/// letter in its place without colour), the filter's digit as `*`, and
/// the cell's colour letter in the bottom right corner when that is free.
#[allow(clippy::too_many_arguments)]
fn draw_marks(
    buf: &mut Buffer,
    g: &BoardGeometry,
    cell: Cell,
    look: Look,
    marks: Digits,
    play: &Play,
    theme: &Theme,
    background: Style,
) {
    let (x, y) = (g.cell_x(cell), g.cell_y(cell));
    let pencil = background.patch(theme.style(Paint::Pencil));
    if !marks.iter().all(|d| mark_place(g, d).is_some()) {
        let text = compact_marks(marks, g.cell_width);
        buf.set_string(x, y + digit_line(g), text, pencil);
        return;
    }
    let filter = play.paint_state().filter.filter(|_| look.spot);
    for digit in marks.iter().chain(filter) {
        let (dx, dy) = mark_place(g, digit).expect("checked");
        let painted = play.session().colours().candidate(cell, digit);
        let (text, style) = match painted {
            _ if filter == Some(digit) => ('*', background.patch(theme.style(Paint::SameDigit))),
            Some(c) if theme.has_colour() => (
                char::from(b'0' + digit.get()),
                background.patch(theme.colour_style(c)),
            ),
            Some(c) => (
                c.letter(),
                pencil.add_modifier(ratatui::style::Modifier::BOLD),
            ),
            None => (char::from(b'0' + digit.get()), pencil),
        };
        buf.set_string(x + dx, y + dy, text.to_string(), style);
    }
    if let Some(colour) = look.colour {
        let (cx, cy) = (g.cell_width - 1, g.cell_height - 1);
        let taken = marks
            .iter()
            .chain(filter)
            .any(|d| mark_place(g, d) == Some((cx, cy)));
        if !taken {
            buf.set_string(x + cx, y + cy, colour.letter().to_string(), pencil);
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
        assert_eq!((MEDIUM.total_width(), MEDIUM.total_height()), (57, 22));
        assert_eq!((SMALL.total_width(), SMALL.total_height()), (39, 20));
        assert_eq!(
            (LARGE.marks_room(), MEDIUM.marks_room(), SMALL.marks_room()),
            (9, 9, 3)
        );
    }

    #[test]
    fn marks_sit_in_their_places_or_are_cut_short() {
        let g = |width, height| BoardGeometry {
            x: 0,
            y: 0,
            cell_width: width,
            cell_height: height,
            row_rules: height != 2,
        };
        let d = |v| Digit::new(v).unwrap();
        assert_eq!(mark_place(&g(5, 3), d(1)), Some((0, 0)));
        assert_eq!(mark_place(&g(5, 3), d(5)), Some((2, 1)));
        assert_eq!(mark_place(&g(5, 3), d(9)), Some((4, 2)));
        assert_eq!(mark_place(&g(5, 2), d(5)), Some((4, 0)));
        assert_eq!(mark_place(&g(5, 2), d(6)), Some((0, 1)));
        assert_eq!(mark_place(&g(5, 2), d(9)), Some((3, 1)));
        assert_eq!(mark_place(&g(3, 1), d(1)), None);
        let digits = |text: &str| text.bytes().map(|b| d(b - b'0')).collect::<Digits>();
        assert_eq!(compact_marks(digits("7"), 3), "7  ");
        assert_eq!(compact_marks(digits("257"), 3), "257");
        assert_eq!(compact_marks(digits("2578"), 3), "25+");
    }

    #[test]
    fn marks_around_digits_keep_the_cursor_and_the_state() {
        let look = |cursor, marks| Look {
            cursor,
            marks,
            ..Look::default()
        };
        assert_eq!(digit_text(&look(true, ('!', '!')), '7', 5), "![7]!");
        assert_eq!(digit_text(&look(true, (' ', ' ')), '7', 5), " [7] ");
        assert_eq!(digit_text(&look(false, ('x', 'x')), '7', 5), " x7x ");
        assert_eq!(digit_text(&look(true, (' ', ' ')), '·', 3), "[·]");
        assert_eq!(
            digit_text(&look(true, ('!', '!')), '7', 3),
            "!7!",
            "reverse video shows the cursor"
        );
        assert_eq!(digit_text(&look(false, ('>', '<')), '7', 3), ">7<");
    }
}
