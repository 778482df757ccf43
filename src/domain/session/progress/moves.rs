//! Steps that moved from one lesson to another, and moving a learner's history after them.
//!
//! Progress is keyed by lesson id and step id. When a lesson is split, a step keeps its id but
//! belongs to another lesson; a table of moves ([`StepMove`], read from a data file by the
//! content layer) is applied to every progress file read, so the step's record and its
//! reviews follow it. Applying the table is idempotent, and nothing is ever dropped: a record
//! that would replace one already further along at the new place stays where it was.

use serde::Deserialize;

use super::{Progress, merge::stage};

/// One step that now belongs to another lesson (the step id is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepMove {
    /// The step's id, in both lessons.
    pub step: String,
    /// The lesson id it was in.
    pub from: String,
    /// The lesson id it is in now.
    pub to: String,
}

impl Progress {
    /// Applies `moves` in order: each moved step's record, resume point and reviews go to its
    /// new lesson. Applying the same moves again changes nothing.
    pub fn apply_moves(&mut self, moves: &[StepMove]) {
        for step_move in moves.iter().filter(|m| m.from != m.to) {
            self.move_record(step_move);
            self.move_reviews(step_move);
        }
    }

    fn move_record(&mut self, StepMove { step, from, to }: &StepMove) {
        let Some(old) = self.lessons.get_mut(from) else {
            return;
        };
        let resumed_here = old.resume_step.as_deref() == Some(step.as_str());
        let Some(record) = old.steps.remove(step) else {
            return;
        };
        let target = self.lessons.entry(to.clone()).or_default();
        if resumed_here && target.resume_step.is_none() {
            target.resume_step = Some(step.clone());
        }
        // The record further along takes the new place; the other stays behind (kept, never
        // dropped), which is what makes a second application a no-op.
        let left_behind = match target.steps.remove(step) {
            Some(theirs) if stage(&theirs) >= stage(&record) => {
                target.steps.insert(step.clone(), theirs);
                Some(record)
            }
            Some(theirs) => {
                target.steps.insert(step.clone(), record);
                Some(theirs)
            }
            None => {
                target.steps.insert(step.clone(), record);
                None
            }
        };
        if let Some(kept) = left_behind {
            self.lessons
                .entry(from.clone())
                .or_default()
                .steps
                .insert(step.clone(), kept);
        }
    }

    fn move_reviews(&mut self, StepMove { step, from, to }: &StepMove) {
        let Some(steps) = self.reviews.get_mut(from) else {
            return;
        };
        let Some(history) = steps.remove(step) else {
            return;
        };
        if steps.is_empty() {
            self.reviews.remove(from);
        }
        for review in history {
            self.add_review(to, step, review);
        }
    }
}

#[cfg(test)]
mod tests;
