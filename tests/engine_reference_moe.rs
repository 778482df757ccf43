//! The engine against the newer sections of shared/reference/roofline-facts.md: mixture of
//! experts, MLA under tensor parallelism, hybrid models, weight-only INT4 as it ships, and
//! latency, cost and energy, through the built-in data files.

#[path = "engine/near.rs"]
mod near;

use near::assert_near;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::decode_dot::DotLayers;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::quantity::Quantity;
use roofline_tutor::domain::roofline;
use roofline_tutor::domain::scenario::{Evaluation, KvSplit, ModelEvaluation, Scenario, WeightFit};
use rstest::rstest;

fn catalog() -> Catalog {
    builtin_catalog()
}

fn on(gpu: &str, model: &str, precision: Dtype) -> Scenario {
    Scenario {
        model: Some(model.to_owned()),
        precision,
        weights: precision,
        ..Scenario::for_gpu(gpu)
    }
}

#[track_caller]
fn eval(s: &Scenario) -> (Evaluation, ModelEvaluation) {
    let e = s.evaluate(&catalog()).expect("scenario evaluates");
    let m = e.model.clone().expect("scenario names a model");
    (e, m)
}

// --- Mixture of experts: decode. ---

// m* = R·K·N·b_w / (2KN − R(K+N)·b_a), B* = m*·E/k.
#[rstest]
#[case::mixtral_h100_bf16("h100-sxm", "mixtral-8x7b", Dtype::Bf16, 325.5, 1302.0)]
#[case::qwen3_moe_h100_bf16("h100-sxm", "qwen3-30b-a3b", Dtype::Bf16, 625.0, 10_000.0)]
#[case::deepseek_h200_fp8("h200", "deepseek-v3", Dtype::Fp8, 237.0, 7600.0)]
fn moe_batch_to_the_ridge_is_the_routed_experts(
    #[case] gpu: &str,
    #[case] model: &str,
    #[case] precision: Dtype,
    #[case] m_star: f64,
    #[case] b_star: f64,
) {
    let (e, m) = eval(&on(gpu, model, precision));
    let spec = catalog().model(model).unwrap().clone();
    let experts = spec.experts.unwrap();
    let b = m.decode_dot.batch_to_ridge.unwrap();
    assert_eq!(m.decode_dot.layers, DotLayers::RoutedExperts);
    // The reference rounds m* to about half a percent and B* to 2 significant figures.
    let per_expert = b * f64::from(experts.per_token) / f64::from(experts.routed);
    assert_near(per_expert, m_star, m_star * 0.006);
    assert_near(b, b_star, b_star * 0.01);
    // calc and lessons read the same figure.
    assert_near(Quantity::BatchToRidge.number(&e).unwrap(), b, 1e-9);
    // At that batch the dot sits on the ridge.
    let at = eval(&Scenario {
        batch: b.round() as u32,
        ..on(gpu, model, precision)
    })
    .1;
    assert_near(at.decode_dot.ridge_share, 1.0, 0.01);
}

#[test]
fn mixtral_dense_layers_reach_the_ridge_at_326_and_the_dot_at_1302() {
    let (e, m) = eval(&on("h100-sxm", "mixtral-8x7b", Dtype::Bf16));
    assert_near(m.dense_batch_to_ridge.unwrap(), 326.0, 0.6);
    assert_near(Quantity::DenseBatchToRidge.number(&e).unwrap(), 326.0, 0.6);
    assert_near(m.decode_dot.batch_to_ridge.unwrap(), 1302.0, 1.0);
    // Before this issue `batch_to_ridge` was the dense figure; the dot's is four times it.
    assert!(m.decode_dot.batch_to_ridge.unwrap() > 3.9 * m.dense_batch_to_ridge.unwrap());
}

