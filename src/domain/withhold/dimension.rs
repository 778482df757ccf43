//! Withholding by dimension: while a step asks for a quantity, every figure the plot pane can
//! show with the same physical dimension is withheld, whatever its value, and of every two
//! figures whose product or quotient has that dimension one goes.
//!
//! A figure of another quantity may lie near the answer at some setting by chance (the decode
//! dot's intensity at batch 4 beside an attention intensity of 4, the measured knee beside a
//! ridge asked). Masking it only there would make the `?` an oracle; masking every figure of
//! the answer's dimension, at every setting, tells nothing: the question states the dimension.
//! The rule is derived once from each quantity's unit, not listed per lesson.

use std::sync::OnceLock;

use super::family::{PAIRS, TRIPLES};
use super::{MeasuredFigure, Shown, Stated};
use crate::domain::quantity::Quantity;

/// A physical dimension: the exponents of FLOP, byte, second and token (a sequence makes one
/// token a step, so a batch is tokens too). A share or a count of GPUs has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dimension([i8; 4]);

impl Dimension {
    const NONE: Self = Self([0, 0, 0, 0]);
    const FLOP_PER_BYTE: Self = Self([1, -1, 0, 0]);
    const FLOP_PER_S: Self = Self([1, 0, -1, 0]);
    const BYTE_PER_S: Self = Self([0, 1, -1, 0]);
    const BYTE: Self = Self([0, 1, 0, 0]);
    const SECOND: Self = Self([0, 0, 1, 0]);
    const TOKEN: Self = Self([0, 0, 0, 1]);
    const TOKEN_PER_S: Self = Self([0, 0, -1, 1]);

    /// The dimension a unit word names; `None` for a unit outside the four (watts, dollars,
    /// joules) or no unit at all (which roof binds).
    #[must_use]
    pub fn of_unit(unit: &str) -> Option<Self> {
        Some(match unit {
            "FLOP/byte" => Self::FLOP_PER_BYTE,
            "TFLOP/s" => Self::FLOP_PER_S,
            "TB/s" | "GB/s" => Self::BYTE_PER_S,
            "GB" | "MB" | "KiB" | "bytes" => Self::BYTE,
            "ms" | "s" => Self::SECOND,
            "tokens" | "sequences" | "requests" => Self::TOKEN,
            "tok/s" => Self::TOKEN_PER_S,
            "%" | "GPUs" | "replicas" | "calls" | "prefill GPUs per decode GPU" => Self::NONE,
            _ => return None,
        })
    }

    /// The dimension of what a surface shows.
    #[must_use]
    pub fn of(shown: Shown) -> Option<Self> {
        match shown {
            Shown::Quantity(q) => Self::of_unit(q.unit()),
            Shown::Batch | Shown::Measured(MeasuredFigure::Batch) => Some(Self::TOKEN),
            Shown::Reserved => Some(Self::BYTE),
            Shown::Measured(MeasuredFigure::Mbu | MeasuredFigure::Mfu) => Some(Self::NONE),
            Shown::Measured(MeasuredFigure::Knee) => Some(Self::FLOP_PER_BYTE),
            Shown::Measured(MeasuredFigure::Peak) => Some(Self::FLOP_PER_S),
            Shown::Setting => None,
        }
    }

    fn times(self, other: Self) -> Self {
        Self(std::array::from_fn(|k| self.0[k] + other.0[k]))
    }

    fn over(self, other: Self) -> Self {
        Self(std::array::from_fn(|k| self.0[k] - other.0[k]))
    }
}

use Quantity as Q;

/// The figures the plot pane can show (the plot's labels, the slider, the readouts, the
/// measured overlay, the curve), the learner's settings first, then from the datasheet's to
/// the most derived: of two that give the answer together, the later one goes.
const ON_SCREEN: &[Shown] = &[
    Shown::Batch,
    // The memory the learner reserved, which the KV wall's notice names: a share beside it
    // gives a size.
    Shown::Reserved,
    Shown::Quantity(Q::PeakTflops),
    Shown::Quantity(Q::BandwidthTbs),
    // The usable memory a notice names beside the weights is the datasheet's, less settings.
    Shown::Quantity(Q::MemoryGb),
    Shown::Quantity(Q::Ridge),
    Shown::Quantity(Q::MaxBatchKv),
    Shown::Quantity(Q::WeightGbPerGpu),
    Shown::Quantity(Q::WeightGbStoredPerGpu),
    Shown::Quantity(Q::DecodeDotIntensity),
    Shown::Quantity(Q::DenseIntensity),
    Shown::Quantity(Q::AttentionIntensity),
    Shown::Quantity(Q::PrefillIntensity),
    Shown::Quantity(Q::StepTimeMs),
    Shown::Quantity(Q::TokensPerS),
    Shown::Quantity(Q::TokensPerSPerSeq),
    Shown::Quantity(Q::TokensPerSPerGpu),
    Shown::Quantity(Q::RidgeSharePct),
    Shown::Quantity(Q::AllreduceMs),
    Shown::Quantity(Q::CommSharePct),
    Shown::Quantity(Q::BendBatch),
    Shown::Quantity(Q::TargetBatch),
    Shown::Measured(MeasuredFigure::Batch),
    Shown::Measured(MeasuredFigure::Peak),
    Shown::Measured(MeasuredFigure::Knee),
    Shown::Measured(MeasuredFigure::Mbu),
    Shown::Measured(MeasuredFigure::Mfu),
];

