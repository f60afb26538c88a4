//! End to end: the real binary in a 100x40 (or 80x24) tmux pane, driven
//! with keys and a mouse click, checked through `tmux capture-pane` at each
//! step; signals sent from outside (`kill -TERM`, a closed terminal), which
//! must leave a sane shell and a save, and `kill -TSTP` then `fg`, which
//! must hand the terminal to the shell and back; and the saved games: a
//! resume across a restart with marks, time and undo history, the picker's
//! list of saves, `sudoku-tui FILE` and the import of the old save; pasted
//! text (bracketed paste), leaving with two Esc, the line the shell gets
//! after quitting, and one game per puzzle against the text game.
//!
//! Without tmux each test is reported as ignored, with the reason, by the
//! harness of `sudoku-test-support` (`harness = false`); CI installs tmux.
//! The helpers are in `common/mod.rs`.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{
    has_prompt, is_running, save_name, saves, shell, shell_80x24, sudoku_binary, tmux, Tmux,
};
use sudoku_test_support::tests;

fn main() -> ExitCode {
    sudoku_test_support::run(tests![tmux => [
        sigterm_restores_the_terminal_and_saves,
        a_suspended_game_gives_the_terminal_back_and_takes_it_again,
        a_closed_terminal_saves_a_random_game_and_ends,
        play_a_game_in_tmux,
        a_save_with_a_huge_time_resumes_with_the_limit,
        a_save_that_is_a_device_or_a_fifo_is_refused_at_once,
        a_failed_save_on_quit_asks_and_the_shell_hears_of_it,
        a_game_resumes_with_its_marks_time_and_undo_history_after_a_restart,
        the_picker_lists_saved_games_resumes_and_deletes_them,
        a_file_named_resumes_its_own_save_and_no_other,
        the_old_save_is_moved_into_the_store_once,
        an_80x24_terminal_plays_with_marks_names_mistakes_and_pause,
        the_picker_grades_on_a_thread_of_its_own,
        hints_are_worked_out_on_a_thread_of_their_own,
        the_hint_ladder_draws_a_chain_without_colour_at_80x24,
        a_puzzle_pasted_in_the_picker_opens_it,
        prose_pasted_in_a_game_changes_nothing,
        two_escs_leave_a_game_and_the_program,
        the_shell_hears_where_the_game_went,
        the_text_game_is_refused_a_puzzle_the_terminal_game_has_open,
        the_terminal_game_is_refused_a_puzzle_the_text_game_has_open,
        colours_and_the_filter_read_without_colour_and_go_to_the_text_game,
    ]])
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

/// `H` to the first rung of the hint ladder, then up its three others
/// and once more: a digit placed.
fn place_a_hint(tmux: &Tmux) {
    tmux.send(&["H"]);
    tmux.wait_text("Hint 1/4 ");
    tmux.send(&["H", "H", "H", "H"]);
}

fn launch(tmux: &Tmux, args: &str) -> String {
    tmux.launch(args)
}

fn kill(signal: &str, pid: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), pid])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {pid}");
}

/// The CPU time (user and system, in clock ticks) the process has used,
/// when the system tells (Linux's /proc).
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(") ")?.1.split(' ').collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn sigterm_restores_the_terminal_and_saves() {
    let tmux = shell("term");
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
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01)))
        .expect("autosaved on SIGTERM");
    assert!(save.contains("name: sudoku01-easy.txt\n"), "{save}");
    assert!(
        save.contains("grid: 4.3.2.6..") && save.contains("done: 1a4\n"),
        "the move is saved:\n{save}"
    );
    assert!(
        save.contains("marks: 1b=78\n"),
        "the pencil marks are saved:\n{save}"
    );
}

fn a_suspended_game_gives_the_terminal_back_and_takes_it_again() {
    let tmux = shell("tstp");
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
        screen.contains(" 1 ┃>[4]<│"),
        "the move is still there:\n{screen}"
    );
    assert_eq!(tmux.format("#{alternate_on}"), "1");
    assert_eq!(tmux.format("#{mouse_any_flag}"), "1");
    tmux.send(&["Right", "5"]);
    tmux.wait_text("moves 2 ");
    tmux.send(&["C-c"]);
    assert_sane_shell(&tmux, "0");
}

fn a_closed_terminal_saves_a_random_game_and_ends() {
    let tmux = shell("hup");
    let pid = launch(&tmux, "--random easy --seed 42");
    tmux.wait_text("random easy #42 · easy ");
    place_a_hint(&tmux);
    tmux.wait_text("Hint: ");
    // SIGHUP from outside first: the handler, with the terminal still there
    kill("HUP", &pid);
    assert_sane_shell(&tmux, "129");
    let saved = saves(&tmux.data_home());
    assert_eq!(saved.len(), 1, "autosaved on SIGHUP: {saved:?}");
    let (name, save) = &saved[0];
    let save_path = tmux.store().join(name);
    assert!(save.contains("name: random easy #42\n"), "{save}");
    assert!(save.contains("origin: random easy 42\n"), "{save}");
    assert!(save.contains("hints: 1\n"), "{save}");
    // then a real hang-up: the terminal goes away under the game
    let pid = launch(&tmux, "--resume");
    let screen = tmux.wait_text("Resumed random easy #42");
    assert!(screen.contains("hints 1"), "{screen}");
    place_a_hint(&tmux);
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
    assert!(save.contains("hints: 2\n"), "{save}");
}

