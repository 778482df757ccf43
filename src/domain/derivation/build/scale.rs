//! Sizing for a target and serving at scale: the smallest TP that holds the model, the
//! replicas, pool ratio and cost at the target batch, paging blocks, the KV share of a step,
//! a hybrid's state in tokens, the GPUs as pipeline stages, the expert-parallel all-to-all.

use super::{Ctx, derived, figure, figures, inp, model_field, setting};
use crate::domain::derivation::{Derivation, Formula, Input, TP_DEGREES};
use crate::domain::scenario::{AtTarget, TpTry, kv_groups};

/// The symbol of the sequences held at each degree of [`TP_DEGREES`].
const HELD: [&str; 4] = ["B_1", "B_2", "B_4", "B_8"];

pub(super) fn tp_to_fit(x: Ctx<'_>) -> Option<Derivation> {
    let z = x.c()?.sizing?;
    let tp = z.tp_to_fit?;
    let inputs = TP_DEGREES
        .iter()
        .zip(HELD)
        .zip(z.tried)
        .filter(|(_, t)| *t != TpTry::NotTried)
        .map(|((degree, symbol), t)| {
            let source = match t {
                TpTry::HeadsDoNotDivide => {
                    figure(&format!("TP {degree} does not divide the heads: none"))
                }
                TpTry::Holds(Some(n)) => figure(&format!("max_batch_kv at TP {degree}: {n}")),
                TpTry::Holds(None) | TpTry::NotTried => figure(&format!(
                    "no context at TP {degree}: nothing limits the batch"
                )),
            };
            inp(symbol, "sequences held", t.sequences(), "sequences", source)
        })
        .collect();
    Some(derived(
        Formula::TpToFit,
        f64::from(tp),
        "GPUs",
        inputs,
        vec![
            "a search: each degree is evaluated at batch 1 until one holds a sequence",
            "the weights split evenly, the reserve kept on every GPU",
        ],
    ))
}

/// Which figure at the target batch.
#[derive(Clone, Copy)]
pub(super) enum Sized {
    Replicas,
    PoolRatio,
    Cost,
}

fn target_batch(at: &AtTarget) -> Input {
    inp(
        "B",
        "the batch the target allows",
        f64::from(at.batch),
        "sequences",
        figure("target_batch"),
    )
}

fn target_step(at: &AtTarget) -> Input {
    inp(
        "t",
        "decode step at that batch",
        at.step_s,
        "s",
        figure("the speed-of-light step at target_batch"),
    )
}

pub(super) fn sized(x: Ctx<'_>, which: Sized) -> Option<Derivation> {
    let z = x.c()?.sizing?;
    let at = z.at_target?;
    let target = "the speed-of-light step at the batch the target allows";
    Some(match which {
        Sized::Replicas => derived(
            Formula::Replicas,
            z.replicas?,
            "replicas",
            vec![
                inp(
                    "rate",
                    "requests per second",
                    x.s.rate?,
                    "1/s",
                    setting("rate", false),
                ),
                inp(
                    "W",
                    "time in the system at that batch",
                    at.time_in_system_s,
                    "s",
                    figure("prefill + (output tokens − 1) × the step at target_batch"),
                ),
                target_batch(&at),
            ],
            vec![
                target,
                "a steady state, no queueing",
                "every replica runs the target batch",
            ],
        ),
        Sized::PoolRatio => derived(
            Formula::PoolRatio,
            z.pool_ratio?,
            "prefill GPUs per decode GPU",
            vec![
                figures::prefill(x)?,
                target_batch(&at),
                x.output_tokens(),
                target_step(&at),
            ],
            vec![
                target,
                "both pools at the scenario's TP; one prefill per request, no KV transfer time",
            ],
        ),
        Sized::Cost => derived(
            Formula::Cost,
            at.usd_per_million_tokens,
            "USD",
            vec![
                x.gpus("N"),
                x.price(),
                inp(
                    "tok/s",
                    "tokens per second at that batch",
                    at.tokens_per_s,
                    "tokens/s",
                    figure("target_batch ÷ the step at it"),
                ),
            ],
            vec![target, "output tokens only (prefill is not charged here)"],
        ),
    })
}

/// The KV of a paging block, or the waste of a sequence's last one.
#[derive(Clone, Copy)]
pub(super) enum Block {
    Kv,
    Waste,
}

