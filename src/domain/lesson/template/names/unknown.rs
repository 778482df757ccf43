//! A placeholder name that names nothing, and reading a name into what it refers to.

use std::str::FromStr;

use super::ValueName;
use crate::domain::suggest::closest;

/// A placeholder name that names nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown placeholder '{{{name}}}'{}; names are the engine quantities (ridge, fc_intensity, step_time_ms, …) and the scenario settings (gpu, model, batch, context, …)", suggestion.as_ref().map(|s| format!(" (did you mean '{{{s}}}'?)")).unwrap_or_default())]
pub struct UnknownName {
    /// The name written.
    pub name: String,
    /// The closest known name.
    pub suggestion: Option<&'static str>,
}

impl FromStr for ValueName {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::all()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownName {
                name: s.to_owned(),
                suggestion: closest(s, Self::all().map(Self::name)),
            })
    }
}
