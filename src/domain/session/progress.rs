//! What is remembered between runs: per lesson, the step to resume at and what was done on each
//! step, keyed by stable ids so that rewording a lesson never loses a learner's history.
//!
//! Only settled facts are kept (a committed or revealed guess, a grade, a handed-in explanation,
//! a step seen); half-typed input is not. Beside the records, each reviewed step keeps its
//! review history (when, and the grade), from which its schedule is derived.
//!
//! Two tutors may share one progress file: each saves only what it changed ([`Changes`]),
//! applied over what the file holds by then (see [`merge`]).

pub mod merge;
pub mod moves;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::step::{Grade, Guess};
use crate::domain::lesson::{Lesson, Step, StepKind};
use crate::domain::schedule::Review;

pub use merge::Changes;
pub use moves::StepMove;

/// Everything remembered, across lessons.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The lesson studied last: where a bare `roofline` resumes.
    #[serde(default)]
    pub last_lesson: Option<String>,
    /// Per lesson id.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
    /// Review history per lesson id and step id, oldest first. Kept apart from
    /// [`LessonProgress`] so that a study session, which rewrites a lesson's records, never
    /// touches it.
    #[serde(default)]
    pub reviews: BTreeMap<String, BTreeMap<String, Vec<Review>>>,
}

impl Progress {
    /// A step's review history, oldest first (empty when never reviewed).
    #[must_use]
    pub fn history(&self, lesson: &str, step: &str) -> &[Review] {
        self.reviews
            .get(lesson)
            .and_then(|steps| steps.get(step))
            .map_or(&[], Vec::as_slice)
    }

    /// Adds a review to a step's history, in time order; the same review twice is kept once.
    pub fn add_review(&mut self, lesson: &str, step: &str, review: Review) {
        let history = self
            .reviews
            .entry(lesson.to_owned())
            .or_default()
            .entry(step.to_owned())
            .or_default();
        if history.contains(&review) {
            return;
        }
        let at = history.partition_point(|r| r.at <= review.at);
        history.insert(at, review);
    }
}

/// What is remembered about one lesson.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// The step id to resume at.
    #[serde(default)]
    pub resume_step: Option<String>,
    /// Per step id.
    #[serde(default)]
    pub steps: BTreeMap<String, StepRecord>,
}

/// What was done on one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StepRecord {
    /// The step was shown; nothing answered.
    Seen,
    /// A guess was locked in but the answer not yet shown.
    Committed {
        /// The guess.
        guess: Guess,
    },
    /// The answer was shown.
    Revealed {
        /// The guess.
        guess: Guess,
        /// 0–100, when the answer could be judged.
        score: Option<u8>,
        /// The number the guess was judged against (absent in records from before it was
        /// kept, and for choices). A record judged against another number — another cluster,
        /// another setting — is not shown as this cluster's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        answer: Option<f64>,
    },
    /// A recall card was graded.
    Graded {
        /// The grade.
        grade: Grade,
    },
    /// An explanation was handed in.
    Explained {
        /// What the learner wrote.
        text: String,
    },
}

/// How a step went, for the marks on screen: done is not the same as right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepMark {
    /// Not finished.
    Open,
    /// Finished, with nothing to be right or wrong about (read, an explanation, an answer
    /// that could not be judged).
    Done,
    /// Within tolerance (100/100), or a card known.
    Right,
    /// Close but not within tolerance: the score.
    Partly(u8),
    /// Scored 0, or a card not known (graded Again).
    Missed,
}

impl StepMark {
    /// The mark of a score.
    #[must_use]
    pub const fn of_score(score: Option<u8>) -> Self {
        match score {
            Some(100) => Self::Right,
            Some(0) => Self::Missed,
            Some(s) => Self::Partly(s),
            None => Self::Done,
        }
    }

    /// The mark of a recall grade.
    #[must_use]
    pub const fn of_grade(grade: Grade) -> Self {
        match grade {
            Grade::Again => Self::Missed,
            Grade::Hard | Grade::Good | Grade::Easy => Self::Right,
        }
    }
}

impl StepRecord {
    /// How the step went.
    #[must_use]
    pub const fn mark(&self) -> StepMark {
        match self {
            Self::Seen | Self::Committed { .. } => StepMark::Open,
            Self::Revealed { score, .. } => StepMark::of_score(*score),
            Self::Graded { grade } => StepMark::of_grade(*grade),
            Self::Explained { .. } => StepMark::Done,
        }
    }

