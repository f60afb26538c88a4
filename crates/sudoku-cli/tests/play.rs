//! `sudoku play` driven through stdin: a whole game to the congratulation,
//! every error message, the file list, refused puzzles, bad files, the end
//! of input, the board without and with colour, and new random puzzles.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{pipe, text};

use sudoku_core::{Cell, Dfs, Grid, Level, RandomPuzzle, Solver};

/// The prompt of a move, as the game writes it before each echoed command.
const PROMPT: &str = "Move (5c6 = row 5, column c, digit 6; bk undo, end quit, help): ";

fn puzzles() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles")
}

fn easy() -> PathBuf {
    puzzles().join("sudoku01-easy.txt")
}

/// `sudoku` with HOME in `home` and its data directory (where games are
/// saved) `home/data`, so that no test sees the user's saves or another
/// test's.
fn sudoku_in(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.env_remove("NO_COLOR")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"));
    cmd
}

/// Runs `sudoku play ARGS` with `stdin` piped in.
fn run_with(mut cmd: Command, args: &[&str], stdin: &str) -> Output {
    cmd.arg("play").args(args);
    pipe(cmd, stdin)
}

/// Runs `sudoku play ARGS` with a HOME of its own, removed afterwards.
fn run(args: &[&str], stdin: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    run_with(sudoku_in(home.path()), args, stdin)
}

/// Runs `sudoku play ARGS` with its HOME in `home`.
fn run_in(home: &Path, args: &[&str], stdin: &str) -> Output {
    run_with(sudoku_in(home), args, stdin)
}

