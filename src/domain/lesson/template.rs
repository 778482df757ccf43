//! Placeholders in lesson text: `{name}` or `{name:.N}`, filled from a scenario and its
//! evaluation. `{{` and `}}` stand for literal braces.
//!
//! Names are every [`Quantity`] (`{ridge:.0}`, `{step_time_ms:.1}`) and the scenario's own
//! settings ([`Setting`]: `{gpu}`, `{batch}`, `{kv}`, …). Without a format a number is shown
//! sensibly: whole numbers from 100 up, three significant digits below; `.N` asks for exactly
//! `N` decimals. Large numbers get thousands separators either way (`4,096`).
//!
//! [`placeholders`] reads the syntax for the validator; [`render`] never fails: a value that
//! cannot be computed for the scenario shows as `—`.

mod names;
mod number;
mod on;

pub use names::{Setting, UnknownName, ValueName};
pub use number::{Format, MAX_DECIMALS, format_number};
pub use on::{Change, NAMED_SETTINGS, apply, changes, on_other, spelled};

use super::super::catalog::Catalog;
use super::super::quantity::QuantityValue;
use super::super::scenario::{Evaluation, Scenario, ScenarioError};

/// What `render` shows for a value that does not exist in the scenario.
pub const UNAVAILABLE: &str = "—";

/// One placeholder as written in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder {
    /// The name between the braces, e.g. `ridge`.
    pub name: String,
    /// The format after the colon.
    pub format: Format,
    /// Byte offset of the opening `{` in the text.
    pub offset: usize,
    /// The placeholder exactly as written, braces included (`{ridge:.0}`).
    pub raw: String,
    /// What the value is computed on instead of the scenario's own settings: a GPU
    /// (`{ridge@h200:.0}`), a format, a batch, or named settings (`{step_time_ms@context=0}`;
    /// see [`changes`]): a figure at another setting that stays computed, not typed.
    pub on: Option<String>,
}

/// A placeholder the template syntax cannot read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// A `{` with no `}` after it.
    #[error("`{{` is never closed (write `{{{{` for a literal brace)")]
    Unclosed {
        /// Byte offset of the `{`.
        offset: usize,
    },
    /// A `}` that closes nothing.
    #[error("`}}` closes nothing (write `}}}}` for a literal brace)")]
    UnmatchedClose {
        /// Byte offset of the `}`.
        offset: usize,
    },
    /// A name that is empty or has characters other than `a-z`, `0-9`, `_`.
    #[error(
        "placeholder `{raw}` needs a name of lowercase letters, digits and `_`, optionally `@` and a GPU id (`{{ridge@h200:.0}}`; write `{{{{` for a literal brace)"
    )]
    BadName {
        /// Byte offset of the `{`.
        offset: usize,
        /// The placeholder as written.
        raw: String,
    },
    /// A format other than `.N` with N in 0..=[`MAX_DECIMALS`].
    #[error(
        "placeholder `{raw}` has format `{spec}`; expected `.N` decimals with N from 0 to {MAX_DECIMALS}, e.g. `{{{name}:.1}}`"
    )]
    BadFormat {
        /// Byte offset of the `{`.
        offset: usize,
        /// The placeholder as written.
        raw: String,
        /// The name before the colon.
        name: String,
        /// What followed the colon.
        spec: String,
    },
}

impl TemplateError {
    /// Byte offset in the text where the problem starts.
    #[must_use]
    pub const fn offset(&self) -> usize {
        match self {
            Self::Unclosed { offset }
            | Self::UnmatchedClose { offset }
            | Self::BadName { offset, .. }
            | Self::BadFormat { offset, .. } => *offset,
        }
    }

    /// The bytes of the text the problem covers: the brace, or the whole placeholder.
    #[must_use]
    pub fn span(&self) -> std::ops::Range<usize> {
        match self {
            Self::Unclosed { offset } | Self::UnmatchedClose { offset } => *offset..*offset + 1,
            Self::BadName { offset, raw } | Self::BadFormat { offset, raw, .. } => {
                *offset..*offset + raw.len()
            }
        }
    }
}

/// A piece of template text: literal text or a placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece<'a> {
    Literal(&'a str),
    Hole(Placeholder),
}

