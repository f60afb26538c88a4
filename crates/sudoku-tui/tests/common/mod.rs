//! Driving the real `sudoku-tui` under tmux, for end-to-end tests.
//!
//! Each test gets a tmux server of its own (`tmux -L <unique socket>`), one
//! pane running `sh` in a fresh folder under the system's temp dir, with
//! `HOME` set to that folder and `XDG_DATA_HOME` to `DIR/data` (or to the
//! folder the test names), so the game's saves (`XDG_DATA_HOME/sudoku/`)
//! never touch the real user's. The server and the folder go when the
//! [`Tmux`] is dropped, even when the test fails.
//!
//! A test that starts a game, plays and leaves it saved:
//!
//! ```ignore
//! mod common;
//! let tmux = common::shell("mine");                        // a test that needs tmux
//! let pid = tmux.launch("--random easy --seed 42");         // args for sudoku-tui
//! tmux.wait_text("random easy #42");
//! tmux.send(&["4"]);                                        // keys, as `tmux send-keys`
//! tmux.save_and_quit(&pid);                                 // Ctrl-C: saved, exited 0
//! let saves = common::saves(&tmux.data_home());            // the store's files
//! ```
//!
//! The test files that use it run on the harness of `sudoku-test-support`
//! (`harness = false`), which reports a test that needs [`tmux`] as
//! ignored, with the reason, where tmux is not installed.
//!
//! Not every test file uses every helper.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use sudoku_test_support::{needs, Missing};

/// What the end-to-end tests need: tmux on the `PATH`.
pub fn tmux() -> Result<(), Missing> {
    needs::program("tmux", "tmux")
}

/// A private tmux server, killed when the test ends (even on failure),
/// with the test's folder.
pub struct Tmux {
    pub socket: String,
    pub dir: PathBuf,
    data_home: PathBuf,
}

/// The pane's size and where the game keeps its data.
pub struct Setup {
    /// Columns.
    pub width: u16,
    /// Lines.
    pub height: u16,
    /// `XDG_DATA_HOME` for the shell and the games it starts; `None`:
    /// `DIR/data`.
    pub data_home: Option<PathBuf>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            width: 100,
            height: 40,
            data_home: None,
        }
    }
}

