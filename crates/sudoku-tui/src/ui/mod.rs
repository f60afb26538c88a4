//! Drawing: each screen and overlay into a ratatui frame. [`draw`] returns
//! the [`Geometry`] of what it drew, which the next mouse click is mapped
//! through.

pub mod board;
pub mod drawn;
pub mod overlay;
pub mod picker;
pub mod status;
pub mod theme;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::Frame;

use crate::app::{App, Overlay, Screen};
use crate::geometry::Geometry;
use crate::play::Play;
use board::{CellSize, LARGE, MEDIUM, SMALL};
use theme::{Paint, Theme};

/// Lines under the board for the status bar.
const STATUS_HEIGHT: u16 = 2;

/// The smallest terminal on which every screen is drawn: the board with
/// its status bar needs 39x22 (3x1 cells), the picker 40x12. Smaller
/// terminals get a note asking for more room. From 57x24 on (an 80x24
/// terminal) the cells are 5x2, with room for every pencil mark.
pub const MIN_SIZE: (u16, u16) = (40, 22);

/// Draws the whole screen of `app` and says where the board or list went.
pub fn draw(frame: &mut Frame, app: &App, theme: &Theme) -> Geometry {
    let area = frame.area();
    render(frame.buffer_mut(), area, app, theme)
}

/// Draws the whole screen of `app` into `buf` over `area`.
pub fn render(buf: &mut Buffer, area: Rect, app: &App, theme: &Theme) -> Geometry {
    let mut geometry = Geometry::default();
    match app.screen() {
        Screen::Picker => {
            let (w, h) = picker::MIN_SIZE;
            if area.width < w || area.height < h {
                too_small(buf, area, "the puzzle list", (w, h), theme);
                return geometry;
            }
            geometry.list = Some(picker::render(
                buf,
                area,
                app.picker(),
                app.grades(),
                app.wall_clock(),
                theme,
            ));
        }
        Screen::Board(play) => {
            let Some(size) = board_size(area) else {
                let need = (SMALL.total_width(), SMALL.total_height() + STATUS_HEIGHT);
                too_small(buf, area, "the board", need, theme);
                return geometry;
            };
            geometry.board = render_board_screen(buf, area, size, app, play, theme);
        }
    }
    match app.overlay() {
        Some(Overlay::Help) => {
            geometry.help = Some(overlay::render_help(buf, area, app.help_offset(), theme));
        }
        Some(Overlay::Confirm(leave)) => {
            overlay::render_confirm(buf, area, leave, theme);
        }
        Some(Overlay::DeleteSave(index)) => {
            let name = app
                .picker()
                .saved()
                .get(index)
                .map_or("", |s| s.name.as_str());
            overlay::render_delete(buf, area, name, theme);
        }
        Some(Overlay::SaveFailed(leave)) => {
            let error = app.save_error().unwrap_or_default();
            overlay::render_save_failed(buf, area, leave, error, theme);
        }
        Some(Overlay::Won(stats)) => {
            let next = app.next_name();
            overlay::render_won(buf, area, stats, next.as_deref(), app.win_note(), theme);
        }
        Some(Overlay::Stats) => overlay::render_stats(buf, area, app.stats_lines(), theme),
        None => {}
    }
    geometry
}

/// The largest cell size whose board and status bar fit `area`.
pub fn board_size(area: Rect) -> Option<CellSize> {
    [LARGE, MEDIUM, SMALL].into_iter().find(|size| {
        area.width >= size.total_width() && area.height >= size.total_height() + STATUS_HEIGHT
    })
}

fn render_board_screen(
    buf: &mut Buffer,
    area: Rect,
    size: CellSize,
    app: &App,
    play: &Play,
    theme: &Theme,
) -> Option<crate::geometry::BoardGeometry> {
    let (width, height) = (size.total_width(), size.total_height() + STATUS_HEIGHT);
    let x = area.x + (area.width - width) / 2;
    let y = area.y + (area.height - height) / 2;
    let status_area = Rect {
        x: area.x + 1,
        y: y + size.total_height(),
        width: area.width.saturating_sub(2),
        height: STATUS_HEIGHT,
    };
    let cut_marks = size.marks_room() < 9;
    status::render(buf, status_area, play, app.now(), cut_marks, theme);
    if play.is_paused() {
        let lines = [
            "Paused",
            "",
            "p resumes",
            "(the board is hidden",
            "and the time stopped)",
        ];
        board::render_hidden(buf, x, y, size, &lines, theme);
        return None;
    }
    Some(board::render(buf, x, y, size, play, theme))
}

fn too_small(buf: &mut Buffer, area: Rect, what: &str, need: (u16, u16), theme: &Theme) {
    let text = format!(
        "The terminal is {}x{}; {what} needs at least {}x{}. Enlarge it to go on (Ctrl-C quits).",
        area.width, area.height, need.0, need.1
    );
    let lines = vec![Line::from(Span::styled(text, theme.style(Paint::Bad)))];
    let height = 4.min(area.height);
    let rect = Rect {
        y: area.y + (area.height - height) / 2,
        height,
        ..area
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}

#[cfg(test)]
mod tests;
