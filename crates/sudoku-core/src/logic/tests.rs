//! Helpers for the technique tests: building positions and naming cells.

use crate::grid::Grid;
use crate::logic::{Candidates, Step};
use crate::pos::{Cell, Digit};

/// The cell named as in the games (`5c`).
pub(crate) fn c(name: &str) -> Cell {
    Cell::from_name(name).unwrap_or_else(|| panic!("bad cell name {name}"))
}

/// The digit `v`.
pub(crate) fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// The candidates of a grid given as an 81-character line.
pub(crate) fn marks_of(line: &str) -> Candidates {
    let grid: Grid = line.parse().unwrap();
    Candidates::new(&grid)
}

/// One move of the random walks that check a search remembering earlier
/// positions against a fresh one: now and then back to one of the
/// `earlier` positions (so the remembered one is not always an ancestor),
/// most often `step` applied when there is one, else a random candidate of
/// an open cell removed; a broken or solved position starts again from
/// the puzzle `line`. `marks` is pushed onto `earlier` first.
pub(crate) fn walk(
    marks: &mut Candidates,
    earlier: &mut Vec<Candidates>,
    step: Option<crate::logic::Step>,
    line: &str,
    rng: &mut impl rand::Rng,
) {
    earlier.push(marks.clone());
    match (step, rng.gen_range(0..10)) {
        (_, 0) => *marks = earlier[rng.gen_range(0..earlier.len())].clone(),
        (Some(step), 1..=6) => {
            for &(cell, digit) in step.placements() {
                marks.place(cell, digit);
            }
            for &(cell, digit) in step.eliminations() {
                marks.remove(cell, digit);
            }
        }
        _ => {
            let open: Vec<usize> = (0..81)
                .filter(|&c| marks.mask(c).count_ones() > 1)
                .collect();
            if open.is_empty() {
                *marks = marks_of(line);
                return;
            }
            let c = open[rng.gen_range(0..open.len())];
            let digits: Vec<usize> = (0..9).filter(|&d| marks.mask(c) & 1 << d != 0).collect();
            let d = digits[rng.gen_range(0..digits.len())];
            marks.remove(crate::logic::cell(c), crate::logic::digit(d));
        }
    }
    if marks.has_contradiction() || marks.is_solved() {
        *marks = marks_of(line);
    }
}

/// An empty grid's candidates: every digit everywhere.
pub(crate) fn blank() -> Candidates {
    marks_of(&".".repeat(81))
}

/// Keeps only `digits` (as text, `37`) among the candidates of `name`.
pub(crate) fn restrict(marks: &mut Candidates, name: &str, digits: &str) {
    let cell = c(name);
    for digit in Digit::all() {
        if !digits.contains(char::from(b'0' + digit.get())) {
            marks.remove(cell, digit);
        }
    }
}

/// Removes `digit` from every cell of `names`.
pub(crate) fn remove_from(marks: &mut Candidates, digit: u8, names: &[&str]) {
    for name in names {
        marks.remove(c(name), d(digit));
    }
}

/// Eliminations from `(digit, cell names)`, sorted like a step's.
pub(crate) fn elims(list: &[(u8, &[&str])]) -> Vec<(Cell, Digit)> {
    let mut out: Vec<(Cell, Digit)> = list
        .iter()
        .flat_map(|&(v, names)| names.iter().map(move |n| (c(n), d(v))))
        .collect();
    out.sort_by_key(|&(c, d)| (d, c));
    out
}

#[test]
fn combinations_come_in_lexicographic_order_and_stop_at_the_first_found() {
    use crate::logic::first_combination;
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let none = first_combination(5, 3, |pick: &[usize]| {
        seen.push(pick.to_vec());
        None::<()>
    });
    assert!(none.is_none());
    let mut want = Vec::new();
    for a in 0..5 {
        for b in a + 1..5 {
            for c in b + 1..5 {
                want.push(vec![a, b, c]);
            }
        }
    }
    assert_eq!(seen, want);
    assert_eq!(
        first_combination(9, 2, |pick: &[usize]| (pick == [2, 7])
            .then_some(pick[0] * 10 + pick[1])),
        Some(27)
    );
    assert_eq!(first_combination(3, 4, |_: &[usize]| Some(())), None);
    assert_eq!(
        first_combination(3, 0, |pick: &[usize]| Some(pick.len())),
        Some(0)
    );
}

