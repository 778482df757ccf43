//! The learner's own cluster through the real binary: a model from its config.json gives the
//! catalog entry's `calc --json` to the digit; `model import` writes a models file that loads
//! back; `cluster new` writes a profile that `cluster check` accepts, benchmarks included.

#[path = "cli/calc.rs"]
mod calc;

use calc::roofline;
use rstest::rstest;
use serde_json::Value;

const CONFIGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/model-config");
const BENCHMARKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/benchmarks");

#[track_caller]
fn ok(args: &[&str]) -> String {
    let out = roofline(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every key but the model's names and where its figures came from.
#[track_caller]
fn figures(json: &str) -> Value {
    let mut v: Value = serde_json::from_str(json).unwrap();
    let map = v.as_object_mut().unwrap();
    for key in ["model", "model_name", "model_sources"] {
        map.remove(key);
    }
    v
}

/// Dense and MoE configs, where the catalog's parameter count is the exact one: every number
/// of `calc --json` is the same, to the last digit, at a batch and context that touch the KV
/// cache, the experts and the prefill.
#[rstest]
#[case::dense("Meta-Llama-3-8B", "llama-3-8b")]
#[case::moe_mixtral("Mixtral-8x7B-v0.1", "mixtral-8x7b")]
#[case::moe_qwen("Qwen3-30B-A3B", "qwen3-30b-a3b")]
fn an_imported_model_calculates_as_the_catalog_entry(#[case] dir: &str, #[case] id: &str) {
    let config = format!("{CONFIGS}/{dir}");
    let common = [
        "calc",
        "--json",
        "--gpu",
        "h100-sxm",
        "--batch",
        "16",
        "--context",
        "4096",
        "--tp",
        "2",
    ];
    let mut known: Vec<&str> = common.to_vec();
    known.extend(["--model", id]);
    let mut imported: Vec<&str> = common.to_vec();
    imported.extend(["--model-config", &config]);
    assert_eq!(figures(&ok(&imported)), figures(&ok(&known)), "{dir}");
}

#[test]
fn calc_json_says_where_each_figure_came_from() {
    let config = format!("{CONFIGS}/Meta-Llama-3-8B/config.json");
    let v: Value = serde_json::from_str(&ok(&[
        "calc",
        "--json",
        "--gpu",
        "h100-sxm",
        "--model-config",
        &config,
    ]))
    .unwrap();
    let kv = v["model_sources"]["kv_heads"].as_str().unwrap();
    assert!(kv.ends_with("config.json:17:3 num_key_value_heads"), "{kv}");
    let catalog: Value = serde_json::from_str(&ok(&[
        "calc",
        "--json",
        "--gpu",
        "h100-sxm",
        "--model",
        "llama-3-8b",
    ]))
    .unwrap();
    assert!(
        catalog["model_sources"]["all"]
            .as_str()
            .unwrap()
            .contains("config.json and model card")
    );
}

#[test]
fn an_imported_fp8_checkpoint_is_calculated_in_fp8() {
    let config = format!("{CONFIGS}/DeepSeek-V3");
    let v: Value = serde_json::from_str(&ok(&[
        "calc",
        "--json",
        "--gpu",
        "h200",
        "--tp",
        "8",
        "--model-config",
        &config,
    ]))
    .unwrap();
    assert_eq!(v["weights"], "fp8");
}

/// gpt-oss-20b imported from its config.json, at 128K context, batch 8, BF16 KV on an H200:
/// its 12 sliding layers keep 128 tokens each, so the KV figures are about half of what
/// counting every layer at the full context gives. By hand: 2 × 8 KV heads × 64 × 2 B =
/// 2,048 B per token and layer; 12 × 131,072 × 2,048 + 12 × 128 × 2,048 = 3,224,371,200 B per
/// sequence (every layer: 24 × 131,072 × 2,048 = 6,442,450,944 B); a step at batch 8 reads
/// 8 × that; the KV wall is the budget over it.
#[test]
fn an_imported_sliding_model_counts_its_window_in_calc() {
    let config = format!("{CONFIGS}/gpt-oss-20b");
    let v: Value = serde_json::from_str(&ok(&[
        "calc",
        "--json",
        "--gpu",
        "h200",
        "--context",
        "131072",
        "--batch",
        "8",
        "--kv",
        "bf16",
        "--model-config",
        &config,
    ]))
    .unwrap();
    let (windowed, every_layer) = (3_224_371_200.0, 6_442_450_944.0);
    let close = |key: &str, want: f64| {
        let got = v[key].as_f64().unwrap();
        assert!(
            (got - want).abs() <= 1e-9 * want,
            "{key}: {got} against {want}"
        );
    };
    close("kv_gb_per_sequence", windowed / 1e9);
    close("kv_gb_read_per_gpu", 8.0 * windowed / 1e9);
    let budget = v["kv_budget_bytes_per_gpu"].as_f64().unwrap();
    assert_eq!(
        v["max_batch_kv"].as_u64().unwrap(),
        (budget / windowed).floor() as u64
    );
    assert!((budget / every_layer).floor() < (budget / windowed).floor() / 1.9);
    let imported = ok(&["model", "import", &config]);
    assert!(
        imported.contains(
            "sliding_window: (\n                window: 128,\n                layers: 12,"
        ),
        "{imported}"
    );
}

/// gpt-oss-20b's MXFP4 covers only its routed experts: `calc` holds 13,751,518,848 B of
/// weights (the experts' 19,116,933,120 weights at 17/32 B, the other 1,797,824,064 at 2 B;
/// the repository's safetensors files hold about 13.8 GB), and `model import` says so.
#[test]
fn an_imported_gpt_oss_keeps_all_but_its_experts_in_bf16() {
    let config = format!("{CONFIGS}/gpt-oss-20b");
    let v: Value = serde_json::from_str(&ok(&[
        "calc",
        "--json",
        "--gpu",
        "h100-sxm",
        "--model-config",
        &config,
    ]))
    .unwrap();
    let held = v["weight_bytes_stored_per_gpu"].as_f64().unwrap();
    assert!((held - 13_751_518_848.0).abs() < 1.0, "{held}");
    let imported = ok(&["model", "import", &config]);
    assert!(
        imported.contains(
            "// The checkpoint ships its routed experts as MXFP4 and every other weight as BF16."
        ),
        "{imported}"
    );
}

#[test]
fn model_import_writes_a_models_file_that_loads_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.ron");
    let text = ok(&[
        "model",
        "import",
        &format!("{CONFIGS}/Qwen3.6-27B"),
        "--id",
        "my-hybrid",
    ]);
    assert!(text.contains("//   attention_layers:"), "{text}");
    std::fs::write(&file, text).unwrap();
    let out = ok(&[
        "calc",
        "--models",
        file.to_str().unwrap(),
        "--gpu",
        "h100-sxm",
        "--model",
        "my-hybrid",
    ]);
    assert!(out.contains("linear-attention state"), "{out}");
}

#[test]
fn a_missing_field_is_refused_with_its_name_and_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.json");
    let text = std::fs::read_to_string(format!("{CONFIGS}/Meta-Llama-3-8B/config.json")).unwrap();
    std::fs::write(
        &file,
        text.replacen("  \"vocab_size\": 128256\n", "  \"use_cache\": true\n", 1)
            .replacen("\"use_cache\": true,\n", "", 1),
    )
    .unwrap();
    let out = roofline(&[
        "calc",
        "--gpu",
        "h100-sxm",
        "--model-config",
        file.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("config.json:1:1: missing field \"vocab_size\""),
        "{err}"
    );
    assert!(err.contains('^'), "{err}");
}

#[test]
fn cluster_new_writes_a_profile_that_checks_with_its_benchmarks() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("mine.ron");
    let profile = profile.to_str().unwrap();
    ok(&[
        "cluster",
        "new",
        "--gpu",
        "h100-sxm",
        "--model-config",
        &format!("{CONFIGS}/Meta-Llama-3-8B"),
        "--max-num-seqs",
        "64",
        "--context",
        "2048",
        "--measured",
        &format!("{BENCHMARKS}/vllm-summary-sweep.txt"),
        "--write",
        profile,
    ]);
    let text = std::fs::read_to_string(profile).unwrap();
    assert!(
        text.contains("model_config: \"") && text.contains("measured_files: [\""),
        "{text}"
    );
    let checked = ok(&["cluster", "check", profile]);
    assert!(checked.contains("ok"), "{checked}");
    assert!(
        checked.contains("3 benchmark run(s) on the plot"),
        "{checked}"
    );
    assert!(checked.contains("HBM read 3.067 TB/s"), "{checked}");
}

