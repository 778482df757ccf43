//! What `roofline lab` measured on this machine, as plain numbers, and what follows from them:
//! the sweep points' intensities and FLOP/s, the knee fitted through them, whether the
//! repeats agreed, and "this machine" as an accelerator the tutor can plot.
//!
//! The kernels that produce these numbers live in `crate::lab` (they need the clock and
//! threads); everything here is pure and tested by value.

use serde::{Deserialize, Serialize};

use super::hardware::{Capacity, Gpu, MIB, Peaks};
use super::roofline;

/// The lab file format this build reads and writes.
pub const LAB_FORMAT_VERSION: u32 = 1;

/// The catalog id of the measured machine.
pub const THIS_MACHINE_ID: &str = "this-machine";

/// Bytes per element of the lab's kernels (they run in FP32).
pub const LAB_ELEMENT_BYTES: f64 = 4.0;

/// Repeats whose median falls more than this share below the best mean the machine was busy.
pub const BUSY_SPREAD: f64 = 0.10;

/// One rate measured several times (bytes/s or FLOP/s).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repeated {
    /// The best repeat: the rate the machine can reach.
    pub best: f64,
    /// The median repeat.
    pub median: f64,
}

impl Repeated {
    /// Best and median of `rates` (`None` when empty or not all positive and finite).
    #[must_use]
    pub fn of(rates: &[f64]) -> Option<Self> {
        if rates.is_empty() || rates.iter().any(|r| !(r.is_finite() && *r > 0.0)) {
            return None;
        }
        let mut sorted = rates.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 0 {
            f64::midpoint(sorted[mid - 1], sorted[mid])
        } else {
            sorted[mid]
        };
        Some(Self {
            best: sorted[sorted.len() - 1],
            median,
        })
    }

    /// How far the median falls below the best, as a share of the best (0 = all agreed).
    #[must_use]
    pub fn spread(&self) -> f64 {
        1.0 - self.median / self.best
    }

    /// Whether the repeats disagree enough to suspect another program was running.
    #[must_use]
    pub fn disagrees(&self) -> bool {
        self.spread() > BUSY_SPREAD
    }
}

/// One point of the batch sweep: a `batch × k` by `k × n` FP32 multiply, the weights read once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepPoint {
    /// Vectors multiplied together (the decode batch B).
    pub batch: u32,
    /// The weight matrix's inner dimension K.
    pub k: u64,
    /// The weight matrix's output rows N actually multiplied at this batch.
    pub n: u64,
    /// FLOP/s of the multiply: best and median over the repeats.
    pub flops_per_s: Repeated,
}

impl SweepPoint {
    /// FLOPs of one multiply: 2·B·K·N.
    #[must_use]
    pub fn flops(&self) -> f64 {
        2.0 * f64::from(self.batch) * self.k as f64 * self.n as f64
    }

    /// Bytes one multiply must move at least: weights once, inputs and outputs once.
    #[must_use]
    pub fn bytes(&self) -> f64 {
        let (b, k, n) = (f64::from(self.batch), self.k as f64, self.n as f64);
        LAB_ELEMENT_BYTES * (k * n + b * k + b * n)
    }

    /// Arithmetic intensity, FLOP/byte (the engine's FC formula with FP32 everywhere).
    #[must_use]
    pub fn intensity(&self) -> f64 {
        roofline::fc_intensity(
            f64::from(self.batch),
            self.k as f64,
            self.n as f64,
            LAB_ELEMENT_BYTES,
            LAB_ELEMENT_BYTES,
        )
    }

    /// FLOP/s of the best repeat.
    #[must_use]
    pub fn best_flops_per_s(&self) -> f64 {
        self.flops_per_s.best
    }

    /// Bytes/s of the best repeat (how close a memory-bound point came to the bandwidth roof).
    #[must_use]
    pub fn bytes_per_s(&self) -> f64 {
        self.flops_per_s.best / self.intensity()
    }
}

/// Everything one `roofline lab` run measured. Saved as `lab.ron` in the data directory and
/// loaded at start as the "this machine" accelerator until the next run replaces it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabReport {
    /// Must be [`LAB_FORMAT_VERSION`].
    pub format_version: u32,
    /// The processor's name as the system gives it (or `unknown CPU`).
    pub cpu: String,
    /// Threads the kernels ran on.
    pub threads: u32,
    /// The vector unit the kernels ran on, e.g. `AVX-512 (16 × f32)`.
    pub simd: String,
    /// Installed memory in bytes, when the system says.
    pub memory_bytes: Option<f64>,
    /// Bytes the bandwidth kernel streamed per pass (far beyond the last-level cache).
    pub buffer_bytes: f64,
    /// Streaming-read bandwidth, bytes/s.
    pub bandwidth: Repeated,
    /// FP32 FMA throughput, FLOP/s.
    pub peak: Repeated,
    /// The batch sweep, in increasing batch.
    pub sweep: Vec<SweepPoint>,
}

impl LabReport {
    /// The ridge the two measured roofs predict, FLOP/byte.
    #[must_use]
    pub fn predicted_ridge(&self) -> f64 {
        roofline::ridge(self.peak.best, self.bandwidth.best)
    }

    /// The knee fitted through the sweep's points, if the sweep crossed it.
    #[must_use]
    pub fn fitted_knee(&self) -> Option<Knee> {
        fit_sweep_knee(&self.sweep, |p| (p.intensity(), p.best_flops_per_s()))
    }

