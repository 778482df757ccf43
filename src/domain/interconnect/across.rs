//! A parallel group larger than one scale-up domain (8 GPUs on an HGX board, 72 in an NVL72
//! rack) sends part of its traffic over the scale-out NIC. Two terms live here, each as one
//! function of its inputs that the engine and the formula table share:
//!
//! - the expert-parallel all-to-all: a flat all-to-all, each GPU's traffic to the GPUs of its
//!   own domain on the scale-up link and to the others on its NIC, both at once;
//! - the pipeline's sends: the step's activations cross each of the P − 1 stage boundaries in
//!   turn, the boundaries between domains on the NIC.

use super::CommTime;
use crate::domain::link::Link;
use crate::domain::model::ModelSpec;

/// The links around a GPU: inside its scale-up domain, out of it, and the domain's size.
#[derive(Debug, Clone, Copy)]
pub struct Fabric<'a> {
    /// The scale-up link (NVLink).
    pub up: &'a Link,
    /// The scale-out link (the GPU's NIC), where it has one.
    pub out: Option<&'a Link>,
    /// GPUs in one scale-up domain, where the GPU's data names it.
    pub domain: Option<u32>,
}

impl<'a> Fabric<'a> {
    /// The GPUs of a group of `n` that share one domain: the domain's size when the group is
    /// larger and the GPU has a scale-out link, else all `n` (a group is taken to fit when the
    /// data names no domain size).
    #[must_use]
    pub fn domain_of(&self, n: u32) -> u32 {
        match (self.domain, self.out) {
            (Some(d), Some(_)) if d < n => d.max(1),
            _ => n,
        }
    }

    /// The link a group of `n` leaves its domain on: the scale-out link when the group spans
    /// domains, else the scale-up link (the group never leaves it).
    #[must_use]
    pub fn outer(&self, n: u32) -> &'a Link {
        match self.out {
            Some(out) if self.domain_of(n) < n => out,
            _ => self.up,
        }
    }
}

/// The all-to-all's inputs, in [`alltoall_parts`]' order: tokens T, experts per token k,
/// hidden d, bytes per activation b_a, GPUs N, GPUs per domain D, scale-up GB/s, scale-out
/// GB/s, the outer link's base and hop latency (µs), MoE layers.
pub type AlltoallInputs = [f64; 11];

/// The pipeline's inputs, in [`pipeline_parts`]' order: tokens T, hidden d, bytes per
/// activation b_a, stages P, GPUs per domain D, scale-up GB/s, scale-out GB/s, scale-up hop
/// latency (µs), scale-out hop latency (µs).
pub type PipelineInputs = [f64; 9];

/// The expert-parallel all-to-all's seconds of bandwidth and of latency for one step. Per MoE
/// layer each GPU sends X = 2·T·k·d·b_a bytes (to the experts and back) spread evenly over N
/// GPUs: (D − 1)/N of X to its domain at the scale-up bandwidth and (N − D)/N to other domains
/// at the scale-out bandwidth, at once, so the slower sets the time; each of the two calls per
/// layer pays the outer link's base latency and N − 1 hops.
#[must_use]
// The bindings are the formula's own symbols (T, k, d, N, …), as its derivation prints them.
#[allow(clippy::many_single_char_names)]
pub fn alltoall_parts(x: &AlltoallInputs) -> (f64, f64) {
    let [
        tokens,
        per_token,
        hidden,
        b_a,
        gpus,
        domain,
        up,
        out,
        base,
        hop,
        layers,
    ] = *x;
    if gpus <= 1.0 {
        return (0.0, 0.0);
    }
    let sent = 2.0 * tokens * per_token * hidden * b_a;
    let inside = sent * (domain - 1.0) / gpus / (up * 1e9);
    let outside = sent * (gpus - domain) / gpus / (out * 1e9);
    let bandwidth = inside.max(outside) * layers;
    let latency = (base + (gpus - 1.0) * hop) * 1e-6 * 2.0 * layers;
    (bandwidth, latency)
}

