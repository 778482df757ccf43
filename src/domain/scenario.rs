//! A scenario (GPU, model, formats, batch, context, tensor parallel) and everything the
//! roofline says about it. Every number the tutor shows comes out of [`Scenario::evaluate`].

use serde::{Deserialize, Serialize};

use super::dtype::Dtype;

mod batch_fit;
mod cluster;
mod evaluate;
mod model_evaluation;
mod room;
mod scale;
mod sizing;

pub use batch_fit::BatchFit;
pub use cluster::{
    Bend, ClusterEvaluation, OPEN_CURVE_MAX, ParallelFigures, RateFigures, Role, ScaleOutFigures,
    ScaleUpFigures, TargetBatch, largest_meeting, link_id,
};
pub use evaluate::{Evaluation, ScenarioError};
pub use model_evaluation::{KvSplit, ModelEvaluation, MoeFigures, WeightFit};
pub use scale::{ScaleFigures, alltoall_bytes_per_token, kv_groups};
pub use sizing::{AtTarget, Sizing, TpTry};

/// The largest batch the slider and the calculator accept.
pub const MAX_BATCH: u32 = 1 << 20;

/// Everything that decides the roofline numbers for one setting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Accelerator id.
    pub gpu: String,
    /// Model id; without one only the GPU's own numbers exist.
    pub model: Option<String>,
    /// Tensor-core math format: picks the peak and the activation bytes.
    pub precision: Dtype,
    /// Weight storage format (bytes per weight).
    pub weights: Dtype,
    /// KV cache format (bytes per KV element).
    pub kv: Dtype,
    /// Sequences decoded together in one step.
    pub batch: u32,
    /// Tokens of context each sequence attends to (its KV length).
    pub context: u64,
    /// Tensor-parallel degree: GPUs that split each layer.
    pub tp: u32,
    /// Expert-parallel degree (MoE only): GPUs the routed experts spread over, each step's
    /// tokens sent to their experts' GPUs and back (two all-to-alls per MoE layer). 1, the
    /// default, adds no all-to-all to the step.
    #[serde(default = "one", skip_serializing_if = "is_one_u32")]
    pub ep: u32,
    /// Pipeline stages: groups of `tp` GPUs that each hold a share of the layers, the step's
    /// activations sent from one to the next. 1, the default, sends nothing.
    #[serde(default = "one", skip_serializing_if = "is_one_u32")]
    pub pp: u32,
    /// Share of GPU memory the server may use (vLLM's `gpu_memory_utilization`).
    pub mem_util: f64,
    /// GB per GPU reserved for activations, CUDA graphs and the runtime, outside the KV budget.
    pub overhead_gb: f64,
    /// Prompt length for prefill intensity.
    pub prompt: u64,
    /// Speculative draft tokens verified per sequence per step (0 = plain decode).
    pub draft_tokens: u32,
    /// Data-parallel attention: each GPU of the tensor-parallel group keeps its own sequences
    /// with all heads (serving engines offer it for MLA, whose latent TP would copy to every
    /// GPU). The weights are still counted as split by TP.
    #[serde(default)]
    pub attention_dp: bool,
    /// Price of one GPU-hour in US dollars, for the cost per million tokens.
    #[serde(default = "default_gpu_hour_usd")]
    pub gpu_hour_usd: f64,
    /// One link for both roles, an id of the links data: what a single `link` always meant (the
    /// KV transfer and the tensor-parallel all-reduce cross it). The two fields below, when set,
    /// win over it for their own role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// The scale-up link inside a node that the tensor-parallel all-reduce crosses (`None`: the
    /// one-for-both `link`, else the GPU's own, NVLink on the boards that have one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_up_link: Option<String>,
    /// The scale-out link between nodes that a prompt's KV crosses to the decode pool (`None`:
    /// the one-for-both `link`, else the GPU's own NIC, InfiniBand NDR on the boards that have
    /// one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_out_link: Option<String>,
    /// Share of each prompt found in the prefix cache, in [0, 1): prefill runs on the rest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub prefix_hit: f64,
    /// Output tokens per request (Little's law's time in the system).
    #[serde(
        default = "default_output_tokens",
        skip_serializing_if = "is_default_output"
    )]
    pub output_tokens: u32,
    /// Prefill tokens one mixed step carries when prefill and decode share one pool.
    #[serde(default = "default_chunk", skip_serializing_if = "is_default_chunk")]
    pub chunk: u64,
    /// A time-per-output-token target, ms: the largest batch that keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tpot_target_ms: Option<f64>,
    /// Requests arriving per second: concurrency by Little's law.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<f64>,
    /// Tokens per KV-cache block (vLLM's `block_size`): the unit a paged cache allocates in.
    #[serde(
        default = "default_block_size",
        skip_serializing_if = "is_default_block_size"
    )]
    pub block_size: u64,
    /// The share of the speed of light a real engine reaches on decode (its MBU, in (0, 1]):
    /// the token-time target is met at the speed of light within `tpot_target_ms × efficiency`.
    /// 1 is the speed of light itself.
    #[serde(default = "default_efficiency", skip_serializing_if = "is_one")]
    pub efficiency: f64,
}

