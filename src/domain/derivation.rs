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

mod build;
mod formula;
mod replica;

pub use build::{derivations, of_quantity};
pub use formula::{Formula, TP_DEGREES, bound_number};

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
    /// A roof measured on the card itself (`roofline lab`, `roofline lab --gpu`): "this
    /// machine" and "this GPU" have no datasheet.
    Measured {
        /// The field, e.g. `peak_tflops.bf16`.
        field: String,
        /// How and where it was measured.
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

impl Source {
    /// Another figure the engine computed first, by its name.
    #[must_use]
    pub fn figure(name: &str) -> Self {
        Self::Figure {
            name: name.to_owned(),
        }
    }

    /// A setting of the scenario, by its name.
    #[must_use]
    pub fn setting(field: &str) -> Self {
        Self::Setting {
            field: field.to_owned(),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Datasheet { field, cite } => write!(f, "datasheet {field} ({cite})"),
            Self::Measured { field, cite } => write!(f, "{field} {cite}"),
            Self::Model { field } => write!(f, "model {field}"),
            Self::Setting { field } => write!(f, "setting {field}"),
            Self::Default { field } => write!(f, "default {field}"),
            Self::Figure { name } => write!(f, "computed: {name}"),
        }
    }
}

/// FLOPs in a unit that shows their size: GFLOP from 10⁹, else MFLOP or FLOP.
fn show_flop(value: f64) -> String {
    match value.abs() {
        v if v >= 1e9 => format!("{} GFLOP", group(value / 1e9, 1)),
        v if v >= 1e6 => format!("{} MFLOP", group(value / 1e6, 1)),
        _ => format!("{} FLOP", group(value, 0)),
    }
}

/// Bytes in a unit that shows their size: GB from 10⁸ (three significant figures at least, as
/// the GB figures print), else MiB, KiB or bytes (a whole number without decimals, else one).
fn show_bytes(value: f64) -> String {
    let (scaled, unit) = match value.abs() {
        v if v >= 1e8 => return format!("{} GB", group(value / 1e9, 3)),
        v if v >= 1_048_576.0 => (value / 1_048_576.0, "MiB"),
        v if v >= 1024.0 => (value / 1024.0, "KiB"),
        _ => (value, "bytes"),
    };
    let decimals = usize::from(scaled.fract() != 0.0);
    format!("{} {unit}", group(scaled, decimals))
}

/// A value in a readable unit: bytes as GB, MiB, KiB or bytes and FLOP as GFLOP, MFLOP or
/// FLOP by their size, bytes/s as TB/s, FLOP/s as TFLOP/s, seconds as ms, a per cent to one decimal (`calc --explain` and the study screen's
/// derivation view).
#[must_use]
pub fn show(value: f64, unit: &str) -> String {
    match unit {
        "bytes" => show_bytes(value),
        "bytes/s" => format!("{} TB/s", group(value / 1e12, 3)),
        "FLOP/s" => format!("{} TFLOP/s", group(value / 1e12, 1)),
        "FLOP" => show_flop(value),
        "s" => format!("{} ms", group(value * 1e3, 3)),
        "%" => format!("{} %", group(value, 1)),
        "bound" if value == 0.0 => "memory".to_owned(),
        "bound" => "compute".to_owned(),
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

impl Input {
    /// An input: its symbol in the formula, what it is, its value in `unit`, and its source.
    #[must_use]
    pub const fn new(
        symbol: &'static str,
        name: &'static str,
        value: f64,
        unit: &'static str,
        source: Source,
    ) -> Self {
        Self {
            symbol,
            name,
            value,
            unit,
            source,
        }
    }

    /// `KV`: the prompt's KV one GPU sends to the decode GPUs, in bytes.
    #[must_use]
    pub fn kv_sent(bytes: f64) -> Self {
        Self::new(
            "KV",
            "the prompt's KV one GPU sends",
            bytes,
            "bytes",
            Source::figure("prompt × KV bytes per token × the share one GPU holds"),
        )
    }

    /// `GB/s`: a link's bandwidth, one direction, per GPU, read from `source`.
    #[must_use]
    pub const fn link_gbs(gbs: f64, source: Source) -> Self {
        Self::new(
            "GB/s",
            "link bandwidth, one direction, per GPU",
            gbs,
            "GB/s",
            source,
        )
    }

    /// `t_kv`: the seconds that KV takes on the link.
    #[must_use]
    pub fn kv_transfer(seconds: f64) -> Self {
        Self::new(
            "t_kv",
            "KV transfer",
            seconds,
            "s",
            Source::figure("kv_transfer_ms"),
        )
    }
}

/// The per cent a search's inputs are raised by when it is run again ([`Rerun`]).
pub const RERUN_RAISE_PCT: f64 = 10.0;

/// A searched figure found again with one of the search's inputs raised by
/// [`RERUN_RAISE_PCT`] per cent: the same search, the same code, another input.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rerun {
    /// The input raised, in words (`memory bandwidth`).
    pub input: &'static str,
    /// The figure as found.
    pub from: f64,
    /// The figure the search finds with the input raised.
    pub to: f64,
}

/// A figure and how it was computed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Derivation {
    /// The figure's name (the quantity's, as lessons and `calc --json` call it).
    pub figure: &'static str,
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
    /// A figure found by a search: the search run again with each input it reads raised in
    /// turn (empty for a figure a formula computes; [`Derivation::most_sensitive`] serves it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reruns: Vec<Rerun>,
}

/// The factor from a derivation's unit to a quantity's (bytes to GB, seconds to ms, a
/// fraction to %, …); `None` when the two do not convert.
#[must_use]
pub fn unit_factor(from: &str, to: &str) -> Option<f64> {
    Some(match (from, to) {
        _ if from == to => 1.0,
        ("bytes", "GB") | ("bytes/s", "GB/s") => 1e-9,
        ("bytes", "KiB") => 1.0 / 1024.0,
        ("bytes", "MB") => 1e-6,
        ("FLOP/s", "TFLOP/s") | ("bytes/s", "TB/s") => 1e-12,
        ("s", "ms") => 1e3,
        ("", "%") => 100.0,
        ("tokens/s", "tok/s") | ("bound", "") => 1.0,
        _ => return None,
    })
}

impl Derivation {
    /// A figure's derivation: its name, the formula, the figure in `unit`, the inputs in the
    /// formula's order and what it takes for granted (no reruns: a search adds them).
    #[must_use]
    pub fn new(
        figure: &'static str,
        formula: Formula,
        value: f64,
        unit: &'static str,
        inputs: Vec<Input>,
        assumptions: Vec<&'static str>,
    ) -> Self {
        Self {
            figure,
            formula,
            value,
            unit,
            inputs,
            assumptions,
            reruns: Vec::new(),
        }
    }

    /// The figure recomputed from this derivation's own inputs, in `unit` (a quantity's).
    #[must_use]
    pub fn recompute_in(&self, unit: &str) -> Option<f64> {
        unit_factor(self.unit, unit).map(|k| self.recompute() * k)
    }

    /// The figure recomputed from this derivation's own inputs (in the formula's units).
    #[must_use]
    pub fn recompute(&self) -> f64 {
        let x: Vec<f64> = self.inputs.iter().map(|i| i.value).collect();
        self.formula.compute(&x)
    }

    /// The rerun that moved a searched figure most (the first of equals); `None` for a
    /// figure no search found.
    #[must_use]
    pub fn rerun_most(&self) -> Option<&Rerun> {
        self.reruns.iter().reduce(|best, next| {
            if (next.to - next.from).abs() > (best.to - best.from).abs() {
                next
            } else {
                best
            }
        })
    }

    /// Which input moves the figure most, in words (what follows "moves it most:"), `arrow`
    /// between a change and its effect: a searched figure's rerun (`memory bandwidth +10 % →
    /// target_batch_no_wall 98 → 108`, or that none of its inputs moves it), else the input
    /// whose 1 % rise moves the formula's figure most.
    #[must_use]
    pub fn moves_most(&self, arrow: &str) -> Option<String> {
        let raise = group(RERUN_RAISE_PCT, 0);
        if let Some(r) = self.rerun_most() {
            if r.to.to_bits() == r.from.to_bits() {
                let inputs: Vec<&str> = self.reruns.iter().map(|r| r.input).collect();
                return Some(format!(
                    "none of {} +{raise} % moves it (a search: the figure holds at {})",
                    inputs.join(", "),
                    group(r.from, 0)
                ));
            }
            return Some(format!(
                "{} +{raise} % {arrow} {} {} {arrow} {}",
                r.input,
                self.figure,
                group(r.from, 0),
                group(r.to, 0)
            ));
        }
        self.most_sensitive().map(|(i, change)| {
            format!(
                "{} ({} +1 % {arrow} figure {:+.2} %)",
                i.name,
                i.symbol,
                100.0 * change
            )
        })
    }

    /// The input whose 1 % rise moves the figure most (the first of equals), with the figure's
    /// relative change; `None` when no input moves it (a searched or rounded figure).
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
            .filter(|(_, change)| *change != 0.0)
    }
}

#[cfg(test)]
mod tests;
