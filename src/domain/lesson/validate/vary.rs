//! The checks on a predict step's `vary`: the question must show every varied setting (the
//! learner must be told the scenario), and the step must be able to vary.

use super::Problem;
use super::spot::{Needle, Spot};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::template;
use crate::domain::lesson::vary::draw_variant;
use crate::domain::lesson::{PredictStep, Vary};
use crate::domain::scenario::Scenario;

/// Seeds tried: a step must vary for every one of them.
const SEEDS: u64 = 4;

/// Every problem with step `index`'s `vary` (none when it has none).
pub(super) fn check(
    index: usize,
    step: &PredictStep,
    catalog: &Catalog,
    base: &Scenario,
) -> Vec<Problem> {
    let Some(settings) = &step.vary else {
        return Vec::new();
    };
    let at = |text: Option<&str>, message: String| Problem {
        spot: Spot::step(index, &["vary"], text.map(|t| Needle::whole(t.to_owned()))),
        message,
    };
    if settings.is_empty() {
        return vec![at(
            None,
            "`vary` is empty: name what may vary (Gpu, Model, Precision, Batch, Context, Tp) or leave it out"
                .to_owned(),
        )];
    }
    let shown: Vec<String> = template::placeholders(step.alone_question())
        .map(|holes| holes.into_iter().map(|h| h.name).collect())
        .unwrap_or_default();
    let mut problems: Vec<Problem> = Vec::new();
    let mut seen: Vec<Vary> = Vec::new();
    for setting in settings {
        if seen.contains(setting) {
            problems.push(at(
                Some(setting.name()),
                format!("`vary` names {} twice", setting.name()),
            ));
            continue;
        }
        seen.push(*setting);
        let names = setting.placeholders();
        if !names.iter().any(|n| shown.iter().any(|s| s == n)) {
            problems.push(at(
                Some(setting.name()),
                format!(
                    "`vary` names {} but the question does not show it: write {{{}}} in the question so the learner is told the scenario",
                    setting.name(),
                    names[0]
                ),
            ));
        }
    }
    for seed in 0..SEEDS {
        if let Err(e) = draw_variant(step, base, catalog, seed) {
            problems.push(at(None, format!("this step cannot vary: {e}")));
            break;
        }
    }
    problems
}
