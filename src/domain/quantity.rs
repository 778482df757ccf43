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
    /// Board power (TDP), W.
    TdpW,
    /// The dense layers' exact FC decode intensity (hidden × ffn), FLOP/byte; the same number
    /// as `dense_intensity`, under the name older lessons and scripts use.
    FcIntensity,
    /// The decode dot's intensity (routed experts for MoE, dense FC layers otherwise), FLOP/byte.
    DecodeDotIntensity,
    /// The dense layers' exact FC decode intensity (hidden × ffn), FLOP/byte.
    DenseIntensity,
    /// 2·B ÷ b_w, FLOP/byte.
    FcIntensityApprox,
    /// MoE only: a routed expert's FC intensity, FLOP/byte.
    ExpertIntensity,
    /// MoE only: percentage of routed experts the step's tokens touch.
    ExpertsTouchedPct,
    /// MoE only: tokens each touched expert multiplies in one step (B·k ÷ experts touched).
    TokensPerExpert,
    /// MoE only: tokens an expert must see per step to reach the ridge (m*).
    ExpertTokensToRidge,
    /// The decode dot's intensity (routed experts for MoE) as a percentage of the ridge.
    RidgeSharePct,
    /// Attainable TFLOP/s at the decode dot's intensity.
    AttainableTflops,
    /// Batch where the decode dot's exact intensity meets the ridge (MoE: m*·E/k).
    BatchToRidge,
    /// ridge · b_w ÷ 2 (MoE: × E/k).
    BatchToRidgeApprox,
    /// Batch where the dense layers' exact intensity meets the ridge.
    DenseBatchToRidge,
    /// `memory` or `compute`: which roof the decode dot sits under.
    DecodeDotBound,
    /// Decode attention intensity, FLOP/byte.
    AttentionIntensity,
    /// Prefill intensity at the scenario's prompt length (routed experts for MoE), FLOP/byte.
    PrefillIntensity,
    /// The dense layers' prefill intensity at the prompt length, FLOP/byte.
    DensePrefillIntensity,
    /// KV bytes per token, whole model.
    KvBytesPerToken,
    /// KV KiB per token, whole model.
    KvKibPerToken,
    /// KV GB per sequence at the scenario's context, whole model.
    KvGbPerSequence,
    /// Hybrid models: recurrent-state GB per sequence, whole model.
    StateGbPerSequence,
    /// GB one sequence holds on each GPU that holds it (KV at the context plus state).
    SequenceGbPerGpu,
    /// KV and state GB one decode step reads and writes, per GPU.
    KvGbReadPerGpu,
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
    /// Speed-of-light time to first token (one prompt's prefill), ms.
    TtftMs,
    /// Time per output token (the decode step), ms.
    TpotMs,
    /// The measured time per output token at this setting (the learner's benchmark, their GPU
    /// lab, or the shipped reference for the GPU), ms.
    MeasuredTpotMs,
    /// US dollars per million output tokens at the scenario's GPU-hour price.
    UsdPerMillionTokens,
    /// Joules per output token at board power (an upper bound).
    EnergyPerTokenJ,
    /// One prompt's KV over the scenario's link, each GPU sending its shard in parallel, ms.
    KvTransferMs,
    /// Prompt tokens prefill computes after the prefix cache: ⌈(1 − hit) × prompt⌉.
    PrefillTokens,
    /// The prefill of those tokens on the replica, ms.
    PrefillMs,
    /// The KV transfer as a percentage of that prefill.
    TransferSharePct,
    /// Prefill and decode on separate GPUs: prefill + KV transfer + one decode step, ms.
    SplitTtftMs,
    /// One pool: the decode step that also carries a prefill chunk (min(chunk, prefill tokens)), ms.
    MixedTpotMs,
    /// The link's bandwidth, one direction, per GPU, GB/s.
    LinkGbs,
    /// Tensor-parallel all-reduces in one decode step (two per layer; none at TP 1).
    AllreduceCalls,
    /// Their time over the link, bandwidth and per-call latency together, ms.
    AllreduceMs,
    /// The per-call latency part of that time, ms.
    AllreduceLatencyMs,
    /// The speed-of-light step plus the all-reduces, ms.
    StepWithCommMs,
    /// The all-reduces as a percentage of the speed-of-light step.
    CommSharePct,
    /// The largest batch whose step meets `tpot_target_ms`, capped by the KV wall.
    TargetBatch,
    /// The largest batch whose step meets `tpot_target_ms`, memory ignored.
    TargetBatchNoWall,
    /// Time one request spends in the system: prefill + (output tokens − 1) × TPOT, s.
    TimeInSystemS,
    /// Requests in the system by Little's law: `rate` × time in the system.
    Concurrency,
    /// GPUs a `rate` needs at the scenario's batch: ⌈concurrency ÷ batch⌉ × TP.
    GpusForRate,
    /// Throughput per GPU: batch ÷ step ÷ TP, tokens/s.
    TokensPerSPerGpu,
    /// Where the throughput–interactivity curve bends: the first batch (1, 2, 4, …) whose step is at least twice batch 1's (found with a `tpot_target_ms`).
    BendBatch,
    /// The smallest tensor-parallel degree (1, 2, 4, 8) whose GPUs hold the weights and one
    /// sequence at the context (found with a `tpot_target_ms`).
    TpToFit,
    /// Replicas (TP groups) a `rate` needs at the target batch, by Little's law.
    ReplicasForRate,
    /// Split serving: prefill GPUs per decode GPU at the target batch, same TP in both pools.
    PoolRatio,
    /// USD per million output tokens at the target batch.
    TargetUsdPerMillionTokens,
    /// `memory` or `compute`.
    Bound,
}

