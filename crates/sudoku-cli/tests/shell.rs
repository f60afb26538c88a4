//! `sudoku completions SHELL` and `sudoku man`: scripts every shell can
//! load, naming every subcommand, and a man page that renders cleanly.

mod common;

use std::process::{Command, Stdio};

use common::text;

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

/// Whether `program` can be run here.
fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
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

#[test]
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

#[test]
fn the_man_page_has_a_section_per_subcommand_and_renders_cleanly() {
    let out = sudoku(&["man"]);
    assert!(out.status.success());
    let roff = text(&out.stdout);
    assert!(roff.starts_with(".ie") && roff.contains(".TH sudoku 1"));
    for sub in SUBCOMMANDS {
        let section = format!(".SH \"SUDOKU {}\"", sub.to_uppercase());
        assert!(roff.contains(&section), "no section {section}");
    }
    assert!(roff.contains(".SH \"EXIT STATUS\""));
    if !have("groff") {
        eprintln!("skipping the rendering check: groff is not installed");
        return;
    }
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

#[test]
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
