//! `sudoku play` through a pipe: pencil marks and automatic candidates,
//! the three board views, mistakes, time, `save`, the save at `end`, going
//! on with a saved game (its marks and its whole undo and redo history),
//! `restart`, `--resume`, a won game's save, and saves that cannot be read
//! or written. Every run has a HOME (and XDG_DATA_HOME) of its own.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{pipe, text};

const PROMPT: &str = "Move (5c6 = row 5, column c, digit 6; bk undo, end quit, help): ";

/// `puzzles/sudoku01-easy.txt`; 1a is 4, 1b is 8 in its solution.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The solution of [`EASY`] with 1a, 5e and 9i blank.
const ALMOST: &str =
    ".839216579673458212518764935481329767295.413813679824537268951481425376969541738.";

/// A HOME for one test, with the puzzle files `easy.txt` and `almost.txt`.
fn home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("easy.txt"), format!("{EASY}\n")).unwrap();
    std::fs::write(home.path().join("almost.txt"), format!("{ALMOST}\n")).unwrap();
    home
}

/// `sudoku play ARGS` from `home`, with HOME there and XDG_DATA_HOME
/// `home/data`, and `stdin` piped in.
fn play(home: &Path, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.arg("play")
        .args(args)
        .current_dir(home)
        .env_remove("NO_COLOR")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"));
    pipe(cmd, stdin)
}

/// The store of saved games under `home`.
fn store(home: &Path) -> PathBuf {
    home.join("data").join("sudoku")
}

/// The save of `puzzle` under `home`.
fn save_of(home: &Path, puzzle: &str) -> PathBuf {
    store(home).join(format!("{}.save", puzzle.replace('.', "0")))
}

