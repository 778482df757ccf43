//! The lab's kernels: a streaming read, independent FMA chains, and the decode-shaped multiply.
//! Each runs on `threads` scoped threads over disjoint slices and returns a value that depends
//! on every element it touched, so the compiler cannot drop the work. SIMD comes from `pulp`,
//! which picks the widest vector unit at run time (AVX-512, AVX2+FMA, NEON, or scalar) with a
//! safe API; the crate forbids `unsafe`.

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

use pulp::{Arch, Simd, WithSimd};

/// `f32` lanes of the vector unit `pulp` dispatches to on this machine (16 for AVX-512).
#[must_use]
pub fn lanes() -> usize {
    struct Lanes;
    impl WithSimd for Lanes {
        type Output = usize;
        #[inline(always)]
        fn with_simd<S: Simd>(self, _simd: S) -> usize {
            S::F32_LANES
        }
    }
    Arch::new().dispatch(Lanes)
}

/// The vector unit `pulp` dispatches to on this machine, e.g. `AVX2+FMA (8 × f32)`.
#[must_use]
pub fn simd_name() -> String {
    let lanes = lanes();
    let unit = match (
        cfg!(target_arch = "x86_64"),
        cfg!(target_arch = "aarch64"),
        lanes,
    ) {
        (true, _, 16) => "AVX-512",
        (true, _, 8) => "AVX2+FMA",
        (_, true, 4) => "NEON",
        (_, _, 1) => "scalar",
        _ => "SIMD",
    };
    format!("{unit} ({lanes} × f32)")
}

/// Splits `len` items into `parts` nearly equal contiguous ranges (the first ones one longer).
#[must_use]
pub fn split(len: usize, parts: usize) -> Vec<std::ops::Range<usize>> {
    let parts = parts.max(1);
    let (each, extra) = (len / parts, len % parts);
    let mut start = 0;
    (0..parts)
        .map(|i| {
            let end = start + each + usize::from(i < extra);
            let range = start..end;
            start = end;
            range
        })
        .collect()
}

/// Fills `data` with small non-zero values, each thread writing its own slice so the pages
/// are faulted in (and placed near the thread that will read them) before any timing.
pub fn fill(data: &mut [f32], threads: usize) {
    let chunk = data.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for (t, part) in data.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                for (i, x) in part.iter_mut().enumerate() {
                    *x = ((t * chunk + i) % 13 + 1) as f32 * (1.0 / 64.0);
                }
            });
        }
    });
}

/// Streams each thread reads at once: its slice in far-apart parts, read side by side, so
/// several pages are open and the prefetchers keep several streams in flight.
pub const READ_STREAMS: usize = 4;

/// Vectors each stream adds per step into as many accumulators (hides the add latency).
const READ_UNROLL: usize = 2;

/// Streaming read: every thread sums its slice as [`READ_STREAMS`] interleaved streams.
// Index loops: see the comment in the loop.
#[allow(clippy::needless_range_loop)]
/// Returns the sum of every element.
#[must_use]
pub fn stream_sum(data: &[f32], threads: usize) -> f32 {
    struct Sum<'a>(&'a [f32]);
    impl WithSimd for Sum<'_> {
        type Output = f32;
        #[inline(always)]
        fn with_simd<S: Simd>(self, simd: S) -> f32 {
            const U: usize = READ_UNROLL;
            let streams = split(self.0.len(), READ_STREAMS);
            // Equal whole steps in every stream (the shortest is the last); the rest of each
            // is added after the loop.
            let vectors = S::as_simd_f32s(&self.0[streams[READ_STREAMS - 1].clone()])
                .0
                .len();
            let steps = vectors / U;
            let heads: [&[S::f32s]; READ_STREAMS] = std::array::from_fn(|s| {
                &S::as_simd_f32s(&self.0[streams[s].clone()]).0[..steps * U]
            });
            let mut acc = [[simd.splat_f32s(0.0); U]; READ_STREAMS];
            // Index loops on purpose: iterators borrowing `acc` would pin the accumulators to
            // the stack.
            for i in 0..steps {
                for s in 0..READ_STREAMS {
                    for u in 0..U {
                        acc[s][u] = simd.add_f32s(acc[s][u], heads[s][i * U + u]);
                    }
                }
            }
            let mut total = 0.0;
            for a in acc.iter().flatten() {
                total += simd.reduce_sum_f32s(*a);
            }
            // What the whole steps left in each stream.
            for r in &streams {
                let (vecs, tail) = S::as_simd_f32s(&self.0[r.clone()]);
                for &v in &vecs[steps * U..] {
                    total += simd.reduce_sum_f32s(v);
                }
                total += tail.iter().sum::<f32>();
            }
            total
        }
    }
    let arch = Arch::new();
    let parts = split(data.len(), threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|r| {
                let part = &data[r];
                scope.spawn(move || arch.dispatch(Sum(part)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    })
}

/// Independent FMA chains per thread: `CHAINS` accumulators each updated `iterations` times.
pub const CHAINS: usize = 12;

/// Runs the FMA chains on every thread; returns (FLOPs done, a value that depends on them).
#[must_use]
pub fn fma_chains(iterations: u64, threads: usize) -> (f64, f32) {
    struct Chains(u64);
    impl WithSimd for Chains {
        type Output = (usize, f32);
        #[inline(always)]
        fn with_simd<S: Simd>(self, simd: S) -> (usize, f32) {
            // Opaque constants: the chains cannot be folded into a closed form at compile time.
            let a = simd.splat_f32s(std::hint::black_box(0.999_999));
            let b = simd.splat_f32s(std::hint::black_box(1e-6));
            let mut acc = [simd.splat_f32s(1.0); CHAINS];
            for _ in 0..self.0 {
                for x in &mut acc {
                    *x = simd.mul_add_f32s(*x, a, b);
                }
            }
            let sum = acc.iter().map(|&x| simd.reduce_sum_f32s(x)).sum();
            (S::F32_LANES, sum)
        }
    }
    let arch = Arch::new();
    let results: Vec<(usize, f32)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| scope.spawn(move || arch.dispatch(Chains(iterations))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or((0, 0.0)))
            .collect()
    });
    let flops = results
        .iter()
        .map(|&(lanes, _)| 2.0 * iterations as f64 * (CHAINS * lanes) as f64)
        .sum();
    (flops, results.iter().map(|&(_, s)| s).sum())
}
