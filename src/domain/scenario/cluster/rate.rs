//! What a request rate asks of a deployment: Little's law and the GPUs it takes.

use crate::domain::derivation::Formula;
use crate::domain::scenario::Scenario;

/// What a request rate asks of the deployment at the scenario's batch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateFigures {
    /// Requests in the system by Little's law: rate × time in the system.
    pub concurrency: f64,
    /// GPUs the rate needs: ⌈concurrency ÷ batch⌉ × TP × PP.
    pub gpus: f64,
}

impl RateFigures {
    /// The figures for `rate` requests/s, each `time_in_system_s` in the system, at the
    /// scenario's batch on replicas of `tp` × `pp` GPUs.
    pub(super) fn of(rate: f64, time_in_system_s: f64, s: &Scenario, (tp, pp): (f64, f64)) -> Self {
        let concurrency = Formula::LittlesLaw.compute(&[rate, time_in_system_s]);
        Self {
            concurrency,
            gpus: Formula::GpusForRateStaged.compute(&[concurrency, f64::from(s.batch), tp, pp]),
        }
    }
}
