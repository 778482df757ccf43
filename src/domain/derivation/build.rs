//! The derivations of one evaluated scenario, with the inputs the engine used: one per
//! [`Quantity`], built by family (the GPU, the matmuls, MoE routing, memory, time, cluster).

use super::{Derivation, Formula, Input, Source};
use crate::domain::dtype::Dtype;
use crate::domain::hardware::Gpu;
use crate::domain::model::ModelSpec;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{ClusterEvaluation, Evaluation, ModelEvaluation, Scenario};
use crate::domain::weight_format::WeightFormat;

mod cluster;
mod dense;
mod figures;
mod gpu;
mod latency;
mod memory;
mod moe;
mod rerun;
mod roofs;
mod scale;
mod time;

/// What a derivation of what one GPU holds assumes when the replica runs as PP stages.
const STAGES_SPLIT_LAYERS: &str = "the PP stages split the layers evenly: each GPU holds the weights and the KV of its own stage's layers only";

/// What every builder reads: the scenario, its evaluation, and the catalog's entries it names.
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    s: &'a Scenario,
    e: &'a Evaluation,
    gpu: &'a Gpu,
    spec: Option<&'a ModelSpec>,
}

impl<'a> Ctx<'a> {
    fn m(self) -> Option<&'a ModelEvaluation> {
        self.e.model.as_ref()
    }

    /// The model's evaluation and its catalog entry.
    fn mm(self) -> Option<(&'a ModelEvaluation, &'a ModelSpec)> {
        self.m().zip(self.spec)
    }

    fn c(self) -> Option<&'a ClusterEvaluation> {
        self.e.cluster.as_ref()
    }

    fn datasheet(self, field: &str) -> Source {
        Source::Datasheet {
            field: field.to_owned(),
            cite: self.gpu.source.clone(),
        }
    }

    /// `b_w`: the weight format's bytes per matmul weight.
    fn weight_bytes(self) -> Input {
        inp(
            "b_w",
            "bytes per weight",
            WeightFormat::of(self.s.weights).body_bytes(),
            "bytes/weight",
            format_setting("weights", self.s.weights),
        )
    }

    /// `b_a`: the math format's bytes per activation.
    fn act_bytes(self) -> Input {
        format_bytes(
            "b_a",
            "bytes per activation",
            "bytes/element",
            "precision",
            self.s.precision,
        )
    }

    /// An input read straight from the scenario's setting `field` by `read`: the tutor's
    /// default when it reads the same on the calculator's defaults ([`Scenario::for_gpu`]).
    fn setting_input(
        self,
        symbol: &'static str,
        name: &'static str,
        unit: &'static str,
        field: &str,
        read: fn(&Scenario) -> f64,
    ) -> Input {
        let value = read(self.s);
        let default = read(&Scenario::for_gpu(&self.s.gpu));
        inp(
            symbol,
            name,
            value,
            unit,
            setting(field, value.to_bits() == default.to_bits()),
        )
    }

    /// `TP`: the GPUs that split each layer ([`Input::tp_group`]).
    fn tp(self, symbol: &'static str) -> Input {
        Input::tp_group(symbol, self.s)
    }

    /// `PP`: the pipeline stages, each holding its share of the layers.
    fn pp(self) -> Input {
        self.setting_input("PP", "pipeline stages", "", "pp", |s| f64::from(s.pp))
    }

    /// Whether the replica runs as more than one pipeline stage (a derivation then names PP).
    const fn staged(self) -> bool {
        self.s.pp > 1
    }

    /// `one` at one pipeline stage, else `staged` (the same formula, also over PP).
    const fn over_stages(self, one: Formula, staged: Formula) -> Formula {
        if self.staged() { staged } else { one }
    }

    /// `inputs`, with [`Ctx::pp`] last when the replica runs as more than one stage.
    fn with_pp(self, mut inputs: Vec<Input>) -> Vec<Input> {
        if self.staged() {
            inputs.push(self.pp());
        }
        inputs
    }

    /// `assumptions`, with [`STAGES_SPLIT_LAYERS`] last when the replica runs as more than one
    /// stage (the derivations of what one GPU holds).
    fn with_layers_split(self, mut assumptions: Vec<&'static str>) -> Vec<&'static str> {
        if self.staged() {
            assumptions.push(STAGES_SPLIT_LAYERS);
        }
        assumptions
    }

    /// The GPUs of a replica ([`Input::replica_gpus`]): TP at one stage, else TP × PP.
    fn gpus(self, symbol: &'static str) -> Input {
        Input::replica_gpus(symbol, self.s)
    }

    /// `L`: the context.
    fn context(self) -> Input {
        self.setting_input("L", "context", "tokens", "context", |s| s.context as f64)
    }

    /// `n`: the output tokens of one request.
    fn output_tokens(self) -> Input {
        self.setting_input(
            "n",
            "output tokens per request",
            "tokens",
            "output_tokens",
            |s| f64::from(s.output_tokens),
        )
    }

    /// `price`: what one GPU costs per hour.
    fn price(self) -> Input {
        self.setting_input("price", "price per GPU-hour", "USD", "gpu_hour_usd", |s| {
            s.gpu_hour_usd
        })
    }

    /// `1+q`: the tokens each sequence adds per step (one, plus the draft tokens).
    fn per_sequence(self) -> Input {
        self.setting_input(
            "1+q",
            "tokens per sequence per step",
            "",
            "draft_tokens",
            |s| 1.0 + f64::from(s.draft_tokens),
        )
    }

    /// `B`: the sequences in the batch.
    fn batch(self) -> Input {
        self.setting_input("B", "sequences in the batch", "", "batch", |s| {
            f64::from(s.batch)
        })
    }
}

