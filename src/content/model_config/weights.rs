//! The weight format a checkpoint ships in: `quantization_config` (FP8 block scales, AWQ or
//! GPTQ INT4 groups), else `torch_dtype` (or `dtype`).

use crate::content::located::LocatedError;
use crate::domain::dtype::Dtype;
use crate::domain::model::ExpertsOnly;
use crate::domain::model_config::ConfigWeights;

use super::section::Section;

/// The format and where it was read.
pub struct Weights {
    /// The format.
    pub format: ConfigWeights,
    /// `path:line:col field`.
    pub origin: String,
}

/// Reads the format from the top level (or the text model's `torch_dtype`).
pub fn read(top: Section<'_>, model: Section<'_>) -> Result<Weights, LocatedError> {
    let plain = plain(top, model)?;
    match top.object("quantization_config")? {
        Some(q) => quantized(q, &plain),
        None => Ok(plain),
    }
}

/// The unquantized format: `torch_dtype` (or `dtype`), else BF16.
fn plain(top: Section<'_>, model: Section<'_>) -> Result<Weights, LocatedError> {
    for section in [model, top] {
        for key in ["torch_dtype", "dtype"] {
            if let Some(name) = section.opt_text(key)? {
                let dtype = match name {
                    "bfloat16" => Dtype::Bf16,
                    "float16" => Dtype::Fp16,
                    "float32" => Dtype::Fp32,
                    other => {
                        return Err(section.at_key(
                            key,
                            format!("{key} \"{other}\" is not bfloat16, float16 or float32 (a quantized checkpoint says so in \"quantization_config\")"),
                        ));
                    }
                };
                return Ok(Weights {
                    format: ConfigWeights::Plain(dtype),
                    origin: section.origin(key),
                });
            }
        }
    }
    Ok(Weights {
        format: ConfigWeights::Plain(Dtype::Bf16),
        origin: "no torch_dtype or quantization_config: BF16 assumed".to_owned(),
    })
}

fn quantized(q: Section<'_>, plain: &Weights) -> Result<Weights, LocatedError> {
    let method = q
        .opt_text("quant_method")?
        .ok_or_else(|| q.missing("quant_method", "it names the quantization (fp8, awq, gptq)"))?;
    let mut origin = q.origin("quant_method");
    let format = match method {
        "fp8" => match q.get("weight_block_size") {
            Some(serde_json::Value::Array(dims)) => {
                let block: Vec<u32> = dims
                    .iter()
                    .filter_map(serde_json::Value::as_u64)
                    .filter_map(|d| u32::try_from(d).ok())
                    .collect();
                let [rows, cols] = block[..] else {
                    return Err(q.at_key(
                        "weight_block_size",
                        "weight_block_size must be [rows, columns]",
                    ));
                };
                ConfigWeights::Fp8Blocks {
                    block: [rows, cols],
                }
            }
            Some(other) => {
                return Err(q.at_key(
                    "weight_block_size",
                    format!("weight_block_size must be [rows, columns], not {other}"),
                ));
            }
            None => ConfigWeights::Plain(Dtype::Fp8),
        },
        "awq" | "gptq" => {
            let bits = q.count32("bits", "the bits per weight")?;
            match bits {
                4 => ConfigWeights::Int4Groups {
                    group: q.count32("group_size", "the weights sharing one scale")?,
                },
                8 => ConfigWeights::Plain(Dtype::Int8),
                other => {
                    return Err(q.at_key(
                        "bits",
                        format!("{method} with {other} bits: the tutor models 4 and 8"),
                    ));
                }
            }
        }
        // gpt-oss: the experts in MXFP4 (32-weight blocks, one E8M0 scale each), the rest
        // unconverted.
        "mxfp4" => {
            not_converted(q)?;
            origin = format!(
                "{origin} (routed experts); {} (every other weight, modules_to_not_convert)",
                plain.origin
            );
            ConfigWeights::ExpertsOnly(ExpertsOnly {
                experts: Dtype::Mxfp4,
                rest: plain.format.dtype(),
            })
        }
        other => {
            return Err(q.at_key(
                "quant_method",
                format!(
                    "quant_method \"{other}\" is not one the tutor reads (fp8, awq, gptq, mxfp4)"
                ),
            ));
        }
    };
    Ok(Weights { format, origin })
}

/// The modules an MXFP4 checkpoint leaves unconverted (`modules_to_not_convert`), as gpt-oss
/// lists them: `transformers`' MXFP4 quantizer converts only the routed experts'
/// (`GptOssExperts`), and these are every other weight by name.
pub const NOT_CONVERTED: [&str; 4] = [
    "model.layers.*.self_attn",
    "model.layers.*.mlp.router",
    "model.embed_tokens",
    "lm_head",
];

/// Reads `modules_to_not_convert` strictly: a list of the known patterns, else refused at the
/// pattern the tutor does not read.
fn not_converted(q: Section<'_>) -> Result<(), LocatedError> {
    const KEY: &str = "modules_to_not_convert";
    let Some(value) = q.get(KEY) else {
        return Ok(());
    };
    let Some(items) = value.as_array() else {
        return Err(q.at_key(
            KEY,
            format!("{KEY} must be a list of module patterns, not {value}"),
        ));
    };
    for item in items {
        let known = item.as_str().filter(|p| NOT_CONVERTED.contains(p));
        if known.is_none() {
            return Err(q.at_item(
                KEY,
                &item.to_string(),
                format!(
                    "{KEY} lists {item}, not a module the tutor reads ({}): it cannot tell which weights stay unconverted",
                    NOT_CONVERTED.join(", ")
                ),
            ));
        }
    }
    Ok(())
}
