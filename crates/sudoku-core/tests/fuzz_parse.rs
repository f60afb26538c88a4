//! Fuzzing the puzzle reader with proptest: texts built from the pieces
//! real files are made of (one-line puzzles, grid rows, rulers, comments,
//! section headers, byte order marks, CR line ends) and from hostile bytes
//! (controls, zero bytes, invalid UTF-8, overlong lines), then mutated. It
//! runs in every `cargo test` for a bounded number of cases.

use proptest::prelude::*;
use sudoku_core::{parse_many, PuzzleReader};

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// One line's worth of bytes, without its end.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(PUZZLE.as_bytes().to_vec()),
        Just(format!("{PUZZLE} # rated 9.0").into_bytes()),
        Just(b"4.3 .6. ..1".to_vec()),
        Just(b"123456789".to_vec()),
        Just(b"------+-------+------".to_vec()),
        Just(b"# a comment".to_vec()),
        Just(b"[Puzzle]".to_vec()),
        Just(b"[State]".to_vec()),
        Just(b"[set 1]".to_vec()),
        Just(Vec::new()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\x1b]2;title\x07\x1b[2J".to_vec()),
        Just(vec![0u8; 3]),
        Just(vec![b'5'; 5000]),
        proptest::collection::vec(any::<u8>(), 0..120),
    ]
}

/// A text of pieces joined by `\n` or `\r\n`, with a few bytes flipped.
fn text() -> impl Strategy<Value = Vec<u8>> {
    (
        proptest::collection::vec((piece(), any::<bool>()), 0..40),
        proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    )
        .prop_map(|(pieces, flips)| {
            let mut bytes = b"# fuzz\n".to_vec();
            for (piece, crlf) in pieces {
                bytes.extend_from_slice(&piece);
                bytes.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
            for (at, byte) in flips {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
            bytes
        })
}

/// `default` cases, or `PROPTEST_CASES` for a longer run.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    /// Whatever the bytes: no panic, lines in range and in order, messages
    /// free of control characters, and a puzzle after a blank line at the
    /// end is always read (no bad or odd line hides what follows it).
    #[test]
    fn the_reader_survives_anything_and_hides_nothing(mut bytes in text()) {
        let lines = bytes.split(|&b| b == b'\n').count();
        let mut last_line = 0;
        for result in PuzzleReader::new(&bytes[..]) {
            let line = match &result {
                Ok(record) => Some(record.line),
                Err(e) => e.line(),
            };
            if let Some(line) = line {
                prop_assert!(line >= 1 && line <= lines + 1, "line {} of {}", line, lines);
                last_line = last_line.max(line);
            }
            if let Err(e) = result {
                let message = e.to_string();
                prop_assert!(!message.chars().any(char::is_control), "{:?}", message);
            }
        }
        bytes.extend_from_slice(format!("\n\n{PUZZLE}\n").as_bytes());
        let last = PuzzleReader::new(&bytes[..]).last().expect("a record");
        prop_assert_eq!(last.expect("the final puzzle is read").grid.to_line(), PUZZLE);
        let _ = parse_many(&String::from_utf8_lossy(&bytes));
    }
}
