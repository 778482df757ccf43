//! The names a placeholder may use: engine quantities and the scenario's own settings.

use super::UNAVAILABLE;
use super::number::{Format, format_number};
use crate::domain::catalog::Catalog;
use crate::domain::derivation::Formula;
use crate::domain::describe;
use crate::domain::model::ModelSpec;
use crate::domain::scenario::{Role, Scenario};
pub use unknown::UnknownName;

/// A scenario setting a placeholder can show as it is (no evaluation needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The GPU's display name (`H100 SXM5`).
    Gpu,
    /// The GPU's id (`h100-sxm`).
    GpuId,
    /// The model's display name (`Llama-3-8B`).
    Model,
    /// The model's id (`llama-3-8b`).
    ModelId,
    /// The math format as datasheets write it (`BF16`).
    Precision,
    /// The weight format (`BF16`, `INT4`, …).
    Weights,
    /// The KV cache format (`BF16`, `FP8`, …).
    Kv,
    /// Sequences per step.
    Batch,
    /// Context tokens per sequence.
    Context,
    /// Tensor-parallel degree.
    Tp,
    /// Expert-parallel degree.
    Ep,
    /// Pipeline stages.
    Pp,
    /// GPU memory utilization (`0.9`).
    MemUtil,
    /// GB per GPU reserved outside the KV budget.
    OverheadGb,
    /// Prompt length for prefill.
    Prompt,
    /// Speculative draft tokens per sequence per step.
    DraftTokens,
    /// Price of one GPU-hour, US dollars.
    GpuHourUsd,
    /// What the decode dot stands for: `FC layers` or `routed experts`.
    DotLayers,
    /// KV bytes per token as a product of the model's own figures (GQA, MLA or hybrid).
    KvFormula,
    /// Decode attention intensity per GPU as a formula with the model's figures.
    AttentionFormula,
    /// Where one sequence's KV lives in the TP group (split by head, copied, whole sequences).
    KvLayout,
    /// The scale-up link's display name, as `link_gbs` gives its bandwidth (the scenario's
    /// `scale_up_link`, else its one-for-both `link`, else the GPU's own).
    Link,
    /// The scale-out link's display name (the scenario's `scale_out_link`, else its
    /// one-for-both `link`, else the GPU's NIC): what a prompt's KV and a group wider than one
    /// scale-up domain cross.
    ScaleOutLink,
    /// That link's bandwidth, one direction, per GPU, GB/s, as the links data gives it.
    ScaleOutGbs,
    /// Share of each prompt found in the prefix cache, in percent.
    PrefixHitPct,
    /// Output tokens per request.
    OutputTokens,
    /// Prefill tokens per mixed step in one pool.
    Chunk,
    /// Time-per-output-token target, ms.
    TpotTargetMs,
    /// Requests arriving per second.
    Rate,
    /// Tokens per KV-cache block (vLLM's `block_size`).
    BlockSize,
    /// The share of the speed of light a real engine reaches (its MBU), in percent.
    EfficiencyPct,
    /// The token-time target at the speed of light: `tpot_target_ms × efficiency`, ms.
    TpotBudgetMs,
    /// The model's query heads (`32` for Llama-3-8B).
    QueryHeads,
    /// The model's KV heads (`8` for Llama-3-8B; `1` latent for MLA).
    KvHeads,
    /// Query heads per KV head, g.
    GroupSize,
    /// The model's layers.
    Layers,
    /// The layers that keep a KV cache (a hybrid model's softmax-attention layers).
    KvLayers,
    /// Width of one attention head.
    HeadDim,
    /// The model's hidden width.
    Hidden,
    /// The dense MLP's inner width.
    Ffn,
    /// An MoE model's routed experts per MoE layer, E (`—` for a dense model).
    Experts,
    /// The routed experts each token is sent to, k (`—` for a dense model).
    ExpertsPerToken,
}

impl Setting {
    /// Every setting, in documentation order.
    pub const ALL: [Self; 42] = [
        Self::Gpu,
        Self::GpuId,
        Self::Model,
        Self::ModelId,
        Self::Precision,
        Self::Weights,
        Self::Kv,
        Self::Batch,
        Self::Context,
        Self::Tp,
        Self::Ep,
        Self::Pp,
        Self::MemUtil,
        Self::OverheadGb,
        Self::Prompt,
        Self::DraftTokens,
        Self::GpuHourUsd,
        Self::DotLayers,
        Self::KvFormula,
        Self::AttentionFormula,
        Self::KvLayout,
        Self::Link,
        Self::ScaleOutLink,
        Self::ScaleOutGbs,
        Self::PrefixHitPct,
        Self::OutputTokens,
        Self::Chunk,
        Self::TpotTargetMs,
        Self::Rate,
        Self::BlockSize,
        Self::EfficiencyPct,
        Self::TpotBudgetMs,
        Self::QueryHeads,
        Self::KvHeads,
        Self::GroupSize,
        Self::Layers,
        Self::KvLayers,
        Self::HeadDim,
        Self::Hidden,
        Self::Ffn,
        Self::Experts,
        Self::ExpertsPerToken,
    ];

