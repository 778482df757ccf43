//! `calc --explain` and `calc --json`'s `basis` (issue 24): bytes print in a unit that shows
//! their size, and the derivations of a cluster and of an MoE model, snapshotted.

#[path = "cli/calc.rs"]
mod calc;

use calc::calc_text;

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
