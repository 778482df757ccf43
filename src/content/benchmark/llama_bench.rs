//! `llama-bench -o json` (tools/llama-bench/llama-bench.cpp, `json_printer`): an array of one
//! object per test, with `model_filename`, `gpu_info`, `n_prompt`, `n_gen`, `avg_ts` (tokens/s)
//! among its fields. A text-generation test (`n_gen` > 0, `n_prompt` 0) is decode at one
//! sequence; a prompt-processing test (`n_prompt` > 0, `n_gen` 0) is prefill at `n_prompt`.

use serde_json::Value;

use super::json;
use crate::content::located::LocatedError;
use crate::content::model_config::section::Section;
use crate::domain::benchmark::{BenchmarkRun, Concurrency, Engine};

/// Every test of the array that is a pure decode or a pure prefill test.
pub fn parse(path: &str, text: &str) -> Result<Vec<BenchmarkRun>, LocatedError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| json::syntax_error(path, text, 0, &e))?;
    let Value::Array(tests) = &value else {
        return Err(LocatedError::at_offset(
            path,
            text,
            0,
            1,
            "not a benchmark: expected llama-bench's JSON array",
        ));
    };
    let mut runs = Vec::new();
    let mut from = 0;
    for test in tests {
        let Value::Object(map) = test else {
            return Err(LocatedError::at_offset(
                path,
                text,
                from,
                1,
                "llama-bench's array holds objects",
            ));
        };
        // Each object's own text starts at its next `{`.
        let at = text[from..].find('{').map_or(from, |i| from + i);
        from = at + 1;
        runs.extend(test_run(&json::section(path, text, map, at))?);
    }
    if runs.is_empty() {
        return Err(LocatedError::at_offset(
            path,
            text,
            0,
            1,
            "no prompt-only or generate-only test in this llama-bench output",
        ));
    }
    Ok(runs)
}

/// A pure decode test (one sequence) or a pure prefill test; a mixed one is neither.
fn test_run(s: &Section<'_>) -> Result<Option<BenchmarkRun>, LocatedError> {
    let rate = match s.get("avg_ts").and_then(Value::as_f64) {
        Some(r) if r > 0.0 && r.is_finite() => r,
        Some(_) => {
            return Err(s.at_key(
                "avg_ts",
                "no tokens were measured in this test (avg_ts is 0)",
            ));
        }
        None => return Err(s.missing("avg_ts", "the tokens per second llama-bench measured")),
    };
    let prompt = s.count("n_prompt", "the prompt tokens of the test")?;
    let generated = s.count("n_gen", "the generated tokens of the test")?;
    let base = BenchmarkRun {
        engine: Engine::LlamaBench,
        model: s
            .opt_text("model_filename")?
            .or(s.opt_text("model_type")?)
            .map(str::to_owned),
        gpu: s
            .opt_text("gpu_info")?
            .filter(|g| !g.is_empty())
            .map(str::to_owned),
        concurrency: Concurrency::Set(1),
        input_len: None,
        output_len: None,
        tpot_ms: None,
        ttft_ms: None,
        prefill_tok_s: None,
    };
    match (prompt, generated) {
        (0, 0) => Err(s.at_key("n_gen", "a test with neither prompt nor generated tokens")),
        (0, g) => Ok(Some(BenchmarkRun {
            output_len: Some(g),
            tpot_ms: Some(1e3 / rate),
            ..base
        })),
        (p, 0) => Ok(Some(BenchmarkRun {
            input_len: Some(p),
            prefill_tok_s: Some(rate),
            ..base
        })),
        // A mixed prompt-and-generate test times both together: neither rate alone.
        (_, _) => Ok(None),
    }
}
