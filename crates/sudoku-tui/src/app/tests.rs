//! `Event -> Action -> App::update`, without a terminal: every key and
//! mouse binding, the picker, leaving, saving and winning.

use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Terminal;
use sudoku_core::{Cell, Digit, Level, RandomPuzzle};

use super::*;
use crate::action::action_for;
use crate::fixtures::{cell, entry, EASY, NEARLY};
use crate::play::Source;
use crate::puzzles::Entry;
use crate::ui::{self, theme::Theme};

fn app_with(entries: Vec<Entry>, store: Option<SaveStore>) -> App {
    let mut app = App::new(Picker::new(entries, Vec::new()), store);
    app.wait_for_grades();
    draw(&mut app, 100, 40);
    app
}

fn app() -> App {
    app_with(
        vec![
            entry("sudoku-nearly.txt", NEARLY),
            entry("sudoku-easy.txt", EASY),
            entry("sudoku-broken.txt", "12345"),
        ],
        None,
    )
}

fn store(name: &str) -> SaveStore {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    SaveStore::new(dir.join("sudoku"))
}

/// The saved game of `puzzle` in `store`.
fn saved(store: &SaveStore, puzzle: &str) -> Option<sudoku_core::session::Session> {
    let puzzle = puzzle.parse().unwrap();
    store.load(&puzzle).unwrap().map(|loaded| loaded.session)
}

/// Removes the folder of the test store `store`.
fn remove(store: &SaveStore) {
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
}

/// Renders a frame of `width` x `height` and keeps its geometry, as the
/// event loop does; returns the screen text.
fn draw(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut geometry = Geometry::default();
    let frame = terminal
        .draw(|f| geometry = ui::draw(f, app, &Theme::new(false)))
        .unwrap();
    let text = screen_text(frame.buffer);
    app.set_geometry(geometry);
    text
}

fn screen_text(buffer: &ratatui::buffer::Buffer) -> String {
    let width = usize::from(buffer.area.width);
    let symbols: Vec<&str> = buffer.content().iter().map(|c| c.symbol()).collect();
    symbols
        .chunks(width)
        .map(|row| row.concat() + "\n")
        .collect()
}

/// Sends `event` as the event loop does; then waits for the grades it
/// asked for, as a person reading the screen would (grading takes
/// milliseconds here).
fn send(app: &mut App, event: Event) {
    if let Some(action) = action_for(&event, app.context()) {
        app.update(action);
    }
    app.wait_for_grades();
}

fn key(app: &mut App, code: KeyCode) {
    send(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

fn ctrl(app: &mut App, c: char) {
    send(
        app,
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)),
    );
}

fn mouse(app: &mut App, kind: MouseEventKind, x: u16, y: u16) {
    let event = MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    send(app, Event::Mouse(event));
}

fn click_cell(app: &mut App, name: &str) {
    let board = app.geometry.board.expect("a board was drawn");
    let cell = Cell::from_name(name).unwrap();
    let (x, y) = (board.cell_x(cell) + 1, board.cell_y(cell));
    mouse(app, MouseEventKind::Down(MouseButton::Left), x, y);
}

fn play(app: &App) -> &Play {
    app.play().expect("a game is on")
}

fn message(app: &App) -> String {
    play(app).message().text.clone()
}

fn open_easy(app: &mut App) {
    key(app, KeyCode::Down);
    key(app, KeyCode::Enter);
    assert_eq!(play(app).name(), "sudoku-easy.txt");
}

#[test]
fn picker_keys_move_search_and_open() {
    let mut app = app();
    assert_eq!(app.context(), Context::Picker);
    key(&mut app, KeyCode::Up);
    assert_eq!(
        app.picker().selected(),
        Some(Choice::Random(Level::Extreme)),
        "up wraps to the end, the last random row"
    );
    key(&mut app, KeyCode::Down);
    assert_eq!(
        app.picker().selected(),
        Some(Choice::Entry(0)),
        "down wraps to the top"
    );
    key(&mut app, KeyCode::PageDown);
    key(&mut app, KeyCode::End);
    assert_eq!(
        app.picker().selected(),
        Some(Choice::Random(Level::Extreme))
    );
    key(&mut app, KeyCode::PageUp);
    key(&mut app, KeyCode::Home);
    assert_eq!(app.picker().selected(), Some(Choice::Entry(0)));
    keys(&mut app, "EASYq");
    assert!(app.picker().shown().is_empty());
    assert!(!app.should_quit(), "q types into the search");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(
        app.picker().shown(),
        [Choice::Entry(1), Choice::Random(Level::Easy)]
    );
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.picker().search(), "");
    key(&mut app, KeyCode::F(1));
    assert_eq!(app.overlay(), Some(Overlay::Help));
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.overlay(), None);
    assert_eq!(
        app.picker().selected(),
        Some(Choice::Entry(1)),
        "the search kept it"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&app).name(), "sudoku-easy.txt");
    assert_eq!(app.context(), Context::Board);
}

