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
//!
//! A measured figure (a run's, a lab's or the shipped sweep's MBU and MFU) is a figure like any
//! other, with its relations written here: MBU is the speed of light's memory time over the
//! measured step, MFU its compute time over it, so either beside the step time on screen gives
//! the measured step. A measured label goes before any engine figure it is tied to.

use std::sync::OnceLock;

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
    /// The memory per GPU the learner reserved outside the KV budget (`3 GB reserved`, beside
    /// the KV wall): a setting, never withheld, but one with a size, so a share beside it gives
    /// a size in one operation (see `dimension.rs`).
    Reserved,
    /// A figure measured on a real card: a benchmark run's, a lab's or the shipped sweep's.
    Measured(MeasuredFigure),
}

/// What a measured figure on screen is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeasuredFigure {
    /// Bandwidth utilization: the bytes a step must move ÷ the measured step ÷ the datasheet
    /// bandwidth, so the memory time ÷ the measured step (`MBU 84%`).
    Mbu,
    /// FLOP utilization: the step's FLOPs ÷ the measured step ÷ the datasheet peak, so the
    /// compute time ÷ the measured step (`MFU 70%`).
    Mfu,
    /// The compute roof a measured matmul reached (`measured 754 TF`): a measured peak.
    Peak,
    /// The intensity where a measured sweep's fitted roof bends (`knee 246`): a measured
    /// ridge.
    Knee,
    /// The batch (or concurrency) a measured point was run at: a setting of the measurement
    /// (`B=1024`), never withheld.
    Batch,
}

impl MeasuredFigure {
    /// The name a label or readout gives it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mbu => "MBU",
            Self::Mfu => "MFU",
            Self::Knee => "knee",
            Self::Peak => "measured peak",
            Self::Batch => "B",
        }
    }
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
pub(super) const TRIPLES: &[[Shown; 3]] = &[
    // A point of the throughput–interactivity curve is a batch: its tok/s per GPU × TP over
    // its tok/s per user, so the curve's two axes read at the bend or the target's mark give
    // that batch. The axis of tok/s per GPU goes.
    [
        Shown::Quantity(Q::BendBatch),
        Shown::Quantity(Q::TokensPerSPerGpu),
        Shown::Quantity(Q::TokensPerSPerSeq),
    ],
    [
        Shown::Quantity(Q::TargetBatch),
        Shown::Quantity(Q::TokensPerSPerGpu),
        Shown::Quantity(Q::TokensPerSPerSeq),
    ],
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
    // A measured step is the speed of light's memory time over MBU, or its compute time over
    // MFU: a measured share beside the step time gives it.
    [
        Shown::Quantity(Q::MeasuredTpotMs),
        Shown::Measured(MeasuredFigure::Mbu),
        Shown::Quantity(Q::MemoryTimeMs),
    ],
    [
        Shown::Quantity(Q::MeasuredTpotMs),
        Shown::Measured(MeasuredFigure::Mfu),
        Shown::Quantity(Q::ComputeTimeMs),
    ],
    // Where a measured point waits on memory, its MFU is its MBU times its share of the ridge
    // (MFU × ridge ≈ MBU × intensity: `MFU 0.3%` beside `ridge 295` reads about 1 FLOP/byte).
    [
        Shown::Quantity(Q::RidgeSharePct),
        Shown::Measured(MeasuredFigure::Mfu),
        Shown::Measured(MeasuredFigure::Mbu),
    ],
];

/// Two figures either of which follows from the other and a constant or a datasheet figure
/// (per-sequence speed is one over the step time; cost and energy per token are a price and a
/// power over tokens/s).
pub(super) const PAIRS: &[[Quantity; 2]] = &[
    [Q::TokensPerSPerSeq, Q::StepTimeMs],
    [Q::UsdPerMillionTokens, Q::TokensPerS],
    [Q::EnergyPerTokenJ, Q::TokensPerS],
    // The largest batch under a target is the KV wall wherever the wall binds first.
    [Q::TargetBatch, Q::MaxBatchKv],
    // Throughput per GPU is tokens/s over the TP degree, a setting.
    [Q::TokensPerSPerGpu, Q::TokensPerS],
    // At decode's buffer sizes the calls' latency is nearly all of the all-reduce time.
    [Q::AllreduceLatencyMs, Q::AllreduceMs],
    // An expert's weights serve the tokens routed to it: its intensity is 2 FLOPs per token
    // over the bytes of a weight (a setting), so in BF16 the expert AI is tokens per expert
    // (`expert AI 16.2` one sequence on from 16 tokens).
    [Q::TokensPerExpert, Q::ExpertIntensity],
    // A prefill of P tokens passes P tokens through every weight, as a decode step at batch P
    // does: the step time at `:batch 2048` reads a 2048-token prompt's time to first token
    // (`31.1 ms` against 30), as the dot there reads its intensity.
    [Q::TtftMs, Q::StepTimeMs],
    [Q::PrefillMs, Q::StepTimeMs],
];

