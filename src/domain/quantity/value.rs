//! What a quantity is worth for an evaluated scenario: the one match from a quantity to the
//! engine's figure (through the derivation's formula table where it is arithmetic).

use super::{Quantity, QuantityValue};
use crate::domain::derivation::Formula;
use crate::domain::scenario::Evaluation;

impl Quantity {
    /// The value for an evaluated scenario: a number, the bound, or nothing when it does not
    /// apply (no model, context 0 for the KV-limited batch, a matmul that never reaches the ridge).
    #[expect(
        clippy::too_many_lines,
        reason = "a table: one row per quantity, and a new quantity adds its row here"
    )]
    #[must_use]
    pub fn value(self, e: &Evaluation) -> Option<QuantityValue> {
        use QuantityValue::Number;
        let m = || e.model.as_ref();
        let c = || e.cluster.as_ref();
        let up = || c()?.scale_up.as_ref();
        let out = || c()?.scale_out.as_ref();
        let v = match self {
            Self::Ridge => e.ridge,
            Self::PeakTflops => e.peak_flops / 1e12,
            Self::BandwidthTbs => e.bandwidth / 1e12,
            Self::MemoryGb => e.memory_bytes / 1e9,
            Self::TdpW => e.tdp_w?,
            Self::FcIntensity | Self::DenseIntensity => m()?.fc_intensity,
            Self::DecodeDotIntensity => m()?.decode_dot.intensity,
            Self::FcIntensityApprox => m()?.fc_intensity_approx,
            Self::ExpertIntensity => m()?.moe?.expert_intensity,
            Self::ExpertsTouchedPct => 100.0 * m()?.moe?.experts_touched,
            Self::TokensPerExpert => m()?.moe?.tokens_per_expert,
            Self::ExpertTokensToRidge => m()?.moe?.expert_tokens_to_ridge?,
            Self::RidgeSharePct => 100.0 * m()?.decode_dot.ridge_share,
            Self::AttainableTflops => m()?.decode_dot.attainable_flops / 1e12,
            Self::BatchToRidge => m()?.decode_dot.batch_to_ridge?,
            Self::BatchToRidgeApprox => m()?.decode_dot.batch_to_ridge_approx,
            Self::DenseBatchToRidge => m()?.dense_batch_to_ridge?,
            Self::DecodeDotBound => return Some(QuantityValue::Bound(m()?.decode_dot.bound)),
            Self::AttentionIntensity => m()?.attention_intensity,
            Self::PrefillIntensity => m()?.prefill_intensity,
            Self::DensePrefillIntensity => m()?.dense_prefill_intensity,
            Self::KvBytesPerToken => m()?.kv_bytes_per_token,
            Self::KvKibPerToken => m()?.kv_bytes_per_token / 1024.0,
            Self::KvGbPerSequence => m()?.kv_bytes_per_sequence / 1e9,
            Self::StateGbPerSequence => m()?.state_bytes_per_sequence / 1e9,
            Self::SequenceGbPerGpu => m()?.sequence_bytes_per_gpu / 1e9,
            Self::KvGbReadPerGpu => m()?.kv_bytes_read_per_gpu / 1e9,
            Self::KvBudgetGb => m()?.kv_budget_bytes / 1e9,
            Self::MaxBatchKv => m()?.max_batch_kv? as f64,
            Self::WeightGbPerGpu => m()?.weight_bytes_per_gpu / 1e9,
            Self::WeightGbStoredPerGpu => m()?.weight_bytes_stored_per_gpu / 1e9,
            Self::MemoryTimeMs => m()?.memory_time_s * 1e3,
            Self::ComputeTimeMs => m()?.compute_time_s * 1e3,
            Self::StepTimeMs | Self::TpotMs => m()?.step_time_s * 1e3,
            Self::TokensPerS => m()?.tokens_per_s,
            Self::TokensPerSPerSeq => Formula::TokensPerS.compute(&[1.0, m()?.step_time_s]),
            Self::TtftMs => m()?.ttft_s * 1e3,
            Self::MeasuredTpotMs => {
                m()?;
                e.measured_tpot_ms()?
            }
            Self::UsdPerMillionTokens => m()?.usd_per_million_tokens,
            Self::EnergyPerTokenJ => m()?.energy_per_token_j?,
            Self::Bound => return Some(QuantityValue::Bound(m()?.bound)),
            Self::KvTransferMs => out()?.transfer_s * 1e3,
            Self::PrefillTokens => c()?.prefill_tokens as f64,
            Self::PrefillMs => c()?.prefill_s * 1e3,
            Self::TransferSharePct => {
                Formula::TransferShare.compute(&[out()?.transfer_s, c()?.prefill_s])
            }
            Self::SplitTtftMs => {
                let parts = [c()?.prefill_s, out()?.transfer_s, m()?.step_time_s];
                Formula::SplitTtft.compute(&parts) * 1e3
            }
            Self::MixedTpotMs => c()?.mixed_tpot_s * 1e3,
            Self::LinkGbs => up()?.gbs,
            Self::AllreduceCalls => f64::from(up()?.allreduce.calls),
            Self::AllreduceMs => up()?.allreduce_s * 1e3,
            Self::AllreduceLatencyMs => up()?.allreduce.latency_s * 1e3,
            Self::StepWithCommMs => {
                Formula::StepWithComm.compute(&[m()?.step_time_s, c()?.link_time_s()?]) * 1e3
            }
            Self::CommSharePct => {
                Formula::CommShare.compute(&[c()?.link_time_s()?, m()?.step_time_s])
            }
            Self::TargetBatch => f64::from(c()?.target?.batch),
            Self::TargetBatchNoWall => f64::from(c()?.target?.no_wall),
            Self::TimeInSystemS => c()?.time_in_system_s,
            Self::Concurrency => c()?.rate?.concurrency,
            Self::GpusForRate => c()?.rate?.gpus,
            Self::TokensPerSPerGpu => c()?.tokens_per_s_per_gpu,
            Self::BendBatch => f64::from(c()?.bend?.batch),
            Self::TpToFit => f64::from(c()?.sizing?.tp_to_fit?),
            Self::ReplicasForRate => c()?.sizing?.replicas?,
            Self::PoolRatio => c()?.sizing?.pool_ratio?,
            Self::TargetUsdPerMillionTokens => c()?.sizing?.at_target?.usd_per_million_tokens,
            Self::KvBlockKib => c()?.scale.kv_block_bytes / 1024.0,
            Self::BlockWasteKib => c()?.scale.block_waste_bytes / 1024.0,
            Self::KvSharePct => 100.0 * c()?.scale.kv_share,
            Self::KvUsagePct => 100.0 * c()?.scale.kv_usage?,
            Self::StateKvTokens => c()?.scale.state_kv_tokens?,
            Self::PpStepMs => c()?.scale.pp_step_s * 1e3,
            Self::EpAlltoallMs => c()?.parallel.all_to_all.as_ref()?.time.total_s() * 1e3,
            Self::PpSendMs => c()?.parallel.pipeline.as_ref()?.time.total_s() * 1e3,
            Self::AlltoallMbPerToken => c()?.scale.alltoall_bytes_per_token? / 1e6,
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