#[test]
fn esc_or_ctrl_q_quit_the_picker() {
    let mut app = app();
    key(&mut app, KeyCode::Esc);
    assert!(app.should_quit());
    let mut app = app_with(vec![entry("a", NEARLY)], None);
    ctrl(&mut app, 'q');
    assert!(app.should_quit());
}

#[test]
fn unplayable_puzzles_say_why_and_stay_in_the_picker() {
    let conflicting = format!("55{}", &EASY[2..]);
    let dead = format!("{}{}{}", ".12345678", "9........", ".".repeat(63));
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut app = app_with(
        vec![
            entry("broken", "12345"),
            entry("conflicting", &conflicting),
            entry("solved", solved),
            entry("dead", &dead),
        ],
        None,
    );
    let mut messages = Vec::new();
    for _ in 0..4 {
        key(&mut app, KeyCode::Enter);
        assert!(matches!(app.screen(), Screen::Picker));
        messages.push(app.picker().message.clone().unwrap());
        key(&mut app, KeyCode::Down);
    }
    assert_eq!(
        messages,
        [
            "broken: line 1: found 5 cells, expected 81 (a one-line puzzle) or 9 (a grid row)",
            "conflicting: there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s",
            "solved: the puzzle is already complete",
            "dead: the puzzle has no solution",
        ]
    );
}

#[test]
fn every_board_key() {
    let mut app = app();
    open_easy(&mut app);
    assert_eq!(play(&app).cursor(), cell("1c"));
    for (k, want) in [
        (KeyCode::Right, "1d"),
        (KeyCode::Char('l'), "1e"),
        (KeyCode::Char('d'), "1f"),
        (KeyCode::Left, "1e"),
        (KeyCode::Char('h'), "1d"),
        (KeyCode::Char('a'), "1c"),
        (KeyCode::Down, "2c"),
        (KeyCode::Char('j'), "3c"),
        (KeyCode::Char('s'), "4c"),
        (KeyCode::Up, "3c"),
        (KeyCode::Char('k'), "2c"),
        (KeyCode::Char('w'), "1c"),
        (KeyCode::Char('w'), "9c"),
    ] {
        key(&mut app, k);
        assert_eq!(play(&app).cursor(), cell(want), "{k:?}");
    }
    key(&mut app, KeyCode::Char('k'));
    key(&mut app, KeyCode::Char('s')); // back to 9c
    let at = |app: &App| play(app).game().grid().get(cell("9c"));
    for erase in [
        KeyCode::Char('0'),
        KeyCode::Char('.'),
        KeyCode::Char(' '),
        KeyCode::Delete,
    ] {
        key(&mut app, KeyCode::Char('4'));
        assert_eq!(at(&app), Digit::new(4));
        key(&mut app, erase);
        assert_eq!(at(&app), None, "{erase:?}");
    }
    assert_eq!(message(&app), "Legal move");
    key(&mut app, KeyCode::Backspace);
    assert_eq!(at(&app), Digit::new(4), "Backspace undoes");
    key(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'z');
    assert_eq!(at(&app), Digit::new(4));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(at(&app), None);
    ctrl(&mut app, 'y');
    assert_eq!(at(&app), Digit::new(4));
    assert_eq!(message(&app), "Redid 9c");
    key(&mut app, KeyCode::Delete);
    key(&mut app, KeyCode::Char('n'));
    assert!(play(&app).is_pencil_mode());
    keys(&mut app, "12");
    let marks = |app: &App| {
        let p = play(app);
        p.pencil()
            .candidates(p.game(), cell("9c"))
            .iter()
            .map(Digit::get)
            .collect::<Vec<_>>()
    };
    assert_eq!(marks(&app), [1, 2]);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Char('c'));
    assert!(play(&app).pencil().is_auto());
    assert_eq!(marks(&app), [1, 2, 3, 4, 5]);
    key(&mut app, KeyCode::Char('c'));
    assert_eq!(marks(&app), [1, 2]);
    key(&mut app, KeyCode::Char('H'));
    app.wait_for_hint();
    assert_eq!(play(&app).hints(), 0, "the first hint only explains");
    assert!(
        message(&app).starts_with("Hint 1/4 (H: more): "),
        "{}",
        message(&app)
    );
    for rung in 2..=4 {
        key(&mut app, KeyCode::Char('H'));
        assert!(message(&app).starts_with(&format!("Hint {rung}/4 ")));
    }
    key(&mut app, KeyCode::Char('H'));
    assert_eq!(message(&app), "Working out a hint...");
    app.wait_for_hint();
    assert_eq!(play(&app).hints(), 1);
    assert!(message(&app).starts_with("Hint: "));
    key(&mut app, KeyCode::Char('p'));
    assert!(!play(&app).is_clock_running() && play(&app).is_paused());
    key(&mut app, KeyCode::Char('4'));
    assert_eq!(message(&app), "Paused: p resumes the game");
    key(&mut app, KeyCode::Char('p'));
    assert!(play(&app).is_clock_running());
    key(&mut app, KeyCode::Char('m'));
    assert_eq!(play(&app).hints(), 2, "a mistake check counts as a hint");
    key(&mut app, KeyCode::Char('t'));
    assert!(!play(&app).is_timer_visible());
    assert_eq!(app.next_tick(), None, "nothing ticks: no busy loop");
    key(&mut app, KeyCode::Char('t'));
    assert!(app.next_tick().is_some_and(|d| d <= Duration::from_secs(1)));
    key(&mut app, KeyCode::Char('+'));
    assert_eq!(play(&app).speed(), crate::animation::DEFAULT_SPEED + 1);
    key(&mut app, KeyCode::Char('-'));
    key(&mut app, KeyCode::Char('-'));
    assert_eq!(play(&app).speed(), crate::animation::DEFAULT_SPEED - 1);
    for help in [KeyCode::Char('?'), KeyCode::F(1)] {
        key(&mut app, help);
        assert_eq!(app.context(), Context::Help);
        key(&mut app, KeyCode::Char('5'));
        assert_eq!(app.overlay(), None, "any key closes the help");
    }
}

