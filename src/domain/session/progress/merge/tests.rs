//! Two tutors on one progress file: every answer survives.

use super::*;
use crate::domain::schedule::Timestamp;
use crate::domain::session::{Grade, Guess, LessonProgress};

fn revealed(guess: f64) -> StepRecord {
    StepRecord::Revealed {
        guess: Guess::Number(guess),
        score: Some(100),
        answer: None,
    }
}

fn with(mut progress: Progress, lesson: &str, step: &str, record: StepRecord) -> Progress {
    let entry = progress.lessons.entry(lesson.into()).or_default();
    entry.steps.insert(step.into(), record);
    entry.resume_step = Some(step.into());
    progress.last_lesson = Some(lesson.into());
    progress
}

fn review(secs: i64, grade: Grade) -> Review {
    Review {
        at: Timestamp(secs),
        grade,
    }
}

/// The file after each tutor, started from `base`, saved its changes in turn.
#[track_caller]
fn saved_in_turn(base: &Progress, saves: &[&Progress]) -> Progress {
    let mut file = base.clone();
    for save in saves {
        Changes::between(base, save).apply(&mut file);
    }
    file
}

#[track_caller]
fn record<'a>(progress: &'a Progress, lesson: &str, step: &str) -> Option<&'a StepRecord> {
    progress.lessons.get(lesson).and_then(|l| l.steps.get(step))
}

#[test]
fn two_tutors_answering_different_steps_keep_both_answers() {
    let base = with(Progress::default(), "kept", "old", revealed(1.0));
    let a = with(base.clone(), "ridge", "p1", revealed(295.0));
    let b = with(base.clone(), "ridge", "p2", revealed(16.0));

    let file = saved_in_turn(&base, &[&a, &b]);

    assert_eq!(record(&file, "ridge", "p1"), Some(&revealed(295.0)));
    assert_eq!(record(&file, "ridge", "p2"), Some(&revealed(16.0)));
    assert_eq!(record(&file, "kept", "old"), Some(&revealed(1.0)));
    assert_eq!(
        file.lessons["ridge"].resume_step.as_deref(),
        Some("p2"),
        "the later save's"
    );
}

#[test]
fn the_newer_record_of_a_step_wins() {
    let base = with(Progress::default(), "ridge", "p1", revealed(100.0));
    let a = with(base.clone(), "ridge", "p1", revealed(200.0));
    let b = with(base.clone(), "ridge", "p1", revealed(300.0));
    let file = saved_in_turn(&base, &[&a, &b]);
    assert_eq!(record(&file, "ridge", "p1"), Some(&revealed(300.0)));
}

#[test]
fn a_step_merely_seen_never_hides_an_answer() {
    let base = Progress::default();
    let answered = with(base.clone(), "ridge", "p1", revealed(295.0));
    let seen = with(base.clone(), "ridge", "p1", StepRecord::Seen);
    let committed = with(
        base.clone(),
        "ridge",
        "p1",
        StepRecord::Committed {
            guess: Guess::Number(1.0),
        },
    );
    let file = saved_in_turn(&base, &[&answered, &seen, &committed]);
    assert_eq!(record(&file, "ridge", "p1"), Some(&revealed(295.0)));
}

#[test]
fn reviews_are_appended_in_time_order_and_nothing_is_removed() {
    let mut base = Progress::default();
    base.add_review("l", "card", review(100, Grade::Good));
    let mut a = base.clone();
    a.add_review("l", "card", review(300, Grade::Hard));
    let mut b = base.clone();
    b.add_review("l", "card", review(200, Grade::Easy));
    b.reviews.remove("l"); // b's copy lost its history: not a change
    b.add_review("l", "card", review(200, Grade::Easy));
    b.lessons.insert("other".into(), LessonProgress::default());

    let file = saved_in_turn(&base, &[&a, &b, &b]); // b saved twice: no duplicate
    assert_eq!(
        file.history("l", "card"),
        [
            review(100, Grade::Good),
            review(200, Grade::Easy),
            review(300, Grade::Hard)
        ]
    );
    let forgetful = Progress::default();
    assert!(Changes::between(&file, &forgetful).is_empty());
    assert!(!Changes::between(&base, &a).is_empty());
}
