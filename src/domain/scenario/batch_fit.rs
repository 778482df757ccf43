//! Whether a scenario's batch can run at all: the weights must fit, and the batch's KV (and
//! state) must fit in what is left. Past the KV wall a step time, a token rate or a cost is a
//! figure for a setting that cannot run, so every surface asks here first.

use super::{ModelEvaluation, WeightFit};

/// Whether the batch runs, and if not, why.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchFit {
    /// The weights fit and the batch is at or below the KV wall (or nothing limits it).
    Runs,
    /// The weights alone need more than the usable memory.
    WeightsDoNotFit,
    /// The weights fit, but the batch holds more sequences than the KV budget has room for.
    PastKvWall {
        /// The batch asked for.
        batch: u32,
        /// The most sequences the KV budget holds.
        wall: u64,
    },
}

impl BatchFit {
    /// Whether the batch runs.
    #[must_use]
    pub const fn runs(self) -> bool {
        matches!(self, Self::Runs)
    }

    /// `fits`, `weights_do_not_fit` or `past_kv_wall`, for JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Runs => "fits",
            Self::WeightsDoNotFit => "weights_do_not_fit",
            Self::PastKvWall { .. } => "past_kv_wall",
        }
    }
}

impl ModelEvaluation {
    /// Whether `batch` sequences run in this setting.
    pub fn batch_fit(&self, batch: u32) -> BatchFit {
        match (self.fit, self.max_batch_kv) {
            (WeightFit::DoesNotFit, _) => BatchFit::WeightsDoNotFit,
            (WeightFit::Fits, Some(wall)) if u64::from(batch) > wall => {
                BatchFit::PastKvWall { batch, wall }
            }
            (WeightFit::Fits, _) => BatchFit::Runs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::dtype::Dtype;
    use crate::domain::scenario::Scenario;

    /// DeepSeek-V3 on 8× H200 in FP8 at 32K context: the wall is far below batch 64.
    fn deepseek(batch: u32) -> BatchFit {
        let s = Scenario {
            model: Some("deepseek-v3".to_owned()),
            precision: Dtype::Fp8,
            weights: Dtype::Fp8,
            tp: 8,
            batch,
            context: 32_768,
            ..Scenario::for_gpu("h200")
        };
        let e = s.evaluate(&builtin_catalog()).unwrap();
        e.model.unwrap().batch_fit(batch)
    }

    #[test]
    fn a_batch_past_the_kv_wall_does_not_run() {
        let BatchFit::PastKvWall { batch, wall } = deepseek(64) else {
            panic!(
                "batch 64 at 32K should be past the wall: {:?}",
                deepseek(64)
            );
        };
        assert_eq!(batch, 64);
        assert!(wall < 64, "{wall}");
        assert_eq!(deepseek(u32::try_from(wall).unwrap()), BatchFit::Runs);
    }

    #[test]
    fn weights_that_do_not_fit_say_so_before_the_wall() {
        let s = Scenario {
            model: Some("llama-3-70b".to_owned()),
            context: 4096,
            ..Scenario::for_gpu("h100-sxm")
        };
        let m = s.evaluate(&builtin_catalog()).unwrap().model.unwrap();
        assert_eq!(m.batch_fit(1), BatchFit::WeightsDoNotFit);
        assert!(!m.batch_fit(1).runs());
    }
}
