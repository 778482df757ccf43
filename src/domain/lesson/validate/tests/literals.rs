//! The literal rule: numbers that cannot go stale.

use super::{HEADER, problems};
use rstest::rstest;

/// Numbers that cannot go stale: a figure the engine computes for the text's own scenario is
/// refused when typed, one significant digit too, and allowed as a placeholder, a setting (a
/// target, a share), an ordinal or another unit.
#[rstest]
#[case::typed_wall(
    r#"Read(id: "a", scenario: (context: 4096), text: "The wall is 107 sequences.")"#,
    Some("107")
)]
#[case::typed_ridge_named(r#"Read(id: "a", text: "The ridge of 295 holds.")"#, Some("295"))]
#[case::typed_step_time(
    r#"Recall(id: "a", scenario: (batch: 1, context: 0), front: "f", back: "It takes 4.48 ms.")"#,
    Some("4.48")
)]
#[case::typed_on_explain(r#"Explain(id: "a", scenario: (batch: 1, context: 0), prompt: "p", model_answer: "About 15.0 GB a step.")"#, Some("15.0"))]
#[case::placeholder(r#"Read(id: "a", text: "The ridge of {ridge:.0} holds.")"#, None)]
#[case::another_gpus_placeholder(
    r#"Read(id: "a", text: "The ridge of {ridge@h200:.0} holds.")"#,
    None
)]
#[case::a_setting(
    r#"Read(id: "a", scenario: (batch: 64), text: "At batch 64, 64 times the tokens.")"#,
    None
)]
#[case::a_round_target(
    r#"Read(id: "a", scenario: (batch: 128, context: 4096), text: "A promise of 10 ms.")"#,
    None
)]
#[case::another_unit(r#"Read(id: "a", text: "Heads 128 wide, 295 layers.")"#, None)]
#[case::a_fraction(r#"Read(id: "a", text: "9/16 byte.")"#, None)]
#[case::one_digit_mla_at_tp_8(
    r#"Read(id: "a", scenario: (gpu: "h100-sxm", model: "deepseek-v3", precision: fp8, kv: bf16, tp: 8, batch: 64), text: "Attention falls to 30 FLOP/byte.")"#,
    Some("30")
)]
#[case::one_digit_mla_as_a_placeholder(
    r#"Read(id: "a", scenario: (gpu: "h100-sxm", model: "deepseek-v3", precision: fp8, kv: bf16, tp: 8, batch: 64), text: "Attention falls to {attention_intensity:.0} FLOP/byte.")"#,
    None
)]
#[case::round_read_at_the_unit(
    r#"Read(id: "a", scenario: (batch: 100, context: 4096), text: "Each step takes 20 ms.")"#,
    None
)]
#[case::one_digit_step_time(
    r#"Read(id: "a", scenario: (batch: 32, context: 4096), text: "Each step takes 10 ms.")"#,
    Some("10")
)]
#[case::the_target_set(
    r#"Read(id: "a", scenario: (batch: 32, context: 4096, tpot_target_ms: 10.0), text: "A 10 ms target.")"#,
    None
)]
#[case::one_digit_decimal(
    r#"Read(id: "a", scenario: (context: 4096), text: "Each cache is 0.5 GB.")"#,
    Some("0.5")
)]
#[case::one_digit_setting(
    r#"Read(id: "a", scenario: (model: "llama-3-70b", tp: 8), text: "Split over 8 GPUs.")"#,
    None
)]
#[case::its_own_unit_beside_a_placeholder(
    r#"Read(id: "a", scenario: (precision: fp8, batch: 1, context: 0), text: "2 FLOPs per weight ÷ 1 byte = {fc_intensity:.0} FLOP/byte.")"#,
    None
)]
#[case::bare_beside_a_placeholder(
    r#"Read(id: "a", scenario: (batch: 1, context: 0), text: "Here {ridge:.0}, against 206 on the H200.")"#,
    Some("206")
)]
#[case::the_batch_is_no_intensity(
    r#"Read(id: "a", scenario: (batch: 4, context: 0), text: "At batch 4 the dot sits at 4 FLOP/byte.")"#,
    Some("4")
)]
#[case::the_batch_as_sequences(
    r#"Read(id: "a", scenario: (batch: 32, context: 4096), text: "It runs 32 sequences.")"#,
    None
)]
#[case::an_ordinal(
    r#"Read(id: "a", scenario: (context: 4096), text: "Step 32 of the course: the batch bends.")"#,
    None
)]
#[case::at_the_setting_each_names(
    r#"Recall(id: "a", front: "f", back: "About 3 J per token at batch 1, 0.05 J at batch 64 (short context).")"#,
    Some("3")
)]
#[case::h100_alone_is_the_sxm(
    r#"Read(id: "a", scenario: (gpu: "h200"), text: "The ridge is 295 on the H100.")"#,
    Some("295")
)]
#[case::h100_alone_is_not_the_pcie(
    r#"Read(id: "a", scenario: (gpu: "h200"), text: "The ridge is 378 on the H100.")"#,
    None
)]
#[case::h100_alone_is_the_steps_own_h100(
    r#"Read(id: "a", scenario: (gpu: "h100-nvl"), text: "The ridge is 214 on the H100.")"#,
    Some("214")
)]
#[case::ratio_at_two_batches(
    r#"Recall(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", batch: 64, context: 1024), front: "f", back: "Batch 64 is about 41× cheaper than batch 1.")"#,
    Some("41")
)]
#[case::ratio_in_words(
    r#"Read(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", batch: 64, context: 1024), text: "From batch 1, it cuts the cost about 41 times.")"#,
    Some("41")
)]
#[case::ratio_of_two_placeholders(
    r#"Read(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", batch: 1, context: 0), text: "{memory_time_ms:.2} ms of reads, {compute_time_ms:.3} ms of math: 295× apart.")"#,
    Some("295")
)]
#[case::ratio_as_placeholders(
    r#"Recall(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", batch: 64, context: 1024), front: "f", back: "{usd_per_million_tokens@batch=1:.2} USD at batch 1, {usd_per_million_tokens:.3} USD at batch {batch}.")"#,
    None
)]
#[case::ratio_of_settings(
    r#"Read(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", batch: 64, context: 1024), text: "It serves 64 times the batch (1 → 64).")"#,
    None
)]
#[case::a_product(r#"Read(id: "a", text: "A 4,096 × 14,336 layer.")"#, None)]
#[case::a_count_of_cards(r#"Read(id: "a", text: "On 8× H200 cards.")"#, None)]
#[case::bare_figure_in_an_option(
    r#"Predict(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", context: 4096), question: "Attention is at {attention_intensity@batch=1:.0} FLOP/byte at batch 1. What is it at batch 256?", answer: Choice(options: ["about 4", "about 256"], correct: 0), explanation: "e")"#,
    Some("4")
)]
#[case::option_as_a_placeholder(
    r#"Predict(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", context: 4096), question: "Attention is at {attention_intensity@batch=1:.0} FLOP/byte at batch 1. What is it at batch 256?", answer: Choice(options: ["about {attention_intensity@batch=256:.0}", "about 256"], correct: 0), explanation: "e")"#,
    None
)]
#[case::option_not_what_the_question_shows(
    r#"Predict(id: "a", scenario: (model: "llama-3-8b", gpu: "h100-sxm", context: 4096), question: "Attention is at {attention_intensity@batch=1:.0} FLOP/byte at batch 1. What is it at batch 256?", answer: Choice(options: ["about 7", "about 256"], correct: 0), explanation: "e")"#,
    None
)]
fn typed_figures_the_engine_computes_are_refused(
    #[case] step: &str,
    #[case] flagged: Option<&str>,
) {
    assert_flagged(step, flagged, "typed where the engine computes it");
}

