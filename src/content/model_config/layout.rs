//! Which figures each `model_type` needs, and reading them: the common dense GQA core, then
//! what the family adds (biases and head norms, routed experts, MLA, linear-attention layers).

use crate::content::located::LocatedError;
use crate::domain::dtype::Dtype;
use crate::domain::model::LinearAttention;
use crate::domain::model_config::{
    AttentionBlock, ConfigAttention, ConfigExperts, ConfigHybrid, ExpertBias, HeadNorm,
    ModelConfig, ProjectionBias,
};

use super::section::Section;

/// The families the tutor reads, by `model_type`.
pub const KNOWN_TYPES: [&str; 13] = [
    "llama",
    "mistral",
    "mixtral",
    "qwen2",
    "qwen3",
    "qwen3_moe",
    "deepseek_v2",
    "deepseek_v3",
    "qwen3_5",
    "qwen3_5_text",
    "gpt_oss",
    "gemma3",
    "gemma3_text",
];

/// What the dense core needs, and why (said when one is missing).
const CORE: [(&str, &str); 7] = [
    ("num_hidden_layers", "the number of transformer blocks"),
    ("hidden_size", "the model width"),
    ("intermediate_size", "the MLP width"),
    ("num_attention_heads", "the query heads"),
    (
        "num_key_value_heads",
        "the KV heads, which set the KV cache per token",
    ),
    ("vocab_size", "the embedding and output-head rows"),
    (
        "tie_word_embeddings",
        "whether the output head is a second matrix to read",
    ),
];

