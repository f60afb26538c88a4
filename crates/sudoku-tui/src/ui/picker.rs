//! The picker screen: a framed, scrolling list of puzzles, a preview of the
//! selected one with its size and level, the search and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use sudoku_core::{Cell, Grid, Level};

use crate::geometry::ListGeometry;
use crate::picker::{Choice, Picker};
use crate::puzzles::level_label;
use crate::text::{escape_controls, fit_parts};
use crate::ui::theme::{Paint, Theme};

/// The smallest screen the picker is drawn on.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// The keys line's parts with their ranks: on a narrow screen the parts of
/// the largest rank are left out first, whole.
const KEYS: [(&str, usize); 5] = [
    ("↑↓ PgUp PgDn Home End", 4),
    ("type to search", 3),
    ("Enter/double click: play", 0),
    ("F1 help", 2),
    ("Esc: quit", 1),
];

/// The preview's width (a 9x9 grid with spaces and box gaps, framed).
const PREVIEW_WIDTH: u16 = 27;

/// Draws the picker into `area` and returns where its list went.
pub fn render(buf: &mut Buffer, area: Rect, picker: &Picker, theme: &Theme) -> ListGeometry {
    let search_height = if picker.message.is_some() { 3 } else { 1 };
    let [title, body, search, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(search_height),
        Constraint::Length(1),
    ])
    .areas(area);
    buf.set_string(
        title.x,
        title.y,
        "Sudoku: choose a puzzle",
        theme.style(Paint::Title),
    );
    let show_preview = body.width >= 60;
    let [list_area, preview_area] = if show_preview {
        Layout::horizontal([Constraint::Min(20), Constraint::Length(PREVIEW_WIDTH + 6)]).areas(body)
    } else {
        [body, Rect::default()]
    };
    let geometry = render_list(buf, list_area, picker, theme);
    if show_preview {
        render_preview(buf, preview_area, picker, theme);
    }
    render_search(buf, search, picker, theme);
    let hint = fit_parts(
        &KEYS.map(|(k, rank)| (k.to_string(), rank)),
        " · ",
        usize::from(keys.width),
    );
    buf.set_string(keys.x, keys.y, hint, theme.style(Paint::Dim));
    geometry
}

fn render_list(buf: &mut Buffer, area: Rect, picker: &Picker, theme: &Theme) -> ListGeometry {
    let entries_shown = picker
        .shown()
        .iter()
        .filter(|c| matches!(c, Choice::Entry(_)))
        .count();
    let title = format!(" Puzzles ({entries_shown}/{}) ", picker.entries().len());
    let block = Block::bordered()
        .title(title)
        .border_style(theme.style(Paint::HeavyLine));
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = usize::from(inner.height);
    let offset = picker.window_start(rows);
    let shown = picker.shown();
    for (row, &choice) in shown.iter().enumerate().skip(offset).take(rows) {
        let y = inner.y + (row - offset) as u16;
        let selected = row == picker.selected_index();
        let (label, paint) = row_label(picker, choice);
        let text = format!("{} {label}", if selected { '>' } else { ' ' });
        let style = if selected {
            theme.style(paint).patch(theme.style(Paint::ListSelected))
        } else {
            theme.style(paint)
        };
        let padded = format!("{text:<width$}", width = usize::from(inner.width));
        buf.set_stringn(inner.x, y, padded, usize::from(inner.width), style);
    }
    if shown.is_empty() {
        buf.set_stringn(
            inner.x,
            inner.y,
            "  no puzzle matches",
            usize::from(inner.width),
            theme.style(Paint::Dim),
        );
    }
    ListGeometry {
        x: inner.x,
        y: inner.y,
        width: inner.width,
        rows: inner.height,
        offset,
    }
}

fn row_label(picker: &Picker, choice: Choice) -> (String, Paint) {
    let label = escape_controls(&picker.label(choice)).into_owned();
    match choice {
        Choice::Resume => (label, Paint::Good),
        Choice::Random(_) => (label, Paint::Title),
        Choice::Entry(i) => match &picker.entries()[i].puzzle {
            Ok(_) => (label, Paint::Text),
            Err(_) => (format!("{label} (cannot be played)"), Paint::Bad),
        },
    }
}