impl Tmux {
    pub fn cmd(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Sends keys as `tmux send-keys` names them (`Enter`, `C-c`, `4`).
    pub fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "e2e"];
        args.extend_from_slice(keys);
        assert!(self.cmd(&args).status.success(), "send-keys {keys:?}");
    }

    /// Sends `text` as it is (a command line, SGR mouse sequences).
    pub fn send_literal(&self, text: &str) {
        assert!(self
            .cmd(&["send-keys", "-t", "e2e", "-l", text])
            .status
            .success());
    }

    /// The pane's text.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.cmd(&["capture-pane", "-p", "-t", "e2e"]).stdout).into_owned()
    }

    /// A tmux format about the pane (`#{alternate_on}`).
    pub fn format(&self, format: &str) -> String {
        let out = self
            .cmd(&["display-message", "-p", "-t", "e2e", format])
            .stdout;
        String::from_utf8_lossy(&out).trim().to_string()
    }

    /// Polls the pane until `ready` holds, failing after ten seconds.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        self.wait_for_within(what, Duration::from_secs(10), ready)
    }

    /// Polls the pane until `ready` holds, failing after `limit`.
    pub fn wait_for_within(
        &self,
        what: &str,
        limit: Duration,
        ready: impl Fn(&str) -> bool,
    ) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            if start.elapsed() > limit {
                panic!("timed out waiting for {what}; the pane shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the pane shows `text`; returns the screen.
    pub fn wait_text(&self, text: &str) -> String {
        self.wait_for(text, |s| s.contains(text))
    }

    /// `XDG_DATA_HOME` of the pane's shell.
    pub fn data_home(&self) -> PathBuf {
        self.data_home.clone()
    }

    /// The save store both games share: `XDG_DATA_HOME/sudoku`.
    pub fn store(&self) -> PathBuf {
        self.data_home.join("sudoku")
    }

    /// Starts `sudoku-tui ARGS` in the pane (through a shell that writes
    /// its process id to a file and then becomes the game); returns the
    /// process id.
    pub fn launch(&self, args: &str) -> String {
        self.launch_binary(env!("CARGO_BIN_EXE_sudoku-tui"), args)
    }

    /// Starts `binary ARGS` in the pane, as [`Tmux::launch`] does.
    pub fn launch_binary(&self, binary: &str, args: &str) -> String {
        let pid_file = self.dir.join("game.pid");
        let _ = std::fs::remove_file(&pid_file);
        self.send_literal(&format!(
            "sh -c 'echo $$ > {}; exec {binary} {args}'",
            pid_file.display(),
        ));
        self.send(&["Enter"]);
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

    /// Ctrl-C: the game saves an unfinished game and ends at once; waits
    /// until the process `pid` is gone and the shell prompt is back.
    pub fn save_and_quit(&self, pid: &str) {
        self.send(&["C-c"]);
        wait_until_gone(pid);
        self.wait_for("the shell prompt", |s| !s.contains('┃') && has_prompt(s));
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A fresh folder for the test `name` (its HOME and data directory).
pub fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A tmux server of its own for the test `name`, its one pane running a
/// shell in `dir` (also its HOME), as `setup` says.
pub fn start(name: &str, dir: &Path, setup: Setup) -> Tmux {
    let data_home = setup.data_home.unwrap_or_else(|| dir.join("data"));
    let tmux = Tmux {
        socket: format!("sudoku-tui-{name}-{}", std::process::id()),
        dir: dir.to_path_buf(),
        data_home: data_home.clone(),
    };
    let conf = dir.join("tmux.conf");
    std::fs::write(&conf, "set -g status off\n").unwrap();
    let shell = format!(
        "env HOME='{}' XDG_DATA_HOME='{}' PS1='$ ' sh",
        dir.display(),
        data_home.display()
    );
    let (width, height) = (setup.width.to_string(), setup.height.to_string());
    let out = Command::new("tmux")
        .args(["-L", &tmux.socket, "-u", "-f"])
        .arg(&conf)
        .args([
            "new-session",
            "-d",
            "-x",
            &width,
            "-y",
            &height,
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

/// A 100x40 tmux server for the test `name` with its shell at the prompt.
pub fn shell(name: &str) -> Tmux {
    shell_with(name, Setup::default())
}

/// An 80x24 tmux server (the smallest screen the game is made for) for the
/// test `name` with its shell at the prompt.
pub fn shell_80x24(name: &str) -> Tmux {
    shell_with(
        name,
        Setup {
            width: 80,
            height: 24,
            ..Setup::default()
        },
    )
}

/// A tmux server for the test `name` as `setup` says, with its shell at
/// the prompt.
pub fn shell_with(name: &str, setup: Setup) -> Tmux {
    let tmux = start(name, &test_dir(name), setup);
    tmux.wait_for("the shell prompt", has_prompt);
    tmux
}

/// Whether a line of the pane is the bare shell prompt (capture-pane drops
/// its trailing space).
pub fn has_prompt(screen: &str) -> bool {
    screen.lines().any(|l| l.trim_end() == "$")
}

pub fn is_running(pid: &str) -> bool {
    Command::new("kill")
        .args(["-0", pid])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Waits (at most ten seconds) until the process `pid` has ended.
pub fn wait_until_gone(pid: &str) {
    let start = Instant::now();
    while is_running(pid) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the game {pid} is still running"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The saves in the store under `data_home` (`data_home/sudoku/*.save`),
/// by file name, with their text.
pub fn saves(data_home: &Path) -> Vec<(String, String)> {
    let Ok(dir) = std::fs::read_dir(data_home.join("sudoku")) else {
        return Vec::new();
    };
    let mut saves: Vec<(String, String)> = dir
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.to_string();
            name.ends_with(".save")
                .then(|| (name, std::fs::read_to_string(&path).unwrap()))
        })
        .collect();
    saves.sort();
    saves
}

/// The save file name of `puzzle` (81 characters, `.` for a blank) in the
/// store: its cells with `0` for a blank, then `.save`.
pub fn save_name(puzzle: &str) -> String {
    format!("{}.save", puzzle.replace('.', "0"))
}

/// The text game's binary (`sudoku`), next to `sudoku-tui`: the one
/// `cargo test --workspace` builds. A `cargo test -p sudoku-tui` does not
/// build it, so it is built here when missing (`cargo build -p sudoku-cli
/// --bin sudoku`, in the same profile).
pub fn sudoku_binary() -> PathBuf {
    let tui = Path::new(env!("CARGO_BIN_EXE_sudoku-tui"));
    let path = tui.with_file_name(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let profile = match tui.parent().and_then(Path::file_name) {
            Some(dir) if dir == "debug" => "dev".to_string(),
            Some(dir) => dir.to_string_lossy().into_owned(),
            None => "dev".to_string(),
        };
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let built = Command::new(cargo)
            .args(["build", "--quiet", "-p", "sudoku-cli", "--bin", "sudoku"])
            .args(["--profile", &profile, "--manifest-path"])
            .arg(&manifest)
            .stdin(Stdio::null())
            .status()
            .expect("cargo runs");
        assert!(built.success(), "cargo build -p sudoku-cli failed");
    }
    assert!(path.exists(), "{} is missing", path.display());
    path
}
