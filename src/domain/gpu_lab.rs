//! What `roofline lab --gpu` measured on an NVIDIA GPU, as plain numbers, and what follows from
//! them: the plan (sizes that defeat the L2 and fit the card), each sweep point's intensity and
//! weight-read rate, the measured ridge, the knee fitted through the sweep, whether repeats
//! agreed or the clocks were held back, and "this GPU" as an accelerator the tutor can plot.
//!
//! The CUDA code that produces these numbers lives in `crate::lab::gpu` (the one place the
//! crate allows `unsafe`); everything here is pure and tested by value.

use serde::{Deserialize, Serialize};

use super::hardware::{Capacity, Gpu, MIB, Peaks};
use super::lab::{Knee, Repeated, disagreeing_of, fit_sweep_knee, matmul_flops, matmul_intensity};
use super::roofline;

/// The GPU lab file format this build reads and writes.
pub const GPU_LAB_FORMAT_VERSION: u32 = 1;

/// The catalog id of the measured GPU.
pub const THIS_GPU_ID: &str = "this-gpu";

/// Bytes per element of the sweep's weights, inputs and outputs (BF16).
pub const BF16_BYTES: f64 = 2.0;

/// 2 GiB: the smallest weight matrix the sweep reads, forty times an H100's 50 MB L2, so every
/// step reads its weights from HBM as a decode step does.
pub const MIN_WEIGHT_BYTES: u64 = 2 << 30;

/// 4 GiB: the streaming-read buffer (the smaller the buffer, the more launch and tail effects).
pub const READ_BYTES: u64 = 4 << 30;

/// The square GEMM's side: 8192³ is large enough for cuBLAS to reach its peak on any card.
pub const GEMM_SIDE: u64 = 8192;

/// How much to measure on the card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuPlan {
    /// Bytes the streaming-read kernel reads per pass.
    pub read_bytes: u64,
    /// The square GEMM's side (M = N = K).
    pub gemm_side: u64,
    /// The sweep's weight matrix inner dimension K (the hidden size).
    pub k: u64,
    /// The sweep's weight matrix output features N.
    pub n: u64,
    /// Batches swept, increasing.
    pub batches: Vec<u32>,
    /// Untimed runs before each measurement.
    pub warmups: u32,
    /// Timed runs of each measurement (the best and the median are kept).
    pub repeats: u32,
}

/// Why a plan cannot be made for a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// The card has too little free memory for a sweep that defeats its cache.
    #[error(
        "the GPU has {free_mib} MiB free; the lab needs {needed_mib} MiB (a 2 GiB weight matrix, its batches and a 4 GiB read buffer, one at a time)"
    )]
    TooLittleMemory {
        /// Free memory, MiB.
        free_mib: u64,
        /// What the plan needs at its largest, MiB.
        needed_mib: u64,
    },
}

impl GpuPlan {
    /// The plan for a card with `free_bytes` of memory free: the full run, or `--quick` (fewer
    /// repeats, same sizes: the sizes are what make the figures honest).
    pub fn new(free_bytes: u64, quick: bool) -> Result<Self, PlanError> {
        let k: u64 = 8192;
        let plan = Self {
            read_bytes: READ_BYTES,
            gemm_side: GEMM_SIDE,
            k,
            // 8192 × 131,072 × 2 bytes = 2 GiB exactly.
            n: MIN_WEIGHT_BYTES / (k * 2),
            batches: (0..=10).map(|p| 1 << p).collect(),
            warmups: 2,
            repeats: if quick { 3 } else { 7 },
        };
        let needed = plan.peak_bytes();
        // A tenth kept free for the context, cuBLAS's workspace and the driver.
        if needed as f64 > 0.9 * free_bytes as f64 {
            return Err(PlanError::TooLittleMemory {
                free_mib: free_bytes >> 20,
                needed_mib: (needed as f64 / 0.9) as u64 >> 20,
            });
        }
        Ok(plan)
    }

    /// The most device memory one part of the plan holds at once, bytes (parts run in turn and
    /// free their buffers).
    #[must_use]
    pub fn peak_bytes(&self) -> u64 {
        let b = u64::from(self.batches.last().copied().unwrap_or(1));
        let sweep = 2 * (self.k * self.n + b * self.k + b * self.n);
        let gemm = 3 * self.gemm_side * self.gemm_side * 2;
        sweep.max(gemm).max(self.read_bytes)
    }