/// How readily a figure goes (see `family::rank`), but for a measured point's batch: the
/// learner did not set it, so here it is a measured figure like the others (`B=1024` beside
/// the learner's batch 4 is a share of 0.4%).
const fn rank(shown: Shown) -> u8 {
    match shown {
        Shown::Measured(MeasuredFigure::Batch) => 4,
        Shown::Quantity(_)
        | Shown::Measured(_)
        | Shown::Batch
        | Shown::Setting
        | Shown::Reserved => super::family::rank(shown),
    }
}

/// Whether two figures on screen give a setting or a constant together (tokens/s × the step
/// time is the batch, tokens/s per user × the step time is one): what they give is known
/// already, so they tell nothing of the answer.
fn give_what_is_known(a: Shown, b: Shown) -> bool {
    let setting = TRIPLES.iter().any(|triple| {
        triple.contains(&a)
            && triple.contains(&b)
            && triple.iter().all(|s| *s == a || *s == b || rank(*s) == 0)
    });
    let constant = PAIRS.iter().any(|pair| {
        let [x, y] = pair.map(Shown::Quantity);
        (x, y) == (a, b) || (y, x) == (a, b)
    });
    setting || constant
}

/// What the dimension rule withholds while a step asks for `asked`, beside a question that
/// states `stated`: every quantity of its dimension, and of each two figures that can be on
/// screen together whose product or quotient has it, the later one in [`ON_SCREEN`] (never a
/// setting), unless the two give a setting. Independent of any value: a figure withheld stays
/// on screen only where the question may state it, which its words say.
#[must_use]
pub fn by_dimension(asked: Quantity, stated: &[Stated]) -> Vec<Shown> {
    Dimension::of_unit(asked.unit()).map_or_else(Vec::new, |want| of_dimension(want, stated))
}

/// What the dimension rule withholds while a step asks for a figure of dimension `want` (a
/// literal figure's unit gives it as well as a quantity's does).
#[must_use]
pub fn of_dimension(want: Dimension, stated: &[Stated]) -> Vec<Shown> {
    let derived;
    let plan = if let Some(plan) = plans().iter().find(|p| p.want == want) {
        plan
    } else {
        derived = Plan::of(want);
        &derived
    };
    let mut out = plan.members.clone();
    for &(a, b) in &plan.pairs {
        // A figure withheld already can be on screen only where the question states it
        // (`989 TFLOP/s dense`).
        let can_show = |s: Shown| match s {
            Shown::Quantity(q) if out.contains(&s) => stated.iter().any(|x| x.is_of(q)),
            Shown::Quantity(_) | Shown::Batch | Shown::Setting | Shown::Reserved => true,
            Shown::Measured(_) => !out.contains(&s),
        };
        if !can_show(a) || !can_show(b) {
            continue;
        }
        let goes = if rank(b) > 0 { b } else { a };
        if rank(goes) > 0 && !out.contains(&goes) {
            out.push(goes);
        }
    }
    out
}

/// The part of the rule for one dimension that no question changes, derived once: every
/// figure of that dimension, and the pairs on screen whose product or quotient has it and that
/// do not give a setting or a constant, in the order of [`ON_SCREEN`].
struct Plan {
    want: Dimension,
    members: Vec<Shown>,
    pairs: Vec<(Shown, Shown)>,
}

impl Plan {
    fn of(want: Dimension) -> Self {
        let mut members: Vec<Shown> = Vec::new();
        let of_dimension = Quantity::ALL
            .into_iter()
            .map(Shown::Quantity)
            .chain(ON_SCREEN.iter().copied())
            .filter(|s| rank(*s) > 0 && Dimension::of(*s) == Some(want));
        for shown in of_dimension {
            if !members.contains(&shown) {
                members.push(shown);
            }
        }
        let mut pairs = Vec::new();
        for (i, a) in ON_SCREEN.iter().copied().enumerate() {
            for b in ON_SCREEN[i + 1..].iter().copied() {
                let (Some(da), Some(db)) = (Dimension::of(a), Dimension::of(b)) else {
                    continue;
                };
                let gives = [da.times(db), da.over(db), db.over(da)].contains(&want);
                if gives && !give_what_is_known(a, b) {
                    pairs.push((a, b));
                }
            }
        }
        Self {
            want,
            members,
            pairs,
        }
    }
}

/// The plans of every dimension a unit names.
fn plans() -> &'static [Plan] {
    static PLANS: OnceLock<Vec<Plan>> = OnceLock::new();
    PLANS.get_or_init(|| {
        [
            Dimension::NONE,
            Dimension::FLOP_PER_BYTE,
            Dimension::FLOP_PER_S,
            Dimension::BYTE_PER_S,
            Dimension::BYTE,
            Dimension::SECOND,
            Dimension::TOKEN,
            Dimension::TOKEN_PER_S,
        ]
        .into_iter()
        .map(Plan::of)
        .collect()
    })
}

#[cfg(test)]
mod tests;
