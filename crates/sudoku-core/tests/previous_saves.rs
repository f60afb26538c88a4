//! Saves written by the previous release (`sudoku-tui save 1`, kept in
//! `tests/data/`) still load, as sessions that go on playing and save in
//! the new format.

use std::time::Duration;

use sudoku_core::session::{save, Origin};
use sudoku_core::{Cell, Level, RandomPuzzle};

fn load(name: &str) -> save::Loaded {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::File::open(&path).unwrap();
    save::read(file).unwrap_or_else(|err| panic!("{path}: {err}"))
}

/// The board line of a save file.
fn grid_line(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| l.starts_with("grid: ")).unwrap();
    line["grid: ".len()..].to_string()
}

#[test]
fn a_builtin_puzzle_with_a_wrong_entry_and_marks() {
    let loaded = load("tui-v1-builtin.txt");
    assert_eq!((loaded.version, loaded.ignored.len()), (1, 0));
    let mut s = loaded.session;
    assert_eq!(s.name(), "sudoku01-easy.txt");
    assert_eq!(s.origin(), &Origin::Unknown);
    assert_eq!(
        (s.time(), s.moves(), s.hints()),
        (Duration::from_secs(192), 9, 1)
    );
    assert_eq!(s.game().grid().to_string(), grid_line("tui-v1-builtin.txt"));
    assert_eq!(s.progress().filled, 6);
    assert_eq!(s.mistakes().len(), 1, "the wrong entry is still wrong");
    let marks = Cell::all()
        .filter(|&c| !s.pencil().marks(c).is_empty())
        .count();
    assert_eq!(marks, 2);
    assert!(!s.pencil().is_auto());
    for _ in 0..6 {
        s.undo().unwrap();
    }
    assert_eq!(
        s.game().grid(),
        s.game().puzzle(),
        "every entry can be undone"
    );
    let again = save::parse(&save::to_string(&s, None)).unwrap();
    assert_eq!(again.session, s);
}

#[test]
fn a_generated_puzzle_with_automatic_candidates() {
    let loaded = load("tui-v1-random.txt");
    assert_eq!(loaded.ignored, []);
    let s = loaded.session;
    let random = RandomPuzzle::new(Level::Medium, 1234);
    assert_eq!(s.origin(), &Origin::Random(random));
    assert_eq!(s.level(), Some(Level::Medium));
    // The save keeps the puzzle itself: the one a seed gives depends on the
    // grader of the release (it changed when the grader took up Sudoku
    // Explainer's techniques), so the saved puzzle is what is played.
    assert_eq!(
        s.game().puzzle().to_string(),
        "2....7..116.3..9....8.2...4.1........9.8...426...94....5..8.......6...9.98..3.2.5"
    );
    assert_eq!(s.time(), Duration::from_secs(3 * 3600 + 25));
    assert!(s.pencil().is_auto());
    let struck: Vec<String> = Cell::all()
        .filter(|&c| !s.pencil().struck(c).is_empty())
        .map(|c| format!("{c}={}", s.pencil().struck(c)))
        .collect();
    assert_eq!(struck, ["1c=4"]);
    assert!(!s
        .candidates(Cell::from_name("1c").unwrap())
        .contains(sudoku_core::Digit::new(4).unwrap()));
}

#[test]
fn a_fresh_game() {
    let s = load("tui-v1-fresh.txt").session;
    assert_eq!(s.game().grid(), s.game().puzzle());
    assert_eq!((s.moves(), s.time()), (0, Duration::from_secs(7)));
    assert_eq!(s.game().history().undo_len(), 0);
    assert!(!s.has_progress());
}