    /// Whether this record finishes this step.
    #[must_use]
    pub fn completes(&self, step: &Step) -> bool {
        self.completes_kind(step.kind())
    }

    /// Whether this record finishes a step of this kind.
    #[must_use]
    pub const fn completes_kind(&self, kind: StepKind) -> bool {
        matches!(
            (kind, self),
            (StepKind::Read | StepKind::Example, _)
                | (StepKind::Predict | StepKind::Explore, Self::Revealed { .. })
                | (StepKind::Recall, Self::Graded { .. })
                | (StepKind::Explain, Self::Explained { .. })
        )
    }
}

/// How far a learner is through a lesson, for the lesson list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonStatus {
    /// Nothing recorded.
    NotStarted,
    /// Some steps done.
    InProgress {
        /// Steps finished.
        done: usize,
        /// Steps in the lesson.
        total: usize,
    },
    /// Every step finished.
    Done,
}

/// A lesson's status, the mean score of its revealed predictions and how its steps went: the
/// one summary both the lesson list and the end of a lesson show (one rounding, one meaning of
/// each mark).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonSummary {
    /// How far through.
    pub status: LessonStatus,
    /// Mean score (0–100) over the scored predictions; `None` before the first.
    pub score: Option<u8>,
    /// Predictions scored (what the score is the mean of).
    pub scored: usize,
    /// Steps answered right (predictions within tolerance, cards known).
    pub right: usize,
    /// Predictions close but not within tolerance (scored between 0 and 100).
    pub partly: usize,
    /// Steps answered wrong (a prediction scored 0, a card graded Again).
    pub missed: usize,
    /// Steps not finished yet.
    pub unfinished: usize,
}

/// Summarises a lesson's progress. Records for steps the lesson no longer has are ignored.
#[must_use]
pub fn summarize(lesson: &Lesson, progress: Option<&LessonProgress>) -> LessonSummary {
    summarize_steps(
        lesson.steps.iter().map(|step| (step.id(), step.kind())),
        progress,
    )
}

/// [`summarize`] from each step's id and kind alone, in lesson order: what the lesson list
/// knows of a lesson whose text has not been read.
#[must_use]
pub fn summarize_steps<'a>(
    steps: impl Iterator<Item = (&'a str, StepKind)>,
    progress: Option<&LessonProgress>,
) -> LessonSummary {
    let Some(progress) = progress.filter(|p| p.resume_step.is_some() || !p.steps.is_empty()) else {
        return LessonSummary {
            status: LessonStatus::NotStarted,
            score: None,
            scored: 0,
            right: 0,
            partly: 0,
            missed: 0,
            unfinished: 0,
        };
    };
    let (mut total, mut done) = (0, 0);
    let (mut right, mut partly, mut missed) = (0, 0, 0);
    let mut scores: Vec<u32> = Vec::new();
    for (id, kind) in steps {
        total += 1;
        let Some(record) = progress.steps.get(id).filter(|r| r.completes_kind(kind)) else {
            continue;
        };
        done += 1;
        if let (
            StepKind::Predict | StepKind::Explore,
            StepRecord::Revealed { score: Some(s), .. },
        ) = (kind, record)
        {
            scores.push(u32::from(*s));
        }
        match record.mark() {
            StepMark::Right => right += 1,
            StepMark::Partly(_) => partly += 1,
            StepMark::Missed => missed += 1,
            StepMark::Open | StepMark::Done => {}
        }
    }
    let score = mean_score(&scores);
    let status = if total > 0 && done == total {
        LessonStatus::Done
    } else {
        LessonStatus::InProgress { done, total }
    };
    LessonSummary {
        status,
        score,
        scored: scores.len(),
        right,
        partly,
        missed,
        unfinished: total - done,
    }
}

/// The mean of scores out of 100, rounded to the nearest whole (halves up); `None` for none.
/// The one rounding of every mean score on screen.
#[must_use]
pub fn mean_score(scores: &[u32]) -> Option<u8> {
    let n = u32::try_from(scores.len()).ok().filter(|n| *n > 0)?;
    let mean = (scores.iter().sum::<u32>() * 2 + n) / (2 * n);
    u8::try_from(mean.min(100)).ok()
}

#[cfg(test)]
mod tests;
