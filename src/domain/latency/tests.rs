use super::*;
use crate::content::data_files::builtin_catalog;
use crate::test_support::near;
use rstest::rstest;

fn llama_8b_4k() -> Scenario {
    Scenario {
        model: Some("llama-3-8b".to_owned()),
        context: 4096,
        ..Scenario::for_gpu("h100-sxm")
    }
}

#[rstest]
// TPOT(B) ≈ (15.01 + 0.537·B) GB ÷ 3.35 TB/s: 20 ms → 96, 50 ms → 284.
#[case::twenty_ms(0.020, 96)]
#[case::fifty_ms(0.050, 284)]
fn target_batch_matches_the_reference(#[case] target: f64, #[case] batch: u32) {
    let limit = largest_batch_under(&llama_8b_4k(), &builtin_catalog(), target).unwrap();
    assert_eq!(limit.target_batch, batch);
}

#[test]
fn the_kv_wall_binds_before_a_50_ms_target() {
    let c = builtin_catalog();
    let s = llama_8b_4k();
    let limit = largest_batch_under(&s, &c, 0.050).unwrap();
    let wall = model_of(&s, &c).unwrap().max_batch_kv.unwrap();
    assert_eq!(limit.limit, BatchLimit::KvWall);
    assert_eq!(u64::from(limit.batch), wall);
    assert!(limit.tpot_s <= 0.050);
}

#[test]
fn a_target_below_batch_one_is_unreachable() {
    let limit = largest_batch_under(&llama_8b_4k(), &builtin_catalog(), 0.001).unwrap();
    assert_eq!((limit.batch, limit.limit), (0, BatchLimit::Unreachable));
}

#[test]
fn littles_law_counts_requests_in_flight_and_replicas() {
    // 10 req/s, TTFT 0.1 s, 99 more tokens at 20 ms: 2.08 s in system, 20.8 in flight.
    let sizing = size_for_rate(10.0, 0.1, 0.020, 100, 8, 2).unwrap();
    near(sizing.time_in_system_s, 2.08, 1e-9);
    near(sizing.concurrency, 20.8, 1e-9);
    assert_eq!((sizing.replicas, sizing.gpus), (3, 6));
    assert!(size_for_rate(10.0, 0.1, 0.02, 100, 0, 1).is_none());
}

#[test]
fn a_prefill_chunk_slows_every_decode_token() {
    // Reference: B = 64 at 4K is 14.7 ms; a 2,048-token chunk adds ≈ 31 ms of compute: ≈ 32 ms.
    let c = builtin_catalog();
    let s = Scenario {
        batch: 64,
        ..llama_8b_4k()
    };
    near(tpot_at(&s, &c, 64).unwrap() * 1e3, 14.7, 0.05);
    near(mixed_step_s(&s, &c, 2048).unwrap() * 1e3, 32.0, 1.5);
    let ttft = chunked_ttft_s(&s, &c, 8192, 2048).unwrap();
    near(ttft, 4.0 * mixed_step_s(&s, &c, 2048).unwrap(), 1e-12);
}

#[test]
fn the_curve_rises_then_bends() {
    let c = builtin_catalog();
    let s = llama_8b_4k();
    let points = curve(&s, &c, 107).unwrap();
    assert_eq!(points.first().unwrap().batch, 1);
    assert_eq!(points.last().unwrap().batch, 107);
    for pair in points.windows(2) {
        assert!(pair[1].tokens_per_s_per_gpu > pair[0].tokens_per_s_per_gpu);
        assert!(pair[1].tokens_per_s_per_user <= pair[0].tokens_per_s_per_user);
    }
    // TPOT doubles once 0.537·B GB of KV match the 15 GB of weights: B ≈ 28 → first power 32.
    assert_eq!(curve::bend(&points).unwrap().batch, 32);
}
