use std::time::{Duration, UNIX_EPOCH};

use proptest::prelude::*;

use super::*;
use crate::fixtures::{cell, PUZZLE};
use crate::session::MAX_COUNT;
use crate::session::{Colour, Step, Target};

/// The session of the example in the module's documentation and in
/// `docs/formats.md`.
fn example() -> Session {
    let mut s = Session::new(
        PUZZLE.parse().unwrap(),
        "sudoku01-easy.txt",
        Origin::Builtin {
            name: "sudoku01-easy.txt".to_string(),
        },
    )
    .unwrap();
    let paint = |s: &mut Session, name: &str, colour| {
        let target = match name.len() {
            2 => Target::Cell(cell(name)),
            _ => Target::Candidate(
                cell(&name[..2]),
                Digit::new(name.as_bytes()[2] - b'0').unwrap(),
            ),
        };
        assert_eq!(s.paint(target, Some(colour)), Ok(true));
    };
    s.enter(cell("1c"), 4).unwrap();
    paint(&mut s, "1d", Colour::A);
    s.enter(cell("2c"), 7).unwrap();
    s.enter(cell("2c"), 2).unwrap();
    paint(&mut s, "1d6", Colour::B);
    s.enter(cell("1c"), 0).unwrap();
    s.enter(cell("1c"), 4).unwrap();
    paint(&mut s, "1d2", Colour::C);
    s.enter(cell("2c"), 0).unwrap();
    assert!(matches!(s.undo(), Ok(Step::Move(_))));
    assert!(matches!(s.undo(), Ok(Step::Paint(_))));
    s.toggle_mark(cell("1d"), Digit::new(2).unwrap()).unwrap();
    s.toggle_mark(cell("1d"), Digit::new(6).unwrap()).unwrap();
    s.set_marks(
        cell("2b"),
        [4, 7].into_iter().filter_map(Digit::new).collect(),
    );
    s.set_level(Some(Level::Easy));
    s.add_time(Duration::from_millis(192_350));
    s.hints = 1;
    s
}

const EXAMPLE: &str = "sudoku save 2
name: sudoku01-easy.txt
puzzle: 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
origin: builtin sudoku01-easy.txt
level: easy
saved: 1718000000
time: 192.350
moves: 6
hints: 1
mistakes: 0
candidates: off
marks: 1d=26 2b=47
grid: 534.7....6.2195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
done: 1c4 2c7 2c2 1c0 1c4
undone: 2c0
colours: 1d=a 1d6=b
colour-done: 1@1d:.a 3@1d6:.b
colour-undone: 5@1d2:.c
";

/// The example as the version before colouring wrote it: without its
/// colour lines.
fn example_without_colours() -> String {
    EXAMPLE
        .lines()
        .filter(|line| !line.starts_with("colour"))
        .map(|line| format!("{line}\n"))
        .collect()
}

fn load(text: &str) -> Loaded {
    parse(text).unwrap_or_else(|err| panic!("{err}\n{text}"))
}

fn messages(loaded: &Loaded) -> Vec<String> {
    loaded.ignored.iter().map(ToString::to_string).collect()
}

#[test]
fn the_documented_example_is_what_is_written() {
    let at = UNIX_EPOCH + Duration::from_secs(1_718_000_000);
    let text = to_string(&example(), Some(at));
    assert_eq!(text, EXAMPLE);
    let loaded = load(&text);
    assert_eq!((loaded.saved_at, loaded.version), (Some(at), 2));
    assert_eq!(loaded.session, example());
    let mut out = Vec::new();
    write(&example(), Some(at), &mut out).unwrap();
    assert_eq!(out, EXAMPLE.as_bytes());
    assert_eq!(read(EXAMPLE.as_bytes()).unwrap().session, example());
}

#[test]
fn the_history_survives_the_round_trip() {
    let mut s = load(EXAMPLE).session;
    assert_eq!(s.game().history().undo_len(), 5);
    assert!(matches!(s.redo(), Ok(Step::Paint(p)) if p.to_string() == "1d2=c"));
    assert!(
        matches!(s.redo(), Ok(Step::Move(mv)) if mv.after.is_none()),
        "redo: 2c0"
    );
    assert_eq!(s.colours().to_string(), "1d=a 1d2=c 1d6=b");
    let mut undone = Vec::new();
    while let Ok(step) = s.undo() {
        undone.push(match step {
            Step::Move(mv) => format!("{}{}", mv.cell, mv.after.map_or(0, Digit::get)),
            Step::Paint(p) => p.to_string(),
        });
    }
    assert_eq!(
        undone.join(" "),
        "2c0 1d2=c 1c4 1c0 1d6=b 2c2 2c7 1d=a 1c4",
        "moves and colourings come back off in the order they were made"
    );
    assert_eq!(s.game().grid(), s.game().puzzle());
    assert!(s.colours().is_empty());
    assert_eq!(s.moves(), 6, "undo is not a move");
}

