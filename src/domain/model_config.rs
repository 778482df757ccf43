//! A model as its Hugging Face `config.json` describes it, and the pure mapping from those
//! fields to the tutor's [`ModelSpec`]. Reading the file (and refusing what it lacks, located)
//! is `content::model_config`'s work; here every field is already typed.
//!
//! The parameter count is computed from the shapes, tensor by tensor, the way the
//! `transformers` modeling code builds them (see [`params`]); the multi-token-prediction layers
//! a checkpoint may carry are left out, as model cards leave them out of the total.

mod params;

use super::dtype::Dtype;
use super::model::{Attention, Experts, ExpertsOnly, LinearAttention, ModelSpec, SlidingWindow};

/// The biases a family's attention projections carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProjectionBias {
    /// No biases (Llama, Mistral, Qwen3, DeepSeek).
    #[default]
    None,
    /// Q, K and V biases (Qwen2 and Qwen2.5 always have them).
    Qkv,
    /// Q, K, V and output biases (Llama with `attention_bias: true`).
    All,
}

/// Extra per-head pieces of a family's attention.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HeadNorm {
    /// Nothing beyond the projections.
    #[default]
    Absent,
    /// An RMSNorm over each query and key head (Qwen3): 2 × head_dim weights per layer.
    QueryKey,
}

/// Learned per-head scalars a family's attention adds to the softmax's denominator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AttentionSinks {
    /// None (every family but gpt-oss).
    #[default]
    Absent,
    /// One sink per query head and layer (gpt-oss's `sinks`).
    PerHead,
}

/// The biases a family's routed experts carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpertBias {
    /// None.
    Absent,
    /// A bias on the fused gate-up projection (2 × width) and on the down projection (hidden),
    /// per expert (gpt-oss's `gate_up_proj_bias` and `down_proj_bias`).
    GateUpDown,
}

/// How the softmax attention stores and computes its keys and values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigAttention {
    /// Grouped-query (or multi-head) attention.
    Gqa {
        /// Whether the query projection also emits a per-head output gate (Qwen3.5/3.6
        /// `attn_output_gate`), doubling its width.
        output_gate: bool,
    },
    /// Multi-head latent attention (DeepSeek-V2/V3).
    Mla {
        /// `q_lora_rank` (absent: the query is projected directly).
        q_lora: Option<u32>,
        /// `kv_lora_rank`.
        kv_lora: u32,
        /// `qk_rope_head_dim`.
        rope: u32,
        /// `qk_nope_head_dim`.
        nope: u32,
        /// `v_head_dim`.
        v: u32,
    },
}

impl Default for ConfigAttention {
    /// Plain grouped-query attention, without an output gate.
    fn default() -> Self {
        Self::Gqa { output_gate: false }
    }
}

/// One softmax-attention block as `config.json` shapes it: everything its parameters and its
/// KV cache follow from, besides the model width.
///
/// Its `Default` has no heads, no biases, head norms or sinks, and GQA without an output gate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AttentionBlock {
    /// `num_attention_heads`.
    pub query_heads: u32,
    /// `num_key_value_heads` (the query heads under MLA).
    pub kv_heads: u32,
    /// `head_dim`, or hidden ÷ heads, or MLA's `v_head_dim`.
    pub head_dim: u32,
    /// Projection biases.
    pub bias: ProjectionBias,
    /// Per-head norms.
    pub head_norm: HeadNorm,
    /// Sinks.
    pub sinks: AttentionSinks,
    /// GQA or MLA.
    pub kind: ConfigAttention,
}

/// The routed experts of a mixture-of-experts model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfigExperts {
    /// `num_local_experts` or `n_routed_experts` or `num_experts`.
    pub routed: u32,
    /// `num_experts_per_tok`.
    pub per_token: u32,
    /// `n_shared_experts` (0 when the family has none).
    pub shared: u32,
    /// One routed expert's intermediate width (`moe_intermediate_size`, or Mixtral's
    /// `intermediate_size`).
    pub expert_ffn: u64,
    /// Leading layers that stay dense (`first_k_dense_replace`).
    pub dense_layers: u32,
    /// Whether the router carries a per-expert score bias (DeepSeek-V3's
    /// `e_score_correction_bias`, `topk_method: noaux_tc`).
    pub router_bias: bool,
    /// The experts' own biases.
    pub bias: ExpertBias,
}

impl ConfigExperts {
    /// Bias parameters of one routed expert.
    #[must_use]
    pub const fn bias_params(&self, hidden: u64) -> u64 {
        match self.bias {
            ExpertBias::Absent => 0,
            ExpertBias::GateUpDown => 2 * self.expert_ffn + hidden,
        }
    }
}

/// The linear-attention layers of a hybrid model (Gated DeltaNet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfigHybrid {
    /// Layers with softmax attention (from `layer_types` or `full_attention_interval`).
    pub attention_layers: u32,
    /// The linear-attention state sizes.
    pub linear: LinearAttention,
    /// `linear_conv_kernel_dim`: the short convolution over q, k and v.
    pub conv_kernel: u32,
}