/// How readily a figure goes when one of two must: never the batch, a datasheet figure only
/// after anything derived, a measured share before the engine figures, and the measured step
/// (never on screen: only a lesson asks it) first of all.
pub(super) const fn rank(shown: Shown) -> u8 {
    match shown {
        Shown::Batch
        | Shown::Setting
        | Shown::Reserved
        | Shown::Measured(MeasuredFigure::Batch) => 0,
        Shown::Quantity(Q::PeakTflops | Q::BandwidthTbs | Q::MemoryGb | Q::TdpW) => 1,
        Shown::Quantity(Q::Ridge) => 2,
        Shown::Quantity(Q::MeasuredTpotMs) => 5,
        Shown::Measured(
            MeasuredFigure::Mbu | MeasuredFigure::Mfu | MeasuredFigure::Knee | MeasuredFigure::Peak,
        ) => 4,
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

/// The family and the measured family of every quantity, in the order of [`Quantity::ALL`],
/// derived once: every surface asks them on each update and each drawing.
fn families() -> &'static [(Vec<Quantity>, Vec<MeasuredFigure>)] {
    static FAMILIES: OnceLock<Vec<(Vec<Quantity>, Vec<MeasuredFigure>)>> = OnceLock::new();
    FAMILIES.get_or_init(|| {
        Quantity::ALL
            .into_iter()
            .map(|q| (derive_family(q), derive_measured_family(q)))
            .collect()
    })
}

/// The derived families of `asked`, where it is one of [`Quantity::ALL`].
fn of(asked: Quantity) -> Option<&'static (Vec<Quantity>, Vec<MeasuredFigure>)> {
    let at = Quantity::ALL.iter().position(|q| *q == asked)?;
    families().get(at)
}

/// The quantities withheld while a step asks for `asked`.
#[must_use]
pub fn family(asked: Quantity) -> Vec<Quantity> {
    of(asked).map_or_else(|| derive_family(asked), |f| f.0.clone())
}

/// The measured figures withheld while a step asks for `asked`: those it is, or that give it
/// in one operation with another figure on screen.
#[must_use]
pub fn measured_family(asked: Quantity) -> Vec<MeasuredFigure> {
    of(asked).map_or_else(|| derive_measured_family(asked), |f| f.1.clone())
}

fn derive_family(asked: Quantity) -> Vec<Quantity> {
    let mut out: Vec<Quantity> = members(asked)
        .into_iter()
        .filter_map(|s| match s {
            Shown::Quantity(q) => Some(q),
            Shown::Batch | Shown::Setting | Shown::Reserved | Shown::Measured(_) => None,
        })
        .collect();
    out.sort_by_key(|q| q.name());
    out.dedup();
    out
}

fn derive_measured_family(asked: Quantity) -> Vec<MeasuredFigure> {
    let mut out: Vec<MeasuredFigure> = members(asked)
        .into_iter()
        .filter_map(|s| match s {
            Shown::Measured(m) => Some(m),
            Shown::Quantity(_) | Shown::Batch | Shown::Setting | Shown::Reserved => None,
        })
        .collect();
    out.sort_by_key(|m| m.name());
    out.dedup();
    out
}

/// Everything withheld while a step asks for `asked`: itself under its other names, and of each
/// relation it is in, the more derived of the other two.
fn members(asked: Quantity) -> Vec<Shown> {
    let mut out = vec![asked];
    out.extend_from_slice(same(asked));
    let asked_group = out.clone();
    let mut out: Vec<Shown> = out.into_iter().map(Shown::Quantity).collect();
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
        match goes {
            Some(shown) if rank(shown) == 0 => {}
            Some(Shown::Quantity(q)) => {
                out.push(Shown::Quantity(q));
                out.extend(same(q).iter().copied().map(Shown::Quantity));
            }
            Some(shown) => out.push(shown),
            None => {}
        }
    }
    // A measured share follows from any figure that goes (a share of the ridge withheld for an
    // intensity is in MFU = MBU × share): a second pass adds the measured figures only, from
    // every figure withheld that a screen can show.
    let withheld: Vec<Shown> = out.clone();
    let goes_with =
        |s: &Shown| withheld.contains(s) && rank(*s) < rank(Shown::Quantity(Q::MeasuredTpotMs));
    for triple in TRIPLES {
        let Some(at) = triple.iter().position(goes_with) else {
            continue;
        };
        let goes = triple
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, s)| *s)
            .fold(None::<Shown>, |best, s| match best {
                Some(b) if rank(b) >= rank(s) => Some(b),
                _ => Some(s),
            });
        if let Some(Shown::Measured(m)) = goes
            && rank(Shown::Measured(m)) > 0
        {
            out.push(Shown::Measured(m));
        }
    }
    for [a, b] in PAIRS {
        for (one, other) in [(a, b), (b, a)] {
            if asked_group.contains(one) {
                out.push(Shown::Quantity(*other));
                out.extend(same(*other).iter().copied().map(Shown::Quantity));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