/// The output without boards and status lines, each echoed command on its
/// own line.
fn replies(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with(' ') && l.get(1..3) != Some(" |"))
        .map(|l| l.strip_prefix(PROMPT).unwrap_or(l).to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The reply that follows the command `command` (its first use).
fn reply_to(replies: &[String], command: &str) -> String {
    let at = replies
        .iter()
        .position(|r| r == command)
        .unwrap_or_else(|| panic!("no {command} in {replies:#?}"));
    replies[at + 1].clone()
}

/// Runs a game and checks it ended with status 0 and nothing on stderr.
fn good(out: Output) -> Output {
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    out
}

#[test]
fn notes_candidates_and_views() {
    let home = home();
    let script = "n1a12\n1a?\nnote 1b 57\n1b?\nshow compact\nauto\n1a?\nn1a4\n\
                  show notes\nshow plain\nauto off\n1a?\nend\n";
    let out = good(play(home.path(), &["easy.txt"], script));
    let said = replies(&out);
    let want = [
        ("n1a12", "1a marks: 1 2"),
        ("1a?", "1a marks: 1 2; its row, column and box allow 4 5"),
        ("note 1b 57", "1b marks: 5 7"),
        (
            "1b?",
            "1b marks: 5 7; its row, column and box allow 4 5 7 8",
        ),
        ("show compact", "No conflicts"),
        (
            "auto",
            "Automatic candidates on: blank cells show what their row, column and box allow",
        ),
        ("n1a4", "1a candidates: 5 (struck out: 4)"),
        (
            "auto off",
            "Automatic candidates off: your own marks show again",
        ),
    ];
    for (command, reply) in want {
        assert_eq!(reply_to(&said, command), reply, "{command}");
    }
    let queries: Vec<&String> = said
        .iter()
        .enumerate()
        .filter(|(i, _)| *i > 0 && said[i - 1] == "1a?")
        .map(|(_, r)| r)
        .collect();
    assert_eq!(
        queries,
        [
            "1a marks: 1 2; its row, column and box allow 4 5",
            "1a candidates: 4 5",
            "1a marks: 1 2; its row, column and box allow 4 5",
        ]
    );
    let stdout = text(&out.stdout);
    // The compact view: the board, then the marks row by row.
    assert!(
        stdout.contains("  +---------+---------+---------+\n  Pencil marks:\n    1a=12 1b=57\n"),
        "{stdout}"
    );
    // The notes view: three lines per cell, automatic candidates less the
    // one struck out (1a: 5 of 4 and 5).
    let notes = "     a   b   c     d   e   f     g   h   i
  +-------------+-------------+-------------+
  | ... ...     | ...     1.. |     ... ... |
1 | .5. 45.  3  | 4..  2  4.. |  6  .5. .5. |
  | ... 78.     | ..9     7.. |     789 7.. |
  |             |             |             |
";
    assert!(stdout.contains(notes), "{stdout}");
    // The marks are kept in the save, and the game said where it went.
    let save = std::fs::read_to_string(save_of(home.path(), EASY)).unwrap();
    assert!(save.contains("\nmarks: 1a=12 1b=57\n"), "{save}");
    assert!(save.contains("\ncandidates: off\n"), "{save}");
}

#[test]
fn bad_notes_and_questions_get_clear_errors() {
    let home = home();
    let script = "n\nnote\nn1a\nn1a0\nn1ax\nn0a1\nn1j1\n1j?\n1a4?\nshow all\nauto maybe\n\
                  n1c1\n1a4\nn1a1\nauto\nn1b3\n1b?\nend\n";
    let out = good(play(home.path(), &["easy.txt"], script));
    let said = replies(&out);
    let whole = "is not a whole note: type n, the cell and the marks, as in n5c123";
    let want = [
        ("n", format!("'n' {whole}")),
        ("note", format!("'note' {whole}")),
        ("n1a", format!("'n1a' {whole}")),
        ("n1a0", "mark 0 is not in 1-9".to_string()),
        ("n1ax", "mark x is not in 1-9".to_string()),
        ("n0a1", "row 0 is not in 1-9".to_string()),
        ("n1j1", "column j is not in a-i".to_string()),
        ("1j?", "column j is not in a-i".to_string()),
        (
            "1a4?",
            "'1a4?' is not a cell: type row and column, then ?, as in 5c?".to_string(),
        ),
        (
            "show all",
            "show takes plain, notes or compact, not 'all'".to_string(),
        ),
        (
            "auto maybe",
            "auto takes on or off, not 'maybe'".to_string(),
        ),
        (
            "n1c1",
            "1c is a given; it takes no pencil marks".to_string(),
        ),
        (
            "n1a1",
            "1a holds a digit; erase it to pencil in".to_string(),
        ),
        (
            "n1b3",
            "3 is already in the row, column or box of 1b".to_string(),
        ),
        ("1b?", "1b candidates: 5 7 8".to_string()),
    ];
    for (command, reply) in want {
        assert_eq!(reply_to(&said, command), reply, "{command}");
    }
}

#[test]
fn mistakes_name_the_wrong_cells_and_count_as_hints() {
    let home = home();
    // 1a is 4, 1b 8 and 1d 9 in the solution: 1a5 and 1d4 are mistakes
    // that break no rule yet.
    let out = good(play(
        home.path(),
        &["easy.txt"],
        "mistakes\n1a5\n1b8\n1d4\nmistakes\n",
    ));
    let said = replies(&out);
    assert_eq!(
        said.iter()
            .filter(|r| r.contains("(counted as a hint)"))
            .cloned()
            .collect::<Vec<_>>(),
        [
            "No mistakes: all your digits agree with the solution (counted as a hint)",
            "2 mistakes, not as in the solution: 1a, 1d (counted as a hint)",
        ]
    );
    // Two checks, two hints: on the status line and in the save.
    let stdout = text(&out.stdout);
    assert!(stdout.contains("  00:00 played, 3 moves, 1 hint, 3/49 filled\nLegal move\n"));
    let save = std::fs::read_to_string(save_of(home.path(), EASY)).unwrap();
    assert!(save.contains("\nhints: 2\nmistakes: 2\n"), "{save}");
}

#[test]
fn time_does_not_run_through_a_pipe() {
    let home = home();
    let out = good(play(home.path(), &["easy.txt"], "1a4\ntime\n"));
    assert_eq!(
        reply_to(&replies(&out), "time"),
        "Time played: 00:00 (the clock runs only while you type at a terminal)"
    );
    assert!(text(&out.stdout).contains("  00:00 played, 1 move, 0 hints, 1/49 filled\n"));
}

#[test]
fn end_saves_and_the_game_goes_on_with_marks_and_history() {
    let home = home();
    let path = save_of(home.path(), EASY);
    let out = good(play(
        home.path(),
        &["easy.txt"],
        "1a4\n1b8\nbk\nn2b26\nend\n",
    ));
    let said = replies(&out);
    assert_eq!(
        said[said.len() - 3..],
        [
            format!("Saved to {}", common::short_save(EASY)),
            "Game saved: 2 moves made, 48 cells still to fill".to_string(),
            "sudoku play --resume goes on from here".to_string(),
        ]
    );
    let save = std::fs::read_to_string(&path).unwrap();
    for line in [
        "sudoku save 2",
        "name: easy.txt",
        "level: easy",
        "marks: 2b=26",
        "done: 1a4",
        "undone: 1b8",
    ] {
        assert!(save.lines().any(|l| l == line), "{line} in\n{save}");
    }
    let origin = format!("origin: file 1 {}", home.path().join("easy.txt").display());
    assert!(save.lines().any(|l| l == origin), "{save}");

    // The same file again: the saved game goes on, undo and redo with it.
    let out = good(play(
        home.path(),
        &["easy.txt"],
        "rd\nbk\nbk\nbk\n2b?\nend\n",
    ));
    let said = replies(&out);
    assert_eq!(said[0], "Playing easy.txt: 32 givens, 49 cells to fill");
    assert!(
        said[1].starts_with("Resuming the game saved 20")
            && said[1].ends_with(" UTC (restart starts afresh)"),
        "{}",
        said[1]
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("  00:00 played, 2 moves, 0 hints, 1/49 filled\n"),
        "the status under the board: {stdout}"
    );
    assert!(
        stdout.contains("\n1 |>4< .  3 |"),
        "the board as saved: {stdout}"
    );
    for (command, reply) in [
        ("rd", "Redid 1b8"),
        (
            "2b?",
            "2b marks: 2 6; its row, column and box allow 2 4 6 7 8",
        ),
    ] {
        assert_eq!(reply_to(&said, command), reply);
    }
    let undone: Vec<&String> = said.iter().filter(|r| r.starts_with("Undid")).collect();
    assert_eq!(undone, ["Undid 1b8", "Undid 1a4"]);
    assert!(said.contains(&"Nothing to undo".to_string()));
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("\nundone: 1a4 1b8\n"));
}