    /// Progress steps: the read, one or two GEMMs, and one per sweep point.
    #[must_use]
    pub fn steps(&self) -> u64 {
        3 + self.batches.len() as u64
    }

    /// FLOPs of one square GEMM: 2·S³.
    #[must_use]
    pub fn gemm_flops(&self) -> f64 {
        2.0 * (self.gemm_side as f64).powi(3)
    }
}

/// One point of the decode-shaped sweep: a `batch × k` by `k × n` BF16 multiply, the weights
/// read once per step, timed with device events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuSweepPoint {
    /// Vectors multiplied together (the decode batch B).
    pub batch: u32,
    /// The weight matrix's inner dimension K.
    pub k: u64,
    /// The weight matrix's output features N.
    pub n: u64,
    /// FLOP/s of the multiply: best and median over the repeats.
    pub flops_per_s: Repeated,
}

impl GpuSweepPoint {
    /// FLOPs of one multiply: 2·B·K·N.
    #[must_use]
    pub fn flops(&self) -> f64 {
        matmul_flops(self.batch, self.k, self.n)
    }

    /// Bytes of the weight matrix, K·N·2.
    #[must_use]
    pub fn weight_bytes(&self) -> f64 {
        self.k as f64 * self.n as f64 * BF16_BYTES
    }

    /// Arithmetic intensity, FLOP/byte (the engine's FC formula, BF16 everywhere).
    #[must_use]
    pub fn intensity(&self) -> f64 {
        matmul_intensity(self.batch, self.k, self.n, BF16_BYTES)
    }

    /// Seconds of the best step.
    #[must_use]
    pub fn best_seconds(&self) -> f64 {
        self.flops() / self.flops_per_s.best
    }

    /// Weight bytes read per second in the best step (what a decode engine calls its weight
    /// read rate: the figure MBU divides by the bandwidth).
    #[must_use]
    pub fn weight_bytes_per_s(&self) -> f64 {
        self.weight_bytes() / self.best_seconds()
    }
}

/// Whether the card ran at its clocks while it was measured (NVML's throttle reasons).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Clocks {
    /// NVML was not there to ask.
    Unknown,
    /// No reason to slow down was reported.
    Full,
    /// The card held its clocks back, for these reasons (power cap, thermal, …).
    Throttled(Vec<String>),
}

/// Everything one `roofline lab --gpu` run measured. Saved as `gpu-lab.ron` in the data
/// directory and loaded at start as the accelerator [`THIS_GPU_ID`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuLabReport {
    /// Must be [`GPU_LAB_FORMAT_VERSION`].
    pub format_version: u32,
    /// The device's name as the driver gives it, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// The catalog's id for that card when it knows it (its datasheet roofline is drawn beside).
    pub catalog_id: Option<String>,
    /// The device's index as CUDA counts them.
    pub ordinal: u32,
    /// Compute capability, e.g. `9.0`.
    pub compute_capability: String,
    /// Device memory in bytes (the driver's total).
    pub memory_bytes: u64,
    /// Bytes the streaming read covered per pass.
    pub read_bytes: u64,
    /// Streaming-read bandwidth, bytes/s.
    pub bandwidth: Repeated,
    /// Dense BF16 GEMM throughput (cuBLAS, FP32 accumulate), FLOP/s.
    pub bf16_peak: Repeated,
    /// Dense FP8 GEMM throughput, FLOP/s, where the card and cuBLAS have it.
    pub fp8_peak: Option<Repeated>,
    /// The decode-shaped sweep, in increasing batch.
    pub sweep: Vec<GpuSweepPoint>,
    /// The clocks while measuring.
    pub clocks: Clocks,
}

impl GpuLabReport {
    /// MBU and MFU of the sweep's point nearest `batch` (0.9 = 90 %): its weight read rate
    /// over the measured read roof, its FLOP/s over the measured BF16 peak. These are the
    /// roofs `this-gpu` is drawn and evaluated with, as an endpoint's shares divide by the
    /// roofs its scenario is evaluated against. `None` for an empty sweep.
    #[must_use]
    pub fn shares_at(&self, batch: u32) -> Option<(f64, f64)> {
        let point = self.sweep.iter().min_by_key(|p| p.batch.abs_diff(batch))?;
        Some((
            point.weight_bytes_per_s() / self.bandwidth.best,
            point.flops_per_s.best / self.bf16_peak.best,
        ))
    }

