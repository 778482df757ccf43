//! A step that asks about the dot opens on a setting that has one: a predict or explore step
//! that asks where the dot sits (an intensity in FLOP/byte, a share in %) must open where its
//! model's weights fit on its GPUs, else the plot shows "does not fit" and no dot, and the
//! learner has nothing to look at. A step that asks a figure of bytes or time alone may open
//! on a thought experiment that does not fit (lesson 3's Llama-3-70B on one H100).

use super::Problem;
use super::spot::Spot;
use crate::domain::batch_range::{BatchRange, Wall};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{Answer, NumberAnswer, Step, scenario_for};

/// The units of what the dot's place on the plot shows.
const DOT_UNITS: &[&str] = &["FLOP/byte", "%"];
use crate::domain::scenario::Scenario;

/// The problem when step `index` opens on a setting where its model does not fit.
pub(super) fn check(
    index: usize,
    step: &Step,
    catalog: &Catalog,
    base: &Scenario,
) -> Option<Problem> {
    let (field, patch) = match step {
        Step::Predict(p) => ("scenario", p.scenario.as_ref()),
        Step::Explore(e) => ("preset", e.preset.as_ref()),
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return None,
    };
    let Some(Answer::Number(NumberAnswer { unit, .. })) = step.answer() else {
        return None;
    };
    if !DOT_UNITS.contains(&unit.as_str()) {
        return None;
    }
    let scenario = scenario_for(patch, base);
    let evaluation = scenario.evaluate(catalog).ok()?;
    let model = evaluation.model.as_ref()?;
    let range = BatchRange::of(&scenario, &evaluation, Wall::Stops);
    if range.fits() {
        return None;
    }
    Some(Problem {
        spot: Spot::step(index, &[field], None),
        message: format!(
            "the step opens on {} on {} {}, which does not fit ({:.1} GB of weights per GPU, {:.1} GB usable): the plot would show no dot; open it where the model fits (more GPUs with tp, fewer bytes per weight, or a larger GPU)",
            model.model_name, scenario.tp, evaluation.gpu_name, range.weights_gb, range.usable_gb
        ),
    })
}