#[test]
fn the_solve_animation_runs_pauses_and_stops_through_the_app() {
    let mut app = app();
    open_easy(&mut app);
    key(&mut app, KeyCode::Char('4')); // 1c = 4, the right digit
    key(&mut app, KeyCode::Char('S'));
    assert_eq!(app.context(), Context::Animation);
    assert!(app.next_tick().is_some());
    app.update(Action::Tick);
    let placed = play(&app).animation().unwrap().placed();
    assert!(placed >= 1);
    key(&mut app, KeyCode::Char(' '));
    assert_eq!(
        app.next_tick(),
        None,
        "paused, with the timer stopped: nothing ticks"
    );
    app.update(Action::Tick);
    assert_eq!(play(&app).animation().unwrap().placed(), placed, "paused");
    key(&mut app, KeyCode::Char(' '));
    for _ in 0..10 {
        key(&mut app, KeyCode::Char('+'));
    }
    while play(&app).animation().unwrap().is_running() {
        app.update(Action::Tick);
    }
    assert!(message(&app).starts_with("Solved in "));
    assert!(play(&app).shown_grid().is_solved());
    assert!(
        app.overlay().is_none(),
        "the solver's win is not the player's"
    );
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.context(), Context::Board);
    let grid = play(&app).game().grid();
    assert_eq!(grid.givens(), play(&app).game().puzzle().givens() + 1);
    assert_eq!(message(&app), "Back to your position");
}

#[test]
fn esc_cancels_a_mode_then_asks_and_leaving_saves() {
    let store = store("leave");
    let mut app = app_with(
        vec![entry("sudoku-easy.txt", EASY), entry("n", NEARLY)],
        Some(store.clone()),
    );
    key(&mut app, KeyCode::Enter);
    assert!(play(&app).is_selected());
    key(&mut app, KeyCode::Esc);
    assert!(
        matches!(app.screen(), Screen::Picker),
        "nothing to lose: no question, and the selection goes with the game"
    );
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4n");
    key(&mut app, KeyCode::Esc);
    assert!(!play(&app).is_pencil_mode(), "Esc leaves pencil mode first");
    assert!(play(&app).is_selected(), "the selection stays");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), None, "saved on the way: no question");
    assert!(matches!(app.screen(), Screen::Picker));
    let session = saved(&store, EASY).expect("saved on leaving");
    assert_eq!(session.game().grid().get(cell("1c")), Digit::new(4));
    assert_eq!(app.picker().selected(), Some(Choice::Entry(0)));
    assert_eq!(app.picker().shown()[0], Choice::Saved(0));
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&app).game().grid().get(cell("1c")), Digit::new(4));
    assert_eq!(play(&app).moves(), 1);
    assert_eq!(message(&app), "Resumed sudoku-easy.txt");
    remove(&store);
}

#[test]
fn q_asks_and_ctrl_c_quits_at_once_saving() {
    let store = store("quit");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit(), "no progress: no question");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4q");
    assert_eq!(app.overlay(), Some(Overlay::Confirm(Leave::Quit)));
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit());
    keys(&mut app, "qq");
    assert!(app.should_quit(), "q answers its own question");
    store.delete(&EASY.parse().unwrap()).unwrap();
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('4'));
    ctrl(&mut app, 'c');
    assert!(app.should_quit());
    assert!(saved(&store, EASY).is_some());
    remove(&store);
}

#[test]
fn mouse_selects_cells_through_the_last_frame() {
    let mut app = app();
    open_easy(&mut app);
    draw(&mut app, 100, 40);
    click_cell(&mut app, "5e");
    assert_eq!(play(&app).cursor(), cell("5e"));
    key(&mut app, KeyCode::Char('5'));
    assert_eq!(play(&app).game().grid().get(cell("5e")), Digit::new(5));
    click_cell(&mut app, "1a");
    assert_eq!(message(&app), "1a is a given; it cannot be changed");
    key(&mut app, KeyCode::Char('9'));
    assert_eq!(message(&app), "1a is a given and cannot be changed");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Right), 0, 0);
    assert!(!play(&app).is_selected());
    assert!(!app.should_quit(), "a right click never quits");
    // after a resize the board is smaller and elsewhere: clicks follow it
    draw(&mut app, 50, 24);
    click_cell(&mut app, "9i");
    assert_eq!(play(&app).cursor(), cell("9i"));
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 0, 0);
    assert_eq!(
        play(&app).cursor(),
        cell("9i"),
        "a click off the board changes nothing"
    );
}