#[test]
fn the_one_pass_tables_agree_with_places() {
    let mut marks = marks_of(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    remove_from(&mut marks, 4, &["1c", "5e"]);
    agree_with_places(&marks);
    // From every digit everywhere down to nothing, one candidate at a time
    // in a scrambled order, so every cell goes through many masks (all nine
    // digits, none, digits 8 and 9 alone).
    let mut marks = marks_of(&".".repeat(81));
    agree_with_places(&marks);
    for k in 0..729usize {
        let i = k * 379 % 729;
        marks.remove(
            Cell::new(i / 9).unwrap(),
            Digit::new(i as u8 % 9 + 1).unwrap(),
        );
        if k % 9 == 0 || k > 700 {
            agree_with_places(&marks);
        }
    }
}

/// [`the_one_pass_tables_agree_with_places`] on one position.
fn agree_with_places(marks: &Candidates) {
    use crate::logic::{places, UNITS};
    let pos = marks.unit_places();
    let at = marks.digit_cells();
    for (u, unit) in UNITS.iter().enumerate() {
        for (d, &spots) in pos[u].iter().enumerate() {
            assert_eq!(spots, places(marks, u, 1 << d), "unit {u} digit {}", d + 1);
            for (i, &cell) in unit.iter().enumerate() {
                assert_eq!(at[d] & 1 << cell != 0, spots & 1 << i != 0);
            }
        }
    }
}

/// Searches take a unit's first place as its lowest cell.
#[test]
fn units_list_their_cells_in_increasing_order() {
    for unit in crate::logic::UNITS {
        assert!(unit.windows(2).all(|w| w[0] < w[1]), "{unit:?}");
    }
}

/// Sudoku Explainer's peer order: each of a cell's 20 peers once, its box
/// first, then the rest of its row, then the rest of its column.
/// Two cells see each other when they differ and share a row, a column or
/// a box, as the table `sees` reads says.
#[test]
fn cells_see_the_cells_of_their_units() {
    use crate::logic::{sees, CELL_UNITS};
    for (a, units_a) in CELL_UNITS.iter().enumerate() {
        for (b, units_b) in CELL_UNITS.iter().enumerate() {
            let share = units_a.iter().zip(units_b).any(|(x, y)| x == y);
            assert_eq!(sees(a, b), a != b && share, "{a} {b}");
        }
    }
}

#[test]
fn se_peers_list_each_peer_once_box_then_row_then_column() {
    use crate::logic::{se_peers, CELL_UNITS, KINDS, PEERS, UNITS};
    for c in 0..81 {
        let listed: Vec<usize> = se_peers(c).collect();
        let kind_of = |o: usize| {
            KINDS
                .iter()
                .position(|&k| UNITS[usize::from(CELL_UNITS[c][k])].contains(&(o as u8)))
                .expect("a peer")
        };
        assert!(listed.windows(2).all(|w| kind_of(w[0]) <= kind_of(w[1])));
        let mut listed = listed;
        let mut peers: Vec<usize> = PEERS[c].iter().map(|&p| usize::from(p)).collect();
        assert_eq!(listed.len(), 20);
        listed.sort_unstable();
        peers.sort_unstable();
        assert_eq!(listed, peers);
    }
}

#[test]
fn the_digit_count_table_agrees_with_the_population_count() {
    for mask in 0u16..512 {
        assert_eq!(crate::logic::count9(mask), mask.count_ones(), "{mask:#x}");
    }
}

/// The SE-rated puzzles of the test data whose hardest technique (the
/// line's last word) `keep` takes.
fn se_rated(keep: impl Fn(&str) -> bool) -> Vec<&'static str> {
    include_str!("../../tests/data/se-rated.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter(|l| l.rsplit(' ').next().is_some_and(&keep))
        .map(|l| &l[..81])
        .collect()
}

/// The grader's own solve leaves its steps without words
/// ([`super::Words`]): step for step, over whole solves of the SE-rated
/// puzzles up to the dynamic forcing chains "plus" (every kind of step
/// below the nested chains is the hardest of one), they are of the same
/// technique and rating and place and remove the same as the steps with
/// words, and have no sentence or chains.
#[test]
fn steps_without_words_conclude_what_steps_with_words_do() {
    let puzzles = se_rated(|hardest| hardest != "nested-forcing-chain");
    assert!(puzzles.len() >= 60, "{}", puzzles.len());
    let mut chains = 0;
    for line in puzzles {
        let mut marks = marks_of(line);
        let mut written = super::Workspace::default();
        let mut left = super::Workspace {
            words: super::Words::Left,
            ..super::Workspace::default()
        };
        let next = |marks: &Candidates, work: &mut super::Workspace| {
            let cap = crate::logic::Rating::GUESS;
            match super::find_capped(marks, true, work, cap, cap) {
                super::Next::Step(step) => Some(step),
                _ => None,
            }
        };
        while let Some(step) = next(&marks, &mut written) {
            let bare = next(&marks, &mut left).unwrap_or_else(|| panic!("{line}: {step}"));
            let what = |s: &Step| {
                (
                    s.technique(),
                    s.rating(),
                    s.placements().to_vec(),
                    s.eliminations().to_vec(),
                )
            };
            assert_eq!(what(&bare), what(&step), "{line}: {step}");
            assert!(bare.to_string().is_empty(), "{line}: {bare}");
            assert!(!step.to_string().is_empty(), "{line}");
            assert!(bare.chains().is_empty(), "{line}: {step}");
            chains += usize::from(!step.chains().is_empty());
            for &(cell, digit) in step.placements() {
                marks.place(cell, digit);
            }
            for &(cell, digit) in step.eliminations() {
                marks.remove(cell, digit);
            }
        }
        assert!(next(&marks, &mut left).is_none(), "{line}");
        assert!(marks.is_solved(), "{line}");
    }
    assert!(chains > 200, "{chains} chain steps");
}

/// Solves `marks` step by step with `work`, uncapped, as a grade does:
/// the number of steps and the hardest step's rating in tenths.
fn solve_in(marks: &mut Candidates, work: &mut super::Workspace) -> (usize, u16) {
    let (mut steps, mut hardest) = (0, 0);
    while let super::Next::Step(step) = super::find_capped(
        marks,
        true,
        work,
        crate::logic::Rating::GUESS,
        crate::logic::Rating::GUESS,
    ) {
        hardest = hardest.max(step.rating().tenths());
        for &(cell, digit) in step.placements() {
            marks.place(cell, digit);
        }
        for &(cell, digit) in step.eliminations() {
            marks.remove(cell, digit);
        }
        steps += 1;
    }
    (steps, hardest)
}

/// The dynamic searches nested in the chains of levels 4 and 5 are lent
/// the propagations the dynamic setting kept of the position the chains
/// are assumed on, and take them where they hold (moved whole, or copied
/// and followed on from where they part): over the whole solve of Golden
/// Nugget (SE 11.9, nested forcing chains of levels 4 and 5), every one
/// taken is compared with the one followed afresh.
#[test]
fn lent_propagations_are_those_followed_afresh() {
    let line = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";
    assert!(se_rated(|_| true).contains(&line));
    let mut marks = marks_of(line);
    let mut work = super::Workspace::default();
    work.forcing.check_lent();
    let (_, hardest) = solve_in(&mut marks, &mut work);
    assert!(marks.is_solved(), "{line}");
    assert_eq!(hardest, 119, "{line}");
    let taken = work.forcing.lent_taken();
    assert!(taken > 1000, "{taken} lent propagations taken");
}

/// The dynamic forcing chains take the propagations of the position before
/// again where they hold, whole or up to where they part and followed on
/// from there: every one taken is compared with the one followed afresh
/// (`forcing::Store::check_reuse`), over whole solves of the SE-rated
/// puzzles whose hardest step is a dynamic forcing chain.
#[test]
fn dynamic_propagations_taken_again_are_those_followed_afresh() {
    let puzzles = se_rated(|hardest| hardest == "dynamic-forcing-chain");
    assert!(puzzles.len() >= 5, "{}", puzzles.len());
    let mut resumed = 0;
    for line in puzzles {
        let mut marks = marks_of(line);
        let mut work = super::Workspace::default();
        work.forcing.check_reuse();
        let (steps, _) = solve_in(&mut marks, &mut work);
        assert!(marks.is_solved(), "{line} after {steps} steps");
        resumed += work.forcing.resumed();
    }
    assert!(resumed > 100, "{resumed} propagations followed on");
}
