//! The picker screen: a framed, scrolling list of saved games and puzzles,
//! a preview of the selected one with its size and level (and, for a saved
//! game, its board as saved, progress, moves, time and date), the last
//! message, the search and the keys.

use std::time::SystemTime;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use sudoku_core::{Cell, Grid, Level};

use crate::geometry::ListGeometry;
use crate::grades::{Grades, PENDING};
use crate::picker::{Choice, Picker};
use crate::save::ago;
use crate::text::{escape_controls, fit_parts};
use crate::ui::theme::{Paint, Theme};
use sudoku_core::session::clock_text;

/// The smallest screen the picker is drawn on.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// The keys line's parts with their ranks: on a narrow screen the parts of
/// the largest rank are left out first, whole.
const KEYS: [(&str, usize); 6] = [
    ("↑↓ PgUp PgDn Home End", 5),
    ("type to search", 3),
    ("Enter/double click: play", 0),
    ("Del: delete save", 4),
    ("F1 help", 2),
    ("Esc: quit", 1),
];

/// The preview's width (a 9x9 grid with spaces and box gaps, framed).
const PREVIEW_WIDTH: u16 = 27;

/// Draws the picker into `area` (the saved games' ages counted at `now`)
/// and returns where its list went.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    picker: &Picker,
    grades: &Grades,
    now: SystemTime,
    theme: &Theme,
) -> ListGeometry {
    // the message wraps: up to four lines, leaving the list three
    let message_height = picker.message.as_ref().map_or(0, |text| {
        let lines = crate::text::wrap(text, usize::from(area.width), 0).len();
        let room = area.height.saturating_sub(6);
        u16::try_from(lines)
            .unwrap_or(u16::MAX)
            .clamp(1, 4)
            .min(room)
    });
    let [title, body, message, search, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(message_height),
        Constraint::Length(1),
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
    let geometry = render_list(buf, list_area, picker, now, theme);
    if show_preview {
        render_preview(buf, preview_area, picker, grades, now, theme);
    }
    if let Some(text) = &picker.message {
        Paragraph::new(Line::from(Span::styled(
            escape_controls(text).into_owned(),
            theme.style(Paint::Bad),
        )))
        .wrap(Wrap { trim: false })
        .render(message, buf);
    }
    render_search(buf, search, picker, theme);
    let keys_shown = KEYS
        .iter()
        .filter(|(k, _)| {
            !k.starts_with("Del") || matches!(picker.selected(), Some(Choice::Saved(_)))
        })
        .map(|&(k, rank)| (k.to_string(), rank))
        .collect::<Vec<_>>();
    let hint = fit_parts(&keys_shown, " · ", usize::from(keys.width));
    buf.set_string(keys.x, keys.y, hint, theme.style(Paint::Dim));
    geometry
}

fn render_list(
    buf: &mut Buffer,
    area: Rect,
    picker: &Picker,
    now: SystemTime,
    theme: &Theme,
) -> ListGeometry {
    let entries_shown = picker
        .shown()
        .iter()
        .filter(|c| matches!(c, Choice::Entry(_)))
        .count();
    let title = match picker.saved().len() {
        0 => format!(" Puzzles ({entries_shown}/{}) ", picker.entries().len()),
        n => format!(
            " Saved games ({n}), puzzles ({entries_shown}/{}) ",
            picker.entries().len()
        ),
    };
    let block = Block::bordered()
        .title(title)
        .border_style(theme.style(Paint::HeavyLine));
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = usize::from(inner.height);
    let offset = picker.window_start(rows);
    let shown = picker.shown();
    let width = usize::from(inner.width);
    for (row, &choice) in shown.iter().enumerate().skip(offset).take(rows) {
        let y = inner.y + (row - offset) as u16;
        let selected = row == picker.selected_index();
        let (label, paint) = row_label(picker, choice, now, width.saturating_sub(2));
        let text = format!("{} {label}", if selected { '>' } else { ' ' });
        let style = if selected {
            theme.style(paint).patch(theme.style(Paint::ListSelected))
        } else {
            theme.style(paint)
        };
        let padded = format!("{text:<width$}");
        buf.set_stringn(inner.x, y, padded, width, style);
    }
    if shown.is_empty() {
        buf.set_stringn(
            inner.x,
            inner.y,
            "  no puzzle matches",
            width,
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

/// A row's text fitted to `width` and its paint: a saved game with as
/// many of its progress, time, age and level as fit; a puzzle with
/// `· saved` when the store holds a game of it.
fn row_label(picker: &Picker, choice: Choice, now: SystemTime, width: usize) -> (String, Paint) {
    let label = escape_controls(&picker.label(choice)).into_owned();
    match choice {
        Choice::Saved(i) => {
            let info = &picker.saved()[i];
            let mut parts = vec![
                (label.clone(), 0),
                (info.progress.to_string(), 1),
                (clock_text(info.time), 2),
            ];
            if let Some(at) = info.saved_at {
                parts.push((ago(at, now), 3));
            }
            if let Some(level) = info.level {
                parts.push((level.to_string(), 4));
            }
            let fitted = fit_parts(&parts, " · ", width);
            (if fitted.is_empty() { label } else { fitted }, Paint::Good)
        }
        Choice::Random(_) | Choice::Daily(_) => (label, Paint::Title),
        Choice::Entry(i) => match &picker.entries()[i].puzzle {
            Ok(grid) if picker.saved_index(grid).is_some() => {
                (format!("{label} · saved"), Paint::Text)
            }
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

fn render_preview(
    buf: &mut Buffer,
    area: Rect,
    picker: &Picker,
    grades: &Grades,
    now: SystemTime,
    theme: &Theme,
) {
    let block = Block::bordered()
        .title(" Preview ")
        .border_style(theme.style(Paint::Line));
    let inner = block.inner(area);
    block.render(area, buf);
    let made = match picker.selected() {
        Some(Choice::Random(level)) => Some(random_preview(level)),
        Some(Choice::Daily(level)) => Some(daily_preview(level)),
        _ => None,
    };
    if let Some(made) = made {
        Paragraph::new(made)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    if let Some(Choice::Saved(i)) = picker.selected() {
        let info = &picker.saved()[i];
        lines.extend(preview_lines(&info.board).into_iter().map(Line::from));
        lines.push(Line::from(""));
        let level = info
            .level
            .map_or_else(|| "unknown".to_string(), |l| l.to_string());
        let when = info
            .saved_at
            .map_or_else(|| "unknown".to_string(), |at| ago(at, now));
        for (key, value) in [
            ("Filled:", info.progress.to_string()),
            ("Moves: ", info.moves.to_string()),
            ("Played:", clock_text(info.time)),
            ("Level: ", level),
            ("Saved: ", when),
        ] {
            lines.push(Line::from(format!("{key} {value}")));
        }
        lines.push(Line::from(Span::styled(
            "Enter resumes, Delete deletes",
            theme.style(Paint::Good),
        )));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    }
    let Some(entry) = picker.selected_entry() else {
        return;
    };
    match &entry.puzzle {
        Ok(grid) => {
            lines.extend(preview_lines(grid).into_iter().map(Line::from));
            lines.push(Line::from(""));
            let givens = Cell::all().filter(|&c| grid.get(c).is_some()).count();
            lines.push(Line::from(format!("Givens: {givens}")));
            let level = grades.label(grid).map_or(PENDING, |l| l.text.as_str());
            lines.push(Line::from(format!("Level:  {level}")));
            if picker.saved_index(grid).is_some() {
                lines.push(Line::from(Span::styled(
                    "Saved: Enter resumes it",
                    theme.style(Paint::Good),
                )));
            }
        }
        Err(err) => lines.push(Line::from(Span::styled(
            escape_controls(err).into_owned(),
            theme.style(Paint::Bad),
        ))),
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// What a person needs for puzzles of `level`, as the grader sees it.
pub fn level_needs(level: Level) -> &'static str {
    match level {
        Level::Easy => "hidden singles only",
        Level::Medium => "naked singles, locked candidates",
        Level::Hard => "pairs, triples, X-wing, wings, unique rectangles",
        Level::Expert => "quads, loops, chains and cycles",
        Level::Extreme => "forcing chains, nested ones at the top",
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

/// The preview of the "Today's puzzle" row.
pub fn daily_preview(level: Level) -> Vec<Line<'static>> {
    vec![
        Line::from(format!("Today's {level} puzzle")),
        Line::from(""),
        Line::from(
            "The same puzzle for everyone today (the date in UTC), made from the date: \
             a new one every day.",
        ),
        Line::from(""),
        Line::from(
            "Win it on consecutive days for a daily streak (F2 shows it); \
             `sudoku-tui --daily LEVEL` plays another level.",
        ),
    ]
}

/// The search line: what was typed, kept whatever message is up (coming
/// back from a game clears it).
fn render_search(buf: &mut Buffer, area: Rect, picker: &Picker, theme: &Theme) {
    let line = if picker.search().is_empty() {
        Line::from(Span::styled("Type to search", theme.style(Paint::Dim)))
    } else {
        Line::from(vec![
            Span::styled("Search: ", theme.style(Paint::Dim)),
            Span::styled(
                escape_controls(picker.search()).into_owned(),
                theme.style(Paint::Text),
            ),
        ])
    };
    Paragraph::new(line).render(area, buf);
}
