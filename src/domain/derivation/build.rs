//! The derivations of one evaluated scenario, with the inputs the engine used.

use super::{Derivation, Formula, Input, Source};
use crate::domain::hardware::Gpu;
use crate::domain::model::ModelSpec;
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, KvSplit, ModelEvaluation, Scenario};
use crate::domain::weight_format::WeightFormat;

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
    let mut all = vec![ridge(s, e, gpu)];
    if let (Some(m), Some(spec)) = (&e.model, model) {
        all.extend(kv_wall(s, e, gpu, m));
        all.extend(batch_to_ridge(s, e, m, spec));
        all.extend([step_time(e, m), tokens_per_s(s, m), cost(s, m)]);
    }
    all
}

/// The derivation of a quantity a lesson asks or a readout shows, where the engine computes it
/// through a [`super::Formula`]; `None` for a quantity without one yet (or that does not apply).
#[must_use]
pub fn of_quantity(
    q: Quantity,
    s: &Scenario,
    e: &Evaluation,
    gpu: &Gpu,
    model: Option<&ModelSpec>,
) -> Option<Derivation> {
    use Quantity as Q;
    let with_model = || e.model.as_ref().zip(model);
    match q {
        Q::Ridge => Some(ridge(s, e, gpu)),
        Q::MaxBatchKv => kv_wall(s, e, gpu, e.model.as_ref()?),
        Q::BatchToRidge => {
            let (m, spec) = with_model()?;
            batch_to_ridge(s, e, m, spec)
        }
        Q::StepTimeMs | Q::TpotMs => Some(step_time(e, e.model.as_ref()?)),
        Q::TokensPerS => Some(tokens_per_s(s, e.model.as_ref()?)),
        Q::UsdPerMillionTokens => Some(cost(s, e.model.as_ref()?)),
        Q::MemoryTimeMs => Some(time_part(Formula::MemoryTime, e, e.model.as_ref()?)),
        Q::ComputeTimeMs => Some(time_part(Formula::ComputeTime, e, e.model.as_ref()?)),
        Q::EnergyPerTokenJ => energy(s, gpu, e.model.as_ref()?),
        Q::FcIntensity | Q::DenseIntensity => {
            let (m, spec) = with_model()?;
            Some(fc_intensity(s, m, spec))
        }
        Q::BatchToRidgeApprox => {
            let (m, spec) = with_model()?;
            Some(batch_to_ridge_approx(s, e, m, spec))
        }
        Q::PeakTflops
        | Q::BandwidthTbs
        | Q::MemoryGb
        | Q::TdpW
        | Q::DecodeDotIntensity
        | Q::FcIntensityApprox
        | Q::ExpertIntensity
        | Q::ExpertsTouchedPct
        | Q::TokensPerExpert
        | Q::ExpertTokensToRidge
        | Q::RidgeSharePct
        | Q::AttainableTflops
        | Q::DenseBatchToRidge
        | Q::DecodeDotBound
        | Q::AttentionIntensity
        | Q::PrefillIntensity
        | Q::DensePrefillIntensity
        | Q::KvBytesPerToken
        | Q::KvKibPerToken
        | Q::KvGbPerSequence
        | Q::StateGbPerSequence
        | Q::SequenceGbPerGpu
        | Q::KvGbReadPerGpu
        | Q::KvBudgetGb
        | Q::WeightGbPerGpu
        | Q::WeightGbStoredPerGpu
        | Q::TokensPerSPerSeq
        | Q::TtftMs
        | Q::MeasuredTpotMs
        | Q::KvTransferMs
        | Q::PrefillTokens
        | Q::PrefillMs
        | Q::TransferSharePct
        | Q::SplitTtftMs
        | Q::MixedTpotMs
        | Q::LinkGbs
        | Q::AllreduceCalls
        | Q::AllreduceMs
        | Q::AllreduceLatencyMs
        | Q::StepWithCommMs
        | Q::CommSharePct
        | Q::TargetBatch
        | Q::TargetBatchNoWall
        | Q::TimeInSystemS
        | Q::Concurrency
        | Q::GpusForRate
        | Q::TokensPerSPerGpu
        | Q::BendBatch
        | Q::TpToFit
        | Q::ReplicasForRate
        | Q::PoolRatio
        | Q::TargetUsdPerMillionTokens
        | Q::Bound => None,
    }
}

