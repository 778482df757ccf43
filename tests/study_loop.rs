//! The study loop on the shipped course, one finding of the "study loop a learner can trust"
//! review per test: each step opens the plot on its own setting, an explore step is judged on
//! the setting the learner committed on, a predict step that asks for the KV wall does not let
//! the slider show it, and a setting that cannot run says so.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, Msg};
use roofline_tutor::app::{NavMsg, PlotMsg, StepMsg};
use roofline_tutor::domain::batch_range::{MAX_BATCH, Wall};
use roofline_tutor::domain::lesson::{Step, scenario_for};
use roofline_tutor::domain::session::{PredictState, ResolvedAnswer, StepState};
use support::{course_app, key, press, render, send, text};

/// Opens lesson `lesson_id` and moves to its step `step_id` (earlier steps left unanswered).
#[track_caller]
fn at_step(lesson_id: &str, step_id: &str) -> App {
    let mut app = course_app(120, 40);
    let index = app
        .lessons()
        .iter()
        .position(|l| l.id == lesson_id)
        .expect("the lesson ships");
    send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
    let target = app.lessons()[index]
        .steps
        .iter()
        .position(|s| s.id() == step_id)
        .expect("the step exists");
    for _ in 0..target {
        send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    }
    app
}

/// The scenario the current step asks the plot to open on.
fn step_setting(app: &App) -> roofline_tutor::domain::scenario::Scenario {
    let screen = app.lesson_screen().unwrap();
    let step = &app.lessons()[screen.lesson].steps[screen.session.current()];
    let patch = match step {
        Step::Read(s) => s.scenario.as_ref(),
        Step::Predict(s) => s.scenario.as_ref(),
        Step::Example(s) => s.scenario.as_ref(),
        Step::Explore(s) => s.preset.as_ref(),
        Step::Recall(_) | Step::Explain(_) => None,
    };
    scenario_for(patch, app.cluster())
}

#[test]
fn every_step_opens_the_plot_on_its_own_setting() {
    let mut app = at_step("your-cluster", "your-wall-on-the-plot");
    press(
        &mut app,
        &[key(KeyCode::Char('g')), key(KeyCode::Char('p'))],
    );
    assert_ne!(
        app.plot().scenario,
        step_setting(&app),
        "the learner moved the plot"
    );
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert_eq!(
        app.plot().scenario,
        step_setting(&app),
        "the next step starts clean"
    );
    send(&mut app, &[Msg::Nav(NavMsg::PreviousStep)]);
    assert_eq!(
        app.plot().scenario,
        step_setting(&app),
        "and so does going back"
    );
}

#[test]
fn home_puts_the_plot_back_to_the_step() {
    let mut app = at_step("batching", "slide-to-the-ridge");
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Char('m'))]);
    assert_ne!(app.plot().scenario, step_setting(&app));
    press(&mut app, &[key(KeyCode::Home)]);
    assert_eq!(app.plot().scenario, step_setting(&app));
    assert_eq!(
        app.notice().map(|n| n.text.as_str()),
        Some("the plot is back to this step's setting")
    );
}

#[test]
fn an_explore_step_is_judged_on_the_setting_the_learner_committed_on() {
    let mut app = at_step("fewer-bytes", "toggle-precision");
    // Move to another precision, then answer for what the plot now shows.
    press(&mut app, &[key(KeyCode::Char('p'))]);
    let screen = app.lesson_screen().unwrap();
    let Step::Explore(explore) = &app.lessons()[screen.lesson].steps[screen.session.current()]
    else {
        panic!("an explore step");
    };
    let ResolvedAnswer::Number { value, .. } =
        ResolvedAnswer::resolve(&explore.answer, &app.plot().scenario, app.catalog())
    else {
        panic!("a numeric answer");
    };
    let preset = match app.session().unwrap().answer() {
        Some(ResolvedAnswer::Number { value, .. }) => *value,
        other => panic!("{other:?}"),
    };
    assert!(
        (value / preset - 1.0).abs() > 0.2,
        "the setting changed the answer"
    );
    let typed: Vec<Msg> = format!("{value:.6e}")
        .chars()
        .map(|c| Msg::Step(StepMsg::TypeChar(c)))
        .collect();
    send(&mut app, &typed);
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    assert!(matches!(
        app.session().unwrap().state(),
        StepState::Predict(PredictState::Revealed {
            score: Some(100),
            ..
        })
    ));
}

