//! The status bar under the board: puzzle, level, moves, conflicts, timer
//! and modes on the first line; the last message and the help key on the
//! second.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::time::Instant;

use crate::animation::{speed_name, State};
use crate::clock::format_duration;
use crate::play::{Play, Tone};
use crate::text::escape_controls;
use crate::ui::theme::{Paint, Theme};

/// The first line: what the game is and where it stands.
pub fn info_line(play: &Play, now: Instant) -> String {
    if let Some(animation) = play.animation() {
        let state = match animation.state() {
            State::Running if animation.is_paused() => "paused",
            State::Running => "running",
            State::Solved(_) => "solved",
            State::NoSolution(_) => "no solution",
        };
        return format!(
            "Auto-solve · step {} · {} · {state}",
            animation.placed(),
            speed_name(animation.speed())
        );
    }
    let mut parts = vec![
        escape_controls(play.name()).into_owned(),
        play.level().to_string(),
        format!("moves {}", play.moves()),
        format!("conflicts {}", play.game().conflict_count()),
    ];
    if play.is_timer_visible() {
        let time = format_duration(play.clock().elapsed(now));
        parts.push(if play.clock().is_running() {
            time
        } else {
            format!("{time} paused")
        });
    }
    if play.is_pencil_mode() {
        parts.push("PENCIL".to_string());
    }
    if play.pencil().is_auto() {
        parts.push("candidates".to_string());
    }
    if play.hints() > 0 {
        parts.push(format!("hints {}", play.hints()));
    }
    parts.join(" · ")
}

/// Draws the two status lines into `area`.
pub fn render(buf: &mut Buffer, area: Rect, play: &Play, now: Instant, theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let info = Line::from(Span::styled(
        info_line(play, now),
        theme.style(Paint::Title),
    ));
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
    let help = "? help";
    let text = escape_controls(&message.text);
    let line = Line::from(vec![Span::styled(text.to_string(), theme.style(paint))]);
    let row = Rect {
        y: area.y + 1,
        height: 1,
        ..area
    };
    line.render(row, buf);
    let help_width = help.len() as u16;
    if area.width > help_width + text.chars().count() as u16 + 1 {
        buf.set_string(
            area.right() - help_width,
            row.y,
            help,
            theme.style(Paint::Dim),
        );
    }
}
