//! The inputs that count a scenario's GPUs: the tensor-parallel group, and the GPUs of one
//! replica (the group in each pipeline stage). The engine's derivations and the split's
//! (`disagg`) name them through these, so both say the same thing in the same words.

use super::{Input, Source};
use crate::domain::scenario::Scenario;

impl Source {
    /// A setting of the scenario, or the tutor's default when it is left at it.
    #[must_use]
    pub fn setting_or_default(field: &str, is_default: bool) -> Self {
        if is_default {
            Self::Default {
                field: field.to_owned(),
            }
        } else {
            Self::setting(field)
        }
    }
}

impl Input {
    /// `symbol`: the GPUs that split each layer of `s` (its `tp`).
    #[must_use]
    pub fn tp_group(symbol: &'static str, s: &Scenario) -> Self {
        Self::new(
            symbol,
            "GPUs in the tensor-parallel group",
            f64::from(s.tp),
            "",
            Source::setting_or_default("tp", s.tp == 1),
        )
    }

    /// `symbol`: the GPUs of one replica of `s`, the tensor-parallel group
    /// ([`Input::tp_group`]) at one pipeline stage, else TP in each of the PP stages.
    #[must_use]
    pub fn replica_gpus(symbol: &'static str, s: &Scenario) -> Self {
        if s.pp <= 1 {
            return Self::tp_group(symbol, s);
        }
        Self::new(
            symbol,
            "GPUs in a replica: TP in each of the PP stages",
            s.replica_gpus(),
            "",
            Source::setting("tp × pp"),
        )
    }
}