fn input(symbol: &'static str, name: &'static str, value: f64, unit: &'static str) -> Input {
    Input {
        symbol,
        name,
        value,
        unit,
        source: Source::Figure {
            name: name.to_owned(),
        },
    }
}

fn from(mut i: Input, source: Source) -> Input {
    i.source = source;
    i
}

fn setting(field: &str, is_default: bool) -> Source {
    let field = field.to_owned();
    if is_default {
        Source::Default { field }
    } else {
        Source::Setting { field }
    }
}

fn figure(name: &str) -> Source {
    Source::Figure {
        name: name.to_owned(),
    }
}

fn ridge(s: &Scenario, e: &Evaluation, gpu: &Gpu) -> Derivation {
    let datasheet = |field: String| Source::Datasheet {
        field,
        cite: gpu.source.clone(),
    };
    Derivation {
        formula: Formula::Ridge,
        value: e.ridge,
        unit: "FLOP/byte",
        inputs: vec![
            from(
                input("P", "dense peak", e.peak_flops, "FLOP/s"),
                datasheet(format!("peak_tflops.{}", s.precision.name())),
            ),
            from(
                input("BW", "memory bandwidth", e.bandwidth, "bytes/s"),
                datasheet("bandwidth_tbs".to_owned()),
            ),
        ],
        assumptions: vec![
            "dense peak: a vendor's \"with sparsity\" figure is halved",
            "datasheet roofs; a real card measures lower (an H100 SXM: 754 of 989 TFLOP/s, 3.07 of 3.35 TB/s), which moves the measured ridge left",
        ],
    }
}

fn kv_wall(s: &Scenario, e: &Evaluation, gpu: &Gpu, m: &ModelEvaluation) -> Option<Derivation> {
    let wall = m.max_batch_kv?;
    let defaults = Scenario::for_gpu(&s.gpu);
    let groups = match m.kv_split {
        KvSplit::Sequences => f64::from(s.tp),
        KvSplit::Heads | KvSplit::Replicated => 1.0,
    };
    Some(Derivation {
        formula: Formula::KvWall,
        value: wall as f64,
        unit: "sequences",
        inputs: vec![
            from(
                input("M", "memory per GPU", e.memory_bytes, "bytes"),
                Source::Datasheet {
                    field: "capacity".to_owned(),
                    cite: gpu.memory_source(),
                },
            ),
            from(
                input("u", "share the server may use", s.mem_util, ""),
                setting(
                    "mem_util",
                    s.mem_util.to_bits() == defaults.mem_util.to_bits(),
                ),
            ),
            from(
                input("Res", "reserve per GPU", s.overhead_gb * 1e9, "bytes"),
                setting(
                    "overhead_gb",
                    s.overhead_gb.to_bits() == defaults.overhead_gb.to_bits(),
                ),
            ),
            from(
                input(
                    "W",
                    "weights held per GPU",
                    m.weight_bytes_stored_per_gpu,
                    "bytes",
                ),
                figure("weight_bytes_stored_per_gpu"),
            ),
            from(
                input(
                    "S",
                    "bytes one sequence holds per GPU",
                    m.sequence_bytes_per_gpu,
                    "bytes",
                ),
                figure("context × KV bytes per token (+ recurrent state), on one GPU"),
            ),
            from(
                input("D", "GPUs keeping their own sequences", groups, ""),
                setting("attention_dp", !s.attention_dp),
            ),
        ],
        assumptions: vec![
            "every sequence holds its full context",
            "the cache holds only what is used (paged), in the scenario's KV format",
            "activations and the runtime fit in the reserve",
        ],
    })
}