#[test]
fn a_predict_step_that_asks_for_the_kv_wall_does_not_stop_the_slider_there() {
    let mut app = at_step("kv-cache", "kv-wall-98");
    assert_eq!(app.plot().wall, Wall::Withheld);
    press(&mut app, &vec![key(KeyCode::Right); 14]);
    assert_eq!(app.plot().scenario.batch, MAX_BATCH, "no wall stops it");
    let screen = text(&render(&app, 120, 40));
    let wall_shown = screen.match_indices("KV wall").any(|(at, w)| {
        let after = &screen[at + w.len()..];
        after.starts_with(':')
            || after.starts_with(" ?")
            || after[1..].starts_with(|c: char| c.is_ascii_digit())
    });
    assert!(!wall_shown, "no wall drawn or explained: {screen}");
    // Once revealed the wall is back and the batch comes down to it, saying why.
    send(
        &mut app,
        &[
            Msg::Step(StepMsg::TypeChar('9')),
            Msg::Step(StepMsg::TypeChar('0')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    assert_eq!(app.plot().wall, Wall::Stops);
    let wall = app.plot().batch_limit(app.catalog());
    assert_eq!(app.plot().scenario.batch, wall);
    assert!(
        app.notice().unwrap().text.contains("KV wall"),
        "{:?}",
        app.notice()
    );
}

#[test]
fn halving_at_batch_one_says_so() {
    let mut app = at_step("batching", "slide-to-the-ridge");
    press(&mut app, &[key(KeyCode::Left)]);
    assert_eq!(
        app.notice().map(|n| n.text.as_str()),
        Some("the batch is already 1, the smallest")
    );
}

#[test]
fn a_model_that_does_not_fit_says_so_and_draws_no_dot() {
    let mut app = at_step("batching", "slide-to-the-ridge");
    while app.plot().scenario.model.as_deref() != Some("llama-3.1-405b") {
        press(&mut app, &[key(KeyCode::Char('m'))]);
    }
    let screen = text(&render(&app, 120, 40));
    assert!(screen.contains("does not fit"), "{screen}");
    assert!(
        screen.contains("Llama-3.1-405B"),
        "the model stays named: {screen}"
    );
    assert!(!screen.contains("decode B="), "{screen}");
}

/// Answers and reveals every predict and explore step of the lesson, then comes back to the
/// step on screen: nothing is pending any more, so every readout is shown.
fn reveal_every_step_and_come_back(app: &mut App) {
    let start = app.session().unwrap().current();
    let len = app.session().unwrap().len();
    send(app, &[Msg::Nav(NavMsg::JumpToStep(1))]);
    for step in 0..len {
        let answer = [
            Msg::Step(StepMsg::SelectOption(0)),
            Msg::Step(StepMsg::TypeChar('1')),
        ];
        send(app, &answer);
        send(
            app,
            &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
        );
        if step + 1 < len {
            send(app, &[Msg::Nav(NavMsg::NextStep)]);
        }
    }
    send(app, &[Msg::Nav(NavMsg::JumpToStep(start + 1))]);
    assert_eq!(app.session().unwrap().current(), start);
}

#[test]
fn the_status_line_reaches_the_ridge_at_the_batch_the_lesson_asks_for() {
    let mut app = at_step("batching", "slide-to-the-ridge");
    let ResolvedAnswer::Number { value: batch, .. } =
        app.session().unwrap().answer().cloned().unwrap()
    else {
        panic!("a numeric answer");
    };
    // Until this step and every other that asks the batch to the ridge (or a figure of its
    // family) is revealed, the share of the ridge is withheld at every batch: on the step, the
    // plot is the instrument.
    reveal_every_step_and_come_back(&mut app);
    let readouts_at = |app: &mut App, b: u32| {
        send(app, &[Msg::Plot(PlotMsg::SetBatch(b))]);
        let screen = text(&render(app, 160, 45));
        screen
            .lines()
            .find(|l| l.contains("of ridge"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let above = readouts_at(&mut app, batch.ceil() as u32);
    assert!(
        above.contains("100% of ridge") && above.contains("compute-bound"),
        "{above}"
    );
    let below = readouts_at(&mut app, batch.floor() as u32 - 1);
    assert!(below.contains("memory-bound"), "{below}");
}

#[test]
fn quitting_with_a_typed_guess_asks_first() {
    use roofline_tutor::app::RunState;
    let mut app = at_step("kv-cache", "kv-wall-98");
    press(
        &mut app,
        &[key(KeyCode::Char('9')), key(KeyCode::Char('q'))],
    );
    assert_eq!(app.run_state(), RunState::QuitAsked);
    assert!(
        app.notice().unwrap().text.contains("q again quits"),
        "{:?}",
        app.notice()
    );
    // Any other key goes on, and the guess is still there.
    press(&mut app, &[key(KeyCode::Char('8'))]);
    assert_eq!(app.run_state(), RunState::Running);
    press(
        &mut app,
        &[key(KeyCode::Char('q')), key(KeyCode::Char('q'))],
    );
    assert_eq!(app.run_state(), RunState::Quitting);
    // With nothing typed, q quits at once.
    let mut app = at_step("kv-cache", "kv-wall-98");
    press(&mut app, &[key(KeyCode::Char('q'))]);
    assert_eq!(app.run_state(), RunState::Quitting);
}

#[test]
fn the_end_of_a_lesson_and_the_course_list() {
    let mut app = at_step("ridge-point", "h100-sxm-ridge");
    send(
        &mut app,
        &[
            Msg::Step(StepMsg::TypeChar('3')),
            Msg::Step(StepMsg::TypeChar('0')),
            Msg::Step(StepMsg::TypeChar('0')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    let len = app.session().unwrap().len();
    // From step 3 (after the incident and the first read): to the last step, then one more
    // to the end.
    for _ in 0..len - 2 {
        send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    }
    assert!(matches!(
        app.lesson_screen().map(|s| s.view),
        Some(roofline_tutor::app::LessonView::End { .. })
    ));
    insta::assert_snapshot!(
        "lesson_end_100x30",
        support::terminal(&app, 100, 30).backend()
    );
    send(&mut app, &[Msg::Nav(NavMsg::ShowLessonList)]);
    insta::assert_snapshot!(
        "course_list_100x30",
        support::terminal(&app, 100, 30).backend()
    );
}
