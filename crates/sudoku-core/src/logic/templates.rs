//! Templates: the ways one digit can still fill the grid, one cell per row,
//! column and box among its candidates. Where a digit's candidates all lie
//! on some template and no cell lies on every template, no reasoning about
//! that digit alone can remove a candidate or place it, which lets the
//! single-digit chain searches skip work that cannot find anything.

use crate::logic::{digit_cells_of, CELL_UNITS};

/// Tree nodes visited before giving up on a digit: an open digit can have
/// tens of thousands of templates, and then the searches run unfiltered.
const BUDGET: u32 = 20_000;

/// The cells on some template of digit index `d` and the cells on every
/// one, as cell sets, or `None` when there are too many templates to walk
/// (or none: a broken position). The searches ask [`Covers`].
#[cfg(test)]
pub(crate) fn cover(m: &[u16; 81], d: usize) -> Option<(u128, u128)> {
    walk(digit_cells_of(m)[d], &mut Vec::new()).0
}

/// The covers of the digits, each remembered with the digit's candidate
/// cells, which is all a cover depends on: from one step of a solve to the
/// next most digits keep theirs. With a digit's cover its templates are
/// kept too (up to [`KEPT`]): a digit that only lost candidates since has
/// the templates among them that avoid the cells lost, so its cover is
/// worked out from the list, without walking the rows again.
#[derive(Default)]
pub(crate) struct Covers {
    known: [Option<Known>; 9],
}

/// A digit's candidate cells, its cover, and its templates if they were
/// kept.
struct Known {
    cells: u128,
    cover: Option<Cover>,
    templates: Option<Vec<u128>>,
}

/// The most templates kept for a digit (a bound on the memory: 64 KiB a
/// digit); a digit with more is walked again when its candidates change.
const KEPT: usize = 4096;

/// The cells on some template and the cells on every one.
type Cover = (u128, u128);

impl Covers {
    /// [`cover`] of digit index `d` in `m`, as [`Covers::all`] works it
    /// out.
    #[cfg(test)]
    pub(crate) fn of(&mut self, m: &[u16; 81], d: usize) -> Option<Cover> {
        self.of_cells(digit_cells_of(m)[d], d)
    }

    /// The cover of digit index `d`, whose candidates are the cells of
    /// `cells`, worked out only if they changed since it was last asked
    /// for, from its templates kept then if it only lost some.
    fn of_cells(&mut self, cells: u128, d: usize) -> Option<Cover> {
        let known = &mut self.known[d];
        if let Some(k) = known {
            if k.cells == cells {
                return k.cover;
            }
            // A row left without candidates is one where the digit was
            // placed (a placed digit is no candidate), which the walk
            // passes over: the templates then differ in that row. Else
            // the walk of fewer cells visits fewer nodes, so it would have
            // kept to the budget as well, and finds the same cover.
            let fewer = cells & !k.cells == 0 && rows(cells) == rows(k.cells);
            if let (true, Some(list)) = (fewer, k.templates.as_mut()) {
                list.retain(|&t| t & !cells == 0);
                let cover = list.first().map(|_| {
                    list.iter()
                        .fold((0, u128::MAX), |(s, e), &t| (s | t, e & t))
                });
                k.cells = cells;
                k.cover = cover;
                return cover;
            }
        }
        let mut list = known.take().and_then(|k| k.templates).unwrap_or_default();
        list.clear();
        let (cover, kept) = walk(cells, &mut list);
        *known = Some(Known {
            cells,
            cover,
            templates: kept.then_some(list),
        });
        cover
    }

    /// The covers of all nine digits.
    pub(crate) fn all(&mut self, m: &[u16; 81]) -> [Option<Cover>; 9] {
        let cells = digit_cells_of(m);
        std::array::from_fn(|d| self.of_cells(cells[d], d))
    }
}

/// The rows (bit `r`) holding some cell of `cells`.
fn rows(cells: u128) -> u16 {
    (0..9).fold(0, |set, r| {
        set | u16::from((cells >> (r * 9)) & 0x1ff != 0) << r
    })
}

/// The cover of a digit whose candidates are the cells of `cells` (as
/// [`Covers::all`] gives it), with the templates listed into `list` (empty)
/// as long as there are at most [`KEPT`]; the second value tells whether
/// they all are (the walk kept to its budget and found no more).
fn walk(cells: u128, list: &mut Vec<u128>) -> (Option<Cover>, bool) {
    let rows: [u16; 9] = std::array::from_fn(|r| (cells >> (r * 9)) as u16 & 0x1ff);
    let mut walk = Walk {
        rows,
        some: 0,
        every: u128::MAX,
        found: false,
        visited: 0,
        list,
    };
    if !walk.go(0, 0, 0, 0) {
        return (None, false);
    }
    let kept = walk.list.len() <= KEPT;
    (walk.found.then_some((walk.some, walk.every)), kept)
}

struct Walk<'a> {
    rows: [u16; 9],
    some: u128,
    every: u128,
    found: bool,
    visited: u32,
    /// The templates found, while there are at most [`KEPT`] (one more
    /// tells there were more).
    list: &'a mut Vec<u128>,
}

impl Walk<'_> {
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
            if self.list.len() <= KEPT {
                self.list.push(cells);
            }
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

    /// A digit's cover kept from position to position (worked out from the
    /// templates kept where the digit only lost candidates) is the one
    /// walked afresh, on random walks of positions that place digits,
    /// remove candidates and go back now and then.
    #[test]
    fn covers_kept_are_the_covers_walked_afresh() {
        use crate::logic::tests::walk;
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
        let mut marks = marks_of(line);
        let mut covers = Covers::default();
        let mut earlier = Vec::new();
        let mut last = [None::<u128>; 9];
        let (mut from_list, mut walked) = (0, 0);
        for i in 0..400 {
            let m: [u16; 81] = std::array::from_fn(|c| marks.mask(c));
            for (d, last) in last.iter_mut().enumerate() {
                assert_eq!(covers.of(&m, d), cover(&m, d), "digit {} at {i}", d + 1);
                let cells = digit_cells_of(&m)[d];
                match *last {
                    Some(was) if was == cells => {}
                    Some(was) if cells & !was == 0 && rows(cells) == rows(was) => from_list += 1,
                    _ => walked += 1,
                }
                *last = Some(cells);
            }
            // Every third move places a digit: a random candidate of an open cell.
            let step = (i % 3 == 0)
                .then(|| {
                    let open: Vec<usize> = (0..81).filter(|&c| m[c].count_ones() > 1).collect();
                    let c = *open.get(rng.gen_range(0..open.len().max(1)))?;
                    Some((c, m[c].trailing_zeros() as usize))
                })
                .flatten();
            if let Some((c, d)) = step {
                marks.place(crate::logic::cell(c), crate::logic::digit(d));
                if marks.has_contradiction() || marks.is_solved() {
                    marks = marks_of(line);
                }
            } else {
                walk(&mut marks, &mut earlier, None, line, &mut rng);
            }
        }
        assert!(
            from_list > 50 && walked > 50,
            "{from_list} from the list, {walked} walked"
        );
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