fn play_a_game_in_tmux() {
    let tmux = shell("e2e");
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
    assert!(row1.contains(" 4  │  ·  │  3  ┃![5]!│  2"), "{row1}");
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
            .contains(" 7  │  ·  │  ·  ┃  ·  │>[3]<│"),
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
        std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).expect("autosaved on quit");
    assert!(save.contains("name: sudoku01-easy.txt"), "{save}");
    assert!(
        save.contains("undone: 1a4 1d5 5e3\n"),
        "the undone moves wait to be redone:\n{save}"
    );
}

/// The first puzzle of the built-in list (`sudoku01-easy.txt`).
const SUDOKU01: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Writes `text` as the previous release's save file
/// (`XDG_DATA_HOME/sudoku-tui/save.txt`) and returns its path.
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

fn a_save_with_a_huge_time_resumes_with_the_limit() {
    let tmux = shell("huge");
    let old = write_save(
        &tmux,
        &save_text("18446744073709551615", "18446744073709551615"),
    );
    launch(&tmux, "--resume");
    let screen = tmux.wait_text("9999:00:00");
    assert!(
        screen.contains("moves 999999 · conflicts 0 · 9999:00:00"),
        "the moves and the time at their limits:\n{screen}"
    );
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    assert!(
        screen.contains("Ignored part of the saved game"),
        "the replaced values are reported:\n{screen}"
    );
    assert!(!old.exists(), "the old save is moved into the store");
    tmux.send(&["C-c"]);
    assert_sane_shell(&tmux, "0");
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).unwrap();
    assert!(
        save.contains("time: 35996400\nmoves: 999999\n"),
        "saved at the limits:\n{save}"
    );
}

#[cfg(unix)]
fn a_save_that_is_a_device_or_a_fifo_is_refused_at_once() {
    let tmux = shell("fifo");
    // the old save: reported, left where it is, and the game goes on
    let path = write_save(&tmux, "");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    launch(&tmux, "");
    let screen = tmux.wait_text("not a regular file");
    assert!(
        screen.contains("The old saved game cannot be moved into the list"),
        "{screen}"
    );
    assert!(screen.contains("> sudoku01-easy.txt"), "{screen}");
    tmux.send(&["Escape"]);
    assert_sane_shell(&tmux, "0");
    assert!(path.is_symlink(), "left as it is");
    std::fs::remove_file(&path).unwrap();
    let made = Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(made.success());
    launch(&tmux, "--resume");
    let screen = tmux.wait_text("not a regular file");
    assert!(screen.contains("is left as it is"), "{screen}");
    tmux.send(&["Escape"]);
    assert_sane_shell(&tmux, "0");
    std::fs::remove_file(&path).unwrap();
    // a save of the store that is a FIFO: listed as unreadable, and its
    // puzzle is not played over it
    std::fs::create_dir_all(tmux.store()).unwrap();
    let fifo = tmux.store().join(save_name(SUDOKU01));
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    launch(&tmux, "");
    let screen = tmux.wait_text("A saved game cannot be read:");
    assert!(screen.contains("not a regular file"), "{screen}");
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("its saved game cannot be read");
    assert!(screen.contains("Sudoku: choose a puzzle"), "{screen}");
    tmux.send(&["Escape"]);
    assert_sane_shell(&tmux, "0");
}

fn a_failed_save_on_quit_asks_and_the_shell_hears_of_it() {
    let tmux = shell("unsaved");
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
    assert!(screen.contains("blocker/data/sudoku"), "{screen}");
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
            && screen.contains("blocker/data/sudoku"),
        "the error is on the shell's screen, after the terminal came back:\n{screen}"
    );
}

/// The puzzle of the test's own file `mine.txt` (the classic easy one).
const MINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn a_game_resumes_with_its_marks_time_and_undo_history_after_a_restart() {
    let tmux = shell("restart");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    // 4 in 1a, marks 7 8 in 1b, 5 in 1d undone (so it waits to be redone)
    tmux.send(&["4", "l", "n", "7", "8", "n", "l", "l", "5", "u"]);
    tmux.wait_text("Undid 1d");
    tmux.wait_text("00:02");
    tmux.send(&["q", "y"]);
    common::wait_until_gone(&pid);
    assert_sane_shell(&tmux, "0");
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).unwrap();
    assert!(save.starts_with("sudoku save 2\n"), "{save}");
    for line in [
        "marks: 1b=78\n",
        "done: 1a4\n",
        "undone: 1d5\n",
        "moves: 2\n",
    ] {
        assert!(save.contains(line), "{line:?} missing:\n{save}");
    }
    // a new process: everything comes back
    let pid = launch(&tmux, "--resume");
    // the level comes once the grade is worked out, on a thread of its own
    let screen = tmux.wait_for("the resumed game and its level", |s| {
        s.contains("Resumed sudoku01-easy.txt") && s.contains("sudoku01-easy.txt · easy")
    });
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    let (y, _) = row_line(&screen, '1');
    let marks_line = screen.lines().nth(y + 1).unwrap();
    assert!(marks_line.contains("│7 8  │"), "the marks of 1b:\n{screen}");
    let time = screen
        .lines()
        .find(|l| l.contains("sudoku01-easy.txt · easy"))
        .unwrap();
    assert!(
        ["00:02", "00:03", "00:04"].iter().any(|t| time.contains(t)),
        "the time goes on from the save: {time}"
    );
    tmux.send(&["r"]);
    let screen = tmux.wait_text("Redid 1d");
    assert!(row_line(&screen, '1').1.contains("[5]"), "{screen}");
    tmux.send(&["u", "u"]);
    let screen = tmux.wait_text("Undid 1a");
    assert!(
        screen.contains("moves 2 "),
        "moves made stay made:\n{screen}"
    );
    tmux.send(&["u"]);
    tmux.wait_text("Nothing to undo");
    tmux.save_and_quit(&pid);
}

