//! A step that asks about the dot opens on a setting that has one: a predict or explore step
//! that asks where the dot sits (an intensity in FLOP/byte, a share in %) must open where its
//! model's weights fit on its GPUs, else the plot shows "does not fit" and no dot, and the
//! learner has nothing to look at. A step that asks a figure of bytes or time alone may open
//! on a thought experiment that does not fit (lesson 3's Llama-3-70B on one H100).

use super::Problem;
use super::opening::Opening;
use super::spot::Spot;
use crate::domain::batch_range::{BatchRange, Wall};

/// The units of what the dot's place on the plot shows.
const DOT_UNITS: &[&str] = &["FLOP/byte", "%"];

/// The problem when a step opens on a setting where its model does not fit.
pub(super) fn check(opening: &Opening) -> Option<Problem> {
    let Opening {
        scenario,
        evaluation,
        ..
    } = opening;
    if !DOT_UNITS.contains(&opening.number.unit.as_str()) {
        return None;
    }
    let model = evaluation.model.as_ref()?;
    let range = BatchRange::of(scenario, evaluation, Wall::Stops);
    if range.fits() {
        return None;
    }
    Some(Problem {
        spot: Spot::step(opening.index, &[opening.step.patch_key()], None),
        message: format!(
            "the step opens on {} on {} {}, which does not fit ({:.1} GB of weights per GPU, {:.1} GB usable): the plot would show no dot; open it where the model fits (more GPUs with tp, fewer bytes per weight, or a larger GPU)",
            model.model_name, scenario.tp, evaluation.gpu_name, range.weights_gb, range.usable_gb
        ),
    })
}
