//! The README's tour runs as written: every `$ command` of its `console`
//! blocks is run from the repository root with `sudoku` on the `PATH`, and
//! must succeed (pipefail: every command of a pipeline) and print exactly
//! the lines shown under it. The text game's commands must start and end
//! cleanly with `end` on stdin.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

use common::{pipe, text};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `script` run by bash with pipefail from the root, `sudoku` first on the
/// `PATH`, `stdin` fed to it, and a HOME of its own (a game is saved
/// there, not in the user's data directory).
fn bash(script: &str, stdin: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(format!("set -o pipefail; {script}"))
        .current_dir(root())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"));
    pipe(cmd, stdin)
}

/// The commands of the README's `console` blocks, each with the output
/// shown under it.
fn console_commands(readme: &str) -> Vec<(String, String)> {
    let mut commands: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => commands.push((command.to_string(), String::new())),
            None => {
                let (_, shown) = commands.last_mut().expect("output before any command");
                shown.push_str(line);
                shown.push('\n');
            }
        }
    }
    commands
}

#[test]
fn every_tour_command_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = console_commands(&readme);
    assert!(commands.len() >= 5, "the tour lost its commands");
    for (command, shown) in commands {
        let out = bash(&command, "");
        assert!(
            out.status.success(),
            "{command}: {:?}\n{}",
            out.status,
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), shown, "{command}");
    }
}

#[test]
fn the_text_game_commands_of_the_readme_start_and_end() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let games: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with("sudoku play"))
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert!(games.len() >= 2);
    for game in games {
        // Choose the first puzzle where a list is offered, then end.
        let out = bash(game, "1\nend\n");
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains("Game over"),
            "{game}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn the_tour_writes_no_file_into_the_repository() {
    // Whatever a README command writes (with -o, --output, --plot or a
    // shell redirection) goes outside the repository: a newcomer who runs
    // the tour from the root is left with no untracked files there.
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut targets = Vec::new();
    for line in readme.lines() {
        let command = line.strip_prefix("$ ").unwrap_or(line);
        if !(command.starts_with("sudoku") || command.starts_with("cargo")) {
            continue;
        }
        let command = command.split(" #").next().unwrap();
        let words: Vec<&str> = command.split_whitespace().collect();
        for pair in words.windows(2) {
            if matches!(pair[0], "-o" | "--output" | "--plot" | ">" | ">>") {
                targets.push((pair[1], command));
            }
        }
    }
    assert!(targets.len() >= 3, "the README writes no file: {targets:?}");
    for (target, command) in targets {
        assert!(
            target.starts_with('/') || target.starts_with('~') || target == "-",
            "{command}: writes {target} into the repository"
        );
    }
}
