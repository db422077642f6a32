//! Criterion benches of the hot paths on small fixed sets (tests/data), one
//! group per size, so a regression shows in one command: `cargo bench`.
//! The `sudoku` crate runs beside ours on 9×9 in a package of its own
//! (AGPL-3.0, kept out of this one): `benches/compare/`.

use bitsudoku::{parse_all, Engine, Grid, ParseOptions, Solver};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn load(name: &str, take: usize) -> Vec<Grid> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_all(&text, ParseOptions::default())
        .into_iter()
        .map(|e| e.result.expect("test data parses").grid)
        .take(take)
        .collect()
}

fn solve_all(puzzles: &[Grid], engine: Engine, limit: u64) -> u64 {
    puzzles
        .iter()
        .map(|p| {
            let mut s = Solver::new(p, engine, limit);
            s.run(u64::MAX);
            s.found()
        })
        .sum()
}

fn sizes(c: &mut Criterion) {
    let sets = [
        ("4x4", load("4x4.txt", 60)),
        ("9x9_17clue", load("9x9_17clue.txt", 100)),
        ("9x9_hardest", load("9x9_hardest.txt", 50)),
        ("16x16_gecode", load("16x16_gecode.txt", 55)),
        ("16x16_vu_kr", load("16x16_vu_kr.txt", 20)),
        ("25x25_half", load("25x25_half.txt", 10)),
    ];
    for (name, puzzles) in &sets {
        let mut g = c.benchmark_group(*name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(20);
        for limit in [1, 2] {
            g.bench_with_input(BenchmarkId::new("bitmask", limit), puzzles, |b, p| {
                b.iter(|| solve_all(p, Engine::Bitmask, limit))
            });
        }
        g.bench_with_input(BenchmarkId::new("dlx", 2), puzzles, |b, p| {
            b.iter(|| solve_all(p, Engine::Dlx, 2))
        });
        g.finish();
    }
}

fn parsing(c: &mut Criterion) {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/9x9_17clue.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("9x9_17clue", |b| {
        b.iter(|| parse_all(&text, ParseOptions::default()).len())
    });
    g.finish();
}

criterion_group!(benches, sizes, parsing);
criterion_main!(benches);
