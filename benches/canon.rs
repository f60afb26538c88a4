//! How many grids and puzzles a second does the canonical (minlex) form
//! take, single-threaded: random complete grids, generated minimal puzzles,
//! and the shared sets (`17_clue` whole, `magictour_top1465`,
//! `serg_benchmark`) when present. The targets are 500,000 grids and
//! 100,000 puzzles a second; see `docs/benchmarks.md#canonical-forms`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_benches::shared;
use sudoku_core::generator::{Batch, Holes, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::{Grid, SolverKind};

/// Complete grids from the generator: every one different, so the branch
/// predictor cannot learn them.
fn grids(n: u64) -> Vec<Grid> {
    let batch = Batch::new(1);
    (0..n).filter_map(|i| batch.grid(i)).collect()
}

/// Minimal puzzles from the generator.
fn minimal_puzzles(n: u64) -> Vec<Grid> {
    let batch = Batch::new(2);
    let spec =
        PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None).expect("a valid spec");
    (0..n)
        .filter_map(|i| batch.puzzle(i, &spec, SolverKind::default().solver()).ok())
        .map(|made| made.puzzle)
        .collect()
}

/// Which question: grids or puzzles per second, per kind of input.
fn canonical(c: &mut Criterion) {
    let mut sets = vec![
        ("grids".to_string(), grids(20_000)),
        ("minimal-puzzles".to_string(), minimal_puzzles(5_000)),
    ];
    for name in ["17_clue", "magictour_top1465", "serg_benchmark"] {
        if let Some(puzzles) = shared(name, 1, usize::MAX) {
            sets.push((name.to_string(), puzzles));
        }
    }
    let mut group = c.benchmark_group("canonical");
    group.sample_size(10);
    for (name, set) in &sets {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), set, |b, set| {
            b.iter(|| {
                set.iter()
                    .map(|g| u64::from(g.canonical().form().cells()[80]))
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, canonical);
criterion_main!(benches);
