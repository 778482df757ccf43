//! `calc --tpot-target MS`, `--rate R`, `--curve`: the batch a token-time target allows, the
//! GPUs a request rate needs, and the throughput–interactivity curve.

use anyhow::Result;
use serde_json::{Value, json};

use super::rows::push_rows;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Derivation;
use crate::domain::disagg::engine_derivation;
use crate::domain::format::group;
use crate::domain::latency::{
    self, BatchLimit, CurvePoint, Sizing, TpotLimit, bend, chunked_ttft_s, curve, model_of,
};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{RateFigures, Scenario};

/// The batch the curve runs to when neither a target nor the KV wall limits it.
const OPEN_CURVE_MAX: u32 = 1024;

/// What the latency options ask.
#[derive(Debug, Clone, Copy)]
pub struct Inputs {
    /// Time-per-output-token target, seconds.
    pub tpot_target_s: Option<f64>,
    /// Requests per second.
    pub rate: Option<f64>,
    /// Prefill tokens per mixed step.
    pub chunk: u64,
}

/// The latency numbers.
#[derive(Debug)]
pub struct Section {
    limit: Option<TpotLimit>,
    batch: u32,
    tpot_s: f64,
    ttft_s: f64,
    prompt: u64,
    chunk: u64,
    sizing: Option<Sizing>,
    points: Vec<CurvePoint>,
    /// How the step and the sizing are computed (the engine's derivations at the batch).
    pub basis: Vec<Derivation>,
}

impl Section {
    /// Computes the target's batch, the sizing for the rate and the curve.
    pub fn compute(catalog: &Catalog, s: &Scenario, inputs: &Inputs) -> Result<Self> {
        let base = model_of(s, catalog)?;
        let limit = match inputs.tpot_target_s {
            Some(t) => Some(latency::largest_batch_under(s, catalog, t)?),
            None => None,
        };
        let wall = base
            .batch_limit()
            .map(|w| u32::try_from(w).unwrap_or(u32::MAX));
        // With no target, size at the KV wall: the most one replica holds.
        let batch = match (limit, wall) {
            (Some(l), _) => l.batch,
            (None, Some(w)) if w > 0 => w,
            (None, _) => s.batch,
        };
        let at = Scenario {
            batch: batch.max(1),
            ..s.clone()
        };
        let tpot_s = latency::tpot_at(s, catalog, batch.max(1))?;
        let ttft_s = chunked_ttft_s(&at, catalog, s.prompt, inputs.chunk)?;
        let sizing = match inputs.rate {
            Some(rate) if batch > 0 => sizing_at(catalog, &at, rate)?,
            _ => None,
        };
        let curve_max = match (batch, wall) {
            (0, _) => 1,
            (b, _) if limit.is_some() || wall.is_some() => b,
            (_, _) => OPEN_CURVE_MAX,
        };
        let mut basis: Vec<Derivation> =
            engine_derivation(catalog, &at, Quantity::StepTimeMs, "tpot_ms")?
                .into_iter()
                .collect();
        if let (Some(rate), Some(_)) = (inputs.rate, sizing) {
            let with_rate = with_rate(&at, rate);
            for (q, figure) in [
                (Quantity::TimeInSystemS, "time_in_system_s"),
                (Quantity::Concurrency, "concurrency"),
                (Quantity::GpusForRate, "gpus"),
            ] {
                basis.extend(engine_derivation(catalog, &with_rate, q, figure)?);
            }
        }
        Ok(Self {
            basis,
            limit,
            batch,
            tpot_s,
            ttft_s,
            prompt: s.prompt,
            chunk: inputs.chunk,
            sizing,
            points: curve(s, catalog, curve_max)?,
        })
    }

    /// The section as a JSON object (times in ms).
    pub fn json(&self) -> Value {
        let ms = |s: f64| s * 1e3;
        let curve: Vec<Value> = self
            .points
            .iter()
            .map(|p| {
                json!({
                    "batch": p.batch,
                    "tpot_ms": ms(p.tpot_s),
                    "tokens_per_s_per_user": p.tokens_per_s_per_user,
                    "tokens_per_s_per_gpu": p.tokens_per_s_per_gpu,
                })
            })
            .collect();
        json!({
            "tpot_target_ms": self.limit.map(|l| ms(l.target_s)),
            "target_batch": self.limit.map(|l| l.target_batch),
            "batch_limit": self.limit.map(|l| limit_name(l.limit)),
            "batch": self.batch,
            "tpot_ms": ms(self.tpot_s),
            "chunked_ttft_ms": ms(self.ttft_s),
            "rate": self.sizing.map(|z| z.rate),
            "time_in_system_s": self.sizing.map(|z| z.time_in_system_s),
            "concurrency": self.sizing.map(|z| z.concurrency),
            "replicas": self.sizing.map(|z| z.replicas),
            "gpus": self.sizing.map(|z| z.gpus),
            "curve": curve,
            "bend_batch": bend(&self.points).map(|p| p.batch),
            "basis": super::explain::basis(&self.basis),
        })
    }

