use super::*;
use crate::content::benchmark::parse_benchmark;
use crate::content::data_files::builtin_catalog;
use crate::test_support::close;

fn with_runs(file: &str) -> (Catalog, Scenario) {
    let path = format!(
        "{}/tests/fixtures/benchmarks/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let runs = parse_benchmark(file, &std::fs::read_to_string(path).unwrap()).unwrap();
    let mut catalog = builtin_catalog();
    let cluster = Scenario {
        batch: 32,
        context: 2048,
        ..Scenario::default_cluster()
    };
    catalog.benchmarks = Some((cluster.clone(), runs));
    (catalog, cluster)
}

/// The vLLM run: Llama-3-8B BF16 on one H100 SXM, 32 sequences at 8 ms per token, 1,024-token
/// prompts at 320 ms to first token. By hand:
/// - decode: a step reads 7,504,924,672 non-embedding weights × 2 B = 15.010 GB plus the KV of
///   32 × 1,088 tokens (the prompt and half the 128-token output, the mean over the run's
///   decode steps) × 131,072 B = 4.563 GB, 19.573 GB in 8 ms, ÷ 3.35 TB/s: MBU 73.0 %;
/// - prefill: 1,024 tokens ÷ 0.32 s = 3,200 tok/s, 3.125 prompts/s × (2 × (7.505e9 − 0.525e9
///   output head) × 1,024 + 2 × 0.525e9 for the last token's logits + ½ × 524,288 × 1,024²)
///   FLOP = 4.553e13 FLOP/s ÷ 989.4 TF: MFU 4.60 % (only the last prompt token needs the head).
#[test]
fn a_vllm_run_gives_mbu_and_mfu_as_computed_by_hand() {
    let (catalog, cluster) = with_runs("vllm-llama-3-8b-c32.json");
    let m = measured(&catalog, &cluster).expect("the runs are for this setup");
    let bytes = 7_504_924_672.0 * 2.0 + 32.0 * 1088.0 * 131_072.0;
    close(m.mbu.unwrap(), bytes / 0.008 / 3.35e12, 1e-3);
    let head = 4096.0 * 128_256.0;
    let flops = 3.125
        * (2.0 * (7_504_924_672.0 - head) * 1024.0
            + 2.0 * head
            + 0.5 * 524_288.0 * 1024.0 * 1024.0);
    close(m.mfu.unwrap(), flops / 989.4e12, 1e-3);
    let overlay = m.overlay.unwrap();
    assert_eq!(overlay.points.len(), 2, "one decode and one prefill point");
}

#[test]
fn a_sweep_draws_a_curve_labelled_at_its_ends() {
    let (catalog, cluster) = with_runs("vllm-summary-sweep.txt");
    let overlay = measured(&catalog, &cluster).unwrap().overlay.unwrap();
    let decode: Vec<&MeasuredPoint> = overlay.points.iter().take(3).collect();
    let labels: Vec<Option<&str>> = decode
        .iter()
        .map(|p| p.label.as_ref().map(|l| l.short.as_str()))
        .collect();
    assert_eq!(labels, [Some("B=1"), None, Some("B=64")]);
    assert!(
        decode.windows(2).all(|w| w[0].intensity < w[1].intensity),
        "rising with the batch"
    );
}

#[test]
fn another_setup_shows_none_of_them() {
    let (catalog, cluster) = with_runs("vllm-llama-3-8b-c32.json");
    let other = Scenario {
        gpu: "h200".to_owned(),
        ..cluster
    };
    assert_eq!(measured(&catalog, &other), None);
}