/// Output tokens per request until a lesson, a profile or `--output-tokens` sets another.
pub const DEFAULT_OUTPUT_TOKENS: u32 = 256;
/// Prefill tokens per mixed step until a lesson, a profile or `--chunk` sets another.
pub const DEFAULT_CHUNK: u64 = 2048;

const fn default_output_tokens() -> u32 {
    DEFAULT_OUTPUT_TOKENS
}

const fn default_chunk() -> u64 {
    DEFAULT_CHUNK
}

/// Tokens per KV-cache block until a lesson or a profile sets another: vLLM's default
/// `block_size` on CUDA.
pub const DEFAULT_BLOCK_SIZE: u64 = 16;

const fn default_block_size() -> u64 {
    DEFAULT_BLOCK_SIZE
}

const fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_one_u32(v: &u32) -> bool {
    *v == 1
}

const fn default_efficiency() -> f64 {
    1.0
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_default_block_size(v: &u64) -> bool {
    *v == DEFAULT_BLOCK_SIZE
}

#[allow(clippy::trivially_copy_pass_by_ref, clippy::float_cmp)]
fn is_one(v: &f64) -> bool {
    *v == 1.0
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_default_output(v: &u32) -> bool {
    *v == DEFAULT_OUTPUT_TOKENS
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_default_chunk(v: &u64) -> bool {
    *v == DEFAULT_CHUNK
}

/// GB per GPU held back for activations, CUDA graphs and the runtime, outside the KV budget,
/// until a lesson, a cluster profile or `--overhead-gb` sets another: the one default the plot,
/// the lessons and `calc` share (the reference's worked example 1 reserves 3 GB).
pub const DEFAULT_RESERVE_GB: f64 = 3.0;

/// The GPU-hour price the tutor assumes until a cluster profile or `--gpu-hour-usd` sets one:
/// 2.50 USD, a round illustrative figure for renting one data-centre GPU; use your own.
pub const DEFAULT_GPU_HOUR_USD: f64 = 2.5;

fn default_gpu_hour_usd() -> f64 {
    DEFAULT_GPU_HOUR_USD
}

impl Scenario {
    /// The calculator's defaults for a GPU: BF16, batch 1, no context, one GPU, 0.9 memory
    /// utilization, [`DEFAULT_RESERVE_GB`] reserved, a 2048-token prompt.
    #[must_use]
    pub fn for_gpu(gpu: &str) -> Self {
        Self {
            gpu: gpu.to_owned(),
            model: None,
            precision: Dtype::Bf16,
            weights: Dtype::Bf16,
            kv: Dtype::Bf16,
            batch: 1,
            context: 0,
            tp: 1,
            ep: 1,
            pp: 1,
            mem_util: 0.9,
            overhead_gb: DEFAULT_RESERVE_GB,
            prompt: 2048,
            draft_tokens: 0,
            attention_dp: false,
            gpu_hour_usd: DEFAULT_GPU_HOUR_USD,
            link: None,
            scale_up_link: None,
            scale_out_link: None,
            prefix_hit: 0.0,
            output_tokens: DEFAULT_OUTPUT_TOKENS,
            chunk: DEFAULT_CHUNK,
            tpot_target_ms: None,
            rate: None,
            block_size: DEFAULT_BLOCK_SIZE,
            efficiency: 1.0,
        }
    }

    /// The tutor's default cluster until the learner sets their own: one H100 SXM serving
    /// Llama-3-8B in BF16 at 4K context, with [`DEFAULT_RESERVE_GB`] per GPU held back for the
    /// runtime (the reference's worked example 1: a KV wall at 107 sequences).
    #[must_use]
    pub fn default_cluster() -> Self {
        Self {
            model: Some("llama-3-8b".to_owned()),
            context: 4096,
            ..Self::for_gpu("h100-sxm")
        }
    }

    /// Tokens one decode step multiplies by the weights: batch × (1 + draft tokens).
    #[must_use]
    pub fn tokens_per_step(&self) -> f64 {
        f64::from(self.batch) * f64::from(1 + self.draft_tokens)
    }

    /// GPUs one replica holds: TP in each of the PP stages (each stage holds its share of the
    /// layers, so memory, cost and GPU counts divide or multiply by both).
    #[must_use]
    pub fn replica_gpus(&self) -> f64 {
        f64::from(self.tp) * f64::from(self.pp)
    }
}

#[cfg(test)]
mod tests;
