//! The set of known accelerators and models, looked up by id.

use super::gpu_lab::GpuLabReport;
use super::hardware::Gpu;
use super::lab::LabReport;
use super::link::Link;
use super::model::ModelSpec;
use super::suggest::closest;

/// Every accelerator and model the program knows: the built-in data plus the user's files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    /// Accelerators, in the order the data files list them.
    pub gpus: Vec<Gpu>,
    /// Models, in the order the data files list them.
    pub models: Vec<ModelSpec>,
    /// Links between GPUs (NVLink, InfiniBand, Ethernet), for the KV transfer and the
    /// all-reduce.
    pub links: Vec<Link>,
    /// What the last `roofline lab` measured, when the data directory has it: its roofline
    /// is the accelerator [`super::lab::THIS_MACHINE_ID`] and its points go on the plot.
    pub lab: Option<LabReport>,
    /// What the last `roofline lab --gpu` measured, when the data directory has it: its
    /// roofline is the accelerator [`super::gpu_lab::THIS_GPU_ID`] and its sweep goes on the plot.
    pub gpu_lab: Option<GpuLabReport>,
    /// What the learner measured on the endpoint of their `--cluster` profile, and that
    /// profile's scenario: placed under the roof when the plot shows that GPU and model.
    pub endpoint: Option<(super::scenario::Scenario, super::endpoint::Measurement)>,
    /// The runs of the learner's benchmark files (`--measured`), and the cluster scenario
    /// they were run on: placed under the roof when the plot shows that GPU and model.
    pub benchmarks: Option<(
        super::scenario::Scenario,
        Vec<super::benchmark::BenchmarkRun>,
    )>,
    /// Measurements of real cards the tutor ships (`assets/measured/`), one per GPU id.
    pub references: Vec<super::measured_reference::MeasuredReference>,
}

/// What kind of id a lookup was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    /// An accelerator id.
    Gpu,
    /// A model id.
    Model,
}

impl IdKind {
    const fn noun(self) -> &'static str {
        match self {
            Self::Gpu => "GPU",
            Self::Model => "model",
        }
    }
}

/// An id that names nothing in the catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {noun} '{id}'{hint}; known: {known}", noun = kind.noun(), hint = suggestion.as_ref().map(|s| format!(" (did you mean '{s}'?)")).unwrap_or_default(), known = known.join(", "))]
pub struct UnknownId {
    /// GPU or model.
    pub kind: IdKind,
    /// The id asked for.
    pub id: String,
    /// The closest known id, if one is close.
    pub suggestion: Option<String>,
    /// Every known id of that kind.
    pub known: Vec<String>,
}

impl Catalog {
    /// The accelerator with this id.
    pub fn gpu(&self, id: &str) -> Result<&Gpu, UnknownId> {
        self.gpus
            .iter()
            .find(|g| g.id == id)
            .ok_or_else(|| unknown(IdKind::Gpu, id, self.gpus.iter().map(|g| g.id.as_str())))
    }

    /// The model with this id.
    pub fn model(&self, id: &str) -> Result<&ModelSpec, UnknownId> {
        self.models
            .iter()
            .find(|m| m.id == id)
            .ok_or_else(|| unknown(IdKind::Model, id, self.models.iter().map(|m| m.id.as_str())))
    }

    /// Adds accelerators; one with an id already known replaces the old entry in place.
    pub fn add_gpus(&mut self, gpus: impl IntoIterator<Item = Gpu>) {
        for gpu in gpus {
            match self.gpus.iter_mut().find(|g| g.id == gpu.id) {
                Some(slot) => *slot = gpu,
                None => self.gpus.push(gpu),
            }
        }
    }

    /// Adds "this machine" as measured by the lab (replacing an earlier measurement).
    pub fn add_lab(&mut self, report: LabReport) {
        self.add_gpus([report.as_gpu()]);
        self.lab = Some(report);
    }

    /// Adds "this GPU" as measured by `lab --gpu` (replacing an earlier measurement).
    pub fn add_gpu_lab(&mut self, report: GpuLabReport) {
        self.add_gpus([report.as_gpu()]);
        self.gpu_lab = Some(report);
    }

    /// Adds models; one with an id already known replaces the old entry in place.
    pub fn add_models(&mut self, models: impl IntoIterator<Item = ModelSpec>) {
        for model in models {
            match self.models.iter_mut().find(|m| m.id == model.id) {
                Some(slot) => *slot = model,
                None => self.models.push(model),
            }
        }
    }
}

fn unknown<'a>(kind: IdKind, id: &str, ids: impl Iterator<Item = &'a str> + Clone) -> UnknownId {
    UnknownId {
        kind,
        id: id.to_owned(),
        suggestion: closest(id, ids.clone()).map(str::to_owned),
        known: ids.map(str::to_owned).collect(),
    }
}
