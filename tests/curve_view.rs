//! The plot pane's throughput–interactivity view (issue 25, part 4) and the interconnect term
//! in the readouts (part 3), as drawn: snapshots at 120×40 and 80×24, the key through the
//! keymap (footer and help), withholding by the domain's families, and the smallest sizes.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::plot_view::PlotKind;
use roofline_tutor::app::{App, AppMsg, Msg, StepMsg};
use rstest::rstest;
use support::{course_app, key, opened_at, press, render, send, terminal, text, typed};

/// Lesson 19 at its step `step`, the curve switched on with `v`.
fn latency_lesson_on_the_curve(step: usize, width: u16, height: u16) -> App {
    let mut app = opened_at(course_app(width, height), "latency-targets", step);
    press(&mut app, &[key(KeyCode::Char('v'))]);
    assert_eq!(app.plot().kind, PlotKind::Curve);
    app
}

#[test]
fn curve_view_120x40() {
    // The bend's own step: its mark is withheld until the reveal.
    let app = latency_lesson_on_the_curve(8, 120, 40);
    insta::assert_snapshot!(terminal(&app, 120, 40).backend());
}

#[test]
fn curve_view_80x24() {
    let app = latency_lesson_on_the_curve(8, 80, 24);
    insta::assert_snapshot!(terminal(&app, 80, 24).backend());
}

#[test]
fn curve_view_at_1x1_and_every_small_size_does_not_panic() {
    let app = latency_lesson_on_the_curve(8, 120, 40);
    for (width, height) in [
        (1, 1),
        (2, 1),
        (1, 2),
        (40, 12),
        (41, 13),
        (60, 16),
        (79, 23),
    ] {
        let _ = render(&app, width, height);
    }
}

#[test]
fn the_bend_is_withheld_until_its_step_is_revealed() {
    let mut app = latency_lesson_on_the_curve(8, 120, 40);
    let before = text(&render(&app, 120, 40));
    assert!(!before.contains("bend B="), "{before}");
    press(&mut app, &typed("32"));
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    let after = text(&render(&app, 120, 40));
    assert!(after.contains("bend B="), "{after}");
}

#[test]
fn the_target_batch_is_withheld_on_its_step() {
    // Step 3 asks the largest batch under 20 ms: the target's mark stays off the curve.
    let app = latency_lesson_on_the_curve(3, 120, 40);
    let screen = text(&render(&app, 120, 40));
    assert!(!screen.contains("ms: B="), "{screen}");
    assert!(screen.contains("tok/s per GPU"), "{screen}");
}

#[test]
fn the_key_is_in_the_footer_and_the_help_and_switches_back() {
    let mut app = opened_at(course_app(160, 45), "latency-targets", 8);
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("v curve"), "{screen}");
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    let help = text(&render(&app, 160, 45));
    assert!(help.contains("tok/s per user"), "{help}");
    send(&mut app, &[Msg::App(AppMsg::CloseHelp)]);
    press(&mut app, &[key(KeyCode::Char('v'))]);
    assert!(text(&render(&app, 160, 45)).contains("Throughput vs interactivity"));
    press(&mut app, &[key(KeyCode::Char('v'))]);
    assert_eq!(app.plot().kind, PlotKind::Roofline);
    assert!(text(&render(&app, 160, 45)).contains("Roofline"));
}

#[test]
fn the_interconnect_term_names_the_link_at_tp8() {
    // Lesson 13's step 8 counts the calls: the ring over NVLink inside one node.
    let app = opened_at(course_app(120, 40), "interconnect", 8);
    let screen = text(&render(&app, 120, 40));
    let line = screen
        .lines()
        .find(|l| l.contains("all-reduce ("))
        .unwrap_or_else(|| panic!("no all-reduce readout in\n{screen}"));
    assert!(line.contains("on NVLink 4"), "{line}");
}

