//! The sweep's multiply: `out[n][b] = Σ_k w[n][k] · x[b][k]` for a weight matrix `w` (rows × K,
//! row-major) and a batch of `b` input vectors `x` (batch × K, row-major). Threads own
//! disjoint row ranges of `w` and of `out`.
//!
//! Small batches stream each weight row once and dot it with every input while the row sits
//! in L1 (libraries reach 10–50 % of the bandwidth roof here because they pack or transpose
//! first). Large batches are a GEMM: `ndarray`'s safe `general_mat_mul` (matrixmultiply's
//! packed, cache-blocked kernels), per thread on its row range.

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

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
        // Two weight rows at a time, each pair read from memory once and dotted with every
        // input while it sits in L1 (inputs in chunks of up to four: at most eight
        // accumulators); a last odd row alone.
        let mut pairs = w.chunks_exact(2 * k);
        let mut outs = self.out.chunks_exact_mut(2 * batch);
        for (pair, out) in (&mut pairs).zip(&mut outs) {
            block::<S, 2>(simd, [&pair[..k], &pair[k..]], x, k, out, batch);
        }
        for (row, out) in pairs
            .remainder()
            .chunks_exact(k)
            .zip(outs.into_remainder().chunks_exact_mut(batch))
        {
            block::<S, 1>(simd, [row], x, k, out, batch);
        }
    }
}

/// `out[r][b] = rows[r] · input b` for every input, `R` rows by up to four inputs at a time.
#[inline(always)]
fn block<S: Simd, const R: usize>(
    simd: S,
    rows: [&[f32]; R],
    x: &[f32],
    k: usize,
    out: &mut [f32],
    batch: usize,
) {
    let mut b = 0;
    while b < batch {
        let input = |c: usize| &x[(b + c) * k..(b + c + 1) * k];
        let mut put = |sums: &[[f32; 4]]| {
            let n = (batch - b).min(4);
            for (r, sum) in sums.iter().enumerate() {
                out[r * batch + b..r * batch + b + n].copy_from_slice(&sum[..n]);
            }
        };
        match batch - b {
            1 => put(&widen(dots::<S, R, 1, 4>(simd, rows, [input(0)]))),
            2 => put(&widen(dots::<S, R, 2, 2>(simd, rows, [input(0), input(1)]))),
            3 => put(&widen(dots::<S, R, 3, 1>(
                simd,
                rows,
                [input(0), input(1), input(2)],
            ))),
            _ => put(&widen(dots::<S, R, 4, 1>(
                simd,
                rows,
                [input(0), input(1), input(2), input(3)],
            ))),
        }
        b += 4;
    }
}

/// Pads each row's `C` sums to four.
fn widen<const R: usize, const C: usize>(sums: [[f32; C]; R]) -> [[f32; 4]; R] {
    sums.map(|row| std::array::from_fn(|c| if c < C { row[c] } else { 0.0 }))
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
    // Plain loops, no closures over `acc`: a closure borrowing it would pin the accumulators
    // to the stack and cost a store per FMA in the loop above.
    let mut sums = [[0.0_f32; C]; R];
    for r in 0..R {
        for c in 0..C {
            let mut sum = 0.0;
            for &a in &acc[r][c] {
                sum += simd.reduce_sum_f32s(a);
            }
            for j in steps * U..len {
                sum += simd.reduce_sum_f32s(simd.mul_f32s(rows[r].0[j], xs[c].0[j]));
            }
            for (a, b) in rows[r].1.iter().zip(xs[c].1) {
                sum += a * b;
            }
            sums[r][c] = sum;
        }
    }
    sums
}
