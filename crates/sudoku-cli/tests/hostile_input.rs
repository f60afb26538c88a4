//! Input that is odd, hostile or just unexpected: section lines before
//! one-line puzzles, control characters in names and commands, UTF-16
//! files, floods of bad lines, and arguments that would be ignored.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use common::{folder, pipe, text, PUZZLE, SOLUTION};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

/// Runs `sudoku ARGS` in `dir`, which is also its HOME (a game ended with
/// moves is saved under it).
fn run(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"));
    pipe(cmd, stdin)
}

#[test]
fn a_section_line_hides_none_of_the_puzzles_after_it() {
    let dir = folder("hostile", "section");
    let file = format!("[set 1]\n{PUZZLE}\n{PUZZLE}\nnot a puzzle\n[set 2]\n{PUZZLE}\n");
    fs::write(dir.join("sets.txt"), file).unwrap();
    let out = run(&dir, &["solve", "sets.txt"], "");
    assert_eq!(
        text(&out.stdout),
        format!("{SOLUTION}\n{SOLUTION}\ninvalid\n{SOLUTION}\n")
    );
    assert_eq!(
        text(&out.stderr),
        "sets.txt:4: column 1: expected a digit, '.', '0' or '_', found 'n'\n"
    );
    assert_eq!(out.status.code(), Some(1));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn control_characters_are_shown_escaped() {
    let dir = folder("hostile", "controls");
    // A file name with a title-setting sequence and a bell.
    let name = "x\x1b]2;owned\x07.txt";
    fs::write(dir.join(name), "1234\n").unwrap();
    let out = run(&dir, &["solve", name], "");
    assert_eq!(
        text(&out.stderr),
        "x\\e]2;owned\\x07.txt:1: found 4 cells, expected 81 (a one-line puzzle) or 9 (a grid row)\n"
    );
    let out = run(&dir, &["explain", name], "");
    assert!(!out.stderr.contains(&0x1b) && !out.stderr.contains(&0x07));
    // The text game echoes a command it does not know, and its transcript
    // echo shows what was typed: neither lets an escape through.
    let game = format!("{PUZZLE}\n");
    fs::write(dir.join("one.txt"), game).unwrap();
    let out = run(&dir, &["play", "one.txt"], "\x1b[2J\x1b]2;pwned\x07\nend\n");
    let shown = text(&out.stdout);
    assert!(!out.stdout.contains(&0x1b), "{shown}");
    assert!(!out.stdout.contains(&0x07), "{shown}");
    assert!(
        shown.contains("unknown command '\\e[2J\\e]2;pwned\\x07' (type help)"),
        "{shown}"
    );
    // A puzzle file chosen by name from the list.
    let out = run(&dir, &["play", "--dir", "."], &format!("{name}\nend\n"));
    assert!(!out.stdout.contains(&0x1b), "{}", text(&out.stdout));
    assert!(!out.stderr.contains(&0x1b), "{}", text(&out.stderr));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn utf16_files_are_named_as_such() {
    let dir = folder("hostile", "utf16");
    let utf16: Vec<u8> = "\u{feff}"
        .chars()
        .chain(format!("{PUZZLE}\r\n{PUZZLE}\r\n").chars())
        .flat_map(|c| (c as u16).to_le_bytes())
        .collect();
    fs::write(dir.join("notepad.txt"), &utf16).unwrap();
    let message = "the text is UTF-16; only UTF-8 is read \
                   (convert it, for example with iconv -f UTF-16 -t UTF-8)";
    let out = run(&dir, &["solve", "notepad.txt"], "");
    assert_eq!(text(&out.stdout), "invalid\n");
    assert_eq!(text(&out.stderr), format!("notepad.txt: {message}\n"));
    assert_eq!(out.status.code(), Some(1));
    let out = run(&dir, &["play", "notepad.txt"], "end\n");
    assert_eq!(
        text(&out.stderr),
        format!("sudoku: notepad.txt: {message}\n")
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_flood_of_bad_lines_is_counted_not_listed() {
    let dir = folder("hostile", "flood");
    let mut file = String::new();
    for _ in 0..250 {
        file.push_str("xyz\n");
    }
    for _ in 0..120 {
        file.push_str("12345\n");
    }
    file.push_str(PUZZLE);
    file.push('\n');
    fs::write(dir.join("bad.txt"), file).unwrap();
    let out = run(&dir, &["solve", "bad.txt"], "");
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 202, "{err}");
    assert!(lines[0].starts_with("bad.txt:1: column 1: expected a digit"));
    assert!(lines[99].starts_with("bad.txt:100: "));
    assert!(lines[100].starts_with("bad.txt:251: found 5 cells"));
    assert_eq!(
        lines[200],
        "bad.txt: 150 more lines with a bad character not shown (250 in all)"
    );
    assert_eq!(
        lines[201],
        "bad.txt: 20 more lines with a wrong number of cells not shown (120 in all)"
    );
    assert_eq!(text(&out.stdout).lines().count(), 371);
    assert!(text(&out.stdout).ends_with(&format!("{SOLUTION}\n")));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arguments_that_would_mislead_are_refused_by_name() {
    let dir = folder("hostile", "args");
    fs::write(dir.join("one.txt"), format!("{PUZZLE}\n")).unwrap();
    // --limit means nothing without --count.
    let out = run(&dir, &["solve", "--limit", "5", "one.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--count"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    // --dir naming a file says it is not a directory.
    let out = run(&dir, &["play", "--dir", "one.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "sudoku: one.txt: not a directory\n");
    let out = run(&dir, &["play", "--dir", "nowhere"], "");
    assert_eq!(text(&out.stderr), "sudoku: nowhere: no such directory\n");
    fs::remove_dir_all(&dir).unwrap();
}
