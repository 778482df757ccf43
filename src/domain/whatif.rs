//! The what-if line (`:` over the plot): `:gpu h200`, `:fp8`, `:model llama-3-70b`, `:tp 4`,
//! `:ep 16`, `:pp 2`,
//! `:batch 64`, `:context 32k`, `:link ib-ndr`, `:overlay mi300x`, `:reset`, `:step 5`,
//! `:lesson 3`. Parsing, did-you-mean
//! and Tab completion are pure; applying a command to the plot is the app's.

use super::catalog::Catalog;
use super::dtype::Dtype;
use super::link::{self, UnknownLink};
use super::suggest::closest;

/// One what-if command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Show another GPU.
    Gpu(String),
    /// Math and weight formats: `fp8` is W8A8, `int4` weight-only on BF16 math.
    Precision {
        /// Math format (the roof).
        math: Dtype,
        /// Weight format.
        weights: Dtype,
    },
    /// Show another model.
    Model(String),
    /// Tensor-parallel degree.
    Tp(u32),
    /// Expert-parallel degree (MoE models): adds the all-to-all.
    Ep(u32),
    /// Pipeline stages: adds the sends between them.
    Pp(u32),
    /// Sequences decoded together.
    Batch(u32),
    /// Tokens of context per sequence.
    Context(u64),
    /// One link for both jobs (the all-reduce and the KV transfer), an id of the links data.
    Link(String),
    /// A second GPU drawn for comparison, or none.
    Overlay(Option<String>),
    /// Back to the step's own setting.
    Reset,
    /// Go to step N (from 1).
    Step(usize),
    /// Go to lesson N (from 1) of the course.
    Lesson(usize),
}

/// What a command's argument is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Takes {
    Nothing,
    GpuId,
    ModelId,
    GpuIdOrOff,
    Count,
    Tokens,
    LinkId,
}

/// The commands, as data: the name typed, what it takes, and its line in the help.
const COMMANDS: [(&str, Takes, &str); 17] = [
    ("gpu", Takes::GpuId, "gpu ID: show another GPU (:gpu h200)"),
    ("model", Takes::ModelId, "model ID: show another model"),
    ("tp", Takes::Count, "tp N: tensor-parallel degree"),
    (
        "ep",
        Takes::Count,
        "ep N: expert-parallel degree (MoE), adds the all-to-all",
    ),
    (
        "pp",
        Takes::Count,
        "pp N: pipeline stages, adds the sends between them",
    ),
    ("batch", Takes::Count, "batch B: sequences decoded together"),
    (
        "context",
        Takes::Tokens,
        "context T: tokens per sequence (32k, 128k)",
    ),
    (
        "link",
        Takes::LinkId,
        "link ID: the link the all-reduce and the KV cross (:link ib-ndr)",
    ),
    (
        "overlay",
        Takes::GpuIdOrOff,
        "overlay ID|off: a second GPU for comparison",
    ),
    ("bf16", Takes::Nothing, "bf16: BF16 weights and math"),
    ("fp8", Takes::Nothing, "fp8: FP8 weights and math (W8A8)"),
    ("int8", Takes::Nothing, "int8: INT8 weights and math"),
    (
        "int4",
        Takes::Nothing,
        "int4: INT4 weights on BF16 math (W4A16)",
    ),
    ("fp16", Takes::Nothing, "fp16: FP16 weights and math"),
    (
        "reset",
        Takes::Nothing,
        "reset: back to this step's setting",
    ),
    ("step", Takes::Count, "step N: go to step N"),
    (
        "lesson",
        Takes::Count,
        "lesson N: go to lesson N (from anywhere)",
    ),
];

