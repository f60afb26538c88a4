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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Candidates, LogicSolver, Step, Technique};
    use crate::parse::parse_many;
    use crate::pos::Unit;

    /// Whether a weak link (`a` on, so `b` off) holds on `marks`: the same
    /// cell, or the same digit in cells that see each other.
    fn weak(a: ChainNode, b: ChainNode) -> bool {
        (a.cell == b.cell && a.digit != b.digit)
            || (a.digit == b.digit && a.cell != b.cell && a.cell.peers().any(|p| p == b.cell))
    }

    /// Whether a strong link (`a` off, so `b` on) holds on `marks`: the
    /// last two digits of a cell, or the last two places of a digit in a
    /// unit.
    fn strong(marks: &Candidates, a: ChainNode, b: ChainNode) -> bool {
        if a.cell == b.cell {
            return a.digit != b.digit && marks.get(a.cell).iter().count() == 2;
        }
        a.digit == b.digit
            && Unit::of(a.cell).into_iter().any(|u| {
                let places: Vec<_> = u.cells().filter(|&c| marks.contains(c, a.digit)).collect();
                places.len() == 2 && places.contains(&b.cell)
            })
    }

    /// Whether the step concludes `node`: places it (on) or removes it.
    fn concludes(step: &Step, node: ChainNode) -> bool {
        let candidate = (node.cell, node.digit);
        if node.on {
            step.placements().contains(&candidate)
        } else {
            step.eliminations().contains(&candidate)
        }
    }

    fn negated(node: ChainNode) -> ChainNode {
        ChainNode {
            on: !node.on,
            ..node
        }
    }

    fn check(marks: &Candidates, step: &Step) {
        let chains = step.chains();
        for node in chains.iter().flat_map(|c| c.nodes()) {
            assert!(marks.contains(node.cell, node.digit), "{node} in {step}");
        }
        for (a, b, kind) in chains.iter().flat_map(|c| c.links()) {
            match kind {
                LinkKind::Weak => assert!(weak(a, b), "{a} => {b} in {step}"),
                LinkKind::Strong if step.technique() < Technique::Nishio => {
                    assert!(strong(marks, a, b), "{a} => {b} in {step}")
                }
                _ => assert!(
                    step.technique() >= Technique::Nishio,
                    "{a} => {b} in {step}"
                ),
            }
        }
        let first = |c: &Chain| c.nodes()[0];
        let last = |c: &Chain| *c.nodes().last().unwrap();
        match step.technique() {
            Technique::XCycle | Technique::YCycle | Technique::XyCycle => {
                assert_eq!(chains.len(), 1);
                assert_eq!(first(&chains[0]), last(&chains[0]), "{step}");
            }
            Technique::XChain | Technique::ForcingChain => {
                assert_eq!(chains.len(), 1);
                let (a, z) = (first(&chains[0]), last(&chains[0]));
                assert_eq!(z, negated(a), "a contradiction: {step}");
                assert!(concludes(step, z), "{step}");
            }
            _ => {
                // A contradiction: two lines from the assumption to one
                // candidate on and off; else every branch ends at the
                // conclusion.
                let (a, b) = (&chains[0], &chains[chains.len() - 1]);
                if chains.len() == 2 && first(a) == first(b) && last(a) == negated(last(b)) {
                    assert!(concludes(step, negated(first(a))), "{step}");
                } else {
                    assert!(chains.iter().all(|c| last(c) == last(a)), "{step}");
                    assert!(concludes(step, last(a)), "{step}");
                }
            }
        }
    }

    #[test]
    fn the_links_of_every_chain_step_hold_on_the_board() {
        let text = concat!(
            include_str!("../../puzzles/sudoku08-ai-escargot.txt"),
            "\n",
            include_str!("../../puzzles/sudoku09-inkala-2012.txt"),
            "\n.6..5.1.......2.3....4...7943........2...8..3..5.2..1..5....9...82.........537.2.\n",
        );
        let mut techniques = Vec::new();
        for record in parse_many(text) {
            let mut solver = LogicSolver::new(&record.unwrap().grid);
            loop {
                let marks = solver.candidates().clone();
                let Some(step) = solver.advance() else { break };
                let chain = matches!(
                    step.technique(),
                    Technique::XCycle | Technique::YCycle | Technique::XyCycle | Technique::XChain
                ) || step.technique() >= Technique::ForcingChain
                    && step.technique() != Technique::AlignedTripleExclusion;
                assert_eq!(!step.chains().is_empty(), chain, "{step}");
                if chain {
                    check(&marks, &step);
                    techniques.push(step.technique());
                }
            }
        }
        techniques.sort();
        techniques.dedup();
        assert!(techniques.len() >= 3, "{techniques:?}");
    }
}