    /// The ridge the two measured roofs predict (BF16), FLOP/byte.
    #[must_use]
    pub fn measured_ridge(&self) -> f64 {
        roofline::ridge(self.bf16_peak.best, self.bandwidth.best)
    }

    /// The knee fitted through the sweep's points, if the sweep crossed it.
    #[must_use]
    pub fn fitted_knee(&self) -> Option<Knee> {
        fit_sweep_knee(&self.sweep, |p| (p.intensity(), p.flops_per_s.best))
    }

    /// What went wrong while measuring, as warnings: repeats that disagreed, held-back clocks.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let disagree = disagreeing_of(
            [
                ("HBM read", &self.bandwidth),
                ("BF16 GEMM", &self.bf16_peak),
            ]
            .into_iter()
            .chain(self.fp8_peak.as_ref().map(|p| ("FP8 GEMM", p))),
            self.sweep.iter().map(|p| (p.batch, &p.flops_per_s)),
        );
        let mut warnings = Vec::new();
        if !disagree.is_empty() {
            warnings.push(format!(
                "repeats of {} disagreed by more than 10% (another program on the GPU?)",
                disagree.join(", ")
            ));
        }
        match &self.clocks {
            Clocks::Throttled(reasons) => warnings.push(format!(
                "the GPU held its clocks back while measuring ({}): the figures may be low",
                reasons.join(", ")
            )),
            Clocks::Full | Clocks::Unknown => {}
        }
        warnings
    }

    /// "This GPU" as an accelerator: the measured read bandwidth and GEMM peaks, the memory
    /// the driver reports.
    #[must_use]
    pub fn as_gpu(&self) -> Gpu {
        Gpu {
            id: THIS_GPU_ID.to_owned(),
            name: format!("This GPU ({})", self.name),
            vendor: "NVIDIA".to_owned(),
            peak_tflops: Peaks {
                bf16: Some(self.bf16_peak.best / 1e12),
                fp8: self.fp8_peak.as_ref().map(|p| p.best / 1e12),
                ..Peaks::default()
            },
            bandwidth_tbs: self.bandwidth.best / 1e12,
            memory_gb: self.memory_bytes as f64 / 1e9,
            capacity: Some(Capacity {
                mib: self.memory_bytes as f64 / MIB,
                source: "the total memory the CUDA driver reports".to_owned(),
            }),
            // Board power is the datasheet's business; the lab measures rates only.
            tdp_w: None,
            scale_up_link: None,
            scale_up_gpus: None,
            scale_out_link: None,
            source: format!(
                "measured by `roofline lab --gpu` on device {} ({}, compute capability {})",
                self.ordinal, self.name, self.compute_capability
            ),
        }
    }

    /// Each measured roof as a share of the datasheet's (`gpu` is the catalog's entry for the
    /// same card): read bandwidth, BF16 peak, FP8 peak where both have it.
    #[must_use]
    pub fn of_datasheet(&self, gpu: &Gpu) -> OfDatasheet {
        let share = |measured: f64, sheet: Option<f64>| {
            sheet
                .filter(|s| s.is_finite() && *s > 0.0)
                .map(|s| measured / s)
        };
        OfDatasheet {
            bandwidth: share(self.bandwidth.best / 1e12, Some(gpu.bandwidth_tbs)),
            bf16: share(self.bf16_peak.best / 1e12, gpu.peak_tflops.bf16),
            fp8: self
                .fp8_peak
                .as_ref()
                .and_then(|p| share(p.best / 1e12, gpu.peak_tflops.fp8)),
            ridge: share(
                self.measured_ridge(),
                gpu.peak_tflops
                    .bf16
                    .map(|p| roofline::ridge(p * 1e12, gpu.bandwidth_tbs * 1e12)),
            ),
        }
    }
}

/// Measured roofs as shares of the datasheet's (1.0 = the datasheet figure).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OfDatasheet {
    /// Read bandwidth.
    pub bandwidth: Option<f64>,
    /// BF16 dense peak.
    pub bf16: Option<f64>,
    /// FP8 dense peak.
    pub fp8: Option<f64>,
    /// The measured ridge against the datasheet's.
    pub ridge: Option<f64>,
}

#[cfg(test)]
mod tests;
