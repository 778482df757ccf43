//! Which figures give a step's answer away, derived once from the engine's quantities and how
//! they relate, not listed per lesson.
//!
//! A step that asks for a quantity withholds it at every setting the learner can reach (another
//! batch, GPU, precision, model or context shows the same quantity, often within the tolerance),
//! and with it every figure from which it follows in one operation with another figure on
//! screen: its share of the ridge beside the ridge, the step time beside the batch when it asks
//! for tokens/s, an intensity beside the bandwidth when it asks for attainable FLOP/s. Which one
//! of a pair goes is the more derived: a batch (the learner's setting) never does, a datasheet
//! figure only when nothing else can.

use crate::domain::quantity::Quantity;

/// What a surface shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// An engine quantity for the plot's setting (a readout, a label).
    Quantity(Quantity),
    /// The batch on the plot: the learner's setting, never withheld.
    Batch,
    /// What the learner or the lesson set (a context, a GPU's name, a typed what-if value).
    Setting,
    /// A figure measured on the learner's endpoint (no engine quantity).
    Measured,
}

use Quantity as Q;

/// Quantities that read as one figure on screen (the decode dot's intensity under its several
/// names, the step time under its several names, the batch that reaches the ridge). The
/// prefill of P prompt tokens multiplies each weight by P tokens, as decode at batch P does: the
/// decode dot at batch P reads the prefill intensity (`:batch 2048` beside a 2048-token prompt).
const SAME: &[&[Quantity]] = &[
    &[
        Q::DecodeDotIntensity,
        Q::FcIntensity,
        Q::DenseIntensity,
        Q::FcIntensityApprox,
        Q::ExpertIntensity,
        Q::PrefillIntensity,
        Q::DensePrefillIntensity,
    ],
    &[Q::StepTimeMs, Q::TpotMs, Q::MemoryTimeMs, Q::ComputeTimeMs],
    &[Q::BatchToRidge, Q::BatchToRidgeApprox, Q::DenseBatchToRidge],
    &[Q::KvBytesPerToken, Q::KvKibPerToken],
    &[Q::WeightGbPerGpu, Q::WeightGbStoredPerGpu],
];

/// Three figures any one of which follows from the other two in one multiplication or
/// division (up to a power of ten), most derived first. Some hold where the dot waits on
/// memory, which is where the lessons ask them.
const TRIPLES: &[[Shown; 3]] = &[
    [
        Shown::Quantity(Q::Ridge),
        Shown::Quantity(Q::BandwidthTbs),
        Shown::Quantity(Q::PeakTflops),
    ],
    [
        Shown::Quantity(Q::RidgeSharePct),
        Shown::Quantity(Q::DecodeDotIntensity),
        Shown::Quantity(Q::Ridge),
    ],
    [
        Shown::Quantity(Q::AttainableTflops),
        Shown::Quantity(Q::DecodeDotIntensity),
        Shown::Quantity(Q::BandwidthTbs),
    ],
    [
        Shown::Quantity(Q::AttainableTflops),
        Shown::Quantity(Q::RidgeSharePct),
        Shown::Quantity(Q::PeakTflops),
    ],
    [
        Shown::Quantity(Q::TokensPerS),
        Shown::Quantity(Q::StepTimeMs),
        Shown::Batch,
    ],
    [
        Shown::Quantity(Q::BatchToRidge),
        Shown::Quantity(Q::RidgeSharePct),
        Shown::Batch,
    ],
    [
        Shown::Quantity(Q::TokensPerSPerSeq),
        Shown::Quantity(Q::TokensPerS),
        Shown::Batch,
    ],
    // The throughput–interactivity curve: per GPU = per user × batch ÷ TP (a setting).
    [
        Shown::Quantity(Q::TokensPerSPerGpu),
        Shown::Quantity(Q::TokensPerSPerSeq),
        Shown::Batch,
    ],
    // The interconnect term: the step with it is the sum, its share the ratio.
    [
        Shown::Quantity(Q::StepWithCommMs),
        Shown::Quantity(Q::AllreduceMs),
        Shown::Quantity(Q::StepTimeMs),
    ],
    [
        Shown::Quantity(Q::CommSharePct),
        Shown::Quantity(Q::AllreduceMs),
        Shown::Quantity(Q::StepTimeMs),
    ],
];

/// Two figures either of which follows from the other and a constant or a datasheet figure
/// (per-sequence speed is one over the step time; cost and energy per token are a price and a
/// power over tokens/s).
const PAIRS: &[[Quantity; 2]] = &[
    [Q::TokensPerSPerSeq, Q::StepTimeMs],
    [Q::UsdPerMillionTokens, Q::TokensPerS],
    [Q::EnergyPerTokenJ, Q::TokensPerS],
    // The largest batch under a target is the KV wall wherever the wall binds first.
    [Q::TargetBatch, Q::MaxBatchKv],
    // Throughput per GPU is tokens/s over the TP degree, a setting.
    [Q::TokensPerSPerGpu, Q::TokensPerS],
    // At decode's buffer sizes the calls' latency is nearly all of the all-reduce time.
    [Q::AllreduceLatencyMs, Q::AllreduceMs],
];

