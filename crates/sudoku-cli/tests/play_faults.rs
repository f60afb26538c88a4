//! A game of `sudoku play` is never lost: each test drives the real binary
//! into one fault a player meets (a signal, a closed output, a second game
//! on the same puzzle, a container where the game is process 1, a save
//! that is a link, a history longer than a save holds, a save read with
//! parts left out) and checks where the moves went. Every run has a HOME
//! and XDG_DATA_HOME of its own.
//!
//! The game as process 1 needs a PID namespace (`unshare -p`, root):
//! without one that test is reported as ignored, with the reason, by the
//! harness of `sudoku-test-support` (`harness = false`).

mod common;

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{pipe, short_save, squashed, text};
use sudoku_test_support::{needs, tests, Missing};

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        needs::nothing => [
            a_signal_saves_the_game_and_ends_it_with_the_signals_status,
            a_signal_before_any_move_saves_nothing,
            a_signal_ignored_at_start_stays_ignored_and_the_game_goes_on,
            a_closed_output_saves_the_game,
            a_second_game_on_the_same_puzzle_is_refused_and_no_move_is_lost,
            left_over_temporary_files_never_block_a_save,
            a_save_that_is_a_link_is_written_through,
            a_game_with_a_history_past_the_bound_resumes_whole,
            resume_reports_what_it_left_out_and_keeps_the_save_as_it_was,
            the_hint_ladder_climbs_whatever_was_asked_between,
            every_line_of_a_game_fits_80_columns,
        ],
        a_pid_namespace => [left_over_temporary_files_never_block_a_save_even_as_process_1],
    ])
}

/// A PID namespace of its own, where a program is process 1.
fn a_pid_namespace() -> Result<(), Missing> {
    needs::program("unshare", "util-linux")?;
    let out = Command::new("unshare")
        .args(["-p", "-f", "true"])
        .output()
        .map_err(|e| Missing::new(format!("unshare -p cannot run here: {e}")))?;
    if out.status.success() {
        return Ok(());
    }
    let said = text(&out.stderr);
    Err(Missing::new(format!(
        "unshare -p failed here ({}): run the tests as root",
        said.lines().next().unwrap_or("").trim()
    )))
}

const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

/// `puzzles/sudoku01-easy.txt`; 1a is 4 and 1b is 8 in its solution.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A HOME for one test, holding `easy.txt`.
fn home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("easy.txt"), format!("{EASY}\n")).unwrap();
    home
}

/// The store under `home`.
fn store(home: &Path) -> PathBuf {
    home.join("data/sudoku")
}

/// The save of `EASY` under `home`.
fn save_of(home: &Path) -> PathBuf {
    store(home).join(format!("{}.save", EASY.replace('.', "0")))
}

/// `sudoku ARGS` from `home`, with HOME there, started with SIGINT,
/// SIGTERM and SIGHUP at their default action whatever the test runner
/// left them at (`env --default-signal`).
fn sudoku(home: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new("env");
    cmd.arg("--default-signal=INT,TERM,HUP")
        .arg(BIN)
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("NO_COLOR");
    cmd
}

/// A game running in the background: its input stays open until the test
/// closes it, and its output is collected as it comes.
struct Game {
    child: Child,
    input: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
}

impl Game {
    fn start(cmd: Command) -> Game {
        Game::start_with(cmd, true)
    }

