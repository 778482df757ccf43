//! The decode dot: the one point that places a decode step on the roofline. Lessons
//! (`decode_dot_intensity`, `ridge_share_pct`, `attainable_tflops`, `batch_to_ridge`), `calc`
//! and the plot's readouts all read it from here, so no screen can pair one layer's intensity
//! with another layer's share of the ridge.
//!
//! For a dense model the dot is the FC layers (hidden × ffn), whose batch is every token of
//! the step. For a mixture of experts it is the routed experts, which hold most of the weight
//! bytes and each see only the tokens routed to them (B·k ÷ experts touched), so the same batch
//! sits far lower; the dense layers (attention projections, shared experts) keep their own,
//! higher intensity, reported beside it.

use super::derivation::Formula;
use super::model::ModelSpec;
use super::roofline::{self, Bound};

/// Which layers the dot stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DotLayers {
    /// The FC layers of a dense model, batch = every token of the step.
    Dense,
    /// The routed experts of an MoE model, batch = the tokens each touched expert sees.
    RoutedExperts,
}

impl DotLayers {
    /// Short name for labels: `dense` or `experts`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Dense => "dense",
            Self::RoutedExperts => "experts",
        }
    }
}

/// The matmul arithmetic a dot is computed from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DotInputs {
    /// Ridge of the active GPU and format, FLOP/byte.
    pub ridge: f64,
    /// Peak FLOP/s of the math format.
    pub peak_flops: f64,
    /// Memory bandwidth, bytes/s.
    pub bandwidth: f64,
    /// Tokens multiplied per step: batch × (1 + draft tokens).
    pub tokens: f64,
    /// Tokens per sequence per step: 1 + draft tokens.
    pub tokens_per_sequence: f64,
    /// Bytes per matmul weight (scales included).
    pub weight_bytes: f64,
    /// Bytes per activation element.
    pub act_bytes: f64,
}

/// The decode dot and everything a screen says about it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodeDot {
    /// Which layers it stands for.
    pub layers: DotLayers,
    /// Its arithmetic intensity, FLOP/byte.
    pub intensity: f64,
    /// Intensity ÷ ridge (1 = at the ridge).
    pub ridge_share: f64,
    /// Attainable FLOP/s at that intensity: min(peak, intensity × bandwidth).
    pub attainable_flops: f64,
    /// Which roof it sits under.
    pub bound: Bound,
    /// Sequences per step at which its exact intensity reaches the ridge (MoE: the tokens per
    /// expert m* that reach it, times E/k); `None` when it never does.
    pub batch_to_ridge: Option<f64>,
    /// The small-batch estimate: ridge · b_w ÷ 2 sequences (MoE: × E/k).
    pub batch_to_ridge_approx: f64,
}

/// The dense layers' FC intensity at the step's tokens (hidden × ffn), FLOP/byte.
#[must_use]
pub fn dense_intensity(model: &ModelSpec, inputs: &DotInputs) -> f64 {
    Formula::FcIntensity.compute(&[
        inputs.tokens,
        model.hidden as f64,
        model.ffn as f64,
        inputs.weight_bytes,
        inputs.act_bytes,
    ])
}

/// A routed expert's intensity at `tokens` tokens in the step (decode batch or prefill
/// prompt): its own tokens are tokens · k ÷ experts touched. `None` for dense models.
#[must_use]
pub fn expert_intensity(model: &ModelSpec, tokens: f64, inputs: &DotInputs) -> Option<f64> {
    let experts = model.experts?;
    let per_expert = model.tokens_per_active_expert(tokens)?;
    Some(Formula::FcIntensity.compute(&[
        per_expert,
        model.hidden as f64,
        experts.expert_ffn as f64,
        inputs.weight_bytes,
        inputs.act_bytes,
    ]))
}

/// The tokens a routed expert must multiply in one step for its intensity to reach the ridge
/// (m*); `None` for dense models and for experts that never reach it.
#[must_use]
pub fn expert_tokens_to_ridge(model: &ModelSpec, inputs: &DotInputs) -> Option<f64> {
    let experts = model.experts?;
    let m = Formula::BatchToRidge.compute(&[
        inputs.ridge,
        model.hidden as f64,
        experts.expert_ffn as f64,
        inputs.weight_bytes,
        inputs.act_bytes,
        1.0,
        1.0,
    ]);
    m.is_finite().then_some(m)
}

/// The batch at which the dense layers reach the ridge (exact FC formula), in sequences.
#[must_use]
pub fn dense_batch_to_ridge(model: &ModelSpec, inputs: &DotInputs) -> Option<f64> {
    batch(model, inputs, model.ffn as f64, 1.0)
}

/// The batch at which a `hidden × width` matmul spread over `spread` experts per routed token
/// reaches the ridge, through [`Formula::BatchToRidge`]; `None` when it never does.
fn batch(model: &ModelSpec, inputs: &DotInputs, width: f64, spread: f64) -> Option<f64> {
    let b = Formula::BatchToRidge.compute(&[
        inputs.ridge,
        model.hidden as f64,
        width,
        inputs.weight_bytes,
        inputs.act_bytes,
        spread,
        inputs.tokens_per_sequence,
    ]);
    b.is_finite().then_some(b)
}

impl DecodeDot {
    /// The dot for a model at a step: the routed experts for MoE models, else the dense layers.
    #[must_use]
    pub fn of(model: &ModelSpec, inputs: &DotInputs) -> Self {
        let DotInputs {
            ridge,
            weight_bytes,
            tokens_per_sequence,
            ..
        } = *inputs;
        let (layers, intensity, batch_to_ridge, batch_to_ridge_approx) = match (
            model.experts,
            expert_intensity(model, inputs.tokens, inputs),
        ) {
            (Some(e), Some(intensity)) => {
                // Once every expert is touched each sees tokens·k/E, so the batch is m*·E/k.
                let spread = f64::from(e.routed) / f64::from(e.per_token);
                (
                    DotLayers::RoutedExperts,
                    intensity,
                    batch(model, inputs, e.expert_ffn as f64, spread),
                    Formula::BatchToRidgeApprox.compute(&[
                        ridge,
                        weight_bytes,
                        spread,
                        tokens_per_sequence,
                    ]),
                )
            }
            _ => (
                DotLayers::Dense,
                dense_intensity(model, inputs),
                batch(model, inputs, model.ffn as f64, 1.0),
                Formula::BatchToRidgeApprox.compute(&[
                    ridge,
                    weight_bytes,
                    1.0,
                    tokens_per_sequence,
                ]),
            ),
        };
        Self {
            layers,
            intensity,
            ridge_share: Formula::RidgeShare.compute(&[intensity, ridge]),
            attainable_flops: Formula::Attainable.compute(&[
                intensity,
                inputs.peak_flops,
                inputs.bandwidth,
            ]),
            bound: roofline::bound_at(intensity, ridge),
            batch_to_ridge,
            batch_to_ridge_approx,
        }
    }
}
