//! The text of the forcing chain engine's steps: the sentence that follows
//! the main line of each branch ("if 5c is 7, then 5d is not 7, so ..."),
//! the cells to show and the rating, for a contradiction, a double chain or
//! a cell or region chain in any of SE's settings.

use super::board::{Board, Cause, Mode, Rule};
use super::shared::{length_bonus, st, st_cell, st_digit, st_on, to_rating};
use crate::logic::{cell, digit, Chain, ChainNode, Digits, Rating, Step, Words, UNIT_BITS};
use crate::pos::Cell;

/// Writes the steps of one setting's conclusions on one board.
pub(super) struct Writer<'a> {
    pub(super) mode: Mode,
    pub(super) board: &'a Board,
}

impl Writer<'_> {
    /// SE's rating of a step of `complexity` in this setting.
    fn rating(&self, complexity: usize) -> Rating {
        to_rating(self.mode.base() + length_bonus(complexity))
    }

    /// SE's name of a chain of `kind` (`Contradiction`, `Double`, `Cell`,
    /// `Region`) in this setting.
    fn name(&self, kind: &str) -> String {
        let mode = self.mode;
        let suffix = mode.suffix();
        if mode.nishio {
            "Nishio forcing chain".to_string()
        } else if mode.dynamic {
            format!("Dynamic {} forcing chain{suffix}", kind.to_lowercase())
        } else {
            format!("{kind} forcing chain")
        }
    }

    /// A contradiction from `d` on (or off) in `c`: `line_a` and `line_b`
    /// lead from the assumption to one candidate, on and off.
    pub(super) fn contradiction(
        &self,
        c: usize,
        d: usize,
        on: bool,
        line_a: &[(u16, Cause)],
        line_b: &[(u16, Cause)],
        complexity: usize,
    ) -> Step {
        // The candidate found both on and off: where the lines end.
        let s = line_a[line_a.len() - 1].0;
        let name = self.name("Contradiction");
        let assume = state_text(st(c, d, on));
        let sentence = format!(
            "{name}: if {assume}, then {}; and {}: {} would be {d} and not {d}",
            chain_text(&line_a[1..]),
            chain_text(&line_b[1..]),
            cell(st_cell(s)),
            d = st_digit(s) + 1,
        );
        self.conclude(st(c, d, !on), sentence, complexity, &[line_a, line_b])
    }

    /// A double chain: `d` on and off in `c` both lead to state `s`.
    pub(super) fn double(
        &self,
        c: usize,
        d: usize,
        s: u16,
        on_line: &[(u16, Cause)],
        off_line: &[(u16, Cause)],
        complexity: usize,
    ) -> Step {
        let name = self.name("Double");
        let sentence = format!(
            "{name}: if {}, then {}; if {}, then {}: either way {}",
            state_text(st(c, d, true)),
            chain_text(&on_line[1..]),
            state_text(st(c, d, false)),
            chain_text(&off_line[1..]),
            state_text(s),
        );
        self.conclude(s, sentence, complexity, &[on_line, off_line])
    }

    /// A cell or region chain: every branch's line leads to state `s`.
    pub(super) fn branches(
        &self,
        branches: Branches,
        s: u16,
        lines: &[Line],
        complexity: usize,
    ) -> Step {
        let (name, what) = match branches {
            Branches::Cell(c) => (
                self.name("Cell"),
                format!("{} holds {}", cell(c), digit_list(self.board.m[c])),
            ),
            Branches::Region(u, d) => (
                self.name("Region"),
                format!(
                    "{} goes in {} within {}",
                    d + 1,
                    cell_list(self.board.at[d] & UNIT_BITS[u]),
                    crate::logic::unit(u)
                ),
            ),
        };
        let cases: Vec<String> = lines
            .iter()
            .map(|l| {
                if l.len() == 1 {
                    format!("if {}, then it is so", state_text(l[0].0))
                } else {
                    format!("if {}, then {}", state_text(l[0].0), chain_text(&l[1..]))
                }
            })
            .collect();
        let sentence = format!(
            "{name}: {what}; {}: either way {}",
            cases.join("; "),
            state_text(s)
        );
        let refs: Vec<&[(u16, Cause)]> = lines.iter().map(|l| l.as_slice()).collect();
        self.conclude(s, sentence, complexity, &refs)
    }

    /// The step concluding state `s`: placing its digit if on, removing it
    /// if off; `lines` are its branches, shown as its cells and chains.
    fn conclude(
        &self,
        s: u16,
        sentence: String,
        complexity: usize,
        lines: &[&[(u16, Cause)]],
    ) -> Step {
        let pattern = cells_of(lines);
        let chains = lines.iter().map(|line| chain_of(line)).collect();
        self.concluding(s, complexity, Words::Written, pattern, || sentence)
            .with_chains(chains)
    }

    /// The step concluding `s`, of `complexity`, without words (see
    /// [`Words`]): what it places or removes and its rating.
    pub(super) fn bare(&self, s: u16, complexity: usize) -> Step {
        self.concluding(s, complexity, Words::Left, Vec::new(), String::new)
    }

    /// The step concluding `s`, of `complexity`, with the pattern cells
    /// `pattern` and the sentence `sentence` (where `words` writes it).
    fn concluding(
        &self,
        s: u16,
        complexity: usize,
        words: Words,
        pattern: Vec<Cell>,
        sentence: impl FnOnce() -> String,
    ) -> Step {
        let (c, d) = (st_cell(s), st_digit(s));
        Step::concluding(
            words,
            self.mode.technique(),
            pattern,
            Digits::EMPTY.with(digit(d)),
            cell(c),
            digit(d),
            st_on(s),
            Digits::from_mask(self.board.m[c]),
            sentence,
        )
        .rated(self.rating(complexity))
    }
}