fn the_picker_lists_saved_games_resumes_and_deletes_them() {
    let tmux = shell("list");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    // two games, each left for the list with a move
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4"]);
    leave_for_the_list(&tmux);
    let screen = tmux.wait_text("Saved sudoku01-easy.txt: resume it from the list");
    assert!(screen.contains("> sudoku01-easy.txt · saved"), "{screen}");
    tmux.send(&["Down", "Enter"]);
    tmux.wait_text("sudoku02-easy.txt · easy");
    tmux.send(&["Escape"]);
    let screen = tmux.wait_text("Sudoku: choose a puzzle");
    assert!(!screen.contains("Leave this game"), "nothing to save");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku02-easy.txt · easy");
    // a second later, so that the saves' times differ
    std::thread::sleep(Duration::from_millis(1100));
    place_a_hint(&tmux);
    tmux.wait_text("Hint: ");
    leave_for_the_list(&tmux);
    let screen = tmux.wait_text("Saved sudoku02-easy.txt");
    let first = screen
        .lines()
        .position(|l| l.contains("Resume sudoku02-easy.txt"))
        .unwrap();
    let second = screen
        .lines()
        .position(|l| l.contains("Resume sudoku01-easy.txt"))
        .unwrap();
    assert!(first < second, "the latest first:\n{screen}");
    let row = screen.lines().nth(second).unwrap();
    assert!(
        row.contains("Resume sudoku01-easy.txt · 1/49 · 00:0")
            && row.contains(" · just now · easy"),
        "name, progress, time, date and level:\n{screen}"
    );
    assert!(screen.contains("Saved games (2), puzzles"), "{screen}");
    tmux.save_and_quit(&pid);
    assert_eq!(saves(&tmux.data_home()).len(), 2);
    // a new process lists them, the latest selected; Enter resumes
    let pid = launch(&tmux, "");
    tmux.wait_text("> Resume sudoku02-easy.txt");
    // the preview may be drawn a moment after the list
    let screen = tmux.wait_text("Filled: 1/");
    assert!(screen.contains("> Resume sudoku02-easy.txt"), "{screen}");
    assert!(screen.contains("Del: delete save"), "{screen}");
    tmux.send(&["Down", "Enter"]);
    let screen = tmux.wait_text("Resumed sudoku01-easy.txt");
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    leave_for_the_list(&tmux);
    tmux.wait_text("Saved sudoku01-easy.txt");
    // Delete asks; Enter keeps, y deletes
    tmux.send_literal("02");
    tmux.wait_text("Search: 02");
    tmux.send(&["Home", "DC"]);
    tmux.wait_text("Delete the saved game of sudoku02-easy.txt?");
    tmux.send(&["Enter"]);
    tmux.wait_for("the question gone", |s| !s.contains("Delete the saved"));
    assert_eq!(saves(&tmux.data_home()).len(), 2, "Enter keeps it");
    tmux.send(&["DC", "y"]);
    let screen = tmux.wait_text("Deleted the saved game of sudoku02-easy.txt");
    assert!(!screen.contains("Resume sudoku02"), "{screen}");
    assert!(screen.contains("> sudoku02-easy.txt"), "{screen}");
    let left = saves(&tmux.data_home());
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].0, save_name(SUDOKU01));
    tmux.save_and_quit(&pid);
}

