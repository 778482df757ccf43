//! How a figure was computed: its formula in words and symbols, each input with its value,
//! unit and source, the assumptions it rests on, and which input moves it most.
//!
//! A [`Formula`] is the arithmetic itself. The engine computes the figures it names through
//! [`Formula::compute`] (the ridge, the KV wall, the step time, tokens/s, the cost), and a
//! [`Derivation`] carries the same formula with the inputs the engine gave it, so recomputing
//! a derivation is recomputing the figure, not a second formula written beside it.

use std::fmt;

use serde::Serialize;

use super::format::group;
use super::roofline;

mod build;

pub use build::{derivations, of_quantity};

/// Where an input comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    /// A row of the GPU's datasheet entry (`assets/hardware.ron` or a user's file).
    Datasheet {
        /// The field, e.g. `peak_tflops.bf16`.
        field: String,
        /// The entry's own citation.
        cite: String,
    },
    /// A field of the model's entry (from its config.json).
    Model {
        /// The field or fields, e.g. `params, vocab, hidden`.
        field: String,
    },
    /// A setting of the scenario (a flag, a lesson step, a cluster profile).
    Setting {
        /// The setting's name, e.g. `context`.
        field: String,
    },
    /// A setting left at the tutor's default.
    Default {
        /// The setting's name, e.g. `overhead_gb`.
        field: String,
    },
    /// Another figure the engine computed first.
    Figure {
        /// Its name, e.g. `weight_bytes_stored_per_gpu`.
        name: String,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Datasheet { field, cite } => write!(f, "datasheet {field} ({cite})"),
            Self::Model { field } => write!(f, "model {field}"),
            Self::Setting { field } => write!(f, "setting {field}"),
            Self::Default { field } => write!(f, "default {field}"),
            Self::Figure { name } => write!(f, "computed: {name}"),
        }
    }
}

/// A value in a readable unit: bytes as GB, bytes/s as TB/s, FLOP/s as TFLOP/s, FLOP as
/// GFLOP, seconds as ms (`calc --explain` and the study screen's derivation view).
#[must_use]
pub fn show(value: f64, unit: &str) -> String {
    match unit {
        "bytes" => format!("{} GB", group(value / 1e9, 3)),
        "bytes/s" => format!("{} TB/s", group(value / 1e12, 3)),
        "FLOP/s" => format!("{} TFLOP/s", group(value / 1e12, 1)),
        "FLOP" => format!("{} GFLOP", group(value / 1e9, 1)),
        "s" => format!("{} ms", group(value * 1e3, 3)),
        "" if value.fract() == 0.0 => group(value, 0),
        "" => group(value, 3),
        _ if value.fract() == 0.0 => format!("{} {unit}", group(value, 0)),
        _ if value.abs() >= 100.0 => format!("{} {unit}", group(value, 1)),
        _ => format!("{} {unit}", group(value, 3)),
    }
}

/// One input of a derivation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Input {
    /// The symbol in the formula, e.g. `P`.
    pub symbol: &'static str,
    /// What it is, in words.
    pub name: &'static str,
    /// Its value, in `unit`.
    pub value: f64,
    /// Its unit.
    pub unit: &'static str,
    /// Where it comes from.
    pub source: Source,
}

/// The formulas the engine computes through this module; each takes its inputs in the order
/// [`Formula::symbols`] lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Formula {
    /// R = P ÷ BW.
    Ridge,
    /// B_max = ⌊max(M·u − R − W, 0) ÷ S⌋ · D.
    KvWall,
    /// t = max(bytes ÷ BW, FLOPs ÷ P).
    StepTime,
    /// tokens/s = B ÷ t.
    TokensPerS,
    /// USD per 10⁶ tokens = N · price ÷ (tokens/s · 3600) · 10⁶.
    Cost,
    /// B* = R·K·N·b_w ÷ (2KN − R(K+N)·b_a) · E/k ÷ (1 + q).
    BatchToRidge,
    /// t_mem = bytes ÷ BW.
    MemoryTime,
    /// t_math = FLOPs ÷ P.
    ComputeTime,
    /// J per token = N · W · t ÷ B.
    EnergyPerToken,
    /// I = 2TKN ÷ (KN·b_w + T(K+N)·b_a).
    FcIntensity,
    /// B ≈ R·b_w ÷ 2 · E/k ÷ (1 + q).
    BatchToRidgeApprox,
}

