//! Merging two tutors' progress record by record, so that neither loses an answer.
//!
//! A tutor remembers the progress it last loaded or saved (its base). When it saves, what it
//! changed since then ([`Changes::between`]) is applied over the file as it is by then
//! ([`Changes::apply`]):
//!
//! - a step record it changed replaces the file's, since it is the newer one — unless the
//!   file's record is further along (an answer beats a committed guess, which beats "seen"), so
//!   a tutor that merely showed a step never hides an answer given in the other;
//! - reviews it added are appended to the step's history (the same review twice is kept once);
//! - the resume step of a lesson and the last lesson are taken when it changed them;
//! - nothing is ever removed: records of lessons or steps this tutor does not know are kept.

use super::{Progress, StepRecord};
use crate::domain::schedule::Review;

/// What one tutor changed since its base.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Changes {
    /// The lesson studied last, when it changed.
    last_lesson: Option<String>,
    /// (lesson, resume step) for lessons whose resume step changed.
    resume_steps: Vec<(String, Option<String>)>,
    /// (lesson, step, record) for every record that is new or different.
    records: Vec<(String, String, StepRecord)>,
    /// (lesson, step, review) for every review added.
    reviews: Vec<(String, String, Review)>,
}

impl Changes {
    /// What `now` adds to or changes in `base`. Records and reviews `now` lacks are not changes
    /// (a merge never removes anything).
    #[must_use]
    pub fn between(base: &Progress, now: &Progress) -> Self {
        let mut changes = Self {
            last_lesson: now
                .last_lesson
                .clone()
                .filter(|_| now.last_lesson != base.last_lesson),
            ..Self::default()
        };
        for (lesson, progress) in &now.lessons {
            let before = base.lessons.get(lesson);
            if before.map(|b| &b.resume_step) != Some(&progress.resume_step) {
                changes
                    .resume_steps
                    .push((lesson.clone(), progress.resume_step.clone()));
            }
            for (step, record) in &progress.steps {
                if before.and_then(|b| b.steps.get(step)) != Some(record) {
                    changes
                        .records
                        .push((lesson.clone(), step.clone(), record.clone()));
                }
            }
        }
        for (lesson, steps) in &now.reviews {
            for (step, history) in steps {
                let old = base.history(lesson, step);
                for review in history.iter().filter(|r| !old.contains(r)) {
                    changes
                        .reviews
                        .push((lesson.clone(), step.clone(), *review));
                }
            }
        }
        changes
    }

    /// Whether nothing changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.last_lesson.is_none()
            && self.resume_steps.is_empty()
            && self.records.is_empty()
            && self.reviews.is_empty()
    }

    /// Applies the changes over `onto` (the progress file as it is now).
    pub fn apply(&self, onto: &mut Progress) {
        if let Some(last) = &self.last_lesson {
            onto.last_lesson = Some(last.clone());
        }
        for (lesson, resume) in &self.resume_steps {
            onto.lessons
                .entry(lesson.clone())
                .or_default()
                .resume_step
                .clone_from(resume);
        }
        for (lesson, step, record) in &self.records {
            let steps = &mut onto.lessons.entry(lesson.clone()).or_default().steps;
            let keep_theirs = steps
                .get(step)
                .is_some_and(|theirs| stage(theirs) > stage(record));
            if !keep_theirs {
                steps.insert(step.clone(), record.clone());
            }
        }
        for (lesson, step, review) in &self.reviews {
            onto.add_review(lesson, step, *review);
        }
    }
}

/// How far along a record is: seen, committed, answered.
pub(super) const fn stage(record: &StepRecord) -> u8 {
    match record {
        StepRecord::Seen => 0,
        StepRecord::Committed { .. } => 1,
        StepRecord::Revealed { .. } | StepRecord::Graded { .. } | StepRecord::Explained { .. } => 2,
    }
}

#[cfg(test)]
mod tests;