#[test]
fn save_saves_now_and_the_game_goes_on() {
    let home = home();
    let path = save_of(home.path(), EASY);
    let out = good(play(home.path(), &["easy.txt"], "1a4\nsave\n1b8\n"));
    let said = replies(&out);
    assert_eq!(
        reply_to(&said, "save"),
        format!("Saved to {}", common::short_save(EASY))
    );
    assert_eq!(reply_to(&said, "1b8"), "Legal move", "the game goes on");
    // The end of the input saves the move made after `save` too.
    let save = std::fs::read_to_string(&path).unwrap();
    assert!(save.contains("\ndone: 1a4 1b8\n"), "{save}");
}

#[test]
fn a_save_that_cannot_be_written_is_reported_and_the_game_goes_on() {
    let home = home();
    // The data directory would be inside a regular file: no store can be
    // made there, whoever runs the test.
    std::fs::write(home.path().join("blocker"), "").unwrap();
    let data = home.path().join("blocker").join("data");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(["play", "easy.txt"])
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", &data);
    let out = pipe(cmd, "1a4\nsave\n1b8\nend\n1c?\nend\n");
    let said = replies(&out);
    let failed = "~/blocker/data/sudoku: not a directory";
    assert_eq!(
        reply_to(&said, "save"),
        format!("{failed}; the game goes on")
    );
    assert_eq!(reply_to(&said, "1b8"), "Legal move");
    let ends: Vec<&String> = said.iter().skip_while(|r| *r != "end").collect();
    assert_eq!(
        ends,
        [
            "end",
            &format!("{failed}; the game is not saved"),
            "Type end again to quit without saving, or save to try again",
            "1c?",
            "1c is a given: 3",
            "end",
            &format!("{failed}; the game is not saved"),
            "Type end again to quit without saving, or save to try again",
            // At the end of the input the game ends unsaved, and its
            // status says so.
            &format!("{failed}; the game is not saved"),
            "Game over, not saved: 2 moves made, 47 cells still to fill",
        ]
    );
    assert_eq!(out.status.code(), Some(1), "the game could not be kept");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(["play", "--resume"])
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", &data);
    let out = pipe(cmd, "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "sudoku: ~/blocker/data/sudoku: not a directory\n"
    );
}

