//! `calc --interconnect`: the all-reduce (and, for MoE, the all-to-all) a step spends on the
//! links, beside the speed-of-light step that leaves it out.

use anyhow::Result;
use serde_json::{Value, json};

use super::rows::push_rows;
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Derivation;
use crate::domain::format::group;
use crate::domain::interconnect::Fabric;
use crate::domain::interconnect::basis::{self, Terms};
use crate::domain::link::Link;
use crate::domain::plan_error::PlanError;
use crate::domain::scenario::{ClusterEvaluation, Evaluation, Scenario};

/// The interconnect's numbers for one scenario.
#[derive(Debug)]
pub struct Section {
    link: Link,
    out: Option<Link>,
    tp: u32,
    /// The scenario's `ep` and `pp` (1: calc's "if" lines spread over the TP GPUs instead).
    ep: u32,
    pp: u32,
    /// GPUs in one scale-up domain, where the GPU's data names it.
    scale_up_gpus: Option<u32>,
    terms: Terms,
    step_s: f64,
    /// The link time the step waits for, as the engine sums it (all-reduces, and the
    /// all-to-alls and pipeline sends `ep` and `pp` set): the one figure the plot shows.
    links_s: f64,
    ttft_s: f64,
    batch: f64,
}

impl Section {
    /// The decode step's and the prompt's all-reduces over the scale-up link `link`, and the
    /// all-to-all and the pipeline's sends, which cross `out` (the scale-out link) where the
    /// group spans scale-up domains.
    pub fn compute(
        catalog: &Catalog,
        s: &Scenario,
        e: &Evaluation,
        link: &Link,
        out: Option<&Link>,
    ) -> Result<Self> {
        let m = e.model.as_ref().ok_or(PlanError::NoModel)?;
        let model = catalog.model(s.model.as_deref().ok_or(PlanError::NoModel)?)?;
        let gpu = catalog.gpu(&s.gpu)?;
        let fabric = Fabric {
            up: link,
            out,
            domain: gpu.scale_up_gpus,
        };
        let terms = basis::terms(s, gpu, model, &fabric);
        Ok(Self {
            link: link.clone(),
            out: out.cloned(),
            tp: s.tp,
            ep: s.ep,
            pp: s.pp,
            scale_up_gpus: gpu.scale_up_gpus,
            links_s: e
                .cluster
                .as_ref()
                .and_then(ClusterEvaluation::link_time_s)
                .unwrap_or_else(|| terms.decode.total_s()),
            terms,
            step_s: m.step_time_s,
            ttft_s: m.ttft_s,
            batch: f64::from(s.batch),
        })
    }

    /// How each term is computed.
    #[must_use]
    pub fn basis(&self) -> &[Derivation] {
        &self.terms.basis
    }

    fn step_with_s(&self) -> f64 {
        self.step_s + self.links_s
    }

    /// The section as a JSON object (times in ms).
    pub fn json(&self) -> Value {
        let ms = |s: f64| s * 1e3;
        json!({
            "link": self.link.id,
            "link_gbs": self.link.gbs,
            "tp": self.tp,
            "ep": self.ep,
            "pp": self.pp,
            "allreduce_calls_per_step": self.terms.decode.calls,
            "allreduce_bytes_per_gpu": self.terms.decode.bytes_per_gpu,
            "allreduce_bandwidth_ms": ms(self.terms.decode.bandwidth_s),
            "allreduce_latency_ms": ms(self.terms.decode.latency_s),
            "interconnect_ms": ms(self.terms.decode.total_s()),
            "step_time_ms": ms(self.step_s),
            "step_time_with_interconnect_ms": ms(self.step_with_s()),
            "interconnect_share": self.links_s / self.step_with_s(),
            "tokens_per_s_with_interconnect": self.batch / self.step_with_s(),
            "prefill_allreduce_ms": ms(self.terms.prefill.total_s()),
            "ttft_with_interconnect_ms": ms(self.ttft_s + self.terms.prefill.total_s()),
            "allreduce_link": &self.terms.all_to_all_link,
            "expert_parallel_all_to_all_ms": self.terms.all_to_all.map(|t| ms(t.total_s())),
            "expert_parallel_all_to_all_link": self.terms.all_to_all.map(|_| &self.terms.all_to_all_link),
            "pipeline_parallel_send_ms": ms(self.terms.pipeline.total_s()),
            "scale_out_link": self.out.as_ref().map(|l| &l.id),
            "scale_up_domain_gpus": self.terms.domain,
            "basis": super::explain::basis(&self.terms.basis),
        })
    }

