//! The third roof: time on the links between GPUs, which the speed-of-light step leaves out.
//! Tensor parallelism all-reduces the activations twice per layer (Megatron: after attention's
//! output projection and after the MLP); expert parallelism sends each token's hidden state to
//! its experts' GPUs and back (two all-to-alls per MoE layer); pipeline stages pass the step's
//! activations on. None overlaps the step here: the time is added, a term of its own. A group
//! larger than one scale-up domain crosses the scale-out link (`across`).

use super::link::Link;
use super::model::ModelSpec;

mod across;
pub mod basis;

pub use across::{
    AlltoallInputs, Fabric, PipelineInputs, alltoall_inputs, alltoall_parts, ep_all_to_all,
    pipeline_inputs, pipeline_parts, pp_sends,
};

/// One collective's time, split into what the bytes cost and what the calls cost.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CommTime {
    /// Collective calls.
    pub calls: u32,
    /// Bytes each GPU sends, all calls together.
    pub bytes_per_gpu: f64,
    /// Seconds the bytes take at the link's bandwidth.
    pub bandwidth_s: f64,
    /// Seconds of per-call latency.
    pub latency_s: f64,
}

impl CommTime {
    /// Bandwidth and latency together, seconds.
    #[must_use]
    pub fn total_s(&self) -> f64 {
        self.bandwidth_s + self.latency_s
    }
}

/// One ring all-reduce of `bytes` over `n` GPUs: each GPU sends 2(N−1)/N of the buffer, in
/// 2(N−1) steps, each paying a hop's latency on top of the call's base latency.
#[must_use]
pub fn ring_allreduce(n: u32, bytes: f64, link: &Link) -> CommTime {
    if n <= 1 {
        return CommTime::default();
    }
    let nf = f64::from(n);
    let sent = 2.0 * (nf - 1.0) / nf * bytes;
    CommTime {
        calls: 1,
        bytes_per_gpu: sent,
        bandwidth_s: link.transfer_s(sent),
        latency_s: (link.base_latency_us + 2.0 * (nf - 1.0) * link.hop_latency_us) * 1e-6,
    }
}

/// The tensor-parallel all-reduces of one step of `tokens` tokens: two per layer over
/// tokens × hidden × `act_bytes`.
#[must_use]
pub fn tp_allreduce(
    model: &ModelSpec,
    tokens: f64,
    act_bytes: f64,
    tp: u32,
    link: &Link,
) -> CommTime {
    let one = ring_allreduce(tp, tokens * model.hidden as f64 * act_bytes, link);
    scale(one, 2 * model.layers)
}

fn scale(one: CommTime, calls: u32) -> CommTime {
    let k = f64::from(calls);
    CommTime {
        calls: one.calls * calls,
        bytes_per_gpu: one.bytes_per_gpu * k,
        bandwidth_s: one.bandwidth_s * k,
        latency_s: one.latency_s * k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::link::fixtures::nvlink4;
    use rstest::rstest;

    #[track_caller]
    fn near(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "expected {b} ± {tol}, got {a}");
    }

    #[test]
    fn one_gpu_has_nothing_to_reduce() {
        assert_eq!(ring_allreduce(1, 1e9, &nvlink4()), CommTime::default());
    }

    #[test]
    fn decode_allreduce_of_70b_at_tp8_is_latency_bound() {
        // S = 16 · 8,192 · 2 = 262,144 B; 2·7/8 · S / 450 GB/s = 1.0 µs.
        let t = ring_allreduce(8, 262_144.0, &nvlink4());
        near(t.bandwidth_s * 1e6, 1.02, 0.01);
        near(t.latency_s * 1e6, 20.0, 1e-9);
    }

    #[rstest]
    #[case::tp4(4, 12.0)]
    #[case::tp8(8, 20.0)]
    fn nvlink_call_latency_spans_the_references_12_to_20_us(#[case] n: u32, #[case] us: f64) {
        near(ring_allreduce(n, 0.0, &nvlink4()).latency_s * 1e6, us, 1e-9);
    }

    #[test]
    fn prefill_allreduce_is_bandwidth_bound() {
        // T = 8,192: S = 8,192 · 8,192 · 2 = 134 MB → 0.52 ms of bandwidth per call.
        let t = ring_allreduce(8, 8192.0 * 8192.0 * 2.0, &nvlink4());
        near(t.bandwidth_s * 1e3, 0.52, 0.005);
        assert!(t.bandwidth_s > 10.0 * t.latency_s);
    }
}
