//! Predict before you see, in review: every reviewable step of the shipped course (each
//! prediction on the variant its round draws, each recall card) is reviewed in one round, with
//! the plot keys played before every answer, and at no moment does the screen show a figure an
//! item not yet revealed asks for (its own answer or any later item's), nor a card's back before
//! it is turned. Two rounds, with two seeds, so two sets of variants.
//! (A round runs in about half a minute in a debug build.)
//!
//! The pending figures are computed here from the round's lesson, independently of the app's
//! own withholding: the test reads the rendered screen, so a surface that forgets to ask is
//! caught.

#[path = "tui/screen_leaks.rs"]
mod screen_leaks;
#[path = "tui/support.rs"]
mod support;

use roofline_tutor::app::{App, LessonView, Msg};
use roofline_tutor::app::{NavMsg, StepMsg};
use roofline_tutor::domain::lesson::{Lesson, Step};
use roofline_tutor::domain::schedule::{Asked, ItemOutcome, Review, Round, Scheduler, Timestamp};
use roofline_tutor::domain::session::{
    Grade, Guess, Progress, ResolvedAnswer, StepRecord, resolve_lesson,
};
use screen_leaks::{leak, pending_in_review, play_keys};
use support::{course_app_with, press, send};

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

/// Every prediction revealed and every card graded, each reviewed once on `START`.
fn everything_answered(lessons: &[Lesson]) -> Progress {
    let mut progress = Progress::default();
    for lesson in lessons {
        let record = progress.lessons.entry(lesson.id.clone()).or_default();
        for step in &lesson.steps {
            let done = match step {
                Step::Predict(_) => StepRecord::Revealed {
                    guess: Guess::Choice(0),
                    score: None,
                    answer: None,
                },
                Step::Recall(_) => StepRecord::Graded { grade: Grade::Good },
                Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => continue,
            };
            record.steps.insert(step.id().to_owned(), done);
        }
    }
    for lesson in lessons {
        for step in &lesson.steps {
            if matches!(step, Step::Predict(_) | Step::Recall(_)) {
                progress.add_review(
                    &lesson.id,
                    step.id(),
                    Review {
                        at: START,
                        grade: Grade::Good,
                    },
                );
            }
        }
    }
    progress
}

#[track_caller]
fn assert_hidden(app: &App, round: &Round, answers: &[Option<ResolvedAnswer>], moment: &str) {
    let withheld = pending_in_review(app, round.lesson(), answers);
    for (width, height) in [(120, 40), (80, 24)] {
        if let Some(leak) = leak(app, &withheld, width, height) {
            let item = &round.items()[app.session().unwrap().current()];
            panic!(
                "{} step {} ({:?}), {moment}, {width}×{height}: {leak}",
                item.lesson, item.step, item.asked
            );
        }
    }
}

/// A prediction played through: the plot's keys (when `play`), the right option or a typed
/// guess, the commit and the reveal, the screen checked at each moment.
fn predict_and_reveal(
    app: &mut App,
    round: &Round,
    answers: &[Option<ResolvedAnswer>],
    n: usize,
    play: bool,
) {
    for key in play_keys().into_iter().filter(|_| play) {
        press(app, &[key]);
        assert_hidden(app, round, answers, "while playing with the plot");
    }
    match &answers[n] {
        Some(ResolvedAnswer::Choice { correct, .. }) => {
            send(app, &[Msg::Step(StepMsg::SelectOption(*correct))]);
        }
        _ => send(app, &[Msg::Step(StepMsg::TypeChar('1'))]),
    }
    send(app, &[Msg::Step(StepMsg::Commit)]);
    assert_hidden(app, round, answers, "committed");
    send(app, &[Msg::Step(StepMsg::Reveal)]);
    assert_hidden(app, round, answers, "revealed");
}

#[test]
fn no_answer_is_on_screen_before_its_reveal_in_any_review() {
    let empty = course_app_with(Progress::default(), 120, 40);
    let progress = everything_answered(empty.lessons());
    let reviewable = progress
        .reviews
        .values()
        .map(std::collections::BTreeMap::len)
        .sum::<usize>();
    // The first round plays with the plot before every answer; the second, on other variants,
    // checks each moment without playing (the plot's surfaces are the same code).
    for (seed, play) in [(3, true), (11, false)] {
        let app = course_app_with(progress.clone(), 120, 40);
        let round = Round::due(
            app.lessons(),
            &progress,
            &Scheduler::default(),
            START.plus_days(400),
            app.cluster(),
            app.catalog(),
            seed,
        )
        .expect("everything is due after 400 days");
        assert_eq!(
            round.items().len(),
            reviewable,
            "every reviewable step is in the round"
        );
        assert!(
            round.items().iter().any(|i| i.asked == Asked::Variant),
            "some predictions vary"
        );
        let answers = resolve_lesson(round.lesson(), app.cluster(), app.catalog());
        let mut app = app.reviewing(round.clone(), Scheduler::default());
        for (n, step) in round.lesson().steps.iter().enumerate() {
            assert_eq!(app.session().unwrap().current(), n);
            assert_hidden(&app, &round, &answers, "on arrival");
            match step {
                Step::Predict(_) => predict_and_reveal(&mut app, &round, &answers, n, play),
                Step::Recall(_) => {
                    if play {
                        press(&mut app, &play_keys());
                    }
                    assert_hidden(&app, &round, &answers, "card up, after playing");
                    send(
                        &mut app,
                        &[
                            Msg::Step(StepMsg::TurnCard),
                            Msg::Step(StepMsg::Grade(Grade::Good)),
                        ],
                    );
                }
                Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => {
                    panic!("only cards and predictions are reviewed")
                }
            }
            send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
        }
        assert!(matches!(
            app.lesson_screen().map(|s| s.view),
            Some(LessonView::End { .. })
        ));
        let review = app.review().unwrap();
        assert!(
            review
                .round
                .items()
                .iter()
                .all(|i| matches!(i.outcome, ItemOutcome::Reviewed { .. })),
            "every item graded"
        );
        assert_eq!(review.round.reviewed(), reviewable);
    }
}