fn a_file_named_resumes_its_own_save_and_no_other() {
    let tmux = shell("file");
    std::fs::write(tmux.dir.join("mine.txt"), format!("{MINE}\n")).unwrap();
    // a saved game of another puzzle
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter", "4"]);
    tmux.wait_text("moves 1 ");
    tmux.save_and_quit(&pid);
    let other = tmux.store().join(save_name(SUDOKU01));
    let other_text = std::fs::read_to_string(&other).unwrap();
    // FILE opens FILE's puzzle, fresh: not the other save
    let pid = launch(&tmux, "mine.txt");
    let screen = tmux.wait_text("mine.txt · ");
    assert!(!screen.contains("Resumed"), "{screen}");
    assert!(screen.contains("moves 0 "), "{screen}");
    tmux.send(&["4", "l", "n", "6"]);
    tmux.wait_text("Pencilled 6 in 1d");
    tmux.send(&["q"]);
    tmux.wait_text("Quit the game?");
    tmux.send(&["y"]);
    common::wait_until_gone(&pid);
    assert_sane_shell(&tmux, "0");
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        other_text,
        "the other puzzle's save is untouched"
    );
    let mine = std::fs::read_to_string(tmux.store().join(save_name(MINE))).unwrap();
    assert!(
        mine.contains("name: mine.txt\n") && mine.contains("done: 1c4\n"),
        "{mine}"
    );
    assert!(
        mine.contains("origin: file 1 /"),
        "the file, by its full path:\n{mine}"
    );
    // FILE again: its own save, resumed, and said so
    let pid = launch(&tmux, "mine.txt");
    let screen = tmux.wait_text("Resumed your saved game of mine.txt");
    assert!(row_line(&screen, '1').1.contains("4"), "{screen}");
    assert!(screen.contains("moves 1 "), "{screen}");
    tmux.send(&["u"]);
    tmux.wait_text("Undid 1c");
    tmux.save_and_quit(&pid);
    assert_eq!(saves(&tmux.data_home()).len(), 2);
}

fn the_old_save_is_moved_into_the_store_once() {
    let tmux = shell("import");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sudoku-core/tests/data/tui-v1-builtin.txt"
    );
    let old = write_save(&tmux, &std::fs::read_to_string(fixture).unwrap());
    let pid = launch(&tmux, "");
    let screen = tmux.wait_text("Moved the old saved game into the list");
    assert!(
        screen.contains("> Resume sudoku01-easy.txt · 6/49 · 03:12"),
        "{screen}"
    );
    assert!(!old.exists(), "imported once: the old file goes");
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).unwrap();
    assert!(
        save.starts_with("sudoku save 2\n") && save.contains("marks: 2h=26 3a=1379\n"),
        "{save}"
    );
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("Resumed sudoku01-easy.txt");
    assert!(screen.contains("hints 1"), "{screen}");
    assert!(screen.contains("03:1"), "the old time:\n{screen}");
    tmux.send(&["m"]);
    let screen = tmux.wait_text("1 mistake, marked x: 2b");
    assert!(
        row_line(&screen, '2').1.contains(" !1! "),
        "wrong and in conflict: the conflict's mark:\n{screen}"
    );
    // the old board's entries are moves now: undo takes them back
    tmux.send(&["u"]);
    tmux.wait_text("Undid 2b");
    tmux.save_and_quit(&pid);
    // a second start imports nothing and says nothing of it
    let pid = launch(&tmux, "");
    let screen = tmux.wait_text("> Resume sudoku01-easy.txt");
    assert!(!screen.contains("Moved the old"), "{screen}");
    tmux.save_and_quit(&pid);
}

/// Esc: the game is saved and left for the list.
fn leave_for_the_list(tmux: &Tmux) {
    tmux.send(&["Escape"]);
}

/// The board line of row `row` and the line under it (a 5x2 cell's two
/// lines).
fn cell_lines(screen: &str, row: char) -> (&str, &str) {
    let (y, line) = row_line(screen, row);
    (line, screen.lines().nth(y + 1).unwrap())
}

fn an_80x24_terminal_plays_with_marks_names_mistakes_and_pause() {
    let tmux = shell_80x24("frictions");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    // a search to find the puzzle (it goes when the game is left)
    tmux.send_literal("01");
    tmux.wait_text("Search: 01");
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("sudoku01-easy.txt · easy");
    assert!(
        screen.contains("┏━━a━━┯━━b━━┯━━c━━┳"),
        "letters in the border:\n{screen}"
    );
    // pencil marks as digits in their places
    tmux.send(&["n", "1", "5", "9", "n"]);
    tmux.wait_text("Pencil marks off");
    let screen = tmux.screen();
    let (top, bottom) = cell_lines(&screen, '1');
    assert!(top.contains("┃1   5│"), "{top}");
    assert!(bottom.contains("┃   9 │"), "{bottom}");
    // moves made: undo is not one, and takes none back
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    tmux.send(&["u"]);
    let screen = tmux.wait_text("Undid 1a");
    assert!(screen.contains("moves 1 "), "{screen}");
    // hints name cells as moves are typed (5c), never as r5c3
    tmux.send(&["H"]);
    tmux.wait_text("Hint 1/4 (H: more): Look for a");
    tmux.send(&["H", "H", "H"]);
    let screen = tmux.wait_text("(H again: place)");
    let hint = screen.lines().find(|l| l.contains("(H again: place)"));
    assert!(hint.is_some_and(|h| !has_rc_name(h)), "{screen}");
    // a selected conflicting digit shows both: click 1d, put a 5 there
    let (y, _) = row_line(&screen, '1');
    let border = screen.lines().find(|l| l.contains("━━a━━")).unwrap();
    let x = border.chars().position(|c| c == 'd').unwrap();
    tmux.send_literal(&format!("\x1b[<0;{};{}M", x + 1, y + 1));
    tmux.send_literal(&format!("\x1b[<0;{};{}m", x + 1, y + 1));
    tmux.wait_text("1d selected");
    tmux.send(&["5"]);
    let screen = tmux.wait_text("There is 1 conflict");
    assert!(row_line(&screen, '1').1.contains("![5]!"), "{screen}");
    // mistakes: the wrong digits, marked, counted as a hint
    tmux.send(&["m"]);
    let screen = tmux.wait_text("1 mistake, marked x: 1d (counted as a hint)");
    assert!(screen.contains("hints 1"), "{screen}");
    assert!(
        row_line(&screen, '1').1.contains("![5]!"),
        "the conflict mark wins:\n{screen}"
    );
    tmux.send(&["h", "h"]);
    let screen = tmux.wait_text("[·]");
    assert!(row_line(&screen, '1').1.contains("!5!"), "{screen}");
    // pause: the board is hidden and takes no moves
    tmux.send(&["p"]);
    // the status line and the board's notice are drawn together, but a
    // capture can come between them: wait for both
    let screen = tmux.wait_for("the paused board", |s| {
        s.contains("p resumes") && s.contains(" paused")
    });
    assert!(!screen.contains("!5!"), "the board is hidden:\n{screen}");
    tmux.send(&["4"]);
    tmux.wait_text("Paused: p resumes the game");
    tmux.send(&["p"]);
    let screen = tmux.wait_text("Resumed: the timer runs");
    assert!(
        screen.contains("moves 2 "),
        "the 4 was not placed:\n{screen}"
    );
    // back to the list: the search is cleared, so the next Esc quits
    leave_for_the_list(&tmux);
    let screen = tmux.wait_text("Saved sudoku01-easy.txt");
    assert!(
        !screen.contains("Search: 01") && screen.contains("Type to search"),
        "{screen}"
    );
    tmux.save_and_quit(&pid);
}

