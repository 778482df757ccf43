//! Latency targets and request rates: the batch a token-time target allows, where the curve
//! bends, time in the system, Little's law, the GPUs a rate needs, throughput per GPU.

use super::figures;
use super::{Ctx, derived, figure, inp, setting};
use crate::domain::derivation::{Derivation, Formula};

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
    let target_source = || setting("tpot_target_ms", false);
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
        Search::NoWall => derived(
            Formula::Searched,
            f64::from(target.no_wall),
            "sequences",
            vec![inp(
                "B",
                "batch found",
                f64::from(target.no_wall),
                "sequences",
                target_source(),
            )],
            vec![
                "bisection over batches 1 to 1,048,576: the largest whose speed-of-light step meets tpot_target_ms",
                "memory ignored",
            ],
        ),
        Search::Bend => {
            let bend = c.bend_batch?;
            derived(
                Formula::Searched,
                f64::from(bend),
                "sequences",
                vec![inp(
                    "B",
                    "batch found",
                    f64::from(bend),
                    "sequences",
                    figure("step time at 1, 2, 4, … up to the KV wall"),
                )],
                vec![
                    "the first batch of 2, 4, 8, … whose speed-of-light step is at least twice batch 1's",
                ],
            )
        }
    })
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
