//! Faults around the program rather than in its input: an unwritable
//! stderr, a closed stdout, a pipe closed downstream, `-o` pointed at
//! links, devices, FIFOs and files with other names, a full disk, and
//! signals in the middle of a run. Each test drives the real binary, most
//! through `sh` so the fault is set up as a user's shell would.
//!
//! The device nodes and the small full disk need root (`mknod`, `mount`):
//! where they cannot be made, those two tests are reported as ignored, with
//! the reason, by the harness of `sudoku-test-support` (`harness = false`).

mod common;

use std::fs::{self, File};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output, Stdio};
use std::time::{Duration, Instant};

use common::{folder, text, PUZZLE, SOLUTION};
use sudoku_test_support::{needs, tests, Missing};

fn main() -> ExitCode {
    // The two tests that need root find out by trying: their `Missing`
    // comes from their first step.
    sudoku_test_support::run(tests![needs::nothing => [
        an_unwritable_stderr_never_aborts,
        a_closed_stdout_is_an_error,
        a_pipe_closed_downstream_ends_quietly,
        dash_o_writes_through_a_symlink_and_keeps_mode_and_links,
        dash_o_writes_into_a_fifo_without_replacing_it,
        dash_o_writes_into_a_device_without_replacing_it,
        a_full_disk_names_the_target_and_leaves_nothing,
        a_signal_during_dash_o_removes_the_temporary_file,
        a_signal_ignored_at_start_stays_ignored,
    ]])
}

/// The reason a step that needs root failed: `what` and the first line of
/// what the shell said.
fn needs_root(what: &str, out: &Output) -> Missing {
    let said = text(&out.stderr);
    let first = said.lines().next().unwrap_or("").trim();
    Missing::new(format!(
        "{what} failed here ({first}): run the tests as root"
    ))
}

const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

/// A file of `n` copies of the test puzzle.
fn puzzles(dir: &Path, n: usize) -> PathBuf {
    let path = dir.join("puzzles.txt");
    fs::write(&path, format!("{PUZZLE}\n").repeat(n)).unwrap();
    path
}

/// Runs `script` with `sh -c`, `$0` being the binary, from `dir`, which is
/// also its HOME.
fn sh(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn an_unwritable_stderr_never_aborts() {
    let dir = folder("faults", "stderr");
    let cases: &[(&[&str], i32)] = &[
        (&["solve", "missing.txt"], 2),
        (&["grade", "missing.txt"], 2),
        (&["explain", "missing.txt"], 2),
        (&["generate", "puzzles", "5", "--holes", "90"], 2),
        (&["play", "--dir", "missing"], 2),
        (&["solve", "--no-such-flag"], 2),
        (&["play", "missing.txt"], 1),
    ];
    for (args, status) in cases {
        let full = File::options().write(true).open("/dev/full").unwrap();
        let out = Command::new(BIN)
            .args(*args)
            .current_dir(&dir)
            .env("HOME", &dir)
            .env("XDG_DATA_HOME", dir.join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(full))
            .output()
            .unwrap();
        assert_eq!(out.status.signal(), None, "{args:?} died by a signal");
        assert_eq!(out.status.code(), Some(*status), "{args:?}");
    }
    // Many reports into a full stderr: still the status of invalid input.
    let bad = dir.join("bad.txt");
    fs::write(&bad, "x\n".repeat(500)).unwrap();
    let out = sh(&dir, "\"$0\" solve bad.txt 2>/dev/full >out.txt");
    assert_eq!(out.status.code(), Some(1));
    fs::remove_dir_all(&dir).unwrap();
}

fn a_closed_stdout_is_an_error() {
    let dir = folder("faults", "closed");
    puzzles(&dir, 3);
    for script in [
        "\"$0\" solve puzzles.txt >&-",
        "\"$0\" grade puzzles.txt >&-",
        "\"$0\" explain puzzles.txt >&-",
        "\"$0\" generate grids 3 --seed 1 >&-",
        "echo end | \"$0\" play puzzles.txt --index 1 >&-",
        "\"$0\" --help >&-",
    ] {
        let out = sh(&dir, script);
        assert_eq!(out.status.code(), Some(2), "{script}");
        assert!(
            text(&out.stderr).contains("standard output is closed"),
            "{script}: {}",
            text(&out.stderr)
        );
    }
    // A closed stdin is not an empty one.
    let out = sh(&dir, "\"$0\" solve <&-");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("<stdin>: cannot read: standard input is closed"));
    fs::remove_dir_all(&dir).unwrap();
}

