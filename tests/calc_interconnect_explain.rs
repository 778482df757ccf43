//! `calc --interconnect`'s `basis` (issues 24 and 25): each term (the tensor-parallel
//! all-reduce, the expert-parallel all-to-all, the pipeline's sends) comes with its derivation,
//! its inputs give the figure again, and a group wider than one board crosses its NIC.

#[path = "cli/calc.rs"]
mod calc;

use calc::{basis, calc_json, calc_text, near, num};

/// DeepSeek-V3 in FP8 over 16 H100s (two HGX boards of 8), batch 64 at 4K context.
const EP16: [&str; 13] = [
    "--gpu",
    "h100-sxm",
    "--model",
    "deepseek-v3",
    "--precision",
    "fp8",
    "--tp",
    "16",
    "--batch",
    "64",
    "--context",
    "4096",
    "--interconnect",
];

/// Each term recomputed by hand from its derivation's inputs, in seconds, against the figure
/// the section prints in ms.
#[test]
// The one-letter names are the formulas' own symbols.
#[allow(clippy::many_single_char_names)]
fn each_terms_derivation_recomputes_its_figure() {
    let v = calc_json(&EP16);
    let ic = &v["interconnect"];
    for figure in ["interconnect_ms", "prefill_allreduce_ms"] {
        let (value, x) = basis(ic, figure);
        let [buffer, n, gbs, l0, lh, calls] = x[..] else {
            panic!("six inputs: {x:?}")
        };
        let by_hand = calls
            * (2.0 * (n - 1.0) / n * buffer / (gbs * 1e9) + (l0 + 2.0 * (n - 1.0) * lh) * 1e-6);
        near(by_hand, value);
        near(value * 1e3, num(ic, figure));
    }
    let (value, x) = basis(ic, "expert_parallel_all_to_all_ms");
    let [t, k, d, ba, n, dd, up, out, l0, lh, layers] = x[..] else {
        panic!("eleven inputs: {x:?}")
    };
    let sent = 2.0 * t * k * d * ba;
    let per_layer = (sent * (dd - 1.0) / n / (up * 1e9)).max(sent * (n - dd) / n / (out * 1e9));
    near(
        layers * (per_layer + 2.0 * (l0 + (n - 1.0) * lh) * 1e-6),
        value,
    );
    near(value * 1e3, num(ic, "expert_parallel_all_to_all_ms"));
    let (value, x) = basis(ic, "pipeline_parallel_send_ms");
    let [t, d, ba, p, dd, up, out, l_up, l_out] = x[..] else {
        panic!("nine inputs: {x:?}")
    };
    let s = t * d * ba;
    let across = (p / dd).ceil() - 1.0;
    let inside = p - 1.0 - across;
    let by_hand =
        inside * (s / (up * 1e9) + l_up * 1e-6) + across * (s / (out * 1e9) + l_out * 1e-6);
    near(by_hand, value);
    near(value * 1e3, num(ic, "pipeline_parallel_send_ms"));
}

/// Two boards of 8: the all-to-all and one stage boundary cross InfiniBand NDR. By hand
/// (FP8, b_a = 1): X = 2 · 64 · 8 · 7,168 = 7,340,032 B a layer; 8/16 of it at 50 GB/s is
/// 73.4 µs, against 7/16 at 450 GB/s, 7.1 µs; × 58 layers = 4.26 ms; 116 calls at
/// 10 + 15 · 2 = 40 µs = 4.64 ms; 8.90 ms in all.
#[test]
fn expert_parallel_over_two_boards_crosses_the_nic() {
    let v = calc_json(&EP16);
    let ic = &v["interconnect"];
    assert_eq!(ic["expert_parallel_all_to_all_link"], "ib-ndr");
    assert_eq!(ic["scale_out_link"], "ib-ndr");
    assert_eq!(ic["scale_up_domain_gpus"], 8);
    let by_hand = (7_340_032.0 * 8.0 / 16.0 / 50e9 * 58.0 + 40e-6 * 116.0) * 1e3;
    near(num(ic, "expert_parallel_all_to_all_ms"), by_hand);
    let text = calc_text(&EP16);
    for shown in [
        "NVLink 4 (450.0 GB/s each way per GPU) inside a domain of 8, InfiniBand NDR (50.0 GB/s) between · TP 16",
        "to send tokens to their experts, over InfiniBand NDR between domains of 8 GPUs",
    ] {
        assert!(text.contains(shown), "{shown} not in {text}");
    }
}

/// The interconnect's block of `calc --interconnect --explain`, snapshotted.
#[test]
fn explain_prints_each_terms_derivation() {
    let mut args = EP16.to_vec();
    args.push("--explain");
    let text = calc_text(&args);
    let at = text
        .find("How the interconnect's terms are computed")
        .expect("the interconnect's block");
    insta::assert_snapshot!("calc_explain_interconnect_deepseek_ep16", &text[at..]);
}

/// One rule, one number: the engine's all-reduce (the figure the plot and the lessons show)
/// and calc's interconnect term cross the same link. A TP ring over two HGX boards runs at the
/// NIC's pace in both; before, the engine kept it on NVLink (0.77 ms against 10.64 ms).
#[test]
fn the_engines_all_reduce_and_the_interconnect_term_agree_across_boards() {
    let v = calc_json(&EP16);
    assert_eq!(v["scale_up_link"], "ib-ndr");
    assert_eq!(v["interconnect"]["allreduce_link"], "ib-ndr");
    near(
        num(&v, "allreduce_ms"),
        num(&v["interconnect"], "interconnect_ms"),
    );
    // Inside one board the ring stays on NVLink, and the two agree there too.
    let mut tp8 = EP16;
    tp8[7] = "8";
    let v = calc_json(&tp8);
    assert_eq!(v["scale_up_link"], "nvlink4");
    near(
        num(&v, "allreduce_ms"),
        num(&v["interconnect"], "interconnect_ms"),
    );
}

/// With `--ep` set, the step with its link time is one figure: the engine's
/// `step_with_comm_ms` (what the plot and lessons show) and the interconnect section's step
/// both add the all-to-all to the all-reduces, and the sum is the three terms.
#[test]
fn the_step_with_its_links_adds_the_all_to_all_the_setting_makes() {
    let args = [
        "--gpu",
        "h200",
        "--model",
        "deepseek-v3",
        "--precision",
        "fp8",
        "--tp",
        "8",
        "--ep",
        "16",
        "--batch",
        "64",
        "--interconnect",
    ];
    let v = calc_json(&args);
    let sum = num(&v, "step_time_ms") + num(&v, "allreduce_ms") + num(&v, "ep_alltoall_ms");
    near(num(&v, "step_with_comm_ms"), sum);
    near(
        num(&v["interconnect"], "step_time_with_interconnect_ms"),
        sum,
    );
}