/// Splits text into literal pieces and placeholders; stops at the first syntax error.
fn pieces(text: &str) -> Result<Vec<Piece<'_>>, TemplateError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut literal_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'}' if bytes.get(i + 1) == Some(&bytes[i]) => {
                out.push(Piece::Literal(&text[literal_start..=i]));
                i += 2;
                literal_start = i;
            }
            b'{' => {
                out.push(Piece::Literal(&text[literal_start..i]));
                let hole = parse_hole(text, i)?;
                i += hole.raw.len();
                literal_start = i;
                out.push(Piece::Hole(hole));
            }
            b'}' => return Err(TemplateError::UnmatchedClose { offset: i }),
            _ => i += 1,
        }
    }
    out.push(Piece::Literal(&text[literal_start..]));
    Ok(out)
}

fn parse_hole(text: &str, offset: usize) -> Result<Placeholder, TemplateError> {
    let rest = &text[offset + 1..];
    let Some(close) = rest.find('}') else {
        return Err(TemplateError::Unclosed { offset });
    };
    let raw = text[offset..=offset + 1 + close].to_owned();
    let inner = &rest[..close];
    let (name, spec) = match inner.split_once(':') {
        Some((name, spec)) => (name, Some(spec)),
        None => (inner, None),
    };
    let (name, on) = match name.split_once('@') {
        Some((name, gpu)) => (name, Some(gpu)),
        None => (name, None),
    };
    let name_ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    let on_ok = on.is_none_or(|gpu| {
        !gpu.is_empty()
            && gpu
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-,=.".contains(&b))
    });
    if !name_ok || !on_ok {
        return Err(TemplateError::BadName { offset, raw });
    }
    let format = match spec {
        None => Format::Auto,
        Some(spec) => Format::parse(spec).ok_or_else(|| TemplateError::BadFormat {
            offset,
            raw: raw.clone(),
            name: name.to_owned(),
            spec: spec.to_owned(),
        })?,
    };
    Ok(Placeholder {
        name: name.to_owned(),
        format,
        offset,
        raw,
        on: on.map(str::to_owned),
    })
}

/// The placeholders in `text`, in order, or the first syntax error.
pub fn placeholders(text: &str) -> Result<Vec<Placeholder>, TemplateError> {
    pieces(text).map(|pieces| {
        pieces
            .into_iter()
            .filter_map(|p| match p {
                Piece::Hole(h) => Some(h),
                Piece::Literal(_) => None,
            })
            .collect()
    })
}

/// Fills the placeholders of `text` for `scenario`. Never fails: a value that does not exist in
/// the scenario (no model, an id the catalog lacks, a name that names nothing) shows as `—`, and
/// text after a syntax error is kept as written.
#[must_use]
pub fn render(text: &str, scenario: &Scenario, catalog: &Catalog) -> String {
    let mut context = RenderContext {
        scenario,
        catalog,
        evaluation: None,
    };
    let (pieces, tail) = match pieces(text) {
        Ok(pieces) => (pieces, ""),
        Err(error) => {
            // Everything before the first error parses; render it and keep the rest verbatim.
            let (head, tail) = text.split_at(error.offset());
            (
                pieces(head).unwrap_or_else(|_| vec![Piece::Literal(head)]),
                tail,
            )
        }
    };
    let mut out = String::with_capacity(text.len() + 16);
    for piece in pieces {
        match piece {
            Piece::Literal(s) => out.push_str(s),
            Piece::Hole(h) => out.push_str(&context.value(&h)),
        }
    }
    out.push_str(tail);
    out
}

struct RenderContext<'a> {
    scenario: &'a Scenario,
    catalog: &'a Catalog,
    /// Evaluated on the first quantity asked for, at most once.
    evaluation: Option<Result<Evaluation, ScenarioError>>,
}

impl RenderContext<'_> {
    fn value(&mut self, hole: &Placeholder) -> String {
        let Ok(name) = hole.name.parse::<ValueName>() else {
            return UNAVAILABLE.to_owned();
        };
        if let Some(on) = &hole.on {
            let scenario = on_other(self.scenario, on);
            return RenderContext {
                scenario: &scenario,
                catalog: self.catalog,
                evaluation: None,
            }
            .named(name, hole.format);
        }
        self.named(name, hole.format)
    }

    fn named(&mut self, name: ValueName, hole_format: Format) -> String {
        match name {
            ValueName::Setting(setting) => setting.render(self.scenario, self.catalog, hole_format),
            ValueName::Quantity(quantity) => {
                let (scenario, catalog) = (self.scenario, self.catalog);
                let evaluation = self
                    .evaluation
                    .get_or_insert_with(|| scenario.evaluate(catalog));
                match evaluation.as_ref().ok().and_then(|e| quantity.value(e)) {
                    Some(QuantityValue::Number(v)) => format_number(v, hole_format),
                    Some(QuantityValue::Bound(b)) => b.name().to_owned(),
                    None => UNAVAILABLE.to_owned(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
