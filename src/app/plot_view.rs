//! The live plot's setting: a scenario the learner moves with the slider and the cycle keys,
//! and the KV wall that stops the slider.

use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::scenario::{Evaluation, Scenario};
use crate::widgets::{SLIDER_MAX_BATCH, SLIDER_MIN_BATCH};

use super::msg::Cycle;

/// The contexts the context key cycles through, in tokens.
pub const CONTEXTS: [u64; 5] = [1024, 4096, 8192, 32_768, 131_072];

/// The precisions the precision key cycles through: (math format, weight format).
pub const PRECISIONS: [(Dtype, Dtype); 3] = [
    (Dtype::Bf16, Dtype::Bf16),
    (Dtype::Fp8, Dtype::Fp8),
    // INT4 is weight-only: the math stays BF16 (W4A16).
    (Dtype::Bf16, Dtype::Int4),
];

/// What the plot shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlotView {
    /// The setting drawn.
    pub scenario: Scenario,
    /// A second GPU drawn for comparison.
    pub overlay_gpu: Option<String>,
    /// Whether the prefill dot is drawn.
    pub prefill: PrefillDot,
}

/// Whether the plot draws the prefill dot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PrefillDot {
    /// Only decode's dots.
    #[default]
    Hidden,
    /// Also a prompt of the scenario's length through the same FC layer.
    Shown,
}

impl PrefillDot {
    /// The other state.
    #[must_use]
    pub const fn toggled(self) -> Self {
        match self {
            Self::Hidden => Self::Shown,
            Self::Shown => Self::Hidden,
        }
    }
}

/// What a change to the plot did, for the notice line.
#[must_use]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlotChange {
    /// Changed as asked.
    Changed,
    /// Already there (batch 1 halved, say).
    Unchanged,
    /// Changed, with something the learner should know (a format skipped, the batch lowered
    /// to the new KV wall).
    ChangedWithNote(String),
    /// Not changed, and why.
    Refused(String),
}

impl PlotView {
    /// The plot of a scenario, with no comparison GPU.
    #[must_use]
    pub const fn new(scenario: Scenario) -> Self {
        Self {
            scenario,
            overlay_gpu: None,
            prefill: PrefillDot::Hidden,
        }
    }

    /// The engine's numbers for the setting.
    pub fn evaluate(
        &self,
        catalog: &Catalog,
    ) -> Result<Evaluation, crate::domain::scenario::ScenarioError> {
        self.scenario.evaluate(catalog)
    }

    /// The most sequences whose KV fits, for the current model and context.
    #[must_use]
    pub fn kv_wall(&self, catalog: &Catalog) -> Option<u64> {
        kv_wall(&self.scenario, catalog)
    }

    /// The largest batch the slider can reach now: the KV wall or the slider's end.
    #[must_use]
    pub fn batch_limit(&self, catalog: &Catalog) -> u32 {
        self.kv_wall(catalog).map_or(SLIDER_MAX_BATCH, |wall| {
            wall.min(u64::from(SLIDER_MAX_BATCH)) as u32
        })
    }

    /// Moves the batch toward `wanted`, stopping at 1, the slider's end and the KV wall.
    pub fn set_batch(&mut self, wanted: u32, catalog: &Catalog) -> PlotChange {
        let current = self.scenario.batch;
        if self.kv_wall(catalog) == Some(0) {
            return PlotChange::Refused(no_room(&self.scenario, catalog));
        }
        let limit = self.batch_limit(catalog).max(SLIDER_MIN_BATCH);
        let target = wanted.clamp(SLIDER_MIN_BATCH, limit);
        // Above the limit already (a lesson's preset may sit past the wall): only downwards.
        if wanted > current && current >= limit {
            return PlotChange::Refused(self.wall_reason(catalog));
        }
        if target == current {
            return PlotChange::Unchanged;
        }
        self.scenario.batch = target;
        if wanted > target && target == limit {
            PlotChange::ChangedWithNote(self.wall_reason(catalog))
        } else {
            PlotChange::Changed
        }
    }

