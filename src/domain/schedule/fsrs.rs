//! FSRS over a review history: replay the reviews, then the next due date.

use super::{DesiredRetention, Grade, Review, Timestamp};

/// What FSRS knows of a step's memory after its reviews.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Memory {
    /// Days until recall probability falls to 90 %.
    pub stability: f32,
    /// 1 (easy) to 10 (hard).
    pub difficulty: f32,
    /// When the last review was.
    pub last_review: Timestamp,
    /// Whole days from the last review to when the step is due again (at least 1).
    pub interval_days: u32,
}

impl Memory {
    /// When the step is due again.
    #[must_use]
    pub const fn due(&self) -> Timestamp {
        self.last_review.plus_days(self.interval_days as i64)
    }
}

/// FSRS with its default parameters and a desired retention.
#[derive(Debug, Clone)]
pub struct Scheduler {
    fsrs: fsrs::FSRS,
    retention: DesiredRetention,
}

impl Default for Scheduler {
    fn default() -> Self {
        Self::new(DesiredRetention::DEFAULT)
    }
}

impl Scheduler {
    /// A scheduler aiming at `retention`.
    #[must_use]
    pub fn new(retention: DesiredRetention) -> Self {
        Self {
            fsrs: fsrs::FSRS::default(),
            retention,
        }
    }

    /// The desired retention.
    #[must_use]
    pub const fn retention(&self) -> DesiredRetention {
        self.retention
    }

    /// The memory after replaying `history` in time order; `None` for an empty history.
    #[must_use]
    pub fn memory(&self, history: &[Review]) -> Option<Memory> {
        let mut sorted = history.to_vec();
        sorted.sort_by_key(|r| r.at);
        let mut memory: Option<Memory> = None;
        for review in sorted {
            memory = Some(self.after(memory, review));
        }
        memory
    }

    /// The memory after one more review on top of `before`.
    #[must_use]
    pub fn after(&self, before: Option<Memory>, review: Review) -> Memory {
        let state = before.map(|m| fsrs::MemoryState {
            stability: m.stability,
            difficulty: m.difficulty,
        });
        let elapsed = before.map_or(0, |m| review.at.days_since(m.last_review));
        let item = match self.fsrs.next_states(state, self.retention.get(), elapsed) {
            Ok(next) => match review.grade {
                Grade::Again => next.again,
                Grade::Hard => next.hard,
                Grade::Good => next.good,
                Grade::Easy => next.easy,
            },
            // FSRS refuses only states it produced itself as invalid (NaN); start over rather
            // than lose the step.
            Err(_) => {
                return self.after(None, review);
            }
        };
        Memory {
            stability: item.memory.stability,
            difficulty: item.memory.difficulty,
            last_review: review.at,
            interval_days: whole_days(item.interval),
        }
    }

    /// When a step with this history is due; `None` for an empty history.
    #[must_use]
    pub fn due(&self, history: &[Review]) -> Option<Timestamp> {
        self.memory(history).map(|m| m.due())
    }

    /// When the step would be due if it were graded `grade` at `at` on top of `history`.
    #[must_use]
    pub fn due_after(&self, history: &[Review], at: Timestamp, grade: Grade) -> Timestamp {
        self.after(self.memory(history), Review { at, grade }).due()
    }
}

/// An FSRS interval in days, rounded to whole days, at least one (the crate's own advice).
fn whole_days(interval: f32) -> u32 {
    if interval.is_finite() && interval > 1.0 {
        interval.round().min(36_500.0) as u32
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schedule::DAY_SECS;

    const START: Timestamp = Timestamp(1_767_225_600); // 2026-01-01 00:00 UTC

    fn review(day: i64, grade: Grade) -> Review {
        Review {
            at: START.plus_days(day),
            grade,
        }
    }

    #[test]
    fn a_card_graded_good_is_not_due_the_next_day_and_is_due_after_its_interval() {
        let scheduler = Scheduler::default();
        let history = [review(0, Grade::Good)];
        let memory = scheduler.memory(&history).unwrap();
        assert!(memory.interval_days >= 2, "{memory:?}");
        let due = scheduler.due(&history).unwrap();
        assert!(due > START.plus_days(1), "not due the next day");
        assert_eq!(due, START.plus_days(i64::from(memory.interval_days)));
    }

    #[test]
    fn good_reviews_on_time_push_the_next_one_further_out() {
        let scheduler = Scheduler::default();
        let mut history = vec![review(0, Grade::Good)];
        let mut last_interval = 0;
        for _ in 0..4 {
            let memory = scheduler.memory(&history).unwrap();
            assert!(memory.interval_days > last_interval, "{memory:?}");
            last_interval = memory.interval_days;
            history.push(Review {
                at: memory.due(),
                grade: Grade::Good,
            });
        }
        assert!(last_interval > 30, "{last_interval}");
    }

    #[test]
    fn again_brings_a_well_known_card_back_within_days() {
        let scheduler = Scheduler::default();
        let history = [review(0, Grade::Good), review(3, Grade::Good)];
        let good = scheduler.due_after(&history, START.plus_days(20), Grade::Good);
        let again = scheduler.due_after(&history, START.plus_days(20), Grade::Again);
        assert!(again <= START.plus_days(22), "{again:?}");
        assert!(good > START.plus_days(40), "{good:?}");
    }

    #[test]
    fn grades_order_the_next_interval() {
        let scheduler = Scheduler::default();
        let dues: Vec<Timestamp> = Grade::ALL
            .iter()
            .map(|g| scheduler.due_after(&[review(0, Grade::Good)], START.plus_days(3), *g))
            .collect();
        assert!(dues.windows(2).all(|w| w[0] <= w[1]), "{dues:?}");
        assert!(dues[0] < dues[3]);
    }

    #[test]
    fn history_order_does_not_matter_and_a_higher_retention_reviews_sooner() {
        let scheduler = Scheduler::default();
        let history = [review(0, Grade::Good), review(3, Grade::Hard)];
        let reversed = [history[1], history[0]];
        assert_eq!(scheduler.due(&history), scheduler.due(&reversed));
        let keen = Scheduler::new(DesiredRetention::new(0.97).unwrap());
        let long = [review(0, Grade::Easy), review(10, Grade::Easy)];
        assert!(keen.due(&long).unwrap() < scheduler.due(&long).unwrap());
        assert_eq!(scheduler.due(&[]), None);
        assert_eq!(DAY_SECS, 86_400);
    }
}