    /// The section as rows of text, with the curve drawn as bars.
    pub fn text(&self) -> String {
        let ms = |s: f64| group(s * 1e3, 3);
        let mut out = "\nLatency targets\n".to_owned();
        let mut rows = Vec::new();
        if let Some(l) = self.limit {
            let why = match l.limit {
                BatchLimit::Target => "the target binds".to_owned(),
                BatchLimit::KvWall => format!(
                    "the KV wall binds first (the target alone allows {})",
                    l.target_batch
                ),
                BatchLimit::Unreachable => "even batch 1 misses the target".to_owned(),
            };
            rows.push((
                "largest batch",
                format!("{} at ≤ {} ms per token: {why}", l.batch, ms(l.target_s)),
            ));
        }
        rows.push((
            "at that batch",
            format!(
                "{} ms per token; TTFT {} ms prefilling {} tokens in chunks of {}",
                ms(self.tpot_s),
                ms(self.ttft_s),
                self.prompt,
                self.chunk.min(self.prompt)
            ),
        ));
        if let Some(z) = self.sizing {
            rows.push((
                "Little's law",
                format!(
                    "{} requests/s × {} s in the system = {} in flight → {} replicas, {} GPUs",
                    group(z.rate, 2),
                    group(z.time_in_system_s, 2),
                    group(z.concurrency, 1),
                    z.replicas,
                    z.gpus
                ),
            ));
        }
        push_rows(&mut out, &rows);
        out.push_str(&draw_curve(&self.points));
        out
    }
}

/// Little's law at the section's batch, as the engine's cluster figures give it
/// (`time_in_system_s`, and `rate`'s concurrency and GPUs): the same numbers a lesson names.
fn sizing_at(catalog: &Catalog, at: &Scenario, rate: f64) -> Result<Option<Sizing>> {
    let Some(c) = with_rate(at, rate).evaluate(catalog)?.cluster else {
        return Ok(None);
    };
    let Some(RateFigures { concurrency, gpus }) = c.rate else {
        return Ok(None);
    };
    // Whole counts already (⌈concurrency ÷ batch⌉ × TP × PP), as the engine rounds them.
    let gpus = gpus.round() as u64;
    Ok(Some(Sizing {
        rate,
        time_in_system_s: c.time_in_system_s,
        concurrency,
        replicas: gpus / (u64::from(at.tp.max(1)) * u64::from(at.pp.max(1))),
        gpus,
    }))
}

/// The scenario at the section's batch with the rate, and no target to search.
fn with_rate(at: &Scenario, rate: f64) -> Scenario {
    Scenario {
        rate: Some(rate),
        tpot_target_ms: None,
        ..at.clone()
    }
}

const fn limit_name(limit: BatchLimit) -> &'static str {
    match limit {
        BatchLimit::Target => "target",
        BatchLimit::KvWall => "kv_wall",
        BatchLimit::Unreachable => "unreachable",
    }
}

/// One line per batch: tokens/s per user, then a bar of tokens/s per GPU.
fn draw_curve(points: &[CurvePoint]) -> String {
    use std::fmt::Write as _;
    let top = points
        .iter()
        .map(|p| p.tokens_per_s_per_gpu)
        .fold(0.0_f64, f64::max);
    let mut out = "  batch  tok/s/user  tok/s/GPU\n".to_owned();
    for p in points {
        let width = if top > 0.0 {
            (40.0 * p.tokens_per_s_per_gpu / top).round() as usize
        } else {
            0
        };
        let _ = writeln!(
            out,
            "  {:>5}  {:>10}  {:>9} {}",
            p.batch,
            group(p.tokens_per_s_per_user, 1),
            group(p.tokens_per_s_per_gpu, 0),
            "█".repeat(width.max(1))
        );
    }
    out
}
