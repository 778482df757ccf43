// Counts of FLOPs and bytes are whole numbers far below 2^52: exact comparison is meant.
#![allow(clippy::float_cmp)]

use rstest::rstest;

use super::kernels::{fill, fma_chains, split, stream_sum};
use super::matvec::{Operands, multiply};
use super::*;

// Odd sizes on purpose: SIMD tails, the streaming kernel's partial batch chunks (1, 2, 3),
// its four row streams with the rows they leave over (203 rows), both sides of the GEMM
// switch, and more threads than rows.
#[rstest]
fn multiply_matches_the_naive_product(
    #[values(1, 2, 3, 4, 5, 7, 16, 17, 33, 64)] batch: usize,
    #[values((37, 13), (128, 40), (3, 2), (100, 203))] shape: (usize, usize),
    #[values(1, 3)] threads: usize,
) {
    let (k, rows) = shape;
    let (w, x) = super::fixture::operands(rows, k, batch);
    let mut out = vec![f32::NAN; rows * batch];
    multiply(
        Operands {
            w: &w,
            x: &x,
            k,
            batch,
        },
        &mut out,
        threads,
    );
    super::fixture::assert_product(&format!("{threads} thread(s)"), &w, &x, k, &out);
}

#[rstest]
fn stream_sum_adds_every_element(
    #[values(1, 2, 5)] threads: usize,
    #[values(0, 3, 1001, 4096)] len: usize,
) {
    let mut data = vec![0.0_f32; len];
    fill(&mut data, threads);
    assert!(data.iter().all(|&x| x > 0.0), "filled with non-zero values");
    let expected: f64 = data.iter().map(|&x| f64::from(x)).sum();
    let got = f64::from(stream_sum(&data, threads));
    assert!(
        (got - expected).abs() <= 1e-4 * (1.0 + expected),
        "{got} vs {expected}"
    );
}

#[test]
fn fma_chains_count_their_flops() {
    let lanes = kernels::simd_name();
    let (flops, sum) = fma_chains(10, 2);
    // 2 threads × 10 iterations × 12 chains × lanes × 2 FLOPs.
    let lanes: f64 = lanes
        .split('(')
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert_eq!(flops, 2.0 * 10.0 * 12.0 * lanes * 2.0);
    assert!(sum.is_finite() && sum > 0.0);
}

#[test]
fn split_covers_every_item_once() {
    assert_eq!(split(10, 3), [0..4, 4..7, 7..10]);
    assert_eq!(split(2, 4), [0..1, 1..2, 2..2, 2..2]);
}

#[test]
fn a_tiny_run_gives_a_consistent_report() {
    let plan = Plan {
        threads: 2,
        k: 64,
        n: 256,
        batches: vec![1, 4, 32],
        repeats: 2,
        sweep_repeats: 2,
        peak_seconds: 0.001,
        point_seconds: 0.001,
    };
    let mut steps = Vec::new();
    let report = run(&plan, &mut |s| steps.push(s.to_owned()));
    assert_eq!(steps.len() as u64, plan.steps());
    assert_eq!(report.sweep.len(), 3);
    assert_eq!(report.buffer_bytes, 64.0 * 256.0 * 4.0);
    assert!(report.bandwidth.best > 0.0 && report.peak.best > 0.0);
    for p in &report.sweep {
        assert!(p.n >= 128 && p.n <= 256, "{p:?}");
        assert!(p.batch > 16 || p.n == 256, "{p:?}");
        assert!(p.best_flops_per_s() > 0.0);
    }
}

#[test]
fn big_batches_multiply_a_slice_sized_to_the_budget() {
    let plan = Plan::new(2, false);
    assert_eq!(plan.k * plan.n * 4, 256 << 20);
    // At 100 GFLOP/s and 0.1 s: B=1 takes every row; B=1024 gets 10 GFLOP ÷ (2·1024·4096).
    assert_eq!(rows_for(&plan, 1, 100e9), plan.n);
    assert_eq!(rows_for(&plan, 1024, 100e9), 1192);
    assert_eq!(
        rows_for(&plan, 1024, 1e6),
        128,
        "at least 64 rows per thread"
    );
    assert_eq!(
        rows_for(&plan, 16, 1e6),
        plan.n,
        "memory-bound batches stream it all"
    );
}