#[test]
fn a_benchmark_of_another_model_is_said_so_and_left_off() {
    let out = roofline(&[
        "cluster",
        "check",
        concat!(env!("CARGO_MANIFEST_DIR"), "/assets/clusters/example.ron"),
        "--measured",
        &format!("{BENCHMARKS}/vllm-llama-3-8b-c32.json"),
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "it measured meta-llama/Meta-Llama-3-8B-Instruct, not the cluster's Qwen3.6-27B"
        ),
        "{err}"
    );
}

/// calc checks `--measured` runs against the setting it computes, not the default cluster's
/// (Llama-3-8B on an H100): a run of another model, or from another GPU, is said so and left
/// out of its measured section, which an H200 then lacks.
#[rstest]
#[case::another_model(
    "vllm-llama-3-8b-c32.json",
    &["--gpu", "h200", "--model", "qwen3-8b"],
    "it measured meta-llama/Meta-Llama-3-8B-Instruct, not this setting's Qwen3-8B"
)]
#[case::another_gpu(
    "llama-bench-llama-3-8b.json",
    &["--gpu", "h200", "--model", "llama-3-8b"],
    "it ran on NVIDIA H100 80GB HBM3, not this setting's H200 SXM"
)]
fn calc_checks_the_runs_against_its_own_setting(
    #[case] file: &str,
    #[case] setting: &[&str],
    #[case] says: &str,
) {
    let measured = format!("{BENCHMARKS}/{file}");
    let mut args = vec!["calc", "--json", "--measured", &measured];
    args.extend_from_slice(setting);
    let out = roofline(&args);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(says), "{err}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json.get("measured"), None, "{json}");
}