#[test]
fn the_dot_pairs_the_experts_intensity_with_its_own_share_and_attainable() {
    // The audit found "min(1,979, 126.43 × 4.80)" printed beside the dense intensity.
    let s = Scenario {
        batch: 256,
        ..on("h200", "deepseek-v3", Dtype::Fp8)
    };
    let (e, m) = eval(&s);
    let dot = m.decode_dot;
    assert!(
        dot.intensity < m.fc_intensity / 10.0,
        "{dot:?} vs {}",
        m.fc_intensity
    );
    assert_near(dot.intensity, m.moe.unwrap().expert_intensity, 1e-12);
    assert_near(
        dot.attainable_flops,
        roofline::attainable(dot.intensity, e.peak_flops, e.bandwidth),
        1.0,
    );
    assert_near(
        Quantity::RidgeSharePct.number(&e).unwrap(),
        100.0 * dot.intensity / e.ridge,
        1e-9,
    );
    assert_near(
        Quantity::DecodeDotIntensity.number(&e).unwrap(),
        dot.intensity,
        1e-12,
    );
    assert_near(
        Quantity::DenseIntensity.number(&e).unwrap(),
        m.fc_intensity,
        1e-12,
    );
}

#[test]
fn dense_models_dot_is_the_dense_layers() {
    let (e, m) = eval(&Scenario {
        batch: 8,
        ..on("h100-sxm", "llama-3-8b", Dtype::Bf16)
    });
    assert_eq!(m.decode_dot.layers, DotLayers::Dense);
    assert_near(m.decode_dot.intensity, m.fc_intensity, 1e-12);
    assert_eq!(Quantity::ExpertIntensity.number(&e), None);
    assert_eq!(Quantity::ExpertsTouchedPct.number(&e), None);
}

// --- Mixture of experts: prefill (each expert sees T·k/E tokens). ---

#[rstest]
#[case::mixtral_bf16("h100-sxm", "mixtral-8x7b", Dtype::Bf16, 441.0, Some(1247.0))]
#[case::qwen3_moe_bf16("h100-sxm", "qwen3-30b-a3b", Dtype::Bf16, 104.0, None)]
#[case::deepseek_fp8("h200", "deepseek-v3", Dtype::Fp8, 123.0, None)]
fn moe_prefill_is_the_experts_slice_of_the_prompt(
    #[case] gpu: &str,
    #[case] model: &str,
    #[case] precision: Dtype,
    #[case] experts: f64,
    #[case] dense: Option<f64>,
) {
    let (_, m) = eval(&on(gpu, model, precision));
    assert_near(m.prefill_intensity, experts, 1.0);
    if let Some(dense) = dense {
        assert_near(m.dense_prefill_intensity, dense, 1.0);
    }
}

// --- Speculative decoding on MoE: (q+1)·B tokens touch more experts. ---

#[test]
fn mixtral_batch_1_with_four_draft_tokens_reads_2_8_times_the_weights() {
    let plain = eval(&on("h100-sxm", "mixtral-8x7b", Dtype::Bf16)).1;
    let (e, drafted) = eval(&Scenario {
        draft_tokens: 4,
        ..on("h100-sxm", "mixtral-8x7b", Dtype::Bf16)
    });
    assert_near(plain.moe.unwrap().experts_touched, 0.25, 1e-12);
    assert_near(
        drafted.moe.unwrap().experts_touched,
        1.0 - 0.75_f64.powi(5),
        1e-12,
    );
    assert_near(Quantity::ExpertsTouchedPct.number(&e).unwrap(), 76.3, 0.05);
    let ratio = drafted.weight_bytes_per_gpu / plain.weight_bytes_per_gpu;
    assert_near(ratio, 2.8, 0.05);
}

// --- MLA under tensor parallelism. ---

fn deepseek_8x_h200(context: u64, overhead_gb: f64, attention_dp: bool) -> Scenario {
    Scenario {
        tp: 8,
        context,
        overhead_gb,
        attention_dp,
        kv: Dtype::Bf16,
        ..on("h200", "deepseek-v3", Dtype::Fp8)
    }
}

#[rstest]
// (143,771 MiB × 0.9 − 83.9 GB) ÷ 287.8 MB: 179 (149 with 141 × 10^9 bytes); 3 GB reserved: 169.
#[case::nothing_reserved(0.0, 179)]
#[case::three_gb_reserved(3.0, 169)]
fn deepseek_on_8x_h200_holds_the_whole_latent_per_gpu(#[case] reserved: f64, #[case] seqs: u64) {
    let (_, m) = eval(&deepseek_8x_h200(4096, reserved, false));
    assert_eq!(m.kv_split, KvSplit::Replicated);
    assert_near(m.weight_bytes_stored_per_gpu / 1e9, 83.9, 0.05);
    assert_near(m.kv_bytes_per_token, 70_272.0, 1e-9);
    assert_near(m.sequence_bytes_per_gpu / 1e6, 287.8, 0.05);
    assert_eq!(m.max_batch_kv, Some(seqs));
}

