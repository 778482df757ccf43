//! `update` driven by messages, one behaviour per test.

mod keys;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Size;

use super::*;
use crate::app::plot_view::PrefillDot;
use crate::app::{AppMsg, NavMsg, PlotMsg, StepMsg};
use crate::content::data_files::builtin_catalog;
use crate::content::located::parse_ron;
use crate::domain::session::{ExplainState, PredictInput, PredictState, StepState};
use crate::domain::session::{Guess, LessonStatus, summarize};
use crate::widgets::Appearance;

const LESSON: &str = include_str!("../../tests/tui/lesson.ron");

fn app() -> App {
    let lesson: Lesson = parse_ron("tests/tui/lesson.ron", LESSON).expect("fixture parses");
    App::new(AppInit {
        catalog: builtin_catalog().into(),
        lessons: vec![lesson].into(),
        cluster: Scenario::default_cluster(),
        progress: Progress::default(),
        warning: None,
        appearance: Appearance::default(),
        viewport: Size::new(120, 40),
        measure: crate::ui::MEASURE,
    })
}

#[track_caller]
fn send(app: &mut App, msgs: &[Msg]) {
    for msg in msgs {
        let mut next = Some(msg.clone());
        while let Some(m) = next {
            next = update(app, m).follow_up();
        }
    }
}

fn state(app: &App) -> StepState {
    app.session().expect("a lesson is open").state().clone()
}

/// Opens the lesson and moves `steps` steps forward.
fn open_at(app: &mut App, steps: usize) {
    send(app, &[Msg::Nav(NavMsg::OpenLesson(0))]);
    for _ in 0..steps {
        send(app, &[Msg::Nav(NavMsg::NextStep)]);
    }
}

/// A new app on the lesson, `steps` steps in.
fn at_step(steps: usize) -> App {
    let mut app = app();
    open_at(&mut app, steps);
    app
}

fn notice(app: &App) -> Option<(NoticeKind, String)> {
    app.notice().map(|n| (n.kind, n.text.clone()))
}

#[test]
fn the_program_starts_on_the_lesson_list_and_opens_a_lesson() {
    let mut app = app();
    assert_eq!(app.screen(), &Screen::LessonList { selected: 0 });
    send(&mut app, &[Msg::Nav(NavMsg::OpenSelected)]);
    let session = app.session().expect("opened");
    assert_eq!((session.current(), session.len()), (0, 7));
    assert_eq!(app.progress().last_lesson.as_deref(), Some("screen-test"));
    assert_eq!(
        app.contexts(),
        vec![
            KeyContext::Continue,
            KeyContext::Lesson,
            KeyContext::Plot,
            KeyContext::Global
        ]
    );
}

#[test]
fn a_step_with_a_scenario_moves_the_plot_and_an_explore_step_brings_its_overlay() {
    let mut app = at_step(1);
    assert_eq!(app.plot().scenario.batch, 8);
    assert_eq!(app.plot().overlay_gpu, None);
    send(
        &mut app,
        &[Msg::Nav(NavMsg::NextStep), Msg::Nav(NavMsg::NextStep)],
    );
    assert_eq!(app.plot().scenario.batch, 1);
    assert_eq!(app.plot().overlay_gpu.as_deref(), Some("h200"));
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert_eq!(
        app.plot().overlay_gpu,
        None,
        "the overlay belongs to the explore step"
    );
    assert_eq!(
        app.plot().scenario.batch,
        1,
        "a step without a scenario leaves the plot where it was"
    );
}