/// Every derivation `calc --explain` prints for a scenario: the ridge, and with a model the
/// KV wall, the batch to the ridge, the step time, tokens/s and the cost. `gpu` and `model`
/// are the catalog's entries the scenario names.
#[must_use]
pub fn derivations(
    s: &Scenario,
    e: &Evaluation,
    gpu: &Gpu,
    model: Option<&ModelSpec>,
) -> Vec<Derivation> {
    [
        Quantity::Ridge,
        Quantity::MaxBatchKv,
        Quantity::BatchToRidge,
        Quantity::StepTimeMs,
        Quantity::TokensPerS,
        Quantity::UsdPerMillionTokens,
    ]
    .into_iter()
    .filter_map(|q| of_quantity(q, s, e, gpu, model))
    .collect()
}

/// The derivation of a quantity a lesson asks, a readout shows or `calc` prints, with the
/// inputs the engine computed it from; `None` where the quantity does not apply (no model, a
/// dense model's expert figures, no link, no target or rate set).
#[expect(
    clippy::too_many_lines,
    reason = "a table: one row per quantity, and a new quantity adds its row here"
)]
#[must_use]
pub fn of_quantity(
    q: Quantity,
    s: &Scenario,
    e: &Evaluation,
    gpu: &Gpu,
    model: Option<&ModelSpec>,
) -> Option<Derivation> {
    use Quantity as Q;
    let cx = Ctx {
        s,
        e,
        gpu,
        spec: model,
    };
    let d = match q {
        Q::Ridge => Some(gpu::ridge(cx)),
        Q::PeakTflops => gpu::given(cx, gpu::Row::Peak),
        Q::BandwidthTbs => gpu::given(cx, gpu::Row::Bandwidth),
        Q::MemoryGb => gpu::given(cx, gpu::Row::Memory),
        Q::TdpW => gpu::given(cx, gpu::Row::Tdp),
        Q::FcIntensity | Q::DenseIntensity => dense::fc_intensity(cx, dense::At::Decode),
        Q::DensePrefillIntensity => dense::fc_intensity(cx, dense::At::Prefill),
        Q::DecodeDotIntensity => moe::dot_intensity(cx, moe::Which::Dot),
        Q::ExpertIntensity => moe::dot_intensity(cx, moe::Which::Expert),
        Q::PrefillIntensity => moe::dot_intensity(cx, moe::Which::Prefill),
        Q::FcIntensityApprox => dense::fc_intensity_approx(cx),
        Q::ExpertsTouchedPct => moe::experts_touched(cx),
        Q::TokensPerExpert => moe::tokens_per_expert(cx),
        Q::ExpertTokensToRidge => dense::batch_to_ridge(cx, dense::ToRidge::ExpertTokens),
        Q::BatchToRidge => dense::batch_to_ridge(cx, dense::ToRidge::Dot),
        Q::DenseBatchToRidge => dense::batch_to_ridge(cx, dense::ToRidge::Dense),
        Q::RidgeSharePct => dense::ridge_share(cx),
        Q::AttainableTflops => dense::attainable(cx),
        Q::BatchToRidgeApprox => dense::batch_to_ridge_approx(cx),
        Q::DecodeDotBound => dense::bound(cx, dense::BoundOf::Dot),
        Q::Bound => dense::bound(cx, dense::BoundOf::Step),
        Q::AttentionIntensity => dense::attention_intensity(cx),
        Q::KvBytesPerToken | Q::KvKibPerToken => memory::kv_per_token(cx),
        Q::KvGbPerSequence => memory::kv_per_sequence(cx),
        Q::StateGbPerSequence => memory::state(cx),
        Q::SequenceGbPerGpu => memory::sequence_per_gpu(cx),
        Q::KvGbReadPerGpu => memory::kv_read(cx),
        Q::KvBudgetGb => memory::kv_budget(cx),
        Q::MaxBatchKv => memory::kv_wall(cx),
        Q::WeightGbPerGpu => memory::weights(cx, memory::Weights::Read),
        Q::WeightGbStoredPerGpu => memory::weights(cx, memory::Weights::Stored),
        Q::MemoryTimeMs => time::step(cx, time::Part::Memory),
        Q::ComputeTimeMs => time::step(cx, time::Part::Compute),
        Q::StepTimeMs | Q::TpotMs => time::step(cx, time::Part::Step),
        Q::TokensPerS => time::tokens_per_s(cx, time::Rate::Batch),
        Q::TokensPerSPerSeq => time::tokens_per_s(cx, time::Rate::Sequence),
        Q::TtftMs => time::ttft(cx),
        Q::MeasuredTpotMs => time::measured(cx),
        Q::UsdPerMillionTokens => time::cost(cx),
        Q::EnergyPerTokenJ => time::energy(cx),
        Q::KvTransferMs => cluster::transfer(cx, cluster::Link::Transfer),
        Q::TransferSharePct => cluster::transfer(cx, cluster::Link::Share),
        Q::SplitTtftMs => cluster::transfer(cx, cluster::Link::SplitTtft),
        Q::LinkGbs => cluster::link_gbs(cx),
        Q::PrefillTokens => cluster::prefill(cx, cluster::Prefill::Tokens),
        Q::PrefillMs => cluster::prefill(cx, cluster::Prefill::Time),
        Q::MixedTpotMs => cluster::prefill(cx, cluster::Prefill::Mixed),
        Q::AllreduceCalls => cluster::allreduce(cx, cluster::Comm::Calls),
        Q::AllreduceMs => cluster::allreduce(cx, cluster::Comm::Time),
        Q::AllreduceLatencyMs => cluster::allreduce(cx, cluster::Comm::Latency),
        Q::StepWithCommMs => cluster::allreduce(cx, cluster::Comm::StepWith),
        Q::CommSharePct => cluster::allreduce(cx, cluster::Comm::Share),
        Q::TargetBatch => latency::searched(cx, latency::Search::Target),
        Q::TargetBatchNoWall => latency::searched(cx, latency::Search::NoWall),
        Q::TpToFit => scale::tp_to_fit(cx),
        Q::ReplicasForRate => scale::sized(cx, scale::Sized::Replicas),
        Q::PoolRatio => scale::sized(cx, scale::Sized::PoolRatio),
        Q::TargetUsdPerMillionTokens => scale::sized(cx, scale::Sized::Cost),
        Q::KvBlockKib => scale::blocks(cx, scale::Block::Kv),
        Q::BlockWasteKib => scale::blocks(cx, scale::Block::Waste),
        Q::KvSharePct => scale::kv_share(cx),
        Q::StateKvTokens => scale::state_in_tokens(cx),
        Q::PpStepMs => scale::pipeline_step(cx),
        Q::AlltoallMbPerToken => scale::alltoall(cx),
        Q::EpAlltoallMs => Some(cx.c()?.parallel.all_to_all.as_ref()?.derivation.clone()),
        Q::PpSendMs => Some(cx.c()?.parallel.pipeline.as_ref()?.derivation.clone()),
        Q::KvUsagePct => scale::kv_usage(cx),
        Q::BendBatch => latency::searched(cx, latency::Search::Bend),
        Q::TimeInSystemS => latency::rate(cx, latency::RateOf::TimeInSystem),
        Q::Concurrency => latency::rate(cx, latency::RateOf::Concurrency),
        Q::GpusForRate => latency::rate(cx, latency::RateOf::Gpus),
        Q::TokensPerSPerGpu => latency::rate(cx, latency::RateOf::PerGpu),
    }?;
    Some(Derivation {
        figure: q.name(),
        reruns: rerun::reruns(q, cx),
        ..d
    })
}

