//! `roofline calc`: the engine's numbers for one scenario, as a table or as JSON.

use std::fmt::Write as _;

use anyhow::Result;
use serde_json::Value;

mod explain;

use crate::domain::catalog::Catalog;
use crate::domain::decode_dot::DotLayers;
use crate::domain::format::group;
use crate::domain::roofline::Bound;
use crate::domain::scenario::{BatchFit, Evaluation, ModelEvaluation, Scenario, WeightFit};

use super::args::PlanCli;

mod cluster;
mod disagg;
mod interconnect;
mod json;
mod latency;
mod measured;
mod plan;
mod rows;

use json::assumes_the_batch_runs_figure;
pub use json::to_json;

/// The options `roofline calc` takes, already parsed.
#[derive(Debug, Clone)]
pub struct CalcArgs {
    /// The scenario to evaluate.
    pub scenario: Scenario,
    /// Print JSON instead of a table.
    pub json: bool,
    /// After the table, how each figure is computed (`--explain`).
    pub explain: bool,
    /// Interconnect, disaggregation and latency-target options (all off by default).
    pub plan: PlanCli,
}

/// Evaluates the scenario and renders it; the JSON carries a `basis` per derived figure.
pub fn run(catalog: &Catalog, args: &CalcArgs) -> Result<String> {
    let s = &args.scenario;
    let evaluation = s.evaluate(catalog)?;
    let runs = evaluation
        .model
        .as_ref()
        .is_none_or(|m| !matches!(m.batch_fit(s.batch), BatchFit::PastKvWall { .. }));
    // Past the KV wall no time, rate or cost is stated, so none is derived either.
    let derivations: Vec<_> = if args.json || args.explain {
        explain::all(catalog, s, &args.plan)?
            .into_iter()
            .filter(|d| runs || !assumes_the_batch_runs_figure(d.figure))
            .collect()
    } else {
        Vec::new()
    };
    let sections = plan::Sections::compute(catalog, s, &evaluation, &args.plan)?;
    let measured = measured::Section::compute(catalog, s);
    Ok(if args.json {
        let mut object = to_json(s, &evaluation);
        if let Value::Object(map) = &mut object {
            map.insert("basis".to_owned(), explain::basis(&derivations));
        }
        sections.extend_json(&mut object);
        if let (Value::Object(map), Some(m)) = (&mut object, &measured) {
            map.insert("measured".to_owned(), m.json());
        }
        let mut text = serde_json::to_string_pretty(&object)?;
        text.push('\n');
        text
    } else {
        let mut text = to_table(s, &evaluation);
        text.push_str(&cluster::formats_text(s));
        // `--ep` and `--pp` add their terms to these lines too.
        if args.plan.sets_any() || s.ep > 1 || s.pp > 1 {
            text.push_str(&cluster::text(s, &evaluation));
        }
        text.push_str(&sections.text());
        if let Some(m) = &measured {
            text.push_str(&m.text());
        }
        if args.explain {
            text.push_str(&explain::text(&derivations));
            text.push_str(&sections.explain());
        }
        text
    })
}

fn to_table(s: &Scenario, e: &Evaluation) -> String {
    let weights = if s.weights == s.precision {
        String::new()
    } else {
        format!(", {} weights", s.weights.label())
    };
    let mut out = format!("{} · {} math{weights}\n", e.gpu_name, s.precision.label());
    push_rows(&mut out, &gpu_rows(e));
    if let Some(m) = &e.model {
        let dp = if s.attention_dp {
            " · data-parallel attention"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "\n{} · batch {} · context {} · TP {}{} · KV {}{dp}",
            m.model_name,
            s.batch,
            s.context,
            s.tp,
            rows::stages(s),
            s.kv.label()
        );
        if m.fit == WeightFit::DoesNotFit {
            let _ = writeln!(
                out,
                "  DOES NOT FIT: {} GB of weights per GPU, {} GB usable (memory × {} − {} GB \
                 reserved). The numbers below are a thought experiment; raise --tp or --pp.",
                group(m.weight_bytes_stored_per_gpu / 1e9, 1),
                group(m.usable_bytes_per_gpu / 1e9, 1),
                s.mem_util,
                s.overhead_gb
            );
        }
        if let BatchFit::PastKvWall { batch, wall } = m.batch_fit(s.batch) {
            let _ = writeln!(
                out,
                "  DOES NOT FIT: batch {batch} is past the KV wall ({wall} sequences at {} \
                 tokens). The step time below is a thought experiment; tokens/s, cost and \
                 energy are left out. Lower --batch or --context, or raise --tp.",
                s.context
            );
        }
        push_rows(&mut out, &model_rows(s, e, m));
    }
    out
}