#[test]
fn a_save_without_colours_still_reads() {
    let text = example_without_colours();
    assert!(!text.contains("colour"));
    let loaded = load(&text);
    assert!(loaded.ignored.is_empty());
    let s = loaded.session;
    assert!(s.colours().is_empty());
    assert_eq!(s.game().grid(), example().game().grid());
    assert_eq!(s.game().history(), example().game().history());
    assert_eq!(
        to_string(&s, Some(UNIX_EPOCH + Duration::from_secs(1_718_000_000))),
        text
    );
}

#[test]
fn bad_colours_are_left_out_and_reported_by_line() {
    let text = EXAMPLE
        .replace("colours: 1d=a 1d6=b", "colours: 1d=a 1d6=z 9x=b 1d0=a 2b=c")
        .replace(
            "colour-done: 1@1d:.a 3@1d6:.b",
            "colour-done: 1@1d:.a 3@1d6:bb 4@1d7:.c",
        )
        .replace("colour-undone: 5@1d2:.c", "colour-undone: x@1d2:.c");
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded),
        [
            "line 16: colours: expected CELL=COLOUR like 5c=a or 5c7=b, found '1d6=z'",
            "line 16: colours: expected CELL=COLOUR like 5c=a or 5c7=b, found '9x=b'",
            "line 16: colours: expected CELL=COLOUR like 5c=a or 5c7=b, found '1d0=a'",
            "line 17: colour-done: colouring 2, '3@1d6:bb': expected moves@CELL:BEFOREAFTER like 3@5c7:.a (2 colourings left out from here)",
            "line 18: colour-undone: colouring 1, 'x@1d2:.c': expected moves@CELL:BEFOREAFTER like 3@5c7:.a (1 colourings left out from here)",
        ]
    );
    let mut s = loaded.session;
    assert_eq!(s.colours().to_string(), "1d=a 2b=c");
    assert!(
        s.redo().is_ok_and(|step| matches!(step, Step::Move(_))),
        "no colouring to redo"
    );
}

#[test]
fn colour_history_counts_are_kept_in_range() {
    let text = EXAMPLE.replace(
        "colour-done: 1@1d:.a 3@1d6:.b",
        "colour-done: 1@1d:.a 99999999999999999999@1d6:.b",
    );
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded).len(),
        1,
        "a count too large to read is not a count"
    );
    let text = EXAMPLE.replace(
        "colour-done: 1@1d:.a 3@1d6:.b",
        "colour-done: 1@1d:.a 40@1d6:.b",
    );
    let mut s = load(&text).session;
    assert!(
        matches!(s.undo(), Ok(Step::Paint(p)) if p.at == 5),
        "lowered to the moves in effect"
    );
}

#[test]
fn automatic_candidates_and_strikes_are_saved() {
    let mut s = example();
    s.set_auto(true);
    s.toggle_mark(cell("1d"), Digit::new(6).unwrap()).unwrap();
    let text = to_string(&s, None);
    assert!(text.contains("candidates: on\nmarks: 1d=26 2b=47\nstruck: 1d=6\n"));
    assert!(!text.contains("saved:"));
    assert_eq!(load(&text).session, s);
    let off = text.replace("candidates: on", "candidates: off");
    let off = load(&off).session;
    assert!(!off.pencil().is_auto());
    assert!(
        off.pencil().struck(cell("1d")).is_empty(),
        "strikes only count with candidates on"
    );
}

/// A previous-release save, as its writer wrote it (tests/data holds
/// files of the real release).
const V1: &str = "sudoku-tui save 1
name: random hard #77
puzzle: 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
grid: 534.7....62.195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
elapsed: 192
moves: 9
hints: 1
random: hard 77
candidates: on
marks: 1d=26
struck: 1d=6
";

