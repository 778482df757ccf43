use std::path::Path;

use rstest::rstest;

use super::*;
use crate::domain::benchmark::Concurrency;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/benchmarks");

#[track_caller]
fn fixture(name: &str) -> Vec<BenchmarkRun> {
    load_benchmark(&Path::new(FIXTURES).join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[track_caller]
fn text(name: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(name)).unwrap()
}

#[test]
fn vllm_save_result_is_one_run_at_its_concurrency() {
    let runs = fixture("vllm-llama-3-8b-c32.json");
    let [run] = &runs[..] else { panic!("{runs:?}") };
    assert_eq!(run.engine, Engine::VllmJson);
    assert_eq!(run.concurrency, Concurrency::Set(32));
    assert_eq!(run.input_len, Some(1024));
    // 8,192 output tokens over 64 requests: 128 each; decode runs at 1,024 + 64 on average.
    assert_eq!(
        (run.output_len, run.decode_context()),
        (Some(128), Some(1088))
    );
    assert_eq!(run.tpot_ms, Some(8.0));
    assert_eq!(run.ttft_ms, Some(320.0));
    assert_eq!(
        run.model.as_deref(),
        Some("meta-llama/Meta-Llama-3-8B-Instruct")
    );
    // 32 × 1000 / 8 ms; 1,024 tokens / 0.32 s.
    assert!((run.decode().unwrap().tokens_per_s - 4000.0).abs() < 1e-9);
    assert!((run.prefill().unwrap().tokens_per_s - 3200.0).abs() < 1e-9);
}

#[test]
fn the_vllm_summary_log_is_a_sweep() {
    type Point = (u32, Option<f64>, Option<u64>, Option<u64>);
    let runs = fixture("vllm-summary-sweep.txt");
    let points: Vec<Point> = runs
        .iter()
        .map(|r| (r.concurrency.value(), r.tpot_ms, r.input_len, r.output_len))
        .collect();
    // `Total generated tokens` over `Successful requests`: 128 each in every run.
    assert_eq!(
        points,
        [
            (1, Some(5.7), Some(1024), Some(128)),
            (8, Some(6.4), Some(1024), Some(128)),
            (64, Some(14.2), Some(1024), Some(128))
        ]
    );
    assert!(runs.iter().all(|r| r.engine == Engine::VllmSummary));
}

#[test]
fn sglang_jsonl_is_a_run_per_line_with_its_infinite_rate_read() {
    let runs = fixture("sglang-llama-3-8b.jsonl");
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[1].engine, Engine::SglangJsonl);
    assert_eq!(runs[1].concurrency, Concurrency::Set(16));
    assert_eq!(runs[1].input_len, Some(2048));
    // 25,600 output tokens over 100 requests (not the retokenized count).
    assert_eq!(runs[1].output_len, Some(256));
    assert_eq!(runs[0].tpot_ms, Some(6.0));
}

#[test]
fn llama_bench_gives_a_prefill_and_a_single_stream_decode() {
    let runs = fixture("llama-bench-llama-3-8b.json");
    assert_eq!(runs.len(), 2);
    let prefill = runs[0].prefill().unwrap();
    assert_eq!((prefill.tokens_per_s, prefill.prompt), (9120.5, 512));
    let decode = runs[1].decode().unwrap();
    assert_eq!(decode.batch, 1);
    // The 128-token generation test starts from an empty cache: 64 tokens on average.
    assert_eq!(runs[1].decode_context(), Some(64));
    assert!((decode.tokens_per_s - 98.4).abs() < 1e-9);
    assert_eq!(runs[1].gpu.as_deref(), Some("NVIDIA H100 80GB HBM3"));
}

#[test]
fn an_uncapped_run_infers_its_concurrency_by_littles_law() {
    let t = text("vllm-llama-3-8b-c32.json").replacen(
        "\"max_concurrency\": 32",
        "\"max_concurrency\": null",
        1,
    );
    let runs = parse_benchmark("r.json", &t).unwrap();
    // 2,945.7 tok/s × 8 ms = 23.6 sequences decoding at once.
    assert_eq!(runs[0].concurrency, Concurrency::Inferred(24));
}

/// Refusals: located at the field or the row, with the line and a caret.
#[rstest]
#[case::no_success_json(
    "vllm-llama-3-8b-c32.json",
    "\"completed\": 64",
    "\"completed\": 0",
    "no successful request",
    13
)]
#[case::no_success_text(
    "vllm-summary-sweep.txt",
    "Successful requests:                     64 ",
    "Successful requests:                     0  ",
    "no successful request",
    39
)]
#[case::no_tpot_text(
    "vllm-summary-sweep.txt",
    "Mean TPOT (ms):                          5.70",
    "",
    "",
    0
)]
#[case::not_a_benchmark_json(
    "vllm-llama-3-8b-c32.json",
    "\"completed\": 64",
    "\"done\": 64",
    "",
    0
)]
#[case::zero_rate(
    "llama-bench-llama-3-8b.json",
    "\"avg_ts\": 98.4",
    "\"avg_ts\": 0.0",
    "avg_ts is 0",
    0
)]
fn refusals_are_located(
    #[case] file: &str,
    #[case] from: &str,
    #[case] to: &str,
    #[case] says: &str,
    #[case] line: usize,
) {
    let original = text(file);
    let changed = original.replacen(from, to, 1);
    assert_ne!(changed, original, "the case must change the file");
    match parse_benchmark("b", &changed) {
        Err(e) => {
            let shown = e.to_string();
            assert!(shown.contains(says), "{shown}");
            if line > 0 {
                assert_eq!(e.start.line, line, "{shown}");
            }
            assert!(shown.contains('^'), "{shown}");
        }
        // Without a TPOT row, the block still has a TTFT: a prefill-only run.
        Ok(runs) => assert!(
            says.is_empty() && runs[0].tpot_ms.is_some_and(|t| (t - 5.7).abs() < 1e-9),
            "{runs:?}"
        ),
    }
}

#[rstest]
#[case::prose("I ran vLLM yesterday and it was fast.\n")]
#[case::other_json("{\"hello\": 1}\n")]
#[case::empty_array("[]\n")]
fn what_is_not_a_benchmark_is_refused(#[case] text: &str) {
    let e = parse_benchmark("x.txt", text).unwrap_err();
    assert!(e.to_string().starts_with("x.txt:1:"), "{e}");
}
