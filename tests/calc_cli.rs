//! `roofline calc` through the real binary: JSON against issue 2's definitions, and refusals.

#[path = "cli/calc.rs"]
mod calc;

use calc::{calc_json, num, roofline};
use rstest::rstest;
use serde_json::Value;

#[track_caller]
fn assert_rel(actual: f64, expected: f64, rel: f64) {
    assert!(
        ((actual - expected) / expected).abs() <= rel,
        "expected {expected} (±{rel}), got {actual}"
    );
}

#[test]
fn gpu_only_json_has_the_roof() {
    let v = calc_json(&["--gpu", "h100-sxm"]);
    assert_rel(num(&v, "ridge_flop_per_byte"), 295.34, 1e-3);
    assert_rel(num(&v, "peak_tflops"), 989.4, 1e-9);
    assert_rel(num(&v, "bandwidth_tbs"), 3.35, 1e-9);
    assert!(v.get("fc_intensity").is_none());
}

#[test]
fn model_json_follows_the_definitions() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-70b",
        "--batch",
        "16",
        "--context",
        "8192",
        "--tp",
        "4",
    ]);
    // Definitions from issue 2, recomputed here from the config figures.
    let (params, vocab, hidden, ffn) = (70_553_706_496.0_f64, 128_256.0, 8192.0, 28_672.0);
    let (layers, q_heads, kv_heads, head_dim) = (80.0, 64.0, 8.0, 128.0);
    let (tp, batch, context) = (4.0, 16.0, 8192.0);
    let read = (params - vocab * hidden) * 2.0 / tp;
    let kv_per_token = 2.0 * layers * kv_heads * head_dim * 2.0;
    let bytes = read + batch * context * kv_per_token / tp;
    let flops = (2.0 * (params - vocab * hidden) * batch
        + 4.0 * layers * q_heads * head_dim * context * batch)
        / tp;
    let step = (bytes / 3.35e12).max(flops / 989.4e12);
    let fc = 2.0 * batch * hidden * ffn / (hidden * ffn * 2.0 + batch * (hidden + ffn) * 2.0);
    // The card's bytes (81,559 MiB) and the default 3 GB reserve.
    let memory = 81_559.0 * 1_048_576.0;
    let max_batch =
        ((memory * 0.9 - 3e9 - params * 2.0 / tp) / (context * kv_per_token / tp)).floor();

    assert_rel(num(&v, "weight_bytes_per_gpu"), read, 1e-9);
    assert_rel(num(&v, "kv_bytes_per_token"), kv_per_token, 1e-12);
    assert_rel(num(&v, "fc_intensity"), fc, 1e-9);
    assert_rel(num(&v, "attention_intensity"), 8.0, 1e-12);
    assert_rel(num(&v, "step_time_ms"), step * 1e3, 1e-9);
    assert_rel(num(&v, "tokens_per_s"), batch / step, 1e-9);
    assert_eq!(v["max_batch_kv"].as_u64(), Some(max_batch as u64));
    assert_eq!(v["bound"], "memory");
    let b2r = num(&v, "batch_to_ridge");
    assert!((295.0..320.0).contains(&b2r), "{b2r}");
}

#[test]
fn max_batch_kv_is_null_at_context_zero() {
    let v = calc_json(&["--gpu", "h100-sxm", "--model", "llama-3-8b"]);
    assert!(v["max_batch_kv"].is_null());
    assert_rel(num(&v, "step_time_ms"), 4.48, 0.002);
}

#[test]
fn int4_weights_read_as_shipped() {
    // W4A16: the body at 1/2 + 1/64 byte per weight (group-128 FP16 scales), the output head
    // in BF16; the input embedding is not read. ≈ 4.65 GB, not 3.75.
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--weights",
        "int4",
    ]);
    let head = 128_256.0 * 4096.0;
    let read = (8_030_261_248.0 - 2.0 * head) * (0.5 + 1.0 / 64.0) + head * 2.0;
    assert_rel(num(&v, "weight_bytes_per_gpu"), read, 1e-9);
    assert_rel(read, 4.65e9, 0.001);
}

