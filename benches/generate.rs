//! How fast does the generator make complete grids, minimal puzzles, and
//! puzzles at each level of the grader (single-threaded, default solver)?
//!
//! Compare with the peer (`peer-bench gen N` in `../shared/peer-bench`: the
//! `sudoku` crate's minimal puzzles) and qqwing; see `docs/generator.md`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_core::generator::{Batch, Holes, Level, PuzzleSpec, Symmetry, Uniqueness};
use sudoku_core::SolverKind;

/// Which question: complete grids per second.
fn grids(c: &mut Criterion) {
    const N: u64 = 10_000;
    let batch = Batch::new(1);
    let mut group = c.benchmark_group("grids");
    group.throughput(Throughput::Elements(N));
    group.sample_size(20);
    group.bench_function("distinct", |b| {
        let mut start = 0;
        b.iter(|| {
            let filled = (start..start + N)
                .filter(|&i| batch.grid(i).is_some())
                .count();
            start += N;
            filled
        })
    });
    group.finish();
}

/// Which question: puzzles per second, minimal and per level, for each
/// solver doing the uniqueness checks.
fn puzzles(c: &mut Criterion) {
    const N: u64 = 100;
    let batch = Batch::new(2);
    let mut specs = vec![(
        "minimal".to_string(),
        PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::None),
    )];
    for level in Level::ALL {
        specs.push((
            format!("level-{level}"),
            PuzzleSpec::new(Holes::ANY, Uniqueness::Unique, Symmetry::None)
                .and_then(|spec| spec.with_level(level)),
        ));
    }
    specs.push((
        "minimal-rot180".to_string(),
        PuzzleSpec::new(Holes::ANY, Uniqueness::Minimal, Symmetry::Rot180),
    ));
    for (name, spec) in specs {
        let spec = spec.expect("valid benchmark specs");
        let mut group = c.benchmark_group(format!("puzzles/{name}"));
        group.throughput(Throughput::Elements(N));
        group.sample_size(10);
        for &kind in SolverKind::ALL {
            group.bench_with_input(
                BenchmarkId::from_parameter(kind.name()),
                &spec,
                |b, spec| {
                    let mut start = 0;
                    b.iter(|| {
                        let made = (start..start + N)
                            .filter(|&i| batch.puzzle(i, spec, kind.solver()).is_ok())
                            .count();
                        start += N;
                        made
                    })
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, grids, puzzles);
criterion_main!(benches);
