//! What the learner measured on their endpoint: plain figures, placed against the roofline by
//! [`super::measured`].

use super::scenario::Scenario;

/// What the learner measured on their endpoint (per replica).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// Decode: aggregate generated tokens/s at a batch.
    pub decode: Option<DecodeRate>,
    /// Prefill: prompt tokens/s at a prompt length.
    pub prefill: Option<PrefillRate>,
}

/// Aggregate decode throughput at a batch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodeRate {
    /// Generated tokens per second, summed over the batch.
    pub tokens_per_s: f64,
    /// Sequences decoded together.
    pub batch: u32,
}

impl DecodeRate {
    /// `s` at the batch this rate was measured at: the setting its speed of light is read on.
    #[must_use]
    pub fn scenario(self, s: &Scenario) -> Scenario {
        Scenario {
            batch: self.batch,
            ..s.clone()
        }
    }

    /// The measured time of one decode step, seconds: the batch ÷ tokens/s.
    #[must_use]
    pub fn step_s(self) -> f64 {
        f64::from(self.batch) / self.tokens_per_s
    }
}

/// Prefill throughput at a prompt length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrefillRate {
    /// Prompt tokens processed per second.
    pub tokens_per_s: f64,
    /// Tokens per prompt.
    pub prompt: u64,
}
