//! How the tutor is being used, and the policy each use owns: what is withheld until a reveal,
//! what reveal does, which keys apply and what is saved. Nothing about a mode is decided in a
//! widget. Study is the mode that exists; quiz, present and review are added here as variants,
//! each answering the same questions.

use super::{App, KeyContext};
use crate::domain::batch_range::Wall;
use crate::domain::lesson::Step;
use crate::domain::scenario::Scenario;
use crate::domain::session::{PredictState, ResolvedAnswer, Session, StepState};
use crate::domain::withhold::Withheld;

/// A use of the tutor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Self-paced study: the learner reveals each answer, progress is saved.
    #[default]
    Study,
    /// A classroom walkthrough: the presenter paces and reveals, types the room's guesses;
    /// nothing is scored, the room's record is kept.
    Present,
}

/// Who may reveal an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revealer {
    /// The learner, once a guess is committed.
    Learner,
    /// The presenter, whenever they choose.
    Presenter,
}

/// What a mode saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saves {
    /// The learner's progress, after every change.
    Progress,
    /// The room's guesses, at each reveal (when a record file was asked for).
    RoomRecord,
}

impl Mode {
    /// The figures no surface may show now.
    ///
    /// Study: every predict or explore answer not yet revealed (less those a reveal already
    /// showed), the current card's back while unturned, and an explore step's answer for the
    /// setting on the plot (it is judged there).
    #[must_use]
    pub fn withheld(self, app: &App) -> Withheld {
        match self {
            Self::Present => present_withheld(app),
            Self::Study => {
                let (Some(screen), Some((lesson, step))) =
                    (app.lesson_screen(), app.current_step())
                else {
                    return Withheld::none();
                };
                let withheld = screen
                    .session
                    .withheld(lesson, app.cluster(), app.catalog());
                match (step, screen.session.state()) {
                    (
                        Step::Explore(explore),
                        StepState::Predict(PredictState::Predicting { .. }),
                    ) => {
                        match ResolvedAnswer::resolve(
                            &explore.answer,
                            &app.plot().scenario,
                            app.catalog(),
                        ) {
                            ResolvedAnswer::Number { value, unit, .. } => {
                                withheld.with_unit_figures([(value, unit)])
                            }
                            ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. } => {
                                withheld
                            }
                        }
                    }
                    _ => withheld,
                }
            }
        }
    }

    /// Whether the KV wall stops the plot's batch or is withheld.
    ///
    /// Study: withheld while a predict step asks for it (pushing the slider to the wall would
    /// show the answer); an explore step keeps it, since finding the wall is the task.
    #[must_use]
    pub fn wall(self, app: &App) -> Wall {
        let open = match self {
            Self::Study => matches!(
                (app.current_step(), app.session().map(Session::state)),
                (
                    Some((_, Step::Predict(_))),
                    Some(StepState::Predict(
                        PredictState::Predicting { .. } | PredictState::Committed { .. },
                    )),
                )
            ),
            Self::Present => {
                matches!(app.current_step(), Some((_, Step::Predict(_))))
                    && app
                        .session()
                        .is_some_and(|s| !app.classroom().revealed.contains(&s.current()))
            }
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
                .is_some_and(|w| !self.withheld(app).allows(w as f64, 1.0));
        if asks { Wall::Withheld } else { Wall::Stops }
    }

    /// Who reveals answers.
    #[must_use]
    pub const fn revealer(self) -> Revealer {
        match self {
            Self::Study => Revealer::Learner,
            Self::Present => Revealer::Presenter,
        }
    }

    /// What is saved.
    #[must_use]
    pub const fn saves(self) -> Saves {
        match self {
            Self::Study => Saves::Progress,
            Self::Present => Saves::RoomRecord,
        }
    }

    /// The key contexts of the screen under any overlay, most specific first.
    #[must_use]
    pub fn contexts(self, app: &App) -> Vec<KeyContext> {
        match self {
            Self::Study => app.study_contexts(),
            Self::Present => present_contexts(app),
        }
    }
}

/// Present: the answers of every predict or explore step the presenter has not revealed, and
/// the current card's back while unturned.
fn present_withheld(app: &App) -> Withheld {
    let (Some(screen), Some((lesson, _))) = (app.lesson_screen(), app.current_step()) else {
        return Withheld::none();
    };
    let revealed = &app.classroom().revealed;
    screen
        .session
        .withheld_unless(lesson, app.cluster(), app.catalog(), |i, _| {
            revealed.contains(&i)
        })
}

/// Present: typing the room's guesses (or choosing their options) on a step not yet revealed,
/// then the presenter's keys, the plot and the global keys.
fn present_contexts(app: &App) -> Vec<KeyContext> {
    let mut contexts = Vec::with_capacity(4);
    if let (Some((_, step)), Some(session)) = (app.current_step(), app.session())
        && super::classroom::asks(step)
        && !app.classroom().revealed.contains(&session.current())
    {
        contexts.push(match super::classroom::options(step) {
            Some(_) => KeyContext::RoomChoices,
            None => KeyContext::RoomNumbers,
        });
    }
    if app.classroom().room.is_some() {
        contexts.push(KeyContext::RoomDevices);
    }
    contexts.extend([KeyContext::Presenting, KeyContext::Plot, KeyContext::Global]);
    contexts
}
