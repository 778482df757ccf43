//! The study mode's policy: what is withheld until the learner reveals it, when the KV wall is
//! withheld, which keys apply. Review asks its items as study asks steps and shares it. Study's
//! part of `update` is `handlers/route.rs` (one arm per group of messages) and `handlers/study.rs`.

mod why;

pub use why::{Studying, Why, WhyEntry, WhyFigure, derivations, why};

use super::{App, Focus, KeyContext, LessonView, Screen};
use crate::domain::lesson::Step;
use crate::domain::session::{
    ExplainState, PredictInput, PredictState, RecallState, ResolvedAnswer, Session, StepState,
};
use crate::domain::withhold::Withheld;

/// Every predict or explore answer not yet revealed (less those a reveal already showed), the
/// current card's back while unturned, and an explore step's answer for the setting on the
/// plot (it is judged there).
#[must_use]
pub fn withheld(app: &App) -> Withheld {
    let (Some(screen), Some((lesson, step))) = (app.lesson_screen(), app.current_step()) else {
        return Withheld::none();
    };
    let withheld = screen
        .session
        .withheld(lesson, app.cluster(), app.catalog());
    let (Step::Explore(explore), StepState::Predict(PredictState::Predicting { .. })) =
        (step, screen.session.state())
    else {
        return withheld;
    };
    match ResolvedAnswer::resolve(&explore.answer, &app.plot().scenario, app.catalog()) {
        ResolvedAnswer::Number { value, unit, .. } => withheld.with_unit_figures([(value, unit)]),
        ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. } => withheld,
    }
}

/// Whether the step asks for the KV wall: a predict step while its guess is open or locked in
/// (pushing the slider to the wall would show the answer); an explore step keeps it, since
/// finding the wall is the task.
#[must_use]
pub fn wall_asks(app: &App) -> bool {
    matches!(
        (app.current_step(), app.session().map(Session::state)),
        (
            Some((_, Step::Predict(_))),
            Some(StepState::Predict(
                PredictState::Predicting { .. } | PredictState::Committed { .. },
            )),
        )
    )
}

/// The lesson list, the derivation view while it is open, or the step's state, the lesson,
/// the plot and the global keys.
pub fn contexts(app: &App, studying: &Studying) -> Vec<KeyContext> {
    use KeyContext as C;
    let screen = match &app.screen {
        Screen::Lesson(screen) => screen,
        Screen::LessonList { .. } => return vec![C::LessonList, C::Global],
        Screen::Search(_) => return vec![C::Search, C::Global],
        Screen::Weakest { .. } => return vec![C::Weakest, C::Global],
    };
    if let (Why::Open { .. }, LessonView::Step) = (studying.why, screen.view) {
        return vec![C::Derivation, C::Global];
    }
    if let LessonView::End { .. } = screen.view {
        return vec![C::LessonEnd, C::Global];
    }
    let step: &[KeyContext] = match (screen.session.state(), screen.focus) {
        (StepState::Explain(ExplainState::Writing { .. }), Focus::Text) => {
            return vec![C::TextEntry, C::Global];
        }
        (StepState::Explain(ExplainState::Writing { .. }), Focus::Commands) => &[C::ExplainPaused],
        (StepState::Predict(PredictState::Predicting { input }), _) => match input {
            PredictInput::Number { .. } => &[C::GuessEntry],
            PredictInput::Choice { .. } => &[C::ChoiceEntry],
        },
        (StepState::Predict(PredictState::Committed { .. }), _) => &[C::Committed],
        (StepState::Recall(RecallState::Front), _) => &[C::CardFront],
        (StepState::Recall(RecallState::Back), _) => &[C::CardBack],
        (StepState::Recall(RecallState::Graded(_)), _) => &[C::CardBack, C::Continue],
        (
            StepState::Reading
            | StepState::Predict(PredictState::Revealed { .. })
            | StepState::Explain(ExplainState::Revealed { .. }),
            _,
        ) => &[C::Continue],
    };
    let mut contexts = step.to_vec();
    contexts.extend([C::Lesson, C::Plot, C::Global]);
    contexts
}
