//! `sudoku completions SHELL` and `sudoku man`: scripts every shell can
//! load, naming every subcommand, and a man page that renders cleanly.
//! Without groff the rendering test is reported as ignored, with the
//! reason, by the harness of `sudoku-test-support` (`harness = false`).

mod common;

use std::process::{Command, ExitCode, Stdio};

use common::text;
use sudoku_test_support::roff::{has_word, items, plain, render, section};
use sudoku_test_support::{needs, tests, Missing};

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        needs::nothing => [
            every_shell_gets_a_script_naming_every_subcommand,
            the_bash_script_loads_and_completes,
            the_man_page_documents_every_command_and_option_of_the_tree,
            the_man_page_lists_every_command_of_the_game,
            the_man_page_has_its_closing_sections_and_no_empty_heading_or_missing_page,
            the_man_page_is_ascii,
            the_help_lists_the_everyday_commands_first,
        ],
        groff => [the_man_page_renders_without_a_warning],
    ])
}

/// Renders man pages as a terminal shows them.
fn groff() -> Result<(), Missing> {
    needs::program("groff", "groff-base")
}

const BIN: &str = env!("CARGO_BIN_EXE_sudoku");
const SUBCOMMANDS: [&str; 10] = [
    "play",
    "solve",
    "grade",
    "explain",
    "canon",
    "generate",
    "bench",
    "print",
    "completions",
    "man",
];

fn sudoku(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn every_shell_gets_a_script_naming_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = sudoku(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} script lacks {sub}");
        }
        assert!(
            script.contains("--count"),
            "{shell} script lacks solve's options"
        );
    }
    let out = sudoku(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("invalid value 'tcsh'"));
}

fn the_bash_script_loads_and_completes() {
    // Load the script in bash and ask it what follows `sudoku so`.
    let script = text(&sudoku(&["completions", "bash"]).stdout);
    let dir = common::folder("shell", "bash");
    let path = dir.join("sudoku.bash");
    std::fs::write(&path, script).unwrap();
    let probe = format!(
        "source {}; COMP_WORDS=(sudoku so); COMP_CWORD=1; COMP_LINE='sudoku so'; \
         COMP_POINT=9; _sudoku sudoku so sudoku; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = Command::new("bash").arg("-c").arg(probe).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "solve");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `sudoku PATH... -h` lists: its commands (clap's `help` aside),
/// and the names of its options (short, long and visible aliases) and
/// arguments.
#[derive(Debug, Default)]
struct Listed {
    commands: Vec<String>,
    options: Vec<String>,
    aliases: Vec<String>,
    arguments: Vec<String>,
}

/// Reads the short help of the command `path` as clap writes it: a
/// heading per kind (`Commands:`, `Arguments:`, `Options:`), then one
/// entry a line, indented, its names before a gap of two spaces.
fn listed(path: &[&str]) -> Listed {
    let out = sudoku(&[path, &["-h"]].concat());
    assert!(out.status.success(), "{path:?} -h");
    let help = text(&out.stdout);
    let mut listed = Listed::default();
    let mut heading = "";
    for line in help.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            heading = line;
            continue;
        }
        if !line.starts_with("  ") {
            continue;
        }
        let entry = line.trim_start();
        let (names, about) = entry.split_once("  ").unwrap_or((entry, ""));
        match heading {
            "Commands:" if names != "help" => listed.commands.push(names.to_string()),
            "Arguments:" => listed
                .arguments
                .push(names.trim_matches(['<', '>', '[', ']', '.']).to_string()),
            "Options:" => {
                let flags = names.split([',', ' ']).filter(|w| w.starts_with('-'));
                listed.options.extend(flags.map(str::to_string));
                let said = about
                    .split_once("[aliases: ")
                    .or_else(|| about.split_once("[alias: "));
                if let Some((_, aliases)) = said {
                    let aliases = aliases.split(']').next().unwrap_or("").split(", ");
                    listed.aliases.extend(aliases.map(str::to_string));
                }
            }
            _ => {}
        }
    }
    listed
}

/// The terms of the tagged paragraphs (`.TP`) of `section`: the options
/// and arguments it documents, or the commands of the game.
fn terms(section: &str) -> Vec<&str> {
    items(section).into_iter().map(|(term, _)| term).collect()
}

