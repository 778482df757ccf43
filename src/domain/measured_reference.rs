//! A measured reference for one accelerator: roofs a real card reached (HBM read, GEMM peaks),
//! a decode-shaped sweep of one model's linear layers over the batch, and whole-model decode
//! steps. Shipped for `h100-sxm` (`assets/measured/h100-sxm.ron`); every figure is placed
//! against the same roofline the tutor draws.

use serde::Deserialize;

use crate::domain::model::{Attention, ModelSpec};

/// What a roof measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum RoofUnit {
    /// Bytes per second (a bandwidth).
    BytesPerSecond,
    /// FLOP per second (a peak).
    FlopsPerSecond,
}

/// One measured roof.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredRoof {
    /// Stable id, e.g. `hbm-read`.
    pub id: String,
    /// How it was measured.
    pub how: String,
    /// The best of the runs.
    pub best: f64,
    /// Their median, when kept.
    #[serde(default)]
    pub median: Option<f64>,
    /// Bandwidth or FLOP/s.
    pub unit: RoofUnit,
}

/// One batch of the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepPoint {
    /// Tokens in the batch.
    pub batch: u32,
    /// Best step time, ms.
    pub best_ms: f64,
    /// Median step time, ms.
    pub median_ms: f64,
}

/// Every linear layer of a model, one batch of tokens through all of them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerSweep {
    /// The model whose shapes were used.
    pub model: String,
    /// How.
    pub method: String,
    /// (input width, output width, count) of each matmul.
    pub shapes: Vec<(u64, u64, u32)>,
    /// The batches, rising.
    pub points: Vec<SweepPoint>,
}

impl LayerSweep {
    /// Whether the sweep measured `model`'s own linear layers: a dense model with standard
    /// attention whose matmuls (QKV, O, gate+up, down per layer, then the output head) are the
    /// sweep's shapes. By shape, not by id: an imported `config.json` of the same model is it.
    #[must_use]
    pub fn measures(&self, model: &ModelSpec) -> bool {
        let plain = model.experts.is_none()
            && model.linear_attention.is_none()
            && matches!(model.attention, Attention::Standard);
        let heads = |n: u32| u64::from(n) * u64::from(model.head_dim);
        let qkv = heads(model.query_heads) + 2 * heads(model.kv_heads);
        let own = [
            (model.hidden, qkv, model.layers),
            (heads(model.query_heads), model.hidden, model.layers),
            (model.hidden, 2 * model.ffn, model.layers),
            (model.ffn, model.hidden, model.layers),
            (model.hidden, model.vocab, 1),
        ];
        plain && self.shapes == own
    }

    /// Weights multiplied per step (BF16, 2 bytes each in the sweep).
    #[must_use]
    pub fn weight_params(&self) -> f64 {
        self.shapes
            .iter()
            .map(|&(i, o, n)| (i * o) as f64 * f64::from(n))
            .sum()
    }

    /// Activation elements one token reads and writes (each matmul's input and output).
    #[must_use]
    pub fn activation_elements_per_token(&self) -> f64 {
        self.shapes
            .iter()
            .map(|&(i, o, n)| (i + o) as f64 * f64::from(n))
            .sum()
    }

    /// FLOP per byte at a batch: 2·B·W ÷ (2·W + 2·B·activations), BF16 everywhere.
    #[must_use]
    pub fn intensity(&self, batch: u32) -> f64 {
        let b = f64::from(batch);
        let w = self.weight_params();
        2.0 * b * w / (2.0 * w + 2.0 * b * self.activation_elements_per_token())
    }

    /// FLOP/s at a point's best time.
    #[must_use]
    pub fn flops_per_s(&self, point: &SweepPoint) -> f64 {
        2.0 * f64::from(point.batch) * self.weight_params() / (point.best_ms / 1e3)
    }

    /// Weight bytes read per second at a point's best time.
    #[must_use]
    pub fn weight_bytes_per_s(&self, point: &SweepPoint) -> f64 {
        2.0 * self.weight_params() / (point.best_ms / 1e3)
    }
}

/// One whole-model decode step.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WholeModelStep {
    /// Sequences decoded together.
    pub batch: u32,
    /// Tokens of context each.
    pub context: u64,
    /// Eager PyTorch, ms.
    pub eager_ms: f64,
    /// Captured in a CUDA graph, ms.
    pub graph_ms: f64,
}

