//! A scenario (GPU, model, formats, batch, context, tensor parallel) and everything the
//! roofline says about it. Every number the tutor shows comes out of [`Scenario::evaluate`].

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, UnknownId};
use super::dtype::Dtype;
use super::limits;
use super::model::Attention;
use super::roofline::{self, Bound};

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
}

impl Scenario {
    /// The calculator's defaults for a GPU: BF16, batch 1, no context, one GPU, 0.9 memory
    /// utilization, nothing reserved, a 2048-token prompt.
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
            overhead_gb: 0.0,
            prompt: 2048,
            draft_tokens: 0,
        }
    }

    /// The tutor's default cluster until the learner sets their own: one H100 SXM serving
    /// Llama-3-8B in BF16 at 4K context, with 3 GB per GPU held back for the runtime (the
    /// reference's worked example 1: a KV wall at 98 sequences).
    #[must_use]
    pub fn default_cluster() -> Self {
        Self {
            model: Some("llama-3-8b".to_owned()),
            context: 4096,
            overhead_gb: 3.0,
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
        if self.overhead_gb * 1e9 > gpu.memory_bytes() {
            return Err(ScenarioError::OverheadBeyondMemory {
                overhead_gb: self.overhead_gb,
                memory_gb: gpu.memory_gb,
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
            Some(id) => {
                Some(self.evaluate_model(catalog, id, peak_flops, bandwidth, gpu.memory_bytes())?)
            }
            None => None,
        };
        Ok(Evaluation {
            gpu_name: gpu.name.clone(),
            peak_flops,
            bandwidth,
            memory_bytes: gpu.memory_bytes(),
            ridge,
            model,
        })
    }

    fn evaluate_model(
        &self,
        catalog: &Catalog,
        id: &str,
        peak_flops: f64,
        bandwidth: f64,
        memory_bytes: f64,
    ) -> Result<ModelEvaluation, ScenarioError> {
        let model = catalog.model(id)?;
        let heads = model.tp_divisor_heads();
        if heads % self.tp != 0 {
            return Err(ScenarioError::TensorParallel {
                tp: self.tp,
                what: match model.attention {
                    Attention::Standard => "KV heads",
                    Attention::Mla { .. } => "query heads",
                },
                heads,
                model: model.name.clone(),
            });
        }
        let tp = f64::from(self.tp);
        let b_w = self.weights.bytes();
        let b_a = self.precision.bytes();
        let b_kv = self.kv.bytes();
        let batch = f64::from(self.batch);
        let tokens = self.tokens_per_step();
        let context = self.context as f64;
        let (k, n) = (model.hidden as f64, model.ffn as f64);
        let ridge = roofline::ridge(peak_flops, bandwidth);

        let kv_bytes_per_token = model.kv_elements_per_token() * b_kv;
        let weight_bytes_per_gpu = model.params_read(tokens) * b_w / tp;
        let weight_bytes_stored_per_gpu = model.params * b_w / tp;
        let kv_bytes_read_per_gpu = batch * context * kv_bytes_per_token / tp;
        let bytes = weight_bytes_per_gpu + kv_bytes_read_per_gpu;
        let flops = (2.0 * model.matmul_params_per_token() * tokens
            + model.attention_flops_per_context_token() * context * tokens)
            / tp;
        let memory_time_s = bytes / bandwidth;
        let compute_time_s = flops / peak_flops;
        let step_time_s = memory_time_s.max(compute_time_s);
        let bound = if memory_time_s >= compute_time_s {
            Bound::Memory
        } else {
            Bound::Compute
        };

        let kv_budget_bytes =
            (memory_bytes * self.mem_util - self.overhead_gb * 1e9 - weight_bytes_stored_per_gpu)
                .max(0.0);
        let max_batch_kv = (self.context > 0).then(|| {
            let per_sequence = context * kv_bytes_per_token / tp;
            (kv_budget_bytes / per_sequence).floor() as u64
        });

        let fc_intensity = roofline::fc_intensity(tokens, k, n, b_w, b_a);
        let expert_intensity = model
            .experts
            .zip(model.tokens_per_active_expert(tokens))
            .map(|(e, per_expert)| {
                roofline::fc_intensity(per_expert, k, e.expert_ffn as f64, b_w, b_a)
            });
        let per_step = f64::from(1 + self.draft_tokens);
        Ok(ModelEvaluation {
            model_name: model.name.clone(),
            weight_bytes_per_gpu,
            weight_bytes_stored_per_gpu,
            kv_bytes_per_token,
            kv_bytes_per_sequence: context * kv_bytes_per_token,
            kv_budget_bytes,
            fc_intensity,
            fc_intensity_approx: roofline::fc_intensity_approx(tokens, b_w),
            expert_intensity,
            attention_intensity: model.attention_flops_per_context_token() * per_step
                / kv_bytes_per_token,
            prefill_intensity: roofline::fc_intensity(self.prompt as f64, k, n, b_w, b_a),
            batch_to_ridge: roofline::batch_to_ridge_exact(ridge, k, n, b_w, b_a)
                .map(|t| t / per_step),
            batch_to_ridge_approx: roofline::batch_to_ridge_approx(ridge, b_w) / per_step,
            attainable_flops: roofline::attainable(
                expert_intensity.unwrap_or(fc_intensity),
                peak_flops,
                bandwidth,
            ),
            step_intensity: flops / bytes,
            memory_time_s,
            compute_time_s,
            step_time_s,
            tokens_per_s: batch / step_time_s,
            max_batch_kv,
            bound,
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
    /// Negative or non-finite reserved memory.
    #[error("reserved overhead must be a non-negative number of GB, not {0}")]
    Overhead(f64),
    /// More reserved than the GPU has.
    #[error("reserved overhead {overhead_gb} GB is more than the {memory_gb} GB of {gpu}")]
    OverheadBeyondMemory {
        /// The reserve asked for, GB.
        overhead_gb: f64,
        /// The GPU's memory, GB.
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
    /// The model's numbers, when the scenario names a model.
    pub model: Option<ModelEvaluation>,
}

/// What the roofline says about one model in one scenario (per GPU where it says so).
#[derive(Debug, Clone, PartialEq)]
pub struct ModelEvaluation {
    /// Display name of the model.
    pub model_name: String,
    /// Weight bytes one decode step reads, per GPU.
    pub weight_bytes_per_gpu: f64,
    /// All weight bytes held, per GPU.
    pub weight_bytes_stored_per_gpu: f64,
    /// KV bytes per token of context, whole model.
    pub kv_bytes_per_token: f64,
    /// KV bytes one sequence holds at the scenario's context, whole model.
    pub kv_bytes_per_sequence: f64,
    /// Bytes per GPU left for KV after weights and reserve.
    pub kv_budget_bytes: f64,
    /// Exact FC-layer intensity (MLP up-projection, hidden × ffn), FLOP/byte.
    pub fc_intensity: f64,
    /// 2·tokens ÷ b_w, FLOP/byte.
    pub fc_intensity_approx: f64,
    /// MoE only: intensity of a routed expert's up-projection (hidden × expert width), whose
    /// batch is only the tokens routed to it (tokens · k ÷ experts touched), FLOP/byte.
    pub expert_intensity: Option<f64>,
    /// Decode attention intensity, FLOP/byte.
    pub attention_intensity: f64,
    /// Prefill FC intensity at the scenario's prompt length, FLOP/byte.
    pub prefill_intensity: f64,
    /// Batch where the exact FC intensity reaches the ridge; `None` if it never does.
    pub batch_to_ridge: Option<f64>,
    /// ridge · b_w ÷ 2.
    pub batch_to_ridge_approx: f64,
    /// Attainable FLOP/s at the decode intensity (see [`Self::decode_intensity`]).
    pub attainable_flops: f64,
    /// Whole-step FLOPs ÷ bytes.
    pub step_intensity: f64,
    /// Time to move the step's bytes, seconds.
    pub memory_time_s: f64,
    /// Time for the step's FLOPs at peak, seconds.
    pub compute_time_s: f64,
    /// Speed-of-light step time: the larger of the two.
    pub step_time_s: f64,
    /// Sequences' tokens per second across the batch (one per sequence per step).
    pub tokens_per_s: f64,
    /// Sequences that fit in the KV budget at the scenario's context; `None` at context 0.
    pub max_batch_kv: Option<u64>,
    /// Which term set the step time.
    pub bound: Bound,
}

impl ModelEvaluation {
    /// The FC intensity that places decode on the roofline: a routed expert's for MoE models
    /// (most of their weight bytes are experts, each seeing a slice of the batch), else the
    /// dense layer's.
    #[must_use]
    pub fn decode_intensity(&self) -> f64 {
        self.expert_intensity.unwrap_or(self.fc_intensity)
    }
}

#[cfg(test)]
mod tests;
