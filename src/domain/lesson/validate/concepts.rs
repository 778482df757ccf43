//! A concept used before it is taught: every term a step `uses` must be taught by that step
//! or an earlier one, in course order (the lessons before this one, then this lesson's steps).
//! Reported at the step that uses it, with where the term is taught, if anywhere.

mod found;

use std::collections::HashSet;

use super::spot::{Needle, Spot};
use super::{Problem, quoted, valid_id};
use crate::domain::lesson::concepts::{Course, Teaching, teachings};
use crate::domain::lesson::{CONCEPTS_SINCE, Lesson};

/// The lesson's own `concepts`: a format that has them, steps that exist, terms that are ids.
pub(super) fn entries(lesson: &Lesson) -> Vec<Problem> {
    let mut problems = Vec::new();
    let at = |text: &str| Spot::lesson("concepts", Some(Needle::whole(quoted(text))));
    if !lesson.concepts.is_empty() && lesson.format_version < CONCEPTS_SINCE {
        problems.push(Problem {
            spot: Spot::lesson("concepts", None),
            message: format!(
                "`concepts` needs format_version {CONCEPTS_SINCE} or later; this file says {}",
                lesson.format_version
            ),
        });
    }
    for entry in &lesson.concepts {
        if !lesson.steps.iter().any(|s| s.id() == entry.step) {
            problems.push(Problem {
                spot: at(&entry.step),
                message: format!(
                    "`concepts` names step '{}', which this lesson does not have",
                    entry.step
                ),
            });
        }
        for term in entry.teaches.iter().chain(&entry.uses) {
            if !valid_id(term) {
                problems.push(Problem {
                    spot: at(term),
                    message: format!(
                        "term '{term}' must be lowercase letters and digits joined by single dashes (e.g. 'kv-cache')"
                    ),
                });
            }
        }
    }
    problems
}

/// Every term a step of `lesson` uses before any step teaches it, `course` giving what the
/// other lessons teach and in which order.
#[must_use]
pub fn order(lesson: &Lesson, course: &Course) -> Vec<Problem> {
    let (before, after) = course.around(&lesson.id);
    let own = teachings(lesson);
    let mut taught: HashSet<&str> = before.iter().map(|t| t.term.as_str()).collect();
    let mut problems = Vec::new();
    for (index, step) in lesson.steps.iter().enumerate() {
        let entries = || lesson.concepts.iter().filter(|c| c.step == step.id());
        taught.extend(entries().flat_map(|c| c.teaches.iter().map(String::as_str)));
        for term in entries().flat_map(|c| c.uses.iter()) {
            if taught.contains(term.as_str()) {
                continue;
            }
            let later = own
                .iter()
                .chain(after.iter().copied())
                .find(|t| t.term == *term);
            problems.push(Problem {
                spot: Spot::step(index, &["id"], Some(Needle::whole(quoted(step.id())))),
                message: message(step.id(), term, later),
            });
        }
    }
    let later: Vec<&Teaching> = own.iter().chain(after.iter().copied()).collect();
    problems.extend(found::in_text(lesson, course, &before, &later));
    problems
}

fn message(step: &str, term: &str, later: Option<&Teaching>) -> String {
    match later {
        Some(t) => format!(
            "step '{step}' uses '{term}' before it is taught: lesson '{}', step '{}' teaches it later in the course; teach it at or before this step, or move this step after that one",
            t.lesson, t.step
        ),
        None => format!(
            "step '{step}' uses '{term}', which no step of the course teaches: add it to the `teaches` of the step that defines it (in this lesson's `concepts`)"
        ),
    }
}

#[cfg(test)]
#[path = "concepts_tests.rs"]
mod tests;
