//! Predict before you see, checked on the plot: a predict or explore step whose opening screen
//! (its scenario evaluated, the plot's labels and readouts) would show its own answer, after
//! withholding by quantity (see [`crate::domain::withhold::family`]) has masked what it masks.
//!
//! What is left is a figure of another quantity lying within the step's tolerance of the
//! answer (the decode dot's intensity at batch 4 beside an attention intensity of 4), or a
//! literal answer that the plot shows: the step should open on another setting, or ask
//! another figure.

use super::Problem;
use super::spot::Spot;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{NumberAnswer, Step, resolve_number};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, Scenario};
use crate::domain::scoring::DEFAULT_TOLERANCE;
use crate::domain::withhold::{Shown, Withheld, asked_quantity, stated_figures};

/// The engine quantities the plot pane shows at its setting with a model on it (labels and
/// readouts), and without one.
const ON_PLOT: &[Quantity] = &[
    Quantity::Ridge,
    Quantity::PeakTflops,
    Quantity::DecodeDotIntensity,
    Quantity::RidgeSharePct,
    Quantity::StepTimeMs,
    Quantity::TokensPerS,
    Quantity::MaxBatchKv,
];
const ON_PLOT_WITHOUT_MODEL: &[Quantity] = &[
    Quantity::Ridge,
    Quantity::PeakTflops,
    Quantity::BandwidthTbs,
];

/// A step that asks for a number, at the setting it opens on, evaluated: what the checks of
/// its opening screen read (this one, and [`super::fits`]).
pub(super) struct Opening<'a> {
    /// The step's place in its lesson.
    pub index: usize,
    /// The step.
    pub step: &'a Step,
    /// The number it asks for.
    pub number: &'a NumberAnswer,
    /// The setting it opens on: its patch on the base.
    pub scenario: Scenario,
    /// That setting evaluated.
    pub evaluation: Evaluation,
}

impl<'a> Opening<'a> {
    /// Step `index`'s opening, when it asks for a number and its setting evaluates.
    pub(super) fn of(
        index: usize,
        step: &'a Step,
        catalog: &Catalog,
        base: &Scenario,
    ) -> Option<Self> {
        let (number, scenario) = step.asked_number(base)?;
        let evaluation = scenario.evaluate(catalog).ok()?;
        Some(Self {
            index,
            step,
            number,
            scenario,
            evaluation,
        })
    }
}

/// A problem for a step whose opening screen shows a figure within its tolerance of its answer.
pub(super) fn check(opening: &Opening, catalog: &Catalog, base: &Scenario) -> Option<Problem> {
    let Opening {
        index,
        step,
        number,
        scenario,
        evaluation,
    } = opening;
    let figure = resolve_number(&number.value, scenario, catalog).ok()?;
    let tolerance = number.tolerance.unwrap_or(DEFAULT_TOLERANCE);
    let mut withheld = Withheld::with_units([(figure, number.unit.clone())]);
    if let Some(asked) = asked_quantity(step) {
        withheld = withheld.asking(asked, stated_figures(step, base, catalog));
    }
    let shown = if evaluation.model.is_some() {
        ON_PLOT
    } else {
        ON_PLOT_WITHOUT_MODEL
    };
    let (quantity, value) = shown.iter().find_map(|q| {
        let value = q.number(evaluation)?;
        let gives = q.unit() == number.unit
            && figure > 0.0
            && ((value - figure) / figure).abs() <= tolerance
            && withheld.may_show(Shown::Quantity(*q), value, resolution(value));
        gives.then_some((*q, value))
    })?;
    Some(Problem {
        spot: Spot::step(*index, &["answer"], None),
        message: format!(
            "its opening screen shows {} {value:.3} {}, within the tolerance ({:.0}%) of its answer {figure:.3}: a learner reads the answer off the plot before predicting it; open the step on another setting, or ask another figure",
            quantity.name(),
            number.unit,
            tolerance * 100.0
        ),
    })
}

/// One unit of the last digit a readout shows: three significant digits.
fn resolution(value: f64) -> f64 {
    if value > 0.0 {
        10f64.powf(value.log10().floor() - 2.0)
    } else {
        1.0
    }
}
