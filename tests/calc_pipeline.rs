//! `roofline calc --pp`: pipeline stages divide the memory per GPU and multiply the GPUs of a
//! replica (#25). Llama-3-70B BF16 on H100s at 8K context, TP 4, PP 2 against PP 1.

#[path = "cli/calc.rs"]
mod calc;

use calc::{calc_json, calc_text, near, num};

const SEVENTY: [&str; 8] = [
    "--gpu",
    "h100-sxm",
    "--model",
    "llama-3-70b",
    "--tp",
    "4",
    "--context",
    "8192",
];

fn args(pp: &'static str, more: &[&'static str]) -> Vec<&'static str> {
    let mut args = SEVENTY.to_vec();
    args.extend(["--pp", pp]);
    args.extend_from_slice(more);
    args
}

/// The weights held per GPU, the KV wall and the GPUs, worked by hand: 70,553,706,496
/// parameters × 2 bytes ÷ 8 GPUs; (81,559 MiB × 0.9 − 3 GB − the weights) ÷ (327,680 bytes ×
/// 8,192 ÷ 8), rounded down: 167 sequences (57 at PP 1).
#[test]
fn json_shows_the_weights_the_kv_wall_and_the_gpus_of_two_stages() {
    let v = calc_json(&args("2", &[]));
    let held = 70_553_706_496.0 * 2.0 / 8.0;
    near(num(&v, "weight_bytes_stored_per_gpu"), held);
    near(num(&v, "weight_gb_stored_per_gpu"), held / 1e9);
    let usable = 81_559.0 * 1_048_576.0 * 0.9 - 3e9;
    let wall = ((usable - held) / (327_680.0 * 8192.0 / 8.0)).floor();
    near(wall, 167.0);
    near(num(&v, "max_batch_kv"), wall);
    assert_eq!(v["gpus"], 8);
    assert_eq!(v["pp"], 2);
    let one = calc_json(&args("1", &[]));
    assert_eq!(one["gpus"], 4);
    near(num(&one, "max_batch_kv"), 57.0);
    near(num(&v, "step_time_ms"), num(&one, "step_time_ms"));
    near(
        num(&v, "tokens_per_s_per_gpu"),
        num(&one, "tokens_per_s_per_gpu") / 2.0,
    );
}

/// The table names the stages and the GPUs, prices eight GPUs, and says the weights read per
/// step are summed over the stages.
#[test]
fn the_table_names_the_stages_and_counts_eight_gpus() {
    let text = calc_text(&args("2", &[]));
    for want in [
        "TP 4 · PP 2 (8 GPUs)",
        "17.64 GB per GPU\n",
        "summed over the 2 stages a token passes in turn",
        "167 sequences at 8192 tokens",
        "× 8 GPUs",
    ] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
    let one = calc_text(&args("1", &[]));
    assert!(!one.contains("PP"), "{one}");
    assert!(one.contains("57 sequences at 8192 tokens"), "{one}");
}

/// `--explain` on the KV wall names the pipeline stages, and the weights held per GPU are
/// derived through W ÷ (TP · PP) with PP among the inputs.
#[test]
fn explain_names_pp_on_the_kv_wall() {
    let text = calc_text(&args("2", &["--explain"]));
    let wall = text
        .split("max_batch_kv")
        .nth(1)
        .unwrap_or_else(|| panic!("no KV wall derivation in\n{text}"));
    assert!(wall.contains("PP stages split the layers"), "{wall}");
    let v = calc_json(&args("2", &[]));
    let held = &v["basis"]["weight_gb_stored_per_gpu"];
    assert_eq!(held["symbols"], "W / (TP * PP)", "{held}");
    assert!(
        held["inputs"]
            .as_array()
            .is_some_and(|i| i.iter().any(|i| i["symbol"] == "PP" && i["value"] == 2.0)),
        "{held}"
    );
}