#[test]
fn a_game_with_nothing_done_is_not_saved() {
    let home = home();
    let out = good(play(home.path(), &["easy.txt"], "1a?\ntime\nshow\nend\n"));
    assert_eq!(
        replies(&out).last().unwrap(),
        "Game over: no moves or marks, so nothing to save"
    );
    let left: Vec<_> = std::fs::read_dir(store(home.path())).unwrap().collect();
    assert!(left.is_empty(), "no save, no lock file: {left:?}");
}

#[test]
fn restart_starts_afresh_and_the_next_save_replaces_the_old() {
    let home = home();
    let path = save_of(home.path(), EASY);
    good(play(
        home.path(),
        &["easy.txt"],
        "1a4\nn2b26\nmistakes\nend\n",
    ));
    let out = good(play(home.path(), &["easy.txt"], "restart\n2b?\nend\n"));
    let said = replies(&out);
    assert_eq!(
        said[said.iter().position(|r| r == "restart").unwrap() + 1..][..3],
        [
            "Restarted: no entries, marks, time or hints",
            "The saved game of this puzzle is replaced when this one is saved",
            "2b?",
        ]
    );
    assert_eq!(
        reply_to(&said, "2b?"),
        "2b has no marks; its row, column and box allow 2 4 6 7 8"
    );
    let save = std::fs::read_to_string(&path).unwrap();
    assert!(
        save.contains("\nmoves: 0\nhints: 0\nmistakes: 0\n"),
        "{save}"
    );
    assert!(
        !save.contains("marks:") && !save.contains("done:"),
        "{save}"
    );
    let out = good(play(home.path(), &["easy.txt"], "end\n"));
    let stdout = text(&out.stdout);
    assert!(
        replies(&out)[1].ends_with(" UTC (restart starts afresh)")
            && stdout.contains("  00:00 played, 0 moves, 0 hints, 0/49 filled\n"),
        "{stdout}"
    );
}