/// The what-if commands' help lines, for the `?` overlay.
pub fn help_lines() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|(_, _, help)| *help)
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WhatIfError {
    /// Nothing typed.
    #[error(
        "type a command: gpu, model, tp, batch, context, link, overlay, bf16, fp8, int4, reset, step, lesson"
    )]
    Empty,
    /// Not a command.
    #[error("no command '{typed}'{hint}")]
    UnknownCommand {
        /// What was typed.
        typed: String,
        /// ` (did you mean 'gpu'?)`, or nothing.
        hint: String,
    },
    /// The command needs an argument.
    #[error("{0}")]
    Missing(&'static str),
    /// A GPU or model id the catalog lacks.
    #[error("no {what} '{typed}'{hint}")]
    UnknownId {
        /// `GPU` or `model`.
        what: &'static str,
        /// What was typed.
        typed: String,
        /// ` (did you mean 'h200'?)`, or nothing.
        hint: String,
    },
    /// A number that does not fit.
    #[error("'{typed}' is not {expected}")]
    BadNumber {
        /// What was typed.
        typed: String,
        /// What would do.
        expected: &'static str,
    },
    /// A link id the links data lacks: the known ones named.
    #[error(transparent)]
    UnknownLink(#[from] UnknownLink),
    /// Words after the argument.
    #[error("'{0}' is one word too many")]
    Extra(String),
}

/// Reads a what-if line (without the leading `:`).
pub fn parse(line: &str, catalog: &Catalog) -> Result<Command, WhatIfError> {
    let mut words = line.split_whitespace();
    let Some(name) = words.next() else {
        return Err(WhatIfError::Empty);
    };
    let name = name.to_ascii_lowercase();
    let Some((name, takes, help)) = COMMANDS.iter().find(|(n, _, _)| *n == name) else {
        let hint = closest(&name, COMMANDS.iter().map(|(n, _, _)| *n))
            .map(|s| format!(" (did you mean '{s}'?)"))
            .unwrap_or_default();
        return Err(WhatIfError::UnknownCommand { typed: name, hint });
    };
    let argument = words.next();
    if let Some(extra) = words.next() {
        return Err(WhatIfError::Extra(extra.to_owned()));
    }
    let need = || argument.ok_or(WhatIfError::Missing(help));
    Ok(match (*name, *takes) {
        ("gpu", _) => Command::Gpu(gpu_id(need()?, catalog)?),
        ("model", _) => Command::Model(model_id(need()?, catalog)?),
        ("overlay", _) => match need()? {
            off if off.eq_ignore_ascii_case("off") || off.eq_ignore_ascii_case("none") => {
                Command::Overlay(None)
            }
            id => Command::Overlay(Some(gpu_id(id, catalog)?)),
        },
        ("tp", _) => Command::Tp(count(
            need()?,
            1,
            1024,
            "a tensor-parallel degree from 1 to 1024",
        )?),
        ("ep", _) => Command::Ep(count(need()?, 1, 1024, "an EP degree from 1 to 1024")?),
        ("pp", _) => Command::Pp(count(need()?, 1, 1024, "pipeline stages from 1 to 1024")?),
        ("batch", _) => Command::Batch(count(need()?, 1, 4096, "a batch from 1 to 4096")?),
        ("step", _) => Command::Step(count(need()?, 1, 999, "a step number")? as usize),
        ("lesson", _) => Command::Lesson(count(need()?, 1, 999, "a lesson number")? as usize),
        ("context", _) => Command::Context(tokens(need()?)?),
        ("link", _) => {
            let id = need()?.to_ascii_lowercase();
            Command::Link(link::find(&catalog.links, &id)?.id.clone())
        }
        ("reset", _) => Command::Reset,
        (format, Takes::Nothing) => {
            no_argument(argument)?;
            let dtype: Dtype = format.parse().map_err(|_| WhatIfError::Empty)?;
            match dtype {
                Dtype::Int4 => Command::Precision {
                    math: Dtype::Bf16,
                    weights: Dtype::Int4,
                },
                other @ (Dtype::Fp32
                | Dtype::Tf32
                | Dtype::Bf16
                | Dtype::Fp16
                | Dtype::Fp8
                | Dtype::Int8
                | Dtype::Fp4
                | Dtype::Nvfp4
                | Dtype::Mxfp4) => Command::Precision {
                    math: other,
                    weights: other,
                },
            }
        }
        (
            _,
            Takes::GpuId
            | Takes::ModelId
            | Takes::GpuIdOrOff
            | Takes::Count
            | Takes::Tokens
            | Takes::LinkId,
        ) => {
            return Err(WhatIfError::Empty);
        }
    })
}

/// Completes the line at Tab: the command name, then a GPU or model id, as far as every
/// candidate agrees. `None` when nothing completes.
#[must_use]
pub fn complete(line: &str, catalog: &Catalog) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let trailing_space = line.ends_with(' ');
    match (words.as_slice(), trailing_space) {
        ([], _) | ([_], false) => {
            let typed = words.first().copied().unwrap_or("");
            let names = COMMANDS.iter().map(|(n, _, _)| *n);
            let done = common_prefix(typed, names)?;
            let takes = COMMANDS.iter().find(|(n, _, _)| *n == done).map(|c| c.1);
            Some(match takes {
                Some(Takes::Nothing) | None => done,
                Some(_) => format!("{done} "),
            })
        }
        ([name], true) | ([name, _], false) => {
            let typed = words.get(1).copied().unwrap_or("");
            let ids: Vec<&str> = match *name {
                "gpu" | "overlay" => catalog.gpus.iter().map(|g| g.id.as_str()).collect(),
                "model" => catalog.models.iter().map(|m| m.id.as_str()).collect(),
                "link" => catalog.links.iter().map(|l| l.id.as_str()).collect(),
                _ => return None,
            };
            common_prefix(typed, ids).map(|id| format!("{name} {id}"))
        }
        _ => None,
    }
}

