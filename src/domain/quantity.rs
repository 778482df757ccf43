//! The named engine quantities that lessons ask for and show (`{ridge:.0}`, `answer: Quantity(…)`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

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
    /// KV of one paging block of the scenario's `block_size` tokens (16, vLLM's default, unless
    /// set), whole model, KiB.
    KvBlockKib,
    /// KV the last, partly filled block of a sequence at the context leaves empty, whole model, KiB.
    BlockWasteKib,
    /// KV and state as a percentage of the bytes one decode step moves per GPU.
    KvSharePct,
    /// Hybrid models: one sequence's recurrent state in tokens of KV it weighs as much as.
    StateKvTokens,
    /// The `tp` GPUs as pipeline stages instead: one decode step through every stage in turn, ms.
    PpStepMs,
    /// MoE, experts over `tp` GPUs: hidden-state MB one token sends to its experts and back (all MoE layers).
    AlltoallMbPerToken,
    /// The running batch's KV against the KV budget, percent (vLLM's "GPU KV cache usage").
    KvUsagePct,
    /// MoE at `ep` above 1: the expert-parallel all-to-alls of one decode step over `ep` GPUs
    /// (two per MoE layer), a time the roofline does not show, ms.
    EpAlltoallMs,
    /// `pp` above 1: the pipeline's sends of one decode step through `pp` stages, ms.
    PpSendMs,
    /// `memory` or `compute`.
    Bound,
}

impl Quantity {
    /// Every quantity, in documentation order.
    pub const ALL: [Self; 75] = [
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
        Self::KvBlockKib,
        Self::BlockWasteKib,
        Self::KvSharePct,
        Self::StateKvTokens,
        Self::PpStepMs,
        Self::AlltoallMbPerToken,
        Self::KvUsagePct,
        Self::EpAlltoallMs,
        Self::PpSendMs,
        Self::Bound,
    ];

