//! `calc --explain` and `calc --json`'s `basis` (issue 24): bytes print in a unit that shows
//! their size, and the derivations of a cluster and of an MoE model, snapshotted.

#[path = "cli/calc.rs"]
mod calc;

use calc::{basis, calc_json, calc_text, near, num};
use rstest::rstest;

/// Llama-3-70B on TP 4, 4K context, batch 16, split 4 : 4 over InfiniBand, rate 10/s.
const SPLIT: [&str; 16] = [
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
    "--tpot-target",
    "20",
];

/// The part of `calc --explain`'s output after the table.
#[track_caller]
fn explained(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--explain");
    let text = calc_text(&all);
    let at = text
        .find("How each figure is computed")
        .expect("--explain prints the derivations");
    text[at..].to_owned()
}

/// The line `  FIGURE = VALUE` that heads a figure's derivation.
#[track_caller]
fn headline<'a>(text: &'a str, figure: &str) -> &'a str {
    let head = format!("  {figure} = ");
    text.lines()
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no derivation of {figure} in\n{text}"))
}

/// Llama-3-8B keeps 2 × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 bytes = 128 KiB per
/// token: the derivation says so, not `0.000 GB`.
#[test]
fn kv_bytes_per_token_prints_in_kib() {
    let text = explained(&["--gpu", "h100-sxm", "--model", "llama-3-8b"]);
    assert_eq!(
        headline(&text, "kv_bytes_per_token"),
        "  kv_bytes_per_token = 128 KiB"
    );
    assert!(!text.contains(" 0.000 GB"), "{text}");
}

/// A TP 4 cluster: the all-reduces, the link, the sizing and scale figures.
#[test]
fn explain_a_tp4_cluster() {
    let text = explained(&[
        "--model",
        "llama-3-70b",
        "--gpu",
        "h100-sxm",
        "--tp",
        "4",
        "--context",
        "8192",
        "--batch",
        "32",
        "--tpot-target",
        "30",
        "--rate",
        "10",
    ]);
    insta::assert_snapshot!("calc_explain_llama_3_70b_tp4", text);
}

/// An MoE model on a TP 2 group: the experts touched, the expert intensity, the all-to-all.
#[test]
fn explain_an_moe_model() {
    let text = explained(&[
        "--model",
        "mixtral-8x7b",
        "--gpu",
        "h100-sxm",
        "--tp",
        "2",
        "--context",
        "4096",
        "--batch",
        "32",
    ]);
    insta::assert_snapshot!("calc_explain_mixtral_tp2", text);
}

/// The split's figures carry their derivations: each `basis` value is the figure the section
/// prints (times in seconds there, ms in the section), and its inputs give it again by the
/// formula its words name.
#[rstest]
#[case::prefill("prefill_ms", 1e3)]
#[case::decode_step("decode_step_ms", 1e3)]
#[case::transfer("kv_transfer_ms", 1e3)]
#[case::ttft("ttft_ms", 1e3)]
#[case::prefill_tokens("prefill_tokens", 1.0)]
#[case::prefill_rate("prefill_requests_per_s", 1.0)]
#[case::decode_rate("decode_requests_per_s", 1.0)]
#[case::rate_per_gpu("requests_per_s_per_gpu", 1.0)]
fn the_split_derives_each_figure(#[case] figure: &str, #[case] to_section: f64) {
    let v = calc_json(&SPLIT);
    let d = &v["disagg"];
    let (value, _) = basis(d, figure);
    near(value * to_section, num(d, figure));
}

#[test]
fn the_splits_derivations_recompute_from_their_inputs() {
    let v = calc_json(&SPLIT);
    let d = &v["disagg"];
    let (ttft, x) = basis(d, "ttft_ms");
    near(x.iter().sum(), ttft);
    let (transfer, x) = basis(d, "kv_transfer_ms");
    near(x[0] / (x[1] * 1e9), transfer);
    let (per_gpu, x) = basis(d, "requests_per_s_per_gpu");
    near(x[0].min(x[1]) / (x[2] + x[3]), per_gpu);
    let (decode, x) = basis(d, "decode_requests_per_s");
    near(x[0] / x[1] * x[2] / (x[3] * x[4]), decode);
}

/// The latency section's step and Little's law come with the engine's derivations.
#[test]
// The one-letter names are the formulas' own symbols (W, C, …).
#[allow(clippy::many_single_char_names)]
fn the_latency_section_derives_its_step_and_sizing() {
    let mut args = SPLIT[..10].to_vec();
    args.extend(["--tpot-target", "30", "--rate", "10"]);
    let json = calc_json(&args);
    let l = &json["latency"];
    near(basis(l, "tpot_ms").0 * 1e3, num(l, "tpot_ms"));
    let (time, x) = basis(l, "time_in_system_s");
    near(time, num(l, "time_in_system_s"));
    near(x[0] + (x[1] - 1.0) * x[2], time);
    let (concurrency, x) = basis(l, "concurrency");
    near(concurrency, num(l, "concurrency"));
    near(x[0] * x[1], concurrency);
    near(basis(l, "gpus").0, num(l, "gpus"));
}

/// `--explain` prints the sections' derivations after the scenario's.
#[test]
fn explain_prints_the_sections_derivations() {
    let mut args = SPLIT.to_vec();
    args.extend(["--rate", "10"]);
    let text = explained(&args);
    let split = text
        .find("How the split's figures are computed")
        .expect("the split's block");
    let latency = text
        .find("How the latency figures are computed")
        .expect("the latency block");
    assert!(split < latency);
    assert!(headline(&text[split..], "requests_per_s_per_gpu").contains("requests/s"));
    assert!(headline(&text[latency..], "concurrency").contains("requests"));
}