fn batch_to_ridge(
    s: &Scenario,
    e: &Evaluation,
    m: &ModelEvaluation,
    spec: &ModelSpec,
) -> Option<Derivation> {
    let value = m.decode_dot.batch_to_ridge?;
    let (width, spread) = match spec.experts {
        Some(x) => (
            x.expert_ffn as f64,
            f64::from(x.routed) / f64::from(x.per_token),
        ),
        None => (spec.ffn as f64, 1.0),
    };
    Some(Derivation {
        formula: Formula::BatchToRidge,
        value,
        unit: "sequences",
        inputs: vec![
            from(input("R", "ridge", e.ridge, "FLOP/byte"), figure("ridge")),
            from(
                input("K", "hidden size", spec.hidden as f64, ""),
                Source::Model {
                    field: "hidden".to_owned(),
                },
            ),
            from(
                input("N", "matmul width", width, ""),
                Source::Model {
                    field: if spec.experts.is_some() {
                        "experts.expert_ffn"
                    } else {
                        "ffn"
                    }
                    .to_owned(),
                },
            ),
            from(
                input(
                    "b_w",
                    "bytes per weight",
                    WeightFormat::of(s.weights).body_bytes(),
                    "bytes/weight",
                ),
                setting(&format!("weights = {}", s.weights.name()), false),
            ),
            from(
                input(
                    "b_a",
                    "bytes per activation",
                    s.precision.bytes(),
                    "bytes/element",
                ),
                setting(&format!("precision = {}", s.precision.name()), false),
            ),
            from(
                input("E/k", "experts per routed token", spread, ""),
                Source::Model {
                    field: "experts.routed / experts.per_token (1 for a dense model)".to_owned(),
                },
            ),
            from(
                input(
                    "1+q",
                    "tokens per sequence per step",
                    1.0 + f64::from(s.draft_tokens),
                    "",
                ),
                setting("draft_tokens", s.draft_tokens == 0),
            ),
        ],
        assumptions: vec![
            "the decode dot's matmul stands for the step (MoE: the routed experts, every expert touched)",
            "weights read once per step; activations read and written once per matmul",
            "dense peak, no all-reduce",
        ],
    })
}

fn step_time(e: &Evaluation, m: &ModelEvaluation) -> Derivation {
    Derivation {
        formula: Formula::StepTime,
        value: m.step_time_s,
        unit: "s",
        inputs: vec![
            from(
                input(
                    "Bytes",
                    "bytes one step moves per GPU",
                    m.step_bytes_per_gpu,
                    "bytes",
                ),
                figure("weights read + KV and state read"),
            ),
            from(
                input("BW", "memory bandwidth", e.bandwidth, "bytes/s"),
                figure("bandwidth"),
            ),
            from(
                input(
                    "F",
                    "FLOPs one step does per GPU",
                    m.step_flops_per_gpu,
                    "FLOP",
                ),
                figure("2 × matmul parameters × tokens + attention, ÷ TP"),
            ),
            from(
                input("P", "dense peak", e.peak_flops, "FLOP/s"),
                figure("peak"),
            ),
        ],
        assumptions: vec![
            "memory and compute overlap fully (max, not sum)",
            "weights read once per step",
            "no all-reduce or launch time",
            "datasheet roofs (the speed of light)",
        ],
    }
}

fn tokens_per_s(s: &Scenario, m: &ModelEvaluation) -> Derivation {
    Derivation {
        formula: Formula::TokensPerS,
        value: m.tokens_per_s,
        unit: "tokens/s",
        inputs: vec![
            from(
                input("B", "sequences in the batch", f64::from(s.batch), ""),
                setting("batch", s.batch == 1),
            ),
            from(
                input("t", "step time", m.step_time_s, "s"),
                figure("step_time"),
            ),
        ],
        assumptions: vec!["one output token per sequence per step", "the batch fits"],
    }
}

fn cost(s: &Scenario, m: &ModelEvaluation) -> Derivation {
    Derivation {
        formula: Formula::Cost,
        value: m.usd_per_million_tokens,
        unit: "USD",
        inputs: vec![
            from(
                input("N", "GPUs", f64::from(s.tp), ""),
                setting("tp", s.tp == 1),
            ),
            from(
                input("price", "price per GPU-hour", s.gpu_hour_usd, "USD"),
                setting(
                    "gpu_hour_usd",
                    s.gpu_hour_usd.to_bits()
                        == crate::domain::scenario::DEFAULT_GPU_HOUR_USD.to_bits(),
                ),
            ),
            from(
                input("tok/s", "tokens per second", m.tokens_per_s, "tokens/s"),
                figure("tokens_per_s"),
            ),
        ],
        assumptions: vec![
            "the GPUs serve at this batch every hour they are paid for",
            "output tokens only (prefill is not charged here)",
        ],
    }
}