/// The output without boards, each echoed command on its own line.
fn replies(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with(' ') && l.get(1..3) != Some(" |"))
        .map(|l| l.strip_prefix(PROMPT).unwrap_or(l).to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

fn temp_dir(name: &str) -> common::Folder {
    common::folder("play", name)
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// `EASY` with a second 3 in 1b, next to the 3 of 1c: two 3s in row 1 and
/// two in box 1.
const CONFLICTING: &str =
    ".33.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn name(cell: Cell) -> String {
    cell.name()
}

/// What `end` says first when it saved `puzzle` in the store.
fn saved_to(puzzle: &str) -> String {
    format!("Saved to {}", common::short_save(puzzle))
}

#[test]
fn whole_game_is_played_to_the_congratulation() {
    let puzzle: Grid = EASY.parse().unwrap();
    let solution = Dfs.solve(&puzzle).unwrap();
    let blanks: Vec<Cell> = Cell::all().filter(|&c| puzzle.get(c).is_none()).collect();
    let digit = |c: Cell| solution.get(c).unwrap().get();
    let first = blanks[0];
    // A digit of the first blank's row that is not its solution: a conflict.
    let wrong = Cell::all()
        .filter(|c| c.row() == first.row())
        .find_map(|c| puzzle.get(c))
        .unwrap()
        .get();
    let mut script = vec![
        "bk".to_string(),
        format!("{}{wrong}", name(first)),
        "bk".to_string(),
        "rd".to_string(),
        "bk".to_string(),
    ];
    for (i, &cell) in blanks.iter().enumerate() {
        let (row, col) = (cell.row().name(), cell.col().name());
        let d = digit(cell);
        // The move in each accepted form, in either case.
        script.push(match i % 4 {
            0 => format!("{row}{col}{d}"),
            1 => format!("  {}{}{d} ", row, col.to_ascii_uppercase()),
            2 => format!("{col}{row} {d}"),
            _ => format!("{row}{col} {d}"),
        });
        if i == 10 {
            script.extend(["0c6", "5j6", "xyz", "3c1"].map(String::from));
        }
        if i == 20 {
            // Undo two moves and redo them; erase one and put it back.
            script.extend(["bk", "bk", "rd", "rd"].map(String::from));
            script.push(format!("{}0", name(cell)));
            script.push(format!("{}{d}", name(cell)));
        }
    }
    script.push("help".to_string());
    let out = run(&[path_str(&easy())], &(script.join("\n") + "\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty());
    let replies = replies(&out);
    // The wrong digit shares the row and perhaps the box: 1 or 2 conflicts.
    assert_eq!(replies[1], "Type help for the commands");
    let conflict_line = &replies[5];
    assert!(
        conflict_line == "There is 1 conflict" || conflict_line == "There are 2 conflicts",
        "{replies:#?}"
    );
    assert_eq!(replies[3], "Nothing to undo");
    assert_eq!(replies[7], format!("Undid {}{wrong}", name(first)));
    assert_eq!(replies[10], format!("Redid {}{wrong}", name(first)));
    for error in [
        "row 0 is not in 1-9",
        "column j is not in a-i",
        "unknown command 'xyz' (type help)",
        "3c is a given and cannot be changed",
    ] {
        assert!(replies.iter().any(|r| r == error), "{error}");
    }
    // One wrong move, every blank filled, one erase and its repair.
    let moves = 1 + blanks.len() + 2;
    let legal = replies.iter().filter(|r| *r == "Legal move").count();
    assert_eq!(legal, blanks.len() - 1 + 2);
    // The first win of a fresh home is its level's best (piped: no time).
    assert_eq!(
        replies[replies.len() - 2..],
        [
            format!("Congratulations! You solved the puzzle in {moves} moves"),
            "New best time for easy: 00:00".to_string()
        ]
    );
    assert!(
        !text(&out.stdout).contains("Commands ("),
        "nothing runs after the end"
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("1 |{} |\n", board_row(&solution, 0))));
}

/// Row `r` (0-8) of a full grid as the plain board draws it, between the
/// row number's `|` and the last `|`.
fn board_row(grid: &Grid, r: usize) -> String {
    let cells = &grid.cells()[r * 9..r * 9 + 9];
    let boxes: Vec<String> = cells
        .chunks(3)
        .map(|b| b.iter().map(|d| format!(" {d} ")).collect())
        .collect();
    boxes.join("|").trim_end_matches(' ').to_string()
}

#[test]
fn every_error_message() {
    let script = "0c6\n10c6\n5j6\n5cx\n5c 12\n1c6\n9E1\nxyz\n5c\nbk\nrd\n1a4\n1a4\n2b0\nend\n";
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let out = run_in(home, &[path_str(&easy())], script);
    assert_eq!(out.status.code(), Some(0));
    let replies = replies(&out);
    let want = [
        "0c6",
        "row 0 is not in 1-9",
        "10c6",
        "row 10 is not in 1-9",
        "5j6",
        "column j is not in a-i",
        "5cx",
        "digit x is not in 0-9",
        "5c 12",
        "digit 12 is not in 0-9",
        "1c6",
        "1c is a given and cannot be changed",
        "9E1",
        "9e is a given and cannot be changed",
        "xyz",
        "unknown command 'xyz' (type help)",
        "5c",
        "'5c' is not a whole move: type row, column and digit, as in 5c6",
        "bk",
        "Nothing to undo",
        "rd",
        "Nothing to redo",
        "1a4",
        "Legal move",
        "1a4",
        "1a already holds 4",
        "2b0",
        "2b is already blank",
        "end",
        &saved_to(EASY),
        "Game saved: 1 move made, 48 cells still to fill",
        "sudoku play --resume goes on from here",
    ];
    assert_eq!(replies[2..], want, "{replies:#?}");
}

#[test]
fn the_board_without_colour_is_exact() {
    // 1b3 repeats the 3 of 1c in row 1 and box 1: both are marked, the
    // conflict's mark winning over the last move's.
    let out = run(&["--no-color", path_str(&easy())], "1a4\n1b3\n");
    let stdout = text(&out.stdout);
    let want = "    a  b  c   d  e  f   g  h  i
  +---------+---------+---------+
1 | 4 !3!!3!| .  2  . | 6  .  . |
2 | 9  .  . | 3  .  5 | .  .  1 |
3 | .  .  1 | 8  .  6 | 4  .  . |
  +---------+---------+---------+
4 | .  .  8 | 1  .  2 | 9  .  . |
5 | 7  .  . | .  .  . | .  .  8 |
6 | .  .  6 | 7  .  8 | 2  .  . |
  +---------+---------+---------+
7 | .  .  2 | 6  .  9 | 5  .  . |
8 | 8  .  . | 2  .  3 | .  .  9 |
9 | .  .  5 | .  1  . | 3  .  . |
  +---------+---------+---------+
  00:00 played, 2 moves, 0 hints, 2/49 filled
There are 2 conflicts
";
    assert!(stdout.contains(&format!("{PROMPT}1b3\n{want}")), "{stdout}");
    assert!(!stdout.contains('\x1b'));
    // Into a pipe there is no colour without the flag either.
    let piped = run(&[path_str(&easy())], "1a4\n1b3\n");
    let before_the_save = |out: &str| out.split("Saved to").next().unwrap().to_string();
    assert_eq!(
        before_the_save(&text(&piped.stdout)),
        before_the_save(&stdout)
    );
}

#[test]
fn check_lists_the_conflicts() {
    let out = run(&[path_str(&easy())], "1b3\ncheck\n1b0\ncheck\n");
    let replies = replies(&out);
    assert!(
        replies.contains(&"There are 2 conflicts: row 1 has two 3s, box 1 has two 3s".to_string())
    );
    assert!(replies.contains(&"No conflicts".to_string()));
    assert!(replies.contains(&"49 cells to fill".to_string()));
}

#[test]
fn colour_on_request_and_never_with_no_color() {
    let out = run(&["--color", "always", path_str(&easy())], "1a4\n1b3\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\x1b[1m 3 \x1b[0m"), "a given, bold");
    assert!(stdout.contains("\x1b[36m 4 \x1b[0m"), "an entry, cyan");
    assert!(
        stdout.contains("\x1b[1;31;7m!3!\x1b[0m"),
        "the last move, in conflict"
    );
    assert!(
        stdout.contains("\x1b[1;31m!3!\x1b[0m"),
        "a given in conflict"
    );
    let out = run(
        &["--color", "always", "--no-color", path_str(&easy())],
        "1a4\n",
    );
    assert!(!text(&out.stdout).contains('\x1b'));
}

/// On a terminal (a pseudo-terminal made by util-linux `script`) the board
/// is coloured unless NO_COLOR is set and not empty. (The line editor still
/// moves the cursor and turns bracketed paste on and off: those sequences
/// are not colour.)
#[cfg(target_os = "linux")]
#[test]
fn no_color_is_honoured_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let on_tty = |no_color: Option<&str>| {
        let inner = format!(
            "'{}' play '{}'",
            env!("CARGO_BIN_EXE_sudoku"),
            path_str(&easy())
        );
        let mut cmd = Command::new("script");
        cmd.args(["-qec", &inner])
            .arg(home.path().join("typescript"))
            .env_remove("NO_COLOR")
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"));
        if let Some(value) = no_color {
            cmd.env("NO_COLOR", value);
        }
        let out = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(b"end\n")?;
                child.wait_with_output()
            })
            .expect("util-linux `script` runs the game on a pseudo-terminal");
        text(&out.stdout)
    };
    let coloured = on_tty(None);
    assert!(coloured.contains("Playing"), "{coloured}");
    assert!(coloured.contains("\x1b[1m 3 \x1b[0m"), "{coloured}");
    assert!(has_sgr(&coloured));
    for value in ["1", "yes"] {
        let plain = on_tty(Some(value));
        assert!(plain.contains("1 | .  .  3 |"), "{plain}");
        assert!(
            !has_sgr(&plain),
            "NO_COLOR={value:?}: {}",
            plain.escape_debug()
        );
    }
    // An empty NO_COLOR is as good as none (no-color.org).
    assert!(has_sgr(&on_tty(Some(""))), "NO_COLOR=\"\" keeps colour");
}

