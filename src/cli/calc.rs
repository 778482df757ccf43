//! `roofline calc`: the engine's numbers for one scenario, as a table or as JSON.

use std::fmt::Write as _;

use anyhow::Result;
use serde_json::{Value, json};

use crate::domain::catalog::Catalog;
use crate::domain::format::group;
use crate::domain::scenario::{Evaluation, ModelEvaluation, Scenario};

/// The options `roofline calc` takes, already parsed.
#[derive(Debug, Clone)]
pub struct CalcArgs {
    /// The scenario to evaluate.
    pub scenario: Scenario,
    /// Print JSON instead of a table.
    pub json: bool,
}

/// Evaluates the scenario and renders it.
pub fn run(catalog: &Catalog, args: &CalcArgs) -> Result<String> {
    let evaluation = args.scenario.evaluate(catalog)?;
    Ok(if args.json {
        let mut text = serde_json::to_string_pretty(&to_json(&args.scenario, &evaluation))?;
        text.push('\n');
        text
    } else {
        to_table(&args.scenario, &evaluation)
    })
}

/// The JSON object: inputs echoed, then every number (as numbers, `null` where not defined).
#[must_use]
pub fn to_json(s: &Scenario, e: &Evaluation) -> Value {
    let mut object = json!({
        "gpu": s.gpu,
        "gpu_name": e.gpu_name,
        "precision": s.precision.name(),
        "weights": s.weights.name(),
        "kv": s.kv.name(),
        "batch": s.batch,
        "context": s.context,
        "tp": s.tp,
        "mem_util": s.mem_util,
        "overhead_gb": s.overhead_gb,
        "ridge_flop_per_byte": e.ridge,
        "peak_tflops": e.peak_flops / 1e12,
        "bandwidth_tbs": e.bandwidth / 1e12,
        "memory_gb": e.memory_bytes / 1e9,
    });
    if let (Some(m), Some(model_id), Value::Object(map)) = (&e.model, &s.model, &mut object) {
        let extra = json!({
            "model": model_id,
            "model_name": m.model_name,
            "draft_tokens": s.draft_tokens,
            "prompt": s.prompt,
            "weight_bytes_per_gpu": m.weight_bytes_per_gpu,
            "weight_bytes_stored_per_gpu": m.weight_bytes_stored_per_gpu,
            "kv_bytes_per_token": m.kv_bytes_per_token,
            "kv_bytes_per_sequence": m.kv_bytes_per_sequence,
            "kv_budget_bytes_per_gpu": m.kv_budget_bytes,
            "fc_intensity": m.fc_intensity,
            "fc_intensity_approx": m.fc_intensity_approx,
            "expert_intensity": m.expert_intensity,
            "ridge_share": m.decode_intensity() / e.ridge,
            "attention_intensity": m.attention_intensity,
            "prefill_intensity": m.prefill_intensity,
            "batch_to_ridge": m.batch_to_ridge,
            "batch_to_ridge_approx": m.batch_to_ridge_approx,
            "attainable_tflops": m.attainable_flops / 1e12,
            "memory_time_ms": m.memory_time_s * 1e3,
            "compute_time_ms": m.compute_time_s * 1e3,
            "step_time_ms": m.step_time_s * 1e3,
            "tokens_per_s": m.tokens_per_s,
            "max_batch_kv": m.max_batch_kv,
            "bound": m.bound.name(),
        });
        if let Value::Object(extra) = extra {
            map.extend(extra);
        }
    }
    object
}

fn to_table(s: &Scenario, e: &Evaluation) -> String {
    let weights = if s.weights == s.precision {
        String::new()
    } else {
        format!(", {} weights", s.weights.label())
    };
    let mut out = format!("{} · {} math{weights}\n", e.gpu_name, s.precision.label());
    push_rows(&mut out, &gpu_rows(e));
    if let Some(m) = &e.model {
        let _ = writeln!(
            out,
            "\n{} · batch {} · context {} · TP {} · KV {}",
            m.model_name,
            s.batch,
            s.context,
            s.tp,
            s.kv.label()
        );
        push_rows(&mut out, &model_rows(s, e.ridge, m));
    }
    out
}

fn push_rows(out: &mut String, rows: &[(&str, String)]) {
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<26} {value}");
    }
}

