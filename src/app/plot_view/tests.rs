//! The plot's setting: the slider against the KV wall, and the cycle keys.

use rstest::rstest;

use super::*;
use crate::content::data_files::builtin_catalog;

fn view() -> PlotView {
    view_with(|_| ())
}

/// The plot at the course's cluster with `edit` made to its setting.
fn view_with(edit: impl FnOnce(&mut Scenario)) -> PlotView {
    let mut scenario = Scenario::default_cluster();
    edit(&mut scenario);
    PlotView::new(scenario)
}

const WALL: &str = "KV wall: 107 sequences × 4K context fill the 57.9 GB KV budget (3 GB reserved)";

#[rustfmt::skip]
#[rstest]
#[case::double(8, 16, PlotChange::Changed, 16)]
#[case::halve(8, 4, PlotChange::Changed, 4)]
#[case::halve_at_one(1, 0, PlotChange::Refused("the batch is already 1, the smallest".to_owned()), 1)]
#[case::to_the_wall(64, 128, PlotChange::ChangedWithNote(WALL.to_owned()), 107)]
#[case::past_the_wall(107, 214, PlotChange::Refused(WALL.to_owned()), 107)]
#[case::plus_one_at_the_wall(107, 108, PlotChange::Refused(WALL.to_owned()), 107)]
#[case::minus_one_at_the_wall(107, 106, PlotChange::Changed, 106)]
#[case::far_beyond(3, 1_000_000, PlotChange::ChangedWithNote(WALL.to_owned()), 107)]
fn the_slider_stops_at_the_kv_wall(
    #[case] from: u32,
    #[case] wanted: u32,
    #[case] change: PlotChange,
    #[case] batch: u32,
) {
    let catalog = builtin_catalog();
    let mut plot = view_with(|s| s.batch = from);
    assert_eq!(plot.set_batch(wanted, &catalog), change);
    assert_eq!(plot.scenario.batch, batch);
}

#[test]
fn without_a_wall_the_slider_ends_at_4096() {
    let catalog = builtin_catalog();
    let mut plot = view_with(|s| s.context = 0);
    assert_eq!(plot.range(&catalog).unwrap().wall(), None);
    assert_eq!(
        plot.set_batch(10_000, &catalog),
        PlotChange::ChangedWithNote("the slider ends at batch 4096".into())
    );
    assert_eq!(plot.scenario.batch, 4096);
}

/// The contexts cycle, and stop at their ends: `C` at 1K does not jump to 128K, nor `c` at
/// 128K back to 1K (issue #22); the ends say so and leave the context as it was.
#[rustfmt::skip]
#[rstest]
#[case::forward(4096, Cycle::Forward, PlotChange::Changed, 8192)]
#[case::backward(4096, Cycle::Backward, PlotChange::Changed, 1024)]
#[case::from_an_odd_length(3000, Cycle::Forward, PlotChange::Changed, 4096)]
#[case::shortest(1024, Cycle::Backward, PlotChange::Refused("the context is already 1K, the shortest".into()), 1024)]
#[case::longest(131_072, Cycle::Forward, PlotChange::Refused("the context is already 128K, the longest".into()), 131_072)]
fn contexts_cycle(#[case] from: u64, #[case] cycle: Cycle, #[case] change: PlotChange, #[case] to: u64) {
    let mut plot = view_with(|s| {
        s.context = from;
        s.batch = 1;
    });
    assert_eq!(plot.cycle_context(cycle, &builtin_catalog()), change);
    assert_eq!(plot.scenario.context, to);
}

#[test]
fn a_longer_context_brings_the_batch_down_to_the_new_wall() {
    let catalog = builtin_catalog();
    let mut plot = view_with(|s| s.batch = 107);
    let change = plot.cycle_context(Cycle::Forward, &catalog);
    assert_eq!(plot.scenario.batch, 53);
    assert_eq!(
        change,
        PlotChange::ChangedWithNote(
            "batch lowered to 53: KV wall: 53 sequences × 8K context fill the 57.9 GB KV budget (3 GB reserved)"
                .into()
        )
    );
}

