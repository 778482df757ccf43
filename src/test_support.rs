//! Helpers the unit tests share (compiled for tests only).

use crate::domain::session::{LessonProgress, Progress, StepRecord};

/// Fails unless `actual` is within the relative `tolerance` of `expected`.
#[track_caller]
pub(crate) fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        ((actual - expected) / expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

/// One lesson's record: where it resumes and each step's record by id.
pub(crate) fn lesson_progress(
    resume: Option<&str>,
    records: Vec<(&str, StepRecord)>,
) -> LessonProgress {
    LessonProgress {
        resume_step: resume.map(str::to_owned),
        steps: records
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    }
}

/// A learner's progress with one lesson in it, the lesson last studied.
pub(crate) fn progress_in(
    lesson: &str,
    resume: Option<&str>,
    records: Vec<(&str, StepRecord)>,
) -> Progress {
    let mut progress = Progress {
        last_lesson: Some(lesson.into()),
        ..Progress::default()
    };
    progress
        .lessons
        .insert(lesson.into(), lesson_progress(resume, records));
    progress
}
