//! Time, rate and money: the step (its memory and compute terms), tokens/s, time to first
//! token, the measured step, the cost per million tokens and the energy per token.

use super::figures;
use super::{Ctx, derived, figure, inp};
use crate::domain::derivation::{Derivation, Formula, Source};
use crate::domain::measured_decode::MeasuredDecode;

/// Which time of the step.
#[derive(Clone, Copy)]
pub(super) enum Part {
    Memory,
    Compute,
    Step,
}

pub(super) fn step(x: Ctx<'_>, part: Part) -> Option<Derivation> {
    let m = x.m()?;
    let bytes =
        figures::bytes_and_bandwidth(x, m.step_bytes_per_gpu, "weights read + KV and state read");
    let flops = figures::flops_and_peak(
        x,
        m.step_flops_per_gpu,
        "2 × matmul parameters × tokens + attention, ÷ TP",
    );
    let (formula, value, inputs, mut assumptions) = match part {
        Part::Memory => (
            Formula::MemoryTime,
            m.memory_time_s,
            bytes.to_vec(),
            vec!["weights read once per step, the KV and state of every sequence read once"],
        ),
        Part::Compute => (
            Formula::ComputeTime,
            m.compute_time_s,
            flops.to_vec(),
            vec!["the dense peak: every FLOP on tensor cores at the datasheet rate"],
        ),
        Part::Step => (
            Formula::StepTime,
            m.step_time_s,
            [bytes, flops].concat(),
            vec![
                "memory and compute overlap fully (max, not sum)",
                "weights read once per step",
                "no all-reduce or launch time",
            ],
        ),
    };
    assumptions.push(x.roofs_assumption());
    Some(derived(formula, value, "s", inputs, assumptions))
}

/// The batch's tokens per second, or one sequence's.
#[derive(Clone, Copy)]
pub(super) enum Rate {
    Batch,
    Sequence,
}

pub(super) fn tokens_per_s(x: Ctx<'_>, rate: Rate) -> Option<Derivation> {
    let m = x.m()?;
    let (value, b) = match rate {
        Rate::Batch => (m.tokens_per_s, x.batch()),
        Rate::Sequence => (
            1.0 / m.step_time_s,
            inp(
                "B",
                "one sequence",
                1.0,
                "",
                figure("1: one sequence's view"),
            ),
        ),
    };
    Some(derived(
        Formula::TokensPerS,
        value,
        "tokens/s",
        vec![b, figures::step(x)?],
        vec!["one output token per sequence per step", "the batch fits"],
    ))
}

pub(super) fn ttft(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::StepTime,
        m.ttft_s,
        "s",
        [
            figures::bytes_and_bandwidth(
                x,
                m.prefill_bytes_per_gpu,
                "every weight once + the prompt's KV and state written",
            ),
            figures::flops_and_peak(
                x,
                m.prefill_flops_per_gpu,
                "2 × parameters × prompt (the head for the last token only) + causal attention",
            ),
        ]
        .concat(),
        vec![
            "one prompt prefilled alone on the replica, at the speed of light",
            "memory and compute overlap fully (max, not sum)",
            "no queueing, no all-reduce",
        ],
    ))
}

pub(super) fn measured(x: Ctx<'_>) -> Option<Derivation> {
    x.m()?;
    let ms = x.e.measured_tpot_ms()?;
    let source = || Source::Setting {
        field: "measured: the learner's benchmark, the GPU lab, or the shipped reference"
            .to_owned(),
    };
    Some(match x.e.measured? {
        MeasuredDecode::Tpot(_) => derived(
            Formula::Given,
            ms,
            "ms",
            vec![inp(
                "x",
                "measured time per output token",
                ms,
                "ms",
                source(),
            )],
            vec!["a serving engine's mean at this concurrency, as measured"],
        ),
        MeasuredDecode::ReadRate(rate) => derived(
            Formula::MeasuredAtRate,
            ms / 1e3,
            "s",
            vec![
                figures::memory_time(x)?,
                figures::bandwidth(x),
                inp("rate", "measured read rate", rate, "bytes/s", source()),
            ],
            vec!["the step is the weights' and KV's read at the rate a real sweep reached"],
        ),
    })
}

pub(super) fn cost(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::Cost,
        m.usd_per_million_tokens,
        "USD",
        vec![x.gpus("N"), x.price(), figures::tokens_per_s(x)?],
        vec![
            "the GPUs serve at this batch every hour they are paid for",
            "output tokens only (prefill is not charged here)",
        ],
    ))
}

pub(super) fn energy(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::EnergyPerToken,
        m.energy_per_token_j?,
        "J",
        vec![
            x.gpus("N"),
            inp(
                "W",
                "board power (TDP)",
                x.gpu.tdp_w?,
                "W",
                x.datasheet("tdp_w"),
            ),
            figures::step(x)?,
            x.batch(),
        ],
        vec![
            "an upper bound: the board draws its full power limit the whole step",
            "one output token per sequence per step",
        ],
    ))
}
