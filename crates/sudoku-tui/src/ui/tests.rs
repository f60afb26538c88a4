//! Screens rendered into ratatui's `TestBackend` and read back as text.

use std::time::Instant;

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use sudoku_core::{Cell, Digit, Level};

use super::*;
use crate::action::{Action, Direction};
use crate::fixtures::{chain_board, entry, EASY, NEARLY};
use crate::picker::Picker;
use crate::puzzles::Entry;
use sudoku_core::session::SaveStore;

fn app(entries: Vec<Entry>) -> App {
    App::new(Picker::new(entries, Vec::new()), None)
}

fn render_buffer(app: &mut App, width: u16, height: u16, theme: Theme) -> Buffer {
    // the grades the screen needs, as a person reading it would see them
    app.wait_for_grades();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut geometry = Geometry::default();
    terminal.draw(|f| geometry = draw(f, app, &theme)).unwrap();
    app.set_geometry(geometry);
    terminal.backend().buffer().clone()
}

fn text(buffer: &Buffer) -> String {
    let width = usize::from(buffer.area.width);
    let symbols: Vec<&str> = buffer.content().iter().map(|c| c.symbol()).collect();
    symbols
        .chunks(width)
        .map(|row| row.concat().trim_end().to_string() + "\n")
        .collect()
}

fn screen(app: &mut App, width: u16, height: u16) -> String {
    text(&render_buffer(app, width, height, Theme::new(false)))
}

fn open(app: &mut App) {
    app.update(Action::Confirm);
    assert!(app.play().is_some(), "{:?}", app.picker().message);
}

fn line_with<'a>(screen: &'a str, needle: &str) -> &'a str {
    screen
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{screen}"))
}

#[test]
fn the_picker_lists_previews_and_shows_errors() {
    let mut entries: Vec<Entry> = (1..=30)
        .map(|i| entry(&format!("sudoku{i:02}-easy.txt"), EASY))
        .collect();
    entries.insert(1, entry("sudoku-bad.txt", "1234"));
    let mut app = app(entries);
    let shown = screen(&mut app, 100, 20);
    assert!(shown.contains("Sudoku: choose a puzzle"));
    assert!(shown.contains("Puzzles (31/31)"));
    assert!(shown.contains("> sudoku01-easy.txt"));
    assert!(shown.contains("sudoku-bad.txt (cannot be played)"));
    assert!(shown.contains("5 3 . │ . 7 . │ . . ."), "{shown}");
    assert!(shown.contains("Givens: 30"));
    assert!(shown.contains("Level:  easy"));
    assert!(!shown.contains("sudoku30-easy.txt"), "the list scrolls");
    app.update(Action::Move(Direction::Up));
    let shown = screen(&mut app, 100, 20);
    assert!(shown.contains("> New random puzzle: extreme"), "{shown}");
    assert!(shown.contains("New random extreme puzzle"), "{shown}");
    assert!(shown.contains("rates extreme (it needs forcing"), "{shown}");
    assert!(shown.contains("Puzzles (31/31)"), "only puzzles count");
    for _ in 0..5 {
        app.update(Action::Move(Direction::Up));
    }
    let shown = screen(&mut app, 100, 20);
    assert!(shown.contains("> Today's puzzle: medium"), "{shown}");
    assert!(shown.contains("Today's medium puzzle"), "{shown}");
    app.update(Action::Move(Direction::Up));
    let shown = screen(&mut app, 100, 20);
    assert!(shown.contains("> sudoku30-easy.txt"), "{shown}");
    assert!(!shown.contains("sudoku01-easy.txt"));
    app.update(Action::Home);
    app.update(Action::Move(Direction::Down));
    let shown = screen(&mut app, 100, 20);
    assert!(
        shown.contains("line 1: found 4 cells"),
        "the preview shows the error:\n{shown}"
    );
    for c in "29".chars() {
        app.update(Action::Search(c));
    }
    let shown = screen(&mut app, 100, 20);
    assert!(shown.contains("Search: 29"));
    assert!(shown.contains("Puzzles (1/31)"));
}

