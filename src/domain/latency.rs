//! Latency targets: the largest batch that keeps a time-per-output-token target, time to first
//! token with chunked prefill, concurrency by Little's law and the replicas a request rate
//! needs, and the throughput-per-GPU against tokens-per-second-per-user curve.

use super::catalog::Catalog;
use super::plan_error::PlanError;
use super::scenario::{ModelEvaluation, Scenario, largest_meeting};

mod curve;

pub use curve::{CurvePoint, bend, curve};

/// The decode step (time per output token) of a scenario at another batch, seconds. The
/// target and the rate are left out of that evaluation: they change no step time, and each
/// would walk the curve again for every point of it.
pub fn tpot_at(s: &Scenario, catalog: &Catalog, batch: u32) -> Result<f64, PlanError> {
    let at = Scenario {
        batch,
        tpot_target_ms: None,
        rate: None,
        ..s.clone()
    };
    Ok(model_of(&at, catalog)?.step_time_s)
}

/// The model's numbers of a scenario that must name a model.
pub fn model_of(s: &Scenario, catalog: &Catalog) -> Result<ModelEvaluation, PlanError> {
    s.evaluate(catalog)?.model.ok_or(PlanError::NoModel)
}

/// What stops the batch under a token-time target.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchLimit {
    /// The target: a larger batch makes every token slower than it allows.
    Target,
    /// The KV wall: memory runs out before the target does.
    KvWall,
    /// Even one sequence misses the target.
    Unreachable,
}

/// The largest batch under a time-per-output-token target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TpotLimit {
    /// The target, seconds per token.
    pub target_s: f64,
    /// Largest batch whose step meets the target, ignoring memory (0: none does).
    pub target_batch: u32,
    /// The KV wall at the scenario's context, when there is one.
    pub kv_wall: Option<u64>,
    /// The batch both allow.
    pub batch: u32,
    /// Which one set it.
    pub limit: BatchLimit,
    /// The step at that batch, seconds (the step at batch 1 when none meets the target).
    pub tpot_s: f64,
}

/// The largest batch B with TPOT(B) ≤ target (TPOT is non-decreasing in B, so a bisection
/// finds it: [`largest_meeting`]), then capped by the KV wall.
pub fn largest_batch_under(
    s: &Scenario,
    catalog: &Catalog,
    target_s: f64,
) -> Result<TpotLimit, PlanError> {
    let base = model_of(s, catalog)?;
    let kv_wall = base.batch_limit();
    let meets = |b: u32| tpot_at(s, catalog, b).map(|t| t <= target_s);
    let target_batch = largest_meeting(meets)?;
    let wall = kv_wall.map(|w| u32::try_from(w).unwrap_or(u32::MAX));
    let (batch, limit) = match (target_batch, wall) {
        (0, _) => (0, BatchLimit::Unreachable),
        (t, Some(w)) if w < t => (w, BatchLimit::KvWall),
        (t, _) => (t, BatchLimit::Target),
    };
    let tpot_s = tpot_at(s, catalog, batch.max(1))?;
    Ok(TpotLimit {
        target_s,
        target_batch,
        kv_wall,
        batch,
        limit,
        tpot_s,
    })
}

/// Requests in flight and the replicas a request rate needs (Little's law).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sizing {
    /// Arriving requests per second.
    pub rate: f64,
    /// Time one request spends in the system: TTFT + (output − 1) × TPOT, seconds.
    pub time_in_system_s: f64,
    /// Requests in the system at once: rate × time in system.
    pub concurrency: f64,
    /// Replicas (TP groups) needed: ⌈concurrency ÷ largest batch⌉.
    pub replicas: u64,
    /// GPUs needed: replicas × TP.
    pub gpus: u64,
}

/// Little's law for a request rate, each request `output_tokens` long, at a batch of at most
/// `batch` per replica of `tp` GPUs. `None` when the batch is 0 (no batch meets the target).
#[must_use]
pub fn size_for_rate(
    rate: f64,
    ttft_s: f64,
    tpot_s: f64,
    output_tokens: u32,
    batch: u32,
    tp: u32,
) -> Option<Sizing> {
    if batch == 0 {
        return None;
    }
    let time_in_system_s = ttft_s + f64::from(output_tokens.saturating_sub(1)) * tpot_s;
    let concurrency = rate * time_in_system_s;
    let replicas = (concurrency / f64::from(batch)).ceil().max(1.0) as u64;
    Some(Sizing {
        rate,
        time_in_system_s,
        concurrency,
        replicas,
        gpus: replicas * u64::from(tp),
    })
}

/// A decode step that also carries a prefill chunk of `chunk` tokens (chunked prefill in one
/// pool): the weights are read once for both, the chunk's FLOPs add to decode's, so the step
/// is max(decode bytes ÷ bandwidth, (decode FLOPs + chunk FLOPs) ÷ peak), seconds.
pub fn mixed_step_s(s: &Scenario, catalog: &Catalog, chunk: u64) -> Result<f64, PlanError> {
    let e = s.evaluate(catalog)?;
    let m = e.model.as_ref().ok_or(PlanError::NoModel)?;
    let model = catalog.model(s.model.as_deref().ok_or(PlanError::NoModel)?)?;
    let c = chunk as f64;
    let chunk_flops = (2.0 * model.matmul_params_per_token() * c + model.causal_attention_flops(c))
        / f64::from(s.tp);
    Ok(m.memory_time_s
        .max(m.compute_time_s + chunk_flops / e.peak_flops))
}

/// Time to first token when the prompt is prefilled in chunks riding on decode steps:
/// ⌈prompt ÷ chunk⌉ mixed steps, seconds.
pub fn chunked_ttft_s(
    s: &Scenario,
    catalog: &Catalog,
    prompt: u64,
    chunk: u64,
) -> Result<f64, PlanError> {
    let chunk = chunk.clamp(1, prompt.max(1));
    let steps = prompt.div_ceil(chunk).max(1);
    Ok(steps as f64 * mixed_step_s(s, catalog, chunk)?)
}

#[cfg(test)]
mod tests;
