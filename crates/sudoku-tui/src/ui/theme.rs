//! Colours and styles. Every meaning has a colour *and* a modifier (bold,
//! underline, reverse, italic), and the board also marks the cursor,
//! conflicts and the last move with characters, so it reads without
//! colour; with `NO_COLOR` set the colours are dropped and the rest stays.

use ratatui::style::{Color, Modifier, Style};

/// What a piece of the screen means, which decides its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// A given of the puzzle.
    Given,
    /// A digit the player entered.
    Player,
    /// The cell under the cursor (added on top).
    Cursor,
    /// Another cell holding the digit under the cursor (added on top).
    SameDigit,
    /// A cell of a row, column or box that holds a conflict (background).
    ConflictUnit,
    /// A digit that repeats in its row, column or box.
    ConflictDigit,
    /// A digit the mistake check found wrong.
    Mistake,
    /// The cell of the last move (added on top).
    LastMove,
    /// A digit the auto-solve placed.
    SolverPlace,
    /// A digit the auto-solve just took out.
    SolverRemove,
    /// A pencil mark, or the blank-cell dot.
    Pencil,
    /// Thin grid lines.
    Line,
    /// Heavy grid lines (box borders, frames).
    HeavyLine,
    /// Row and column labels.
    Label,
    /// The label of a row or column that holds a conflict.
    LabelConflict,
    /// Titles and headings.
    Title,
    /// Good news.
    Good,
    /// Bad news.
    Bad,
    /// Ordinary text.
    Text,
    /// Secondary text (key hints).
    Dim,
    /// The selected row of a list.
    ListSelected,
    /// A cell the hint ladder's rung points at.
    HintCell,
    /// A candidate the drawn step has on (`+5`).
    ChainOn,
    /// A candidate the drawn step has off (`-5`).
    ChainOff,
}

/// The styles in use: with or without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    colour: bool,
}

impl Theme {
    /// Colours on or off.
    pub fn new(colour: bool) -> Theme {
        Theme { colour }
    }

    /// Colours unless `NO_COLOR` is set to a non-empty value (see
    /// <https://no-color.org>).
    pub fn from_env() -> Theme {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme::new(!no_colour)
    }

    /// The style of a cell or candidate painted `colour`: its background
    /// with colour, nothing without (the board shows its letter then).
    pub fn colour_style(&self, colour: sudoku_core::session::Colour) -> Style {
        use sudoku_core::session::Colour as C;
        if !self.colour {
            return Style::new();
        }
        let bg = match colour {
            C::A => Color::Blue,
            C::B => Color::Green,
            C::C => Color::Yellow,
            C::D => Color::Magenta,
            C::E => Color::Cyan,
            C::F => Color::Gray,
        };
        Style::new().bg(bg).fg(Color::Black)
    }

    /// Whether colours are used.
    pub fn has_colour(&self) -> bool {
        self.colour
    }

    /// The style of `paint`.
    pub fn style(&self, paint: Paint) -> Style {
        let style = full_style(paint);
        if self.colour {
            style
        } else {
            Style {
                fg: None,
                bg: None,
                ..style
            }
        }
    }
}

fn full_style(paint: Paint) -> Style {
    let s = Style::new();
    match paint {
        Paint::Given => s.add_modifier(Modifier::BOLD),
        Paint::Player => s.fg(Color::Cyan),
        Paint::Cursor => s.add_modifier(Modifier::REVERSED),
        Paint::SameDigit => s.bg(Color::Indexed(24)).add_modifier(Modifier::UNDERLINED),
        Paint::ConflictUnit => s.bg(Color::Indexed(52)),
        Paint::ConflictDigit => s.fg(Color::LightRed).add_modifier(Modifier::BOLD),
        Paint::Mistake => s
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        Paint::LastMove => s.fg(Color::Magenta).add_modifier(Modifier::ITALIC),
        Paint::SolverPlace => s.fg(Color::Green).add_modifier(Modifier::BOLD),
        Paint::SolverRemove => s.fg(Color::Red).add_modifier(Modifier::CROSSED_OUT),
        Paint::Pencil => s.fg(Color::DarkGray),
        Paint::Line => s.fg(Color::DarkGray),
        Paint::HeavyLine => s.fg(Color::Gray),
        Paint::Label => s.fg(Color::Gray),
        Paint::LabelConflict => s.fg(Color::LightRed).add_modifier(Modifier::REVERSED),
        Paint::Title => s.fg(Color::LightCyan).add_modifier(Modifier::BOLD),
        Paint::Good => s.fg(Color::LightGreen),
        Paint::Bad => s.fg(Color::LightRed).add_modifier(Modifier::BOLD),
        Paint::Text => s,
        Paint::Dim => s.fg(Color::DarkGray),
        Paint::ListSelected => s.add_modifier(Modifier::REVERSED | Modifier::BOLD),
        Paint::HintCell => s.bg(Color::Indexed(22)).add_modifier(Modifier::UNDERLINED),
        Paint::ChainOn => s.fg(Color::LightGreen).add_modifier(Modifier::BOLD),
        Paint::ChainOff => s.fg(Color::LightBlue).add_modifier(Modifier::ITALIC),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_colour_keeps_the_modifiers_only() {
        let plain = Theme::new(false);
        let colour = Theme::new(true);
        assert_eq!(
            plain.style(Paint::ConflictDigit),
            Style::new().add_modifier(Modifier::BOLD)
        );
        assert_eq!(colour.style(Paint::ConflictDigit).fg, Some(Color::LightRed));
        assert_eq!(plain.style(Paint::ConflictUnit), Style::new());
        assert_eq!(plain.style(Paint::Player).fg, None);
        // the meanings the board shows are distinct with colour
        let all = [
            Paint::Given,
            Paint::Player,
            Paint::Cursor,
            Paint::SameDigit,
            Paint::ConflictUnit,
            Paint::ConflictDigit,
            Paint::Mistake,
            Paint::LastMove,
            Paint::SolverPlace,
            Paint::SolverRemove,
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(colour.style(*a), colour.style(*b), "{a:?} vs {b:?}");
            }
        }
    }
}
