//! The options of the commands that bring the learner's own cluster in: `roofline model
//! import` (a model from its `config.json`) and `roofline cluster new | check`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::GlobalArgs;
use crate::domain::dtype::Dtype;

/// `roofline model` options.
#[derive(Debug, Args)]
pub struct ModelCli {
    /// What to do with a model.
    #[command(subcommand)]
    pub action: ModelAction,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// What `roofline model` does.
#[derive(Debug, Subcommand)]
pub enum ModelAction {
    /// Read a Hugging Face `config.json` (or the model's directory) and print the model as
    /// the tutor's own model file (RON), to keep and pass with `--models FILE`.
    Import {
        /// The `config.json`, or the directory holding it.
        path: PathBuf,
        /// The id to give the model [default: from its directory's name].
        #[arg(long, value_name = "ID")]
        id: Option<String>,
    },
}

/// `roofline cluster` options.
#[derive(Debug, Args)]
pub struct ClusterCli {
    /// What to do with a cluster profile.
    #[command(subcommand)]
    pub action: ClusterAction,
    /// Options every command shares.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// What `roofline cluster` does.
// Parsed once per run; `Check` carries the shared options inline as every command does.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum ClusterAction {
    /// Write a commented cluster profile from flags (printed, or to --write FILE).
    New(Box<ClusterNewCli>),
    /// Check a cluster profile and say what it describes.
    Check {
        /// The profile (RON).
        file: PathBuf,
        /// Options every command shares.
        #[command(flatten)]
        global: GlobalArgs,
    },
}

/// `roofline cluster new` flags: each one left out takes the default shown.
#[derive(Debug, Args)]
pub struct ClusterNewCli {
    /// A name for the deployment [default: made from the GPU and model].
    #[arg(long, value_name = "TEXT")]
    pub name: Option<String>,
    /// Accelerator id, e.g. `h100-sxm`.
    #[arg(long, value_name = "ID")]
    pub gpu: String,
    /// GPUs in the deployment [default: the TP degree].
    #[arg(long, value_name = "N")]
    pub count: Option<u32>,
    /// Tensor-parallel degree of one replica.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub tp: u32,
    /// Model id (or give --model-config).
    #[arg(long, value_name = "ID")]
    pub model: Option<String>,
    /// Tensor-core math format [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub precision: Option<Dtype>,
    /// Weight format [default: the checkpoint's, else the precision].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub weights: Option<Dtype>,
    /// KV cache format [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub kv: Option<Dtype>,
    /// Typical context per sequence, in tokens.
    #[arg(long, value_name = "T", default_value_t = 8192)]
    pub context: u64,
    /// The server's batch limit (vLLM `--max-num-seqs`).
    #[arg(long = "max-num-seqs", value_name = "N", default_value_t = 256)]
    pub max_num_seqs: u32,
    /// Write the profile here instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
    /// Options every command shares (`--model-config`, `--measured` among them).
    #[command(flatten)]
    pub global: GlobalArgs,
}

fn parse_dtype(text: &str) -> Result<Dtype, String> {
    text.parse::<Dtype>().map_err(|e| e.to_string())
}
