//! Study's derivation view: on a revealed step, how its answer was computed (and, walked one
//! by one, how each readout of the plot was), never before the reveal.

use crate::app::{App, Mode, Msg, Notice, NoticeKind, Screen, WhyMsg};
use crate::domain::derivation::{Derivation, of_quantity};
use crate::domain::lesson::{Answer, NumberSource, Step, scenario_for};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;
use crate::domain::session::{ExplainState, PredictState, StepState};
use crate::domain::withhold::Shown;

/// Study's own state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Studying {
    /// The derivation view.
    pub why: Why,
}

/// Whether the derivation view is open, and on which derivation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Why {
    /// Closed.
    #[default]
    Closed,
    /// Open on entry `at` of [`derivations`].
    Open {
        /// The entry shown (the answer's first when the step has one).
        at: usize,
    },
}

/// The readouts the view walks after the answer, in the plot's order.
const READOUTS: [Quantity; 6] = [
    Quantity::Ridge,
    Quantity::BatchToRidge,
    Quantity::StepTimeMs,
    Quantity::TokensPerS,
    Quantity::MaxBatchKv,
    Quantity::UsdPerMillionTokens,
];

/// What one entry of the view holds.
#[derive(Debug, Clone, PartialEq)]
pub enum WhyFigure {
    /// The derivation.
    Shown(Derivation),
    /// A figure withheld until its own step is revealed (its derivation too).
    Withheld,
    /// No derivation for this quantity yet, or it does not apply to the setting.
    Missing,
}

/// One entry of the view: what it is (the answer or a readout) and its derivation.
#[derive(Debug, Clone, PartialEq)]
pub struct WhyEntry {
    /// `answer` or `readout`, and the quantity.
    pub title: String,
    /// The quantity.
    pub quantity: Quantity,
    /// Its derivation, or why none is shown.
    pub figure: WhyFigure,
}

/// The step's answer, if it is an engine quantity, with the scenario it is computed for.
fn answer_of(app: &App) -> Option<(Quantity, Scenario)> {
    let (_, step) = app.current_step()?;
    let (answer, scenario) = match step {
        Step::Predict(p) => (&p.answer, scenario_for(p.scenario.as_ref(), app.cluster())),
        Step::Explore(x) => (&x.answer, app.plot().scenario.clone()),
        Step::Read(_) | Step::Example(_) | Step::Recall(_) | Step::Explain(_) => return None,
    };
    let name = match answer {
        Answer::Number(n) => match &n.value {
            NumberSource::Quantity(name) => name.as_str(),
            NumberSource::Literal(_) => return None,
        },
        Answer::Choice(c) => c.about.as_deref()?,
    };
    Some((name.parse().ok()?, scenario))
}

fn entry(app: &App, title: &str, q: Quantity, s: &Scenario) -> WhyEntry {
    let catalog = app.catalog();
    let derived = s.evaluate(catalog).ok().and_then(|e| {
        let gpu = catalog.gpu(&s.gpu).ok()?;
        let model = s.model.as_deref().and_then(|id| catalog.model(id).ok());
        let shown = q.number(&e)?;
        Some((of_quantity(q, s, &e, gpu, model), shown))
    });
    let figure = match derived {
        Some((_, value)) if !app.withheld().may_show(Shown::Quantity(q), value, 1.0) => {
            WhyFigure::Withheld
        }
        Some((Some(d), _)) => WhyFigure::Shown(d),
        Some((None, _)) | None => WhyFigure::Missing,
    };
    WhyEntry {
        title: format!("{title}: {}", q.name()),
        quantity: q,
        figure,
    }
}

/// The view's entries: the step's answer first (when it is an engine quantity), then the
/// plot's readouts; a withheld figure's derivation is withheld with it.
#[must_use]
pub fn derivations(app: &App) -> Vec<WhyEntry> {
    let mut all: Vec<WhyEntry> = answer_of(app)
        .map(|(q, s)| entry(app, "the answer", q, &s))
        .into_iter()
        .collect();
    let plot = app.plot().scenario.clone();
    all.extend(READOUTS.iter().map(|q| entry(app, "readout", *q, &plot)));
    all
}

/// Whether the step on screen still hides its answer (a guess open or locked in, an
/// explanation not handed in): the derivation waits for the reveal.
fn before_reveal(app: &App) -> bool {
    matches!(
        app.session().map(crate::domain::session::Session::state),
        Some(
            StepState::Predict(PredictState::Predicting { .. } | PredictState::Committed { .. })
                | StepState::Explain(ExplainState::Writing { .. })
        )
    )
}

/// Study's handling of the derivation view's messages: `Toggle` opens it on a revealed step
/// (refused, with why, before the reveal) and closes it; `Next` and `Previous` walk it.
pub fn why(app: &mut App, msg: WhyMsg) -> Option<Msg> {
    let count = derivations(app).len().max(1);
    let may_open = matches!(app.screen, Screen::Lesson(_)) && !before_reveal(app);
    let Mode::Study(studying) = &app.mode else {
        return None;
    };
    let next = match (studying.why, msg) {
        (Why::Closed, WhyMsg::Toggle) if may_open => Why::Open { at: 0 },
        (Why::Closed, WhyMsg::Toggle) => {
            // Set here, not through update's `refuse`, so that this file stays out of
            // update's import circle.
            app.notice = Some(Notice {
                kind: NoticeKind::Refusal,
                text: "the derivation opens once the answer is revealed: commit a guess and reveal it first".to_owned(),
            });
            return None;
        }
        (Why::Open { .. }, WhyMsg::Toggle | WhyMsg::Close)
        | (Why::Closed, WhyMsg::Close | WhyMsg::Next | WhyMsg::Previous) => Why::Closed,
        (Why::Open { at }, WhyMsg::Next) => Why::Open {
            at: (at + 1) % count,
        },
        (Why::Open { at }, WhyMsg::Previous) => Why::Open {
            at: (at + count - 1) % count,
        },
    };
    if let Mode::Study(studying) = &mut app.mode {
        studying.why = next;
    }
    None
}
