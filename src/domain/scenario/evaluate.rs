//! [`Scenario::evaluate`]: the GPU's and the model's numbers for a scenario, looked up in the
//! catalog, or why they cannot be had.

use super::{MAX_BATCH, ModelEvaluation, Scenario};
use crate::domain::catalog::{Catalog, IdKind, UnknownId};
use crate::domain::derivation::Formula;
use crate::domain::dtype::Dtype;
use crate::domain::limits;
use crate::domain::measured_decode::MeasuredDecode;
use crate::domain::roofline;

impl Scenario {
    /// Computes every number for this scenario, the cluster figures included.
    pub fn evaluate(&self, catalog: &Catalog) -> Result<Evaluation, ScenarioError> {
        let mut e = self.evaluate_core(catalog)?;
        e.cluster = super::cluster::evaluate(self, catalog, &e)?;
        Ok(e)
    }

    /// Every number but the cluster figures (what those figures evaluate at other batches).
    pub(super) fn evaluate_core(&self, catalog: &Catalog) -> Result<Evaluation, ScenarioError> {
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
            Some(id) => Some(super::model_evaluation::evaluate(
                self,
                catalog.model(id)?,
                gpu,
                peak_flops,
            )?),
            None => None,
        };
        let measured = model.as_ref().and_then(|_| {
            let at = crate::domain::measured_decode::Setting {
                gpu: &self.gpu,
                model: self.model.as_deref(),
                tp: self.tp,
                batch: self.batch,
                context: self.context,
            };
            crate::domain::measured_decode::measured_decode(catalog, at)
        });
        Ok(Evaluation {
            gpu_name: gpu.name.clone(),
            peak_flops,
            bandwidth,
            memory_bytes: gpu.memory_bytes(),
            ridge,
            tdp_w: gpu.tdp_w,
            model,
            measured,
            cluster: None,
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
    /// A cluster setting out of range, or a link the data does not name (the message says).
    #[error("{0}")]
    Cluster(String),
    /// An expert-parallel or pipeline setting the model cannot take: the setting's name
    /// (`ep` or `pp`) and why.
    #[error("{1}")]
    Parallel(&'static str, String),
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
    /// What was measured at this setting, when something was.
    pub measured: Option<MeasuredDecode>,
    /// The cluster figures (link, target, rate, curve), when the scenario names a model.
    pub cluster: Option<super::ClusterEvaluation>,
}

impl Evaluation {
    /// The measured decode step at this setting, ms, when something measured it (see
    /// [`crate::domain::measured_decode`]): the time itself, or the model's step bytes read at
    /// the measured rate.
    #[must_use]
    pub fn measured_tpot_ms(&self) -> Option<f64> {
        let m = self.model.as_ref()?;
        Some(match self.measured? {
            MeasuredDecode::Tpot(ms) => ms,
            MeasuredDecode::ReadRate(rate) => {
                Formula::MeasuredAtRate.compute(&[m.memory_time_s, self.bandwidth, rate]) * 1e3
            }
        })
    }
}

impl ScenarioError {
    /// The scenario's setting the error is about (`gpu`, `batch`, `tp`, `ep` …), or `None` for
    /// a cluster setting the message names itself.
    #[must_use]
    pub fn setting(&self) -> Option<&'static str> {
        Some(match self {
            Self::Unknown(u) => match u.kind {
                IdKind::Gpu => "gpu",
                IdKind::Model => "model",
            },
            Self::Batch(_) => "batch",
            Self::TensorParallel { .. } | Self::TensorParallelZero => "tp",
            Self::MemUtil(_) => "mem_util",
            Self::Overhead(_) | Self::OverheadBeyondMemory { .. } => "overhead_gb",
            Self::Price(_) => "gpu_hour_usd",
            Self::NoPeak { .. } => "precision",
            Self::Prompt(_) => "prompt",
            Self::DraftTokens(_) => "draft_tokens",
            Self::Parallel(field, _) => field,
            Self::Context(_) => "context",
            Self::Cluster(_) => return None,
        })
    }
}
