//! The pure lesson session: one state machine per step, driven by learner intents.
//!
//! A [`Session`] is a lesson being studied: which step is current, each step's
//! [`StepState`], and the answers resolved for the learner's cluster when it started. It moves
//! only through [`Session::act`], [`Session::next_step`] and [`Session::previous_step`], each of which says
//! what it did; it is saved as [`LessonProgress`] and restored from it.

pub mod answer;
pub mod guess;
pub mod progress;
pub mod refusal;
mod restore;
pub mod step;

pub use answer::{ResolvedAnswer, resolve_lesson, resolve_step};
pub use progress::{
    Changes, LessonProgress, LessonStatus, LessonSummary, Progress, StepMark, StepMove, StepRecord,
    mean_score, summarize, summarize_steps,
};
pub use step::{
    Action, ExplainState, Grade, Guess, Outcome, PredictInput, PredictState, RecallState, Refusal,
    StepState,
};

use super::catalog::Catalog;
use super::lesson::template::render;
use super::lesson::{Lesson, Step};
use super::scenario::Scenario;
use super::withhold::{
    Stated, Withheld, asked_quantity, asked_unit, figures_in, same_figure, stated_figures,
};
use restore::{record, restore};

/// A lesson being studied.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    lesson_id: String,
    slots: Vec<Slot>,
    current: usize,
}

/// One step's progress within a session.
#[derive(Debug, Clone, PartialEq)]
struct Slot {
    step_id: String,
    state: StepState,
    answer: Option<ResolvedAnswer>,
    visit: Visit,
    /// A record made against another answer (another cluster or setting): kept, shown as
    /// history, not as this step's result; replaced once the step is answered again.
    earlier: Option<StepRecord>,
}

/// Whether the learner has been on a step (what finishes a read step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Visit {
    NotYet,
    Seen,
}

/// What a move between steps did.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// The current step changed.
    Moved,
    /// Already at the last step.
    AtEnd,
    /// Already at the first step.
    AtStart,
}

/// A lesson with no steps cannot be studied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("lesson '{0}' has no steps")]
pub struct EmptyLesson(pub String);

impl Session {
    /// Starts a lesson from its first step, with answers computed for `cluster`.
    pub fn start(
        lesson: &Lesson,
        cluster: &Scenario,
        catalog: &Catalog,
    ) -> Result<Self, EmptyLesson> {
        Self::with_answers(lesson, resolve_lesson(lesson, cluster, catalog))
    }

    /// Resumes a lesson where `progress` left it. Records for steps the lesson no longer has,
    /// or that no longer fit the step (a predict turned into a card, an option removed), are
    /// ignored; an unknown resume step starts at the first step.
    pub fn resume(
        lesson: &Lesson,
        cluster: &Scenario,
        catalog: &Catalog,
        progress: &LessonProgress,
    ) -> Result<Self, EmptyLesson> {
        let mut session = Self::start(lesson, cluster, catalog)?;
        for (slot, step) in session.slots.iter_mut().zip(&lesson.steps) {
            if let Some(record) = progress.steps.get(step.id()) {
                slot.visit = Visit::Seen;
                match restore(step, record, slot.answer.as_ref()) {
                    Some(state) => slot.state = state,
                    None if matches!(record, StepRecord::Revealed { .. }) => {
                        slot.earlier = Some(record.clone());
                    }
                    None => {}
                }
            }
        }
        session.current = progress
            .resume_step
            .as_deref()
            .and_then(|id| session.slots.iter().position(|s| s.step_id == id))
            .unwrap_or(0);
        session.slots[session.current].visit = Visit::Seen;
        Ok(session)
    }

    /// A session with answers already resolved (one entry per step; `None` for steps without).
    pub fn with_answers(
        lesson: &Lesson,
        answers: Vec<Option<ResolvedAnswer>>,
    ) -> Result<Self, EmptyLesson> {
        if lesson.steps.is_empty() {
            return Err(EmptyLesson(lesson.id.clone()));
        }
        let mut answers = answers.into_iter();
        let mut slots: Vec<Slot> = lesson
            .steps
            .iter()
            .map(|step| Slot {
                step_id: step.id().to_owned(),
                state: StepState::initial(step),
                answer: answers.next().flatten(),
                visit: Visit::NotYet,
                earlier: None,
            })
            .collect();
        slots[0].visit = Visit::Seen;
        Ok(Self {
            lesson_id: lesson.id.clone(),
            slots,
            current: 0,
        })
    }

    /// The lesson's id.
    #[must_use]
    pub fn lesson_id(&self) -> &str {
        &self.lesson_id
    }

    /// Adds `step` after the last, not yet answered (a review's missed card come back).
    pub fn append(&mut self, step: &Step, answer: Option<ResolvedAnswer>) {
        self.slots.push(Slot {
            step_id: step.id().to_owned(),
            state: StepState::initial(step),
            answer,
            visit: Visit::NotYet,
            earlier: None,
        });
    }

    /// Index of the current step, from 0.
    #[must_use]
    pub const fn current(&self) -> usize {
        self.current
    }

    /// Number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a session has at least one step.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The current step's state.
    #[must_use]
    pub fn state(&self) -> &StepState {
        &self.slots[self.current].state
    }

    /// The current step's resolved answer, for predict and explore steps.
    #[must_use]
    pub fn answer(&self) -> Option<&ResolvedAnswer> {
        self.slots[self.current].answer.as_ref()
    }

    /// A record of the current step made against another answer (another cluster or
    /// setting), kept as history until the step is answered again.
    #[must_use]
    pub fn earlier(&self) -> Option<&StepRecord> {
        self.slots[self.current].earlier.as_ref()
    }