/// The measured reference of one accelerator.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredReference {
    /// Must be 1.
    pub format_version: u32,
    /// The catalog GPU it was measured on.
    pub gpu: String,
    /// The card, as the driver names it, with its clocks and power limit.
    pub device: String,
    /// Driver and libraries.
    pub software: String,
    /// When (year-month).
    pub date: String,
    /// Where the figures are written down.
    pub source: String,
    /// Roofs reached.
    pub roofs: Vec<MeasuredRoof>,
    /// The decode-shaped sweep.
    pub sweep: LayerSweep,
    /// Whole-model decode steps.
    pub whole_model: Vec<WholeModelStep>,
}

impl MeasuredReference {
    /// The roof with this id.
    #[must_use]
    pub fn roof(&self, id: &str) -> Option<&MeasuredRoof> {
        self.roofs.iter().find(|r| r.id == id)
    }

    /// The measured roofline for a math format: (read bandwidth, GEMM peak), bytes/s and
    /// FLOP/s, when the card was measured in that format (BF16 and FP8).
    #[must_use]
    pub fn measured_roofs(&self, precision: super::dtype::Dtype) -> Option<(f64, f64)> {
        use super::dtype::Dtype;
        let gemm = match precision {
            Dtype::Bf16 | Dtype::Fp16 => "bf16-gemm",
            Dtype::Fp8 => "fp8-gemm",
            Dtype::Fp32
            | Dtype::Tf32
            | Dtype::Int8
            | Dtype::Int4
            | Dtype::Fp4
            | Dtype::Nvfp4
            | Dtype::Mxfp4 => {
                return None;
            }
        };
        Some((self.roof("hbm-read")?.best, self.roof(gemm)?.best))
    }

    /// The sweep point nearest `batch` (by ratio: 48 is nearer 64 than 32).
    #[must_use]
    pub fn nearest_point(&self, batch: u32) -> Option<&SweepPoint> {
        let log = |b: u32| f64::from(b.max(1)).ln();
        self.sweep.points.iter().min_by(|a, b| {
            (log(a.batch) - log(batch))
                .abs()
                .total_cmp(&(log(b.batch) - log(batch)).abs())
        })
    }

    /// A sweep point against the datasheet: where it sits on the plot, its MBU and MFU, and
    /// its step at the speed of light.
    #[must_use]
    pub fn placed(&self, point: &SweepPoint, datasheet: Datasheet) -> PlacedPoint {
        let sweep = &self.sweep;
        let w = sweep.weight_params();
        let b = f64::from(point.batch);
        let bytes = 2.0 * w + 2.0 * b * sweep.activation_elements_per_token();
        PlacedPoint {
            batch: point.batch,
            intensity: sweep.intensity(point.batch),
            flops_per_s: sweep.flops_per_s(point),
            mbu: datasheet.mbu(sweep.weight_bytes_per_s(point)),
            mfu: datasheet.mfu(sweep.flops_per_s(point)),
            speed_of_light_s: datasheet.speed_of_light_s(bytes, 2.0 * b * w),
        }
    }

    /// Every sweep point against the datasheet, batches rising.
    #[must_use]
    pub fn placed_points(&self, datasheet: Datasheet) -> Vec<PlacedPoint> {
        self.sweep
            .points
            .iter()
            .map(|p| self.placed(p, datasheet))
            .collect()
    }

    /// The measured ridge for a math format: (GEMM peak ÷ read bandwidth, GEMM peak), FLOP/byte
    /// and FLOP/s.
    #[must_use]
    pub fn measured_ridge(&self, precision: super::dtype::Dtype) -> Option<(f64, f64)> {
        self.measured_roofs(precision)
            .map(|(read, gemm)| (super::roofline::ridge(gemm, read), gemm))
    }

    /// A measured roof as a share of the datasheet's: the GEMM peak ÷ the peak FLOP/s, the read
    /// bandwidth ÷ the bandwidth.
    #[must_use]
    pub fn roof_share(&self, id: &str, datasheet: Datasheet) -> Option<f64> {
        let roof = self.roof(id)?;
        Some(match roof.unit {
            RoofUnit::BytesPerSecond => datasheet.mbu(roof.best),
            RoofUnit::FlopsPerSecond => datasheet.mfu(roof.best),
        })
    }
}

