//! A model in a scenario: bytes, FLOPs, the decode dot, the KV wall, latency, cost and energy.
//! Per GPU where a field says so; "the replica" is `tp` GPUs in each of `pp` pipeline stages.
//! The stages hold the layers in turn, so what a GPU holds divides by `tp × pp`, while what a
//! step reads and takes is summed over the stages a token passes one after another.

mod layout;
mod moe;

use super::room::Room;
use super::{Scenario, ScenarioError};
use crate::domain::decode_dot::{self, DecodeDot, DotInputs};
use crate::domain::derivation::Formula;
use crate::domain::hardware::Gpu;
use crate::domain::model::{Attention, ModelSpec};
use crate::domain::roofline::{self, Bound};
use crate::domain::weight_format::WeightFormat;
pub use layout::{KvSplit, WeightFit};
pub use moe::MoeFigures;

/// What the roofline says about one model in one scenario (per GPU where it says so).
#[derive(Debug, Clone, PartialEq)]
pub struct ModelEvaluation {
    /// Display name of the model.
    pub model_name: String,
    /// Weight bytes one decode step reads, per GPU (under PP, summed over the stages a token
    /// passes in turn: the model's ÷ TP).
    pub weight_bytes_per_gpu: f64,
    /// All weight bytes held, per GPU: the model's ÷ (TP × PP).
    pub weight_bytes_stored_per_gpu: f64,
    /// Whether the weights fit in the usable memory per GPU.
    pub fit: WeightFit,
    /// Memory per GPU the server may use for weights and KV: capacity × utilization, less the
    /// reserve.
    pub usable_bytes_per_gpu: f64,
    /// KV bytes per token of context, whole model.
    pub kv_bytes_per_token: f64,
    /// KV bytes one sequence holds at the scenario's context, whole model.
    pub kv_bytes_per_sequence: f64,
    /// Hybrid models: recurrent-state bytes one sequence holds, whole model (0 otherwise).
    pub state_bytes_per_sequence: f64,
    /// How the KV lies across the TP group.
    pub kv_split: KvSplit,
    /// Bytes one sequence holds on each GPU that holds it: KV at the context plus state (under
    /// PP, its stage's layers' share).
    pub sequence_bytes_per_gpu: f64,
    /// KV and state bytes one decode step reads and writes, per GPU.
    pub kv_bytes_read_per_gpu: f64,
    /// Bytes per GPU left for KV after weights and reserve (0 when the weights do not fit).
    pub kv_budget_bytes: f64,
    /// The dense layers' exact FC intensity (hidden × ffn) at the step's tokens, FLOP/byte.
    pub fc_intensity: f64,
    /// 2·tokens ÷ b_w, FLOP/byte.
    pub fc_intensity_approx: f64,
    /// MoE only: the routed experts' figures.
    pub moe: Option<MoeFigures>,
    /// The point that places decode on the roofline (see [`DecodeDot`]).
    pub decode_dot: DecodeDot,
    /// Batch at which the dense layers reach the ridge; `None` if they never do.
    pub dense_batch_to_ridge: Option<f64>,
    /// Decode attention intensity on one GPU, FLOP/byte.
    pub attention_intensity: f64,
    /// Prefill intensity at the scenario's prompt: the routed experts' for MoE models (each
    /// sees prompt · k ÷ E tokens), else the dense layers', FLOP/byte.
    pub prefill_intensity: f64,
    /// The dense layers' prefill intensity at the prompt, FLOP/byte.
    pub dense_prefill_intensity: f64,
    /// Whole-step FLOPs ÷ bytes.
    pub step_intensity: f64,
    /// Bytes one decode step moves per GPU: weights read plus KV and state read.
    pub step_bytes_per_gpu: f64,
    /// FLOPs one decode step does per GPU.
    pub step_flops_per_gpu: f64,
    /// Time to move the step's bytes, seconds.
    pub memory_time_s: f64,
    /// Time for the step's FLOPs at peak, seconds.
    pub compute_time_s: f64,
    /// Speed-of-light step time: the larger of the two (the time per output token).
    pub step_time_s: f64,
    /// Sequences' tokens per second across the batch (one per sequence per step).
    pub tokens_per_s: f64,
    /// Sequences the replica's KV budget holds at the scenario's context; `None` at context 0
    /// or when the weights do not fit.
    pub max_batch_kv: Option<u64>,
    /// Which roof binds the step, as [`roofline::step_bound`] decides it (the one definition:
    /// compute-bound only when the decode dot is past the ridge and the FLOPs outlast the bytes).
    pub bound: Bound,
    /// Speed-of-light time to first token: one prompt's prefill on the replica, seconds.
    pub ttft_s: f64,
    /// Bytes that prefill moves per GPU: every weight once, the prompt's KV and state written.
    pub prefill_bytes_per_gpu: f64,
    /// FLOPs that prefill does per GPU.
    pub prefill_flops_per_gpu: f64,
    /// US dollars per million output tokens at the scenario's batch and GPU-hour price.
    pub usd_per_million_tokens: f64,
    /// Joules per output token at board power (an upper bound); `None` without a TDP.
    pub energy_per_token_j: Option<f64>,
}

