//! The status bar under the board: puzzle, level, moves, conflicts, timer
//! and modes on the first line; the last message and the help key on the
//! second.
//!
//! `moves N` counts the moves made: every placement or erase, undone ones
//! included (undo and redo are not moves), as the text game's `N moves`
//! and the congratulation count them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::time::Instant;

use crate::animation::{speed_name, State};
use crate::play::{Play, Tone};
use crate::text::{escape_controls, fit_parts, fit_words};
use crate::ui::theme::{Paint, Theme};
use sudoku_core::session::clock_text;

/// The separator of the parts of the first line.
const SEPARATOR: &str = " · ";

/// The help key, at the right of the second line.
const HELP_KEY: &str = "? help";

/// The first line's parts with their ranks: on a narrow screen the parts
/// of the largest rank are left out first, whole. Playing, the timer stays
/// longest, then pencil mode, the cursor cell's marks (`2b: 1257`, only
/// when `cut_marks`: the cells are too small for them), conflicts, moves,
/// hints, the name, the candidates switch and the level; during the
/// auto-solve, its state, the step, the title and the speed.
pub fn info_parts(play: &Play, now: Instant, cut_marks: bool) -> Vec<(String, usize)> {
    if let Some(animation) = play.animation() {
        let state = match animation.state() {
            State::Running if animation.is_paused() => "paused",
            State::Running => "running",
            State::Solved(_) => "solved",
            State::NoSolution(_) => "no solution",
        };
        return vec![
            ("Auto-solve".to_string(), 2),
            (format!("step {}", animation.placed()), 1),
            (speed_name(animation.speed()).to_string(), 3),
            (state.to_string(), 0),
        ];
    }
    let mut parts = vec![
        (escape_controls(play.name()).into_owned(), 5),
        (play.level().to_string(), 7),
        (format!("moves {}", play.moves()), 3),
        (format!("conflicts {}", play.game().conflict_count()), 2),
    ];
    if play.is_timer_visible() {
        let time = clock_text(play.time(now));
        parts.push(if play.is_paused() {
            (format!("{time} paused"), 0)
        } else {
            (time, 0)
        });
    } else if play.is_paused() {
        parts.push(("paused".to_string(), 0));
    }
    let cursor = play.cursor();
    let marks = play.candidates(cursor);
    let shown = play.is_selected() && !play.is_paused() && play.game().grid().get(cursor).is_none();
    if cut_marks && shown && marks.len() > 3 {
        parts.push((format!("{cursor}: {marks}"), 1));
    }
    if play.is_pencil_mode() {
        parts.push(("PENCIL".to_string(), 1));
    }
    if play.pencil().is_auto() {
        parts.push(("candidates".to_string(), 6));
    }
    if play.hints() > 0 {
        parts.push((format!("hints {}", play.hints()), 4));
    }
    parts
}

/// The first line in full: what the game is and where it stands.
pub fn info_line(play: &Play, now: Instant) -> String {
    fit_parts(&info_parts(play, now, false), SEPARATOR, usize::MAX)
}

/// Draws the two status lines into `area`. The first drops whole parts
/// that do not fit ([`info_parts`]); the second keeps `? help` at its right
/// and cuts the message after a word.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    play: &Play,
    now: Instant,
    cut_marks: bool,
    theme: &Theme,
) {
    if area.height == 0 {
        return;
    }
    let width = usize::from(area.width);
    let info = fit_parts(&info_parts(play, now, cut_marks), SEPARATOR, width);
    let info = Line::from(Span::styled(info, theme.style(Paint::Title)));
    info.render(Rect { height: 1, ..area }, buf);
    if area.height < 2 {
        return;
    }
    let message = play.message();
    let paint = match message.tone {
        Tone::Info => Paint::Text,
        Tone::Good => Paint::Good,
        Tone::Bad => Paint::Bad,
    };
    let help_width = HELP_KEY.chars().count();
    let room = width.saturating_sub(help_width + 1);
    let text = fit_words(&escape_controls(&message.text), room);
    let row = Rect {
        y: area.y + 1,
        height: 1,
        ..area
    };
    Line::from(vec![Span::styled(text, theme.style(paint))]).render(row, buf);
    if width >= help_width {
        buf.set_string(
            area.right() - help_width as u16,
            row.y,
            HELP_KEY,
            theme.style(Paint::Dim),
        );
    }
}
