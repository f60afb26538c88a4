//! The daily puzzle: the same puzzle for everyone on the same date and
//! level, derived from the two alone (no network, no clock: the frontend
//! says which date it is).
//!
//! A [`Daily`] is a date and a level. Its seed mixes the days since
//! 1970-01-01 with the level through a fixed, reversible hash
//! ([`Daily::seed`]); the generator's [`RandomPuzzle`] of that level and
//! seed is the puzzle. Because the hash can be undone, a saved game's
//! origin (`random hard SEED`) says which date's daily puzzle it is
//! ([`Daily::of`]), so statistics count a resumed daily game for its date.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

use crate::generator::{RandomError, RandomPuzzle};
use crate::grid::Grid;
use crate::logic::Level;

/// The first date a [`Date`] can be: 1970-01-01 (day 0).
const FIRST_YEAR: u32 = 1970;

/// The last year a [`Date`] can be in.
const LAST_YEAR: u32 = 9999;

/// Seconds in a day.
const DAY_SECS: u64 = 86_400;

/// A calendar day from 1970-01-01 to 9999-12-31 (proleptic Gregorian),
/// read and written as `YYYY-MM-DD`.
///
/// ```
/// use sudoku_core::session::Date;
/// let date: Date = "2026-11-27".parse()?;
/// assert_eq!(date.days(), 20_784);
/// assert_eq!(date.next().to_string(), "2026-11-28");
/// assert_eq!(Date::from_days(0).unwrap().to_string(), "1970-01-01");
/// assert!("2026-02-29".parse::<Date>().is_err());
/// # Ok::<(), sudoku_core::session::DateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Days since 1970-01-01.
    days: u32,
}

/// Why a text is not a [`Date`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD`.
    #[error("expected a date as YYYY-MM-DD, found '{0}'")]
    Form(String),
    /// Of the form, but no such day (`2026-02-30`) or outside 1970 to 9999.
    #[error("'{0}' is not a day from 1970-01-01 to 9999-12-31")]
    Range(String),
}

impl Date {
    /// The day `days` days after 1970-01-01; `None` after 9999-12-31.
    pub fn from_days(days: u32) -> Option<Date> {
        let date = Date { days };
        (date.ymd().0 <= LAST_YEAR).then_some(date)
    }

    /// The day `year-month-day`; `None` when there is no such day or it is
    /// outside 1970-01-01 to 9999-12-31.
    pub fn from_ymd(year: u32, month: u32, day: u32) -> Option<Date> {
        if !(FIRST_YEAR..=LAST_YEAR).contains(&year)
            || !(1..=12).contains(&month)
            || day == 0
            || day > days_in_month(year, month)
        {
            return None;
        }
        // Counted from 0000-03-01 in 400-year eras, the leap day last.
        let y = u64::from(if month <= 2 { year - 1 } else { year });
        let (era, year_of_era) = (y / 400, y % 400);
        let m = u64::from(month);
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + u64::from(day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        let days = era * 146_097 + day_of_era - 719_468;
        u32::try_from(days).ok().map(|days| Date { days })
    }

    /// The day (in UTC) that the moment `at` falls on; 1970-01-01 for a
    /// moment before it, 9999-12-31 for one after the last day. The
    /// frontends pass the clock's time: the core reads no clock.
    pub fn of_time(at: SystemTime) -> Date {
        let secs = at.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let last = Date::from_ymd(LAST_YEAR, 12, 31).expect("a day of the calendar");
        u32::try_from(secs / DAY_SECS)
            .ok()
            .and_then(Date::from_days)
            .unwrap_or(last)
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> u32 {
        self.days
    }

    /// The year, month (1-12) and day (1-31).
    pub fn ymd(self) -> (u32, u32, u32) {
        let shifted = u64::from(self.days) + 719_468;
        let era = shifted / 146_097;
        let day_of_era = shifted % 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
        let month = if month_from_march < 10 {
            month_from_march + 3
        } else {
            month_from_march - 9
        };
        let year = era * 400 + year_of_era + u64::from(month <= 2);
        // All three are small: the year is at most 10000.
        (year as u32, month as u32, day as u32)
    }

    /// The day after (the same day on 9999-12-31).
    pub fn next(self) -> Date {
        Date::from_days(self.days + 1).unwrap_or(self)
    }

    /// The day before (the same day on 1970-01-01).
    pub fn previous(self) -> Date {
        Date {
            days: self.days.saturating_sub(1),
        }
    }
}

/// Whether `year` has 29 February.
fn is_leap(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `2026-11-27`.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl FromStr for Date {
    type Err = DateError;

    /// `YYYY-MM-DD`, exactly: four digits, two, two.
    fn from_str(text: &str) -> Result<Date, DateError> {
        let quoted = || {
            crate::text::escape_controls(&text.chars().take(40).collect::<String>()).into_owned()
        };
        let bytes = text.as_bytes();
        let digits = |range: std::ops::Range<usize>| {
            bytes[range.clone()]
                .iter()
                .all(u8::is_ascii_digit)
                .then(|| text[range].parse::<u32>().ok())
                .flatten()
        };
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(DateError::Form(quoted()));
        }
        let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) else {
            return Err(DateError::Form(quoted()));
        };
        Date::from_ymd(y, m, d).ok_or_else(|| DateError::Range(quoted()))
    }
}

/// The daily puzzle of a date and level.
///
/// ```
/// use sudoku_core::session::{Daily, Date};
/// use sudoku_core::Level;
/// let date: Date = "2026-11-27".parse().unwrap();
/// let daily = Daily::new(date, Level::Hard);
/// assert_eq!(daily.name(), "daily 2026-11-27 hard");
/// // The seed can be undone: a saved game's origin names its date.
/// assert_eq!(Daily::of(&daily.random()), Some(daily));
/// assert_eq!(daily.generate()?, daily.generate()?, "the same puzzle every time");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Daily {
    /// The day.
    pub date: Date,
    /// The level.
    pub level: Level,
}

