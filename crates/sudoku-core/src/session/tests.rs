use std::time::Duration;

use proptest::prelude::*;

use super::*;
use crate::fixtures::{cell, PUZZLE};
use crate::generator::RandomPuzzle;

fn session() -> Session {
    Session::new(PUZZLE.parse().unwrap(), "classic", Origin::Text).unwrap()
}

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

#[test]
fn moves_undo_and_redo_go_to_the_game() {
    let mut s = session();
    assert_eq!(s.place(cell("1c"), d(4)), Ok(Outcome::Legal));
    assert_eq!(s.enter(cell("1c"), 5), Ok(Outcome::Conflicts(2)));
    assert_eq!(s.erase(cell("1c")), Ok(Outcome::Legal));
    assert_eq!(s.moves(), 3);
    assert!(matches!(s.undo(), Ok(Step::Move(mv)) if mv.after.is_none()));
    assert_eq!(s.game().grid().get(cell("1c")), Some(d(5)));
    assert_eq!(s.redo().unwrap().cell(), Some(cell("1c")));
    assert_eq!(s.redo().unwrap_err().to_string(), "nothing to redo");
    assert_eq!(s.moves(), 3, "undo and redo are not moves");
    assert_eq!(
        s.place(cell("1a"), d(1)).unwrap_err().to_string(),
        "1a is a given and cannot be changed"
    );
}

#[test]
fn colourings_undo_and_redo_in_the_order_they_were_made() {
    let mut s = session();
    let (c1, d1) = (cell("1c"), cell("1d"));
    assert_eq!(s.paint(Target::Cell(c1), Some(Colour::A)), Ok(true));
    assert!(s.has_progress(), "a colouring is worth saving");
    s.place(c1, d(4)).unwrap();
    assert_eq!(
        s.paint(Target::Candidate(d1, d(6)), Some(Colour::B)),
        Ok(true)
    );
    assert_eq!(s.paint(Target::Cell(c1), None), Ok(true));
    assert_eq!(
        s.paint(Target::Cell(c1), None),
        Ok(false),
        "no change, no step"
    );
    assert_eq!(
        s.paint(Target::Candidate(c1, d(2)), Some(Colour::C)),
        Err(ColourError::Filled(c1))
    );
    assert_eq!(s.colours().to_string(), "1d6=b");
    let undone: Vec<String> = std::iter::from_fn(|| s.undo().ok())
        .map(|step| match step {
            Step::Move(mv) => format!("move {}", mv.cell),
            Step::Paint(p) => p.to_string(),
        })
        .collect();
    assert_eq!(undone, ["1c=.", "1d6=b", "move 1c", "1c=a"]);
    assert!(s.colours().is_empty());
    assert!(matches!(s.redo(), Ok(Step::Paint(_))));
    assert!(matches!(s.redo(), Ok(Step::Move(_))));
    assert_eq!(s.colours().to_string(), "1c=a");
    // A move forgets the colourings waiting to be redone...
    s.place(d1, d(6)).unwrap();
    assert!(s.redo().is_err());
    // ...and a colouring forgets the moves waiting to be redone.
    s.undo().unwrap();
    assert_eq!(s.clear_colours(), 1);
    assert!(s.redo().is_err(), "the undone move is forgotten");
    assert_eq!(s.clear_colours(), 0, "nothing left to clear");
}

#[test]
fn clearing_every_colour_is_one_step() {
    let mut s = session();
    for (i, name) in ["1c", "2c", "9i"].into_iter().enumerate() {
        s.paint(Target::Cell(cell(name)), Some(Colour::ALL[i]))
            .unwrap();
    }
    s.paint(Target::Candidate(cell("1c"), d(2)), Some(Colour::F))
        .unwrap();
    let before = s.colours().clone();
    assert_eq!(s.clear_colours(), 4);
    assert!(s.colours().is_empty());
    assert!(matches!(s.undo(), Ok(Step::Paint(p)) if p.to_string() == "clear (4 colours)"));
    assert_eq!(s.colours(), &before);
    s.redo().unwrap();
    assert!(s.colours().is_empty());
}

