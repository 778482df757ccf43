//! What a scenario says about the cluster around one replica: the link its prompt's KV and its
//! all-reduces cross (disaggregated serving, the interconnect), the batch a token-time target
//! allows, Little's law for a request rate, and where the throughput–interactivity curve bends.
//! Lessons name these figures as quantities; `calc` prints them in its cluster sections.

use super::sizing::{Sizing, sizing};
use super::{Evaluation, MAX_BATCH, Scenario, ScenarioError};
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Formula;
use crate::domain::interconnect::{self, CommTime};
use crate::domain::link::Link;

mod links;
mod parallel;
mod rate;

use links::link_of;
pub use links::{Role, link_id};
pub use parallel::ParallelFigures;
pub use rate::RateFigures;

/// The largest batch on the curve when no KV wall stops it.
pub const OPEN_CURVE_MAX: u32 = 1024;

/// The scenario's cluster figures (all times in seconds).
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterEvaluation {
    /// The scale-up link inside a node and the tensor-parallel all-reduces over it, when the
    /// scenario or the GPU names one.
    pub scale_up: Option<ScaleUpFigures>,
    /// The scale-out link between nodes and one prompt's KV over it (split prefill and
    /// decode), when the scenario or the GPU names one.
    pub scale_out: Option<ScaleOutFigures>,
    /// Prompt tokens prefill computes after the prefix cache: ⌈(1 − hit) × prompt⌉.
    pub prefill_tokens: u64,
    /// That prefill on the replica.
    pub prefill_s: f64,
    /// That prefill's bytes and FLOPs per GPU.
    pub prefill_work: (f64, f64),
    /// The FLOPs per GPU of the prefill chunk a mixed step carries.
    pub chunk_flops_per_gpu: f64,
    /// One pool: the decode step that also carries a prefill chunk of min(chunk, prefill tokens).
    pub mixed_tpot_s: f64,
    /// The curve's bend: the first batch (1, 2, 4, … up to the KV wall) whose time per token
    /// is at least twice batch 1's, with the steps that found it. `None` when the curve never
    /// bends that far, or when the scenario sets no target (the two are found together).
    pub bend: Option<Bend>,
    /// The batch a token-time target allows, when the scenario sets a target.
    pub target: Option<TargetBatch>,
    /// Time one request spends in the system: prefill + (output − 1) × TPOT.
    pub time_in_system_s: f64,
    /// What the request rate asks of the deployment, when the scenario sets a rate.
    pub rate: Option<RateFigures>,
    /// Throughput per GPU at the scenario's batch: batch ÷ step ÷ (TP × PP), tokens/s.
    pub tokens_per_s_per_gpu: f64,
    /// The deployment at the target batch, when the scenario sets a target.
    pub sizing: Option<Sizing>,
    /// Paging blocks, the KV share of a step, pipeline stages, expert-parallel traffic.
    pub scale: super::ScaleFigures,
    /// The link terms the scenario's `ep` and `pp` add to a decode step.
    pub parallel: ParallelFigures,
}

/// The scale-out link's figures: one prompt's KV from the prefill pool to the decode pool.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleOutFigures {
    /// The link's id in the links data.
    pub id: String,
    /// The link's display name.
    pub name: String,
    /// One direction, per GPU, GB/s.
    pub gbs: f64,
    /// The whole prompt's KV shard each GPU sends (the cached prefix included: decode needs it).
    pub kv_bytes_per_gpu: f64,
    /// Seconds that KV takes over the link, GPUs sending in parallel.
    pub transfer_s: f64,
}

/// The scale-up link's figures: the tensor-parallel all-reduces of one decode step.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleUpFigures {
    /// The link's id in the links data.
    pub id: String,
    /// The link's display name.
    pub name: String,
    /// One direction, per GPU, GB/s.
    pub gbs: f64,
    /// The tensor-parallel all-reduces of one decode step (two per layer).
    pub allreduce: CommTime,
    /// Bytes one all-reduce reduces: the step's tokens × hidden × activation bytes.
    pub allreduce_buffer_bytes: f64,
    /// Base and per-hop latency of one call, µs.
    pub latency_us: (f64, f64),
    /// The all-reduces' time, bandwidth and latency together, seconds.
    pub allreduce_s: f64,
}

