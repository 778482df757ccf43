//! The cluster quantities lessons 17–19 ask for, against the worked examples of the round-3
//! sections of shared/reference/roofline-facts.md (disaggregation, interconnect, latency).

#[path = "engine/quantity.rs"]
mod quantity;

#[path = "engine/near.rs"]
mod near;

use near::assert_near;
use quantity::q;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::scenario::Scenario;
use rstest::rstest;

fn scenario(gpu: &str, model: &str) -> Scenario {
    Scenario {
        model: Some(model.to_owned()),
        ..Scenario::for_gpu(gpu)
    }
}

/// Llama-3-70B BF16 on TP 4 H100s: 80 KiB of KV per GPU per prompt token; 35.7 µs of prefill
/// compute per token; the transfer per token is 1.64 µs over InfiniBand NDR (4.6 %), 0.18 µs
/// over NVLink (0.5 %), 6.6 µs over 100 GbE (18 %).
#[rstest]
#[case::ib("ib-ndr", 1.64, 4.6)]
#[case::nvlink("nvlink4", 0.18, 0.5)]
#[case::ethernet("eth-100g", 6.55, 18.4)]
fn kv_transfer_of_70b_at_tp4(#[case] link: &str, #[case] us_per_token: f64, #[case] pct: f64) {
    let s = Scenario {
        tp: 4,
        prompt: 1000,
        link: Some(link.to_owned()),
        ..scenario("h100-sxm", "llama-3-70b")
    };
    assert_near(
        q(&s, Quantity::KvTransferMs) * 1e3 / 1000.0,
        us_per_token,
        0.01,
    );
    // The reference takes the matmul compute alone; attention's T² term lowers the share.
    assert_near(q(&s, Quantity::TransferSharePct), pct, pct * 0.06);
    let split =
        q(&s, Quantity::PrefillMs) + q(&s, Quantity::KvTransferMs) + q(&s, Quantity::StepTimeMs);
    assert_near(q(&s, Quantity::SplitTtftMs), split, 1e-9);
}

/// A prefix-cache hit discounts prefill to (1 − h) of the prompt; the KV sent stays whole.
#[test]
fn prefix_hit_discounts_prefill_not_the_transfer() {
    let cold = Scenario {
        tp: 4,
        prompt: 8192,
        link: Some("ib-ndr".to_owned()),
        ..scenario("h100-sxm", "llama-3-70b")
    };
    let warm = Scenario {
        prefix_hit: 0.5,
        ..cold.clone()
    };
    assert_near(q(&warm, Quantity::PrefillTokens), 4096.0, 0.0);
    assert_near(
        q(&warm, Quantity::KvTransferMs),
        q(&cold, Quantity::KvTransferMs),
        1e-12,
    );
    assert!(q(&warm, Quantity::PrefillMs) < 0.55 * q(&cold, Quantity::PrefillMs));
    assert!(q(&warm, Quantity::TransferSharePct) > 1.9 * q(&cold, Quantity::TransferSharePct));
}

