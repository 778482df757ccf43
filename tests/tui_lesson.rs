//! Whole lessons driven by scripts, through the keymap and through the event loop, asserting
//! the session's state at every step.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use roofline_tutor::app::{self, LessonView, Msg, RunState, Screen, ScriptedEvents, to_revisit};
use roofline_tutor::app::{NavMsg, StepMsg};
use roofline_tutor::domain::lesson::Step;
use roofline_tutor::domain::session::{
    ExplainState, Grade, Guess, LessonStatus, PredictState, RecallState, ResolvedAnswer, StepState,
    summarize,
};
use support::{COLOR, course_app, fixture_app, key, press, send, typed};

fn state(app: &roofline_tutor::app::App) -> StepState {
    app.session().expect("a lesson is open").state().clone()
}

fn current(app: &roofline_tutor::app::App) -> usize {
    app.session().expect("a lesson is open").current()
}

/// The fixture's first prediction by keys: a wrong character, an empty commit, then a real
/// guess, revealed.
#[track_caller]
fn predict_a_number_by_keys(app: &mut roofline_tutor::app::App) {
    press(app, &[key(KeyCode::Enter)]);
    assert_eq!(current(app), 1);
    press(app, &[key(KeyCode::Enter)]);
    assert!(matches!(
        state(app),
        StepState::Predict(PredictState::Predicting { .. })
    ));
    press(app, &typed("r"));
    assert_eq!(
        app.notice().map(|n| n.text.as_str()),
        Some("commit a guess before revealing the answer")
    );
    press(app, &typed("16"));
    press(app, &[key(KeyCode::Enter)]);
    assert_eq!(
        state(app),
        StepState::Predict(PredictState::Committed {
            guess: Guess::Number(16.0)
        })
    );
    press(app, &typed("r"));
    let StepState::Predict(PredictState::Revealed {
        guess,
        score: Some(score),
    }) = state(app)
    else {
        panic!("revealed, got {:?}", state(app));
    };
    assert_eq!(guess, Guess::Number(16.0));
    assert!(score < 60, "16 is twice the 8 FLOP/byte answer: {score}");
}

#[test]
fn the_fixture_lesson_by_keys_from_start_to_finish() {
    let mut app = fixture_app(120, 40, COLOR);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!((current(&app), state(&app)), (0, StepState::Reading));

    predict_a_number_by_keys(&mut app);

    // A choice: pick, commit, reveal.
    press(&mut app, &typed("n"));
    press(&mut app, &typed("3"));
    assert!(
        app.notice()
            .is_some_and(|n| n.text.contains("there is no option 3"))
    );
    press(&mut app, &typed("1"));
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(
        state(&app),
        StepState::Predict(PredictState::Revealed {
            guess: Guess::Choice(0),
            score: Some(100)
        })
    );

    // Explore: find the KV wall on the plot, then type it.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.plot().scenario.batch, 1);
    press(&mut app, &vec![key(KeyCode::Right); 10]);
    assert_eq!(app.plot().scenario.batch, 107);
    assert!(
        app.notice()
            .is_some_and(|n| n.text.starts_with("KV wall: 107 sequences")),
        "{:?}",
        app.notice()
    );
    press(&mut app, &typed("107"));
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(
        state(&app),
        StepState::Predict(PredictState::Revealed {
            guess: Guess::Number(107.0),
            score: Some(100)
        })
    );

    // Recall: turn, grade.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(state(&app), StepState::Recall(RecallState::Front));
    press(&mut app, &typed("3"));
    assert_eq!(
        state(&app),
        StepState::Recall(RecallState::Front),
        "no grading before turning"
    );
    press(&mut app, &typed(" 3"));
    assert_eq!(
        state(&app),
        StepState::Recall(RecallState::Graded(Grade::Good))
    );

    // Example, then explain: letters go to the text.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    press(&mut app, &typed("Weights are shared; KV is not. q"));
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(
        state(&app),
        StepState::Explain(ExplainState::Revealed {
            text: "Weights are shared; KV is not. q".into()
        })
    );
    assert_eq!(
        app.run_state(),
        RunState::Running,
        "q in the text did not quit"
    );

    leave_through_the_end(&mut app);
}

/// Enter on the last step shows the lesson's end; n goes on from there (to the list, after
/// the last lesson), the lesson done.
#[track_caller]
fn leave_through_the_end(app: &mut roofline_tutor::app::App) {
    press(app, &[key(KeyCode::Enter)]);
    assert!(matches!(
        app.lesson_screen().map(|s| s.view),
        Some(LessonView::End { .. })
    ));
    press(app, &[key(KeyCode::Char('n'))]);
    assert!(matches!(app.screen(), Screen::LessonList { .. }));
    let lesson = &app.lessons()[0];
    let summary = summarize(lesson, app.progress().lessons.get(&lesson.id));
    assert_eq!(summary.status, LessonStatus::Done);
}

