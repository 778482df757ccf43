//! Why a placeholder's quantity has no value for a step's scenario, said after the problem.

use super::StepChecker;
use crate::domain::quantity::Quantity;

impl StepChecker<'_> {
    /// The reason, as a parenthesis with a leading space, or nothing when none is known.
    #[expect(
        clippy::too_many_lines,
        reason = "a table: one reason per quantity, and a new quantity adds its row here"
    )]
    pub(super) fn why_missing(&self, q: Quantity) -> &'static str {
        match q {
            _ if q.needs_model() && self.scenario.model.is_none() => " (it names no model)",
            Quantity::MaxBatchKv if self.scenario.context == 0 => " (context is 0, so no KV limit)",
            Quantity::MaxBatchKv => " (the weights do not fit, so there is no KV budget)",
            Quantity::BatchToRidge | Quantity::DenseBatchToRidge => {
                " (the FC layer never reaches the ridge in this format)"
            }
            Quantity::ExpertIntensity
            | Quantity::ExpertsTouchedPct
            | Quantity::TokensPerExpert
            | Quantity::ExpertTokensToRidge => " (the model has no routed experts)",
            Quantity::StateKvTokens => " (the model keeps no linear-attention state)",
            Quantity::KvUsagePct => {
                " (context 0 or weights that do not fit leave no KV budget to fill)"
            }
            Quantity::AlltoallMbPerToken => {
                " (the model has no routed experts, or `tp` is 1: no expert lives elsewhere)"
            }
            Quantity::MeasuredTpotMs => {
                " (nothing measured this GPU at this batch: no benchmark run, GPU lab or shipped reference)"
            }
            Quantity::EnergyPerTokenJ | Quantity::TdpW => " (the GPU's data gives no board power)",
            Quantity::KvTransferMs
            | Quantity::TransferSharePct
            | Quantity::SplitTtftMs
            | Quantity::LinkGbs
            | Quantity::AllreduceCalls
            | Quantity::AllreduceMs
            | Quantity::AllreduceLatencyMs
            | Quantity::StepWithCommMs
            | Quantity::CommSharePct => {
                " (no link: name one with `link`, or a GPU that has NVLink)"
            }
            Quantity::EpAlltoallMs => {
                " (it needs `ep` above 1 on a mixture-of-experts model, and a GPU with a link)"
            }
            Quantity::PpSendMs => " (it needs `pp` above 1, and a GPU with a link)",
            Quantity::TargetBatch | Quantity::TargetBatchNoWall => " (it needs a `tpot_target_ms`)",
            Quantity::TpToFit => {
                " (it needs a `tpot_target_ms`, and weights that fit on 8 GPUs or fewer)"
            }
            Quantity::PoolRatio | Quantity::TargetUsdPerMillionTokens => {
                " (it needs a `tpot_target_ms` that batch 1 meets, and more than one output token)"
            }
            Quantity::ReplicasForRate => {
                " (it needs a `rate` and a `tpot_target_ms` that batch 1 meets)"
            }
            Quantity::Concurrency | Quantity::GpusForRate => " (it needs a `rate`)",
            Quantity::BendBatch => {
                " (it needs a `tpot_target_ms`, and a curve that bends before the KV wall)"
            }
            Quantity::PrefillTokens
            | Quantity::PrefillMs
            | Quantity::MixedTpotMs
            | Quantity::TimeInSystemS
            | Quantity::TokensPerSPerGpu
            | Quantity::Ridge
            | Quantity::PeakTflops
            | Quantity::BandwidthTbs
            | Quantity::MemoryGb
            | Quantity::FcIntensity
            | Quantity::DecodeDotIntensity
            | Quantity::DenseIntensity
            | Quantity::FcIntensityApprox
            | Quantity::RidgeSharePct
            | Quantity::AttainableTflops
            | Quantity::BatchToRidgeApprox
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
            | Quantity::KvBlockKib
            | Quantity::BlockWasteKib
            | Quantity::KvSharePct
            | Quantity::PpStepMs
            | Quantity::Bound => "",
        }
    }
}
