//! What `update` asks of the world outside the state, as values: the run loop performs them,
//! tests assert them without a disk.

use super::Msg;

/// One thing to do after a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Handle this message next (one intent leading to another: a click on the slider sets
    /// the batch, Enter on the list opens the lesson).
    Dispatch(Msg),
    /// The learner's progress changed (a step's record, or a review graded: the review history
    /// lives in the progress file): save it.
    SaveProgress,
    /// The classroom record changed (a reveal): write it, if the presenter asked for one.
    SaveRecord,
    /// The presentation changed: tell the speaker-notes window.
    NotifyNotes,
    /// The quiz is over: write the student's result file.
    ExportResult,
}

/// Everything one message asks for, in order.
#[must_use = "the run loop must perform the effects (dispatch the follow-up, save progress)"]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects(Vec<Effect>);

impl Effects {
    /// Nothing but the message that follows, if any.
    pub fn following(follow_up: Option<Msg>) -> Self {
        Self(follow_up.map(Effect::Dispatch).into_iter().collect())
    }

    /// Adds an effect.
    pub fn push(&mut self, effect: Effect) {
        self.0.push(effect);
    }

    /// The message to handle next, if any.
    #[must_use]
    pub fn follow_up(&self) -> Option<Msg> {
        self.0.iter().find_map(|e| match e {
            Effect::Dispatch(msg) => Some(msg.clone()),
            Effect::SaveProgress
            | Effect::SaveRecord
            | Effect::NotifyNotes
            | Effect::ExportResult => None,
        })
    }

    /// Whether progress must be saved.
    #[must_use]
    pub fn saves_progress(&self) -> bool {
        self.0.contains(&Effect::SaveProgress)
    }

    /// Adds several effects.
    pub fn extend(&mut self, effects: impl IntoIterator<Item = Effect>) {
        self.0.extend(effects);
    }

    /// The effects, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Effect> {
        self.0.iter()
    }
}
