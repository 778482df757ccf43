//! The batch a setting can run, in one place: the slider's range, the KV wall that stops it,
//! and the one wording of why it stops. The plot, the slider, the notices and `calc` read it.

use super::scenario::{Evaluation, Scenario};

/// The smallest batch.
pub const MIN_BATCH: u32 = 1;
/// The largest batch the slider reaches.
pub const MAX_BATCH: u32 = 4096;

/// What stops the batch from growing, for one evaluated setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Nothing but the slider's end (no model, or no KV cache at context 0).
    SliderEnd,
    /// The KV wall: this many sequences' caches fill the memory left after the weights.
    KvWall(u64),
    /// Not one sequence fits: the weights leave no room for KV.
    NoRoom,
    /// The weights alone need more than the memory the runtime may use: nothing runs.
    DoesNotFit,
}

/// Whether the wall stops the slider and is drawn, or is withheld until a reveal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wall {
    /// The wall stops the batch, is drawn, and is explained when reached.
    #[default]
    Stops,
    /// A question on screen asks for the wall: the batch runs on to the slider's end and no
    /// wall is drawn, so neither the slider nor a notice gives it away.
    Withheld,
}

/// The batch range of one evaluated setting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BatchRange {
    /// What stops it.
    pub limit: Limit,
    /// GB per GPU left for KV (for the explanation).
    pub kv_budget_gb: f64,
    /// GB of weights held per GPU.
    pub weights_gb: f64,
    /// GB per GPU the runtime may use (memory × utilisation − overhead).
    pub usable_gb: f64,
    /// GB per GPU held back outside the KV budget (shown beside the wall).
    pub reserved_gb: f64,
}

impl BatchRange {
    /// The range of a setting, with the wall as `wall` says.
    #[must_use]
    pub fn of(scenario: &Scenario, evaluation: &Evaluation, wall: Wall) -> Self {
        let model = evaluation.model.as_ref();
        let fits = model.is_none_or(|m| m.fit == super::scenario::WeightFit::Fits);
        let limit = match (wall, model.and_then(|m| m.max_batch_kv)) {
            // Whatever is withheld, a setting that cannot run says so.
            _ if !fits => Limit::DoesNotFit,
            (Wall::Stops, Some(0)) => Limit::NoRoom,
            (Wall::Stops, Some(w)) if w < u64::from(MAX_BATCH) => Limit::KvWall(w),
            // Withheld, no KV cache, or a wall past the slider's end.
            (Wall::Withheld | Wall::Stops, _) => Limit::SliderEnd,
        };
        Self {
            limit,
            kv_budget_gb: model.map_or(0.0, |m| m.kv_budget_bytes / 1e9),
            weights_gb: model.map_or(0.0, |m| m.weight_bytes_stored_per_gpu / 1e9),
            usable_gb: evaluation.memory_bytes * scenario.mem_util / 1e9 - scenario.overhead_gb,
            reserved_gb: scenario.overhead_gb,
        }
    }

    /// Whether the weights fit in the memory the runtime may use at all.
    #[must_use]
    pub fn fits(&self) -> bool {
        self.limit != Limit::DoesNotFit
    }

    /// The largest batch allowed.
    #[must_use]
    pub fn max(&self) -> u32 {
        match self.limit {
            Limit::SliderEnd => MAX_BATCH,
            Limit::KvWall(wall) => wall.clamp(1, u64::from(MAX_BATCH)) as u32,
            Limit::NoRoom | Limit::DoesNotFit => MIN_BATCH,
        }
    }

    /// The drawn wall, if the slider shows one.
    #[must_use]
    pub const fn wall(&self) -> Option<u64> {
        match self.limit {
            Limit::KvWall(wall) => Some(wall),
            Limit::SliderEnd | Limit::NoRoom | Limit::DoesNotFit => None,
        }
    }

