//! Transformer model specifications, as their `config.json` files give them, and the byte and
//! FLOP counts the roofline needs from them.

use serde::{Deserialize, Serialize};

use super::derivation::Formula;
use super::dtype::Dtype;

mod weights;

/// How a model's attention stores its KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Attention {
    /// Multi-head or grouped-query attention: K and V per KV head, `head_dim` wide.
    Standard,
    /// Multi-head latent attention (DeepSeek): one compressed latent plus a shared RoPE key per
    /// token and layer, with the up-projections absorbed into the query and output.
    Mla {
        /// Width of the compressed KV latent (`kv_lora_rank`).
        latent: u32,
        /// Width of the decoupled RoPE key (`qk_rope_head_dim`).
        rope_dim: u32,
    },
}

/// Mixture-of-experts routing, for the layers that have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experts {
    /// Routed experts per MoE layer.
    pub routed: u32,
    /// Routed experts each token is sent to (top-k).
    pub per_token: u32,
    /// Shared experts every token uses (counted in the always-read weights).
    pub shared: u32,
    /// Intermediate width of one routed expert's gated MLP.
    pub expert_ffn: u64,
    /// Bias parameters of one routed expert (gpt-oss: gate-up 2 × width + down hidden; 0 for
    /// most models).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bias: u64,
    /// How many layers are MoE layers (the rest are dense).
    pub moe_layers: u32,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
const fn is_zero(v: &u64) -> bool {
    *v == 0
}

/// The linear-attention layers of a hybrid model (Gated DeltaNet, Mamba-style): each keeps a
/// fixed recurrent state per sequence instead of a KV cache that grows with context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearAttention {
    /// Value heads per linear-attention layer (`linear_num_value_heads`).
    pub value_heads: u32,
    /// Query/key heads per linear-attention layer (`linear_num_key_heads`).
    pub key_heads: u32,
    /// Width of one key head (`linear_key_head_dim`).
    pub key_head_dim: u32,
    /// Width of one value head (`linear_value_head_dim`).
    pub value_head_dim: u32,
    /// Format the recurrent state is kept in (`mamba_ssm_dtype`; FP32 in the reference code).
    pub state: Dtype,
}

/// Layers that attend only to the last `window` tokens (gpt-oss, Gemma 3, Mistral-7B v0.1):
/// each keeps the KV of at most `window` tokens, whatever the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlidingWindow {
    /// Tokens a sliding layer attends to and keeps (`sliding_window`).
    pub window: u64,
    /// How many of the KV layers slide (the rest attend to the whole context).
    pub layers: u32,
}

/// A checkpoint that quantizes only its routed experts and keeps every other weight (attention,
/// router, norms, embedding, head) in 16 bits: gpt-oss's MXFP4, whose `quantization_config`
/// lists those modules in `modules_to_not_convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpertsOnly {
    /// The format the routed experts ship in.
    pub experts: Dtype,
    /// The format every other weight keeps (`torch_dtype`).
    pub rest: Dtype,
}

/// One model, as a data file describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    /// Stable id used on the command line and in lessons, e.g. `llama-3-8b`.
    pub id: String,
    /// Display name, e.g. `Llama-3-8B`.
    pub name: String,
    /// All parameters, embeddings included.
    pub params: f64,
    /// Parameters one token uses (MoE only; as the model card states it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_params: Option<f64>,
    /// Transformer blocks.
    pub layers: u32,
    /// Blocks with softmax attention and a KV cache (hybrid models have fewer than `layers`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attention_layers: Option<u32>,
    /// Model width (`hidden_size`).
    pub hidden: u64,
    /// Dense MLP intermediate width (`intermediate_size`); for MoE, the dense layers' width.
    pub ffn: u64,
    /// Query heads.
    pub query_heads: u32,
    /// KV heads (equal to `query_heads` for MHA).
    pub kv_heads: u32,
    /// Width of one attention head.
    pub head_dim: u32,
    /// Vocabulary size.
    pub vocab: u64,
    /// Whether the output head reuses the input embedding matrix.
    pub tied_embeddings: bool,
    /// KV cache layout.
    pub attention: Attention,
    /// Mixture-of-experts routing, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experts: Option<Experts>,
    /// Hybrid models only: the linear-attention layers (`layers − attention_layers` of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_attention: Option<LinearAttention>,
    /// Sliding-window layers, if some layers attend only to the last tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_window: Option<SlidingWindow>,
    /// A checkpoint whose quantization leaves all but the routed experts in 16 bits; at that
    /// format the weight bytes count each part at its own bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experts_only: Option<ExpertsOnly>,
    /// Where the figures come from.
    pub source: String,
}

impl ModelSpec {
    /// Blocks that keep a KV cache.
    #[must_use]
    pub fn kv_layers(&self) -> u32 {
        self.attention_layers.unwrap_or(self.layers)
    }