/// The weight format a checkpoint ships in, from `quantization_config` (or `torch_dtype`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigWeights {
    /// Unquantized, in this format (`torch_dtype`).
    Plain(Dtype),
    /// FP8 with one scale per block (`quant_method: fp8`, `weight_block_size`).
    Fp8Blocks {
        /// Rows and columns of one scaled block.
        block: [u32; 2],
    },
    /// Weight-only INT4 (`quant_method: awq` or `gptq`, `bits: 4`).
    Int4Groups {
        /// Weights sharing one scale (`group_size`).
        group: u32,
    },
    /// Only the routed experts quantized, every other weight kept in `rest`: gpt-oss's MXFP4,
    /// whose `modules_to_not_convert` lists attention, router, embedding and head.
    ExpertsOnly(ExpertsOnly),
}

impl Default for ConfigWeights {
    /// Unquantized BF16.
    fn default() -> Self {
        Self::Plain(Dtype::Bf16)
    }
}

impl ConfigWeights {
    /// The tutor's weight format for this checkpoint.
    #[must_use]
    pub const fn dtype(self) -> Dtype {
        match self {
            Self::Plain(d) => d,
            Self::Fp8Blocks { .. } => Dtype::Fp8,
            Self::Int4Groups { .. } => Dtype::Int4,
            Self::ExpertsOnly(q) => q.experts,
        }
    }
}

/// Every figure of a model that its `config.json` gives, typed.
///
/// Its `Default` is a plain dense model with every size at zero: no biases, head norms or
/// sinks, GQA without an output gate, no experts, linear layers, window or MTP layers, BF16
/// weights. Give the sizes and spread it (`..ModelConfig::default()`) for the rest.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelConfig {
    /// `model_type` (of `text_config` when the model nests one).
    pub model_type: String,
    /// `num_hidden_layers` (the multi-token-prediction layers are not among them).
    pub layers: u32,
    /// `hidden_size`.
    pub hidden: u64,
    /// `intermediate_size`: the dense MLP width.
    pub ffn: u64,
    /// The softmax attention: its heads, their width and what the family adds.
    pub attention: AttentionBlock,
    /// `vocab_size`.
    pub vocab: u64,
    /// `tie_word_embeddings`.
    pub tied_embeddings: bool,
    /// Routed experts, for MoE models.
    pub experts: Option<ConfigExperts>,
    /// Linear-attention layers, for hybrids.
    pub hybrid: Option<ConfigHybrid>,
    /// `sliding_window` and how many layers use it.
    pub sliding_window: Option<SlidingWindow>,
    /// Multi-token-prediction layers the checkpoint carries (`num_nextn_predict_layers`,
    /// `mtp_num_hidden_layers`): counted out of the parameters.
    pub mtp_layers: u32,
    /// The weight format the checkpoint ships in.
    pub weights: ConfigWeights,
}

impl ModelConfig {
    /// All parameters (embeddings included, MTP layers excluded), tensor by tensor.
    #[must_use]
    pub fn params(&self) -> u64 {
        params::total(self)
    }

    /// The tutor's model spec for this configuration.
    #[must_use]
    pub fn spec(&self, id: &str, name: &str, source: &str) -> ModelSpec {
        let attention = match self.attention.kind {
            ConfigAttention::Gqa { .. } => Attention::Standard,
            ConfigAttention::Mla { kv_lora, rope, .. } => Attention::Mla {
                latent: kv_lora,
                rope_dim: rope,
            },
        };
        let experts = self.experts.map(|e| Experts {
            routed: e.routed,
            per_token: e.per_token,
            shared: e.shared,
            expert_ffn: e.expert_ffn,
            bias: e.bias_params(self.hidden),
            moe_layers: self.layers - e.dense_layers.min(self.layers),
        });
        // Every layer MoE: the dense FC width the tutor shows is one expert's.
        let ffn = match experts {
            Some(e) if e.moe_layers == self.layers => e.expert_ffn,
            Some(_) | None => self.ffn,
        };
        ModelSpec {
            id: id.to_owned(),
            name: name.to_owned(),
            params: self.params() as f64,
            active_params: None,
            layers: self.layers,
            attention_layers: self.hybrid.map(|h| h.attention_layers),
            hidden: self.hidden,
            ffn,
            query_heads: self.attention.query_heads,
            kv_heads: self.attention.kv_heads,
            head_dim: self.attention.head_dim,
            vocab: self.vocab,
            tied_embeddings: self.tied_embeddings,
            attention,
            experts,
            linear_attention: self.hybrid.map(|h| h.linear),
            sliding_window: self.sliding_window,
            experts_only: match self.weights {
                ConfigWeights::ExpertsOnly(q) if self.experts.is_some() => Some(q),
                ConfigWeights::ExpertsOnly(_)
                | ConfigWeights::Plain(_)
                | ConfigWeights::Fp8Blocks { .. }
                | ConfigWeights::Int4Groups { .. } => None,
            },
            source: source.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests;
