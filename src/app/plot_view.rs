//! The live plot's setting: a scenario the learner moves with the slider and the cycle keys,
//! and the KV wall that stops the slider.

use crate::domain::catalog::Catalog;
use crate::domain::dtype::Dtype;
use crate::domain::scenario::{Evaluation, Scenario};

pub use crate::domain::batch_range::context_label;
use crate::domain::batch_range::{BatchRange, Limit, MAX_BATCH, MIN_BATCH, Wall};

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
    /// Which picture the pane draws: the roofline or the throughput–interactivity curve.
    pub kind: PlotKind,
    /// Whether the KV wall stops the batch, or is withheld because a question asks for it (the
    /// study mode sets it before every change; see `App::wall`).
    pub wall: Wall,
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

/// Which picture the plot pane draws for the setting (the slider, the readouts and the
/// setting's line stay under either).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlotKind {
    /// The roofline: attainable FLOP/s against intensity, the dots on it.
    #[default]
    Roofline,
    /// Throughput per GPU against tokens per second per user as the batch grows, the slider's
    /// batch on it and the bend marked.
    Curve,
}

impl PlotKind {
    /// The other picture.
    #[must_use]
    pub const fn toggled(self) -> Self {
        match self {
            Self::Roofline => Self::Curve,
            Self::Curve => Self::Roofline,
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
            kind: PlotKind::Roofline,
            wall: Wall::Stops,
        }
    }

    /// The engine's numbers for the setting.
    pub fn evaluate(
        &self,
        catalog: &Catalog,
    ) -> Result<Evaluation, crate::domain::scenario::ScenarioError> {
        self.scenario.evaluate(catalog)
    }

    /// The batch range of the setting: the KV wall (unless withheld) or the slider's end.
    #[must_use]
    pub fn range(&self, catalog: &Catalog) -> Option<BatchRange> {
        let evaluation = self.evaluate(catalog).ok()?;
        Some(BatchRange::of(&self.scenario, &evaluation, self.wall))
    }

    /// The largest batch the slider can reach now: the KV wall or the slider's end.
    #[must_use]
    pub fn batch_limit(&self, catalog: &Catalog) -> u32 {
        self.range(catalog).map_or(MAX_BATCH, |r| r.max())
    }

    /// Moves the batch toward `wanted`, stopping at 1, the slider's end and the KV wall; says so
    /// when a move is stopped at either end.
    pub fn set_batch(&mut self, wanted: u32, catalog: &Catalog) -> PlotChange {
        let current = self.scenario.batch;
        let Some(range) = self.range(catalog) else {
            return PlotChange::Refused("this setting does not evaluate".to_owned());
        };
        if matches!(range.limit, Limit::NoRoom | Limit::DoesNotFit) {
            return PlotChange::Refused(range.reason(self.scenario.context));
        }
        let limit = range.max().max(MIN_BATCH);
        let target = wanted.clamp(MIN_BATCH, limit);
        // Above the limit already (a lesson's preset may sit past the wall): only downwards.
        if wanted > current && current >= limit {
            return PlotChange::Refused(range.reason(self.scenario.context));
        }
        if wanted < current && current <= MIN_BATCH {
            return PlotChange::Refused(format!("the batch is already {MIN_BATCH}, the smallest"));
        }
        if target == current {
            return PlotChange::Unchanged;
        }
        self.scenario.batch = target;
        if wanted > target && target == limit {
            PlotChange::ChangedWithNote(range.reason(self.scenario.context))
        } else {
            PlotChange::Changed
        }
    }

    /// Why the slider stops where it does: the KV wall, or the end of the slider.
    #[must_use]
    pub fn wall_reason(&self, catalog: &Catalog) -> String {
        self.range(catalog).map_or_else(
            || "this setting does not evaluate".to_owned(),
            |r| r.reason(self.scenario.context),
        )
    }

