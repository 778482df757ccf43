//! Memory: KV per token and per sequence, the recurrent state, what a sequence holds on a GPU,
//! the KV a step reads, the weights per GPU, the KV budget and the KV wall.

use super::figures;
use super::{Ctx, derived, figure, format_bytes, inp, model_field, setting};
use crate::domain::derivation::{Derivation, Formula, Input};
use crate::domain::scenario::{KvSplit, Scenario};

pub(super) fn kv_per_token(x: Ctx<'_>) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    Some(derived(
        Formula::KvPerToken,
        m.kv_bytes_per_token,
        "bytes",
        vec![
            inp(
                "E_kv",
                "KV elements per token",
                spec.kv_elements_per_token(),
                "",
                model_field(
                    "2 × KV layers × kv_heads × head_dim (MLA: layers × (latent + rope_dim))",
                ),
            ),
            format_bytes("b_kv", "bytes per KV element", "bytes", "kv", x.s.kv),
        ],
        vec!["whole model, every layer that keeps a KV cache"],
    ))
}

/// The window's inputs to a KV figure: W, S and N.
pub(super) fn window_inputs([w, s, n]: [f64; 3]) -> [Input; 3] {
    let field = |f: &str| model_field(&format!("sliding_window.{f}"));
    [
        inp(
            "W",
            "tokens a sliding layer keeps",
            w,
            "tokens",
            field("window"),
        ),
        inp("S", "sliding layers", s, "", field("layers")),
        inp(
            "N",
            "KV layers",
            n,
            "",
            model_field("layers that keep a KV cache"),
        ),
    ]
}

pub(super) fn kv_per_sequence(x: Ctx<'_>) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let mut inputs = vec![x.context(), figures::kv_per_token(x)?];
    let (formula, values) = spec.kv_per_sequence_inputs(x.s.context as f64, 0.0);
    let mut assumption = "the sequence holds its full context";
    if let [_, _, w, s, n] = values[..] {
        inputs.extend(window_inputs([w, s, n]));
        assumption = "a full layer holds the whole context, a sliding layer its last W tokens";
    }
    Some(derived(
        formula,
        m.kv_bytes_per_sequence,
        "bytes",
        inputs,
        vec![assumption],
    ))
}

pub(super) fn state(x: Ctx<'_>) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let (layers, heads, dk, dv, bytes) =
        spec.linear_attention
            .map_or((0.0, 0.0, 0.0, 0.0, 0.0), |l| {
                (
                    f64::from(spec.linear_attention_layers()),
                    f64::from(l.value_heads),
                    f64::from(l.key_head_dim),
                    f64::from(l.value_head_dim),
                    l.state.bytes(),
                )
            });
    let field = |f: &str| model_field(&format!("linear_attention.{f}"));
    Some(derived(
        Formula::StateBytes,
        m.state_bytes_per_sequence,
        "bytes",
        vec![
            inp(
                "L_lin",
                "linear-attention layers",
                layers,
                "",
                model_field("layers − KV layers"),
            ),
            inp("H_v", "value heads", heads, "", field("value_heads")),
            inp("d_k", "key head dim", dk, "", field("key_head_dim")),
            inp("d_v", "value head dim", dv, "", field("value_head_dim")),
            inp(
                "b_s",
                "bytes per state element",
                bytes,
                "bytes",
                field("state"),
            ),
        ],
        vec!["0 for a model without linear attention; the same at any context"],
    ))
}

pub(super) fn sequence_per_gpu(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        x.over_stages(Formula::SequencePerGpu, Formula::SequencePerStageGpu),
        m.sequence_bytes_per_gpu,
        "bytes",
        x.with_pp(vec![
            figures::kv_sequence(x)?,
            figures::state(x)?,
            figures::gpus_per_sequence(x)?,
        ]),
        x.with_layers_split(vec!["the cache holds only what is used (paged)"]),
    ))
}

pub(super) fn kv_read(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    Some(derived(
        Formula::KvRead,
        m.kv_bytes_read_per_gpu,
        "bytes",
        vec![
            x.batch(),
            figures::kv_sequence(x)?,
            figures::state(x)?,
            figures::held_share(x)?,
        ],
        vec![
            "every sequence holds its full context",
            "the KV is read once per step; the state read and written once",
        ],
    ))
}

