//! The matmuls' figures: FC intensity (decode and prefill), the batch to the ridge, the dot's
//! share of the ridge and attainable FLOP/s, the bound, attention's intensity.

use super::figures;
use super::{Ctx, derived, figure, inp, model_field, setting};
use crate::domain::derivation::{Derivation, Formula, Input, bound_number};

/// Decode (the step's tokens) or prefill (the prompt's).
#[derive(Clone, Copy)]
pub(super) enum At {
    Decode,
    Prefill,
}

/// `T`, the tokens a matmul (or the routing) sees: the step's or the prompt's.
pub(super) fn tokens(x: Ctx<'_>, at: At) -> Input {
    match at {
        At::Decode => inp(
            "T",
            "tokens in the step",
            x.s.tokens_per_step(),
            "",
            setting("batch × (1 + draft_tokens)", x.s.batch == 1),
        ),
        At::Prefill => inp(
            "T",
            "prompt tokens",
            x.s.prompt as f64,
            "",
            setting("prompt", false),
        ),
    }
}

/// A `T × K` by `K × N` matmul's intensity, `t` its tokens and `width` its N.
pub(super) fn fc(x: Ctx<'_>, value: f64, t: Input, width: Input) -> Derivation {
    let hidden = x.spec.map_or(0.0, |m| m.hidden as f64);
    derived(
        Formula::FcIntensity,
        value,
        "FLOP/byte",
        vec![
            t,
            inp("K", "hidden size", hidden, "", model_field("hidden")),
            width,
            x.weight_bytes(),
            x.act_bytes(),
        ],
        vec![
            "weights read once per step; activations read and written once",
            "no cache reuse across layers",
        ],
    )
}

/// The dense layers' FFN width `N`.
fn ffn(x: Ctx<'_>) -> Option<Input> {
    Some(inp(
        "N",
        "FFN width",
        x.spec?.ffn as f64,
        "",
        model_field("ffn"),
    ))
}

/// The dense FC layers (hidden × ffn) at the step's tokens or the prompt's.
pub(super) fn fc_intensity(x: Ctx<'_>, at: At) -> Option<Derivation> {
    let m = x.m()?;
    let value = match at {
        At::Decode => m.fc_intensity,
        At::Prefill => m.dense_prefill_intensity,
    };
    let mut d = fc(x, value, tokens(x, at), ffn(x)?);
    d.assumptions.insert(
        0,
        "the dense FC layers (hidden × ffn) stand for the matmuls",
    );
    Some(d)
}

pub(super) fn fc_intensity_approx(x: Ctx<'_>) -> Option<Derivation> {
    Some(derived(
        Formula::FcIntensityApprox,
        x.m()?.fc_intensity_approx,
        "FLOP/byte",
        vec![tokens(x, At::Decode), x.weight_bytes()],
        vec!["the weights' bytes dominate: activations are left out (small batches)"],
    ))
}

/// Which batch to the ridge.
#[derive(Clone, Copy)]
pub(super) enum ToRidge {
    /// The decode dot's (MoE: the routed experts', m*·E/k).
    Dot,
    /// The dense layers'.
    Dense,
    /// MoE: the tokens one expert must see, m*.
    ExpertTokens,
}

