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
use roofline_tutor::content::located::parse_ron;
use roofline_tutor::domain::lesson::{Lesson, Step};
use roofline_tutor::domain::session::{Grade, ResolvedAnswer, resolve_lesson};
use roofline_tutor::domain::withhold::round_significant;
use rstest::rstest;
use screen_leaks::{leak, pending, play_keys};
use support::{catalog_app, course_app, lessons_app, press, send};

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
        walk(&mut app, index, lesson);
    }
}

/// The lesson that asks for a measurement, on a learner who measured their own GPU: its step
/// moves to `this-gpu`, whose plot carries the lab's sweep, knee, measured roofs, the card's
/// datasheet roof and its own MBU and MFU; none of them may give the answer away either.
#[test]
fn no_answer_is_on_screen_on_a_learners_own_measured_gpu() {
    let run = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/gpu-lab-runs/h100-sxm");
    let report = roofline_tutor::store::lab_file::read_measured(&run)
        .expect("the real run reads")
        .expect("it is there");
    let mut catalog = roofline_tutor::content::data_files::builtin_catalog();
    catalog.add_gpu_lab(report);
    let mut lessons = roofline_tutor::content::lessons::builtin(&catalog).expect("they load");
    roofline_tutor::domain::lesson::measured_step::follow_measurement(&mut lessons, &catalog);
    let index = lessons
        .iter()
        .position(|l| l.id == "measured-vs-roofline")
        .expect("the lesson ships");
    let lesson = lessons[index].clone();
    let mut app = catalog_app(catalog, lessons, 120, 40);
    walk(&mut app, index, &lesson);
    let moved = lesson.steps.iter().any(|step| {
        matches!(step, Step::Predict(p) if p.scenario.as_ref().is_some_and(|s| s.gpu.as_deref() == Some("this-gpu")))
    });
    assert!(moved, "a step follows the learner's own measurement");
}

/// Walks `lesson` (the course's `index`) as a learner: plays with the plot keys before every
/// answer, answers, reveals, and checks the screen at every moment.
fn walk(app: &mut App, index: usize, lesson: &Lesson) {
    send(app, &[Msg::Nav(NavMsg::OpenLesson(index))]);
    let answers = resolve_lesson(lesson, app.cluster(), app.catalog());
    for (n, step) in lesson.steps.iter().enumerate() {
        assert_eq!(app.session().unwrap().current(), n, "{}", lesson.id);
        assert_hidden(app, lesson, &answers, "on arrival");
        match step {
            Step::Predict(_) | Step::Explore(_) => {
                for key in play_keys() {
                    press(app, &[key]);
                    assert_hidden(app, lesson, &answers, "while playing with the plot");
                }
                match &answers[n] {
                    Some(ResolvedAnswer::Choice { correct, .. }) => {
                        send(app, &[Msg::Step(StepMsg::SelectOption(*correct))]);
                    }
                    _ => send(app, &[Msg::Step(StepMsg::TypeChar('1'))]),
                }
                send(app, &[Msg::Step(StepMsg::Commit)]);
                assert_hidden(app, lesson, &answers, "committed");
                send(app, &[Msg::Step(StepMsg::Reveal)]);
                assert_hidden(app, lesson, &answers, "revealed");
            }
            Step::Recall(_) => {
                press(app, &play_keys());
                assert_hidden(app, lesson, &answers, "card up, after playing");
                send(
                    app,
                    &[
                        Msg::Step(StepMsg::TurnCard),
                        Msg::Step(StepMsg::Grade(Grade::Good)),
                    ],
                );
            }
            Step::Explain(_) => send(
                app,
                &[
                    Msg::Step(StepMsg::TypeChar('x')),
                    Msg::Step(StepMsg::Commit),
                ],
            ),
            Step::Read(_) | Step::Example(_) => {
                press(app, &play_keys());
                assert_hidden(app, lesson, &answers, "after playing with the plot");
            }
        }
        send(app, &[Msg::Nav(NavMsg::NextStep)]);
    }
}

/// Two steps: the first asks the step time at batch 64 and its explanation states it to two
/// digits; the second asks `second` (a quantity) at `setting`.
fn two_steps(second: &str, setting: &str) -> Lesson {
    let text = format!(
        r#"(format_version: 1, id: "leaky", title: "Leaky", summary: "A fixture.", steps: [
        Predict(id: "first", question: "At batch 64, the step time?", scenario: (batch: 64),
            answer: Number(value: Quantity("tpot_ms"), unit: "ms"),
            explanation: "Each step takes {{tpot_ms:.0}} ms."),
        Predict(id: "second", question: "And now?", scenario: ({setting}),
            answer: Number(value: Quantity("{second}"), unit: "ms"),
            explanation: "It is {{{second}:.1}} ms."),
    ])"#
    );
    parse_ron("leaky.ron", &text).expect("the fixture lesson parses")
}

/// The first line of the screen that states a figure still pending, once the first step of
/// `lesson` is revealed and still on screen.
fn leak_after_the_first_reveal(lesson: &Lesson) -> Option<String> {
    let mut app = lessons_app(vec![lesson.clone()], 120, 40);
    let answers = resolve_lesson(lesson, app.cluster(), app.catalog());
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::OpenLesson(0)),
            Msg::Step(StepMsg::TypeChar('1')),
            Msg::Step(StepMsg::Commit),
            Msg::Step(StepMsg::Reveal),
        ],
    );
    assert_eq!(app.session().unwrap().current(), 0);
    leak(&app, &pending(&app, lesson, &answers), 120, 40)
}

/// The test stays able to fail: a revealed step that shows the quantity a later step asks
/// (itself, or another name of it) at the same setting gives that step away, and is caught;
/// the same quantity at another setting (a prompt length, which a decode step does not
/// depend on), whose value coincides, is another question: its answer is the learner's to
/// reason out.
#[rstest]
#[case::the_same_quantity_asked_again("tpot_ms", "batch: 64", true)]
#[case::another_name_of_it("step_time_ms", "batch: 64", true)]
#[case::the_same_quantity_at_another_setting("tpot_ms", "batch: 64, prompt: 512", false)]
fn a_revealed_step_leaks_a_pending_one_only_by_its_quantity(
    #[case] second: &str,
    #[case] setting: &str,
    #[case] leaks: bool,
) {
    let lesson = two_steps(second, setting);
    let app = lessons_app(vec![lesson.clone()], 120, 40);
    let answers = resolve_lesson(&lesson, app.cluster(), app.catalog());
    let value = |n: usize| match &answers[n] {
        Some(ResolvedAnswer::Number { value, .. }) => *value,
        other => panic!("a number: {other:?}"),
    };
    // The two answers read the same on screen, so only the quantity tells them apart.
    assert!(
        (round_significant(value(0), 2) - round_significant(value(1), 2)).abs() < 1e-9,
        "{} against {}",
        value(0),
        value(1)
    );
    let found = leak_after_the_first_reveal(&lesson);
    assert_eq!(found.is_some(), leaks, "{found:?}");
}