/// Whether `text` holds an SGR sequence (colour or style): `ESC [`, then
/// figures and semicolons, then `m`.
fn has_sgr(text: &str) -> bool {
    text.split("\x1b[").skip(1).any(|rest| {
        let params = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';');
        params.starts_with('m')
    })
}

#[test]
fn the_end_of_input_ends_the_game() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &[path_str(&easy())], "1a4\n2b");
    assert_eq!(out.status.code(), Some(0));
    let replies = replies(&out);
    assert_eq!(
        replies[replies.len() - 5..],
        [
            "2b".to_string(),
            "'2b' is not a whole move: type row, column and digit, as in 5c6".to_string(),
            saved_to(EASY),
            "Game saved: 1 move made, 48 cells still to fill".to_string(),
            "sudoku play --resume goes on from here".to_string()
        ]
    );
}

#[test]
fn file_list_and_bad_choices() {
    let dir = temp_dir("list");
    std::fs::write(dir.join("sudoku-b.txt"), EASY).unwrap();
    std::fs::write(dir.join("sudoku-a.txt"), EASY).unwrap();
    // The same name as a built-in puzzle: the file replaces it in the list.
    std::fs::write(dir.join("sudoku01-easy.txt"), EASY).unwrap();
    std::fs::write(dir.join("notes.txt"), EASY).unwrap();
    std::fs::write(dir.join("elsewhere.sdk"), EASY).unwrap();
    let script = "0\n99\nnowhere.txt\nxyz\n\nlist\nelsewhere.sdk\n";
    let out = run(&["--dir", path_str(&dir)], script);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let list_start = format!(
        "sudoku*.txt files in {}:\n   1  sudoku-a.txt\n   2  sudoku-b.txt\n   3  sudoku01-easy.txt\n\
         Built-in puzzles:\n   4  sudoku02-easy.txt\n",
        dir.display()
    );
    assert!(stdout.starts_with(&list_start), "{stdout}");
    assert!(!stdout.contains("notes.txt"));
    let builtins_end = 3 + sudoku_core::builtin::PUZZLES.len() - 1;
    assert!(stdout.contains(&format!("  {builtins_end}  sudoku13-coloin.txt\n")));
    let n = builtins_end + Level::ALL.len();
    assert!(stdout.contains(&format!("  {n}  new random puzzle: extreme\n")));
    for reply in [
        format!("there is no puzzle 0: choose 1-{n}"),
        format!("there is no puzzle 99: choose 1-{n}"),
        format!("no puzzle 'nowhere.txt': type a number from 1 to {n} or the name of a file"),
        format!("no puzzle 'xyz': type a number from 1 to {n} or the name of a file"),
    ] {
        assert!(stdout.contains(&reply), "{reply}");
    }
    assert_eq!(
        stdout.matches("Built-in puzzles:").count(),
        2,
        "list shows it again"
    );
    // The name is the path, its start cut when it is long.
    let playing = stdout.lines().find(|l| l.starts_with("Playing ")).unwrap();
    assert!(playing.contains("elsewhere.sdk: 32 givens"), "{stdout}");
    assert!(playing.chars().count() <= 80, "{playing}");
    assert!(stdout.ends_with("Game over: no moves or marks, so nothing to save\n"));

    // A number plays that entry; a built-in one works from any directory.
    let out = run(&["--dir", path_str(&dir)], "4\n");
    assert!(text(&out.stdout).contains("Playing sudoku02-easy.txt: "));
}