    /// Query heads per KV head (the GQA group size g).
    #[must_use]
    pub fn group_size(&self) -> f64 {
        f64::from(self.query_heads) / f64::from(self.kv_heads)
    }

    /// Parameters in the input embedding table.
    #[must_use]
    pub fn embedding_params(&self) -> f64 {
        (self.vocab * self.hidden) as f64
    }

    /// Parameters a decode step must read at batch size one's worth of routing: everything but
    /// the input embedding, of which a step reads one row per token. A tied embedding is read in
    /// full as the output head, so nothing is left out then.
    #[must_use]
    pub fn params_read_dense(&self) -> f64 {
        if self.tied_embeddings {
            self.params
        } else {
            self.params - self.embedding_params()
        }
    }

    /// Parameters of the output head (vocab × hidden): read in full every step, tied or not.
    #[must_use]
    pub fn head_params(&self) -> f64 {
        self.embedding_params()
    }

    /// Layers with linear attention (0 unless the model is hybrid).
    #[must_use]
    pub fn linear_attention_layers(&self) -> u32 {
        self.linear_attention
            .map_or(0, |_| self.layers.saturating_sub(self.kv_layers()))
    }

    /// Bytes of recurrent state one sequence keeps, whole model (0 unless hybrid): linear
    /// layers × value heads × key head dim × value head dim × state bytes. Fixed: it does not
    /// grow with context, and each decode step reads and writes it once.
    #[must_use]
    pub fn state_bytes_per_sequence(&self) -> f64 {
        self.linear_attention.map_or(0.0, |l| {
            Formula::StateBytes.compute(&[
                f64::from(self.linear_attention_layers()),
                f64::from(l.value_heads),
                f64::from(l.key_head_dim),
                f64::from(l.value_head_dim),
                l.state.bytes(),
            ])
        })
    }

    /// Parameters in all routed experts together, their biases included (0 for dense models).
    #[must_use]
    pub fn routed_expert_params(&self) -> f64 {
        self.experts.map_or(0.0, |e| {
            f64::from(e.moe_layers)
                * f64::from(e.routed)
                * (3.0 * (self.hidden * e.expert_ffn) as f64 + e.bias as f64)
        })
    }

    /// Expected share of routed experts that `tokens` tokens touch in one step, assuming
    /// uniform routing: 1 − (1 − k/E)^tokens. 1 for dense models.
    #[must_use]
    pub fn experts_touched_fraction(&self, tokens: f64) -> f64 {
        self.experts.map_or(1.0, |e| {
            Formula::ExpertsTouched.compute(&[f64::from(e.per_token), f64::from(e.routed), tokens])
        })
    }

    /// Tokens each routed expert that is used at all multiplies in a step of `tokens` tokens:
    /// tokens · k ÷ (E · share of experts touched). `None` for dense models.
    #[must_use]
    pub fn tokens_per_active_expert(&self, tokens: f64) -> Option<f64> {
        self.experts.map(|e| {
            Formula::TokensPerExpert.compute(&[
                tokens,
                f64::from(e.per_token),
                f64::from(e.routed),
                self.experts_touched_fraction(tokens),
            ])
        })
    }

    /// Parameters read from memory in one decode step that processes `tokens` tokens: the
    /// always-read weights plus the distinct routed experts those tokens touch.
    #[must_use]
    pub fn params_read(&self, tokens: f64) -> f64 {
        let routed = self.routed_expert_params();
        self.params_read_dense() - routed + routed * self.experts_touched_fraction(tokens)
    }

    /// Parameters that multiply each token (2 FLOPs each): the read weights with only the
    /// top-k routed experts counted.
    #[must_use]
    pub fn matmul_params_per_token(&self) -> f64 {
        let routed = self.routed_expert_params();
        let share = self
            .experts
            .map_or(1.0, |e| f64::from(e.per_token) / f64::from(e.routed));
        self.params_read_dense() - routed + routed * share
    }

    /// Parameter-token products one prefill of `prompt` tokens multiplies: every prompt token
    /// goes through the body, only the last through the output head (vocab × hidden).
    #[must_use]
    pub fn prefill_matmul_params(&self, prompt: f64) -> f64 {
        let head = self.head_params();
        (self.matmul_params_per_token() - head) * prompt + head * prompt.min(1.0)
    }

    /// Parameters one token uses, as model cards count them (what it multiplies plus the
    /// input embedding table); `None` for dense models, which use all of them.
    #[must_use]
    pub fn active_params_computed(&self) -> Option<f64> {
        self.experts
            .map(|_| self.matmul_params_per_token() + self.embedding_params())
    }

    /// KV cache elements per token of context, summed over layers.
    #[must_use]
    pub fn kv_elements_per_token(&self) -> f64 {
        let layers = f64::from(self.kv_layers());
        match self.attention {
            Attention::Standard => {
                2.0 * layers * f64::from(self.kv_heads) * f64::from(self.head_dim)
            }
            Attention::Mla { latent, rope_dim } => layers * f64::from(latent + rope_dim),
        }
    }