#[test]
fn mouse_picks_puzzles_and_the_wheel_scrolls() {
    let mut app = app();
    let list = app.geometry.list.unwrap();
    let at = Instant::now();
    app.update_at(
        Action::Click {
            x: list.x + 2,
            y: list.y + 1,
            at,
        },
        at,
    );
    assert_eq!(app.picker().selected(), Some(Choice::Entry(1)));
    assert!(matches!(app.screen(), Screen::Picker));
    mouse(&mut app, MouseEventKind::ScrollDown, 0, 0);
    assert_eq!(app.picker().selected(), Some(Choice::Entry(2)));
    mouse(&mut app, MouseEventKind::ScrollUp, 0, 0);
    mouse(&mut app, MouseEventKind::ScrollUp, 0, 0);
    assert_eq!(app.picker().selected(), Some(Choice::Entry(0)));
    let late = at + DOUBLE_CLICK * 2;
    app.update_at(
        Action::Click {
            x: list.x + 2,
            y: list.y + 1,
            at: late,
        },
        late,
    );
    assert!(
        matches!(app.screen(), Screen::Picker),
        "too slow for a double click"
    );
    let soon = late + Duration::from_millis(200);
    app.update_at(
        Action::Click {
            x: list.x + 2,
            y: list.y + 1,
            at: soon,
        },
        soon,
    );
    assert_eq!(play(&app).name(), "sudoku-easy.txt");
}

#[test]
fn winning_congratulates_and_offers_the_next_puzzle() {
    let store = store("win");
    let mut app = app_with(
        vec![
            entry("sudoku-nearly.txt", NEARLY),
            entry("sudoku-easy.txt", EASY),
        ],
        Some(store.clone()),
    );
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "1q");
    key(&mut app, KeyCode::Char('y'));
    assert!(saved(&store, NEARLY).is_some());
    let mut app = app_with(
        vec![
            entry("sudoku-nearly.txt", NEARLY),
            entry("sudoku-easy.txt", EASY),
        ],
        Some(store.clone()),
    );
    app.resume();
    keys(&mut app, "ll9");
    let Some(Overlay::Won(stats)) = app.overlay() else {
        panic!("no congratulation: {:?}", app.overlay());
    };
    assert_eq!((stats.moves, stats.hints), (2, 0));
    assert!(saved(&store, NEARLY).is_none(), "a won game's save is gone");
    assert!(app.picker().saved().is_empty());
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&app).name(), "sudoku-easy.txt");
    assert_eq!(app.overlay(), None);
    let mut app = app_with(vec![entry("sudoku-nearly.txt", NEARLY)], None);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "1ll");
    for _ in 0..5 {
        key(&mut app, KeyCode::Char('H'));
        app.wait_for_hint();
    }
    assert!(matches!(
        app.overlay(),
        Some(Overlay::Won(WinStats { hints: 1, .. }))
    ));
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Picker));
}

#[test]
fn resume_without_a_save_says_so() {
    let mut app = app();
    app.resume();
    assert_eq!(
        app.picker().message.as_deref(),
        Some("No saved game to resume")
    );
    assert!(matches!(app.screen(), Screen::Picker));
}

fn random_row(app: &mut App, level: Level) {
    key(app, KeyCode::End);
    while app.picker().selected() != Some(Choice::Random(level)) {
        key(app, KeyCode::Up);
    }
}

#[test]
fn a_random_row_generates_a_puzzle_of_its_level() {
    let mut app = app();
    random_row(&mut app, Level::Medium);
    key(&mut app, KeyCode::Enter);
    let p = play(&app);
    let Source::Random(random) = p.source() else {
        panic!("not a random game: {:?}", p.source());
    };
    assert_eq!(random.level, Level::Medium);
    assert_eq!(p.name(), format!("random medium #{}", random.seed));
    assert!(p.level().starts_with("medium "), "{}", p.level());
    assert_eq!(random.generate().unwrap(), *p.game().puzzle());
    let screen = draw(&mut app, 100, 40);
    assert!(
        screen.contains(&format!("random medium #{} · medium ", random.seed)),
        "{screen}"
    );
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Picker));
    assert_eq!(
        app.picker().selected(),
        Some(Choice::Random(Level::Medium)),
        "leaving selects the row it came from"
    );
    key(&mut app, KeyCode::Enter);
    let Source::Random(again) = play(&app).source() else {
        panic!("not a random game");
    };
    assert_ne!(again.seed, random.seed, "a fresh seed every time");
}

