//! The `serde` feature: every value goes to JSON and back unchanged, looks
//! as the games write it, and bad JSON is refused with the parser's own
//! message. The crate's tests always build with the feature (it is on in
//! the crate's dev-dependency on itself).
#![cfg(feature = "serde")]

use std::time::Duration;

use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sudoku_core::session::{save, Origin, Session};
use sudoku_core::{
    builtin, grade, Batch, Cell, Digit, Grade, Grid, Level, Move, RandomPuzzle, Rating, Technique,
};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The JSON of `value`, after checking that it reads back as `value`.
fn round_trip<T>(value: &T) -> String
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, value, "{json}");
    json
}

/// The message of the error reading `json` as a `T`.
fn refusal<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
    serde_json::from_str::<T>(json).unwrap_err().to_string()
}

#[test]
fn grids_are_their_line() {
    for builtin::Builtin { name, text } in builtin::PUZZLES {
        let grid: Grid = text.parse().unwrap();
        assert_eq!(
            round_trip(&grid),
            format!("\"{}\"", grid.to_line()),
            "{name}"
        );
    }
    assert_eq!(
        round_trip(&Grid::empty()),
        format!("\"{}\"", ".".repeat(81))
    );
    // Any format the parser reads is read: the 9-line form, 0 for blanks.
    let rows = EASY.parse::<Grid>().unwrap().to_rows();
    let from_rows: Grid = serde_json::from_str(&serde_json::to_string(&rows).unwrap()).unwrap();
    assert_eq!(from_rows.to_line(), EASY);
}

