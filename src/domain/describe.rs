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
    match model.experts.map_or(DotLayers::Dense, |_| DotLayers::RoutedExperts) {
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
            "{layers} layers × ({latent} latent + {rope_dim} RoPE key) × {b} bytes: one latent per token, shared by all {} heads",
            model.query_heads
        ),
        Attention::Standard => {
            let base = format!(
                "2 (K and V) × {layers} {}layers × {} KV heads × {} wide × {b} bytes",
                if model.linear_attention.is_some() {
                    "attention "
                } else {
                    ""
                },
                model.kv_heads,
                model.head_dim
            );
            match model.linear_attention {
                Some(_) => format!(
                    "{base}; the other {} linear-attention layers keep a fixed {} GB state per sequence instead",
                    model.linear_attention_layers(),
                    group(model.state_bytes_per_sequence() / 1e9, 3)
                ),
                None => base,
            }
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
        Attention::Standard => format!(
            "2g ÷ b_kv = 2 × {} ÷ {b}{tokens} (g = {} query heads per KV head)",
            group(model.group_size(), 0),
            group(model.group_size(), 0)
        ),
        Attention::Mla { latent, rope_dim } => {
            let heads = match KvSplit::of(s, model) {
                KvSplit::Replicated => model.query_heads / s.tp,
                KvSplit::Heads | KvSplit::Sequences => model.query_heads,
            };
            format!(
                "2 × {heads} heads on each GPU × ({latent} + {rope_dim} + {latent}) ÷ (({latent} + {rope_dim}) × {b}){tokens}: MLA's heads all read one latent"
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
