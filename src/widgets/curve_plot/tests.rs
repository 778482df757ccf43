use super::*;
use crate::content::data_files::builtin_catalog;
use crate::domain::latency::{bend, curve};
use crate::domain::scenario::Scenario;
use crate::widgets::theme::ColorMode;
use rstest::rstest;

/// The engine's curve for Llama-3-8B on an H100 at 4K, batch 1 to the KV wall (107), the
/// slider at batch 8.
fn model(withheld: Withheld, glyphs: GlyphSet) -> CurveModel {
    let catalog = builtin_catalog();
    let s = Scenario::default_cluster();
    let points = curve(&s, &catalog, 107).unwrap();
    let at = points.iter().copied().find(|p| p.batch == 8);
    let target = points
        .iter()
        .copied()
        .find(|p| p.batch == 64)
        .map(|p| (p, 20.0));
    CurveModel {
        bend: bend(&points),
        points,
        at,
        target,
        withheld,
        appearance: Appearance::new(glyphs, ColorMode::Monochrome),
    }
}

fn draw(model: &CurveModel, width: u16, height: u16) -> String {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    CurvePlot::new(model).render(area, &mut buf);
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_bend_the_dot_and_the_axes_are_drawn() {
    let text = draw(&model(Withheld::none(), GlyphSet::Unicode), 70, 20);
    let bend = bend(&model(Withheld::none(), GlyphSet::Unicode).points).unwrap();
    assert!(text.contains(&format!("bend B={}", bend.batch)), "{text}");
    assert!(text.contains("B=8"), "{text}");
    assert!(text.contains("tok/s per GPU"), "{text}");
    assert!(text.contains("tokens per second per user"), "{text}");
    assert!(text.contains("1k"), "a decade tick is labelled:\n{text}");
}

#[rstest]
#[case::the_bend(Quantity::BendBatch, "bend B=")]
#[case::the_target_batch(Quantity::TargetBatch, "ms: B=")]
fn a_mark_the_step_asks_for_is_not_drawn(#[case] asked: Quantity, #[case] mark: &str) {
    let open = draw(&model(Withheld::none(), GlyphSet::Unicode), 70, 20);
    assert!(open.contains(mark), "{open}");
    let asking = draw(
        &model(Withheld::none().asking(asked, []), GlyphSet::Unicode),
        70,
        20,
    );
    assert!(!asking.contains(mark), "{asking}");
    // The learner's batch is a setting: its dot stays.
    assert!(asking.contains("B=8"), "{asking}");
}

/// An axis a pending figure follows from keeps neither its numbers nor its decade ticks (their
/// spacing beside the target's line would give the scale). Per GPU is per user × batch ÷ TP,
/// so a speed asked takes both axes; a step time both too (per user is its inverse, and with the
/// dimension rule the per-GPU speed goes with it, as a time follows from it and a batch); a
/// batch on the curve (per GPU × TP ÷ per user) the per-GPU one.
#[rstest]
#[case::per_user(Quantity::TokensPerSPerSeq, &['┬', '┤'], &[])]
#[case::per_gpu(Quantity::TokensPerSPerGpu, &['┬', '┤'], &[])]
#[case::a_step_time_takes_both(Quantity::StepTimeMs, &['┬', '┤'], &[])]
#[case::tokens_per_s_gives_both(Quantity::TokensPerS, &['┬', '┤'], &[])]
#[case::the_bend_is_per_gpu_over_per_user(Quantity::BendBatch, &['┤'], &['┬'])]
#[case::the_target_batch_too(Quantity::TargetBatch, &['┤'], &['┬'])]
fn an_asked_figure_leaves_its_axes_bare(
    #[case] asked: Quantity,
    #[case] gone: &[char],
    #[case] kept: &[char],
) {
    let open = draw(&model(Withheld::none(), GlyphSet::Unicode), 70, 20);
    assert!(open.contains('┬') && open.contains('┤'), "{open}");
    let text = draw(
        &model(Withheld::none().asking(asked, []), GlyphSet::Unicode),
        70,
        20,
    );
    for tick in gone {
        assert!(!text.contains(*tick), "{tick}: {text}");
    }
    for tick in kept {
        assert!(text.contains(*tick), "{tick}: {text}");
    }
}

#[test]
fn ascii_draws_only_ascii() {
    let text = draw(&model(Withheld::none(), GlyphSet::Ascii), 70, 20);
    assert!(text.is_ascii(), "{text}");
}

#[test]
fn a_setting_that_runs_nothing_says_so() {
    let mut empty = model(Withheld::none(), GlyphSet::Unicode);
    empty.points.clear();
    assert!(draw(&empty, 60, 10).contains("no curve"));
}

#[test]
fn every_size_draws_without_panicking() {
    let m = model(Withheld::none(), GlyphSet::Unicode);
    for width in [0, 1, 2, 5, 9, 14, 20, 41, 80] {
        for height in [0, 1, 2, 3, 4, 6, 16, 30] {
            let _ = draw(&m, width, height);
        }
    }
    let small = draw(&m, 40, 2);
    assert!(small.contains("B=8"), "{small}");
}
