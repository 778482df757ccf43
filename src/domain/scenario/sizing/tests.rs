//! The sizing figures against values worked by hand from the reference
//! (shared/reference/roofline-facts.md: worked example 1, "Latency targets and the
//! throughput–interactivity curve").

use rstest::rstest;

use crate::content::data_files::builtin_catalog;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

fn scenario(model: &str, context: u64, target_ms: f64) -> Scenario {
    Scenario {
        model: Some(model.to_owned()),
        context,
        tpot_target_ms: Some(target_ms),
        ..Scenario::for_gpu("h100-sxm")
    }
}

#[track_caller]
fn q(s: &Scenario, quantity: Quantity) -> Option<f64> {
    quantity.number(&s.evaluate(&builtin_catalog()).expect("evaluates"))
}

#[track_caller]
fn assert_within(got: Option<f64>, want: f64, rel: f64) {
    let got = got.expect("a value");
    assert!(
        ((got - want) / want).abs() <= rel,
        "got {got}, want {want} ± {:.1} %",
        rel * 100.0
    );
}

/// Llama-3-70B in BF16 holds 70.55 GB per GPU at TP 2, leaving 85.52 × 0.9 − 70.55 − 3 =
/// 3.42 GB: one 4K sequence (320 KiB × 4,096 ÷ 2 = 0.67 GB) fits, one 32K sequence (5.37 GB)
/// does not, so 32K needs TP 4. Llama-3.1-405B (811.7 GB) does not fit on 8.
#[rstest]
#[case::llama_8b("llama-3-8b", 4096, Some(1.0))]
#[case::llama_70b_4k("llama-3-70b", 4096, Some(2.0))]
#[case::llama_70b_32k("llama-3-70b", 32_768, Some(4.0))]
#[case::llama_405b("llama-3.1-405b", 4096, None)]
fn the_smallest_tp_that_holds_the_model(
    #[case] model: &str,
    #[case] context: u64,
    #[case] want: Option<f64>,
) {
    let s = scenario(model, context, 50.0);
    assert_eq!(q(&s, Quantity::TpToFit), want);
}

/// Llama-3-8B on one H100 SXM at 4K, target 20 ms: batch 96 (reference), whose step is
/// (15.01 + 96 × 0.537) GB ÷ 3.35 TB/s = 19.87 ms. The 2,048-token prefill is compute-bound:
/// 2 × (6.979 × 10⁹ × 2,048 + 0.525 × 10⁹) + 524,288 × 2,048² ÷ 2 = 2.969 × 10¹³ FLOP ÷
/// 989.4 TFLOP/s = 30.0 ms.
fn llama_8b_at_20_ms() -> Scenario {
    Scenario {
        output_tokens: 256,
        rate: Some(40.0),
        gpu_hour_usd: 2.5,
        ..scenario("llama-3-8b", 4096, 20.0)
    }
}

/// 40 req/s × (0.030 + 255 × 0.01987) s = 203.8 in flight ÷ 96 = 2.12 → 3 replicas.
#[test]
fn replicas_by_littles_law_at_the_target_batch() {
    let s = llama_8b_at_20_ms();
    assert_eq!(q(&s, Quantity::TargetBatch), Some(96.0));
    assert_eq!(q(&s, Quantity::ReplicasForRate), Some(3.0));
}

/// 0.030 s × 96 ÷ (255 × 0.01987 s) = 0.568 prefill GPUs per decode GPU; the rate cancels.
#[rstest]
#[case::rate_40(40.0)]
#[case::rate_400(400.0)]
fn the_pool_ratio_does_not_depend_on_the_rate(#[case] rate: f64) {
    let s = Scenario {
        rate: Some(rate),
        ..llama_8b_at_20_ms()
    };
    assert_within(q(&s, Quantity::PoolRatio), 0.568, 0.01);
}