/// A derivation whose figure name [`of_quantity`] fills in.
fn derived(
    formula: Formula,
    value: f64,
    unit: &'static str,
    inputs: Vec<Input>,
    assumptions: Vec<&'static str>,
) -> Derivation {
    Derivation::new("", formula, value, unit, inputs, assumptions)
}

/// [`Input::new`], by the builders' short name.
const fn inp(
    symbol: &'static str,
    name: &'static str,
    value: f64,
    unit: &'static str,
    source: Source,
) -> Input {
    Input::new(symbol, name, value, unit, source)
}

/// A setting of the scenario, or the tutor's default when it is left at it.
fn setting(field: &str, is_default: bool) -> Source {
    Source::setting_or_default(field, is_default)
}

/// The format setting `field` (`precision = fp8`): always the learner's, a format being named.
fn format_setting(field: &str, format: Dtype) -> Source {
    setting(&format!("{field} = {}", format.name()), false)
}

/// `format`'s bytes per element, read from its setting `field` ([`format_setting`]).
fn format_bytes(
    symbol: &'static str,
    name: &'static str,
    unit: &'static str,
    field: &str,
    format: Dtype,
) -> Input {
    inp(
        symbol,
        name,
        format.bytes(),
        unit,
        format_setting(field, format),
    )
}

/// Another figure the engine computed first ([`Source::figure`], the builders' short name).
fn figure(name: &str) -> Source {
    Source::figure(name)
}

fn model_field(field: &str) -> Source {
    Source::Model {
        field: field.to_owned(),
    }
}
