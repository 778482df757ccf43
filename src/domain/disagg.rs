//! Prefill and decode on separate GPUs (disaggregated serving): the prefill pool's dot on the
//! compute roof, the decode pool's on the bandwidth slope, the KV of each prompt crossing a
//! link in between; against one pool of the same GPUs where prefill chunks ride on decode.

use super::catalog::Catalog;
use super::derivation::Formula;
use super::latency::{self, model_of};
use super::link::Link;
use super::plan_error::PlanError;
use super::roofline::Bound;
use super::scenario::Scenario;

mod basis;
mod verdict;

pub use basis::{derivations, engine_derivation};
pub use verdict::Verdict;

/// The split asked for: pool sizes in GPUs (each a whole number of replicas of TP × PP), the request
/// shape and the one-pool chunk to compare with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DisaggInputs {
    /// GPUs that only prefill.
    pub prefill_gpus: u32,
    /// GPUs that only decode.
    pub decode_gpus: u32,
    /// Share of each prompt found in the prefix cache, in [0, 1): prefill runs on the rest.
    pub prefix_hit: f64,
    /// Output tokens per request.
    pub output_tokens: u32,
    /// Prefill tokens one mixed step carries in the one-pool comparison.
    pub chunk: u64,
}

/// What the split does, per request and per pool.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagg {
    /// Prompt tokens prefill computes after the prefix cache: ⌈(1 − h) × prompt⌉.
    pub prefill_tokens: u64,
    /// One prompt's prefill on a prefill replica, seconds.
    pub prefill_s: f64,
    /// The prefill pool's intensity (the prompt through the FC layers), FLOP/byte.
    pub prefill_intensity: f64,
    /// Which roof the prefill sits under.
    pub prefill_bound: Bound,
    /// KV bytes each GPU sends per request: KV per token ÷ TP × prompt (all of the prompt:
    /// decode needs it whole, cached prefix included).
    pub kv_bytes_per_gpu: f64,
    /// Seconds the KV takes over the link, GPUs sending in parallel.
    pub transfer_s: f64,
    /// Transfer ÷ prefill.
    pub transfer_share: f64,
    /// The decode pool's step at the scenario's batch (its time per output token), seconds.
    pub decode_step_s: f64,
    /// The decode dot's intensity, FLOP/byte.
    pub decode_intensity: f64,
    /// Which roof the decode step sits under.
    pub decode_bound: Bound,
    /// Prefill + transfer + one decode step, seconds.
    pub ttft_s: f64,
    /// Requests per second the prefill pool can start.
    pub prefill_rate: f64,
    /// Requests per second the decode pool can finish.
    pub decode_rate: f64,
    /// The split's rate: the slower pool's, per GPU of both pools.
    pub rate_per_gpu: f64,
    /// One pool of all the GPUs: the time per output token of a step carrying a chunk.
    pub one_pool_tpot_s: f64,
    /// One pool: time to first token, the prompt in chunks riding on decode steps.
    pub one_pool_ttft_s: f64,
    /// One pool: requests per second per GPU, each step's prefill share amortized.
    pub one_pool_rate_per_gpu: f64,
    /// Which setup wins.
    pub verdict: Verdict,
}