    /// The quantity's one descriptor: the snake_case name lessons use, and the unit a lesson
    /// prints after the number.
    const fn info(self) -> (&'static str, &'static str) {
        match self {
            Self::Ridge => ("ridge", "FLOP/byte"),
            Self::PeakTflops => ("peak_tflops", "TFLOP/s"),
            Self::BandwidthTbs => ("bandwidth_tbs", "TB/s"),
            Self::MemoryGb => ("memory_gb", "GB"),
            Self::TdpW => ("tdp_w", "W"),
            Self::FcIntensity => ("fc_intensity", "FLOP/byte"),
            Self::DecodeDotIntensity => ("decode_dot_intensity", "FLOP/byte"),
            Self::DenseIntensity => ("dense_intensity", "FLOP/byte"),
            Self::FcIntensityApprox => ("fc_intensity_approx", "FLOP/byte"),
            Self::ExpertIntensity => ("expert_intensity", "FLOP/byte"),
            Self::ExpertsTouchedPct => ("experts_touched_pct", "%"),
            Self::TokensPerExpert => ("tokens_per_expert", "tokens"),
            Self::ExpertTokensToRidge => ("expert_tokens_to_ridge", "tokens"),
            Self::RidgeSharePct => ("ridge_share_pct", "%"),
            Self::AttainableTflops => ("attainable_tflops", "TFLOP/s"),
            Self::BatchToRidge => ("batch_to_ridge", "sequences"),
            Self::BatchToRidgeApprox => ("batch_to_ridge_approx", "sequences"),
            Self::DenseBatchToRidge => ("dense_batch_to_ridge", "sequences"),
            Self::DecodeDotBound => ("decode_dot_bound", ""),
            Self::AttentionIntensity => ("attention_intensity", "FLOP/byte"),
            Self::PrefillIntensity => ("prefill_intensity", "FLOP/byte"),
            Self::DensePrefillIntensity => ("dense_prefill_intensity", "FLOP/byte"),
            Self::KvBytesPerToken => ("kv_bytes_per_token", "bytes"),
            Self::KvKibPerToken => ("kv_kib_per_token", "KiB"),
            Self::KvGbPerSequence => ("kv_gb_per_sequence", "GB"),
            Self::StateGbPerSequence => ("state_gb_per_sequence", "GB"),
            Self::SequenceGbPerGpu => ("sequence_gb_per_gpu", "GB"),
            Self::KvGbReadPerGpu => ("kv_gb_read_per_gpu", "GB"),
            Self::KvBudgetGb => ("kv_budget_gb", "GB"),
            Self::MaxBatchKv => ("max_batch_kv", "sequences"),
            Self::WeightGbPerGpu => ("weight_gb_per_gpu", "GB"),
            Self::WeightGbStoredPerGpu => ("weight_gb_stored_per_gpu", "GB"),
            Self::MemoryTimeMs => ("memory_time_ms", "ms"),
            Self::ComputeTimeMs => ("compute_time_ms", "ms"),
            Self::StepTimeMs => ("step_time_ms", "ms"),
            Self::TokensPerS => ("tokens_per_s", "tok/s"),
            Self::TokensPerSPerSeq => ("tokens_per_s_per_seq", "tok/s"),
            Self::TtftMs => ("ttft_ms", "ms"),
            Self::TpotMs => ("tpot_ms", "ms"),
            Self::MeasuredTpotMs => ("measured_tpot_ms", "ms"),
            Self::UsdPerMillionTokens => ("usd_per_million_tokens", "USD"),
            Self::EnergyPerTokenJ => ("energy_per_token_j", "J"),
            Self::KvTransferMs => ("kv_transfer_ms", "ms"),
            Self::PrefillTokens => ("prefill_tokens", "tokens"),
            Self::PrefillMs => ("prefill_ms", "ms"),
            Self::TransferSharePct => ("transfer_share_pct", "%"),
            Self::SplitTtftMs => ("split_ttft_ms", "ms"),
            Self::MixedTpotMs => ("mixed_tpot_ms", "ms"),
            Self::LinkGbs => ("link_gbs", "GB/s"),
            Self::AllreduceCalls => ("allreduce_calls", "calls"),
            Self::AllreduceMs => ("allreduce_ms", "ms"),
            Self::AllreduceLatencyMs => ("allreduce_latency_ms", "ms"),
            Self::StepWithCommMs => ("step_with_comm_ms", "ms"),
            Self::CommSharePct => ("comm_share_pct", "%"),
            Self::TargetBatch => ("target_batch", "sequences"),
            Self::TargetBatchNoWall => ("target_batch_no_wall", "sequences"),
            Self::TimeInSystemS => ("time_in_system_s", "s"),
            Self::Concurrency => ("concurrency", "requests"),
            Self::GpusForRate => ("gpus_for_rate", "GPUs"),
            Self::TokensPerSPerGpu => ("tokens_per_s_per_gpu", "tok/s"),
            Self::BendBatch => ("bend_batch", "sequences"),
            Self::TpToFit => ("tp_to_fit", "GPUs"),
            Self::ReplicasForRate => ("replicas_for_rate", "replicas"),
            Self::PoolRatio => ("pool_ratio", "prefill GPUs per decode GPU"),
            Self::TargetUsdPerMillionTokens => ("target_usd_per_million_tokens", "USD"),
            Self::KvBlockKib => ("kv_block_kib", "KiB"),
            Self::BlockWasteKib => ("block_waste_kib", "KiB"),
            Self::KvSharePct => ("kv_share_pct", "%"),
            Self::KvUsagePct => ("kv_usage_pct", "%"),
            Self::StateKvTokens => ("state_kv_tokens", "tokens"),
            Self::PpStepMs => ("pp_step_ms", "ms"),
            Self::AlltoallMbPerToken => ("alltoall_mb_per_token", "MB"),
            Self::EpAlltoallMs => ("ep_alltoall_ms", "ms"),
            Self::PpSendMs => ("pp_send_ms", "ms"),
            Self::Bound => ("bound", ""),
        }
    }

    /// The snake_case name lessons use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.info().0
    }

    /// The unit a lesson should print after the number.
    #[must_use]
    pub const fn unit(self) -> &'static str {
        self.info().1
    }

    /// Whether the quantity needs a model in the scenario.
    #[must_use]
    pub const fn needs_model(self) -> bool {
        !matches!(
            self,
            Self::Ridge | Self::PeakTflops | Self::BandwidthTbs | Self::MemoryGb | Self::TdpW
        )
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

mod value;

#[cfg(test)]
mod tests;