#[test]
fn previous_release_saves_load_with_their_entries_as_moves() {
    let loaded = load(V1);
    assert_eq!((loaded.version, loaded.saved_at), (1, None));
    assert_eq!(loaded.ignored, []);
    let mut s = loaded.session;
    assert_eq!(
        s.origin(),
        &Origin::Random(RandomPuzzle::new(Level::Hard, 77))
    );
    assert_eq!(
        (s.time(), s.moves(), s.hints()),
        (Duration::from_secs(192), 9, 1)
    );
    assert_eq!(s.game().grid().to_string(), V1.lines().nth(3).unwrap()[6..]);
    assert!(s.pencil().is_auto());
    assert_eq!(s.pencil().struck(cell("1d")).to_string(), "6");
    let done: Vec<String> = s
        .game()
        .history()
        .done()
        .iter()
        .map(|m| m.cell.name())
        .collect();
    assert_eq!(done, ["1c", "2b"], "entries in cell order");
    s.undo().unwrap();
    s.undo().unwrap();
    assert_eq!(s.game().grid(), s.game().puzzle());
    assert_eq!(s.moves(), 9, "the count the save kept");
    let again = load(&to_string(&s, None)).session;
    assert_eq!(again, s, "saved as version 2 it is the same session");
    let oldest: String = V1
        .lines()
        .filter(|l| {
            !["random", "candidates", "marks", "struck"]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let s = load(&oldest).session;
    assert_eq!(
        (s.origin(), s.pencil().has_notes()),
        (&Origin::Unknown, false)
    );
}

#[test]
fn broken_saves_are_refused_naming_the_line() {
    let cases = [
        ("garbage", "line 1: expected the header 'sudoku save 2' (or 'sudoku-tui save 1'), found 'garbage'"),
        ("", "line 1: expected the header 'sudoku save 2' (or 'sudoku-tui save 1'), found ''"),
        ("time: 192.350", "the field 'time' is missing"),
        ("moves: 6", "line 8: expected 'key: value', found 'moves 6'"),
        ("time: 192.350", "line 7: time: expected seconds like 192 or 192.350, found '3 min'"),
        ("time: 192.350", "line 7: time: expected seconds like 192 or 192.350, found '1.2345'"),
        ("hints: 1", "line 9: hints: expected a whole number, found '-1'"),
        ("mistakes: 0", "line 10: mistakes: expected a whole number, found '+2'"),
        ("puzzle: 53", "line 3: puzzle: line 1, column 2: expected a digit, '.', '0' or '_', found 'x'"),
        ("puzzle: 53", "line 3: puzzle: there are 2 conflicts in the puzzle: row 1 has two 5s, box 1 has two 5s"),
    ];
    let replacements = [
        ("sudoku save 2\n", "garbage\n"),
        ("sudoku save 2\n", "\n"),
        ("time: 192.350\n", ""),
        ("moves: 6", "moves 6"),
        ("time: 192.350", "time: 3 min"),
        ("time: 192.350", "time: 1.2345"),
        ("hints: 1", "hints: -1"),
        ("mistakes: 0", "mistakes: +2"),
        ("puzzle: 53", "puzzle: 5x"),
        ("puzzle: 53", "puzzle: 55"),
    ];
    for ((_, want), (from, to)) in cases.iter().zip(replacements) {
        let text = EXAMPLE.replacen(from, to, 1);
        assert_eq!(parse(&text).unwrap_err().to_string(), *want, "{to}");
    }
    let v1 = V1.replace("grid: 5", "grid: 6");
    assert_eq!(
        parse(&v1).unwrap_err().to_string(),
        "line 4: grid: found '6' in 1a, where the puzzle gives 5"
    );
    let v1 = V1.replace("grid: 53", "grid: 5.");
    assert_eq!(
        parse(&v1).unwrap_err().to_string(),
        "line 4: grid: found '.' in 1b, where the puzzle gives 3"
    );
    for bad in [
        "time: ",
        "time: .5",
        "time: 5.",
        "time: 1e3",
        "time: 0x10",
        "time: ５",
    ] {
        assert!(
            parse(&EXAMPLE.replace("time: 192.350", bad)).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn a_move_that_does_not_replay_truncates_the_history_there() {
    let text = EXAMPLE.replace("done: 1c4 2c7 2c2 1c0 1c4", "done: 1c4 2c7 1a9 1c0 1c4");
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded),
        [
            "line 13: grid: found '2' in 2c, where the moves give '7' (using the moves)",
            "line 14: done: move 3, '1a9': 1a is a given (4 moves left out from here)",
        ]
    );
    let s = loaded.session;
    assert_eq!(s.game().history().done().len(), 2);
    assert_eq!(
        s.game().history().redo_len(),
        0,
        "undone moves follow the done ones"
    );
    assert_eq!(
        s.game().grid().get(cell("2c")),
        Digit::new(7),
        "the board is the moves'"
    );
    assert_eq!(s.moves(), 6, "the count is kept");

    let cases = [
        ("done: 1c4 2c7 2c2 1c0 1c4", "done: 1c4 2c7 2c2 1c0 zz", "line 14: done: move 5, 'zz': expected a cell and a digit like 5c6 (5c0 blanks) (2 moves left out from here)"),
        ("done: 1c4 2c7 2c2 1c0 1c4", "done: 1c4 2c7 2c2 1c0 1c0", "line 14: done: move 5, '1c0': 1c holds that already (2 moves left out from here)"),
        ("undone: 2c0", "undone: 2c0 2c0", "line 15: undone: move 2, '2c0': 2c holds that already (1 moves left out from here)"),
        ("undone: 2c0", "undone: 2ć0", "line 15: undone: move 1, '2ć0': expected a cell and a digit like 5c6 (5c0 blanks) (1 moves left out from here)"),
    ];
    for (from, to, want) in cases {
        let loaded = load(&EXAMPLE.replace(from, to));
        let found = messages(&loaded);
        assert!(found.contains(&want.to_string()), "{found:?}");
        let s = loaded.session;
        let mut replayed = Game::new(*s.game().puzzle()).unwrap();
        for mv in s.game().history().done() {
            replayed.set(mv.cell, mv.after).unwrap();
        }
        assert_eq!(
            replayed.grid(),
            s.game().grid(),
            "the board is what the kept moves give"
        );
    }
}

#[test]
fn a_grid_that_is_not_the_moves_board_is_reported() {
    let text = EXAMPLE.replace("grid: 534.7", "grid: 539.7");
    assert_eq!(
        messages(&load(&text)),
        ["line 13: grid: found '9' in 1c, where the moves give '4' (using the moves)"]
    );
    let text = EXAMPLE.replace("grid: 534.7", "grid: x34.7");
    let found = messages(&load(&text));
    assert!(
        found[0].starts_with("line 13: grid: line 1, column 1: expected a digit"),
        "{found:?}"
    );
    let without = EXAMPLE.replace(
        "grid: 534.7....6.2195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        "",
    );
    assert_eq!(
        load(&without).session,
        example(),
        "the grid line is optional"
    );
}

#[test]
fn optional_parts_that_cannot_be_read_are_left_out_and_reported() {
    let text = EXAMPLE
        .replace("origin: builtin sudoku01-easy.txt", "origin: shop 4")
        .replace("level: easy", "level: tricky")
        .replace("saved: 1718000000", "saved: yesterday")
        .replace("candidates: off", "candidates: maybe")
        .replace("marks: 1d=26 2b=47", "marks: 1d=26 2b=4x 1a=")
        .replace("mistakes: 0", "mistakes: 1000000")
        + "future: keys are skipped\n\n";
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded),
        [
            "line 4: origin: expected 'file LINE PATH', 'random LEVEL SEED', 'builtin NAME', \
             'text' or 'unknown', found 'shop 4'",
            "line 5: level: unknown level \"tricky\", expected easy, medium, hard, expert or extreme",
            "line 6: saved: expected seconds since 1970 up to 253402300799, found 'yesterday'",
            "line 10: mistakes: expected at most 999999, found '1000000' (using 999999)",
            "line 11: candidates: expected on or off, found 'maybe'",
            "line 12: marks: expected CELL=DIGITS like 1b=58, found '2b=4x'",
            "line 12: marks: expected CELL=DIGITS like 1b=58, found '1a='",
        ]
    );
    let s = &loaded.session;
    assert_eq!(
        (s.origin(), s.level(), loaded.saved_at),
        (&Origin::Unknown, None, None)
    );
    assert_eq!(s.mistakes_shown(), MAX_COUNT);
    assert_eq!(s.pencil().marks(cell("1d")).to_string(), "26");
    assert!(s.pencil().marks(cell("2b")).is_empty());
    assert_eq!(
        s.game().history(),
        example().game().history(),
        "the rest loads"
    );
}

#[test]
fn out_of_range_values_are_replaced_by_the_limits() {
    let long = "n".repeat(MAX_NAME + 5);
    let text = EXAMPLE
        .replace("name: sudoku01-easy.txt", &format!("name: {long}"))
        .replace("time: 192.350", "time: 18446744073709551615.999")
        .replace("moves: 6", "moves: 99999999999999999999999")
        .replace("hints: 1", "hints: 1000000");
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded),
        [
            format!("line 2: name: longer than 200 characters, cut: '{}'", "n".repeat(40)),
            "line 7: time: expected at most 35996400, found '18446744073709551615.999' (using 35996400)".to_string(),
            "line 8: moves: expected at most 999999, found '99999999999999999999999' (using 999999)".to_string(),
            "line 9: hints: expected at most 999999, found '1000000' (using 999999)".to_string(),
        ]
    );
    let s = loaded.session;
    assert_eq!(
        (s.time(), s.moves(), s.hints()),
        (MAX_TIME, MAX_COUNT, MAX_COUNT)
    );
    assert_eq!(s.name(), "n".repeat(MAX_NAME));
    let again = load(&to_string(&s, None));
    assert_eq!(
        (&again.session, again.ignored.len()),
        (&s, 0),
        "the limits themselves load"
    );
}