/// Evaluates the split for a scenario (its batch is the decode batch, its prompt the prompt).
pub fn evaluate(
    s: &Scenario,
    catalog: &Catalog,
    inputs: &DisaggInputs,
    link: &Link,
) -> Result<Disagg, PlanError> {
    check(s, inputs)?;
    let prompt = s.prompt;
    let prefill_tokens = Formula::PrefillTokens.compute(&[inputs.prefix_hit, prompt as f64]) as u64;
    let prefill_scenario = Scenario {
        prompt: prefill_tokens,
        ..s.clone()
    };
    let pre = model_of(&prefill_scenario, catalog)?;
    let prefill_s = pre.ttft_s;
    let prefill_bound = prefill_bound(&prefill_scenario, catalog)?;
    let dec = model_of(s, catalog)?;
    let tp = f64::from(s.tp);
    // The prompt's KV, through the window where some layers slide: a sliding layer sends only
    // its last W tokens.
    let spec = catalog.model(s.model.as_deref().unwrap_or_default())?;
    let kv_bytes_per_gpu = spec.kv_bytes_per_sequence(prompt as f64, dec.kv_bytes_per_token)
        * dec.kv_split.share_per_gpu(tp)
        / f64::from(s.pp);
    let transfer_s = Formula::Transfer.compute(&[kv_bytes_per_gpu, link.gbs]);
    let decode_step_s = dec.step_time_s;
    let batch = f64::from(s.batch);
    let output = f64::from(inputs.output_tokens.max(1));
    let (prefill_gpus, decode_gpus) = (
        f64::from(inputs.prefill_gpus),
        f64::from(inputs.decode_gpus),
    );
    // A replica is TP GPUs in each of the PP stages.
    let replica = s.replica_gpus();
    let prefill_rate = Formula::PrefillPoolRate.compute(&[prefill_gpus, replica, prefill_s]);
    let decode_rate =
        Formula::DecodePoolRate.compute(&[decode_gpus, replica, batch, decode_step_s, output]);
    let rate_per_gpu =
        Formula::SplitRatePerGpu.compute(&[prefill_rate, decode_rate, prefill_gpus, decode_gpus]);

    let one_pool_tpot_s = latency::mixed_step_s(s, catalog, inputs.chunk.min(prefill_tokens))?;
    let one_pool_ttft_s =
        latency::chunked_ttft_s(s, catalog, prefill_tokens, inputs.chunk)? + one_pool_tpot_s;
    // In steady state each step finishes B ÷ output requests, so it must also prefill that
    // many prompts: their compute joins the step's.
    let amortized_step = dec
        .memory_time_s
        .max(dec.compute_time_s + batch / output * prefill_compute_s(&prefill_scenario, catalog)?);
    let one_pool_rate_per_gpu = batch / (amortized_step * output) / replica;
    let split = Outcome {
        rate_per_gpu,
        tpot_s: decode_step_s,
    };
    let one = Outcome {
        rate_per_gpu: one_pool_rate_per_gpu,
        tpot_s: one_pool_tpot_s,
    };
    Ok(Disagg {
        prefill_tokens,
        prefill_s,
        prefill_intensity: pre.prefill_intensity,
        prefill_bound,
        kv_bytes_per_gpu,
        transfer_s,
        transfer_share: transfer_s / prefill_s,
        decode_step_s,
        decode_intensity: dec.decode_intensity(),
        decode_bound: dec.bound,
        ttft_s: Formula::SplitTtft.compute(&[prefill_s, transfer_s, decode_step_s]),
        prefill_rate,
        decode_rate,
        rate_per_gpu,
        one_pool_tpot_s,
        one_pool_ttft_s,
        one_pool_rate_per_gpu,
        verdict: Verdict::of(split, one),
    })
}

/// A setup's two figures of merit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// Requests per second per GPU.
    pub rate_per_gpu: f64,
    /// Time per output token, seconds.
    pub tpot_s: f64,
}

fn check(s: &Scenario, inputs: &DisaggInputs) -> Result<(), PlanError> {
    for gpus in [inputs.prefill_gpus, inputs.decode_gpus] {
        let replica = s.tp.saturating_mul(s.pp.max(1));
        if gpus == 0 || replica == 0 || gpus % replica != 0 {
            return Err(PlanError::Pool {
                gpus,
                tp: s.tp,
                pp: s.pp,
            });
        }
    }
    if !(0.0..1.0).contains(&inputs.prefix_hit) {
        return Err(PlanError::HitRate(inputs.prefix_hit));
    }
    Ok(())
}

/// The prefill's compute time alone (FLOPs ÷ peak), seconds.
fn prefill_compute_s(s: &Scenario, catalog: &Catalog) -> Result<f64, PlanError> {
    let e = s.evaluate(catalog)?;
    let model = catalog.model(s.model.as_deref().ok_or(PlanError::NoModel)?)?;
    let t = s.prompt as f64;
    let flops = (2.0 * model.matmul_params_per_token() * t + model.causal_attention_flops(t))
        / f64::from(s.tp);
    Ok(flops / e.peak_flops)
}

fn prefill_bound(s: &Scenario, catalog: &Catalog) -> Result<Bound, PlanError> {
    let m = model_of(s, catalog)?;
    Ok(if prefill_compute_s(s, catalog)? >= m.ttft_s {
        Bound::Compute
    } else {
        Bound::Memory
    })
}

#[cfg(test)]
mod tests;