fn a_pipe_closed_downstream_ends_quietly() {
    let dir = folder("faults", "pipe");
    puzzles(&dir, 100_000);
    for (script, first) in [
        ("\"$0\" solve puzzles.txt | head -1", SOLUTION),
        ("\"$0\" solve --count puzzles.txt | head -1", "1"),
        ("\"$0\" grade puzzles.txt | head -1", ""),
        ("\"$0\" generate grids 1000000 --seed 1 | head -1", ""),
        (
            "\"$0\" explain puzzles.txt | head -1",
            "Puzzle (puzzles.txt, line 1):",
        ),
    ] {
        // With pipefail the status is the first command's, not head's.
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {script}"))
            .arg(BIN)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(text(&out.stderr), "", "{script}");
        assert_eq!(out.status.code(), Some(0), "{script}");
        assert!(text(&out.stdout).starts_with(first), "{script}");
        assert_eq!(text(&out.stdout).lines().count(), 1, "{script}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

fn dash_o_writes_through_a_symlink_and_keeps_mode_and_links() {
    let dir = folder("faults", "links");
    puzzles(&dir, 2);
    fs::write(dir.join("real.txt"), "old\n").unwrap();
    fs::set_permissions(dir.join("real.txt"), fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    fs::hard_link(dir.join("real.txt"), dir.join("other-name.txt")).unwrap();
    let out = sh(&dir, "\"$0\" solve puzzles.txt -o link.txt");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let link = fs::symlink_metadata(dir.join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is still a link");
    let expected = format!("{SOLUTION}\n{SOLUTION}\n");
    assert_eq!(fs::read_to_string(dir.join("real.txt")).unwrap(), expected);
    assert_eq!(
        fs::read_to_string(dir.join("other-name.txt")).unwrap(),
        expected
    );
    let real = fs::metadata(dir.join("real.txt")).unwrap();
    assert_eq!(real.permissions().mode() & 0o777, 0o640, "mode kept");
    assert_eq!(real.nlink(), 2, "hard link kept");
    // A plain existing file keeps its mode through the rename.
    fs::write(dir.join("plain.txt"), "old\n").unwrap();
    fs::set_permissions(dir.join("plain.txt"), fs::Permissions::from_mode(0o604)).unwrap();
    assert!(sh(&dir, "\"$0\" solve puzzles.txt -o plain.txt")
        .status
        .success());
    let plain = fs::metadata(dir.join("plain.txt")).unwrap();
    assert_eq!(plain.permissions().mode() & 0o777, 0o604);
    // A new file follows the umask, as any program's.
    for (umask, mode) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let name = format!("new-{umask}.txt");
        let out = sh(
            &dir,
            &format!("umask {umask}; \"$0\" solve puzzles.txt -o {name}"),
        );
        assert!(out.status.success());
        let meta = fs::metadata(dir.join(&name)).unwrap();
        assert_eq!(meta.permissions().mode() & 0o777, mode, "umask {umask}");
    }
    // A directory is refused by name.
    fs::create_dir(dir.join("folder")).unwrap();
    let out = sh(&dir, "\"$0\" solve puzzles.txt -o folder");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: cannot write folder: is a directory\n"
    );
    assert!(
        listing(&dir).iter().all(|n| !n.ends_with(".tmp")),
        "no litter"
    );
    fs::remove_dir_all(&dir).unwrap();
}

fn dash_o_writes_into_a_fifo_without_replacing_it() {
    let dir = folder("faults", "fifo");
    puzzles(&dir, 2);
    // A FIFO: read by a background cat.
    let out = sh(
        &dir,
        "mkfifo fifo && { timeout 20 cat fifo > from-fifo.txt & } && \"$0\" solve puzzles.txt -o fifo && wait",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(fs::symlink_metadata(dir.join("fifo"))
        .unwrap()
        .file_type()
        .is_fifo_like());
    assert_eq!(
        fs::read_to_string(dir.join("from-fifo.txt")).unwrap(),
        format!("{SOLUTION}\n{SOLUTION}\n")
    );
    fs::remove_dir_all(&dir).unwrap();
}

fn dash_o_writes_into_a_device_without_replacing_it() -> Result<(), Missing> {
    let dir = folder("faults", "device");
    puzzles(&dir, 2);
    // Devices made for this test (never the machine's own /dev/null): a
    // null device and a full one, when this user may make device nodes.
    let made = sh(&dir, "mknod null c 1 3 && mknod full c 1 7");
    if !made.status.success() {
        return Err(needs_root("mknod", &made));
    }
    let out = sh(&dir, "\"$0\" solve puzzles.txt -o null");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(fs::symlink_metadata(dir.join("null"))
        .unwrap()
        .file_type()
        .is_char_device_like());
    let out = sh(&dir, "\"$0\" solve puzzles.txt -o full");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: cannot write full: no space left on device\n"
    );
    assert!(fs::symlink_metadata(dir.join("full"))
        .unwrap()
        .file_type()
        .is_char_device_like());
    assert!(
        listing(&dir).iter().all(|n| !n.ends_with(".tmp")),
        "no litter"
    );
    fs::remove_dir_all(&dir).unwrap();
    Ok(())
}

/// File types by name, for the asserts above.
trait FileTypeLike {
    fn is_fifo_like(&self) -> bool;
    fn is_char_device_like(&self) -> bool;
}

impl FileTypeLike for fs::FileType {
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
    fn is_char_device_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_char_device(self)
    }
}

fn a_full_disk_names_the_target_and_leaves_nothing() -> Result<(), Missing> {
    let dir = folder("faults", "enospc");
    puzzles(&dir, 20_000);
    let disk = dir.join("disk");
    fs::create_dir(&disk).unwrap();
    let mounted = sh(&dir, "mount -t tmpfs -o size=64k tmpfs disk");
    if !mounted.status.success() {
        return Err(needs_root("mount -t tmpfs", &mounted));
    }
    let out = sh(&dir, "\"$0\" solve puzzles.txt -o disk/out.txt");
    let listed = listing(&disk);
    sh(&dir, "umount disk");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: cannot write disk/out.txt: no space left on device\n"
    );
    assert!(listed.is_empty(), "left behind: {listed:?}");
    fs::remove_dir_all(&dir).unwrap();
    Ok(())
}

/// `sudoku solve -o out.txt` reading a pipe that stays open, started with
/// the three signals at their default action, or with `ignored` ignored (as
/// a shell starts a background job); returns once its temporary file exists.
fn solve_into_a_file(dir: &Path, ignored: Option<&str>) -> std::process::Child {
    let mut env = Command::new("env");
    env.arg("--default-signal=INT,TERM,HUP");
    if let Some(signal) = ignored {
        env.arg(format!("--ignore-signal={signal}"));
    }
    let child = env
        .args([BIN, "solve", "-o", "out.txt"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !listing(dir).iter().any(|n| n.ends_with(".tmp")) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

fn kill(child: &std::process::Child, name: &str) {
    let kill = Command::new("kill")
        .args(["-s", name, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

fn a_signal_during_dash_o_removes_the_temporary_file() {
    for (signal, name) in [(2, "INT"), (15, "TERM"), (1, "HUP")] {
        let dir = folder("faults", &format!("signal-{name}"));
        let mut child = solve_into_a_file(&dir, None);
        // Held open until the child has ended: `wait` would close it first,
        // and the input's end could then finish the run before the signal
        // (a normal exit, the file in place).
        let stdin = child.stdin.take();
        kill(&child, name);
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.signal(), Some(signal), "SIG{name}");
        assert!(
            listing(&dir).is_empty(),
            "SIG{name} left {:?}",
            listing(&dir)
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}

fn a_signal_ignored_at_start_stays_ignored() {
    // A background job (SIGINT ignored) or nohup (SIGHUP ignored) goes on.
    for name in ["INT", "HUP"] {
        let dir = folder("faults", &format!("ignored-{name}"));
        let mut child = solve_into_a_file(&dir, Some(name));
        kill(&child, name);
        std::thread::sleep(Duration::from_millis(200));
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, format!("{PUZZLE}\n").as_bytes()).unwrap();
        drop(stdin);
        let status = child.wait().unwrap();
        assert!(status.success(), "SIG{name}: {status:?}");
        assert_eq!(
            fs::read_to_string(dir.join("out.txt")).unwrap(),
            format!("{SOLUTION}\n")
        );
        assert_eq!(listing(&dir), ["out.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