#[test]
fn marks_refuse_givens_filled_cells_and_ruled_out_digits() {
    let mut s = session();
    assert_eq!(
        s.toggle_mark(cell("1a"), d(2)).unwrap_err().to_string(),
        "1a is a given; it takes no pencil marks"
    );
    assert_eq!(s.toggle_mark(cell("1c"), d(2)), Ok(true));
    s.place(cell("1c"), d(4)).unwrap();
    assert_eq!(
        s.toggle_mark(cell("1c"), d(2)).unwrap_err().to_string(),
        "1c holds a digit; erase it to pencil in"
    );
    assert!(s.candidates(cell("1c")).is_empty());
    s.undo().unwrap();
    assert_eq!(
        s.candidates(cell("1c")).to_string(),
        "2",
        "undo keeps marks"
    );
    s.set_auto(true);
    assert_eq!(s.candidates(cell("1c")).to_string(), "124");
    assert_eq!(
        s.toggle_mark(cell("1c"), d(5)),
        Err(MarkError::NotAllowed(NotAllowed {
            cell: cell("1c"),
            digit: d(5)
        }))
    );
    assert_eq!(s.toggle_mark(cell("1c"), d(1)), Ok(false));
    assert_eq!(s.candidates(cell("1c")).to_string(), "24");
    s.set_marks(cell("2b"), Digits::ALL);
    assert_eq!(s.pencil().marks(cell("2b")), Digits::ALL);
}

#[test]
fn a_hint_worked_out_earlier_is_placed_and_counted_as_the_session_would() {
    let mut s = session();
    let mut t = session();
    let hint = s.game().hint().unwrap();
    let (placed, outcome) = t.place_hint().unwrap();
    assert_eq!(s.place_worked_out_hint(&hint), Ok(outcome));
    assert_eq!((hint.cell, hint.digit), (placed.cell, placed.digit));
    assert_eq!((s.game().grid(), s.hints()), (t.game().grid(), t.hints()));
    // A hint for a given cell (a board that changed under it) is refused.
    let given = Cell::all().find(|&c| s.game().is_given(c)).unwrap();
    let wrong = Hint {
        cell: given,
        ..hint
    };
    assert!(s.place_worked_out_hint(&wrong).is_err());
    assert_eq!(s.hints(), 1, "a refused hint is not counted");
}

#[test]
fn hints_and_mistake_checks_are_counted() {
    let mut s = session();
    s.place(cell("1c"), d(9)).unwrap();
    s.place(cell("1d"), d(6)).unwrap();
    assert_eq!(s.mistakes(), [cell("1c")]);
    assert_eq!((s.hints(), s.mistakes_shown()), (1, 1));
    let (hint, outcome) = s.place_hint().unwrap();
    assert_eq!(
        (hint.cell, hint.digit, outcome),
        (cell("1c"), d(4), Outcome::Legal)
    );
    assert!(hint.replaces_wrong_digit);
    assert_eq!(s.mistakes(), Vec::<Cell>::new(), "a check that finds none");
    assert_eq!((s.hints(), s.mistakes_shown()), (3, 2));
    while s.place_hint().is_some() {}
    assert!(s.is_solved());
    let hints = s.hints();
    assert_eq!(s.place_hint(), None);
    assert_eq!(s.hints(), hints, "no hint on a solved board");
    assert_eq!(s.progress().filled, s.progress().to_fill);
}

#[test]
fn time_is_given_in_and_capped() {
    let mut s = session();
    s.add_time(Duration::from_millis(1500));
    s.add_time(Duration::from_millis(600));
    assert_eq!(s.time(), Duration::from_millis(2100));
    s.add_time(Duration::MAX);
    assert_eq!(s.time(), MAX_TIME);
    s.add_time(Duration::from_secs(1));
    assert_eq!(s.time(), MAX_TIME);
}

#[test]
fn progress_names_and_levels() {
    let mut s = Session::new(
        PUZZLE.parse().unwrap(),
        format!("a\nb{}", "x".repeat(MAX_NAME)),
        Origin::Random(RandomPuzzle::new(Level::Hard, 3)),
    )
    .unwrap();
    assert!(s.name().starts_with("a bx") && s.name().chars().count() == MAX_NAME);
    assert_eq!(s.level(), Some(Level::Hard), "the generator's");
    s.set_level(Some(Level::Easy));
    assert_eq!(s.level(), Some(Level::Easy));
    assert_eq!(
        s.progress(),
        Progress {
            filled: 0,
            to_fill: 51
        }
    );
    assert!(!s.has_progress());
    s.toggle_mark(cell("1c"), d(1)).unwrap();
    assert!(s.has_progress(), "marks are worth keeping");
    s.place(cell("1c"), d(1)).unwrap();
    assert_eq!(s.progress().to_string(), "1/51");
}

