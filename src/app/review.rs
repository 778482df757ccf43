//! The review mode's state: the round being asked, and when the next reviews come due once it
//! is over. Its part of `update` is `update/review.rs`; its policy (withheld as in study, the
//! learner reveals, only forward, the review history saved) is in [`super::mode`].

use std::time::SystemTime;

use crate::domain::schedule::{NextDue, Round, Timestamp};

/// A review in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewing {
    /// The items and how each went.
    pub round: Round,
    /// When the next reviews come due, worked out when the round ends (`None` before, or when
    /// nothing is scheduled later).
    pub next: Option<NextDue>,
    /// When the round ended (the clock at its last key).
    pub ended: Option<Timestamp>,
}

impl Reviewing {
    /// A round about to be asked.
    #[must_use]
    pub const fn new(round: Round) -> Self {
        Self {
            round,
            next: None,
            ended: None,
        }
    }
}

/// A moment of the run loop's clock as whole seconds of Unix time (0 before 1970).
#[must_use]
pub fn timestamp(at: SystemTime) -> Timestamp {
    Timestamp(
        at.duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX)),
    )
}