/// The preview lines of a puzzle: nine rows of digits and dots with gaps
/// between boxes.
pub fn preview_lines(grid: &Grid) -> Vec<String> {
    let mut lines = Vec::with_capacity(11);
    for (r, row) in sudoku_core::Row::all().enumerate() {
        if r == 3 || r == 6 {
            lines.push("──────┼───────┼──────".to_string());
        }
        let mut line = String::new();
        for (c, cell) in row.cells().enumerate() {
            if c == 3 || c == 6 {
                line.push_str("│ ");
            }
            line.push(grid.get(cell).map_or('.', |d| char::from(b'0' + d.get())));
            line.push(' ');
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

fn render_preview(buf: &mut Buffer, area: Rect, picker: &Picker, theme: &Theme) {
    let block = Block::bordered()
        .title(" Preview ")
        .border_style(theme.style(Paint::Line));
    let inner = block.inner(area);
    block.render(area, buf);
    if let Some(Choice::Random(level)) = picker.selected() {
        Paragraph::new(random_preview(level))
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    let (grid, puzzle, error) = match picker.selected() {
        Some(Choice::Resume) => {
            let saved = picker.resume().expect("a resume row has a save");
            let note = format!(
                "saved game: {} moves, {}",
                saved.moves,
                crate::clock::format_duration(saved.elapsed)
            );
            (Some(saved.grid), Some(saved.puzzle), Some(Ok(note)))
        }
        Some(Choice::Entry(i)) => {
            let entry = &picker.entries()[i];
            match &entry.puzzle {
                Ok(grid) => (Some(*grid), Some(*grid), None),
                Err(err) => (None, None, Some(Err(err.clone()))),
            }
        }
        Some(Choice::Random(_)) | None => (None, None, None),
    };
    if let Some(grid) = grid {
        lines.extend(preview_lines(&grid).into_iter().map(Line::from));
        lines.push(Line::from(""));
        let givens = Cell::all().filter(|&c| grid.get(c).is_some()).count();
        lines.push(Line::from(format!("Givens: {givens}")));
        lines.push(Line::from(format!(
            "Level:  {}",
            puzzle.map_or_else(String::new, |p| level_label(&p))
        )));
    }
    match error {
        Some(Ok(note)) => lines.push(Line::from(Span::styled(note, theme.style(Paint::Good)))),
        Some(Err(err)) => lines.push(Line::from(Span::styled(
            escape_controls(&err).into_owned(),
            theme.style(Paint::Bad),
        ))),
        None => {}
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// What a person needs for puzzles of `level`, as the grader sees it.
pub fn level_needs(level: Level) -> &'static str {
    match level {
        Level::Easy => "singles only",
        Level::Medium => "locked candidates, pairs, X-wing",
        Level::Hard => "triples, swordfish, wings, unique rectangles",
        Level::Expert => "quads, jellyfish, chains",
        Level::Extreme => "guessing: logic alone cannot finish",
    }
}

/// The preview of a `New random puzzle` row: what Enter does.
pub fn random_preview(level: Level) -> Vec<Line<'static>> {
    vec![
        Line::from(format!("New random {level} puzzle")),
        Line::from(""),
        Line::from(format!(
            "Enter makes a new puzzle with one solution that the grader rates {level} \
             (it needs {}).",
            level_needs(level)
        )),
        Line::from(""),
        Line::from(format!(
            "A fresh seed every time; the name shows it, and \
             `sudoku-tui --random {level} --seed N` makes it again."
        )),
    ]
}

fn render_search(buf: &mut Buffer, area: Rect, picker: &Picker, theme: &Theme) {
    let line = match &picker.message {
        Some(message) => Line::from(Span::styled(
            escape_controls(message).into_owned(),
            theme.style(Paint::Bad),
        )),
        None if picker.search().is_empty() => {
            Line::from(Span::styled("Type to search", theme.style(Paint::Dim)))
        }
        None => Line::from(vec![
            Span::styled("Search: ", theme.style(Paint::Dim)),
            Span::styled(
                escape_controls(picker.search()).into_owned(),
                theme.style(Paint::Text),
            ),
        ]),
    };
    Paragraph::new(line)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}
