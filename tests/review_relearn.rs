//! A card graded "again" in a review comes back in the same sitting, after the rest of the
//! round (a relearning queue, as Anki keeps one): its long-term schedule is the "again"
//! review's, and the round ends only once it is known or has come back twice.

#[path = "tui/support.rs"]
mod support;

use std::time::{Duration, UNIX_EPOCH};

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, AppMsg, LessonView, Msg};
use roofline_tutor::domain::lesson::Step;
use roofline_tutor::domain::schedule::{Review, Round, Scheduler, Timestamp};
use roofline_tutor::domain::session::{Grade, LessonProgress, Progress, StepRecord};
use support::{course_app_with, key, press, render, send, text};

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC
const LESSON: &str = "ridge-point";
const CARD: &str = "ridge-definition";

/// A review, 30 days on, of lesson 2's first card (graded Good once).
fn review_of_one_card() -> App {
    let mut progress = Progress::default();
    progress.lessons.insert(
        LESSON.into(),
        LessonProgress {
            resume_step: Some(CARD.into()),
            steps: [(CARD.to_owned(), StepRecord::Graded { grade: Grade::Good })]
                .into_iter()
                .collect(),
        },
    );
    progress.add_review(
        LESSON,
        CARD,
        Review {
            at: START,
            grade: Grade::Good,
        },
    );
    let app = course_app_with(progress.clone(), 120, 40);
    let round = Round::due(
        app.lessons(),
        &progress,
        &Scheduler::default(),
        START.plus_days(30),
        app.cluster(),
        app.catalog(),
        7,
    )
    .expect("the card is due");
    assert_eq!(round.items().len(), 1, "one card in the round");
    let mut app = app.reviewing(round, Scheduler::default());
    let at = UNIX_EPOCH + Duration::from_secs(u64::try_from(START.plus_days(30).0).unwrap());
    send(&mut app, &[Msg::App(AppMsg::Clock(at))]);
    app
}

#[track_caller]
fn on_the_card(app: &App) -> String {
    let Some((_, Step::Recall(card))) = app.current_step() else {
        panic!("the card is on screen:\n{}", text(&render(app, 120, 40)));
    };
    card.front.clone()
}

#[track_caller]
fn at_the_end(app: &App) -> bool {
    matches!(
        app.lesson_screen().map(|s| s.view),
        Some(LessonView::End { .. })
    )
}

#[test]
fn a_card_graded_again_comes_back_in_the_same_sitting() {
    let mut app = review_of_one_card();
    let front = on_the_card(&app);
    press(
        &mut app,
        &[key(KeyCode::Char(' ')), key(KeyCode::Char('1'))],
    );
    let header = text(&render(&app, 240, 40));
    assert!(
        header.contains("it comes back at the end of this review"),
        "the header says the card comes back:\n{header}"
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert!(!at_the_end(&app), "the failed card is asked again first");
    assert_eq!(on_the_card(&app), front, "the same card, front up");
    let screen = text(&render(&app, 120, 40));
    assert!(
        !screen.contains("this item is graded"),
        "asked afresh, not refused:\n{screen}"
    );

    // Known the second time: the round ends; the schedule is the "again" review's alone.
    press(
        &mut app,
        &[
            key(KeyCode::Char(' ')),
            key(KeyCode::Char('3')),
            key(KeyCode::Enter),
        ],
    );
    assert!(at_the_end(&app), "known on the second pass: the round ends");
    let grades: Vec<Grade> = app
        .progress()
        .history(LESSON, CARD)
        .iter()
        .map(|r| r.grade)
        .collect();
    assert_eq!(
        grades,
        [Grade::Good, Grade::Again],
        "one review per sitting"
    );
    let round = &app.review().expect("still reviewing").round;
    assert_eq!(
        (round.reviewed(), round.right(), round.skipped()),
        (1, 0, 0),
        "the card counts once, as the miss it was"
    );
    let summary = text(&render(&app, 120, 40));
    assert!(
        summary.contains("came back"),
        "the summary says the card came back:\n{summary}"
    );
}

#[test]
fn a_card_missed_every_time_comes_back_twice_then_the_round_ends() {
    let mut app = review_of_one_card();
    let again = [
        key(KeyCode::Char(' ')),
        key(KeyCode::Char('1')),
        key(KeyCode::Enter),
    ];
    for pass in 1..=2 {
        press(&mut app, &again);
        assert!(!at_the_end(&app), "pass {pass}: it comes back");
        let _ = on_the_card(&app);
    }
    press(&mut app, &again);
    assert!(at_the_end(&app), "after two returns the round ends");
}
