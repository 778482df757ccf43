//! The formulas of one GPU: its roofline (the ridge, a step's time and bound, intensity, experts
//! touched, throughput, energy and cost) and its memory (the KV wall, the KV per token and per
//! sequence, the state, what a step reads, the budget the KV may fill, a step timed at a
//! measured rate).

use super::{Row, at, experts_touched, percent, product, share};
use crate::domain::roofline;

pub(super) const GIVEN: Row = ("as its source gives it", "x", |x| {
    at(x).map_or(f64::NAN, |[v]| v)
});

pub(super) const RIDGE: Row = (
    "peak FLOP/s divided by memory bandwidth",
    "R = P / BW",
    |x| at(x).map_or(f64::NAN, |[p, bw]| roofline::ridge(p, bw)),
);

pub(super) const KV_WALL: Row = (
    "memory the server may use, less the reserve and the weights, divided by the bytes one sequence holds on a GPU, rounded down (times the GPUs when each keeps its own sequences)",
    "B_max = floor(max(M*u - Res - W, 0) / S) * D",
    |x| {
        at(x).map_or(f64::NAN, |[m, u, res, w, s, d]| {
            ((m * u - res - w).max(0.0) / s).floor() * d
        })
    },
);

pub(super) const STEP_TIME: Row = (
    "the longer of moving the step's bytes at full bandwidth and doing its FLOPs at peak",
    "t = max(Bytes / BW, F / P)",
    super::super::step_time,
);

pub(super) const TOKENS_PER_S: Row = (
    "one token per sequence per step: the batch divided by the step time",
    "tok/s = B / t",
    share,
);

pub(super) const COST: Row = (
    "what the GPUs cost per hour divided by the tokens they make in an hour, per million",
    "USD/Mtok = N * price / (tok/s * 3600) * 1e6",
    |x| {
        at(x).map_or(f64::NAN, |[n, price, rate]| {
            n * price / (rate * 3600.0) * 1e6
        })
    },
);

pub(super) const BATCH_TO_RIDGE: Row = (
    "the batch at which the decode dot's matmul (hidden × width) does as many FLOPs per byte as the ridge, weights and activations counted",
    "B* = R*K*N*b_w / (2*K*N - R*(K+N)*b_a) * E/k / (1+q)",
    |x| {
        at(x).map_or(f64::NAN, |[r, k, n, bw, ba, spread, per_seq]| {
            roofline::batch_to_ridge_exact(r, k, n, bw, ba)
                .map_or(f64::NAN, |m| m * spread / per_seq)
        })
    },
);

pub(super) const MEMORY_TIME: Row = (
    "the bytes one step moves on a GPU at full memory bandwidth",
    "t_mem = Bytes / BW",
    share,
);

pub(super) const COMPUTE_TIME: Row = (
    "the FLOPs one step does on a GPU at the dense peak",
    "t_math = F / P",
    share,
);

pub(super) const ENERGY_PER_TOKEN: Row = (
    "the GPUs' board power over one step, shared among the tokens the step makes",
    "J/token = N * W * t / B",
    |x| at(x).map_or(f64::NAN, |[n, w, t, b]| n * w * t / b),
);

pub(super) const FC_INTENSITY: Row = (
    "the FLOPs of a tokens × hidden by hidden × width matmul over the bytes it moves: its weights once, its activations in and out",
    "I = 2*T*K*N / (K*N*b_w + T*(K+N)*b_a)",
    |x| {
        at(x).map_or(f64::NAN, |[t, k, n, bw, ba]| {
            roofline::fc_intensity(t, k, n, bw, ba)
        })
    },
);

pub(super) const BATCH_TO_RIDGE_APPROX: Row = (
    "the batch at which 2 FLOPs per weight per token reach the ridge, weights' bytes alone counted",
    "B ~ R*b_w/2 * E/k / (1+q)",
    |x| {
        at(x).map_or(f64::NAN, |[r, bw, spread, per_seq]| {
            roofline::batch_to_ridge_approx(r, bw) * spread / per_seq
        })
    },
);

pub(super) const FC_INTENSITY_APPROX: Row = (
    "2 FLOPs per weight per token over the weights' bytes alone",
    "I ~ 2*T / b_w",
    |x| at(x).map_or(f64::NAN, |[t, bw]| roofline::fc_intensity_approx(t, bw)),
);

pub(super) const EXPERTS_TOUCHED: Row = (
    "the share of routed experts at least one of the step's tokens picks, each token picking k of E at random",
    "f = 1 - (1 - k/E)^T",
    experts_touched,
);

pub(super) const EXPERTS_TOUCHED_PCT: Row = (
    "the share of routed experts at least one of the step's tokens picks, each token picking k of E at random, in per cent",
    "100 * (1 - (1 - k/E)^T)",
    |x| 100.0 * experts_touched(x),
);