/// `plot --measured` places the runs at the setting its own flags give (issue 23): at TP 2,
/// which the default cluster (TP 1) is not, the run's point is drawn; a run of another model or
/// GPU than the flags' is said so, in the flags' words, and left off the picture.
#[rstest]
#[case::placed_at_the_flags(
    "vllm-llama-3-8b-c32.json",
    &["--gpu", "h100-sxm", "--model", "llama-3-8b", "--tp", "2"],
    None
)]
#[case::another_model(
    "vllm-llama-3-8b-c32.json",
    &["--gpu", "h100-sxm", "--model", "qwen3-8b"],
    Some("it measured meta-llama/Meta-Llama-3-8B-Instruct, not this setting's Qwen3-8B")
)]
#[case::another_gpu(
    "llama-bench-llama-3-8b.json",
    &["--gpu", "h200", "--model", "llama-3-8b"],
    Some("it ran on NVIDIA H100 80GB HBM3, not this setting's H200 SXM")
)]
fn plot_places_the_runs_at_its_own_flags(
    #[case] file: &str,
    #[case] setting: &[&str],
    #[case] says: Option<&str>,
) {
    let measured = format!("{BENCHMARKS}/{file}");
    let mut args = vec!["plot", "--svg", "-", "--measured", &measured];
    args.extend_from_slice(setting);
    let out = roofline(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let svg = String::from_utf8_lossy(&out.stdout);
    match says {
        None => {
            assert!(!err.contains("warning"), "{err}");
            assert!(svg.contains("measured B=32"), "{svg}");
        }
        Some(says) => {
            assert!(err.contains(says), "{err}");
            assert!(!svg.contains("measured B="), "{svg}");
        }
    }
}

#[test]
fn a_file_that_is_not_a_benchmark_is_refused_located() {
    let config = format!("{CONFIGS}/Meta-Llama-3-8B/config.json");
    // calc reads benchmarks too (its measured section) and refuses one that is not.
    let out = roofline(&["calc", "--gpu", "h100-sxm", "--measured", &config]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a serving benchmark result"), "{err}");
    let out = roofline(&[
        "cluster",
        "check",
        concat!(env!("CARGO_MANIFEST_DIR"), "/assets/clusters/example.ron"),
        "--measured",
        &config,
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a serving benchmark result"), "{err}");
    assert!(err.contains("config.json:1:1"), "{err}");
}