/// The batch (or tokens per expert) at which a `hidden × width` matmul reaches the ridge.
pub(super) fn batch_to_ridge(x: Ctx<'_>, which: ToRidge) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let experts = spec.experts;
    let per_seq = 1.0 + f64::from(x.s.draft_tokens);
    let (value, width, field, spread, per_seq, unit) = match which {
        ToRidge::Dot => match experts {
            Some(e) => (
                m.decode_dot.batch_to_ridge?,
                e.expert_ffn as f64,
                "experts.expert_ffn",
                f64::from(e.routed) / f64::from(e.per_token),
                per_seq,
                "sequences",
            ),
            None => (
                m.decode_dot.batch_to_ridge?,
                spec.ffn as f64,
                "ffn",
                1.0,
                per_seq,
                "sequences",
            ),
        },
        ToRidge::Dense => (
            m.dense_batch_to_ridge?,
            spec.ffn as f64,
            "ffn",
            1.0,
            per_seq,
            "sequences",
        ),
        ToRidge::ExpertTokens => (
            m.moe?.expert_tokens_to_ridge?,
            experts?.expert_ffn as f64,
            "experts.expert_ffn",
            1.0,
            1.0,
            "tokens",
        ),
    };
    let spread_source = match which {
        ToRidge::Dot => model_field("experts.routed / experts.per_token (1 for a dense model)"),
        ToRidge::Dense | ToRidge::ExpertTokens => figure("1: one matmul, no routing"),
    };
    let per_seq_source = match which {
        ToRidge::Dot | ToRidge::Dense => setting("draft_tokens", x.s.draft_tokens == 0),
        ToRidge::ExpertTokens => figure("1: counted in tokens, not sequences"),
    };
    Some(derived(
        Formula::BatchToRidge,
        value,
        unit,
        vec![
            figures::ridge(x),
            inp(
                "K",
                "hidden size",
                spec.hidden as f64,
                "",
                model_field("hidden"),
            ),
            inp("N", "matmul width", width, "", model_field(field)),
            x.weight_bytes(),
            x.act_bytes(),
            inp("E/k", "experts per routed token", spread, "", spread_source),
            inp(
                "1+q",
                "tokens per sequence per step",
                per_seq,
                "",
                per_seq_source,
            ),
        ],
        vec![
            "the decode dot's matmul stands for the step (MoE: the routed experts, every expert touched)",
            "weights read once per step; activations read and written once per matmul",
            "dense peak, no all-reduce",
        ],
    ))
}

pub(super) fn batch_to_ridge_approx(x: Ctx<'_>) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let spread = spec
        .experts
        .map_or(1.0, |e| f64::from(e.routed) / f64::from(e.per_token));
    Some(derived(
        Formula::BatchToRidgeApprox,
        m.decode_dot.batch_to_ridge_approx,
        "sequences",
        vec![
            figures::ridge(x),
            x.weight_bytes(),
            inp(
                "E/k",
                "experts per routed token",
                spread,
                "",
                model_field("experts.routed / experts.per_token (1 for a dense model)"),
            ),
            x.per_sequence(),
        ],
        vec![
            "the weights' bytes dominate: activations are left out (the exact figure counts them)",
            "2 FLOPs per weight per token",
        ],
    ))
}

pub(super) fn ridge_share(x: Ctx<'_>) -> Option<Derivation> {
    Some(derived(
        Formula::RidgeSharePct,
        100.0 * x.m()?.decode_dot.ridge_share,
        "%",
        vec![figures::dot_intensity(x)?, figures::ridge(x)],
        vec!["the decode dot stands for the step's matmuls"],
    ))
}

pub(super) fn attainable(x: Ctx<'_>) -> Option<Derivation> {
    Some(derived(
        Formula::Attainable,
        x.m()?.decode_dot.attainable_flops,
        "FLOP/s",
        vec![
            figures::dot_intensity(x)?,
            figures::peak(x),
            figures::bandwidth(x),
        ],
        vec![x.roofs_assumption()],
    ))
}

/// The step's bound or the dot's.
#[derive(Clone, Copy)]
pub(super) enum BoundOf {
    Step,
    Dot,
}

pub(super) fn bound(x: Ctx<'_>, of: BoundOf) -> Option<Derivation> {
    let m = x.m()?;
    let mut inputs = vec![figures::dot_intensity(x)?, figures::ridge(x)];
    let (formula, bound) = match of {
        BoundOf::Dot => (Formula::DotBound, m.decode_dot.bound),
        BoundOf::Step => {
            inputs.extend([figures::memory_time(x)?, figures::compute_time(x)?]);
            (Formula::StepBound, m.bound)
        }
    };
    Some(derived(
        formula,
        bound_number(bound),
        "bound",
        inputs,
        vec!["one definition of bound everywhere: the dot, activations counted, against the ridge"],
    ))
}

pub(super) fn attention_intensity(x: Ctx<'_>) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let share = m.kv_split.share_per_gpu(f64::from(x.s.tp));
    Some(derived(
        Formula::AttentionIntensity,
        m.attention_intensity,
        "FLOP/byte",
        vec![
            inp(
                "A",
                "attention FLOPs per context token",
                spec.attention_flops_per_context_token(),
                "FLOP",
                model_field("layers, query heads, head_dim (MLA: latent, rope_dim)"),
            ),
            x.per_sequence(),
            x.tp("TP"),
            figures::kv_per_token(x)?,
            inp(
                "s",
                "share of the KV one GPU reads",
                share,
                "",
                figure(m.kv_split.describe()),
            ),
        ],
        vec!["every sequence reads its own KV: neither batch nor context moves it"],
    ))
}