/// 2.5 USD ÷ (96 ÷ 0.01987 s × 3,600) × 10⁶ = 0.1437 USD per million tokens.
#[test]
fn cost_at_the_target_batch() {
    assert_within(
        q(&llama_8b_at_20_ms(), Quantity::TargetUsdPerMillionTokens),
        0.1437,
        0.01,
    );
}

/// A target not even batch 1 meets (the weights alone take 4.5 ms) leaves nothing to size.
#[test]
fn an_unreachable_target_sizes_nothing() {
    let s = Scenario {
        tpot_target_ms: Some(1.0),
        ..llama_8b_at_20_ms()
    };
    assert_eq!(q(&s, Quantity::TargetBatch), Some(0.0));
    for quantity in [
        Quantity::ReplicasForRate,
        Quantity::PoolRatio,
        Quantity::TargetUsdPerMillionTokens,
    ] {
        assert_eq!(q(&s, quantity), None, "{quantity}");
    }
    assert_eq!(q(&s, Quantity::TpToFit), Some(1.0));
}

/// One output token is all prefill: no decode pool to compare with.
#[test]
fn one_output_token_has_no_pool_ratio() {
    let s = Scenario {
        output_tokens: 1,
        ..llama_8b_at_20_ms()
    };
    assert_eq!(q(&s, Quantity::PoolRatio), None);
}

/// Without a target none of the sizing figures is found.
#[test]
fn without_a_target_there_is_no_sizing() {
    let s = Scenario {
        tpot_target_ms: None,
        ..llama_8b_at_20_ms()
    };
    assert_eq!(q(&s, Quantity::TpToFit), None);
    assert_eq!(q(&s, Quantity::ReplicasForRate), None);
}

/// The efficiency moves the target to the speed of light: Llama-3-8B on one H100 SXM at 4K
/// reads 15.01 GB of weights and 0.537 GB per sequence a step at 3.35 TB/s. 25 ms at 80 % is
/// 20 ms at the speed of light, batch 96 as above; so is 40 ms at 50 %. 10 ms at the speed of
/// light allows (33.5 − 15.01) ÷ 0.537 = 34.4 → 34; at 80 % it is 8 ms: (26.8 − 15.01) ÷
/// 0.537 = 21.96 → 21.
#[rstest]
#[case::twenty_ms_at_the_speed_of_light(20.0, 1.0, 96.0)]
#[case::twenty_five_ms_at_80_percent(25.0, 0.8, 96.0)]
#[case::forty_ms_at_half(40.0, 0.5, 96.0)]
#[case::ten_ms_at_the_speed_of_light(10.0, 1.0, 34.0)]
#[case::ten_ms_at_80_percent(10.0, 0.8, 21.0)]
fn the_efficiency_shrinks_the_speed_of_light_budget(
    #[case] target_ms: f64,
    #[case] efficiency: f64,
    #[case] batch: f64,
) {
    let s = Scenario {
        efficiency,
        ..scenario("llama-3-8b", 4096, target_ms)
    };
    assert_eq!(q(&s, Quantity::TargetBatch), Some(batch));
    // The batch's speed-of-light step fits the budget; one more sequence's does not.
    let step = |b: f64| (15.009 + b * 0.536_870_912) / 3.35;
    assert!(step(batch) <= target_ms * efficiency, "{}", step(batch));
    assert!(step(batch + 1.0) > target_ms * efficiency);
}

/// An efficiency outside (0, 1] or a block of no tokens is refused, not computed.
#[rstest]
#[case::zero_efficiency(0.0, 16)]
#[case::above_the_speed_of_light(1.25, 16)]
#[case::not_a_number(f64::NAN, 16)]
#[case::empty_blocks(1.0, 0)]
fn settings_out_of_range_are_refused(#[case] efficiency: f64, #[case] block_size: u64) {
    let s = Scenario {
        block_size,
        efficiency,
        ..scenario("llama-3-8b", 4096, 20.0)
    };
    assert!(s.evaluate(&builtin_catalog()).is_err());
}
