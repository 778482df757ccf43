//! A cluster profile as its file is written (`--cluster FILE`), before it is checked: what
//! `cluster.rs` checks and what `cluster_model.rs` reads the paths of.

use serde::Deserialize;

use crate::domain::dtype::Dtype;

/// One serving deployment, as a profile file describes it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterFile {
    /// [`CLUSTER_FORMAT_VERSION`], or an older one this build still reads.
    pub format_version: u32,
    /// A name for the deployment, e.g. `"chat-prod (8× H100)"`.
    pub name: String,
    /// Accelerator id (`roofline calc --gpu` ids, or one from `--hardware`).
    pub gpu: String,
    /// GPUs in the deployment; replicas = gpu_count ÷ tp.
    pub gpu_count: u32,
    /// Tensor-parallel degree of one replica.
    pub tp: u32,
    /// Expert-parallel degree, MoE models only (default 1: no all-to-all).
    #[serde(default)]
    pub ep: Option<u32>,
    /// Pipeline stages of `tp` GPUs each (default 1: no sends between stages).
    #[serde(default)]
    pub pp: Option<u32>,
    /// Model id (or give `model_config`).
    #[serde(default)]
    pub model: Option<String>,
    /// The model's Hugging Face `config.json` (or its directory), relative to this file,
    /// instead of a model id (see `roofline model import`).
    #[serde(default)]
    pub model_config: Option<String>,
    /// Benchmark files of your serving engine, relative to this file (what `--measured`
    /// reads): their runs go on the plot.
    #[serde(default)]
    pub measured_files: Vec<String>,
    /// Tensor-core math format.
    pub precision: Dtype,
    /// Weight format (default: the precision).
    #[serde(default)]
    pub weights: Option<Dtype>,
    /// KV cache format (default: bf16).
    #[serde(default)]
    pub kv: Option<Dtype>,
    /// Typical context per sequence, in tokens (prompt + output).
    pub context: u64,
    /// The server's batch limit (vLLM `max_num_seqs`): the decode batch at full load.
    pub max_num_seqs: u32,
    /// Share of GPU memory the server may use (default 0.9).
    #[serde(default)]
    pub mem_util: Option<f64>,
    /// GB per GPU held back for activations, CUDA graphs and the runtime (default 3).
    #[serde(default)]
    pub overhead_gb: Option<f64>,
    /// What you measured on the endpoint, per replica, if you have it: the plot puts it under
    /// the roof and the readouts give MBU (decode) and MFU (prefill).
    #[serde(default)]
    pub measured: Option<MeasuredFile>,
    /// Data-parallel attention (default false): each GPU keeps its own sequences with all
    /// heads, as serving engines offer for MLA models (SGLang `--enable-dp-attention`).
    #[serde(default)]
    pub attention_dp: Option<bool>,
    /// What one GPU-hour costs you, in US dollars (default 2.50, an illustrative round rate),
    /// for the cost per million tokens.
    #[serde(default)]
    pub gpu_hour_usd: Option<f64>,
    /// One link for both jobs, as a single `link` always meant: read into the two below where
    /// they are left out.
    #[serde(default)]
    pub link: Option<String>,
    /// The link inside a node that the tensor-parallel all-reduce crosses (default: the GPU's
    /// NVLink), an id of the links data.
    #[serde(default)]
    pub scale_up_link: Option<String>,
    /// The link between nodes that a prompt's KV crosses to the decode pool (default: the
    /// GPU's NIC), an id of the links data.
    #[serde(default)]
    pub scale_out_link: Option<String>,
}

/// Throughput measured on the endpoint (per replica, i.e. per tp GPUs). Give decode, prefill
/// or both.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredFile {
    /// Generated tokens/s summed over the batch (vLLM's "Avg generation throughput").
    #[serde(default)]
    pub decode_tok_s: Option<f64>,
    /// Sequences running while decode_tok_s was measured (default: max_num_seqs).
    #[serde(default)]
    pub batch: Option<u32>,
    /// Prompt tokens/s (vLLM's "Avg prompt throughput").
    #[serde(default)]
    pub prefill_tok_s: Option<f64>,
    /// Tokens per prompt while prefill_tok_s was measured (default 2048).
    #[serde(default)]
    pub prompt: Option<u64>,
}
