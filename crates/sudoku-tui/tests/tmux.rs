//! End to end: the real binary in a 100x40 tmux pane, driven with keys and
//! a mouse click, checked through `tmux capture-pane` at each step; and
//! signals sent from outside (`kill -TERM`, a closed terminal), which must
//! leave a sane shell and a save, and `kill -TSTP` then `fg`, which must
//! hand the terminal to the shell and back.
//!
//! Skipped (with a note) when tmux is not installed; CI installs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A private tmux server, killed when the test ends (even on failure).
struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    fn cmd(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "e2e"];
        args.extend_from_slice(keys);
        assert!(self.cmd(&args).status.success(), "send-keys {keys:?}");
    }

    fn send_literal(&self, text: &str) {
        assert!(self
            .cmd(&["send-keys", "-t", "e2e", "-l", text])
            .status
            .success());
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.cmd(&["capture-pane", "-p", "-t", "e2e"]).stdout).into_owned()
    }

    fn format(&self, format: &str) -> String {
        let out = self
            .cmd(&["display-message", "-p", "-t", "e2e", format])
            .stdout;
        String::from_utf8_lossy(&out).trim().to_string()
    }

    /// Polls the pane until `ready` holds, failing after ten seconds.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(10) {
                panic!("timed out waiting for {what}; the pane shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_text(&self, text: &str) -> String {
        self.wait_for(text, |s| s.contains(text))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn tmux_installed() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A fresh folder for the test `name` (its HOME and data directory).
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A tmux server of its own for the test `name`, its one pane running a
/// shell in `dir` (also its HOME).
fn start(name: &str, dir: &Path) -> Tmux {
    let tmux = Tmux {
        socket: format!("sudoku-tui-{name}-{}", std::process::id()),
        dir: dir.to_path_buf(),
    };
    let conf = dir.join("tmux.conf");
    std::fs::write(&conf, "set -g status off\n").unwrap();
    let home = dir.display();
    let shell = format!("env HOME={home} XDG_DATA_HOME={home}/data PS1='$ ' sh");
    let out = Command::new("tmux")
        .args(["-L", &tmux.socket, "-u", "-f"])
        .arg(&conf)
        .args([
            "new-session",
            "-d",
            "-x",
            "100",
            "-y",
            "40",
            "-s",
            "e2e",
            "-c",
        ])
        .arg(dir)
        .arg(shell)
        .output()
        .expect("tmux starts");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    tmux
}

/// A tmux server for the test `name` with its shell at the prompt; `None`
/// (after a note) when tmux is not installed.
fn shell(name: &str) -> Option<Tmux> {
    if !tmux_installed() {
        eprintln!("tmux is not installed: skipping the end-to-end test");
        return None;
    }
    let tmux = start(name, &test_dir(name));
    tmux.wait_for("the shell prompt", has_prompt);
    Some(tmux)
}

/// Whether a line of the pane is the bare shell prompt (capture-pane drops
/// its trailing space).
fn has_prompt(screen: &str) -> bool {
    screen.lines().any(|l| l.trim_end() == "$")
}

/// The line of the board row labelled `row` (1-9).
fn row_line(screen: &str, row: char) -> (usize, &str) {
    let label = format!(" {row} ┃");
    screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(&label))
        .unwrap_or_else(|| panic!("no row {row} in\n{screen}"))
}

/// The screen column (from 0) of the column letter `col` over the board.
fn column_x(screen: &str, col: char) -> usize {
    let header = screen
        .lines()
        .find(|l| l.trim_start().starts_with("a     b"))
        .unwrap_or_else(|| panic!("no column letters in\n{screen}"));
    header.chars().position(|c| c == col).unwrap()
}

/// Waits for the shell to be back after the game, then checks the
/// terminal is as the game found it: main screen, no mouse capture, the
/// cursor shown, echo and line editing on; and that the game exited with
/// `status`.
fn assert_sane_shell(tmux: &Tmux, status: &str) {
    tmux.wait_for("the shell prompt", |s| !s.contains('┃') && has_prompt(s));
    let screen = assert_terminal_given_back(tmux);
    assert!(
        screen
            .lines()
            .any(|l| l.trim() == format!("status-{status}")),
        "the game should exit with status {status}:\n{screen}"
    );
}

