//! Spaced repetition: when a recall card or an answered prediction comes back.
//!
//! Scheduling is FSRS (the `fsrs` crate, the implementation Anki uses) with its default
//! parameters and a desired retention the learner may set (default 0.9). A step's schedule is
//! derived from its review history alone — a list of (time, grade) — so two histories merged by
//! appending give the same schedule wherever they are replayed. The current time is data: every
//! function takes it as a [`Timestamp`], so tests set any date.
//!
//! Grades: a recall card is graded by the learner (1–4); a prediction is graded from its error
//! ([`grade_for_guess`]), never by the learner.

mod due;
mod fsrs;
mod grade;
pub mod round;

use serde::{Deserialize, Serialize};

pub use due::{
    Due, ReviewKind, Reviewable, coming_due, due_among, due_now, reviewables, reviewables_of,
};
pub use fsrs::{Memory, Scheduler};
pub use grade::{grade_for_choice, grade_for_guess};
pub use round::{Asked, Item, ItemOutcome, NextDue, Pass, Round, grade_of, next_due};

pub use super::session::Grade;

/// Seconds in a day.
pub const DAY_SECS: i64 = 86_400;

/// A moment, as whole seconds since 1970-01-01 00:00:00 UTC (Unix time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// This moment plus whole days.
    #[must_use]
    pub const fn plus_days(self, days: i64) -> Self {
        Self(self.0.saturating_add(days.saturating_mul(DAY_SECS)))
    }

    /// Calendar days (UTC) from `earlier` to this moment: 1 for any moment tomorrow.
    #[must_use]
    pub const fn calendar_days_since(self, earlier: Self) -> i64 {
        self.0.div_euclid(DAY_SECS) - earlier.0.div_euclid(DAY_SECS)
    }

    /// Whole days from `earlier` to this moment (0 when `earlier` is later).
    #[must_use]
    pub const fn days_since(self, earlier: Self) -> u32 {
        let secs = self.0.saturating_sub(earlier.0);
        if secs <= 0 {
            0
        } else {
            let days = secs / DAY_SECS;
            if days > u32::MAX as i64 {
                u32::MAX
            } else {
                days as u32
            }
        }
    }
}

/// One review of a step: when, and how well.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Review {
    /// When the answer was judged.
    pub at: Timestamp,
    /// The grade: the learner's for a card, derived from the error for a prediction.
    pub grade: Grade,
}

/// The share of reviews the learner wants to get right, in (0.7, 0.99]: higher means shorter
/// intervals and more reviews. FSRS's and Anki's default is 0.9.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct DesiredRetention(f32);

impl DesiredRetention {
    /// The default, 0.9.
    pub const DEFAULT: Self = Self(0.9);

    /// A retention, if it lies in (0.7, 0.99].
    pub fn new(value: f64) -> Result<Self, RetentionError> {
        if value > 0.7 && value <= 0.99 {
            Ok(Self(value as f32))
        } else {
            Err(RetentionError(value))
        }
    }

    /// The value, as FSRS takes it.
    #[must_use]
    pub const fn get(self) -> f32 {
        self.0
    }
}

impl Default for DesiredRetention {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A desired retention outside (0.7, 0.99].
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("desired retention {0} is outside (0.7, 0.99]; 0.9 is the usual choice")]
pub struct RetentionError(pub f64);

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(0, 0, 0)]
    #[case(DAY_SECS - 1, 0, 0)]
    #[case(DAY_SECS, 0, 1)]
    #[case(30 * DAY_SECS + 5, 0, 30)]
    #[case(0, DAY_SECS, 0)]
    fn whole_days_between_moments(#[case] later: i64, #[case] earlier: i64, #[case] days: u32) {
        assert_eq!(Timestamp(later).days_since(Timestamp(earlier)), days);
    }

    #[rstest]
    #[case(0, 0, 0)]
    #[case(DAY_SECS - 1, DAY_SECS + 1, 1)] // 23:59:59 to 00:00:01 the next day
    #[case(DAY_SECS + 1, 2 * DAY_SECS - 1, 0)]
    #[case(0, 30 * DAY_SECS, 30)]
    fn calendar_days_count_midnights(#[case] earlier: i64, #[case] later: i64, #[case] days: i64) {
        assert_eq!(
            Timestamp(later).calendar_days_since(Timestamp(earlier)),
            days
        );
    }

    #[rstest]
    #[case(0.9, true)]
    #[case(0.99, true)]
    #[case(0.7, false)]
    #[case(1.0, false)]
    #[case(f64::NAN, false)]
    fn retention_range(#[case] value: f64, #[case] ok: bool) {
        assert_eq!(DesiredRetention::new(value).is_ok(), ok, "{value}");
    }
}
