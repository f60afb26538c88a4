//! Malformed texts each give the right error, with line and column, and
//! never panic.

use sudoku_core::{parse_many, Grid, ParseErrorKind, PuzzleReader};

const LINE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// A name, the bytes, and the error expected: its kind, line and column.
type Case = (
    &'static str,
    Vec<u8>,
    ParseErrorKind,
    Option<usize>,
    Option<usize>,
);

#[test]
fn each_malformed_text_gives_its_error() {
    let grid_rows: String = LINE.parse::<Grid>().unwrap().to_rows();
    let cases: Vec<Case> = vec![
        ("empty", b"".to_vec(), ParseErrorKind::Empty, None, None),
        (
            "only blank lines",
            b"\n\n  \n".to_vec(),
            ParseErrorKind::Empty,
            None,
            None,
        ),
        (
            "80 cells",
            LINE.as_bytes()[..80].to_vec(),
            ParseErrorKind::CellCount(80),
            Some(1),
            None,
        ),
        (
            "82 cells",
            format!("{LINE}.").into_bytes(),
            ParseErrorKind::CellCount(82),
            Some(1),
            None,
        ),
        (
            "a letter",
            LINE.replacen('.', "x", 1).into_bytes(),
            ParseErrorKind::BadChar("'x'".into()),
            Some(1),
            Some(2),
        ),
        (
            "ten rows",
            format!("{grid_rows}1 2 3 4 5 6 7 8 9\n").into_bytes(),
            ParseErrorKind::TenthRow,
            Some(10),
            None,
        ),
        (
            "eight rows",
            grid_rows
                .lines()
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
            ParseErrorKind::ShortGrid(8),
            Some(1),
            None,
        ),
        (
            "a short row",
            grid_rows.replacen("0 0 0 0 0", "0 0 0 0", 1).into_bytes(),
            ParseErrorKind::CellCount(8),
            Some(3),
            None,
        ),
        (
            "binary bytes",
            vec![0x00, 0x01, 0xff, 0x7f, b'\n'],
            ParseErrorKind::BadChar("byte 0x00".into()),
            Some(1),
            Some(1),
        ),
        (
            "a 10 MB line",
            vec![b'1'; 10 * 1024 * 1024],
            ParseErrorKind::LineTooLong(4096),
            Some(1),
            None,
        ),
        (
            "two puzzles",
            format!("{LINE}\n{LINE}\n").into_bytes(),
            ParseErrorKind::ExtraPuzzle,
            Some(2),
            None,
        ),
    ];
    for (name, bytes, kind, line, column) in cases {
        let text = String::from_utf8_lossy(&bytes);
        let err = text.parse::<Grid>().expect_err(name);
        assert_eq!(err.kind(), &kind, "{name}");
        assert_eq!((err.line(), err.column()), (line, column), "{name}: {err}");
        // The streaming reader finds the same error in the raw bytes.
        if !matches!(kind, ParseErrorKind::Empty | ParseErrorKind::ExtraPuzzle) {
            let found = PuzzleReader::new(&bytes[..])
                .find_map(Result::err)
                .expect(name);
            assert_eq!(found.kind(), &kind, "{name} (bytes)");
        }
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..200 {
        let len = (state % 3000) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Mostly puzzle characters, sometimes anything.
                match state % 8 {
                    0 => (state >> 8) as u8,
                    1 => b'\n',
                    2 => b'.',
                    _ => b'0' + (state >> 16) as u8 % 10,
                }
            })
            .collect();
        for record in PuzzleReader::new(&bytes[..]).flatten() {
            assert!(record.line >= 1);
        }
        let _ = parse_many(&String::from_utf8_lossy(&bytes));
    }
}
