//! Which solver is faster, on which puzzles, for the first solution and for
//! counting to two (the uniqueness check)?
//!
//! Sets: the project's classics (`puzzles/collection-classics.txt`) and, when
//! present, the shared benchmark sets (`SUDOKU_PUZZLES_DIR`, default
//! `../shared/puzzles` beside the repository), of which the first
//! `SUDOKU_BENCH_SAMPLE` puzzles (default 300) are used.

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku_core::{parse_many, Grid, Solver, SolverKind};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(path: &Path, sample: usize) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(path).ok()?;
    let grids: Vec<Grid> = parse_many(&text)
        .into_iter()
        .filter_map(Result::ok)
        .map(|r| r.grid)
        .take(sample)
        .collect();
    (!grids.is_empty()).then_some(grids)
}

fn sets() -> Vec<(String, Vec<Grid>)> {
    let sample = std::env::var("SUDOKU_BENCH_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let mut sets = Vec::new();
    if let Some(grids) = load(&root().join("puzzles/collection-classics.txt"), usize::MAX) {
        sets.push(("classics".to_string(), grids));
    }
    let shared = std::env::var_os("SUDOKU_PUZZLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/puzzles"));
    for name in ["17_clue", "magictour_top1465", "serg_benchmark"] {
        match load(&shared.join(format!("{name}.txt")), sample) {
            Some(grids) => sets.push((name.to_string(), grids)),
            None => eprintln!("{name}: not found under {}; skipped", shared.display()),
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
