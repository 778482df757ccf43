//! Predict before you see, over the whole shipped course: a learner walks every lesson in
//! order, plays with the plot keys before every answer, and at no moment does the screen show a
//! figure that a step not yet revealed asks for (the step's own answer, any later step's, or the
//! back of the recall card on screen).
//!
//! The pending figures are computed here from the lessons, independently of the app's own
//! withholding: the test reads the rendered screen, so a surface that forgets to ask is caught.

#[path = "tui/screen_leaks.rs"]
mod screen_leaks;
#[path = "tui/support.rs"]
mod support;

use roofline_tutor::app::{App, Msg};
use roofline_tutor::app::{NavMsg, StepMsg};
use roofline_tutor::domain::lesson::{Lesson, Step};
use roofline_tutor::domain::session::{Grade, ResolvedAnswer, resolve_lesson};
use screen_leaks::{leak, pending, play_keys};
use support::{course_app, press, send};

#[track_caller]
fn assert_hidden(app: &App, lesson: &Lesson, answers: &[Option<ResolvedAnswer>], moment: &str) {
    let withheld = pending(app, lesson, answers);
    for (width, height) in [(120, 40), (80, 24)] {
        if let Some(leak) = leak(app, &withheld, width, height) {
            let step = &lesson.steps[app.session().unwrap().current()];
            panic!(
                "{} step {} ({}), {moment}, {width}×{height}: {leak}",
                lesson.id,
                step.id(),
                step.kind_name()
            );
        }
    }
}

#[test]
fn no_answer_is_on_screen_before_its_reveal_in_any_shipped_lesson() {
    let mut app = course_app(120, 40);
    let lessons: Vec<Lesson> = app.lessons().to_vec();
    for (index, lesson) in lessons.iter().enumerate() {
        send(&mut app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
        let answers = resolve_lesson(lesson, app.cluster(), app.catalog());
        for (n, step) in lesson.steps.iter().enumerate() {
            assert_eq!(app.session().unwrap().current(), n, "{}", lesson.id);
            assert_hidden(&app, lesson, &answers, "on arrival");
            match step {
                Step::Predict(_) | Step::Explore(_) => {
                    for key in play_keys() {
                        press(&mut app, &[key]);
                        assert_hidden(&app, lesson, &answers, "while playing with the plot");
                    }
                    match &answers[n] {
                        Some(ResolvedAnswer::Choice { correct, .. }) => {
                            send(&mut app, &[Msg::Step(StepMsg::SelectOption(*correct))]);
                        }
                        _ => send(&mut app, &[Msg::Step(StepMsg::TypeChar('1'))]),
                    }
                    send(&mut app, &[Msg::Step(StepMsg::Commit)]);
                    assert_hidden(&app, lesson, &answers, "committed");
                    send(&mut app, &[Msg::Step(StepMsg::Reveal)]);
                    assert_hidden(&app, lesson, &answers, "revealed");
                }
                Step::Recall(_) => {
                    press(&mut app, &play_keys());
                    assert_hidden(&app, lesson, &answers, "card up, after playing");
                    send(
                        &mut app,
                        &[
                            Msg::Step(StepMsg::TurnCard),
                            Msg::Step(StepMsg::Grade(Grade::Good)),
                        ],
                    );
                }
                Step::Explain(_) => send(
                    &mut app,
                    &[
                        Msg::Step(StepMsg::TypeChar('x')),
                        Msg::Step(StepMsg::Commit),
                    ],
                ),
                Step::Read(_) | Step::Example(_) => {
                    press(&mut app, &play_keys());
                    assert_hidden(&app, lesson, &answers, "after playing with the plot");
                }
            }
            send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
        }
    }
}
