//! `roofline calc`'s cluster options feed the engine's cluster figures: each option set moves
//! its figure as the formula says, the formula worked here by hand from the model's shape,
//! the links data and the figures `calc --json` prints beside it (issue 25, all four parts).

#[path = "cli/calc.rs"]
mod calc;

use calc::{calc_json, calc_text, num, roofline};
use rstest::rstest;

#[track_caller]
fn near(actual: f64, expected: f64, relative: f64) {
    assert!(
        (actual - expected).abs() <= relative * expected.abs(),
        "expected {expected} within {relative} of it, got {actual}"
    );
}

/// Llama-3-70B at TP 4: 80 layers × 8 KV heads × 128 × (K, V) × 2 bytes ÷ 4 GPUs.
const KV_70B_PER_GPU_PER_TOKEN: f64 = 80.0 * 8.0 * 128.0 * 2.0 * 2.0 / 4.0;

const SEVENTY_TP4: [&str; 8] = [
    "--gpu",
    "h100-sxm",
    "--model",
    "llama-3-70b",
    "--tp",
    "4",
    "--context",
    "4096",
];

#[rstest]
#[case::nvlink4("nvlink4", 450.0)]
#[case::ib_ndr("ib-ndr", 50.0)]
#[case::ethernet("eth-100g", 12.5)]
fn the_link_sets_the_kv_transfer(#[case] link: &str, #[case] gbs: f64) {
    let mut args = SEVENTY_TP4.to_vec();
    args.extend(["--link", link]);
    let v = calc_json(&args);
    assert_eq!(v["link"], link);
    near(num(&v, "link_gbs"), gbs, 1e-12);
    // The default 2,048-token prompt's KV shard, each GPU sending in parallel.
    let transfer_ms = 2048.0 * KV_70B_PER_GPU_PER_TOKEN / (gbs * 1e9) * 1e3;
    near(num(&v, "kv_transfer_ms"), transfer_ms, 1e-9);
    near(
        num(&v, "split_ttft_ms"),
        num(&v, "prefill_ms") + transfer_ms + num(&v, "step_time_ms"),
        1e-9,
    );
    near(
        num(&v, "transfer_share_pct"),
        100.0 * transfer_ms / num(&v, "prefill_ms"),
        1e-9,
    );
}

#[test]
fn the_prefix_hit_discounts_the_prefill_and_not_the_transfer() {
    let mut cold = SEVENTY_TP4.to_vec();
    cold.extend(["--link", "ib-ndr"]);
    let mut warm = cold.clone();
    warm.extend(["--prefix-hit", "0.75"]);
    let (cold, warm) = (calc_json(&cold), calc_json(&warm));
    // ⌈(1 − 0.75) × 2048⌉ = 512 tokens left to prefill: the prefill of a 512-token prompt.
    assert_eq!(warm["prefill_tokens"], 512.0);
    let mut short = SEVENTY_TP4.to_vec();
    short.extend(["--prompt", "512"]);
    near(
        num(&warm, "prefill_ms"),
        num(&calc_json(&short), "ttft_ms"),
        1e-9,
    );
    assert!(num(&warm, "prefill_ms") < num(&cold, "prefill_ms") / 3.0);
    near(
        num(&warm, "kv_transfer_ms"),
        num(&cold, "kv_transfer_ms"),
        1e-12,
    );
}

/// Two all-reduces per layer: 160 at 80 layers; ring bytes 2(N−1)/N × batch × hidden × 2
/// bytes; latency base + one hop for each of 2(N−1) steps (links data: NVLink 4 6 + 1 µs, NDR
/// 10 + 2 µs).
#[rstest]
#[case::nvlink4("nvlink4", 450.0, 6.0 + 14.0 * 1.0)]
#[case::ib_ndr("ib-ndr", 50.0, 10.0 + 14.0 * 2.0)]
fn the_link_sets_the_all_reduce_at_tp8(#[case] link: &str, #[case] gbs: f64, #[case] us: f64) {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-70b",
        "--tp",
        "8",
        "--batch",
        "16",
        "--context",
        "8192",
        "--link",
        link,
    ]);
    assert_eq!(v["allreduce_calls"], 160.0);
    let bytes = 2.0 * 7.0 / 8.0 * 16.0 * 8192.0 * 2.0;
    let allreduce_ms = 160.0 * (bytes / (gbs * 1e9) + us * 1e-6) * 1e3;
    near(num(&v, "allreduce_ms"), allreduce_ms, 1e-9);
    near(num(&v, "allreduce_latency_ms"), 160.0 * us * 1e-3, 1e-9);
    let step = num(&v, "step_time_ms");
    near(num(&v, "step_with_comm_ms"), step + allreduce_ms, 1e-9);
    near(num(&v, "comm_share_pct"), 100.0 * allreduce_ms / step, 1e-9);
}