/// Whether `text` names a cell as `r5c3`, the solving literature's way,
/// where the games write `5c`.
fn has_rc_name(text: &str) -> bool {
    text.as_bytes()
        .windows(4)
        .any(|w| w[0] == b'r' && w[1].is_ascii_digit() && w[2] == b'c' && w[3].is_ascii_digit())
}

/// Golden Nugget takes seconds to grade (nested forcing chains; 4 s in a
/// release build on an AMD Zen 4): the picker says so and keeps taking keys
/// meanwhile, then shows the grade. A puzzle that grades in a fraction of a
/// second could come back before the pane is read at all.
fn the_picker_grades_on_a_thread_of_its_own() {
    let tmux = shell("grading");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    for c in "nugget".chars() {
        tmux.send(&[&c.to_string()]);
    }
    tmux.wait_for("Golden Nugget being graded", |s| {
        s.contains("> sudoku11-golden-nugget.txt") && s.contains("Level:  grading...")
    });
    // the list answers at once: the search goes on while the grade is due
    tmux.send(&["BSpace"]);
    tmux.wait_for("the search without its last letter", |s| {
        s.lines().any(|l| l.trim_end().ends_with("Search: nugge"))
    });
    tmux.wait_for_within("the grade", Duration::from_secs(120), |s| {
        s.contains("Level:  extreme 11.9")
    });
    tmux.save_and_quit(&pid);
}

/// A hint that places a digit in Golden Nugget takes seconds (its first
/// placement comes after dozens of nested-chain steps): the status bar says
/// it is being worked out, the game keeps taking keys meanwhile, and the
/// hint is shown when it comes back.
fn hints_are_worked_out_on_a_thread_of_their_own() {
    let tmux = shell("hints");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    for c in "nugget".chars() {
        tmux.send(&[&c.to_string()]);
    }
    tmux.wait_text("> sudoku11-golden-nugget.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku11-golden-nugget.txt");
    tmux.send(&["H"]);
    tmux.wait_for_within("the first rung", Duration::from_secs(60), |s| {
        s.contains("Hint 1/4 (H: more): ")
    });
    tmux.send(&["H", "H", "H"]);
    tmux.wait_text("(H again: place)");
    tmux.send(&["H"]);
    tmux.wait_text("Working out a hint...");
    // the board answers at once: a pencil mark while the hint is due
    tmux.send(&["n", "7"]);
    tmux.wait_text("Pencilled 7 in");
    tmux.wait_for_within("the hint", Duration::from_secs(120), |s| {
        s.contains("Hint: ") && s.contains(" is ")
    });
    tmux.save_and_quit(&pid);
}

