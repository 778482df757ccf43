//! The engine against every worked example and erratum of
//! shared/reference/roofline-facts.md, through the built-in data files.

#[path = "engine/near.rs"]
mod near;

use near::assert_near;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::dtype::Dtype;
use roofline_tutor::domain::roofline::Bound;
use roofline_tutor::domain::scenario::{Evaluation, ModelEvaluation, Scenario, WeightFit};
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

// --- The accelerator table: every ridge the reference prints. ---

#[rstest]
#[case::h100_sxm("h100-sxm", Dtype::Bf16, 295.0)]
#[case::h100_sxm_fp8("h100-sxm", Dtype::Fp8, 591.0)]
#[case::h100_pcie("h100-pcie", Dtype::Bf16, 378.0)]
#[case::h100_pcie_fp8("h100-pcie", Dtype::Fp8, 756.0)]
#[case::h100_nvl("h100-nvl", Dtype::Bf16, 214.0)]
#[case::h100_nvl_fp8("h100-nvl", Dtype::Fp8, 428.0)]
#[case::h200("h200", Dtype::Bf16, 206.0)]
#[case::h200_fp8("h200", Dtype::Fp8, 412.0)]
#[case::a100_40gb("a100-40gb", Dtype::Bf16, 201.0)]
#[case::a100_40gb_int8("a100-40gb", Dtype::Int8, 401.0)]
#[case::a100_80gb("a100-80gb", Dtype::Bf16, 153.0)]
#[case::a100_80gb_int8("a100-80gb", Dtype::Int8, 306.0)]
#[case::b200("b200", Dtype::Bf16, 292.0)]
#[case::b200_fp8("b200", Dtype::Fp8, 584.0)]
#[case::gb200("gb200", Dtype::Bf16, 312.0)]
#[case::gb200_fp8("gb200", Dtype::Fp8, 625.0)]
#[case::l40s("l40s", Dtype::Bf16, 419.0)]
#[case::l40s_fp8("l40s", Dtype::Fp8, 848.0)]
#[case::l4("l4", Dtype::Bf16, 403.0)]
#[case::l4_fp8("l4", Dtype::Fp8, 808.0)]
#[case::rtx_4090("rtx-4090", Dtype::Bf16, 164.0)]
#[case::rtx_4090_fp8("rtx-4090", Dtype::Fp8, 328.0)]
#[case::mi300x("mi300x", Dtype::Bf16, 247.0)]
#[case::mi300x_fp8("mi300x", Dtype::Fp8, 493.0)]
#[case::mi325x("mi325x", Dtype::Bf16, 218.0)]
#[case::mi325x_fp8("mi325x", Dtype::Fp8, 436.0)]
#[case::tpu_v5e("tpu-v5e", Dtype::Bf16, 241.0)]
#[case::tpu_v5p("tpu-v5p", Dtype::Bf16, 166.0)]
#[case::tpu_v6e("tpu-v6e", Dtype::Bf16, 560.0)]
fn ridge_points(#[case] gpu: &str, #[case] precision: Dtype, #[case] expected: f64) {
    let ridge = catalog().gpu(gpu).unwrap().ridge(precision).unwrap();
    // The reference rounds to whole FLOP/byte.
    assert_near(ridge, expected, 1.0);
}