#[test]
fn the_board_shows_conflicts_cursor_and_last_move() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Digit(Digit::new(5).unwrap())); // 1c = 5: conflicts with 1a
    app.update(Action::Move(Direction::Right));
    let shown = screen(&mut app, 100, 40);
    let row1 = line_with(&shown, " 1 ┃");
    assert!(row1.contains("!5! │  3  │ !5! ┃ [·] │  7  │"), "{row1}");
    assert!(shown.contains("a     b     c     d     e     f     g     h     i"));
    assert!(shown.contains("┏━━━━━┯━━━━━┯━━━━━┳"));
    assert!(shown.contains("┣━━━━━┿━━━━━┿━━━━━╋"));
    assert!(
        shown.contains("sudoku-easy.txt · easy 1.2 · moves 1 · conflicts 2 · 00:00"),
        "{shown}"
    );
    assert!(shown.contains("There are 2 conflicts"));
    // the last move shows once the conflict is gone
    app.update(Action::Move(Direction::Left));
    app.update(Action::Digit(Digit::new(4).unwrap()));
    app.update(Action::Move(Direction::Down));
    let shown = screen(&mut app, 100, 40);
    assert!(
        line_with(&shown, " 1 ┃").contains("5  │  3  │ >4< ┃"),
        "{shown}"
    );
    assert!(shown.contains("Legal move"));
}

#[test]
fn conflicts_are_styled_and_no_color_keeps_the_modifiers() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Digit(Digit::new(5).unwrap()));
    let coloured = render_buffer(&mut app, 100, 40, Theme::new(true));
    let board = app.geometry().board.unwrap();
    let a1 = Cell::from_name("1a").unwrap();
    let digit = &coloured[(board.cell_x(a1) + 2, board.cell_y(a1) + 1)];
    assert_eq!(digit.symbol(), "5");
    assert_eq!(digit.fg, Color::LightRed);
    assert!(digit.modifier.contains(Modifier::BOLD));
    let e1 = Cell::from_name("1e").unwrap();
    assert_eq!(
        coloured[(board.cell_x(e1), board.cell_y(e1))].bg,
        Color::Indexed(52),
        "row 1 holds a conflict"
    );
    let plain = render_buffer(&mut app, 100, 40, Theme::new(false));
    let digit = &plain[(board.cell_x(a1) + 2, board.cell_y(a1) + 1)];
    assert_eq!((digit.fg, digit.bg), (Color::Reset, Color::Reset));
    assert!(digit.modifier.contains(Modifier::BOLD));
    let c1 = Cell::from_name("1c").unwrap();
    assert!(
        plain[(board.cell_x(c1), board.cell_y(c1))]
            .modifier
            .contains(Modifier::REVERSED),
        "the cursor"
    );
}

