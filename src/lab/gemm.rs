//! The sweep's large batches: a register-blocked, cache-blocked GEMM for 16-lane vector units
//! (AVX-512), `out (rows × batch) = w (rows × k) · xᵀ (k × batch)`, through `pulp`'s safe SIMD.
//!
//! ```text
//!            batch (packed once into panels of NR = 32 columns, k-major)
//!          ┌──────┬──────┬──────┐
//!   k ─────┤  B0  │  B1  │  B2  │   a panel: k × 32 floats, one row of it = two vectors
//!          └──────┴──────┴──────┘
//!  rows ┌───┐  ┌──────┐
//!  MR=12│ A │·…│ tile │  12 × 32 accumulators in 24 registers; per step of k: two vector
//!       └───┘  └──────┘  loads of B, twelve broadcasts of A, 24 FMAs
//! ```
//!
//! The inputs are packed once per multiply (all threads share them, each packing its share of
//! the panels); the weights are read in place, `MR` rows at a time. Loops, outer to inner: a
//! block of [`MC`] rows, a slice of [`KC`] of the inner dimension, a panel of the batch, a
//! tile of `MR` rows. The row block's slice of weights (`MC × KC`, 768 KiB) stays in L2 while
//! every panel uses it, and a panel's slice (`KC × 32`, 128 KiB) while every tile of the block
//! does; the tiles accumulate in `out` across the slices of `k`. The sizes were measured on a
//! Zen 5 (48 KiB L1, 1 MiB L2 per core; 2 cores, FMA peak 491 GFLOP/s): with `k` = 4096 and
//! B = 256 … 1024, slices of 1024 and blocks of 192 rows ran at about 420 GFLOP/s at every B,
//! slices of 256 and blocks of 96 rows at 340–410 (lower as B grows).
//!
//! Other vector units (AVX2, NEON, scalar) use `ndarray`'s GEMM (matrixmultiply's packed
//! kernels for them), see [`super::matvec`].

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

use pulp::Simd;

use super::kernels::split;
use super::operands::Operands;

/// The vector width this kernel is for: 16 `f32` lanes (AVX-512).
pub const LANES: usize = 16;
/// Columns of a tile (and of a packed panel).
pub const NR: usize = NV * LANES;
/// Rows of a tile.
pub const MR: usize = 12;
/// Vectors of a tile's row (columns of a tile: `NV × lanes`).
const NV: usize = 2;
/// The slice of the inner dimension a tile sums before it goes back to `out`.
pub const KC: usize = 1024;
/// Rows of a block (a multiple of [`MR`]).
pub const MC: usize = 16 * MR;

/// The inputs packed for the kernel: panels of `nr` columns of `xᵀ`, each `k × nr` floats with
/// a step of `k` contiguous (columns past `batch` are zero).
pub struct PackedInputs {
    data: Vec<f32>,
    k: usize,
    nr: usize,
    batch: usize,
}

impl PackedInputs {
    /// Packs `x` (`batch × k`, row-major) on `threads` threads, in panels of `nr` columns.
    #[must_use]
    pub fn new(x: &[f32], k: usize, batch: usize, nr: usize, threads: usize) -> Self {
        let panels = batch.div_ceil(nr);
        let mut data = vec![0.0_f32; panels * k * nr];
        let per_panel = k * nr;
        let ranges = split(panels, threads);
        std::thread::scope(|scope| {
            let mut rest = data.as_mut_slice();
            for range in ranges {
                let (mine, tail) = rest.split_at_mut(range.len() * per_panel);
                rest = tail;
                scope.spawn(move || {
                    for (panel, out) in range.zip(mine.chunks_exact_mut(per_panel)) {
                        for c in 0..nr {
                            let column = panel * nr + c;
                            if column >= batch {
                                break;
                            }
                            let input = &x[column * k..(column + 1) * k];
                            for (p, &v) in input.iter().enumerate() {
                                out[p * nr + c] = v;
                            }
                        }
                    }
                });
            }
        });
        Self { data, k, nr, batch }
    }

    /// Panel `j`'s rows `p0..p1` of the inner dimension.
    fn panel(&self, j: usize, p0: usize, p1: usize) -> &[f32] {
        let start = j * self.k * self.nr;
        &self.data[start + p0 * self.nr..start + p1 * self.nr]
    }

    fn panels(&self) -> usize {
        self.batch.div_ceil(self.nr)
    }
}

