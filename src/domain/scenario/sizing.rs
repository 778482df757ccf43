//! Sizing a deployment for a token-time target: the smallest tensor-parallel degree that holds
//! the model, and, at the largest batch the target allows, the replicas a request rate needs
//! (Little's law), the prefill-to-decode pool ratio of split serving, and the cost per million
//! output tokens. Found only when the scenario sets a `tpot_target_ms` (each walks other
//! settings of the scenario).

use super::{Scenario, ScenarioError};
use crate::domain::catalog::Catalog;

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
    /// USD per million output tokens at the target batch: TP × price ÷ (batch ÷ step × 3,600)
    /// × 10⁶.
    pub usd_per_million_tokens: Option<f64>,
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
    let tp_to_fit = tp_to_fit(s, catalog)?;
    if batch == 0 || !(step_s > 0.0 && step_s.is_finite()) {
        return Ok(Sizing {
            tp_to_fit,
            replicas: None,
            pool_ratio: None,
            usd_per_million_tokens: None,
        });
    }
    let b = f64::from(batch);
    let decode_tokens = f64::from(s.output_tokens.saturating_sub(1));
    let time_in_system_s = prefill_s + decode_tokens * step_s;
    let replicas = s.rate.map(|r| (r * time_in_system_s / b).ceil().max(1.0));
    let pool_ratio = (decode_tokens > 0.0).then(|| prefill_s * b / (decode_tokens * step_s));
    let tokens_per_s = b / step_s;
    let usd = f64::from(s.tp) * s.gpu_hour_usd / (tokens_per_s * 3600.0) * 1e6;
    Ok(Sizing {
        tp_to_fit,
        replicas,
        pool_ratio,
        usd_per_million_tokens: Some(usd),
    })
}

/// The tensor-parallel degrees sizing tries, smallest first.
const TP_DEGREES: [u32; 4] = [1, 2, 4, 8];

/// The smallest TP of [`TP_DEGREES`] at which the scenario evaluates (TP divides the heads) and one
/// sequence at its context fits beside the weights.
fn tp_to_fit(s: &Scenario, catalog: &Catalog) -> Result<Option<u32>, ScenarioError> {
    for tp in TP_DEGREES {
        let at = Scenario {
            tp,
            batch: 1,
            tpot_target_ms: None,
            rate: None,
            ..s.clone()
        };
        match at.evaluate_core(catalog) {
            Ok(e) => {
                if e.model.is_some_and(|m| m.batch_fit(1).runs()) {
                    return Ok(Some(tp));
                }
            }
            Err(ScenarioError::TensorParallel { .. }) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests;
