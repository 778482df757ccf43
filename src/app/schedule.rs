//! What study knows of the review schedule: the scheduler, the clock's last reading (time is
//! data: the program passes it in at start and with every key), and how many steps of each
//! lesson are due, for the line at start and the lesson list's column.

use std::collections::BTreeMap;

use super::Course;
use crate::domain::schedule::{Scheduler, Timestamp, due_among, reviewables_of};
use crate::domain::session::Progress;

/// The schedule as study shows it.
#[derive(Debug, Clone, Default)]
pub struct Schedule {
    scheduler: Scheduler,
    now: Option<Timestamp>,
    due: BTreeMap<String, usize>,
}

impl super::App {
    /// The same program knowing the review schedule, read at `now` (time is data: the caller
    /// reads the clock): the lesson list counts what is due per lesson, and in study a line
    /// says how many steps are due and how to review them (unless a warning has the line).
    #[must_use]
    pub fn with_schedule(
        mut self,
        scheduler: crate::domain::schedule::Scheduler,
        now: crate::domain::schedule::Timestamp,
    ) -> Self {
        self.schedule = Schedule::new(scheduler, now);
        self.schedule.refresh(&self.lessons, &self.progress);
        let due = self.schedule.due_total();
        if due > 0 && self.mode.course().roams() && self.notice.is_none() {
            self.notice = Some(super::Notice {
                kind: super::NoticeKind::Info,
                text: format!(
                    "{due} due for review {} roofline review",
                    self.appearance.pick("—", "-")
                ),
            });
        }
        self
    }
}

impl Schedule {
    /// A schedule read at `now`.
    #[must_use]
    pub fn new(scheduler: Scheduler, now: Timestamp) -> Self {
        Self {
            scheduler,
            now: Some(now),
            due: BTreeMap::new(),
        }
    }

    /// The scheduler (FSRS with the learner's desired retention).
    #[must_use]
    pub const fn scheduler(&self) -> &Scheduler {
        &self.scheduler
    }

    /// The clock's last reading, if the program gave one.
    #[must_use]
    pub const fn now(&self) -> Option<Timestamp> {
        self.now
    }

    /// Takes a new reading of the clock.
    pub fn set_now(&mut self, now: Timestamp) {
        self.now = Some(now);
    }

    /// Counts again what is due at the last reading (nothing without one).
    /// Only the course's step ids and kinds are read (no lesson text is parsed for it).
    pub fn refresh(&mut self, course: &Course, progress: &Progress) {
        self.due.clear();
        let Some(now) = self.now else {
            return;
        };
        let lessons = (0..course.len()).filter_map(|i| Some((course.id(i)?, course.step_heads(i))));
        let deck = reviewables_of(lessons, progress, &self.scheduler);
        for item in due_among(deck, now) {
            *self.due.entry(item.lesson).or_default() += 1;
        }
    }

    /// Steps of this lesson due for review, as last counted.
    #[must_use]
    pub fn due_in(&self, lesson: &str) -> usize {
        self.due.get(lesson).copied().unwrap_or(0)
    }

    /// Steps due for review across the course, as last counted.
    #[must_use]
    pub fn due_total(&self) -> usize {
        self.due.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::content::lessons::builtin;
    use crate::domain::schedule::Review;
    use crate::domain::session::{Grade, LessonProgress, StepRecord};

    #[test]
    fn counts_what_is_due_per_lesson_at_the_reading() {
        let lessons = Course::from(builtin(&builtin_catalog()).unwrap());
        let start = Timestamp(1_767_225_600);
        let mut progress = Progress::default();
        for (lesson, card) in [
            ("ridge-point", "ridge-definition"),
            ("buying-hardware", "ridges-to-know"),
        ] {
            let mut record = LessonProgress::default();
            record
                .steps
                .insert(card.into(), StepRecord::Graded { grade: Grade::Good });
            progress.add_review(
                lesson,
                card,
                Review {
                    at: start,
                    grade: Grade::Good,
                },
            );
            progress.lessons.insert(lesson.into(), record);
        }
        let mut schedule = Schedule::default();
        schedule.refresh(&lessons, &progress);
        assert_eq!(schedule.due_total(), 0, "no reading, no count");
        schedule.set_now(start.plus_days(1));
        schedule.refresh(&lessons, &progress);
        assert_eq!(schedule.due_total(), 0, "not due the next day");
        schedule.set_now(start.plus_days(60));
        schedule.refresh(&lessons, &progress);
        assert_eq!(
            (
                schedule.due_in("ridge-point"),
                schedule.due_in("buying-hardware"),
                schedule.due_total()
            ),
            (1, 1, 2)
        );
        assert_eq!(schedule.due_in("two-ceilings"), 0);
    }
}
