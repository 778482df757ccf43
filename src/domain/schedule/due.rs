//! Which steps come back in review, and when.
//!
//! A recall card joins the review deck once it has been graded, a prediction (numeric or
//! choice) once its answer has been revealed; explore steps stay on the plot. A step that was
//! answered but has no review history (answered before reviews were kept) is due at once.

use super::{Scheduler, Timestamp};
use crate::domain::lesson::{Lesson, StepKind};
use crate::domain::session::{Progress, StepRecord};

/// What kind of review a step gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewKind {
    /// A recall card: the learner grades themselves (1–4).
    Recall,
    /// A prediction: asked again (on a fresh scenario where the step allows) and graded from the
    /// error.
    Predict,
}

impl ReviewKind {
    /// The kind's name as `roofline review --json` writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Recall => "recall",
            Self::Predict => "predict",
        }
    }
}

/// When a step is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Due {
    /// Answered but never reviewed: due now.
    Unscheduled,
    /// Due from this moment on.
    At(Timestamp),
}

impl Due {
    /// Whether the step is due at `now`.
    #[must_use]
    pub fn is_due(self, now: Timestamp) -> bool {
        match self {
            Self::Unscheduled => true,
            Self::At(at) => at <= now,
        }
    }
}

/// A step in the review deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reviewable {
    /// The lesson's id.
    pub lesson: String,
    /// The step's id.
    pub step: String,
    /// Card or prediction.
    pub kind: ReviewKind,
    /// When it is due.
    pub due: Due,
    /// How many reviews it has had.
    pub reviews: usize,
}

/// Every step of the installed lessons that is in the review deck, in lesson and step order.
/// Records of lessons or steps no longer installed are left out (and kept in the progress).
#[must_use]
pub fn reviewables(
    lessons: &[Lesson],
    progress: &Progress,
    scheduler: &Scheduler,
) -> Vec<Reviewable> {
    reviewables_of(
        lessons
            .iter()
            .map(|l| (l.id.as_str(), l.steps.iter().map(|s| (s.id(), s.kind())))),
        progress,
        scheduler,
    )
}

/// [`reviewables`] from each lesson's id and its steps' ids and kinds alone (all the deck
/// needs): what the lesson list counts before any lesson text is read.
#[must_use]
pub fn reviewables_of<'a, S>(
    lessons: impl IntoIterator<Item = (&'a str, S)>,
    progress: &Progress,
    scheduler: &Scheduler,
) -> Vec<Reviewable>
where
    S: IntoIterator<Item = (&'a str, StepKind)>,
{
    let mut deck = Vec::new();
    for (lesson, steps) in lessons {
        let records = progress.lessons.get(lesson);
        for (step, kind) in steps {
            let kind = match kind {
                StepKind::Recall => ReviewKind::Recall,
                StepKind::Predict => ReviewKind::Predict,
                StepKind::Read | StepKind::Example | StepKind::Explore | StepKind::Explain => {
                    continue;
                }
            };
            let history = progress.history(lesson, step);
            let learned = records
                .and_then(|r| r.steps.get(step))
                .is_some_and(|record| {
                    matches!(
                        (kind, record),
                        (ReviewKind::Recall, StepRecord::Graded { .. })
                            | (ReviewKind::Predict, StepRecord::Revealed { .. })
                    )
                });
            let due = match scheduler.due(history) {
                Some(at) => Due::At(at),
                None if learned => Due::Unscheduled,
                None => continue,
            };
            deck.push(Reviewable {
                lesson: lesson.to_owned(),
                step: step.to_owned(),
                kind,
                due,
                reviews: history.len(),
            });
        }
    }
    deck
}

/// The steps due at `now`, the longest overdue first (never-reviewed ones before all others).
#[must_use]
pub fn due_now(
    lessons: &[Lesson],
    progress: &Progress,
    scheduler: &Scheduler,
    now: Timestamp,
) -> Vec<Reviewable> {
    due_among(reviewables(lessons, progress, scheduler), now)
}

/// Those of `deck` due at `now`, the longest overdue first (never-reviewed ones first of all).
#[must_use]
pub fn due_among(deck: Vec<Reviewable>, now: Timestamp) -> Vec<Reviewable> {
    let mut due: Vec<Reviewable> = deck.into_iter().filter(|r| r.due.is_due(now)).collect();
    due.sort_by_key(|r| r.due);
    due
}

/// The first `count` of `deck` in the order they come due (those due already first, then the
/// soonest): what `roofline review --ahead` practises when nothing, or too little, is due.
#[must_use]
pub fn coming_due(mut deck: Vec<Reviewable>, count: usize) -> Vec<Reviewable> {
    deck.sort_by_key(|r| r.due);
    deck.truncate(count);
    deck
}

#[cfg(test)]
mod tests;
