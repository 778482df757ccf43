//! Why a cluster plan (latency target, disaggregated pools, interconnect) cannot be computed.

use super::catalog::UnknownId;
use super::link::UnknownLink;
use super::scenario::{Role, ScenarioError};

/// A plan that cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// The scenario itself does not evaluate.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// An unknown GPU or model id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// An unknown link id.
    #[error(transparent)]
    Link(#[from] UnknownLink),
    /// The plan needs a model and the scenario names none.
    #[error("this needs a model (pass --model ID)")]
    NoModel,
    /// No link to carry the traffic: the GPU has none for that job in the data.
    #[error("{gpu} has no {role} link in the data: pass --{role}-link ID (or --link ID for both)")]
    NoLink {
        /// The GPU's name.
        gpu: String,
        /// The job the link was wanted for.
        role: Role,
    },
    /// A pool that is not a whole number of replicas (TP GPUs in each of PP stages).
    #[error("a pool of {gpus} GPUs is not a whole number of {}", replicas(*tp, *pp))]
    Pool {
        /// GPUs in the pool.
        gpus: u32,
        /// The tensor-parallel degree.
        tp: u32,
        /// The pipeline stages.
        pp: u32,
    },
    /// A share outside [0, 1).
    #[error("the prefix-cache hit rate must be in [0, 1), not {0}")]
    HitRate(f64),
    /// A rate or target that is not a positive finite number.
    #[error("{what} must be a positive number, not {value}")]
    NotPositive {
        /// Which input.
        what: &'static str,
        /// Its value.
        value: f64,
    },
}

/// `TP n groups`, or `TP n × PP m replicas` under pipeline stages.
fn replicas(tp: u32, pp: u32) -> String {
    if pp > 1 {
        format!("TP {tp} × PP {pp} replicas")
    } else {
        format!("TP {tp} groups")
    }
}
