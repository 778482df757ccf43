//! Sane ranges for every physical quantity a data file, a cluster profile, a lesson or the
//! command line can set. A value that loads is a value that computes: inside these ranges
//! every number the engine derives (bytes, FLOPs, times, batches) is finite, which
//! `tests/finite_outputs.rs` checks over random scenarios.
//!
//! Ranges are in the units the files use, and each is wide enough for any real part or model
//! (ten times past the largest shipped today) yet far from overflow once scaled to SI units.

use super::hardware::Gpu;
use super::model::{Attention, ModelSpec};

/// A closed range for one field, in the field's own unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    /// The field's name in the files.
    pub field: &'static str,
    /// Smallest value accepted.
    pub min: f64,
    /// Largest value accepted.
    pub max: f64,
    /// Unit shown after the range (empty for counts).
    pub unit: &'static str,
}

impl Limit {
    const fn new(field: &'static str, min: f64, max: f64, unit: &'static str) -> Self {
        Self {
            field,
            min,
            max,
            unit,
        }
    }

    /// Why `value` is refused, or `None` when it is within the range.
    #[must_use]
    pub fn check(&self, value: f64) -> Option<String> {
        if value >= self.min && value <= self.max {
            return None;
        }
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        Some(format!(
            "{} {} is out of range: it must be between {} and {}{unit}",
            self.field,
            show(value),
            show(self.min),
            show(self.max)
        ))
    }

    /// [`Limit::check`] for a count.
    #[must_use]
    pub fn check_count(&self, value: u64) -> Option<String> {
        self.check(value as f64)
    }
}

fn show(v: f64) -> String {
    if v != 0.0 && (v.abs() >= 1e6 || v.abs() < 1e-3) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Memory bandwidth per GPU.
pub const BANDWIDTH_TBS: Limit = Limit::new("bandwidth_tbs", 0.01, 1000.0, "TB/s");
/// Memory per GPU.
pub const MEMORY_GB: Limit = Limit::new("memory_gb", 0.1, 100_000.0, "GB");
/// Memory per GPU as the driver reports it (`capacity.mib`).
pub const CAPACITY_MIB: Limit = Limit::new("capacity.mib", 100.0, 100_000_000.0, "MiB");
/// Board power per GPU (`tdp_w`), for the energy per token.
pub const TDP_W: Limit = Limit::new("tdp_w", 1.0, 100_000.0, "W");
/// Price of one GPU-hour.
pub const GPU_HOUR_USD: Limit = Limit::new("gpu_hour_usd", 0.0, 10_000.0, "USD");
/// Dense peak per math format.
pub const PEAK_TFLOPS: Limit = Limit::new("peak_tflops", 0.001, 1.0e6, "TFLOP/s");
/// All parameters of a model.
pub const PARAMS: Limit = Limit::new("params", 1.0e6, 1.0e14, "parameters");
/// Transformer blocks (and attention layers, MoE layers).
pub const LAYERS: Limit = Limit::new("layers", 1.0, 10_000.0, "");
/// Model width.
pub const HIDDEN: Limit = Limit::new("hidden", 1.0, 1_048_576.0, "");
/// MLP widths (dense and per expert).
pub const FFN: Limit = Limit::new("ffn", 1.0, 4_194_304.0, "");
/// Query or KV heads.
pub const HEADS: Limit = Limit::new("heads", 1.0, 16_384.0, "");
/// Width of one head (and the MLA RoPE key).
pub const HEAD_DIM: Limit = Limit::new("head_dim", 1.0, 16_384.0, "");
/// Vocabulary size.
pub const VOCAB: Limit = Limit::new("vocab", 1.0, 16_777_216.0, "");
/// Routed experts per MoE layer.
pub const EXPERTS: Limit = Limit::new("experts.routed", 1.0, 16_384.0, "");
/// Shared experts per MoE layer.
pub const SHARED_EXPERTS: Limit = Limit::new("experts.shared", 0.0, 1024.0, "");
/// Width of the MLA KV latent.
pub const MLA_LATENT: Limit = Limit::new("latent", 1.0, 1_048_576.0, "");
/// How far a stated `active_params` may be from the one the expert fields give (a share).
pub const ACTIVE_PARAMS_TOLERANCE: f64 = 0.1;

/// Tokens of context per sequence (and prompt tokens).
pub const CONTEXT: Limit = Limit::new("context", 0.0, 16_777_216.0, "tokens");
/// Prompt tokens for the prefill intensity.
pub const PROMPT: Limit = Limit::new("prompt", 1.0, 16_777_216.0, "tokens");
/// Speculative draft tokens per sequence per step.
pub const MAX_DRAFT_TOKENS: u32 = 64;
/// Tensor-parallel degree.
pub const MAX_TP: u32 = 1024;
/// GPUs in a deployment.
pub const GPU_COUNT: Limit = Limit::new("gpu_count", 1.0, 1_000_000.0, "");
/// A measured aggregate decode rate per replica.
pub const MEASURED_DECODE: Limit = Limit::new("decode_tok_s", 1.0e-3, 1.0e9, "tokens/s");
/// A measured prompt rate per replica.
pub const MEASURED_PREFILL: Limit = Limit::new("prefill_tok_s", 1.0e-3, 1.0e10, "tokens/s");

/// Every out-of-range field of a GPU, as `(field, message)`.
#[must_use]
pub fn gpu_problems(gpu: &Gpu) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    let mut check = |limit: &Limit, field: &'static str, value: f64| {
        if let Some(why) = limit.check(value) {
            problems.push((field, why));
        }
    };
    check(&BANDWIDTH_TBS, "bandwidth_tbs", gpu.bandwidth_tbs);
    check(&MEMORY_GB, "memory_gb", gpu.memory_gb);
    if let Some(c) = &gpu.capacity {
        check(&CAPACITY_MIB, "capacity", c.mib);
    }
    if let Some(w) = gpu.tdp_w {
        check(&TDP_W, "tdp_w", w);
    }
    for d in gpu.peak_tflops.formats() {
        let peak = gpu.peak_tflops.get(d).unwrap_or_default();
        if let Some(why) = PEAK_TFLOPS.check(peak) {
            problems.push((d.name(), format!("the {} peak: {why}", d.name())));
        }
    }
    problems
}

