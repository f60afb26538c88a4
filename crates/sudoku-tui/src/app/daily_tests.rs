//! The daily puzzle and the statistics screen through `App::update`,
//! rendered into a test buffer.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use sudoku_core::session::{Daily, Date, StatsFile};
use sudoku_core::{Cell, Level};

use super::*;
use crate::action::action_for;
use crate::fixtures::{entry, EASY};
use crate::ui::{self, theme::Theme};

fn store(name: &str) -> SaveStore {
    let dir = std::env::temp_dir().join(format!("sudoku-tui-daily-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    SaveStore::new(dir.join("sudoku"))
}

fn app(store: &SaveStore, date: &str) -> App {
    let mut app = App::new(
        Picker::new(vec![entry("sudoku-easy.txt", EASY)], Vec::new()),
        Some(store.clone()),
    );
    app.set_daily_date(Some(date.parse().unwrap()));
    app.wait_for_grades();
    draw(&mut app, 80, 24);
    app
}

/// Renders an 80x24 frame without colour, keeping its geometry; the text.
fn draw(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let mut geometry = Geometry::default();
    let theme = Theme::new(false);
    let frame = terminal
        .draw(|frame| geometry = ui::draw(frame, app, &theme))
        .unwrap();
    let buffer = frame.buffer.clone();
    app.set_geometry(geometry);
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

fn key(app: &mut App, code: KeyCode) {
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(action) = action_for(&event, app.context()) {
        app.update(action);
    }
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

/// Picks the picker's "Today's puzzle" row by searching for it.
fn open_today(app: &mut App) {
    keys(app, "today");
    assert_eq!(app.picker().selected(), Some(Choice::Daily(Level::Medium)));
    key(app, KeyCode::Enter);
}

/// Fills every blank from the solution with the keys, row by row.
fn win(app: &mut App) {
    let game = app.play().unwrap().game().clone();
    let start = Cell::all().find(|&c| !game.is_given(c)).unwrap();
    for _ in 0..start.col().index() {
        keys(app, "h");
    }
    for cell in Cell::all() {
        if !game.is_given(cell) {
            keys(app, &game.solution().get(cell).unwrap().to_string());
        }
        keys(app, if cell.col().index() == 8 { "lj" } else { "l" });
    }
}

#[test]
fn todays_puzzle_is_the_daily_puzzle_of_the_date_and_a_win_counts() {
    let store = store("today");
    let mut app = app(&store, "2026-11-26");
    let screen = draw(&mut app, 80, 24);
    keys(&mut app, "today");
    let screen_found = draw(&mut app, 80, 24);
    assert!(
        screen_found.contains("> Today's puzzle: medium"),
        "{screen}"
    );
    assert!(
        screen_found.contains("The same puzzle for everyone"),
        "{screen_found}"
    );
    key(&mut app, KeyCode::Esc);
    open_today(&mut app);
    let date: Date = "2026-11-26".parse().unwrap();
    let daily = Daily::new(date, Level::Medium);
    let play = app.play().unwrap();
    assert_eq!(play.name(), "daily 2026-11-26 medium");
    assert_eq!(*play.game().puzzle(), daily.generate().unwrap());
    win(&mut app);
    assert!(matches!(app.overlay(), Some(Overlay::Won(_))));
    let won = draw(&mut app, 80, 24);
    assert!(won.contains("New best time for medium: 00:"), "{won}");
    key(&mut app, KeyCode::Esc);
    // The next day: another puzzle, and the streak is two.
    let mut app = self::app(&store, "2026-11-27");
    open_today(&mut app);
    assert_ne!(
        *app.play().unwrap().game().puzzle(),
        daily.generate().unwrap()
    );
    win(&mut app);
    assert!(matches!(app.overlay(), Some(Overlay::Won(_))));
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::F(2));
    assert_eq!(app.overlay(), Some(Overlay::Stats));
    let stats = draw(&mut app, 80, 24);
    for line in [
        "Statistics",
        "Level   Won    Best  Average  Hints",
        "medium    2   00:",
        "Daily streak: 2 days (best 2 days)",
        "any key closes this screen",
    ] {
        assert!(stats.contains(line), "{line} in\n{stats}");
    }
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.overlay(), None);
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
}

#[test]
fn the_statistics_key_works_on_the_board_and_without_a_store() {
    let store = store("board");
    let mut app = app(&store, "2026-11-27");
    key(&mut app, KeyCode::Enter);
    assert!(app.play().is_some());
    key(&mut app, KeyCode::F(2));
    let screen = draw(&mut app, 80, 24);
    assert!(
        screen.contains("Daily streak: 0 days (best 0 days)"),
        "{screen}"
    );
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), None);
    assert!(
        app.play().is_some(),
        "closing the screen leaves the game on"
    );
    let mut bare = App::new(Picker::new(vec![entry("e", EASY)], Vec::new()), None);
    key(&mut bare, KeyCode::F(2));
    assert_eq!(
        bare.stats_lines(),
        ["No statistics: the system names no data folder (is HOME set?)"]
    );
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
}

/// Inkala's 2012 puzzle, of no level the game knows: its grade takes about
/// a second, long after the keys that win it.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// How many games of `level` the statistics beside `store` count as won.
fn won_at(store: &SaveStore, level: &str) -> u64 {
    let table = StatsFile::of_store(store)
        .load()
        .unwrap()
        .table("2026-11-27".parse().unwrap());
    table
        .iter()
        .find_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some(level)).then(|| words.next()?.parse().ok())?
        })
        .unwrap_or_else(|| panic!("no line for {level} in {table:?}"))
}

/// An app on Inkala's puzzle, its grade asked for as it starts, and the
/// game opened and won at once.
fn win_inkala(store: &SaveStore) -> App {
    let mut app = App::new(
        Picker::new(vec![entry("inkala.txt", INKALA)], Vec::new()),
        Some(store.clone()),
    );
    key(&mut app, KeyCode::Enter);
    win(&mut app);
    assert!(matches!(app.overlay(), Some(Overlay::Won(_))));
    app
}

#[test]
fn a_win_is_counted_when_its_puzzles_grade_comes_and_the_board_does_not_wait() {
    let store = store("pending");
    let mut app = win_inkala(&store);
    // the grade is still being worked out: the win waits for it, not the
    // board
    assert_eq!(won_at(&store, "extreme"), 0);
    assert_eq!(app.win_note(), None);
    app.wait_for_grades();
    assert_eq!(won_at(&store, "extreme"), 1);
    assert!(
        app.win_note()
            .is_some_and(|note| note.starts_with("New best time for extreme")),
        "{:?}",
        app.win_note()
    );
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
}

#[test]
fn a_win_waiting_for_its_grade_is_counted_when_the_player_quits() {
    let store = store("pending-quit");
    let mut app = win_inkala(&store);
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    assert_eq!(won_at(&store, "extreme"), 1);
    let _ = std::fs::remove_dir_all(store.dir().parent().unwrap());
}
