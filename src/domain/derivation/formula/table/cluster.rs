//! The formulas of a cluster: the KV's transfer and the split prefill, collectives, the target
//! batch and its search, replicas and pools, KV blocks and usage, and queueing.

use super::{Row, at, kv_share, kv_usage, percent, product, share};

pub(super) const TRANSFER: Row = (
    "the prompt's KV shard one GPU sends, at the link's bandwidth (GPUs send in parallel)",
    "t_kv = KV / (GB/s * 1e9)",
    |x| at(x).map_or(f64::NAN, |[kv, gbs]| kv / (gbs * 1e9)),
);

pub(super) const PREFILL_TOKENS: Row = (
    "the prompt tokens the prefix cache does not hold, rounded up, at least one",
    "max(ceil((1 - h) * prompt), 1)",
    |x| at(x).map_or(f64::NAN, |[h, p]| ((1.0 - h) * p).ceil().max(1.0)),
);

pub(super) const TRANSFER_SHARE: Row = (
    "the KV transfer's time over the prefill's, in per cent",
    "100 * t_kv / t_prefill",
    percent,
);

pub(super) const SPLIT_TTFT: Row = (
    "prefill on its own GPUs, the KV over the link, then the first decode step",
    "t_prefill + t_kv + t",
    |x| at(x).map_or(f64::NAN, |[p, kv, t]| p + kv + t),
);

pub(super) const MIXED_STEP: Row = (
    "one pool: the decode step's bytes, or its FLOPs plus the prefill chunk's at peak, whichever is longer",
    "max(t_mem, t_math + F_chunk / P)",
    |x| at(x).map_or(f64::NAN, |[mem, math, f, p]| mem.max(math + f / p)),
);

pub(super) const ALLREDUCE_CALLS: Row = (
    "two all-reduces per layer (after attention and after the MLP), none on one GPU",
    "n = 2*L if TP > 1, else 0",
    |x| at(x).map_or(f64::NAN, |[l, tp]| if tp > 1.0 { 2.0 * l } else { 0.0 }),
);

pub(super) const ALLREDUCE_TIME: Row = (
    "a ring all-reduce of the step's activations per call: each GPU sends 2(N-1)/N of the buffer at the link's bandwidth, plus a base latency and 2(N-1) hops, times the calls",
    "t_comm = n * (2*(N-1)/N * X / (GB/s * 1e9) + (l_0 + 2*(N-1)*l_h) * 1e-6)",
    |x| {
        at(x).map_or(f64::NAN, |[buffer, n, gbs, base, hop, calls]| {
            if n <= 1.0 {
                return 0.0;
            }
            let sent = 2.0 * (n - 1.0) / n * buffer;
            sent / (gbs * 1e9) * calls + (base + 2.0 * (n - 1.0) * hop) * 1e-6 * calls
        })
    },
);

pub(super) const ALLREDUCE_LATENCY: Row = (
    "the all-reduces' per-call latency: a base latency and 2(N-1) hops, times the calls",
    "t_lat = n * (l_0 + 2*(N-1)*l_h) * 1e-6",
    |x| {
        at(x).map_or(f64::NAN, |[n, base, hop, calls]| {
            if n <= 1.0 {
                return 0.0;
            }
            (base + 2.0 * (n - 1.0) * hop) * 1e-6 * calls
        })
    },
);

pub(super) const STEP_WITH_COMM: Row = (
    "the speed-of-light step, then the all-reduces (no overlap)",
    "t + t_comm",
    |x| at(x).map_or(f64::NAN, |[t, c]| t + c),
);

pub(super) const COMM_SHARE: Row = (
    "the all-reduces' time over the speed-of-light step's, in per cent",
    "100 * t_comm / t",
    percent,
);

pub(super) const TARGET_BATCH: Row = (
    "the largest batch that meets the token-time target, capped by the KV wall",
    "min(B_t, B_max)",
    |x| match x {
        [t] => *t,
        [t, wall] => t.min(*wall),
        _ => f64::NAN,
    },
);

pub(super) const LARGEST_MEETING: Row = (
    "a bisection over batches 1 to 1,048,576 for the largest whose speed-of-light step meets the target: the step at B meets it, the step at B + 1 does not (B = 0: not even batch 1; B = 1,048,576: the last batch tried, with no B + 1)",
    "B with t_B <= t* < t_B1 (t_B1: the step at B + 1, none past the last batch)",
    |x| match *x {
        [b, step, next, target] if step <= target && next > target => b,
        [b, step, target] if step <= target => b,
        _ => f64::NAN,
    },
);

pub(super) const FIRST_DOUBLING: Row = (
    "batches 2, 4, 8, … tried in turn: the first whose speed-of-light step is at least twice batch 1's, the batch before it under that",
    "B with t_B >= 2*t_1 > t_half (t_half: the step at B / 2)",
    |x| {
        at(x).map_or(f64::NAN, |[b, first, half, step]| {
            if step >= 2.0 * first && half < 2.0 * first {
                b
            } else {
                f64::NAN
            }
        })
    },
);

pub(super) const TP_TO_FIT: Row = (
    "tensor-parallel degrees tried in order, 1, 2, 4, 8: the first whose memory, less the reserve and its share of the weights, holds one sequence at the context (a degree that does not divide the heads holds none)",
    "TP = first t of 1, 2, 4, 8 with B_t >= 1 (B_1, B_2, B_4, B_8: sequences held)",
    super::super::tp_to_fit,
);