    /// The name lessons write between braces.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Gpu => "gpu",
            Self::GpuId => "gpu_id",
            Self::Model => "model",
            Self::ModelId => "model_id",
            Self::Precision => "precision",
            Self::Weights => "weights",
            Self::Kv => "kv",
            Self::Batch => "batch",
            Self::Context => "context",
            Self::Tp => "tp",
            Self::Ep => "ep",
            Self::Pp => "pp",
            Self::MemUtil => "mem_util",
            Self::OverheadGb => "overhead_gb",
            Self::Prompt => "prompt",
            Self::DraftTokens => "draft_tokens",
            Self::GpuHourUsd => "gpu_hour_usd",
            Self::DotLayers => "dot_layers",
            Self::KvFormula => "kv_formula",
            Self::AttentionFormula => "attention_formula",
            Self::KvLayout => "kv_layout",
            Self::Link => "link",
            Self::ScaleOutLink => "scale_out_link",
            Self::ScaleOutGbs => "scale_out_gbs",
            Self::PrefixHitPct => "prefix_hit_pct",
            Self::OutputTokens => "output_tokens",
            Self::Chunk => "chunk",
            Self::TpotTargetMs => "tpot_target_ms",
            Self::Rate => "rate",
            Self::BlockSize => "block_size",
            Self::EfficiencyPct => "efficiency_pct",
            Self::TpotBudgetMs => "tpot_budget_ms",
            Self::QueryHeads => "query_heads",
            Self::KvHeads => "kv_heads",
            Self::GroupSize => "group_size",
            Self::Layers => "layers",
            Self::KvLayers => "kv_layers",
            Self::HeadDim => "head_dim",
            Self::Hidden => "hidden",
            Self::Ffn => "ffn",
            Self::Experts => "experts",
            Self::ExpertsPerToken => "experts_per_token",
        }
    }

    /// The numeric value, for the settings that are numbers the scenario holds.
    #[must_use]
    pub fn number(self, s: &Scenario) -> Option<f64> {
        match self.source() {
            Source::Scenario(read) => read(s),
            Source::Model(_) | Source::Catalog(_) | Source::Text(_) => None,
        }
    }

    /// Whether the setting is a number (and so takes a `.N` format).
    #[must_use]
    pub const fn is_numeric(self) -> bool {
        !matches!(self.source(), Source::Text(_))
    }

    /// The setting as text; an id the catalog lacks or a missing model shows as `—`.
    #[must_use]
    pub fn render(self, s: &Scenario, catalog: &Catalog, format: Format) -> String {
        let text = match self.source() {
            Source::Scenario(read) => read(s).map(|v| format_number(v, format)),
            Source::Model(figure) => model_of(s, catalog).map(|m| format_number(figure(m), format)),
            Source::Catalog(read) => read(s, catalog).map(|v| format_number(v, format)),
            Source::Text(read) => read(s, catalog),
        };
        text.unwrap_or_else(|| UNAVAILABLE.to_owned())
    }

    /// Where the setting's value comes from, and how to read it: the one place that sorts the
    /// settings into numbers of the scenario, figures of the model, numbers of the catalog and text.
    const fn source(self) -> Source {
        match self {
            Self::Batch => Source::Scenario(|s| Some(f64::from(s.batch))),
            Self::Context => Source::Scenario(|s| Some(s.context as f64)),
            Self::Tp => Source::Scenario(|s| Some(f64::from(s.tp))),
            Self::Ep => Source::Scenario(|s| Some(f64::from(s.ep))),
            Self::Pp => Source::Scenario(|s| Some(f64::from(s.pp))),
            Self::MemUtil => Source::Scenario(|s| Some(s.mem_util)),
            Self::OverheadGb => Source::Scenario(|s| Some(s.overhead_gb)),
            Self::Prompt => Source::Scenario(|s| Some(s.prompt as f64)),
            Self::DraftTokens => Source::Scenario(|s| Some(f64::from(s.draft_tokens))),
            Self::GpuHourUsd => Source::Scenario(|s| Some(s.gpu_hour_usd)),
            Self::PrefixHitPct => Source::Scenario(|s| Some(100.0 * s.prefix_hit)),
            Self::OutputTokens => Source::Scenario(|s| Some(f64::from(s.output_tokens))),
            Self::Chunk => Source::Scenario(|s| Some(s.chunk as f64)),
            Self::TpotTargetMs => Source::Scenario(|s| s.tpot_target_ms),
            Self::Rate => Source::Scenario(|s| s.rate),
            Self::BlockSize => Source::Scenario(|s| Some(s.block_size as f64)),
            Self::EfficiencyPct => Source::Scenario(|s| Some(100.0 * s.efficiency)),
            Self::TpotBudgetMs => Source::Scenario(|s| {
                Some(Formula::TokenBudget.compute(&[s.tpot_target_ms?, s.efficiency]))
            }),
            Self::QueryHeads => Source::Model(|m| f64::from(m.query_heads)),
            Self::KvHeads => Source::Model(|m| f64::from(m.kv_heads)),
            Self::GroupSize => Source::Model(ModelSpec::group_size),
            Self::Layers => Source::Model(|m| f64::from(m.layers)),
            Self::KvLayers => Source::Model(|m| f64::from(m.kv_layers())),
            Self::HeadDim => Source::Model(|m| f64::from(m.head_dim)),
            Self::Hidden => Source::Model(|m| m.hidden as f64),
            Self::Ffn => Source::Model(|m| m.ffn as f64),
            Self::Experts => Source::Catalog(|s, catalog| {
                model_of(s, catalog)?.experts.map(|e| f64::from(e.routed))
            }),
            Self::ExpertsPerToken => Source::Catalog(|s, catalog| {
                model_of(s, catalog)?
                    .experts
                    .map(|e| f64::from(e.per_token))
            }),
            Self::ScaleOutGbs => Source::Catalog(|s, catalog| scale_out(s, catalog).map(|l| l.gbs)),
            Self::Gpu => {
                Source::Text(|s, catalog| catalog.gpu(&s.gpu).ok().map(|g| g.name.clone()))
            }
            Self::GpuId => Source::Text(|s, _| Some(s.gpu.clone())),
            Self::Model => Source::Text(|s, catalog| model_of(s, catalog).map(|m| m.name.clone())),
            Self::ModelId => Source::Text(|s, _| s.model.clone()),
            Self::Precision => Source::Text(|s, _| Some(s.precision.label())),
            Self::Weights => Source::Text(|s, _| Some(s.weights.label())),
            Self::Kv => Source::Text(|s, _| Some(s.kv.label())),
            Self::DotLayers => Source::Text(|s, catalog| {
                model_of(s, catalog).map(|m| describe::dot_layers(m).to_owned())
            }),
            Self::KvFormula => {
                Source::Text(|s, catalog| model_of(s, catalog).map(|m| describe::kv_formula(m, s)))
            }
            Self::AttentionFormula => Source::Text(|s, catalog| {
                model_of(s, catalog).map(|m| describe::attention_formula(m, s))
            }),
            Self::KvLayout => Source::Text(|s, catalog| {
                model_of(s, catalog).map(|m| describe::kv_layout(m, s).to_owned())
            }),
            Self::Link => Source::Text(|s, catalog| {
                crate::domain::scenario::link_id(s, catalog, Role::ScaleUp)
                    .and_then(|id| catalog.links.iter().find(|l| l.id == id))
                    .map(|l| l.name.clone())
            }),
            Self::ScaleOutLink => {
                Source::Text(|s, catalog| scale_out(s, catalog).map(|l| l.name.clone()))
            }
        }
    }
}

/// Where a setting's value comes from (see [`Setting::source`]).
#[derive(Clone, Copy)]
enum Source {
    /// A number the scenario holds (`None` where the scenario leaves it unset).
    Scenario(fn(&Scenario) -> Option<f64>),
    /// A figure of the scenario's model (`—` without a model).
    Model(fn(&ModelSpec) -> f64),
    /// A number the catalog gives for the scenario's ids.
    Catalog(fn(&Scenario, &Catalog) -> Option<f64>),
    /// Text: a name, an id, a format or a formula.
    Text(fn(&Scenario, &Catalog) -> Option<String>),
}

/// The scenario's scale-out link, from the links data.
fn scale_out<'a>(s: &Scenario, catalog: &'a Catalog) -> Option<&'a crate::domain::link::Link> {
    crate::domain::scenario::link_id(s, catalog, Role::ScaleOut)
        .and_then(|id| catalog.links.iter().find(|l| l.id == id))
}

fn model_of<'a>(s: &Scenario, catalog: &'a Catalog) -> Option<&'a ModelSpec> {
    s.model.as_deref().and_then(|id| catalog.model(id).ok())
}

mod value_name;
pub use value_name::ValueName;

mod unknown;

#[cfg(test)]
mod tests;