#[test]
fn the_end_of_input_while_choosing_exits_cleanly() {
    let dir = temp_dir("empty");
    let out = run(&["--dir", path_str(&dir)], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    let stdout = text(&out.stdout);
    let empty_list = format!(
        "sudoku*.txt files in {}:\n  (none)\nBuilt-in puzzles:\n   1  sudoku01-easy.txt\n",
        dir.display()
    );
    assert!(stdout.starts_with(&empty_list), "{stdout}");
    assert!(stdout.ends_with("; list, end): \n"), "{stdout}");
    let out = run(&["--dir", path_str(&dir)], "end\n");
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["--dir", path_str(&dir.join("missing"))], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).ends_with("missing: no such directory\n"));
}

#[test]
fn refused_puzzles_named_on_the_command_line_exit_1() {
    let dir = temp_dir("refused");
    let solved = Dfs.solve(&EASY.parse().unwrap()).unwrap().to_string();
    let dead = format!(".12345678\n9........\n{}", ".........\n".repeat(7));
    let cases = [
        (
            "conflicting.txt",
            CONFLICTING.to_string(),
            "there are 2 conflicts in the puzzle: row 1 has two 3s, box 1 has two 3s",
        ),
        ("solved.txt", solved, "the puzzle is already complete"),
        ("dead.txt", dead, "the puzzle has no solution"),
    ];
    for (file, content, message) in cases {
        let path = dir.join(file);
        std::fs::write(&path, content).unwrap();
        let out = run(&[path_str(&path)], "end\n");
        assert_eq!(out.status.code(), Some(1), "{file}");
        assert!(out.stdout.is_empty(), "{file}");
        assert_eq!(
            text(&out.stderr),
            format!("sudoku: {}: {message}\n", path.display())
        );
    }
}