#[test]
fn precision_cycles_bf16_fp8_int4_and_skips_what_the_gpu_lacks() {
    let catalog = builtin_catalog();
    let mut plot = view();
    let mut seen = Vec::new();
    for _ in 0..3 {
        let _ = plot.cycle_precision(Cycle::Forward, &catalog);
        seen.push((plot.scenario.precision, plot.scenario.weights));
    }
    assert_eq!(
        seen,
        vec![
            (Dtype::Fp8, Dtype::Fp8),
            (Dtype::Bf16, Dtype::Int4),
            (Dtype::Bf16, Dtype::Bf16)
        ]
    );

    plot.scenario.gpu = "a100-80gb".into();
    let change = plot.cycle_precision(Cycle::Forward, &catalog);
    assert_eq!(
        (plot.scenario.precision, plot.scenario.weights),
        (Dtype::Bf16, Dtype::Int4)
    );
    assert!(
        matches!(&change, PlotChange::ChangedWithNote(n) if n.contains("skipped") && n.contains("FP8")),
        "{change:?}"
    );
}

#[test]
fn a_gpu_without_the_format_falls_back_to_bf16() {
    let catalog = builtin_catalog();
    let mut plot = view_with(|s| {
        s.precision = Dtype::Fp8;
        s.weights = Dtype::Fp8;
        s.gpu = "h200".into();
    });
    let change = plot.cycle_gpu(Cycle::Forward, &catalog);
    assert_eq!(plot.scenario.gpu, "a100-40gb");
    assert_eq!(plot.scenario.precision, Dtype::Bf16);
    assert!(
        matches!(&change, PlotChange::ChangedWithNote(n) if n.contains("has no FP8 peak: showing BF16")),
        "{change:?}"
    );
    let _ = plot.cycle_gpu(Cycle::Backward, &catalog);
    assert_eq!(plot.scenario.gpu, "h200");
}

#[test]
fn a_model_too_big_for_the_gpu_does_not_fit_and_the_slider_says_so() {
    let catalog = builtin_catalog();
    let mut plot = view();
    while plot.scenario.model.as_deref() != Some("llama-3.1-405b") {
        let _ = plot.cycle_model(Cycle::Forward, &catalog);
    }
    assert_eq!(
        plot.range(&catalog).unwrap().limit,
        crate::domain::batch_range::Limit::DoesNotFit
    );
    let refused = plot.set_batch(2, &catalog);
    assert!(
        matches!(&refused, PlotChange::Refused(why) if why.starts_with("does not fit")),
        "{refused:?}"
    );
}

#[rustfmt::skip]
#[rstest]
#[case::one_k(1024, "1K")]
#[case::four_k(4096, "4K")]
#[case::big(131_072, "128K")]
#[case::odd(3000, "3000")]
#[case::zero(0, "0")]
fn context_labels(#[case] context: u64, #[case] label: &str) {
    assert_eq!(context_label(context), label);
}

#[rustfmt::skip]
#[rstest]
#[case::plain(0, Dtype::Bf16, 1, "m · no KV cache · weights BF16")]
#[case::kv_and_tp(4096, Dtype::Fp8, 4, "m · 4K context · weights BF16 · KV FP8 · TP 4")]
fn the_setting_in_words(#[case] context: u64, #[case] kv: Dtype, #[case] tp: u32, #[case] words: &str) {
    let scenario = Scenario {
        context,
        weights: Dtype::Bf16,
        kv,
        tp,
        ..Scenario::default_cluster()
    };
    assert_eq!(setting_words(&scenario, "m", " · "), words);
}

/// Lesson 17's steps set EP 16 or PP 2: the setting line says so, as it says TP.
#[test]
fn the_setting_names_expert_and_pipeline_parallel() {
    let scenario = Scenario {
        model: Some("deepseek-v3".to_owned()),
        tp: 8,
        ep: 16,
        pp: 2,
        ..Scenario::default_cluster()
    };
    assert!(
        setting_words(&scenario, "m", " · ").ends_with("TP 8 · EP 16 · PP 2"),
        "{}",
        setting_words(&scenario, "m", " · ")
    );
}
