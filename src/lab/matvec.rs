//! The sweep's multiply: `out[n][b] = Σ_k w[n][k] · x[b][k]` for a weight matrix `w` (rows × K,
//! row-major) and a batch of `b` input vectors `x` (batch × K, row-major). Threads own
//! disjoint row ranges of `w` and of `out`.
//!
//! Small batches stream each weight row once and dot it with every input while the row sits
//! in L1 (libraries reach 10–50 % of the bandwidth roof here because they pack or transpose
//! first). Each thread reads its rows as four (or six) far-apart streams (one row of each part
//! at a time, as the bandwidth kernel reads), with the inputs packed so that a row's pass
//! reads them as one stream, and up to 24 independent accumulators. Large batches are a GEMM:
//! on AVX-512 the blocked kernel of [`super::gemm`], elsewhere `ndarray`'s safe
//! `general_mat_mul` (matrixmultiply's packed, cache-blocked kernels), per thread on its rows.

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2};
use pulp::{Arch, Simd, WithSimd};

use super::gemm::{self, PackedInputs};
use super::kernels::{self, split};
pub use super::operands::Operands;

/// Batches up to this size use the streaming kernel; larger ones the GEMM.
pub const STREAMING_MAX_BATCH: usize = 16;

/// Multiplies on `threads` threads into `out` (`rows × batch`, row-major).
///
/// # Panics
/// When the slices' lengths do not match `k`, `batch` and each other.
pub fn multiply(ops: Operands<'_>, out: &mut [f32], threads: usize) {
    assert!(ops.k > 0 && ops.w.len() % ops.k == 0, "w is not rows × k");
    assert_eq!(ops.x.len(), ops.batch * ops.k, "x is not batch × k");
    assert_eq!(out.len(), ops.rows() * ops.batch, "out is not rows × batch");
    let arch = Arch::new();
    if ops.batch > STREAMING_MAX_BATCH && kernels::lanes() == gemm::LANES {
        let packed = PackedInputs::new(ops.x, ops.k, ops.batch, gemm::NR, threads);
        on_threads(ops, out, threads, |part, mine| {
            arch.dispatch(Blocked {
                ops: part,
                packed: &packed,
                out: mine,
            });
        });
    } else {
        on_threads(ops, out, threads, |part, mine| {
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
}

/// Runs `kernel` on `threads` scoped threads, each on its own share of the rows (and of
/// `out`), the inputs shared.
fn on_threads(
    ops: Operands<'_>,
    out: &mut [f32],
    threads: usize,
    kernel: impl Fn(Operands<'_>, &mut [f32]) + Sync,
) {
    let kernel = &kernel;
    std::thread::scope(|scope| {
        let mut rest = out;
        for range in split(ops.rows(), threads) {
            let (mine, tail) = rest.split_at_mut(range.len() * ops.batch);
            rest = tail;
            let part = Operands {
                w: &ops.w[range.start * ops.k..range.end * ops.k],
                ..ops
            };
            scope.spawn(move || kernel(part, mine));
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

/// One thread's rows through the blocked AVX-512 kernel ([`gemm`]), or `ndarray`'s GEMM on a
/// vector unit of another width.
struct Blocked<'a> {
    ops: Operands<'a>,
    packed: &'a PackedInputs,
    out: &'a mut [f32],
}

impl WithSimd for Blocked<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        if S::F32_LANES == gemm::LANES {
            gemm::multiply(simd, self.ops, self.packed, self.out);
        } else {
            gemm(self.ops, self.out);
        }
    }
}

struct Streaming<'a> {
    ops: Operands<'a>,
    out: &'a mut [f32],
}

/// Weight streams each thread reads at once: its rows in far-apart parts, one row of each at
/// a time (as the bandwidth kernel reads several streams), so that several pages are open and
/// the prefetchers keep several streams in flight. Four, or six with three inputs or more on a
/// 32-register vector unit (AVX-512): the inputs (64 KiB for four, beyond L1) then come from L2
/// once for six rows instead of four, which measured 10–20 % faster at B = 4 on a Zen 5. (On
/// AVX-512 hardware B = 3 and 4 go to [`super::pairs`], faster still; six streams serve B = 5
/// … 16 there.)
const STREAMS: usize = 4;
const STREAMS_WIDE: usize = 6;

impl WithSimd for Streaming<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        #[cfg(target_arch = "x86_64")]
        if S::F32_LANES == 16
            && (3..=4).contains(&self.ops.batch)
            && let Some(v4) = pulp::x86::V4::try_new()
        {
            let pairs = super::pairs::Pairs {
                v4,
                ops: self.ops,
                out: self.out,
            };
            return <pulp::x86::V4 as Simd>::vectorize(v4, pairs);
        }
        if S::F32_LANES >= 16 && self.ops.batch >= 3 {
            stream_rows::<S, STREAMS_WIDE>(simd, self.ops, self.out);
        } else {
            stream_rows::<S, STREAMS>(simd, self.ops, self.out);
        }
    }
}

/// Every row of `ops.w` dotted with every input, `N` far-apart rows at a time.
#[inline(always)]
fn stream_rows<S: Simd, const N: usize>(simd: S, ops: Operands<'_>, out: &mut [f32]) {
    let Operands { w, x, k, batch } = ops;
    let inputs = Packed::new::<S>(x, k, batch);
    let part = w.len() / k / N;
    let (w_streams, w_rest) = w.split_at(N * part * k);
    let (out_streams, out_rest) = out.split_at_mut(N * part * batch);
    if part > 0 {
        let mut w_parts = w_streams.chunks_exact(part * k);
        let mut out_parts = out_streams.chunks_exact_mut(part * batch);
        // Each part has `part` rows: the `unwrap_or_default`s below never give an empty row.
        let mut rows: [_; N] =
            std::array::from_fn(|_| w_parts.next().unwrap_or_default().chunks_exact(k));
        let mut outs: [_; N] =
            std::array::from_fn(|_| out_parts.next().unwrap_or_default().chunks_exact_mut(batch));
        for _ in 0..part {
            let row: [&[f32]; N] = std::array::from_fn(|s| rows[s].next().unwrap_or_default());
            let out: [&mut [f32]; N] = std::array::from_fn(|s| outs[s].next().unwrap_or_default());
            block::<S, N>(simd, row, &inputs, out);
        }
    }
    // The rows the equal parts left out (fewer than `N`), one at a time.
    for (row, out) in w_rest.chunks_exact(k).zip(out_rest.chunks_exact_mut(batch)) {
        block::<S, 1>(simd, [row], &inputs, [out]);
    }
}

/// The inputs in groups of up to four, each group's vectors interleaved (the first SIMD vector
/// of each input, then the second of each, …) so that a row's pass reads them as one stream;
/// the elements past the last whole vector stay in `x`.
struct Packed<'a> {
    x: &'a [f32],
    k: usize,
    /// Per group of up to four inputs, its whole vectors interleaved.
    groups: Vec<Vec<f32>>,
    /// Elements of each input in whole vectors.
    head: usize,
}

impl<'a> Packed<'a> {
    fn new<S: Simd>(x: &'a [f32], k: usize, batch: usize) -> Self {
        let lanes = S::F32_LANES;
        let head = k - k % lanes;
        let groups = (0..batch)
            .step_by(4)
            .map(|b| {
                let width = (batch - b).min(4);
                let mut packed = Vec::with_capacity(width * head);
                for v in (0..head).step_by(lanes) {
                    for c in 0..width {
                        let at = (b + c) * k + v;
                        packed.extend_from_slice(&x[at..at + lanes]);
                    }
                }
                packed
            })
            .collect();
        Self { x, k, groups, head }
    }

    /// Input `b`'s elements past its whole vectors.
    fn tail(&self, b: usize) -> &[f32] {
        &self.x[b * self.k + self.head..(b + 1) * self.k]
    }
}

/// `outs[r][b] = rows[r] · input b` for every input, `R` rows by up to four inputs at a time.
#[inline(always)]
fn block<S: Simd, const R: usize>(
    simd: S,
    rows: [&[f32]; R],
    inputs: &Packed<'_>,
    mut outs: [&mut [f32]; R],
) {
    let batch = outs[0].len();
    for (group, packed) in inputs.groups.iter().enumerate() {
        let b = 4 * group;
        let packed = S::as_simd_f32s(packed).0;
        let tail = |c: usize| inputs.tail(b + c);
        let mut put = |sums: &[[f32; 4]]| {
            let n = (batch - b).min(4);
            for (out, sum) in outs.iter_mut().zip(sums) {
                out[b..b + n].copy_from_slice(&sum[..n]);
            }
        };
        // R·C·U accumulators: at most 16 with four rows (the AVX2 registers), 24 with six (of
        // the 32 AVX-512 registers).
        match batch - b {
            1 => put(&widen(dots::<S, R, 1, 2>(simd, rows, packed, [tail(0)]))),
            2 => put(&widen(dots::<S, R, 2, 1>(
                simd,
                rows,
                packed,
                [tail(0), tail(1)],
            ))),
            3 => put(&widen(dots::<S, R, 3, 1>(
                simd,
                rows,
                packed,
                [tail(0), tail(1), tail(2)],
            ))),
            _ => put(&widen(dots::<S, R, 4, 1>(
                simd,
                rows,
                packed,
                [tail(0), tail(1), tail(2), tail(3)],
            ))),
        }
    }
}

/// Pads each row's `C` sums to four.
fn widen<const R: usize, const C: usize>(sums: [[f32; C]; R]) -> [[f32; 4]; R] {
    sums.map(|row| std::array::from_fn(|c| if c < C { row[c] } else { 0.0 }))
}

/// Dot products of `R` rows with `C` inputs (`packed`: their whole vectors interleaved,
/// `tails`: the rest of each), `U` vectors per row in flight each step (R·C·U independent
/// accumulators hide the FMA latency).
// Index loops on purpose: iterators borrowing `acc` would pin the accumulators to the stack.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn dots<S: Simd, const R: usize, const C: usize, const U: usize>(
    simd: S,
    rows: [&[f32]; R],
    packed: &[S::f32s],
    tails: [&[f32]; C],
) -> [[f32; C]; R] {
    let rows: [(&[S::f32s], &[f32]); R] = rows.map(S::as_simd_f32s);
    let len = rows[0].0.len();
    let steps = len / U;
    // Every row and the inputs cut to the same whole steps: the loop below indexes them with
    // no bounds checks left to keep registers busy.
    let w: [&[S::f32s]; R] = rows.map(|r| &r.0[..steps * U]);
    let x = &packed[..steps * U * C];
    let mut acc = [[[simd.splat_f32s(0.0); U]; C]; R];
    for i in 0..steps {
        for u in 0..U {
            let j = i * U + u;
            // Each row's vector loaded once for all the inputs (not once per FMA).
            let wv: [S::f32s; R] = std::array::from_fn(|r| w[r][j]);
            let xv: [S::f32s; C] = std::array::from_fn(|c| x[j * C + c]);
            for r in 0..R {
                for c in 0..C {
                    acc[r][c][u] = simd.mul_add_f32s(wv[r], xv[c], acc[r][c][u]);
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
                sum += simd.reduce_sum_f32s(simd.mul_f32s(rows[r].0[j], packed[j * C + c]));
            }
            for (a, b) in rows[r].1.iter().zip(tails[c]) {
                sum += a * b;
            }
            sums[r][c] = sum;
        }
    }
    sums
}

#[cfg(test)]
mod tests {
    use pulp::Simd;

    use super::{Blocked, PackedInputs, Streaming};

    /// Which of the two kernels a check runs.
    #[derive(Debug, Clone, Copy)]
    enum Kernel {
        /// Small batches: the weights streamed once.
        Streaming,
        /// Large batches: the blocked kernel on 16 lanes, `ndarray`'s GEMM on others.
        Blocked,
    }

    /// One kernel on one vector unit, against the product in f64.
    #[track_caller]
    fn check<S: Simd>(simd: S, lanes: &str, kernel: Kernel) {
        let batches: &[usize] = match kernel {
            Kernel::Streaming => &[1, 2, 3, 4, 5, 9],
            Kernel::Blocked => &[17, 33, 40],
        };
        for (k, rows) in [(37, 13), (100, 203), (16, 8), (3, 5)] {
            for &batch in batches {
                let what = format!("{lanes} {kernel:?}");
                crate::lab::fixture::check_kernel(
                    &what,
                    (rows, k, batch),
                    |ops, out| match kernel {
                        Kernel::Streaming => simd.vectorize(Streaming { ops, out }),
                        Kernel::Blocked => {
                            let packed = PackedInputs::new(ops.x, k, batch, 2 * S::F32_LANES, 2);
                            simd.vectorize(Blocked {
                                ops,
                                packed: &packed,
                                out,
                            });
                        }
                    },
                );
            }
        }
    }

    /// Both kernels on every vector width they may meet (one lane, eight, sixteen; four or
    /// six weight streams; the blocked kernel or `ndarray`), whatever this machine dispatches
    /// to.
    #[test]
    fn both_kernels_are_right_on_every_vector_width() {
        for kernel in [Kernel::Streaming, Kernel::Blocked] {
            check(pulp::Scalar, "scalar", kernel);
            check(pulp::Scalar256b, "8 lanes", kernel);
            check(pulp::Scalar512b, "16 lanes", kernel);
            #[cfg(target_arch = "x86_64")]
            if let Some(v3) = pulp::x86::V3::try_new() {
                check(v3, "AVX2", kernel);
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(v4) = pulp::x86::V4::try_new() {
                check(v4, "AVX-512", kernel);
            }
        }
    }
}
