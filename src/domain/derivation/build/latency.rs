//! Latency targets and request rates: the batch a token-time target allows, where the curve
//! bends, time in the system, Little's law, the GPUs a rate needs, throughput per GPU.

use super::figures;
use super::{Ctx, derived, figure, inp, setting};
use crate::domain::derivation::{Derivation, Formula, Input};
use crate::domain::scenario::TargetBatch;

/// Which searched batch.
#[derive(Clone, Copy)]
pub(super) enum Search {
    Target,
    NoWall,
    Bend,
}

pub(super) fn searched(x: Ctx<'_>, which: Search) -> Option<Derivation> {
    let c = x.c()?;
    let target = c.target?;
    Some(match which {
        Search::Target => {
            let mut inputs = vec![inp(
                "B_t",
                "largest batch meeting the target",
                f64::from(target.no_wall),
                "sequences",
                figure("target_batch_no_wall"),
            )];
            if let Some(wall) = x.m()?.batch_limit() {
                inputs.push(inp(
                    "B_max",
                    "KV wall",
                    wall as f64,
                    "sequences",
                    figure("max_batch_kv"),
                ));
            }
            derived(
                Formula::TargetBatch,
                f64::from(target.batch),
                "sequences",
                inputs,
                vec!["the speed-of-light step; a real engine's is longer"],
            )
        }
        Search::NoWall => largest_meeting(x, target)?,
        Search::Bend => {
            let bend = c.bend?;
            derived(
                Formula::FirstDoubling,
                f64::from(bend.batch),
                "sequences",
                found_with_steps(
                    bend.batch,
                    "batches 2, 4, 8, … up to the KV wall or 1,024",
                    [
                        Some(("t_1", "step at batch 1", bend.first_s)),
                        Some(("t_half", "step at half the batch", bend.half_s)),
                        Some(("t_B", "step at the batch", bend.at_s)),
                    ],
                ),
                vec!["the speed-of-light step at each batch tried"],
            )
        }
    })
}

/// A searched step: its symbol, what it is, seconds (`None`: a step the search never took).
type Step = Option<(&'static str, &'static str, f64)>;

/// The inputs of a searched batch: the batch found (`how`: the search that found it), then
/// the steps around it that show it is the one, each the speed-of-light step at its batch.
fn found_with_steps<const N: usize>(batch: u32, how: &str, steps: [Step; N]) -> Vec<Input> {
    let found = inp(
        "B",
        "batch found",
        f64::from(batch),
        "sequences",
        figure(how),
    );
    std::iter::once(found)
        .chain(steps.into_iter().flatten().map(|(symbol, name, value)| {
            inp(
                symbol,
                name,
                value,
                "s",
                figure("the speed-of-light step at that batch"),
            )
        }))
        .collect()
}

/// Which rate figure.
#[derive(Clone, Copy)]
pub(super) enum RateOf {
    TimeInSystem,
    Concurrency,
    Gpus,
    PerGpu,
}

pub(super) fn rate(x: Ctx<'_>, which: RateOf) -> Option<Derivation> {
    let c = x.c()?;
    let m = x.m()?;
    let s = x.s;
    let time_in_system = inp(
        "W",
        "time in the system",
        c.time_in_system_s,
        "s",
        figure("time_in_system_s"),
    );
    Some(match which {
        RateOf::TimeInSystem => derived(
            Formula::TimeInSystem,
            c.time_in_system_s,
            "s",
            vec![figures::prefill(x)?, x.output_tokens(), figures::step(x)?],
            vec![
                "no queueing: a request starts when it arrives",
                "the speed-of-light step",
            ],
        ),
        RateOf::Concurrency => derived(
            Formula::LittlesLaw,
            c.rate?.concurrency,
            "requests",
            vec![
                inp(
                    "rate",
                    "requests per second",
                    s.rate?,
                    "1/s",
                    setting("rate", false),
                ),
                time_in_system,
            ],
            vec!["a steady state: arrivals and departures balance"],
        ),
        RateOf::Gpus => derived(
            x.over_stages(Formula::GpusForRate, Formula::GpusForRateStaged),
            c.rate?.gpus,
            "GPUs",
            x.with_pp(vec![
                inp(
                    "C",
                    "requests in the system",
                    c.rate?.concurrency,
                    "requests",
                    figure("concurrency"),
                ),
                x.batch(),
                x.tp("TP"),
            ]),
            vec!["every replica runs the scenario's batch", "the batch fits"],
        ),
        RateOf::PerGpu => derived(
            x.over_stages(Formula::PerGpuRate, Formula::PerGpuRateStaged),
            c.tokens_per_s_per_gpu,
            "tokens/s",
            x.with_pp(vec![
                inp(
                    "tok/s",
                    "the replica's tokens per second",
                    m.tokens_per_s,
                    "tokens/s",
                    figure("tokens_per_s"),
                ),
                x.tp("TP"),
            ]),
            vec!["one output token per sequence per step"],
        ),
    })
}

/// The largest batch meeting the target, memory aside: the step at B meets the budget, the
/// step at B + 1 does not (at the search's last batch there is no B + 1: its step is left out).
fn largest_meeting(x: Ctx<'_>, target: TargetBatch) -> Option<Derivation> {
    let mut inputs = found_with_steps(
        target.no_wall,
        "the bisection's last batch that met the target",
        [
            Some(("t_B", "step at that batch", target.step_s)),
            target
                .next_step_s
                .map(|next| ("t_B1", "step at one more sequence", next)),
        ],
    );
    inputs.push(inp(
        "t*",
        "token-time budget at the speed of light (target × efficiency)",
        Formula::TokenBudget.compute(&[x.s.tpot_target_ms? / 1e3, x.s.efficiency]),
        "s",
        setting("tpot_target_ms", false),
    ));
    Some(derived(
        Formula::LargestMeeting,
        f64::from(target.no_wall),
        "sequences",
        inputs,
        vec![
            "the speed-of-light step; memory ignored (the KV wall caps target_batch)",
            "an engine reaching `efficiency` of the speed of light meets the target within target × efficiency",
        ],
    ))
}