    /// The KV layers that slide and all KV layers, when some slide.
    fn sliding_layers(&self) -> Option<(SlidingWindow, f64, f64)> {
        let all = self.kv_layers();
        self.sliding_window
            .filter(|w| w.layers > 0 && all > 0)
            .map(|w| (w, f64::from(w.layers.min(all)), f64::from(all)))
    }

    /// Tokens of KV one KV layer keeps at `context`, on average over the KV layers: the
    /// context, where no layer slides; else (context × full layers + min(context, window) ×
    /// sliding layers) ÷ KV layers. KV bytes per sequence = this × KV bytes per token.
    #[must_use]
    pub fn kv_tokens_held(&self, context: f64) -> f64 {
        match self.sliding_layers() {
            None => context,
            Some((w, sliding, all)) => {
                (context * (all - sliding) + context.min(w.window as f64) * sliding) / all
            }
        }
    }

    /// The formula of one sequence's KV bytes at `context`, with `kv_per_token` bytes per
    /// token, and its inputs: L · kv, or, when some layers slide, kv · (L·(N − S) +
    /// min(L, W)·S) ÷ N with the window W, the sliding layers S and the KV layers N.
    #[must_use]
    pub fn kv_per_sequence_inputs(&self, context: f64, kv_per_token: f64) -> (Formula, Vec<f64>) {
        match self.sliding_layers() {
            None => (Formula::KvPerSequence, vec![context, kv_per_token]),
            Some((w, sliding, all)) => (
                Formula::KvPerSequenceWindowed,
                vec![context, kv_per_token, w.window as f64, sliding, all],
            ),
        }
    }

    /// The formula of the KV bytes a sequence's partly filled paging blocks of `block` tokens
    /// hold empty at `context`, and its inputs: (R − L) · kv with R = ⌈L ÷ blk⌉ · blk, or, when
    /// some layers slide, the KV per sequence at R less that at L (a sliding layer's blocks
    /// stop growing at its window, so past it they waste nothing when the window is a whole
    /// number of blocks).
    #[must_use]
    pub fn block_waste_inputs(
        &self,
        context: f64,
        block: f64,
        kv_per_token: f64,
    ) -> (Formula, Vec<f64>) {
        match self.sliding_layers() {
            None => (Formula::BlockWaste, vec![context, block, kv_per_token]),
            Some((w, sliding, all)) => (
                Formula::BlockWasteWindowed,
                vec![context, block, kv_per_token, w.window as f64, sliding, all],
            ),
        }
    }

    /// One sequence's KV bytes at `context`, with `kv_per_token` bytes per token, through the
    /// window where some layers slide ([`Self::kv_per_sequence_inputs`]): the one figure every
    /// KV figure (the cache, the transfer of a prompt's KV, the paging blocks) is built on.
    #[must_use]
    pub fn kv_bytes_per_sequence(&self, context: f64, kv_per_token: f64) -> f64 {
        let (formula, inputs) = self.kv_per_sequence_inputs(context, kv_per_token);
        formula.compute(&inputs)
    }

    /// Attention FLOPs of one causal prefill of `prompt` tokens, whole model: T²/2 query-key
    /// pairs per full layer; a sliding layer's pairs stop growing past its window
    /// (W²/2 + (T − W)·W).
    #[must_use]
    pub fn causal_attention_flops(&self, prompt: f64) -> f64 {
        let per_token = self.attention_flops_per_context_token();
        match self.sliding_layers() {
            None => per_token * prompt * prompt / 2.0,
            Some((w, sliding, all)) => {
                let window = w.window as f64;
                let full = prompt * prompt / 2.0;
                let local = if prompt <= window {
                    full
                } else {
                    window * window / 2.0 + (prompt - window) * window
                };
                per_token * (full * (all - sliding) + local * sliding) / all
            }
        }
    }

    /// Attention FLOPs one query token spends per token of context, summed over layers
    /// (QKᵀ and the weighted sum of V, 2 FLOPs per multiply-add).
    #[must_use]
    pub fn attention_flops_per_context_token(&self) -> f64 {
        let layers = f64::from(self.kv_layers());
        let heads = f64::from(self.query_heads);
        match self.attention {
            Attention::Standard => 4.0 * layers * heads * f64::from(self.head_dim),
            Attention::Mla { latent, rope_dim } => {
                2.0 * layers * heads * f64::from(2 * latent + rope_dim)
            }
        }
    }

    /// The head count tensor parallelism must divide: KV heads, or query heads under MLA, whose
    /// single latent is not split by head.
    #[must_use]
    pub fn tp_divisor_heads(&self) -> u32 {
        match self.attention {
            Attention::Standard => self.kv_heads,
            Attention::Mla { .. } => self.query_heads,
        }
    }
}