fn gpu_rows(e: &Evaluation) -> Vec<(&'static str, String)> {
    vec![
        ("peak", format!("{} TFLOP/s", group(e.peak_flops / 1e12, 1))),
        (
            "bandwidth",
            format!("{} TB/s", group(e.bandwidth / 1e12, 3)),
        ),
        ("memory", format!("{} GB", group(e.memory_bytes / 1e9, 0))),
        ("ridge", format!("{} FLOP/byte", group(e.ridge, 1))),
    ]
}

fn model_rows(s: &Scenario, ridge: f64, m: &ModelEvaluation) -> Vec<(&'static str, String)> {
    let gb = |bytes: f64| group(bytes / 1e9, 2);
    let ms = |seconds: f64| group(seconds * 1e3, 3);
    let batch_to_ridge = match m.batch_to_ridge {
        Some(b) => format!(
            "{} (≈ ridge·b_w/2 = {})",
            group(b, 0),
            group(m.batch_to_ridge_approx, 0)
        ),
        None => "never: this matmul saturates below the ridge".to_owned(),
    };
    let reserved = if s.overhead_gb > 0.0 {
        format!(", {} GB reserved", s.overhead_gb)
    } else {
        ", nothing reserved".to_owned()
    };
    let kv_wall = match m.max_batch_kv {
        Some(b) => format!(
            "{b} sequences at {} tokens ({} GB KV budget per GPU{reserved})",
            s.context,
            group(m.kv_budget_bytes / 1e9, 1),
        ),
        None => "no limit at context 0 (pass --context)".to_owned(),
    };
    let mut rows = vec![
        (
            "weights read per step",
            format!("{} GB per GPU", gb(m.weight_bytes_per_gpu)),
        ),
        (
            "weights held",
            format!("{} GB per GPU", gb(m.weight_bytes_stored_per_gpu)),
        ),
        (
            "KV per token",
            format!(
                "{} bytes ({} KiB)",
                group(m.kv_bytes_per_token, 0),
                group(m.kv_bytes_per_token / 1024.0, 1)
            ),
        ),
        (
            "FC intensity",
            format!(
                "{} FLOP/byte (≈ 2B/b_w = {}), {:.1} % of the ridge",
                group(m.fc_intensity, 2),
                group(m.fc_intensity_approx, 2),
                100.0 * m.fc_intensity / ridge
            ),
        ),
        (
            "attention intensity",
            format!(
                "{} FLOP/byte (any batch, any context)",
                group(m.attention_intensity, 2)
            ),
        ),
        (
            "prefill intensity",
            format!(
                "{} FLOP/byte at {} prompt tokens",
                group(m.prefill_intensity, 0),
                s.prompt
            ),
        ),
        ("batch to reach the ridge", batch_to_ridge),
        (
            "step time (speed of light)",
            format!(
                "{} ms ({}-bound; memory {} ms, compute {} ms)",
                ms(m.step_time_s),
                m.bound,
                ms(m.memory_time_s),
                ms(m.compute_time_s)
            ),
        ),
        (
            "tokens/s",
            format!(
                "{} across the batch, {} per sequence",
                group(m.tokens_per_s, 0),
                group(1.0 / m.step_time_s, 1)
            ),
        ),
        ("KV-limited batch", kv_wall),
    ];
    if let Some(ai) = m.expert_intensity {
        let row = (
            "routed-expert intensity",
            format!(
                "{} FLOP/byte, {:.1} % of the ridge (each expert sees only its tokens)",
                group(ai, 2),
                100.0 * ai / ridge
            ),
        );
        rows.insert(4, row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    #[test]
    fn json_has_every_documented_key() {
        let catalog = builtin_catalog();
        let scenario = Scenario {
            model: Some("llama-3-8b".to_owned()),
            context: 4096,
            ..Scenario::for_gpu("h100-sxm")
        };
        let json = to_json(&scenario, &scenario.evaluate(&catalog).unwrap());
        for key in [
            "ridge_flop_per_byte",
            "peak_tflops",
            "bandwidth_tbs",
            "weight_bytes_per_gpu",
            "kv_bytes_per_token",
            "fc_intensity",
            "attention_intensity",
            "batch_to_ridge",
            "step_time_ms",
            "tokens_per_s",
            "max_batch_kv",
            "bound",
        ] {
            assert!(json.get(key).is_some(), "missing {key}");
        }
        assert_eq!(json["max_batch_kv"], 104);
        assert_eq!(json["bound"], "memory");
    }
}