fn the_man_page_documents_every_command_and_option_of_the_tree() {
    let out = sudoku(&["man"]);
    assert!(out.status.success());
    let page = plain(&text(&out.stdout));
    assert!(page.contains(".TH sudoku 1"));
    let mut stack: Vec<Vec<String>> = vec![Vec::new()];
    let (mut walked, mut options, mut aliases) = (0, 0, 0);
    while let Some(path) = stack.pop() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let listed = listed(&args);
        let title = ["SUDOKU"]
            .into_iter()
            .chain(args.iter().map(|a| &**a))
            .collect::<Vec<_>>()
            .join(" ")
            .to_uppercase();
        let body = if path.is_empty() {
            &page[..page.find(".SH \"SUDOKU ").unwrap()]
        } else {
            section(&page, &title)
        };
        let terms = terms(body);
        options += listed.options.len();
        for flag in &listed.options {
            assert!(
                terms.iter().any(|t| has_word(t, flag)),
                "{title}: {flag} is not documented"
            );
        }
        for alias in &listed.aliases {
            assert!(has_word(body, alias), "{title}: {alias} is not said");
            aliases += 1;
        }
        for argument in &listed.arguments {
            assert!(
                terms.iter().any(|t| t.contains(&format!("<{argument}>"))
                    || t.contains(&format!("[{argument}]"))),
                "{title}: {argument} is not documented"
            );
        }
        for command in listed.commands {
            let mut sub = path.clone();
            sub.push(command);
            stack.push(sub);
        }
        walked += 1;
    }
    assert!(walked >= 13, "walked {walked} commands");
    assert!(options >= 60, "saw {options} options");
    assert!(aliases >= 1, "no alias seen (--level)");
}

fn the_man_page_lists_every_command_of_the_game() {
    let dir = common::folder("shell", "game");
    let puzzle = dir.join("easy.txt");
    std::fs::write(&puzzle, format!("{}\n", common::EASY)).unwrap();
    let mut game = Command::new(BIN);
    game.args(["play", "--no-color"])
        .arg(&puzzle)
        .env("HOME", &*dir)
        .env("XDG_DATA_HOME", dir.join("data"));
    let out = common::pipe(game, "help\nend\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let commands: Vec<&str> = shown
        .lines()
        .skip_while(|l| !l.starts_with("Commands ("))
        .skip(1)
        .take_while(|l| !l.starts_with("On the board"))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.len() >= 17, "{shown}");
    let page = plain(&text(&sudoku(&["man"]).stdout));
    let play = section(&page, "SUDOKU PLAY");
    assert!(play.contains(".SS \"COMMANDS OF THE GAME\""), "{play}");
    let terms = terms(play);
    for command in commands {
        // a command of more words (`color 5c a`) is listed by its example
        assert!(
            terms
                .iter()
                .any(|term| term.split_whitespace().next() == Some(command)),
            "the game's {command} is not in the man page"
        );
    }
    assert!(play.contains("On the board: . is a blank cell"));
}

fn the_man_page_has_its_closing_sections_and_no_empty_heading_or_missing_page() {
    let out = sudoku(&["man"]);
    let roff = text(&out.stdout);
    let page = plain(&roff);
    for title in [
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ] {
        let body = section(&page, title);
        assert!(
            body.lines().any(|l| !l.starts_with('.') && l.len() > 20),
            "{title} says nothing"
        );
    }
    for code in ["0", "1", "2", "128+N"] {
        assert!(
            terms(section(&page, "EXIT STATUS")).contains(&code),
            "status {code}"
        );
    }
    for variable in ["NO_COLOR", "XDG_DATA_HOME", "HOME", "TMPDIR"] {
        assert!(
            terms(section(&page, "ENVIRONMENT")).contains(&variable),
            "{variable}"
        );
    }
    assert!(section(&page, "FILES").contains("KEY.save"));
    // A heading is empty when the next line is a heading of its level or
    // above: a section may open on a subsection, not on another section.
    let lines: Vec<&str> = roff.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let next = lines.get(i + 1).copied().unwrap_or(".SH");
        let empty = match () {
            _ if line.starts_with(".SH") => next.starts_with(".SH"),
            _ if line.starts_with(".SS") => next.starts_with(".SH") || next.starts_with(".SS"),
            _ => false,
        };
        assert!(!empty, "{line} is an empty heading");
    }
    // Every page named as NAME(1) is one that exists: this one's sibling.
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
            name.is_empty() || name == "sudoku-tui",
            "the page names {name}(1)"
        );
    }
}

fn the_man_page_is_ascii() {
    let out = sudoku(&["man"]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).is_ascii(),
        "every character beyond ASCII is escaped"
    );
}

fn the_man_page_renders_without_a_warning() {
    let out = sudoku(&["man"]);
    assert!(out.status.success());
    let roff = text(&out.stdout);
    let page = render(&roff);
    for heading in [
        "SUDOKU GENERATE PUZZLES",
        "COMMANDS OF THE GAME",
        "EXAMPLES",
    ] {
        assert!(page.contains(heading), "{page}");
    }
}

fn the_help_lists_the_everyday_commands_first() {
    let out = sudoku(&["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        listed,
        [
            "play",
            "stats",
            "solve",
            "grade",
            "explain",
            "generate",
            "print",
            "canon",
            "bench",
            "completions",
            "man",
            "help"
        ],
        "{help}"
    );
}
