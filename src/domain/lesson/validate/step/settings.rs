//! Which setting of a step's scenario a problem is about: an evaluation error's key, a
//! placeholder's `@on` that names what the catalog lacks.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template;
use crate::domain::scenario::ScenarioError;

/// The scenario key whose value an evaluation error is about: its setting, else the
/// scenario as a whole.
pub(super) fn scenario_key(e: &ScenarioError) -> &'static str {
    e.setting().unwrap_or("scenario")
}

/// Why a placeholder's `@on` cannot be computed: an item that cannot be read, or a GPU the
/// catalog lacks.
pub(super) fn on_problem(on: &str, catalog: &Catalog) -> Result<(), String> {
    for change in template::changes(on)? {
        match change {
            template::Change::Gpu(gpu) if catalog.gpu(&gpu).is_err() => {
                return Err(format!(
                    "it names GPU '{gpu}', which the catalog does not have (nor is it a number format such as bf16, a batch, or a setting such as context=0)"
                ));
            }
            template::Change::Model(model) if catalog.model(&model).is_err() => {
                return Err(format!(
                    "it names model '{model}', which the catalog does not have"
                ));
            }
            template::Change::Batch(_)
            | template::Change::Context(_)
            | template::Change::Tp(_)
            | template::Change::Ep(_)
            | template::Change::Pp(_)
            | template::Change::Prompt(_)
            | template::Change::Draft(_)
            | template::Change::Format(_)
            | template::Change::Weights(_)
            | template::Change::Gpu(_)
            | template::Change::Model(_) => {}
        }
    }
    Ok(())
}