/// The typed figures, where each came from, and what is not modelled.
pub struct Read {
    /// The model (its weight format filled in by the caller).
    pub config: ModelConfig,
    /// (figure, origin).
    pub origins: Vec<(&'static str, String)>,
    /// In words.
    pub notes: Vec<String>,
}

/// Reads the model's figures from `model` (the top level, or its `text_config`).
pub fn read(top: Section<'_>, model: Section<'_>) -> Result<Read, LocatedError> {
    let model_type = model
        .opt_text("model_type")?
        .or(top.opt_text("model_type")?)
        .ok_or_else(|| top.missing("model_type", "it names the architecture"))?;
    if !KNOWN_TYPES.contains(&model_type) {
        return Err(unknown_type(top, model, model_type));
    }
    let mut origins = Vec::new();
    let config = core(top, model, model_type, &mut origins)?;
    let mut read = Read {
        config,
        origins,
        notes: Vec::new(),
    };
    family(model, &mut read)?;
    super::window::sliding(model, &mut read.config, &mut read.origins)?;
    let experts_as_wide_as_the_mlp = matches!(model_type, "mixtral" | "gpt_oss");
    let ffn_key = match read.config.experts {
        Some(e) if e.dense_layers == 0 && !experts_as_wide_as_the_mlp => "moe_intermediate_size",
        Some(_) | None => "intermediate_size",
    };
    read.origins.push(("ffn", model.origin(ffn_key)));
    read.origins.push((
        "params",
        "computed from the shapes above, tensor by tensor (MTP layers left out)".to_owned(),
    ));
    Ok(read)
}

/// The dense GQA core every family has.
fn core(
    top: Section<'_>,
    model: Section<'_>,
    model_type: &str,
    origins: &mut Vec<(&'static str, String)>,
) -> Result<ModelConfig, LocatedError> {
    let why = |key: &str| CORE.iter().find(|(k, _)| *k == key).map_or("", |(_, w)| *w);
    let layers = model.count32("num_hidden_layers", why("num_hidden_layers"))?;
    let hidden = model.count("hidden_size", why("hidden_size"))?;
    let ffn = model.count("intermediate_size", why("intermediate_size"))?;
    let query_heads = model.count32("num_attention_heads", why("num_attention_heads"))?;
    let kv_heads = model.count32("num_key_value_heads", why("num_key_value_heads"))?;
    let vocab = model.count("vocab_size", why("vocab_size"))?;
    let tied_embeddings = if let Some(t) = model.opt_flag("tie_word_embeddings")? {
        origins.push(("tied_embeddings", model.origin("tie_word_embeddings")));
        t
    } else {
        let t = top.flag("tie_word_embeddings", why("tie_word_embeddings"))?;
        origins.push(("tied_embeddings", top.origin("tie_word_embeddings")));
        t
    };

    if query_heads == 0 || kv_heads == 0 || query_heads % kv_heads != 0 {
        return Err(model.at_key(
            "num_key_value_heads",
            format!("num_attention_heads ({query_heads}) must be a positive multiple of num_key_value_heads ({kv_heads})"),
        ));
    }
    let head_dim = if let Some(d) = model.opt_count32("head_dim")? {
        origins.push(("head_dim", model.origin("head_dim")));
        d
    } else {
        origins.push((
            "head_dim",
            format!("{} ÷ num_attention_heads", model.origin("hidden_size")),
        ));
        u32::try_from(hidden / u64::from(query_heads)).unwrap_or(u32::MAX)
    };

    for (figure, key) in [
        ("layers", "num_hidden_layers"),
        ("hidden", "hidden_size"),
        ("query_heads", "num_attention_heads"),
        ("kv_heads", "num_key_value_heads"),
        ("vocab", "vocab_size"),
    ] {
        origins.push((figure, model.origin(key)));
    }
    Ok(ModelConfig {
        model_type: model_type.to_owned(),
        layers,
        hidden,
        ffn,
        attention: AttentionBlock {
            query_heads,
            kv_heads,
            head_dim,
            ..AttentionBlock::default()
        },
        vocab,
        tied_embeddings,
        // The dense core: what each family adds (`family`) goes on top of the plain defaults.
        ..ModelConfig::default()
    })
}

/// What each family adds to the dense core.
fn family(m: Section<'_>, r: &mut Read) -> Result<(), LocatedError> {
    match r.config.model_type.as_str() {
        "llama" | "mistral" => {
            if m.opt_flag("attention_bias")?.unwrap_or(false) {
                r.config.attention.bias = ProjectionBias::All;
            }
        }
        "qwen2" => r.config.attention.bias = ProjectionBias::Qkv,
        "qwen3" => r.config.attention.head_norm = HeadNorm::QueryKey,
        "mixtral" => {
            let routed = m.count32("num_local_experts", "the routed experts per layer")?;
            r.config.experts = Some(experts(m, routed, r.config.ffn, 0, 0, false)?);
            r.origins
                .push(("experts.routed", m.origin("num_local_experts")));
            r.origins
                .push(("experts.expert_ffn", m.origin("intermediate_size")));
        }
        "qwen3_moe" => {
            r.config.attention.head_norm = HeadNorm::QueryKey;
            let routed = m.count32("num_experts", "the routed experts per layer")?;
            let width = m.count("moe_intermediate_size", "one expert's MLP width")?;
            let dense = m
                .get("mlp_only_layers")
                .and_then(serde_json::Value::as_array)
                .map_or(0, Vec::len);
            r.config.experts = Some(experts(
                m,
                routed,
                width,
                0,
                u32::try_from(dense).unwrap_or(0),
                false,
            )?);
            r.origins.push(("experts.routed", m.origin("num_experts")));
            r.origins
                .push(("experts.expert_ffn", m.origin("moe_intermediate_size")));
        }
        "deepseek_v2" | "deepseek_v3" => deepseek(m, r)?,
        "qwen3_5" | "qwen3_5_text" => hybrid(m, &mut r.config, &mut r.origins)?,
        "gpt_oss" => super::gpt_oss::read(m, &mut r.config, &mut r.origins)?,
        "gemma3" | "gemma3_text" => super::window::gemma3(&mut r.config, &mut r.notes),
        other => unreachable!("{other} is checked against KNOWN_TYPES"),
    }
    if r.config.experts.is_some() {
        r.origins
            .push(("experts.per_token", m.origin("num_experts_per_tok")));
    }
    Ok(())
}

fn experts(
    m: Section<'_>,
    routed: u32,
    expert_ffn: u64,
    shared: u32,
    dense_layers: u32,
    router_bias: bool,
) -> Result<ConfigExperts, LocatedError> {
    let per_token = m.count32(
        "num_experts_per_tok",
        "the routed experts each token uses (top-k)",
    )?;
    Ok(ConfigExperts {
        routed,
        per_token,
        shared,
        expert_ffn,
        dense_layers,
        router_bias,
        bias: ExpertBias::Absent,
    })
}

/// DeepSeek-V2/V3: MLA, shared and routed experts, dense first layers, MTP layers.
fn deepseek(m: Section<'_>, r: &mut Read) -> Result<(), LocatedError> {
    let Read {
        config: c,
        origins,
        notes,
    } = r;
    let kv_lora = m.count32("kv_lora_rank", "the width of MLA's cached latent")?;
    let rope = m.count32("qk_rope_head_dim", "the width of MLA's shared RoPE key")?;
    let nope = m.count32(
        "qk_nope_head_dim",
        "the per-head query/key width without RoPE",
    )?;
    let v = m.count32("v_head_dim", "the per-head value width")?;
    c.attention.kind = ConfigAttention::Mla {
        q_lora: m.opt_count32("q_lora_rank")?,
        kv_lora,
        rope,
        nope,
        v,
    };
    // One latent per token: heads are not split into KV groups.
    c.attention.kv_heads = c.attention.query_heads;
    c.attention.head_dim = v;
    origins.retain(|(f, _)| *f != "head_dim");
    origins.push(("head_dim", m.origin("v_head_dim")));
    origins.push(("attention.latent", m.origin("kv_lora_rank")));
    origins.push(("attention.rope_dim", m.origin("qk_rope_head_dim")));
    let routed = m.count32("n_routed_experts", "the routed experts per MoE layer")?;
    let width = m.count("moe_intermediate_size", "one expert's MLP width")?;
    let shared = m.opt_count32("n_shared_experts")?.unwrap_or(0);
    let dense = m.opt_count32("first_k_dense_replace")?.unwrap_or(0);
    let router_bias = m.opt_text("topk_method")? == Some("noaux_tc");
    c.experts = Some(experts(m, routed, width, shared, dense, router_bias)?);
    for (figure, key) in [
        ("experts.routed", "n_routed_experts"),
        ("experts.shared", "n_shared_experts"),
        ("experts.expert_ffn", "moe_intermediate_size"),
        ("experts.moe_layers", "first_k_dense_replace"),
    ] {
        origins.push((figure, m.origin(key)));
    }
    c.mtp_layers = m.opt_count32("num_nextn_predict_layers")?.unwrap_or(0);
    if c.mtp_layers > 0 {
        notes.push(format!(
            "{} multi-token-prediction layer(s) (num_nextn_predict_layers) are left out of the parameters, as the model card counts them",
            c.mtp_layers
        ));
    }
    Ok(())
}

/// Qwen3.5/3.6: Gated DeltaNet layers between gated softmax-attention layers.
fn hybrid(
    m: Section<'_>,
    c: &mut ModelConfig,
    origins: &mut Vec<(&'static str, String)>,
) -> Result<(), LocatedError> {
    c.attention.head_norm = HeadNorm::QueryKey;
    c.attention.kind = ConfigAttention::Gqa {
        output_gate: m.opt_flag("attn_output_gate")?.unwrap_or(true),
    };
    let attention_layers =
        if let Some([full, sliding, _]) = super::window::layer_types(m, c.layers)? {
            origins.push(("attention_layers", m.origin("layer_types")));
            full + sliding
        } else {
            let every = m.count32(
                "full_attention_interval",
                "which layers have softmax attention (or give \"layer_types\")",
            )?;
            origins.push(("attention_layers", m.origin("full_attention_interval")));
            c.layers / every.max(1)
        };
    let state = match m.opt_text("mamba_ssm_dtype")?.unwrap_or("float32") {
        "float32" => Dtype::Fp32,
        "bfloat16" => Dtype::Bf16,
        "float16" => Dtype::Fp16,
        other => {
            return Err(m.at_key(
                "mamba_ssm_dtype",
                format!("mamba_ssm_dtype \"{other}\" is not float32, bfloat16 or float16"),
            ));
        }
    };
    let need = "a linear-attention state size";
    let linear = LinearAttention {
        value_heads: m.count32("linear_num_value_heads", need)?,
        key_heads: m.count32("linear_num_key_heads", need)?,
        key_head_dim: m.count32("linear_key_head_dim", need)?,
        value_head_dim: m.count32("linear_value_head_dim", need)?,
        state,
    };
    for key in [
        "linear_num_value_heads",
        "linear_key_head_dim",
        "linear_value_head_dim",
    ] {
        origins.push(("linear_attention", m.origin(key)));
    }
    c.hybrid = Some(ConfigHybrid {
        attention_layers,
        linear,
        conv_kernel: m.opt_count32("linear_conv_kernel_dim")?.unwrap_or(4),
    });
    c.mtp_layers = m.opt_count32("mtp_num_hidden_layers")?.unwrap_or(0);
    Ok(())
}

/// The refusal for a `model_type` the tutor does not know: which of the fields a dense model
/// needs are missing, and what the tutor would need.
fn unknown_type(top: Section<'_>, model: Section<'_>, model_type: &str) -> LocatedError {
    let missing: Vec<&str> = CORE
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| model.get(k).is_none() && top.get(k).is_none())
        .collect();
    let lacks = if missing.is_empty() {
        "it has every field a dense GQA model needs, but its layout (biases, norms, experts) is not known: if it is a plain Llama-style decoder, set \"model_type\": \"llama\" in a copy".to_owned()
    } else {
        format!("it lacks {}, which any model needs", missing.join(", "))
    };
    let holder = if model.name.is_empty() { top } else { model };
    holder.at_key(
        "model_type",
        format!(
            "model_type \"{model_type}\" is not one the tutor reads ({}); {lacks}",
            KNOWN_TYPES.join(", ")
        ),
    )
}