impl ModelEvaluation {
    /// The intensity that places decode on the roofline: the decode dot's.
    #[must_use]
    pub fn decode_intensity(&self) -> f64 {
        self.decode_dot.intensity
    }

    /// The largest batch a slider may reach: the KV wall, 0 when the weights do not fit (no
    /// batch runs at all), `None` when nothing limits it (context 0).
    #[must_use]
    pub fn batch_limit(&self) -> Option<u64> {
        match self.fit {
            WeightFit::Fits => self.max_batch_kv,
            WeightFit::DoesNotFit => Some(0),
        }
    }

    /// Whether the dense layers sit somewhere else than the dot (MoE models), so a plot should
    /// draw them too.
    #[must_use]
    pub fn dense_differs(&self) -> bool {
        self.moe.is_some()
    }
}

/// Evaluates a model in a scenario on a GPU whose peak for the scenario's format is known.
pub(super) fn evaluate(
    s: &Scenario,
    model: &ModelSpec,
    gpu: &Gpu,
    peak_flops: f64,
) -> Result<ModelEvaluation, ScenarioError> {
    check_tp(s, model)?;
    let bandwidth = gpu.bandwidth_bytes_per_s();
    let ridge = roofline::ridge(peak_flops, bandwidth);
    let tp = f64::from(s.tp);
    let gpus = s.replica_gpus();
    let batch = f64::from(s.batch);
    let tokens = s.tokens_per_step();
    let per_step = f64::from(1 + s.draft_tokens);
    let inputs = dot_inputs(s, ridge, peak_flops, bandwidth);

    let step_bytes = StepBytes::of(s, model);
    let StepBytes {
        kv_bytes_per_token,
        kv_bytes_per_sequence,
        state_bytes_per_sequence,
        kv_split,
        share,
        weight_bytes_per_gpu,
        weight_bytes_stored_per_gpu,
        kv_bytes_read_per_gpu,
    } = step_bytes;
    let bytes = weight_bytes_per_gpu + kv_bytes_read_per_gpu;
    let flops = step_flops(s, model);
    let memory_time_s = Formula::MemoryTime.compute(&[bytes, bandwidth]);
    let compute_time_s = Formula::ComputeTime.compute(&[flops, peak_flops]);
    let step_time_s = Formula::StepTime.compute(&[bytes, bandwidth, flops, peak_flops]);

    let room = step_bytes.room(s, gpu.memory_bytes());

    let attention_intensity = attention_intensity(model, per_step, tp, kv_bytes_per_token, share);

    let (prefill_intensity, dense_prefill_intensity) = prefill_intensities(s, model, &inputs);
    let (prefill_bytes_per_gpu, prefill_flops_per_gpu, ttft_s) = prefill(
        s,
        model,
        (kv_bytes_per_token, share),
        (bandwidth, peak_flops),
    );

    let tokens_per_s = Formula::TokensPerS.compute(&[batch, step_time_s]);
    let decode_dot = DecodeDot::of(model, &inputs);
    let bound = roofline::step_bound(decode_dot.intensity, ridge, memory_time_s, compute_time_s);
    Ok(ModelEvaluation {
        model_name: model.name.clone(),
        weight_bytes_per_gpu,
        weight_bytes_stored_per_gpu,
        fit: room.fit,
        usable_bytes_per_gpu: room.usable_bytes,
        kv_bytes_per_token,
        kv_bytes_per_sequence,
        state_bytes_per_sequence,
        kv_split,
        sequence_bytes_per_gpu: room.sequence_bytes_per_gpu,
        kv_bytes_read_per_gpu,
        kv_budget_bytes: room.kv_budget_bytes,
        fc_intensity: decode_dot::dense_intensity(model, &inputs),
        fc_intensity_approx: Formula::FcIntensityApprox.compute(&[tokens, inputs.weight_bytes]),
        moe: MoeFigures::of(model, tokens, &inputs),
        decode_dot,
        dense_batch_to_ridge: decode_dot::dense_batch_to_ridge(model, &inputs),
        attention_intensity,
        prefill_intensity,
        dense_prefill_intensity,
        step_intensity: flops / bytes,
        step_bytes_per_gpu: bytes,
        step_flops_per_gpu: flops,
        memory_time_s,
        compute_time_s,
        step_time_s,
        tokens_per_s,
        max_batch_kv: room.max_batch_kv,
        bound,
        ttft_s,
        prefill_bytes_per_gpu,
        prefill_flops_per_gpu,
        usd_per_million_tokens: Formula::Cost.compute(&[gpus, s.gpu_hour_usd, tokens_per_s]),
        energy_per_token_j: gpu
            .tdp_w
            .map(|w| Formula::EnergyPerToken.compute(&[gpus, w, step_time_s, batch])),
    })
}

