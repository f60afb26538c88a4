//! `sudoku play` on a real terminal: a tmux pane of a private tmux server,
//! keys typed with send-keys and the screen read with capture-pane. Line
//! editing (the arrow keys, backspace) and the history of lines, the clock
//! that runs while the player thinks, and a game saved, ended with Ctrl-C
//! and resumed with `--resume`.
//!
//! Without tmux, each test is reported as ignored, with the reason, by the
//! harness of `sudoku-test-support` (this target has `harness = false`);
//! CI installs tmux.

use std::path::Path;
use std::process::{Command, ExitCode, Output};
use std::time::{Duration, Instant};

use sudoku_test_support::{needs, tests, Missing};

fn main() -> ExitCode {
    sudoku_test_support::run(tests![tmux => [
        lines_are_edited_with_the_arrow_keys_and_come_back_from_the_history,
        the_clock_runs_while_the_player_thinks,
        a_game_saved_on_a_terminal_resumes_with_its_marks_and_history,
        lines_typed_ahead_or_pasted_are_each_run_in_turn,
        sigterm_at_the_prompt_saves_and_gives_the_terminal_back,
        closing_the_terminal_saves_the_game,
    ]])
}

/// What every test here needs.
fn tmux() -> Result<(), Missing> {
    needs::program("tmux", "tmux")
}

/// `puzzles/sudoku01-easy.txt`; 1a is 4 in its solution.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The prompt of a move, as it starts.
const PROMPT: &str = "Move (5c6 = row 5, column c";

/// A private tmux server with one pane, running a shell whose HOME (and
/// data directory) is a temporary folder; the server is killed and the
/// folder removed when the test ends, even on failure.
struct Tmux {
    socket: String,
    home: tempfile::TempDir,
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

    /// Types `text` as it is.
    fn type_text(&self, text: &str) {
        let out = self.cmd(&["send-keys", "-t", "play", "-l", text]);
        assert!(out.status.success(), "send-keys -l {text:?}");
    }