#[test]
fn a_failed_generation_says_why_in_the_picker() {
    let mut app = app();
    let random = RandomPuzzle::new(Level::Expert, 9);
    let err = sudoku_core::generator::GenerateError::LevelNotReached {
        level: Level::Expert,
        holes: sudoku_core::Holes::ANY,
        attempts: 50,
    };
    app.open_made(random, Err(err.into()));
    assert!(matches!(app.screen(), Screen::Picker));
    assert_eq!(app.picker().selected(), Some(Choice::Random(Level::Expert)));
    assert_eq!(
        app.picker().message.as_deref(),
        Some(
            "random expert #9: found no expert puzzle with 0-81 blanks in 50 attempts; \
             ask for a wider range of blanks or another level"
        )
    );
}

#[test]
fn winning_a_random_game_offers_another_at_its_level() {
    let mut app = app();
    let random = RandomPuzzle::new(Level::Easy, 5);
    let nearly = NEARLY.parse().unwrap();
    app.open_made(random, Ok(nearly));
    keys(&mut app, "1ll9");
    assert!(matches!(app.overlay(), Some(Overlay::Won(_))));
    assert_eq!(app.next_choice(), Some(Choice::Random(Level::Easy)));
    let screen = draw(&mut app, 100, 40);
    assert!(
        screen.contains("Enter: next puzzle (a new random easy puzzle)"),
        "{screen}"
    );
    key(&mut app, KeyCode::Enter);
    let Source::Random(next) = play(&app).source() else {
        panic!("not a random game");
    };
    assert_eq!(next.level, Level::Easy);
    assert_ne!(next.seed, random.seed);
    assert!(play(&app).level().starts_with("easy "));
}

#[test]
fn a_random_game_resumes_with_its_pencil_marks() {
    let store = store("random");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    app.open_random(RandomPuzzle::new(Level::Hard, 11));
    let first_blank = play(&app).cursor();
    keys(&mut app, "n37nc");
    ctrl(&mut app, 'c');
    assert!(app.should_quit());
    let puzzle = RandomPuzzle::new(Level::Hard, 11).generate().unwrap();
    let loaded = store.load(&puzzle).unwrap().expect("saved on Ctrl-C");
    assert!(loaded.ignored.is_empty());
    let text = std::fs::read_to_string(store.path_of(&puzzle)).unwrap();
    assert!(text.contains("name: random hard #11\n"), "{text}");
    assert!(text.contains("origin: random hard 11\n"), "{text}");
    assert!(text.contains("candidates: on\n"), "{text}");
    assert!(
        text.contains(&format!("marks: {first_blank}=37\n")),
        "{text}"
    );
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    app.resume();
    let p = play(&app);
    assert_eq!(p.name(), "random hard #11");
    assert_eq!(
        p.source(),
        Source::Random(RandomPuzzle::new(Level::Hard, 11))
    );
    assert!(p.pencil().is_auto());
    let marks: Vec<u8> = p
        .pencil()
        .marks(first_blank)
        .iter()
        .map(Digit::get)
        .collect();
    assert_eq!(marks, [3, 7]);
    remove(&store);
}

/// A store that cannot save: its folder would be under a regular file.
fn broken_store(name: &str) -> SaveStore {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("file"), "a regular file").unwrap();
    SaveStore::new(dir.join("file").join("data").join("sudoku"))
}

#[test]
fn a_failed_save_on_quit_asks_to_quit_without_saving_or_stay() {
    let store = broken_store("unsaved");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4q");
    key(&mut app, KeyCode::Char('y'));
    assert_eq!(app.overlay(), Some(Overlay::SaveFailed(Leave::Quit)));
    assert!(!app.should_quit(), "the game is not lost silently");
    let error = app.save_error().unwrap().to_string();
    assert!(
        error.contains("file/data") && error.contains("Not a directory"),
        "{error}"
    );
    let shown = draw(&mut app, 100, 40);
    assert!(shown.contains("The game could not be saved:"), "{shown}");
    assert!(shown.contains("Not a directory"), "{shown}");
    assert!(shown.contains("y / q: quit without saving"), "{shown}");
    assert!(shown.contains("n / Esc / Enter: stay"), "{shown}");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), None, "stay");
    assert!(!app.should_quit() && app.unsaved().is_none());
    assert_eq!(play(&app).moves(), 1, "the game is still on");
    // A habitual Enter is the safe answer here: stay.
    keys(&mut app, "qy");
    assert_eq!(app.overlay(), Some(Overlay::SaveFailed(Leave::Quit)));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay(), None, "Enter stays");
    assert!(!app.should_quit() && app.unsaved().is_none());
    keys(&mut app, "qy");
    assert_eq!(app.overlay(), Some(Overlay::SaveFailed(Leave::Quit)));
    key(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
    assert_eq!(app.unsaved(), Some(error.as_str()), "main reports it");
}

