//! Scenario patches: what a step changes relative to the learner's active cluster.

use serde::{Deserialize, Serialize};

use crate::domain::dtype::Dtype;
use crate::domain::scenario::Scenario;

/// Scenario fields a step overrides; everything left out comes from the active cluster.
/// Setting `precision` without `weights` sets the weights to the same format (as `calc` does).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPatch {
    /// Accelerator id.
    #[serde(default)]
    pub gpu: Option<String>,
    /// Model id.
    #[serde(default)]
    pub model: Option<String>,
    /// Math format.
    #[serde(default)]
    pub precision: Option<Dtype>,
    /// Weight format.
    #[serde(default)]
    pub weights: Option<Dtype>,
    /// KV cache format.
    #[serde(default)]
    pub kv: Option<Dtype>,
    /// Batch.
    #[serde(default)]
    pub batch: Option<u32>,
    /// Context tokens per sequence.
    #[serde(default)]
    pub context: Option<u64>,
    /// Tensor-parallel degree.
    #[serde(default)]
    pub tp: Option<u32>,
    /// Expert-parallel degree (MoE models).
    #[serde(default)]
    pub ep: Option<u32>,
    /// Pipeline stages.
    #[serde(default)]
    pub pp: Option<u32>,
    /// GPU memory utilization.
    #[serde(default)]
    pub mem_util: Option<f64>,
    /// GB per GPU reserved outside the KV budget.
    #[serde(default)]
    pub overhead_gb: Option<f64>,
    /// Prompt length for prefill.
    #[serde(default)]
    pub prompt: Option<u64>,
    /// Speculative draft tokens per sequence per step.
    #[serde(default)]
    pub draft_tokens: Option<u32>,
    /// Data-parallel attention (each GPU keeps its own sequences with all heads).
    #[serde(default)]
    pub attention_dp: Option<bool>,
    /// Price of one GPU-hour, US dollars.
    #[serde(default)]
    pub gpu_hour_usd: Option<f64>,
    /// Link id for both the KV transfer and the all-reduce.
    #[serde(default)]
    pub link: Option<String>,
    /// Link id for the tensor-parallel all-reduce alone (inside a node).
    #[serde(default)]
    pub scale_up_link: Option<String>,
    /// Link id for the KV transfer alone (between nodes).
    #[serde(default)]
    pub scale_out_link: Option<String>,
    /// Share of each prompt found in the prefix cache.
    #[serde(default)]
    pub prefix_hit: Option<f64>,
    /// Output tokens per request.
    #[serde(default)]
    pub output_tokens: Option<u32>,
    /// Prefill tokens per mixed step in one pool.
    #[serde(default)]
    pub chunk: Option<u64>,
    /// Time-per-output-token target, ms.
    #[serde(default)]
    pub tpot_target_ms: Option<f64>,
    /// Requests arriving per second.
    #[serde(default)]
    pub rate: Option<f64>,
    /// Tokens per KV-cache block (vLLM's `block_size`).
    #[serde(default)]
    pub block_size: Option<u64>,
    /// The share of the speed of light a real engine reaches, with where that figure comes from.
    #[serde(default)]
    pub efficiency: Option<Efficiency>,
}

/// An engine's efficiency as a lesson sets it: the achieved share of the bandwidth's speed of
/// light (MBU, in (0, 1]) and the measurement it is read from, kept in the data beside it
/// (`efficiency: (mbu: 0.8, source: "shared/reference/measured-h100.md: …")`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Efficiency {
    /// Achieved bandwidth ÷ the datasheet's, in (0, 1].
    pub mbu: f64,
    /// Where the figure comes from: a file of the reference and what it measured.
    pub source: String,
}