/// `text` with each run of white space (line breaks and the indents of
/// wrapped lines included) as one space: a message as one line, however
/// it was wrapped.
/// The hint ladder at 80x24 with `NO_COLOR`: each `H` a rung more, the
/// second rung marking its cells `*7*`, and the last one drawing the chain
/// in its cells: `+9 1` (on, first), `-9 2` (off, second), `x9` removed.
fn the_hint_ladder_draws_a_chain_without_colour_at_80x24() {
    let tmux = shell_80x24("ladder");
    // The first board of AI Escargot the hints' digits lead to where the
    // next step is a chain.
    let escargot = include_str!("../../../puzzles/sudoku08-ai-escargot.txt");
    let mut game = sudoku_core::Game::new(escargot.parse().unwrap()).unwrap();
    while game.next_step().unwrap().chains().is_empty() {
        let hint = game.hint().unwrap();
        game.place(hint.cell, hint.digit).unwrap();
    }
    let step = game.next_step().unwrap();
    std::fs::write(tmux.dir.join("chain.txt"), format!("{}\n", game.grid())).unwrap();
    let binary = env!("CARGO_BIN_EXE_sudoku-tui");
    let pid = tmux.launch_binary("env", &format!("NO_COLOR=1 {binary} chain.txt"));
    tmux.wait_text("chain.txt · ");
    tmux.send(&["H"]);
    tmux.wait_for_within("the first rung", Duration::from_secs(60), |s| {
        s.contains("Hint 1/4 (H: more): Look for a ")
    });
    tmux.send(&["H"]);
    let screen = tmux.wait_text("Hint 2/4 (H: more): Look at ");
    let first = step.chains()[0].nodes()[0];
    let (_, row) = row_line(&screen, first.cell.row().name());
    let border = screen.lines().find(|l| l.contains("━━a━━")).unwrap();
    let x = border
        .chars()
        .position(|c| c == first.cell.col().name())
        .unwrap();
    let marked: String = row.chars().skip(x - 1).take(3).collect();
    assert_eq!(marked, "*·*", "{screen}");
    tmux.send(&["H", "H"]);
    let screen = tmux.wait_text("(H again: place)");
    let board: Vec<&str> = screen.lines().take(22).collect();
    let board = board.join("\n");
    for chain in step.chains() {
        let first = chain.nodes()[0];
        let sign = if first.on { '+' } else { '-' };
        assert!(
            board.contains(&format!("{sign}{} 1", first.digit)),
            "{screen}"
        );
    }
    assert!(
        board.contains(" 2 "),
        "the second link is numbered:\n{screen}"
    );
    for &(_, digit) in step.eliminations() {
        assert!(board.contains(&format!("x{digit}")), "{screen}");
    }
    tmux.save_and_quit(&pid);
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pane's text with the lines the terminal wrapped joined again.
fn joined_screen(tmux: &Tmux) -> String {
    let out = tmux.cmd(&["capture-pane", "-p", "-J", "-t", "e2e"]).stdout;
    String::from_utf8_lossy(&out).into_owned()
}

/// Pastes `text` into the pane as a terminal does: `tmux paste-buffer -p`
/// wraps it in the bracketed-paste markers when the program in the pane
/// asked for them (and sends it bare otherwise, as typed keys).
fn paste(tmux: &Tmux, text: &str) {
    let set = tmux.cmd(&["set-buffer", "-b", "test", "--", text]);
    assert!(set.status.success(), "set-buffer");
    let pasted = tmux.cmd(&["paste-buffer", "-p", "-d", "-b", "test", "-t", "e2e"]);
    assert!(pasted.status.success(), "paste-buffer");
}

fn a_puzzle_pasted_in_the_picker_opens_it() {
    let tmux = shell("paste-open");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    paste(&tmux, &format!("  {MINE}\n"));
    let screen = tmux.wait_text("pasted puzzle · ");
    assert!(screen.contains("moves 0 "), "{screen}");
    assert!(row_line(&screen, '1').1.contains("[·]"), "{screen}");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    tmux.save_and_quit(&pid);
    let save = std::fs::read_to_string(tmux.store().join(save_name(MINE))).unwrap();
    for line in ["name: pasted puzzle\n", "origin: text\n", "done: 1c4\n"] {
        assert!(save.contains(line), "{line:?} missing:\n{save}");
    }
    // with the game over, the shell's own paste is plain again
    paste(&tmux, "echo pasted-$((40+2))");
    tmux.send(&["Enter"]);
    let screen = tmux.wait_text("pasted-42");
    assert!(
        screen.lines().any(|l| l.trim() == "pasted-42"),
        "bracketed paste is off after the game:\n{screen}"
    );
}

fn prose_pasted_in_a_game_changes_nothing() {
    let tmux = shell("paste-game");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    // as keys, this would check for mistakes, place a 5, undo and quit
    paste(&tmux, "Hello Ann! m 5 u q y\nmqy");
    let screen = tmux.wait_text("A paste is not played as keys: nothing changed");
    assert!(screen.contains("moves 1 · conflicts 0"), "{screen}");
    assert!(!screen.contains("hints "), "no mistake check:\n{screen}");
    assert!(!screen.contains("Quit the game?"), "{screen}");
    assert!(row_line(&screen, '1').1.contains("[4]"), "{screen}");
    tmux.save_and_quit(&pid);
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).unwrap();
    for line in ["done: 1a4\n", "moves: 1\n", "hints: 0\n", "mistakes: 0\n"] {
        assert!(save.contains(line), "{line:?} missing:\n{save}");
    }
}

fn two_escs_leave_a_game_and_the_program() {
    let tmux = shell("two-escs");
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send_literal("01");
    tmux.wait_text("Search: 01");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["4"]);
    let screen = tmux.wait_text("moves 1 ");
    assert!(
        row_line(&screen, '1').1.contains("[4]"),
        "a selection:\n{screen}"
    );
    // Esc 1: leave the game (it is saved on the way)
    tmux.send(&["Escape"]);
    let screen = tmux.wait_text("Saved sudoku01-easy.txt");
    assert!(!screen.contains("Search: 01"), "{screen}");
    // Esc 2: quit
    tmux.send(&["Escape"]);
    common::wait_until_gone(&pid);
    assert_sane_shell(&tmux, "0");
}

