//! The formulas the engine computes its figures through: one table, each formula's words,
//! symbols and arithmetic in one place.

use serde::Serialize;

use crate::domain::roofline::Bound;

/// The formulas the engine computes through this module; each takes its inputs in the order
/// [`Formula::symbols`] lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Formula {
    /// A figure read as its source gives it (a datasheet row, a link's data, a measurement).
    Given,
    /// R = P ÷ BW.
    Ridge,
    /// B_max = ⌊max(M·u − R − W, 0) ÷ S⌋ · D.
    KvWall,
    /// t = max(bytes ÷ BW, FLOPs ÷ P).
    StepTime,
    /// tokens/s = B ÷ t.
    TokensPerS,
    /// USD per 10⁶ tokens = N · price ÷ (tokens/s · 3600) · 10⁶.
    Cost,
    /// B* = R·K·N·b_w ÷ (2KN − R(K+N)·b_a) · E/k ÷ (1 + q).
    BatchToRidge,
    /// t_mem = bytes ÷ BW.
    MemoryTime,
    /// t_math = FLOPs ÷ P.
    ComputeTime,
    /// J per token = N · W · t ÷ B.
    EnergyPerToken,
    /// I = 2TKN ÷ (KN·b_w + T(K+N)·b_a).
    FcIntensity,
    /// B ≈ R·b_w ÷ 2 · E/k ÷ (1 + q).
    BatchToRidgeApprox,
    /// I ≈ 2T ÷ b_w.
    FcIntensityApprox,
    /// f = 1 − (1 − k/E)^T.
    ExpertsTouched,
    /// 100 · f: [`Formula::ExpertsTouched`] in per cent.
    ExpertsTouchedPct,
    /// m = T·k ÷ (E·f).
    TokensPerExpert,
    /// I ÷ R.
    RidgeShare,
    /// 100 · I ÷ R: [`Formula::RidgeShare`] in per cent.
    RidgeSharePct,
    /// min(I·BW, P).
    Attainable,
    /// Compute-bound (1) when I ≥ R and t_math > t_mem, else memory-bound (0).
    StepBound,
    /// Compute-bound (1) when I ≥ R, else memory-bound (0).
    DotBound,
    /// I_attn = A·(1+q) ÷ TP ÷ (kv·s).
    AttentionIntensity,
    /// kv = E_kv · b_kv.
    KvPerToken,
    /// KV = L · kv.
    KvPerSequence,
    /// KV = kv · (L·(N − S) + min(L, W)·S) ÷ N: S of the N KV layers keep only W tokens.
    KvPerSequenceWindowed,
    /// St = L_lin · H_v · d_k · d_v · b_s.
    StateBytes,
    /// S = (KV + St) ÷ G.
    SequencePerGpu,
    /// S = (KV + St) ÷ (G · PP): each of the PP stages holds its share of the layers.
    SequencePerStageGpu,
    /// B · (KV + 2·St) · s.
    KvRead,
    /// max(M·u − Res − W, 0).
    KvBudget,
    /// W ÷ TP.
    WeightsPerGpu,
    /// W ÷ (TP · PP): each of the PP stages holds its share of the layers.
    WeightsPerStageGpu,
    /// t = t_mem · BW ÷ rate.
    MeasuredAtRate,
    /// KV ÷ link bandwidth.
    Transfer,
    /// max(⌈(1 − h) · prompt⌉, 1).
    PrefillTokens,
    /// t_kv ÷ t_prefill.
    TransferShare,
    /// t_prefill + t_kv + t.
    SplitTtft,
    /// max(t_mem, t_math + F_chunk ÷ P).
    MixedStep,
    /// n = 2L when TP > 1, else 0.
    AllreduceCalls,
    /// Ring all-reduce time, bandwidth and latency.
    AllreduceTime,
    /// Ring all-reduce latency.
    AllreduceLatency,
    /// t + t_comm.
    StepWithComm,
    /// t_comm ÷ t.
    CommShare,
    /// min(B_t, B_max).
    TargetBatch,
    /// B with t_B ≤ t* < t_(B+1): the largest batch meeting a token-time target.
    LargestMeeting,
    /// B with t_B ≥ 2·t_1 > t_(B/2): the first doubling batch whose step doubles batch 1's.
    FirstDoubling,
    /// TP = the first of 1, 2, 4, 8 whose memory holds one sequence.
    TpToFit,
    /// max(⌈rate · W ÷ B⌉, 1).
    Replicas,
    /// t_prefill · B ÷ ((n − 1) · t).
    PoolRatio,
    /// blk · kv.
    KvBlock,
    /// (⌈L ÷ blk⌉ · blk − L) · kv.
    BlockWaste,
    /// kv · ((R − L)·(N − S) + (min(R, W) − min(L, W))·S) ÷ N, R = ⌈L ÷ blk⌉ · blk: the
    /// waste through the window, S of the N KV layers keeping only W tokens.
    BlockWasteWindowed,
    /// KV_read ÷ Bytes.
    KvShare,
    /// 100 · KV_read ÷ Bytes: [`Formula::KvShare`] in per cent.
    KvSharePct,
    /// St ÷ kv.
    StateInTokens,
    /// 2 · k · d · b_a · (N − 1) ÷ N · L_moe.
    Alltoall,
    /// r_p = G_p ÷ TP ÷ t_prefill.
    PrefillPoolRate,
    /// r_d = G_d ÷ TP · B ÷ (t · n).
    DecodePoolRate,
    /// min(r_p, r_d) ÷ (G_p + G_d).
    SplitRatePerGpu,
    /// t_budget = target · efficiency: the speed-of-light step that meets a token-time target
    /// on an engine reaching `efficiency` of the speed of light.
    TokenBudget,
    /// B · S_seq ÷ (budget · groups): the share of the KV budget a batch fills (vLLM's "GPU
    /// KV cache usage").
    KvUsage,
    /// 100 · B · S_seq ÷ (budget · groups): [`Formula::KvUsage`] in per cent.
    KvUsagePct,
    /// W = t_prefill + (n − 1) · t.
    TimeInSystem,
    /// L = λ · W.
    LittlesLaw,
    /// max(⌈C ÷ B⌉, 1) · TP.
    GpusForRate,
    /// max(⌈C ÷ B⌉, 1) · TP · PP.
    GpusForRateStaged,
    /// tokens/s ÷ TP.
    PerGpuRate,
    /// tokens/s ÷ (TP · PP).
    PerGpuRateStaged,
    /// The expert-parallel all-to-alls of a step: inside and outside the scale-up domain at
    /// once, plus each call's latency.
    AlltoallTime,
    /// The pipeline's sends of a step: the activations across each stage boundary in turn.
    PipelineSends,
}