    /// Which measurements had repeats that disagreed (names, for a warning).
    #[must_use]
    pub fn disagreeing(&self) -> Vec<String> {
        disagreeing_of(
            [("bandwidth", &self.bandwidth), ("peak", &self.peak)],
            self.sweep.iter().map(|p| (p.batch, &p.flops_per_s)),
        )
    }

    /// "This machine" as an accelerator: the measured bandwidth and FP32 peak (the only format
    /// the lab measures), and the installed memory (or, unknown, the bytes the lab allocated).
    #[must_use]
    pub fn as_gpu(&self) -> Gpu {
        Gpu {
            id: THIS_MACHINE_ID.to_owned(),
            name: "This machine".to_owned(),
            vendor: self.cpu.clone(),
            peak_tflops: Peaks {
                fp32: Some(self.peak.best / 1e12),
                ..Peaks::default()
            },
            bandwidth_tbs: self.bandwidth.best / 1e12,
            memory_gb: self.memory_bytes.unwrap_or(self.buffer_bytes) / 1e9,
            capacity: Some(Capacity {
                mib: self.memory_bytes.unwrap_or(self.buffer_bytes) / MIB,
                source: match self.memory_bytes {
                    Some(_) => "installed memory, as the operating system reports it",
                    None => "the bytes the lab allocated (the installed memory is unknown)",
                }
                .to_owned(),
            }),
            // A CPU's board power is not measured here: no energy figure for this machine.
            tdp_w: None,
            scale_up_link: None,
            scale_up_gpus: None,
            scale_out_link: None,
            source: format!(
                "measured by `roofline lab` on {} thread(s), {}",
                self.threads, self.simd
            ),
        }
    }
}

/// The names of the measurements whose repeats disagree: each named rate that does, then each
/// sweep point that does as `sweep B=…` (the CPU lab's and the GPU lab's warnings).
#[must_use]
pub fn disagreeing_of<'a>(
    rates: impl IntoIterator<Item = (&'a str, &'a Repeated)>,
    sweep: impl IntoIterator<Item = (u32, &'a Repeated)>,
) -> Vec<String> {
    rates
        .into_iter()
        .filter(|(_, rate)| rate.disagrees())
        .map(|(name, _)| name.to_owned())
        .chain(
            sweep
                .into_iter()
                .filter(|(_, rate)| rate.disagrees())
                .map(|(batch, _)| format!("sweep B={batch}")),
        )
        .collect()
}

/// A roofline fitted to measured points: the slope's bandwidth and the roof's FLOP/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knee {
    /// Bytes/s of the fitted slope.
    pub bandwidth: f64,
    /// FLOP/s of the fitted roof.
    pub peak: f64,
}

impl Knee {
    /// Where the fitted slope meets the fitted roof, FLOP/byte.
    #[must_use]
    pub fn ridge(&self) -> f64 {
        roofline::ridge(self.peak, self.bandwidth)
    }

    /// A fitted knee's ridge for a report, to `decimals` places, or that the sweep never
    /// crossed it.
    #[must_use]
    pub fn words(knee: Option<&Self>, decimals: usize) -> String {
        knee.map_or_else(
            || "not crossed by the sweep".to_owned(),
            |k| format!("{:.*} FLOP/byte", decimals, k.ridge()),
        )
    }
}

/// [`fit_knee`] through a sweep, each point placed by `point` as `(intensity, FLOP/s)`.
#[must_use]
pub fn fit_sweep_knee<P>(sweep: &[P], point: impl Fn(&P) -> (f64, f64)) -> Option<Knee> {
    let points: Vec<(f64, f64)> = sweep.iter().map(point).collect();
    fit_knee(&points)
}

/// Fits min(peak, bandwidth × intensity) to `(intensity, FLOP/s)` points by least squares in
/// log space: every split of the points (sorted by intensity) into a slope part and a roof
/// part is tried, each part's level is its geometric mean, and the split with the smallest
/// error wins. `None` with fewer than two points, when a point is not positive and finite, or
/// when the fitted knee lies outside the measured intensities (the sweep never crossed it).
#[must_use]
pub fn fit_knee(points: &[(f64, f64)]) -> Option<Knee> {
    if points
        .iter()
        .any(|&(i, f)| !(i.is_finite() && f.is_finite() && i > 0.0 && f > 0.0))
    {
        return None;
    }
    let mut logs: Vec<(f64, f64)> = points.iter().map(|&(i, f)| (i.ln(), f.ln())).collect();
    logs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mean = |values: &mut dyn Iterator<Item = f64>| {
        let (sum, count) = values.fold((0.0, 0_u32), |(s, c), v| (s + v, c + 1));
        sum / f64::from(count)
    };
    let mut best: Option<(f64, Knee)> = None;
    for split in 1..logs.len() {
        let (slope, roof) = logs.split_at(split);
        let log_bandwidth = mean(&mut slope.iter().map(|&(i, f)| f - i));
        let log_peak = mean(&mut roof.iter().map(|&(_, f)| f));
        let error: f64 = logs
            .iter()
            .map(|&(i, f)| {
                let model = (log_bandwidth + i).min(log_peak);
                (f - model).powi(2)
            })
            .sum();
        let knee = Knee {
            bandwidth: log_bandwidth.exp(),
            peak: log_peak.exp(),
        };
        if best.as_ref().is_none_or(|(e, _)| error < *e) {
            best = Some((error, knee));
        }
    }
    // A knee outside the measured intensities was extrapolated, not crossed.
    let (low, high) = (logs[0].0, logs[logs.len() - 1].0);
    best.map(|(_, knee)| knee)
        .filter(|knee| (low..=high).contains(&knee.ridge().ln()))
}

#[cfg(test)]
mod tests;