#[test]
fn a_refused_guess_shows_inline_and_other_refusals_under_the_screen() {
    let mut app = at_step(1);
    send(&mut app, &[Msg::Step(StepMsg::Reveal)]);
    assert_eq!(
        notice(&app),
        Some((
            NoticeKind::Refusal,
            "commit a guess before revealing the answer".into()
        ))
    );
    send(
        &mut app,
        &[
            Msg::Step(StepMsg::TypeChar('0')),
            Msg::Step(StepMsg::Commit),
        ],
    );
    assert_eq!(notice(&app), None, "the inline error is enough");
    assert!(matches!(
        state(&app),
        StepState::Predict(PredictState::Predicting {
            input: PredictInput::Number { error: Some(_), .. }
        })
    ));
    send(
        &mut app,
        &[
            Msg::Step(StepMsg::Backspace),
            Msg::Step(StepMsg::TypeChar('8')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    assert!(
        matches!(state(&app), StepState::Predict(PredictState::Revealed { guess: Guess::Number(g), score: Some(100) }) if (g - 8.0).abs() < 1e-9)
    );
}

#[test]
fn reaching_the_end_shows_the_lesson_end_and_what_to_revisit() {
    let mut app = at_step(7);
    let screen = app.lesson_screen().expect("still the lesson");
    assert_eq!(screen.view, LessonView::End { selected: 0 });
    assert_eq!(
        app.contexts(),
        vec![KeyContext::LessonEnd, KeyContext::Global]
    );
    // Everything was skipped but the read steps: each can be opened from here.
    let revisit = to_revisit(&screen.session);
    assert!(!revisit.is_empty());
    send(
        &mut app,
        &[Msg::Nav(NavMsg::SelectNext), Msg::Nav(NavMsg::OpenSelected)],
    );
    let screen = app.lesson_screen().unwrap();
    assert_eq!(
        (screen.view, screen.session.current()),
        (LessonView::Step, revisit[1])
    );
    // First unfinished, then restart (asks first).
    send(&mut app, &[Msg::Nav(NavMsg::FirstUnfinished)]);
    assert_eq!(app.session().unwrap().current(), revisit[0]);
    send(&mut app, &[Msg::Nav(NavMsg::RestartLesson)]);
    assert!(notice(&app).unwrap().1.contains("again restarts"));
    send(&mut app, &[Msg::Nav(NavMsg::RestartLesson)]);
    assert_eq!(app.session().unwrap().current(), 0);
    // From the end, n goes on (here: the list, after the only lesson).
    for _ in 0..7 {
        send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    }
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert!(matches!(app.screen(), Screen::LessonList { .. }));
}

#[test]
fn time_spent_counts_the_gaps_between_keys_up_to_two_minutes() {
    use std::time::{Duration, UNIX_EPOCH};
    let mut app = at_step(0);
    let t0 = UNIX_EPOCH + Duration::from_secs(1_000_000);
    for (secs, msg) in [
        (0, Msg::Nav(NavMsg::NextStep)),
        (30, Msg::Nav(NavMsg::NextStep)),
        (3600, Msg::Nav(NavMsg::PreviousStep)),
    ] {
        send(
            &mut app,
            &[Msg::App(AppMsg::Clock(t0 + Duration::from_secs(secs))), msg],
        );
    }
    assert_eq!(
        app.lesson_screen().unwrap().active,
        Duration::from_secs(30 + 120)
    );
}

#[test]
fn an_explanation_takes_every_key_until_esc() {
    let mut app = at_step(6);
    assert_eq!(
        app.contexts(),
        vec![KeyContext::TextEntry, KeyContext::Global]
    );
    for c in "q? n".chars() {
        let msg = app.msg_for(&Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )));
        assert_eq!(msg, Some(Msg::Step(StepMsg::TypeChar(c))));
        send(&mut app, &[msg.unwrap()]);
    }
    assert_eq!(
        state(&app),
        StepState::Explain(ExplainState::Writing {
            text: "q? n".into()
        })
    );
    let esc = app.msg_for(&Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
    send(&mut app, &[esc.unwrap()]);
    assert_eq!(
        app.msg_for(&Event::Key(KeyEvent::new(
            KeyCode::Char('q'),
            KeyModifiers::NONE
        ))),
        Some(Msg::App(AppMsg::Quit))
    );
    send(
        &mut app,
        &[Msg::Step(StepMsg::EditText), Msg::Step(StepMsg::Commit)],
    );
    assert!(matches!(
        state(&app),
        StepState::Explain(ExplainState::Revealed { .. })
    ));
    assert_eq!(app.lesson_screen().unwrap().focus, Focus::Commands);
}

#[test]
fn the_prefill_key_toggles_the_prefill_dot() {
    let mut app = at_step(0);
    assert_eq!(app.plot().prefill, PrefillDot::Hidden);
    send(&mut app, &[Msg::Plot(PlotMsg::TogglePrefill)]);
    assert_eq!(app.plot().prefill, PrefillDot::Shown);
    send(&mut app, &[Msg::Plot(PlotMsg::TogglePrefill)]);
    assert_eq!(app.plot().prefill, PrefillDot::Hidden);
}

#[test]
fn update_returns_its_effects_as_values() {
    let mut app = app();
    let opened = update(&mut app, Msg::Nav(NavMsg::OpenSelected));
    assert_eq!(opened.follow_up(), Some(Msg::Nav(NavMsg::OpenLesson(0))));
    assert!(!opened.saves_progress(), "choosing is not progress");
    let open = update(&mut app, Msg::Nav(NavMsg::OpenLesson(0)));
    assert!(open.saves_progress(), "the lesson studied last changed");
    // Moving the plot changes no progress: nothing to save.
    let moved = update(&mut app, Msg::Plot(PlotMsg::DoubleBatch));
    assert_eq!(moved, Effects::default());
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    send(&mut app, &[Msg::Step(StepMsg::TypeChar('8'))]);
    let committed = update(&mut app, Msg::Step(StepMsg::Commit));
    assert!(committed.saves_progress(), "a committed guess is saved");
    assert_eq!(
        app.mode(),
        &Mode::Study(crate::app::study::Studying::default())
    );
}

#[test]
fn a_reveal_and_a_graded_card_go_into_the_review_history() {
    use crate::domain::schedule::Timestamp;
    use std::time::{Duration, UNIX_EPOCH};
    let mut app = at_step(1);
    let step = app.current_step().unwrap().1.id().to_owned();
    let at = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    send(
        &mut app,
        &[
            Msg::App(AppMsg::Clock(at)),
            Msg::Step(StepMsg::TypeChar('8')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    let history = app.progress().history("screen-test", &step);
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0].at, Timestamp(1_800_000_000));
    assert_eq!(
        history[0].grade,
        crate::domain::session::Grade::Easy,
        "8 against 7.99 is within half the tolerance"
    );
}
