//! History: the undo and redo stacks of a game.

use crate::pos::{Cell, Digit};

/// One change to one cell: what it held before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The cell that changed.
    pub cell: Cell,
    /// Its digit before the move (`None`: blank).
    pub before: Option<Digit>,
    /// Its digit after the move (`None`: erased).
    pub after: Option<Digit>,
}

impl Move {
    /// The move that takes this one back.
    pub fn reversed(self) -> Move {
        Move {
            cell: self.cell,
            before: self.after,
            after: self.before,
        }
    }
}

/// Moves that can be undone, and undone moves that can be redone.
///
/// Recording a new move forgets the redo stack, as editors do.
///
/// ```
/// use sudoku_core::{Cell, Digit, History, Move};
/// let mut history = History::default();
/// let mv = Move { cell: Cell::new(0).unwrap(), before: None, after: Digit::new(4) };
/// history.record(mv);
/// assert_eq!(history.undo(), Some(mv));
/// assert_eq!(history.undo(), None);
/// assert_eq!(history.redo(), Some(mv));
/// assert_eq!(history.done(), [mv]);
/// assert_eq!(history.undone().count(), 0);
/// assert_eq!(
///     format!("{mv:?}"),
///     "Move { cell: Cell(1a), before: None, after: Some(Digit(4)) }"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    done: Vec<Move>,
    undone: Vec<Move>,
}

impl History {
    /// Records a move that was just made.
    pub fn record(&mut self, mv: Move) {
        self.done.push(mv);
        self.undone.clear();
    }

    /// Takes the last move off the undo stack, for the caller to reverse.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.done.pop()?;
        self.undone.push(mv);
        Some(mv)
    }

    /// Takes the last undone move, for the caller to make again.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = self.undone.pop()?;
        self.done.push(mv);
        Some(mv)
    }

    /// The last move that is still in effect.
    pub fn last(&self) -> Option<Move> {
        self.done.last().copied()
    }

    /// How many moves can be undone.
    pub fn undo_len(&self) -> usize {
        self.done.len()
    }

    /// How many moves can be redone.
    pub fn redo_len(&self) -> usize {
        self.undone.len()
    }

    /// The moves that can be undone, oldest first: replayed from the
    /// givens, they give the board.
    pub fn done(&self) -> &[Move] {
        &self.done
    }

    /// The undone moves, in the order [`History::redo`] makes them again.
    pub fn undone(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.undone.iter().rev().copied()
    }

    /// Forgets the undone moves: redo has nothing left to make.
    pub fn clear_undone(&mut self) {
        self.undone.clear();
    }

    /// Forgets every move.
    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }
}