impl ScenarioPatch {
    /// The active cluster with this patch applied.
    #[must_use]
    pub fn apply(&self, base: &Scenario) -> Scenario {
        let mut s = base.clone();
        // Every field is named once: the settings copied as they are, those kept as an
        // `Option` on the scenario, and the rest (handled below, in this order). The pattern
        // is exhaustive, so a new field is a compile error until it is placed here.
        macro_rules! apply {
            (copy: $($c:ident),*; wrap: $($w:ident),*; rest: $($r:ident),*) => {
                let Self { $($c,)* $($w,)* $($r,)* } = self;
                $( if let Some(v) = $c { s.$c = *v; } )*
                $( if let Some(v) = $w { s.$w = Some(v.clone()); } )*
            };
        }
        apply!(
            copy: kv, batch, context, tp, ep, pp, mem_util, overhead_gb, prompt, draft_tokens,
                attention_dp, gpu_hour_usd, prefix_hit, output_tokens, chunk, block_size;
            wrap: model, link, scale_up_link, scale_out_link, tpot_target_ms, rate;
            rest: gpu, precision, weights, efficiency
        );
        if let Some(v) = gpu {
            s.gpu.clone_from(v);
        }
        if let Some(v) = precision {
            s.precision = *v;
            s.weights = *v;
        }
        if let Some(v) = weights {
            s.weights = *v;
        }
        if let Some(e) = efficiency {
            s.efficiency = e.mbu;
        }
        s
    }
}

/// The scenario a step computes for, given the learner's active cluster.
///
/// A patch that names a model is a textbook case: it starts from the default cluster, so its
/// numbers (and the lesson's prose around them) are the same for every learner. Any other patch
/// adjusts the active cluster (`batch: 64` means "your cluster at batch 64"), and no patch is
/// the active cluster itself.
#[must_use]
pub fn scenario_for(patch: Option<&ScenarioPatch>, active: &Scenario) -> Scenario {
    match patch {
        None => active.clone(),
        Some(p) if p.model.is_some() => p.apply(&Scenario::default_cluster()),
        Some(p) => p.apply(active),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patch_overrides_only_what_it_names() {
        let base = Scenario::default_cluster();
        let patch = ScenarioPatch {
            gpu: Some("h200".into()),
            precision: Some(Dtype::Fp8),
            batch: Some(8),
            ..ScenarioPatch::default()
        };
        let s = patch.apply(&base);
        assert_eq!(s.gpu, "h200");
        assert_eq!(
            (s.precision, s.weights, s.kv),
            (Dtype::Fp8, Dtype::Fp8, Dtype::Bf16)
        );
        assert_eq!(s.batch, 8);
        assert_eq!(s.model, base.model);
        assert_eq!(s.context, base.context);
    }

    #[test]
    fn a_patch_naming_a_model_is_a_textbook_case() {
        let mine = Scenario {
            gpu: "h100-nvl".into(),
            model: Some("qwen3-32b".into()),
            tp: 8,
            context: 32_768,
            ..Scenario::default_cluster()
        };
        let textbook = ScenarioPatch {
            model: Some("llama-3-8b".into()),
            ..ScenarioPatch::default()
        };
        let s = scenario_for(Some(&textbook), &mine);
        assert_eq!((s.gpu.as_str(), s.tp, s.context), ("h100-sxm", 1, 4096));
        let yours = ScenarioPatch {
            batch: Some(64),
            ..ScenarioPatch::default()
        };
        let s = scenario_for(Some(&yours), &mine);
        assert_eq!((s.gpu.as_str(), s.tp, s.batch), ("h100-nvl", 8, 64));
        assert_eq!(scenario_for(None, &mine), mine);
    }

    #[test]
    fn explicit_weights_win_over_precision() {
        let patch = ScenarioPatch {
            precision: Some(Dtype::Bf16),
            weights: Some(Dtype::Int4),
            ..ScenarioPatch::default()
        };
        let s = patch.apply(&Scenario::default_cluster());
        assert_eq!((s.precision, s.weights), (Dtype::Bf16, Dtype::Int4));
    }
}