/// The largest batch under a time-per-output-token target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TargetBatch {
    /// Largest batch whose step meets the target, ignoring memory (0: not even batch 1).
    pub no_wall: u32,
    /// The same, capped by the KV wall.
    pub batch: u32,
    /// The speed-of-light step at `no_wall`, seconds (0 when `no_wall` is 0: no batch).
    pub step_s: f64,
    /// The step at `no_wall + 1`, which misses the target; `None` when `no_wall` is the
    /// search's last batch ([`MAX_BATCH`]): no batch after it is tried.
    pub next_step_s: Option<f64>,
}

/// What the search for the curve's bend found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bend {
    /// The first batch of 2, 4, … whose step is at least twice batch 1's.
    pub batch: u32,
    /// The step at batch 1, seconds.
    pub first_s: f64,
    /// The step at half the batch (batch 1's for batch 2), under twice batch 1's.
    pub half_s: f64,
    /// The step at the batch.
    pub at_s: f64,
}

/// The largest `b` in 1..=`MAX_BATCH` with `meets(b)`, 0 when `meets(1)` fails; `meets` must
/// be monotone (true, then false).
pub fn largest_meeting<E>(meets: impl Fn(u32) -> Result<bool, E>) -> Result<u32, E> {
    if !meets(1)? {
        return Ok(0);
    }
    if meets(MAX_BATCH)? {
        return Ok(MAX_BATCH);
    }
    let (mut lo, mut hi) = (1_u32, MAX_BATCH);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if meets(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(lo)
}

/// The scenario without the settings that make its cluster figures costly (the target and the
/// rate): what the figures evaluate at other batches and prompts.
fn plain(s: &Scenario) -> Scenario {
    Scenario {
        tpot_target_ms: None,
        rate: None,
        ..s.clone()
    }
}

/// The largest batch whose speed-of-light step meets `ms`: a real engine reaches `efficiency`
/// of the speed of light, so the target is met at the speed of light within target ×
/// efficiency; capped by the KV wall.
fn target_batch(
    ms: f64,
    efficiency: f64,
    wall: Option<u32>,
    tpot_at: &impl Fn(u32) -> Result<f64, ScenarioError>,
) -> Result<TargetBatch, ScenarioError> {
    let budget_s = Formula::TokenBudget.compute(&[ms / 1e3, efficiency]);
    let no_wall = largest_meeting(|b| tpot_at(b).map(|t| t <= budget_s))?;
    let batch = match wall {
        Some(w) => Formula::TargetBatch.compute(&[f64::from(no_wall), f64::from(w)]),
        None => Formula::TargetBatch.compute(&[f64::from(no_wall)]),
    };
    let step_s = if no_wall == 0 { 0.0 } else { tpot_at(no_wall)? };
    Ok(TargetBatch {
        no_wall,
        batch: batch as u32,
        step_s,
        next_step_s: (no_wall < MAX_BATCH)
            .then(|| tpot_at(no_wall + 1))
            .transpose()?,
    })
}

/// The cluster figures of an evaluated scenario; `None` without a model.
pub(super) fn evaluate(
    s: &Scenario,
    catalog: &Catalog,
    e: &Evaluation,
) -> Result<Option<ClusterEvaluation>, ScenarioError> {
    check(s)?;
    let (Some(m), Some(id)) = (e.model.as_ref(), s.model.as_deref()) else {
        return Ok(None);
    };
    let model = catalog.model(id)?;
    parallel::check_model(s, model)?;
    let plain = plain(s);
    let tpot_at = |batch: u32| -> Result<f64, ScenarioError> {
        let at = Scenario {
            batch,
            ..plain.clone()
        };
        Ok(at
            .evaluate_core(catalog)?
            .model
            .map_or(f64::INFINITY, |m| m.step_time_s))
    };
    let prefill_tokens = Formula::PrefillTokens.compute(&[s.prefix_hit, s.prompt as f64]) as u64;
    let here = (m.ttft_s, (m.prefill_bytes_per_gpu, m.prefill_flops_per_gpu));
    let (prefill_s, prefill_work) = if prefill_tokens == s.prompt {
        here
    } else {
        let at = Scenario {
            prompt: prefill_tokens,
            ..plain.clone()
        };
        at.evaluate_core(catalog)?.model.map_or(here, |p| {
            (p.ttft_s, (p.prefill_bytes_per_gpu, p.prefill_flops_per_gpu))
        })
    };
    let chunk = s.chunk.min(prefill_tokens) as f64;
    let chunk_flops = (2.0 * model.matmul_params_per_token() * chunk
        + model.causal_attention_flops(chunk))
        / f64::from(s.tp);
    let mixed_tpot_s =
        Formula::MixedStep.compute(&[m.memory_time_s, m.compute_time_s, chunk_flops, e.peak_flops]);
    let out = link_of(s, catalog, Role::ScaleOut)?;
    let gpu = catalog.gpu(&s.gpu)?;
    let fabric = fabric_of(s, catalog, out)?;
    // A ring wider than one scale-up domain runs at its slowest hop, the NIC's: the same rule
    // as `calc --interconnect` (`Fabric::outer`), so the two give one number.
    let scale_up = fabric.map(|f| scale_up_figures(s, model, f.outer(s.tp)));
    let scale_out = out.map(|l| scale_out_figures(s, (model, m), l));
    let wall = m
        .batch_limit()
        .map(|w| u32::try_from(w).unwrap_or(u32::MAX));
    // Both walk the curve, a few dozen evaluations: only when the scenario sets a target.
    let (target, bend_found, sizing) = match s.tpot_target_ms {
        Some(ms) => {
            let target = target_batch(ms, s.efficiency, wall, &tpot_at)?;
            let step_s = tpot_at(target.batch.max(1))?;
            let sized = sizing(s, catalog, target.batch, step_s, prefill_s)?;
            (Some(target), bend(&tpot_at, wall)?, Some(sized))
        }
        None => (None, None, None),
    };
    let time_in_system_s =
        Formula::TimeInSystem.compute(&[prefill_s, f64::from(s.output_tokens), m.step_time_s]);
    let (tp, pp) = (f64::from(s.tp), f64::from(s.pp));
    let rate = s
        .rate
        .map(|r| RateFigures::of(r, time_in_system_s, s, (tp, pp)));
    Ok(Some(ClusterEvaluation {
        scale_up,
        scale_out,
        prefill_tokens,
        prefill_s,
        prefill_work,
        chunk_flops_per_gpu: chunk_flops,
        mixed_tpot_s,
        bend: bend_found,
        target,
        time_in_system_s,
        rate,
        tokens_per_s_per_gpu: Formula::PerGpuRateStaged.compute(&[m.tokens_per_s, tp, pp]),
        sizing,
        scale: super::scale::evaluate(s, catalog, model, m)?,
        parallel: parallel::figures(s, gpu, model, fabric.as_ref()),
    }))
}

/// The prompt's KV over the scale-out link, each GPU sending its shard of its own stage's
/// layers (a sliding layer only its last W tokens).
fn scale_out_figures(
    s: &Scenario,
    (model, m): (&crate::domain::model::ModelSpec, &super::ModelEvaluation),
    l: &Link,
) -> ScaleOutFigures {
    let kv_bytes_per_gpu = model.kv_bytes_per_sequence(s.prompt as f64, m.kv_bytes_per_token)
        * m.kv_split.share_per_gpu(f64::from(s.tp))
        / f64::from(s.pp);
    ScaleOutFigures {
        id: l.id.clone(),
        name: l.name.clone(),
        gbs: l.gbs,
        kv_bytes_per_gpu,
        transfer_s: Formula::Transfer.compute(&[kv_bytes_per_gpu, l.gbs]),
    }
}

/// The links around the scenario's GPU (none without a scale-up link), looked up once for
/// the all-reduce's ring and the terms `ep` and `pp` add.
fn fabric_of<'a>(
    s: &Scenario,
    catalog: &'a Catalog,
    out: Option<&'a Link>,
) -> Result<Option<interconnect::Fabric<'a>>, ScenarioError> {
    let domain = catalog.gpu(&s.gpu)?.scale_up_gpus;
    Ok(link_of(s, catalog, Role::ScaleUp)?.map(|up| interconnect::Fabric { up, out, domain }))
}

