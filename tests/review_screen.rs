//! The review screen on the shipped course, driven by scripted keys and messages at injected
//! dates: a varied prediction before and after its reveal (graded from the error, recorded in
//! its step's history), a recall card graded by the learner, the summary, and what study shows
//! when reviews are due (a line at start, a column in the lesson list).

#[path = "tui/support.rs"]
mod support;

use std::time::{Duration, UNIX_EPOCH};

use crossterm::event::KeyCode;
use roofline_tutor::app::{App, Effect, KeyContext, LessonView, Msg, NoticeKind, handle};
use roofline_tutor::app::{AppMsg, NavMsg, StepMsg};
use roofline_tutor::domain::lesson::Step;
use roofline_tutor::domain::schedule::{Asked, ItemOutcome, Review, Round, Scheduler, Timestamp};
use roofline_tutor::domain::session::{
    Grade, Guess, LessonProgress, Progress, ResolvedAnswer, StepRecord,
};
use support::{course_app_with, key, press, render, send, text, typed};

const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC
const SEED: u64 = 7;

/// Lesson 2's varied ridge prediction (answered right) and its first card (graded Good),
/// each with one review on `START`.
fn answered() -> Progress {
    let mut progress = Progress {
        last_lesson: Some("ridge-point".into()),
        ..Progress::default()
    };
    progress.lessons.insert(
        "ridge-point".into(),
        LessonProgress {
            resume_step: Some("ridge-definition".into()),
            steps: [
                (
                    "h100-sxm-ridge".to_owned(),
                    StepRecord::Revealed {
                        guess: Guess::Number(295.0),
                        score: Some(100),
                        answer: None,
                    },
                ),
                (
                    "ridge-definition".to_owned(),
                    StepRecord::Graded { grade: Grade::Good },
                ),
            ]
            .into_iter()
            .collect(),
        },
    );
    for step in ["h100-sxm-ridge", "ridge-definition"] {
        progress.add_review(
            "ridge-point",
            step,
            Review {
                at: START,
                grade: Grade::Good,
            },
        );
    }
    progress
}

/// The course app with `progress`, at 120×40.
fn with_progress(progress: &Progress) -> App {
    course_app_with(progress.clone(), 120, 40)
}

/// A review `days` after `START`.
fn review_app(days: i64) -> App {
    let progress = answered();
    let app = with_progress(&progress);
    let now = START.plus_days(days);
    let round = Round::due(
        app.lessons(),
        &progress,
        &Scheduler::default(),
        now,
        app.cluster(),
        app.catalog(),
        SEED,
    )
    .expect("both are due");
    app.reviewing(round, Scheduler::default())
}

/// The run loop's clock reading for a moment.
fn clock(at: Timestamp) -> Msg {
    Msg::App(AppMsg::Clock(
        UNIX_EPOCH + Duration::from_secs(u64::try_from(at.0).unwrap()),
    ))
}

fn item_answer(app: &App) -> f64 {
    match app.session().unwrap().answer() {
        Some(ResolvedAnswer::Number { value, .. }) => *value,
        other => panic!("a numeric prediction comes first: {other:?}"),
    }
}

#[test]
fn nothing_is_due_the_day_after_a_lesson() {
    let progress = answered();
    let app = with_progress(&progress);
    let round = Round::due(
        app.lessons(),
        &progress,
        &Scheduler::default(),
        START.plus_days(1),
        app.cluster(),
        app.catalog(),
        SEED,
    );
    assert_eq!(round, None);
}