/// Sets the `saved` line of the save at `path` to `secs`.
fn set_saved(path: &Path, secs: u64) {
    let save = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = save
        .lines()
        .map(|l| {
            if l.starts_with("saved: ") {
                format!("saved: {secs}")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn resume_lists_the_saved_games_and_goes_on_with_one() {
    let home = home();
    let out = good(play(home.path(), &["--resume"], ""));
    assert_eq!(text(&out.stdout), "No saved games in ~/data/sudoku\n");
    good(play(home.path(), &["easy.txt"], "1a4\n1b8\nend\n"));
    good(play(
        home.path(),
        &["--random", "medium", "--seed", "7"],
        "hint all\nhint\nend\n",
    ));
    set_saved(&save_of(home.path(), EASY), 1_000_000_000);
    let random = sudoku_core::RandomPuzzle::new(sudoku_core::Level::Medium, 7)
        .generate()
        .unwrap()
        .to_string();
    set_saved(&save_of(home.path(), &random), 1_700_000_000);
    let to_fill = 81 - random.chars().filter(|&c| c != '.').count();
    let out = good(play(home.path(), &["--resume"], "x\n3\nlist\n2\nbk\nend\n"));
    let stdout = text(&out.stdout);
    let list = format!(
        "Saved games in ~/data/sudoku (times in UTC):\n   1  random medium #7          medium     \
         1/{to_fill}     00:00  2023-11-14 22:13\n   2  easy.txt                  easy       2/49     \
         00:00  2001-09-09 01:46\n"
    );
    assert!(stdout.starts_with(&list), "{stdout}");
    let ask = "Resume which game (1-2; list, end)? ";
    assert!(stdout.contains(&format!(
        "{ask}x\n'x' is not a game of the list: choose 1-2\n"
    )));
    assert!(stdout.contains(&format!(
        "{ask}3\n'3' is not a game of the list: choose 1-2\n"
    )));
    assert!(
        stdout.contains(&format!("{ask}list\n{list}")),
        "list shows it again"
    );
    assert!(stdout.contains(&format!(
        "{ask}2\nPlaying easy.txt: 32 givens, 49 cells to fill\n\
         Resuming the game saved 2001-09-09 01:46 UTC (restart starts afresh)\n"
    )));
    assert_eq!(reply_to(&replies(&out), "bk"), "Undid 1b8");

    // --resume goes with nothing else.
    let out = play(home.path(), &["--resume", "easy.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot be used with"));
}

#[test]
fn a_won_game_s_save_is_removed() {
    let home = home();
    let path = save_of(home.path(), ALMOST);
    good(play(home.path(), &["almost.txt"], "1a4\nend\n"));
    assert!(path.exists());
    let out = good(play(home.path(), &["almost.txt"], "5e6\n9i2\n"));
    let said = replies(&out);
    assert_eq!(
        said[said.len() - 3..],
        [
            "Congratulations! You solved the puzzle in 3 moves".to_string(),
            "New best time for easy: 00:00".to_string(),
            "The save of this game is removed".to_string(),
        ]
    );
    assert!(!path.exists());
    // `solve` shows the solution and keeps the game as it stood.
    let out = good(play(home.path(), &["almost.txt"], "1a4\nsolve\n"));
    assert!(replies(&out).last().unwrap().starts_with("Saved to "));
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("\ndone: 1a4\n"));
}

#[test]
fn a_save_that_cannot_be_read_is_reported_and_kept_and_the_game_goes_on() {
    let home = home();
    let path = save_of(home.path(), EASY);
    std::fs::create_dir_all(store(home.path())).unwrap();
    std::fs::write(&path, "garbage\n").unwrap();
    let out = good(play(home.path(), &["easy.txt"], "1a4\nend\n"));
    let said = replies(&out);
    let aside = PathBuf::from(format!("{}.bad", path.display()));
    let short = common::short_save(EASY);
    assert!(
        common::squashed(&text(&out.stdout)).starts_with(&format!(
            "{short}: line 1: expected the header 'sudoku save 2' (or 'sudoku-tui save 1'), \
             found 'garbage' Kept as {short}.bad Starting a new game Playing easy.txt: "
        )),
        "{said:?}"
    );
    assert_eq!(reply_to(&said, "1a4"), "Legal move");
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "garbage\n",
        "kept"
    );
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("\ndone: 1a4\n"));

    // A readable save with a bad optional line: the rest loads, and the
    // game says what was left out.
    let save = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, save.replace("level: easy", "level: wild")).unwrap();
    let out = good(play(home.path(), &["easy.txt"], "end\n"));
    let said = replies(&out);
    assert_eq!(said[0], format!("{short}: parts left out:"));
    assert!(
        text(&out.stdout).contains("\n  line 5: level: "),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        said[1],
        format!("The save as it was is kept as {short}.bad2")
    );
    assert!(text(&out.stdout).contains("Resuming the game saved"));

    // The list names a save it cannot read and lists the others.
    let other = store(home.path()).join(format!("{}.save", "1".repeat(81)));
    std::fs::write(&other, "sudoku save 2\nname: x\n").unwrap();
    let out = good(play(home.path(), &["--resume"], "end\n"));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(&format!(
            "~/data/sudoku/{}...{}.save: ",
            "1".repeat(8),
            "1".repeat(8)
        )),
        "{stdout}"
    );
    assert!(stdout.contains("\n   1  easy.txt "), "{stdout}");
}

