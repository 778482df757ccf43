//! gpt-oss from its config.json: its parameters, sinks and biases included, against the model
//! card's counts.

use rstest::rstest;

use crate::content::model_config::tests::{config_text, fixture, line_of, refused};

/// Tensor by tensor (hidden 2,880, 64 query and 8 KV heads of 64, vocab 201,088, experts of
/// width 2,880, top-4):
/// - per layer, attention: q and o 2 × 2,880 × 4,096, k and v 2 × 2,880 × 512, biases
///   4,096 + 2 × 512 + 2,880, 64 sinks = 26,550,144;
/// - per layer, MoE: router 2,880 × E + E, each expert 3 × 2,880 × 2,880 = 24,883,200 plus its
///   biases 2 × 2,880 + 2,880 = 8,640; two norms 5,760;
/// - embedding and head 2 × 201,088 × 2,880 = 1,158,266,880, final norm 2,880.
///
/// 20b (24 layers, 32 experts): 20,914,757,184. 120b (36 layers, 128 experts):
/// 116,829,156,672. Active per token, as the card counts it (every weight a token multiplies,
/// the input embedding not among them): total − embedding − routed × (1 − 4/E): 3,608,307,264
/// and 5,132,849,472. The gpt-oss model card (OpenAI, August 2025, table 1) gives 20.91B total
/// and 3.61B active, 116.83B and 5.13B.
#[rstest]
#[case::gpt_oss_20b("gpt-oss-20b", 20_914_757_184, 3_608_307_264.0, (20.9, 3.6))]
#[case::gpt_oss_120b("gpt-oss-120b", 116_829_156_672, 5_132_849_472.0, (116.8, 5.1))]
fn the_parameters_count_the_sinks_and_the_expert_biases(
    #[case] dir: &str,
    #[case] total: u64,
    #[case] active: f64,
    #[case] card_billions: (f64, f64),
) {
    let model = fixture(dir);
    assert_eq!(model.config.params(), total);
    assert!((model.spec.params - total as f64).abs() < 0.5);
    let per_token = model.spec.matmul_params_per_token();
    assert!(
        (per_token - active).abs() < 1.0,
        "{dir}: {per_token} active against {active}"
    );
    let round = |x: f64| (x / 1e8).round() / 10.0;
    assert_eq!((round(total as f64), round(per_token)), card_billions);
    assert!(
        model.notes.iter().all(|n| !n.contains("sinks")),
        "nothing of gpt-oss is left out any more: {:?}",
        model.notes
    );
}

/// Only the experts are MXFP4 (17/32 byte a weight); attention, router, norms, embedding and
/// head stay BF16 (the file has no `torch_dtype`, so BF16). gpt-oss-20b: the experts with
/// their biases, 24 × 32 × (24,883,200 + 8,640) = 19,116,933,120 weights × 17/32 =
/// 10,155,870,720 B; the other 1,797,824,064 × 2 B = 3,595,648,128 B; 13,751,518,848 B in
/// all, the 13.8 GB (12.8 GiB) the repository's safetensors files hold. Counted all in
/// MXFP4 (embedding and head in BF16), it would be 12.8 GB. A decode step at batch 1 reads the
/// 4 of 32 experts one token picks (1,269,483,840 B) and all the rest but the input embedding
/// (1,218,690,624 × 2 B = 2,437,381,248 B).
#[test]
fn only_the_experts_are_mxfp4_and_the_rest_stays_bf16() {
    use crate::domain::dtype::Dtype;
    use crate::domain::model::ExpertsOnly;
    use crate::domain::model_config::ConfigWeights;

    let model = fixture("gpt-oss-20b");
    let split = ExpertsOnly {
        experts: Dtype::Mxfp4,
        rest: Dtype::Bf16,
    };
    assert_eq!(model.config.weights, ConfigWeights::ExpertsOnly(split));
    assert_eq!(model.spec.experts_only, Some(split));
    assert_eq!(model.weights(), Dtype::Mxfp4);
    let stored = model.spec.weight_bytes_stored(Dtype::Mxfp4);
    assert!((stored - 13_751_518_848.0).abs() < 1.0, "{stored}");
    assert!((stored / 1e9 - 13.8).abs() < 0.05, "{stored}");
    let read = model.spec.weight_bytes_read(1.0, Dtype::Mxfp4);
    assert!(
        (read - (1_269_483_840.0 + 2_437_381_248.0)).abs() < 1.0,
        "{read}"
    );
    // At another format the whole model takes it, as for any model.
    let bf16 = model.spec.weight_bytes_stored(Dtype::Bf16);
    assert!((bf16 - 2.0 * 20_914_757_184.0).abs() < 1.0, "{bf16}");
}

/// `modules_to_not_convert` is read strictly: a module the tutor does not know is refused at
/// the pattern itself, `path:line:col`.
#[test]
fn an_unknown_unconverted_module_is_refused_located() {
    let shown = refused(
        "gpt-oss-20b",
        "\"lm_head\"",
        "\"model.layers.*.mlp.experts\"",
    )
    .to_string();
    let line = line_of("gpt-oss-20b", "\"lm_head\"");
    let col = config_text("gpt-oss-20b")
        .lines()
        .nth(line - 1)
        .unwrap()
        .find('"')
        .unwrap()
        + 1;
    assert!(
        shown.starts_with(&format!("dir/config.json:{line}:{col}:")),
        "{shown}"
    );
    assert!(
        shown.contains("modules_to_not_convert lists \"model.layers.*.mlp.experts\""),
        "{shown}"
    );
}
