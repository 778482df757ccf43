//! The named engine quantities that lessons ask for and show (`{ridge:.0}`, `answer: Quantity(…)`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::scenario::Evaluation;

/// One number (or the bound) the engine computes for a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    /// Ridge point, FLOP/byte.
    Ridge,
    /// Dense peak of the math format, TFLOP/s.
    PeakTflops,
    /// Memory bandwidth, TB/s.
    BandwidthTbs,
    /// Memory capacity, GB.
    MemoryGb,
    /// Exact FC decode intensity, FLOP/byte.
    FcIntensity,
    /// 2·B ÷ b_w, FLOP/byte.
    FcIntensityApprox,
    /// MoE only: a routed expert's FC intensity, FLOP/byte.
    ExpertIntensity,
    /// The decode dot's intensity (routed experts for MoE) as a percentage of the ridge.
    RidgeSharePct,
    /// Attainable TFLOP/s at the decode dot's intensity.
    AttainableTflops,
    /// Batch where exact FC intensity meets the ridge.
    BatchToRidge,
    /// ridge · b_w ÷ 2.
    BatchToRidgeApprox,
    /// Decode attention intensity, FLOP/byte.
    AttentionIntensity,
    /// Prefill FC intensity at the scenario's prompt length, FLOP/byte.
    PrefillIntensity,
    /// KV bytes per token, whole model.
    KvBytesPerToken,
    /// KV KiB per token, whole model.
    KvKibPerToken,
    /// KV GB per sequence at the scenario's context, whole model.
    KvGbPerSequence,
    /// GB per GPU left for KV.
    KvBudgetGb,
    /// Sequences that fit in the KV budget.
    MaxBatchKv,
    /// Weight GB read per step, per GPU.
    WeightGbPerGpu,
    /// Weight GB held, per GPU.
    WeightGbStoredPerGpu,
    /// Time to move the step's bytes, ms.
    MemoryTimeMs,
    /// Time for the step's FLOPs at peak, ms.
    ComputeTimeMs,
    /// Speed-of-light decode step, ms.
    StepTimeMs,
    /// Aggregate decode tokens/s (batch ÷ step time).
    TokensPerS,
    /// Tokens/s one sequence sees (1 ÷ step time).
    TokensPerSPerSeq,
    /// `memory` or `compute`.
    Bound,
}

impl Quantity {
    /// Every quantity, in documentation order.
    pub const ALL: [Self; 26] = [
        Self::Ridge,
        Self::PeakTflops,
        Self::BandwidthTbs,
        Self::MemoryGb,
        Self::FcIntensity,
        Self::FcIntensityApprox,
        Self::ExpertIntensity,
        Self::RidgeSharePct,
        Self::AttainableTflops,
        Self::BatchToRidge,
        Self::BatchToRidgeApprox,
        Self::AttentionIntensity,
        Self::PrefillIntensity,
        Self::KvBytesPerToken,
        Self::KvKibPerToken,
        Self::KvGbPerSequence,
        Self::KvBudgetGb,
        Self::MaxBatchKv,
        Self::WeightGbPerGpu,
        Self::WeightGbStoredPerGpu,
        Self::MemoryTimeMs,
        Self::ComputeTimeMs,
        Self::StepTimeMs,
        Self::TokensPerS,
        Self::TokensPerSPerSeq,
        Self::Bound,
    ];

