//! Each formula's words, symbols and arithmetic, in one table.

use super::Formula;

/// A share's row and the same share's in per cent: the second's words add ", in per cent", its
/// symbols "100 * " and its arithmetic 100 ×, so the two never drift apart.
macro_rules! share_and_per_cent {
    ($share:ident, $per_cent:ident, $words:literal, $symbols:literal, $compute:ident) => {
        pub(super) const $share: Row = ($words, $symbols, $compute);

        pub(super) const $per_cent: Row = (
            concat!($words, ", in per cent"),
            concat!("100 * ", $symbols),
            |x| 100.0 * $compute(x),
        );
    };
}

mod cluster;
mod gpu;

/// One formula: its words, its symbols and its arithmetic.
pub(super) struct Spec {
    pub(super) words: &'static str,
    pub(super) symbols: &'static str,
    pub(super) compute: fn(&[f64]) -> f64,
}

/// Words, symbols, arithmetic.
type Row = (&'static str, &'static str, fn(&[f64]) -> f64);

/// The inputs as an array of `N`, or `None` when there are not `N` of them.
fn at<const N: usize>(x: &[f64]) -> Option<[f64; N]> {
    x.try_into().ok()
}

/// a · b.
fn product(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[a, b]| a * b)
}

fn share(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[a, b]| a / b)
}

/// a ÷ (TP · PP): a whole shared among the GPUs of every pipeline stage.
fn staged_share(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[a, tp, pp]| a / (tp * pp))
}

fn percent(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[a, b]| 100.0 * a / b)
}

/// f = 1 − (1 − k/E)^T.
fn experts_touched(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[k, e, t]| {
        let miss = 1.0 - k / e;
        1.0 - miss.powf(t)
    })
}

/// KV_read ÷ Bytes (0 for a step that moves nothing).
fn kv_share(x: &[f64]) -> f64 {
    at(x).map_or(
        f64::NAN,
        |[kv, bytes]| {
            if bytes > 0.0 { kv / bytes } else { 0.0 }
        },
    )
}

/// B · S_seq ÷ (budget · groups).
fn kv_usage(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[b, seq, budget, groups]| {
        b * seq / (budget * groups)
    })
}

/// The row of `f`: the rows stand in `gpu` and `cluster`, by what they describe.
pub(super) fn spec(f: Formula) -> Spec {
    let (words, symbols, compute): Row = match f {
        Formula::Given => gpu::GIVEN,
        Formula::Ridge => gpu::RIDGE,
        Formula::KvWall => gpu::KV_WALL,
        Formula::StepTime => gpu::STEP_TIME,
        Formula::TokensPerS => gpu::TOKENS_PER_S,
        Formula::Cost => gpu::COST,
        Formula::BatchToRidge => gpu::BATCH_TO_RIDGE,
        Formula::MemoryTime => gpu::MEMORY_TIME,
        Formula::ComputeTime => gpu::COMPUTE_TIME,
        Formula::EnergyPerToken => gpu::ENERGY_PER_TOKEN,
        Formula::FcIntensity => gpu::FC_INTENSITY,
        Formula::BatchToRidgeApprox => gpu::BATCH_TO_RIDGE_APPROX,
        Formula::FcIntensityApprox => gpu::FC_INTENSITY_APPROX,
        Formula::ExpertsTouched => gpu::EXPERTS_TOUCHED,
        Formula::ExpertsTouchedPct => gpu::EXPERTS_TOUCHED_PCT,
        Formula::TokensPerExpert => gpu::TOKENS_PER_EXPERT,
        Formula::RidgeShare => gpu::RIDGE_SHARE,
        Formula::RidgeSharePct => gpu::RIDGE_SHARE_PCT,
        Formula::Attainable => gpu::ATTAINABLE,
        Formula::StepBound => gpu::STEP_BOUND,
        Formula::DotBound => gpu::DOT_BOUND,
        Formula::AttentionIntensity => gpu::ATTENTION_INTENSITY,
        Formula::KvPerToken => gpu::KV_PER_TOKEN,
        Formula::KvPerSequence => gpu::KV_PER_SEQUENCE,
        Formula::KvPerSequenceWindowed => gpu::KV_PER_SEQUENCE_WINDOWED,
        Formula::StateBytes => gpu::STATE_BYTES,
        Formula::SequencePerGpu => gpu::SEQUENCE_PER_GPU,
        Formula::SequencePerStageGpu => gpu::SEQUENCE_PER_STAGE_GPU,
        Formula::KvRead => gpu::KV_READ,
        Formula::KvBudget => gpu::KV_BUDGET,
        Formula::WeightsPerGpu => gpu::WEIGHTS_PER_GPU,
        Formula::WeightsPerStageGpu => gpu::WEIGHTS_PER_STAGE_GPU,
        Formula::MeasuredAtRate => gpu::MEASURED_AT_RATE,
        Formula::Transfer => cluster::TRANSFER,
        Formula::PrefillTokens => cluster::PREFILL_TOKENS,
        Formula::TransferShare => cluster::TRANSFER_SHARE,
        Formula::SplitTtft => cluster::SPLIT_TTFT,
        Formula::MixedStep => cluster::MIXED_STEP,
        Formula::AllreduceCalls => cluster::ALLREDUCE_CALLS,
        Formula::AllreduceTime => cluster::ALLREDUCE_TIME,
        Formula::AllreduceLatency => cluster::ALLREDUCE_LATENCY,
        Formula::StepWithComm => cluster::STEP_WITH_COMM,
        Formula::CommShare => cluster::COMM_SHARE,
        Formula::TargetBatch => cluster::TARGET_BATCH,
        Formula::LargestMeeting => cluster::LARGEST_MEETING,
        Formula::FirstDoubling => cluster::FIRST_DOUBLING,
        Formula::TpToFit => cluster::TP_TO_FIT,
        Formula::Replicas => cluster::REPLICAS,
        Formula::PoolRatio => cluster::POOL_RATIO,
        Formula::KvBlock => cluster::KV_BLOCK,
        Formula::BlockWaste => cluster::BLOCK_WASTE,
        Formula::BlockWasteWindowed => cluster::BLOCK_WASTE_WINDOWED,
        Formula::KvShare => cluster::KV_SHARE,
        Formula::KvSharePct => cluster::KV_SHARE_PCT,
        Formula::StateInTokens => cluster::STATE_IN_TOKENS,
        Formula::Alltoall => cluster::ALLTOALL,
        Formula::PrefillPoolRate => cluster::PREFILL_POOL_RATE,
        Formula::DecodePoolRate => cluster::DECODE_POOL_RATE,
        Formula::SplitRatePerGpu => cluster::SPLIT_RATE_PER_GPU,
        Formula::TokenBudget => cluster::TOKEN_BUDGET,
        Formula::KvUsage => cluster::KV_USAGE,
        Formula::KvUsagePct => cluster::KV_USAGE_PCT,
        Formula::TimeInSystem => cluster::TIME_IN_SYSTEM,
        Formula::LittlesLaw => cluster::LITTLES_LAW,
        Formula::GpusForRate => cluster::GPUS_FOR_RATE,
        Formula::GpusForRateStaged => cluster::GPUS_FOR_RATE_STAGED,
        Formula::PerGpuRate => cluster::PER_GPU_RATE,
        Formula::PerGpuRateStaged => cluster::PER_GPU_RATE_STAGED,
        Formula::AlltoallTime => super::comm::ALLTOALL_TIME,
        Formula::PipelineSends => super::comm::PIPELINE_SENDS,
    };
    Spec {
        words,
        symbols,
        compute,
    }
}
