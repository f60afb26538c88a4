//! The links of a chain step as data: the candidates a chain passes
//! through, in order, each on (the digit is in the cell) or off (it is
//! not), for the games to draw and list.
//!
//! A chain step ([`Step::chains`](crate::logic::Step::chains)) has one
//! [`Chain`] for a static chain or cycle, and one per branch for a forcing
//! chain (the two lines of a contradiction or a double chain, a line per
//! digit of a cell or per place of a digit in a unit). The chains are
//! made when the step is, from the path its search kept; the search
//! itself never builds them.
//!
//! Written out, a chain reads `+3d=5 => -3g=5 => +8g=5`: each candidate
//! as in the games' notation (`docs/notation.md`), `+` when on and `-`
//! when off.

use std::fmt;

use crate::pos::{Cell, Digit};

/// One candidate of a chain: `digit` in `cell`, on or off.
///
/// ```
/// use sudoku_core::logic::ChainNode;
/// use sudoku_core::{Cell, Digit};
/// let node = ChainNode {
///     cell: Cell::from_name("3d").unwrap(),
///     digit: Digit::new(5).unwrap(),
///     on: false,
/// };
/// assert_eq!(node.to_string(), "-3d=5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// Whether the chain has the digit in the cell (true) or out of it.
    pub on: bool,
}

/// `+3d=5` (on) or `-3d=5` (off).
impl fmt::Display for ChainNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { '+' } else { '-' };
        write!(f, "{sign}{}={}", self.cell, self.digit)
    }
}

/// How one node of a chain leads to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// On to off: the digit in one place rules the other out (the two see
    /// each other, or share the cell).
    Weak,
    /// Off to on: the digit out of one place puts it in the other (the
    /// last two places of a digit in a unit, or of digits in a cell).
    Strong,
    /// On to on or off to off: a step a forcing chain took through other
    /// candidates, or a rule (locked candidates, pairs) found on the way.
    Implied,
}

/// A chain: its nodes in the order the reasoning follows them.
///
/// ```
/// use sudoku_core::logic::{Chain, ChainNode, LinkKind};
/// use sudoku_core::{Cell, Digit};
/// let node = |cell: &str, on| ChainNode {
///     cell: Cell::from_name(cell).unwrap(),
///     digit: Digit::new(5).unwrap(),
///     on,
/// };
/// let chain = Chain::new(vec![node("3d", true), node("3g", false), node("8g", true)]);
/// assert_eq!(chain.to_string(), "+3d=5 => -3g=5 => +8g=5");
/// let kinds: Vec<LinkKind> = chain.links().map(|(_, _, kind)| kind).collect();
/// assert_eq!(kinds, [LinkKind::Weak, LinkKind::Strong]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chain {
    nodes: Vec<ChainNode>,
}

impl Chain {
    /// A chain through `nodes`, in order.
    pub fn new(nodes: Vec<ChainNode>) -> Chain {
        Chain { nodes }
    }

    /// The nodes, in order.
    pub fn nodes(&self) -> &[ChainNode] {
        &self.nodes
    }

    /// Each pair of neighbouring nodes with the kind of their link.
    pub fn links(&self) -> impl Iterator<Item = (ChainNode, ChainNode, LinkKind)> + '_ {
        self.nodes.windows(2).map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let kind = match (a.on, b.on) {
                (true, false) => LinkKind::Weak,
                (false, true) => LinkKind::Strong,
                _ => LinkKind::Implied,
            };
            (a, b, kind)
        })
    }

    /// The cells the chain passes through, each once, in order.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for node in &self.nodes {
            if !out.contains(&node.cell) {
                out.push(node.cell);
            }
        }
        out
    }
}

/// `+3d=5 => -3g=5 => +8g=5`.
impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                f.write_str(" => ")?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}