/// Checks the terminal is as the game found it (main screen, no mouse
/// capture, the cursor shown, echo and line editing on) from the shell's
/// prompt; returns the screen, which also shows the last exit status.
fn assert_terminal_given_back(tmux: &Tmux) -> String {
    assert_eq!(
        tmux.format("#{alternate_on}"),
        "0",
        "the alternate screen is left"
    );
    assert_eq!(
        tmux.format("#{mouse_any_flag}"),
        "0",
        "mouse capture is off"
    );
    assert_eq!(tmux.format("#{cursor_flag}"), "1", "the cursor is shown");
    // an earlier check may have left its own `sane-42` on the screen
    let sane = |s: &str| s.lines().filter(|l| l.trim() == "sane-42").count();
    let before = sane(&tmux.screen());
    tmux.send_literal(
        "echo status-$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e icanon -e isig; \
         echo sane-$((40+2))",
    );
    tmux.send(&["Enter"]);
    let screen = tmux.wait_for("sane-42", |s| sane(s) > before);
    for flag in ["echo", "icanon", "isig"] {
        assert!(
            screen.lines().any(|l| l.trim() == flag),
            "{flag} is off after the game:\n{screen}"
        );
    }
    screen
}

/// Starts the game with `args` in the pane through a shell that writes its
/// process id to a file and then becomes the game; returns the id.
fn launch(tmux: &Tmux, args: &str) -> String {
    let pid_file = tmux.dir.join("game.pid");
    let _ = std::fs::remove_file(&pid_file);
    tmux.send_literal(&format!(
        "sh -c 'echo $$ > {}; exec {} {args}'",
        pid_file.display(),
        env!("CARGO_BIN_EXE_sudoku-tui")
    ));
    tmux.send(&["Enter"]);
    let start = Instant::now();
    loop {
        if let Ok(pid) = std::fs::read_to_string(&pid_file) {
            if !pid.trim().is_empty() {
                return pid.trim().to_string();
            }
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no pid file");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn kill(signal: &str, pid: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), pid])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {pid}");
}

fn is_running(pid: &str) -> bool {
    Command::new("kill")
        .args(["-0", pid])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The CPU time (user and system, in clock ticks) the process has used,
/// when the system tells (Linux's /proc).
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(") ")?.1.split(' ').collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

#[test]
fn sigterm_restores_the_terminal_and_saves() {
    let Some(tmux) = shell("term") else {
        return;
    };
    let dir = tmux.dir.clone();
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    if let Some(before) = cpu_ticks(&pid) {
        std::thread::sleep(Duration::from_secs(1));
        let used = cpu_ticks(&pid).unwrap() - before;
        assert!(
            used <= 5,
            "idle in the picker, it used {used} ticks in a second"
        );
    }
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4", "Right", "n", "7", "8"]);
    tmux.wait_text("Pencilled 8 in 1b");
    assert_eq!(tmux.format("#{alternate_on}"), "1");
    kill("TERM", &pid);
    assert_sane_shell(&tmux, "143");
    let save = std::fs::read_to_string(dir.join("data/sudoku-tui/save.txt"))
        .expect("autosaved on SIGTERM");
    assert!(save.contains("name: sudoku01-easy.txt\n"), "{save}");
    assert!(
        save.contains("grid: 4.3.2.6.."),
        "the move is saved:\n{save}"
    );
    assert!(
        save.contains("marks: 1b=78\n"),
        "the pencil marks are saved:\n{save}"
    );
}

#[test]
fn a_suspended_game_gives_the_terminal_back_and_takes_it_again() {
    let Some(tmux) = shell("tstp") else {
        return;
    };
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    // SIGTSTP from outside: the shell gets a sane terminal and the job stops
    kill("TSTP", &pid);
    tmux.wait_for("the stopped job", |s| {
        s.contains("Stopped") && !s.contains('┃') && has_prompt(s)
    });
    assert_terminal_given_back(&tmux);
    assert!(is_running(&pid), "the game is stopped, not ended");
    // fg: the game takes the terminal again, as it was
    tmux.send_literal("fg");
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("moves 1 ");
    assert!(
        screen.contains(" 1 ┃ [4] │"),
        "the move is still there:\n{screen}"
    );
    assert_eq!(tmux.format("#{alternate_on}"), "1");
    assert_eq!(tmux.format("#{mouse_any_flag}"), "1");
    tmux.send(&["Right", "5"]);
    tmux.wait_text("moves 2 ");
    tmux.send(&["C-c"]);
    assert_sane_shell(&tmux, "0");
}

#[test]
fn a_closed_terminal_saves_a_random_game_and_ends() {
    let Some(tmux) = shell("hup") else {
        return;
    };
    let dir = tmux.dir.clone();
    let pid = launch(&tmux, "--random easy --seed 42");
    tmux.wait_text("random easy #42 · easy ");
    tmux.send(&["H", "H"]);
    tmux.wait_text("Hint: ");
    // SIGHUP from outside first: the handler, with the terminal still there
    kill("HUP", &pid);
    assert_sane_shell(&tmux, "129");
    let save_path = dir.join("data/sudoku-tui/save.txt");
    let save = std::fs::read_to_string(&save_path).expect("autosaved on SIGHUP");
    assert!(save.contains("name: random easy #42\n"), "{save}");
    assert!(save.contains("hints: 1\nrandom: easy 42\n"), "{save}");
    // then a real hang-up: the terminal goes away under the game
    let pid = launch(&tmux, "--resume");
    let screen = tmux.wait_text("Resumed random easy #42");
    assert!(screen.contains("hints 1"), "{screen}");
    tmux.send(&["H", "H"]);
    tmux.wait_text("hints 2");
    tmux.cmd(&["kill-server"]);
    let start = Instant::now();
    while is_running(&pid) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the game is still running after its terminal closed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let save = std::fs::read_to_string(&save_path).expect("autosaved on hang-up");
    assert!(save.contains("hints: 2\nrandom: easy 42\n"), "{save}");
}

#[test]
fn play_a_game_in_tmux() {
    let Some(tmux) = shell("e2e") else {
        return;
    };
    let dir = tmux.dir.clone();
    assert_eq!(tmux.format("#{pane_width}x#{pane_height}"), "100x40");

    // the picker, on the built-in puzzles (the test runs outside the repo)
    tmux.send_literal(env!("CARGO_BIN_EXE_sudoku-tui"));
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("Sudoku: choose a puzzle");
    assert!(screen.contains("> sudoku01-easy.txt"), "{screen}");
    assert_eq!(tmux.format("#{alternate_on}"), "1");

    // pick the first puzzle with Enter
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy 1.2 · moves 0 · conflicts 0");

    // keys: a digit in 1a, then 5 in 1d, which box 2 already holds
    tmux.send(&["4"]);
    let screen = tmux.wait_text("Legal move");
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    tmux.send(&["Right", "l", "d", "5"]);
    let screen = tmux.wait_text("There is 1 conflict");
    let row1 = row_line(&screen, '1').1;
    assert!(row1.contains(" 4  │  ·  │  3  ┃ [5] │  2"), "{row1}");
    assert!(screen.contains("moves 2 · conflicts 1"), "{screen}");

    // a mouse click (SGR press then release) on 5e, then a digit there
    let (y, _) = row_line(&screen, '5');
    let x = column_x(&screen, 'e');
    tmux.send_literal(&format!("\x1b[<0;{};{}M", x + 1, y + 1));
    tmux.send_literal(&format!("\x1b[<0;{};{}m", x + 1, y + 1));
    tmux.wait_text("5e selected");
    tmux.send(&["3"]);
    let screen = tmux.wait_text("moves 3");
    assert!(
        row_line(&screen, '5')
            .1
            .contains(" 7  │  ·  │  ·  ┃  ·  │ [3] │"),
        "{screen}"
    );

    // undo everything
    tmux.send(&["u"]);
    let screen = tmux.wait_text("Undid 5e");
    assert!(row_line(&screen, '5').1.contains("[·]"), "{screen}");
    tmux.send(&["BSpace"]);
    tmux.wait_text("Undid 1d");
    tmux.send(&["C-z"]);
    tmux.wait_text("Undid 1a");
    tmux.send(&["u"]);
    tmux.wait_text("Nothing to undo");

    // the auto-solve, at instant speed, to the end
    for _ in 0..10 {
        tmux.send(&["+"]);
    }
    tmux.wait_text("Auto-solve speed: instant");
    tmux.send(&["S"]);
    let screen = tmux.wait_text("Solved in ");
    assert!(screen.contains("Auto-solve · step "), "{screen}");
    let board: String = (1..=9)
        .map(|r| row_line(&screen, char::from(b'0' + r)).1)
        .collect();
    assert!(!board.contains('·'), "every cell is filled:\n{screen}");
    tmux.send(&["Escape"]);
    let screen = tmux.wait_text("Back to your position");
    assert!(row_line(&screen, '1').1.contains("·"));

    // quit: the game has moves, so it asks; then the shell is back and sane
    tmux.send(&["q"]);
    tmux.wait_text("Quit the game?");
    tmux.send(&["y"]);
    assert_sane_shell(&tmux, "0");
    let save =
        std::fs::read_to_string(dir.join("data/sudoku-tui/save.txt")).expect("autosaved on quit");
    assert!(save.contains("name: sudoku01-easy.txt"), "{save}");
}

/// The first puzzle of the built-in list (`sudoku01-easy.txt`).
const SUDOKU01: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Writes `text` as the save file under the test's data directory and
/// returns its path.
fn write_save(tmux: &Tmux, text: &str) -> PathBuf {
    let dir = tmux.dir.join("data/sudoku-tui");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// A save of sudoku01 with 4 in 1a and the numbers given.
fn save_text(elapsed: &str, moves: &str) -> String {
    format!(
        "sudoku-tui save 1\nname: sudoku01-easy.txt\npuzzle: {SUDOKU01}\ngrid: 4{}\n\
         elapsed: {elapsed}\nmoves: {moves}\nhints: 0\n",
        &SUDOKU01[1..]
    )
}

#[test]
fn a_save_with_a_huge_time_resumes_with_the_limit() {
    let Some(tmux) = shell("huge") else {
        return;
    };
    let path = write_save(
        &tmux,
        &save_text("18446744073709551615", "18446744073709551615"),
    );
    launch(&tmux, "--resume");
    let screen = tmux.wait_text("9999:00:00");
    assert!(
        screen.contains("moves 999999 · conflicts 0 · 9999:00:00"),
        "{screen}"
    );
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    assert!(
        screen.contains("Ignored part of the saved game"),
        "the replaced values are reported:\n{screen}"
    );
    tmux.send(&["C-c"]);
    assert_sane_shell(&tmux, "0");
    let save = std::fs::read_to_string(path).unwrap();
    assert!(
        save.contains("elapsed: 35996400\nmoves: 999999\n"),
        "saved at the limits:\n{save}"
    );
}

#[cfg(unix)]
#[test]
fn a_save_that_is_a_device_or_a_fifo_is_refused_at_once() {
    let Some(tmux) = shell("fifo") else {
        return;
    };
    let path = write_save(&tmux, "");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    launch(&tmux, "");
    let screen = tmux.wait_text("not a regular file");
    assert!(screen.contains("Ignored the saved game: "), "{screen}");
    assert!(screen.contains("> sudoku01-easy.txt"), "{screen}");
    tmux.send(&["Escape"]);
    assert_sane_shell(&tmux, "0");
    std::fs::remove_file(&path).unwrap();
    let made = Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    launch(&tmux, "--resume");
    let screen = tmux.wait_text("not a regular file");
    assert!(screen.contains("Ignored the saved game: "), "{screen}");
    tmux.send(&["Escape"]);
    assert_sane_shell(&tmux, "0");
}

#[test]
fn a_failed_save_on_quit_asks_and_the_shell_hears_of_it() {
    let Some(tmux) = shell("unsaved") else {
        return;
    };
    // the data folder would be inside a regular file: it cannot be made
    std::fs::write(tmux.dir.join("blocker"), "a regular file").unwrap();
    tmux.send_literal(&format!(
        "XDG_DATA_HOME=$HOME/blocker/data {}",
        env!("CARGO_BIN_EXE_sudoku-tui")
    ));
    tmux.send(&["Enter"]);
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    tmux.send(&["q"]);
    tmux.wait_text("Quit the game?");
    tmux.send(&["y"]);
    let screen = tmux.wait_text("The game could not be saved:");
    assert!(screen.contains("blocker/data/sudoku-tui"), "{screen}");
    assert!(screen.contains("y / q: quit without saving"), "{screen}");
    // n stays in the game, y then leaves without saving
    tmux.send(&["n"]);
    tmux.wait_for("the game again", |s| !s.contains("could not be saved"));
    tmux.send(&["q", "y"]);
    tmux.wait_text("The game could not be saved:");
    tmux.send(&["y"]);
    assert_sane_shell(&tmux, "1");
    let screen = tmux.screen();
    assert!(
        screen.contains("sudoku-tui: the game was not saved: ")
            && screen.contains("blocker/data/sudoku-tui"),
        "the error is on the shell's screen, after the terminal came back:\n{screen}"
    );
}

#[test]
fn a_file_named_opens_that_file_and_not_the_saved_game() {
    let Some(tmux) = shell("file") else {
        return;
    };
    let path = write_save(&tmux, &save_text("5", "1"));
    let mine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(tmux.dir.join("mine.txt"), format!("{mine}\n")).unwrap();
    launch(&tmux, "mine.txt");
    let screen = tmux.wait_text("mine.txt · ");
    assert!(!screen.contains("Resumed"), "{screen}");
    assert!(row_line(&screen, '1').1.contains("5"), "{screen}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        save_text("5", "1"),
        "the saved game stays saved"
    );
    tmux.send(&["4", "q"]);
    let screen = tmux.wait_text("Quit the game?");
    assert!(
        screen.contains("replacing the saved game of sudoku01-easy.txt"),
        "quitting replaces the one save, and says so:\n{screen}"
    );
    tmux.send(&["y"]);
    assert_sane_shell(&tmux, "0");
    let save = std::fs::read_to_string(&path).unwrap();
    assert!(save.contains("name: mine.txt\n"), "{save}");
}
