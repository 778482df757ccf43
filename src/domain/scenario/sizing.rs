//! Sizing a deployment for a token-time target: the smallest tensor-parallel degree that holds
//! the model, and, at the largest batch the target allows, the replicas a request rate needs
//! (Little's law), the prefill-to-decode pool ratio of split serving, and the cost per million
//! output tokens. Found only when the scenario sets a `tpot_target_ms` (each walks other
//! settings of the scenario).

use super::{Scenario, ScenarioError};
use crate::domain::catalog::Catalog;
use crate::domain::derivation::{Formula, TP_DEGREES};

/// The deployment figures at the target batch (all `None` where they do not apply).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sizing {
    /// The smallest TP of 1, 2, 4, 8 (dividing the heads) whose GPUs hold the weights and one
    /// sequence at the context; `None` when even 8 does not.
    pub tp_to_fit: Option<u32>,
    /// Replicas (TP groups) the `rate` needs at the target batch: ⌈rate × time in system ÷
    /// batch⌉, the time taken with the step at that batch. `None` without a rate.
    pub replicas: Option<f64>,
    /// Split serving: prefill GPUs per decode GPU, both pools at the scenario's TP: prefill ×
    /// batch ÷ ((output − 1) × step), the step at the target batch. The rate cancels.
    pub pool_ratio: Option<f64>,
    /// What the search for [`Sizing::tp_to_fit`] found at each degree of [`TP_DEGREES`], in
    /// order; it stops at the first that holds a sequence.
    pub tried: [TpTry; 4],
    /// The figures at the target batch the other two are computed from; `None` when the
    /// target allows no batch.
    pub at_target: Option<AtTarget>,
}

/// What one tensor-parallel degree gave the search for the smallest that holds the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TpTry {
    /// The search stopped before this degree.
    NotTried,
    /// The degree does not divide the model's heads: the scenario does not evaluate.
    HeadsDoNotDivide,
    /// The sequences at the context the memory left beside the weights holds (0: the weights
    /// alone do not fit); `None` when nothing limits them (no context).
    Holds(Option<u64>),
}

/// The figures at the batch a token-time target allows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AtTarget {
    /// The batch.
    pub batch: u32,
    /// The speed-of-light step at that batch, seconds.
    pub step_s: f64,
    /// The prefill of one prompt (after the prefix cache), seconds.
    pub prefill_s: f64,
    /// Time one request spends in the system at that batch: prefill + (output − 1) × step.
    pub time_in_system_s: f64,
    /// Tokens per second at that batch: batch ÷ step.
    pub tokens_per_s: f64,
    /// USD per million output tokens at that batch: TP × PP × price ÷ (batch ÷ step × 3,600)
    /// × 10⁶.
    pub usd_per_million_tokens: f64,
}

/// The sizing figures for a scenario whose target allows `batch` (0: none does), the step at
/// that batch `step_s` and the prefill `prefill_s`.
pub(super) fn sizing(
    s: &Scenario,
    catalog: &Catalog,
    batch: u32,
    step_s: f64,
    prefill_s: f64,
) -> Result<Sizing, ScenarioError> {
    let (tp_to_fit, tried) = tp_to_fit(s, catalog)?;
    let mut sized = Sizing {
        tp_to_fit,
        replicas: None,
        pool_ratio: None,
        tried,
        at_target: None,
    };
    if batch == 0 || !(step_s > 0.0 && step_s.is_finite()) {
        return Ok(sized);
    }
    let b = f64::from(batch);
    let output = f64::from(s.output_tokens);
    let tokens_per_s = Formula::TokensPerS.compute(&[b, step_s]);
    let at = AtTarget {
        batch,
        step_s,
        prefill_s,
        time_in_system_s: Formula::TimeInSystem.compute(&[prefill_s, output, step_s]),
        tokens_per_s,
        usd_per_million_tokens: Formula::Cost.compute(&[
            s.replica_gpus(),
            s.gpu_hour_usd,
            tokens_per_s,
        ]),
    };
    sized.replicas = s
        .rate
        .map(|r| Formula::Replicas.compute(&[r, at.time_in_system_s, b]));
    sized.pool_ratio =
        (s.output_tokens > 1).then(|| Formula::PoolRatio.compute(&[prefill_s, b, output, step_s]));
    sized.at_target = Some(at);
    Ok(sized)
}

/// The smallest TP of [`TP_DEGREES`] at which the scenario evaluates (TP divides the heads) and one
/// sequence at its context fits beside the weights (through [`Formula::TpToFit`]), and what each
/// degree tried gave.
fn tp_to_fit(s: &Scenario, catalog: &Catalog) -> Result<(Option<u32>, [TpTry; 4]), ScenarioError> {
    let mut tried = [TpTry::NotTried; 4];
    let mut held = Vec::with_capacity(TP_DEGREES.len());
    for (i, tp) in TP_DEGREES.into_iter().enumerate() {
        let at = Scenario {
            tp,
            batch: 1,
            tpot_target_ms: None,
            rate: None,
            ..s.clone()
        };
        tried[i] = match at.evaluate_core(catalog) {
            Ok(e) => TpTry::Holds(e.model.and_then(|m| m.batch_limit())),
            Err(ScenarioError::TensorParallel { .. }) => TpTry::HeadsDoNotDivide,
            Err(other) => return Err(other),
        };
        held.push(tried[i].sequences());
        let found = Formula::TpToFit.compute(&held);
        if found.is_finite() {
            return Ok((Some(found as u32), tried));
        }
    }
    Ok((None, tried))
}

impl TpTry {
    /// The sequences this degree holds as [`Formula::TpToFit`] reads them: none where the heads
    /// do not divide or the search stopped before it, at least one where nothing limits them.
    #[must_use]
    pub fn sequences(self) -> f64 {
        match self {
            Self::NotTried | Self::HeadsDoNotDivide => 0.0,
            Self::Holds(Some(n)) => n as f64,
            Self::Holds(None) => 1.0,
        }
    }
}

#[cfg(test)]
mod tests;
