//! The real binary's arguments, checked without a terminal: they are read
//! before the game asks for one.

use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-tui"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn random_takes_a_level_and_seed_needs_it() {
    let out = run(&["--random", "wild"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("unknown level \"wild\", expected easy, medium, hard, expert or extreme"),
        "{}",
        stderr(&out)
    );
    let out = run(&["--seed", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--random <LEVEL>"),
        "{}",
        stderr(&out)
    );
    let out = run(&["--random", "easy", "--resume"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn good_arguments_still_need_a_terminal() {
    let out = run(&["--random", "Hard", "--seed", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "sudoku-tui: needs a terminal (stdin and stdout); for scripts use `sudoku`\n"
    );
}

/// The binary with `args`, stdin not a terminal and stderr on /dev/full
/// (every write to it fails with ENOSPC).
#[cfg(target_os = "linux")]
fn run_with_full_stderr(args: &[&str]) -> std::process::ExitStatus {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    Command::new(env!("CARGO_BIN_EXE_sudoku-tui"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(full))
        .status()
        .expect("the binary runs")
}

#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_stderr_drops_the_message_and_keeps_the_status() {
    use std::os::unix::process::ExitStatusExt;
    for (args, code) in [
        (&["--random", "easy"][..], 1),
        (&["/no/such/folder/sudoku01.txt"][..], 1),
        (&["--random", "wild"][..], 2),
        (&["--seed", "4"][..], 2),
    ] {
        let status = run_with_full_stderr(args);
        assert_eq!(status.signal(), None, "{args:?}: killed by a signal");
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn control_characters_in_messages_are_escaped() {
    let out = run(&["/no/such/\u{1b}[31mred\u{7}.txt"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("/no/such/\\e[31mred\\x07.txt"), "{err}");
}

#[test]
fn completions_and_the_man_page_need_no_terminal() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["--completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = String::from_utf8_lossy(&out.stdout);
        for option in ["resume", "random", "seed"] {
            assert!(script.contains(option), "{shell} script lacks {option}");
        }
    }
    let out = run(&["--completions", "bash", "--resume"]);
    assert_eq!(out.status.code(), Some(2), "--completions stands alone");
    let out = run(&["--man"]);
    assert!(out.status.success());
    let roff = String::from_utf8_lossy(&out.stdout);
    assert!(roff.contains(".TH sudoku-tui 1"), "{roff}");
    assert!(roff.contains("\\-\\-random"), "{roff}");
}
