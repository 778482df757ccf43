//! Which steps come back in review, and when.
//!
//! A recall card joins the review deck once it has been graded, a prediction (numeric or
//! choice) once its answer has been revealed; explore steps stay on the plot. A step that was
//! answered but has no review history (answered before reviews were kept) is due at once.

use super::{Scheduler, Timestamp};
use crate::domain::lesson::{Lesson, Step};
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
    let mut deck = Vec::new();
    for lesson in lessons {
        let records = progress.lessons.get(&lesson.id);
        for step in &lesson.steps {
            let kind = match step {
                Step::Recall(_) => ReviewKind::Recall,
                Step::Predict(_) => ReviewKind::Predict,
                Step::Read(_) | Step::Example(_) | Step::Explore(_) | Step::Explain(_) => continue,
            };
            let history = progress.history(&lesson.id, step.id());
            let learned = records
                .and_then(|r| r.steps.get(step.id()))
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
                lesson: lesson.id.clone(),
                step: step.id().to_owned(),
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
    let mut due: Vec<Reviewable> = reviewables(lessons, progress, scheduler)
        .into_iter()
        .filter(|r| r.due.is_due(now))
        .collect();
    due.sort_by_key(|r| r.due);
    due
}

#[cfg(test)]
mod tests;
