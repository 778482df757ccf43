//! An explore step asks for something the learner has not been told: not the answer of an
//! earlier step (a text stating it before the reveal is the leak check's). Otherwise the task
//! is a memory test (type the number you were shown) instead of a reading of the plot.

use super::Problem;
use super::spot::Spot;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::lesson::{Lesson, Step, resolve_number};
use crate::domain::scenario::Scenario;
use crate::domain::withhold::same_figure;

/// A problem for every explore step whose answer an earlier step revealed.
pub(super) fn check(lesson: &Lesson, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (index, step) in lesson.steps.iter().enumerate() {
        let Step::Explore(_) = step else {
            continue;
        };
        let Some((figure, unit)) = figure(step, catalog, base) else {
            continue;
        };
        if let Some(message) = revealed_before(lesson, index, figure, unit, catalog, base) {
            problems.push(Problem {
                spot: Spot::step(index, &["answer"], None),
                message: format!(
                    "this explore step asks for {}, already revealed {message}: a learner types back a figure they were shown instead of reading the plot; ask for something not yet revealed",
                    short(figure)
                ),
            });
        }
    }
    problems
}

/// Which earlier step revealed `figure` as its answer, in words. (A text that states it before
/// the explore step is revealed is the leak check's to report.)
fn revealed_before(
    lesson: &Lesson,
    index: usize,
    figure: f64,
    unit: &str,
    catalog: &Catalog,
    base: &Scenario,
) -> Option<String> {
    lesson.steps[..index]
        .iter()
        .enumerate()
        .find_map(|(k, earlier)| {
            let (g, u) = self::figure(earlier, catalog, base)?;
            (u == unit && same_figure(figure, g))
                .then(|| format!("as the answer of step {} ('{}')", k + 1, earlier.id()))
        })
}

/// A step's numeric answer (finite and above zero) and unit, for its own scenario.
pub(super) fn figure<'a>(
    step: &'a Step,
    catalog: &Catalog,
    base: &Scenario,
) -> Option<(f64, &'a str)> {
    let (n, scenario) = step.asked_number(base)?;
    resolve_number(&n.value, &scenario, catalog)
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .map(|v| (v, n.unit.as_str()))
}

fn short(v: f64) -> String {
    format_number(v, Format::Auto)
}
