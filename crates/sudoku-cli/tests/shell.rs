//! `sudoku completions SHELL` and `sudoku man`: scripts every shell can
//! load, naming every subcommand, and a man page that renders cleanly.
//! Without groff the rendering test is reported as ignored, with the
//! reason, by the harness of `sudoku-test-support` (`harness = false`).

mod common;

use std::process::{Command, ExitCode, Stdio};

use common::text;
use sudoku_test_support::{needs, tests, Missing};

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        needs::nothing => [
            every_shell_gets_a_script_naming_every_subcommand,
            the_bash_script_loads_and_completes,
            the_man_page_has_a_section_per_subcommand,
        ],
        groff => [the_man_page_renders_cleanly],
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

/// The man page, in roff.
fn man_page() -> String {
    let out = sudoku(&["man"]);
    assert!(out.status.success());
    text(&out.stdout)
}

fn the_man_page_has_a_section_per_subcommand() {
    let roff = man_page();
    assert!(roff.starts_with(".ie") && roff.contains(".TH sudoku 1"));
    for sub in SUBCOMMANDS {
        let section = format!(".SH \"SUDOKU {}\"", sub.to_uppercase());
        assert!(roff.contains(&section), "no section {section}");
    }
    assert!(roff.contains(".SH \"EXIT STATUS\""));
}

fn the_man_page_renders_cleanly() {
    let roff = man_page();
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P-cbou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut groff.stdin.take().unwrap(), roff.as_bytes()).unwrap();
    let shown = groff.wait_with_output().unwrap();
    assert!(shown.status.success());
    assert_eq!(text(&shown.stderr), "", "groff warnings");
    let page = text(&shown.stdout);
    assert!(page.contains("EXIT STATUS"), "{page}");
}
