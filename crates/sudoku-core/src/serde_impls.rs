//! Serde support, the `serde` feature: how the library's values look in
//! JSON, TOML or any other serde format.
//!
//! Each value is written as the games and the save files write it, and
//! read back through the same parser, with the same checks and messages,
//! so a value edited by hand is refused as a typed one is (the table is in
//! the crate docs, under "The serde feature"):
//!
//! ```
//! use sudoku_core::{grade, Grid};
//! let grid: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let json = serde_json::to_string(&grid)?;
//! assert_eq!(json, format!("\"{grid}\""));
//! assert_eq!(serde_json::from_str::<Grid>(&json)?, grid);
//!
//! let grade = grade(&grid)?;
//! assert_eq!(
//!     serde_json::to_string(&grade)?,
//!     r#"{"rating":1.2,"level":"easy","techniques":{"full-house":21,"hidden-single-box":30},"placed":51,"pearl":1.2,"diamond":1.2}"#
//! );
//!
//! let bad = serde_json::from_str::<Grid>(r#""12x""#).unwrap_err();
//! assert_eq!(
//!     bad.to_string(),
//!     "invalid grid \"12x\": line 1, column 3: expected a digit, '.', '0' or '_', found 'x'"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use crate::grid::Grid;
use crate::logic::{Level, Rating, Technique};
use crate::pos::{Cell, Digit};
use crate::session::{save, Origin, Session};

/// How much of a bad text an error quotes, in characters.
const QUOTE: usize = 40;

/// `"text"`, cut to [`QUOTE`] characters (`"text"...` when cut).
fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(QUOTE).collect();
    if cut.len() < text.len() {
        format!("{cut:?}...")
    } else {
        format!("{cut:?}")
    }
}

/// The 81-character line of [`Grid::to_line`], `.` for blanks.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

/// Any text [`str::parse`] reads as one grid (every format of
/// `docs/formats.md`), refused with its [`ParseError`](crate::ParseError):
/// `invalid grid "12x": line 1, column 3: expected a digit, ...`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|e| de::Error::custom(format_args!("invalid grid {}: {e}", quoted(&text))))
    }
}

/// The games' name of the cell: `"5c"`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A cell's name as [`Cell::from_name`] reads it: row then column, either
/// case (`"5c"`, `"5C"`).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let text = String::deserialize(deserializer)?;
        Cell::from_name(&text).ok_or_else(|| {
            de::Error::custom(format_args!(
                "invalid cell {}: expected a row 1-9 then a column a-i, as 5c",
                quoted(&text)
            ))
        })
    }
}

/// The digit as a number, 1 to 9.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.get())
    }
}

/// A number from 1 to 9; another is refused as [`Digit::try_from`]
/// refuses it: `digit 0 is not in 1-9`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Digit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Digit, D::Error> {
        let value = u8::deserialize(deserializer)?;
        Digit::try_from(value).map_err(de::Error::custom)
    }
}

/// The rating as the number it shows: `4.5`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Rating {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(self.tenths()) / 10.0)
    }
}

/// A number of tenths from 0.0 up (`4.5`, `12`), as [`Rating::from_tenths`]
/// holds it; more than one decimal is refused:
/// `invalid rating 4.55: expected a number from 0.0 with one decimal, as 4.5`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rating, D::Error> {
        let value = f64::deserialize(deserializer)?;
        let tenths = (value * 10.0).round();
        let whole_tenths = (value * 10.0 - tenths).abs() < 1e-6;
        if value.is_finite() && whole_tenths && (0.0..=f64::from(u16::MAX)).contains(&tenths) {
            Ok(Rating::from_tenths(tenths as u16))
        } else {
            Err(de::Error::custom(format_args!(
                "invalid rating {value:?}: expected a number from 0.0 with one decimal, as 4.5"
            )))
        }
    }
}

/// Serde by the type's `Display` and `FromStr`, whose error quotes the text.
macro_rules! by_name {
    ($type:ty, $written:literal) => {
        #[doc = concat!("Its name, as `Display` writes it: ", $written, ".")]
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        /// What `FromStr` reads, refused with its error.
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(de::Error::custom)
            }
        }
    };
}

by_name!(Level, "`\"hard\"`");
by_name!(Technique, "`\"x-wing\"`");
by_name!(Origin, "a save's origin line, `\"random hard 42\"`");

/// The save text of [`save::to_string`] (without a `saved` time): the
/// versioned format of the save files, history included.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Session {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&save::to_string(self, None))
    }
}

/// A save's text, read by [`save::parse`] with its checks. Where a save
/// file would load with a part left out or replaced (a
/// [`PartError`](crate::session::PartError)), this refuses it instead, so
/// nothing is lost without a word: `invalid session: line 9: ...`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Session {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Session, D::Error> {
        let text = String::deserialize(deserializer)?;
        let loaded = save::parse(&text)
            .map_err(|e| de::Error::custom(format_args!("invalid session: {e}")))?;
        match loaded.ignored.first() {
            Some(part) => Err(de::Error::custom(format_args!("invalid session: {part}"))),
            None => Ok(loaded.session),
        }
    }
}

/// [`Grade::techniques`](crate::Grade::techniques) as a map from each
/// technique's name to its count, easiest first:
/// `{"full-house": 20, "x-wing": 1}`.
pub(crate) mod techniques {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(
        counts: &[(Technique, usize)],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(counts.len()))?;
        for (technique, count) in counts {
            map.serialize_entry(technique, count)?;
        }
        map.end()
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<(Technique, usize)>, D::Error> {
        deserializer.deserialize_map(Counts)
    }

    struct Counts;

    impl<'de> Visitor<'de> for Counts {
        type Value = Vec<(Technique, usize)>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a map from technique names to how many times each was used")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut counts: Vec<(Technique, usize)> = Vec::new();
            while let Some((technique, count)) = map.next_entry::<Technique, usize>()? {
                if count == 0 {
                    return Err(de::Error::custom(format_args!(
                        "technique {technique} is counted 0 times; only the techniques used appear"
                    )));
                }
                if counts.iter().any(|&(t, _)| t == technique) {
                    return Err(de::Error::custom(format_args!(
                        "technique {technique} appears twice"
                    )));
                }
                counts.push((technique, count));
            }
            counts.sort_unstable_by_key(|&(t, _)| t);
            Ok(counts)
        }
    }
}
