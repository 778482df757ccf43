//! The lab's kernels: a streaming read, independent FMA chains, and the decode-shaped multiply.
//! Each runs on `threads` scoped threads over disjoint slices and returns a value that depends
//! on every element it touched, so the compiler cannot drop the work. SIMD comes from `pulp`,
//! which picks the widest vector unit at run time (AVX-512, AVX2+FMA, NEON, or scalar) with a
//! safe API; the crate forbids `unsafe`.

// pulp compiles a kernel for the detected vector unit only when the kernel is inlined into its
// dispatch function (the one with the target features): `inline(always)` is required here.
#![allow(clippy::inline_always)]

use pulp::{Arch, Simd, WithSimd};

/// The vector unit `pulp` dispatches to on this machine, e.g. `AVX2+FMA (8 × f32)`.
#[must_use]
pub fn simd_name() -> String {
    struct Lanes;
    impl WithSimd for Lanes {
        type Output = usize;
        #[inline(always)]
        fn with_simd<S: Simd>(self, _simd: S) -> usize {
            S::F32_LANES
        }
    }
    let lanes = Arch::new().dispatch(Lanes);
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

/// Streaming read: every thread sums its slice as four interleaved streams (four open pages
/// per thread keep more misses in flight than one). Returns the sum of every element.
#[must_use]
pub fn stream_sum(data: &[f32], threads: usize) -> f32 {
    struct Sum<'a>(&'a [f32]);
    impl WithSimd for Sum<'_> {
        type Output = f32;
        #[inline(always)]
        fn with_simd<S: Simd>(self, simd: S) -> f32 {
            let streams = split(self.0.len(), 4);
            let quarter = streams[3].len();
            let (heads, tails): (Vec<_>, Vec<_>) = streams
                .iter()
                .map(|r| S::as_simd_f32s(&self.0[r.start..r.start + quarter]))
                .unzip();
            let zero = simd.splat_f32s(0.0);
            let mut acc = [zero; 8];
            let steps = heads[0].len() / 2;
            for i in 0..steps {
                for (s, head) in heads.iter().enumerate() {
                    acc[2 * s] = simd.add_f32s(acc[2 * s], head[2 * i]);
                    acc[2 * s + 1] = simd.add_f32s(acc[2 * s + 1], head[2 * i + 1]);
                }
            }
            let mut total = acc.iter().map(|&a| simd.reduce_sum_f32s(a)).sum::<f32>();
            for head in &heads {
                total += head[2 * steps..]
                    .iter()
                    .map(|&v| simd.reduce_sum_f32s(v))
                    .sum::<f32>();
            }
            total += tails.iter().flat_map(|t| t.iter()).sum::<f32>();
            // The elements the equal-length streams left out (at most three).
            total += streams
                .iter()
                .flat_map(|r| &self.0[r.start + quarter..r.end])
                .sum::<f32>();
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
