//! The review deck from lessons and progress, at injected dates.

use super::*;
use crate::domain::lesson::{
    Answer, NumberAnswer, NumberSource, PredictStep, ReadStep, RecallStep, Step,
};
use crate::domain::schedule::{Review, grade_for_guess};
use crate::domain::session::{Grade, Guess};

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

/// Records a review of each lesson's step of `steps`, graded `grade` at `at`.
fn graded(progress: &mut Progress, steps: &[(&str, &str)], at: Timestamp, grade: Grade) {
    for (lesson, step) in steps {
        progress.add_review(lesson, step, Review { at, grade });
    }
}

fn lesson() -> Lesson {
    Lesson {
        format_version: 1,
        id: "ridge-point".into(),
        title: "T".into(),
        summary: "s".into(),
        concepts: Vec::new(),
        steps: vec![
            Step::Read(ReadStep {
                id: "intro".into(),
                tag: None,
                text: "t".into(),
                scenario: None,
            }),
            Step::Predict(PredictStep {
                id: "ridge".into(),
                question: "q".into(),
                scenario: None,
                answer: Answer::Number(NumberAnswer {
                    value: NumberSource::Quantity("ridge".into()),
                    unit: "FLOP/byte".into(),
                    tolerance: None,
                }),
                explanation: "e".into(),
                trap: None,
                vary: None,
                alone: None,
            }),
            Step::Recall(RecallStep {
                id: "card".into(),
                front: "f".into(),
                back: "b".into(),
                scenario: None,
            }),
        ],
    }
}

fn answered() -> Progress {
    let mut progress = Progress::default();
    let steps = &mut progress
        .lessons
        .entry("ridge-point".into())
        .or_default()
        .steps;
    steps.insert("intro".into(), StepRecord::Seen);
    steps.insert(
        "ridge".into(),
        StepRecord::Revealed {
            guess: Guess::Number(300.0),
            score: Some(100),
            answer: None,
        },
    );
    steps.insert("card".into(), StepRecord::Graded { grade: Grade::Good });
    progress
}

/// [`answered`], then each lesson's step of `steps` reviewed at [`START`] and graded `grade`.
fn answered_and_graded(steps: &[(&str, &str)], grade: Grade) -> Progress {
    let mut progress = answered();
    graded(&mut progress, steps, START, grade);
    progress
}

fn ids(deck: &[Reviewable]) -> Vec<&str> {
    deck.iter().map(|r| r.step.as_str()).collect()
}

#[test]
fn only_answered_cards_and_predictions_join_the_deck() {
    let scheduler = Scheduler::default();
    assert!(reviewables(&[lesson()], &Progress::default(), &scheduler).is_empty());
    let deck = reviewables(&[lesson()], &answered(), &scheduler);
    assert_eq!(ids(&deck), ["ridge", "card"]);
    assert_eq!(deck[0].kind, ReviewKind::Predict);
    assert_eq!(deck[1].kind, ReviewKind::Recall);
    assert!(
        deck.iter()
            .all(|r| r.due == Due::Unscheduled && r.reviews == 0)
    );
    assert_eq!(
        ids(&due_now(&[lesson()], &answered(), &scheduler, START)),
        ["ridge", "card"]
    );
}

#[test]
fn a_card_graded_good_is_not_due_the_next_day_but_is_after_its_interval() {
    let scheduler = Scheduler::default();
    let steps = [("ridge-point", "card"), ("ridge-point", "ridge")];
    let progress = answered_and_graded(&steps, Grade::Good);
    let lessons = [lesson()];
    assert!(due_now(&lessons, &progress, &scheduler, START.plus_days(1)).is_empty());
    let Due::At(due) = reviewables(&lessons, &progress, &scheduler)[1].due else {
        panic!("scheduled");
    };
    assert!(due > START.plus_days(1));
    assert_eq!(
        ids(&due_now(&lessons, &progress, &scheduler, due)),
        ["ridge", "card"]
    );
    assert_eq!(
        ids(&due_now(
            &lessons,
            &progress,
            &scheduler,
            START.plus_days(30)
        )),
        ["ridge", "card"]
    );
}

#[test]
fn a_prediction_within_tolerance_is_pushed_out_and_one_four_times_off_comes_back_soon() {
    let scheduler = Scheduler::default();
    let lessons = [lesson()];
    let answer = 295.0;
    let first = Review {
        at: START,
        grade: grade_for_guess(300.0, answer, 0.1).unwrap(),
    };
    let review_day = START.plus_days(5);
    let after = |guess: f64| {
        let mut progress = answered();
        progress.add_review("ridge-point", "ridge", first);
        let grade = grade_for_guess(guess, answer, 0.1).unwrap();
        graded(
            &mut progress,
            &[("ridge-point", "ridge")],
            review_day,
            grade,
        );
        match reviewables(&lessons, &progress, &scheduler)[0].due {
            Due::At(at) => at,
            Due::Unscheduled => panic!("scheduled"),
        }
    };
    let close = after(290.0);
    let far = after(4.0 * answer);
    assert!(
        far <= review_day.plus_days(2),
        "4× off: back within two days, {far:?}"
    );
    assert!(close > review_day.plus_days(10), "{close:?}");
}

#[test]
fn steps_and_lessons_no_longer_installed_are_left_out() {
    let scheduler = Scheduler::default();
    let gone = [("gone", "card"), ("ridge-point", "gone")];
    let progress = answered_and_graded(&gone, Grade::Again);
    let deck = reviewables(&[lesson()], &progress, &scheduler);
    assert_eq!(ids(&deck), ["ridge", "card"]);
}