#[test]
fn a_failed_save_on_ctrl_c_or_leaving_is_not_silent() {
    let store = broken_store("unsaved-ctrl-c");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('4'));
    ctrl(&mut app, 'c');
    assert!(app.should_quit(), "Ctrl-C ends at once");
    assert!(app.unsaved().unwrap().contains("Not a directory"));
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('4'));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Some(Overlay::SaveFailed(Leave::ToPicker)));
    assert!(draw(&mut app, 100, 40).contains("y: leave without saving"));
    key(&mut app, KeyCode::Char('y'));
    assert!(matches!(app.screen(), Screen::Picker));
    let said = app.picker().message.clone().unwrap();
    assert!(
        said.starts_with("Left the game without saving it: "),
        "{said}"
    );
    assert!(!app.should_quit() && app.unsaved().is_none());
}

/// Events for the property test: keys (with and without Ctrl), mouse
/// buttons, wheel and moves anywhere, and resizes from nothing to huge.
fn any_event() -> impl proptest::strategy::Strategy<Value = Event> {
    use proptest::prelude::*;
    let codes = prop_oneof![
        proptest::sample::select(
            "0123456789hjklwasdqynNYHSpt+-=_?ucr. zxE"
                .chars()
                .collect::<Vec<_>>()
        )
        .prop_map(KeyCode::Char),
        proptest::sample::select(vec![
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::F(1),
            KeyCode::Tab,
        ]),
    ];
    let key = (codes, any::<bool>()).prop_map(|(code, ctrl)| {
        let modifiers = if ctrl {
            KeyModifiers::CONTROL
        } else {
            KeyModifiers::NONE
        };
        Event::Key(KeyEvent::new(code, modifiers))
    });
    let kind = proptest::sample::select(vec![
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Drag(MouseButton::Left),
        MouseEventKind::ScrollUp,
        MouseEventKind::ScrollDown,
        MouseEventKind::Moved,
    ]);
    let mouse = (kind, 0u16..1100, 0u16..400).prop_map(|(kind, column, row)| {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    });
    let resize = prop_oneof![
        8 => (0u16..50, 0u16..30),
        8 => (30u16..140, 10u16..60),
        1 => (200u16..1000, 100u16..300),
    ]
    .prop_map(|(w, h)| Event::Resize(w, h));
    let paste = proptest::sample::select(vec![
        EASY.to_string(),
        format!("\n {NEARLY}\n"),
        "q".to_string(),
        "mq y\u{1b}[31m".to_string(),
        String::new(),
    ])
    .prop_map(Event::Paste);
    prop_oneof![10 => key, 4 => mouse, 2 => resize, 1 => paste]
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(200))]

    /// Any sequence of keys, clicks, wheel turns, ticks and resizes goes
    /// through `App::update` and renders at the current size without a
    /// panic, whatever screen or overlay it reaches (saves fail: the
    /// store's folder would be under a file).
    #[test]
    fn any_events_update_and_render_without_panic(
        events in proptest::collection::vec(any_event(), 1..40),
        store in proptest::prelude::any::<bool>(),
    ) {
        let store = store.then(|| broken_store("events"));
        let mut app = App::new(
            Picker::new(
                vec![
                    entry("sudoku-nearly.txt", NEARLY),
                    entry("sudoku-easy.txt", EASY),
                    entry("sudoku-broken.txt", "12345"),
                ],
                Vec::new(),
            ),
            store,
        );
        let (mut w, mut h) = (80u16, 24u16);
        for event in events {
            if let Event::Resize(new_w, new_h) = event {
                (w, h) = (new_w, new_h);
            }
            if let Some(action) = action_for(&event, app.context()) {
                app.update(action);
            }
            app.update(Action::Tick);
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            let mut buffer = ratatui::buffer::Buffer::empty(area);
            let geometry = ui::render(&mut buffer, area, &app, &Theme::new(false));
            app.set_geometry(geometry);
        }
    }
}

#[cfg(unix)]
#[test]
fn an_unreadable_save_is_listed_as_such_and_not_played_over() {
    let store = store("fifo");
    std::fs::create_dir_all(store.dir()).unwrap();
    let path = store.path_of(&EASY.parse().unwrap());
    assert!(std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap()
        .success());
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    let said = app.picker().message.clone().unwrap_or_default();
    assert!(
        said.starts_with("A saved game cannot be read: ") && said.ends_with("not a regular file"),
        "{said}"
    );
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Picker));
    let said = app.picker().message.clone().unwrap_or_default();
    assert!(said.contains("its saved game cannot be read"), "{said}");
    assert!(path.exists(), "the file is left as it is");
    remove(&store);
}

#[test]
fn leaving_takes_two_escs_from_a_selection_and_a_search() {
    let store = store("two-escs");
    let entries = || vec![entry("sudoku-easy.txt", EASY), entry("n", NEARLY)];
    let mut app = app_with(entries(), Some(store.clone()));
    keys(&mut app, "easy");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4");
    assert!(play(&app).is_selected() && app.picker().search() == "easy");
    key(&mut app, KeyCode::Esc);
    assert!(
        matches!(app.screen(), Screen::Picker),
        "the first Esc leaves"
    );
    assert_eq!(app.picker().search(), "", "coming back clears the search");
    assert_eq!(app.picker().selected(), Some(Choice::Entry(0)));
    key(&mut app, KeyCode::Esc);
    assert!(app.should_quit(), "the second Esc quits");
    assert!(saved(&store, EASY).is_some());
    drop(app);
    // a game with nothing to save: Esc, Esc
    let mut app = app_with(entries(), Some(store.clone()));
    keys(&mut app, "n");
    key(&mut app, KeyCode::Enter);
    assert_eq!(play(&app).name(), "n");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    assert!(app.should_quit());
    remove(&store);
}

