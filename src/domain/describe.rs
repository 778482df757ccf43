//! The formulas behind a model's numbers, in words and with its own figures, so a lesson's
//! working follows the architecture (GQA, MLA or hybrid) instead of printing the GQA formula
//! beside an MLA figure.

use super::decode_dot::DotLayers;
use super::format::group;
use super::model::{Attention, ModelSpec};
use super::scenario::{KvSplit, Scenario};

fn bytes(b: f64) -> String {
    if b.fract() == 0.0 {
        format!("{b:.0}")
    } else {
        format!("{b}")
    }
}

/// The layers the decode dot stands for: `FC layers` or `routed experts`.
#[must_use]
pub fn dot_layers(model: &ModelSpec) -> &'static str {
    match model
        .experts
        .map_or(DotLayers::Dense, |_| DotLayers::RoutedExperts)
    {
        DotLayers::Dense => "FC layers",
        DotLayers::RoutedExperts => "routed experts",
    }
}

/// KV bytes per token as a product of the model's own figures.
#[must_use]
pub fn kv_formula(model: &ModelSpec, s: &Scenario) -> String {
    let b = bytes(s.kv.bytes());
    let layers = model.kv_layers();
    match model.attention {
        Attention::Mla { latent, rope_dim } => format!(
            "MLA, one latent per token for all {} heads: {layers} layers × ({latent} latent + {rope_dim} RoPE key) × {b} bytes",
            model.query_heads
        ),
        Attention::Standard => {
            let layers = match model.linear_attention {
                Some(_) => format!(
                    "{layers} attention layers (the other {} keep a fixed state instead)",
                    model.linear_attention_layers()
                ),
                None => format!("{layers} layers"),
            };
            format!(
                "2 (K and V) × {layers} × {} KV heads × {} wide × {b} bytes",
                model.kv_heads, model.head_dim
            )
        }
    }
}

/// Decode attention intensity per GPU as a formula with the model's figures.
#[must_use]
pub fn attention_formula(model: &ModelSpec, s: &Scenario) -> String {
    let b = bytes(s.kv.bytes());
    let tokens = if s.draft_tokens > 0 {
        format!(" × {} tokens per sequence", 1 + s.draft_tokens)
    } else {
        String::new()
    };
    match model.attention {
        Attention::Standard => {
            let g = group(model.group_size(), 0);
            format!("{g} query heads per KV head, so 2g ÷ b_kv = 2 × {g} ÷ {b}{tokens}")
        }
        Attention::Mla { latent, rope_dim } => {
            let heads = match KvSplit::of(s, model) {
                KvSplit::Replicated => model.query_heads / s.tp,
                KvSplit::Heads | KvSplit::Sequences => model.query_heads,
            };
            format!(
                "MLA, {heads} heads on each GPU reading one latent: 2 × {heads} × ({latent} + {rope_dim} + {latent}) ÷ (({latent} + {rope_dim}) × {b}){tokens}"
            )
        }
    }
}

/// Where one sequence's KV lives in the tensor-parallel group, in a few words.
#[must_use]
pub fn kv_layout(model: &ModelSpec, s: &Scenario) -> &'static str {
    match KvSplit::of(s, model) {
        KvSplit::Heads if s.tp == 1 => "all on one GPU",
        KvSplit::Heads => "split by head",
        KvSplit::Replicated => "copied to every GPU",
        KvSplit::Sequences => "whole, one GPU each",
    }
}
