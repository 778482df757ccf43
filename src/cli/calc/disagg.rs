//! `calc --disagg P:D`: prefill and decode on separate pools, against one pool of the same GPUs.

use anyhow::Result;
use serde_json::{Value, json};

use super::rows::push_rows;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Derivation;
use crate::domain::disagg::{self, Disagg, DisaggInputs};
use crate::domain::format::group;
use crate::domain::link::Link;
use crate::domain::roofline::Bound;
use crate::domain::scenario::Scenario;

/// The split's numbers.
#[derive(Debug)]
pub struct Section {
    inputs: DisaggInputs,
    link: Link,
    prompt: u64,
    d: Disagg,
    /// How each figure is computed.
    pub basis: Vec<Derivation>,
}

impl Section {
    /// Evaluates the split.
    pub fn compute(
        catalog: &Catalog,
        s: &Scenario,
        inputs: &DisaggInputs,
        link: &Link,
    ) -> Result<Self> {
        let d = disagg::evaluate(s, catalog, inputs, link)?;
        Ok(Self {
            inputs: *inputs,
            link: link.clone(),
            prompt: s.prompt,
            basis: disagg::derivations(s, catalog, inputs, link, &d)?,
            d,
        })
    }

    /// The section as a JSON object (times in ms).
    pub fn json(&self) -> Value {
        let d = &self.d;
        let ms = |s: f64| s * 1e3;
        json!({
            "prefill_gpus": self.inputs.prefill_gpus,
            "decode_gpus": self.inputs.decode_gpus,
            "link": self.link.id,
            "prefix_hit": self.inputs.prefix_hit,
            "output_tokens": self.inputs.output_tokens,
            "chunk": self.inputs.chunk,
            "prefill_tokens": d.prefill_tokens,
            "prefill_ms": ms(d.prefill_s),
            "prefill_intensity": d.prefill_intensity,
            "prefill_bound": d.prefill_bound.name(),
            "kv_bytes_per_gpu": d.kv_bytes_per_gpu,
            "kv_transfer_ms": ms(d.transfer_s),
            "kv_transfer_share": d.transfer_share,
            "decode_step_ms": ms(d.decode_step_s),
            "decode_intensity": d.decode_intensity,
            "decode_bound": d.decode_bound.name(),
            "ttft_ms": ms(d.ttft_s),
            "prefill_requests_per_s": d.prefill_rate,
            "decode_requests_per_s": d.decode_rate,
            "requests_per_s_per_gpu": d.rate_per_gpu,
            "one_pool_tpot_ms": ms(d.one_pool_tpot_s),
            "one_pool_ttft_ms": ms(d.one_pool_ttft_s),
            "one_pool_requests_per_s_per_gpu": d.one_pool_rate_per_gpu,
            "verdict": d.verdict.name(),
            "basis": super::explain::basis(&self.basis),
        })
    }

    /// The section as rows of text.
    pub fn text(&self) -> String {
        let d = &self.d;
        let ms = |s: f64| group(s * 1e3, 3);
        let mut out = format!(
            "\nSplit serving · {} prefill GPUs : {} decode GPUs · KV over {} · {} output tokens\n",
            self.inputs.prefill_gpus,
            self.inputs.decode_gpus,
            self.link.name,
            self.inputs.output_tokens
        );
        let hit = if self.inputs.prefix_hit > 0.0 {
            format!(
                " ({} of {} after a {:.0} % prefix-cache hit)",
                d.prefill_tokens,
                self.prompt,
                100.0 * self.inputs.prefix_hit
            )
        } else {
            String::new()
        };
        // A pool's row: its step per prompt or per token, intensity, bound and request rate.
        let pool = |step: String, intensity: String, bound: Bound, rate: f64| {
            format!(
                "{step}, {intensity} FLOP/byte, {bound}-bound; {} requests/s",
                group(rate, 2)
            )
        };
        let rows = [
            (
                "prefill pool",
                pool(
                    format!("{} ms per prompt{hit}", ms(d.prefill_s)),
                    group(d.prefill_intensity, 0),
                    d.prefill_bound,
                    d.prefill_rate,
                ),
            ),
            (
                "KV transfer",
                format!(
                    "{} ms ({} MB per GPU), {:.1} % of the prefill",
                    ms(d.transfer_s),
                    group(d.kv_bytes_per_gpu / 1e6, 1),
                    100.0 * d.transfer_share
                ),
            ),
            (
                "decode pool",
                pool(
                    format!("{} ms per token", ms(d.decode_step_s)),
                    group(d.decode_intensity, 1),
                    d.decode_bound,
                    d.decode_rate,
                ),
            ),
            (
                "time to first token",
                format!("{} ms (prefill + transfer + one decode step)", ms(d.ttft_s)),
            ),
            (
                "split",
                format!(
                    "{} requests/s per GPU, {} ms per token",
                    group(d.rate_per_gpu, 3),
                    ms(d.decode_step_s)
                ),
            ),
            (
                "one pool, chunked prefill",
                format!(
                    "{} requests/s per GPU, {} ms per token with a chunk, TTFT {} ms",
                    group(d.one_pool_rate_per_gpu, 3),
                    ms(d.one_pool_tpot_s),
                    ms(d.one_pool_ttft_s)
                ),
            ),
            ("verdict", d.verdict.describe().to_owned()),
        ];
        push_rows(&mut out, &rows);
        out
    }
}