#[rstest]
#[case::one_gpu(1, 241.8)]
#[case::tp8(8, 30.2)]
fn mla_attention_intensity_per_gpu_falls_with_tp(#[case] tp: u32, #[case] expected: f64) {
    let (_, m) = eval(&Scenario {
        tp,
        context: 4096,
        ..on("h200", "deepseek-v3", Dtype::Fp8)
    });
    assert_near(m.attention_intensity, expected, 0.05);
}

#[test]
fn data_parallel_attention_keeps_242_and_distinct_sequences_per_gpu() {
    let (e, m) = eval(&deepseek_8x_h200(4096, 0.0, true));
    assert_eq!(m.kv_split, KvSplit::Sequences);
    assert_near(m.attention_intensity, 241.8, 0.05);
    // Each GPU holds 179 sequences of its own: 8 × 179 for the group.
    assert_eq!(m.max_batch_kv, Some(8 * 179));
    assert_near(Quantity::MaxBatchKv.number(&e).unwrap(), 1432.0, 1e-9);
}

// --- Hybrid models: Qwen3.6-27B's linear-attention state. ---

#[test]
fn qwen3_6_state_is_0_15_gb_per_sequence() {
    let spec = catalog().model("qwen3.6-27b").unwrap().clone();
    assert_eq!(spec.linear_attention_layers(), 48);
    // 48 layers × 48 value heads × 128 × 128 × 4 bytes (FP32).
    assert_near(spec.state_bytes_per_sequence(), 150_994_944.0, 1e-6);
    // Worth 2,304 tokens of its 64 KiB-per-token KV.
    assert_near(spec.state_bytes_per_sequence() / 65_536.0, 2304.0, 1e-9);
}

#[test]
fn the_example_clusters_kv_wall_falls_from_225_with_the_state() {
    let s = Scenario {
        gpu: "h100-nvl".to_owned(),
        tp: 2,
        context: 8192,
        overhead_gb: 3.0,
        batch: 8,
        ..on("h100-nvl", "qwen3.6-27b", Dtype::Bf16)
    };
    let (_, m) = eval(&s);
    // 95,830 MiB per card (the reference's 203 → 158 counted 94 × 10^9 bytes).
    assert_eq!(m.max_batch_kv, Some(175));
    // Without the state it would be the KV alone: 225.
    let kv_only = (m.kv_budget_bytes / (m.kv_bytes_per_sequence / 2.0)).floor();
    assert_near(kv_only, 225.0, 0.0);
    // Every step reads and writes each sequence's state once (split by TP).
    let expected = 8.0 * (m.kv_bytes_per_sequence + 2.0 * m.state_bytes_per_sequence) / 2.0;
    assert_near(m.kv_bytes_read_per_gpu, expected, 1.0);
}

// --- Weight-only INT4 as it ships. ---

#[test]
fn llama_3_8b_w4a16_reads_4_65_gb() {
    let (_, m) = eval(&Scenario {
        weights: Dtype::Int4,
        ..on("h100-sxm", "llama-3-8b", Dtype::Bf16)
    });
    assert_near(m.weight_bytes_per_gpu / 1e9, 4.65, 0.005);
    assert_near(m.step_time_s * 1e3, 1.39, 0.005);
    // The bare element width would say 3.75 GB and 1.12 ms.
    let bare = (8_030_261_248.0 - 128_256.0 * 4096.0) * 0.5;
    assert_near(bare / 1e9, 3.75, 0.005);
}

// --- Does it fit? ---

#[rstest]
#[case::llama_405b("llama-3.1-405b")]
#[case::mixtral("mixtral-8x7b")]
fn models_too_big_for_one_h100_do_not_fit(#[case] model: &str) {
    let (_, m) = eval(&Scenario {
        context: 4096,
        ..on("h100-sxm", model, Dtype::Bf16)
    });
    assert_eq!(m.fit, WeightFit::DoesNotFit);
    assert_eq!(
        m.max_batch_kv, None,
        "no KV wall of 0 presented as a result"
    );
    assert_eq!(m.batch_limit(), Some(0));
}