#[rstest]
#[case::default_256(None, 256.0)]
#[case::long_answers(Some("1024"), 1024.0)]
fn output_tokens_set_the_time_in_the_system(#[case] flag: Option<&str>, #[case] n: f64) {
    let mut args = vec![
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--batch",
        "64",
    ];
    if let Some(n) = flag {
        args.extend(["--output-tokens", n]);
    }
    let v = calc_json(&args);
    assert_eq!(v["output_tokens"], n);
    // Prefill, then (N − 1) decode steps.
    let expected = num(&v, "prefill_ms") / 1e3 + (n - 1.0) * num(&v, "step_time_ms") / 1e3;
    near(num(&v, "time_in_system_s"), expected, 1e-9);
}

/// Llama-3-8B multiplies 7,504,924,672 weights per token (all but the input embedding) and
/// 4 × 32 layers × 32 heads × 128 = 524,288 FLOPs per context token in attention: a chunk of
/// C prompt tokens adds 2 × 7.50e9 × C + 524,288 × C² ÷ 2 FLOPs to the step's.
#[rstest]
#[case::chunk_512("512", 512.0)]
#[case::chunk_2048("2048", 2048.0)]
fn the_chunk_sets_the_mixed_step(#[case] flag: &str, #[case] chunk: f64) {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--batch",
        "8",
        "--chunk",
        flag,
    ]);
    assert_eq!(v["chunk"], chunk);
    let flops = 2.0 * 7_504_924_672.0 * chunk + 524_288.0 * chunk * chunk / 2.0;
    let chunk_ms = flops / (num(&v, "peak_tflops") * 1e12) * 1e3;
    // At batch 8 the chunk's FLOPs outlast the step's bytes: the compute side sets the step.
    assert!(num(&v, "compute_time_ms") + chunk_ms > num(&v, "memory_time_ms"));
    near(
        num(&v, "mixed_tpot_ms"),
        num(&v, "compute_time_ms") + chunk_ms,
        1e-9,
    );
}

#[rstest]
#[case::tight("20", false)]
#[case::loose("50", true)]
fn a_tpot_target_sets_the_largest_batch(#[case] flag: &str, #[case] wall_binds: bool) {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--tpot-target",
        flag,
    ]);
    let target_ms: f64 = flag.parse().unwrap();
    assert_eq!(v["tpot_target_ms"], target_ms);
    let target_s = target_ms / 1e3;
    // Memory-bound: TPOT(B) = (weights read + B × one sequence's KV) ÷ bandwidth, so
    // B = (target × bandwidth − weights) ÷ KV per sequence (activations move it by < 1).
    let bandwidth = num(&v, "bandwidth_tbs") * 1e12;
    let by_hand =
        (target_s * bandwidth - num(&v, "weight_bytes_per_gpu")) / num(&v, "kv_bytes_per_sequence");
    let no_wall = num(&v, "target_batch_no_wall");
    assert!(
        (by_hand - 1.0..=by_hand).contains(&no_wall),
        "{no_wall} vs {by_hand}"
    );
    let wall = num(&v, "max_batch_kv");
    near(num(&v, "target_batch"), no_wall.min(wall), 0.0);
    assert_eq!(wall < no_wall, wall_binds);
    assert!(v["bend_batch"].is_number(), "a target finds the bend too");
}

#[rstest]
#[case::forty("40", 40.0)]
#[case::eighty("80", 80.0)]
fn a_rate_sets_the_concurrency_and_the_gpus(#[case] flag: &str, #[case] rate: f64) {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--batch",
        "64",
        "--rate",
        flag,
    ]);
    assert_eq!(v["rate"], rate);
    // Little's law: requests in flight = rate × time in the system; ⌈that ÷ 64⌉ replicas.
    let concurrency = rate * num(&v, "time_in_system_s");
    near(num(&v, "concurrency"), concurrency, 1e-9);
    near(num(&v, "gpus_for_rate"), (concurrency / 64.0).ceil(), 0.0);
}

#[test]
fn without_the_options_the_cluster_inputs_stay_unset() {
    let v = calc_json(&["--gpu", "h100-sxm", "--model", "llama-3-8b"]);
    for key in ["target_batch", "concurrency", "gpus_for_rate", "bend_batch"] {
        assert!(v[key].is_null(), "{key} without the option that asks it");
    }
    assert!(v["link"].is_null());
    let text = calc_text(&["--gpu", "h100-sxm", "--model", "llama-3-8b"]);
    assert!(!text.contains("Cluster figures"), "{text}");
}

