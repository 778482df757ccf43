//! Latency targets and request rates: the batch a token-time target allows, where the curve
//! bends, time in the system, Little's law, the GPUs a rate needs, throughput per GPU.

use super::figures;
use super::{Ctx, derived, figure, inp, setting};
use crate::domain::derivation::{Derivation, Formula};
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
            let step = |symbol, name, value| inp(symbol, name, value, "s", figure(STEP_AT));
            derived(
                Formula::FirstDoubling,
                f64::from(bend.batch),
                "sequences",
                vec![
                    inp(
                        "B",
                        "batch found",
                        f64::from(bend.batch),
                        "sequences",
                        figure("batches 2, 4, 8, … up to the KV wall or 1,024"),
                    ),
                    step("t_1", "step at batch 1", bend.first_s),
                    step("t_half", "step at half the batch", bend.half_s),
                    step("t_B", "step at the batch", bend.at_s),
                ],
                vec!["the speed-of-light step at each batch tried"],
            )
        }
    })
}

/// Where a searched step comes from.
const STEP_AT: &str = "the speed-of-light step at that batch";

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
            c.concurrency?,
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
            Formula::GpusForRate,
            c.gpus_for_rate?,
            "GPUs",
            vec![
                inp(
                    "C",
                    "requests in the system",
                    c.concurrency?,
                    "requests",
                    figure("concurrency"),
                ),
                x.batch(),
                x.tp("TP"),
            ],
            vec!["every replica runs the scenario's batch", "the batch fits"],
        ),
        RateOf::PerGpu => derived(
            Formula::PerGpuRate,
            c.tokens_per_s_per_gpu,
            "tokens/s",
            vec![
                inp(
                    "tok/s",
                    "the replica's tokens per second",
                    m.tokens_per_s,
                    "tokens/s",
                    figure("tokens_per_s"),
                ),
                x.tp("TP"),
            ],
            vec!["one output token per sequence per step"],
        ),
    })
}

/// The largest batch meeting the target, memory aside: the step at B meets the budget, the
/// step at B + 1 does not.
fn largest_meeting(x: Ctx<'_>, target: TargetBatch) -> Option<Derivation> {
    // At the search's upper bound there is no batch after B to miss the target: no step to
    // show (it would print as infinite), so no derivation.
    if !target.next_step_s.is_finite() {
        return None;
    }
    let target_source = || setting("tpot_target_ms", false);
    let step = |symbol, name, value| inp(symbol, name, value, "s", figure(STEP_AT));
    Some(derived(
        Formula::LargestMeeting,
        f64::from(target.no_wall),
        "sequences",
        vec![
            inp(
                "B",
                "batch found",
                f64::from(target.no_wall),
                "sequences",
                figure("the bisection's last batch that met the target"),
            ),
            step("t_B", "step at that batch", target.step_s),
            step("t_B1", "step at one more sequence", target.next_step_s),
            inp(
                "t*",
                "token-time budget at the speed of light (target × efficiency)",
                Formula::TokenBudget.compute(&[x.s.tpot_target_ms? / 1e3, x.s.efficiency]),
                "s",
                target_source(),
            ),
        ],
        vec![
            "the speed-of-light step; memory ignored (the KV wall caps target_batch)",
            "an engine reaching `efficiency` of the speed of light meets the target within target × efficiency",
        ],
    ))
}
