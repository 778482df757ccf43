//! The cluster around one replica: the KV over a link, prefill after the prefix cache, the
//! mixed step, the tensor-parallel all-reduces, the batch a target allows, Little's law.

use super::figures;
use super::{Ctx, derived, figure, inp, setting};
use crate::domain::derivation::{Derivation, Formula, Input, Source};
use crate::domain::scenario::{Role, ScaleUpFigures};

/// Which link figure.
#[derive(Clone, Copy)]
pub(super) enum Link {
    Transfer,
    Share,
    SplitTtft,
}

/// Where a role's link comes from: its own field, the one-for-both `link`, else the GPU's.
fn link_source(x: Ctx<'_>, role: Role, name: &str) -> Source {
    let gpus = match role {
        Role::ScaleUp => "scale-up link",
        Role::ScaleOut => "scale-out NIC",
    };
    match x.s.link_setting(role) {
        Some((field, id)) => Source::setting(&format!("{field} = {id} ({name}, links data)")),
        None => Source::Default {
            field: format!("{}: the GPU's {gpus}, {name} (links data)", role.field()),
        },
    }
}

fn gbs(x: Ctx<'_>, role: Role, name: &str, gbs: f64) -> Input {
    Input::link_gbs(gbs, link_source(x, role, name))
}

/// The scale-up link's bandwidth, as the links data gives it.
pub(super) fn link_gbs(x: Ctx<'_>) -> Option<Derivation> {
    let l = x.c()?.scale_up.as_ref()?;
    let source = link_source(x, Role::ScaleUp, &l.name);
    Some(derived(
        Formula::Given,
        l.gbs,
        "GB/s",
        vec![inp("x", "link bandwidth", l.gbs, "GB/s", source)],
        vec!["one direction, per GPU, as the links data gives it"],
    ))
}

pub(super) fn transfer(x: Ctx<'_>, which: Link) -> Option<Derivation> {
    let l = x.c()?.scale_out.as_ref()?;
    let overlap = "no overlap with compute: the transfer waits for the prefill";
    Some(match which {
        Link::Transfer => derived(
            Formula::Transfer,
            l.transfer_s,
            "s",
            vec![
                Input::kv_sent(l.kv_bytes_per_gpu),
                gbs(x, Role::ScaleOut, &l.name, l.gbs),
            ],
            vec![
                "full link bandwidth, no latency",
                "the whole prompt's KV (a cached prefix too: decode needs it)",
            ],
        ),
        Link::Share => derived(
            Formula::TransferShare,
            100.0 * l.transfer_s / x.c()?.prefill_s,
            "%",
            vec![Input::kv_transfer(l.transfer_s), figures::prefill(x)?],
            vec![overlap],
        ),
        Link::SplitTtft => derived(
            Formula::SplitTtft,
            x.c()?.prefill_s + l.transfer_s + x.m()?.step_time_s,
            "s",
            vec![
                figures::prefill(x)?,
                Input::kv_transfer(l.transfer_s),
                figures::step(x)?,
            ],
            vec![overlap, "prefill and decode on separate GPUs, no queueing"],
        ),
    })
}

/// Which prefill figure.
#[derive(Clone, Copy)]
pub(super) enum Prefill {
    Tokens,
    Time,
    Mixed,
}

pub(super) fn prefill(x: Ctx<'_>, which: Prefill) -> Option<Derivation> {
    let c = x.c()?;
    let s = x.s;
    Some(match which {
        Prefill::Tokens => derived(
            Formula::PrefillTokens,
            c.prefill_tokens as f64,
            "tokens",
            vec![
                inp(
                    "h",
                    "prefix-cache hit",
                    s.prefix_hit,
                    "",
                    setting("prefix_hit", s.prefix_hit == 0.0),
                ),
                inp(
                    "prompt",
                    "prompt tokens",
                    s.prompt as f64,
                    "tokens",
                    setting("prompt", false),
                ),
            ],
            vec!["the cached prefix needs no prefill"],
        ),
        Prefill::Time => {
            let (bytes, flops) = c.prefill_work;
            derived(
                Formula::StepTime,
                c.prefill_s,
                "s",
                [
                    figures::bytes_and_bandwidth(x, bytes, "every weight once + the KV written"),
                    figures::flops_and_peak(
                        x,
                        flops,
                        "2 × parameters × prefill tokens + causal attention",
                    ),
                ]
                .concat(),
                vec![
                    "the prefill tokens alone on the replica, at the speed of light",
                    "memory and compute overlap fully (max, not sum)",
                ],
            )
        }
        Prefill::Mixed => derived(
            Formula::MixedStep,
            c.mixed_tpot_s,
            "s",
            vec![
                figures::memory_time(x)?,
                figures::compute_time(x)?,
                inp(
                    "F_chunk",
                    "the chunk's FLOPs per GPU",
                    c.chunk_flops_per_gpu,
                    "FLOP",
                    setting(
                        "chunk (at most the prefill tokens)",
                        s.chunk == crate::domain::scenario::DEFAULT_CHUNK,
                    ),
                ),
                figures::peak(x),
            ],
            vec!["the chunk rides on the decode step: the weights are read once for both"],
        ),
    })
}