/// `M`, `u` and `Res`: what the server may use of a GPU's memory.
fn room(x: Ctx<'_>) -> [Input; 3] {
    let s = x.s;
    let defaults = Scenario::for_gpu(&s.gpu);
    [
        inp(
            "M",
            "memory per GPU",
            x.e.memory_bytes,
            "bytes",
            x.capacity(),
        ),
        x.setting_input("u", "share the server may use", "", "mem_util", |s| {
            s.mem_util
        }),
        inp(
            "Res",
            "reserve per GPU",
            s.overhead_gb * 1e9,
            "bytes",
            setting(
                "overhead_gb",
                s.overhead_gb.to_bits() == defaults.overhead_gb.to_bits(),
            ),
        ),
    ]
}

pub(super) fn kv_budget(x: Ctx<'_>) -> Option<Derivation> {
    let mut inputs = room(x).to_vec();
    inputs.push(figures::weights_held(x)?);
    Some(derived(
        Formula::KvBudget,
        x.m()?.kv_budget_bytes,
        "bytes",
        inputs,
        vec!["activations and the runtime fit in the reserve"],
    ))
}

pub(super) fn kv_wall(x: Ctx<'_>) -> Option<Derivation> {
    let m = x.m()?;
    let wall = m.max_batch_kv?;
    let groups = match m.kv_split {
        KvSplit::Sequences => f64::from(x.s.tp),
        KvSplit::Heads | KvSplit::Replicated => 1.0,
    };
    let mut inputs = room(x).to_vec();
    inputs.extend([
        figures::weights_held(x)?,
        inp(
            "S",
            "bytes one sequence holds per GPU",
            m.sequence_bytes_per_gpu,
            "bytes",
            figure("context × KV bytes per token (+ recurrent state), on one GPU"),
        ),
        inp(
            "D",
            "GPUs keeping their own sequences",
            groups,
            "",
            setting("attention_dp", !x.s.attention_dp),
        ),
    ]);
    let assumptions = vec![
        "every sequence holds its full context",
        "the cache holds only what is used (paged), in the scenario's KV format",
        "activations and the runtime fit in the reserve",
    ];
    Some(derived(
        Formula::KvWall,
        wall as f64,
        "sequences",
        inputs,
        x.with_layers_split(assumptions),
    ))
}

/// The weights a step reads, or the weights a GPU holds.
#[derive(Clone, Copy)]
pub(super) enum Weights {
    Read,
    Stored,
}

pub(super) fn weights(x: Ctx<'_>, which: Weights) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let (value, whole, name, source, assumption) = match which {
        Weights::Read => (
            m.weight_bytes_per_gpu,
            spec.weight_bytes_read(x.s.tokens_per_step(), x.s.weights),
            "weight bytes one step reads, whole model",
            "params less the routed experts the step's tokens leave untouched, in the weight format",
            "weights read once per step (MoE: only the experts the step's tokens touch)",
        ),
        Weights::Stored => (
            m.weight_bytes_stored_per_gpu,
            spec.weight_bytes_stored(x.s.weights),
            "weight bytes held, whole model",
            "params (embedding and head at their own bytes), in the weight format",
            "every weight held on the TP group, none copied",
        ),
    };
    let inputs = vec![
        inp("W", name, whole, "bytes", model_field(source)),
        x.tp("TP"),
    ];
    let mut assumptions = vec![assumption, "tensor parallelism splits every weight evenly"];
    let (formula, inputs, assumptions) = match (which, x.staged()) {
        (_, false) => (Formula::WeightsPerGpu, inputs, assumptions),
        (Weights::Read, true) => {
            assumptions.push(
                "under PP, summed over the stages a token passes one after another (each GPU holds 1/PP of it)",
            );
            (Formula::WeightsPerGpu, inputs, assumptions)
        }
        (Weights::Stored, true) => (
            Formula::WeightsPerStageGpu,
            x.with_pp(inputs),
            x.with_layers_split(assumptions),
        ),
    };
    Some(derived(formula, value, "bytes", inputs, assumptions))
}
