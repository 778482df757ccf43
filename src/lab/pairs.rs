//! The streaming kernel for three or four inputs on AVX-512: each weight row is read in
//! 8-float halves, each broadcast to both halves of a 16-lane register, and multiplied by two
//! inputs at once (input 0 in lanes 0–7 and input 1 in lanes 8–15 of one register; inputs 2
//! and 3 in the next). Six far-apart rows at a time, twelve accumulators.
//!
//! Why a kernel of its own: at B = 4 the inputs (64 KiB) outgrow L1, and the generic kernel
//! (16-lane row vectors, one accumulator per row and input) read the weights at 66–69 % of
//! the bandwidth roof on an idle Zen 5 where this loop read them at 72–77 %, measured side by
//! side (best of 8, alternating). Under memory contention both were near 90 %. `pulp`'s x86 V4
//! gives the AVX-512 broadcast (`_mm512_broadcast_f32x8`) safely.

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

use pulp::x86::{V3, V4};
use pulp::{Simd, WithSimd, f32x8, f32x16};

use super::operands::Operands;

/// Rows read at once.
const ROWS: usize = 6;

/// `out[n][b] = w[n] · x[b]` for three or four inputs (`ops.batch` ≤ 4) on one thread.
pub struct Pairs<'a> {
    /// The vector unit (its AVX-512 instructions).
    pub v4: V4,
    /// The thread's rows and the inputs.
    pub ops: Operands<'a>,
    /// The thread's rows × batch outputs.
    pub out: &'a mut [f32],
}

impl WithSimd for Pairs<'_> {
    type Output = ();
    #[inline(always)]
    fn with_simd<S: Simd>(self, _simd: S) {
        let Pairs { v4, ops, out } = self;
        let Operands { w, x, k, batch } = ops;
        assert!(batch <= 4, "pairs of up to four inputs");
        // Per 8 columns: [input 0 | input 1], [input 2 | input 3]; a missing input is zero.
        let halves = k / 8;
        let mut packed = vec![0.0_f32; halves * 32];
        for (j, chunk) in packed.chunks_exact_mut(32).enumerate() {
            for b in 0..batch {
                chunk[b * 8..b * 8 + 8].copy_from_slice(&x[b * k + j * 8..b * k + j * 8 + 8]);
            }
        }
        let packed: &[f32x16] = &V4::as_simd_f32s(&packed).0[..2 * halves];
        let rows = w.len() / k;
        let part = rows / ROWS;
        for i in 0..part {
            let row: [usize; ROWS] = std::array::from_fn(|r| r * part + i);
            let heads: [&[f32x8]; ROWS] = std::array::from_fn(|r| {
                let at = row[r] * k;
                &V3::as_simd_f32s(&w[at..at + halves * 8]).0[..halves]
            });
            let acc = dots(v4, heads, packed);
            for r in 0..ROWS {
                let sums = reduce(acc[r]);
                put(
                    w,
                    x,
                    k,
                    row[r],
                    (sums, halves * 8),
                    &mut out[row[r] * batch..(row[r] + 1) * batch],
                );
            }
        }
        // The rows the equal parts left out (fewer than six): plain dot products.
        for n in ROWS * part..rows {
            put(
                w,
                x,
                k,
                n,
                ([0.0; 4], 0),
                &mut out[n * batch..(n + 1) * batch],
            );
        }
    }
}

/// The register-blocked loop: `acc[r][0]` holds row r · inputs 0 | 1, `acc[r][1]` · 2 | 3.
#[inline(always)]
fn dots(v4: V4, heads: [&[f32x8]; ROWS], packed: &[f32x16]) -> [[f32x16; 2]; ROWS] {
    let [h0, h1, h2, h3, h4, h5] = heads;
    let mut acc = [[v4.splat_f32s(0.0); 2]; ROWS];
    // Zipped iterators, not indices: no bounds checks left in the loop.
    let steps = h0
        .iter()
        .zip(h1)
        .zip(h2)
        .zip(h3)
        .zip(h4)
        .zip(h5)
        .zip(packed.chunks_exact(2));
    for ((((((&a0, &a1), &a2), &a3), &a4), &a5), x) in steps {
        let (x01, x23) = (x[0], x[1]);
        let fma = |acc: &mut [f32x16; 2], half: f32x8| {
            let both: f32x16 = pulp::cast(v4.avx512dq._mm512_broadcast_f32x8(pulp::cast(half)));
            acc[0] = v4.mul_add_f32s(both, x01, acc[0]);
            acc[1] = v4.mul_add_f32s(both, x23, acc[1]);
        };
        let [r0, r1, r2, r3, r4, r5] = &mut acc;
        fma(r0, a0);
        fma(r1, a1);
        fma(r2, a2);
        fma(r3, a3);
        fma(r4, a4);
        fma(r5, a5);
    }
    acc
}

/// The four inputs' sums from a row's two accumulators (each half of a register is one input).
fn reduce(acc: [f32x16; 2]) -> [f32; 4] {
    let lanes: [[f32; 16]; 2] = acc.map(pulp::cast);
    std::array::from_fn(|b| lanes[b / 2][(b % 2) * 8..(b % 2) * 8 + 8].iter().sum())
}

/// Writes row `n`'s outputs: the kernel's `sums` (of the columns before `from`) plus plain
/// dot products of the columns from `from` on.
fn put(w: &[f32], x: &[f32], k: usize, n: usize, (sums, from): ([f32; 4], usize), out: &mut [f32]) {
    for (b, o) in out.iter_mut().enumerate() {
        let rest: f32 = (from..k).map(|p| w[n * k + p] * x[b * k + p]).sum();
        *o = sums[b] + rest;
    }
}