#[test]
fn mixtral_fits_on_two_h100s() {
    let (_, m) = eval(&Scenario {
        tp: 2,
        context: 4096,
        overhead_gb: 3.0,
        ..on("h100-sxm", "mixtral-8x7b", Dtype::Bf16)
    });
    assert_eq!(m.fit, WeightFit::Fits);
    assert!(m.max_batch_kv.unwrap() > 0);
}

// --- Latency, cost and energy. ---

#[test]
fn llama_3_8b_time_to_first_token_is_the_prefill_at_peak() {
    let (e, m) = eval(&on("h100-sxm", "llama-3-8b", Dtype::Bf16));
    let t = 2048.0;
    let head = 128_256.0 * 4096.0;
    let matmul = 8_030_261_248.0 - head;
    let attention = 2.0 * 32.0 * 32.0 * 128.0 * t * t;
    // Only the last prompt token goes through the output head (issue 24): the body for every
    // token, the head once. Counting the head for all 2,048 tokens gave 32.2 ms, 7 % high.
    let flops = 2.0 * (matmul - head) * t + 2.0 * head + attention;
    assert_near(m.ttft_s, flops / 989.4e12, 1e-9);
    assert_near(Quantity::TtftMs.number(&e).unwrap(), 30.0, 0.05);
    assert_near(
        Quantity::TpotMs.number(&e).unwrap(),
        m.step_time_s * 1e3,
        1e-12,
    );
}

#[test]
fn cost_per_million_tokens_from_the_gpu_hour_price() {
    let s = Scenario {
        gpu_hour_usd: 2.5,
        ..on("h100-sxm", "llama-3-8b", Dtype::Bf16)
    };
    let (e, m) = eval(&s);
    let expected = 2.5 / (m.tokens_per_s * 3600.0) * 1e6;
    assert_near(m.usd_per_million_tokens, expected, 1e-9);
    assert_near(
        Quantity::UsdPerMillionTokens.number(&e).unwrap(),
        3.11,
        0.005,
    );
    // Eight GPUs cost eight times the hour.
    let (_, tp8) = eval(&Scenario {
        model: Some("llama-3-70b".to_owned()),
        tp: 8,
        ..s
    });
    assert_near(
        tp8.usd_per_million_tokens,
        8.0 * 2.5 / (tp8.tokens_per_s * 3600.0) * 1e6,
        1e-9,
    );
}

#[test]
fn energy_per_token_is_board_power_times_step_over_batch() {
    let (_, m) = eval(&Scenario {
        batch: 64,
        ..on("h100-sxm", "llama-3-8b", Dtype::Bf16)
    });
    assert_near(
        m.energy_per_token_j.unwrap(),
        700.0 * m.step_time_s / 64.0,
        1e-12,
    );
    let (_, tpu) = eval(&on("tpu-v5e", "llama-3-8b", Dtype::Bf16));
    assert_eq!(
        tpu.energy_per_token_j, None,
        "no TDP in the data, no figure"
    );
}

#[rstest]
#[case::h100_sxm("h100-sxm", 700.0)]
#[case::h100_pcie("h100-pcie", 350.0)]
#[case::h100_nvl("h100-nvl", 400.0)]
#[case::h200("h200", 700.0)]
#[case::a100_40("a100-40gb", 400.0)]
#[case::a100_80("a100-80gb", 400.0)]
#[case::b200("b200", 1000.0)]
#[case::gb200("gb200", 1200.0)]
#[case::l40s("l40s", 350.0)]
#[case::l4("l4", 72.0)]
#[case::rtx_4090("rtx-4090", 450.0)]
#[case::mi300x("mi300x", 750.0)]
#[case::mi325x("mi325x", 1000.0)]
fn board_power_matches_the_reference(#[case] gpu: &str, #[case] watts: f64) {
    assert_eq!(catalog().gpu(gpu).unwrap().tdp_w, Some(watts));
}