    /// Moves to `candidate` if it evaluates (a batch past its KV wall comes down to it);
    /// otherwise says why not and changes nothing.
    pub fn try_setting(&mut self, candidate: Scenario, catalog: &Catalog) -> PlotChange {
        match candidate.evaluate(catalog) {
            Ok(_) => {
                self.scenario = candidate;
                self.after_change(catalog, None)
            }
            Err(e) => PlotChange::Refused(e.to_string()),
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
            let (candidate, note) = on_gpu(&self.scenario, id, catalog);
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

    /// Switches the context length to the next one up or down; at either end it stays (a
    /// shorter context than 1K does not wrap round to 128K).
    pub fn cycle_context(&mut self, cycle: Cycle, catalog: &Catalog) -> PlotChange {
        let context = self.scenario.context;
        let (next, end) = match cycle {
            Cycle::Forward => (CONTEXTS.iter().copied().find(|c| *c > context), "longest"),
            Cycle::Backward => (
                CONTEXTS.iter().rev().copied().find(|c| *c < context),
                "shortest",
            ),
        };
        let Some(next) = next else {
            return PlotChange::Refused(format!(
                "the context is already {}, the {end}",
                crate::domain::batch_range::context_label(context)
            ));
        };
        self.scenario.context = next;
        self.after_change(catalog, None)
    }

    /// After a setting changed: a batch past the new KV wall comes down to it.
    fn after_change(&mut self, catalog: &Catalog, note: Option<String>) -> PlotChange {
        let clamp_note = self.range(catalog).and_then(|range| match range.limit {
            Limit::NoRoom | Limit::DoesNotFit => Some(range.reason(self.scenario.context)),
            Limit::KvWall(wall) if u64::from(self.scenario.batch) > wall => {
                self.scenario.batch = range.max();
                Some(format!(
                    "batch lowered to {}: {}",
                    self.scenario.batch,
                    range.reason(self.scenario.context)
                ))
            }
            Limit::KvWall(_) | Limit::SliderEnd => None,
        });
        match (note, clamp_note) {
            (None, None) => PlotChange::Changed,
            (Some(a), None) | (None, Some(a)) => PlotChange::ChangedWithNote(a),
            (Some(a), Some(b)) => PlotChange::ChangedWithNote(format!("{a}; {b}")),
        }
    }
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

/// `scenario` on GPU `id`: its format kept when that GPU has a peak for it, else BF16, else
/// the GPU's first format ("this machine", measured by `roofline lab` in FP32 only), with a
/// note saying what is shown instead. The one rule for `g` and for `:gpu`.
#[must_use]
pub fn on_gpu(scenario: &Scenario, id: &str, catalog: &Catalog) -> (Scenario, Option<String>) {
    let mut candidate = Scenario {
        gpu: id.to_owned(),
        ..scenario.clone()
    };
    let Ok(gpu) = catalog.gpu(id) else {
        return (candidate, None);
    };
    if gpu.peak_flops(candidate.precision).is_some() {
        return (candidate, None);
    }
    let formats = gpu.peak_tflops.formats();
    let Some(fallback) = formats
        .contains(&Dtype::Bf16)
        .then_some(Dtype::Bf16)
        .or_else(|| formats.first().copied())
    else {
        return (candidate, None);
    };
    let note = format!(
        "{} has no {} peak: showing {}",
        gpu.name,
        candidate.precision.label(),
        fallback.label()
    );
    candidate.precision = fallback;
    if candidate.weights != Dtype::Int4 {
        candidate.weights = fallback;
    }
    (candidate, Some(note))
}

/// The plot's setting in words, its parts joined by `separator`: the model (`model`), the
/// context (or no KV cache), the weights' format, the KV cache's where it differs, and the
/// tensor parallelism above 1.
#[must_use]
pub fn setting_words(scenario: &Scenario, model: &str, separator: &str) -> String {
    let mut parts = vec![model.to_owned()];
    parts.push(if scenario.context == 0 {
        "no KV cache".to_owned()
    } else {
        format!("{} context", context_label(scenario.context))
    });
    parts.push(format!("weights {}", scenario.weights.label()));
    if scenario.kv != scenario.weights {
        parts.push(format!("KV {}", scenario.kv.label()));
    }
    for (name, degree) in [
        ("TP", scenario.tp),
        ("EP", scenario.ep),
        ("PP", scenario.pp),
    ] {
        if degree > 1 {
            parts.push(format!("{name} {degree}"));
        }
    }
    parts.join(separator)
}

#[cfg(test)]
mod tests;
