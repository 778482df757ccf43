use std::path::Path;

use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::model_config::ConfigWeights;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/model-config");

/// The model of the fixture directory `dir`, imported.
#[track_caller]
pub(super) fn fixture(dir: &str) -> ImportedModel {
    load_model_config(&Path::new(FIXTURES).join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"))
}

/// The `config.json` of the fixture directory `dir`, as written.
#[track_caller]
pub(super) fn config_text(dir: &str) -> String {
    std::fs::read_to_string(Path::new(FIXTURES).join(dir).join("config.json")).unwrap()
}

#[track_caller]
fn llama_text() -> String {
    config_text("Meta-Llama-3-8B")
}

/// The refusal of `dir`'s `config.json` with its first `from` made `to` (which must change
/// it), read as `dir/config.json`.
#[track_caller]
pub(super) fn refused(dir: &str, from: &str, to: &str) -> LocatedError {
    let text = config_text(dir);
    let changed = text.replacen(from, to, 1);
    assert_ne!(changed, text, "the case must change the file");
    parse_model_config("dir/config.json", &changed, "x").unwrap_err()
}

/// The line (from 1) of `dir`'s `config.json` where `needle` first stands.
#[track_caller]
pub(super) fn line_of(dir: &str, needle: &str) -> usize {
    config_text(dir)
        .lines()
        .position(|l| l.contains(needle))
        .unwrap()
        + 1
}

/// Every figure the catalog holds, from the file alone: exactly, parameters included, where
/// the catalog's count is the exact one (dense and MoE); within 0.5 % where the catalog keeps
/// the model card's rounded total (DeepSeek-V3's "671B", Qwen3.6-27B's "27B", whose card
/// counts the vision tower too).
#[rstest]
#[case::dense("Meta-Llama-3-8B", "llama-3-8b", 0.0)]
#[case::moe_mixtral("Mixtral-8x7B-v0.1", "mixtral-8x7b", 0.0)]
#[case::moe_qwen("Qwen3-30B-A3B", "qwen3-30b-a3b", 0.0)]
#[case::mla("DeepSeek-V3", "deepseek-v3", 1e-4)]
#[case::hybrid("Qwen3.6-27B", "qwen3.6-27b", 5e-3)]
fn an_imported_model_is_the_catalogs_entry(
    #[case] dir: &str,
    #[case] id: &str,
    #[case] params_tolerance: f64,
) {
    let imported = fixture(dir).spec;
    let catalog = builtin_catalog();
    let known = catalog.model(id).unwrap();
    let share = (imported.params - known.params).abs() / known.params;
    assert!(
        share <= params_tolerance,
        "{dir}: params {} vs {}",
        imported.params,
        known.params
    );
    let comparable = ModelSpec {
        id: known.id.clone(),
        name: known.name.clone(),
        source: known.source.clone(),
        params: known.params,
        active_params: known.active_params,
        ..imported
    };
    assert_eq!(&comparable, known, "{dir}");
}

#[test]
fn the_weight_format_and_the_checkpoint_bytes_are_read() {
    let deepseek = fixture("DeepSeek-V3");
    assert_eq!(
        deepseek.config.weights,
        ConfigWeights::Fp8Blocks { block: [128, 128] }
    );
    assert_eq!(deepseek.config.mtp_layers, 1);
    assert!(
        deepseek
            .notes
            .iter()
            .any(|n| n.contains("multi-token-prediction"))
    );
    let llama = fixture("Meta-Llama-3-8B");
    assert_eq!(llama.weights(), Dtype::Bf16);
    // 2 bytes × 8,030,261,248 parameters.
    assert_eq!(llama.checkpoint_bytes, Some(16_060_522_496));
    assert_eq!(llama.spec.id, "meta-llama-3-8b");
}

#[rstest]
#[case::awq(r#""quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": true},"#, ConfigWeights::Int4Groups { group: 128 })]
#[case::gptq(r#""quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 32},"#, ConfigWeights::Int4Groups { group: 32 })]
#[case::fp8_per_tensor(
    r#""quantization_config": {"quant_method": "fp8"},"#,
    ConfigWeights::Plain(Dtype::Fp8)
)]
fn quantization_config_gives_the_format(#[case] block: &str, #[case] expected: ConfigWeights) {
    let text = llama_text().replacen(
        "\"attention_bias\"",
        &format!("{block}\n  \"attention_bias\""),
        1,
    );
    let model = parse_model_config("config.json", &text, "x").unwrap();
    assert_eq!(model.config.weights, expected);
}

