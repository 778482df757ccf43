//! Fresh numbers: a predict step may name settings a quiz or a review varies (`vary: [Gpu,
//! Batch]`), so the learner is asked about another scenario than the one they saw, and cannot
//! pass by remembering a number.
//!
//! [`draw_variant`] draws a variant from the catalog with a seed: the same seed gives the same
//! variant, and only variants that compute are drawn (a GPU with a peak for the precision, a tp
//! that divides the heads, a model whose weights and the batch's KV fit in memory, an answer the
//! engine can give). A step that does not vary the batch keeps the cluster's; when no draw
//! fits at it (a server's limit far beyond every model's KV wall), each draw runs at its KV
//! wall instead, as a server would.

use serde::{Deserialize, Serialize};

use super::{Answer, NumberSource, PredictStep, resolve_number, scenario_for};
use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::scenario::Scenario;

/// A setting a quiz or a review may vary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Vary {
    /// Another accelerator from the catalog.
    Gpu,
    /// Another model from the catalog.
    Model,
    /// Another math format the GPU has a peak for (the weights follow it).
    Precision,
    /// Another batch, 1 to 256.
    Batch,
    /// Another context length, 1K to 32K tokens.
    Context,
    /// Another tensor-parallel degree, 1 to 8.
    Tp,
}

impl Vary {
    /// Every setting, in the order variants are drawn.
    pub const ALL: [Self; 6] = [
        Self::Gpu,
        Self::Model,
        Self::Precision,
        Self::Batch,
        Self::Context,
        Self::Tp,
    ];

    /// The placeholders that show this setting in a question (any one will do).
    #[must_use]
    pub const fn placeholders(self) -> &'static [&'static str] {
        match self {
            Self::Gpu => &["gpu", "gpu_id"],
            Self::Model => &["model", "model_id"],
            Self::Precision => &["precision"],
            Self::Batch => &["batch"],
            Self::Context => &["context"],
            Self::Tp => &["tp"],
        }
    }

    /// The name as lesson files write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Gpu => "Gpu",
            Self::Model => "Model",
            Self::Precision => "Precision",
            Self::Batch => "Batch",
            Self::Context => "Context",
            Self::Tp => "Tp",
        }
    }
}

/// How many of a lesson's predict steps have an answer the engine computes, and how many of
/// those carry `vary`: the share a review or a quiz can ask with fresh numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct VaryCounts {
    /// Predict steps whose answer is an engine quantity.
    pub quantity_answers: usize,
    /// Those of them that name settings to vary.
    pub varied: usize,
}

impl VaryCounts {
    /// Counts one lesson's predict steps.
    #[must_use]
    pub fn of(lesson: &super::Lesson) -> Self {
        let mut counts = Self::default();
        for step in &lesson.steps {
            let super::Step::Predict(predict) = step else {
                continue;
            };
            let Answer::Number(number) = &predict.answer else {
                continue;
            };
            if let NumberSource::Quantity(_) = number.value {
                counts.quantity_answers += 1;
                counts.varied += usize::from(predict.vary.as_ref().is_some_and(|v| !v.is_empty()));
            }
        }
        counts
    }

    /// The counts of several lessons together.
    #[must_use]
    pub fn total<'a>(lessons: impl IntoIterator<Item = &'a super::Lesson>) -> Self {
        lessons
            .into_iter()
            .map(Self::of)
            .fold(Self::default(), |a, b| Self {
                quantity_answers: a.quantity_answers + b.quantity_answers,
                varied: a.varied + b.varied,
            })
    }

    /// The varied share in percent (100 when no step has a quantity answer).
    #[must_use]
    pub fn percent(self) -> f64 {
        if self.quantity_answers == 0 {
            return 100.0;
        }
        100.0 * self.varied as f64 / self.quantity_answers as f64
    }
}

/// Batches a variant may have.
pub const BATCHES: [u32; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];
/// Context lengths a variant may have.
pub const CONTEXTS: [u64; 6] = [1024, 2048, 4096, 8192, 16_384, 32_768];
/// Tensor-parallel degrees a variant may have.
pub const TPS: [u32; 4] = [1, 2, 4, 8];

/// Draws tried before a step is said not to vary.
const ATTEMPTS: usize = 64;

/// Why a step cannot be varied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VaryError {
    /// The answer is not an engine quantity: a literal or a choice stays the same whatever the
    /// scenario.
    #[error("its answer is not an engine quantity, so no scenario changes it")]
    FixedAnswer,
    /// No draw computed.
    #[error("no variant of {settings} computes for this step (tried {ATTEMPTS} draws)")]
    NothingComputes {
        /// The settings, as written.
        settings: String,
    },
}

/// A variant of a step: the scenario the question is asked for, and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// The scenario (the step's own, with the varied settings drawn).
    pub scenario: Scenario,
    /// The answer for it, in the step's unit.
    pub answer: f64,
}

