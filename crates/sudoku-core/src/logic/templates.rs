//! Templates: the ways one digit can still fill the grid, one cell per row,
//! column and box among its candidates. Where a digit's candidates all lie
//! on some template and no cell lies on every template, no reasoning about
//! that digit alone can remove a candidate or place it, which lets the
//! single-digit chain searches skip work that cannot find anything.

use crate::logic::CELL_UNITS;

/// Tree nodes visited before giving up on a digit: an open digit can have
/// tens of thousands of templates, and then the searches run unfiltered.
const BUDGET: u32 = 20_000;

/// The cells on some template of digit index `d` and the cells on every
/// one, as cell sets, or `None` when there are too many templates to walk
/// (or none: a broken position). The searches ask [`Covers`].
#[cfg(test)]
pub(crate) fn cover(m: &[u16; 81], d: usize) -> Option<(u128, u128)> {
    cover_of(places(m, d))
}

/// The cells (bit `c`) holding digit index `d` as a candidate.
fn places(m: &[u16; 81], d: usize) -> u128 {
    (0..81)
        .filter(|&c| m[c] & 1 << d != 0)
        .fold(0u128, |s, c| s | 1 << c)
}

/// The covers of the digits, each remembered with the digit's candidate
/// cells, which is all a cover depends on: from one step of a solve to the
/// next most digits keep theirs.
#[derive(Default)]
pub(crate) struct Covers {
    known: [Option<(u128, Option<Cover>)>; 9],
}

/// The cells on some template and the cells on every one.
type Cover = (u128, u128);

impl Covers {
    /// [`cover`] of digit index `d` in `m`, walked only if the digit's
    /// candidates changed since it was last asked for.
    pub(crate) fn of(&mut self, m: &[u16; 81], d: usize) -> Option<Cover> {
        let cells = places(m, d);
        match self.known[d] {
            Some((key, cover)) if key == cells => cover,
            _ => {
                let cover = cover_of(cells);
                self.known[d] = Some((cells, cover));
                cover
            }
        }
    }

    /// The covers of all nine digits.
    pub(crate) fn all(&mut self, m: &[u16; 81]) -> [Option<Cover>; 9] {
        std::array::from_fn(|d| self.of(m, d))
    }
}

/// [`cover`] of a digit whose candidates are the cells of `cells`.
fn cover_of(cells: u128) -> Option<Cover> {
    let rows: [u16; 9] = std::array::from_fn(|r| (cells >> (r * 9)) as u16 & 0x1ff);
    let mut walk = Walk {
        rows,
        some: 0,
        every: u128::MAX,
        found: false,
        visited: 0,
    };
    walk.go(0, 0, 0, 0).then_some(())?;
    walk.found.then_some((walk.some, walk.every))
}

struct Walk {
    rows: [u16; 9],
    some: u128,
    every: u128,
    found: bool,
    visited: u32,
}

impl Walk {
    /// Places the digit in rows `r..`; `false` when over budget.
    fn go(&mut self, r: usize, cols: u16, boxes: u16, cells: u128) -> bool {
        self.visited += 1;
        if self.visited > BUDGET {
            return false;
        }
        if r == 9 {
            self.found = true;
            self.some |= cells;
            self.every &= cells;
            return true;
        }
        if self.rows[r] == 0 {
            // The digit is placed in this row already.
            return self.go(r + 1, cols, boxes, cells);
        }
        let mut free = self.rows[r] & !cols;
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            let c = r * 9 + col;
            let b = CELL_UNITS[c][2] - 18;
            if boxes & 1 << b != 0 {
                continue;
            }
            if !self.go(r + 1, cols | 1 << col, boxes | 1 << b, cells | 1 << c) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::tests::marks_of;

    #[test]
    fn a_solved_digit_has_one_template_through_its_cells() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        // Blank every 1 of a solved grid: each 1 has one place left.
        let line: String = solved
            .chars()
            .map(|ch| if ch == '1' { '.' } else { ch })
            .collect();
        let marks = marks_of(&line);
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        let ones: u128 = (0..81)
            .filter(|&c| &solved[c..=c] == "1")
            .fold(0, |s, c| s | 1 << c);
        assert_eq!(cover(&m, 0), Some((ones, ones)));
    }

    #[test]
    fn an_open_digit_is_over_budget() {
        let marks = marks_of(&".".repeat(81));
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        assert_eq!(cover(&m, 4), None);
    }

    #[test]
    fn remembered_covers_follow_the_candidates() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let line: String = solved
            .chars()
            .map(|ch| if "12".contains(ch) { '.' } else { ch })
            .collect();
        let mut marks = marks_of(&line);
        let mut covers = Covers::default();
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        assert_eq!(covers.all(&m), std::array::from_fn(|d| cover(&m, d)));
        // Remove a 1 that lies on a template: the 1s' cover changes, and so
        // does the remembered one.
        let (some, _) = cover(&m, 0).unwrap();
        let gone = (0..81).find(|&c| some & 1 << c != 0).unwrap();
        marks.remove(crate::logic::cell(gone), crate::logic::digit(0));
        let m2: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        assert_ne!(cover(&m2, 0), cover(&m, 0));
        assert_eq!(covers.of(&m2, 0), cover(&m2, 0));
        assert_eq!(covers.of(&m2, 1), cover(&m, 1));
    }

    /// Every permutation of columns (a template is one per row) that keeps
    /// to the candidates and to one per box.
    fn brute_force(m: &[u16; 81], d: usize) -> (u128, u128) {
        fn go(r: usize, cols: &mut Vec<usize>, m: &[u16; 81], d: usize, out: &mut (u128, u128)) {
            if r == 9 {
                let cells = cols
                    .iter()
                    .enumerate()
                    .fold(0u128, |s, (r, &c)| s | 1 << (r * 9 + c));
                out.0 |= cells;
                out.1 &= cells;
                return;
            }
            for c in 0..9 {
                let clash = cols
                    .iter()
                    .enumerate()
                    .any(|(r2, &c2)| c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3));
                if !clash && m[r * 9 + c] & 1 << d != 0 {
                    cols.push(c);
                    go(r + 1, cols, m, d, out);
                    cols.pop();
                }
            }
        }
        let mut out = (0, u128::MAX);
        go(0, &mut Vec::new(), m, d, &mut out);
        out
    }

    #[test]
    fn the_cover_is_what_every_placement_of_the_digit_covers() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        // Blank the 1s, 2s and 3s: each of them has a few places left.
        let line: String = solved
            .chars()
            .map(|ch| if "123".contains(ch) { '.' } else { ch })
            .collect();
        let marks = marks_of(&line);
        let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
        for d in 0..3 {
            let (some, every) = brute_force(&m, d);
            assert_eq!(cover(&m, d), Some((some, every)), "digit {}", d + 1);
            assert!(
                some.count_ones() > 9,
                "the test needs more than one template"
            );
        }
    }
}
