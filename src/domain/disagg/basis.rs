//! How the split's figures are computed: the derivations `calc --disagg --explain` prints and
//! `--json` carries as the section's `basis`, with the inputs [`super::evaluate`] computed them
//! from (the prefill and the decode step are the engine's own derivations).

use super::{Disagg, DisaggInputs};
use crate::domain::catalog::Catalog;
use crate::domain::derivation::{Derivation, Formula, Input, Source, of_quantity};
use crate::domain::link::Link;
use crate::domain::plan_error::PlanError;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

fn computed(name: &str) -> Source {
    Source::Figure {
        name: name.to_owned(),
    }
}

fn setting(field: &str) -> Source {
    Source::Setting {
        field: field.to_owned(),
    }
}

/// The engine's derivation of `q` for `s`, under a section's name for it (the figure a
/// section prints, computed by the engine).
pub fn engine_derivation(
    catalog: &Catalog,
    s: &Scenario,
    q: Quantity,
    figure: &'static str,
) -> Result<Option<Derivation>, PlanError> {
    let e = s.evaluate(catalog)?;
    let model = s.model.as_deref().map(|id| catalog.model(id)).transpose()?;
    let d = of_quantity(q, s, &e, catalog.gpu(&s.gpu)?, model);
    Ok(d.map(|d| Derivation { figure, ..d }))
}

/// The derivations of the split's figures.
// Over the 80-line limit (issue 21); it came in with the merge of main and is left to its
// author to split.
#[allow(clippy::too_many_lines)]
pub fn derivations(
    s: &Scenario,
    catalog: &Catalog,
    inputs: &DisaggInputs,
    link: &Link,
    d: &Disagg,
) -> Result<Vec<Derivation>, PlanError> {
    let prefill = Scenario {
        prompt: d.prefill_tokens,
        ..s.clone()
    };
    let t_prefill = Input::new(
        "t_prefill",
        "prefill",
        d.prefill_s,
        "s",
        computed("prefill_ms"),
    );
    let t_kv = Input::new(
        "t_kv",
        "KV transfer",
        d.transfer_s,
        "s",
        computed("kv_transfer_ms"),
    );
    let step = Input::new(
        "t",
        "decode step",
        d.decode_step_s,
        "s",
        computed("decode_step_ms"),
    );
    let tp = Input::new("TP", "GPUs per replica", f64::from(s.tp), "", setting("tp"));
    let g_p = Input::new(
        "G_p",
        "prefill GPUs",
        f64::from(inputs.prefill_gpus),
        "",
        setting("disagg"),
    );
    let g_d = Input::new(
        "G_d",
        "decode GPUs",
        f64::from(inputs.decode_gpus),
        "",
        setting("disagg"),
    );
    let no_queue = "no queueing; every replica busy";
    let mut out: Vec<Derivation> = [
        engine_derivation(catalog, &prefill, Quantity::TtftMs, "prefill_ms")?,
        engine_derivation(catalog, s, Quantity::StepTimeMs, "decode_step_ms")?,
    ]
    .into_iter()
    .flatten()
    .collect();
    out.extend([
        Derivation {
            figure: "prefill_tokens",
            formula: Formula::PrefillTokens,
            value: d.prefill_tokens as f64,
            unit: "tokens",
            inputs: vec![
                Input::new(
                    "h",
                    "prefix-cache hit",
                    inputs.prefix_hit,
                    "",
                    setting("prefix_hit"),
                ),
                Input::new(
                    "prompt",
                    "prompt tokens",
                    s.prompt as f64,
                    "tokens",
                    setting("prompt"),
                ),
            ],
            assumptions: vec!["the cached prefix needs no prefill"],
        },
        Derivation {
            figure: "kv_transfer_ms",
            formula: Formula::Transfer,
            value: d.transfer_s,
            unit: "s",
            inputs: vec![
                Input::new(
                    "KV",
                    "the prompt's KV one GPU sends",
                    d.kv_bytes_per_gpu,
                    "bytes",
                    computed("prompt × KV bytes per token × the share one GPU holds"),
                ),
                Input::new(
                    "GB/s",
                    "link bandwidth, one direction, per GPU",
                    link.gbs,
                    "GB/s",
                    setting(&format!("link = {} (links data)", link.id)),
                ),
            ],
            assumptions: vec!["full link bandwidth, no latency", "GPUs send in parallel"],
        },
        Derivation {
            figure: "ttft_ms",
            formula: Formula::SplitTtft,
            value: d.ttft_s,
            unit: "s",
            inputs: vec![t_prefill.clone(), t_kv, step.clone()],
            assumptions: vec!["the transfer waits for the prefill", no_queue],
        },
        Derivation {
            figure: "prefill_requests_per_s",
            formula: Formula::PrefillPoolRate,
            value: d.prefill_rate,
            unit: "requests/s",
            inputs: vec![g_p.clone(), tp.clone(), t_prefill],
            assumptions: vec!["one prompt at a time per prefill replica", no_queue],
        },
        Derivation {
            figure: "decode_requests_per_s",
            formula: Formula::DecodePoolRate,
            value: d.decode_rate,
            unit: "requests/s",
            inputs: vec![
                g_d.clone(),
                tp,
                Input::new(
                    "B",
                    "decode batch",
                    f64::from(s.batch),
                    "",
                    setting("batch"),
                ),
                step,
                Input::new(
                    "n",
                    "output tokens per request",
                    f64::from(inputs.output_tokens.max(1)),
                    "tokens",
                    setting("output_tokens"),
                ),
            ],
            assumptions: vec!["every decode replica runs the batch", no_queue],
        },
        Derivation {
            figure: "requests_per_s_per_gpu",
            formula: Formula::SplitRatePerGpu,
            value: d.rate_per_gpu,
            unit: "requests/s",
            inputs: vec![
                Input::new(
                    "r_p",
                    "prefill pool's rate",
                    d.prefill_rate,
                    "requests/s",
                    computed("prefill_requests_per_s"),
                ),
                Input::new(
                    "r_d",
                    "decode pool's rate",
                    d.decode_rate,
                    "requests/s",
                    computed("decode_requests_per_s"),
                ),
                g_p,
                g_d,
            ],
            assumptions: vec!["the faster pool waits for the slower"],
        },
    ]);
    Ok(out)
}