fn paste(app: &mut App, text: &str) {
    send(app, Event::Paste(text.to_string()));
}

#[test]
fn a_paste_of_one_puzzle_in_the_picker_opens_it() {
    let store = store("paste-open");
    let mut app = app_with(
        vec![entry("sudoku-nearly.txt", NEARLY)],
        Some(store.clone()),
    );
    paste(&mut app, &format!("\r\n  {EASY}  \n"));
    assert_eq!(play(&app).name(), "pasted puzzle");
    assert_eq!(play(&app).session().origin(), &Origin::Text);
    assert_eq!(*play(&app).game().puzzle(), EASY.parse().unwrap());
    assert_eq!(play(&app).moves(), 0, "taken whole, never as keys");
    keys(&mut app, "4");
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        app.picker().message.as_deref(),
        Some("Saved pasted puzzle: resume it from the list")
    );
    // the same puzzle pasted again resumes its save, as any puzzle does
    paste(&mut app, EASY);
    assert_eq!(message(&app), "Resumed your saved game of pasted puzzle");
    assert_eq!(play(&app).moves(), 1);
    drop(app);
    remove(&store);
}

#[test]
fn a_paste_that_is_not_one_playable_puzzle_says_why_in_one_line() {
    let mut app = app();
    keys(&mut app, "ea");
    let conflicting = format!("55{}", &EASY[2..]);
    for (text, said) in [
        (
            "Dear Ann,\nq\u{1b}[2J the puzzle is in the post",
            "The paste is not a puzzle: \"Dear Ann,\\nq\\e[2J the ...\": line 1, column 1: \
             expected a digit, '.', '0' or '_', found 'D'",
        ),
        (
            "  \n ",
            "The paste is empty: paste one puzzle, its 81 cells on one line",
        ),
        (
            conflicting.as_str(),
            "pasted puzzle: there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s",
        ),
    ] {
        paste(&mut app, text);
        assert!(matches!(app.screen(), Screen::Picker));
        assert_eq!(app.picker().message.as_deref(), Some(said));
        assert!(!app.should_quit(), "a q in the paste is no key");
        assert_eq!(app.picker().search(), "ea", "nor does it type");
    }
    let screen = draw(&mut app, 100, 40);
    assert!(
        screen.contains("pasted puzzle: there are 2 conflicts"),
        "{screen}"
    );
}

#[test]
fn a_paste_in_a_game_or_a_dialog_changes_nothing() {
    let store = store("paste-refused");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4");
    let before = play(&app).session().clone();
    paste(&mut app, "m5qyH\u{1b}[A u\n");
    assert_eq!(play(&app).session(), &before, "no move, no undo, no check");
    assert_eq!(app.overlay(), None);
    assert!(!app.should_quit());
    assert_eq!(message(&app), PASTE_ON_BOARD);
    let screen = draw(&mut app, 100, 40);
    assert!(screen.contains("A paste is not played as keys"), "{screen}");
    paste(&mut app, EASY);
    assert_eq!(play(&app).session(), &before, "not even a puzzle");
    for open in [KeyCode::Char('?'), KeyCode::Char('q')] {
        key(&mut app, open);
        let overlay = app.overlay();
        assert!(overlay.is_some());
        paste(&mut app, "y");
        assert_eq!(app.overlay(), overlay, "the box stays");
        assert_eq!(message(&app), PASTE_IN_DIALOG);
        key(&mut app, KeyCode::Esc);
    }
    key(&mut app, KeyCode::Char('p'));
    paste(&mut app, "p");
    assert!(play(&app).is_paused(), "a pause stays");
    key(&mut app, KeyCode::Char('p'));
    ctrl(&mut app, 'c');
    let save = saved(&store, EASY).unwrap();
    assert_eq!(
        (save.moves(), save.hints(), save.mistakes_shown()),
        (1, 0, 0)
    );
    // a paste over the picker's question changes nothing either
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Delete);
    assert_eq!(app.overlay(), Some(Overlay::DeleteSave(0)));
    paste(&mut app, "y");
    assert_eq!(app.overlay(), Some(Overlay::DeleteSave(0)));
    assert_eq!(app.picker().message.as_deref(), Some(PASTE_IN_DIALOG));
    assert!(saved(&store, EASY).is_some());
    drop(app);
    remove(&store);
}