#[test]
fn refused_puzzles_from_the_list_go_back_to_it() {
    let dir = temp_dir("back");
    std::fs::write(dir.join("sudoku-bad.txt"), CONFLICTING).unwrap();
    std::fs::write(dir.join("sudoku-broken.txt"), "1234\n").unwrap();
    std::fs::write(dir.join("sudoku-good.txt"), EASY).unwrap();
    let out = run(&["--dir", path_str(&dir)], "1\n2\n3\nend\n");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let said = common::squashed(&stdout);
    let bad = dir.join("sudoku-bad.txt");
    assert!(said.contains(&format!(
        "{}: There are 2 conflicts in the puzzle: row 1 has two 3s, box 1 has two 3s ",
        bad.display()
    )));
    let broken = dir.join("sudoku-broken.txt");
    assert!(said.contains(&format!(
        "{}:1: found 4 cells, expected 81 (a one-line puzzle) or 9 (a grid row) ",
        broken.display()
    )));
    assert!(stdout.contains("sudoku-good.txt: 32 givens"));
}

#[test]
fn bad_files_give_one_line_naming_the_file() {
    let dir = temp_dir("bad");
    let binary: Vec<u8> = (0..=255u8).cycle().take(4000).collect();
    std::fs::write(dir.join("binary.txt"), binary).unwrap();
    std::fs::write(dir.join("huge.txt"), format!("{EASY}\n").repeat(20_000)).unwrap();
    let mut grid: Vec<String> = EASY
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    grid[2] = "..18x64..".to_string();
    std::fs::write(dir.join("malformed.txt"), grid.join("\n")).unwrap();
    std::fs::write(dir.join("empty.txt"), "# nothing here\n").unwrap();
    let cases = [
        ("missing.txt", "no such file".to_string()),
        (
            "binary.txt",
            "not text (invalid UTF-8 at byte 128)".to_string(),
        ),
        (
            "huge.txt",
            "larger than 1048576 bytes; not a puzzle file".to_string(),
        ),
        (
            "malformed.txt",
            "3: column 5: expected a digit, '.', '0' or '_', found 'x'".to_string(),
        ),
        ("empty.txt", "no puzzle found".to_string()),
        ("", "is a directory".to_string()),
    ];
    for (file, message) in cases {
        let path = dir.join(file);
        let out = run(&[path_str(&path)], "1\n");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file}: {stderr}");
        let sep = if message.starts_with(char::is_numeric) {
            ":"
        } else {
            ": "
        };
        assert_eq!(
            stderr,
            format!("sudoku: {}{sep}{message}\n", path.display())
        );
        assert!(out.stdout.is_empty(), "{file}");
    }
}

#[test]
fn collections_ask_or_take_an_index() {
    let classics = puzzles().join("collection-classics.txt");
    let classics = path_str(&classics);
    let out = run(&["--index", "2", classics], "end\n");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("Playing ...") && stdout.contains("classics.txt, puzzle 2: "),
        "{stdout}"
    );
    assert!(stdout.contains("1 | 2  .  . | .  8  . | 3  .  . |"));

    let out = run(&[classics], "x\n40\n3\nend\n");
    let stdout = text(&out.stdout);
    let ask = format!("{classics} holds 15 puzzles; which one (1-15)? ");
    assert!(stdout.starts_with(&format!("{ask}x\n'x' is not a number: choose 1-15\n")));
    assert!(stdout.contains(&format!("{ask}40\nthere is no puzzle 40: choose 1-15\n")));
    assert!(stdout.contains("classics.txt, puzzle 3: 30 givens"));

    let out = run(&["--index", "16", classics], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!("sudoku: {classics}: there is no puzzle 16; the file holds 15 puzzles\n")
    );
}

#[test]
fn hint_solve_and_restart() {
    let out = run(&[path_str(&easy())], "1a9\nhint\nrestart\nsolve\nend\n");
    assert_eq!(out.status.code(), Some(0));
    let replies = replies(&out);
    assert!(
        replies.contains(&"Hint: 1a is 4, not 9".to_string()),
        "{replies:#?}"
    );
    assert!(replies.contains(&"Restarted: no entries, marks, time or hints".to_string()));
    assert_eq!(
        replies.last().unwrap(),
        "The solution; the game ends after 0 moves"
    );
    let solution = Dfs.solve(&EASY.parse().unwrap()).unwrap();
    assert!(text(&out.stdout).contains(&format!("1 |{} |\n", board_row(&solution, 0))));
}