/// Draws a variant of `step` (whose settings come from `active`, the learner's cluster) with
/// `seed`. Deterministic: the same step, cluster, catalog and seed give the same variant. A
/// step without `vary` comes back as itself. Prefers a variant that differs from the step's
/// own scenario; returns it only when the catalog offers nothing else.
pub fn draw_variant(
    step: &PredictStep,
    active: &Scenario,
    catalog: &Catalog,
    seed: u64,
) -> Result<Variant, VaryError> {
    let Answer::Number(number) = &step.answer else {
        return Err(VaryError::FixedAnswer);
    };
    let NumberSource::Quantity(_) = number.value else {
        return Err(VaryError::FixedAnswer);
    };
    let base = scenario_for(step.scenario.as_ref(), active);
    let settings = step.vary.as_deref().unwrap_or_default();
    let computes = |scenario: Scenario| {
        if !fits(&scenario, catalog) {
            return None;
        }
        let answer = resolve_number(&number.value, &scenario, catalog).ok()?;
        (answer.is_finite() && answer > 0.0).then_some(Variant { scenario, answer })
    };
    let draw = |batch: BatchOfDraw| {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut same = None;
        for _ in 0..ATTEMPTS {
            let scenario = drawn(&base, settings, catalog, &mut rng);
            let fresh = scenario != base;
            let scenario = match batch {
                BatchOfDraw::Kept => Some(scenario),
                BatchOfDraw::AtTheWall => at_the_wall(scenario, catalog),
            };
            if let Some(variant) = scenario.and_then(computes) {
                if fresh {
                    return Some(variant);
                }
                same.get_or_insert(variant);
            }
        }
        same
    };
    let at_the_wall_too = !settings.contains(&Vary::Batch);
    draw(BatchOfDraw::Kept)
        .or_else(|| {
            at_the_wall_too
                .then(|| draw(BatchOfDraw::AtTheWall))
                .flatten()
        })
        .ok_or_else(|| VaryError::NothingComputes {
            settings: settings
                .iter()
                .map(|v| v.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The batch a draw that does not vary the batch runs at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BatchOfDraw {
    /// The step's own (the learner's cluster's).
    Kept,
    /// At most the drawn scenario's KV wall: a cluster's batch is its server's limit
    /// (`max_num_seqs`), and a server runs no more sequences than fit. Tried only when no
    /// draw at the kept batch computes (a profile with a large limit at a long context).
    AtTheWall,
}

/// The scenario with its batch lowered to its KV wall, when the batch's KV does not fit;
/// `None` when not even one sequence fits.
fn at_the_wall(mut scenario: Scenario, catalog: &Catalog) -> Option<Scenario> {
    let wall = scenario
        .evaluate(catalog)
        .ok()?
        .model
        .and_then(|m| m.max_batch_kv);
    if let Some(wall) = wall
        && u64::from(scenario.batch) > wall
    {
        scenario.batch = u32::try_from(wall).ok().filter(|&b| b > 0)?;
    }
    Some(scenario)
}

/// One draw: each varied setting, in [`Vary::ALL`] order, picked uniformly.
fn drawn(
    base: &Scenario,
    settings: &[Vary],
    catalog: &Catalog,
    rng: &mut fastrand::Rng,
) -> Scenario {
    let mut s = base.clone();
    for setting in Vary::ALL.into_iter().filter(|v| settings.contains(v)) {
        match setting {
            Vary::Gpu => {
                if let Some(gpu) = pick(rng, &catalog.gpus) {
                    s.gpu.clone_from(&gpu.id);
                }
            }
            Vary::Model => {
                if let Some(model) = pick(rng, &catalog.models) {
                    s.model = Some(model.id.clone());
                }
            }
            Vary::Precision => {
                let formats: Vec<Dtype> = catalog
                    .gpu(&s.gpu)
                    .map(|g| g.peak_tflops.formats())
                    .unwrap_or_default();
                if let Some(format) = pick(rng, &formats) {
                    s.precision = *format;
                    s.weights = *format;
                }
            }
            Vary::Batch => s.batch = *pick(rng, &BATCHES).unwrap_or(&s.batch),
            Vary::Context => s.context = *pick(rng, &CONTEXTS).unwrap_or(&s.context),
            Vary::Tp => s.tp = *pick(rng, &TPS).unwrap_or(&s.tp),
        }
    }
    s
}

/// Whether the scenario evaluates and its model (if any) fits: the weights leave room for KV,
/// and the batch's KV at the scenario's context fits in it.
fn fits(scenario: &Scenario, catalog: &Catalog) -> bool {
    let Ok(evaluation) = scenario.evaluate(catalog) else {
        return false;
    };
    evaluation.model.is_none_or(|m| {
        m.kv_budget_bytes > 0.0
            && m.max_batch_kv
                .is_none_or(|max| u64::from(scenario.batch) <= max)
    })
}

fn pick<'a, T>(rng: &mut fastrand::Rng, items: &'a [T]) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[rng.usize(..items.len())])
}

#[cfg(test)]
mod tests;
