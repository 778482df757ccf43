//! The sweep's multiply: `out[n][b] = Σ_k w[n][k] · x[b][k]` for a weight matrix `w` (rows × K,
//! row-major) and a batch of `b` input vectors `x` (batch × K, row-major). Threads own
//! disjoint row ranges of `w` and of `out`.
//!
//! Small batches stream each weight row once and dot it with every input while the row sits
//! in L1 (libraries reach 10–50 % of the bandwidth roof here because they pack or transpose
//! first). Large batches are a GEMM: `ndarray`'s safe `general_mat_mul` (matrixmultiply's
//! packed, cache-blocked kernels), per thread on its row range.

use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2};
use pulp::{Arch, Simd, WithSimd};

use super::kernels::split;

/// Batches up to this size use the streaming kernel; larger ones the GEMM.
pub const STREAMING_MAX_BATCH: usize = 16;

/// The operands of one multiply.
#[derive(Debug, Clone, Copy)]
pub struct Operands<'a> {
    /// Weights, `rows × k`, row-major.
    pub w: &'a [f32],
    /// Inputs, `batch × k`, row-major.
    pub x: &'a [f32],
    /// The inner dimension.
    pub k: usize,
    /// Input vectors.
    pub batch: usize,
}

impl Operands<'_> {
    fn rows(&self) -> usize {
        self.w.len() / self.k
    }
}

/// Multiplies on `threads` threads into `out` (`rows × batch`, row-major).
///
/// # Panics
/// When the slices' lengths do not match `k`, `batch` and each other.
pub fn multiply(ops: Operands<'_>, out: &mut [f32], threads: usize) {
    assert!(ops.k > 0 && ops.w.len() % ops.k == 0, "w is not rows × k");
    assert_eq!(ops.x.len(), ops.batch * ops.k, "x is not batch × k");
    assert_eq!(out.len(), ops.rows() * ops.batch, "out is not rows × batch");
    let arch = Arch::new();
    let ranges = split(ops.rows(), threads);
    std::thread::scope(|scope| {
        let mut rest = out;
        for range in ranges {
            let (mine, tail) = rest.split_at_mut(range.len() * ops.batch);
            rest = tail;
            let part = Operands {
                w: &ops.w[range.start * ops.k..range.end * ops.k],
                ..ops
            };
            scope.spawn(move || {
                if part.batch <= STREAMING_MAX_BATCH {
                    arch.dispatch(Streaming { ops: part, out: mine });
                } else {
                    gemm(part, mine);
                }
            });
        }
    });
}

/// `out (rows × batch) = w (rows × k) · xᵀ (k × batch)`.
fn gemm(ops: Operands<'_>, out: &mut [f32]) {
    let rows = ops.rows();
    let (Ok(w), Ok(x), Ok(mut y)) = (
        ArrayView2::from_shape((rows, ops.k), ops.w),
        ArrayView2::from_shape((ops.batch, ops.k), ops.x),
        ArrayViewMut2::from_shape((rows, ops.batch), out),
    ) else {
        unreachable!("multiply checked the shapes");
    };
    general_mat_mul(1.0, &w, &x.t(), 0.0, &mut y);
}

struct Streaming<'a> {
    ops: Operands<'a>,
    out: &'a mut [f32],
}

impl WithSimd for Streaming<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Operands { w, x, k, batch } = self.ops;
        for (row, out) in w.chunks_exact(k).zip(self.out.chunks_exact_mut(batch)) {
            let mut b = 0;
            while b < batch {
                let inputs = &x[b * k..];
                match batch - b {
                    1 => out[b] = dots::<S, 1, 4>(simd, row, inputs, k)[0],
                    2 => out[b..b + 2].copy_from_slice(&dots::<S, 2, 4>(simd, row, inputs, k)),
                    3 => out[b..b + 3].copy_from_slice(&dots::<S, 3, 2>(simd, row, inputs, k)),
                    _ => out[b..b + 4].copy_from_slice(&dots::<S, 4, 2>(simd, row, inputs, k)),
                }
                b += 4;
            }
        }
    }
}

/// `C` dot products of `row` with the first `C` inputs (each `k` long, back to back), with `U`
/// vectors of the row in flight per step (independent accumulators hide the FMA latency).
#[inline(always)]
fn dots<S: Simd, const C: usize, const U: usize>(
    simd: S,
    row: &[f32],
    inputs: &[f32],
    k: usize,
) -> [f32; C] {
    let (row_head, row_tail) = S::as_simd_f32s(row);
    let xs: [(&[S::f32s], &[f32]); C] =
        std::array::from_fn(|c| S::as_simd_f32s(&inputs[c * k..(c + 1) * k]));
    let mut acc = [[simd.splat_f32s(0.0); U]; C];
    let steps = row_head.len() / U;
    for i in 0..steps {
        let base = i * U;
        for u in 0..U {
            let wv = row_head[base + u];
            for c in 0..C {
                acc[c][u] = simd.mul_add_f32s(wv, xs[c].0[base + u], acc[c][u]);
            }
        }
    }
    std::array::from_fn(|c| {
        let mut sum: f32 = acc[c].iter().map(|&a| simd.reduce_sum_f32s(a)).sum();
        for j in steps * U..row_head.len() {
            sum += simd.reduce_sum_f32s(simd.mul_f32s(row_head[j], xs[c].0[j]));
        }
        sum + row_tail
            .iter()
            .zip(xs[c].1)
            .map(|(a, b)| a * b)
            .sum::<f32>()
    })
}