/// The name on the box and the bytes the card reports (MiB from nvidia-smi, or rocm-smi's
/// bytes, or GiB from the vendor's documentation): the reference's round-3 correction.
#[test]
fn every_reference_gpu_is_present_with_its_memory() {
    let expected = [
        ("h100-sxm", 80.0, 81_559.0),
        ("h100-pcie", 80.0, 81_559.0),
        ("h100-nvl", 94.0, 95_830.0),
        ("h200", 141.0, 143_771.0),
        ("a100-40gb", 40.0, 40_960.0),
        ("a100-80gb", 80.0, 81_920.0),
        ("b200", 180.0, 183_359.0),
        ("gb200", 186.0, 189_471.0),
        // Added with the four-bit formats; no reported capacity yet: the name's GB as GiB.
        ("b300", 288.0, 294_912.0),
        ("gb300", 288.0, 294_912.0),
        ("l40s", 48.0, 46_068.0),
        ("l4", 24.0, 23_034.0),
        ("rtx-4090", 24.0, 24_564.0),
        ("rtx-5090", 32.0, 32_768.0),
        ("mi300x", 192.0, 196_288.0),
        ("mi325x", 256.0, 262_144.0),
        ("mi355x", 288.0, 294_912.0),
        ("tpu-v5e", 16.0, 16_384.0),
        ("tpu-v5p", 95.0, 97_280.0),
        ("tpu-v6e", 32.0, 32_768.0),
    ];
    let c = catalog();
    assert_eq!(c.gpus.len(), expected.len());
    for (id, named_gb, mib) in expected {
        let gpu = c.gpu(id).unwrap();
        assert_near(gpu.memory_gb, named_gb, 1e-9);
        let capacity = gpu
            .capacity
            .as_ref()
            .expect("every shipped GPU states its bytes");
        assert_near(capacity.mib, mib, 1e-9);
        assert_near(gpu.memory_bytes(), mib * 1_048_576.0, 1e-3);
        assert!(!capacity.source.is_empty() && !gpu.source.is_empty());
    }
    // The reference's measured H100: 81,559 MiB = 85.52 × 10^9 bytes.
    assert_near(
        c.gpu("h100-sxm").unwrap().memory_bytes() / 1e9,
        85.52,
        0.005,
    );
}

#[test]
fn a100_has_no_fp8_and_tpus_have_no_fp16() {
    let c = catalog();
    assert!(c.gpu("a100-80gb").unwrap().ridge(Dtype::Fp8).is_none());
    assert!(c.gpu("tpu-v5e").unwrap().ridge(Dtype::Fp16).is_none());
    assert!(c.gpu("b200").unwrap().ridge(Dtype::Fp4).is_some());
}

// --- The model table: KV bytes per token and active parameters. ---

#[rstest]
#[case::llama_3_8b("llama-3-8b", 128.0)]
#[case::llama_3_70b("llama-3-70b", 320.0)]
#[case::llama_3_1_405b("llama-3.1-405b", 504.0)]
#[case::mistral_7b("mistral-7b", 128.0)]
#[case::mixtral_8x7b("mixtral-8x7b", 128.0)]
#[case::qwen2_5_7b("qwen2.5-7b", 56.0)]
#[case::qwen2_5_72b("qwen2.5-72b", 320.0)]
#[case::qwen3_8b("qwen3-8b", 144.0)]
#[case::qwen3_32b("qwen3-32b", 256.0)]
#[case::qwen3_30b_a3b("qwen3-30b-a3b", 96.0)]
#[case::qwen3_6_27b("qwen3.6-27b", 64.0)]
#[case::deepseek_v3("deepseek-v3", 68.625)]
fn kv_bytes_per_token_bf16(#[case] model: &str, #[case] kib: f64) {
    let (_, m) = eval(&scenario("h100-sxm", model));
    assert_near(m.kv_bytes_per_token / 1024.0, kib, 1e-9);
}

#[rstest]
#[case::mixtral("mixtral-8x7b")]
#[case::qwen3_moe("qwen3-30b-a3b")]
#[case::deepseek("deepseek-v3")]
fn moe_active_params_follow_from_the_expert_fields(#[case] id: &str) {
    let c = catalog();
    let model = c.model(id).unwrap();
    let stated = model.active_params.unwrap();
    // Active = what one token multiplies, plus its embedding row's table as counted by cards.
    let computed = model.matmul_params_per_token() + model.embedding_params();
    assert!(
        (computed / stated - 1.0).abs() < 0.05,
        "{id}: computed {computed:.3e} vs stated {stated:.3e}"
    );
}

#[test]
fn moe_weights_read_grow_with_batch_toward_all_experts() {
    let c = catalog();
    let mixtral = c.model("mixtral-8x7b").unwrap();
    let one = mixtral.params_read(1.0);
    let eight = mixtral.params_read(8.0);
    let many = mixtral.params_read(256.0);
    assert!(one < eight && eight < many);
    assert_near(many, mixtral.params_read_dense(), 1e3);
    // Batch 1 reads 2 of 8 experts: about the 12.9B active parameters less the embedding.
    assert_near(one / 1e9, 12.9 - 0.13, 0.15);
}