    /// Why the batch stops where it does, in the one wording every surface uses.
    #[must_use]
    pub fn reason(&self, context: u64) -> String {
        match self.limit {
            Limit::SliderEnd => format!("the slider ends at batch {MAX_BATCH}"),
            Limit::KvWall(wall) => {
                let noun = if wall == 1 { "sequence" } else { "sequences" };
                format!(
                    "KV wall: {wall} {noun} × {} context fill the {:.1} GB KV budget ({} GB reserved)",
                    context_label(context),
                    self.kv_budget_gb,
                    self.reserved_gb
                )
            }
            Limit::NoRoom => format!(
                "no room for KV: the weights ({:.1} GB) fill the {:.1} GB this GPU may use",
                self.weights_gb, self.usable_gb
            ),
            Limit::DoesNotFit => format!(
                "does not fit: {:.1} GB of weights per GPU, {:.1} GB usable",
                self.weights_gb, self.usable_gb
            ),
        }
    }
}

impl BatchRange {
    /// The reason in a few words, for a narrow line: `KV wall 98 at 4K`.
    #[must_use]
    pub fn short_reason(&self, context: u64) -> String {
        match self.limit {
            Limit::SliderEnd => format!("slider ends at {MAX_BATCH}"),
            Limit::KvWall(wall) => format!("KV wall {wall} at {}", context_label(context)),
            Limit::NoRoom => "no room for KV".to_owned(),
            Limit::DoesNotFit => "does not fit".to_owned(),
        }
    }
}

/// 1K, 4K, 128K, or the plain number when it is not a whole number of K.
#[must_use]
pub fn context_label(context: u64) -> String {
    if context >= 1024 && context % 1024 == 0 {
        format!("{}K", context / 1024)
    } else {
        context.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    #[track_caller]
    fn range(context: u64, wall: Wall) -> BatchRange {
        let scenario = Scenario {
            context,
            ..Scenario::default_cluster()
        };
        let evaluation = scenario.evaluate(&builtin_catalog()).unwrap();
        BatchRange::of(&scenario, &evaluation, wall)
    }

    #[test]
    fn the_kv_wall_stops_the_batch_and_says_why() {
        let r = range(4096, Wall::Stops);
        assert_eq!(r.limit, Limit::KvWall(107));
        assert_eq!((r.max(), r.wall()), (107, Some(107)));
        assert_eq!(
            r.reason(4096),
            "KV wall: 107 sequences × 4K context fill the 57.9 GB KV budget (3 GB reserved)"
        );
    }

    #[test]
    fn a_withheld_wall_lets_the_batch_run_to_the_end() {
        let r = range(4096, Wall::Withheld);
        assert_eq!(
            (r.limit, r.max(), r.wall()),
            (Limit::SliderEnd, MAX_BATCH, None)
        );
    }

    #[test]
    fn no_context_no_wall() {
        assert_eq!(range(0, Wall::Stops).limit, Limit::SliderEnd);
    }

    #[test]
    fn weights_that_fill_the_memory_leave_no_room() {
        let scenario = Scenario {
            model: Some("llama-3-70b".to_owned()),
            context: 4096,
            ..Scenario::default_cluster()
        };
        let evaluation = scenario.evaluate(&builtin_catalog()).unwrap();
        let r = BatchRange::of(&scenario, &evaluation, Wall::Stops);
        assert_eq!((r.limit, r.max()), (Limit::DoesNotFit, 1));
        assert!(!r.fits());
        assert!(
            r.reason(4096).starts_with("does not fit: 141"),
            "{}",
            r.reason(4096)
        );
        // Withheld or not, a setting that cannot run says so.
        let r = BatchRange::of(&scenario, &evaluation, Wall::Withheld);
        assert_eq!(r.limit, Limit::DoesNotFit);
    }

    #[test]
    fn context_labels() {
        assert_eq!(context_label(4096), "4K");
        assert_eq!(context_label(131_072), "128K");
        assert_eq!(context_label(1000), "1000");
    }
}