/// The FLOPs of one decode step per GPU: the matmuls' and attention's over the context.
fn step_flops(s: &Scenario, model: &ModelSpec) -> f64 {
    let tp = f64::from(s.tp);
    let tokens = s.tokens_per_step();
    let attention_flops =
        model.attention_flops_per_context_token() * model.kv_tokens_held(s.context as f64) * tokens
            / tp;
    2.0 * model.matmul_params_per_token() * tokens / tp + attention_flops
}

/// What a matmul's intensity depends on in this scenario, on a GPU of this ridge, peak and
/// bandwidth.
fn dot_inputs(s: &Scenario, ridge: f64, peak_flops: f64, bandwidth: f64) -> DotInputs {
    DotInputs {
        ridge,
        peak_flops,
        bandwidth,
        tokens: s.tokens_per_step(),
        tokens_per_sequence: f64::from(1 + s.draft_tokens),
        weight_bytes: WeightFormat::of(s.weights).body_bytes(),
        act_bytes: s.precision.bytes(),
    }
}

/// The bytes of one decode step: the KV (and state) a sequence keeps and where it lies, the
/// weights each GPU reads and stores, and the KV each GPU reads.
#[derive(Debug, Clone, Copy)]
struct StepBytes {
    kv_bytes_per_token: f64,
    kv_bytes_per_sequence: f64,
    state_bytes_per_sequence: f64,
    kv_split: KvSplit,
    share: f64,
    weight_bytes_per_gpu: f64,
    weight_bytes_stored_per_gpu: f64,
    kv_bytes_read_per_gpu: f64,
}

impl StepBytes {
    fn of(s: &Scenario, model: &ModelSpec) -> Self {
        let tp = f64::from(s.tp);
        let tokens = s.tokens_per_step();
        let kv_bytes_per_token =
            Formula::KvPerToken.compute(&[model.kv_elements_per_token(), s.kv.bytes()]);
        let kv_bytes_per_sequence =
            model.kv_bytes_per_sequence(s.context as f64, kv_bytes_per_token);
        let state_bytes_per_sequence = model.state_bytes_per_sequence();
        let kv_split = KvSplit::of(s, model);
        let share = kv_split.share_per_gpu(tp);
        let per_gpu = |whole: f64| Formula::WeightsPerGpu.compute(&[whole, tp]);
        // Each pipeline stage holds its share of the layers; a step still reads them all.
        let held = Formula::WeightsPerStageGpu.compute(&[
            model.weight_bytes_stored(s.weights),
            tp,
            f64::from(s.pp),
        ]);
        // The state is read and written once per step; the KV is read.
        let kv_bytes_read_per_gpu = Formula::KvRead.compute(&[
            f64::from(s.batch),
            kv_bytes_per_sequence,
            state_bytes_per_sequence,
            share,
        ]);
        Self {
            kv_bytes_per_token,
            kv_bytes_per_sequence,
            state_bytes_per_sequence,
            kv_split,
            share,
            weight_bytes_per_gpu: per_gpu(model.weight_bytes_read(tokens, s.weights)),
            weight_bytes_stored_per_gpu: held,
            kv_bytes_read_per_gpu,
        }
    }

