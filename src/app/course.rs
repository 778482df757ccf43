//! The lessons the app teaches, in course order. Lessons given already parsed (from
//! `--lessons DIR`, or by tests) are used as they are. The shipped lessons come with their
//! [`LessonHead`]s, written at build time: the lesson list (the first screen) draws from
//! those, and the lessons themselves are parsed the first time anything else reads them.

use std::ops::Deref;

use super::deferred::Deferred;
use crate::domain::lesson::{Lesson, LessonHead, Step, StepKind};

/// Every lesson of the course.
#[derive(Debug, Clone)]
pub struct Course {
    heads: Heads,
    lessons: Deferred<Vec<Lesson>>,
}

/// Where the lesson list's facts come from.
#[derive(Debug, Clone, Copy)]
enum Heads {
    /// The lessons themselves.
    Parsed,
    /// Heads written at build time, one per lesson, in the same order.
    Shipped(&'static [LessonHead]),
}

impl Course {
    /// The lessons `parse` makes when first read, described until then by `heads` (one per
    /// lesson, in the order `parse` returns them).
    #[must_use]
    pub fn deferred(
        heads: &'static [LessonHead],
        parse: impl FnOnce() -> Vec<Lesson> + Send + 'static,
    ) -> Self {
        Self {
            heads: Heads::Shipped(heads),
            lessons: Deferred::new(parse),
        }
    }

    /// How many lessons (without parsing them).
    #[must_use]
    pub fn len(&self) -> usize {
        match self.heads {
            Heads::Parsed => Deferred::force(&self.lessons).len(),
            Heads::Shipped(heads) => heads.len(),
        }
    }

    /// Whether there is no lesson.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the lessons have been parsed (always, for lessons given parsed).
    #[must_use]
    pub fn is_parsed(&self) -> bool {
        Deferred::is_made(&self.lessons)
    }

    /// Lesson `index`'s id.
    #[must_use]
    pub fn id(&self, index: usize) -> Option<&str> {
        self.head(index, |l| &l.id, |h| h.id)
    }

    /// Lesson `index`'s title.
    #[must_use]
    pub fn title(&self, index: usize) -> Option<&str> {
        self.head(index, |l| &l.title, |h| h.title)
    }

    /// Lesson `index`'s summary.
    #[must_use]
    pub fn summary(&self, index: usize) -> Option<&str> {
        self.head(index, |l| &l.summary, |h| h.summary)
    }

    /// One field of lesson `index`'s head: from the parsed lesson, or from the build-time head.
    fn head<'a>(
        &'a self,
        index: usize,
        parsed: impl FnOnce(&'a Lesson) -> &'a str,
        shipped: impl FnOnce(&'static LessonHead) -> &'static str,
    ) -> Option<&'a str> {
        match self.heads {
            Heads::Parsed => Deferred::force(&self.lessons).get(index).map(parsed),
            Heads::Shipped(heads) => heads.get(index).map(shipped),
        }
    }

    /// Lesson `index`'s steps as `(id, kind)`, in order (none past the last lesson).
    #[must_use]
    pub fn step_heads(&self, index: usize) -> StepHeads<'_> {
        match self.heads {
            Heads::Parsed => StepHeads::Parsed(
                Deferred::force(&self.lessons)
                    .get(index)
                    .map_or(&[][..], |l| l.steps.as_slice())
                    .iter(),
            ),
            Heads::Shipped(heads) => {
                StepHeads::Shipped(heads.get(index).map_or(&[][..], |h| h.steps).iter())
            }
        }
    }

    /// The index of the lesson with this id.
    #[must_use]
    pub fn position(&self, id: &str) -> Option<usize> {
        (0..self.len()).find(|&i| self.id(i) == Some(id))
    }
}

impl Deref for Course {
    type Target = [Lesson];

    /// The lessons, parsed now if this is the first read.
    fn deref(&self) -> &[Lesson] {
        &self.lessons
    }
}

impl From<Vec<Lesson>> for Course {
    fn from(lessons: Vec<Lesson>) -> Self {
        Self {
            heads: Heads::Parsed,
            lessons: Deferred::ready(lessons),
        }
    }
}

/// A lesson's steps as `(id, kind)`: see [`Course::step_heads`].
#[derive(Debug, Clone)]
pub enum StepHeads<'a> {
    /// From a parsed lesson.
    Parsed(std::slice::Iter<'a, Step>),
    /// From a build-time head.
    Shipped(std::slice::Iter<'a, (&'static str, StepKind)>),
}

impl<'a> Iterator for StepHeads<'a> {
    type Item = (&'a str, StepKind);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Self::Parsed(steps) => steps.next().map(|s| (s.id(), s.kind())),
            Self::Shipped(heads) => heads.next().map(|&(id, kind)| (id, kind)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;

    #[test]
    fn the_shipped_heads_are_the_parsed_lessons() {
        let lessons = crate::content::lessons::builtin(&builtin_catalog()).expect("shipped");
        let heads = crate::content::lessons::SHIPPED_HEADS.expect("build.rs reads every head");
        let course = Course::deferred(heads, crate::content::lessons::parse_shipped);
        assert!(!course.is_parsed(), "nothing is parsed before a read");
        assert_eq!(course.len(), lessons.len());
        for (i, lesson) in lessons.iter().enumerate() {
            assert_eq!(course.id(i), Some(lesson.id.as_str()));
            assert_eq!(course.title(i), Some(lesson.title.as_str()));
            assert_eq!(course.summary(i), Some(lesson.summary.as_str()));
            let heads: Vec<_> = course.step_heads(i).collect();
            let parsed: Vec<_> = lesson.steps.iter().map(|s| (s.id(), s.kind())).collect();
            assert_eq!(heads, parsed, "lesson {}", lesson.id);
            assert_eq!(course.position(&lesson.id), Some(i));
        }
        assert!(
            !course.is_parsed(),
            "heads, ids and positions read no lesson text"
        );
        assert_eq!(
            &*course,
            lessons.as_slice(),
            "read, they are the shipped lessons"
        );
        assert!(course.is_parsed());
    }

    #[test]
    fn parsed_lessons_answer_from_themselves() {
        let lessons = crate::content::lessons::builtin(&builtin_catalog()).expect("shipped");
        let course = Course::from(lessons[..2].to_vec());
        assert_eq!(course.len(), 2);
        assert_eq!(course.title(1), Some(lessons[1].title.as_str()));
        assert_eq!(course.step_heads(1).count(), lessons[1].steps.len());
        assert_eq!(course.step_heads(2).count(), 0);
        assert_eq!(course.id(2), None);
        assert_eq!(course.position("no-such-lesson"), None);
    }
}