/// A setting typed with its naming word where the step's own scenario sets another value: the
/// text went stale when the scenario moved. A what-if, a placeholder, the value the scenario
/// sets, a setting the step does not set and an explore step's preset are not claims about it.
#[rstest]
#[case::batch(
    r#"Read(id: "a", scenario: (batch: 64), text: "At batch 32 the step reads the weights once.")"#,
    Some("batch 32")
)]
#[case::tp(
    r#"Read(id: "a", scenario: (tp: 2), text: "Split at TP 4, each GPU holds a share.")"#,
    Some("TP 4")
)]
#[case::pp(
    r#"Read(id: "a", scenario: (pp: 2), text: "With PP 4 the layers split in stages.")"#,
    Some("PP 4")
)]
#[case::token_context(
    r#"Read(id: "a", scenario: (context: 4096), text: "An 8,192-token context fills the cache.")"#,
    Some("8,192-token")
)]
#[case::in_the_question(
    r#"Predict(id: "a", scenario: (batch: 16, context: 0), question: "At batch 8, which roof binds?", answer: Choice(options: ["memory", "compute"], correct: 0), explanation: "e")"#,
    Some("batch 8")
)]
#[case::the_value_set(
    r#"Read(id: "a", scenario: (batch: 64), text: "At batch 64 the step reads the weights once.")"#,
    None
)]
#[case::a_placeholder(
    r#"Read(id: "a", scenario: (batch: 64), text: "At batch {batch} the step reads the weights once.")"#,
    None
)]
#[case::a_what_if(
    r#"Read(id: "a", scenario: (batch: 64), text: "At batch 1 it would read them for one token.")"#,
    None
)]
#[case::a_contrast(
    r#"Read(id: "a", scenario: (batch: 64), text: "Unlike batch 1, the read serves many.")"#,
    None
)]
#[case::another_steps_figure(
    r#"Read(id: "a", scenario: (batch: 64), text: "Not the batch-1 figure.")"#,
    None
)]
#[case::not_set_by_the_step(
    r#"Read(id: "a", text: "At batch 32 the step reads the weights once.")"#,
    None
)]
#[case::not_beside_its_word(
    r#"Read(id: "a", scenario: (batch: 64), text: "Whatever the batch; (2) why.")"#,
    None
)]
#[case::an_explore_preset(
    r#"Explore(id: "a", preset: (batch: 1), task: "Slide to batch 512. Which roof binds?", answer: Choice(options: ["memory", "compute"], correct: 1), explanation: "e")"#,
    None
)]
fn a_setting_typed_against_the_scenario_is_refused(
    #[case] step: &str,
    #[case] flagged: Option<&str>,
) {
    assert_flagged(step, flagged, "disagrees with the step's scenario");
}

/// The step's problems: none when `flagged` is `None`, else one whose message says `kind` and
/// starts with the written figure.
#[track_caller]
fn assert_flagged(step: &str, flagged: Option<&str>, kind: &str) {
    let found = problems(HEADER, step);
    match flagged {
        Some(written) => {
            let problem = found
                .iter()
                .find(|p| p.message.contains(kind))
                .unwrap_or_else(|| panic!("'{written}' not reported: {found:#?}"));
            assert!(
                problem.message.starts_with(&format!("'{written}'")),
                "{problem:#?}"
            );
        }
        None => assert_eq!(found, vec![]),
    }
}
