//! Chaining: the techniques that follow chains of implications between
//! candidates, as Sudoku Explainer keeps them in `rules/chaining/`, rated
//! 6.5 and up.
//!
//! The files, from the bottom up: each imports only files listed above it,
//! so the imports point one way (the test below checks there is no circle).
//!
//! - `shared`: the candidate-state encoding, [`two`](shared::two), SE's
//!   length bonus and rounding;
//! - `board`: the board a forcing chain reasons on, SE's settings
//!   ([`forcing::Mode`]) and why a state was reached;
//! - [`closure`]: everything each candidate state implies through static
//!   links, which tells the static searches what cannot succeed;
//! - [`chains`]: static chains and cycles (forcing X-chains, forcing
//!   chains, bidirectional X-, Y- and XY-cycles);
//! - `plus`: the rules that join a dynamic forcing chain (+) when it
//!   stops (locked candidates, pairs, X-wings);
//! - `propagation`: following one assumption through every implication;
//! - `text`: the sentences, cells and ratings of the forcing chain steps;
//! - `nested`: what a search nested in a forcing chain yields (the chains
//!   kept, their rule parents and fingerprints);
//! - [`forcing`]: the engine's search (Nishio, multiple, dynamic, dynamic
//!   (+) and nested forcing chains), which runs the nested searches itself.

mod board;
pub(super) mod chains;
pub(super) mod closure;
pub(super) mod forcing;
mod nested;
mod plus;
mod propagation;
mod reuse;
mod shared;
mod text;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// Which modules import which.
    type Graph = BTreeMap<String, Vec<String>>;

    /// The modules of `modules` that `source` names after `super::` or
    /// `chaining::`, in `use` declarations and in paths alike, with the
    /// names inside braces (`use super::{board::Board, shared::st}`);
    /// comments are left out.
    fn imports(source: &str, modules: &[String]) -> Vec<String> {
        let code: Vec<&str> = source
            .lines()
            .map(|line| line.find("//").map_or(line, |i| &line[..i]))
            .collect();
        let code = code.join("\n");
        let mut found = Vec::new();
        for prefix in ["super::", "chaining::"] {
            for (i, _) in code.match_indices(prefix) {
                let mut rest = &code[i + prefix.len()..];
                while let Some(tail) = rest.strip_prefix("super::") {
                    rest = tail;
                }
                for name in first_segments(rest) {
                    if modules.contains(&name) && !found.contains(&name) {
                        found.push(name);
                    }
                }
            }
        }
        found.sort();
        found
    }

    /// The first segment of the path at the start of `rest`, or of each
    /// path in the braces there.
    fn first_segments(rest: &str) -> Vec<String> {
        let ident = |s: &str| -> String {
            s.trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        let Some(group) = rest.strip_prefix('{') else {
            return vec![ident(rest)];
        };
        // The items of the group, split at its own commas.
        let mut names = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    names.push(ident(&group[start..i]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    names.push(ident(&group[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
        names
    }

    /// A circle of imports, as the modules along it (the first again at the
    /// end), or `None`.
    fn circle(graph: &Graph) -> Option<Vec<String>> {
        // 1: being visited (on `path`), 2: done.
        fn visit(
            m: &str,
            graph: &Graph,
            state: &mut BTreeMap<String, u8>,
            path: &mut Vec<String>,
        ) -> Option<Vec<String>> {
            match state.get(m) {
                Some(1) => {
                    let i = path.iter().position(|p| p == m).expect("on the path");
                    let mut found = path[i..].to_vec();
                    found.push(m.to_string());
                    return Some(found);
                }
                Some(_) => return None,
                None => {}
            }
            state.insert(m.to_string(), 1);
            path.push(m.to_string());
            for next in graph.get(m).into_iter().flatten() {
                if let Some(found) = visit(next, graph, state, path) {
                    return Some(found);
                }
            }
            path.pop();
            state.insert(m.to_string(), 2);
            None
        }
        let mut state = BTreeMap::new();
        graph
            .keys()
            .find_map(|m| visit(m, graph, &mut state, &mut Vec::new()))
    }

    /// The chaining folder's import graph, read from its source files.
    fn chaining_graph() -> Graph {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/logic/chaining");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(dir).expect("the chaining folder") {
            let path = entry.expect("a folder entry").path();
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
                let source = std::fs::read_to_string(&path).expect("a source file");
                files.insert(name.to_string(), source);
            }
        }
        let modules: Vec<String> = files.keys().cloned().collect();
        files
            .iter()
            .map(|(name, source)| {
                let mut to = imports(source, &modules);
                to.retain(|m| m != name);
                (name.clone(), to)
            })
            .collect()
    }

    #[test]
    fn the_chaining_imports_point_one_way() {
        let graph = chaining_graph();
        assert!(graph.len() >= 9, "the files of chaining/: {graph:?}");
        assert!(graph["forcing"].contains(&"propagation".to_string()));
        assert_eq!(
            graph["shared"],
            Vec::<String>::new(),
            "shared.rs is the bottom"
        );
        if let Some(found) = circle(&graph) {
            panic!(
                "the imports of logic/chaining/ go round: {}\n(all imports: {graph:#?})",
                found.join(" -> ")
            );
        }
    }

    #[test]
    fn the_import_reader_sees_every_form_and_a_circle() {
        let modules: Vec<String> = ["a", "b", "c", "d", "shared"].map(String::from).to_vec();
        let a = "use super::b;\n// use super::d;\nfn f() {\n    super::c::g(); // super::d\n}";
        let b = "use super::{self, shared::st, a::{One, Two}};\nuse super::*;";
        let c = "use crate::logic::chaining::{\n    d as x,\n};\n/// [`super::a`]\nfn g() {}";
        assert_eq!(imports(a, &modules), ["b", "c"]);
        assert_eq!(imports(b, &modules), ["a", "shared"]);
        assert_eq!(imports(c, &modules), ["d"]);
        let mut graph = Graph::new();
        for (m, to) in [("a", vec!["b", "c"]), ("b", vec!["shared"]), ("c", vec![])] {
            graph.insert(m.into(), to.into_iter().map(String::from).collect());
        }
        assert_eq!(circle(&graph), None);
        graph.insert("c".into(), vec!["d".into()]);
        graph.insert("d".into(), vec!["a".into()]);
        assert_eq!(
            circle(&graph),
            Some(["a", "c", "d", "a"].map(String::from).to_vec())
        );
    }
}
