//! Memory per GPU: whether the weights fit, the KV budget, and the KV wall.

use super::{KvSplit, Scenario, WeightFit};
use crate::domain::derivation::Formula;

/// Memory per GPU: whether the weights fit, and how many sequences the rest holds.
pub(super) struct Room {
    pub(super) fit: WeightFit,
    pub(super) usable_bytes: f64,
    pub(super) kv_budget_bytes: f64,
    pub(super) sequence_bytes_per_gpu: f64,
    pub(super) max_batch_kv: Option<u64>,
}

impl Room {
    pub(super) fn of(
        s: &Scenario,
        kv_split: KvSplit,
        memory_bytes: f64,
        weight_bytes_stored_per_gpu: f64,
        (kv_bytes, state_bytes): (f64, f64),
    ) -> Self {
        let tp = f64::from(s.tp);
        let reserve = s.overhead_gb * 1e9;
        let usable_bytes = memory_bytes * s.mem_util - reserve;
        let kv_budget_bytes = Formula::KvBudget.compute(&[
            memory_bytes,
            s.mem_util,
            reserve,
            weight_bytes_stored_per_gpu,
        ]);
        let fit = if weight_bytes_stored_per_gpu <= usable_bytes {
            WeightFit::Fits
        } else {
            WeightFit::DoesNotFit
        };
        // Each pipeline stage holds its own layers' share of every sequence.
        let sequence_bytes_per_gpu = Formula::SequencePerStageGpu.compute(&[
            kv_bytes,
            state_bytes,
            kv_split.sequence_divisor(tp),
            f64::from(s.pp),
        ]);
        let groups = match kv_split {
            KvSplit::Heads | KvSplit::Replicated => 1.0,
            KvSplit::Sequences => tp,
        };
        let max_batch_kv = (s.context > 0 && fit.fits()).then(|| {
            Formula::KvWall.compute(&[
                memory_bytes,
                s.mem_util,
                reserve,
                weight_bytes_stored_per_gpu,
                sequence_bytes_per_gpu,
                groups,
            ]) as u64
        });
        Self {
            fit,
            usable_bytes,
            kv_budget_bytes,
            sequence_bytes_per_gpu,
            max_batch_kv,
        }
    }
}
