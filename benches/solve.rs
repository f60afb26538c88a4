//! Which solver is faster, on which puzzles, for the first solution and for
//! counting to two (the uniqueness check)?
//!
//! Sets: the project's classics (`puzzles/collection-classics.txt`) and, when
//! present, the shared benchmark sets (`SUDOKU_PUZZLES_DIR`, default
//! `../shared/puzzles` beside the repository), of which the first
//! `SUDOKU_BENCH_SAMPLE` puzzles (default 300) are used.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_benches::{classics, sample, shared};
use sudoku_core::{Grid, Solver, SolverKind};

fn sets() -> Vec<(String, Vec<Grid>)> {
    let mut sets = vec![("classics".to_string(), classics())];
    for name in ["17_clue", "magictour_top1465", "serg_benchmark"] {
        if let Some(grids) = shared(name, 1, sample(300)) {
            sets.push((name.to_string(), grids));
        }
    }
    sets
}

fn solvers(c: &mut Criterion) {
    for (name, grids) in sets() {
        for (mode, limit) in [("first", 1), ("count2", 2)] {
            let mut group = c.benchmark_group(format!("{name}/{mode}"));
            group.throughput(Throughput::Elements(grids.len() as u64));
            group.sample_size(10);
            for &kind in SolverKind::ALL {
                group.bench_with_input(
                    BenchmarkId::from_parameter(kind.name()),
                    &grids,
                    |b, grids| {
                        b.iter(|| {
                            grids
                                .iter()
                                .map(|g| kind.solutions_count_up_to(g, limit))
                                .sum::<usize>()
                        })
                    },
                );
            }
            group.finish();
        }
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
