//! The built-in puzzles: the `sudoku*.txt` files of `puzzles/`, embedded in
//! the library so the games work from any directory.

use crate::error::ParseError;
use crate::grid::Grid;

/// One built-in puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// The file name, as in `puzzles/`.
    pub name: &'static str,
    /// The file's text (the 9-line form).
    pub text: &'static str,
}

impl Builtin {
    /// The puzzle.
    pub fn grid(&self) -> Result<Grid, ParseError> {
        self.text.parse()
    }
}

/// Every built-in puzzle, easiest first.
///
/// ```
/// let first = &sudoku_core::builtin::PUZZLES[0];
/// assert!(first.name.starts_with("sudoku"));
/// assert!(first.grid().unwrap().givens() >= 17);
/// ```
pub const PUZZLES: &[Builtin] = &[
    Builtin {
        name: "sudoku01-easy.txt",
        text: include_str!("../puzzles/sudoku01-easy.txt"),
    },
    Builtin {
        name: "sudoku02-easy.txt",
        text: include_str!("../puzzles/sudoku02-easy.txt"),
    },
    Builtin {
        name: "sudoku03-easy.txt",
        text: include_str!("../puzzles/sudoku03-easy.txt"),
    },
    Builtin {
        name: "sudoku04-medium.txt",
        text: include_str!("../puzzles/sudoku04-medium.txt"),
    },
    Builtin {
        name: "sudoku05-medium.txt",
        text: include_str!("../puzzles/sudoku05-medium.txt"),
    },
    Builtin {
        name: "sudoku06-hard.txt",
        text: include_str!("../puzzles/sudoku06-hard.txt"),
    },
    Builtin {
        name: "sudoku07-hard.txt",
        text: include_str!("../puzzles/sudoku07-hard.txt"),
    },
    Builtin {
        name: "sudoku08-ai-escargot.txt",
        text: include_str!("../puzzles/sudoku08-ai-escargot.txt"),
    },
    Builtin {
        name: "sudoku09-inkala-2012.txt",
        text: include_str!("../puzzles/sudoku09-inkala-2012.txt"),
    },
    Builtin {
        name: "sudoku10-easter-monster.txt",
        text: include_str!("../puzzles/sudoku10-easter-monster.txt"),
    },
    Builtin {
        name: "sudoku11-golden-nugget.txt",
        text: include_str!("../puzzles/sudoku11-golden-nugget.txt"),
    },
    Builtin {
        name: "sudoku12-tarek.txt",
        text: include_str!("../puzzles/sudoku12-tarek.txt"),
    },
    Builtin {
        name: "sudoku13-coloin.txt",
        text: include_str!("../puzzles/sudoku13-coloin.txt"),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_puzzles_match_the_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        for builtin in PUZZLES {
            let on_disk = std::fs::read_to_string(dir.join(builtin.name)).unwrap();
            assert_eq!(builtin.text, on_disk);
            assert!(builtin.grid().is_ok(), "{}", builtin.name);
        }
        assert!(PUZZLES.len() >= 12);
    }
}
