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

/// `ALL` holds every variant once: adding a variant fails to compile here until it has a
/// place, and the place must match its position in `ALL`.
#[test]
// A data table: one line per variant, which is what makes it catch a new one.
#[allow(clippy::too_many_lines)]
fn all_lists_every_variant_once() {
    fn ordinal(q: Quantity) -> usize {
        use Quantity as Q;
        match q {
            Q::Ridge => 0,
            Q::PeakTflops => 1,
            Q::BandwidthTbs => 2,
            Q::MemoryGb => 3,
            Q::TdpW => 4,
            Q::FcIntensity => 5,
            Q::DecodeDotIntensity => 6,
            Q::DenseIntensity => 7,
            Q::FcIntensityApprox => 8,
            Q::ExpertIntensity => 9,
            Q::ExpertsTouchedPct => 10,
            Q::TokensPerExpert => 11,
            Q::ExpertTokensToRidge => 12,
            Q::RidgeSharePct => 13,
            Q::AttainableTflops => 14,
            Q::BatchToRidge => 15,
            Q::BatchToRidgeApprox => 16,
            Q::DenseBatchToRidge => 17,
            Q::DecodeDotBound => 18,
            Q::AttentionIntensity => 19,
            Q::PrefillIntensity => 20,
            Q::DensePrefillIntensity => 21,
            Q::KvBytesPerToken => 22,
            Q::KvKibPerToken => 23,
            Q::KvGbPerSequence => 24,
            Q::StateGbPerSequence => 25,
            Q::SequenceGbPerGpu => 26,
            Q::KvGbReadPerGpu => 27,
            Q::KvBudgetGb => 28,
            Q::MaxBatchKv => 29,
            Q::WeightGbPerGpu => 30,
            Q::WeightGbStoredPerGpu => 31,
            Q::MemoryTimeMs => 32,
            Q::ComputeTimeMs => 33,
            Q::StepTimeMs => 34,
            Q::TokensPerS => 35,
            Q::TokensPerSPerSeq => 36,
            Q::TtftMs => 37,
            Q::TpotMs => 38,
            Q::MeasuredTpotMs => 39,
            Q::UsdPerMillionTokens => 40,
            Q::EnergyPerTokenJ => 41,
            Q::KvTransferMs => 42,
            Q::PrefillTokens => 43,
            Q::PrefillMs => 44,
            Q::TransferSharePct => 45,
            Q::SplitTtftMs => 46,
            Q::MixedTpotMs => 47,
            Q::LinkGbs => 48,
            Q::AllreduceCalls => 49,
            Q::AllreduceMs => 50,
            Q::AllreduceLatencyMs => 51,
            Q::StepWithCommMs => 52,
            Q::CommSharePct => 53,
            Q::TargetBatch => 54,
            Q::TargetBatchNoWall => 55,
            Q::TimeInSystemS => 56,
            Q::Concurrency => 57,
            Q::GpusForRate => 58,
            Q::TokensPerSPerGpu => 59,
            Q::BendBatch => 60,
            Q::TpToFit => 61,
            Q::ReplicasForRate => 62,
            Q::PoolRatio => 63,
            Q::TargetUsdPerMillionTokens => 64,
            Q::KvBlockKib => 65,
            Q::BlockWasteKib => 66,
            Q::KvSharePct => 67,
            Q::StateKvTokens => 68,
            Q::PpStepMs => 69,
            Q::AlltoallMbPerToken => 70,
            Q::KvUsagePct => 71,
            Q::EpAlltoallMs => 72,
            Q::PpSendMs => 73,
            Q::Bound => 74,
        }
    }
    for (i, q) in Quantity::ALL.into_iter().enumerate() {
        assert_eq!(ordinal(q), i, "{q}");
    }
}