#[test]
fn the_hint_ladder_climbs_and_lists_a_chain_as_links() {
    // The first board of AI Escargot that the hints' digits lead to where
    // the next step is a chain.
    let escargot = std::fs::read_to_string(puzzles().join("sudoku08-ai-escargot.txt")).unwrap();
    let mut game = sudoku_core::Game::new(escargot.parse().unwrap()).unwrap();
    while game.next_step().unwrap().chains().is_empty() {
        let hint = game.hint().unwrap();
        game.place(hint.cell, hint.digit).unwrap();
    }
    let dir = temp_dir("chain");
    let file = dir.join("chain.txt");
    std::fs::write(&file, game.grid().to_string()).unwrap();
    let out = run(
        &[path_str(&file)],
        "hint\nhint\nhint\nhint all\nhint\nend\n",
    );
    let stdout = text(&out.stdout);
    let replies = replies(&out);
    let said = |prefix: &str| replies.iter().filter(|r| r.starts_with(prefix)).count();
    // hint, hint, hint: rungs 1 to 3; hint all: the four again.
    assert_eq!(said("Hint 1/4: Look for a"), 2, "{stdout}");
    assert_eq!(said("Hint 2/4: Look at "), 2, "{stdout}");
    assert_eq!(said("Hint 3/4: The move: "), 2, "{stdout}");
    assert_eq!(said("Hint 4/4: "), 1, "{stdout}");
    assert_eq!(said("Type hint for more, hint all for the whole step"), 3);
    // The chain under the reasoning: candidates linked by =>, on (+) and
    // off (-), in the games' notation.
    let links: Vec<&str> = stdout
        .lines()
        .filter(|l| (l.starts_with("  +") || l.starts_with("  -")) && !l.ends_with('+'))
        .collect();
    assert!(!links.is_empty(), "{stdout}");
    for line in &links {
        for node in line.trim().split(" => ") {
            let (cell, digit) = node[1..].split_once('=').expect(node);
            assert!(Cell::from_name(cell).is_some(), "{node} in {line}");
            assert!(matches!(
                digit,
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"
            ));
        }
        assert!(line.contains(" => "), "{line}");
    }
    let reasoning = stdout.find("Hint 4/4: ").unwrap();
    assert!(
        stdout[reasoning..].find(links[0]).is_some(),
        "the links follow the reasoning"
    );
    // Then hint places a digit (counted), as before the ladder.
    assert_eq!(said("Type hint again to place a digit"), 1);
    assert!(stdout.contains(" played, 1 move, 1 hint, "), "{stdout}");
}

#[test]
fn help_lists_every_command() {
    let out = run(&[path_str(&easy())], "help\n");
    let stdout = text(&out.stdout);
    for word in [
        "5c6", "5c0", "bk", "rd", "n5c123", "5c?", "auto", "check", "mistakes", "hint", "hint all",
        "solve", "restart", "show", "time", "save", "help", "end",
    ] {
        assert!(
            stdout.lines().any(|l| l.starts_with(&format!("  {word} "))),
            "{word}"
        );
    }
}