/// The tensor-parallel all-reduces of one decode step over the scale-up link.
fn scale_up_figures(
    s: &Scenario,
    model: &crate::domain::model::ModelSpec,
    l: &Link,
) -> ScaleUpFigures {
    let buffer = s.tokens_per_step() * model.hidden as f64 * s.precision.bytes();
    let allreduce_s = Formula::AllreduceTime.compute(&[
        buffer,
        f64::from(s.tp),
        l.gbs,
        l.base_latency_us,
        l.hop_latency_us,
        f64::from(2 * model.layers),
    ]);
    ScaleUpFigures {
        id: l.id.clone(),
        name: l.name.clone(),
        gbs: l.gbs,
        allreduce: interconnect::tp_allreduce(
            model,
            s.tokens_per_step(),
            s.precision.bytes(),
            s.tp,
            l,
        ),
        allreduce_buffer_bytes: buffer,
        latency_us: (l.base_latency_us, l.hop_latency_us),
        allreduce_s,
    }
}

/// The first batch of 2, 4, … up to the KV wall (or [`OPEN_CURVE_MAX`]) whose step is at least
/// twice batch 1's (through [`Formula::FirstDoubling`]), with the steps that found it.
fn bend(
    tpot_at: &impl Fn(u32) -> Result<f64, ScenarioError>,
    wall: Option<u32>,
) -> Result<Option<Bend>, ScenarioError> {
    let first = tpot_at(1)?;
    let last = wall.unwrap_or(OPEN_CURVE_MAX).min(OPEN_CURVE_MAX);
    let mut half = first;
    for b in std::iter::successors(Some(2_u32), |b| b.checked_mul(2)).take_while(|b| *b <= last) {
        let at = tpot_at(b)?;
        if Formula::FirstDoubling
            .compute(&[f64::from(b), first, half, at])
            .is_finite()
        {
            return Ok(Some(Bend {
                batch: b,
                first_s: first,
                half_s: half,
                at_s: at,
            }));
        }
        half = at;
    }
    Ok(None)
}

fn check(s: &Scenario) -> Result<(), ScenarioError> {
    parallel::check_counts(s)?;
    let bad = |what: String| Err(ScenarioError::Cluster(what));
    if !(0.0..1.0).contains(&s.prefix_hit) {
        return bad(format!(
            "prefix_hit must be in [0, 1), not {}",
            s.prefix_hit
        ));
    }
    if s.output_tokens == 0 {
        return bad("output_tokens must be at least 1".to_owned());
    }
    if s.chunk == 0 {
        return bad("chunk must be at least 1 token".to_owned());
    }
    if s.block_size == 0 {
        return bad("block_size must be at least 1 token".to_owned());
    }
    if !(s.efficiency > 0.0 && s.efficiency <= 1.0) {
        return bad(format!(
            "efficiency must be in (0, 1], not {}",
            s.efficiency
        ));
    }
    for (name, v) in [("tpot_target_ms", s.tpot_target_ms), ("rate", s.rate)] {
        if let Some(v) = v
            && !(v > 0.0 && v.is_finite())
        {
            return bad(format!("{name} must be a positive number, not {v}"));
        }
    }
    Ok(())
}
