//! What the real binary tells a person before the game starts: `-h` names
//! the main keys and the help key, `--help` lists every key and mouse
//! action, and `--man` documents every option and every binding of the
//! table the help screen shows, with its closing sections, and renders
//! without a warning. Without groff the rendering test is reported as
//! ignored, with the reason, by the harness of `sudoku-test-support`
//! (`harness = false`).

use std::process::{Command, ExitCode, Output, Stdio};

use sudoku_test_support::roff::{items, plain, render, section};
use sudoku_test_support::{needs, tests, Missing};
use sudoku_tui::keys;

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        needs::nothing => [
            the_short_help_names_the_main_keys_and_the_help_key,
            the_long_help_lists_every_key_and_mouse_action,
            the_man_page_documents_every_option_and_every_binding,
            the_man_page_is_ascii,
        ],
        groff => [the_man_page_renders_without_a_warning],
    ])
}

/// Renders man pages as a terminal shows them.
fn groff() -> Result<(), Missing> {
    needs::program("groff", "groff-base")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-tui"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The names `-h` gives the options (`--resume`, `-h`, `--help`) and
/// arguments (`PATH`).
fn names_in_short_help() -> Vec<String> {
    let help = stdout(&run(&["-h"]));
    let mut names = Vec::new();
    let mut heading = "";
    for line in help.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            heading = line;
        } else if line.starts_with("  ") && matches!(heading, "Options:" | "Arguments:") {
            let entry = line.trim_start();
            let column = entry.split_once("  ").map_or(entry, |(names, _)| names);
            for word in column.split([',', ' ']) {
                if word.starts_with('-') {
                    names.push(word.to_string());
                } else if heading == "Arguments:" && !word.is_empty() {
                    names.push(word.trim_matches(['[', ']', '<', '>', '.']).to_string());
                }
            }
        }
    }
    names
}

fn the_short_help_names_the_main_keys_and_the_help_key() {
    let help = stdout(&run(&["-h"]));
    assert!(help.contains(keys::SUMMARY), "{help}");
    for said in ["arrows", "1-9", "q quits", "press ?", "F1", "mouse"] {
        assert!(help.contains(said), "-h does not say {said}:\n{help}");
    }
}

fn the_long_help_lists_every_key_and_mouse_action() {
    let help = stdout(&run(&["--help"]));
    for group in keys::GROUPS {
        assert!(help.contains(&format!("{}:\n", group.title)), "{help}");
    }
    for (keys, what) in keys::bindings() {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(keys) && l.ends_with(what));
        assert!(line.is_some(), "--help lacks {keys}: {what}\n{help}");
    }
}

fn the_man_page_documents_every_option_and_every_binding() {
    let page = plain(&stdout(&run(&["--man"])));
    let options = section(&page, "OPTIONS");
    let names = names_in_short_help();
    for name in [
        "--resume",
        "--random",
        "--seed",
        "--completions",
        "--man",
        "-V",
        "PATH",
    ] {
        assert!(names.iter().any(|n| n == name), "-h lost {name}: {names:?}");
    }
    for name in &names {
        assert!(
            items(options).iter().any(|(term, _)| term
                .split([',', ' ', '[', ']', '<', '>'])
                .any(|w| w == name)),
            "{name} is not documented"
        );
    }
    for group in keys::GROUPS {
        let body = section(&page, &group.title.to_uppercase());
        let items = items(body);
        for (keys, what) in group.bindings {
            assert!(
                items.contains(&(*keys, *what)),
                "{}: no {keys}: {what}\n{body}",
                group.title
            );
        }
    }
    for title in [
        "QUESTIONS",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ] {
        assert!(
            section(&page, title)
                .lines()
                .any(|l| !l.starts_with('.') && l.len() > 20),
            "{title} says nothing"
        );
    }
    for status in ["0", "1", "2", "128+N"] {
        assert!(items(section(&page, "EXIT STATUS"))
            .iter()
            .any(|(term, _)| *term == status));
    }
    for variable in ["NO_COLOR", "XDG_DATA_HOME", "HOME"] {
        assert!(items(section(&page, "ENVIRONMENT"))
            .iter()
            .any(|(term, _)| *term == variable));
    }
    // The only other page it names is sudoku(1), which `sudoku man` makes.
    for (at, _) in page.match_indices("(1)") {
        let name: String = page[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        assert!(
            name.is_empty() || name == "sudoku",
            "the page names {name}(1)"
        );
    }
}

fn the_man_page_is_ascii() {
    let roff = stdout(&run(&["--man"]));
    assert!(roff.is_ascii(), "every character beyond ASCII is escaped");
}

fn the_man_page_renders_without_a_warning() {
    let roff = stdout(&run(&["--man"]));
    let page = render(&roff);
    for said in [
        "KEYS ON THE BOARD",
        "THE MOUSE",
        "left click",
        "EXIT STATUS",
        "\u{2191}\u{2193}",
    ] {
        assert!(page.contains(said), "{said}:\n{page}");
    }
}
