//! Where each link term's inputs are read from, and the derivations built from them.

use crate::domain::derivation::{Derivation, Formula, Input, Source};
use crate::domain::hardware::Gpu;
use crate::domain::interconnect::tp_allreduce;
use crate::domain::interconnect::{Fabric, alltoall_inputs, ep_all_to_all, pipeline_inputs};
use crate::domain::link::Link;
use crate::domain::model::ModelSpec;
use crate::domain::scenario::{Role, Scenario};

use super::{Group, NO_OVERLAP};

/// What each derivation's inputs are read from.
pub(super) struct Inputs<'a> {
    pub(super) s: &'a Scenario,
    pub(super) gpu: &'a Gpu,
    pub(super) fabric: &'a Fabric<'a>,
}

impl Inputs<'_> {
    /// Where a link comes from: the setting that names it ([`Scenario::link_setting`]), else
    /// the GPU's row.
    fn link_source(&self, link: &Link, role: Role) -> Source {
        match self.s.link_setting(role) {
            Some((field, _)) => Source::setting(&format!(
                "{field} = {} ({}), links data",
                link.id, link.name
            )),
            None => Source::Datasheet {
                field: format!(
                    "{}'s {} = {}, gbs in the links data",
                    self.gpu.name,
                    role.field(),
                    link.id
                ),
                cite: link.source.clone(),
            },
        }
    }

    /// The link a group of `n` leaves its domain on ([`Fabric::outer`]), and the job it does:
    /// scale-out where it is the NIC, else scale-up.
    fn outer(&self, n: u32) -> (&Link, Role) {
        let outer = self.fabric.outer(n);
        if std::ptr::eq(outer, self.fabric.up) {
            (outer, Role::ScaleUp)
        } else {
            (outer, Role::ScaleOut)
        }
    }

    fn gbs(&self, symbol: &'static str, (link, role): (&Link, Role)) -> Input {
        let name = match role {
            Role::ScaleOut => "scale-out GB/s, one way, per GPU",
            Role::ScaleUp => "scale-up GB/s, one way, per GPU",
        };
        Input::new(symbol, name, link.gbs, "GB/s", self.link_source(link, role))
    }

    fn latency(
        &self,
        symbol: &'static str,
        name: &'static str,
        us: f64,
        at: (&Link, Role),
    ) -> Input {
        Input::new(symbol, name, us, "µs", self.link_source(at.0, at.1))
    }

    fn setting(symbol: &'static str, name: &'static str, value: f64, field: &str) -> Input {
        let source = Source::Setting {
            field: field.to_owned(),
        };
        Input::new(symbol, name, value, "", source)
    }

    fn model(symbol: &'static str, name: &'static str, value: f64, field: &str) -> Input {
        let source = Source::Model {
            field: field.to_owned(),
        };
        Input::new(symbol, name, value, "", source)
    }

    fn act_bytes(&self) -> Input {
        let field = format!("precision = {}", self.s.precision.name());
        Input::new(
            "b_a",
            "bytes per activation",
            self.s.precision.bytes(),
            "bytes",
            Source::Setting { field },
        )
    }

    fn domain(&self, n: u32) -> Input {
        let d = f64::from(self.fabric.domain_of(n));
        let name = "GPUs of the group per domain";
        let source = match (self.gpu.scale_up_gpus, self.fabric.out) {
            (Some(size), Some(_)) => Source::Datasheet {
                field: format!("scale_up_gpus = {size}, at most the group"),
                cite: format!("{}'s row of the hardware data", self.gpu.name),
            },
            (_, None) => Source::Default {
                field: "one domain: the GPU has no scale-out link".to_owned(),
            },
            (None, Some(_)) => Source::Default {
                field: "one domain: the GPU's data names no scale_up_gpus".to_owned(),
            },
        };
        Input::new("D", name, d, "", source)
    }

    /// D for the pipeline: GPUs per domain for stages of one GPU, or stages per domain (its
    /// GPUs ÷ TP) where `pp` makes each stage a TP group.
    fn stage_domain(&self, group: Group) -> Input {
        let plain = self.domain(group.n);
        match (group.field, self.gpu.scale_up_gpus, self.fabric.out) {
            ("pp", Some(size), Some(_)) => Input::new(
                "D",
                "pipeline stages per scale-up domain",
                plain.value,
                "",
                Source::Datasheet {
                    field: format!(
                        "scale_up_gpus = {size} ÷ tp = {}, at least 1, at most the stages",
                        self.s.tp
                    ),
                    cite: format!("{}'s row of the hardware data", self.gpu.name),
                },
            ),
            _ => plain,
        }
    }

    pub(super) fn allreduce(
        &self,
        figure: &'static str,
        model: &ModelSpec,
        tokens: f64,
        tokens_are: &str,
    ) -> Derivation {
        let at = self.outer(self.s.tp);
        let ring = at.0;
        let buffer = tokens * model.hidden as f64 * self.s.precision.bytes();
        let calls = if self.s.tp > 1 { 2 * model.layers } else { 0 };
        let field = format!("tokens ({tokens_are}) × model hidden × precision bytes");
        Derivation {
            figure,
            formula: Formula::AllreduceTime,
            value: tp_allreduce(model, tokens, self.s.precision.bytes(), self.s.tp, ring).total_s(),
            unit: "s",
            inputs: vec![
                Input::new(
                    "X",
                    "bytes one all-reduce reduces",
                    buffer,
                    "bytes",
                    Source::Setting { field },
                ),
                Self::setting("N", "GPUs in the ring (TP)", f64::from(self.s.tp), "tp"),
                self.gbs("GB/s", at),
                self.latency("l_0", "base latency per call", ring.base_latency_us, at),
                self.latency("l_h", "latency per ring hop", ring.hop_latency_us, at),
                Self::model("n", "calls (two per layer)", f64::from(calls), "layers"),
            ],
            assumptions: vec![
                "ring all-reduce (NCCL's for large buffers): each GPU sends 2(N-1)/N of the buffer",
                "two all-reduces per layer (Megatron: after attention and after the MLP)",
                "a ring wider than one scale-up domain runs at its slowest hop, the scale-out link's",
                NO_OVERLAP,
            ],
            reruns: Vec::new(),
        }
    }

    // The bindings are the formula's own symbols (T, k, d, N, …), as the derivation prints them.
    #[allow(clippy::many_single_char_names)]
    pub(super) fn all_to_all(
        &self,
        model: &ModelSpec,
        tokens: f64,
        group: Group,
    ) -> Option<Derivation> {
        let b_a = self.s.precision.bytes();
        let x = alltoall_inputs(model, tokens, b_a, group.n, self.fabric)?;
        let time = ep_all_to_all(model, tokens, b_a, group.n, self.fabric)?;
        let outer = self.outer(group.n);
        let [t, per_token, hidden, _, gpus, _, _, _, base, hop, layers] = x;
        Some(Derivation {
            figure: "expert_parallel_all_to_all_ms",
            formula: Formula::AlltoallTime,
            value: time.total_s(),
            unit: "s",
            inputs: vec![
                Self::setting("T", "tokens per step", t, "batch × (1 + draft tokens)"),
                Self::model("k", "experts per token", per_token, "experts.per_token"),
                Self::model("d", "hidden size", hidden, "hidden"),
                self.act_bytes(),
                Self::setting("N", group.name, gpus, group.field),
                self.domain(group.n),
                self.gbs("up", (self.fabric.up, Role::ScaleUp)),
                self.gbs("out", outer),
                self.latency("l_0", "base latency per call, outer link", base, outer),
                self.latency("l_h", "latency per hop, outer link", hop, outer),
                Self::model("L_moe", "MoE layers", layers, "experts.moe_layers"),
            ],
            assumptions: vec![
                group.assumption,
                "a flat all-to-all: a GPU's traffic inside its domain and out of it at once",
                NO_OVERLAP,
            ],
            reruns: Vec::new(),
        })
    }

    pub(super) fn pipeline(&self, model: &ModelSpec, tokens: f64, group: Group) -> Derivation {
        let b_a = self.s.precision.bytes();
        let x = pipeline_inputs(model, tokens, b_a, group.n, self.fabric);
        let outer = self.outer(group.n);
        let [t, hidden, _, stages, _, _, _, hop_up, hop_out] = x;
        let (bw, lat) = crate::domain::interconnect::pipeline_parts(&x);
        let up = self.fabric.up;
        Derivation {
            figure: "pipeline_parallel_send_ms",
            formula: Formula::PipelineSends,
            value: bw + lat,
            unit: "s",
            inputs: vec![
                Self::setting("T", "tokens per step", t, "batch × (1 + draft tokens)"),
                Self::model("d", "hidden size", hidden, "hidden"),
                self.act_bytes(),
                Self::setting("P", group.name, stages, group.field),
                self.stage_domain(group),
                self.gbs("up", (up, Role::ScaleUp)),
                self.gbs("out", outer),
                self.latency(
                    "l_up",
                    "hop latency, scale-up link",
                    hop_up,
                    (up, Role::ScaleUp),
                ),
                self.latency("l_out", "hop latency, outer link", hop_out, outer),
            ],
            assumptions: vec![
                group.assumption,
                if group.field == "pp" {
                    "one micro-batch: the whole step passes each boundary once, the stages one after another (at batch 1 the step's time at the roofs is the whole model's, as without stages)"
                } else {
                    "one micro-batch: the whole step passes each boundary once"
                },
                NO_OVERLAP,
            ],
            reruns: Vec::new(),
        }
    }
}
