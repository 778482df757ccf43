//! Benchmark files of a serving engine (`--measured FILE`), read strictly: `vllm bench serve
//! --save-result` JSON and the summary block it prints, SGLang `bench_serving` JSONL, and
//! `llama-bench -o json`. A file that is none of them, or whose runs had no successful
//! request, is refused, located.

mod json;
mod llama_bench;
mod serving;
mod vllm_text;

use std::path::Path;

use serde_json::Value;

use super::located::{LocatedError, read_text};
use crate::domain::benchmark::{BenchmarkRun, Engine};

/// The marker line of vLLM's printed summary.
pub const VLLM_SUMMARY_MARK: &str = "Serving Benchmark Result";

/// Reads a benchmark file.
pub fn load_benchmark(path: &Path) -> Result<Vec<BenchmarkRun>, LocatedError> {
    let text = read_text(path)?;
    parse_benchmark(&path.display().to_string(), &text)
}

/// Parses benchmark text of any of the formats, told apart by their shape.
pub fn parse_benchmark(path: &str, text: &str) -> Result<Vec<BenchmarkRun>, LocatedError> {
    let trimmed = text.trim_start();
    if text.contains(VLLM_SUMMARY_MARK) {
        return vllm_text::parse(path, text);
    }
    // Python's json writes an infinite request rate as the bare token `Infinity`, which JSON
    // lacks: it is read as null (padded, so every byte offset stays where it was).
    let cleaned = text
        .replace(": -Infinity", ": null     ")
        .replace(": Infinity", ": null    ");
    let text = cleaned.as_str();
    if trimmed.starts_with('[') {
        return llama_bench::parse(path, text);
    }
    if trimmed.starts_with('{') {
        return match serde_json::from_str::<Value>(text) {
            Ok(_) => serving::parse_object(path, text, 0, Engine::VllmJson).map(|r| vec![r]),
            // One JSON object per line: SGLang's `--output-file` appends one per run.
            Err(_) if text.lines().filter(|l| !l.trim().is_empty()).count() > 1 => {
                serving::parse_lines(path, text)
            }
            Err(e) => Err(json::syntax_error(path, text, 0, &e)),
        };
    }
    Err(LocatedError::at_offset(
        path,
        text,
        text.len() - trimmed.len(),
        1,
        format!(
            "not a benchmark the tutor reads: expected vLLM's --save-result JSON or its \
             \"{VLLM_SUMMARY_MARK}\" block, SGLang bench_serving JSONL, or llama-bench -o json"
        ),
    ))
}

#[cfg(test)]
mod tests;
