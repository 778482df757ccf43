//! Test operands and the reference product for the lab's kernels (tests only).

use crate::lab::operands::Operands;

/// `rows × k` weights and `batch × k` inputs of small values exact in f32, none zero-heavy.
#[must_use]
pub fn operands(rows: usize, k: usize, batch: usize) -> (Vec<f32>, Vec<f32>) {
    let w = (0..rows * k)
        .map(|i| ((i * 7 % 11) as f32 - 5.0) / 8.0)
        .collect();
    let x = (0..batch * k)
        .map(|i| ((i * 3 % 5) as f32 - 2.0) / 4.0)
        .collect();
    (w, x)
}

/// Asserts `out[n][b]` is row n of `w` · input b of `x`, as computed in f64, to 1e-4 relative.
#[track_caller]
pub fn assert_product(what: &str, w: &[f32], x: &[f32], k: usize, out: &[f32]) {
    let rows = w.len() / k;
    let batch = x.len() / k;
    assert_eq!(out.len(), rows * batch, "{what}: rows × batch outputs");
    for n in 0..rows {
        for b in 0..batch {
            let want: f64 = (0..k)
                .map(|i| f64::from(w[n * k + i]) * f64::from(x[b * k + i]))
                .sum();
            let got = f64::from(out[n * batch + b]);
            assert!(
                (got - want).abs() <= 1e-4 * (1.0 + want.abs()),
                "{what}: rows {rows}, k {k}, batch {batch}: out[{n}][{b}] = {got}, expected {want}"
            );
        }
    }
}

/// Runs `kernel` on fresh `rows × k` weights and `batch × k` inputs into an output of NaNs,
/// then asserts its product as [`assert_product`] does.
#[track_caller]
pub fn check_kernel(
    what: &str,
    (rows, k, batch): (usize, usize, usize),
    kernel: impl FnOnce(Operands<'_>, &mut [f32]),
) {
    let (w, x) = operands(rows, k, batch);
    let mut out = vec![f32::NAN; rows * batch];
    let ops = Operands {
        w: &w,
        x: &x,
        k,
        batch,
    };
    kernel(ops, &mut out);
    assert_product(what, &w, &x, k, &out);
}
