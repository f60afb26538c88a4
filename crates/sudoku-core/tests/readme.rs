//! The crate README is read in two places: rustdoc includes it as the crate
//! docs, and the repository page and crates.io show it as plain Markdown.
//! Nothing in it may need rustdoc to read right: no hidden `# ` lines in its
//! examples, and no `[`Item`]` link without a target of its own.

const README: &str = include_str!("../README.md");

/// The lines of the README's fenced code blocks.
fn code_lines() -> Vec<&'static str> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in README.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if inside {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn examples_hide_no_lines() {
    let hidden: Vec<&str> = code_lines()
        .into_iter()
        .filter(|l| l.trim_start() == "#" || l.trim_start().starts_with("# "))
        .collect();
    assert!(hidden.is_empty(), "lines only rustdoc hides: {hidden:?}");
    assert!(
        README.contains("fn main() -> Result<(), Box<dyn Error>> {"),
        "the tour shows where its `?` goes"
    );
}

#[test]
fn every_item_link_has_a_docs_rs_target() {
    let prose: String = {
        let code = code_lines();
        README
            .lines()
            .filter(|l| !code.contains(l) && !l.starts_with("[`"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut used: Vec<&str> = prose
        .match_indices("[`")
        .filter_map(|(at, _)| {
            let rest = &prose[at..];
            rest.find("`]").map(|end| &rest[..end + 2])
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    assert!(used.len() >= 10, "{used:?}");
    for link in used {
        let target = README
            .lines()
            .find_map(|l| l.strip_prefix(link)?.strip_prefix(": "))
            .unwrap_or_else(|| panic!("{link} has no target"));
        let name = link.trim_matches(['[', ']', '`']);
        assert!(
            target.starts_with("https://docs.rs/sudoku-core/latest/sudoku_core/")
                && target.ends_with(".html"),
            "{link}: {target}"
        );
        // The page is the item's own, or its module's index.
        let page = target.rsplit('/').next().unwrap_or("");
        let item = page.trim_end_matches(".html").rsplit('.').next();
        assert!(
            item == Some(name) || item == Some("index") || name == "LogicStep",
            "{link}: {target}"
        );
    }
}