impl Formula {
    /// The figure's name, as `calc --json` and the lessons call it.
    #[must_use]
    pub const fn figure(self) -> &'static str {
        match self {
            Self::Ridge => "ridge_flop_per_byte",
            Self::KvWall => "max_batch_kv",
            Self::StepTime => "step_time_ms",
            Self::TokensPerS => "tokens_per_s",
            Self::Cost => "usd_per_million_tokens",
            Self::BatchToRidge => "batch_to_ridge",
            Self::MemoryTime => "memory_time_ms",
            Self::ComputeTime => "compute_time_ms",
            Self::EnergyPerToken => "energy_per_token_j",
            Self::FcIntensity => "fc_intensity",
            Self::BatchToRidgeApprox => "batch_to_ridge_approx",
        }
    }

    /// The formula in words.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Self::Ridge => "peak FLOP/s divided by memory bandwidth",
            Self::KvWall => {
                "memory the server may use, less the reserve and the weights, divided by the bytes one sequence holds on a GPU, rounded down (times the GPUs when each keeps its own sequences)"
            }
            Self::StepTime => {
                "the longer of moving the step's bytes at full bandwidth and doing its FLOPs at peak"
            }
            Self::TokensPerS => {
                "one token per sequence per step: the batch divided by the step time"
            }
            Self::Cost => {
                "what the GPUs cost per hour divided by the tokens they make in an hour, per million"
            }
            Self::BatchToRidge => {
                "the batch at which the decode dot's matmul (hidden × width) does as many FLOPs per byte as the ridge, weights and activations counted"
            }
            Self::MemoryTime => "the bytes one step moves on a GPU at full memory bandwidth",
            Self::ComputeTime => "the FLOPs one step does on a GPU at the dense peak",
            Self::EnergyPerToken => {
                "the GPUs' board power over one step, shared among the tokens the step makes"
            }
            Self::FcIntensity => {
                "the FLOPs of a tokens × hidden by hidden × width matmul over the bytes it moves: its weights once, its activations in and out"
            }
            Self::BatchToRidgeApprox => {
                "the batch at which 2 FLOPs per weight per token reach the ridge, weights' bytes alone counted"
            }
        }
    }

    /// The formula in symbols.
    #[must_use]
    pub const fn symbols(self) -> &'static str {
        match self {
            Self::Ridge => "R = P / BW",
            Self::KvWall => "B_max = floor(max(M*u - Res - W, 0) / S) * D",
            Self::StepTime => "t = max(Bytes / BW, F / P)",
            Self::TokensPerS => "tok/s = B / t",
            Self::Cost => "USD/Mtok = N * price / (tok/s * 3600) * 1e6",
            Self::BatchToRidge => "B* = R*K*N*b_w / (2*K*N - R*(K+N)*b_a) * E/k / (1+q)",
            Self::MemoryTime => "t_mem = Bytes / BW",
            Self::ComputeTime => "t_math = F / P",
            Self::EnergyPerToken => "J/token = N * W * t / B",
            Self::FcIntensity => "I = 2*T*K*N / (K*N*b_w + T*(K+N)*b_a)",
            Self::BatchToRidgeApprox => "B ~ R*b_w/2 * E/k / (1+q)",
        }
    }

    /// Computes the figure from its inputs, in [`Formula::symbols`] order. `NaN` when a
    /// matmul never reaches the ridge (its batch to the ridge does not exist).
    #[must_use]
    pub fn compute(self, x: &[f64]) -> f64 {
        match (self, x) {
            (Self::Ridge, [p, bw]) => roofline::ridge(*p, *bw),
            (Self::KvWall, [memory, util, reserve, weights, sequence, groups]) => {
                ((memory * util - reserve - weights).max(0.0) / sequence).floor() * groups
            }
            (Self::StepTime, [bytes, bw, flops, p]) => Self::MemoryTime
                .compute(&[*bytes, *bw])
                .max(Self::ComputeTime.compute(&[*flops, *p])),
            (Self::MemoryTime, [bytes, bw]) => bytes / bw,
            (Self::ComputeTime, [flops, p]) => flops / p,
            (Self::EnergyPerToken, [gpus, watts, step, batch]) => gpus * watts * step / batch,
            (Self::FcIntensity, [tokens, hidden, width, bw, ba]) => {
                roofline::fc_intensity(*tokens, *hidden, *width, *bw, *ba)
            }
            (Self::BatchToRidgeApprox, [r, bw, spread, per_seq]) => {
                roofline::batch_to_ridge_approx(*r, *bw) * spread / per_seq
            }
            (Self::TokensPerS, [b, t]) => b / t,
            (Self::Cost, [n, price, rate]) => n * price / (rate * 3600.0) * 1e6,
            (Self::BatchToRidge, [r, k, n, bw, ba, spread, per_seq]) => {
                roofline::batch_to_ridge_exact(*r, *k, *n, *bw, *ba)
                    .map_or(f64::NAN, |m| m * spread / per_seq)
            }
            _ => f64::NAN,
        }
    }
}

/// A figure and how it was computed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Derivation {
    /// The formula.
    pub formula: Formula,
    /// The figure, as the engine gave it (in `unit`).
    pub value: f64,
    /// Its unit.
    pub unit: &'static str,
    /// The inputs, in the formula's order.
    pub inputs: Vec<Input>,
    /// What the formula takes for granted.
    pub assumptions: Vec<&'static str>,
}

impl Derivation {
    /// The figure recomputed from this derivation's own inputs (in the formula's units).
    #[must_use]
    pub fn recompute(&self) -> f64 {
        let x: Vec<f64> = self.inputs.iter().map(|i| i.value).collect();
        self.formula.compute(&x)
    }

    /// The input whose 1 % rise moves the figure most (the first of equals), with the figure's
    /// relative change.
    #[must_use]
    pub fn most_sensitive(&self) -> Option<(&Input, f64)> {
        let base: Vec<f64> = self.inputs.iter().map(|i| i.value).collect();
        let at = self.formula.compute(&base);
        if !(at.is_finite() && at != 0.0) {
            return None;
        }
        self.inputs
            .iter()
            .enumerate()
            .map(|(i, input)| {
                let mut x = base.clone();
                x[i] *= 1.01;
                (input, (self.formula.compute(&x) - at) / at)
            })
            .filter(|(_, change)| change.is_finite())
            // The first of equals: M before u, N before the price.
            .reduce(|best, next| {
                if next.1.abs() > best.1.abs() {
                    next
                } else {
                    best
                }
            })
    }
}

#[cfg(test)]
mod tests;
