//! Reading a man page (roff) as the tests of `sudoku man` and
//! `sudoku-tui --man` do: its words as a reader sees them, its sections and
//! tagged paragraphs, and groff's rendering with warnings on.

use std::io::Write;
use std::process::{Command, Stdio};

/// The roff `page` as a reader sees its words: fonts dropped, `\-` as `-`,
/// `\*(Aq` as `'`, and the escaped arrows as arrows.
pub fn plain(roff: &str) -> String {
    roff.replace("\\fB", "")
        .replace("\\fI", "")
        .replace("\\fR", "")
        .replace("\\-", "-")
        .replace("\\*(Aq", "'")
        .replace("\\[u2191]", "\u{2191}")
        .replace("\\[u2193]", "\u{2193}")
}

/// The section `.SH TITLE` (quoted when it has spaces) of `page`, up to the
/// next one. Panics, naming it, when there is none.
pub fn section<'a>(page: &'a str, title: &str) -> &'a str {
    let heading = match title.contains(' ') {
        true => format!(".SH \"{title}\"\n"),
        false => format!(".SH {title}\n"),
    };
    let start = page
        .find(&heading)
        .unwrap_or_else(|| panic!("no section {title}"));
    let rest = &page[start + heading.len()..];
    &rest[..rest.find("\n.SH ").unwrap_or(rest.len())]
}

/// The tagged paragraphs (`.TP`) of `section`: each term with the line
/// after it.
///
/// ```
/// let section = ".TP\n-o FILE\nWrite to FILE.\n.TP\n-q\nQuiet.\n";
/// assert_eq!(
///     sudoku_test_support::roff::items(section),
///     [("-o FILE", "Write to FILE."), ("-q", "Quiet.")]
/// );
/// ```
pub fn items(section: &str) -> Vec<(&str, &str)> {
    let lines: Vec<&str> = section.lines().collect();
    lines
        .windows(3)
        .filter(|three| three[0] == ".TP")
        .map(|three| (three[1], three[2]))
        .collect()
}

/// Whether `text` has `word` standing alone: not inside a longer word or
/// flag (`-o` is not in `--output`).
///
/// ```
/// use sudoku_test_support::roff::has_word;
/// assert!(has_word("-o, --output FILE", "-o"));
/// assert!(!has_word("--output FILE", "-o"));
/// ```
pub fn has_word(text: &str, word: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

/// `roff` rendered by `groff -man -Tutf8 -ww` (every warning on), as text
/// without overstriking; panics when groff fails or warns, with what it
/// said. The caller's test needs groff (`needs::program("groff", ...)`).
pub fn render(roff: &str) -> String {
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P-cbou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("groff runs");
    let mut input = groff.stdin.take().expect("groff's stdin");
    input
        .write_all(roff.as_bytes())
        .expect("groff reads the page");
    drop(input);
    let shown = groff.wait_with_output().expect("groff ends");
    assert!(shown.status.success(), "groff failed");
    assert_eq!(String::from_utf8_lossy(&shown.stderr), "", "groff warnings");
    String::from_utf8_lossy(&shown.stdout).into_owned()
}
