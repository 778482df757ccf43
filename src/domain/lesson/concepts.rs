//! Which concepts a lesson's steps teach and which they use, so that `roofline check` can
//! report a concept used before any step of the course teaches it.
//!
//! Written in a lesson (format 2) beside its steps:
//!
//! ```ron
//! concepts: [
//!     (step: "tp-split", teaches: ["tensor-parallelism"]),
//!     (step: "kv-wall-tp", uses: ["tensor-parallelism", "kv-cache"]),
//! ],
//! ```
//!
//! A term is an id (lowercase words joined by dashes). A step may teach and use the same term:
//! a term defined where it is first used is taught there.

use serde::{Deserialize, Serialize};

use super::Lesson;
use super::glossary::Glossary;

/// What one step teaches and uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepConcepts {
    /// The step's id in this lesson.
    pub step: String,
    /// Terms this step defines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teaches: Vec<String>,
    /// Terms this step relies on: some step at or before it, in course order, must teach each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uses: Vec<String>,
}

/// Where a term is taught: the lesson's id and the step's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Teaching {
    /// The lesson's id.
    pub lesson: String,
    /// The step's id.
    pub step: String,
    /// The term.
    pub term: String,
}

/// Every term the course teaches, in course order (lesson by lesson, step by step).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Course {
    /// Each lesson's id and its teachings, in course order.
    lessons: Vec<(String, Vec<Teaching>)>,
    /// The words that signal each term's use in text (none: only declared uses are checked).
    glossary: Glossary,
}

impl Course {
    /// The teachings of `lessons`, taken in the order given.
    #[must_use]
    pub fn of(lessons: &[Lesson]) -> Self {
        let mut course = Self::default();
        for lesson in lessons {
            course.put(lesson);
        }
        course
    }

    /// The course with `glossary`, so that a term's use is found in the text as well as where
    /// a lesson declares it.
    #[must_use]
    pub fn with_glossary(self, glossary: Glossary) -> Self {
        Self { glossary, ..self }
    }

    /// The words that signal each term.
    #[must_use]
    pub const fn glossary(&self) -> &Glossary {
        &self.glossary
    }

    /// Adds `lesson` at the end of the course, or (a lesson of the course with that id) in
    /// place of the course's own version.
    pub fn put(&mut self, lesson: &Lesson) {
        let teachings = teachings(lesson);
        match self.lessons.iter_mut().find(|(id, _)| *id == lesson.id) {
            Some((_, old)) => *old = teachings,
            None => self.lessons.push((lesson.id.clone(), teachings)),
        }
    }

    /// The teachings of the lessons before `lesson_id` (all of them, for a lesson not in the
    /// course: it comes after the course), and those after it.
    #[must_use]
    pub fn around(&self, lesson_id: &str) -> (Vec<&Teaching>, Vec<&Teaching>) {
        let at = self
            .lessons
            .iter()
            .position(|(id, _)| id == lesson_id)
            .unwrap_or(self.lessons.len());
        let after = self.lessons.get(at + 1..).unwrap_or_default();
        (flat(&self.lessons[..at]), flat(after))
    }
}

fn flat(lessons: &[(String, Vec<Teaching>)]) -> Vec<&Teaching> {
    lessons.iter().flat_map(|(_, t)| t.iter()).collect()
}

/// The teachings of one lesson, in step order.
#[must_use]
pub fn teachings(lesson: &Lesson) -> Vec<Teaching> {
    lesson
        .steps
        .iter()
        .flat_map(|step| {
            lesson
                .concepts
                .iter()
                .filter(move |c| c.step == step.id())
                .flat_map(move |c| {
                    c.teaches.iter().map(move |term| Teaching {
                        lesson: lesson.id.clone(),
                        step: c.step.clone(),
                        term: term.clone(),
                    })
                })
        })
        .collect()
}