    /// The state of step `index`, if there is one.
    #[must_use]
    pub fn state_at(&self, index: usize) -> Option<&StepState> {
        self.slots.get(index).map(|s| &s.state)
    }

    /// Steps finished: read steps once seen, the others once answered.
    #[must_use]
    pub fn finished(&self) -> usize {
        self.slots.iter().filter(|s| is_finished(s)).count()
    }

    /// Applies a move to the current step.
    pub fn act(&mut self, action: Action) -> Outcome {
        let slot = &mut self.slots[self.current];
        slot.state.apply(action, slot.answer.as_ref())
    }

    /// Goes to the next step.
    pub fn next_step(&mut self) -> Move {
        if self.current + 1 >= self.slots.len() {
            return Move::AtEnd;
        }
        self.current += 1;
        self.slots[self.current].visit = Visit::Seen;
        Move::Moved
    }

    /// Goes to the previous step (its state is kept as it was).
    pub fn previous_step(&mut self) -> Move {
        if self.current == 0 {
            return Move::AtStart;
        }
        self.current -= 1;
        Move::Moved
    }

    /// The figures the screen must not show yet: the answers of every predict and explore step
    /// not yet revealed (earlier, current or later) that no revealed step has already shown, and
    /// the figures on the back of the current recall card while it is unturned. Derived from the
    /// lesson, so every lesson is covered. A step counts as revealed once its answer is shown.
    #[must_use]
    pub fn withheld(&self, lesson: &Lesson, cluster: &Scenario, catalog: &Catalog) -> Withheld {
        self.withheld_unless(lesson, cluster, catalog, |_, state| {
            matches!(state, StepState::Predict(PredictState::Revealed { .. }))
        })
    }

    /// As [`Self::withheld`], with the mode saying which steps (by index) count as revealed:
    /// the learner's reveals in study, the presenter's in a classroom.
    #[must_use]
    pub fn withheld_unless(
        &self,
        lesson: &Lesson,
        cluster: &Scenario,
        catalog: &Catalog,
        revealed: impl Fn(usize, &StepState) -> bool,
    ) -> Withheld {
        let revealed = &revealed;
        let numbers = |shown: bool| {
            self.slots
                .iter()
                .enumerate()
                .filter(move |(i, slot)| revealed(*i, &slot.state) == shown)
                .filter_map(|(_, slot)| match &slot.answer {
                    Some(ResolvedAnswer::Number { value, unit, .. }) => {
                        Some((*value, unit.clone()))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let known = numbers(true);
        let pending = numbers(false)
            .into_iter()
            .filter(|(figure, _)| !known.iter().any(|(r, _)| same_figure(*figure, *r)));
        let card = match (lesson.steps.get(self.current), self.state()) {
            (Some(Step::Recall(card)), StepState::Recall(RecallState::Front)) => {
                let scenario = super::lesson::scenario_for(card.scenario.as_ref(), cluster);
                figures_in(&render(&card.back, &scenario, catalog))
            }
            _ => Vec::new(),
        };
        let mut withheld = Withheld::with_units(pending).with(card);
        // A later step not yet revealed withholds its quantity at every setting too: masking it
        // only where it lies near that step's answer would make the `?` an oracle (lesson 4's
        // tokens/s masked from the ridge on gives the batch to the ridge away).
        for (i, step) in lesson.steps.iter().enumerate() {
            let open = self
                .slots
                .get(i)
                .is_some_and(|slot| !revealed(i, &slot.state));
            if i != self.current && open {
                if let Some(asked) = asked_quantity(step) {
                    // What an earlier reveal said stays shown (`ridge 295` once revealed).
                    let said = known.iter().map(|(value, unit)| Stated::new(*value, unit));
                    withheld = withheld.later(asked, said);
                }
            }
        }
        // The step on screen, until revealed, withholds the quantity it asks for at every
        // setting, with its family; what its question states stays shown.
        match lesson.steps.get(self.current) {
            Some(step) if !revealed(self.current, self.state()) => {
                let stated = stated_figures(step, cluster, catalog);
                match (asked_quantity(step), asked_unit(step)) {
                    (Some(asked), _) => withheld.asking(asked, stated),
                    (None, Some(unit)) => withheld.asking_unit(unit, stated),
                    (None, None) => withheld,
                }
            }
            Some(_) | None => withheld,
        }
    }

    /// Replaces the current step's answer before a guess is committed: an explore step is judged
    /// for the setting the learner arrived at on the plot, not the one it started from. Refused
    /// (and nothing changed) once a guess is committed.
    pub fn judge_against(&mut self, answer: ResolvedAnswer) -> Outcome {
        let slot = &mut self.slots[self.current];
        match slot.state {
            StepState::Predict(PredictState::Predicting { .. }) => {
                slot.answer = Some(answer);
                Outcome::Changed
            }
            StepState::Reading
            | StepState::Predict(_)
            | StepState::Recall(_)
            | StepState::Explain(_) => Outcome::Unchanged,
        }
    }

    /// What to remember: the resume point and a record for every step seen or answered.
    #[must_use]
    pub fn progress(&self) -> LessonProgress {
        LessonProgress {
            resume_step: Some(self.slots[self.current].step_id.clone()),
            steps: self
                .slots
                .iter()
                .filter_map(|slot| record(slot).map(|r| (slot.step_id.clone(), r)))
                .collect(),
        }
    }
}

fn is_finished(slot: &Slot) -> bool {
    match slot.state {
        StepState::Reading => slot.visit == Visit::Seen,
        StepState::Predict(_) | StepState::Recall(_) | StepState::Explain(_) => {
            slot.state.is_answered()
        }
    }
}

#[cfg(test)]
mod tests;