#[test]
fn the_event_loop_saves_after_each_change_and_stops_on_quit() {
    let mut app = fixture_app(100, 30, COLOR);
    let mut script = ScriptedEvents::new([key(KeyCode::Enter), key(KeyCode::Enter)]);
    for event in typed("8") {
        script.push(event);
    }
    for event in [
        key(KeyCode::Enter),
        key(KeyCode::Char('r')),
        key(KeyCode::Char('q')),
        key(KeyCode::Char('n')),
    ] {
        script.push(event);
    }
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let mut saved = Vec::new();
    app::run(&mut terminal, &mut app, &mut script, &mut saved).expect("the loop runs");
    assert_eq!(app.run_state(), RunState::Quitting);
    assert_eq!(script.remaining(), 1, "nothing is read after quit");
    assert!(matches!(
        state(&app),
        StepState::Predict(PredictState::Revealed {
            score: Some(100),
            ..
        })
    ));
    let last = saved.last().expect("progress was saved");
    assert_eq!(last, app.progress());
    assert_eq!(last.last_lesson.as_deref(), Some("screen-test"));
    assert!(
        saved.len() >= 3,
        "saved on open, commit and reveal: {}",
        saved.len()
    );
    assert!(
        saved.windows(2).all(|w| w[0] != w[1]),
        "no save without a change"
    );
}

/// Gives the step its full-marks answer: the resolved number or option, a card graded easy, any
/// explanation; a step that asks nothing is left as it is.
#[track_caller]
fn answer_fully(app: &mut roofline_tutor::app::App, step: &Step, where_: &str) {
    match (step, app.session().unwrap().answer().cloned()) {
        (Step::Predict(_) | Step::Explore(_), Some(ResolvedAnswer::Number { value, .. })) => {
            let typed: Vec<Msg> = format!("{value:.6e}")
                .chars()
                .map(|c| Msg::Step(StepMsg::TypeChar(c)))
                .collect();
            send(app, &typed);
            send(
                app,
                &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
            );
        }
        (Step::Predict(_) | Step::Explore(_), Some(ResolvedAnswer::Choice { correct, .. })) => {
            send(
                app,
                &[
                    Msg::Step(StepMsg::SelectOption(correct)),
                    Msg::Step(StepMsg::Commit),
                    Msg::Step(StepMsg::Reveal),
                ],
            );
        }
        (Step::Predict(_) | Step::Explore(_), other) => {
            panic!("{where_}: no usable answer: {other:?}")
        }
        (Step::Recall(_), _) => send(
            app,
            &[
                Msg::Step(StepMsg::TurnCard),
                Msg::Step(StepMsg::Grade(Grade::Easy)),
            ],
        ),
        (Step::Explain(_), _) => send(
            app,
            &[
                Msg::Step(StepMsg::TypeChar('x')),
                Msg::Step(StepMsg::Commit),
            ],
        ),
        (Step::Read(_) | Step::Example(_), _) => {}
    }
}

#[test]
fn every_shipped_lesson_can_be_finished_with_full_marks() {
    let mut app = course_app(120, 40);
    let count = app.lessons().len();
    assert!(count >= 2, "at least two-ceilings and ridge-point ship");
    for index in 0..count {
        send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
        let lesson = app.lessons()[index].clone();
        for (n, step) in lesson.steps.iter().enumerate() {
            assert_eq!(current(&app), n);
            let where_ = format!("{} step {} ({})", lesson.id, step.id(), step.kind_name());
            answer_fully(&mut app, step, &where_);
            let state = state(&app);
            assert!(
                matches!(state, StepState::Reading) || state.is_answered(),
                "{where_}: left unfinished: {state:?}"
            );
            if let StepState::Predict(PredictState::Revealed { score, .. }) = state {
                assert_eq!(score, Some(100), "{where_}");
            }
            send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
        }
        assert!(
            matches!(
                app.lesson_screen().map(|s| s.view),
                Some(LessonView::End { .. })
            ),
            "{} ends on its end screen",
            lesson.id
        );
        assert!(
            to_revisit(&app.lesson_screen().unwrap().session).is_empty(),
            "{}: full marks leave nothing to revisit",
            lesson.id
        );
        let summary = summarize(&lesson, app.progress().lessons.get(&lesson.id));
        assert_eq!(summary.status, LessonStatus::Done, "{}", lesson.id);
    }
}