    /// Why the slider stops where it does: the KV wall, or the end of the slider.
    #[must_use]
    pub fn wall_reason(&self, catalog: &Catalog) -> String {
        match (self.kv_wall(catalog), self.evaluate(catalog)) {
            (Some(wall), Ok(evaluation)) if wall <= u64::from(SLIDER_MAX_BATCH) => {
                kv_wall_explanation(&self.scenario, &evaluation, wall)
            }
            _ => format!("the slider ends at batch {SLIDER_MAX_BATCH}"),
        }
    }

    /// Switches the precision (math and weight formats) to the next one the GPU can run.
    pub fn cycle_precision(&mut self, cycle: Cycle, catalog: &Catalog) -> PlotChange {
        let current = PRECISIONS
            .iter()
            .position(|p| *p == (self.scenario.precision, self.scenario.weights));
        let mut skipped = Vec::new();
        for (precision, weights) in ordered(&PRECISIONS, current, cycle) {
            let candidate = Scenario {
                precision,
                weights,
                ..self.scenario.clone()
            };
            match candidate.evaluate(catalog) {
                Ok(_) => {
                    self.scenario = candidate;
                    return self.after_change(catalog, skipped_note(&skipped));
                }
                Err(e) => skipped.push(format!("{}: {e}", weights.label())),
            }
        }
        PlotChange::Refused(skipped.join("; "))
    }

    /// Switches to the next GPU that can run the model; falls back to BF16 math on a GPU
    /// without the current format (FP8 on an A100, say).
    pub fn cycle_gpu(&mut self, cycle: Cycle, catalog: &Catalog) -> PlotChange {
        let ids: Vec<&str> = catalog.gpus.iter().map(|g| g.id.as_str()).collect();
        let current = ids.iter().position(|id| *id == self.scenario.gpu);
        let mut skipped = Vec::new();
        for id in ordered(&ids, current, cycle) {
            let mut candidate = Scenario {
                gpu: id.to_owned(),
                ..self.scenario.clone()
            };
            let mut note = None;
            // A GPU without this format shows BF16, or its own first format when it has no
            // BF16 either ("this machine", measured by `roofline lab` in FP32 only).
            let fallback = catalog.gpu(id).ok().and_then(|g| {
                let formats = g.peak_tflops.formats();
                formats
                    .contains(&Dtype::Bf16)
                    .then_some(Dtype::Bf16)
                    .or_else(|| formats.first().copied())
            });
            if let Some(fallback) = fallback
                && candidate.evaluate(catalog).is_err()
                && candidate.precision != fallback
            {
                let name = catalog.gpu(id).map_or(id, |g| g.name.as_str());
                note = Some(format!(
                    "{name} has no {} peak: showing {}",
                    candidate.precision.label(),
                    fallback.label()
                ));
                candidate.precision = fallback;
                if candidate.weights != Dtype::Int4 {
                    candidate.weights = fallback;
                }
            }
            match candidate.evaluate(catalog) {
                Ok(_) => {
                    self.scenario = candidate;
                    let note = note.or_else(|| skipped_note(&skipped));
                    return self.after_change(catalog, note);
                }
                Err(e) => skipped.push(e.to_string()),
            }
        }
        PlotChange::Refused(skipped.join("; "))
    }

    /// Switches to the next model that evaluates on this GPU.
    pub fn cycle_model(&mut self, cycle: Cycle, catalog: &Catalog) -> PlotChange {
        let ids: Vec<&str> = catalog.models.iter().map(|m| m.id.as_str()).collect();
        let current = self
            .scenario
            .model
            .as_deref()
            .and_then(|m| ids.iter().position(|id| *id == m));
        let mut skipped = Vec::new();
        for id in ordered(&ids, current, cycle) {
            let candidate = Scenario {
                model: Some(id.to_owned()),
                ..self.scenario.clone()
            };
            match candidate.evaluate(catalog) {
                Ok(_) => {
                    self.scenario = candidate;
                    return self.after_change(catalog, skipped_note(&skipped));
                }
                Err(e) => skipped.push(e.to_string()),
            }
        }
        PlotChange::Refused(skipped.join("; "))
    }