#[test]
fn a_history_longer_than_the_limit_is_cut() {
    let moves = vec!["1c4 1c0"; MAX_HISTORY / 2 + 2].join(" ");
    let text = EXAMPLE
        .replace("done: 1c4 2c7 2c2 1c0 1c4", &format!("done: {moves}"))
        .replace("grid: 534.7....6.2195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", "");
    let loaded = load(&text);
    assert_eq!(
        messages(&loaded),
        ["line 13: done: more than 100000 moves in the history (5 left out)"]
    );
    assert_eq!(loaded.session.game().history().undo_len(), MAX_HISTORY);
}

#[test]
fn reading_stops_at_the_size_limit() {
    let mut text = EXAMPLE.to_string();
    text.push_str(&"x: y\n".repeat(MAX_SAVE_BYTES as usize / 5 + 1));
    assert_eq!(
        read(text.as_bytes()).unwrap_err().to_string(),
        "larger than 1048576 bytes"
    );
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    assert_eq!(
        read(Broken).unwrap_err().to_string(),
        "cannot read: disk on fire"
    );
    let mut bytes = EXAMPLE.as_bytes().to_vec();
    bytes.extend_from_slice(b"note: \xff\xfe\n");
    assert_eq!(
        read(&bytes[..]).unwrap().session,
        example(),
        "non-UTF-8 bytes are no crash"
    );
}