impl Quantity {
    /// Every quantity, in documentation order.
    pub const ALL: [Self; 66] = [
        Self::Ridge,
        Self::PeakTflops,
        Self::BandwidthTbs,
        Self::MemoryGb,
        Self::TdpW,
        Self::FcIntensity,
        Self::DecodeDotIntensity,
        Self::DenseIntensity,
        Self::FcIntensityApprox,
        Self::ExpertIntensity,
        Self::ExpertsTouchedPct,
        Self::TokensPerExpert,
        Self::ExpertTokensToRidge,
        Self::RidgeSharePct,
        Self::AttainableTflops,
        Self::BatchToRidge,
        Self::BatchToRidgeApprox,
        Self::DenseBatchToRidge,
        Self::DecodeDotBound,
        Self::AttentionIntensity,
        Self::PrefillIntensity,
        Self::DensePrefillIntensity,
        Self::KvBytesPerToken,
        Self::KvKibPerToken,
        Self::KvGbPerSequence,
        Self::StateGbPerSequence,
        Self::SequenceGbPerGpu,
        Self::KvGbReadPerGpu,
        Self::KvBudgetGb,
        Self::MaxBatchKv,
        Self::WeightGbPerGpu,
        Self::WeightGbStoredPerGpu,
        Self::MemoryTimeMs,
        Self::ComputeTimeMs,
        Self::StepTimeMs,
        Self::TokensPerS,
        Self::TokensPerSPerSeq,
        Self::TtftMs,
        Self::TpotMs,
        Self::MeasuredTpotMs,
        Self::UsdPerMillionTokens,
        Self::EnergyPerTokenJ,
        Self::KvTransferMs,
        Self::PrefillTokens,
        Self::PrefillMs,
        Self::TransferSharePct,
        Self::SplitTtftMs,
        Self::MixedTpotMs,
        Self::LinkGbs,
        Self::AllreduceCalls,
        Self::AllreduceMs,
        Self::AllreduceLatencyMs,
        Self::StepWithCommMs,
        Self::CommSharePct,
        Self::TargetBatch,
        Self::TargetBatchNoWall,
        Self::TimeInSystemS,
        Self::Concurrency,
        Self::GpusForRate,
        Self::TokensPerSPerGpu,
        Self::BendBatch,
        Self::TpToFit,
        Self::ReplicasForRate,
        Self::PoolRatio,
        Self::TargetUsdPerMillionTokens,
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
            Self::TdpW => "tdp_w",
            Self::FcIntensity => "fc_intensity",
            Self::DecodeDotIntensity => "decode_dot_intensity",
            Self::DenseIntensity => "dense_intensity",
            Self::FcIntensityApprox => "fc_intensity_approx",
            Self::ExpertIntensity => "expert_intensity",
            Self::ExpertsTouchedPct => "experts_touched_pct",
            Self::TokensPerExpert => "tokens_per_expert",
            Self::ExpertTokensToRidge => "expert_tokens_to_ridge",
            Self::RidgeSharePct => "ridge_share_pct",
            Self::AttainableTflops => "attainable_tflops",
            Self::BatchToRidge => "batch_to_ridge",
            Self::BatchToRidgeApprox => "batch_to_ridge_approx",
            Self::DenseBatchToRidge => "dense_batch_to_ridge",
            Self::DecodeDotBound => "decode_dot_bound",
            Self::AttentionIntensity => "attention_intensity",
            Self::PrefillIntensity => "prefill_intensity",
            Self::DensePrefillIntensity => "dense_prefill_intensity",
            Self::KvBytesPerToken => "kv_bytes_per_token",
            Self::KvKibPerToken => "kv_kib_per_token",
            Self::KvGbPerSequence => "kv_gb_per_sequence",
            Self::StateGbPerSequence => "state_gb_per_sequence",
            Self::SequenceGbPerGpu => "sequence_gb_per_gpu",
            Self::KvGbReadPerGpu => "kv_gb_read_per_gpu",
            Self::KvBudgetGb => "kv_budget_gb",
            Self::MaxBatchKv => "max_batch_kv",
            Self::WeightGbPerGpu => "weight_gb_per_gpu",
            Self::WeightGbStoredPerGpu => "weight_gb_stored_per_gpu",
            Self::MemoryTimeMs => "memory_time_ms",
            Self::ComputeTimeMs => "compute_time_ms",
            Self::StepTimeMs => "step_time_ms",
            Self::TokensPerS => "tokens_per_s",
            Self::TokensPerSPerSeq => "tokens_per_s_per_seq",
            Self::TtftMs => "ttft_ms",
            Self::TpotMs => "tpot_ms",
            Self::MeasuredTpotMs => "measured_tpot_ms",
            Self::UsdPerMillionTokens => "usd_per_million_tokens",
            Self::EnergyPerTokenJ => "energy_per_token_j",
            Self::KvTransferMs => "kv_transfer_ms",
            Self::PrefillTokens => "prefill_tokens",
            Self::PrefillMs => "prefill_ms",
            Self::TransferSharePct => "transfer_share_pct",
            Self::SplitTtftMs => "split_ttft_ms",
            Self::MixedTpotMs => "mixed_tpot_ms",
            Self::LinkGbs => "link_gbs",
            Self::AllreduceCalls => "allreduce_calls",
            Self::AllreduceMs => "allreduce_ms",
            Self::AllreduceLatencyMs => "allreduce_latency_ms",
            Self::StepWithCommMs => "step_with_comm_ms",
            Self::CommSharePct => "comm_share_pct",
            Self::TargetBatch => "target_batch",
            Self::TargetBatchNoWall => "target_batch_no_wall",
            Self::TimeInSystemS => "time_in_system_s",
            Self::Concurrency => "concurrency",
            Self::GpusForRate => "gpus_for_rate",
            Self::TokensPerSPerGpu => "tokens_per_s_per_gpu",
            Self::BendBatch => "bend_batch",
            Self::TpToFit => "tp_to_fit",
            Self::ReplicasForRate => "replicas_for_rate",
            Self::PoolRatio => "pool_ratio",
            Self::TargetUsdPerMillionTokens => "target_usd_per_million_tokens",
            Self::Bound => "bound",
        }
    }

    /// The unit a lesson should print after the number.
    #[must_use]
    pub const fn unit(self) -> &'static str {
        match self {
            Self::Ridge
            | Self::FcIntensity
            | Self::DecodeDotIntensity
            | Self::DenseIntensity
            | Self::FcIntensityApprox
            | Self::ExpertIntensity
            | Self::AttentionIntensity
            | Self::PrefillIntensity
            | Self::DensePrefillIntensity => "FLOP/byte",
            Self::TdpW => "W",
            Self::PeakTflops | Self::AttainableTflops => "TFLOP/s",
            Self::BandwidthTbs => "TB/s",
            Self::MemoryGb
            | Self::KvGbPerSequence
            | Self::StateGbPerSequence
            | Self::SequenceGbPerGpu
            | Self::KvGbReadPerGpu
            | Self::KvBudgetGb
            | Self::WeightGbPerGpu
            | Self::WeightGbStoredPerGpu => "GB",
            Self::RidgeSharePct
            | Self::ExpertsTouchedPct
            | Self::TransferSharePct
            | Self::CommSharePct => "%",
            Self::TokensPerExpert | Self::ExpertTokensToRidge | Self::PrefillTokens => "tokens",
            Self::BatchToRidge
            | Self::BatchToRidgeApprox
            | Self::DenseBatchToRidge
            | Self::MaxBatchKv
            | Self::TargetBatch
            | Self::TargetBatchNoWall
            | Self::BendBatch => "sequences",
            Self::KvBytesPerToken => "bytes",
            Self::KvKibPerToken => "KiB",
            Self::MemoryTimeMs
            | Self::ComputeTimeMs
            | Self::StepTimeMs
            | Self::TtftMs
            | Self::TpotMs
            | Self::MeasuredTpotMs
            | Self::KvTransferMs
            | Self::PrefillMs
            | Self::SplitTtftMs
            | Self::MixedTpotMs
            | Self::AllreduceMs
            | Self::AllreduceLatencyMs
            | Self::StepWithCommMs => "ms",
            Self::TokensPerS | Self::TokensPerSPerSeq | Self::TokensPerSPerGpu => "tok/s",
            Self::UsdPerMillionTokens | Self::TargetUsdPerMillionTokens => "USD",
            Self::ReplicasForRate => "replicas",
            Self::PoolRatio => "prefill GPUs per decode GPU",
            Self::EnergyPerTokenJ => "J",
            Self::LinkGbs => "GB/s",
            Self::AllreduceCalls => "calls",
            Self::TimeInSystemS => "s",
            Self::Concurrency => "requests",
            Self::GpusForRate | Self::TpToFit => "GPUs",
            Self::Bound | Self::DecodeDotBound => "",
        }
    }

    /// Whether the quantity needs a model in the scenario.
    #[must_use]
    pub const fn needs_model(self) -> bool {
        !matches!(
            self,
            Self::Ridge | Self::PeakTflops | Self::BandwidthTbs | Self::MemoryGb | Self::TdpW
        )
    }

    /// The value for an evaluated scenario: a number, the bound, or nothing when it does not
    /// apply (no model, context 0 for the KV-limited batch, a matmul that never reaches the ridge).
    #[must_use]
    pub fn value(self, e: &Evaluation) -> Option<QuantityValue> {
        use QuantityValue::Number;
        if let Some(v) = self.gpu_level(e) {
            return v;
        }
        let m = e.model.as_ref()?;
        let v = match self {
            Self::Ridge | Self::PeakTflops | Self::BandwidthTbs | Self::MemoryGb | Self::TdpW => {
                unreachable!()
            }
            Self::FcIntensity | Self::DenseIntensity => m.fc_intensity,
            Self::DecodeDotIntensity => m.decode_dot.intensity,
            Self::FcIntensityApprox => m.fc_intensity_approx,
            Self::ExpertIntensity => m.expert_intensity?,
            Self::ExpertsTouchedPct => 100.0 * m.experts_touched?,
            Self::TokensPerExpert => m.tokens_per_expert?,
            Self::ExpertTokensToRidge => m.expert_tokens_to_ridge?,
            Self::RidgeSharePct => 100.0 * m.decode_dot.ridge_share,
            Self::AttainableTflops => m.decode_dot.attainable_flops / 1e12,
            Self::BatchToRidge => m.decode_dot.batch_to_ridge?,
            Self::BatchToRidgeApprox => m.decode_dot.batch_to_ridge_approx,
            Self::DenseBatchToRidge => m.dense_batch_to_ridge?,
            Self::DecodeDotBound => return Some(QuantityValue::Bound(m.decode_dot.bound)),
            Self::AttentionIntensity => m.attention_intensity,
            Self::PrefillIntensity => m.prefill_intensity,
            Self::DensePrefillIntensity => m.dense_prefill_intensity,
            Self::KvBytesPerToken => m.kv_bytes_per_token,
            Self::KvKibPerToken => m.kv_bytes_per_token / 1024.0,
            Self::KvGbPerSequence => m.kv_bytes_per_sequence / 1e9,
            Self::StateGbPerSequence => m.state_bytes_per_sequence / 1e9,
            Self::SequenceGbPerGpu => m.sequence_bytes_per_gpu / 1e9,
            Self::KvGbReadPerGpu => m.kv_bytes_read_per_gpu / 1e9,
            Self::KvBudgetGb => m.kv_budget_bytes / 1e9,
            Self::MaxBatchKv => m.max_batch_kv? as f64,
            Self::WeightGbPerGpu => m.weight_bytes_per_gpu / 1e9,
            Self::WeightGbStoredPerGpu => m.weight_bytes_stored_per_gpu / 1e9,
            Self::MemoryTimeMs => m.memory_time_s * 1e3,
            Self::ComputeTimeMs => m.compute_time_s * 1e3,
            Self::StepTimeMs | Self::TpotMs => m.step_time_s * 1e3,
            Self::TokensPerS => m.tokens_per_s,
            Self::TokensPerSPerSeq => 1.0 / m.step_time_s,
            Self::TtftMs => m.ttft_s * 1e3,
            Self::MeasuredTpotMs => e.measured_tpot_ms?,
            Self::UsdPerMillionTokens => m.usd_per_million_tokens,
            Self::EnergyPerTokenJ => m.energy_per_token_j?,
            Self::Bound => return Some(QuantityValue::Bound(m.bound)),
            Self::KvTransferMs
            | Self::PrefillTokens
            | Self::PrefillMs
            | Self::TransferSharePct
            | Self::SplitTtftMs
            | Self::MixedTpotMs
            | Self::LinkGbs
            | Self::AllreduceCalls
            | Self::AllreduceMs
            | Self::AllreduceLatencyMs
            | Self::StepWithCommMs
            | Self::CommSharePct
            | Self::TargetBatch
            | Self::TargetBatchNoWall
            | Self::TimeInSystemS
            | Self::Concurrency
            | Self::GpusForRate
            | Self::TokensPerSPerGpu
            | Self::BendBatch
            | Self::TpToFit
            | Self::ReplicasForRate
            | Self::PoolRatio
            | Self::TargetUsdPerMillionTokens => cluster_value(self, e, m)?,
        };
        Some(Number(v))
    }

    /// A GPU-level quantity's value (`Some`, holding `None` where the data gives none), or
    /// `None` for a quantity of the model.
    #[allow(clippy::option_option)]
    fn gpu_level(self, e: &Evaluation) -> Option<Option<QuantityValue>> {
        let v = match self {
            Self::Ridge => Some(e.ridge),
            Self::PeakTflops => Some(e.peak_flops / 1e12),
            Self::BandwidthTbs => Some(e.bandwidth / 1e12),
            Self::MemoryGb => Some(e.memory_bytes / 1e9),
            Self::TdpW => return Some(e.tdp_w.map(QuantityValue::Number)),
            Self::FcIntensity
            | Self::DecodeDotIntensity
            | Self::DenseIntensity
            | Self::FcIntensityApprox
            | Self::ExpertIntensity
            | Self::ExpertsTouchedPct
            | Self::TokensPerExpert
            | Self::ExpertTokensToRidge
            | Self::RidgeSharePct
            | Self::AttainableTflops
            | Self::BatchToRidge
            | Self::BatchToRidgeApprox
            | Self::DenseBatchToRidge
            | Self::DecodeDotBound
            | Self::AttentionIntensity
            | Self::PrefillIntensity
            | Self::DensePrefillIntensity
            | Self::KvBytesPerToken
            | Self::KvKibPerToken
            | Self::KvGbPerSequence
            | Self::StateGbPerSequence
            | Self::SequenceGbPerGpu
            | Self::KvGbReadPerGpu
            | Self::KvBudgetGb
            | Self::MaxBatchKv
            | Self::WeightGbPerGpu
            | Self::WeightGbStoredPerGpu
            | Self::MemoryTimeMs
            | Self::ComputeTimeMs
            | Self::StepTimeMs
            | Self::TokensPerS
            | Self::TokensPerSPerSeq
            | Self::TtftMs
            | Self::TpotMs
            | Self::MeasuredTpotMs
            | Self::UsdPerMillionTokens
            | Self::EnergyPerTokenJ
            | Self::KvTransferMs
            | Self::PrefillTokens
            | Self::PrefillMs
            | Self::TransferSharePct
            | Self::SplitTtftMs
            | Self::MixedTpotMs
            | Self::LinkGbs
            | Self::AllreduceCalls
            | Self::AllreduceMs
            | Self::AllreduceLatencyMs
            | Self::StepWithCommMs
            | Self::CommSharePct
            | Self::TargetBatch
            | Self::TargetBatchNoWall
            | Self::TimeInSystemS
            | Self::Concurrency
            | Self::GpusForRate
            | Self::TokensPerSPerGpu
            | Self::BendBatch
            | Self::TpToFit
            | Self::ReplicasForRate
            | Self::PoolRatio
            | Self::TargetUsdPerMillionTokens
            | Self::Bound => None,
        };
        v.map(|v| Some(QuantityValue::Number(v)))
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

/// The cluster figures' quantities (link, target, rate, curve); `None` for the others.
fn cluster_value(q: Quantity, e: &Evaluation, m: &super::scenario::ModelEvaluation) -> Option<f64> {
    let c = e.cluster.as_ref()?;
    let link = || c.link.as_ref();
    let comm = |l: &super::scenario::LinkFigures| l.allreduce.total_s();
    Some(match q {
        Quantity::KvTransferMs => link()?.transfer_s * 1e3,
        Quantity::PrefillTokens => c.prefill_tokens as f64,
        Quantity::PrefillMs => c.prefill_s * 1e3,
        Quantity::TransferSharePct => 100.0 * link()?.transfer_s / c.prefill_s,
        Quantity::SplitTtftMs => (c.prefill_s + link()?.transfer_s + m.step_time_s) * 1e3,
        Quantity::MixedTpotMs => c.mixed_tpot_s * 1e3,
        Quantity::LinkGbs => link()?.gbs,
        Quantity::AllreduceCalls => f64::from(link()?.allreduce.calls),
        Quantity::AllreduceMs => comm(link()?) * 1e3,
        Quantity::AllreduceLatencyMs => link()?.allreduce.latency_s * 1e3,
        Quantity::StepWithCommMs => (m.step_time_s + comm(link()?)) * 1e3,
        Quantity::CommSharePct => 100.0 * comm(link()?) / m.step_time_s,
        Quantity::TargetBatch => f64::from(c.target?.batch),
        Quantity::TargetBatchNoWall => f64::from(c.target?.no_wall),
        Quantity::TimeInSystemS => c.time_in_system_s,
        Quantity::Concurrency => c.concurrency?,
        Quantity::GpusForRate => c.gpus_for_rate?,
        Quantity::TokensPerSPerGpu => c.tokens_per_s_per_gpu,
        Quantity::BendBatch => f64::from(c.bend_batch?),
        Quantity::TpToFit => f64::from(c.sizing?.tp_to_fit?),
        Quantity::ReplicasForRate => c.sizing?.replicas?,
        Quantity::PoolRatio => c.sizing?.pool_ratio?,
        Quantity::TargetUsdPerMillionTokens => c.sizing?.usd_per_million_tokens?,
        Quantity::MeasuredTpotMs
        | Quantity::Ridge
        | Quantity::PeakTflops
        | Quantity::BandwidthTbs
        | Quantity::MemoryGb
        | Quantity::TdpW
        | Quantity::FcIntensity
        | Quantity::DecodeDotIntensity
        | Quantity::DenseIntensity
        | Quantity::FcIntensityApprox
        | Quantity::ExpertIntensity
        | Quantity::ExpertsTouchedPct
        | Quantity::TokensPerExpert
        | Quantity::ExpertTokensToRidge
        | Quantity::RidgeSharePct
        | Quantity::AttainableTflops
        | Quantity::BatchToRidge
        | Quantity::BatchToRidgeApprox
        | Quantity::DenseBatchToRidge
        | Quantity::DecodeDotBound
        | Quantity::AttentionIntensity
        | Quantity::PrefillIntensity
        | Quantity::DensePrefillIntensity
        | Quantity::KvBytesPerToken
        | Quantity::KvKibPerToken
        | Quantity::KvGbPerSequence
        | Quantity::StateGbPerSequence
        | Quantity::SequenceGbPerGpu
        | Quantity::KvGbReadPerGpu
        | Quantity::KvBudgetGb
        | Quantity::MaxBatchKv
        | Quantity::WeightGbPerGpu
        | Quantity::WeightGbStoredPerGpu
        | Quantity::MemoryTimeMs
        | Quantity::ComputeTimeMs
        | Quantity::StepTimeMs
        | Quantity::TokensPerS
        | Quantity::TokensPerSPerSeq
        | Quantity::TtftMs
        | Quantity::TpotMs
        | Quantity::UsdPerMillionTokens
        | Quantity::EnergyPerTokenJ
        | Quantity::Bound => return None,
    })
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
mod tests;