/// The line the shell gets after a game in progress was saved on the way
/// out, for `MINE`'s save under the test's HOME.
const SAVED_LINE: &str = "sudoku-tui: the game is saved \
    (~/data/sudoku/53007000...00080079.save); sudoku-tui --resume goes on";

fn saved_lines(screen: &str) -> usize {
    screen
        .lines()
        .filter(|l| l.trim_end() == SAVED_LINE)
        .count()
}

fn the_shell_hears_where_the_game_went() {
    let tmux = shell("told");
    std::fs::write(tmux.dir.join("mine.txt"), format!("{MINE}\n")).unwrap();
    let pid = launch(&tmux, "mine.txt");
    tmux.wait_text("mine.txt · ");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    tmux.send(&["q"]);
    tmux.wait_text("Quit the game?");
    tmux.send(&["y"]);
    common::wait_until_gone(&pid);
    assert_terminal_given_back(&tmux);
    let screen = joined_screen(&tmux);
    assert_eq!(
        saved_lines(&screen),
        1,
        "once the terminal is back:\n{screen}"
    );
    // Ctrl-C says it too
    let pid = launch(&tmux, "--resume");
    tmux.wait_text("Resumed");
    tmux.save_and_quit(&pid);
    let screen = joined_screen(&tmux);
    assert_eq!(saved_lines(&screen), 2, "{screen}");
    // no game in progress: nothing
    let pid = launch(&tmux, "");
    tmux.wait_text("> Resume mine.txt");
    tmux.send(&["Escape"]);
    common::wait_until_gone(&pid);
    assert_terminal_given_back(&tmux);
    let screen = joined_screen(&tmux);
    assert_eq!(saved_lines(&screen), 2, "{screen}");
}

