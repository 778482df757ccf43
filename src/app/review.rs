//! The review mode's state: the round being asked, and when the next reviews come due once it
//! is over. Its part of `update` is [`handle`]; its policy (withheld as in study, the
//! learner reveals, only forward, the review history saved) is in [`super::mode`].

pub(super) mod handle;

use std::time::SystemTime;

use crate::domain::schedule::{NextDue, Round, Timestamp};
use crate::domain::session::{PredictInput, PredictState, RecallState, StepState};

/// A review in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewing {
    /// The items and how each went.
    pub round: Round,
    /// When the next reviews come due, worked out when the round ends (`None` before, or when
    /// nothing is scheduled later).
    pub next: Option<NextDue>,
    /// When the round ended (the clock at its last key).
    pub ended: Option<Timestamp>,
}

impl Reviewing {
    /// A round about to be asked.
    #[must_use]
    pub const fn new(round: Round) -> Self {
        Self {
            round,
            next: None,
            ended: None,
        }
    }
}

impl super::App {
    /// The same program as a review of `round`, on its first item: the learner answers, each
    /// answer is graded and goes into its step's review history (scheduled by `scheduler`), a
    /// summary ends the round.
    #[must_use]
    pub fn reviewing(
        mut self,
        round: crate::domain::schedule::Round,
        scheduler: crate::domain::schedule::Scheduler,
    ) -> Self {
        self.schedule = super::Schedule::new(scheduler, round.started());
        self.mode = super::Mode::Review(Reviewing::new(round));
        handle::open(&mut self);
        self
    }

    /// The review in progress (review mode only).
    #[must_use]
    pub const fn review(&self) -> Option<&Reviewing> {
        if let super::Mode::Review(review) = &self.mode {
            Some(review)
        } else {
            None
        }
    }

    /// What study knows of the review schedule.
    #[must_use]
    pub const fn schedule(&self) -> &super::Schedule {
        &self.schedule
    }

    /// The lesson on screen: a lesson of the course, or in review the round's items gathered
    /// as one lesson.
    #[must_use]
    pub fn screen_lesson(&self) -> Option<&crate::domain::lesson::Lesson> {
        let screen = self.lesson_screen()?;
        if let super::Mode::Review(review) = &self.mode {
            Some(review.round.lesson())
        } else {
            self.lessons.get(screen.lesson)
        }
    }
}

/// Review: the item's state (a guess, a locked-in guess, a card's front or back; once answered
/// only going on: an item is graded once), the review's own keys, the plot and the global
/// keys; on the summary, its keys.
#[must_use]
pub fn contexts(app: &super::App) -> Vec<super::KeyContext> {
    use super::KeyContext as C;
    let Some(screen) = app.lesson_screen() else {
        return vec![C::Global];
    };
    if let super::LessonView::End { .. } = screen.view {
        return vec![C::ReviewEnd, C::Global];
    }
    let step = match screen.session.state() {
        StepState::Predict(PredictState::Predicting { input }) => match input {
            PredictInput::Number { .. } => C::GuessEntry,
            PredictInput::Choice { .. } => C::ChoiceEntry,
        },
        StepState::Predict(PredictState::Committed { .. }) => C::Committed,
        StepState::Recall(RecallState::Front) => C::CardFront,
        StepState::Recall(RecallState::Back) => C::CardBack,
        StepState::Recall(RecallState::Graded(_))
        | StepState::Predict(PredictState::Revealed { .. })
        | StepState::Reading
        | StepState::Explain(_) => C::Continue,
    };
    vec![step, C::Reviewing, C::Plot, C::Global]
}

/// A moment of the run loop's clock as whole seconds of Unix time (0 before 1970).
#[must_use]
pub fn timestamp(at: SystemTime) -> Timestamp {
    Timestamp(
        at.duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX)),
    )
}
