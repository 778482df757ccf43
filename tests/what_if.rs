//! The what-if line over the plot: `:` opens it, Tab completes, a typo gets did-you-mean on
//! the line, Enter applies, and the withholding rule still holds.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, Msg, WhatIfLine};
use roofline_tutor::app::{AppMsg, NavMsg, PlotMsg};
use roofline_tutor::domain::dtype::Dtype;
use support::{course_app, key, press, render, send, terminal, text, typed};

fn at(lesson_id: &str, step: usize) -> App {
    let mut app = course_app(120, 40);
    let index = app
        .lessons()
        .iter()
        .position(|l| l.id == lesson_id)
        .unwrap();
    send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
    for _ in 1..step {
        send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    }
    app
}

fn line(app: &mut App, text: &str) {
    press(app, &[key(KeyCode::Char(':'))]);
    press(app, &typed(text));
    press(app, &[key(KeyCode::Enter)]);
}

#[test]
fn commands_change_the_plot() {
    let mut app = at("batching", 1);
    line(&mut app, "gpu h200");
    assert_eq!(app.plot().scenario.gpu, "h200");
    line(&mut app, "fp8");
    assert_eq!(
        (app.plot().scenario.precision, app.plot().scenario.weights),
        (Dtype::Fp8, Dtype::Fp8)
    );
    line(&mut app, "model llama-3-70b");
    assert_eq!(app.plot().scenario.model.as_deref(), Some("llama-3-70b"));
    line(&mut app, "tp 4");
    assert_eq!(app.plot().scenario.tp, 4);
    line(&mut app, "context 32k");
    assert_eq!(app.plot().scenario.context, 32_768);
    line(&mut app, "batch 16");
    assert_eq!(app.plot().scenario.batch, 16);
    line(&mut app, "overlay mi300x");
    assert_eq!(app.plot().overlay_gpu.as_deref(), Some("mi300x"));
    line(&mut app, "reset");
    assert_eq!(app.plot().overlay_gpu, None);
    assert_eq!(app.plot().scenario.gpu, "h100-sxm");
    line(&mut app, "step 3");
    assert_eq!(app.session().unwrap().current(), 2);
    assert_eq!(app.what_if(), &WhatIfLine::Closed);
}

#[test]
fn a_typo_is_answered_on_the_line_and_changes_nothing() {
    let mut app = at("batching", 1);
    let before = app.plot().clone();
    line(&mut app, "gpu h20");
    assert!(matches!(
        app.what_if(),
        WhatIfLine::Open { error: Some(e), .. } if e == "no GPU 'h20' (did you mean 'h200'?)"
    ));
    assert_eq!(app.plot(), &before);
    insta::assert_snapshot!(
        "what_if_did_you_mean_120x40",
        terminal(&app, 120, 40).backend()
    );
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.what_if(), &WhatIfLine::Closed);
}

#[test]
fn tab_completes_and_q_is_a_letter_on_the_line() {
    let mut app = at("batching", 1);
    press(&mut app, &[key(KeyCode::Char(':'))]);
    press(&mut app, &typed("mo"));
    press(&mut app, &[key(KeyCode::Tab)]);
    press(&mut app, &typed("qwen3-3"));
    press(&mut app, &[key(KeyCode::Tab)]);
    assert!(matches!(app.what_if(), WhatIfLine::Open { text, .. } if text == "model qwen3-3"));
    press(&mut app, &typed("2b"));
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.plot().scenario.model.as_deref(), Some("qwen3-32b"));
}

#[test]
fn a_setting_that_cannot_run_is_refused() {
    let mut app = at("batching", 1);
    line(&mut app, "tp 3");
    assert!(
        app.notice()
            .is_some_and(|n| n.text.contains("tensor parallel 3 must divide")),
        "{:?}",
        app.notice()
    );
    assert_eq!(app.plot().scenario.tp, 1);
}

#[test]
fn the_line_cannot_show_a_pending_answer() {
    // Lesson 2 asks the H200's ridge later; setting the H200 on the plot does not show it.
    let mut app = at("ridge-point", 2);
    line(&mut app, "gpu h200");
    let screen = text(&render(&app, 120, 40));
    assert!(screen.contains("ridge ?"), "{screen}");
}

/// The help scrolls to its last line (it is drawn over the body, above the notice and footer,
/// so its scroll limit is measured there).
#[test]
fn the_help_scrolls_to_its_last_line() {
    let mut app = at("batching", 1);
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    for _ in 0..200 {
        send(&mut app, &[Msg::Nav(NavMsg::ScrollDown)]);
    }
    let screen = text(&render(&app, 120, 40));
    assert!(screen.contains("scroll this help down a page"), "{screen}");
}