fn push_rows(out: &mut String, rows: &[(&str, String)]) {
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<26} {value}");
    }
}

fn gpu_rows(e: &Evaluation) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("peak", format!("{} TFLOP/s", group(e.peak_flops / 1e12, 1))),
        (
            "bandwidth",
            format!("{} TB/s", group(e.bandwidth / 1e12, 3)),
        ),
        ("memory", format!("{} GB", group(e.memory_bytes / 1e9, 0))),
        ("ridge", format!("{} FLOP/byte", group(e.ridge, 1))),
    ];
    if let Some(w) = e.tdp_w {
        rows.push(("board power", format!("{} W", group(w, 0))));
    }
    rows
}

type Rows = Vec<(&'static str, String)>;

fn model_rows(s: &Scenario, e: &Evaluation, m: &ModelEvaluation) -> Rows {
    let mut rows = memory_rows(s, m);
    rows.extend(intensity_rows(s, e, m));
    rows.extend(time_rows(s, m));
    rows
}

fn memory_rows(s: &Scenario, m: &ModelEvaluation) -> Rows {
    let gb = |bytes: f64| group(bytes / 1e9, 2);
    let mut rows = vec![
        (
            "weights read per step",
            format!(
                "{} GB per GPU{}",
                gb(m.weight_bytes_per_gpu),
                rows::over_stages(s)
            ),
        ),
        (
            "weights held",
            format!("{} GB per GPU", gb(m.weight_bytes_stored_per_gpu)),
        ),
        (
            "KV per token",
            format!(
                "{} bytes ({} KiB), {}",
                group(m.kv_bytes_per_token, 0),
                group(m.kv_bytes_per_token / 1024.0, 1),
                m.kv_split.describe()
            ),
        ),
    ];
    if m.state_bytes_per_sequence > 0.0 {
        rows.push((
            "linear-attention state",
            format!(
                "{} GB per sequence at any context (= {} tokens of KV), read and written every step",
                group(m.state_bytes_per_sequence / 1e9, 3),
                group(m.state_bytes_per_sequence / m.kv_bytes_per_token, 0)
            ),
        ));
    }
    rows
}

fn intensity_rows(s: &Scenario, e: &Evaluation, m: &ModelEvaluation) -> Rows {
    let ridge = e.ridge;
    let mut rows = vec![("decode dot", decode_dot_text(m))];
    if let Some(moe) = m.moe {
        rows.push((
            "routed experts",
            format!(
                "{} FLOP/byte: {:.0} % of experts touched, each sees B·k ÷ touched tokens",
                group(moe.expert_intensity, 2),
                100.0 * moe.experts_touched
            ),
        ));
    }
    rows.push((
        if m.moe.is_some() {
            "dense layers"
        } else {
            "FC intensity"
        },
        format!(
            "{} FLOP/byte (≈ 2B/b_w = {}), {:.1} % of the ridge",
            group(m.fc_intensity, 2),
            group(m.fc_intensity_approx, 2),
            100.0 * m.fc_intensity / ridge
        ),
    ));
    rows.extend([
        (
            "attention intensity",
            format!(
                "{} FLOP/byte per GPU (any batch, any context)",
                group(m.attention_intensity, 2)
            ),
        ),
        (
            "prefill intensity",
            format!(
                "{} FLOP/byte at {} prompt tokens{}",
                group(m.prefill_intensity, 0),
                s.prompt,
                if m.moe.is_some() {
                    format!(
                        " (routed experts; dense layers {})",
                        group(m.dense_prefill_intensity, 0)
                    )
                } else {
                    String::new()
                }
            ),
        ),
        ("batch to reach the ridge", batch_to_ridge_text(m)),
    ]);
    if let (Some(dense), true) = (m.dense_batch_to_ridge, m.moe.is_some()) {
        rows.push((
            "  dense layers reach it at",
            format!("batch {}", group(dense, 0)),
        ));
    }
    rows
}

/// How far the batch must grow for the decode dot to reach the ridge, with the rule of thumb.
fn batch_to_ridge_text(m: &ModelEvaluation) -> String {
    let dot = &m.decode_dot;
    match dot.batch_to_ridge {
        Some(b) => format!(
            "{} (≈ ridge·b_w/2{} = {})",
            group(b, 0),
            if m.moe.is_some() { "·E/k" } else { "" },
            group(dot.batch_to_ridge_approx, 0)
        ),
        None => "never: this matmul saturates below the ridge".to_owned(),
    }
}

/// The decode dot: its intensity, its share of the ridge, what it attains and its side.
fn decode_dot_text(m: &ModelEvaluation) -> String {
    let dot = &m.decode_dot;
    let dot_label = match dot.layers {
        DotLayers::Dense => "dense FC layers",
        DotLayers::RoutedExperts => "routed experts",
    };
    format!(
        "{} FLOP/byte ({dot_label}), {:.1} % of the ridge, {} TFLOP/s attainable, {} the ridge",
        group(dot.intensity, 2),
        100.0 * dot.ridge_share,
        group(dot.attainable_flops / 1e12, 1),
        match dot.bound {
            Bound::Memory => "below",
            Bound::Compute => "at or past",
        }
    )
}

/// Why the step's bound (`roofline::step_bound`) differs from what its two times alone say.
fn why_bound(m: &ModelEvaluation) -> &'static str {
    match (
        m.bound,
        m.decode_dot.bound,
        m.compute_time_s > m.memory_time_s,
    ) {
        (Bound::Memory, Bound::Memory, true) => {
            "; still memory-bound: the decode dot, activations counted, is below the ridge"
        }
        (Bound::Memory, Bound::Compute, _) => "; the KV reads keep it waiting on memory",
        (Bound::Memory, Bound::Memory, false) | (Bound::Compute, _, _) => "",
    }
}