/// The datasheet roofs a measurement is placed against: what MBU and MFU divide by. The one
/// place a measured rate becomes a share (the shipped sweep, a benchmark run, an endpoint).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Datasheet {
    /// Peak memory bandwidth, bytes/s.
    pub bandwidth: f64,
    /// Peak FLOP/s in the measured math format.
    pub peak_flops: f64,
}

impl Datasheet {
    /// A GPU's roofs in a math format, when it publishes a peak for it.
    #[must_use]
    pub fn of(gpu: &super::hardware::Gpu, dtype: super::dtype::Dtype) -> Option<Self> {
        Some(Self {
            bandwidth: gpu.bandwidth_bytes_per_s(),
            peak_flops: gpu.peak_flops(dtype)?,
        })
    }

    /// MBU: bytes moved per second ÷ peak bandwidth (0.84 = 84 %).
    #[must_use]
    pub fn mbu(&self, bytes_per_s: f64) -> f64 {
        bytes_per_s / self.bandwidth
    }

    /// MFU: FLOP per second ÷ peak FLOP/s.
    #[must_use]
    pub fn mfu(&self, flops_per_s: f64) -> f64 {
        flops_per_s / self.peak_flops
    }

    /// A step's time at the speed of light: its bytes at full bandwidth or its FLOPs at peak,
    /// whichever is longer, s.
    #[must_use]
    pub fn speed_of_light_s(&self, bytes: f64, flops: f64) -> f64 {
        (bytes / self.bandwidth).max(flops / self.peak_flops)
    }
}

/// A sweep point placed against the datasheet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedPoint {
    /// Tokens in the batch.
    pub batch: u32,
    /// FLOP/byte (weights and activations).
    pub intensity: f64,
    /// FLOP/s at the best time.
    pub flops_per_s: f64,
    /// Weight bytes per second ÷ peak bandwidth.
    pub mbu: f64,
    /// FLOP/s ÷ peak FLOP/s.
    pub mfu: f64,
    /// The sweep's step at the speed of light, s.
    pub speed_of_light_s: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::content::measured_reference::shipped;
    use crate::domain::dtype::Dtype;

    #[track_caller]
    fn close(actual: f64, expected: f64) {
        assert!(
            ((actual - expected) / expected).abs() < 1e-9,
            "{actual} vs {expected}"
        );
    }

    /// By hand from measured-h100.md, against the H100 SXM datasheet (3.35 TB/s, 989.4 TF):
    /// B = 32 read 2 × 7,504,658,432 B in 5.462 ms (MBU = 2.748 TB/s ÷ 3.35) and did
    /// 2 × 32 × W FLOPs in that time (MFU ÷ 989.4 TF); its speed of light is its bytes (weights
    /// and 32 tokens' activations) at 3.35 TB/s, the memory side being the longer.
    #[test]
    fn a_sweep_point_is_placed_against_the_datasheet_by_hand() {
        let r = shipped("h100-sxm").unwrap();
        let gpu = builtin_catalog().gpu("h100-sxm").unwrap().clone();
        let datasheet = Datasheet::of(&gpu, Dtype::Bf16).unwrap();
        close(datasheet.bandwidth, 3.35e12);
        close(datasheet.peak_flops, 989.4e12);
        let point = r.sweep.points.iter().find(|p| p.batch == 32).unwrap();
        let p = r.placed(point, datasheet);
        let w = 7_504_658_432.0;
        close(p.mbu, 2.0 * w / 5.462e-3 / 3.35e12);
        close(p.mfu, 2.0 * 32.0 * w / 5.462e-3 / 989.4e12);
        let bytes = 2.0 * w + 2.0 * 32.0 * 2_360_576.0;
        close(p.speed_of_light_s, bytes / 3.35e12);
        // The measured roofs as shares of the datasheet's: 3.067 ÷ 3.35 and 754 ÷ 989.4.
        close(r.roof_share("hbm-read", datasheet).unwrap(), 3.067 / 3.35);
        close(r.roof_share("bf16-gemm", datasheet).unwrap(), 754.0 / 989.4);
    }
}