#[test]
fn the_text_names_each_figure_the_options_set() {
    let args = [
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-70b",
        "--tp",
        "4",
        "--context",
        "4096",
        "--batch",
        "16",
        "--link",
        "ib-ndr",
        "--prefix-hit",
        "0.5",
        "--tpot-target",
        "50",
        "--rate",
        "10",
    ];
    let text = calc_text(&args);
    let v = calc_json(&args);
    // `--link` keeps its meaning: one link for both jobs.
    assert!(text.contains(
        "Cluster figures · batch 16 · TP 4 · scale-up InfiniBand NDR (50.0 GB/s per GPU each way) \
         · scale-out InfiniBand NDR (50.0 GB/s"
    ));
    assert!(text.contains("for 1,024 of 2048 prompt tokens after a 50.0 % prefix-cache hit"));
    for (label, key, places) in [
        ("KV transfer", "kv_transfer_ms", 3),
        ("split time to first token", "split_ttft_ms", 3),
        ("all-reduce per step", "allreduce_ms", 3),
        ("Little's law", "concurrency", 1),
    ] {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("no {label} line in\n{text}"));
        let figure = roofline_tutor::domain::format::group(num(&v, key), places);
        assert!(line.contains(&figure), "{line} lacks {figure}");
    }
    let target = text
        .lines()
        .find(|l| l.contains("token-time target"))
        .expect("a target line");
    let batch = format!("batch {:.0}", num(&v, "target_batch"));
    assert!(target.contains(&batch), "{target} lacks {batch}");
}

#[rstest]
#[case::nvfp4("nvfp4", 9.0 / 16.0)]
#[case::mxfp4("mxfp4", 17.0 / 32.0)]
fn four_bit_weights_cost_their_block_scale(#[case] format: &str, #[case] bytes: f64) {
    let base = ["--gpu", "h100-sxm", "--model", "llama-3-8b"];
    let bf16 = calc_json(&base);
    let mut w4 = base.to_vec();
    w4.extend(["--weights", format]);
    let w4 = calc_json(&w4);
    assert_eq!(w4["bytes_per_weight"], bytes);
    assert_eq!(w4["bytes_per_activation"], 2.0);
    // The 32 layers' 6,979,588,096 matmul weights at `bytes` each; the output head (vocab
    // 128,256 × hidden 4,096) stays BF16 as the four-bit checkpoints ship it (one embedding
    // row per token aside, 8 KB).
    let (body, head) = (6_979_588_096.0, 128_256.0 * 4096.0);
    near(
        num(&bf16, "weight_bytes_per_gpu"),
        (body + head) * 2.0,
        1e-5,
    );
    near(
        num(&w4, "weight_bytes_per_gpu"),
        body * bytes + head * 2.0,
        1e-5,
    );
    let mut text = vec!["--weights", format];
    text.extend(base);
    let text = calc_text(&text);
    assert!(
        text.contains("the roof and the ridge stay"),
        "W4A16 says the roof stays:\n{text}"
    );
}

#[test]
fn nvfp4_kv_costs_its_block_scale_too() {
    let v = calc_json(&[
        "--gpu",
        "b200",
        "--model",
        "llama-3-8b",
        "--kv",
        "nvfp4",
        "--precision",
        "nvfp4",
    ]);
    assert_eq!(v["bytes_per_kv_element"], 9.0 / 16.0);
    // 32 layers × 8 KV heads × 128 × (K, V) elements per token.
    near(
        num(&v, "kv_bytes_per_token"),
        32.0 * 8.0 * 128.0 * 2.0 * 9.0 / 16.0,
        1e-12,
    );
}

#[rstest]
#[case::hit_of_one(&["--prefix-hit", "1"], "not in [0, 1)")]
#[case::hit_nan(&["--prefix-hit", "NaN"], "not in [0, 1)")]
#[case::target_zero(&["--tpot-target", "0"], "not a positive number")]
#[case::target_inf(&["--tpot-target", "inf"], "not a positive number")]
#[case::target_huge(&["--tpot-target", "1e9"], "the most this takes")]
#[case::rate_negative(&["--rate", "-3"], "not a positive number")]
#[case::rate_huge(&["--rate", "1e12"], "the most this takes")]
#[case::chunk_zero(&["--chunk", "0"], "0")]
#[case::output_zero(&["--output-tokens", "0"], "0")]
#[case::unknown_link(&["--link", "carrier-pigeon"], "nvlink4")]
fn out_of_range_options_are_refused_with_the_reason(#[case] flags: &[&str], #[case] why: &str) {
    let mut args = vec!["calc", "--gpu", "h100-sxm", "--model", "llama-3-8b"];
    args.extend_from_slice(flags);
    let out = roofline(&args);
    assert!(!out.status.success(), "{flags:?} was taken");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(why), "{flags:?}: {err}");
    assert!(out.stdout.is_empty());
}