#[test]
fn a_varied_prediction_is_asked_on_its_variant_before_and_after_the_reveal() {
    let mut app = review_app(30);
    let item = &app.review().unwrap().round.items()[0];
    assert_eq!(
        (item.step.as_str(), item.asked),
        ("h100-sxm-ridge", Asked::Variant)
    );
    assert_eq!(
        app.contexts(),
        vec![
            KeyContext::GuessEntry,
            KeyContext::Reviewing,
            KeyContext::Plot,
            KeyContext::Global
        ]
    );
    insta::assert_snapshot!(
        "review_predict_variant_120x40",
        support::terminal(&app, 120, 40).backend()
    );
    let answer = item_answer(&app);
    let screen = text(&render(&app, 120, 40));
    assert!(
        !screen.contains("H100 SXM does"),
        "a fresh scenario:\n{screen}"
    );

    // Within the tolerance: graded without asking, pushed out, saved as the schedule.
    let at = START.plus_days(30);
    send(&mut app, &[clock(at)]);
    press(&mut app, &typed(&format!("{}", answer.round())));
    send(&mut app, &[Msg::Step(StepMsg::Commit)]);
    let effects = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert_eq!(effects, vec![Effect::SaveProgress]);
    let history = app.progress().history("ridge-point", "h100-sxm-ridge");
    assert_eq!(history.len(), 2);
    assert_eq!(history[1].at, at);
    assert!(matches!(history[1].grade, Grade::Good | Grade::Easy));
    let Some(ItemOutcome::Reviewed { next, .. }) = app
        .review()
        .unwrap()
        .round
        .items()
        .first()
        .map(|i| i.outcome)
    else {
        panic!("graded at the reveal");
    };
    assert!(next > at.plus_days(7), "pushed out: {next:?}");
    assert_eq!(
        app.progress().lessons,
        answered().lessons,
        "the lessons' records are study's; a review leaves them"
    );
    insta::assert_snapshot!(
        "review_predict_revealed_120x40",
        support::terminal(&app, 120, 40).backend()
    );
    // Graded once.
    send(&mut app, &[Msg::Step(StepMsg::Reveal)]);
    assert_eq!(
        app.progress()
            .history("ridge-point", "h100-sxm-ridge")
            .len(),
        2
    );
}

#[test]
fn a_prediction_four_times_off_comes_back_soon() {
    let mut app = review_app(30);
    let answer = item_answer(&app);
    let at = START.plus_days(30);
    send(&mut app, &[clock(at)]);
    press(&mut app, &typed(&format!("{}", (answer * 4.0).round())));
    send(
        &mut app,
        &[Msg::Step(StepMsg::Commit), Msg::Step(StepMsg::Reveal)],
    );
    let history = app.progress().history("ridge-point", "h100-sxm-ridge");
    assert_eq!(history[1].grade, Grade::Again);
    let Some(ItemOutcome::Reviewed { next, .. }) = app
        .review()
        .unwrap()
        .round
        .items()
        .first()
        .map(|i| i.outcome)
    else {
        panic!("graded at the reveal");
    };
    assert!(next <= at.plus_days(2), "back soon: {next:?}");
}