#[test]
fn pencil_marks_show_as_a_small_grid() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::TogglePencil);
    for d in [1, 5, 9] {
        app.update(Action::Digit(Digit::new(d).unwrap()));
    }
    let shown = screen(&mut app, 100, 40);
    let lines: Vec<&str> = shown.lines().collect();
    let board = app.geometry().board.unwrap();
    let c1 = Cell::from_name("1c").unwrap();
    let inner = |k: u16| -> String {
        lines[usize::from(board.cell_y(c1) + k)]
            .chars()
            .skip(usize::from(board.cell_x(c1)))
            .take(5)
            .collect()
    };
    assert_eq!([inner(0), inner(1), inner(2)], ["1    ", "  5  ", "    9"]);
    assert!(shown.contains("PENCIL"));
    // 80x24: two lines of five, every digit in its place
    let medium = screen(&mut app, 80, 24);
    let board = app.geometry().board.unwrap();
    assert_eq!((board.cell_width, board.cell_height), (5, 2), "{medium}");
    let lines: Vec<&str> = medium.lines().collect();
    let inner = |k: u16| -> String {
        lines[usize::from(board.cell_y(c1) + k)]
            .chars()
            .skip(usize::from(board.cell_x(c1)))
            .take(5)
            .collect()
    };
    assert_eq!([inner(0), inner(1)], ["1   5", "   9 "], "{medium}");
    app.update(Action::Digit(Digit::new(7).unwrap()));
    app.update(Action::Digit(Digit::new(2).unwrap()));
    // the smallest cells show three marks, or two and +; the status line
    // names them all for the cursor's cell
    let small = screen(&mut app, 45, 23);
    assert!(line_with(&small, "1 ┃").contains("│ 3 │12+┃"), "{small}");
    assert!(small.contains(" · 1c: 12579"), "{small}");
    app.update(Action::Move(Direction::Down));
    app.update(Action::Digit(Digit::new(8).unwrap()));
    let small = screen(&mut app, 45, 23);
    assert!(line_with(&small, "2 ┃").contains("│8  ┃"), "{small}");
    assert!(
        !small.contains("2c: "),
        "three marks fit the cell:\n{small}"
    );
}

#[test]
fn help_lists_every_key() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Help);
    let shown = screen(&mut app, 100, 40);
    for (key, what) in crate::keys::bindings() {
        assert!(shown.contains(key), "{key} missing:\n{shown}");
        assert!(shown.contains(what), "{what} missing");
    }
    assert!(shown.contains("any key closes this help"));
}

#[test]
fn the_win_screen_has_time_moves_hints_and_the_next_puzzle() {
    let mut app = app(vec![
        entry("sudoku-nearly.txt", NEARLY),
        entry("sudoku-easy.txt", EASY),
    ]);
    open(&mut app);
    for _ in 0..5 {
        app.update(Action::Hint);
        app.wait_for_hint();
    }
    app.update(Action::Move(Direction::Right));
    app.update(Action::Move(Direction::Right));
    app.update_at(Action::Digit(Digit::new(9).unwrap()), Instant::now());
    let shown = screen(&mut app, 100, 40);
    assert!(
        shown.contains("Congratulations, the puzzle is solved!"),
        "{shown}"
    );
    assert!(shown.contains("Time   00:00"));
    assert!(shown.contains("Moves  2"));
    assert!(shown.contains("Hints  1"));
    assert!(shown.contains("Enter: next puzzle (sudoku-easy.txt)"));
}

#[test]
fn too_small_says_so_and_the_board_comes_back() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    let shown = screen(&mut app, 30, 10);
    let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("The terminal is 30x10; the board needs at least 39x22."),
        "{shown}"
    );
    assert_eq!(app.geometry().board, None, "no board, no clicks");
    let shown = screen(&mut app, 39, 22);
    assert!(
        shown.contains("┏━━━┯━━━┯━━━┳"),
        "the small board fits:\n{shown}"
    );
    let shown = screen(&mut app, 100, 40);
    assert!(shown.contains("┏━━━━━┯"));
    app.update(Action::Cancel);
    app.update(Action::Cancel);
    let shown = screen(&mut app, 20, 5);
    let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("the puzzle list needs at least 40x12"),
        "{shown}"
    );
}

#[test]
fn the_animation_draws_its_steps_and_counter() {
    let mut app = app(vec![entry("sudoku-nearly.txt", NEARLY)]);
    open(&mut app);
    app.update(Action::Solve);
    app.update(Action::Tick);
    let shown = screen(&mut app, 100, 40);
    assert!(
        shown.contains("Auto-solve · step 1 · 25 steps/s · running"),
        "{shown}"
    );
    assert!(line_with(&shown, " 9 ┃").contains(">1<"), "{shown}");
    app.update(Action::Tick);
    app.update(Action::Tick);
    let shown = screen(&mut app, 100, 40);
    assert!(shown.contains("Solved in 2 steps"));
}

