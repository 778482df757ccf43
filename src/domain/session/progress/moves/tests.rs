//! Moving a step's history to its new lesson: everything arrives, nothing is lost, twice is once.

use rstest::rstest;

use super::*;
use crate::domain::schedule::{Review, Timestamp};
use crate::domain::session::Grade;
use crate::domain::session::progress::{Changes, StepRecord};
use crate::test_support::{assert_revealed, revealed_guess, step_record};

fn moved(step: &str) -> StepMove {
    StepMove {
        step: step.into(),
        from: "old".into(),
        to: "new".into(),
    }
}

fn review(secs: i64) -> Review {
    Review {
        at: Timestamp(secs),
        grade: Grade::Good,
    }
}

fn with(mut progress: Progress, lesson: &str, step: &str, record: StepRecord) -> Progress {
    progress
        .lessons
        .entry(lesson.into())
        .or_default()
        .steps
        .insert(step.into(), record);
    progress
}

#[test]
fn a_moved_steps_record_resume_point_and_reviews_follow_it() {
    let mut progress = with(Progress::default(), "old", "moved", revealed_guess(5.0));
    progress = with(progress, "old", "stays", revealed_guess(6.0));
    progress.lessons.get_mut("old").unwrap().resume_step = Some("moved".into());
    progress.add_review("old", "moved", review(10));
    progress.add_review("old", "stays", review(11));
    progress.apply_moves(&[moved("moved")]);
    assert_revealed(&progress, "new", "moved", 5.0);
    assert_eq!(step_record(&progress, "old", "moved"), None);
    assert_revealed(&progress, "old", "stays", 6.0);
    assert_eq!(
        progress.lessons["new"].resume_step.as_deref(),
        Some("moved")
    );
    assert_eq!(progress.history("new", "moved"), &[review(10)]);
    assert_eq!(progress.history("old", "moved"), &[]);
    assert_eq!(progress.history("old", "stays"), &[review(11)]);
}

#[rstest]
#[case::seen_does_not_replace_an_answer(
    StepRecord::Seen,
    revealed_guess(2.0),
    revealed_guess(2.0),
    StepRecord::Seen
)]
#[case::an_answer_replaces_seen(
    revealed_guess(1.0),
    StepRecord::Seen,
    revealed_guess(1.0),
    StepRecord::Seen
)]
#[case::equal_stages_keep_the_new_place(
    revealed_guess(1.0),
    revealed_guess(2.0),
    revealed_guess(2.0),
    revealed_guess(1.0)
)]
fn a_clash_keeps_both_records(
    #[case] at_old: StepRecord,
    #[case] at_new: StepRecord,
    #[case] new_after: StepRecord,
    #[case] old_after: StepRecord,
) {
    let mut progress = with(Progress::default(), "old", "s", at_old);
    progress = with(progress, "new", "s", at_new);
    progress.apply_moves(&[moved("s")]);
    assert_eq!(step_record(&progress, "new", "s"), Some(&new_after));
    assert_eq!(step_record(&progress, "old", "s"), Some(&old_after));
    let once = progress.clone();
    progress.apply_moves(&[moved("s")]);
    assert_eq!(progress, once, "a second application changes nothing");
}

#[test]
fn reviews_on_both_sides_are_merged_in_time_order() {
    let mut progress = Progress::default();
    progress.add_review("old", "s", review(30));
    progress.add_review("old", "s", review(10));
    progress.add_review("new", "s", review(20));
    progress.add_review("new", "s", review(30));
    progress.apply_moves(&[moved("s")]);
    assert_eq!(
        progress.history("new", "s"),
        &[review(10), review(20), review(30)]
    );
    assert!(!progress.reviews.contains_key("old"));
}

#[test]
fn applying_twice_is_applying_once_and_unknown_steps_stay() {
    let mut progress = with(Progress::default(), "old", "a", revealed_guess(1.0));
    progress = with(progress, "old", "gone-everywhere", revealed_guess(3.0));
    progress.add_review("old", "a", review(1));
    let moves = [moved("a"), moved("not-recorded")];
    progress.apply_moves(&moves);
    let once = progress.clone();
    progress.apply_moves(&moves);
    assert_eq!(progress, once);
    assert_revealed(&progress, "old", "gone-everywhere", 3.0);
}

#[test]
fn chained_moves_land_at_the_last_lesson() {
    let mut progress = with(Progress::default(), "old", "s", revealed_guess(1.0));
    let second = StepMove {
        step: "s".into(),
        from: "new".into(),
        to: "newer".into(),
    };
    progress.apply_moves(&[moved("s"), second]);
    assert_revealed(&progress, "newer", "s", 1.0);
}

#[test]
fn two_tutors_merging_after_the_move_keep_both_answers() {
    // The file and both tutors' bases are migrated on read; one tutor answers a moved step,
    // the other an unmoved one.
    let mut base = with(Progress::default(), "old", "moved", StepRecord::Seen);
    base.apply_moves(&[moved("moved")]);
    let a = with(base.clone(), "new", "moved", revealed_guess(7.0));
    let b = with(base.clone(), "old", "stays", revealed_guess(8.0));
    // An old tutor wrote a record under the old lesson meanwhile: read again, it moves too.
    let mut file = with(base.clone(), "old", "moved-too", revealed_guess(9.0));
    file.apply_moves(&[moved("moved"), moved("moved-too")]);
    Changes::between(&base, &a).apply(&mut file);
    Changes::between(&base, &b).apply(&mut file);
    assert_revealed(&file, "new", "moved", 7.0);
    assert_revealed(&file, "old", "stays", 8.0);
    assert_revealed(&file, "new", "moved-too", 9.0);
}