pub(super) fn blocks(x: Ctx<'_>, which: Block) -> Option<Derivation> {
    let scale = &x.c()?.scale;
    let blk = x.setting_input(
        "blk",
        "tokens per paging block",
        "tokens",
        "block_size (default 16, vLLM's on CUDA)",
        |s| s.block_size as f64,
    );
    let kv = figures::kv_per_token(x)?;
    let (formula, value, inputs, assumption) = match which {
        Block::Kv => (Formula::KvBlock, scale.kv_block_bytes, vec![blk, kv], None),
        Block::Waste => {
            let (formula, values) =
                x.spec?
                    .block_waste_inputs(x.s.context as f64, x.s.block_size as f64, kv.value);
            let mut inputs = vec![x.context(), blk, kv];
            let mut assumption =
                "the sequence at its full context; only its last block is partly filled";
            if let [_, _, _, w, s, n] = values[..] {
                inputs.extend(super::memory::window_inputs([w, s, n]));
                assumption = "the sequence at its full context; a full layer's last block is partly filled, a sliding layer's blocks stop at its window";
            }
            (formula, scale.block_waste_bytes, inputs, Some(assumption))
        }
    };
    let mut assumptions = vec!["whole model: every layer's KV for the block's tokens"];
    assumptions.extend(assumption);
    Some(derived(formula, value, "bytes", inputs, assumptions))
}

pub(super) fn kv_usage(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::KvUsagePct,
        100.0 * x.c()?.scale.kv_usage?,
        "%",
        vec![
            inp(
                "B",
                "batch",
                f64::from(x.s.batch),
                "sequences",
                setting("batch", false),
            ),
            inp(
                "S_seq",
                "one sequence's KV and state on a GPU",
                m.sequence_bytes_per_gpu,
                "bytes",
                figure("sequence_gb_per_gpu"),
            ),
            inp(
                "budget",
                "KV budget per GPU",
                m.kv_budget_bytes,
                "bytes",
                figure("kv_budget_gb"),
            ),
            inp(
                "groups",
                "groups keeping their own sequences",
                kv_groups(x.s, m),
                "",
                figure(m.kv_split.describe()),
            ),
        ],
        vec!["every sequence of the batch at the full context"],
    ))
}

pub(super) fn kv_share(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::KvSharePct,
        100.0 * x.c()?.scale.kv_share,
        "%",
        vec![
            inp(
                "KV_read",
                "KV and state read per GPU",
                m.kv_bytes_read_per_gpu,
                "bytes",
                figure("kv_gb_read_per_gpu"),
            ),
            figures::step_bytes(x)?,
        ],
        vec!["weights read once per step, the KV and state of every sequence read once"],
    ))
}

pub(super) fn state_in_tokens(x: Ctx<'_>) -> Option<Derivation> {
    Some(derived(
        Formula::StateInTokens,
        x.c()?.scale.state_kv_tokens?,
        "tokens",
        vec![figures::state(x)?, figures::kv_per_token(x)?],
        vec!["the state's size does not grow with the context; the KV's does"],
    ))
}

pub(super) fn pipeline_step(x: Ctx<'_>) -> Option<Derivation> {
    let scale = &x.c()?.scale;
    let (bytes, flops) = scale.pp_work;
    let whole = "the whole model's step on one GPU (TP 1)";
    Some(derived(
        Formula::StepTime,
        scale.pp_step_s,
        "s",
        [
            figures::bytes_and_bandwidth(x, bytes, whole),
            figures::flops_and_peak(x, flops, whole),
        ]
        .concat(),
        vec![
            "the stages run one after the other for the batch: no micro-batches overlap them",
            "each stage reads its layers at one GPU's bandwidth; no send time between stages",
        ],
    ))
}

pub(super) fn alltoall(x: Ctx<'_>) -> Option<Derivation> {
    let (spec, experts) = x.spec.and_then(|s| Some((s, s.experts?)))?;
    Some(derived(
        Formula::Alltoall,
        x.c()?.scale.alltoall_bytes_per_token?,
        "bytes",
        vec![
            inp(
                "k",
                "experts per token",
                f64::from(experts.per_token),
                "",
                model_field("experts.per_token"),
            ),
            inp(
                "d",
                "hidden size",
                spec.hidden as f64,
                "",
                model_field("hidden"),
            ),
            x.act_bytes(),
            x.tp("N"),
            inp(
                "L_moe",
                "MoE layers",
                f64::from(experts.moe_layers),
                "",
                model_field("experts.moe_layers"),
            ),
        ],
        vec![
            "the experts spread evenly over the TP group's GPUs (expert parallel)",
            "a token's experts land on any GPU with equal chance",
        ],
    ))
}
