//! How many puzzles a second does the grader rate (single-threaded), on
//! easy generated puzzles, on the hard classics and on the every-15th
//! sample of `magictour_top1465` (98 puzzles, the sample the rating-speed
//! figures of `docs/grading.md` are measured on)? And how long do the
//! games' hints take on the hardest classics: the next step, which the
//! hint ladder shows first (the aim: under 0.2 s), and the first step that
//! places a digit?

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_benches::{classics, shared};
use sudoku_core::generator::{Batch, Holes, Level, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::logic::{hint_placement, hint_step, Step};
use sudoku_core::{grade, Fast, Grid};

/// 200 generated puzzles of `level`, the same every run.
fn generated(level: Level) -> Vec<Grid> {
    let batch = Batch::new(9);
    let spec = PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None)
        .and_then(|spec| spec.with_level(level))
        .expect("a spec");
    (0..200)
        .map(|i| batch.puzzle(i, &spec, &Fast).expect("a puzzle").puzzle)
        .collect()
}

/// Which question: puzzles graded per second, by kind of puzzle.
fn grader(c: &mut Criterion) {
    let mut sets = vec![
        ("easy".to_string(), generated(Level::Easy)),
        ("hard".to_string(), generated(Level::Hard)),
    ];
    // The classics without the famous hardest (seconds each): the first
    // seven, easy to hard.
    sets.push(("classics-1-7".to_string(), classics()[..7].to_vec()));
    if let Some(grids) = shared("magictour_top1465", 15, usize::MAX) {
        sets.push(("top1465-every15".to_string(), grids));
    }
    let mut group = c.benchmark_group("grade");
    group.sample_size(10);
    for (name, grids) in sets {
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| grids.iter().filter(|g| grade(g).is_ok()).count())
        });
    }
    group.finish();
}

/// Which question: the games' first hint (the first step that places a
/// digit, [`hint_placement`]) on each of the hardest classics.
fn first_hint(c: &mut Criterion) {
    hardest_classics(c, "first-hint", hint_placement);
}

/// Which question: the next logical step of the position ([`hint_step`],
/// what the games' hint ladder shows first) on each of the hardest
/// classics, asked afresh as a game asks it.
fn next_step(c: &mut Criterion) {
    hardest_classics(c, "next-step", hint_step);
}

/// Times `hint` on each of the hardest classics (the puzzles after the
/// first seven), in the group `name`.
fn hardest_classics(c: &mut Criterion, name: &str, hint: fn(&Grid) -> Option<Step>) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for (i, grid) in classics().iter().enumerate().skip(7) {
        group.bench_function(format!("classic-{}", i + 1), |b| {
            b.iter(|| hint(grid).is_some())
        });
    }
    group.finish();
}

criterion_group!(benches, grader, first_hint, next_step);
criterion_main!(benches);
