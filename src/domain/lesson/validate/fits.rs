//! A step that asks about the dot opens on a setting that has one: a predict or explore step
//! that asks where the dot sits (an intensity in FLOP/byte, a share in %) must open where its
//! model's weights fit on its GPUs, else the plot shows "does not fit" and no dot, and the
//! learner has nothing to look at. A step that asks a figure of bytes or time alone may open
//! on a thought experiment that does not fit (lesson 3's Llama-3-70B on one H100).

use super::Problem;
use super::spot::Spot;
use crate::domain::batch_range::{BatchRange, Wall};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{NumberAnswer, Step};

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
    let (NumberAnswer { unit, .. }, scenario) = step.asked_number(base)?;
    if !DOT_UNITS.contains(&unit.as_str()) {
        return None;
    }
    let evaluation = scenario.evaluate(catalog).ok()?;
    let model = evaluation.model.as_ref()?;
    let range = BatchRange::of(&scenario, &evaluation, Wall::Stops);
    if range.fits() {
        return None;
    }
    Some(Problem {
        spot: Spot::step(index, &[step.patch_key()], None),
        message: format!(
            "the step opens on {} on {} {}, which does not fit ({:.1} GB of weights per GPU, {:.1} GB usable): the plot would show no dot; open it where the model fits (more GPUs with tp, fewer bytes per weight, or a larger GPU)",
            model.model_name, scenario.tp, evaluation.gpu_name, range.weights_gb, range.usable_gb
        ),
    })
}
