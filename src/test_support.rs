//! Helpers the unit tests share (compiled for tests only).

use crate::domain::lab::{LAB_FORMAT_VERSION, LabReport, Repeated, SweepPoint};
use crate::domain::quiz::{QuestionResult, QuizResult};
use crate::domain::scenario::Scenario;
use crate::domain::session::{LessonProgress, Progress, StepRecord};

/// Fails unless `actual` is within the relative `tolerance` of `expected`.
#[track_caller]
pub(crate) fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        ((actual - expected) / expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

/// Fails unless `actual` is within the absolute `tolerance` of `expected`.
#[track_caller]
pub(crate) fn near(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "expected {expected} ± {tolerance}, got {actual}"
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

/// A small CPU lab report: one sweep point, medians a little below the best.
pub(crate) fn lab_report() -> LabReport {
    LabReport {
        format_version: LAB_FORMAT_VERSION,
        cpu: "Test CPU".to_owned(),
        threads: 2,
        simd: "AVX2+FMA (8 × f32)".to_owned(),
        memory_bytes: None,
        buffer_bytes: 1024.0,
        bandwidth: Repeated {
            best: 2e10,
            median: 1.9e10,
        },
        peak: Repeated {
            best: 2e11,
            median: 1.9e11,
        },
        sweep: vec![SweepPoint {
            batch: 1,
            k: 8,
            n: 32,
            flops_per_s: Repeated {
                best: 1e9,
                median: 1e9,
            },
        }],
    }
}

/// One question of the "batching" quiz at the default cluster, asked as `{step}?`, with a
/// tolerance of 10 % where it has a unit.
pub(crate) fn question_result(
    step: &str,
    answer: f64,
    unit: &str,
    guess: Option<f64>,
    score: u8,
    confidence: Option<u8>,
) -> QuestionResult {
    QuestionResult {
        lesson: "batching".into(),
        step: step.into(),
        scenario: Scenario::default_cluster(),
        question: format!("{step}?"),
        answer,
        unit: unit.into(),
        tolerance: (!unit.is_empty()).then_some(0.1),
        guess,
        confidence,
        score,
    }
}

/// A quiz's result file for one student of the "batching" quiz, with these questions.
pub(crate) fn quiz_result(name: &str, seed: u64, questions: Vec<QuestionResult>) -> QuizResult {
    QuizResult {
        format_version: 1,
        tutor_version: "0.1.0".into(),
        name: name.into(),
        seed,
        lessons: vec!["batching".into()],
        started: "2026-11-23T10:00:00Z".into(),
        finished: "2026-11-23T10:05:00Z".into(),
        total: 0.0,
        questions,
    }
}