mod comm;
mod table;

/// The tensor-parallel degrees [`Formula::TpToFit`] tries, smallest first.
pub const TP_DEGREES: [u32; 4] = [1, 2, 4, 8];

use table::spec;

/// A bound as a number: 1 compute, 0 memory (the derivation's figure for a bound).
#[must_use]
pub fn bound_number(b: Bound) -> f64 {
    match b {
        Bound::Memory => 0.0,
        Bound::Compute => 1.0,
    }
}

impl Formula {
    /// The formula in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        spec(self).words
    }

    /// The formula in symbols.
    #[must_use]
    pub fn symbols(self) -> &'static str {
        spec(self).symbols
    }

    /// Computes the figure from its inputs, in [`Formula::symbols`] order. `NaN` when a
    /// matmul never reaches the ridge (its batch to the ridge does not exist) or the inputs
    /// are not the formula's.
    #[must_use]
    pub fn compute(self, x: &[f64]) -> f64 {
        (spec(self).compute)(x)
    }
}

/// The first degree of [`TP_DEGREES`] whose sequences held (in that order) reach one.
pub(super) fn tp_to_fit(x: &[f64]) -> f64 {
    TP_DEGREES
        .iter()
        .zip(x)
        .find(|(_, held)| **held >= 1.0)
        .map_or(f64::NAN, |(tp, _)| f64::from(*tp))
}

/// t = max(bytes ÷ BW, FLOPs ÷ P).
pub(super) fn step_time(x: &[f64]) -> f64 {
    <[f64; 4]>::try_from(x).map_or(f64::NAN, |[bytes, bw, flops, p]| {
        (bytes / bw).max(flops / p)
    })
}