/// The screen's text, failing when a raw control character reached a cell.
fn safe_screen(app: &mut App, width: u16, height: u16) -> String {
    let buffer = render_buffer(app, width, height, Theme::new(false));
    for cell in buffer.content() {
        assert!(
            !cell.symbol().contains(char::is_control),
            "a raw control character {:?} on screen",
            cell.symbol()
        );
    }
    text(&buffer)
}

#[cfg(unix)]
#[test]
fn control_characters_in_names_and_errors_are_shown_escaped() {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-escape-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sudoku\u{1b}[31mred\u{7}.txt"), EASY).unwrap();
    std::fs::write(dir.join("sudoku\u{1b}]0;bad\u{7}.txt"), "12 3").unwrap();
    let conflicting = EASY.replacen("53", "55", 1);
    std::fs::write(dir.join("sudoku\u{9b}2J.txt"), conflicting).unwrap();
    let entries = crate::puzzles::dir_entries(&dir).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let store = sudoku_core::session::SaveStore::new(dir.join("store"));
    let mut session = sudoku_core::session::Session::new(
        EASY.parse().unwrap(),
        "saved\u{1b}[2Jgame",
        sudoku_core::session::Origin::Text,
    )
    .unwrap();
    session.enter(Cell::from_name("1c").unwrap(), 4).unwrap();
    store.save(&session, std::time::SystemTime::now()).unwrap();
    let mut app = App::new(Picker::new(entries, Vec::new()), Some(store));
    let shown = safe_screen(&mut app, 100, 30);
    assert!(shown.contains("> Resume saved\\e[2Jgame"), "{shown}");
    assert!(shown.contains("sudoku\\e[31mred\\x07.txt"), "{shown}");
    assert!(
        shown.contains("sudoku\\e]0;bad\\x07.txt (cannot be"),
        "{shown}"
    );
    assert!(shown.contains("sudoku\\x9b2J.txt"), "{shown}");
    // a puzzle that cannot be opened: the error names it, escaped
    for _ in 0..3 {
        app.update(Action::Move(Direction::Down));
    }
    app.update(Action::Confirm);
    let shown = safe_screen(&mut app, 100, 30);
    assert!(shown.contains("sudoku\\x9b2J.txt: there are"), "{shown}");
    // a file that cannot be read: its preview error, escaped
    app.update(Action::Move(Direction::Up));
    let shown = safe_screen(&mut app, 100, 30);
    assert!(shown.contains("> sudoku\\e]0;bad\\x07.txt"), "{shown}");
    // the saved game's name on the board
    app.resume();
    let shown = safe_screen(&mut app, 100, 40);
    assert!(shown.contains("saved\\e[2Jgame · "), "{shown}");
    assert!(shown.contains("Resumed saved\\e[2Jgame"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sizes every screen must stay usable at: the usual terminal, a
/// narrower one and the smallest the game draws on.
const SIZES: [(u16, u16); 3] = [(80, 24), (60, 24), MIN_SIZE];

#[test]
fn dialogs_and_the_status_keep_their_keys_on_small_terminals() {
    let now = Instant::now();
    for (w, h) in SIZES {
        let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
        app.update_at(Action::Confirm, now);
        app.update_at(Action::Digit(Digit::new(4).unwrap()), now);
        app.update_at(Action::Hint, now);
        app.wait_for_hint();
        let shown = screen(&mut app, w, h);
        let status = line_with(&shown, "00:00");
        assert!(status.contains("conflicts 0 · 00:00"), "{w}x{h}:\n{shown}");
        let message = line_with(&shown, "? help");
        assert!(
            message
                .trim_start()
                .starts_with("Hint 1/4 (H: more): Look for a"),
            "{message}"
        );
        app.update_at(Action::Quit, now);
        let shown = screen(&mut app, w, h);
        assert!(shown.contains("Quit the game?"), "{w}x{h}:\n{shown}");
        let keys = line_with(&shown, "y / Enter: yes");
        assert!(keys.contains("n / Esc: no"), "{w}x{h}:\n{shown}");
        app.update_at(Action::No, now);
        app.update_at(Action::Help, now);
        let shown = screen(&mut app, w, h);
        assert!(shown.contains("arrows hjkl wasd"), "{w}x{h}:\n{shown}");
        assert!(
            shown.contains("↑↓ PgUp PgDn: lines 1-")
                && shown.contains("other keys close this help"),
            "the help says there is more:\n{shown}"
        );
    }
}

#[test]
fn the_status_line_drops_whole_parts_in_order() {
    let now = Instant::now();
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    app.update_at(Action::Confirm, now);
    app.update_at(Action::TogglePencil, now);
    let wide = screen(&mut app, 100, 40);
    assert!(
        wide.contains(" sudoku-easy.txt · easy 1.2 · moves 0 · conflicts 0 · 00:00 · PENCIL"),
        "{wide}"
    );
    for (w, want) in [
        (
            62,
            " sudoku-easy.txt · moves 0 · conflicts 0 · 00:00 · PENCIL",
        ),
        (50, " moves 0 · conflicts 0 · 00:00 · PENCIL"),
        (40, " moves 0 · conflicts 0 · 00:00 · PENCIL"),
    ] {
        let shown = screen(&mut app, w, 22);
        let status = line_with(&shown, "00:00");
        assert_eq!(status, want, "{w} columns");
        assert!(line_with(&shown, "? help").ends_with("? help"));
    }
}

#[test]
fn the_help_scrolls_on_a_small_terminal() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Help);
    let (w, h) = MIN_SIZE;
    let first = screen(&mut app, w, h);
    assert!(first.contains("arrows hjkl wasd"), "{first}");
    assert!(!first.contains("End (picker)"), "{first}");
    for _ in 0..4 {
        app.update(Action::PageDown);
    }
    let last = screen(&mut app, w, h);
    assert!(last.contains("End (picker)"), "the last line:\n{last}");
    assert!(!last.contains("arrows hjkl wasd"), "{last}");
    for _ in 0..3 {
        app.update(Action::Move(Direction::Down));
    }
    assert_eq!(screen(&mut app, w, h), last, "it stops at the end");
    app.update(Action::Move(Direction::Up));
    let up = screen(&mut app, w, h);
    assert_ne!(up, last);
    for _ in 0..4 {
        app.update(Action::PageUp);
    }
    assert_eq!(screen(&mut app, w, h), first);
    app.update(Action::Cancel);
    assert_eq!(app.overlay(), None, "other keys close it");
    app.update(Action::Help);
    assert_eq!(screen(&mut app, w, h), first, "it opens at the top");
}

/// A store in a folder of its own holding one saved game of
/// `sudoku02-easy.txt` (three hints placed, 12:34 played), saved at
/// `saved_at`.
fn store_with_a_saved_game(name: &str, saved_at: std::time::SystemTime) -> SaveStore {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = SaveStore::new(dir.join("sudoku"));
    let builtin = &sudoku_core::builtin::PUZZLES[1];
    let origin = sudoku_core::session::Origin::Builtin {
        name: builtin.name.to_string(),
    };
    let mut session =
        sudoku_core::session::Session::new(builtin.grid().unwrap(), builtin.name, origin).unwrap();
    for _ in 0..3 {
        session.place_hint();
    }
    session.add_time(std::time::Duration::from_secs(754));
    session.set_level(Some(sudoku_core::Level::Easy));
    store.save(&session, saved_at).unwrap();
    store
}

/// Counts three wins in `store`'s statistics: the daily puzzles of
/// 2024-06-09 and 2024-06-10 (the captures' today) and a puzzle of no
/// level.
fn won_daily_games(store: &SaveStore) {
    use sudoku_core::session::{Daily, StatsFile, Win};
    let file = StatsFile::of_store(store);
    for (date, secs) in [("2024-06-09", 312), ("2024-06-10", 275)] {
        let daily = Daily::new(date.parse().unwrap(), Level::Medium);
        file.record(&Win {
            puzzle: daily.generate().unwrap(),
            level: Some(Level::Medium),
            time: std::time::Duration::from_secs(secs),
            moves: 50,
            hints: 1,
            daily: Some(daily.date),
        })
        .unwrap();
    }
    file.record(&Win {
        puzzle: EASY.parse().unwrap(),
        level: None,
        time: std::time::Duration::from_secs(1504),
        moves: 60,
        hints: 0,
        daily: None,
    })
    .unwrap();
}

/// The docs' screen captures: the picker with a saved game, a game with
/// pencil marks, the quit question, a paused game, the help and the
/// statistics, at 80x24
/// and at the smallest size.
fn captures() -> String {
    let now = Instant::now();
    let saved_at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_718_000_000);
    let store = store_with_a_saved_game("captures", saved_at);
    won_daily_games(&store);
    let mut out = String::new();
    for (w, h) in [(80, 24), MIN_SIZE] {
        let mut app = App::new(
            Picker::new(crate::puzzles::builtin_entries(), Vec::new()),
            Some(store.clone()),
        );
        app.set_wall_clock(saved_at + std::time::Duration::from_secs(3 * 3600 + 300));
        let mut shot = |app: &mut App, what: &str| {
            let shown = screen(app, w, h);
            out.push_str(&format!("{what} at {w}x{h}:\n\n```text\n{shown}```\n\n"));
        };
        shot(&mut app, "The picker, with a saved game");
        app.update_at(Action::Move(Direction::Down), now);
        app.update_at(Action::Confirm, now);
        app.update_at(Action::Digit(Digit::new(4).unwrap()), now);
        app.update_at(Action::Move(Direction::Right), now);
        app.update_at(Action::TogglePencil, now);
        for d in [2, 5, 7, 8] {
            app.update_at(Action::Digit(Digit::new(d).unwrap()), now);
        }
        app.update_at(Action::TogglePencil, now);
        app.update_at(Action::Move(Direction::Down), now);
        app.update_at(Action::Hint, now);
        app.wait_for_hint();
        shot(
            &mut app,
            "A game after a move, pencil marks in 1b and a hint (its first rung)",
        );
        app.update_at(Action::Hint, now);
        app.update_at(Action::Hint, now);
        shot(
            &mut app,
            "The hint's third rung, the move: the cells of the pattern marked *7*, the digit placed +7",
        );
        app.update_at(Action::Quit, now);
        shot(&mut app, "The quit question");
        app.update_at(Action::No, now);
        app.update_at(Action::Pause, now);
        shot(&mut app, "A paused game");
        app.update_at(Action::Pause, now);
        app.update_at(Action::Help, now);
        shot(&mut app, "The help (it scrolls where it does not fit)");
        app.update_at(Action::Cancel, now);
        app.update_at(Action::Stats, now);
        shot(&mut app, "The statistics (F2)");
        let mut app = App::new(
            Picker::new(
                vec![entry("escargot-later.txt", &chain_board())],
                Vec::new(),
            ),
            None,
        );
        app.update_at(Action::Confirm, now);
        for _ in 0..4 {
            app.update_at(Action::Hint, now);
            app.wait_for_hint();
        }
        shot(
            &mut app,
            "A chain drawn on the board (the hint's last rung): +9 on, -9 off, x9 removed, numbered in the chain's order",
        );
    }
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
    out
}

const CAPTURES_START: &str = "<!-- captures: written by `UPDATE_CAPTURES=1 cargo test -p sudoku-tui captures`; do not edit -->\n";
const CAPTURES_END: &str = "<!-- end of captures -->\n";

#[test]
fn the_captures_in_the_docs_are_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/tui.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let start = doc
        .find(CAPTURES_START)
        .expect("docs/tui.md has the captures start marker")
        + CAPTURES_START.len();
    let end = doc
        .find(CAPTURES_END)
        .expect("docs/tui.md has the captures end marker");
    let fresh = format!("\n{}", captures());
    if std::env::var_os("UPDATE_CAPTURES").is_some() {
        let updated = format!("{}{fresh}{}", &doc[..start], &doc[end..]);
        std::fs::write(path, updated).unwrap();
        return;
    }
    assert!(
        doc[start..end] == fresh,
        "docs/tui.md shows old screens: run `UPDATE_CAPTURES=1 cargo test -p sudoku-tui captures`"
    );
}

