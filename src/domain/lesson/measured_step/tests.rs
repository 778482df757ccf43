use super::*;
use crate::content::benchmark::parse_benchmark;
use crate::content::data_files::builtin_catalog;
use crate::domain::dtype::Dtype;

/// Lesson 14's own setting for the step: Llama-3-8B BF16 on one H100 SXM, 32 sequences, no
/// context.
fn lesson_setting() -> ScenarioPatch {
    ScenarioPatch {
        gpu: Some("h100-sxm".to_owned()),
        model: Some("llama-3-8b".to_owned()),
        precision: Some(Dtype::Bf16),
        batch: Some(32),
        context: Some(0),
        ..ScenarioPatch::default()
    }
}

/// A learner's cluster: Llama-3-8B in BF16 on one H200.
fn h200_cluster() -> Scenario {
    Scenario {
        gpu: "h200".to_owned(),
        ..Scenario::default_cluster()
    }
}

/// The fixture's vLLM sweep (concurrency 1, 8 and 64), as a file name and its text.
const SWEEP: (&str, &str) = (
    "vllm-summary-sweep.txt",
    include_str!("../../../../tests/fixtures/benchmarks/vllm-summary-sweep.txt"),
);

/// The fixture's vLLM run at concurrency 32, as a file name and its text.
const C32: (&str, &str) = (
    "vllm-llama-3-8b-c32.json",
    include_str!("../../../../tests/fixtures/benchmarks/vllm-llama-3-8b-c32.json"),
);

/// The shipped catalog with a benchmark file's runs as the learner's own, made on `cluster`.
#[track_caller]
fn with_runs((file, text): (&str, &str), cluster: Scenario) -> Catalog {
    let runs = parse_benchmark(file, text).unwrap();
    let mut catalog = builtin_catalog();
    catalog.benchmarks = Some((cluster, runs));
    catalog
}

#[track_caller]
fn setting_of(catalog: &Catalog) -> (Scenario, MeasurementSource, f64) {
    let (patch, source) = measured_setting(&lesson_setting(), catalog).expect("a measurement");
    let scenario = scenario_for(Some(&patch), &Scenario::default_cluster());
    let measured = scenario
        .evaluate(catalog)
        .unwrap()
        .measured_tpot_ms()
        .unwrap();
    (scenario, source, measured)
}

#[test]
fn the_learners_runs_come_first_at_a_concurrency_they_have() {
    let catalog = with_runs(SWEEP, h200_cluster());
    let (s, source, measured) = setting_of(&catalog);
    assert_eq!(source, MeasurementSource::Runs);
    // The runs are at concurrency 1, 8 and 64: 64 is nearest 32 by ratio (2× against 4×).
    // The context is the run's (see the test below), not the lesson's 0.
    assert_eq!((s.gpu.as_str(), s.batch, s.context), ("h200", 64, 1088));
    assert_eq!(s.model.as_deref(), Some("llama-3-8b"));
    // The fixture's mean TPOT at --max-concurrency 64.
    assert!((measured - 14.2).abs() < 1e-9, "{measured}");
}

#[test]
fn the_gpu_lab_comes_next_on_this_gpu() {
    let report = crate::store::lab_file::gpu_lab_fixture();
    let rate = report
        .sweep
        .iter()
        .find(|p| p.batch == 32)
        .map(crate::domain::gpu_lab::GpuSweepPoint::weight_bytes_per_s)
        .expect("the lab swept batch 32");
    let mut catalog = builtin_catalog();
    catalog.add_gpu_lab(report);
    let (s, source, measured) = setting_of(&catalog);
    assert_eq!(source, MeasurementSource::GpuLab);
    assert_eq!((s.gpu.as_str(), s.batch), (THIS_GPU_ID, 32));
    // The model's step bytes (2 × 7,504,924,672 B of BF16 weights at context 0) at the lab's
    // read rate at batch 32.
    let expected = 2.0 * 7_504_924_672.0 / rate * 1e3;
    assert!(
        (measured - expected).abs() < 1e-6,
        "{measured} vs {expected}"
    );
}

#[test]
fn without_a_measurement_of_ones_own_the_shipped_sweep_answers() {
    let catalog = builtin_catalog();
    let (s, source, measured) = setting_of(&catalog);
    assert_eq!(source, MeasurementSource::Shipped);
    assert_eq!((s.gpu.as_str(), s.batch), ("h100-sxm", 32));
    // The sweep read 2 × 7,504,658,432 B in 5.462 ms at B = 32.
    let expected = 5.462 * 7_504_924_672.0 / 7_504_658_432.0;
    assert!((measured - expected).abs() < 1e-6, "{measured}");
}

#[test]
fn runs_without_a_model_fall_back_to_the_shipped_sweep() {
    let cluster = Scenario {
        model: None,
        ..h200_cluster()
    };
    let catalog = with_runs(C32, cluster);
    let (s, source, _) = setting_of(&catalog);
    assert_eq!(
        (source, s.gpu.as_str()),
        (MeasurementSource::Shipped, "h100-sxm")
    );
}

#[test]
fn lesson_14_follows_the_learners_runs() {
    let catalog = with_runs(C32, h200_cluster());
    let mut lessons = crate::content::lessons::parse_shipped();
    follow_measurement(&mut lessons, &catalog);
    let step = lessons
        .iter()
        .flat_map(|l| &l.steps)
        .find(|s| s.id() == "predict-your-measurement")
        .expect("lesson 14 asks it");
    let Step::Predict(p) = step else {
        panic!("a predict step")
    };
    let s = scenario_for(p.scenario.as_ref(), &h200_cluster());
    // At the run's concurrency and its decode context: 1,024 prompt tokens and half of 128.
    assert_eq!((s.gpu.as_str(), s.batch, s.context), ("h200", 32, 1088));
}

/// The runs' context: each request of the sweep's concurrency-64 run has 16,384 ÷ 16 = 1,024
/// prompt tokens and 2,048 ÷ 16 = 128 output tokens. The TPOT averages the steps after the
/// first token, whose KV runs from 1,025 to 1,151 tokens: 1,024 + 128 ÷ 2 = 1,088 on average,
/// so the roofline the step compares with is at 1,088 tokens of context, not the lesson's 0.
#[test]
fn the_learners_runs_set_the_steps_context_to_the_runs() {
    let catalog = with_runs(SWEEP, h200_cluster());
    let (s, source, _) = setting_of(&catalog);
    assert_eq!(source, MeasurementSource::Runs);
    assert_eq!((s.batch, s.context), (64, 1088));
    // The speed of light the step states reads the KV of 64 × 1,088 tokens beside the weights:
    // (2 × 7,504,924,672 + 64 × 1,088 × 131,072) B ÷ 4.8 TB/s.
    let e = s.evaluate(&catalog).unwrap();
    let bytes = 2.0 * 7_504_924_672.0 + 64.0 * 1088.0 * 131_072.0;
    let memory_ms = e.model.unwrap().memory_time_s * 1e3;
    assert!(
        (memory_ms - bytes / 4.8e12 * 1e3).abs() < 1e-6,
        "{memory_ms}"
    );
}