/// `sudoku play FILE` with the test's HOME and data folder, its stdin,
/// stdout and stderr piped.
fn text_game(tmux: &Tmux, file: &Path) -> Child {
    Command::new(sudoku_binary())
        .arg("play")
        .arg(file)
        .current_dir(&tmux.dir)
        .env("HOME", &tmux.dir)
        .env("XDG_DATA_HOME", tmux.data_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku play starts")
}

/// Everything `child` prints (stdout and stderr), gathered by threads as
/// it comes.
fn gather(child: &mut Child) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    let streams: [Box<dyn Read + Send>; 2] = [
        Box::new(child.stdout.take().unwrap()),
        Box::new(child.stderr.take().unwrap()),
    ];
    for mut stream in streams {
        let text = Arc::clone(&text);
        std::thread::spawn(move || {
            let mut buf = [0; 4096];
            while let Ok(n @ 1..) = stream.read(&mut buf) {
                text.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
    }
    text
}

/// Waits (at most ten seconds) for `child` to end; its exit code.
fn finish(child: &mut Child) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sudoku play did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn the_text_game_is_refused_a_puzzle_the_terminal_game_has_open() {
    let tmux = shell("lock-tui");
    let file = tmux.dir.join("mine.txt");
    std::fs::write(&file, format!("{MINE}\n")).unwrap();
    let pid = launch(&tmux, "mine.txt");
    tmux.wait_text("mine.txt · ");
    tmux.send(&["4"]);
    tmux.wait_text("moves 1 ");
    let mut child = text_game(&tmux, &file);
    let out = gather(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"1d6\nend\n");
    drop(stdin);
    assert_eq!(finish(&mut child), Some(1), "{}", out.lock().unwrap());
    let said = flat(&out.lock().unwrap());
    assert!(
        said.contains(&format!(
            "this puzzle is open in another game (sudoku-tui, pid {pid})"
        )),
        "{said}"
    );
    // the terminal game plays on, and its save holds its moves only
    tmux.send(&["Right", "5"]);
    tmux.wait_text("moves 2 ");
    tmux.save_and_quit(&pid);
    let save = std::fs::read_to_string(tmux.store().join(save_name(MINE))).unwrap();
    assert!(save.contains("done: 1c4 1d5\n"), "{save}");
    assert!(save.contains("moves: 2\n"), "{save}");
}

fn the_terminal_game_is_refused_a_puzzle_the_text_game_has_open() {
    let tmux = shell("lock-text");
    let file = tmux.dir.join("sudoku-mine.txt");
    std::fs::write(&file, format!("{MINE}\n")).unwrap();
    // a second file, so that the folder is listed, not opened
    std::fs::write(tmux.dir.join("sudoku-other.txt"), format!("{SUDOKU01}\n")).unwrap();
    // the text game, its stdin kept open: it holds the puzzle
    let mut child = text_game(&tmux, &file);
    let out = gather(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1c4\n").unwrap();
    stdin.flush().unwrap();
    let lock = tmux.store().join(format!(
        ".{}.lock",
        save_name(MINE).trim_end_matches(".save")
    ));
    let holder = format!("sudoku play, pid {}", child.id());
    let start = Instant::now();
    while !std::fs::read_to_string(&lock).is_ok_and(|t| t.contains(&holder)) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the text game never locked the puzzle:\n{}",
            out.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let refused =
        format!("this puzzle is open in another game ({holder}); finish or leave it there first");
    // FILE on the command line: one line on stderr, status 1
    launch(&tmux, "sudoku-mine.txt");
    assert_sane_shell(&tmux, "1");
    let screen = joined_screen(&tmux);
    assert!(
        screen
            .lines()
            .any(|l| l.trim_end() == format!("sudoku-tui: {refused}")),
        "{screen}"
    );
    // from the list, and pasted: the picker says so and stays
    let pid = launch(&tmux, ".");
    tmux.wait_text("> sudoku-mine.txt");
    tmux.send(&["Enter"]);
    let said = format!("sudoku-mine.txt: {refused}");
    tmux.wait_for(&said, |s| flat(s).contains(&said));
    paste(&tmux, MINE);
    let said = format!("pasted puzzle: {refused}");
    let screen = tmux.wait_for(&said, |s| flat(s).contains(&said));
    assert!(screen.contains("Sudoku: choose a puzzle"), "{screen}");
    tmux.send(&["Escape"]);
    common::wait_until_gone(&pid);
    // the text game ends and saves its move; then the puzzle is free
    stdin.write_all(b"end\n").unwrap();
    drop(stdin);
    assert_eq!(finish(&mut child), Some(0), "{}", out.lock().unwrap());
    let save = std::fs::read_to_string(tmux.store().join(save_name(MINE))).unwrap();
    assert!(save.contains("done: 1c4\n"), "{save}");
    let pid = launch(&tmux, "sudoku-mine.txt");
    // (the text game names it by the path it was given)
    let screen = tmux.wait_text("Resumed your saved game of ");
    assert!(screen.contains("moves 1 "), "{screen}");
    assert!(row_line(&screen, '1').1.contains("4"), "{screen}");
    tmux.save_and_quit(&pid);
}

/// Colouring and the digit filter at 80x24 with `NO_COLOR`: letters and
/// marks on the board, undo takes a colouring back, and the colours go to
/// the text game and back with the save.
fn colours_and_the_filter_read_without_colour_and_go_to_the_text_game() {
    let tmux = shell_80x24("colours");
    tmux.send_literal("export NO_COLOR=1");
    tmux.send(&["Enter"]);
    let pid = launch(&tmux, "");
    tmux.wait_text("> sudoku01-easy.txt");
    tmux.send(&["Enter"]);
    tmux.wait_text("sudoku01-easy.txt · easy");
    tmux.send(&["x"]);
    tmux.wait_text("Coloured 1a a");
    tmux.send(&["v", "l", "x"]);
    tmux.wait_text("Coloured 1b b");
    tmux.send(&["l", "l", "X", "8"]);
    tmux.wait_text("Coloured 1d8 b");
    tmux.send(&["h", "h", "f", "4"]);
    let screen = tmux.wait_text("Filter 4: * where it can go");
    let (_, row1) = row_line(&screen, '1');
    assert!(
        row1.contains("[*]b"),
        "the cursor's cell: 4 can go, colour b:\n{screen}"
    );
    assert!(
        row1.contains(":*:a"),
        "a peer where 4 can go, colour a:\n{screen}"
    );
    assert!(
        row1.contains(":3:"),
        "a given that sees the cursor:\n{screen}"
    );
    let (_, row5) = row_line(&screen, '5');
    assert!(
        row5.contains(" * "),
        "4 can go outside the peers too:\n{screen}"
    );
    assert!(!screen.contains('\u{1b}'), "capture-pane holds text only");
    tmux.send(&["f", "0"]);
    tmux.wait_text("Filter off");
    tmux.send(&["u"]);
    tmux.wait_text("Undid colour 1d8=b");
    tmux.send(&["q", "y"]);
    common::wait_until_gone(&pid);
    let save = std::fs::read_to_string(tmux.store().join(save_name(SUDOKU01))).unwrap();
    assert!(save.contains("\ncolours: 1a=a 1b=b\n"), "{save}");
    assert!(save.contains("\ncolour-done: 0@1a:.a 0@1b:.b\n"), "{save}");
    assert!(save.contains("\ncolour-undone: 0@1d8:.b\n"), "{save}");

    // The text game resumes the colours and their history.
    let puzzle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/sudoku01-easy.txt");
    let mut child = text_game(&tmux, &puzzle);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"rd\ncolor 1c c\nend\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\n  Colours: a: 1a; b: 1b\n"), "{text}");
    assert!(text.contains("Redid colour 1d8=b"), "{text}");
    assert!(
        text.contains("\n  Colours: a: 1a; b: 1b 1d8; c: 1c\n"),
        "{text}"
    );

    // And back in the terminal game.
    let pid = launch(&tmux, "--resume");
    let screen = tmux.wait_text("Resumed sudoku01-easy.txt");
    let (_, row1) = row_line(&screen, '1');
    assert!(row1.contains('c') && row1.contains('b'), "{screen}");
    tmux.send(&["u"]);
    tmux.wait_text("Undid colour 1c=c");
    tmux.save_and_quit(&pid);
}