pub(super) const REPLICAS: Row = (
    "Little's law at the target batch: the requests in flight divided by the batch one replica runs, rounded up, at least one",
    "max(ceil(rate * W / B), 1)",
    |x| at(x).map_or(f64::NAN, |[rate, w, b]| (rate * w / b).ceil().max(1.0)),
);

pub(super) const POOL_RATIO: Row = (
    "split serving: the prefill GPU-time one request needs over the decode GPU-time it holds a batch slot for (the rate cancels)",
    "t_prefill * B / ((n - 1) * t)",
    |x| at(x).map_or(f64::NAN, |[p, b, n, t]| p * b / ((n - 1.0) * t)),
);

pub(super) const KV_BLOCK: Row = (
    "the tokens one paging block holds times the KV bytes per token",
    "blk * kv",
    product,
);

pub(super) const BLOCK_WASTE: Row = (
    "the empty tokens of a sequence's last, partly filled block times the KV bytes per token",
    "(ceil(L / blk) * blk - L) * kv",
    |x| at(x).map_or(f64::NAN, |[l, blk, kv]| ((l / blk).ceil() * blk - l) * kv),
);

pub(super) const BLOCK_WASTE_WINDOWED: Row = (
    "the empty tokens of a sequence's last, partly filled block times the KV bytes per token, in the full layers, and in the sliding ones up to their window",
    "kv * ((R - L)*(N - S) + (min(R, W) - min(L, W))*S) / N, R = ceil(L / blk) * blk",
    |x| {
        at(x).map_or(f64::NAN, |[l, blk, kv, w, s, n]| {
            let r = (l / blk).ceil() * blk;
            kv * ((r - l) * (n - s) + (r.min(w) - l.min(w)) * s) / n
        })
    },
);

share_and_per_cent!(
    KV_SHARE,
    KV_SHARE_PCT,
    "the KV and state a decode step reads on a GPU as a share of all the bytes it moves",
    "KV_read / Bytes",
    kv_share
);

pub(super) const STATE_IN_TOKENS: Row = (
    "one sequence's recurrent state divided by the KV bytes one token of context keeps",
    "St / kv",
    share,
);

pub(super) const ALLTOALL: Row = (
    "per MoE layer a token's hidden state goes to its k experts and comes back, and the share (N-1)/N of them sits on another GPU",
    "2 * k * d * b_a * (N - 1) / N * L_moe",
    |x| {
        at(x).map_or(f64::NAN, |[k, d, ba, n, layers]| {
            2.0 * k * d * ba * (n - 1.0) / n * layers
        })
    },
);

pub(super) const PREFILL_POOL_RATE: Row = (
    "the prefill pool's replicas, each finishing one prompt per prefill",
    "r_p = G_p / N / t_prefill",
    |x| at(x).map_or(f64::NAN, |[g, tp, p]| g / tp / p),
);

pub(super) const DECODE_POOL_RATE: Row = (
    "the decode pool's replicas, each finishing a batch of requests every n steps",
    "r_d = G_d / N * B / (t * n)",
    |x| at(x).map_or(f64::NAN, |[g, tp, b, t, n]| g / tp * b / (t * n)),
);

pub(super) const SPLIT_RATE_PER_GPU: Row = (
    "the slower pool sets the rate, shared among the GPUs of both pools",
    "min(r_p, r_d) / (G_p + G_d)",
    |x| at(x).map_or(f64::NAN, |[p, d, gp, gd]| p.min(d) / (gp + gd)),
);

pub(super) const TOKEN_BUDGET: Row = (
    "the token-time target at the speed of light: a real engine reaches only the efficiency's share of it",
    "t_budget = target * efficiency",
    product,
);

share_and_per_cent!(
    KV_USAGE,
    KV_USAGE_PCT,
    "the KV the batch keeps on a GPU over the KV budget of the GPUs that share the batch (vLLM's GPU KV cache usage)",
    "B * S_seq / (budget * groups)",
    kv_usage
);

pub(super) const TIME_IN_SYSTEM: Row = (
    "the prefill, then one decode step per output token after the first",
    "W = t_prefill + (n - 1) * t",
    |x| at(x).map_or(f64::NAN, |[p, n, t]| p + (n - 1.0) * t),
);

pub(super) const LITTLES_LAW: Row = (
    "Little's law: requests arriving per second times the seconds each stays",
    "C = rate * W",
    product,
);

pub(super) const GPUS_FOR_RATE: Row = (
    "replicas to hold the requests in flight at the batch, at least one, times the GPUs per replica",
    "max(ceil(C / B), 1) * TP",
    |x| at(x).map_or(f64::NAN, |[c, b, tp]| (c / b).ceil().max(1.0) * tp),
);

pub(super) const GPUS_FOR_RATE_STAGED: Row = (
    "replicas to hold the requests in flight at the batch, at least one, times the GPUs per replica: TP in each of the PP stages",
    "max(ceil(C / B), 1) * TP * PP",
    |x| at(x).map_or(f64::NAN, |[c, b, tp, pp]| (c / b).ceil().max(1.0) * tp * pp),
);

pub(super) const PER_GPU_RATE: Row = (
    "the replica's tokens per second shared among its GPUs",
    "tok/s / TP",
    share,
);

pub(super) const PER_GPU_RATE_STAGED: Row = (
    "the replica's tokens per second shared among its GPUs: TP in each of the PP stages",
    "tok/s / (TP * PP)",
    super::staged_share,
);