#[test]
fn the_preview_of_a_saved_game_shows_its_board_and_moves() {
    let store = store("preview");
    let mut app = app_with(vec![entry("sudoku-easy.txt", EASY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "4lll2");
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('y'));
    key(&mut app, KeyCode::Home);
    assert_eq!(app.picker().selected(), Some(Choice::Saved(0)));
    let screen = draw(&mut app, 100, 40);
    assert!(
        screen.contains("│5 3 4 │ . 7 . │ . . ."),
        "the saved board, not the givens:\n{screen}"
    );
    assert!(screen.contains("Moves:  2"), "{screen}");
    drop(app);
    remove(&store);
}

#[test]
fn the_status_and_the_congratulation_count_moves_made() {
    let mut app = app_with(vec![entry("sudoku-nearly.txt", NEARLY)], None);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "5");
    key(&mut app, KeyCode::Char('u'));
    keys(&mut app, "1");
    let screen = draw(&mut app, 100, 40);
    assert!(
        screen.contains(" · moves 2 · "),
        "the undone 5 was a move made:\n{screen}"
    );
    keys(&mut app, "ll9");
    let screen = draw(&mut app, 100, 40);
    assert!(screen.contains(" Moves  3 "), "{screen}");
    assert!(!screen.contains("made in all"), "one count:\n{screen}");
    assert_eq!(play(&app).moves(), play(&app).session().moves());
}

/// The message a game of this process gets for a puzzle this process
/// holds.
fn held_here() -> String {
    in_use_text(Some(&format!("sudoku-tui, pid {}", std::process::id())))
}

#[test]
fn one_game_per_puzzle_saves_and_removes_through_its_lock() {
    let store = store("lock");
    let entries = || vec![entry("sudoku-easy.txt", EASY), entry("n", NEARLY)];
    let mut first = app_with(entries(), Some(store.clone()));
    key(&mut first, KeyCode::Enter);
    let easy: Grid = EASY.parse().unwrap();
    assert!(first.lock().is_some_and(SaveLock::is_held));
    let err = store.lock(&easy, "test").unwrap_err();
    assert!(
        err.to_string().ends_with(
            "(sudoku-tui, pid {})"
                .replace("{}", &std::process::id().to_string())
                .as_str()
        ),
        "{err}"
    );
    keys(&mut first, "4");
    key(&mut first, KeyCode::Esc);
    key(&mut first, KeyCode::Char('y'));
    assert!(first.lock().is_none(), "left: let go");
    drop(store.lock(&easy, "test").expect("free again"));
    key(&mut first, KeyCode::Home);
    key(&mut first, KeyCode::Enter);
    assert_eq!(message(&first), "Resumed sudoku-easy.txt");
    // a second game (another window) on the same store
    let mut second = app_with(entries(), Some(store.clone()));
    key(&mut second, KeyCode::Enter);
    assert!(matches!(second.screen(), Screen::Picker));
    assert_eq!(
        second.picker().message.clone().unwrap(),
        format!("Cannot resume sudoku-easy.txt: {}", held_here())
    );
    assert_eq!(second.busy(), Some(held_here().as_str()));
    key(&mut second, KeyCode::Down);
    key(&mut second, KeyCode::Enter);
    assert_eq!(
        second.picker().message.clone().unwrap(),
        format!("sudoku-easy.txt: {}", held_here()),
        "its entry too"
    );
    key(&mut second, KeyCode::Home);
    key(&mut second, KeyCode::Delete);
    key(&mut second, KeyCode::Char('y'));
    assert_eq!(
        second.picker().message.clone().unwrap(),
        format!(
            "Could not delete the saved game of sudoku-easy.txt: {}",
            held_here()
        )
    );
    // the first game saves through its own lock (the store's own save
    // would be refused), and names the save for the shell
    keys(&mut first, "llll5");
    ctrl(&mut first, 'c');
    assert_eq!(first.unsaved(), None);
    assert_eq!(first.saved_on_quit(), Some(store.path_of(&easy).as_path()));
    assert!(first.lock().is_none());
    key(&mut second, KeyCode::Enter);
    assert_eq!(second.busy(), None);
    assert_eq!(play(&second).moves(), 2, "the first game's moves");
    // quitting from the list: no game, nothing to tell
    let mut third = app_with(entries(), None);
    key(&mut third, KeyCode::Esc);
    assert_eq!(third.saved_on_quit(), None, "no game, nothing to tell");
    drop(second);
    remove(&store);
}

#[test]
fn a_won_game_removes_its_save_through_its_lock_and_tells_nothing() {
    let store = store("lock-won");
    let mut app = app_with(vec![entry("n", NEARLY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "1q");
    key(&mut app, KeyCode::Char('y'));
    assert!(app.saved_on_quit().is_some());
    assert!(saved(&store, NEARLY).is_some());
    let mut app = app_with(vec![entry("n", NEARLY)], Some(store.clone()));
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "ll9");
    assert!(matches!(app.overlay(), Some(Overlay::Won(_))));
    assert_eq!(app.picker().message, None, "removed without a word");
    assert!(saved(&store, NEARLY).is_none());
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    assert_eq!(app.saved_on_quit(), None, "a won game: nothing to tell");
    remove(&store);
}