/// How readily a figure goes when one of two must: never the batch, a datasheet figure only
/// after anything derived.
const fn rank(shown: Shown) -> u8 {
    match shown {
        Shown::Batch | Shown::Setting | Shown::Measured => 0,
        Shown::Quantity(Q::PeakTflops | Q::BandwidthTbs | Q::MemoryGb | Q::TdpW) => 1,
        Shown::Quantity(Q::Ridge) => 2,
        Shown::Quantity(_) => 3,
    }
}

/// The quantities on screen as `quantity` is: itself under its other names.
fn same(quantity: Quantity) -> &'static [Quantity] {
    SAME.iter()
        .copied()
        .find(|group| group.contains(&quantity))
        .unwrap_or(&[])
}

/// The quantities withheld while a step asks for `asked`.
#[must_use]
pub fn family(asked: Quantity) -> Vec<Quantity> {
    let mut out = vec![asked];
    out.extend_from_slice(same(asked));
    let asked_group = out.clone();
    let is_asked = |s: &Shown| matches!(s, Shown::Quantity(q) if asked_group.contains(q));
    for triple in TRIPLES {
        let Some(at) = triple.iter().position(is_asked) else {
            continue;
        };
        let others = triple.iter().enumerate().filter(|(i, _)| *i != at);
        // The more derived of the other two; on a tie the one listed first.
        let goes = others
            .map(|(_, s)| *s)
            .fold(None::<Shown>, |best, s| match best {
                Some(b) if rank(b) >= rank(s) => Some(b),
                _ => Some(s),
            });
        if let Some(Shown::Quantity(q)) = goes
            && rank(Shown::Quantity(q)) > 0
        {
            out.push(q);
            out.extend_from_slice(same(q));
        }
    }
    for [a, b] in PAIRS {
        for (one, other) in [(a, b), (b, a)] {
            if asked_group.contains(one) {
                out.push(*other);
                out.extend_from_slice(same(*other));
            }
        }
    }
    out.sort_by_key(|q| q.name());
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::share_beside_the_ridge(Q::Ridge, Q::RidgeSharePct)]
    #[case::the_bandwidth_beside_the_peak(Q::Ridge, Q::BandwidthTbs)]
    #[case::tokens_per_s_beside_the_batch(Q::StepTimeMs, Q::TokensPerS)]
    #[case::step_time_beside_the_batch(Q::TokensPerS, Q::StepTimeMs)]
    #[case::tpot_is_the_step_time(Q::TpotMs, Q::TokensPerS)]
    #[case::intensity_beside_the_ridge(Q::RidgeSharePct, Q::DecodeDotIntensity)]
    #[case::share_beside_the_intensity(Q::ExpertIntensity, Q::RidgeSharePct)]
    #[case::attainable_beside_the_bandwidth(Q::DecodeDotIntensity, Q::AttainableTflops)]
    #[case::prefill_is_the_dot_at_batch_p(Q::PrefillIntensity, Q::DecodeDotIntensity)]
    #[case::share_beside_the_batch(Q::BatchToRidge, Q::RidgeSharePct)]
    #[case::cost_from_tokens_per_s(Q::UsdPerMillionTokens, Q::TokensPerS)]
    #[case::per_sequence_is_the_total_at_batch_1(Q::TokensPerSPerSeq, Q::TokensPerS)]
    #[case::per_gpu_is_the_total_over_tp(Q::TokensPerS, Q::TokensPerSPerGpu)]
    #[case::per_gpu_beside_per_user(Q::TokensPerSPerSeq, Q::TokensPerSPerGpu)]
    #[case::per_user_beside_per_gpu(Q::TokensPerSPerGpu, Q::TokensPerSPerSeq)]
    #[case::per_user_is_one_over_the_step(Q::StepTimeMs, Q::TokensPerSPerSeq)]
    #[case::the_share_beside_the_all_reduce(Q::CommSharePct, Q::AllreduceMs)]
    #[case::the_all_reduce_beside_the_sum(Q::StepWithCommMs, Q::AllreduceMs)]
    #[case::the_sum_beside_the_all_reduce(Q::AllreduceMs, Q::StepWithCommMs)]
    #[case::the_share_beside_the_step(Q::StepTimeMs, Q::CommSharePct)]
    #[case::latency_is_most_of_the_all_reduce(Q::AllreduceLatencyMs, Q::AllreduceMs)]
    fn withholds_what_gives_the_answer_in_one_operation(
        #[case] asked: Quantity,
        #[case] also: Quantity,
    ) {
        let family = family(asked);
        assert!(
            family.contains(&asked) && family.contains(&also),
            "{family:?}"
        );
    }

    #[rstest]
    #[case::the_peak_stays_when_the_bandwidth_goes(Q::Ridge, Q::PeakTflops)]
    #[case::the_ridge_stays_beside_a_hidden_share(Q::DecodeDotIntensity, Q::Ridge)]
    #[case::tokens_per_s_stays_for_an_intensity(Q::DecodeDotIntensity, Q::TokensPerS)]
    #[case::the_wall_is_not_a_step_time(Q::StepTimeMs, Q::MaxBatchKv)]
    fn keeps_what_does_not_give_it(#[case] asked: Quantity, #[case] kept: Quantity) {
        assert!(!family(asked).contains(&kept), "{:?}", family(asked));
    }

    #[test]
    fn every_quantity_has_a_family_that_holds_it() {
        for q in Quantity::ALL {
            assert!(family(q).contains(&q), "{q:?}");
        }
    }
}