/// One thing a player can do.
#[derive(Clone, Debug)]
enum Op {
    Enter(usize, u8),
    Undo,
    Redo,
    Mark(usize, u8),
    Auto(bool),
    Time(u64),
    Hint,
    Mistakes,
    Paint(usize, u8, Option<usize>),
    ClearColours,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0usize..81, 0u8..10).prop_map(|(c, v)| Op::Enter(c, v)),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        3 => (0usize..81, 1u8..10).prop_map(|(c, v)| Op::Mark(c, v)),
        1 => any::<bool>().prop_map(Op::Auto),
        1 => (0u64..10_000_000).prop_map(Op::Time),
        1 => Just(Op::Hint),
        1 => Just(Op::Mistakes),
        4 => (0usize..81, 0u8..10, proptest::option::of(0usize..6))
            .prop_map(|(c, v, colour)| Op::Paint(c, v, colour)),
        1 => Just(Op::ClearColours),
    ]
}

fn play(ops: &[Op]) -> Session {
    let mut s = session();
    for op in ops {
        let cell = |i: usize| Cell::new(i).unwrap();
        match *op {
            Op::Enter(c, v) => {
                let _ = s.enter(cell(c), v);
            }
            Op::Undo => {
                let _ = s.undo();
            }
            Op::Redo => {
                let _ = s.redo();
            }
            Op::Mark(c, v) => {
                let _ = s.toggle_mark(cell(c), d(v));
            }
            Op::Auto(on) => s.set_auto(on),
            Op::Time(ms) => s.add_time(Duration::from_millis(ms)),
            Op::Hint => {
                let _ = s.place_hint();
            }
            Op::Mistakes => {
                let _ = s.mistakes();
            }
            Op::Paint(c, v, colour) => {
                let target = match v {
                    0 => Target::Cell(cell(c)),
                    v => Target::Candidate(cell(c), d(v)),
                };
                let _ = s.paint(target, colour.map(|i| Colour::ALL[i]));
            }
            Op::ClearColours => {
                s.clear_colours();
            }
        }
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any play saved and loaded is the same session, and its history
    /// works the same: undo all the way back, then redo all the way on.
    #[test]
    fn any_play_saves_and_loads_as_it_was(ops in proptest::collection::vec(op(), 0..60)) {
        let mut played = play(&ops);
        let text = save::to_string(&played, None);
        let loaded = save::parse(&text).unwrap();
        prop_assert_eq!(&loaded.ignored, &Vec::new());
        prop_assert_eq!(loaded.version, 2);
        let mut resumed = loaded.session;
        prop_assert_eq!(&resumed, &played);
        prop_assert_eq!(save::to_string(&resumed, None), text);
        while let Ok(mv) = played.undo() {
            prop_assert_eq!(resumed.undo(), Ok(mv));
            prop_assert_eq!(resumed.game().grid(), played.game().grid());
            prop_assert_eq!(resumed.colours(), played.colours());
        }
        prop_assert!(resumed.undo().is_err());
        prop_assert_eq!(resumed.game().grid(), resumed.game().puzzle());
        prop_assert!(resumed.colours().is_empty(), "undo takes every colouring back");
        while let Ok(mv) = played.redo() {
            prop_assert_eq!(resumed.redo(), Ok(mv));
        }
        prop_assert!(resumed.redo().is_err());
        prop_assert_eq!(&resumed, &played);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any name and origin a frontend gives is kept in a form that saves
    /// and loads back unchanged.
    #[test]
    fn any_name_and_origin_save_and_load(
        name in any::<String>(),
        path in any::<String>(),
        line in any::<usize>(),
        kind in 0u8..3,
        seed in any::<u64>(),
    ) {
        let origin = match kind {
            0 => Origin::File { path, line },
            1 => Origin::Builtin { name: path },
            _ => Origin::Random(RandomPuzzle::new(Level::Expert, seed)),
        };
        let s = Session::new(PUZZLE.parse().unwrap(), name, origin).unwrap();
        let loaded = save::parse(&save::to_string(&s, None)).unwrap();
        prop_assert_eq!(loaded.ignored, Vec::new());
        prop_assert_eq!(loaded.session, s);
    }
}

#[test]
fn time_reads_as_a_clock() {
    assert_eq!(clock_text(Duration::ZERO), "00:00");
    assert_eq!(clock_text(Duration::from_millis(192_999)), "03:12");
    assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    assert_eq!(clock_text(Duration::from_secs(9999 * 3600)), "9999:00:00");
}