/// Loading `text` never panics; a session it loads is in range, keeps the
/// givens, is what its kept moves give, and saves and loads back as it is.
fn check_loads_in_range(text: &str) {
    let Ok(loaded) = parse(text) else {
        return;
    };
    let s = &loaded.session;
    assert!(s.time() <= MAX_TIME);
    assert!(s.moves() <= MAX_COUNT && s.hints() <= MAX_COUNT && s.mistakes_shown() <= MAX_COUNT);
    assert!(s.name().chars().count() <= MAX_NAME && !s.name().contains(['\n', '\r']));
    let history = s.game().history();
    assert!(history.undo_len() + history.redo_len() <= MAX_HISTORY);
    for cell in Cell::all() {
        if let Some(given) = s.game().puzzle().get(cell) {
            assert_eq!(s.game().grid().get(cell), Some(given));
        }
    }
    let again = parse(&to_string(s, loaded.saved_at)).expect("a loaded session saves");
    assert_eq!(&again.session, s, "saved and loaded again");
    assert_eq!(again.ignored, []);
    assert_eq!(again.saved_at, loaded.saved_at);
}

/// The example with line `line` changed by `edit` (0: the value replaced
/// by `value`, 1: the line removed, 2: `value` inserted as a line, 3: the
/// line doubled).
fn mutated(base: &str, line: usize, edit: u8, value: &str) -> String {
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    let i = line % lines.len();
    match edit % 4 {
        0 => {
            let key = lines[i].split_once(": ").map_or("", |(k, _)| k).to_string();
            lines[i] = format!("{key}: {value}");
        }
        1 => {
            lines.remove(i);
        }
        2 => lines.insert(i, value.to_string()),
        _ => lines.insert(i, lines[i].clone()),
    }
    lines.join("\n") + "\n"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_load_in_range_or_not_at_all(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_loads_in_range(&String::from_utf8_lossy(&bytes));
        for header in [HEADER, HEADER_V1] {
            let text = [header.as_bytes(), b"\n", &bytes].concat();
            check_loads_in_range(&String::from_utf8_lossy(&text));
        }
    }

    #[test]
    fn mutated_saves_load_in_range_or_not_at_all(
        v1 in any::<bool>(),
        line in 0usize..16,
        edit in 0u8..4,
        value in prop_oneof![
            "[0-9.]{0,25}",
            "[1-9a-i=. ]{0,30}",
            "([1-9][a-i][0-9.] ?){0,12}",
            "(on|off|easy|hard|file|random|builtin|text|[0-9]| |=|1b|9i|\\.)*",
            any::<String>(),
        ],
    ) {
        check_loads_in_range(&mutated(if v1 { V1 } else { EXAMPLE }, line, edit, &value));
    }
}