/// The memory term or the compute term of the step time (the step's derivation names both).
fn time_part(formula: Formula, e: &Evaluation, m: &ModelEvaluation) -> Derivation {
    let step = step_time(e, m);
    let (value, inputs, assumption) = match formula {
        Formula::ComputeTime => (
            m.compute_time_s,
            step.inputs[2..].to_vec(),
            "the dense peak: every FLOP on tensor cores at the datasheet rate",
        ),
        Formula::Ridge
        | Formula::KvWall
        | Formula::StepTime
        | Formula::TokensPerS
        | Formula::Cost
        | Formula::BatchToRidge
        | Formula::MemoryTime
        | Formula::EnergyPerToken
        | Formula::FcIntensity
        | Formula::BatchToRidgeApprox => (
            m.memory_time_s,
            step.inputs[..2].to_vec(),
            "weights read once per step, the KV and state of every sequence read once",
        ),
    };
    Derivation {
        formula,
        value,
        unit: "s",
        inputs,
        assumptions: vec![assumption, "datasheet roofs (the speed of light)"],
    }
}

fn energy(s: &Scenario, gpu: &Gpu, m: &ModelEvaluation) -> Option<Derivation> {
    Some(Derivation {
        formula: Formula::EnergyPerToken,
        value: m.energy_per_token_j?,
        unit: "J",
        inputs: vec![
            from(
                input("N", "GPUs", f64::from(s.tp), ""),
                setting("tp", s.tp == 1),
            ),
            from(
                input("W", "board power (TDP)", gpu.tdp_w?, "W"),
                Source::Datasheet {
                    field: "tdp_w".to_owned(),
                    cite: gpu.source.clone(),
                },
            ),
            from(
                input("t", "step time", m.step_time_s, "s"),
                figure("step_time"),
            ),
            from(
                input("B", "sequences in the batch", f64::from(s.batch), ""),
                setting("batch", s.batch == 1),
            ),
        ],
        assumptions: vec![
            "an upper bound: the board draws its full power limit the whole step",
            "one output token per sequence per step",
        ],
    })
}

fn weight_bytes(s: &Scenario) -> Input {
    from(
        input(
            "b_w",
            "bytes per weight",
            WeightFormat::of(s.weights).body_bytes(),
            "bytes/weight",
        ),
        setting(&format!("weights = {}", s.weights.name()), false),
    )
}

fn fc_intensity(s: &Scenario, m: &ModelEvaluation, spec: &ModelSpec) -> Derivation {
    Derivation {
        formula: Formula::FcIntensity,
        value: m.fc_intensity,
        unit: "FLOP/byte",
        inputs: vec![
            from(
                input("T", "tokens in the step", s.tokens_per_step(), ""),
                setting("batch × (1 + draft_tokens)", s.batch == 1),
            ),
            from(
                input("K", "hidden size", spec.hidden as f64, ""),
                Source::Model {
                    field: "hidden".to_owned(),
                },
            ),
            from(
                input("N", "FFN width", spec.ffn as f64, ""),
                Source::Model {
                    field: "ffn".to_owned(),
                },
            ),
            weight_bytes(s),
            from(
                input(
                    "b_a",
                    "bytes per activation",
                    s.precision.bytes(),
                    "bytes/element",
                ),
                setting(&format!("precision = {}", s.precision.name()), false),
            ),
        ],
        assumptions: vec![
            "the dense FC layers (hidden × ffn) stand for the step's matmuls",
            "weights read once per step; activations read and written once",
            "no cache reuse across layers",
        ],
    }
}

fn batch_to_ridge_approx(
    s: &Scenario,
    e: &Evaluation,
    m: &ModelEvaluation,
    spec: &ModelSpec,
) -> Derivation {
    let spread = spec
        .experts
        .map_or(1.0, |x| f64::from(x.routed) / f64::from(x.per_token));
    Derivation {
        formula: Formula::BatchToRidgeApprox,
        value: m.decode_dot.batch_to_ridge_approx,
        unit: "sequences",
        inputs: vec![
            from(input("R", "ridge", e.ridge, "FLOP/byte"), figure("ridge")),
            weight_bytes(s),
            from(
                input("E/k", "experts per routed token", spread, ""),
                Source::Model {
                    field: "experts.routed / experts.per_token (1 for a dense model)".to_owned(),
                },
            ),
            from(
                input(
                    "1+q",
                    "tokens per sequence per step",
                    1.0 + f64::from(s.draft_tokens),
                    "",
                ),
                setting("draft_tokens", s.draft_tokens == 0),
            ),
        ],
        assumptions: vec![
            "the weights' bytes dominate: activations are left out (the exact figure counts them)",
            "2 FLOPs per weight per token",
        ],
    }
}