/// What every all-reduce figure assumes.
const RING: &str = "a ring all-reduce; the link's full bandwidth";

/// Which all-reduce figure.
#[derive(Clone, Copy)]
pub(super) enum Comm {
    Calls,
    Time,
    Latency,
    StepWith,
    Share,
}

pub(super) fn allreduce(x: Ctx<'_>, which: Comm) -> Option<Derivation> {
    let l = x.c()?.scale_up.as_ref()?;
    let (m, spec) = x.mm()?;
    let layers = f64::from(spec.layers);
    let n = inp(
        "n",
        "all-reduces per step (2 per layer)",
        2.0 * layers,
        "",
        Source::Model {
            field: "layers".to_owned(),
        },
    );
    let latency = |symbol, name, us| {
        inp(
            symbol,
            name,
            us,
            "µs",
            link_source(x, Role::ScaleUp, &l.name),
        )
    };
    let (base, hop) = l.latency_us;
    let base = latency("l_0", "base latency per call", base);
    let hop = latency("l_h", "latency per hop", hop);
    let comm = link_time(x, l)?;
    Some(match which {
        Comm::Calls => allreduce_calls(x, l, layers),
        Comm::Time => allreduce_time(x, l, [base, hop, n]),
        Comm::Latency => derived(
            Formula::AllreduceLatency,
            l.allreduce.latency_s,
            "s",
            vec![x.tp("N"), base, hop, n],
            vec![RING],
        ),
        Comm::StepWith => derived(
            Formula::StepWithComm,
            m.step_time_s + comm.value,
            "s",
            vec![figures::step(x)?, comm],
            vec!["the all-reduces wait for the step's matmuls (no overlap)"],
        ),
        Comm::Share => derived(
            Formula::CommShare,
            100.0 * comm.value / m.step_time_s,
            "%",
            vec![comm, figures::step(x)?],
            vec!["no overlap"],
        ),
    })
}

/// The link time a step waits for, as an input: the all-reduces alone, or with the all-to-alls
/// and pipeline sends the scenario's `ep` and `pp` add (the one sum the quantities read).
fn link_time(x: Ctx<'_>, l: &ScaleUpFigures) -> Option<Input> {
    let c = x.c()?;
    let total = c.link_time_s()?;
    Some(if c.parallel.total_s() > 0.0 {
        inp(
            "t_comm",
            "all-reduces, all-to-alls and pipeline sends",
            total,
            "s",
            figure("allreduce_ms + ep_alltoall_ms + pp_send_ms"),
        )
    } else {
        inp(
            "t_comm",
            "all-reduces",
            l.allreduce_s,
            "s",
            figure("allreduce_ms"),
        )
    })
}

/// How many all-reduces a step makes: two a layer.
fn allreduce_calls(x: Ctx<'_>, l: &ScaleUpFigures, layers: f64) -> Derivation {
    derived(
        Formula::AllreduceCalls,
        f64::from(l.allreduce.calls),
        "calls",
        vec![
            inp(
                "L",
                "layers",
                layers,
                "",
                Source::Model {
                    field: "layers".to_owned(),
                },
            ),
            x.tp("TP"),
        ],
        vec!["Megatron-style tensor parallelism: one after attention, one after the MLP"],
    )
}

/// The all-reduces' time: their bytes over the link's bandwidth, and their latency.
fn allreduce_time(x: Ctx<'_>, l: &ScaleUpFigures, [base, hop, n]: [Input; 3]) -> Derivation {
    derived(
        Formula::AllreduceTime,
        l.allreduce_s,
        "s",
        vec![
            inp(
                "X",
                "bytes one all-reduce reduces",
                l.allreduce_buffer_bytes,
                "bytes",
                figure("tokens in the step × hidden × bytes per activation"),
            ),
            x.tp("N"),
            gbs(x, Role::ScaleUp, &l.name, l.gbs),
            base,
            hop,
            n,
        ],
        vec![RING, "no overlap with compute"],
    )
}
