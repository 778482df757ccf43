//! The parameter count of a [`ModelConfig`], tensor by tensor, as the `transformers` modeling
//! code of each family builds its layers: embeddings, every block's attention (or linear
//! attention), MLP or experts and two RMSNorms, the final norm, and the output head unless tied.

use super::{
    AttentionBlock, AttentionSinks, ConfigAttention, ConfigExperts, ConfigHybrid, HeadNorm,
    ModelConfig, ProjectionBias,
};

/// All parameters: embeddings, blocks, final norm and (untied) output head.
pub(super) fn total(c: &ModelConfig) -> u64 {
    let h = c.hidden;
    let embedding = c.vocab * h;
    let head = if c.tied_embeddings { 0 } else { embedding };
    let layers = u64::from(c.layers);
    let (attention_layers, linear_layers) = match c.hybrid {
        Some(hybrid) => {
            let a = u64::from(hybrid.attention_layers);
            (a, layers - a)
        }
        None => (layers, 0),
    };
    let dense_mlp = 3 * h * c.ffn;
    let (dense_layers, moe_layers) = match c.experts {
        Some(e) => {
            let d = u64::from(e.dense_layers).min(layers);
            (d, layers - d)
        }
        None => (layers, 0),
    };
    let mixing = attention_layers * attention(c.attention, h)
        + linear_layers * c.hybrid.map_or(0, |l| linear(c, l));
    let mlps = dense_layers * dense_mlp + moe_layers * c.experts.map_or(0, |e| moe(c, e));
    let norms = layers * 2 * h + h;
    embedding + head + mixing + mlps + norms
}

/// One softmax-attention block's projections (and biases and head norms), `h` wide.
fn attention(a: AttentionBlock, h: u64) -> u64 {
    let q_width = u64::from(a.query_heads) * u64::from(a.head_dim);
    let kv_width = u64::from(a.kv_heads) * u64::from(a.head_dim);
    let norms = match a.head_norm {
        HeadNorm::Absent => 0,
        HeadNorm::QueryKey => 2 * u64::from(a.head_dim),
    } + match a.sinks {
        AttentionSinks::Absent => 0,
        AttentionSinks::PerHead => u64::from(a.query_heads),
    };
    match a.kind {
        ConfigAttention::Gqa { output_gate } => {
            let gate = if output_gate { 2 } else { 1 };
            let bias = match a.bias {
                ProjectionBias::None => 0,
                ProjectionBias::Qkv => q_width * gate + 2 * kv_width,
                ProjectionBias::All => q_width * gate + 2 * kv_width + h,
            };
            h * q_width * gate + 2 * h * kv_width + q_width * h + bias + norms
        }
        ConfigAttention::Mla {
            q_lora,
            kv_lora,
            rope,
            nope,
            v,
        } => {
            let heads = u64::from(a.query_heads);
            let q_head = u64::from(nope + rope);
            let query = match q_lora {
                // q_a_proj, q_a_layernorm, q_b_proj.
                Some(r) => h * u64::from(r) + u64::from(r) + u64::from(r) * heads * q_head,
                None => h * heads * q_head,
            };
            let kv_lora = u64::from(kv_lora);
            // kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj, o_proj.
            query
                + h * (kv_lora + u64::from(rope))
                + kv_lora
                + kv_lora * heads * u64::from(nope + v)
                + heads * u64::from(v) * h
                + norms
        }
    }
}

/// One Gated DeltaNet block (Qwen3-Next, Qwen3.5/3.6): the fused q/k/v/z and b/a input
/// projections, the short convolution over q, k and v, the per-head decay and step biases,
/// the gated output norm and the output projection.
fn linear(c: &ModelConfig, hybrid: ConfigHybrid) -> u64 {
    let l = hybrid.linear;
    let key_dim = u64::from(l.key_heads) * u64::from(l.key_head_dim);
    let value_dim = u64::from(l.value_heads) * u64::from(l.value_head_dim);
    let value_heads = u64::from(l.value_heads);
    let h = c.hidden;
    let qkvz = h * (2 * key_dim + 2 * value_dim);
    let ba = h * 2 * value_heads;
    let conv = (2 * key_dim + value_dim) * u64::from(hybrid.conv_kernel);
    let decay_and_step = 2 * value_heads;
    let norm = u64::from(l.value_head_dim);
    qkvz + ba + conv + decay_and_step + norm + value_dim * h
}

/// One MoE block: the router, the routed experts (with their biases) and the shared experts
/// (each a gated MLP).
fn moe(c: &ModelConfig, e: ConfigExperts) -> u64 {
    let h = c.hidden;
    let routed = u64::from(e.routed);
    let gate = h * routed + if e.router_bias { routed } else { 0 };
    let expert = 3 * h * e.expert_ffn;
    gate + routed * (expert + e.bias_params(h)) + u64::from(e.shared) * expert
}
