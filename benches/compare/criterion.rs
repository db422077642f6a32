//! Criterion, 9×9: our engine beside the `sudoku` crate on the fixed sets of
//! `benches/solve.rs` (tests/data), limit 2: solve and prove unique.
//!
//! cargo bench --manifest-path benches/compare/Cargo.toml --bench criterion

use bitsudoku::{parse_all, Engine, Grid, ParseOptions, Solver};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn load(name: &str, take: usize) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text, ParseOptions::default())
        .into_iter()
        .map(|e| e.result.expect("test data parses").grid)
        .take(take)
        .collect()
}

fn nine(c: &mut Criterion) {
    let sets = [
        ("9x9_17clue", load("9x9_17clue.txt", 100)),
        ("9x9_hardest", load("9x9_hardest.txt", 50)),
    ];
    for (name, puzzles) in &sets {
        let mut g = c.benchmark_group(*name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(20);
        g.bench_with_input(BenchmarkId::new("bitmask", 2), puzzles, |b, p| {
            b.iter(|| {
                p.iter()
                    .map(|p| {
                        let mut s = Solver::new(p, Engine::Bitmask, 2);
                        s.run(u64::MAX);
                        s.found()
                    })
                    .sum::<u64>()
            })
        });
        let theirs: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_bytes(p.cells().try_into().unwrap()).unwrap())
            .collect();
        g.bench_with_input(BenchmarkId::new("sudoku-0.8", 2), &theirs, |b, t| {
            b.iter(|| t.iter().map(|s| s.solutions_count_up_to(2)).sum::<usize>())
        });
        g.finish();
    }
}

criterion_group!(benches, nine);
criterion_main!(benches);