    /// Where a group of `n` members of `per` GPUs each sits: in one scale-up domain, or across
    /// them on the NIC.
    fn span(&self, n: u32, per: u32) -> String {
        let d = self.domain_of(n, per);
        let members = if per > 1 { "stages" } else { "GPUs" };
        match &self.out {
            Some(out) if d < n => format!("over {} between domains of {d} {members}", out.name),
            _ => format!("inside one {} domain", self.link.name),
        }
    }

    /// The members (of `per` GPUs each) of a group of `n` that share one scale-up domain.
    fn domain_of(&self, n: u32, per: u32) -> u32 {
        Fabric {
            up: &self.link,
            out: self.out.as_ref(),
            domain: self.scale_up_gpus.map(|d| (d / per.max(1)).max(1)),
        }
        .domain_of(n)
    }

    /// The scale-out link, named where the group spans domains and so crosses it.
    fn between(&self) -> String {
        match &self.out {
            Some(out) if self.terms.domain < self.tp => format!(
                " inside a domain of {}, {} ({} GB/s) between",
                self.terms.domain,
                out.name,
                group(out.gbs, 1)
            ),
            _ => String::new(),
        }
    }

    /// The section as rows of text.
    pub fn text(&self) -> String {
        let ms = |s: f64| group(s * 1e3, 3);
        let mut out = format!(
            "\nInterconnect · {} ({} GB/s each way per GPU){} · TP {}\n",
            self.link.name,
            group(self.link.gbs, 1),
            self.between(),
            self.tp
        );
        if self.tp <= 1 && self.ep <= 1 && self.pp <= 1 {
            out.push_str("  one GPU per replica: nothing to all-reduce\n");
            return out;
        }
        let mut rows = vec![
            (
                "all-reduce per step",
                format!(
                    "{} ms: {} calls, {} ms of bandwidth + {} ms of latency, {}",
                    ms(self.terms.decode.total_s()),
                    self.terms.decode.calls,
                    ms(self.terms.decode.bandwidth_s),
                    ms(self.terms.decode.latency_s),
                    self.span(self.tp, 1)
                ),
            ),
            (
                "step with interconnect",
                format!(
                    "{} ms ({} ms on the roofline + {:.1} % on the links), {} tokens/s",
                    ms(self.step_with_s()),
                    ms(self.step_s),
                    100.0 * self.links_s / self.step_with_s(),
                    group(self.batch / self.step_with_s(), 0)
                ),
            ),
            (
                "prompt all-reduce",
                format!(
                    "{} ms added to time to first token ({} ms)",
                    ms(self.terms.prefill.total_s()),
                    ms(self.ttft_s + self.terms.prefill.total_s())
                ),
            ),
        ];
        // Set above 1, the term is the scenario's own (EP N, PP N); else what it would be
        // were the TP GPUs used that way.
        let (ep, ep_label) = match self.ep {
            1 => (self.tp, "if expert-parallel"),
            n => (n, "expert-parallel (EP)"),
        };
        if let Some(a2a) = self.terms.all_to_all {
            rows.push((
                ep_label,
                format!(
                    "{} ms of all-to-all per step ({} calls) to send tokens to their experts, {}",
                    ms(a2a.total_s()),
                    a2a.calls,
                    self.span(ep, 1)
                ),
            ));
        }
        let (pp_n, per, pp_label) = match self.pp {
            1 => (self.tp, 1, "if pipeline stages"),
            n => (n, self.tp, "pipeline stages (PP)"),
        };
        let pp = self.terms.pipeline;
        rows.push((
            pp_label,
            format!(
                "{} ms per step to pass activations across {} stage boundaries, {}",
                ms(pp.total_s()),
                pp.calls,
                self.span(pp_n, per)
            ),
        ));
        push_rows(&mut out, &rows);
        out
    }
}
