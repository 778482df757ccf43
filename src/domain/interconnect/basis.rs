//! The interconnect's terms for one scenario, each with its derivation (`calc --interconnect
//! --explain` prints them; `--json` carries them as the section's `basis`): the decode step's
//! and the prompt's tensor-parallel all-reduces, the expert-parallel all-to-all were the
//! experts spread over the TP GPUs, and the pipeline's sends were those GPUs stages instead.

use super::tp_allreduce;
use super::{CommTime, Fabric, ep_all_to_all, pp_sends};
use crate::domain::derivation::Derivation;
use crate::domain::hardware::Gpu;
use crate::domain::model::ModelSpec;
use crate::domain::scenario::Scenario;

/// The interconnect's terms of one step (and one prompt), with how each was computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Terms {
    /// The decode step's tensor-parallel all-reduces.
    pub decode: CommTime,
    /// The prompt's tensor-parallel all-reduces (prefill).
    pub prefill: CommTime,
    /// Were the routed experts spread over the TP GPUs: the step's all-to-alls; `None` for a
    /// dense model.
    pub all_to_all: Option<CommTime>,
    /// The link the group leaves a GPU's domain on (the scale-out link when the group spans
    /// domains): the all-reduce's ring runs at its pace, and the all-to-all crosses it.
    pub all_to_all_link: String,
    /// Were the TP GPUs pipeline stages instead: the step's sends between them.
    pub pipeline: CommTime,
    /// GPUs of the group that share one scale-up domain.
    pub domain: u32,
    /// The derivation of each term, keyed by its JSON name.
    pub basis: Vec<Derivation>,
}

const NO_OVERLAP: &str = "no overlap with compute: the time adds to the step";

/// The scenario's interconnect terms over `fabric`, with their derivations.
#[must_use]
pub fn terms(s: &Scenario, gpu: &Gpu, model: &ModelSpec, fabric: &Fabric<'_>) -> Terms {
    let b_a = s.precision.bytes();
    let tokens = s.tokens_per_step();
    let x = Inputs { s, gpu, fabric };
    let mut basis = vec![
        x.allreduce(
            "interconnect_ms",
            model,
            tokens,
            "batch × (1 + draft tokens)",
        ),
        x.allreduce("prefill_allreduce_ms", model, s.prompt as f64, "prompt"),
    ];
    let (ep, pp) = (Group::experts(s), Group::stages(s));
    basis.extend(x.all_to_all(model, tokens, ep));
    let stages = stage_fabric(s, fabric);
    let xs = Inputs {
        fabric: &stages,
        ..x
    };
    basis.push(xs.pipeline(model, tokens, pp));
    // A ring wider than one domain runs at the pace of its slowest hop, the NIC's.
    let ring = fabric.outer(s.tp);
    let decode = tp_allreduce(model, tokens, b_a, s.tp, ring);
    let prefill = tp_allreduce(model, s.prompt as f64, b_a, s.tp, ring);
    Terms {
        decode,
        prefill,
        all_to_all: ep_all_to_all(model, tokens, b_a, ep.n, fabric),
        all_to_all_link: fabric.outer(ep.n).id.clone(),
        pipeline: pp_sends(model, tokens, b_a, pp.n, &stages),
        domain: fabric.domain_of(s.tp),
        basis,
    }
}

/// The GPUs a term spreads over, and how its derivation names them: the scenario's `ep` or
/// `pp` where set above 1, else (calc's "were" lines) the TP GPUs.
#[derive(Debug, Clone, Copy)]
struct Group {
    n: u32,
    name: &'static str,
    field: &'static str,
    assumption: &'static str,
}

/// A group's words: the setting that sets it, then its name and assumption with that setting
/// above 1, then with the TP GPUs instead.
type Wording = (&'static str, [&'static str; 2], [&'static str; 2]);

const EXPERTS: Wording = (
    "ep",
    [
        "GPUs the experts spread over (EP)",
        "expert parallel over EP GPUs, experts spread evenly, tokens routed evenly",
    ],
    [
        "GPUs the experts spread over (TP)",
        "expert parallel over the TP GPUs, experts spread evenly, tokens routed evenly",
    ],
);

const STAGES: Wording = (
    "pp",
    [
        "pipeline stages (PP)",
        "PP stages, one GPU's link each to the next, filling domains in order",
    ],
    [
        "pipeline stages (the TP GPUs)",
        "the TP GPUs as pipeline stages of one GPU each, filling domains in order",
    ],
);

impl Group {
    fn experts(s: &Scenario) -> Self {
        Self::own_or_tp(s, s.ep, EXPERTS)
    }

    fn stages(s: &Scenario) -> Self {
        Self::own_or_tp(s, s.pp, STAGES)
    }

    /// The group of the setting `wording` names, of `n` GPUs, where `n` is above 1; else the
    /// TP GPUs.
    fn own_or_tp(s: &Scenario, n: u32, (field, own, tp): Wording) -> Self {
        let (n, field, [name, assumption]) = if n > 1 {
            (n, field, own)
        } else {
            (s.tp, "tp", tp)
        };
        Self {
            n,
            name,
            field,
            assumption,
        }
    }
}

/// The fabric as pipeline stages see it: with `pp` set, each stage is a TP group, so a domain
/// of D GPUs holds D ÷ TP stages (at least one); else (calc's "if" line) the stages are the TP
/// GPUs themselves, one GPU each.
#[must_use]
pub fn stage_fabric<'a>(s: &Scenario, fabric: &Fabric<'a>) -> Fabric<'a> {
    if s.pp > 1 {
        Fabric {
            domain: fabric.domain.map(|d| (d / s.tp.max(1)).max(1)),
            ..*fabric
        }
    } else {
        *fabric
    }
}

/// One link term the scenario's own settings add to a decode step, with its derivation.
#[derive(Debug, Clone, PartialEq)]
pub struct SetTerm {
    /// Its time, bandwidth and latency apart.
    pub time: CommTime,
    /// The display name of the link its slowest part crosses (the scale-out link when the
    /// group spans domains).
    pub link: String,
    /// How it was computed (the same derivation calc's interconnect section prints).
    pub derivation: Derivation,
}

/// The terms the scenario's `ep` and `pp` add to a decode step: the all-to-all over `ep` GPUs
/// (MoE models, `ep` above 1) and the sends through `pp` stages (`pp` above 1).
#[must_use]
pub fn set_terms(
    s: &Scenario,
    gpu: &Gpu,
    model: &ModelSpec,
    fabric: &Fabric<'_>,
) -> (Option<SetTerm>, Option<SetTerm>) {
    let x = Inputs { s, gpu, fabric };
    let (tokens, b_a) = (s.tokens_per_step(), s.precision.bytes());
    let all_to_all = (s.ep > 1)
        .then(|| {
            let derivation = x.all_to_all(model, tokens, Group::experts(s))?;
            Some(SetTerm {
                time: ep_all_to_all(model, tokens, b_a, s.ep, fabric)?,
                link: fabric.outer(s.ep).name.clone(),
                derivation,
            })
        })
        .flatten();
    let stages = stage_fabric(s, fabric);
    let xs = Inputs {
        fabric: &stages,
        ..x
    };
    let pipeline = (s.pp > 1).then(|| SetTerm {
        time: pp_sends(model, tokens, b_a, s.pp, &stages),
        link: stages.outer(s.pp).name.clone(),
        derivation: xs.pipeline(model, tokens, Group::stages(s)),
    });
    (all_to_all, pipeline)
}

mod inputs;
use inputs::Inputs;

#[cfg(test)]
mod tests;