pub(super) const TOKENS_PER_EXPERT: Row = (
    "the step's routed token-slots shared among the experts they touch",
    "m = T*k / (E*f)",
    |x| at(x).map_or(f64::NAN, |[t, k, e, f]| t * k / (e * f)),
);

pub(super) const RIDGE_SHARE: Row = (
    "the decode dot's intensity as a share of the ridge",
    "I / R",
    share,
);

pub(super) const RIDGE_SHARE_PCT: Row = (
    "the decode dot's intensity as a share of the ridge, in per cent",
    "100 * I / R",
    percent,
);

pub(super) const ATTAINABLE: Row = (
    "the lower roof at the dot's intensity: bandwidth times intensity, at most the peak",
    "min(I*BW, P)",
    |x| at(x).map_or(f64::NAN, |[i, p, bw]| roofline::attainable(i, p, bw)),
);

pub(super) const STEP_BOUND: Row = (
    "compute-bound (1) only when the decode dot is at or past the ridge and the FLOPs outlast the bytes; memory-bound (0) otherwise",
    "I >= R and t_math > t_mem",
    |x| {
        at(x).map_or(f64::NAN, |[i, r, mem, math]| {
            super::super::bound_number(roofline::step_bound(i, r, mem, math))
        })
    },
);

pub(super) const DOT_BOUND: Row = (
    "compute-bound (1) when the decode dot's intensity is at or past the ridge, memory-bound (0) below it",
    "I >= R",
    |x| {
        at(x).map_or(f64::NAN, |[i, r]| {
            super::super::bound_number(roofline::bound_at(i, r))
        })
    },
);

pub(super) const ATTENTION_INTENSITY: Row = (
    "attention FLOPs per token of context on one GPU over the KV bytes that GPU reads for it",
    "I_attn = A*(1+q) / TP / (kv*s)",
    |x| at(x).map_or(f64::NAN, |[a, q, tp, kv, s]| a * q / tp / (kv * s)),
);

pub(super) const KV_PER_TOKEN: Row = (
    "KV elements one token of context keeps, summed over layers, times the KV format's bytes",
    "kv = E_kv * b_kv",
    product,
);

pub(super) const KV_PER_SEQUENCE: Row = (
    "the context times the KV bytes per token",
    "KV = L * kv",
    product,
);

pub(super) const KV_PER_SEQUENCE_WINDOWED: Row = (
    "the KV bytes per token times the tokens the layers keep: the context in a full layer, at most the window in a sliding one",
    "KV = kv * (L*(N - S) + min(L, W)*S) / N",
    |x| {
        at(x).map_or(f64::NAN, |[l, kv, w, s, n]| {
            kv * (l * (n - s) + l.min(w) * s) / n
        })
    },
);

pub(super) const STATE_BYTES: Row = (
    "one recurrent state per linear-attention layer and value head: key dim × value dim elements",
    "St = L_lin * H_v * d_k * d_v * b_s",
    |x| at(x).map_or(f64::NAN, |[l, h, dk, dv, b]| l * h * dk * dv * b),
);

pub(super) const SEQUENCE_PER_GPU: Row = (
    "one sequence's KV at the context plus its state, divided among the GPUs that split it by head",
    "S = (KV + St) / G",
    |x| at(x).map_or(f64::NAN, |[kv, st, g]| (kv + st) / g),
);

pub(super) const SEQUENCE_PER_STAGE_GPU: Row = (
    "one sequence's KV at the context plus its state, divided among the GPUs that split it by head, and among the pipeline stages (each holds its own layers' share)",
    "S = (KV + St) / (G * PP)",
    |x| at(x).map_or(f64::NAN, |[kv, st, g, pp]| (kv + st) / (g * pp)),
);

pub(super) const KV_READ: Row = (
    "every sequence's KV read once and its state read and written, the share one GPU holds",
    "B * (KV + 2*St) * s",
    |x| at(x).map_or(f64::NAN, |[b, kv, st, s]| b * (kv + 2.0 * st) * s),
);

pub(super) const KV_BUDGET: Row = (
    "memory the server may use, less the reserve and the weights held",
    "max(M*u - Res - W, 0)",
    |x| at(x).map_or(f64::NAN, |[m, u, res, w]| (m * u - res - w).max(0.0)),
);

pub(super) const WEIGHTS_PER_GPU: Row = (
    "the model's weight bytes divided among the tensor-parallel GPUs",
    "W / TP",
    share,
);

pub(super) const WEIGHTS_PER_STAGE_GPU: Row = (
    "the model's weight bytes divided among the pipeline stages (each holds its share of the layers) and, within a stage, among the tensor-parallel GPUs",
    "W / (TP * PP)",
    super::staged_share,
);

pub(super) const MEASURED_AT_RATE: Row = (
    "the step's bytes at the rate a real kernel sweep read weights at this batch",
    "t = t_mem * BW / rate",
    |x| at(x).map_or(f64::NAN, |[t, bw, rate]| t * bw / rate),
);