/// The pipeline's sends: seconds of bandwidth and of latency for one step. Stages of one GPU
/// each fill domains of D in order, so ⌈P/D⌉ − 1 of the P − 1 boundaries cross the scale-out
/// link and the rest the scale-up link; each sends S = T·d·b_a bytes once, one after the other
/// (the step passes through the stages in turn), and pays its link's hop latency.
#[must_use]
pub fn pipeline_parts(x: &PipelineInputs) -> (f64, f64) {
    let [
        tokens,
        hidden,
        b_a,
        stages,
        domain,
        up,
        out,
        hop_up,
        hop_out,
    ] = *x;
    if stages <= 1.0 {
        return (0.0, 0.0);
    }
    let bytes = tokens * hidden * b_a;
    let across = (stages / domain).ceil() - 1.0;
    let inside = stages - 1.0 - across;
    let bandwidth = inside * bytes / (up * 1e9) + across * bytes / (out * 1e9);
    let latency = (inside * hop_up + across * hop_out) * 1e-6;
    (bandwidth, latency)
}

/// The all-to-all's inputs for `tokens` tokens over `n` GPUs; `None` for a dense model.
#[must_use]
pub fn alltoall_inputs(
    model: &ModelSpec,
    tokens: f64,
    act_bytes: f64,
    n: u32,
    fabric: &Fabric<'_>,
) -> Option<AlltoallInputs> {
    let experts = model.experts?;
    let outer = fabric.outer(n);
    Some([
        tokens,
        f64::from(experts.per_token),
        model.hidden as f64,
        act_bytes,
        f64::from(n),
        f64::from(fabric.domain_of(n)),
        fabric.up.gbs,
        outer.gbs,
        outer.base_latency_us,
        outer.hop_latency_us,
        f64::from(experts.moe_layers),
    ])
}

/// The pipeline's inputs for `tokens` tokens through `stages` stages of one GPU each.
#[must_use]
pub fn pipeline_inputs(
    model: &ModelSpec,
    tokens: f64,
    act_bytes: f64,
    stages: u32,
    fabric: &Fabric<'_>,
) -> PipelineInputs {
    let outer = fabric.outer(stages);
    [
        tokens,
        model.hidden as f64,
        act_bytes,
        f64::from(stages),
        f64::from(fabric.domain_of(stages)),
        fabric.up.gbs,
        outer.gbs,
        fabric.up.hop_latency_us,
        outer.hop_latency_us,
    ]
}

/// The expert-parallel all-to-alls of one step over `n` GPUs; `None` for a dense model.
#[must_use]
#[allow(clippy::many_single_char_names)] // the formula's own symbols, as above
pub fn ep_all_to_all(
    model: &ModelSpec,
    tokens: f64,
    act_bytes: f64,
    n: u32,
    fabric: &Fabric<'_>,
) -> Option<CommTime> {
    let inputs = alltoall_inputs(model, tokens, act_bytes, n, fabric)?;
    let (bandwidth_s, latency_s) = alltoall_parts(&inputs);
    let [tokens, per_token, hidden, b_a, gpus, .., layers] = inputs;
    Some(CommTime {
        calls: if n > 1 {
            2 * model.experts?.moe_layers
        } else {
            0
        },
        bytes_per_gpu: 2.0 * tokens * per_token * hidden * b_a * (gpus - 1.0) / gpus * layers,
        bandwidth_s,
        latency_s,
    })
}

/// The pipeline's sends of one step of `tokens` tokens through `stages` stages.
#[must_use]
pub fn pp_sends(
    model: &ModelSpec,
    tokens: f64,
    act_bytes: f64,
    stages: u32,
    fabric: &Fabric<'_>,
) -> CommTime {
    let x = pipeline_inputs(model, tokens, act_bytes, stages, fabric);
    let (bandwidth_s, latency_s) = pipeline_parts(&x);
    let boundaries = stages.saturating_sub(1);
    CommTime {
        calls: boundaries,
        bytes_per_gpu: if boundaries == 0 {
            0.0
        } else {
            x[0] * x[1] * x[2]
        },
        bandwidth_s,
        latency_s,
    }
}

#[cfg(test)]
mod tests;