    /// Starts `cmd`; its stdout is read only when `read` (else the test
    /// takes it).
    fn start_with(mut cmd: Command, read: bool) -> Game {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let out = Arc::new(Mutex::new(String::new()));
        if read {
            let stdout = child.stdout.take().unwrap();
            let sink = Arc::clone(&out);
            // Read as it comes, prompts (which end no line) included.
            std::thread::spawn(move || {
                let mut stdout = stdout;
                let mut buf = [0u8; 4096];
                while let Ok(n @ 1..) = stdout.read(&mut buf) {
                    sink.lock()
                        .unwrap()
                        .push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            });
        }
        Game { child, input, out }
    }

    fn send(&mut self, lines: &str) {
        let input = self.input.as_mut().unwrap();
        input.write_all(lines.as_bytes()).unwrap();
        input.flush().unwrap();
    }

    fn output(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    /// Waits until `text` was printed `times` times.
    fn wait_for(&self, text: &str, times: usize) {
        let start = Instant::now();
        while self.output().matches(text).count() < times {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no {times} x {text:?} in:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args(["-s", name, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }

    /// Closes the input and waits for the end: the status and stderr.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.input.take());
        let out = self.child.wait_with_output().unwrap();
        (out.status, text(&out.stderr))
    }

    /// Waits for the end with the input still open (so the end of the
    /// input cannot end the game first): the status and stderr.
    fn wait_end(mut self) -> (std::process::ExitStatus, String) {
        let status = self.child.wait().unwrap();
        let mut stderr = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        (status, stderr)
    }
}

/// The prompt of a move, as it starts.
const PROMPT: &str = "Move (5c6";

fn a_signal_saves_the_game_and_ends_it_with_the_signals_status() {
    for (name, number) in [("HUP", 1), ("TERM", 15), ("INT", 2)] {
        let home = home();
        let mut game = Game::start(sudoku(home.path(), &["play", "easy.txt"]));
        game.send("1a4\n1b8\n");
        game.wait_for(PROMPT, 3);
        game.signal(name);
        let (status, stderr) = game.wait_end();
        assert_eq!(status.signal(), Some(number), "SIG{name}: {status:?}");
        assert_eq!(
            stderr,
            format!(
                "sudoku: SIG{name}: the game is saved ({}); sudoku play --resume goes on\n",
                short_save(EASY)
            )
        );
        let save = std::fs::read_to_string(save_of(home.path())).unwrap();
        assert!(save.contains("\ndone: 1a4 1b8\n"), "SIG{name}: {save}");
        assert!(save.contains("\nlevel: easy\n") || !save.contains("level:"));
    }
}

fn a_signal_before_any_move_saves_nothing() {
    let home = home();
    let game = Game::start(sudoku(home.path(), &["play", "easy.txt"]));
    game.wait_for(PROMPT, 1);
    game.signal("TERM");
    let (status, stderr) = game.wait_end();
    assert_eq!(status.signal(), Some(15));
    assert_eq!(stderr, "", "nothing to save, nothing said");
    assert!(!save_of(home.path()).exists());
}

fn a_signal_ignored_at_start_stays_ignored_and_the_game_goes_on() {
    let home = home();
    let mut cmd = Command::new("env");
    cmd.args([
        "--default-signal=INT,TERM",
        "--ignore-signal=HUP",
        BIN,
        "play",
        "easy.txt",
    ])
    .current_dir(home.path())
    .env("HOME", home.path())
    .env("XDG_DATA_HOME", home.path().join("data"));
    let mut game = Game::start(cmd);
    game.send("1a4\n");
    game.wait_for(PROMPT, 2);
    game.signal("HUP");
    game.send("1b8\n");
    game.wait_for(PROMPT, 3);
    let (status, _) = game.finish();
    assert_eq!(status.code(), Some(0), "under nohup the game goes on");
    let save = std::fs::read_to_string(save_of(home.path())).unwrap();
    assert!(save.contains("\ndone: 1a4 1b8\n"), "{save}");
}

fn a_closed_output_saves_the_game() {
    let home = home();
    // As `sudoku play easy.txt | head -1`: the reader takes the first
    // line and goes; the next move's board cannot be written.
    let mut game = Game::start_with(sudoku(home.path(), &["play", "easy.txt"]), false);
    let mut stdout = game.child.stdout.take().unwrap();
    let mut shown = Vec::new();
    let mut byte = [0u8];
    while !String::from_utf8_lossy(&shown).contains(PROMPT) {
        assert_eq!(stdout.read(&mut byte).unwrap(), 1, "the game ended early");
        shown.push(byte[0]);
    }
    drop(stdout);
    game.send("1a4\n1b8\n");
    let (status, stderr) = game.finish();
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        stderr,
        format!(
            "sudoku: cannot write the game's output (broken pipe); the game is saved ({}); \
             sudoku play --resume goes on\n",
            short_save(EASY)
        )
    );
    let save = std::fs::read_to_string(save_of(home.path())).unwrap();
    assert!(save.contains("\ndone: 1a4"), "{save}");
}

fn a_second_game_on_the_same_puzzle_is_refused_and_no_move_is_lost() {
    let home = home();
    let mut first = Game::start(sudoku(home.path(), &["play", "easy.txt"]));
    first.send("1a4\n");
    first.wait_for("Legal move", 1);
    let in_use = format!(
        "{}: this puzzle is open in another game (sudoku play, pid {}); finish or leave that \
         game first",
        short_save(EASY),
        first.child.id()
    );
    // Named on the command line: refused at once, status 1.
    let second = pipe(
        sudoku(home.path(), &["play", "easy.txt"]),
        "1b8\n2c7\nend\n",
    );
    assert_eq!(second.status.code(), Some(1));
    assert_eq!(text(&second.stderr), format!("sudoku: {in_use}\n"));
    assert!(second.stdout.is_empty());
    // From the list of saved games (the first game saved once): said, and
    // the list asks again.
    first.send("save\n");
    first.wait_for("Saved to", 1);
    let listed = pipe(sudoku(home.path(), &["play", "--resume"]), "1\nend\n");
    assert_eq!(listed.status.code(), Some(0));
    let said = squashed(&text(&listed.stdout));
    assert!(said.contains(&format!("? 1 {in_use} Resume it")), "{said}");
    // Typed into another game with `open`: said, and that game goes on
    // (it is not left for a puzzle it cannot have).
    let other = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(home.path().join("other.txt"), format!("{other}\n")).unwrap();
    let typed = pipe(
        sudoku(home.path(), &["play", "other.txt"]),
        &format!("open {EASY}\n1c4\nend\n"),
    );
    assert_eq!(typed.status.code(), Some(0), "{}", text(&typed.stderr));
    let said = squashed(&text(&typed.stdout));
    assert!(
        said.contains(&format!(
            "open: {}; this game goes on",
            in_use.trim_end_matches("; finish or leave that game first")
        )),
        "{said}"
    );
    assert!(said.contains("Legal move"), "{said}");
    let saved = std::fs::read_to_string(
        store(home.path()).join(format!("{}.save", other.replace('.', "0"))),
    )
    .unwrap();
    assert!(saved.contains("\ndone: 1c4\n"), "{saved}");
    // The first game goes on and ends; its moves are all in the save.
    first.send("1b8\n");
    first.wait_for("Legal move", 2);
    let (status, _) = first.finish();
    assert_eq!(status.code(), Some(0));
    let save = std::fs::read_to_string(save_of(home.path())).unwrap();
    assert!(save.contains("\ndone: 1a4 1b8\n"), "{save}");
    // Now free: a new game resumes them.
    let again = pipe(sudoku(home.path(), &["play", "easy.txt"]), "end\n");
    assert!(text(&again.stdout).contains("  00:00 played, 2 moves, 0 hints, 2/49 filled\n"));
}

/// A game of `easy.txt` in `home` (started by `start`, given the HOME
/// folder) saves over the temporary files that `kill -9` during saves of
/// the earlier release left, and cleans them.
fn leftovers_are_cleaned(home: &Path, start: Command) {
    let store = store(home);
    std::fs::create_dir_all(&store).unwrap();
    let name = format!("{}.save", EASY.replace('.', "0"));
    // What `kill -9` during saves of the earlier release left: its names
    // held only the process id, 1 in a container.
    let left = [
        format!(".{name}.1.tmp"),
        format!(".{name}.1-00000000deadbeef.tmp"),
    ];
    for temp in &left {
        std::fs::write(store.join(temp), "half a save").unwrap();
    }
    let out = pipe(start, "1a4\nsave\n1b8\nend\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert_eq!(said.matches("Saved to ").count(), 2, "{said}");
    let save = std::fs::read_to_string(store.join(&name)).unwrap();
    assert!(save.contains("\ndone: 1a4 1b8\n"), "{save}");
    let names: Vec<String> = std::fs::read_dir(&store)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, [name], "the leftovers are cleaned, no lock is left");
}

fn left_over_temporary_files_never_block_a_save() {
    let home = home();
    leftovers_are_cleaned(home.path(), sudoku(home.path(), &["play", "easy.txt"]));
}

/// In a PID namespace of its own the game is process 1, as in a
/// container: the earlier release's leftovers bear its process id.
fn left_over_temporary_files_never_block_a_save_even_as_process_1() {
    let home = home();
    let mut cmd = Command::new("unshare");
    cmd.args(["-p", "-f", BIN, "play", "easy.txt"])
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"));
    leftovers_are_cleaned(home.path(), cmd);
}

fn a_save_that_is_a_link_is_written_through() {
    let home = home();
    let store = store(home.path());
    let synced = home.path().join("synced");
    std::fs::create_dir_all(&store).unwrap();
    std::fs::create_dir_all(&synced).unwrap();
    let link = save_of(home.path());
    std::os::unix::fs::symlink("../../synced/easy.save", &link).unwrap();
    let out = pipe(sudoku(home.path(), &["play", "easy.txt"]), "1a4\nend\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let target = std::fs::read_to_string(synced.join("easy.save")).unwrap();
    assert!(target.contains("\ndone: 1a4\n"), "{target}");
    // And read back through it.
    let out = pipe(sudoku(home.path(), &["play", "easy.txt"]), "1b8\nend\n");
    assert!(text(&out.stdout).contains("Resuming the game saved"));
    let target = std::fs::read_to_string(synced.join("easy.save")).unwrap();
    assert!(target.contains("\ndone: 1a4 1b8\n"), "{target}");
}

fn a_game_with_a_history_past_the_bound_resumes_whole() {
    use sudoku_core::session::{save, Origin, SaveStore, Session};
    use sudoku_core::Cell;
    let home = home();
    // 280,001 moves: placing and erasing thirty cells in turn, as the game
    // would have saved them.
    let mut session = Session::new(EASY.parse().unwrap(), "easy.txt", Origin::Text).unwrap();
    let blanks: Vec<Cell> = Cell::all()
        .filter(|&c| !session.game().is_given(c))
        .collect();
    let solution = *session.game().solution();
    for i in 0..280_001 {
        let cell = blanks[i % 30];
        let digit = match session.game().grid().get(cell) {
            Some(_) => None,
            None => solution.get(cell),
        };
        session.set(cell, digit).unwrap();
    }
    let path = SaveStore::new(store(home.path()))
        .save(&session, std::time::SystemTime::now())
        .unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() < save::MAX_SAVE_BYTES);
    let progress = session.progress();
    let out = pipe(sudoku(home.path(), &["play", "easy.txt"]), "bk\nend\n");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("left out"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "  00:00 played, 280001 moves, 0 hints, {progress} filled\n"
        )),
        "{stdout}"
    );
    // Saved again by the game, it is read whole again, and listed.
    let out = pipe(sudoku(home.path(), &["play", "--resume"]), "1\nend\n");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("left out"), "{stdout}");
    assert!(stdout.contains("\n   1  easy.txt "), "{stdout}");
}

