//! Two tutors on one progress file: every answer survives.

use rstest::rstest;

use super::*;
use crate::domain::schedule::Timestamp;
use crate::domain::session::{Grade, Guess, LessonProgress};
use crate::test_support::{assert_revealed, revealed_guess};

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

/// An answer: lesson, step, the guess.
type Answered = (&'static str, &'static str, f64);

/// Two tutors answer a step each, from a file with one answer, and save in turn: every answer
/// survives, of two answers to one step the later save's, and the file resumes where the later
/// save did.
#[rustfmt::skip]
#[rstest]
#[case::two_tutors_answering_different_steps_keep_both_answers(("kept", "old", 1.0), [("ridge", "p1", 295.0), ("ridge", "p2", 16.0)], &[("ridge", "p1", 295.0), ("ridge", "p2", 16.0), ("kept", "old", 1.0)])]
#[case::the_newer_record_of_a_step_wins(("ridge", "p1", 100.0), [("ridge", "p1", 200.0), ("ridge", "p1", 300.0)], &[("ridge", "p1", 300.0)])]
fn two_tutors_answer_and_save_in_turn(
    #[case] first: Answered,
    #[case] answers: [Answered; 2],
    #[case] kept: &[Answered],
) {
    let answer = |progress: Progress, (lesson, step, guess): Answered| {
        with(progress, lesson, step, revealed_guess(guess))
    };
    let base = answer(Progress::default(), first);
    let [a, b] = answers.map(|answered| answer(base.clone(), answered));
    let file = saved_in_turn(&base, &[&a, &b]);
    for &(lesson, step, guess) in kept {
        assert_revealed(&file, lesson, step, guess);
    }
    let (lesson, step, _) = answers[1];
    assert_eq!(
        file.lessons[lesson].resume_step.as_deref(),
        Some(step),
        "the later save's"
    );
}

#[test]
fn a_step_merely_seen_never_hides_an_answer() {
    let base = Progress::default();
    let answered = with(base.clone(), "ridge", "p1", revealed_guess(295.0));
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
    assert_revealed(&file, "ridge", "p1", 295.0);
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