/// Each refusal names the field and points at it (or, for a missing field, at the object
/// that should hold it), with the line and a caret.
#[rstest]
#[case::missing_kv_heads(
    "  \"num_key_value_heads\": 8,\n",
    "",
    "missing field \"num_key_value_heads\"",
    1
)]
#[case::missing_tie(
    "  \"tie_word_embeddings\": false,\n",
    "",
    "missing field \"tie_word_embeddings\"",
    1
)]
#[case::wrong_kind(
    "\"hidden_size\": 4096",
    "\"hidden_size\": \"4096\"",
    "\"hidden_size\" must be a whole number",
    10
)]
#[case::bad_heads(
    "\"num_key_value_heads\": 8",
    "\"num_key_value_heads\": 5",
    "multiple of num_key_value_heads (5)",
    17
)]
#[case::int4_without_group(
    "\"attention_bias\"",
    "\"quantization_config\": {\"quant_method\": \"awq\", \"bits\": 4},\n  \"attention_bias\"",
    "missing field \"group_size\" in \"quantization_config\"",
    5
)]
#[case::unknown_quant(
    "\"attention_bias\"",
    "\"quantization_config\": {\"quant_method\": \"bitsandbytes\"},\n  \"attention_bias\"",
    "quant_method \"bitsandbytes\" is not one",
    5
)]
#[case::not_json(
    "\"vocab_size\": 128256",
    "\"vocab_size\": 128256,",
    "not a config.json",
    27
)]
fn refusals_are_located(
    #[case] from: &str,
    #[case] to: &str,
    #[case] says: &str,
    #[case] line: usize,
) {
    let e = refused("Meta-Llama-3-8B", from, to);
    let shown = e.to_string();
    assert!(shown.contains(says), "{shown}");
    assert_eq!(e.start.line, line, "{shown}");
    assert!(
        shown.starts_with(&format!("dir/config.json:{line}:")),
        "{shown}"
    );
    assert!(shown.contains('^'), "a caret: {shown}");
}

#[test]
fn an_unknown_model_type_says_what_is_missing() {
    let text = llama_text()
        .replacen("\"llama\"", "\"gpt_neox\"", 1)
        .replacen("  \"num_key_value_heads\": 8,\n", "", 1);
    let e = parse_model_config("config.json", &text, "x").unwrap_err();
    let shown = e.to_string();
    assert!(
        shown.contains("model_type \"gpt_neox\" is not one the tutor reads"),
        "{shown}"
    );
    assert!(shown.contains("it lacks num_key_value_heads"), "{shown}");
    assert!(
        shown.contains("\"model_type\""),
        "located at the field: {shown}"
    );
    let complete = llama_text().replacen("\"llama\"", "\"olmo\"", 1);
    let e = parse_model_config("config.json", &complete, "x").unwrap_err();
    assert!(
        e.to_string().contains("set \"model_type\": \"llama\""),
        "{e}"
    );
}

#[test]
fn every_figure_says_where_it_came_from() {
    let model = fixture("Meta-Llama-3-8B");
    let origin = |figure: &str| {
        model
            .origins
            .iter()
            .find(|(f, _)| *f == figure)
            .map_or_else(|| panic!("no origin for {figure}"), |(_, o)| o.clone())
    };
    assert!(
        origin("kv_heads").ends_with("config.json:17:3 num_key_value_heads"),
        "{}",
        origin("kv_heads")
    );
    assert!(origin("head_dim").contains("hidden_size ÷ num_attention_heads"));
    assert!(origin("params").contains("tensor by tensor"));
    let hybrid = fixture("Qwen3.6-27B");
    assert!(
        hybrid
            .origins
            .iter()
            .any(|(f, o)| *f == "attention_layers" && o.contains("text_config.layer_types"))
    );
}

#[rstest]
#[case("Meta-Llama-3-8B", "meta-llama-3-8b")]
#[case("Qwen3.6 27B (mine)", "qwen3.6-27b--mine")]
#[case("", "imported")]
fn ids_come_from_names(#[case] name: &str, #[case] id: &str) {
    assert_eq!(id_from_name(name), id);
}