    /// Switches the context length.
    pub fn cycle_context(&mut self, cycle: Cycle, catalog: &Catalog) -> PlotChange {
        let context = self.scenario.context;
        let next = match cycle {
            Cycle::Forward => CONTEXTS
                .iter()
                .copied()
                .find(|c| *c > context)
                .unwrap_or(CONTEXTS[0]),
            Cycle::Backward => CONTEXTS
                .iter()
                .rev()
                .copied()
                .find(|c| *c < context)
                .unwrap_or(CONTEXTS[CONTEXTS.len() - 1]),
        };
        self.scenario.context = next;
        self.after_change(catalog, None)
    }

    /// After a setting changed: a batch past the new KV wall comes down to it.
    fn after_change(&mut self, catalog: &Catalog, note: Option<String>) -> PlotChange {
        let wall = self.kv_wall(catalog);
        let clamp_note = match wall {
            Some(0) => Some(no_room(&self.scenario, catalog)),
            Some(wall) if u64::from(self.scenario.batch) > wall => {
                self.scenario.batch = wall.min(u64::from(SLIDER_MAX_BATCH)) as u32;
                Some(format!(
                    "batch lowered to {}: {}",
                    self.scenario.batch,
                    self.wall_reason(catalog)
                ))
            }
            _ => None,
        };
        match (note, clamp_note) {
            (None, None) => PlotChange::Changed,
            (Some(a), None) | (None, Some(a)) => PlotChange::ChangedWithNote(a),
            (Some(a), Some(b)) => PlotChange::ChangedWithNote(format!("{a}; {b}")),
        }
    }
}

/// The KV wall of a scenario.
#[must_use]
pub fn kv_wall(scenario: &Scenario, catalog: &Catalog) -> Option<u64> {
    scenario.evaluate(catalog).ok()?.model?.max_batch_kv
}

/// "KV wall: 98 sequences × 4K context fill the 52.9 GB KV budget".
#[must_use]
pub fn kv_wall_explanation(scenario: &Scenario, evaluation: &Evaluation, wall: u64) -> String {
    let budget = evaluation
        .model
        .as_ref()
        .map_or(0.0, |m| m.kv_budget_bytes / 1e9);
    let noun = if wall == 1 { "sequence" } else { "sequences" };
    format!(
        "KV wall: {wall} {noun} × {} context fill the {budget:.1} GB KV budget",
        context_label(scenario.context)
    )
}

/// 1K, 4K, 128K, or the plain number when it is not a whole number of K.
#[must_use]
pub fn context_label(context: u64) -> String {
    if context >= 1024 && context % 1024 == 0 {
        format!("{}K", context / 1024)
    } else {
        context.to_string()
    }
}

fn no_room(scenario: &Scenario, catalog: &Catalog) -> String {
    let Ok(evaluation) = scenario.evaluate(catalog) else {
        return "this setting does not evaluate".to_owned();
    };
    let stored = evaluation
        .model
        .as_ref()
        .map_or(0.0, |m| m.weight_bytes_stored_per_gpu / 1e9);
    let usable = evaluation.memory_bytes * scenario.mem_util / 1e9 - scenario.overhead_gb;
    format!(
        "no room for KV: the weights ({stored:.1} GB) fill the {usable:.1} GB {} may use",
        evaluation.gpu_name
    )
}

fn skipped_note(skipped: &[String]) -> Option<String> {
    (!skipped.is_empty()).then(|| format!("skipped: {}", skipped.join("; ")))
}

/// The options after `current` in the direction of travel, wrapping, `current` itself last.
fn ordered<T: Copy>(options: &[T], current: Option<usize>, cycle: Cycle) -> Vec<T> {
    let n = options.len();
    (1..=n)
        .map(|step| match (current, cycle) {
            (Some(i), Cycle::Forward) => options[(i + step) % n],
            (Some(i), Cycle::Backward) => options[(i + n - step % n) % n],
            (None, Cycle::Forward) => options[step - 1],
            (None, Cycle::Backward) => options[n - step],
        })
        .collect()
}

#[cfg(test)]
mod tests;
