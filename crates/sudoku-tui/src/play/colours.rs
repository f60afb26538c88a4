//! Colouring and the digit filter on the board: the pen colour, the keys
//! that wait for a digit (`X` then a candidate, `f` then the filter's
//! digit), and what they do to the session.

use sudoku_core::session::{Colour, Target};
use sudoku_core::{Cell, Digit};

use super::{Play, Tone};
use crate::action::Action;

/// What the board remembers of colouring and filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaintState {
    /// The colour `x` and `X` paint with; `v` changes it.
    pub pen: Colour,
    /// A key that waits for a digit.
    pub pending: Option<Pending>,
    /// The digit the filter shows, if it is on.
    pub filter: Option<Digit>,
}

impl Default for PaintState {
    fn default() -> Self {
        PaintState {
            pen: Colour::A,
            pending: None,
            filter: None,
        }
    }
}

/// A key that waits for a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `X`: the digit is the candidate to paint (0 clears every colour).
    Candidate,
    /// `f`: the digit to filter (0 or the same digit turns it off).
    Filter,
}

impl Play {
    /// The pen, the key waiting for a digit and the filter.
    pub fn paint_state(&self) -> PaintState {
        self.paint
    }

    /// Whether the filter marks `cell` as one where its digit can go.
    pub fn is_filter_spot(&self, cell: Cell) -> bool {
        self.paint
            .filter
            .is_some_and(|d| self.session.can_go(cell, d))
    }

    /// Whether the filter is on and `cell` sees the cursor's cell.
    pub fn is_filter_peer(&self, cell: Cell) -> bool {
        self.paint.filter.is_some() && self.is_selected() && self.cursor.sees(cell)
    }

    /// Handles the colouring and filter keys, and the digit a waiting key
    /// takes; `true` when `action` was one of them (then nothing else is
    /// done with it). Any other key cancels a waiting one.
    pub(super) fn paint_update(&mut self, action: &Action) -> bool {
        if let Some(pending) = self.paint.pending.take() {
            let value = match action {
                Action::Digit(d) => Some(Some(*d)),
                Action::Erase => Some(None),
                _ => None,
            };
            if let Some(digit) = value {
                match pending {
                    Pending::Candidate => self.paint_candidate(digit),
                    Pending::Filter => self.set_filter(digit),
                }
                return true;
            }
        }
        match action {
            Action::NextPen => {
                let next = (self.paint.pen.index() + 1) % Colour::ALL.len();
                self.paint.pen = Colour::ALL[next];
                self.say(
                    Tone::Info,
                    format!(
                        "Pen colour {}: x colours the cell, X then a digit its candidate",
                        self.paint.pen
                    ),
                );
            }
            Action::PaintCell => self.paint_target(Target::Cell(self.cursor)),
            Action::PaintCandidate => {
                self.paint.pending = Some(Pending::Candidate);
                self.say(
                    Tone::Info,
                    format!(
                        "Colour {} on which candidate of {}? 1-9 (0 clears every colour)",
                        self.paint.pen, self.cursor
                    ),
                );
            }
            Action::Filter => {
                self.paint.pending = Some(Pending::Filter);
                self.say(Tone::Info, "Filter which digit? 1-9 (0 turns it off)");
            }
            _ => return false,
        }
        true
    }

    /// Paints `target` with the pen, or takes the pen's colour off it.
    fn paint_target(&mut self, target: Target) {
        let pen = self.paint.pen;
        let colour = (self.session.colours().get(target) != Some(pen)).then_some(pen);
        match self.session.paint(target, colour) {
            Ok(_) => {
                self.selected = true;
                let text = match colour {
                    Some(c) => format!("Coloured {target} {c} (u undoes)"),
                    None => format!("Took the colour off {target}"),
                };
                self.say(Tone::Info, text);
            }
            Err(err) => self.say(Tone::Bad, super::sentence(err)),
        }
    }

    fn paint_candidate(&mut self, digit: Option<Digit>) {
        match digit {
            Some(d) => self.paint_target(Target::Candidate(self.cursor, d)),
            None => {
                let n = self.session.clear_colours();
                self.say(
                    Tone::Info,
                    format!("Cleared {n} colours (u brings them back)"),
                );
            }
        }
    }

    fn set_filter(&mut self, digit: Option<Digit>) {
        self.paint.filter = match digit {
            Some(d) if self.paint.filter != Some(d) => Some(d),
            _ => None,
        };
        let text = match self.paint.filter {
            Some(d) => {
                let spots = sudoku_core::Cell::all()
                    .filter(|&c| self.session.can_go(c, d))
                    .count();
                format!("Filter {d}: * where it can go ({spots} cells), : the cursor's peers")
            }
            None => "Filter off".to_string(),
        };
        self.say(Tone::Info, text);
    }
}