#[test]
fn a_recall_card_is_graded_by_the_learner_and_the_summary_ends_the_round() {
    let mut app = review_app(30);
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert!(
        matches!(
            app.review().unwrap().round.items()[0].outcome,
            ItemOutcome::Skipped
        ),
        "left unanswered: it stays due"
    );
    let Some((_, Step::Recall(_))) = app.current_step() else {
        panic!("the card comes second");
    };
    insta::assert_snapshot!(
        "review_recall_card_120x40",
        support::terminal(&app, 120, 40).backend()
    );
    send(&mut app, &[Msg::Nav(NavMsg::PreviousStep)]);
    assert_eq!(
        app.notice().map(|n| n.kind),
        Some(NoticeKind::Refusal),
        "a review goes forward"
    );
    let at = START.plus_days(30);
    send(&mut app, &[clock(at)]);
    press(
        &mut app,
        &[key(KeyCode::Char(' ')), key(KeyCode::Char('3'))],
    );
    let history = app.progress().history("ridge-point", "ridge-definition");
    assert_eq!(
        history.last(),
        Some(&Review {
            at,
            grade: Grade::Good
        })
    );
    assert_eq!(
        app.contexts()[0],
        KeyContext::Continue,
        "graded once: only going on"
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert!(matches!(
        app.lesson_screen().map(|s| s.view),
        Some(LessonView::End { .. })
    ));
    let review = app.review().unwrap();
    assert_eq!(
        (
            review.round.reviewed(),
            review.round.right(),
            review.round.skipped()
        ),
        (1, 1, 1)
    );
    let next = review.next.expect("the card is scheduled later");
    assert_eq!(next.still_due, 1, "the skipped prediction");
    insta::assert_snapshot!(
        "review_summary_120x40",
        support::terminal(&app, 120, 40).backend()
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.run_state(), roofline_tutor::app::RunState::Quitting);
}

#[test]
fn study_says_when_reviews_are_due_and_the_lesson_list_shows_where() {
    let progress = answered();
    let quiet = with_progress(&progress).with_schedule(Scheduler::default(), START.plus_days(1));
    assert_eq!(quiet.notice(), None, "nothing due the next day");
    assert!(!text(&render(&quiet, 100, 30)).contains(" due"));

    let app = with_progress(&progress).with_schedule(Scheduler::default(), START.plus_days(30));
    assert_eq!(
        app.notice().map(|n| (n.kind, n.text.as_str())),
        Some((NoticeKind::Info, "2 due for review — roofline review"))
    );
    assert_eq!(app.schedule().due_in("ridge-point"), 1 + 1);
    let screen = text(&render(&app, 100, 30));
    let row = screen
        .lines()
        .find(|l| l.contains("The ridge point"))
        .expect("lesson 2 is listed");
    assert!(row.contains("2 due"), "{row}");
    let other = screen
        .lines()
        .find(|l| l.contains("Two ceilings"))
        .unwrap_or_else(|| panic!("{screen}"));
    assert!(!other.contains("due"), "{other}");
    insta::assert_snapshot!(
        "lesson_list_with_reviews_due_100x30",
        support::terminal(&app, 100, 30).backend()
    );
}

#[test]
fn the_review_draws_at_any_size_in_ascii_and_under_the_help() {
    let progress = answered();
    let app = support::course_app_looking(progress.clone(), 120, 40, support::ASCII);
    let round = Round::due(
        app.lessons(),
        &progress,
        &Scheduler::default(),
        START.plus_days(30),
        app.cluster(),
        app.catalog(),
        SEED,
    )
    .unwrap();
    let mut app = app.reviewing(round, Scheduler::default());
    let sizes = [(1, 1), (20, 5), (40, 12), (60, 16), (120, 40), (200, 60)];
    for (width, height) in sizes {
        let screen = text(&render(&app, width, height));
        assert!(screen.is_ascii(), "{width}x{height}:\n{screen}");
    }
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    let help = text(&render(&app, 120, 40));
    assert!(help.contains("Review"), "{help}");
    send(
        &mut app,
        &[
            Msg::App(AppMsg::CloseHelp),
            Msg::Nav(NavMsg::NextStep),
            Msg::Nav(NavMsg::NextStep),
        ],
    );
    for (width, height) in sizes {
        let screen = text(&render(&app, width, height));
        assert!(screen.is_ascii(), "{width}x{height}:\n{screen}");
    }
    let summary = text(&render(&app, 120, 40));
    assert!(summary.contains("0 reviewed"), "{summary}");
    assert!(summary.contains("Left unanswered: 2"), "{summary}");
}

#[test]
fn a_card_comes_back_filled_for_the_learners_cluster() {
    let mut progress = Progress::default();
    progress.lessons.insert(
        "your-cluster".into(),
        LessonProgress {
            resume_step: None,
            steps: [(
                "your-numbers-card".to_owned(),
                StepRecord::Graded { grade: Grade::Good },
            )]
            .into_iter()
            .collect(),
        },
    );
    progress.add_review(
        "your-cluster",
        "your-numbers-card",
        Review {
            at: START,
            grade: Grade::Good,
        },
    );
    let lessons = course_app_with(Progress::default(), 120, 40)
        .lessons()
        .to_vec();
    let cluster = roofline_tutor::domain::scenario::Scenario {
        gpu: "h200".into(),
        ..roofline_tutor::domain::scenario::Scenario::default_cluster()
    };
    let app = App::new(roofline_tutor::app::AppInit {
        catalog: roofline_tutor::content::data_files::builtin_catalog().into(),
        lessons: lessons.into(),
        cluster: cluster.clone(),
        progress: progress.clone(),
        warning: None,
        appearance: support::COLOR,
        viewport: ratatui::layout::Size::new(120, 40),
        measure: roofline_tutor::ui::MEASURE,
    });
    let round = Round::due(
        app.lessons(),
        &progress,
        &Scheduler::default(),
        START.plus_days(60),
        app.cluster(),
        app.catalog(),
        SEED,
    )
    .unwrap();
    let mut app = app.reviewing(round, Scheduler::default());
    let ridge = app
        .catalog()
        .gpu("h200")
        .ok()
        .and_then(|g| g.ridge(cluster.precision))
        .unwrap();
    let shown = format!("Ridge {ridge:.0} FLOP/byte");
    assert!(
        !text(&render(&app, 120, 40)).contains(&shown),
        "the back waits for the turn"
    );
    send(&mut app, &[Msg::Step(StepMsg::TurnCard)]);
    let screen = text(&render(&app, 120, 40));
    assert!(screen.contains(&shown), "{shown} in:\n{screen}");
}
