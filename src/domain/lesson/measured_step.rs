//! A step that asks the learner to predict a measurement (`measured_tpot_ms`) is asked where a
//! measurement exists, the learner's own first: their benchmark runs (the cluster's GPU, model,
//! formats and TP, at the run's concurrency nearest the step's batch), else their GPU lab (its
//! card, at the sweep's batch nearest), else the reference the tutor ships for the step's GPU
//! (at the sweep's batch nearest). Runs also give the step their context (the prompt and half
//! the output, the mean KV of their decode steps), so the roofline is the run's; the step's
//! other settings (its context for a lab or the shipped sweep, which read the weights alone,
//! and the model for them) stay as the lesson wrote them.

use super::{Answer, Lesson, NumberSource, ScenarioPatch, Step, scenario_for};
use crate::domain::catalog::Catalog;
use crate::domain::gpu_lab::THIS_GPU_ID;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

/// Where the measurement a step asks for comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeasurementSource {
    /// The learner's benchmark runs (`--measured`, the cluster profile's files).
    Runs,
    /// The learner's GPU lab (`roofline lab --gpu`).
    GpuLab,
    /// The reference the tutor ships for the GPU.
    Shipped,
}

/// Moves every step that asks for a measurement to the learner's measurement (see the module
/// docs); a step with no measurement to follow keeps its own setting.
pub fn follow_measurement(lessons: &mut [Lesson], catalog: &Catalog) {
    for step in lessons.iter_mut().flat_map(|l| l.steps.iter_mut()) {
        let Step::Predict(p) = step else { continue };
        let asks_measured = matches!(
            &p.answer,
            Answer::Number(n) if matches!(&n.value, NumberSource::Quantity(q)
                if q.parse::<Quantity>() == Ok(Quantity::MeasuredTpotMs))
        );
        if !asks_measured {
            continue;
        }
        let own = p.scenario.clone().unwrap_or_default();
        if let Some((patch, _)) = measured_setting(&own, catalog) {
            p.scenario = Some(patch);
        }
    }
}

/// The setting a measured step is asked at, and where its measurement comes from: the first
/// source with a measurement the engine can place.
#[must_use]
pub fn measured_setting(
    own: &ScenarioPatch,
    catalog: &Catalog,
) -> Option<(ScenarioPatch, MeasurementSource)> {
    let base = scenario_for(Some(own), &Scenario::default_cluster());
    let placed = |patch: ScenarioPatch| {
        let s = scenario_for(Some(&patch), &Scenario::default_cluster());
        let e = s.evaluate(catalog).ok()?;
        e.measured_tpot_ms()
            .is_some_and(f64::is_finite)
            .then_some(patch)
    };
    let runs = catalog.benchmarks.as_ref().and_then(|(cluster, runs)| {
        let timed: Vec<_> = runs.iter().filter(|r| r.decode().is_some()).collect();
        let batches: Vec<u32> = timed.iter().map(|r| r.concurrency.value().max(1)).collect();
        let batch = nearest(&batches, base.batch)?;
        // The run at that batch sets the context too, so the roofline is the run's.
        let context = timed
            .iter()
            .find(|r| r.concurrency.value().max(1) == batch)
            .and_then(|r| r.decode_context());
        placed(ScenarioPatch {
            gpu: Some(cluster.gpu.clone()),
            model: cluster.model.clone(),
            precision: Some(cluster.precision),
            weights: Some(cluster.weights),
            kv: Some(cluster.kv),
            tp: Some(cluster.tp),
            mem_util: Some(cluster.mem_util),
            overhead_gb: Some(cluster.overhead_gb),
            batch: Some(batch),
            context: context.or(own.context),
            ..own.clone()
        })
    });
    let lab = catalog.gpu_lab.as_ref().and_then(|report| {
        let batches: Vec<u32> = report.sweep.iter().map(|p| p.batch).collect();
        let gpu = THIS_GPU_ID.to_owned();
        placed(ScenarioPatch {
            gpu: Some(gpu),
            batch: Some(nearest(&batches, base.batch)?),
            ..own.clone()
        })
    });
    let shipped = catalog
        .references
        .iter()
        .find(|r| r.gpu == base.gpu)
        .and_then(|reference| {
            let batches: Vec<u32> = reference.sweep.points.iter().map(|p| p.batch).collect();
            placed(ScenarioPatch {
                batch: Some(nearest(&batches, base.batch)?),
                ..own.clone()
            })
        });
    runs.map(|p| (p, MeasurementSource::Runs))
        .or_else(|| lab.map(|p| (p, MeasurementSource::GpuLab)))
        .or_else(|| shipped.map(|p| (p, MeasurementSource::Shipped)))
}

/// The batch of `batches` nearest `batch` by ratio (48 is nearer 64 than 32).
fn nearest(batches: &[u32], batch: u32) -> Option<u32> {
    let log = |b: u32| f64::from(b.max(1)).ln();
    batches.iter().copied().min_by(|a, b| {
        (log(*a) - log(batch))
            .abs()
            .total_cmp(&(log(*b) - log(batch)).abs())
    })
}

#[cfg(test)]
mod tests;