// --- Worked example 1: Llama-3-8B BF16 on one H100 SXM. ---

#[test]
fn example_1_llama_3_8b_batch_1() {
    let (_, m) = eval(&scenario("h100-sxm", "llama-3-8b"));
    // All weights: 16.06 GB → 4.79 ms (the seed's 8e9-parameter figure is 4.78 ms).
    assert_near(m.weight_bytes_stored_per_gpu / 1e9, 16.06, 0.005);
    assert_near(m.weight_bytes_stored_per_gpu / 3.35e12 * 1e3, 4.79, 0.005);
    // Without the input embedding (one row read per token): 15.0 GB → 4.48 ms → 223 tok/s.
    assert_near(m.weight_bytes_per_gpu / 1e9, 15.0, 0.02);
    assert_near(m.step_time_s * 1e3, 4.48, 0.005);
    assert_near(m.tokens_per_s, 223.0, 0.5);
    assert_eq!(m.bound, Bound::Memory);
    assert_near(m.fc_intensity, 1.0, 0.001);
}

#[test]
fn example_1_kv_at_32k_context() {
    let s = Scenario {
        context: 32_768,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let (_, m) = eval(&s);
    // 4.29 GB of KV adds 1.28 ms (the reference's "~1.1 ms" understates it; its totals agree).
    assert_near(m.step_time_s * 1e3, 5.76, 0.005);
    assert_near(m.tokens_per_s, 174.0, 0.5);
}

#[test]
fn example_1_kv_budget_and_wall() {
    let s = Scenario {
        context: 4096,
        overhead_gb: 3.0,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let (_, m) = eval(&s);
    // (85.52 × 0.9 − 16.06 − 3) GB = 57.9 GB ÷ 0.537 GB per sequence (round 3: the card's
    // bytes, not 80 × 10^9, which gave 53 GB and 98).
    assert_near(m.kv_budget_bytes / 1e9, 57.91, 0.01);
    assert_near(m.kv_budget_bytes / m.kv_bytes_per_token / 1e3, 441.8, 0.1);
    assert_eq!(m.max_batch_kv, Some(107));
    assert_eq!(eval(&Scenario::default_cluster()).1.max_batch_kv, Some(107));
    // With nothing reserved the wall is at 113.
    let bare = Scenario {
        overhead_gb: 0.0,
        ..s
    };
    assert_eq!(eval(&bare).1.max_batch_kv, Some(113));
}

// --- Worked example 2: Llama-3-70B BF16 on H100 SXM, 1 to 8 GPUs. ---

#[test]
fn example_2_one_gpu_thought_experiment() {
    let (e, m) = eval(&scenario("h100-sxm", "llama-3-70b"));
    assert_near(m.weight_bytes_stored_per_gpu / 1e9, 141.1, 0.05);
    assert_near(
        m.weight_bytes_stored_per_gpu / e.bandwidth * 1e3,
        42.1,
        0.05,
    );
    assert_near(e.bandwidth / m.weight_bytes_stored_per_gpu, 23.7, 0.05);
    // The engine leaves out the input embedding: 139.0 GB → 41.5 ms.
    assert_near(m.step_time_s * 1e3, 41.5, 0.05);
    // It does not fit (seed 004 puts 140 GB on one 80 GB card): no KV wall exists, rather
    // than a wall of 0 presented as a result.
    let at_8k = Scenario {
        context: 8192,
        ..scenario("h100-sxm", "llama-3-70b")
    };
    let m = eval(&at_8k).1;
    assert_eq!(m.fit, WeightFit::DoesNotFit);
    assert_eq!(m.max_batch_kv, None);
}

#[rstest]
// TP = 2: 70.6 GB of weights per GPU against 74.0 GB usable (85.52 × 0.9 less 3 reserved)
// leaves room for 2 sequences at 8K (the reference's "no KV room left" counted 80 × 10^9).
#[case::tp2(2, 20.8, 48.2, Some(2))]
#[case::tp4(4, 10.4, 96.0, Some(57))]
#[case::tp8(8, 5.2, 193.0, Some(167))]
fn example_2_tensor_parallel(
    #[case] tp: u32,
    #[case] ms: f64,
    #[case] tokens_per_s: f64,
    #[case] seqs_at_8k: Option<u64>,
) {
    let s = Scenario {
        tp,
        context: 8192,
        overhead_gb: 3.0,
        ..scenario("h100-sxm", "llama-3-70b")
    };
    let (_, m) = eval(&s);
    // Weights dominate: compare the weight-only time the reference prints.
    // (20.75 ms at TP = 2: the reference rounds it up to 20.8.)
    assert_near(m.weight_bytes_per_gpu / 3.35e12 * 1e3, ms, 0.06);
    assert_near(3.35e12 / m.weight_bytes_per_gpu, tokens_per_s, 0.6);
    assert_eq!(m.max_batch_kv, seqs_at_8k);
}

#[test]
fn tensor_parallel_adds_bandwidth() {
    // Seed 004 says more GPUs do not help below the ridge; TP splits the bytes, so they do.
    let one = eval(&scenario("h100-sxm", "llama-3-70b")).1.step_time_s;
    let four = eval(&Scenario {
        tp: 4,
        ..scenario("h100-sxm", "llama-3-70b")
    })
    .1
    .step_time_s;
    assert_near(one / four, 4.0, 1e-9);
}

// --- Worked example 3: Llama-3-70B FP8 on H200. ---

#[test]
fn example_3_llama_70b_fp8_on_h200() {
    let s = Scenario {
        precision: Dtype::Fp8,
        weights: Dtype::Fp8,
        context: 8192,
        overhead_gb: 3.0,
        ..scenario("h200", "llama-3-70b")
    };
    let (e, m) = eval(&s);
    assert_near(m.weight_bytes_stored_per_gpu / 1e9, 70.6, 0.05);
    assert_near(
        m.weight_bytes_stored_per_gpu / e.bandwidth * 1e3,
        14.7,
        0.05,
    );
    assert_near(e.bandwidth / m.weight_bytes_stored_per_gpu, 68.0, 0.1);
    // (150.75 × 0.9 − 3 − 70.6) GB ÷ 2.68 GB per sequence: 23 (19 with 141 × 10^9 bytes).
    assert_eq!(m.max_batch_kv, Some(23));
}

// --- Worked example 4: H100 → H200. ---

#[test]
fn example_4_h200_speeds_decode_not_prefill() {
    let h100 = eval(&scenario("h100-sxm", "llama-3-8b"));
    let h200 = eval(&scenario("h200", "llama-3-8b"));
    assert_near(h100.1.step_time_s / h200.1.step_time_s, 1.433, 0.001);
    // Prefill of a 2048-token prompt sits above both ridges: the same compute roof.
    assert!(h100.1.prefill_intensity > h100.0.ridge);
    let attainable = |e: &Evaluation, ai: f64| (ai * e.bandwidth).min(e.peak_flops);
    assert_near(
        attainable(&h200.0, h200.1.prefill_intensity)
            / attainable(&h100.0, h100.1.prefill_intensity),
        1.0,
        1e-12,
    );
}

// --- Worked example 5: KV per sequence. ---

#[test]
fn example_5_llama_70b_kv_at_32k() {
    let s = Scenario {
        context: 32_768,
        ..scenario("h100-sxm", "llama-3-70b")
    };
    assert_near(eval(&s).1.kv_bytes_per_sequence / 1e9, 10.74, 0.005);
}

// --- Formulas through the engine. ---

#[rstest]
#[case::llama_3_8b("llama-3-8b", Dtype::Bf16, 4.0)]
#[case::llama_3_70b("llama-3-70b", Dtype::Bf16, 8.0)]
#[case::llama_3_70b_fp8_kv("llama-3-70b", Dtype::Fp8, 16.0)]
#[case::qwen2_5_7b("qwen2.5-7b", Dtype::Bf16, 7.0)]
#[case::deepseek_mla("deepseek-v3", Dtype::Bf16, 241.8)]
fn attention_intensity_ignores_batch_and_context(
    #[case] model: &str,
    #[case] kv: Dtype,
    #[case] expected: f64,
) {
    for (batch, context) in [(1, 0), (1, 4096), (64, 4096), (1024, 131_072)] {
        let s = Scenario {
            batch,
            context,
            kv,
            ..scenario("h100-sxm", model)
        };
        assert_near(eval(&s).1.attention_intensity, expected, 0.05);
    }
}

#[rstest]
#[case::h100_bf16("h100-sxm", Dtype::Bf16, Dtype::Bf16, 295.0)]
#[case::h200_fp8_w8a8("h200", Dtype::Fp8, Dtype::Fp8, 206.0)]
#[case::nvl_fp8_weights_bf16_math("h100-nvl", Dtype::Bf16, Dtype::Fp8, 107.0)]
fn batch_to_ridge(
    #[case] gpu: &str,
    #[case] precision: Dtype,
    #[case] weights: Dtype,
    #[case] approx: f64,
) {
    let s = Scenario {
        precision,
        weights,
        ..scenario(gpu, "llama-3-70b")
    };
    let (e, m) = eval(&s);
    assert_near(m.decode_dot.batch_to_ridge_approx, approx, 0.6);
    // Activations add bytes, so the exact batch is a little higher, and there the exact FC
    // intensity of the 70B MLP is the ridge.
    let exact = m.decode_dot.batch_to_ridge.unwrap();
    assert!(exact > m.decode_dot.batch_to_ridge_approx);
    let at_exact = Scenario {
        batch: exact.round() as u32,
        ..s
    };
    assert_near(eval(&at_exact).1.fc_intensity / e.ridge, 1.0, 0.01);
}

#[test]
fn h100_bf16_exact_batch_to_ridge_for_70b_mlp_is_309() {
    let (_, m) = eval(&scenario("h100-sxm", "llama-3-70b"));
    // 309.7 with the unrounded ridge 295.3; the reference's 309 uses 295.
    assert_near(m.decode_dot.batch_to_ridge.unwrap(), 309.0, 1.0);
}

#[rstest]
#[case::short_prompt(512)]
#[case::long_prompt(2048)]
#[case::very_long_prompt(32_768)]
fn prefill_intensity_on_the_model_mlp(#[case] prompt: u64) {
    // The reference's 410 (T = 512) and 1365 (T = 2048) are for square 4096² and 8192²
    // matmuls (unit tests in src/domain/roofline.rs); here the formula runs on Llama-3-8B's own
    // 4096 × 14336 MLP, rises with the prompt and saturates below K·N/(K+N).
    let s = Scenario {
        prompt,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    let (e, m) = eval(&s);
    let (k, n, t) = (4096.0, 14336.0, prompt as f64);
    assert_near(m.prefill_intensity, t * k * n / (k * n + t * (k + n)), 1e-9);
    assert!(m.prefill_intensity < k * n / (k + n));
    assert!(
        m.prefill_intensity > e.ridge,
        "prefill sits above the ridge"
    );
}

// --- Seed errata. ---

#[test]
fn erratum_batch_1_bf16_decode_is_one_flop_per_byte() {
    for model in ["llama-3-8b", "llama-3-70b", "mistral-7b"] {
        assert_near(
            eval(&scenario("h100-sxm", model)).1.fc_intensity,
            1.0,
            0.001,
        );
    }
}

#[test]
fn erratum_seed_000_share_of_ridge_at_batch_8() {
    // FP8 weights, BF16 math on an H100 NVL at batch 8: 16 FLOP/byte against a 214 ridge.
    let s = Scenario {
        batch: 8,
        weights: Dtype::Fp8,
        ..scenario("h100-nvl", "llama-3-70b")
    };
    let (e, m) = eval(&s);
    assert_near(m.fc_intensity_approx, 16.0, 1e-9);
    assert_near(100.0 * m.fc_intensity_approx / e.ridge, 7.5, 0.05);
    // With FP8 math the ridge doubles to 428 and the share halves to 3.7 %, not "≈ 4 % of 214".
    let fp8 = Scenario {
        precision: Dtype::Fp8,
        ..s
    };
    let (e8, m8) = eval(&fp8);
    assert_near(100.0 * m8.fc_intensity_approx / e8.ridge, 3.7, 0.05);
}

#[test]
fn erratum_seed_001_batch_table_in_bf16() {
    for (batch, expected) in [(1, 1.0), (8, 7.99), (32, 31.8), (256, 246.0)] {
        let s = Scenario {
            batch,
            ..scenario("h100-sxm", "llama-3-70b")
        };
        assert_near(
            eval(&s).1.fc_intensity,
            expected,
            0.5_f64.min(expected * 0.01),
        );
    }
}

#[test]
fn decode_stays_memory_bound_until_the_ridge() {
    let below = Scenario {
        batch: 128,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_eq!(eval(&below).1.bound, Bound::Memory);
    let far_above = Scenario {
        batch: 4096,
        ..scenario("h100-sxm", "llama-3-8b")
    };
    assert_eq!(eval(&far_above).1.bound, Bound::Compute);
}

#[test]
fn speculative_draft_tokens_multiply_intensity() {
    let plain = eval(&Scenario {
        batch: 4,
        ..scenario("h100-sxm", "llama-3-8b")
    })
    .1;
    let spec = eval(&Scenario {
        batch: 4,
        draft_tokens: 3,
        ..scenario("h100-sxm", "llama-3-8b")
    })
    .1;
    assert_near(
        spec.fc_intensity_approx / plain.fc_intensity_approx,
        4.0,
        1e-9,
    );
    assert_near(
        spec.attention_intensity / plain.attention_intensity,
        4.0,
        1e-9,
    );
}

// --- Bad scenarios are refused, never panicking. ---

#[rstest]
#[case::unknown_gpu(Scenario::for_gpu("h100"), "did you mean 'h100-sxm'")]
#[case::batch_zero(Scenario { batch: 0, ..Scenario::for_gpu("h100-sxm") }, "batch must be")]
#[case::tp_not_dividing(Scenario { tp: 3, ..scenario("h100-sxm", "llama-3-70b") }, "must divide the 8 KV heads")]
#[case::no_fp8_on_a100(Scenario { precision: Dtype::Fp8, ..Scenario::for_gpu("a100-80gb") }, "has no FP8 peak")]
#[case::unknown_model(scenario("h100-sxm", "llama-4"), "unknown model 'llama-4'")]
#[case::mem_util(Scenario { mem_util: 1.5, ..Scenario::for_gpu("h100-sxm") }, "memory utilization")]
fn bad_scenarios_are_refused(#[case] s: Scenario, #[case] message: &str) {
    let err = s.evaluate(&catalog()).unwrap_err().to_string();
    assert!(err.contains(message), "{err}");
}

// --- MoE: each routed expert sees only its slice of the batch. ---

#[rstest]
#[case::mixtral_batch_1("mixtral-8x7b", 1, 1.0)]
#[case::mixtral_batch_8("mixtral-8x7b", 8, 2.22)]
#[case::mixtral_batch_256("mixtral-8x7b", 256, 63.3)]
#[case::deepseek_batch_64("deepseek-v3", 64, 2.3)]
#[case::qwen3_moe_batch_32("qwen3-30b-a3b", 32, 2.28)]
fn moe_expert_intensity(#[case] model: &str, #[case] batch: u32, #[case] expected: f64) {
    let (_, m) = eval(&Scenario {
        batch,
        ..scenario("h100-sxm", model)
    });
    let c = catalog();
    let spec = c.model(model).unwrap();
    let e = spec.experts.unwrap();
    // Tokens per expert actually used: B·k ÷ (E · (1 − (1 − k/E)^B)).
    let (b, k, n) = (
        f64::from(batch),
        f64::from(e.per_token),
        f64::from(e.routed),
    );
    let per_expert = b * k / (n * (1.0 - (1.0 - k / n).powf(b)));
    let (h, f) = (spec.hidden as f64, e.expert_ffn as f64);
    let exact = 2.0 * per_expert * h * f / (h * f * 2.0 + per_expert * (h + f) * 2.0);
    let ai = m.moe.unwrap().expert_intensity;
    assert_near(ai, exact, 1e-9);
    assert_near(ai, expected, expected * 0.01);
    // Far below the dense figure at the same batch: MoE decode is more memory-bound.
    assert!(ai <= m.fc_intensity + 1e-9);
    assert_near(m.decode_intensity(), ai, 0.0);
}

#[test]
fn dense_models_have_no_expert_intensity() {
    let (_, m) = eval(&scenario("h100-sxm", "llama-3-8b"));
    assert_eq!(m.moe, None);
    assert_near(m.decode_intensity(), m.fc_intensity, 0.0);
}
