//! The summary block `vllm bench serve` prints (vllm/benchmarks/serve.py, `benchmark()`):
//! `============ Serving Benchmark Result ============`, then `Label: value` rows (`Successful
//! requests`, `Maximum request concurrency`, `Total input tokens`, `Mean TTFT (ms)`, `Mean
//! TPOT (ms)`, `Mean ITL (ms)`, …) and a closing row of `=`. A log of several runs (a sweep
//! of `--max-concurrency`) holds several blocks; a `Maximum request concurrency:` line printed
//! just before a block (older versions) counts for it.

use crate::content::located::LocatedError;
use crate::domain::benchmark::{BenchmarkRun, Concurrency, Engine};

use super::VLLM_SUMMARY_MARK;

/// One block's rows: (label, value, byte offset of the row).
type Rows<'a> = Vec<(&'a str, &'a str, usize)>;

/// Every block of the text, one run each.
pub fn parse(path: &str, text: &str) -> Result<Vec<BenchmarkRun>, LocatedError> {
    let mut runs = Vec::new();
    let mut offset = 0;
    let mut block: Option<(usize, Rows<'_>)> = None;
    let mut before: Vec<(&str, &str, usize)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let row = line.trim();
        if row.contains(VLLM_SUMMARY_MARK) {
            let mut rows = Rows::new();
            rows.extend(
                before
                    .drain(..)
                    .filter(|(l, _, _)| *l == "Maximum request concurrency"),
            );
            block = Some((offset, rows));
        } else if !row.is_empty() && row.chars().all(|c| c == '=') {
            if let Some((start, rows)) = block.take() {
                runs.push(run(path, text, start, &rows)?);
            }
        } else if let Some((label, value)) = row.split_once(':') {
            let entry = (label.trim(), value.trim(), offset);
            match &mut block {
                Some((_, rows)) => rows.push(entry),
                None => before.push(entry),
            }
        }
        offset += line.len();
    }
    if let Some((start, rows)) = block {
        runs.push(run(path, text, start, &rows)?);
    }
    Ok(runs)
}

fn run(
    path: &str,
    text: &str,
    start: usize,
    rows: &Rows<'_>,
) -> Result<BenchmarkRun, LocatedError> {
    let find = |label: &str| rows.iter().rev().find(|(l, _, _)| *l == label);
    let number = |label: &str| -> Result<Option<f64>, LocatedError> {
        match find(label) {
            None => Ok(None),
            Some((_, value, at)) => value
                .split_whitespace()
                .next()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(Some)
                .ok_or_else(|| {
                    LocatedError::at_needle(
                        path,
                        text,
                        *at,
                        value,
                        format!("{label}: \"{value}\" is not a number"),
                    )
                }),
        }
    };
    let missing = |label: &str| {
        LocatedError::at_offset(
            path,
            text,
            start,
            VLLM_SUMMARY_MARK.len(),
            format!("this result block has no \"{label}:\" row"),
        )
    };
    let successful =
        number("Successful requests")?.ok_or_else(|| missing("Successful requests"))?;
    if successful < 1.0 {
        let (_, _, at) = find("Successful requests")
            .copied()
            .unwrap_or(("", "", start));
        return Err(LocatedError::at_needle(
            path,
            text,
            at,
            "Successful requests",
            "no successful request in this run: nothing was measured",
        ));
    }
    let tpot_ms = number("Mean TPOT (ms)")?.or(number("Mean ITL (ms)")?);
    let ttft_ms = number("Mean TTFT (ms)")?;
    if tpot_ms.is_none() && ttft_ms.is_none() {
        return Err(missing("Mean TPOT (ms)"));
    }
    let concurrency = if let Some(n) = number("Maximum request concurrency")? {
        Concurrency::Set((n as u32).max(1))
    } else {
        let out = number("Output token throughput (tok/s)")?.unwrap_or(0.0);
        Concurrency::Inferred((out * tpot_ms.unwrap_or(0.0) / 1e3).round().max(1.0) as u32)
    };
    Ok(BenchmarkRun {
        engine: Engine::VllmSummary,
        model: None,
        gpu: None,
        concurrency,
        input_len: number("Total input tokens")?.map(|t| (t / successful).round() as u64),
        output_len: number("Total generated tokens")?.map(|t| (t / successful).round() as u64),
        tpot_ms,
        ttft_ms,
        prefill_tok_s: None,
    })
}
