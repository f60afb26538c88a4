//! Boxes drawn over the screen: the help, the "leave this game?" question,
//! the "not saved" question, the "delete this saved game?" question and
//! the congratulation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::app::Leave;
use crate::keys;
use crate::play::WinStats;
use crate::text::{escape_controls, width, wrap};
use crate::ui::theme::{Paint, Theme};
use sudoku_core::session::clock_text;

/// `area`'s centred rectangle of `width` x `height` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

/// One line of text in a box, in its paint.
type Styled = (String, Paint);

/// A box's width for lines as wide as `natural` and `title`, on `area`.
fn box_width(area: Rect, natural: usize, title: &str) -> u16 {
    let natural = u16::try_from(natural).unwrap_or(u16::MAX);
    natural
        .saturating_add(4)
        .max(width(title) as u16 + 6)
        .min(area.width)
}

/// `lines` wrapped to `width` columns (continuation lines indented like
/// their first line, or by `indent` when given).
fn wrapped(
    lines: &[Styled],
    width: usize,
    indent: Option<usize>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (text, paint) in lines {
        let lead = indent.unwrap_or(text.len() - text.trim_start_matches(' ').len());
        for piece in wrap(text, width, lead) {
            out.push(Line::from(Span::styled(piece, theme.style(*paint))));
        }
    }
    out
}

/// Draws a framed box titled `title` with `lines`, centred on `area`.
fn frame(
    buf: &mut Buffer,
    area: Rect,
    width: u16,
    title: &str,
    lines: Vec<Line<'static>>,
    theme: &Theme,
) {
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2);
    let rect = centred(area, width, height);
    Clear.render(rect, buf);
    let block = Block::bordered()
        .title(format!(" {title} "))
        .title_style(theme.style(Paint::Title))
        .border_style(theme.style(Paint::HeavyLine));
    Paragraph::new(lines).block(block).render(rect, buf);
}

/// A box of `body` lines over `keys` lines. The text wraps at words to fit
/// `area`; when the screen is too low for all of it, the body is cut (its
/// last line ends in `…`), never the keys.
fn boxed(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    body: &[Styled],
    keys: &[Styled],
    theme: &Theme,
) {
    let natural = body
        .iter()
        .chain(keys)
        .map(|(t, _)| width(t))
        .max()
        .unwrap_or(0);
    let outer = box_width(area, natural, title);
    let inner = usize::from(outer.saturating_sub(3)).max(1);
    let keys = wrapped(keys, inner, None, theme);
    let mut lines = wrapped(body, inner, None, theme);
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(keys.len());
    if lines.len() > room {
        lines.truncate(room);
        if let Some(last) = lines.last_mut() {
            *last = Line::from(Span::styled(" …", theme.style(Paint::Dim)));
        }
    }
    lines.extend(keys);
    frame(buf, area, outer, title, lines, theme);
}

/// Where the help's scrolling window was: rows shown and lines in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpWindow {
    /// How many lines of the help were shown.
    pub rows: usize,
    /// How many lines the help has at this width.
    pub lines: usize,
}

impl HelpWindow {
    /// The largest first line the window can start at.
    pub fn max_offset(&self) -> usize {
        self.lines.saturating_sub(self.rows)
    }
}

/// The help overlay, its window starting at line `offset`. When the help
/// does not fit, it scrolls (Up/Down/PageUp/PageDown) and says so.
pub fn render_help(buf: &mut Buffer, area: Rect, offset: usize, theme: &Theme) -> HelpWindow {
    let key_width = keys::bindings().map(|(k, _)| width(k)).max().unwrap_or(0);
    let body: Vec<Styled> = keys::bindings()
        .map(|(key, what)| (format!(" {key:<key_width$}  {what}"), Paint::Text))
        .collect();
    let natural = body.iter().map(|(t, _)| width(t)).max().unwrap_or(0);
    let outer = box_width(area, natural, "Keys");
    let inner = usize::from(outer.saturating_sub(3)).max(1);
    let lines = wrapped(&body, inner, Some((key_width + 3).min(inner / 2)), theme);
    let total = lines.len();
    let height = usize::from(area.height.saturating_sub(2));
    let (keys, rows) = if total < height {
        (
            vec![(" any key closes this help".to_string(), Paint::Dim)],
            total,
        )
    } else {
        let rows = height.saturating_sub(2);
        let first = offset.min(total.saturating_sub(rows));
        let last = (first + rows).min(total);
        let more = format!(" ↑↓ PgUp PgDn: lines {}-{last} of {total}", first + 1);
        (
            vec![
                (more, Paint::Title),
                (" other keys close this help".to_string(), Paint::Dim),
            ],
            rows,
        )
    };
    let window = HelpWindow { rows, lines: total };
    let first = offset.min(window.max_offset());
    let mut shown: Vec<Line<'static>> = lines.into_iter().skip(first).take(rows).collect();
    shown.extend(wrapped(&keys, inner, None, theme));
    frame(buf, area, outer, "Keys", shown, theme);
    window
}

