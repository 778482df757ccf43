//! The serving benchmarks' result objects: `vllm bench serve --save-result` (one JSON object,
//! vllm/benchmarks/serve.py's `result_json`) and SGLang `bench_serving` (one object per line,
//! python/sglang/bench_serving.py's `result`), which share their metric names.

use serde_json::Value;

use super::json;
use crate::content::located::LocatedError;
use crate::content::model_config::section::Section;
use crate::domain::benchmark::{BenchmarkRun, Concurrency, Engine};

/// Every line of a JSONL file, one run each.
pub fn parse_lines(path: &str, text: &str) -> Result<Vec<BenchmarkRun>, LocatedError> {
    let mut runs = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if !line.trim().is_empty() {
            runs.push(parse_object(path, text, offset, Engine::SglangJsonl)?);
        }
        offset += line.len();
    }
    Ok(runs)
}

/// The object starting at byte `at` of `text`.
pub fn parse_object(
    path: &str,
    text: &str,
    at: usize,
    engine: Engine,
) -> Result<BenchmarkRun, LocatedError> {
    let end = if engine == Engine::SglangJsonl {
        text[at..].find('\n').map_or(text.len(), |i| at + i)
    } else {
        text.len()
    };
    let value: Value =
        serde_json::from_str(&text[at..end]).map_err(|e| json::syntax_error(path, text, at, &e))?;
    let Value::Object(map) = &value else {
        return Err(LocatedError::at_offset(
            path,
            text,
            at,
            1,
            "not a benchmark: expected a JSON object",
        ));
    };
    run_of(&json::section(path, text, map, at), engine)
}

/// The run a result object describes.
fn run_of(s: &Section<'_>, engine: Engine) -> Result<BenchmarkRun, LocatedError> {
    let (path, text, at) = (s.path, s.text, s.at);
    let engine = match s.opt_text("backend")? {
        Some(b) if b.starts_with("sglang") => Engine::SglangJsonl,
        _ => engine,
    };
    if s.get("completed").is_none() && s.get("mean_tpot_ms").is_none() {
        return Err(LocatedError::at_offset(
            path,
            text,
            at,
            1,
            "not a serving benchmark result: it has neither \"completed\" nor \"mean_tpot_ms\"",
        ));
    }
    let completed = s.count("completed", "the requests that succeeded")?;
    if completed == 0 {
        return Err(s.at_key(
            "completed",
            "no successful request in this run: nothing was measured",
        ));
    }
    let tpot_ms = number(s, "mean_tpot_ms")?.or(number(s, "mean_itl_ms")?);
    let ttft_ms = number(s, "mean_ttft_ms")?;
    if tpot_ms.is_none() && ttft_ms.is_none() {
        return Err(s.missing(
            "mean_tpot_ms",
            "the time per output token (or mean_ttft_ms)",
        ));
    }
    let input_len = s.opt_count("total_input_tokens")?.map(|t| t / completed);
    let output_len = s.opt_count("total_output_tokens")?.map(|t| t / completed);
    let concurrency = if let Some(n) = s.opt_count32("max_concurrency")? {
        Concurrency::Set(n.max(1))
    } else {
        // Uncapped: by Little's law, output tokens/s × seconds per token are decoding at once.
        let out = number(s, "output_throughput")?.unwrap_or(0.0);
        let mean = out * tpot_ms.unwrap_or(0.0) / 1e3;
        Concurrency::Inferred(mean.round().clamp(1.0, f64::from(u32::MAX)) as u32)
    };
    let model = ["model_id", "model", "tokenizer_id"]
        .iter()
        .find_map(|k| s.get(k).and_then(Value::as_str))
        .map(str::to_owned);
    Ok(BenchmarkRun {
        engine,
        model,
        gpu: None,
        concurrency,
        input_len,
        output_len,
        tpot_ms,
        ttft_ms,
        prefill_tok_s: None,
    })
}

/// A positive, finite number, if given.
fn number(s: &Section<'_>, key: &str) -> Result<Option<f64>, LocatedError> {
    match s.get(key) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
            _ => Err(s.at_key(
                key,
                format!("\"{key}\" must be a non-negative number, not {v}"),
            )),
        },
    }
}
