//! gpt-oss (`model_type` `gpt_oss`): biased attention projections with one learned sink per
//! query head, routed experts as wide as `intermediate_size` with their own biases, and a
//! router with a bias, as `transformers`' `GptOssAttention`, `GptOssTopKRouter` and
//! `GptOssExperts` build them.

use crate::content::located::LocatedError;
use crate::domain::model_config::{
    AttentionSinks, ConfigExperts, ExpertBias, ModelConfig, ProjectionBias,
};

use super::section::Section;

/// What gpt-oss adds to the dense core.
pub(super) fn read(
    m: Section<'_>,
    c: &mut ModelConfig,
    origins: &mut Vec<(&'static str, String)>,
) -> Result<(), LocatedError> {
    if m.opt_flag("attention_bias")?.unwrap_or(true) {
        c.attention.bias = ProjectionBias::All;
    }
    c.attention.sinks = AttentionSinks::PerHead;
    let routed = m.count32("num_local_experts", "the routed experts per layer")?;
    let per_token = m.count32(
        "num_experts_per_tok",
        "the routed experts each token uses (top-k)",
    )?;
    c.experts = Some(ConfigExperts {
        routed,
        per_token,
        shared: 0,
        expert_ffn: c.ffn,
        dense_layers: 0,
        router_bias: true,
        bias: ExpertBias::GateUpDown,
    });
    origins.push(("experts.routed", m.origin("num_local_experts")));
    origins.push(("experts.expert_ffn", m.origin("intermediate_size")));
    origins.push((
        "experts.bias",
        format!(
            "2 × {} + {} (gate-up and down biases)",
            m.origin("intermediate_size"),
            m.origin("hidden_size")
        ),
    ));
    origins.push(("sinks", m.origin("num_attention_heads")));
    Ok(())
}

#[cfg(test)]
mod tests;