/// The branches of a cell chain (each digit of the cell) or a region chain
/// (each place of the digit in the unit).
#[derive(Clone, Copy)]
pub(super) enum Branches {
    Cell(usize),
    Region(usize, usize),
}

/// A chain's main line: states with their causes.
pub(super) type Line = Vec<(u16, Cause)>;

/// `5c is 7`, `5c is not 7`.
fn state_text(s: u16) -> String {
    let verb = if st_on(s) { "is" } else { "is not" };
    format!("{} {verb} {}", cell(st_cell(s)), st_digit(s) + 1)
}

/// `1a is 5, so 1d is not 5, ...`; a state a rule found on the board
/// the chain left says which rule.
fn chain_text(line: &[(u16, Cause)]) -> String {
    line.iter()
        .map(|&(s, cause)| match cause {
            Cause::Advanced(rule) => format!("{} ({})", state_text(s), rule_text(rule)),
            _ => state_text(s),
        })
        .collect::<Vec<_>>()
        .join(", so ")
}

/// How a rule that joined a chain reads in a sentence.
fn rule_text(rule: Rule) -> &'static str {
    match rule {
        Rule::Locking => "by locked candidates",
        Rule::HiddenPair => "by a hidden pair",
        Rule::NakedPair => "by a naked pair",
        Rule::XWing => "by an X-wing",
        Rule::Chains => "by a forcing chain",
        Rule::Multiple => "by a cell or region forcing chain",
        Rule::Dynamic => "by a dynamic forcing chain",
        Rule::DynamicNested => "by a nested forcing chain",
    }
}

/// `2, 5 or 7`.
fn digit_list(mask: u16) -> String {
    let digits: Vec<String> = (0..9)
        .filter(|d| mask & 1 << d != 0)
        .map(|d| (d + 1).to_string())
        .collect();
    or_list(&digits)
}

/// `4h, 6h or 7h`.
fn cell_list(set: u128) -> String {
    let cells: Vec<String> = (0..81)
        .filter(|&c| set & 1 << c != 0)
        .map(|c| cell(c).to_string())
        .collect();
    or_list(&cells)
}

/// The items joined by commas, the last by "or".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A line's states as a chain to draw.
fn chain_of(line: &[(u16, Cause)]) -> Chain {
    Chain::new(
        line.iter()
            .map(|&(s, _)| ChainNode {
                cell: cell(st_cell(s)),
                digit: digit(st_digit(s)),
                on: st_on(s),
            })
            .collect(),
    )
}

/// The cells of the lines, each once, in the order met: the pattern to show.
fn cells_of(lines: &[&[(u16, Cause)]]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for line in lines {
        for &(s, _) in line.iter() {
            let c = cell(st_cell(s));
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}