/// The mark in the high 32 bits of a daily seed before mixing: a random
/// seed is taken for a daily one only when it is one (then it makes that
/// same puzzle anyway).
const DAILY_TAG: u64 = 0x5d0c_da11;

/// The multipliers of the mixing hash (those of SplitMix64's finalizer,
/// odd, so each has an inverse modulo 2^64).
const MUL_A: u64 = 0xbf58_476d_1ce4_e5b9;
const MUL_B: u64 = 0x94d0_49bb_1331_11eb;

impl Daily {
    /// The daily puzzle of `date` at `level`.
    pub fn new(date: Date, level: Level) -> Daily {
        Daily { date, level }
    }

    /// The generator's seed: `mix(0x5d0cda11 << 32 | days << 3 | level)`,
    /// where `days` counts from 1970-01-01, `level` is 0 (easy) to 4
    /// (extreme), and `mix` is SplitMix64's finalizer (`x ^= x >> 30;
    /// x *= 0xbf58476d1ce4e5b9; x ^= x >> 27; x *= 0x94d049bb133111eb;
    /// x ^= x >> 31`), which can be undone. Fixed: changing it changes
    /// every daily puzzle.
    pub fn seed(&self) -> u64 {
        let index = Level::ALL
            .iter()
            .position(|&l| l == self.level)
            .unwrap_or(0) as u64;
        mix(DAILY_TAG << 32 | u64::from(self.date.days) << 3 | index)
    }

    /// The generator's recipe: this level and [`Daily::seed`].
    pub fn random(&self) -> RandomPuzzle {
        RandomPuzzle::new(self.level, self.seed())
    }

    /// Makes the puzzle, as [`RandomPuzzle::generate`] does.
    pub fn generate(&self) -> Result<Grid, RandomError> {
        self.random().generate()
    }

    /// The name both games give the puzzle: `daily 2026-11-27 hard`.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// The daily puzzle that `random` is, if it is one: its seed undone
    /// gives the date and level.
    pub fn of(random: &RandomPuzzle) -> Option<Daily> {
        let plain = unmix(random.seed);
        if plain >> 32 != DAILY_TAG {
            return None;
        }
        let level = *Level::ALL.get((plain & 7) as usize)?;
        let date = Date::from_days(u32::try_from((plain & 0xffff_ffff) >> 3).ok()?)?;
        (level == random.level).then_some(Daily { date, level })
    }
}

/// `daily 2026-11-27 hard`.
impl fmt::Display for Daily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "daily {} {}", self.date, self.level)
    }
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(MUL_A);
    x ^= x >> 27;
    x = x.wrapping_mul(MUL_B);
    x ^ x >> 31
}

/// The inverse of [`mix`].
fn unmix(mut x: u64) -> u64 {
    x = undo_shift(x, 31);
    x = x.wrapping_mul(inverse(MUL_B));
    x = undo_shift(x, 27);
    x = x.wrapping_mul(inverse(MUL_A));
    undo_shift(x, 30)
}

/// The `x` whose `x ^ x >> shift` is `y`.
fn undo_shift(y: u64, shift: u32) -> u64 {
    let mut x = y;
    for _ in 0..64 / shift {
        x = y ^ x >> shift;
    }
    x
}