    /// The snake_case name lessons use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ridge => "ridge",
            Self::PeakTflops => "peak_tflops",
            Self::BandwidthTbs => "bandwidth_tbs",
            Self::MemoryGb => "memory_gb",
            Self::FcIntensity => "fc_intensity",
            Self::FcIntensityApprox => "fc_intensity_approx",
            Self::ExpertIntensity => "expert_intensity",
            Self::RidgeSharePct => "ridge_share_pct",
            Self::AttainableTflops => "attainable_tflops",
            Self::BatchToRidge => "batch_to_ridge",
            Self::BatchToRidgeApprox => "batch_to_ridge_approx",
            Self::AttentionIntensity => "attention_intensity",
            Self::PrefillIntensity => "prefill_intensity",
            Self::KvBytesPerToken => "kv_bytes_per_token",
            Self::KvKibPerToken => "kv_kib_per_token",
            Self::KvGbPerSequence => "kv_gb_per_sequence",
            Self::KvBudgetGb => "kv_budget_gb",
            Self::MaxBatchKv => "max_batch_kv",
            Self::WeightGbPerGpu => "weight_gb_per_gpu",
            Self::WeightGbStoredPerGpu => "weight_gb_stored_per_gpu",
            Self::MemoryTimeMs => "memory_time_ms",
            Self::ComputeTimeMs => "compute_time_ms",
            Self::StepTimeMs => "step_time_ms",
            Self::TokensPerS => "tokens_per_s",
            Self::TokensPerSPerSeq => "tokens_per_s_per_seq",
            Self::Bound => "bound",
        }
    }

    /// The unit a lesson should print after the number.
    #[must_use]
    pub const fn unit(self) -> &'static str {
        match self {
            Self::Ridge
            | Self::FcIntensity
            | Self::FcIntensityApprox
            | Self::ExpertIntensity
            | Self::AttentionIntensity
            | Self::PrefillIntensity => "FLOP/byte",
            Self::PeakTflops | Self::AttainableTflops => "TFLOP/s",
            Self::BandwidthTbs => "TB/s",
            Self::MemoryGb
            | Self::KvGbPerSequence
            | Self::KvBudgetGb
            | Self::WeightGbPerGpu
            | Self::WeightGbStoredPerGpu => "GB",
            Self::RidgeSharePct => "%",
            Self::BatchToRidge | Self::BatchToRidgeApprox | Self::MaxBatchKv => "sequences",
            Self::KvBytesPerToken => "bytes",
            Self::KvKibPerToken => "KiB",
            Self::MemoryTimeMs | Self::ComputeTimeMs | Self::StepTimeMs => "ms",
            Self::TokensPerS | Self::TokensPerSPerSeq => "tok/s",
            Self::Bound => "",
        }
    }

    /// Whether the quantity needs a model in the scenario.
    #[must_use]
    pub const fn needs_model(self) -> bool {
        !matches!(
            self,
            Self::Ridge | Self::PeakTflops | Self::BandwidthTbs | Self::MemoryGb
        )
    }

    /// The value for an evaluated scenario: a number, the bound, or nothing when it does not
    /// apply (no model, context 0 for the KV-limited batch, a matmul that never reaches the ridge).
    #[must_use]
    pub fn value(self, e: &Evaluation) -> Option<QuantityValue> {
        use QuantityValue::Number;
        let gpu_level = match self {
            Self::Ridge => Some(e.ridge),
            Self::PeakTflops => Some(e.peak_flops / 1e12),
            Self::BandwidthTbs => Some(e.bandwidth / 1e12),
            Self::MemoryGb => Some(e.memory_bytes / 1e9),
            _ => None,
        };
        if let Some(v) = gpu_level {
            return Some(Number(v));
        }
        let m = e.model.as_ref()?;
        let v = match self {
            Self::Ridge | Self::PeakTflops | Self::BandwidthTbs | Self::MemoryGb => unreachable!(),
            Self::FcIntensity => m.fc_intensity,
            Self::FcIntensityApprox => m.fc_intensity_approx,
            Self::ExpertIntensity => m.expert_intensity?,
            Self::RidgeSharePct => 100.0 * m.decode_intensity() / e.ridge,
            Self::AttainableTflops => m.attainable_flops / 1e12,
            Self::BatchToRidge => m.batch_to_ridge?,
            Self::BatchToRidgeApprox => m.batch_to_ridge_approx,
            Self::AttentionIntensity => m.attention_intensity,
            Self::PrefillIntensity => m.prefill_intensity,
            Self::KvBytesPerToken => m.kv_bytes_per_token,
            Self::KvKibPerToken => m.kv_bytes_per_token / 1024.0,
            Self::KvGbPerSequence => m.kv_bytes_per_sequence / 1e9,
            Self::KvBudgetGb => m.kv_budget_bytes / 1e9,
            Self::MaxBatchKv => m.max_batch_kv? as f64,
            Self::WeightGbPerGpu => m.weight_bytes_per_gpu / 1e9,
            Self::WeightGbStoredPerGpu => m.weight_bytes_stored_per_gpu / 1e9,
            Self::MemoryTimeMs => m.memory_time_s * 1e3,
            Self::ComputeTimeMs => m.compute_time_s * 1e3,
            Self::StepTimeMs => m.step_time_s * 1e3,
            Self::TokensPerS => m.tokens_per_s,
            Self::TokensPerSPerSeq => 1.0 / m.step_time_s,
            Self::Bound => return Some(QuantityValue::Bound(m.bound)),
        };
        Some(Number(v))
    }

    /// The numeric value, if the quantity is a number and applies.
    #[must_use]
    pub fn number(self, e: &Evaluation) -> Option<f64> {
        match self.value(e)? {
            QuantityValue::Number(v) => Some(v),
            QuantityValue::Bound(_) => None,
        }
    }
}

/// A computed quantity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum QuantityValue {
    /// A number in the quantity's unit.
    Number(f64),
    /// Which roof binds.
    Bound(super::roofline::Bound),
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A quantity name that names nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown quantity '{name}'{}", suggestion.as_ref().map(|s| format!(" (did you mean '{s}'?)")).unwrap_or_default())]
pub struct UnknownQuantity {
    /// The name asked for.
    pub name: String,
    /// The closest known name.
    pub suggestion: Option<String>,
}

impl FromStr for Quantity {
    type Err = UnknownQuantity;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|q| q.name() == s)
            .ok_or_else(|| UnknownQuantity {
                name: s.to_owned(),
                suggestion: super::suggest::closest(s, Self::ALL.map(Self::name))
                    .map(str::to_owned),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for q in Quantity::ALL {
            assert!(seen.insert(q.name()));
            assert_eq!(q.name().parse::<Quantity>(), Ok(q));
        }
        let err = "ridg".parse::<Quantity>().unwrap_err();
        assert_eq!(err.suggestion.as_deref(), Some("ridge"));
    }
}
