//! How a model's KV lies across the tensor-parallel group, and whether its weights fit.

use crate::domain::model::{Attention, ModelSpec};
use crate::domain::scenario::Scenario;

/// How one sequence's KV cache (and recurrent state) lies across the tensor-parallel group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KvSplit {
    /// Split by KV head (MHA/GQA under TP): each GPU holds 1/TP of every sequence.
    Heads,
    /// Copied to every GPU (MLA under TP): its one latent per token serves all heads, so each
    /// GPU holds and reads all of it while computing only its 1/TP of the heads.
    Replicated,
    /// Data-parallel attention: each GPU holds whole sequences of its own (1/TP of the batch).
    Sequences,
}

impl KvSplit {
    /// How a scenario's model lays out its KV.
    #[must_use]
    pub fn of(scenario: &Scenario, model: &ModelSpec) -> Self {
        match (scenario.attention_dp, model.attention) {
            (true, _) => Self::Sequences,
            (false, Attention::Mla { .. }) if scenario.tp > 1 => Self::Replicated,
            (false, Attention::Standard | Attention::Mla { .. }) => Self::Heads,
        }
    }

    /// Share of the batch's KV bytes that one GPU holds and reads.
    #[must_use]
    pub fn share_per_gpu(self, tp: f64) -> f64 {
        match self {
            Self::Heads | Self::Sequences => 1.0 / tp,
            Self::Replicated => 1.0,
        }
    }

    /// What one sequence's bytes are divided by on a GPU: TP when split by head, else 1.
    #[must_use]
    pub fn sequence_divisor(self, tp: f64) -> f64 {
        match self {
            Self::Heads => tp,
            Self::Replicated | Self::Sequences => 1.0,
        }
    }

    /// `split by head`, `copied to every GPU` or `whole sequences per GPU`.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Heads => "split by head across the TP group",
            Self::Replicated => {
                "copied to every GPU of the TP group (MLA's latent serves all heads)"
            }
            Self::Sequences => "whole sequences per GPU (data-parallel attention)",
        }
    }
}

/// Whether the weights fit in the memory a GPU may use.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightFit {
    /// The weights and the reserve fit; what is left is the KV budget.
    Fits,
    /// The weights alone need more than the usable memory: no KV wall exists.
    DoesNotFit,
}

impl WeightFit {
    /// Whether they fit.
    #[must_use]
    pub const fn fits(self) -> bool {
        matches!(self, Self::Fits)
    }
}
