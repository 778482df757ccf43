//! Expert and pipeline parallel as the scenario sets them (`ep`, `pp`): checked against the
//! model, and the link terms they add to one decode step, computed once by
//! [`basis::set_terms`] (the computation and derivation `calc --interconnect` prints).

use super::super::{Scenario, ScenarioError};
use crate::domain::hardware::Gpu;
use crate::domain::interconnect::Fabric;
use crate::domain::interconnect::basis::{self, SetTerm};
use crate::domain::model::ModelSpec;

/// The link terms the scenario's `ep` and `pp` add to a decode step, each a time the roofline
/// does not show (no overlap with compute).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ParallelFigures {
    /// The expert-parallel all-to-alls over `ep` GPUs (MoE, `ep` above 1).
    pub all_to_all: Option<SetTerm>,
    /// The pipeline's sends through `pp` stages (`pp` above 1). At one micro-batch the stages
    /// run one after another, so the step's time at the roofs stays the whole model's.
    pub pipeline: Option<SetTerm>,
}

impl ParallelFigures {
    /// The seconds the set terms add to a step together (0 when neither is set).
    #[must_use]
    pub fn total_s(&self) -> f64 {
        [&self.all_to_all, &self.pipeline]
            .into_iter()
            .flatten()
            .map(|t| t.time.total_s())
            .sum()
    }
}

impl super::ClusterEvaluation {
    /// The link time a step waits for: the tensor-parallel all-reduces plus what `ep` and `pp`
    /// add. One sum, read by the step with its link time, its share and their derivations.
    #[must_use]
    pub fn link_time_s(&self) -> Option<f64> {
        Some(self.scale_up.as_ref()?.allreduce_s + self.parallel.total_s())
    }
}

/// `ep` and `pp` of at least 1, whatever the model.
pub(super) fn check_counts(s: &Scenario) -> Result<(), ScenarioError> {
    for (name, v, what) in [
        ("ep", s.ep, "no expert parallel"),
        ("pp", s.pp, "one pipeline stage"),
    ] {
        if v == 0 {
            return Err(ScenarioError::Parallel(
                name,
                format!("{name} must be at least 1 (1: {what}), not 0"),
            ));
        }
    }
    Ok(())
}

/// `ep` above 1 needs a mixture-of-experts model whose routed experts it divides; `pp` may not
/// exceed the model's layers.
pub(super) fn check_model(s: &Scenario, model: &ModelSpec) -> Result<(), ScenarioError> {
    let bad = |field, what: String| Err(ScenarioError::Parallel(field, what));
    if s.ep > 1 {
        let Some(experts) = model.experts else {
            return bad(
                "ep",
                format!(
                    "ep {} needs a mixture-of-experts model: {} is dense (use ep 1)",
                    s.ep, model.name
                ),
            );
        };
        if experts.routed % s.ep != 0 {
            return bad(
                "ep",
                format!(
                    "ep {} does not divide {}'s {} routed experts evenly",
                    s.ep, model.name, experts.routed
                ),
            );
        }
    }
    if s.pp > model.layers {
        return bad(
            "pp",
            format!(
                "pp {} is more stages than {}'s {} layers",
                s.pp, model.name, model.layers
            ),
        );
    }
    Ok(())
}

/// The terms over `fabric` (none without a scale-up link to build it from).
pub(super) fn figures(
    s: &Scenario,
    gpu: &Gpu,
    model: &ModelSpec,
    fabric: Option<&Fabric<'_>>,
) -> ParallelFigures {
    fabric.map_or_else(ParallelFigures::default, |f| {
        let (all_to_all, pipeline) = basis::set_terms(s, gpu, model, f);
        ParallelFigures {
            all_to_all,
            pipeline,
        }
    })
}

#[cfg(test)]
mod tests;
