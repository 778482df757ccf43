//! How a number is written as a quantity: with its unit after it, or its name around it.

use super::Words;
use crate::domain::quantity::Quantity;

/// Whether text reading `before` ⟨number⟩ `after` writes the number as quantity `q`.
pub(super) fn written_as(q: Quantity, after: &str, around: &Words<'_>) -> bool {
    let unit = |units: &[&str]| units.iter().any(|u| after.starts_with(u));
    let named = |words: &[&str]| around.names(words);
    match q {
        Quantity::Ridge => unit(&["FLOP/byte"]) || named(&["ridge"]),
        Quantity::FcIntensity
        | Quantity::DecodeDotIntensity
        | Quantity::DenseIntensity
        | Quantity::FcIntensityApprox
        | Quantity::ExpertIntensity
        | Quantity::AttentionIntensity
        | Quantity::PrefillIntensity
        | Quantity::DensePrefillIntensity => unit(&["FLOP/byte"]),
        Quantity::BatchToRidge
        | Quantity::BatchToRidgeApprox
        | Quantity::DenseBatchToRidge
        | Quantity::MaxBatchKv => {
            unit(&["sequences", "reqs"]) || named(&["wall", "ridge needs", "to the ridge"])
        }
        Quantity::ExpertsTouchedPct
        | Quantity::RidgeSharePct
        | Quantity::TransferSharePct
        | Quantity::CommSharePct
        | Quantity::KvSharePct
        | Quantity::KvUsagePct => unit(&["%"]),
        Quantity::TokensPerExpert
        | Quantity::ExpertTokensToRidge
        | Quantity::PrefillTokens
        | Quantity::StateKvTokens => unit(&["tokens"]),
        Quantity::AttainableTflops => unit(&["TFLOP/s"]),
        Quantity::KvBytesPerToken => unit(&["bytes", "B "]),
        Quantity::KvKibPerToken | Quantity::KvBlockKib | Quantity::BlockWasteKib => unit(&["KiB"]),
        Quantity::KvGbPerSequence
        | Quantity::StateGbPerSequence
        | Quantity::SequenceGbPerGpu
        | Quantity::KvGbReadPerGpu
        | Quantity::KvBudgetGb
        | Quantity::WeightGbPerGpu
        | Quantity::WeightGbStoredPerGpu => unit(&["GB"]),
        Quantity::MemoryTimeMs
        | Quantity::ComputeTimeMs
        | Quantity::StepTimeMs
        | Quantity::TtftMs
        | Quantity::TpotMs
        | Quantity::MeasuredTpotMs
        | Quantity::KvTransferMs
        | Quantity::PrefillMs
        | Quantity::SplitTtftMs
        | Quantity::MixedTpotMs
        | Quantity::AllreduceMs
        | Quantity::AllreduceLatencyMs
        | Quantity::StepWithCommMs
        | Quantity::PpStepMs
        | Quantity::EpAlltoallMs
        | Quantity::PpSendMs => unit(&["ms"]),
        Quantity::AllreduceCalls => unit(&["calls", "all-reduces"]),
        Quantity::TargetBatch | Quantity::TargetBatchNoWall | Quantity::BendBatch => {
            unit(&["sequences", "reqs"]) || named(&["batch"])
        }
        Quantity::TimeInSystemS => unit(&["s "]),
        Quantity::Concurrency => unit(&["requests"]),
        Quantity::GpusForRate | Quantity::TpToFit => unit(&["GPUs"]),
        Quantity::ReplicasForRate => unit(&["replicas"]),
        Quantity::PoolRatio => unit(&["prefill GPU"]),
        Quantity::TokensPerS | Quantity::TokensPerSPerSeq | Quantity::TokensPerSPerGpu => {
            unit(&["tok/s", "tokens/s"])
        }
        Quantity::UsdPerMillionTokens | Quantity::TargetUsdPerMillionTokens => {
            unit(&["USD", "$"]) || around.before.ends_with('$')
        }
        Quantity::EnergyPerTokenJ => unit(&["J"]),
        Quantity::AlltoallMbPerToken => unit(&["MB"]),
        // Read off a datasheet or a setting, or not a number: never typed where computed.
        Quantity::PeakTflops
        | Quantity::BandwidthTbs
        | Quantity::MemoryGb
        | Quantity::TdpW
        | Quantity::LinkGbs
        | Quantity::DecodeDotBound
        | Quantity::Bound => false,
    }
}

/// Whether the text after a number begins with a unit of its own (`2 FLOPs per weight`, `2
/// bytes`): such a number is what that unit says, not the quantity a placeholder beside it
/// shows; a bare one ("about 326 on the H100") may be.
pub(super) fn in_a_unit(after: &str) -> bool {
    const WHOLE: [&str; 8] = ["%", "b", "j", "w", "s", "x", "×", "$"];
    const STEMS: [&str; 20] = [
        "flop", "byte", "gb", "kib", "mb", "tb", "ms", "token", "tok/", "sequence", "req", "gpu",
        "layer", "head", "bit", "weight", "param", "call", "replica", "usd",
    ];
    let word: String = after
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '.' | ';' | ')' | ':'))
        .collect::<String>()
        .to_lowercase();
    WHOLE.contains(&word.as_str()) || STEMS.iter().any(|s| word.starts_with(s))
}