/// The question before leaving an unfinished game.
pub fn render_confirm(buf: &mut Buffer, area: Rect, leave: Leave, theme: &Theme) {
    let question = match leave {
        Leave::ToPicker => "Leave this game for the puzzle list?",
        Leave::Quit => "Quit the game?",
    };
    let note = " Your game is saved with its history; the list, `sudoku-tui --resume` and \
                `sudoku play --resume` bring it back.";
    let body = [
        (format!(" {question}"), Paint::Text),
        (note.to_string(), Paint::Dim),
        (String::new(), Paint::Text),
    ];
    let keys = [(" y / Enter: yes     n / Esc: no".to_string(), Paint::Title)];
    boxed(buf, area, "Leave?", &body, &keys, theme);
}

/// The question before deleting the saved game `name`. Enter means no.
pub fn render_delete(buf: &mut Buffer, area: Rect, name: &str, theme: &Theme) {
    let body = [
        (
            format!(" Delete the saved game of {}?", escape_controls(name)),
            Paint::Text,
        ),
        (
            " Its position, time and history are lost; the puzzle stays in the list.".to_string(),
            Paint::Dim,
        ),
        (String::new(), Paint::Text),
    ];
    let keys = [(
        " y: delete     n / Esc / Enter: keep".to_string(),
        Paint::Title,
    )];
    boxed(buf, area, "Delete?", &body, &keys, theme);
}

/// The congratulation, offering `next` (the next puzzle's name).
pub fn render_won(
    buf: &mut Buffer,
    area: Rect,
    stats: WinStats,
    next: Option<&str>,
    note: Option<&str>,
    theme: &Theme,
) {
    let mut body = vec![
        (
            " Congratulations, the puzzle is solved!".to_string(),
            Paint::Good,
        ),
        (String::new(), Paint::Text),
        (format!(" Time   {}", clock_text(stats.time)), Paint::Text),
        (format!(" Moves  {}", stats.moves), Paint::Text),
        (format!(" Hints  {}", stats.hints), Paint::Text),
        (String::new(), Paint::Text),
    ];
    if let Some(note) = note {
        body.push((format!(" {}", escape_controls(note)), Paint::Good));
        body.push((String::new(), Paint::Text));
    }
    let mut keys = Vec::new();
    if let Some(next) = next {
        keys.push((
            format!(" Enter: next puzzle ({})", escape_controls(next)),
            Paint::Title,
        ));
    }
    keys.push((
        " Esc: back to the list     q: quit".to_string(),
        Paint::Title,
    ));
    boxed(buf, area, "Solved", &body, &keys, theme);
}

/// The statistics screen: `lines` (the core's table), and how to close it.
pub fn render_stats(buf: &mut Buffer, area: Rect, lines: &[String], theme: &Theme) {
    let mut body: Vec<Styled> = lines
        .iter()
        .map(|l| (format!(" {}", escape_controls(l)), Paint::Text))
        .collect();
    body.push((String::new(), Paint::Text));
    let keys = [(" any key closes this screen".to_string(), Paint::Dim)];
    boxed(buf, area, "Statistics", &body, &keys, theme);
}

/// The question after a save failed on the way out: leave without saving,
/// or stay. `error` says why the save failed.
pub fn render_save_failed(buf: &mut Buffer, area: Rect, leave: Leave, error: &str, theme: &Theme) {
    let keys = match leave {
        Leave::ToPicker => " y: leave without saving",
        Leave::Quit => " y / q: quit without saving",
    };
    let body = [
        (" The game could not be saved:".to_string(), Paint::Text),
        (format!(" {}", escape_controls(error)), Paint::Bad),
        (String::new(), Paint::Text),
    ];
    let keys = [
        (keys.to_string(), Paint::Title),
        (" n / Esc / Enter: stay".to_string(), Paint::Title),
    ];
    boxed(buf, area, "Not saved", &body, &keys, theme);
}