/// The help lists the keys of the mode at hand: studying, the quiz's and the review's keys are
/// not there (a mode owns which keys apply).
#[test]
fn the_study_help_lists_only_study_keys() {
    let mut app = at("batching", 1);
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    let mut seen = String::new();
    for _ in 0..60 {
        seen.push_str(&text(&render(&app, 120, 40)));
        send(&mut app, &[Msg::Nav(NavMsg::PageDown)]);
    }
    assert!(seen.contains("scroll this help down a page"), "{seen}");
    for foreign in ["skip this question", "Quiz:", "Review"] {
        assert!(!seen.contains(foreign), "{foreign} in the study help");
    }
}

/// The course with this machine's lab results in the catalog, at lesson `lesson_id`.
fn with_lab_at(lesson_id: &str) -> App {
    use roofline_tutor::app::AppInit;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lab");
    let report = roofline_tutor::store::lab_file::read(&dir)
        .unwrap()
        .expect("the fixture exists");
    let mut catalog = roofline_tutor::content::data_files::builtin_catalog();
    catalog.add_lab(report);
    let lessons = roofline_tutor::content::lessons::load(None, &catalog).unwrap();
    let index = lessons.iter().position(|l| l.id == lesson_id).unwrap();
    let mut app = App::new(AppInit {
        catalog: catalog.into(),
        lessons: lessons.into(),
        cluster: roofline_tutor::domain::scenario::Scenario::default_cluster(),
        progress: roofline_tutor::domain::session::Progress::default(),
        warning: None,
        appearance: roofline_tutor::widgets::Appearance::default(),
        viewport: ratatui::layout::Size::new(120, 40),
        measure: roofline_tutor::ui::MEASURE,
    });
    send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
    app
}

#[test]
fn gpu_this_machine_shows_it_in_its_own_format_as_g_does() {
    // At BF16, as the lessons start: this machine was measured in FP32 only.
    let mut typed_line = with_lab_at("measured-vs-roofline");
    line(&mut typed_line, "gpu this-machine");
    let mut cycled = with_lab_at("measured-vs-roofline");
    while cycled.plot().scenario.gpu != "this-machine" {
        send(
            &mut cycled,
            &[Msg::Plot(PlotMsg::CycleGpu(
                roofline_tutor::app::Cycle::Forward,
            ))],
        );
    }
    for app in [&typed_line, &cycled] {
        assert_eq!(app.plot().scenario.gpu, "this-machine");
        assert_eq!(
            (app.plot().scenario.precision, app.plot().scenario.weights),
            (Dtype::Fp32, Dtype::Fp32)
        );
    }
    let shown = text(&render(&typed_line, 120, 40));
    assert!(shown.contains("This machine · FP32"), "{shown}");
}

/// `:link ID` sends both jobs over one link, as `calc --link` does: the all-reduce and the KV
/// transfer, the jobs' own links giving way to it.
#[test]
fn link_sends_both_jobs_over_one_link() {
    let mut app = at("batching", 1);
    line(&mut app, "link ib-ndr");
    assert_eq!(app.what_if(), &WhatIfLine::Closed);
    let s = &app.plot().scenario;
    let links = (
        s.link.as_deref(),
        s.scale_up_link.as_deref(),
        s.scale_out_link.as_deref(),
    );
    assert_eq!(links, (Some("ib-ndr"), None, None));
}

/// An unknown link is refused on the line, naming the known ones, and changes nothing.
#[test]
fn an_unknown_link_is_refused_with_the_known_ones() {
    let mut app = at("batching", 1);
    let before = app.plot().clone();
    line(&mut app, "link nvlink9");
    assert!(matches!(
        app.what_if(),
        WhatIfLine::Open { error: Some(e), .. }
            if e == "unknown link 'nvlink9'; known: nvlink4, nvlink5, ib-ndr, ib-xdr, pcie4, pcie5, eth-100g"
    ));
    assert_eq!(app.plot(), &before);
}

/// `:lesson N` roams the course only while studying; a walkthrough keeps its lesson and says
/// why on the line.
#[test]
fn lesson_n_opens_a_lesson_in_study_and_is_refused_while_presenting() {
    let mut study = at("batching", 1);
    line(&mut study, "lesson 3");
    assert_eq!(study.what_if(), &WhatIfLine::Closed);
    assert_eq!(study.session().unwrap().lesson_id(), study.lessons()[2].id);

    let mut room = at("batching", 1).presenting("2026-11-26T06:00:00Z".to_owned());
    let before = room.session().unwrap().lesson_id().to_owned();
    line(&mut room, "lesson 3");
    assert!(matches!(
        room.what_if(),
        WhatIfLine::Open { error: Some(e), .. } if e.starts_with("lessons are opened while studying")
    ));
    assert_eq!(room.session().unwrap().lesson_id(), before);
}
