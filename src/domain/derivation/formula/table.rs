//! Each formula's words, symbols and arithmetic, in one table.

use super::Formula;
use crate::domain::roofline;

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

fn share(x: &[f64]) -> f64 {
    at(x).map_or(f64::NAN, |[a, b]| a / b)
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

#[allow(clippy::too_many_lines)]
pub(super) fn spec(f: Formula) -> Spec {
    let (words, symbols, compute): Row = match f {
        Formula::Given => ("as its source gives it", "x", |x| {
            at(x).map_or(f64::NAN, |[v]| v)
        }),
        Formula::Ridge => (
            "peak FLOP/s divided by memory bandwidth",
            "R = P / BW",
            |x| at(x).map_or(f64::NAN, |[p, bw]| roofline::ridge(p, bw)),
        ),
        Formula::KvWall => (
            "memory the server may use, less the reserve and the weights, divided by the bytes one sequence holds on a GPU, rounded down (times the GPUs when each keeps its own sequences)",
            "B_max = floor(max(M*u - Res - W, 0) / S) * D",
            |x| {
                at(x).map_or(f64::NAN, |[m, u, res, w, s, d]| {
                    ((m * u - res - w).max(0.0) / s).floor() * d
                })
            },
        ),
        Formula::StepTime => (
            "the longer of moving the step's bytes at full bandwidth and doing its FLOPs at peak",
            "t = max(Bytes / BW, F / P)",
            super::step_time,
        ),
        Formula::TokensPerS => (
            "one token per sequence per step: the batch divided by the step time",
            "tok/s = B / t",
            share,
        ),
        Formula::Cost => (
            "what the GPUs cost per hour divided by the tokens they make in an hour, per million",
            "USD/Mtok = N * price / (tok/s * 3600) * 1e6",
            |x| {
                at(x).map_or(f64::NAN, |[n, price, rate]| {
                    n * price / (rate * 3600.0) * 1e6
                })
            },
        ),
        Formula::BatchToRidge => (
            "the batch at which the decode dot's matmul (hidden × width) does as many FLOPs per byte as the ridge, weights and activations counted",
            "B* = R*K*N*b_w / (2*K*N - R*(K+N)*b_a) * E/k / (1+q)",
            |x| {
                at(x).map_or(f64::NAN, |[r, k, n, bw, ba, spread, per_seq]| {
                    roofline::batch_to_ridge_exact(r, k, n, bw, ba)
                        .map_or(f64::NAN, |m| m * spread / per_seq)
                })
            },
        ),
        Formula::MemoryTime => (
            "the bytes one step moves on a GPU at full memory bandwidth",
            "t_mem = Bytes / BW",
            share,
        ),
        Formula::ComputeTime => (
            "the FLOPs one step does on a GPU at the dense peak",
            "t_math = F / P",
            share,
        ),
        Formula::EnergyPerToken => (
            "the GPUs' board power over one step, shared among the tokens the step makes",
            "J/token = N * W * t / B",
            |x| at(x).map_or(f64::NAN, |[n, w, t, b]| n * w * t / b),
        ),
        Formula::FcIntensity => (
            "the FLOPs of a tokens × hidden by hidden × width matmul over the bytes it moves: its weights once, its activations in and out",
            "I = 2*T*K*N / (K*N*b_w + T*(K+N)*b_a)",
            |x| {
                at(x).map_or(f64::NAN, |[t, k, n, bw, ba]| {
                    roofline::fc_intensity(t, k, n, bw, ba)
                })
            },
        ),
        Formula::BatchToRidgeApprox => (
            "the batch at which 2 FLOPs per weight per token reach the ridge, weights' bytes alone counted",
            "B ~ R*b_w/2 * E/k / (1+q)",
            |x| {
                at(x).map_or(f64::NAN, |[r, bw, spread, per_seq]| {
                    roofline::batch_to_ridge_approx(r, bw) * spread / per_seq
                })
            },
        ),
        Formula::FcIntensityApprox => (
            "2 FLOPs per weight per token over the weights' bytes alone",
            "I ~ 2*T / b_w",
            |x| at(x).map_or(f64::NAN, |[t, bw]| roofline::fc_intensity_approx(t, bw)),
        ),
        Formula::ExpertsTouched => (
            "the share of routed experts at least one of the step's tokens picks, each token picking k of E at random",
            "f = 1 - (1 - k/E)^T",
            experts_touched,
        ),
        Formula::ExpertsTouchedPct => (
            "the share of routed experts at least one of the step's tokens picks, each token picking k of E at random, in per cent",
            "100 * (1 - (1 - k/E)^T)",
            |x| 100.0 * experts_touched(x),
        ),
        Formula::TokensPerExpert => (
            "the step's routed token-slots shared among the experts they touch",
            "m = T*k / (E*f)",
            |x| at(x).map_or(f64::NAN, |[t, k, e, f]| t * k / (e * f)),
        ),
        Formula::RidgeShare => (
            "the decode dot's intensity as a share of the ridge",
            "I / R",
            share,
        ),
        Formula::RidgeSharePct => (
            "the decode dot's intensity as a share of the ridge, in per cent",
            "100 * I / R",
            percent,
        ),
        Formula::Attainable => (
            "the lower roof at the dot's intensity: bandwidth times intensity, at most the peak",
            "min(I*BW, P)",
            |x| at(x).map_or(f64::NAN, |[i, p, bw]| roofline::attainable(i, p, bw)),
        ),
        Formula::StepBound => (
            "compute-bound (1) only when the decode dot is at or past the ridge and the FLOPs outlast the bytes; memory-bound (0) otherwise",
            "I >= R and t_math > t_mem",
            |x| {
                at(x).map_or(f64::NAN, |[i, r, mem, math]| {
                    super::bound_number(roofline::step_bound(i, r, mem, math))
                })
            },
        ),
        Formula::DotBound => (
            "compute-bound (1) when the decode dot's intensity is at or past the ridge, memory-bound (0) below it",
            "I >= R",
            |x| {
                at(x).map_or(f64::NAN, |[i, r]| {
                    super::bound_number(roofline::bound_at(i, r))
                })
            },
        ),
        Formula::AttentionIntensity => (
            "attention FLOPs per token of context on one GPU over the KV bytes that GPU reads for it",
            "I_attn = A*(1+q) / TP / (kv*s)",
            |x| at(x).map_or(f64::NAN, |[a, q, tp, kv, s]| a * q / tp / (kv * s)),
        ),
        Formula::KvPerToken => (
            "KV elements one token of context keeps, summed over layers, times the KV format's bytes",
            "kv = E_kv * b_kv",
            |x| at(x).map_or(f64::NAN, |[e, b]| e * b),
        ),
        Formula::KvPerSequence => (
            "the context times the KV bytes per token",
            "KV = L * kv",
            |x| at(x).map_or(f64::NAN, |[l, kv]| l * kv),
        ),
        Formula::KvPerSequenceWindowed => (
            "the KV bytes per token times the tokens the layers keep: the context in a full layer, at most the window in a sliding one",
            "KV = kv * (L*(N - S) + min(L, W)*S) / N",
            |x| {
                at(x).map_or(f64::NAN, |[l, kv, w, s, n]| {
                    kv * (l * (n - s) + l.min(w) * s) / n
                })
            },
        ),
        Formula::StateBytes => (
            "one recurrent state per linear-attention layer and value head: key dim × value dim elements",
            "St = L_lin * H_v * d_k * d_v * b_s",
            |x| at(x).map_or(f64::NAN, |[l, h, dk, dv, b]| l * h * dk * dv * b),
        ),
        Formula::SequencePerGpu => (
            "one sequence's KV at the context plus its state, divided among the GPUs that split it by head",
            "S = (KV + St) / G",
            |x| at(x).map_or(f64::NAN, |[kv, st, g]| (kv + st) / g),
        ),
        Formula::KvRead => (
            "every sequence's KV read once and its state read and written, the share one GPU holds",
            "B * (KV + 2*St) * s",
            |x| at(x).map_or(f64::NAN, |[b, kv, st, s]| b * (kv + 2.0 * st) * s),
        ),
        Formula::KvBudget => (
            "memory the server may use, less the reserve and the weights held",
            "max(M*u - Res - W, 0)",
            |x| at(x).map_or(f64::NAN, |[m, u, res, w]| (m * u - res - w).max(0.0)),
        ),
        Formula::WeightsPerGpu => (
            "the model's weight bytes divided among the tensor-parallel GPUs",
            "W / TP",
            share,
        ),
        Formula::MeasuredAtRate => (
            "the step's bytes at the rate a real kernel sweep read weights at this batch",
            "t = t_mem * BW / rate",
            |x| at(x).map_or(f64::NAN, |[t, bw, rate]| t * bw / rate),
        ),
        Formula::Transfer => (
            "the prompt's KV shard one GPU sends, at the link's bandwidth (GPUs send in parallel)",
            "t_kv = KV / (GB/s * 1e9)",
            |x| at(x).map_or(f64::NAN, |[kv, gbs]| kv / (gbs * 1e9)),
        ),
        Formula::PrefillTokens => (
            "the prompt tokens the prefix cache does not hold, rounded up, at least one",
            "max(ceil((1 - h) * prompt), 1)",
            |x| at(x).map_or(f64::NAN, |[h, p]| ((1.0 - h) * p).ceil().max(1.0)),
        ),
        Formula::TransferShare => (
            "the KV transfer's time over the prefill's, in per cent",
            "100 * t_kv / t_prefill",
            percent,
        ),
        Formula::SplitTtft => (
            "prefill on its own GPUs, the KV over the link, then the first decode step",
            "t_prefill + t_kv + t",
            |x| at(x).map_or(f64::NAN, |[p, kv, t]| p + kv + t),
        ),
        Formula::MixedStep => (
            "one pool: the decode step's bytes, or its FLOPs plus the prefill chunk's at peak, whichever is longer",
            "max(t_mem, t_math + F_chunk / P)",
            |x| at(x).map_or(f64::NAN, |[mem, math, f, p]| mem.max(math + f / p)),
        ),
        Formula::AllreduceCalls => (
            "two all-reduces per layer (after attention and after the MLP), none on one GPU",
            "n = 2*L if TP > 1, else 0",
            |x| at(x).map_or(f64::NAN, |[l, tp]| if tp > 1.0 { 2.0 * l } else { 0.0 }),
        ),
        Formula::AllreduceTime => (
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
        ),
        Formula::AllreduceLatency => (
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
        ),
        Formula::StepWithComm => (
            "the speed-of-light step, then the all-reduces (no overlap)",
            "t + t_comm",
            |x| at(x).map_or(f64::NAN, |[t, c]| t + c),
        ),
        Formula::CommShare => (
            "the all-reduces' time over the speed-of-light step's, in per cent",
            "100 * t_comm / t",
            percent,
        ),
        Formula::TargetBatch => (
            "the largest batch that meets the token-time target, capped by the KV wall",
            "min(B_t, B_max)",
            |x| match x {
                [t] => *t,
                [t, wall] => t.min(*wall),
                _ => f64::NAN,
            },
        ),
        Formula::LargestMeeting => (
            "a bisection over batches 1 to 1,048,576 for the largest whose speed-of-light step meets the target: the step at B meets it, the step at B + 1 does not (B = 0: not even batch 1; B = 1,048,576: the last batch tried, with no B + 1)",
            "B with t_B <= t* < t_B1 (t_B1: the step at B + 1, none past the last batch)",
            |x| match *x {
                [b, step, next, target] if step <= target && next > target => b,
                [b, step, target] if step <= target => b,
                _ => f64::NAN,
            },
        ),
        Formula::FirstDoubling => (
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
        ),
        Formula::TpToFit => (
            "tensor-parallel degrees tried in order, 1, 2, 4, 8: the first whose memory, less the reserve and its share of the weights, holds one sequence at the context (a degree that does not divide the heads holds none)",
            "TP = first t of 1, 2, 4, 8 with B_t >= 1 (B_1, B_2, B_4, B_8: sequences held)",
            super::tp_to_fit,
        ),
        Formula::Replicas => (
            "Little's law at the target batch: the requests in flight divided by the batch one replica runs, rounded up, at least one",
            "max(ceil(rate * W / B), 1)",
            |x| at(x).map_or(f64::NAN, |[rate, w, b]| (rate * w / b).ceil().max(1.0)),
        ),
        Formula::PoolRatio => (
            "split serving: the prefill GPU-time one request needs over the decode GPU-time it holds a batch slot for (the rate cancels)",
            "t_prefill * B / ((n - 1) * t)",
            |x| at(x).map_or(f64::NAN, |[p, b, n, t]| p * b / ((n - 1.0) * t)),
        ),
        Formula::KvBlock => (
            "the tokens one paging block holds times the KV bytes per token",
            "blk * kv",
            |x| at(x).map_or(f64::NAN, |[blk, kv]| blk * kv),
        ),
        Formula::BlockWaste => (
            "the empty tokens of a sequence's last, partly filled block times the KV bytes per token",
            "(ceil(L / blk) * blk - L) * kv",
            |x| at(x).map_or(f64::NAN, |[l, blk, kv]| ((l / blk).ceil() * blk - l) * kv),
        ),
        Formula::BlockWasteWindowed => (
            "the empty tokens of a sequence's last, partly filled block times the KV bytes per token, in the full layers, and in the sliding ones up to their window",
            "kv * ((R - L)*(N - S) + (min(R, W) - min(L, W))*S) / N, R = ceil(L / blk) * blk",
            |x| {
                at(x).map_or(f64::NAN, |[l, blk, kv, w, s, n]| {
                    let r = (l / blk).ceil() * blk;
                    kv * ((r - l) * (n - s) + (r.min(w) - l.min(w)) * s) / n
                })
            },
        ),
        Formula::KvShare => (
            "the KV and state a decode step reads on a GPU as a share of all the bytes it moves",
            "KV_read / Bytes",
            kv_share,
        ),
        Formula::KvSharePct => (
            "the KV and state a decode step reads on a GPU as a share of all the bytes it moves, in per cent",
            "100 * KV_read / Bytes",
            |x| 100.0 * kv_share(x),
        ),
        Formula::StateInTokens => (
            "one sequence's recurrent state divided by the KV bytes one token of context keeps",
            "St / kv",
            share,
        ),
        Formula::Alltoall => (
            "per MoE layer a token's hidden state goes to its k experts and comes back, and the share (N-1)/N of them sits on another GPU",
            "2 * k * d * b_a * (N - 1) / N * L_moe",
            |x| {
                at(x).map_or(f64::NAN, |[k, d, ba, n, layers]| {
                    2.0 * k * d * ba * (n - 1.0) / n * layers
                })
            },
        ),
        Formula::PrefillPoolRate => (
            "the prefill pool's replicas, each finishing one prompt per prefill",
            "r_p = G_p / TP / t_prefill",
            |x| at(x).map_or(f64::NAN, |[g, tp, p]| g / tp / p),
        ),
        Formula::DecodePoolRate => (
            "the decode pool's replicas, each finishing a batch of requests every n steps",
            "r_d = G_d / TP * B / (t * n)",
            |x| at(x).map_or(f64::NAN, |[g, tp, b, t, n]| g / tp * b / (t * n)),
        ),
        Formula::SplitRatePerGpu => (
            "the slower pool sets the rate, shared among the GPUs of both pools",
            "min(r_p, r_d) / (G_p + G_d)",
            |x| at(x).map_or(f64::NAN, |[p, d, gp, gd]| p.min(d) / (gp + gd)),
        ),
        Formula::TokenBudget => (
            "the token-time target at the speed of light: a real engine reaches only the efficiency's share of it",
            "t_budget = target * efficiency",
            |x| at(x).map_or(f64::NAN, |[t, e]| t * e),
        ),
        Formula::KvUsage => (
            "the KV the batch keeps on a GPU over the KV budget of the GPUs that share the batch (vLLM's GPU KV cache usage)",
            "B * S_seq / (budget * groups)",
            kv_usage,
        ),
        Formula::KvUsagePct => (
            "the KV the batch keeps on a GPU over the KV budget of the GPUs that share the batch (vLLM's GPU KV cache usage), in per cent",
            "100 * B * S_seq / (budget * groups)",
            |x| 100.0 * kv_usage(x),
        ),
        Formula::TimeInSystem => (
            "the prefill, then one decode step per output token after the first",
            "W = t_prefill + (n - 1) * t",
            |x| at(x).map_or(f64::NAN, |[p, n, t]| p + (n - 1.0) * t),
        ),
        Formula::LittlesLaw => (
            "Little's law: requests arriving per second times the seconds each stays",
            "C = rate * W",
            |x| at(x).map_or(f64::NAN, |[rate, w]| rate * w),
        ),
        Formula::GpusForRate => (
            "replicas to hold the requests in flight at the batch, at least one, times the GPUs per replica",
            "max(ceil(C / B), 1) * TP",
            |x| at(x).map_or(f64::NAN, |[c, b, tp]| (c / b).ceil().max(1.0) * tp),
        ),
        Formula::PerGpuRate => (
            "the replica's tokens per second shared among its GPUs",
            "tok/s / TP",
            share,
        ),
        Formula::AlltoallTime => super::comm::ALLTOALL_TIME,
        Formula::PipelineSends => super::comm::PIPELINE_SENDS,
    };
    Spec {
        words,
        symbols,
        compute,
    }
}
