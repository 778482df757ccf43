//! The scenario flags `calc` and `plot` share: a GPU, a model and their setting. Each one left
//! out comes from `--cluster FILE` when given, else from the calculator's defaults.

use clap::Args;

use crate::domain::dtype::Dtype;
use crate::domain::lesson::ScenarioPatch;

/// One scenario's settings as flags.
#[derive(Debug, Args, Clone, Default)]
pub struct ScenarioFlags {
    /// Accelerator id, e.g. `h100-sxm` (required unless --cluster gives one).
    #[arg(long, value_name = "ID")]
    pub gpu: Option<String>,
    /// Model id, e.g. `llama-3-8b`.
    #[arg(long, value_name = "ID")]
    pub model: Option<String>,
    /// Tensor-core math format: picks the peak and the activation bytes [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub precision: Option<Dtype>,
    /// Weight format [default: the precision]; `int4` is weight-only.
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub weights: Option<Dtype>,
    /// KV cache format [default: bf16].
    #[arg(long, value_name = "P", value_parser = parse_dtype)]
    pub kv: Option<Dtype>,
    /// Sequences decoded together [default: 1].
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::domain::scenario::MAX_BATCH)))]
    pub batch: Option<u32>,
    /// Tokens of context per sequence [default: 0].
    #[arg(long, value_name = "T")]
    pub context: Option<u64>,
    /// Tensor-parallel degree [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub tp: Option<u32>,
    /// Expert-parallel degree, MoE models only: GPUs the routed experts spread over; the
    /// step's all-to-all joins the interconnect terms [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub ep: Option<u32>,
    /// Pipeline stages of `--tp` GPUs each; the sends between them join the interconnect
    /// terms [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub pp: Option<u32>,
    /// Share of GPU memory the server may use [default: 0.9].
    #[arg(long = "mem-util", value_name = "U", value_parser = parse_mem_util)]
    pub mem_util: Option<f64>,
    /// GB per GPU reserved for activations and runtime, outside the KV budget [default: 3].
    #[arg(long = "overhead-gb", value_name = "GB", value_parser = parse_non_negative)]
    pub overhead_gb: Option<f64>,
    /// Prompt length for the prefill intensity [default: 2048].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..))]
    pub prompt: Option<u64>,
    /// Speculative draft tokens verified per sequence per step [default: 0].
    #[arg(long = "draft-tokens", value_name = "Q", value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::domain::limits::MAX_DRAFT_TOKENS)))]
    pub draft_tokens: Option<u32>,
    /// Data-parallel attention: each GPU keeps its own sequences with all heads (for MLA,
    /// whose latent tensor parallelism copies to every GPU) [default: off].
    #[arg(long = "attention-dp")]
    pub attention_dp: bool,
    /// Price of one GPU-hour in US dollars, for the cost per million tokens [default: 2.50].
    #[arg(long = "gpu-hour-usd", value_name = "USD", value_parser = parse_gpu_hour_usd)]
    pub gpu_hour_usd: Option<f64>,
}

impl From<ScenarioFlags> for ScenarioPatch {
    /// The flags as a patch over a base scenario, exactly as a lesson step's scenario is; each
    /// flag left out leaves the base's setting.
    fn from(flags: ScenarioFlags) -> Self {
        // The flags named as the patch names them, listed once; the destructuring names every
        // flag, so a new one that is not passed on does not compile.
        macro_rules! passed_on {
            ($($field:ident),*) => {{
                let ScenarioFlags { $($field,)* attention_dp } = flags;
                Self {
                    $($field,)*
                    // The flag turns it on; without it the base (a profile's setting) stands.
                    attention_dp: attention_dp.then_some(true),
                    ..Self::default()
                }
            }};
        }
        passed_on! {
            gpu, model, precision, weights, kv, batch, context, tp, ep, pp, mem_util, overhead_gb, prompt,
            draft_tokens, gpu_hour_usd
        }
    }
}

fn parse_dtype(text: &str) -> Result<Dtype, String> {
    text.parse::<Dtype>().map_err(|e| e.to_string())
}

fn parse_mem_util(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if v > 0.0 && v <= 1.0 {
        Ok(v)
    } else {
        Err(format!("{text} is not in (0, 1]"))
    }
}

fn parse_gpu_hour_usd(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    match crate::domain::limits::GPU_HOUR_USD.check(v) {
        None => Ok(v),
        Some(why) => Err(why),
    }
}

fn parse_non_negative(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if v >= 0.0 && v.is_finite() {
        Ok(v)
    } else {
        Err(format!("{text} is not a non-negative number"))
    }
}
