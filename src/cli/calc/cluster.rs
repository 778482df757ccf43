//! `roofline calc`'s cluster lines: the engine's cluster figures for the scenario as the
//! options set it (`--link`, `--prefix-hit`, `--output-tokens`, `--chunk`, `--tpot-target`,
//! `--rate`), under the names a lesson gives them. Printed when any of those options is given;
//! `--json` carries the same figures at the top level (`kv_transfer_ms`, `target_batch`, …).

use std::fmt::Write as _;

use super::rows::push_rows;
use crate::domain::format::group;
use crate::domain::quantity::Quantity as Q;
use crate::domain::scenario::{Evaluation, Scenario};

/// The cluster lines, or nothing without a model (the figures need one).
#[must_use]
pub fn text(s: &Scenario, e: &Evaluation) -> String {
    let Some(c) = &e.cluster else {
        return String::new();
    };
    let n = |q: Q| q.number(e);
    let ms = |v: f64| group(v, 3);
    let mut out = format!(
        "\nCluster figures · batch {} · TP {}{}",
        s.batch,
        s.tp,
        super::rows::stages(s)
    );
    let links = [
        ("scale-up", c.scale_up.as_ref().map(|l| (&l.name, l.gbs))),
        ("scale-out", c.scale_out.as_ref().map(|l| (&l.name, l.gbs))),
    ];
    for (role, link) in links {
        // Writing to a String cannot fail.
        let _ = match link {
            Some((name, gbs)) => write!(
                out,
                " · {role} {name} ({} GB/s per GPU each way)",
                group(gbs, 1)
            ),
            None => write!(out, " · no {role} link (pass --{role}-link)"),
        };
    }
    out.push('\n');
    let mut rows = prefill_rows(s, e);
    // The step with all its link terms: on the all-reduce row when that is the only term, else
    // on its own row below the EP and PP terms.
    let alone = s.ep <= 1 && s.pp <= 1;
    let sum = match (n(Q::StepWithCommMs), n(Q::CommSharePct), n(Q::StepTimeMs)) {
        (Some(with), Some(share), Some(step)) => Some(format!(
            "+{share:.1} % on the {} ms step = {} ms",
            ms(step),
            ms(with)
        )),
        _ => None,
    };
    if let (Some(calls), Some(all), Some(latency), Some(sum)) = (
        n(Q::AllreduceCalls),
        n(Q::AllreduceMs),
        n(Q::AllreduceLatencyMs),
        &sum,
    ) {
        let value = if s.tp > 1 {
            format!(
                "{} calls: {} ms ({} ms of it latency){}",
                group(calls, 0),
                ms(all),
                ms(latency),
                if alone {
                    format!(", {sum}")
                } else {
                    String::new()
                }
            )
        } else {
            "TP 1: nothing to all-reduce".to_owned()
        };
        rows.push(("all-reduce per step", value));
    }
    rows.extend(parallel_rows(s, e));
    if let (false, Some(sum)) = (alone, &sum) {
        rows.push((
            "step with its links",
            format!("{sum} (all-reduces, all-to-alls and pipeline sends)"),
        ));
    }
    rows.extend(latency_rows(s, e));
    push_rows(&mut out, &rows);
    out
}

/// The terms `--ep` and `--pp` add to the step, each with the link it crosses.
fn parallel_rows(s: &Scenario, e: &Evaluation) -> Vec<(&'static str, String)> {
    let Some(c) = &e.cluster else {
        return Vec::new();
    };
    let ms = |v: f64| group(v * 1e3, 3);
    let mut rows = Vec::new();
    if let Some(t) = &c.parallel.all_to_all {
        rows.push((
            "all-to-all per step",
            format!(
                "EP {}: {} ms ({} calls, {} ms of it latency) on {}",
                s.ep,
                ms(t.time.total_s()),
                t.time.calls,
                ms(t.time.latency_s),
                t.link
            ),
        ));
    }
    if let Some(t) = &c.parallel.pipeline {
        rows.push((
            "pipeline sends per step",
            format!(
                "PP {}: {} ms across {} stage boundaries, the last on {}",
                s.pp,
                ms(t.time.total_s()),
                t.time.calls,
                t.link
            ),
        ));
    }
    rows
}

