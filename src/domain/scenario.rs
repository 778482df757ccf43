//! A scenario (GPU, model, formats, batch, context, tensor parallel) and everything the
//! roofline says about it. Every number the tutor shows comes out of [`Scenario::evaluate`].

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, UnknownId};
use super::dtype::Dtype;
use super::limits;
use super::roofline;

mod batch_fit;
mod model_evaluation;

pub use batch_fit::BatchFit;
pub use model_evaluation::{KvSplit, ModelEvaluation, WeightFit};

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
            mem_util: 0.9,
            overhead_gb: DEFAULT_RESERVE_GB,
            prompt: 2048,
            draft_tokens: 0,
            attention_dp: false,
            gpu_hour_usd: DEFAULT_GPU_HOUR_USD,
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

    /// Computes every number for this scenario.
    pub fn evaluate(&self, catalog: &Catalog) -> Result<Evaluation, ScenarioError> {
        let gpu = catalog.gpu(&self.gpu)?;
        if self.batch == 0 || self.batch > MAX_BATCH {
            return Err(ScenarioError::Batch(self.batch));
        }
        if self.tp == 0 {
            return Err(ScenarioError::TensorParallelZero);
        }
        if !(self.mem_util > 0.0 && self.mem_util <= 1.0) {
            return Err(ScenarioError::MemUtil(self.mem_util));
        }
        if !(self.overhead_gb >= 0.0 && self.overhead_gb.is_finite()) {
            return Err(ScenarioError::Overhead(self.overhead_gb));
        }
        if limits::GPU_HOUR_USD.check(self.gpu_hour_usd).is_some() {
            return Err(ScenarioError::Price(self.gpu_hour_usd));
        }
        if self.overhead_gb * 1e9 > gpu.memory_bytes() {
            return Err(ScenarioError::OverheadBeyondMemory {
                overhead_gb: self.overhead_gb,
                memory_gb: gpu.memory_bytes() / 1e9,
                gpu: gpu.name.clone(),
            });
        }
        if let Some(why) = limits::PROMPT.check_count(self.prompt) {
            return Err(ScenarioError::Prompt(why));
        }
        if let Some(why) = limits::CONTEXT.check_count(self.context) {
            return Err(ScenarioError::Context(why));
        }
        if self.draft_tokens > limits::MAX_DRAFT_TOKENS {
            return Err(ScenarioError::DraftTokens(self.draft_tokens));
        }
        let peak_flops = gpu
            .peak_flops(self.precision)
            .ok_or_else(|| ScenarioError::NoPeak {
                gpu: gpu.name.clone(),
                precision: self.precision,
                available: gpu.peak_tflops.formats(),
            })?;
        let bandwidth = gpu.bandwidth_bytes_per_s();
        let ridge = roofline::ridge(peak_flops, bandwidth);
        let model = match &self.model {
            Some(id) => Some(model_evaluation::evaluate(
                self,
                catalog.model(id)?,
                gpu,
                peak_flops,
            )?),
            None => None,
        };
        Ok(Evaluation {
            gpu_name: gpu.name.clone(),
            peak_flops,
            bandwidth,
            memory_bytes: gpu.memory_bytes(),
            ridge,
            tdp_w: gpu.tdp_w,
            model,
        })
    }
}

/// A scenario that cannot be evaluated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioError {
    /// Unknown GPU or model id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// Batch out of range.
    #[error("batch must be between 1 and {MAX_BATCH}, not {0}")]
    Batch(u32),
    /// TP that does not split the heads evenly.
    #[error("tensor parallel {tp} must divide the {heads} {what} of {model}")]
    TensorParallel {
        /// The TP degree asked for.
        tp: u32,
        /// Which heads: "KV heads", or "query heads" under MLA.
        what: &'static str,
        /// The heads it must divide.
        heads: u32,
        /// The model's name.
        model: String,
    },
    /// TP of zero.
    #[error("tensor parallel must be at least 1")]
    TensorParallelZero,
    /// Memory utilization outside (0, 1].
    #[error("memory utilization must be in (0, 1], not {0}")]
    MemUtil(f64),
    /// A GPU-hour price outside [`limits::GPU_HOUR_USD`].
    #[error("the GPU-hour price must be between {min} and {max} US dollars, not {0}", min = limits::GPU_HOUR_USD.min, max = limits::GPU_HOUR_USD.max)]
    Price(f64),
    /// Negative or non-finite reserved memory.
    #[error("reserved overhead must be a non-negative number of GB, not {0}")]
    Overhead(f64),
    /// More reserved than the GPU has.
    #[error("reserved overhead {overhead_gb} GB is more than the {memory_gb:.1} GB of {gpu}")]
    OverheadBeyondMemory {
        /// The reserve asked for, GB.
        overhead_gb: f64,
        /// The GPU's memory, 10^9 bytes.
        memory_gb: f64,
        /// The GPU's name.
        gpu: String,
    },
    /// A prompt length out of range (the message says which range).
    #[error("{0}")]
    Prompt(String),
    /// A context length out of range (the message says which range).
    #[error("{0}")]
    Context(String),
    /// More speculative draft tokens than the engine models.
    #[error("draft_tokens must be between 0 and {max}, not {0}", max = limits::MAX_DRAFT_TOKENS)]
    DraftTokens(u32),
    /// A math format the GPU has no peak for.
    #[error("{gpu} has no {} peak (it has: {})", precision.label(), available.iter().map(|d| d.name()).collect::<Vec<_>>().join(", "))]
    NoPeak {
        /// The GPU's name.
        gpu: String,
        /// The format asked for.
        precision: Dtype,
        /// The formats it has peaks for.
        available: Vec<Dtype>,
    },
}

/// The GPU's numbers for a scenario, plus the model's when it names one.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// Display name of the GPU.
    pub gpu_name: String,
    /// Dense peak for the scenario's math format, FLOP/s.
    pub peak_flops: f64,
    /// Memory bandwidth, bytes/s.
    pub bandwidth: f64,
    /// Memory capacity, bytes.
    pub memory_bytes: f64,
    /// Ridge point, FLOP/byte.
    pub ridge: f64,
    /// Board power, W, when the hardware data gives one.
    pub tdp_w: Option<f64>,
    /// The model's numbers, when the scenario names a model.
    pub model: Option<ModelEvaluation>,
}

#[cfg(test)]
mod tests;