#[test]
fn bad_grids_are_refused_with_the_parsers_message() {
    assert_eq!(
        refusal::<Grid>(r#""1234""#),
        "invalid grid \"1234\": line 1: found 4 cells, expected 81 (a one-line puzzle) or 9 \
         (a grid row)"
    );
    let long = format!("\"{}x\"", &EASY[..80]);
    let message = refusal::<Grid>(&long);
    assert!(
        message.starts_with(&format!(
            "invalid grid {:?}...: line 1, column 81: ",
            &EASY[..40]
        )),
        "{message}"
    );
    assert!(message.contains("found 'x'"), "{message}");
    assert!(refusal::<Grid>("81").starts_with("invalid type: integer `81`, expected a string"));
}

#[test]
fn cells_digits_and_moves_are_named_as_the_games_name_them() {
    for cell in Cell::all() {
        assert_eq!(round_trip(&cell), format!("\"{}\"", cell.name()));
    }
    assert_eq!(
        serde_json::from_str::<Cell>(r#""5C""#).unwrap().name(),
        "5c"
    );
    for bad in ["", "c5", "0a", "5j", "5cc"] {
        assert_eq!(
            refusal::<Cell>(&format!("\"{bad}\"")),
            format!("invalid cell \"{bad}\": expected a row 1-9 then a column a-i, as 5c")
        );
    }
    for digit in Digit::all() {
        assert_eq!(round_trip(&digit), digit.to_string());
    }
    assert_eq!(refusal::<Digit>("0"), "digit 0 is not in 1-9");
    assert_eq!(refusal::<Digit>("10"), "digit 10 is not in 1-9");
    assert!(refusal::<Digit>("300").starts_with("invalid value: integer `300`"));
    let mv = Move {
        cell: Cell::from_name("5c").unwrap(),
        before: None,
        after: Digit::new(7),
    };
    assert_eq!(round_trip(&mv), r#"{"cell":"5c","before":null,"after":7}"#);
    assert_eq!(
        round_trip(&mv.reversed()),
        r#"{"cell":"5c","before":7,"after":null}"#
    );
}

#[test]
fn ratings_are_the_numbers_they_show() {
    for tenths in (0..=300).chain([u16::MAX]) {
        let rating = Rating::from_tenths(tenths);
        assert_eq!(round_trip(&rating), rating.to_string());
    }
    assert_eq!(
        serde_json::from_str::<Rating>("12").unwrap(),
        Rating::from_tenths(120)
    );
    for bad in ["4.55", "-0.1", "6553.6", "1e300"] {
        assert_eq!(
            refusal::<Rating>(bad),
            format!("invalid rating {bad}: expected a number from 0.0 with one decimal, as 4.5")
        );
    }
}

#[test]
fn levels_and_techniques_are_their_names() {
    for level in Level::ALL {
        assert_eq!(round_trip(&level), format!("\"{level}\""));
    }
    assert_eq!(
        serde_json::from_str::<Level>(r#""HARD""#).unwrap(),
        Level::Hard
    );
    assert_eq!(
        refusal::<Level>(r#""brutal""#),
        "unknown level \"brutal\", expected easy, medium, hard, expert or extreme"
    );
    for technique in Technique::ALL {
        assert_eq!(round_trip(&technique), format!("\"{}\"", technique.name()));
    }
    assert!(refusal::<Technique>(r#""x-wings""#).starts_with("unknown technique \"x-wings\""));
}

#[test]
fn grades_keep_every_number_and_count() {
    let easy: Grid = EASY.parse().unwrap();
    assert_eq!(
        round_trip(&grade(&easy).unwrap()),
        r#"{"rating":1.2,"level":"easy","techniques":{"full-house":21,"hidden-single-box":30},"placed":51,"pearl":1.2,"diamond":1.2}"#
    );
    // The quick ones: the famous hardest take seconds each to grade.
    let quick = ["easy", "medium", "hard"];
    for builtin::Builtin { name, text } in builtin::PUZZLES {
        if quick.iter().any(|q| name.contains(q)) {
            let grid: Grid = text.parse().unwrap();
            let grade = grade(&grid).unwrap_or_else(|e| panic!("{name}: {e}"));
            round_trip(&grade);
        }
    }
    // Where logic gets stuck: rated as a guess.
    let stuck = Grade {
        rating: Rating::GUESS,
        level: Level::Extreme,
        techniques: vec![(Technique::FullHouse, 2), (Technique::XWing, 1)],
        placed: 2,
        pearl: Rating::from_tenths(10),
        diamond: Rating::from_tenths(32),
    };
    assert_eq!(
        round_trip(&stuck),
        r#"{"rating":20.0,"level":"extreme","techniques":{"full-house":2,"x-wing":1},"placed":2,"pearl":1.0,"diamond":3.2}"#
    );
}

#[test]
fn grade_counts_read_back_easiest_first_and_bad_ones_are_refused() {
    let json = |techniques: &str| {
        format!(
            r#"{{"rating":4.5,"level":"hard","techniques":{techniques},"placed":50,"pearl":1.2,"diamond":1.2}}"#
        )
    };
    let grade: Grade = serde_json::from_str(&json(r#"{"x-wing":1,"full-house":3}"#)).unwrap();
    assert_eq!(
        grade.techniques,
        [(Technique::FullHouse, 3), (Technique::XWing, 1)]
    );
    assert!(refusal::<Grade>(&json(r#"{"x-wing":0}"#))
        .starts_with("technique x-wing is counted 0 times; only the techniques used appear"));
    assert!(refusal::<Grade>(&json(r#"{"x-wing":1,"X Wing":2}"#))
        .starts_with("technique x-wing appears twice"));
    assert!(refusal::<Grade>(&json(r#"{"x-wings":1}"#)).starts_with("unknown technique"));
    assert!(refusal::<Grade>(&json(r#"[["x-wing",1]]"#)).starts_with(
        "invalid type: sequence, expected a map from technique names to how many times each \
         was used"
    ));
}

#[test]
fn origins_and_random_puzzles_are_as_a_save_keeps_them() {
    let random = RandomPuzzle::new(Level::Hard, 42);
    assert_eq!(round_trip(&random), r#"{"level":"hard","seed":42}"#);
    let origins = [
        Origin::File {
            path: "my puzzles.txt".to_string(),
            line: 12,
        },
        Origin::Random(random),
        Origin::Builtin {
            name: "sudoku01-easy.txt".to_string(),
        },
        Origin::Text,
        Origin::Unknown,
    ];
    for origin in origins {
        assert_eq!(round_trip(&origin), format!("\"{origin}\""));
    }
    assert!(refusal::<Origin>(r#""random tricky 7""#).starts_with(
        "expected 'file LINE PATH', 'random LEVEL SEED', 'builtin NAME', 'text' or 'unknown', \
         found 'random tricky 7'"
    ));
}

#[test]
fn a_session_is_its_save_text_and_goes_on_where_it_was() {
    let puzzle: Grid = EASY.parse().unwrap();
    let mut session = Session::new(puzzle, "classic", Origin::Text).unwrap();
    let cell = |name| Cell::from_name(name).unwrap();
    let digit = |d| Digit::new(d).unwrap();
    session.place(cell("1c"), digit(4)).unwrap();
    session.place(cell("1d"), digit(6)).unwrap();
    session.toggle_mark(cell("2b"), digit(7)).unwrap();
    session.add_time(Duration::from_millis(90_250));
    session.undo().unwrap();
    let json = round_trip(&session);
    assert_eq!(
        json,
        serde_json::to_string(&save::to_string(&session, None)).unwrap()
    );
    let mut resumed: Session = serde_json::from_str(&json).unwrap();
    assert_eq!(resumed.redo().unwrap().cell(), Some(cell("1d")));
    assert_eq!(resumed.time(), Duration::from_millis(90_250));
}

#[test]
fn a_session_that_would_load_with_a_part_left_out_is_refused() {
    let session = Session::new(EASY.parse().unwrap(), "classic", Origin::Text).unwrap();
    let text = save::to_string(&session, None);
    assert!(refusal::<Session>(r#""not a save""#).starts_with(
        "invalid session: line 1: expected the header 'sudoku save 2' (or 'sudoku-tui save 1'), \
         found 'not a save'"
    ));
    // A save file with a bad mark loads without it; here it is refused.
    let marked = text.replace("marks: \n", "marks: 1c=4x\n");
    let marked = if marked == text {
        format!("{text}marks: 1c=4x\n")
    } else {
        marked
    };
    assert_eq!(save::parse(&marked).unwrap().ignored.len(), 1);
    let message = refusal::<Session>(&serde_json::to_string(&marked).unwrap());
    assert!(
        message.starts_with("invalid session: line ") && message.contains("marks: expected"),
        "{message}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any grid, complete or with any cells blanked, goes to JSON and back.
    #[test]
    fn any_grid_round_trips(seed in any::<u64>(), blanks in prop::collection::vec(0usize..81, 0..81)) {
        let mut grid = Batch::new(seed).grid(0).unwrap();
        round_trip(&grid);
        for i in blanks {
            grid.set(Cell::new(i).unwrap(), None);
        }
        round_trip(&grid);
    }
}