#[rstest]
#[case::fp8(&["--precision", "fp8"], 1.0)]
#[case::bf16(&[], 2.0)]
fn weight_precision_sets_bytes_per_weight(#[case] extra: &[&str], #[case] bytes: f64) {
    let mut args = vec!["--gpu", "h100-sxm", "--model", "llama-3-8b"];
    args.extend_from_slice(extra);
    let v = calc_json(&args);
    let read = (8_030_261_248.0 - 128_256.0 * 4096.0) * bytes;
    assert_rel(num(&v, "weight_bytes_per_gpu"), read, 1e-9);
}

#[test]
fn compute_bound_at_large_batch() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--batch",
        "2048",
    ]);
    assert_eq!(v["bound"], "compute");
}

#[rstest]
#[case::unknown_gpu(&["--gpu", "h100"], "did you mean 'h100-sxm'")]
#[case::unknown_model(&["--gpu", "h100-sxm", "--model", "lama-3-8b"], "did you mean 'llama-3-8b'")]
#[case::batch_zero(&["--gpu", "h100-sxm", "--batch", "0"], "--batch")]
#[case::batch_negative(&["--gpu", "h100-sxm", "--batch", "-4"], "--batch")]
#[case::batch_word(&["--gpu", "h100-sxm", "--batch", "lots"], "--batch")]
#[case::context_negative(&["--gpu", "h100-sxm", "--context", "-1"], "--context")]
#[case::tp_not_dividing(&["--gpu", "h100-sxm", "--model", "llama-3-70b", "--tp", "3"], "must divide the 8 KV heads")]
#[case::no_fp8_on_a100(&["--gpu", "a100-80gb", "--precision", "fp8"], "has no FP8 peak")]
#[case::bad_precision(&["--gpu", "h100-sxm", "--precision", "fp7"], "unknown precision")]
#[case::mem_util(&["--gpu", "h100-sxm", "--mem-util", "2"], "--mem-util")]
fn bad_input_is_one_line_and_non_zero(#[case] args: &[&str], #[case] message: &str) {
    let mut all = vec!["calc"];
    all.extend_from_slice(args);
    let out = roofline(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains(message), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
}

#[test]
fn table_output_is_readable() {
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for needle in [
        "ridge",
        "295.3 FLOP/byte",
        "KV-limited batch",
        // 81,559 MiB, 3 GB reserved by default (the plot's reserve): issue 24.
        "107 sequences",
        "3 GB reserved",
        "memory-bound",
    ] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
}

#[test]
fn user_hardware_file_adds_a_gpu() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    std::fs::write(
        &path,
        r#"(format_version: 1, gpus: [(id: "my-gpu", name: "Mine", vendor: "Me",
            peak_tflops: (bf16: 100.0), bandwidth_tbs: 1.0, memory_gb: 10.0, source: "test")])"#,
    )
    .unwrap();
    let v = calc_json(&["--hardware", path.to_str().unwrap(), "--gpu", "my-gpu"]);
    assert_rel(num(&v, "ridge_flop_per_byte"), 100.0, 1e-12);
}

#[test]
fn malformed_user_file_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(
        &path,
        "(format_version: 1, gpus: [(id: \"x\", nmae: \"X\")])",
    )
    .unwrap();
    let out = roofline(&["calc", "--hardware", path.to_str().unwrap(), "--gpu", "x"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("bad.ron:1:"), "{stderr}");
    assert!(stderr.contains("unknown field `nmae`"), "{stderr}");
    assert!(stderr.contains('^'), "{stderr}");
}

