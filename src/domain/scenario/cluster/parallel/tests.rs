use rstest::rstest;

use crate::content::data_files::builtin_catalog;
use crate::domain::dtype::Dtype;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Scenario, ScenarioError};

#[track_caller]
fn near(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-9 * want.abs(),
        "expected {want}, got {got}"
    );
}

/// `model` on `tp` GPUs of `gpu`, in `precision`, at `batch`, with `ep` and `pp` set.
fn at(gpu: &str, model: &str, precision: Dtype, (tp, ep, pp): (u32, u32, u32)) -> Scenario {
    Scenario {
        model: Some(model.to_owned()),
        precision,
        weights: precision,
        batch: 64,
        context: 4096,
        tp,
        ep,
        pp,
        ..Scenario::for_gpu(gpu)
    }
}

#[track_caller]
fn ms(s: &Scenario, q: Quantity) -> Option<f64> {
    q.number(&s.evaluate(&builtin_catalog()).expect("evaluates"))
}

#[test]
fn the_defaults_add_no_term() {
    let s = at("h200", "deepseek-v3", Dtype::Fp8, (8, 1, 1));
    assert_eq!(ms(&s, Quantity::EpAlltoallMs), None);
    assert_eq!(ms(&s, Quantity::PpSendMs), None);
}

/// DeepSeek-V3 in FP8 on H200s (HGX: NVLink 4 at 450 GB/s among 8, InfiniBand NDR at 50 GB/s
/// out), batch 64: each GPU sends X = 2 · 64 · 8 · 7,168 · 1 = 7,340,032 bytes per MoE layer.
#[rstest]
// EP 8 on one board: 7/8 · X / 450 GB/s a layer × 58, and 116 calls of 6 + 7 · 1 = 13 µs.
#[case::ep8_inside_one_board(8, 7_340_032.0 * 7.0 / 8.0 / 450e9 * 58.0 + 13e-6 * 116.0)]
// EP 16 over two boards: half of X crosses InfiniBand, 116 calls of 10 + 15 · 2 = 40 µs.
#[case::ep16_across_two_boards(16, 7_340_032.0 * 8.0 / 16.0 / 50e9 * 58.0 + 40e-6 * 116.0)]
fn the_all_to_all_of_deepseek_v3_by_hand(#[case] ep: u32, #[case] seconds: f64) {
    let s = at("h200", "deepseek-v3", Dtype::Fp8, (8, ep, 1));
    near(
        ms(&s, Quantity::EpAlltoallMs).expect("MoE at EP > 1"),
        seconds * 1e3,
    );
}

/// Llama-3-70B in BF16 on H100s, batch 64: S = 64 · 8,192 · 2 = 1,048,576 bytes per boundary.
#[rstest]
// PP 2 of TP 8: each stage fills a board, so its one boundary crosses InfiniBand (2 µs a hop).
#[case::pp2_of_tp8_across_boards(8, 2, 1_048_576.0 / 50e9 + 2e-6)]
// PP 4 of TP 2: four stages share a board, three NVLink boundaries of 1 µs.
#[case::pp4_of_tp2_on_one_board(2, 4, 3.0 * (1_048_576.0 / 450e9 + 1e-6))]
fn the_pipeline_sends_by_hand(#[case] tp: u32, #[case] pp: u32, #[case] seconds: f64) {
    let s = at("h100-sxm", "llama-3-70b", Dtype::Bf16, (tp, 1, pp));
    near(ms(&s, Quantity::PpSendMs).expect("PP > 1"), seconds * 1e3);
}

#[rstest]
#[case::ep_zero("deepseek-v3", (8, 0, 1), "ep", "ep must be at least 1")]
#[case::pp_zero("deepseek-v3", (8, 1, 0), "pp", "pp must be at least 1")]
#[case::ep_on_a_dense_model("llama-3-70b", (8, 8, 1), "ep", "is dense")]
#[case::ep_not_dividing_the_experts("deepseek-v3", (8, 3, 1), "ep", "does not divide")]
#[case::more_stages_than_layers("llama-3-70b", (1, 1, 81), "pp", "more stages than")]
fn nonsense_is_refused(
    #[case] model: &str,
    #[case] par: (u32, u32, u32),
    #[case] field: &str,
    #[case] why: &str,
) {
    let s = at("h200", model, Dtype::Fp8, par);
    match s.evaluate(&builtin_catalog()) {
        Err(ScenarioError::Parallel(f, message)) => {
            assert_eq!(f, field);
            assert!(message.contains(why), "{message}");
        }
        other => panic!("expected a refusal of {field}, got {other:?}"),
    }
}

/// The step with its link time adds every link term the setting makes, not the all-reduces
/// alone: at EP 16 the all-to-all waits for the step as the all-reduces do, and its share of
/// the step counts it too. At EP 1 and PP 1 the sum is the all-reduces' alone.
#[rstest]
#[case::defaults((8, 1, 1))]
#[case::ep16((8, 16, 1))]
#[case::pp2((8, 1, 2))]
fn the_step_with_its_link_time_adds_every_term(#[case] degrees: (u32, u32, u32)) {
    let s = at("h200", "deepseek-v3", Dtype::Fp8, degrees);
    let term = |q| ms(&s, q).unwrap_or(0.0);
    let links =
        term(Quantity::AllreduceMs) + term(Quantity::EpAlltoallMs) + term(Quantity::PpSendMs);
    let step = term(Quantity::StepTimeMs);
    near(term(Quantity::StepWithCommMs), step + links);
    near(term(Quantity::CommSharePct), 100.0 * links / step);
}