/// Llama-3-8B on one H100 at B = 64, 4K: a 14.7 ms memory-bound step; a 2,048-token chunk
/// adds ≈ 31 ms of compute, so every user's next token takes ≈ 32 ms in one pool.
#[test]
fn one_pool_chunk_slows_every_token() {
    let s = Scenario {
        batch: 64,
        context: 4096,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_near(q(&s, Quantity::TpotMs), 14.7, 0.1);
    // ≈ 32 ms in the reference's matmul count; the chunk's causal attention adds ≈ 1 ms.
    assert_near(q(&s, Quantity::MixedTpotMs), 32.5, 1.0);
}

/// Llama-3-70B, TP 8, decode B = 16, BF16: 160 all-reduces per step at 20 µs each on NVLink
/// (3.2 ms) beside a 6.79 ms step (at 8K context); the bandwidth term per call is 1.0 µs.
#[test]
fn allreduce_of_70b_at_tp8_in_one_node() {
    let s = Scenario {
        tp: 8,
        batch: 16,
        context: 8192,
        link: Some("nvlink4".to_owned()),
        ..scenario("h100-sxm", "llama-3-70b")
    };
    assert_near(q(&s, Quantity::AllreduceCalls), 160.0, 0.0);
    assert_near(q(&s, Quantity::AllreduceLatencyMs), 3.2, 1e-9);
    assert_near(q(&s, Quantity::AllreduceMs), 3.2 + 160.0 * 1.02e-3, 0.01);
    assert_near(q(&s, Quantity::StepTimeMs), 6.79, 0.1);
    let with = q(&s, Quantity::StepTimeMs) + q(&s, Quantity::AllreduceMs);
    assert_near(q(&s, Quantity::StepWithCommMs), with, 1e-9);
}

/// Across two nodes the ring crosses InfiniBand: 2·7/8 · 262,144 B ÷ 50 GB/s = 9.2 µs per call,
/// and (10 + 14 · 2) µs of latency, 160 times.
#[test]
fn allreduce_of_70b_at_tp8_across_two_nodes() {
    let s = Scenario {
        tp: 8,
        batch: 16,
        link: Some("ib-ndr".to_owned()),
        ..scenario("h100-sxm", "llama-3-70b")
    };
    assert_near(q(&s, Quantity::AllreduceLatencyMs), 160.0 * 38e-3, 1e-9);
    let bandwidth_ms = 160.0 * 2.0 * 7.0 / 8.0 * 262_144.0 / 50e9 * 1e3;
    assert_near(q(&s, Quantity::AllreduceMs), 6.08 + bandwidth_ms, 1e-6);
}

/// Llama-3-8B, one H100 at 4K: τ = 20 ms allows B ≤ 96; τ = 50 ms allows 284, but the KV
/// wall (107) binds first.
#[rstest]
#[case::tight(20.0, 96.0, 96.0)]
#[case::loose(50.0, 284.0, 107.0)]
fn batch_under_a_token_time_target(#[case] ms: f64, #[case] no_wall: f64, #[case] batch: f64) {
    let s = Scenario {
        context: 4096,
        tpot_target_ms: Some(ms),
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_near(q(&s, Quantity::TargetBatchNoWall), no_wall, 1.0);
    assert_near(q(&s, Quantity::TargetBatch), batch, 0.0);
}

/// Little's law: concurrency = rate × (TTFT + (output − 1) × TPOT).
#[test]
fn littles_law_from_a_rate() {
    let s = Scenario {
        context: 4096,
        batch: 64,
        output_tokens: 256,
        rate: Some(10.0),
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let time = q(&s, Quantity::TtftMs) / 1e3 + 255.0 * q(&s, Quantity::TpotMs) / 1e3;
    assert_near(q(&s, Quantity::TimeInSystemS), time, 1e-12);
    assert_near(q(&s, Quantity::Concurrency), 10.0 * time, 1e-9);
    assert_near(
        q(&s, Quantity::GpusForRate),
        (10.0 * time / 64.0).ceil(),
        0.0,
    );
}

/// The curve bends where the step reaches twice batch 1's: (15.01 + 0.537·B) ≥ 2·(15.01 +
/// 0.537) first at a power of two B = 32.
#[test]
fn curve_bends_where_kv_reads_double_the_step() {
    let s = Scenario {
        context: 4096,
        tpot_target_ms: Some(50.0),
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_near(q(&s, Quantity::BendBatch), 32.0, 0.0);
    let at = Scenario {
        batch: 32,
        ..s.clone()
    };
    assert!(q(&at, Quantity::StepTimeMs) >= 2.0 * q(&s, Quantity::StepTimeMs));
}

/// One replica, two links (reference, interconnect section): Llama-3-70B BF16 at TP 8 sends
/// 320 KiB ÷ 8 = 40,960 B of KV per GPU per prompt token, 0.819 µs over InfiniBand NDR
/// (50 GB/s), 3.28 µs over 100 GbE (12.5 GB/s); its 160 all-reduces per step cost 160 × 20 µs =
/// 3.2 ms of latency on NVLink 4 (6 + 7 × 2 × 1 µs a call) and 160 × 38 µs = 6.08 ms on
/// InfiniBand (10 + 14 × 2 µs). An H100 names both links itself: NVLink 4 inside the node,
/// InfiniBand NDR out of it. The old single `link` sets both; a job's own link wins over it.
#[rstest]
#[case::the_gpus_own(None, None, None, 3.2, 0.819)]
#[case::old_link_for_both(Some("ib-ndr"), None, None, 6.08, 0.819)]
#[case::old_nvlink_for_both(Some("nvlink4"), None, None, 3.2, 0.091)]
#[case::scale_out_alone(None, None, Some("eth-100g"), 3.2, 3.277)]
#[case::scale_up_alone(None, Some("ib-ndr"), None, 6.08, 0.819)]
#[case::own_wins_over_both(Some("nvlink4"), None, Some("eth-100g"), 3.2, 3.277)]
fn each_job_crosses_its_own_link(
    #[case] link: Option<&str>,
    #[case] scale_up: Option<&str>,
    #[case] scale_out: Option<&str>,
    #[case] latency_ms: f64,
    #[case] kv_us_per_token: f64,
) {
    let own = |v: Option<&str>| v.map(str::to_owned);
    let s = Scenario {
        tp: 8,
        batch: 16,
        prompt: 1000,
        link: own(link),
        scale_up_link: own(scale_up),
        scale_out_link: own(scale_out),
        ..scenario("h100-sxm", "llama-3-70b")
    };
    assert_near(q(&s, Quantity::AllreduceLatencyMs), latency_ms, 1e-9);
    assert_near(q(&s, Quantity::KvTransferMs), kv_us_per_token, 0.001);
}

/// A part the data gives no links (the MI300X: its Infinity Fabric is not modelled) has neither
/// figure until the scenario names one; naming only the scale-out link gives the transfer and
/// still no all-reduce.
#[test]
fn a_card_without_links_has_neither_until_one_is_named() {
    let s = Scenario {
        tp: 2,
        ..scenario("mi300x", "llama-3-8b")
    };
    let e = s.evaluate(&builtin_catalog()).unwrap();
    assert_eq!(Quantity::KvTransferMs.number(&e), None);
    assert_eq!(Quantity::AllreduceMs.number(&e), None);
    let named = Scenario {
        scale_out_link: Some("eth-100g".to_owned()),
        ..s
    };
    let e = named.evaluate(&builtin_catalog()).unwrap();
    assert!(Quantity::KvTransferMs.number(&e).is_some());
    assert_eq!(Quantity::AllreduceMs.number(&e), None);
}

/// A card without NVLink all-reduces over PCIe and ships no scale-out NIC. Llama-3-8B at TP 2
/// on two H100 PCIe cards, batch 16: 32 layers × 2 = 64 calls, each 10 µs + 2 µs × 2 ring
/// steps = 14 µs of latency (0.896 ms a step), and 2·½ × 16 × 4,096 × 2 B = 131,072 B over
/// 64 GB/s = 2.048 µs of bandwidth a call (0.131 ms a step); no KV transfer until a scale-out
/// link is named.
#[test]
fn a_pcie_card_all_reduces_over_pcie() {
    let s = Scenario {
        tp: 2,
        batch: 16,
        ..scenario("h100-pcie", "llama-3-8b")
    };
    assert_near(q(&s, Quantity::LinkGbs), 64.0, 1e-12);
    assert_near(q(&s, Quantity::AllreduceCalls), 64.0, 1e-12);
    assert_near(q(&s, Quantity::AllreduceLatencyMs), 0.896, 1e-9);
    assert_near(q(&s, Quantity::AllreduceMs), 0.896 + 0.131_072, 1e-9);
    let e = s.evaluate(&builtin_catalog()).unwrap();
    assert_eq!(Quantity::KvTransferMs.number(&e), None);
}

/// An unknown link is refused with the known ones named, whichever job it is for.
#[rstest]
#[case::both(Some("nvlink9"), None, None)]
#[case::up(None, Some("nvlink9"), None)]
#[case::out(None, None, Some("nvlink9"))]
fn an_unknown_link_names_the_known_ones(
    #[case] link: Option<&str>,
    #[case] scale_up: Option<&str>,
    #[case] scale_out: Option<&str>,
) {
    let own = |v: Option<&str>| v.map(str::to_owned);
    let s = Scenario {
        link: own(link),
        scale_up_link: own(scale_up),
        scale_out_link: own(scale_out),
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let why = s.evaluate(&builtin_catalog()).unwrap_err().to_string();
    assert!(why.contains("unknown link 'nvlink9'"), "{why}");
    assert!(why.contains("ib-ndr") && why.contains("eth-100g"), "{why}");
}

/// Lesson 17's expert-parallel steps, by the reference's all-to-all bytes (2 · B · k · hidden ·
/// b_a · (N−1)/N per layer): DeepSeek-V3 FP8 on H200 boards, B = 64, k = 8, hidden 7,168, one
/// byte per activation, 58 MoE layers, two calls per layer. EP 8 stays on NVLink 4 (450 GB/s,
/// 6 µs + 1 µs a hop); at EP 16 half of each GPU's bytes cross InfiniBand NDR (50 GB/s,
/// 10 µs + 2 µs a hop), which then sets the pace.
#[rstest]
#[case::ep8_one_board(8, 7.0 / 8.0 / 450e9, 6.0 + 7.0)]
#[case::ep16_two_boards(16, 8.0 / 16.0 / 50e9, 10.0 + 15.0 * 2.0)]
fn lesson_17s_all_to_all_by_hand(#[case] ep: u32, #[case] share_s: f64, #[case] call_us: f64) {
    let s = Scenario {
        precision: roofline_tutor::domain::dtype::Dtype::Fp8,
        weights: roofline_tutor::domain::dtype::Dtype::Fp8,
        tp: 8,
        ep,
        batch: 64,
        context: 4096,
        ..scenario("h200", "deepseek-v3")
    };
    let per_layer = 2.0 * 64.0 * 8.0 * 7168.0;
    let ms = (per_layer * share_s * 58.0 + call_us * 1e-6 * 116.0) * 1e3;
    assert_near(q(&s, Quantity::EpAlltoallMs), ms, ms * 1e-9);
}

/// Lesson 17's pipeline step: DeepSeek-V3 FP8, TP 8 on each of two H200 boards and PP 2
/// across them, B = 16: one boundary on InfiniBand NDR carries 16 · 7,168 · 1 bytes and one
/// 2 µs hop, where TP 16 would all-reduce twice per layer (122 calls) over the same NIC, each
/// 2·15/16 of the buffer plus 10 µs + 30 hops of 2 µs.
#[test]
fn lesson_17s_pipeline_against_tp16_by_hand() {
    let s = Scenario {
        precision: roofline_tutor::domain::dtype::Dtype::Fp8,
        weights: roofline_tutor::domain::dtype::Dtype::Fp8,
        tp: 8,
        pp: 2,
        batch: 16,
        context: 4096,
        ..scenario("h200", "deepseek-v3")
    };
    let bytes = 16.0 * 7168.0;
    let pp_ms = (bytes / 50e9 + 2e-6) * 1e3;
    assert_near(q(&s, Quantity::PpSendMs), pp_ms, pp_ms * 1e-9);
    let tp16 = Scenario { tp: 16, ..s };
    let call_s = 2.0 * 15.0 / 16.0 * bytes / 50e9 + (10.0 + 30.0 * 2.0) * 1e-6;
    let allreduce_ms = 122.0 * call_s * 1e3;
    assert_near(
        q(&tp16, Quantity::AllreduceMs),
        allreduce_ms,
        allreduce_ms * 1e-9,
    );
    assert!(
        allreduce_ms > 1000.0 * pp_ms,
        "TP 16's wire time dwarfs the pipeline's"
    );
}
