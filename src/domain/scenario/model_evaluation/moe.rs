//! The routed experts' figures of a mixture-of-experts model in a scenario.

use crate::domain::decode_dot::{self, DotInputs};
use crate::domain::model::ModelSpec;

/// What the roofline says about a MoE model's routed experts in one decode step: all of it
/// exists exactly when the model routes its tokens to experts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoeFigures {
    /// A routed expert's intensity (hidden × expert width), whose batch is only the tokens
    /// routed to it (tokens · k ÷ experts touched), FLOP/byte.
    pub expert_intensity: f64,
    /// Share of routed experts the step's tokens touch, 1 − (1 − k/E)^tokens.
    pub experts_touched: f64,
    /// Tokens each touched expert multiplies in the step (tokens · k ÷ touched).
    pub tokens_per_expert: f64,
    /// Tokens an expert must see in one step for its intensity to reach the ridge (m*); `None`
    /// when it never does.
    pub expert_tokens_to_ridge: Option<f64>,
}

impl MoeFigures {
    /// The routed experts' figures for a step of `tokens` tokens; `None` for a dense model.
    pub(super) fn of(model: &ModelSpec, tokens: f64, inputs: &DotInputs) -> Option<Self> {
        let tokens_per_expert = model.tokens_per_active_expert(tokens)?;
        Some(Self {
            expert_intensity: decode_dot::expert_intensity(model, tokens, inputs)?,
            experts_touched: model.experts_touched_fraction(tokens),
            tokens_per_expert,
            expert_tokens_to_ridge: decode_dot::expert_tokens_to_ridge(model, inputs),
        })
    }
}
