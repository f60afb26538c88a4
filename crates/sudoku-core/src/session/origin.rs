//! Where a puzzle came from: a file and the line it starts on, the
//! generator's level and seed, a built-in puzzle, or typed-in text.
//!
//! A save keeps it on its `origin` line, so a frontend can offer the next
//! puzzle of the same file or level after a resumed game.

use std::fmt;

use crate::generator::RandomPuzzle;

/// The longest path an [`Origin::File`] keeps, in characters. A save with a
/// longer one loads without its origin.
pub const MAX_PATH: usize = 4096;

/// The largest line number an [`Origin::File`] may name.
pub const MAX_LINE: usize = 999_999_999;

/// Where a puzzle came from.
///
/// Its [`Display`](fmt::Display) is how a save's `origin` line reads it
/// (see `docs/formats.md`):
///
/// ```
/// use sudoku_core::session::Origin;
/// use sudoku_core::{Level, RandomPuzzle};
/// let file = Origin::File { path: "my puzzles.txt".to_string(), line: 12 };
/// assert_eq!(file.to_string(), "file 12 my puzzles.txt");
/// assert_eq!("file 12 my puzzles.txt".parse(), Ok(file));
/// let random = Origin::Random(RandomPuzzle::new(Level::Hard, 77));
/// assert_eq!(random.to_string(), "random hard 77");
/// assert_eq!(random.level(), Some(Level::Hard));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A puzzle file: its path, as text (a path that is not UTF-8 is kept
    /// lossily), and the line the puzzle starts on (from 1).
    File {
        /// The path as the player gave it, on one line.
        path: String,
        /// The line the puzzle starts on (from 1).
        line: usize,
    },
    /// The generator: its level and seed make the puzzle again.
    Random(RandomPuzzle),
    /// One of the built-in puzzles, by its file name (see
    /// [`builtin::PUZZLES`](crate::builtin::PUZZLES)).
    Builtin {
        /// The file name, as `sudoku01-easy.txt`.
        name: String,
    },
    /// Typed in or piped in: no file to go back to.
    Text,
    /// Not recorded: the saves of the previous release (`sudoku-tui save
    /// 1`) kept only a generated puzzle's origin.
    Unknown,
}

impl Origin {
    /// The generator's level, for a generated puzzle.
    pub fn level(&self) -> Option<crate::logic::Level> {
        match self {
            Origin::Random(random) => Some(random.level),
            _ => None,
        }
    }

    /// The origin with its path or name on one line and cut to
    /// [`MAX_PATH`] characters, as a save can hold it; an empty path or
    /// name is [`Origin::Unknown`].
    pub(crate) fn one_line(&self) -> Origin {
        let clean = |text: &str| -> String {
            text.replace(['\n', '\r'], " ")
                .trim_start()
                .chars()
                .take(MAX_PATH)
                .collect()
        };
        match self {
            Origin::File { path, .. } | Origin::Builtin { name: path }
                if clean(path).is_empty() =>
            {
                Origin::Unknown
            }
            Origin::File { path, line } => Origin::File {
                path: clean(path),
                line: (*line).clamp(1, MAX_LINE),
            },
            Origin::Builtin { name } => Origin::Builtin { name: clean(name) },
            other => other.clone(),
        }
    }
}

/// `file 12 PATH`, `random medium 1234`, `builtin sudoku01-easy.txt`,
/// `text` or `unknown`.
impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::File { path, line } => write!(f, "file {line} {path}"),
            Origin::Random(random) => write!(f, "random {} {}", random.level, random.seed),
            Origin::Builtin { name } => write!(f, "builtin {name}"),
            Origin::Text => f.write_str("text"),
            Origin::Unknown => f.write_str("unknown"),
        }
    }
}

/// Why a text is not an [`Origin`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected 'file LINE PATH', 'random LEVEL SEED', 'builtin NAME', 'text' or 'unknown', \
     found '{0}'"
)]
pub struct OriginError(
    /// The text (cut to 40 characters).
    pub String,
);

impl std::str::FromStr for Origin {
    type Err = OriginError;

    fn from_str(text: &str) -> Result<Origin, OriginError> {
        let bad = || OriginError(text.chars().take(40).collect());
        let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
        match kind {
            "text" if rest.is_empty() => Ok(Origin::Text),
            "unknown" if rest.is_empty() => Ok(Origin::Unknown),
            "random" => {
                let (level, seed) = rest.split_once(' ').ok_or_else(bad)?;
                let level = level.parse().map_err(|_| bad())?;
                let seed = digits_only(seed).ok_or_else(bad)?;
                Ok(Origin::Random(RandomPuzzle::new(level, seed)))
            }
            "builtin" if valid_text(rest) => Ok(Origin::Builtin {
                name: rest.to_string(),
            }),
            "file" => {
                let (line, path) = rest.split_once(' ').ok_or_else(bad)?;
                let line = digits_only(line)
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|n| (1..=MAX_LINE).contains(n))
                    .ok_or_else(bad)?;
                if !valid_text(path) {
                    return Err(bad());
                }
                Ok(Origin::File {
                    path: path.to_string(),
                    line,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// A path or name an origin may hold: not empty, not starting with a
/// space, on one line, at most [`MAX_PATH`] characters.
fn valid_text(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(' ')
        && !text.contains(['\n', '\r'])
        && text.chars().count() <= MAX_PATH
}

/// A whole number written with digits only (no sign, no space).
pub(crate) fn digits_only(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;

    #[test]
    fn origins_read_back() {
        let origins = [
            Origin::File {
                path: "/home/ann/my puzzles.txt".to_string(),
                line: 3,
            },
            Origin::Random(RandomPuzzle::new(Level::Medium, u64::MAX)),
            Origin::Builtin {
                name: "sudoku01-easy.txt".to_string(),
            },
            Origin::Text,
            Origin::Unknown,
        ];
        for origin in origins {
            assert_eq!(origin.to_string().parse(), Ok(origin.clone()), "{origin}");
            assert_eq!(origin.one_line(), origin);
        }
    }

    #[test]
    fn bad_origins_are_refused_with_the_text() {
        for bad in [
            "",
            "file",
            "file 0 a.txt",
            "file x a.txt",
            "file 3",
            "file 3  lead",
            "random tricky 7",
            "random easy -7",
            "random easy",
            "builtin",
            "builtin a\rb",
            "text more",
            "elsewhere",
        ] {
            let err = bad.parse::<Origin>().unwrap_err();
            assert_eq!(err.0, bad, "{bad}");
        }
        let err = "random easy x".parse::<Origin>().unwrap_err().to_string();
        assert_eq!(
            err,
            "expected 'file LINE PATH', 'random LEVEL SEED', 'builtin NAME', 'text' or \
             'unknown', found 'random easy x'"
        );
    }

    #[test]
    fn one_line_makes_any_origin_savable() {
        let origin = Origin::File {
            path: format!("  a\nb{}", "x".repeat(MAX_PATH)),
            line: 0,
        };
        let clean = origin.one_line();
        assert_eq!(clean.to_string().parse(), Ok(clean.clone()));
        let Origin::File { path, line } = clean else {
            panic!("still a file")
        };
        assert_eq!((path.chars().count(), line), (MAX_PATH, 1));
        assert!(path.starts_with("a b"));
        for empty in ["", " \n "] {
            let file = Origin::File {
                path: empty.to_string(),
                line: 2,
            };
            assert_eq!(file.one_line(), Origin::Unknown);
            let builtin = Origin::Builtin {
                name: empty.to_string(),
            };
            assert_eq!(builtin.one_line(), Origin::Unknown);
        }
    }
}
