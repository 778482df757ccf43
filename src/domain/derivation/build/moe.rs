//! Mixture-of-experts routing: the share of experts a step touches, the tokens each sees, and
//! the intensity of the routed experts (the decode dot of an MoE model).

use super::dense::{At, fc, tokens};
use super::{Ctx, derived, figure, inp, model_field};
use crate::domain::derivation::{Derivation, Formula, Input};

/// Which intensity.
#[derive(Clone, Copy)]
pub(super) enum Which {
    /// The decode dot: the routed experts for MoE, the dense layers otherwise.
    Dot,
    /// MoE only: a routed expert at the step's tokens.
    Expert,
    /// Prefill: the routed experts at the prompt for MoE, the dense layers otherwise.
    Prefill,
}

fn routing(x: Ctx<'_>) -> Option<(Input, Input)> {
    let e = x.spec?.experts?;
    Some((
        inp(
            "k",
            "experts each token picks",
            f64::from(e.per_token),
            "",
            model_field("experts.per_token"),
        ),
        inp(
            "E",
            "routed experts",
            f64::from(e.routed),
            "",
            model_field("experts.routed"),
        ),
    ))
}

pub(super) fn dot_intensity(x: Ctx<'_>, which: Which) -> Option<Derivation> {
    let (m, spec) = x.mm()?;
    let (at, value) = match (which, spec.experts) {
        (Which::Dot, None) => return super::dense::fc_intensity(x, At::Decode),
        (Which::Prefill, None) => return super::dense::fc_intensity(x, At::Prefill),
        (Which::Expert, None) => return None,
        (Which::Dot | Which::Expert, Some(_)) => (At::Decode, m.moe?.expert_intensity),
        (Which::Prefill, Some(_)) => (At::Prefill, m.prefill_intensity),
    };
    let experts = spec.experts?;
    let routed_tokens = match at {
        At::Decode => x.s.tokens_per_step(),
        At::Prefill => x.s.prompt as f64,
    };
    let per_expert = spec.tokens_per_active_expert(routed_tokens)?;
    let mut d = fc(
        x,
        value,
        inp(
            "T",
            "tokens each touched expert multiplies",
            per_expert,
            "",
            figure("tokens × k ÷ (E × share of experts touched)"),
        ),
        inp(
            "N",
            "expert FFN width",
            experts.expert_ffn as f64,
            "",
            model_field("experts.expert_ffn"),
        ),
    );
    d.assumptions.insert(
        0,
        "the routed experts stand for the step: they hold most of the weight bytes",
    );
    d.assumptions
        .push("tokens route evenly over the experts they touch");
    Some(d)
}

pub(super) fn experts_touched(x: Ctx<'_>) -> Option<Derivation> {
    let (k, e) = routing(x)?;
    Some(derived(
        Formula::ExpertsTouchedPct,
        100.0 * x.m()?.moe?.experts_touched,
        "%",
        vec![k, e, tokens(x, At::Decode)],
        vec!["each token picks its k experts independently and uniformly at random"],
    ))
}

pub(super) fn tokens_per_expert(x: Ctx<'_>) -> Option<Derivation> {
    let (k, e) = routing(x)?;
    let moe = x.m()?.moe?;
    Some(derived(
        Formula::TokensPerExpert,
        moe.tokens_per_expert,
        "tokens",
        vec![
            tokens(x, At::Decode),
            k,
            e,
            inp(
                "f",
                "share of experts touched",
                moe.experts_touched,
                "",
                figure("experts_touched_pct ÷ 100"),
            ),
        ],
        vec!["tokens route evenly over the experts they touch"],
    ))
}