#[test]
fn the_hint_ladder_highlights_its_cells_and_draws_a_chain() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Hint);
    app.wait_for_hint();
    let shown = screen(&mut app, 80, 24);
    assert!(line_with(&shown, "? help").contains("Hint 1/4 (H: more): Look for a"));
    assert!(
        !shown.contains('*'),
        "the first rung points nowhere:\n{shown}"
    );
    app.update(Action::Hint);
    let clue = app.play().unwrap().clue().unwrap();
    assert!(!clue.cells.is_empty());
    let shown = screen(&mut app, 80, 24);
    assert!(line_with(&shown, "? help").contains("Hint 2/4 (H: more): Look "));
    let grid = *app.play().unwrap().game().grid();
    for &cell in &clue.cells {
        let row = line_with(&shown, &format!(" {} ┃", cell.row().name()));
        let mark = match grid.get(cell) {
            Some(digit) => format!("*{digit}*"),
            None => "*·*".to_string(),
        };
        assert!(row.contains(&mark), "{cell}: {row}\n{shown}");
    }
    // The move: the digit placed shows as +d in its cell.
    app.update(Action::Hint);
    let clue = app.play().unwrap().clue().unwrap();
    let (cell, digit) = clue.placements[0];
    let shown = screen(&mut app, 80, 24);
    let row = line_with(&shown, &format!(" {} ┃", cell.row().name()));
    assert!(row.contains(&format!("+{digit}")), "{row}\n{shown}");

    // A chain: each candidate signed and numbered in its cell.
    let mut app = app_with_chain();
    for _ in 0..4 {
        app.update(Action::Hint);
        app.wait_for_hint();
    }
    let clue = app.play().unwrap().clue().unwrap();
    assert_eq!(clue.rung, sudoku_core::logic::Rung::Reasoning);
    let shown = screen(&mut app, 100, 40);
    for chain in &clue.chains {
        let first = chain.nodes()[0];
        let sign = if first.on { '+' } else { '-' };
        assert!(
            shown.contains(&format!("{sign}{} 1", first.digit)),
            "{shown}"
        );
        let last = chain.nodes()[chain.nodes().len() - 1];
        let sign = if last.on { '+' } else { '-' };
        let n = chain.nodes().len();
        assert!(
            shown.contains(&format!("{sign}{}{n:>2}", last.digit)),
            "{shown}"
        );
    }
    for &(_, digit) in &clue.removals {
        assert!(shown.contains(&format!("x{digit}")), "{shown}");
    }
    // A move takes the drawing away.
    app.update(Action::Move(Direction::Right));
    app.update(Action::Digit(Digit::new(1).unwrap()));
    assert!(app.play().unwrap().clue().is_none());
}

