//! The curve operators publish: throughput per GPU against tokens per second per user, as the
//! batch grows from 1 to the largest batch.

use super::{PlanError, tpot_at};
use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;

/// One batch on the curve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurvePoint {
    /// Sequences in the step.
    pub batch: u32,
    /// Time per output token at that batch, seconds.
    pub tpot_s: f64,
    /// Interactivity: 1 ÷ TPOT, tokens per second per user.
    pub tokens_per_s_per_user: f64,
    /// Throughput: B ÷ TPOT ÷ GPUs per replica, tokens per second per GPU.
    pub tokens_per_s_per_gpu: f64,
}

/// The curve at batches 1, 2, 4, … up to `max_batch`, and `max_batch` itself.
pub fn curve(
    s: &Scenario,
    catalog: &Catalog,
    max_batch: u32,
) -> Result<Vec<CurvePoint>, PlanError> {
    let mut batches: Vec<u32> = std::iter::successors(Some(1_u32), |b| b.checked_mul(2))
        .take_while(|b| *b < max_batch)
        .collect();
    batches.push(max_batch.max(1));
    batches
        .into_iter()
        .map(|batch| {
            let tpot_s = tpot_at(s, catalog, batch)?;
            Ok(CurvePoint {
                batch,
                tpot_s,
                tokens_per_s_per_user: 1.0 / tpot_s,
                tokens_per_s_per_gpu: f64::from(batch) / tpot_s / f64::from(s.tp),
            })
        })
        .collect()
}

/// Where the curve bends: the first point whose time per token is at least twice batch 1's
/// (interactivity halved). Before it, throughput grows almost in proportion to the batch.
#[must_use]
pub fn bend(points: &[CurvePoint]) -> Option<CurvePoint> {
    let first = points.first()?;
    points
        .iter()
        .copied()
        .find(|p| p.tpot_s >= 2.0 * first.tpot_s)
}
