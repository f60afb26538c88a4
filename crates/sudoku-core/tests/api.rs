//! The public API keeps the Rust API Guidelines' promises that users rely
//! on: errors are `Error + Send + Sync + 'static` (C-GOOD-ERR), value types
//! have the common traits (C-COMMON-TRAITS), numbers convert with `TryFrom`
//! and back with `From` (C-CONV), and sets iterate by value and by
//! `IntoIterator` (C-ITER).

use std::collections::HashSet;
use std::error::Error;
use std::fmt::Debug;
use std::hash::Hash;

use sudoku_core::generator::{GenerateError, HolesError, RandomError, SpecError};
use sudoku_core::{
    Block, Cell, Col, Digit, Digits, GradeError, Grid, HistoryError, Level, MoveError, ParseError,
    PuzzleError, RangeError, Row,
};

fn good_error<E: Error + Send + Sync + 'static>() {}
fn value_type<T: Clone + Debug + PartialEq + Eq + Hash + Send + Sync>() {}

#[test]
fn errors_are_send_sync_and_static() {
    good_error::<ParseError>();
    good_error::<PuzzleError>();
    good_error::<MoveError>();
    good_error::<HistoryError>();
    good_error::<GradeError>();
    good_error::<RangeError>();
    good_error::<HolesError>();
    good_error::<SpecError>();
    good_error::<GenerateError>();
    good_error::<RandomError>();
    // Boxed with `?` into the usual dynamic error.
    let boxed: Box<dyn Error + Send + Sync> = Box::new(Digit::try_from(12).unwrap_err());
    assert_eq!(boxed.to_string(), "digit 12 is not in 1-9");
}

#[test]
fn value_types_have_the_common_traits() {
    value_type::<Digit>();
    value_type::<Row>();
    value_type::<Col>();
    value_type::<Block>();
    value_type::<Cell>();
    value_type::<Grid>();
    value_type::<Digits>();
    value_type::<Level>();
    let cells: HashSet<Cell> = Cell::all().collect();
    assert_eq!(cells.len(), 81);
    assert_eq!(Grid::default().givens(), 0);
}

#[test]
fn numbers_convert_both_ways() {
    for v in 0u8..=255 {
        match Digit::try_from(v) {
            Ok(d) => assert_eq!(u8::from(d), v),
            Err(e) => assert!(!(1..=9).contains(&v) && e.value == u64::from(v)),
        }
    }
    for i in 0..200usize {
        assert_eq!(
            Cell::try_from(i).ok().map(usize::from),
            (i < 81).then_some(i)
        );
        assert_eq!(Row::try_from(i).ok().map(usize::from), (i < 9).then_some(i));
        assert_eq!(Col::try_from(i).ok().map(usize::from), (i < 9).then_some(i));
        assert_eq!(
            Block::try_from(i).ok().map(usize::from),
            (i < 9).then_some(i)
        );
    }
    assert_eq!(
        Cell::try_from(81).unwrap_err().to_string(),
        "cell index 81 is not in 0-80"
    );
}

#[test]
fn digit_sets_iterate_both_ways_and_by_value() {
    let set: Digits = [3, 7, 9, 1].into_iter().filter_map(Digit::new).collect();
    let forward: Vec<u8> = set.into_iter().map(u8::from).collect();
    assert_eq!(forward, [1, 3, 7, 9]);
    let backward: Vec<u8> = set.iter().rev().map(u8::from).collect();
    assert_eq!(backward, [9, 7, 3, 1]);
    assert_eq!(set.iter().len(), 4);
    let mut total = 0;
    for digit in set {
        total += u8::from(digit);
    }
    assert_eq!(total, 20);
    for bits in 0u16..512 {
        let all: Digits = Digit::all()
            .filter(|d| bits & (1 << (d.get() - 1)) != 0)
            .collect();
        assert_eq!(all.iter().count(), bits.count_ones() as usize);
        assert_eq!(all.iter().rev().count(), all.len());
    }
}

/// The search's step was `Step` in 0.1.0; the old name still builds (with a
/// deprecation warning) and is the same type as `DfsStep`.
#[test]
#[allow(deprecated)]
fn the_old_name_of_the_search_step_still_builds() {
    use sudoku_core::{DfsStep, DfsSteps, Step};
    let full: Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let first: Option<Step> = DfsSteps::new(&full).next();
    assert!(matches!(first, Some(Step::Solution(g)) if g == full));
    let same: Option<DfsStep> = first;
    assert_eq!(same, Some(DfsStep::Solution(full)));
}