/// Prefill after the prefix cache, the KV over the link and the two ways to serve it.
fn prefill_rows(s: &Scenario, e: &Evaluation) -> Vec<(&'static str, String)> {
    let n = |q: Q| q.number(e);
    let ms = |v: f64| group(v, 3);
    let mut rows = Vec::new();
    if let (Some(tokens), Some(prefill)) = (n(Q::PrefillTokens), n(Q::PrefillMs)) {
        let hit = if s.prefix_hit > 0.0 {
            format!(
                " after a {} % prefix-cache hit",
                group(100.0 * s.prefix_hit, 1)
            )
        } else {
            String::new()
        };
        rows.push((
            "prefill",
            format!(
                "{} ms for {} of {} prompt tokens{hit}",
                ms(prefill),
                group(tokens, 0),
                s.prompt
            ),
        ));
    }
    if let (Some(transfer), Some(share), Some(split)) = (
        n(Q::KvTransferMs),
        n(Q::TransferSharePct),
        n(Q::SplitTtftMs),
    ) {
        rows.push((
            "KV transfer",
            format!(
                "{} ms for the whole prompt's KV, {:.1} % of the prefill",
                ms(transfer),
                share
            ),
        ));
        rows.push((
            "split time to first token",
            format!("{} ms (prefill + transfer + one decode step)", ms(split)),
        ));
    }
    if let Some(mixed) = n(Q::MixedTpotMs) {
        rows.push((
            "one pool, chunked",
            format!(
                "{} ms per token while a {}-token chunk rides the step",
                ms(mixed),
                n(Q::PrefillTokens).map_or(s.chunk, |t| s.chunk.min(t as u64))
            ),
        ));
    }
    rows
}

/// The target's batch, the bend, Little's law and the curve's two speeds at this batch.
fn latency_rows(s: &Scenario, e: &Evaluation) -> Vec<(&'static str, String)> {
    let n = |q: Q| q.number(e);
    let mut rows = Vec::new();
    if let (Some(target), Some(batch), Some(no_wall)) =
        (s.tpot_target_ms, n(Q::TargetBatch), n(Q::TargetBatchNoWall))
    {
        rows.push((
            "token-time target",
            format!(
                "{target} ms per token: batch {} ({} without the KV wall)",
                group(batch, 0),
                group(no_wall, 0)
            ),
        ));
        rows.push((
            "curve's bend",
            n(Q::BendBatch).map_or_else(
                || "none up to the KV wall".to_owned(),
                |b| {
                    format!(
                        "batch {}: the first whose token time is twice batch 1's",
                        group(b, 0)
                    )
                },
            ),
        ));
    }
    if let Some(t) = n(Q::TimeInSystemS) {
        rows.push((
            "time in the system",
            format!(
                "{} s per request (prefill + {} × time per token)",
                group(t, 3),
                s.output_tokens.saturating_sub(1)
            ),
        ));
    }
    if let (Some(rate), Some(concurrency), Some(gpus)) =
        (s.rate, n(Q::Concurrency), n(Q::GpusForRate))
    {
        rows.push((
            "Little's law",
            format!(
                "{} requests/s × that time = {} in flight → {} GPUs at batch {}",
                group(rate, 2),
                group(concurrency, 1),
                group(gpus, 0),
                s.batch
            ),
        ));
    }
    if let (Some(per_gpu), Some(per_user)) = (n(Q::TokensPerSPerGpu), n(Q::TokensPerSPerSeq)) {
        rows.push((
            "throughput, interactivity",
            format!(
                "{} tok/s per GPU, {} tok/s per user",
                group(per_gpu, 0),
                group(per_user, 1)
            ),
        ));
    }
    rows
}

/// The four-bit line: what a weight and a KV element cost in bytes, and whether the math
/// format (the roof) or only the bytes (the dot) moved. Empty when no format is four-bit.
#[must_use]
pub fn formats_text(s: &Scenario) -> String {
    if !(s.weights.is_four_bit() || s.kv.is_four_bit() || s.precision.is_four_bit()) {
        return String::new();
    }
    let what = if s.precision.is_four_bit() {
        "four-bit math: the roof and the ridge move"
    } else {
        "16-bit-class math: fewer bytes move the dot right, the roof and the ridge stay"
    };
    let mut out = String::new();
    push_rows(
        &mut out,
        &[(
            "bytes per element",
            format!(
                "weights {} {}, KV {} {}, math {} ({what})",
                s.weights.label(),
                s.weights.bytes(),
                s.kv.label(),
                s.kv.bytes(),
                s.precision.label()
            ),
        )],
    );
    out
}