#[test]
fn a_cluster_profile_supplies_what_the_flags_leave_out() {
    let cluster = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/clusters/example.ron");
    let out = roofline(&["--cluster", cluster, "calc", "--json", "--batch", "32"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["gpu"], "h100-nvl");
    assert_eq!(v["model"], "qwen3.6-27b");
    assert_eq!(v["tp"], 2);
    assert_eq!(v["context"], 8192);
    assert_eq!(
        v["batch"], 32,
        "the flag wins over the profile's max_num_seqs"
    );
    assert_rel(num(&v, "overhead_gb"), 3.0, 1e-12);
}

#[test]
fn without_a_cluster_the_gpu_is_required() {
    let out = roofline(&["calc", "--model", "llama-3-8b"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("--gpu ID is required"), "{stderr}");
}

#[test]
fn moe_models_report_their_routed_expert_intensity() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "mixtral-8x7b",
        "--batch",
        "8",
    ]);
    assert_rel(num(&v, "expert_intensity"), 2.22, 0.01);
    assert!(num(&v, "fc_intensity") > 7.9);
    let dense = calc_json(&["--gpu", "h100-sxm", "--model", "llama-3-8b"]);
    assert!(dense["expert_intensity"].is_null());
}

#[test]
fn weights_that_do_not_fit_say_so_in_json_and_in_the_table() {
    let args = [
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3.1-405b",
        "--context",
        "4096",
    ];
    let v = calc_json(&args);
    assert_eq!(v["fits"], false);
    assert!(
        v["max_batch_kv"].is_null(),
        "no KV wall of 0 as a result: {v}"
    );
    let mut all = vec!["calc"];
    all.extend_from_slice(&args);
    let table = String::from_utf8(roofline(&all).stdout).unwrap();
    assert!(table.contains("DOES NOT FIT"), "{table}");
    assert!(table.contains("none: the weights do not fit"), "{table}");
    let fits = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
    ]);
    assert_eq!(fits["fits"], true);
}

/// DeepSeek-V3 on 8× H200 at 32K context holds about 20 sequences: batch 64 cannot run, and
/// the figures that assume it does are left out (issue 24, part 4).
#[test]
fn a_batch_past_the_kv_wall_does_not_fit_in_json_and_in_the_table() {
    let args = [
        "--gpu",
        "h200",
        "--model",
        "deepseek-v3",
        "--precision",
        "fp8",
        "--tp",
        "8",
        "--batch",
        "64",
        "--context",
        "32768",
    ];
    let v = calc_json(&args);
    assert_eq!(v["fits"], false, "{v}");
    assert_eq!(v["fit"], "past_kv_wall");
    let wall = v["max_batch_kv"].as_u64().unwrap();
    assert!(wall < 64, "{wall}");
    for key in [
        "step_time_ms",
        "tpot_ms",
        "tokens_per_s",
        "tokens_per_s_per_seq",
        "usd_per_million_tokens",
        "energy_per_token_j",
    ] {
        assert!(v[key].is_null(), "{key} assumes the batch runs: {v}");
    }
    let mut all = vec!["calc"];
    all.extend_from_slice(&args);
    let table = String::from_utf8(roofline(&all).stdout).unwrap();
    assert!(
        table.contains(&format!(
            "DOES NOT FIT: batch 64 is past the KV wall ({wall} sequences"
        )),
        "{table}"
    );
    assert!(!table.contains("USD per million"), "{table}");
    assert!(!table.contains("across the batch"), "{table}");
    // At the wall it runs.
    let batch = wall.to_string();
    let mut at_wall = args.to_vec();
    at_wall[9] = &batch;
    let at_wall = calc_json(&at_wall);
    assert_eq!(at_wall["fits"], true);
    assert!(at_wall["tokens_per_s"].is_number());
}

#[test]
fn moe_json_names_the_dot_the_dense_layers_and_the_experts() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "mixtral-8x7b",
        "--tp",
        "2",
        "--batch",
        "64",
    ]);
    assert_eq!(v["decode_dot_layers"], "experts");
    assert_rel(
        num(&v, "decode_dot_intensity"),
        num(&v, "expert_intensity"),
        1e-12,
    );
    assert_rel(num(&v, "dense_intensity"), num(&v, "fc_intensity"), 1e-12);
    assert!(num(&v, "dense_intensity") > 3.0 * num(&v, "decode_dot_intensity"));
    assert_rel(num(&v, "batch_to_ridge"), 1302.0, 0.001);
    assert_rel(num(&v, "dense_batch_to_ridge"), 326.0, 0.002);
    assert_rel(
        num(&v, "ridge_share_pct"),
        100.0 * num(&v, "ridge_share"),
        1e-12,
    );
}