/// The inverse of the odd `a` modulo 2^64, by Newton's iteration (each
/// step doubles the bits that are right; `a` itself is right in three).
fn inverse(a: u64) -> u64 {
    let mut x = a;
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn dates_read_and_write_and_count_days() {
        for (text, days) in [
            ("1970-01-01", 0),
            ("1970-03-01", 59),
            ("2000-02-29", 11_016),
            ("2026-11-27", 20_784),
            ("9999-12-31", 2_932_896),
        ] {
            let d = date(text);
            assert_eq!(d.days(), days, "{text}");
            assert_eq!(d.to_string(), text);
            assert_eq!(Date::from_days(days), Some(d));
        }
        assert_eq!(Date::from_days(2_932_897), None);
        assert_eq!(date("2024-02-28").next(), date("2024-02-29"));
        assert_eq!(date("2023-02-28").next(), date("2023-03-01"));
        assert_eq!(date("2027-01-01").previous(), date("2026-12-31"));
        assert_eq!(date("1970-01-01").previous(), date("1970-01-01"));
    }

    #[test]
    fn every_day_follows_the_one_before_for_centuries() {
        let mut d = date("1970-01-01");
        for _ in 0..200 * 366 {
            let n = d.next();
            let (y, m, day) = n.ymd();
            assert_eq!(Date::from_ymd(y, m, day), Some(n), "{n}");
            assert_eq!(n.previous(), d);
            d = n;
        }
    }

    #[test]
    fn bad_dates_are_refused_with_the_text() {
        for bad in [
            "2026-2-3",
            "2026/02/03",
            "20260203",
            "",
            "2026-02-0x",
            "+026-02-03",
        ] {
            let err = bad.parse::<Date>().unwrap_err();
            assert_eq!(err, DateError::Form(bad.to_string()));
        }
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "1969-12-31",
            "2026-04-31",
        ] {
            let err = bad.parse::<Date>().unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("'{bad}' is not a day from 1970-01-01 to 9999-12-31")
            );
        }
    }

    #[test]
    fn the_day_of_a_moment_is_in_utc() {
        let at = |secs| UNIX_EPOCH + std::time::Duration::from_secs(secs);
        assert_eq!(Date::of_time(at(20_784 * 86_400)), date("2026-11-27"));
        assert_eq!(Date::of_time(at(20_785 * 86_400 - 1)), date("2026-11-27"));
        assert_eq!(
            Date::of_time(UNIX_EPOCH - std::time::Duration::from_secs(5)),
            date("1970-01-01")
        );
    }

    #[test]
    fn seeds_are_undone_and_differ_by_date_and_level() {
        let mut seen = std::collections::HashSet::new();
        for days in (0..2_932_896).step_by(9_973).chain([2_932_896]) {
            for level in Level::ALL {
                let daily = Daily::new(Date::from_days(days).unwrap(), level);
                assert!(seen.insert(daily.seed()));
                assert_eq!(Daily::of(&daily.random()), Some(daily));
                let other = Level::ALL.into_iter().find(|&l| l != level).unwrap();
                let wrong = RandomPuzzle::new(other, daily.seed());
                assert_eq!(Daily::of(&wrong), None, "a seed of another level");
            }
        }
        for seed in [0, 1, 42, 1 << 31, u64::MAX] {
            assert_eq!(Daily::of(&RandomPuzzle::new(Level::Easy, seed)), None);
        }
    }

    #[test]
    fn the_same_date_repeats_and_the_next_day_differs() {
        let today = Daily::new(date("2026-11-27"), Level::Medium);
        let tomorrow = Daily::new(date("2026-11-28"), Level::Medium);
        let puzzle = today.generate().unwrap();
        assert_eq!(today.generate().unwrap(), puzzle);
        assert_ne!(tomorrow.generate().unwrap(), puzzle);
        assert_ne!(
            Daily::new(today.date, Level::Easy).generate().unwrap(),
            puzzle
        );
    }

    /// A stability test: a change to the derivation (the hash, the tag or
    /// the generator's recipe) changes every daily puzzle, and must be a
    /// decision, not an accident.
    #[test]
    fn one_dates_puzzle_is_pinned() {
        let daily = Daily::new(date("2026-11-27"), Level::Hard);
        assert_eq!(daily.seed(), PINNED_SEED);
        assert_eq!(daily.generate().unwrap().to_line(), PINNED_PUZZLE);
    }

    const PINNED_SEED: u64 = 10_282_712_331_163_737_555;
    const PINNED_PUZZLE: &str =
        ".35..4..91.97..5..4..9......6...52....3...6.....3.9.8..27.........23......4...9.6";
}