/// `out = w · xᵀ` for one thread's rows (`ops.w`, `out`), the inputs already packed in panels
/// of `2 × S::F32_LANES` columns.
///
/// # Panics
/// When `packed` was packed for another width.
#[inline(always)]
pub fn multiply<S: Simd>(simd: S, ops: Operands<'_>, packed: &PackedInputs, out: &mut [f32]) {
    let Operands { w, k, batch, .. } = ops;
    let nr = NV * S::F32_LANES;
    assert_eq!(packed.nr, nr, "the inputs are packed for this vector width");
    let rows = w.len() / k;
    // The last rows short of a whole tile, padded with zero rows.
    let whole = rows - rows % MR;
    let mut padded = vec![0.0_f32; MR * k];
    padded[..(rows - whole) * k].copy_from_slice(&w[whole * k..]);
    for block in (0..rows).step_by(MC) {
        let block_end = (block + MC).min(rows);
        for p0 in (0..k).step_by(KC) {
            let p1 = (p0 + KC).min(k);
            for j in 0..packed.panels() {
                let b = S::as_simd_f32s(packed.panel(j, p0, p1)).0;
                let columns = (batch - j * nr).min(nr);
                for r0 in (block..block_end).step_by(MR) {
                    let a: [&[f32]; MR] = std::array::from_fn(|i| {
                        let row = r0 + i;
                        if row < whole {
                            &w[row * k + p0..row * k + p1]
                        } else {
                            let i = row - whole;
                            &padded[i * k + p0..i * k + p1]
                        }
                    });
                    let place = Place {
                        r0,
                        present: (rows - r0).min(MR),
                        c0: j * nr,
                        columns,
                        batch,
                    };
                    let mut acc = [[simd.splat_f32s(0.0); NV]; MR];
                    if p0 > 0 {
                        load(&mut acc, out, place);
                    }
                    tile(simd, a, b, &mut acc);
                    store(&acc, out, place);
                }
            }
        }
    }
}

/// `acc[i] += Σ_p a[i][p] · b[p]`: the register-blocked kernel.
// Index loops on purpose: iterators borrowing `acc` would pin the accumulators to the stack.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn tile<S: Simd>(simd: S, a: [&[f32]; MR], b: &[S::f32s], acc: &mut [[S::f32s; NV]; MR]) {
    let steps = a[0].len();
    // Every row and the panel cut to the same steps: no bounds checks left in the loop.
    let a: [&[f32]; MR] = a.map(|row| &row[..steps]);
    let b = &b[..steps * NV];
    let mut t = *acc;
    for p in 0..steps {
        let bv: [S::f32s; NV] = std::array::from_fn(|v| b[p * NV + v]);
        for i in 0..MR {
            let av = simd.splat_f32s(a[i][p]);
            for v in 0..NV {
                t[i][v] = simd.mul_add_f32s(av, bv[v], t[i][v]);
            }
        }
    }
    *acc = t;
}

/// Where a tile's accumulators sit in `out`: `present` rows from `r0`, `columns` columns from
/// `c0`, in rows of `batch`.
#[derive(Clone, Copy)]
struct Place {
    r0: usize,
    present: usize,
    c0: usize,
    columns: usize,
    batch: usize,
}

impl Place {
    /// The span of `out` each present row of the tile covers, in order.
    fn spans(self) -> impl Iterator<Item = std::ops::Range<usize>> {
        (self.r0..self.r0 + self.present).map(move |row| {
            let at = row * self.batch + self.c0;
            at..at + self.columns
        })
    }
}

/// The tile at `place` of `out` into `acc`.
fn load<V: Copy + bytemuck::Pod>(acc: &mut [[V; NV]; MR], out: &[f32], place: Place) {
    for (row, span) in acc.iter_mut().zip(place.spans()) {
        let lanes: &mut [f32] = bytemuck::cast_slice_mut(row.as_mut_slice());
        lanes[..place.columns].copy_from_slice(&out[span]);
    }
}

/// `acc` into the tile at `place` of `out`.
fn store<V: Copy + bytemuck::Pod>(acc: &[[V; NV]; MR], out: &mut [f32], place: Place) {
    for (row, span) in acc.iter().zip(place.spans()) {
        let lanes: &[f32] = bytemuck::cast_slice(row.as_slice());
        out[span].copy_from_slice(&lanes[..place.columns]);
    }
}

#[cfg(test)]
mod tests {
    use pulp::{Simd, WithSimd};
    use rstest::rstest;

    use super::{MC, MR, PackedInputs, multiply};
    use crate::lab::matvec::Operands;

    struct Run<'a> {
        ops: Operands<'a>,
        out: &'a mut [f32],
    }

    impl WithSimd for Run<'_> {
        type Output = ();
        #[inline(always)]
        fn with_simd<S: Simd>(self, simd: S) {
            let Operands { x, k, batch, .. } = self.ops;
            let packed = PackedInputs::new(x, k, batch, 2 * S::F32_LANES, 2);
            multiply(simd, self.ops, &packed, self.out);
        }
    }

    /// The blocked kernel on one vector unit, against the product in f64.
    #[track_caller]
    fn check(simd: impl Simd, unit: &str, rows: usize, k: usize, batch: usize) {
        crate::lab::fixture::check_kernel(unit, (rows, k, batch), |ops, out| {
            simd.vectorize(Run { ops, out });
        });
    }

    // Rows: fewer than a tile, not a whole number of tiles, more than a block (MC = 192) and
    // not a whole number of blocks; k: under a slice, one slice and a few, and more than a
    // slice (KC = 1024) with a ragged last slice; batch: under a panel of 32, a panel and one,
    // and a ragged last panel.
    #[rstest]
    fn the_blocked_kernel_matches_the_naive_product(
        #[values(5, MR, 2 * MR + 1, MC + 13)] rows: usize,
        #[values(3, 40, 1100)] k: usize,
        #[values(17, 33, 70)] batch: usize,
    ) {
        check(pulp::Scalar512b, "16 lanes", rows, k, batch);
        #[cfg(target_arch = "x86_64")]
        if let Some(v4) = pulp::x86::V4::try_new() {
            check(v4, "AVX-512", rows, k, batch);
        }
    }
}