#[test]
fn a_solved_save_is_not_resumed_and_is_replaced_only_by_a_game_with_moves() {
    use sudoku_core::session::{Origin, SaveStore, Session};
    let home = home();
    let path = save_of(home.path(), ALMOST);
    let mut solved = Session::new(ALMOST.parse().unwrap(), "won", Origin::Text).unwrap();
    for (cell, digit) in [("1a", 4), ("5e", 6), ("9i", 2)] {
        solved
            .enter(sudoku_core::Cell::from_name(cell).unwrap(), digit)
            .unwrap();
    }
    assert!(solved.is_solved());
    SaveStore::new(store(home.path()))
        .save(&solved, std::time::SystemTime::now())
        .unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let out = good(play(home.path(), &["almost.txt"], "1a?\nend\n"));
    assert_eq!(
        common::squashed(&text(&out.stdout))
            .split(" Playing")
            .next()
            .unwrap(),
        "The saved game of this puzzle is solved; starting afresh (a move or a mark replaces it)"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before, "kept");
    good(play(home.path(), &["almost.txt"], "1a4\nend\n"));
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(
        after.contains("\ndone: 1a4\n") && after.contains("\nname: almost.txt\n"),
        "{after}"
    );
}

#[test]
fn colours_are_saved_resumed_and_undone_in_order_with_the_moves() {
    let home = home();
    let out = good(play(
        home.path(),
        &["easy.txt"],
        "color 1b a\n1a4\ncolour 1d 5 b\ncolor 1a c\nbk\ncolor 1a 4 b\nfilter 5\nsee 1b\nend\n",
    ));
    let said = replies(&out);
    for line in [
        "Coloured 1b a (undo takes it back)",
        "Coloured 1d5 b (undo takes it back)",
        "Coloured 1a c (undo takes it back)",
        "Undid colour 1a=c",
        "1a holds a digit; colour the cell, or erase it to colour its candidates",
    ] {
        assert!(said.iter().any(|l| l == line), "{line} in {said:#?}");
    }
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("\n1 |>4< .a 3 "),
        "the colour's letter: {stdout}"
    );
    assert!(stdout.contains("\n  Colours: a: 1b; b: 1d5\n"), "{stdout}");
    assert!(
        stdout.contains("\n1 |>4<[*]:3:|:.::2::.:|:6::*::*:|\n"),
        "filter 5 and see 1b: {stdout}"
    );
    let save = std::fs::read_to_string(save_of(home.path(), EASY)).unwrap();
    for line in [
        "colours: 1b=a 1d5=b",
        "colour-done: 0@1b:.a 1@1d5:.b",
        "colour-undone: 1@1a:.c",
    ] {
        assert!(save.lines().any(|l| l == line), "{line} in\n{save}");
    }

    // Resumed, redo and undo go on through colourings and moves alike.
    let out = good(play(
        home.path(),
        &["easy.txt"],
        "rd\nbk\nbk\nbk\nbk\nbk\nend\n",
    ));
    let said = replies(&out);
    let history: Vec<&str> = said
        .iter()
        .filter(|l| l.starts_with("Undid") || l.starts_with("Redid") || l.starts_with("Nothing"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        history,
        [
            "Redid colour 1a=c",
            "Undid colour 1a=c",
            "Undid colour 1d5=b",
            "Undid 1a4",
            "Undid colour 1b=a",
            "Nothing to undo",
        ]
    );
}
