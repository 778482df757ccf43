//! The engine's figures as inputs of other derivations: one constructor each, so a figure
//! reads the same (symbol, words, unit, source) wherever a derivation uses it.

use super::{Ctx, figure, inp};
use crate::domain::derivation::Input;
use crate::domain::scenario::KvSplit;

/// `R`: the ridge.
pub(super) fn ridge(x: Ctx<'_>) -> Input {
    inp("R", "ridge", x.e.ridge, "FLOP/byte", figure("ridge"))
}

/// `P`: the dense peak.
pub(super) fn peak(x: Ctx<'_>) -> Input {
    inp("P", "dense peak", x.e.peak_flops, "FLOP/s", figure("peak"))
}

/// `BW`: the memory bandwidth.
pub(super) fn bandwidth(x: Ctx<'_>) -> Input {
    inp(
        "BW",
        "memory bandwidth",
        x.e.bandwidth,
        "bytes/s",
        figure("bandwidth"),
    )
}

/// `t_mem`: the step's memory time.
pub(super) fn memory_time(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "t_mem",
        "memory time",
        x.m()?.memory_time_s,
        "s",
        figure("memory_time_ms"),
    ))
}

/// `t_math`: the step's compute time.
pub(super) fn compute_time(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "t_math",
        "compute time",
        x.m()?.compute_time_s,
        "s",
        figure("compute_time_ms"),
    ))
}

/// `t`: the speed-of-light decode step.
pub(super) fn step(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "t",
        "decode step",
        x.m()?.step_time_s,
        "s",
        figure("step_time_ms"),
    ))
}

/// `t_prefill`: the prefill after the prefix cache.
pub(super) fn prefill(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "t_prefill",
        "prefill",
        x.c()?.prefill_s,
        "s",
        figure("prefill_ms"),
    ))
}

/// `kv`: the KV bytes one token of context keeps.
pub(super) fn kv_per_token(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "kv",
        "KV bytes per token",
        x.m()?.kv_bytes_per_token,
        "bytes",
        figure("kv_bytes_per_token"),
    ))
}

/// `KV`: the KV bytes one sequence keeps at the context.
pub(super) fn kv_sequence(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "KV",
        "KV bytes per sequence",
        x.m()?.kv_bytes_per_sequence,
        "bytes",
        figure("kv_gb_per_sequence"),
    ))
}

/// `W`: the weight bytes one GPU holds.
pub(super) fn weights_held(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "W",
        "weights held per GPU",
        x.m()?.weight_bytes_stored_per_gpu,
        "bytes",
        figure("weight_gb_stored_per_gpu"),
    ))
}

/// `St`: one sequence's recurrent state.
pub(super) fn state(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "St",
        "recurrent state per sequence",
        x.m()?.state_bytes_per_sequence,
        "bytes",
        figure("state_gb_per_sequence"),
    ))
}

/// `tok/s`: the batch's tokens per second.
pub(super) fn tokens_per_s(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "tok/s",
        "tokens per second",
        x.m()?.tokens_per_s,
        "tokens/s",
        figure("tokens_per_s"),
    ))
}

/// `I`: the decode dot's intensity.
pub(super) fn dot_intensity(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "I",
        "decode dot's intensity",
        x.m()?.decode_dot.intensity,
        "FLOP/byte",
        figure("decode_dot_intensity"),
    ))
}

/// `Bytes`: the bytes one decode step moves on a GPU.
pub(super) fn step_bytes(x: Ctx<'_>) -> Option<Input> {
    let [bytes, _] = bytes_and_bandwidth(
        x,
        x.m()?.step_bytes_per_gpu,
        "weights read + KV and state read",
    );
    Some(bytes)
}

/// `Bytes` and `BW`: a step's bytes per GPU (what they are in `what`) and the bandwidth.
pub(super) fn bytes_and_bandwidth(x: Ctx<'_>, bytes: f64, what: &str) -> [Input; 2] {
    [
        inp("Bytes", "bytes moved per GPU", bytes, "bytes", figure(what)),
        bandwidth(x),
    ]
}

/// `F` and `P`: a step's FLOPs per GPU (what they are in `what`) and the dense peak.
pub(super) fn flops_and_peak(x: Ctx<'_>, flops: f64, what: &str) -> [Input; 2] {
    [
        inp("F", "FLOPs per GPU", flops, "FLOP", figure(what)),
        peak(x),
    ]
}

/// `G`: the GPUs one sequence's KV is split over.
pub(super) fn gpus_per_sequence(x: Ctx<'_>) -> Option<Input> {
    of_split(
        x,
        ("G", "GPUs a sequence is split over"),
        KvSplit::sequence_divisor,
    )
}

/// `s`: the share of the batch's KV one GPU holds.
pub(super) fn held_share(x: Ctx<'_>) -> Option<Input> {
    of_split(
        x,
        ("s", "share of the batch's KV one GPU holds"),
        KvSplit::share_per_gpu,
    )
}

/// An input the KV's split over the tensor-parallel group gives, at the scenario's TP.
fn of_split(
    x: Ctx<'_>,
    (symbol, name): (&'static str, &'static str),
    at_tp: fn(KvSplit, f64) -> f64,
) -> Option<Input> {
    let split = x.m()?.kv_split;
    let value = at_tp(split, f64::from(x.s.tp));
    Some(inp(symbol, name, value, "", figure(split.describe())))
}
