//! No typed figure that the engine computes: a number written into lesson text (not a
//! placeholder) that equals, to its written precision, a quantity the engine computes for the
//! text's own scenario is reported, located. Such a literal goes stale silently when the
//! catalog, the engine or the learner's cluster changes; `{batch_to_ridge:.0}` does not.
//!
//! Datasheet figures (peak, bandwidth, capacity, board power) are inputs, not computations, and
//! numbers of a single significant digit say too little to count (the withholding rule's own
//! reading of a number, [`crate::domain::withhold::tokens`]).

use super::Problem;
use super::leaks::{Passage, texts};
use super::spot::{Needle, Spot};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{Lesson, scenario_for, template};
use crate::domain::quantity::{Quantity, QuantityValue};
use crate::domain::scenario::{Evaluation, Scenario};
use crate::domain::withhold::{Token, tokens};

/// Every literal in `lesson`'s text that a quantity of its scenario computes.
pub(super) fn check(lesson: &Lesson, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (index, step) in lesson.steps.iter().enumerate() {
        for passage in texts(step) {
            problems.extend(in_passage(index, &passage, catalog, base));
        }
    }
    problems
}

fn in_passage(index: usize, passage: &Passage, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let scenario = scenario_for(passage.patch, base);
    let Ok(evaluation) = scenario.evaluate(catalog) else {
        // An unevaluable scenario is reported by the step checks.
        return Vec::new();
    };
    let settings = settings(&scenario, &evaluation);
    let raw = without_placeholders(passage.body);
    tokens(&raw)
        .filter(|token| token.is_telling() && !round(&raw[token.range.clone()]))
        .filter(|token| !settings.iter().any(|v| near(*v, token.value, token.resolution)))
        .filter_map(|token| {
            let quantity = computed_as(&token, &raw, &evaluation)?;
            let written = raw[token.range].to_owned();
            Some(Problem {
                spot: Spot::step(index, &[passage.field], Some(Needle::whole(written.clone()))),
                message: format!(
                    "'{written}' is typed where the engine computes it: write {{{}}} (with a format such as :.0) so the text stays right when the cluster or the catalog changes",
                    quantity.name()
                ),
            })
        })
        .collect()
}

/// The quantity whose value, rounded to the token's precision, is the token, written as that
/// quantity is written: followed by its unit, or (a ridge, a batch) named just before it.
fn computed_as(token: &Token, text: &str, evaluation: &Evaluation) -> Option<Quantity> {
    let after = text[token.range.end..].trim_start();
    let before = &text[..token.range.start];
    let mut from = before.len().saturating_sub(40);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let before = &before[from..].to_lowercase();
    if before.ends_with('/') || after.starts_with('/') {
        // A fraction (`9/16`) or a ratio, not a figure.
        return None;
    }
    Quantity::ALL
        .into_iter()
        .filter(|q| written_as(*q, after, before))
        .find(|q| {
            matches!(q.value(evaluation), Some(QuantityValue::Number(v))
                if near(v, token.value, token.resolution))
        })
}

/// Whether text reading `before` ⟨number⟩ `after` writes the number as quantity `q`.
fn written_as(q: Quantity, after: &str, before: &str) -> bool {
    let unit = |units: &[&str]| units.iter().any(|u| after.starts_with(u));
    let named = |words: &[&str]| words.iter().any(|w| before.contains(w));
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
        | Quantity::MaxBatchKv => unit(&["sequences", "reqs"]) || named(&["wall", "ridge needs"]),
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
        | Quantity::PpStepMs => unit(&["ms"]),
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
            unit(&["USD", "$"]) || before.ends_with('$')
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

/// Whether a written number is round (`10`, `300`): a target or an "about", one significant
/// digit before its trailing zeros.
fn round(written: &str) -> bool {
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    !written.contains('.') && digits.trim_end_matches('0').len() < 2
}

/// Whether `v`, rounded to `resolution`, is `written`.
fn near(v: f64, written: f64, resolution: f64) -> bool {
    v.is_finite() && (v - written).abs() <= resolution / 2.0 * (1.0 + 1e-9)
}

/// The figures a text may write as they are: the scenario's settings and the GPU's datasheet
/// (a batch of 64 is what the text sets, even where 2·B ÷ b_w is also 64).
fn settings(s: &Scenario, e: &Evaluation) -> Vec<f64> {
    let mut out = vec![
        f64::from(s.batch),
        s.context as f64,
        f64::from(s.tp),
        s.prompt as f64,
        f64::from(s.draft_tokens),
        s.gpu_hour_usd,
    ];
    out.extend(
        [
            Quantity::PeakTflops,
            Quantity::BandwidthTbs,
            Quantity::MemoryGb,
            Quantity::TdpW,
        ]
        .into_iter()
        .filter_map(|q| match q.value(e) {
            Some(QuantityValue::Number(v)) => Some(v),
            Some(QuantityValue::Bound(_)) | None => None,
        }),
    );
    out
}

/// `text` with each `{placeholder}` blanked (same length, so ranges still point into it), read
/// by the template's own parser (`{{` stays a brace). Holes are ASCII, so blanking their bytes
/// keeps the text UTF-8.
fn without_placeholders(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for hole in template::placeholders(text).unwrap_or_default() {
        bytes[hole.offset..hole.offset + hole.raw.len()].fill(b' ');
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}