fn app_with_chain() -> App {
    let mut app = app(vec![entry("escargot-later.txt", &chain_board())]);
    open(&mut app);
    app
}

#[test]
fn mistakes_are_marked_and_a_pause_hides_the_board() {
    let mut app = app(vec![entry("sudoku-easy.txt", EASY)]);
    open(&mut app);
    app.update(Action::Digit(Digit::new(1).unwrap())); // 1c is 4
    app.update(Action::Move(Direction::Right));
    app.update(Action::Mistakes);
    let shown = screen(&mut app, 80, 24);
    assert!(
        line_with(&shown, " 1 ┃").contains("│ x1x ┃ [·] │"),
        "{shown}"
    );
    let coloured = render_buffer(&mut app, 80, 24, Theme::new(true));
    let board = app.geometry().board.unwrap();
    let c1 = Cell::from_name("1c").unwrap();
    let digit = &coloured[(board.cell_x(c1) + 2, board.cell_y(c1))];
    assert_eq!((digit.symbol(), digit.fg), ("1", Color::Yellow));
    app.update(Action::Pause);
    for (w, h) in SIZES {
        let shown = screen(&mut app, w, h);
        assert!(shown.contains("p resumes"), "{w}x{h}:\n{shown}");
        assert!(
            !shown.contains("x1x") && !shown.contains(" 1 ┃"),
            "hidden:\n{shown}"
        );
        assert!(shown.contains("00:00 paused"), "{w}x{h}:\n{shown}");
        assert_eq!(app.geometry().board, None, "no board, no clicks");
    }
}