    /// What is left for the KV cache on a GPU of `memory_bytes`, and how many sequences fit.
    fn room(&self, s: &Scenario, memory_bytes: f64) -> Room {
        Room::of(
            s,
            self.kv_split,
            memory_bytes,
            self.weight_bytes_stored_per_gpu,
            (self.kv_bytes_per_sequence, self.state_bytes_per_sequence),
        )
    }
}

/// Attention FLOPs per GPU ÷ KV bytes per GPU: TP splits both under GQA, only the FLOPs under
/// MLA (every GPU reads the whole latent).
fn attention_intensity(
    model: &ModelSpec,
    per_step: f64,
    tp: f64,
    kv_per_token: f64,
    share: f64,
) -> f64 {
    Formula::AttentionIntensity.compute(&[
        model.attention_flops_per_context_token(),
        per_step,
        tp,
        kv_per_token,
        share,
    ])
}

/// The prefill intensity at the scenario's prompt (the routed experts' for MoE models, else
/// the dense layers') and the dense layers' own.
fn prefill_intensities(s: &Scenario, model: &ModelSpec, inputs: &DotInputs) -> (f64, f64) {
    let prompt = s.prompt as f64;
    let prefill_inputs = DotInputs {
        tokens: prompt,
        tokens_per_sequence: 1.0,
        ..*inputs
    };
    let dense = decode_dot::dense_intensity(model, &prefill_inputs);
    let routed = decode_dot::expert_intensity(model, prompt, &prefill_inputs).unwrap_or(dense);
    (routed, dense)
}

/// One prompt's prefill: its bytes and FLOPs per GPU, and its time at the roofs (time to
/// first token at the speed of light), through the step's formula.
fn prefill(
    s: &Scenario,
    model: &ModelSpec,
    (kv_bytes_per_token, share): (f64, f64),
    (bandwidth, peak_flops): (f64, f64),
) -> (f64, f64, f64) {
    let (bytes, flops) = prefill_work(s, model, kv_bytes_per_token, share);
    let ttft_s = Formula::StepTime.compute(&[bytes, bandwidth, flops, peak_flops]);
    (bytes, flops, ttft_s)
}

/// The bytes and FLOPs per GPU of one prompt's prefill on the replica (time to first token at
/// the speed of light is the longer of the two at the roofs). Every weight is read once (a
/// long prompt touches every expert) and the prompt's KV and state are written; 2 FLOPs per
/// active parameter per token plus causal attention (T²/2 pairs), except the output head,
/// which only the last token needs (its logits pick the first output token; the other prompt
/// tokens' logits are never computed).
pub(super) fn prefill_work(
    s: &Scenario,
    model: &ModelSpec,
    kv_bytes_per_token: f64,
    kv_share_per_gpu: f64,
) -> (f64, f64) {
    let tp = f64::from(s.tp);
    let prompt = s.prompt as f64;
    let bytes = model.weight_bytes_read(prompt, s.weights) / tp
        + (prompt * kv_bytes_per_token + model.state_bytes_per_sequence()) * kv_share_per_gpu;
    let flops =
        (2.0 * model.prefill_matmul_params(prompt) + model.causal_attention_flops(prompt)) / tp;
    (bytes, flops)
}

/// TP must split the heads evenly: KV heads, or query heads under MLA.
fn check_tp(s: &Scenario, model: &ModelSpec) -> Result<(), ScenarioError> {
    let heads = model.tp_divisor_heads();
    if heads % s.tp == 0 {
        return Ok(());
    }
    Err(ScenarioError::TensorParallel {
        tp: s.tp,
        what: match model.attention {
            Attention::Standard => "KV heads",
            Attention::Mla { .. } => "query heads",
        },
        heads,
        model: model.name.clone(),
    })
}
