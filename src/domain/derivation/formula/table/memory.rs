//! The formulas of a GPU's memory: the KV per token and per sequence, the state, what a step
//! reads, the budget the KV may fill, and a step timed at a measured rate.

use super::{Row, at, share};

pub(super) const ATTENTION_INTENSITY: Row = (
    "attention FLOPs per token of context on one GPU over the KV bytes that GPU reads for it",
    "I_attn = A*(1+q) / TP / (kv*s)",
    |x| at(x).map_or(f64::NAN, |[a, q, tp, kv, s]| a * q / tp / (kv * s)),
);

pub(super) const KV_PER_TOKEN: Row = (
    "KV elements one token of context keeps, summed over layers, times the KV format's bytes",
    "kv = E_kv * b_kv",
    |x| at(x).map_or(f64::NAN, |[e, b]| e * b),
);

pub(super) const KV_PER_SEQUENCE: Row = (
    "the context times the KV bytes per token",
    "KV = L * kv",
    |x| at(x).map_or(f64::NAN, |[l, kv]| l * kv),
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

pub(super) const MEASURED_AT_RATE: Row = (
    "the step's bytes at the rate a real kernel sweep read weights at this batch",
    "t = t_mem * BW / rate",
    |x| at(x).map_or(f64::NAN, |[t, bw, rate]| t * bw / rate),
);