#[test]
fn the_interconnect_term_is_masked_while_a_step_asks_for_it() {
    // Step 10 asks the step with the all-reduces across two nodes: the term's time goes.
    let app = opened_at(course_app(120, 40), "interconnect", 10);
    let screen = text(&render(&app, 120, 40));
    let line = screen
        .lines()
        .find(|l| l.contains("ms all-reduce"))
        .unwrap_or_else(|| panic!("no all-reduce readout in\n{screen}"));
    assert!(line.contains("+? ms all-reduce"), "{line}");
    assert!(line.contains("on InfiniBand NDR"), "{line}");
}

#[test]
fn the_pure_roofline_lessons_have_no_interconnect_term() {
    // Lesson 10 runs Llama-3-70B at TP 8 and names no link: the step stays the speed of light.
    let app = opened_at(course_app(120, 40), "when-roofline-lies", 8);
    assert!(!text(&render(&app, 120, 40)).contains("all-reduce ("));
}

/// Every point of the curve is a batch: tok/s per GPU × TP ÷ tok/s per user. With both axes
/// read, the bend's batch or the target's follows to about a decade, so while a step asks for
/// either the tok/s-per-GPU axis carries neither numbers nor decade ticks (the family rule:
/// the batch of a point on the curve goes with its two speeds). Step 2 asks nothing, but the
/// steps after it that ask those batches are not revealed yet: their quantities are withheld at
/// every setting too, so the ticks go there as well (a `?` only near a later answer would be an
/// oracle).
#[rstest]
#[case::later_steps_pending(2, false)]
#[case::target_batch(3, false)]
#[case::bend(8, false)]
fn the_axes_cannot_give_a_pending_batch_away(#[case] step: usize, #[case] ticks: bool) {
    let app = latency_lesson_on_the_curve(step, 120, 40);
    let screen = text(&render(&app, 120, 40));
    assert_eq!(screen.contains('┤'), ticks, "{screen}");
    assert!(screen.contains("tok/s per GPU"), "{screen}");
}

/// The curve in words (`--plain`, `plot` after `curve`): the axes, the dot, the bend and the
/// target line, through the same withholding as the screen.
fn curve_in_words(step: usize) -> String {
    let app = latency_lesson_on_the_curve(step, 120, 40);
    roofline_tutor::cli::plain::plot_words(&app).join("\n")
}

#[test]
fn plain_words_for_the_curve_on_the_bend_step() {
    let words = curve_in_words(8);
    assert!(words.starts_with("Curve: H100 SXM5, BF16"), "{words}");
    assert!(words.contains("Bend: not shown"), "{words}");
    assert!(words.contains("Up: ? to ? tok/s per GPU"), "{words}");
    assert!(words.contains("Target line: 50 ms per token"), "{words}");
    insta::assert_snapshot!(words);
}

#[test]
fn plain_words_for_the_curve_while_the_target_batch_is_asked() {
    let words = curve_in_words(3);
    assert!(
        words.contains("the largest batch that keeps it is not shown"),
        "{words}"
    );
    assert!(words.contains("Up: ? to ? tok/s per GPU"), "{words}");
    insta::assert_snapshot!(words);
}

#[test]
fn plain_words_name_the_bend_once_it_is_revealed() {
    let mut app = latency_lesson_on_the_curve(8, 120, 40);
    press(&mut app, &typed("32"));
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    let words = roofline_tutor::cli::plain::plot_words(&app).join("\n");
    assert!(words.contains("Bend at batch "), "{words}");
    assert!(words.contains("it is before the bend"), "{words}");
}

/// After the bend's reveal the curve ends at the KV wall, and its 107 sequences are still a
/// pending answer (the batch a 50 ms target allows, capped by the wall): the words give neither
/// the end's batch nor the two speeds whose ratio it is.
#[test]
fn plain_words_keep_a_pending_wall_off_the_curve_end() {
    let mut app = latency_lesson_on_the_curve(8, 120, 40);
    press(&mut app, &typed("32"));
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    let words = roofline_tutor::cli::plain::plot_words(&app).join("\n");
    assert!(words.contains("batch 1 to ?."), "{words}");
    assert!(!words.contains("107"), "{words}");
    assert!(words.contains("down to ? at batch ?"), "{words}");
}