fn resume_reports_what_it_left_out_and_keeps_the_save_as_it_was() {
    let home = home();
    let made = pipe(
        sudoku(home.path(), &["play", "easy.txt"]),
        "1a4\n1b8\nend\n",
    );
    assert_eq!(made.status.code(), Some(0));
    let path = save_of(home.path());
    let broken = std::fs::read_to_string(&path)
        .unwrap()
        .replace("done: 1a4 1b8", "done: 1a4 1c4 1b8")
        .replace("moves: 2", "moves: 5000000");
    std::fs::write(&path, &broken).unwrap();
    let out = pipe(sudoku(home.path(), &["play", "--resume"]), "1\nend\n");
    assert_eq!(out.status.code(), Some(0));
    let said = squashed(&text(&out.stdout));
    let short = short_save(EASY);
    for part in [
        format!("{short}: parts left out:"),
        "moves: expected at most 999999, found '5000000' (using 999999)".to_string(),
        "done: move 2, '1c4': 1c is a given (2 moves left out from here)".to_string(),
        format!("The save as it was is kept as {short}.bad"),
    ] {
        assert!(said.contains(&part), "{part}\n{said}");
    }
    let kept = std::fs::read_to_string(path.with_extension("save.bad")).unwrap();
    assert_eq!(kept, broken, "the save as it was, byte for byte");
    // `sudoku play FILE` says the same of the same save.
    std::fs::write(&path, &broken).unwrap();
    let out = pipe(sudoku(home.path(), &["play", "easy.txt"]), "end\n");
    let said = squashed(&text(&out.stdout));
    assert!(
        said.contains("1c is a given (2 moves left out from here)"),
        "{said}"
    );
    assert!(said.contains(&format!("kept as {short}.bad2")), "{said}");
}

