//! `roofline lab`: measures this machine's roofline (streaming-read bandwidth and FP32 FMA
//! peak) and sweeps a decode-shaped multiply over the batch, B = 1, 2, 4 … 1024.
//!
//! Outside the domain because it needs the clock and threads; what it returns is a plain
//! [`LabReport`] the domain understands (intensities, the knee, "this machine" as a GPU).
//!
//! The weight matrix (K × N FP32, at least 256 MiB: far beyond any last-level cache) is
//! filled once with non-zero data by the threads that will read it, and serves as the
//! bandwidth kernel's buffer too. It lives on transparent huge pages where the system offers
//! them ([`buffer`]), as a decode engine's weights do: on 4 KiB pages the prefetchers stop at
//! every page and a streaming read on a few cores falls short of the memory's bandwidth. Every measurement keeps the best of its repeats, and the
//! median, so a busy machine shows as disagreeing repeats. Large batches are compute-bound and
//! would take seconds over the whole matrix on a small machine, so they multiply a slice of
//! its rows sized to a time budget; their intensity is that of the slice (see
//! [`SweepPoint::intensity`]).

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod buffer;
pub mod gemm;
pub mod gpu;
pub mod kernels;
pub mod matvec;
pub mod operands;
#[cfg(target_arch = "x86_64")]
pub mod pairs;
pub mod system;

use std::time::Instant;

use crate::domain::lab::{LAB_FORMAT_VERSION, LabReport, Repeated, SweepPoint};

/// How much to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Threads for every kernel.
    pub threads: usize,
    /// The weight matrix's inner dimension K.
    pub k: usize,
    /// The weight matrix's rows N.
    pub n: usize,
    /// Batches swept, increasing.
    pub batches: Vec<usize>,
    /// Repeats of the bandwidth and peak kernels.
    pub repeats: usize,
    /// Repeats of each sweep point.
    pub sweep_repeats: usize,
    /// Seconds one FMA-chain repeat should take.
    pub peak_seconds: f64,
    /// Seconds one large-batch sweep repeat should take at most (sets its slice of rows).
    pub point_seconds: f64,
}

impl Plan {
    /// The full run (≈ 5 s on a small machine) or `--quick` (≈ 2 s).
    #[must_use]
    pub fn new(threads: usize, quick: bool) -> Self {
        let threads = threads.max(1);
        Self {
            threads,
            // 4096 × 16384 × 4 bytes = 256 MiB.
            k: 4096,
            n: 16_384,
            batches: (0..=10).map(|p| 1 << p).collect(),
            repeats: if quick { 3 } else { 5 },
            sweep_repeats: if quick { 2 } else { 3 },
            peak_seconds: if quick { 0.02 } else { 0.05 },
            point_seconds: if quick { 0.03 } else { 0.1 },
        }
    }

    /// Progress steps: one per repeat of bandwidth and peak, one per sweep point, and the fill.
    #[must_use]
    pub fn steps(&self) -> u64 {
        (1 + 2 * self.repeats + self.batches.len()) as u64
    }
}

/// Runs the plan; `progress` is told what each step was as it finishes.
#[must_use]
pub fn run(plan: &Plan, progress: &mut dyn FnMut(&str)) -> LabReport {
    let threads = plan.threads;
    let mut weights = buffer::Buffer::zeroed(plan.k * plan.n, buffer::Pages::Huge);
    kernels::fill(&mut weights, threads);
    progress("filled the weights");

    let bytes = (weights.len() * 4) as f64;
    // One untimed pass warms the TLB and the threads.
    std::hint::black_box(kernels::stream_sum(&weights, threads));
    let bandwidth = repeat(plan.repeats, || {
        let start = Instant::now();
        std::hint::black_box(kernels::stream_sum(&weights, threads));
        let rate = bytes / start.elapsed().as_secs_f64();
        progress("bandwidth");
        rate
    });

    let iterations = calibrate_fma(plan.peak_seconds, threads);
    let peak = repeat(plan.repeats, || {
        let start = Instant::now();
        let (flops, sum) = kernels::fma_chains(iterations, threads);
        std::hint::black_box(sum);
        let rate = flops / start.elapsed().as_secs_f64();
        progress("peak");
        rate
    });

    let mut sweep = Vec::with_capacity(plan.batches.len());
    for &batch in &plan.batches {
        let rows = rows_for(plan, batch, peak.best);
        let x: Vec<f32> = (0..batch * plan.k)
            .map(|i| ((i % 7) as f32 - 3.0) * 0.125)
            .collect();
        let mut out = vec![0.0_f32; rows * batch];
        let ops = matvec::Operands {
            w: &weights[..rows * plan.k],
            x: &x,
            k: plan.k,
            batch,
        };
        let flops = 2.0 * (batch * plan.k * rows) as f64;
        let rate = repeat(plan.sweep_repeats, || {
            let start = Instant::now();
            matvec::multiply(ops, &mut out, threads);
            std::hint::black_box(&out);
            flops / start.elapsed().as_secs_f64()
        });
        progress(&format!("sweep B={batch}"));
        sweep.push(SweepPoint {
            batch: batch as u32,
            k: plan.k as u64,
            n: rows as u64,
            flops_per_s: rate,
        });
    }

    LabReport {
        format_version: LAB_FORMAT_VERSION,
        cpu: system::cpu_name(),
        threads: threads as u32,
        simd: kernels::simd_name(),
        memory_bytes: system::memory_bytes(),
        buffer_bytes: bytes,
        bandwidth,
        peak,
        sweep,
    }
}

/// Best and median of `times` runs of `measure` (rates are positive by construction; a
/// zero-length timing on a coarse clock gives infinity, kept out by the floor).
fn repeat(times: usize, mut measure: impl FnMut() -> f64) -> Repeated {
    let rates: Vec<f64> = (0..times.max(1))
        .map(|_| measure())
        .filter(|r| r.is_finite() && *r > 0.0)
        .collect();
    Repeated::of(&rates).unwrap_or(Repeated {
        best: f64::MIN_POSITIVE,
        median: f64::MIN_POSITIVE,
    })
}

/// FMA-chain iterations that take about `seconds` on `threads` threads.
fn calibrate_fma(seconds: f64, threads: usize) -> u64 {
    let mut iterations: u64 = 10_000;
    loop {
        let start = Instant::now();
        std::hint::black_box(kernels::fma_chains(iterations, threads));
        let took = start.elapsed().as_secs_f64();
        if took >= seconds / 4.0 || iterations > 1 << 40 {
            return ((iterations as f64 * seconds / took.max(1e-9)) as u64).max(1);
        }
        iterations *= 4;
    }
}

/// Rows of the weight matrix a batch multiplies: all of them for the streaming (memory-bound)
/// batches and while the multiply fits the point's time budget at the measured peak, else a
/// slice that does (at least 64 rows per thread).
fn rows_for(plan: &Plan, batch: usize, peak: f64) -> usize {
    if batch <= matvec::STREAMING_MAX_BATCH {
        return plan.n;
    }
    let flops_per_row = 2.0 * (batch * plan.k) as f64;
    let affordable = (plan.point_seconds * peak / flops_per_row) as usize;
    affordable.clamp(64 * plan.threads, plan.n).min(plan.n)
}

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod tests;
