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

/// The inputs the split's derivations share.
struct Shared {
    t_prefill: Input,
    step: Input,
    replica: Input,
    g_p: Input,
    g_d: Input,
}

impl Shared {
    fn of(s: &Scenario, inputs: &DisaggInputs, d: &Disagg) -> Self {
        let pool = |symbol, name, gpus: u32| {
            Input::new(symbol, name, f64::from(gpus), "", Source::setting("disagg"))
        };
        Self {
            t_prefill: Input::new(
                "t_prefill",
                "prefill",
                d.prefill_s,
                "s",
                Source::figure("prefill_ms"),
            ),
            step: Input::new(
                "t",
                "decode step",
                d.decode_step_s,
                "s",
                Source::figure("decode_step_ms"),
            ),
            replica: Input::replica_gpus("N", s),
            g_p: pool("G_p", "prefill GPUs", inputs.prefill_gpus),
            g_d: pool("G_d", "decode GPUs", inputs.decode_gpus),
        }
    }
}

const NO_QUEUE: &str = "no queueing; every replica busy";

/// The derivations of the split's figures.
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
    let mut out: Vec<Derivation> = [
        engine_derivation(catalog, &prefill, Quantity::TtftMs, "prefill_ms")?,
        engine_derivation(catalog, s, Quantity::StepTimeMs, "decode_step_ms")?,
    ]
    .into_iter()
    .flatten()
    .collect();
    let x = Shared::of(s, inputs, d);
    out.push(Derivation::new(
        "prefill_tokens",
        Formula::PrefillTokens,
        d.prefill_tokens as f64,
        "tokens",
        vec![
            Input::new(
                "h",
                "prefix-cache hit",
                inputs.prefix_hit,
                "",
                Source::setting("prefix_hit"),
            ),
            Input::new(
                "prompt",
                "prompt tokens",
                s.prompt as f64,
                "tokens",
                Source::setting("prompt"),
            ),
        ],
        vec!["the cached prefix needs no prefill"],
    ));
    out.extend(transfer(link, d, &x));
    out.extend(rates(s, inputs, d, x));
    Ok(out)
}

/// The KV over the link, and the first token after it.
fn transfer(link: &Link, d: &Disagg, x: &Shared) -> [Derivation; 2] {
    let kv = Input::kv_sent(d.kv_bytes_per_gpu);
    let gbs = Input::link_gbs(
        link.gbs,
        Source::setting(&format!("link = {} (links data)", link.id)),
    );
    let t_kv = Input::kv_transfer(d.transfer_s);
    [
        Derivation::new(
            "kv_transfer_ms",
            Formula::Transfer,
            d.transfer_s,
            "s",
            vec![kv, gbs],
            vec!["full link bandwidth, no latency", "GPUs send in parallel"],
        ),
        Derivation::new(
            "ttft_ms",
            Formula::SplitTtft,
            d.ttft_s,
            "s",
            vec![x.t_prefill.clone(), t_kv, x.step.clone()],
            vec!["the transfer waits for the prefill", NO_QUEUE],
        ),
    ]
}

/// Each pool's rate, and the split's per GPU.
fn rates(s: &Scenario, inputs: &DisaggInputs, d: &Disagg, x: Shared) -> [Derivation; 3] {
    let rate = |symbol, name, value, figure| {
        Input::new(symbol, name, value, "requests/s", Source::figure(figure))
    };
    let batch = Input::new(
        "B",
        "decode batch",
        f64::from(s.batch),
        "",
        Source::setting("batch"),
    );
    let output = Input::new(
        "n",
        "output tokens per request",
        f64::from(inputs.output_tokens.max(1)),
        "tokens",
        Source::setting("output_tokens"),
    );
    [
        Derivation::new(
            "prefill_requests_per_s",
            Formula::PrefillPoolRate,
            d.prefill_rate,
            "requests/s",
            vec![x.g_p.clone(), x.replica.clone(), x.t_prefill],
            vec!["one prompt at a time per prefill replica", NO_QUEUE],
        ),
        Derivation::new(
            "decode_requests_per_s",
            Formula::DecodePoolRate,
            d.decode_rate,
            "requests/s",
            vec![x.g_d.clone(), x.replica, batch, x.step, output],
            vec!["every decode replica runs the batch", NO_QUEUE],
        ),
        Derivation::new(
            "requests_per_s_per_gpu",
            Formula::SplitRatePerGpu,
            d.rate_per_gpu,
            "requests/s",
            vec![
                rate(
                    "r_p",
                    "prefill pool's rate",
                    d.prefill_rate,
                    "prefill_requests_per_s",
                ),
                rate(
                    "r_d",
                    "decode pool's rate",
                    d.decode_rate,
                    "decode_requests_per_s",
                ),
                x.g_p,
                x.g_d,
            ],
            vec!["the faster pool waits for the slower"],
        ),
    ]
}