#[test]
fn colours_and_the_filter_read_without_colour_at_80x24() {
    let mut app = app(vec![entry("classic.txt", EASY)]);
    open(&mut app);
    let d = |v| Action::Digit(Digit::new(v).unwrap());
    app.update(Action::PaintCell);
    app.update(Action::NextPen);
    app.update(Action::Move(Direction::Right));
    app.update(Action::Move(Direction::Right));
    app.update(Action::PaintCell);
    app.update(Action::Filter);
    app.update(d(4));
    let shown = screen(&mut app, 80, 24);
    assert!(
        shown.contains("Filter 4: * where it can go (25 cells), : the cursor's peers"),
        "{shown}"
    );
    assert_eq!(
        line_with(&shown, "1 ┃").trim(),
        "1 ┃ :5: │ :3: │ :*:a┃ :·: │ [7]b│ :*: ┃ :*: │ :*: │ :*: ┃",
        "colour letters, the filter's * and the cursor's peers: {shown}"
    );
    assert_eq!(
        line_with(&shown, "4 ┃").trim(),
        "4 ┃  8  │  ·  │  ·  ┃  ·  │ :6: │  *  ┃  *  │  *  │  3  ┃"
    );
    let has_bg = |buffer: &Buffer, bg| buffer.content().iter().any(|c| c.bg == bg);
    let colour = render_buffer(&mut app, 80, 24, Theme::new(true));
    assert!(has_bg(&colour, Color::Blue) && has_bg(&colour, Color::Green));
    let plain = render_buffer(&mut app, 80, 24, Theme::new(false));
    assert!(!has_bg(&plain, Color::Blue), "NO_COLOR: letters only");

    // Esc after f cancels the key that waits for a digit, not the game.
    app.update(Action::Filter);
    app.update(Action::Cancel);
    assert!(app.play().is_some(), "still in the game");
    assert!(screen(&mut app, 80, 24).contains("No digit: nothing coloured or filtered"));
    // Undo takes the last colouring back; f 0 turns the filter off.
    app.update(Action::Undo);
    app.update(Action::Filter);
    app.update(Action::Erase);
    let shown = screen(&mut app, 80, 24);
    assert!(shown.contains("Filter off"), "{shown}");
    assert_eq!(
        line_with(&shown, "1 ┃").trim(),
        "1 ┃  5  │  3  │  · a┃  ·  │ [7] │  ·  ┃  ·  │  ·  │  ·  ┃",
        "{shown}"
    );
    // A candidate: X then its digit, in pencil marks.
    app.update(Action::Move(Direction::Left));
    app.update(Action::ToggleCandidates);
    app.update(Action::PaintCandidate);
    app.update(d(2));
    let shown = screen(&mut app, 80, 24);
    assert!(shown.contains("Coloured 1d2 b (u undoes)"), "{shown}");
    assert!(
        line_with(&shown, "1 ┃").contains("┃ b   │"),
        "the candidate's letter in its place: {shown}"
    );
    assert!(
        shown.contains("│    a┃"),
        "the cell's letter in a free corner: {shown}"
    );
}