#[test]
fn attention_dp_flag_keeps_mla_intensity_and_splits_sequences() {
    let base = [
        "--gpu",
        "h200",
        "--model",
        "deepseek-v3",
        "--precision",
        "fp8",
        "--kv",
        "bf16",
        "--tp",
        "8",
        "--context",
        "4096",
    ];
    let tp = calc_json(&base);
    assert_eq!(tp["kv_split"], "replicated");
    // 143,771 MiB × 0.9, less 83.9 GB of weights and the default 3 GB reserve.
    assert_eq!(tp["max_batch_kv"], 169);
    assert_rel(num(&tp, "attention_intensity"), 30.2, 0.002);
    let mut with_dp = base.to_vec();
    with_dp.push("--attention-dp");
    let dp = calc_json(&with_dp);
    assert_eq!(dp["attention_dp"], true);
    assert_eq!(dp["kv_split"], "sequences");
    assert_eq!(dp["max_batch_kv"], 8 * 169);
    assert_rel(num(&dp, "attention_intensity"), 241.8, 0.001);
}

#[test]
fn gpu_hour_price_sets_the_cost_per_million_tokens() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--gpu-hour-usd",
        "4",
    ]);
    let expected = 4.0 / (num(&v, "tokens_per_s") * 3600.0) * 1e6;
    assert_rel(num(&v, "usd_per_million_tokens"), expected, 1e-12);
    assert_rel(
        num(&v, "energy_per_token_j"),
        700.0 * num(&v, "step_time_ms") / 1e3,
        1e-12,
    );
}

#[test]
fn an_overhead_beyond_the_gpu_memory_is_refused() {
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--overhead-gb",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("reserved overhead 100 GB is more than the 85.5 GB of H100 SXM5"),
        "{err}"
    );
}

/// A price that would print `inf USD` is refused where it enters (issue 24, part 6).
#[rstest]
#[case::huge("1e300")]
#[case::past_the_limit("10001")]
fn a_gpu_hour_price_out_of_range_is_refused(#[case] price: &str) {
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--gpu-hour-usd",
        price,
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("gpu_hour_usd"), "{err}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("inf"));
}

/// `calc --explain`: every derived figure with its formula, inputs and sources (issue 24).
#[test]
fn explain_prints_how_each_figure_is_computed() {
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--batch",
        "64",
        "--explain",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let explained = &text[text.find("How each figure is computed").expect("explained")..];
    insta::assert_snapshot!("calc_explain_llama_3_8b_h100", explained);
}

/// The JSON `basis`: each figure's inputs recompute it (ridge and KV wall checked here).
#[test]
fn json_basis_recomputes_the_figures() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
    ]);
    let basis = &v["basis"];
    let inputs = |figure: &str| -> Vec<f64> {
        basis[figure]["inputs"]
            .as_array()
            .unwrap_or_else(|| panic!("no basis for {figure}: {basis}"))
            .iter()
            .map(|i| i["value"].as_f64().unwrap())
            .collect()
    };
    let r = inputs("ridge");
    assert_rel(r[0] / r[1], num(&v, "ridge_flop_per_byte"), 1e-12);
    let w = inputs("max_batch_kv");
    let wall = ((w[0] * w[1] - w[2] - w[3]).max(0.0) / w[4]).floor() * w[5];
    assert_eq!(v["max_batch_kv"].as_f64(), Some(wall));
    assert_eq!(
        basis["max_batch_kv"]["inputs"][0]["source"]["kind"],
        "datasheet"
    );
    assert_eq!(
        basis["max_batch_kv"]["inputs"][2]["source"]["kind"],
        "default"
    );
    for figure in [
        "step_time_ms",
        "tokens_per_s",
        "usd_per_million_tokens",
        "batch_to_ridge",
    ] {
        assert!(basis[figure]["symbols"].is_string(), "{figure}: {basis}");
    }
}
