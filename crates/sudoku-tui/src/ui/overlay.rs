//! Boxes drawn over the screen: the help, the "leave this game?" question,
//! the "not saved" question and the congratulation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::Leave;
use crate::clock::format_duration;
use crate::play::WinStats;
use crate::text::escape_controls;
use crate::ui::theme::{Paint, Theme};

/// Every key and mouse action, as the help lists them.
pub const HELP: &[(&str, &str)] = &[
    ("arrows hjkl wasd", "move the cursor (wraps around)"),
    ("1-9", "place a digit (pencil mode: toggle a mark)"),
    ("0 . space Delete", "erase the cell"),
    ("Backspace u Ctrl-Z", "undo"),
    ("r Ctrl-Y", "redo"),
    ("n", "pencil-mark mode on/off"),
    ("c", "automatic candidates on/off"),
    ("H (shift-h)", "hint: fill one cell"),
    ("S (shift-s)", "auto-solve, animated"),
    ("+ -", "auto-solve faster / slower"),
    ("space (solving)", "pause / resume the auto-solve"),
    ("p", "pause / resume the timer"),
    ("t", "hide / show the timer"),
    ("? F1", "this help"),
    ("Esc", "cancel: solve, pencil mode, selection; then leave"),
    ("q", "quit (asks first; the game is saved)"),
    ("Ctrl-C", "quit now (the game is saved)"),
    (
        "left click",
        "select a cell / pick a puzzle (double click plays)",
    ),
    ("right click", "clear the selection"),
    ("wheel", "scroll the puzzle list"),
    (
        "picker",
        "type to search, ↑↓ PgUp PgDn Home End, Enter plays",
    ),
    ("End (picker)", "new random puzzles: one row per level"),
];

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

fn boxed(buf: &mut Buffer, area: Rect, title: &str, lines: Vec<Line<'static>>, theme: &Theme) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let rect = centred(area, width.max(title.len() as u16 + 6), height);
    Clear.render(rect, buf);
    let block = Block::bordered()
        .title(format!(" {title} "))
        .title_style(theme.style(Paint::Title))
        .border_style(theme.style(Paint::HeavyLine));
    Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .render(rect, buf);
}

/// The help overlay.
pub fn render_help(buf: &mut Buffer, area: Rect, theme: &Theme) {
    let key_width = HELP
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> = HELP
        .iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<key_width$}  "), theme.style(Paint::Title)),
                Span::styled(what.to_string(), theme.style(Paint::Text)),
            ])
        })
        .collect();
    lines.push(Line::from(Span::styled(
        " any key closes this help",
        theme.style(Paint::Dim),
    )));
    boxed(buf, area, "Keys", lines, theme);
}

/// The question before leaving an unfinished game; `replaces` is the name
/// of the saved game of another puzzle that saving this one replaces.
pub fn render_confirm(
    buf: &mut Buffer,
    area: Rect,
    leave: Leave,
    replaces: Option<&str>,
    theme: &Theme,
) {
    let question = match leave {
        Leave::ToPicker => "Leave this game for the puzzle list?",
        Leave::Quit => "Quit the game?",
    };
    let note = match replaces {
        Some(name) => format!(
            " Your position is saved, replacing the saved game of {} (there is one save).",
            escape_controls(name)
        ),
        None => {
            " Your position is saved; the list or `sudoku-tui --resume` brings it back.".to_string()
        }
    };
    let lines = vec![
        Line::from(Span::styled(
            format!(" {question}"),
            theme.style(Paint::Text),
        )),
        Line::from(Span::styled(note, theme.style(Paint::Dim))),
        Line::from(""),
        Line::from(Span::styled(
            " y / Enter: yes     n / Esc: no",
            theme.style(Paint::Title),
        )),
    ];
    boxed(buf, area, "Leave?", lines, theme);
}

/// The congratulation, offering `next` (the next puzzle's name).
pub fn render_won(
    buf: &mut Buffer,
    area: Rect,
    stats: WinStats,
    next: Option<&str>,
    theme: &Theme,
) {
    let text = theme.style(Paint::Text);
    let mut lines = vec![
        Line::from(Span::styled(
            " Congratulations, the puzzle is solved!",
            theme.style(Paint::Good),
        )),
        Line::from(""),
        Line::from(Span::styled(
            format!(" Time   {}", format_duration(stats.time)),
            text,
        )),
        Line::from(Span::styled(format!(" Moves  {}", stats.moves), text)),
        Line::from(Span::styled(format!(" Hints  {}", stats.hints), text)),
        Line::from(""),
    ];
    if let Some(next) = next {
        lines.push(Line::from(Span::styled(
            format!(" Enter: next puzzle ({})", escape_controls(next)),
            theme.style(Paint::Title),
        )));
    }
    lines.push(Line::from(Span::styled(
        " Esc: back to the list     q: quit",
        theme.style(Paint::Title),
    )));
    boxed(buf, area, "Solved", lines, theme);
}

/// The question after a save failed on the way out: leave without saving,
/// or stay. `error` says why the save failed.
pub fn render_save_failed(buf: &mut Buffer, area: Rect, leave: Leave, error: &str, theme: &Theme) {
    let keys = match leave {
        Leave::ToPicker => " y: leave without saving     n / Esc: stay",
        Leave::Quit => " y / q: quit without saving     n / Esc: stay",
    };
    let lines = vec![
        Line::from(Span::styled(
            " The game could not be saved:",
            theme.style(Paint::Text),
        )),
        Line::from(Span::styled(
            format!(" {}", escape_controls(error)),
            theme.style(Paint::Bad),
        )),
        Line::from(""),
        Line::from(Span::styled(keys, theme.style(Paint::Title))),
    ];
    boxed(buf, area, "Not saved", lines, theme);
}