/// The game transcript of `docs/cli.md` is what the program prints.
#[test]
fn the_transcript_in_the_docs_is_real() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"))
            .unwrap();
    let after = |marker: &str| doc.split_once(marker).map(|(_, rest)| rest).unwrap();
    let game = after("$ cat almost.txt\n");
    let puzzle = game.lines().next().unwrap();
    let (script, rest) = game
        .split_once("$ printf '")
        .unwrap()
        .1
        .split_once('\'')
        .unwrap();
    let command = rest.lines().next().unwrap();
    assert_eq!(command, " | sudoku play --no-color almost.txt");
    let shown = rest
        .split_once('\n')
        .unwrap()
        .1
        .split_once("$ echo $?\n0\n")
        .unwrap()
        .0;
    let dir = temp_dir("docs");
    std::fs::write(dir.join("almost.txt"), format!("{puzzle}\n")).unwrap();
    let mut cmd = sudoku_in(&dir);
    cmd.current_dir(&dir);
    let out = run_with(
        cmd,
        &["--no-color", "almost.txt"],
        &script.replace("\\n", "\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), shown);
    assert!(shown.ends_with(
        "Congratulations! You solved the puzzle in 4 moves\nNew best time for easy: 00:00\n"
    ));
}

/// The moves that fill every blank of `puzzle` with its solution, one per
/// line, then `end`.
fn solving_script(puzzle: &Grid) -> String {
    let solution = Dfs.solve(puzzle).unwrap();
    let mut script: String = Cell::all()
        .filter(|&c| puzzle.get(c).is_none())
        .map(|c| format!("{}{}\n", name(c), solution.get(c).unwrap().get()))
        .collect();
    script.push_str("end\n");
    script
}

#[test]
fn a_random_puzzle_from_a_seed_is_the_same_every_time() {
    let args = ["--no-color", "--random", "easy", "--seed", "7"];
    let first = run(&args, "end\n");
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert!(first.stderr.is_empty());
    let stdout = text(&first.stdout);
    assert!(
        stdout.starts_with("Playing random easy #7: "),
        "the name says how to play it again: {stdout}"
    );
    assert!(stdout.contains("\n    a  b  c   d  e  f   g  h  i\n"));
    let again = run(&args, "end\n");
    assert_eq!(text(&again.stdout), stdout, "the same board again");
    let other = run(&["--no-color", "--random", "easy", "--seed", "8"], "end\n");
    assert_ne!(text(&other.stdout), stdout);
    // The level is read in any case.
    let upper = run(&["--no-color", "--random", "EASY", "--seed", "7"], "end\n");
    assert_eq!(text(&upper.stdout), stdout);
}

#[test]
fn a_random_puzzle_is_the_cores_and_is_won_as_any_other() {
    let puzzle = RandomPuzzle::new(Level::Medium, 11).generate().unwrap();
    let out = run(
        &["--random", "medium", "--seed", "11"],
        &solving_script(&puzzle),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let blanks = 81 - puzzle.givens();
    let replies = replies(&out);
    assert_eq!(
        replies[0],
        format!(
            "Playing random medium #11: {} givens, {blanks} cells to fill",
            puzzle.givens()
        )
    );
    assert_eq!(
        replies[replies.len() - 2..],
        [
            format!("Congratulations! You solved the puzzle in {blanks} moves"),
            "New best time for medium: 00:00".to_string()
        ],
        "{replies:#?}"
    );
    assert!(
        !replies
            .iter()
            .any(|r| r.contains("given") && r.contains("cannot be changed")),
        "every move was on a blank: the same puzzle"
    );
}

#[test]
fn without_a_seed_the_name_gives_one_that_plays_it_again() {
    let out = run(&["--no-color", "--random", "hard"], "end\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let seed = stdout
        .strip_prefix("Playing random hard #")
        .and_then(|rest| rest.split_once(':'))
        .map(|(seed, _)| seed)
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(seed.parse::<u64>().unwrap() < 1 << 32);
    let again = run(&["--no-color", "--random", "hard", "--seed", seed], "end\n");
    assert_eq!(text(&again.stdout), stdout);
}

#[test]
fn the_list_offers_a_random_puzzle_of_each_level() {
    let dir = temp_dir("random");
    let builtins = sudoku_core::builtin::PUZZLES.len();
    let hard = builtins + 3;
    let out = run(&["--dir", path_str(&dir)], &format!("{hard}\nend\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: String = ["easy", "medium", "hard", "expert", "extreme"]
        .iter()
        .enumerate()
        .map(|(i, level)| format!("{:>4}  new random puzzle: {level}\n", builtins + 1 + i))
        .collect();
    let last = format!("{builtins:>4}  sudoku13-coloin.txt\n");
    assert!(
        stdout.contains(&format!(
            "{last}{rows}Choose a puzzle (1-{} or a file name",
            builtins + 5
        )),
        "{stdout}"
    );
    let playing = stdout
        .split_once("Playing ")
        .unwrap_or_else(|| panic!("{stdout}"))
        .1;
    assert!(playing.starts_with("random hard #"), "{stdout}");
    assert!(
        stdout.contains("Game over: no moves or marks, so nothing to save"),
        "a game was played: {stdout}"
    );
}

#[test]
fn random_arguments_are_checked_by_clap() {
    let out = run(&["--random", "wild"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("invalid value 'wild' for '--random <LEVEL>'")
            && stderr.contains("expected easy, medium, hard, expert or extreme"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let out = run(&["--seed", "7"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--random <LEVEL>"),
        "{}",
        text(&out.stderr)
    );
    for extra in [
        vec![path_str(&easy())],
        vec!["--dir", "."],
        vec!["--index", "1", path_str(&easy())],
    ] {
        let mut args = vec!["--random", "easy"];
        args.extend(extra.iter().copied());
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("cannot be used with"),
            "{args:?}"
        );
    }
}