/// The longest prefix every candidate starting with `typed` shares, if it adds anything (or
/// the one candidate).
fn common_prefix<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let matching: Vec<&str> = candidates
        .into_iter()
        .filter(|c| c.starts_with(typed))
        .collect();
    let first = *matching.first()?;
    let mut prefix = first.to_owned();
    for c in &matching[1..] {
        while !c.starts_with(&prefix) {
            prefix.pop();
        }
    }
    (prefix.len() > typed.len() || matching.len() == 1).then_some(prefix)
}

fn no_argument(argument: Option<&str>) -> Result<(), WhatIfError> {
    argument.map_or(Ok(()), |a| Err(WhatIfError::Extra(a.to_owned())))
}

fn gpu_id(typed: &str, catalog: &Catalog) -> Result<String, WhatIfError> {
    let ids = catalog.gpus.iter().map(|g| g.id.as_str());
    known_id(typed, ids, "GPU")
}

fn model_id(typed: &str, catalog: &Catalog) -> Result<String, WhatIfError> {
    let ids = catalog.models.iter().map(|m| m.id.as_str());
    known_id(typed, ids, "model")
}

fn known_id<'a>(
    typed: &str,
    ids: impl Iterator<Item = &'a str> + Clone,
    what: &'static str,
) -> Result<String, WhatIfError> {
    let lower = typed.to_ascii_lowercase();
    if let Some(id) = ids.clone().find(|id| *id == lower) {
        return Ok(id.to_owned());
    }
    let hint = closest(&lower, ids)
        .map(|s| format!(" (did you mean '{s}'?)"))
        .unwrap_or_default();
    Err(WhatIfError::UnknownId {
        what,
        typed: typed.to_owned(),
        hint,
    })
}

fn count(typed: &str, min: u32, max: u32, expected: &'static str) -> Result<u32, WhatIfError> {
    typed
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| WhatIfError::BadNumber {
            typed: typed.to_owned(),
            expected,
        })
}

/// Tokens: `4096`, `32k` (×1024), `1m` (×1024²).
fn tokens(typed: &str) -> Result<u64, WhatIfError> {
    let lower = typed.to_ascii_lowercase();
    let (digits, scale) = match lower.strip_suffix('k') {
        Some(d) => (d, 1024),
        None => match lower.strip_suffix('m') {
            Some(d) => (d, 1024 * 1024),
            None => (lower.as_str(), 1),
        },
    };
    digits
        .parse::<u64>()
        .ok()
        .map(|n| n * scale)
        .filter(|n| *n <= 10 * 1024 * 1024)
        .ok_or_else(|| WhatIfError::BadNumber {
            typed: typed.to_owned(),
            expected: "a context like 4096, 32k or 1m (0 for none)",
        })
}

#[cfg(test)]
mod tests;
