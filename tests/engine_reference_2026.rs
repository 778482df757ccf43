//! The engine against the round-3 sections of shared/reference/roofline-facts.md: four-bit
//! formats, disaggregated serving, the interconnect and latency targets.

#[path = "engine/near.rs"]
mod near;

use near::assert_near;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::scenario::{Evaluation, ModelEvaluation, Scenario, ScenarioError};
use rstest::rstest;

fn catalog() -> Catalog {
    builtin_catalog()
}

fn scenario(gpu: &str, model: &str) -> Scenario {
    Scenario {
        model: Some(model.to_owned()),
        ..Scenario::for_gpu(gpu)
    }
}

#[track_caller]
fn eval(s: &Scenario) -> (Evaluation, ModelEvaluation) {
    let e = s.evaluate(&catalog()).expect("scenario evaluates");
    let m = e.model.clone().expect("scenario names a model");
    (e, m)
}

// --- Four-bit formats. ---

#[test]
fn llama_3_8b_nvfp4_weights_read_4_98_gb_in_1_49_ms_on_h100() {
    let s = Scenario {
        weights: Dtype::Nvfp4,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let (_, m) = eval(&s);
    // Body 6.98e9 × 9/16 = 3.93 GB + BF16 head 1.05 GB.
    assert_near(m.weight_bytes_per_gpu / 1e9, 4.98, 0.01);
    assert_near(m.step_time_s * 1e3, 1.49, 0.01);
    let bf16 = eval(&scenario("h100-sxm", "llama-3-8b")).1;
    assert_near(bf16.weight_bytes_per_gpu / 1e9, 15.01, 0.01);
}

#[test]
fn w4a16_moves_the_dot_not_the_ridge() {
    let bf16 = scenario("h100-sxm", "llama-3-8b");
    let w4a16 = Scenario {
        weights: Dtype::Nvfp4,
        ..bf16.clone()
    };
    let (e16, m16) = eval(&bf16);
    let (e4, m4) = eval(&w4a16);
    // Same BF16 math: same roof, same ridge.
    assert_near(e4.ridge, e16.ridge, 1e-9);
    assert_near(e4.peak_flops, e16.peak_flops, 1e-9);
    // The dot's intensity ≈ 2B / (9/16) = 3.56·B, and the batch to the ridge ≈ R·(9/16)/2 ≈ 83.
    assert_near(m4.fc_intensity_approx, 3.56, 0.01);
    assert_near(m4.decode_dot.batch_to_ridge_approx, 83.0, 0.5);
    assert_near(m16.decode_dot.batch_to_ridge_approx, 295.0, 0.5);
}

#[test]
fn w4a4_on_b200_raises_the_roof_and_moves_the_ridge() {
    let s = Scenario {
        precision: Dtype::Nvfp4,
        weights: Dtype::Nvfp4,
        ..scenario("b200", "llama-3-8b")
    };
    let (e, m) = eval(&s);
    assert_near(e.peak_flops / 1e12, 9000.0, 1e-6);
    assert_near(e.ridge, 1169.0, 0.5);
    assert_near(m.decode_dot.batch_to_ridge_approx, 329.0, 0.5);
}

#[test]
fn fp4_math_on_hopper_is_refused_not_computed() {
    let s = Scenario {
        precision: Dtype::Nvfp4,
        weights: Dtype::Nvfp4,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert!(matches!(
        s.evaluate(&catalog()),
        Err(ScenarioError::NoPeak {
            precision: Dtype::Nvfp4,
            ..
        })
    ));
}

#[rstest]
#[case::bf16(Dtype::Bf16, 128.0)]
#[case::fp8(Dtype::Fp8, 64.0)]
#[case::nvfp4(Dtype::Nvfp4, 36.0)]
fn llama_3_8b_kv_per_token_by_format(#[case] kv: Dtype, #[case] kib: f64) {
    let s = Scenario {
        kv,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_near(eval(&s).1.kv_bytes_per_token / 1024.0, kib, 1e-9);
}

#[rstest]
#[case::b300("b300", 288.0, 8.0)]
#[case::gb300("gb300", 288.0, 8.0)]
#[case::mi355x("mi355x", 288.0, 8.0)]
#[case::rtx_5090("rtx-5090", 32.0, 1.792)]
fn newer_boards_carry_the_reference_memory_and_bandwidth(
    #[case] id: &str,
    #[case] memory_gb: f64,
    #[case] tbs: f64,
) {
    let c = catalog();
    let gpu = c.gpu(id).unwrap();
    assert_near(gpu.memory_gb, memory_gb, 1e-9);
    assert_near(gpu.bandwidth_tbs, tbs, 1e-9);
    assert!(gpu.source.len() > 40, "{id} cites its source");
    assert!(gpu.ridge(Dtype::Mxfp4).is_some(), "{id} has FP4 math");
}

#[test]
fn nvfp4_math_is_nvidia_only() {
    let c = catalog();
    assert!(c.gpu("mi355x").unwrap().ridge(Dtype::Nvfp4).is_none());
    assert!(c.gpu("mi355x").unwrap().ridge(Dtype::Mxfp4).is_some());
    assert!(c.gpu("h200").unwrap().ridge(Dtype::Mxfp4).is_none());
}
