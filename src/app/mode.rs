//! How the tutor is being used, and the policy each use owns: what is withheld until a reveal,
//! what reveal does, which keys apply and what is saved. Nothing about a mode is decided in a
//! widget. Study, present and review are the modes that exist; each answers the same questions.

use super::classroom::Classroom;
use super::quiz::QuizRun;
use super::review::Reviewing;
use super::study::Studying;
use super::{App, KeyContext};
use crate::domain::batch_range::Wall;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;
use crate::domain::withhold::{Shown, Withheld};

/// A use of the tutor, with the state only that use has (so no mode can meet another's).
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// Self-paced study: the learner reveals each answer, progress is saved; a revealed
    /// answer's derivation can be opened.
    Study(Studying),
    /// A classroom walkthrough: the presenter paces and reveals, types the room's guesses;
    /// nothing is scored, the room's record is kept.
    Present(Classroom),
    /// A quiz: the question alone until its reveal (each, or all at the end), scored, a
    /// result file written and nothing else saved.
    Quiz(QuizRun),
    /// Spaced review: what FSRS says is due comes back (cards graded by the learner,
    /// predictions on a fresh scenario graded from the error); the review history is saved.
    Review(Reviewing),
}

impl Default for Mode {
    fn default() -> Self {
        Self::Study(Studying::default())
    }
}

/// Who may reveal an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revealer {
    /// The learner, once a guess is committed.
    Learner,
    /// The presenter, whenever they choose.
    Presenter,
    /// The quiz: each answer follows its commit, or all come at the end, as it was started.
    Quiz,
}

/// What a mode saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saves {
    /// The learner's progress, after every change.
    Progress,
    /// The room's guesses, at each reveal (when a record file was asked for).
    RoomRecord,
    /// The student's result file, once, at the end (study progress is not touched).
    QuizResult,
    /// The review history (the schedule), after every item graded; nothing else.
    Schedule,
}

/// How a mode moves through the course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Roaming {
    /// The learner goes where they like: `:lesson N` opens any lesson, and the line says what
    /// is due for review.
    Roams,
    /// The sequence is the mode's own (the presenter's lesson, the quiz's draw, the review's
    /// round): no lesson is opened from the line, nothing else is announced.
    Fixed,
}

impl Roaming {
    /// Whether the learner goes where they like.
    #[must_use]
    pub const fn roams(self) -> bool {
        matches!(self, Self::Roams)
    }
}

impl Mode {
    /// How the mode moves through the course.
    #[must_use]
    pub const fn course(&self) -> Roaming {
        match self {
            Self::Study(_) => Roaming::Roams,
            Self::Present(_) | Self::Quiz(_) | Self::Review(_) => Roaming::Fixed,
        }
    }

    /// The figures no surface may show now.
    ///
    /// Study: every predict or explore answer not yet revealed (less those a reveal already
    /// showed), the current card's back while unturned, and an explore step's answer for the
    /// setting on the plot (it is judged there).
    #[must_use]
    pub fn withheld(&self, app: &App) -> Withheld {
        match self {
            Self::Quiz(run) => super::quiz::withheld(run),
            Self::Present(room) => super::classroom::withheld(app, room),
            // Review asks its items as study asks its steps: every answer of the round not
            // yet revealed, and the card's back while unturned.
            Self::Study(_) | Self::Review(_) => super::study::withheld(app),
        }
    }

    /// Whether the KV wall stops the plot's batch or is withheld.
    ///
    /// Study: withheld while a predict step asks for it (pushing the slider to the wall would
    /// show the answer); an explore step keeps it, since finding the wall is the task.
    #[must_use]
    pub fn wall(&self, app: &App) -> Wall {
        let open = match self {
            Self::Study(_) | Self::Review(_) => super::study::wall_asks(app),
            Self::Present(room) => super::classroom::wall_asks(app, room),
            // No plot, no slider: nothing to stop.
            Self::Quiz(_) => false,
        };
        let scenario = Scenario {
            batch: 1,
            ..app.plot().scenario.clone()
        };
        let asks = open
            && scenario
                .evaluate(app.catalog())
                .ok()
                .and_then(|e| e.model)
                .and_then(|m| m.max_batch_kv)
                .is_some_and(|w| {
                    let wall = Shown::Quantity(Quantity::MaxBatchKv);
                    !self.withheld(app).may_show(wall, w as f64, 1.0)
                });
        if asks { Wall::Withheld } else { Wall::Stops }
    }

    /// Who reveals answers.
    #[must_use]
    pub const fn revealer(&self) -> Revealer {
        match self {
            Self::Study(_) | Self::Review(_) => Revealer::Learner,
            Self::Present(_) => Revealer::Presenter,
            Self::Quiz(_) => Revealer::Quiz,
        }
    }

    /// What is saved.
    #[must_use]
    pub const fn saves(&self) -> Saves {
        match self {
            Self::Study(_) => Saves::Progress,
            Self::Present(_) => Saves::RoomRecord,
            Self::Quiz(_) => Saves::QuizResult,
            Self::Review(_) => Saves::Schedule,
        }
    }

    /// The key contexts of the screen under any overlay, most specific first.
    #[must_use]
    pub fn contexts(&self, app: &App) -> Vec<KeyContext> {
        match self {
            Self::Study(studying) => super::study::contexts(app, studying),
            Self::Present(room) => super::classroom::contexts(app, room),
            Self::Quiz(run) => super::quiz::contexts(run),
            Self::Review(_) => super::review::contexts(app),
        }
    }

    /// Whether the keys of `context` ever apply in this mode (the help lists only those: a
    /// learner studying is not shown the quiz's keys, nor a student the plot's).
    #[must_use]
    pub const fn offers(&self, context: KeyContext) -> bool {
        match context {
            KeyContext::Global | KeyContext::Warning | KeyContext::Help => true,
            KeyContext::QuizNumber
            | KeyContext::QuizChoice
            | KeyContext::QuizRevealed
            | KeyContext::QuizEnd => matches!(self, Self::Quiz(_)),
            KeyContext::Presenting
            | KeyContext::RoomNumbers
            | KeyContext::RoomChoices
            | KeyContext::RoomDevices => {
                matches!(self, Self::Present(_))
            }
            KeyContext::Reviewing | KeyContext::ReviewEnd => matches!(self, Self::Review(_)),
            KeyContext::LessonList
            | KeyContext::LessonEnd
            | KeyContext::Search
            | KeyContext::Weakest
            | KeyContext::Derivation => matches!(self, Self::Study(_)),
            KeyContext::WhatIfEntry
            | KeyContext::Lesson
            | KeyContext::Plot
            | KeyContext::GuessEntry
            | KeyContext::ChoiceEntry
            | KeyContext::Committed
            | KeyContext::Continue
            | KeyContext::CardFront
            | KeyContext::CardBack
            | KeyContext::TextEntry
            | KeyContext::ExplainPaused => !matches!(self, Self::Quiz(_)),
        }
    }
}