fn the_hint_ladder_climbs_whatever_was_asked_between() {
    let home = home();
    let out = pipe(
        sudoku(home.path(), &["play", "easy.txt"]),
        "hint\nshow\ntime\n2b?\nhint\nhint\nshow\nhint\nhint\nend\n",
    );
    let stdout = text(&out.stdout);
    for rung in ["Hint 1/4: ", "Hint 2/4: ", "Hint 3/4: ", "Hint 4/4: "] {
        assert_eq!(stdout.matches(rung).count(), 1, "{stdout}");
    }
    assert_eq!(
        stdout.matches("Type hint again to place a digit").count(),
        1,
        "{stdout}"
    );
    assert!(
        stdout.contains("  00:00 played, 1 move, 1 hint, 1/49 filled\n"),
        "{stdout}"
    );
    // A move between two hints: the second starts again on the new board.
    let out = pipe(
        sudoku(home.path(), &["play", "easy.txt"]),
        "hint\nhint\n1a4\nhint\nend\n",
    );
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("Hint 1/4: ").count(), 2, "{stdout}");
    assert_eq!(stdout.matches("Hint 2/4: ").count(), 1, "{stdout}");
}

fn every_line_of_a_game_fits_80_columns() {
    let home = home();
    // A long store path and long names: a deep HOME.
    let deep = home
        .path()
        .join("a-rather-long-folder-name/and-another-one-inside-it");
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("easy.txt"), format!("{EASY}\n")).unwrap();
    let script = "1a4\n1b3\ncheck\nn2b26\n2b?\nauto\n2b?\nshow notes\nshow compact\nmistakes\n\
                  hint\nhint\nsave\nrestart\n1a4\nhelp\nxyzzy\nend\n";
    let deep_game = |args: &[&str]| {
        let mut cmd = Command::new(BIN);
        cmd.args(args)
            .current_dir(&deep)
            .env("HOME", &deep)
            .env("XDG_DATA_HOME", deep.join("data/of/this/user"));
        cmd
    };
    let outputs: Vec<Output> = vec![
        pipe(deep_game(&["play", "--no-color", "easy.txt"]), script),
        pipe(deep_game(&["play", "--resume"]), "list\n1\nend\n"),
    ];
    for out in outputs {
        let stdout = text(&out.stdout);
        let wide: Vec<&str> = stdout
            .lines()
            .filter(|l| !l.starts_with(PROMPT) && l.chars().count() > 80)
            .collect();
        assert!(wide.is_empty(), "{wide:#?}");
    }
}