    /// Presses keys by tmux's names (`Enter`, `Up`, `BSpace`, `C-c`).
    fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        assert!(self.cmd(&args).status.success(), "send-keys {keys:?}");
    }

    /// Types `line` and presses Enter.
    fn enter(&self, line: &str) {
        self.type_text(line);
        self.press(&["Enter"]);
    }

    /// The pane and its scrollback, wrapped lines joined.
    fn screen(&self) -> String {
        let out = self.cmd(&["capture-pane", "-p", "-J", "-S", "-", "-t", "play"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
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

    /// Waits until `text` appears `times` times in the pane.
    fn wait_count(&self, text: &str, times: usize) -> String {
        self.wait_for(&format!("{text:?} {times} times"), |s| {
            s.matches(text).count() >= times
        })
    }

    /// Runs `sudoku ARGS` at the shell prompt, then prints its status.
    fn run_sudoku(&self, args: &str) {
        let bin = env!("CARGO_BIN_EXE_sudoku");
        self.enter(&format!("'{bin}' {args}; echo status-$?"));
    }

    fn home(&self) -> &Path {
        self.home.path()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
    }
}

/// A tmux server for the test `name`, its shell at the prompt in a new
/// HOME holding `easy.txt`.
fn shell(name: &str) -> Tmux {
    let tmux = Tmux {
        socket: format!("sudoku-play-{name}-{}", std::process::id()),
        home: tempfile::tempdir().unwrap(),
    };
    let home = tmux.home().to_path_buf();
    std::fs::write(home.join("easy.txt"), format!("{EASY}\n")).unwrap();
    let conf = home.join("tmux.conf");
    std::fs::write(&conf, "set -g status off\nset -g history-limit 5000\n").unwrap();
    let shell = format!(
        "env HOME='{0}' XDG_DATA_HOME='{0}/data' NO_COLOR=1 PS1='$ ' sh",
        home.display()
    );
    let out = Command::new("tmux")
        .args(["-L", &tmux.socket, "-u", "-f"])
        .arg(&conf)
        .args([
            "new-session",
            "-d",
            "-x",
            "100",
            "-y",
            "50",
            "-s",
            "play",
            "-c",
        ])
        .arg(&home)
        .arg(shell)
        .output()
        .expect("tmux starts");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    tmux.wait_for("the shell prompt", |s| {
        s.lines().any(|l| l.trim_end() == "$")
    });
    tmux
}

fn lines_are_edited_with_the_arrow_keys_and_come_back_from_the_history() {
    let tmux = shell("edit");
    tmux.run_sudoku("play easy.txt");
    tmux.wait_count(PROMPT, 1);
    // `14`, the cursor one to the left, `a`: the line is 1a4.
    tmux.type_text("14");
    tmux.press(&["Left"]);
    tmux.type_text("a");
    tmux.press(&["Enter"]);
    let screen = tmux.wait_count("Legal move", 1);
    assert!(screen.contains("help): 1a4\n"), "{screen}");
    assert!(screen.contains("\n1 |>4< .  3 |"), "{screen}");
    // A typo taken back with backspace (at the next prompt: keys typed
    // before it would meet the terminal's own line editing).
    tmux.wait_count(PROMPT, 2);
    tmux.type_text("bx");
    tmux.press(&["BSpace"]);
    tmux.type_text("k");
    tmux.press(&["Enter"]);
    tmux.wait_count("Undid 1a4", 1);
    // Up twice goes back past `bk` to `1a4`, and Enter plays it again.
    tmux.wait_count(PROMPT, 3);
    tmux.press(&["Up"]);
    tmux.press(&["Up"]);
    tmux.wait_for("1a4 back on the prompt line", |s| {
        s.lines()
            .rfind(|l| l.starts_with(PROMPT))
            .is_some_and(|l| l.ends_with("help): 1a4"))
    });
    tmux.press(&["Enter"]);
    let screen = tmux.wait_count("Legal move", 2);
    assert_eq!(screen.matches("help): 1a4\n").count(), 2, "{screen}");
    tmux.wait_count(PROMPT, 4);
    tmux.enter("end");
    let screen = tmux.wait_count("status-0", 1);
    assert!(screen.contains("Game saved: 2 moves made, 48 cells still to fill"));
}

/// The seconds of the first `MM:SS` after `label` in `screen`.
fn seconds_after(screen: &str, label: &str) -> u64 {
    let at = screen
        .find(label)
        .unwrap_or_else(|| panic!("no {label} in\n{screen}"));
    let clock = &screen[at + label.len()..at + label.len() + 5];
    let (m, s) = clock.split_once(':').unwrap();
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

fn the_clock_runs_while_the_player_thinks() {
    let tmux = shell("clock");
    tmux.run_sudoku("play easy.txt");
    let screen = tmux.wait_count(PROMPT, 1);
    assert!(screen.contains("\n  00:00 played, 0 moves, 0 hints, 0/49 filled\n"));
    std::thread::sleep(Duration::from_millis(2200));
    tmux.enter("time");
    let screen = tmux.wait_count("Time played: ", 1);
    let thought = seconds_after(&screen, "Time played: ");
    assert!((2..60).contains(&thought), "{screen}");
    assert!(
        !screen.contains("the clock runs only"),
        "a terminal: the clock runs"
    );
    tmux.wait_count(PROMPT, 2);
    std::thread::sleep(Duration::from_millis(1200));
    tmux.enter("1a4");
    let screen = tmux.wait_count("Legal move", 1);
    let status = screen
        .lines()
        .find(|l| l.ends_with(" played, 1 move, 0 hints, 1/49 filled"))
        .unwrap_or_else(|| panic!("no status line in\n{screen}"));
    let shown = seconds_after(status, "  ");
    assert!(shown > thought, "{status} after {thought} s");
    tmux.wait_count(PROMPT, 3);
    tmux.enter("end");
    tmux.wait_count("status-0", 1);
}

fn a_game_saved_on_a_terminal_resumes_with_its_marks_and_history() {
    let tmux = shell("resume");
    let save = tmux
        .home()
        .join("data/sudoku")
        .join(format!("{}.save", EASY.replace('.', "0")));
    tmux.run_sudoku("play easy.txt");
    tmux.wait_count(PROMPT, 1);
    tmux.enter("1a4");
    tmux.wait_count(PROMPT, 2);
    tmux.enter("n2b26");
    tmux.wait_count("2b marks: 2 6", 1);
    tmux.wait_count(PROMPT, 3);
    tmux.enter("save");
    let saved_to = format!("Saved to {}", short_save(EASY));
    tmux.wait_count(&saved_to, 1);
    tmux.wait_count(PROMPT, 4);
    // Ctrl-C ends the game as `end` does: it is saved.
    tmux.press(&["C-c"]);
    let screen = tmux.wait_count("status-0", 1);
    assert_eq!(screen.matches(&saved_to).count(), 2, "{screen}");
    assert!(screen.contains("\nsudoku play --resume goes on from here\n"));
    assert!(save.exists());

    tmux.run_sudoku("play --resume");
    let screen = tmux.wait_count("Resume it (1 or yes; list, end)? ", 1);
    assert!(screen.contains("\n   1  easy.txt "), "{screen}");
    assert!(screen.contains("  1/49     "), "{screen}");
    tmux.enter("1");
    tmux.wait_count("Resuming the game saved ", 1);
    tmux.wait_count(PROMPT, 5);
    tmux.enter("2b?");
    tmux.wait_count("2b marks: 2 6; its row, column and box allow 2 6 7 8", 1);
    tmux.wait_count(PROMPT, 6);
    tmux.enter("bk");
    tmux.wait_count("Undid 1a4", 1);
    tmux.wait_count(PROMPT, 7);
    tmux.enter("end");
    let screen = tmux.wait_count("status-0", 2);
    assert!(screen.contains("Game saved: 1 move made, 49 cells still to fill"));
}

/// The save of `puzzle` as the game names it: HOME is the test's home.
fn short_save(puzzle: &str) -> String {
    let key = puzzle.replace('.', "0");
    format!("~/data/sudoku/{}...{}.save", &key[..8], &key[73..])
}

/// The process id of the program running in the pane (the shell's child).
fn game_pid(tmux: &Tmux) -> String {
    let out = tmux.cmd(&["display-message", "-p", "-t", "play", "#{pane_pid}"]);
    let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let start = Instant::now();
    loop {
        let out = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !pid.is_empty() {
            return pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no game under {shell}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn lines_typed_ahead_or_pasted_are_each_run_in_turn() {
    let tmux = shell("ahead");
    tmux.run_sudoku("play easy.txt");
    tmux.wait_count(PROMPT, 1);
    // Three lines sent at once, as fast typing or a terminal without
    // bracketed paste sends them.
    tmux.type_text("1a4\rshow\rtime\r");
    let screen = tmux.wait_count("Time played: ", 1);
    assert!(screen.contains("help): 1a4\n"), "{screen}");
    assert!(screen.contains("help): show\n"), "{screen}");
    assert!(screen.contains("help): time\n"), "{screen}");
    tmux.wait_count(PROMPT, 4);
    // A paste of three lines (bracketed: the game sees it as one paste):
    // after Enter, each runs in turn.
    let out = tmux.cmd(&["set-buffer", "-b", "moves", "1b8\ntime\n2b?"]);
    assert!(out.status.success());
    let out = tmux.cmd(&["paste-buffer", "-p", "-b", "moves", "-t", "play"]);
    assert!(out.status.success());
    tmux.press(&["Enter"]);
    let screen = tmux.wait_count("Time played: ", 2);
    tmux.wait_count("2b has no marks", 1);
    assert_eq!(screen.matches("Legal move").count(), 2, "{screen}");
    tmux.wait_count(PROMPT, 7);
    tmux.enter("end");
    let screen = tmux.wait_count("status-0", 1);
    assert!(screen.contains("Game saved: 2 moves made"), "{screen}");
}

fn sigterm_at_the_prompt_saves_and_gives_the_terminal_back() {
    let tmux = shell("term");
    let save = tmux
        .home()
        .join("data/sudoku")
        .join(format!("{}.save", EASY.replace('.', "0")));
    tmux.run_sudoku("play easy.txt");
    tmux.wait_count(PROMPT, 1);
    tmux.enter("1a4");
    tmux.wait_count(PROMPT, 2);
    // The line editor holds the terminal raw at the prompt.
    let pid = game_pid(&tmux);
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let screen = tmux.wait_count("status-143", 1);
    assert!(
        screen.contains(&format!(
            "sudoku: SIGTERM: the game is saved ({}); sudoku play --resume goes on",
            short_save(EASY)
        )),
        "{screen}"
    );
    assert!(std::fs::read_to_string(&save)
        .unwrap()
        .contains("\ndone: 1a4\n"));
    // The terminal echoes and takes lines again.
    tmux.enter("echo back-to-normal");
    let screen = tmux.wait_count("back-to-normal", 2);
    assert!(
        screen.contains("$ echo back-to-normal\nback-to-normal"),
        "{screen}"
    );
}

fn closing_the_terminal_saves_the_game() {
    let tmux = shell("hup");
    let save = tmux
        .home()
        .join("data/sudoku")
        .join(format!("{}.save", EASY.replace('.', "0")));
    tmux.run_sudoku("play easy.txt");
    tmux.wait_count(PROMPT, 1);
    tmux.enter("1a4");
    tmux.wait_count(PROMPT, 2);
    tmux.enter("1b8");
    tmux.wait_count(PROMPT, 3);
    // The terminal goes away (as closing its window does): SIGHUP.
    let _ = tmux.cmd(&["kill-server"]);
    let start = Instant::now();
    while !std::fs::read_to_string(&save).is_ok_and(|s| s.contains("\ndone: 1a4 1b8\n")) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not saved: {:?}",
            std::fs::read_to_string(&save)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
