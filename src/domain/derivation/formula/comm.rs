//! The interconnect's formulas whose arithmetic the engine shares (`domain::interconnect`):
//! the expert-parallel all-to-all and the pipeline's sends, a group spanning scale-up domains
//! included.

use crate::domain::interconnect::{alltoall_parts, pipeline_parts};

/// Words, symbols, arithmetic (as the formula table's rows).
type Row = (&'static str, &'static str, fn(&[f64]) -> f64);

/// A time in two parts (bandwidth, latency), added: NaN when there are not `N` inputs.
fn total<const N: usize>(x: &[f64], parts: fn(&[f64; N]) -> (f64, f64)) -> f64 {
    <[f64; N]>::try_from(x).map_or(f64::NAN, |x| {
        let (bandwidth, latency) = parts(&x);
        bandwidth + latency
    })
}

pub(super) const ALLTOALL_TIME: Row = (
    "per MoE layer each GPU sends each token's hidden state to its k experts and back, spread over N GPUs: the share (D-1)/N to its own scale-up domain of D on the scale-up link and (N-D)/N to other domains on the scale-out link, at once, so the slower sets the time; two calls per layer, each a base latency and N-1 hops of the outer link",
    "t_a2a = L_moe * (max((D-1)/N * X / (up * 1e9), (N-D)/N * X / (out * 1e9)) + 2 * (l_0 + (N-1)*l_h) * 1e-6), X = 2*T*k*d*b_a",
    |x| total(x, alltoall_parts),
);

pub(super) const PIPELINE_SENDS: Row = (
    "the step's activations cross each of the P-1 stage boundaries in turn; stages fill scale-up domains of D in order, so ceil(P/D)-1 boundaries cross the scale-out link and the rest the scale-up link, each paying its link's hop latency",
    "t_pp = (P-1-c) * (S / (up * 1e9) + l_up * 1e-6) + c * (S / (out * 1e9) + l_out * 1e-6), S = T*d*b_a, c = ceil(P/D)-1",
    |x| total(x, pipeline_parts),
);
