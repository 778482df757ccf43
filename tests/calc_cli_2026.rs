//! `roofline calc`'s cluster options through the real binary: four-bit formats, `--disagg`,
//! `--interconnect` and the latency targets, against the reference's round-3 examples.

#[path = "cli/calc.rs"]
mod calc;

use calc::{calc_json, num, roofline};

#[track_caller]
fn near(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "expected {expected} ± {tolerance}, got {actual}"
    );
}

#[test]
fn nvfp4_weights_on_h100_move_the_dot_and_leave_the_ridge() {
    let base = ["--gpu", "h100-sxm", "--model", "llama-3-8b"];
    let bf16 = calc_json(&base);
    let mut w4 = base.to_vec();
    w4.extend(["--weights", "nvfp4"]);
    let w4 = calc_json(&w4);
    near(
        num(&w4, "ridge_flop_per_byte"),
        num(&bf16, "ridge_flop_per_byte"),
        1e-9,
    );
    near(num(&w4, "weight_bytes_per_gpu") / 1e9, 4.98, 0.01);
    near(num(&w4, "step_time_ms"), 1.49, 0.01);
}

#[test]
fn fp4_math_on_b200_moves_the_ridge_and_hopper_refuses_it() {
    let v = calc_json(&["--gpu", "b200", "--precision", "nvfp4"]);
    near(num(&v, "ridge_flop_per_byte"), 1169.0, 0.5);
    let out = roofline(&["calc", "--gpu", "h100-sxm", "--precision", "nvfp4"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no NVFP4 peak"));
}

#[test]
fn the_pure_roofline_has_no_cluster_sections_by_default() {
    let v = calc_json(&["--gpu", "h100-sxm", "--model", "llama-3-70b", "--tp", "8"]);
    for key in ["interconnect", "disagg", "latency"] {
        assert!(v.get(key).is_none(), "{key} appeared unasked");
    }
}

#[test]
fn interconnect_adds_160_latency_bound_all_reduces_at_tp8() {
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
        "--interconnect",
    ]);
    let ic = &v["interconnect"];
    assert_eq!(ic["allreduce_calls_per_step"], 160);
    assert_eq!(ic["link"], "nvlink4");
    // 160 × 1.0 µs of bandwidth, 160 × 20 µs of latency beside a 6.79 ms step.
    near(num(ic, "allreduce_bandwidth_ms"), 0.163, 0.002);
    near(num(ic, "allreduce_latency_ms"), 3.2, 1e-9);
    near(num(ic, "step_time_ms"), 6.79, 0.01);
    near(
        num(ic, "step_time_with_interconnect_ms"),
        num(ic, "step_time_ms") + num(ic, "interconnect_ms"),
        1e-9,
    );
}

#[test]
fn disagg_sends_the_kv_over_the_chosen_link() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-70b",
        "--tp",
        "4",
        "--batch",
        "16",
        "--context",
        "4096",
        "--disagg",
        "4:4",
        "--link",
        "ib-ndr",
    ]);
    let d = &v["disagg"];
    // 80 KiB per GPU per prompt token over 50 GB/s: 1.64 µs a token, 2,048 tokens.
    near(
        num(d, "kv_transfer_ms"),
        2048.0 * 81_920.0 / 50e9 * 1e3,
        1e-9,
    );
    assert_eq!(d["prefill_bound"], "compute");
    assert_eq!(d["decode_bound"], "memory");
    assert!(d["verdict"].is_string());
}

#[test]
fn a_pool_that_splits_a_tp_group_is_refused() {
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-70b",
        "--tp",
        "4",
        "--disagg",
        "2:4",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("whole number of TP 4 groups"));
}

#[test]
fn a_tpot_target_finds_the_reference_batch_and_sizes_a_rate() {
    let v = calc_json(&[
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
        "--context",
        "4096",
        "--tpot-target",
        "20",
        "--rate",
        "10",
    ]);
    let l = &v["latency"];
    assert_eq!(l["target_batch"], 96);
    assert_eq!(l["batch"], 96);
    assert_eq!(l["batch_limit"], "target");
    let concurrency = num(l, "concurrency");
    near(concurrency, 10.0 * num(l, "time_in_system_s"), 1e-9);
    assert_eq!(l["replicas"].as_f64(), Some((concurrency / 96.0).ceil()));
    let curve = l["curve"].as_array().expect("a curve");
    assert_eq!(curve.last().unwrap()["batch"], 96);
}