/// Every out-of-range field of a model, as `(field, message)`. Counts are checked before the
/// derived sizes, which assume them in range.
#[must_use]
pub fn model_problems(m: &ModelSpec) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    let mut count = |limit: &Limit, field: &'static str, value: u64| {
        if let Some(why) = limit.check_count(value) {
            problems.push((field, why.replacen(limit.field, field, 1)));
        }
    };
    count(&LAYERS, "layers", u64::from(m.layers));
    if let Some(a) = m.attention_layers {
        count(&LAYERS, "attention_layers", u64::from(a));
    }
    count(&HIDDEN, "hidden", m.hidden);
    count(&FFN, "ffn", m.ffn);
    count(&HEADS, "query_heads", u64::from(m.query_heads));
    count(&HEADS, "kv_heads", u64::from(m.kv_heads));
    count(&HEAD_DIM, "head_dim", u64::from(m.head_dim));
    count(&VOCAB, "vocab", m.vocab);
    if let Some(e) = m.experts {
        count(&EXPERTS, "routed", u64::from(e.routed));
        count(&SHARED_EXPERTS, "shared", u64::from(e.shared));
        count(&FFN, "expert_ffn", e.expert_ffn);
    }
    if let Attention::Mla { latent, rope_dim } = m.attention {
        count(&MLA_LATENT, "latent", u64::from(latent));
        count(&HEAD_DIM, "rope_dim", u64::from(rope_dim));
    }
    if let Some(why) = PARAMS.check(m.params) {
        problems.push(("params", why));
    }
    problems
}

/// Why a stated `active_params` is refused: only MoE models state it, and it must agree with
/// what the expert fields give ([`ModelSpec::active_params_computed`]).
#[must_use]
pub fn active_params_problem(m: &ModelSpec) -> Option<String> {
    let stated = m.active_params?;
    let Some(computed) = m.active_params_computed() else {
        return Some(
            "active_params is for mixture-of-experts models (with `experts`); a dense model uses all its params"
                .to_owned(),
        );
    };
    let off = (stated / computed - 1.0).abs();
    (off.is_nan() || off > ACTIVE_PARAMS_TOLERANCE).then(|| {
        format!(
            "active_params {stated:e} disagrees with the {computed:.3e} the expert fields give (more than {}% apart)",
            ACTIVE_PARAMS_TOLERANCE * 100.0
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_names_the_field_the_value_and_the_bounds() {
        assert_eq!(BANDWIDTH_TBS.check(3.35), None);
        assert_eq!(
            BANDWIDTH_TBS.check(1e308).unwrap(),
            "bandwidth_tbs 1e308 is out of range: it must be between 0.01 and 1000 TB/s"
        );
        assert!(
            PEAK_TFLOPS
                .check(5e-324)
                .unwrap()
                .contains("between 0.001 and 1e6")
        );
        assert!(PEAK_TFLOPS.check(f64::NAN).is_some());
    }
}
