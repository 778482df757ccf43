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
                    arch.dispatch(Streaming {
                        ops: part,
                        out: mine,
                    });
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
        let out = self.out;
        // Inputs in chunks of up to four; for three or four, two weight rows at a time so each
        // input vector loaded serves two rows (eight accumulators either way).
        let mut b = 0;
        while b < batch {
            let inputs = &x[b * k..];
            match batch - b {
                1 => rows::<S, 1, 1, 4>(simd, w, inputs, k, out, batch, b),
                2 => rows::<S, 1, 2, 4>(simd, w, inputs, k, out, batch, b),
                3 => rows::<S, 2, 3, 1>(simd, w, inputs, k, out, batch, b),
                _ => rows::<S, 2, 4, 1>(simd, w, inputs, k, out, batch, b),
            }
            b += 4;
        }
    }
}

/// `out[n][first + c] = row n · input c` for every row of `w` and `C` inputs, `R` rows at a time
/// (a last odd row alone).
#[inline(always)]
fn rows<S: Simd, const R: usize, const C: usize, const U: usize>(
    simd: S,
    w: &[f32],
    inputs: &[f32],
    k: usize,
    out: &mut [f32],
    batch: usize,
    first: usize,
) {
    let xs: [&[f32]; C] = std::array::from_fn(|c| &inputs[c * k..(c + 1) * k]);
    let mut blocks = w.chunks_exact(R * k);
    let mut outs = out.chunks_exact_mut(R * batch);
    for (block, out) in (&mut blocks).zip(&mut outs) {
        let rows: [&[f32]; R] = std::array::from_fn(|r| &block[r * k..(r + 1) * k]);
        let sums = dots::<S, R, C, U>(simd, rows, xs);
        for r in 0..R {
            out[r * batch + first..r * batch + first + C].copy_from_slice(&sums[r]);
        }
    }
    for (row, out) in blocks
        .remainder()
        .chunks_exact(k)
        .zip(outs.into_remainder().chunks_exact_mut(batch))
    {
        let sums = dots::<S, 1, C, U>(simd, [row], xs);
        out[first..first + C].copy_from_slice(&sums[0]);
    }
}

/// Dot products of `R` rows with `C` inputs, `U` vectors per row in flight each step
/// (R·C·U independent accumulators hide the FMA latency).
#[inline(always)]
fn dots<S: Simd, const R: usize, const C: usize, const U: usize>(
    simd: S,
    rows: [&[f32]; R],
    xs: [&[f32]; C],
) -> [[f32; C]; R] {
    let rows: [(&[S::f32s], &[f32]); R] = rows.map(S::as_simd_f32s);
    let xs: [(&[S::f32s], &[f32]); C] = xs.map(S::as_simd_f32s);
    let len = rows[0].0.len();
    let steps = len / U;
    let mut acc = [[[simd.splat_f32s(0.0); U]; C]; R];
    for i in 0..steps {
        let at = i * U..i * U + U;
        let w: [&[S::f32s]; R] = std::array::from_fn(|r| &rows[r].0[at.clone()]);
        let x: [&[S::f32s]; C] = std::array::from_fn(|c| &xs[c].0[at.clone()]);
        for u in 0..U {
            for c in 0..C {
                for r in 0..R {
                    acc[r][c][u] = simd.mul_add_f32s(w[r][u], x[c][u], acc[r][c][u]);
                }
            }
        }
    }
    std::array::from_fn(|r| {
        std::array::from_fn(|c| {
            let mut sum: f32 = acc[r][c].iter().map(|&a| simd.reduce_sum_f32s(a)).sum();
            for j in steps * U..len {
                sum += simd.reduce_sum_f32s(simd.mul_f32s(rows[r].0[j], xs[c].0[j]));
            }
            sum + rows[r]
                .1
                .iter()
                .zip(xs[c].1)
                .map(|(a, b)| a * b)
                .sum::<f32>()
        })
    })
}
