//! A hint drawn on the board: the cells of the hint ladder's rung
//! highlighted, and from the move on, in the cells it concerns, what the
//! step does to their candidates instead of the pencil marks.
//!
//! A candidate reads as a sign and its digit, so the board needs no
//! colour: `+5` on (a digit the step places, or a chain's candidate that
//! is on), `-5` off (a chain's candidate that is off), `x5` removed by the
//! step. On the last rung a chain's candidates carry their place in the
//! chain (`+5 1`, `-5 2`, ...: the order of the links; each branch of a
//! forcing chain counts from 1). Where a cell has room for fewer lines
//! than it has entries, they share lines without their numbers, and a
//! `+` at the end of a three-wide cell says some are left out.

use sudoku_core::logic::{Clue, Rung};
use sudoku_core::Cell;

use crate::ui::theme::Paint;

/// One entry of a cell: its sign, digit and place in a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    sign: char,
    digit: u8,
    order: Option<usize>,
}

impl Entry {
    fn paint(self) -> Paint {
        match self.sign {
            '+' => Paint::ChainOn,
            '-' => Paint::ChainOff,
            _ => Paint::SolverRemove,
        }
    }
}

/// Whether the rung highlights `cell`.
pub fn highlights(clue: &Clue, cell: Cell) -> bool {
    clue.cells.contains(&cell)
}

/// What the rung draws in `cell`, in place of its pencil marks: lines of
/// at most `width` characters, at most `height` of them, each with its
/// paint. `None` when the rung says nothing about the cell's candidates.
pub fn lines(clue: &Clue, cell: Cell, width: u16, height: u16) -> Option<Vec<(String, Paint)>> {
    if clue.rung < Rung::Move {
        return None;
    }
    let entries = entries(clue, cell);
    if entries.is_empty() {
        return None;
    }
    let (width, height) = (usize::from(width), usize::from(height).max(1));
    let numbered = |e: &Entry| match e.order {
        Some(n) => format!("{}{}{n:>2}", e.sign, e.digit),
        None => format!("{}{}", e.sign, e.digit),
    };
    if entries.len() <= height && entries.iter().all(|e| numbered(e).len() <= width) {
        return Some(entries.iter().map(|e| (numbered(e), e.paint())).collect());
    }
    // Two characters each, as many to a line as fit.
    let per_line = ((width + 1) / 3).max(1);
    let mut out = Vec::new();
    for chunk in entries.chunks(per_line).take(height) {
        let text: Vec<String> = chunk
            .iter()
            .map(|e| format!("{}{}", e.sign, e.digit))
            .collect();
        out.push((text.join(" "), chunk[0].paint()));
    }
    let shown = per_line * height;
    if entries.len() > shown && width >= 3 {
        if let Some((last, _)) = out.last_mut() {
            last.truncate(width - 1);
            last.push('+');
        }
    }
    Some(out)
}

/// The cell's placements, chain candidates (on the last rung) and
/// removals, each candidate once, in that order.
fn entries(clue: &Clue, cell: Cell) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut add = |entry: Entry| {
        if !out
            .iter()
            .any(|e| e.digit == entry.digit && e.sign == entry.sign)
        {
            out.push(entry);
        }
    };
    for &(c, d) in &clue.placements {
        if c == cell {
            add(Entry {
                sign: '+',
                digit: d.get(),
                order: None,
            });
        }
    }
    for chain in &clue.chains {
        for (k, node) in chain.nodes().iter().enumerate() {
            if node.cell == cell {
                add(Entry {
                    sign: if node.on { '+' } else { '-' },
                    digit: node.digit.get(),
                    order: Some(k + 1),
                });
            }
        }
    }
    for &(c, d) in &clue.removals {
        if c == cell {
            add(Entry {
                sign: 'x',
                digit: d.get(),
                order: None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::logic::{Chain, ChainNode};
    use sudoku_core::Digit;

    fn cell(name: &str) -> Cell {
        Cell::from_name(name).unwrap()
    }

    fn node(name: &str, digit: u8, on: bool) -> ChainNode {
        ChainNode {
            cell: cell(name),
            digit: Digit::new(digit).unwrap(),
            on,
        }
    }

    fn clue(rung: Rung) -> Clue {
        Clue {
            rung,
            text: String::new(),
            cells: vec![cell("2g"), cell("2i")],
            removals: vec![(cell("2g"), Digit::new(5).unwrap())],
            placements: Vec::new(),
            chains: vec![Chain::new(vec![
                node("2g", 4, true),
                node("2g", 6, false),
                node("2i", 6, true),
                node("2g", 4, true),
            ])],
        }
    }

    #[test]
    fn a_chain_cell_shows_its_candidates_signed_and_numbered() {
        let clue = clue(Rung::Reasoning);
        assert!(highlights(&clue, cell("2i")) && !highlights(&clue, cell("1a")));
        let texts = |width, height| -> Vec<String> {
            lines(&clue, cell("2g"), width, height)
                .unwrap()
                .into_iter()
                .map(|(t, _)| t)
                .collect()
        };
        assert_eq!(texts(5, 3), ["+4 1", "-6 2", "x5"]);
        assert_eq!(texts(5, 2), ["+4 -6", "x5"]);
        assert_eq!(texts(3, 1), ["+4+"]);
        let paints: Vec<Paint> = lines(&clue, cell("2g"), 5, 3)
            .unwrap()
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        assert_eq!(
            paints,
            [Paint::ChainOn, Paint::ChainOff, Paint::SolverRemove]
        );
        assert_eq!(lines(&clue, cell("1a"), 5, 3), None);
    }

    #[test]
    fn the_move_shows_removals_and_the_rungs_before_it_nothing() {
        let mut clue = clue(Rung::Move);
        clue.chains.clear();
        let texts: Vec<String> = lines(&clue, cell("2g"), 5, 2)
            .unwrap()
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(texts, ["x5"]);
        clue.rung = Rung::Where;
        assert_eq!(lines(&clue, cell("2g"), 5, 2), None);
    }
}
