//! What every chaining search reads, at the bottom of the family: it
//! imports nothing else of `chaining/`, and every other file may import it.
//!
//! - Candidate states: digit index `d` of cell `c`, on (true) or off
//!   (false), is state `(c * 9 + d) * 2 + on`, as `usize` for the static
//!   chains and the closure ([`state`]) and as `u16` for the forcing chain
//!   engine ([`st`]).
//! - [`two`]: whether a set of cells or digits has two members, without a
//!   population count.
//! - Sudoku Explainer's [`length_bonus`] and its rounding ([`to_rating`]).

use crate::logic::Rating;

/// Candidate states: `(cell * 9 + digit) * 2 + on`.
pub(super) const STATES: usize = 81 * 9 * 2;

/// The state of digit index `d` in `c`, on or off.
pub(super) const fn state(c: usize, d: usize, on: bool) -> usize {
    (c * 9 + d) * 2 + on as usize
}

/// The cell of state `s`.
pub(super) const fn state_cell(s: usize) -> usize {
    s / 18
}

/// The digit index of state `s`.
pub(super) const fn state_digit(s: usize) -> usize {
    s / 2 % 9
}

/// Whether state `s` is on.
pub(super) const fn state_on(s: usize) -> bool {
    s % 2 == 1
}

/// [`state`] as the forcing chain engine stores it.
pub(super) const fn st(c: usize, d: usize, on: bool) -> u16 {
    ((c * 9 + d) * 2 + on as usize) as u16
}

/// [`state_cell`] of a `u16` state.
pub(super) const fn st_cell(s: u16) -> usize {
    s as usize / 18
}

/// [`state_digit`] of a `u16` state.
pub(super) const fn st_digit(s: u16) -> usize {
    s as usize / 2 % 9
}

/// [`state_on`] of a `u16` state.
pub(super) const fn st_on(s: u16) -> bool {
    s % 2 == 1
}

/// Whether `set` has exactly two members (without a population count, which
/// the baseline x86-64 target lacks).
pub(super) const fn two(set: u128) -> bool {
    let rest = set & set.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// [`two`] for a 16-bit set.
pub(super) const fn two16(set: u16) -> bool {
    let rest = set & set.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Sudoku Explainer's length bonus: nothing up to 4 links past the ends,
/// then 0.1 more each time the length passes 6, 8, 12, 16, 24, 32, 48...
/// (`complexity` counts the chain's distinct candidate states).
pub(super) fn length_bonus(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A rating computed as Sudoku Explainer computes it (a float, rounded to
/// tenths only when shown).
pub(super) fn to_rating(difficulty: f64) -> Rating {
    Rating::from_tenths(((difficulty + 0.05) * 10.0) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_encode_cell_digit_and_side() {
        for (c, d, on) in [(0, 0, false), (0, 0, true), (40, 4, true), (80, 8, false)] {
            let s = state(c, d, on);
            assert!(s < STATES);
            assert_eq!((state_cell(s), state_digit(s), state_on(s)), (c, d, on));
            let t = st(c, d, on);
            assert_eq!(usize::from(t), s);
            assert_eq!((st_cell(t), st_digit(t), st_on(t)), (c, d, on));
        }
        assert_eq!(state(80, 8, true), STATES - 1);
    }

    #[test]
    fn two_members_without_counting() {
        for set in [0u128, 1, 2, 3, 5, 7, 1 << 80, (1 << 80) | 1, u128::MAX] {
            assert_eq!(two(set), set.count_ones() == 2, "{set:b}");
        }
        for set in 0..512u16 {
            assert_eq!(two16(set), set.count_ones() == 2, "{set:b}");
        }
    }

    #[test]
    fn length_bonus_steps_as_sudoku_explainer() {
        let tenths = |n: usize| (length_bonus(n) * 10.0 + 0.5) as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(8), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(14), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(19), 5);
        assert_eq!(tenths(27), 6);
        assert_eq!(to_rating(6.6 + length_bonus(9)), Rating::from_tenths(68));
    }
}