fn time_rows(s: &Scenario, m: &ModelEvaluation) -> Rows {
    let ms = |seconds: f64| group(seconds * 1e3, 3);
    let reserved = if s.overhead_gb > 0.0 {
        format!(", {} GB reserved", s.overhead_gb)
    } else {
        ", nothing reserved".to_owned()
    };
    let runs = m.batch_fit(s.batch).runs() || m.fit == WeightFit::DoesNotFit;
    let kv_wall = match (m.max_batch_kv, m.fit) {
        (_, WeightFit::DoesNotFit) => "none: the weights do not fit".to_owned(),
        (Some(b), WeightFit::Fits) => format!(
            "{b} sequences at {} tokens ({} GB KV budget per GPU{reserved})",
            s.context,
            group(m.kv_budget_bytes / 1e9, 1),
        ),
        (None, WeightFit::Fits) => "no limit at context 0 (pass --context)".to_owned(),
    };
    let mut rows = vec![
        (
            "step time (speed of light)",
            format!(
                "{} ms ({}-bound; memory {} ms, compute {} ms{})",
                ms(m.step_time_s),
                m.bound,
                ms(m.memory_time_s),
                ms(m.compute_time_s),
                why_bound(m)
            ),
        ),
        (
            "tokens/s",
            format!(
                "{} across the batch, {} per sequence",
                group(m.tokens_per_s, 0),
                group(1.0 / m.step_time_s, 1)
            ),
        ),
        ("KV-limited batch", kv_wall),
        (
            "time to first token",
            format!(
                "{} ms to prefill {} tokens (speed of light)",
                ms(m.ttft_s),
                s.prompt
            ),
        ),
        (
            "cost",
            format!(
                "{} USD per million output tokens at {} USD per GPU-hour × {} GPUs",
                group(m.usd_per_million_tokens, 2),
                group(s.gpu_hour_usd, 2),
                s.tp * s.pp
            ),
        ),
    ];
    if !runs {
        // Past the KV wall: no token rate, cost or energy for a batch that cannot run.
        rows.retain(|(label, _)| !matches!(*label, "tokens/s" | "cost"));
        return rows;
    }
    if let Some(j) = m.energy_per_token_j {
        rows.push((
            "energy",
            format!(
                "{} J per output token at board power (an upper bound)",
                group(j, 3)
            ),
        ));
    }
    rows
}

#[cfg(test)]
mod tests;
