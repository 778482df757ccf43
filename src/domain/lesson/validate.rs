//! Checks a parsed lesson beyond what the parser enforces: ids, empty text, placeholders,
//! answers that must come out of the engine, and scenarios that must evaluate.
//!
//! Every problem is reported (not only the first), each with a [`Spot`] that says where in the
//! file to point: the content layer turns it into `path:line:col` with a caret.

mod concepts;
mod explore;
mod fits;
mod leaks;
mod literals;
mod opening;
mod snippet;
mod spot;
mod step;
mod vary;
mod voice;

pub use concepts::order as concept_order;
pub use spot::{Needle, Spot};
pub use voice::COURSE_LESSON_STEPS;

use std::collections::HashMap;

use super::{LESSON_FORMAT_VERSION, Lesson, Step};
use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;
use opening::Opening;

/// Validation stops after this many problems: nobody fixes a thousand at once, and a huge
/// broken file should cost no more time than a small one.
pub const MAX_PROBLEMS: usize = 1000;

/// One thing wrong with a lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where to point.
    pub spot: Spot,
    /// What is wrong, and what would be right.
    pub message: String,
}

/// Every problem in `lesson`, with scenarios applied to `base` (the active cluster) and ids
/// looked up in `catalog`. Empty when the lesson is sound. Stops early once there are
/// [`MAX_PROBLEMS`] or more.
#[must_use]
pub fn validate(lesson: &Lesson, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let Lesson {
        format_version,
        id,
        title,
        summary,
        concepts: _,
        steps,
    } = lesson;
    let mut lesson_problem = |field: &'static str, text: Option<String>, message: String| {
        problems.push(Problem {
            spot: Spot::lesson(field, text.map(Needle::whole)),
            message,
        });
    };
    if !(1..=LESSON_FORMAT_VERSION).contains(format_version) {
        lesson_problem(
            "format_version",
            None,
            format!(
                "format_version {format_version} is not supported; this build reads 1 to {LESSON_FORMAT_VERSION}"
            ),
        );
    }
    if !valid_id(id) {
        lesson_problem("id", Some(quoted(id)), id_message("lesson id", id));
    }
    for (field, value) in [("title", title), ("summary", summary)] {
        if value.trim().is_empty() {
            lesson_problem(field, None, format!("the lesson's {field} is empty"));
        }
    }
    if steps.is_empty() {
        lesson_problem(
            "steps",
            None,
            "the lesson has no steps; add at least one".to_owned(),
        );
    }
    problems.extend(concepts::entries(lesson));
    let mut first_use: HashMap<&str, usize> = HashMap::new();
    for (index, s) in steps.iter().enumerate() {
        if problems.len() >= MAX_PROBLEMS {
            break;
        }
        let step_id = s.id();
        let at_id = || Spot::step(index, &["id"], Some(Needle::whole(quoted(step_id))));
        if !valid_id(step_id) {
            problems.push(Problem {
                spot: at_id(),
                message: id_message("step id", step_id),
            });
        } else if let Some(first) = first_use.get(step_id) {
            problems.push(Problem {
                spot: at_id(),
                message: format!(
                    "duplicate step id '{step_id}' (step {} already uses it); step ids must be unique within a lesson",
                    first + 1
                ),
            });
        } else {
            first_use.insert(step_id, index);
        }
        problems.extend(step_checks(index, s, catalog, base));
    }
    if problems.is_empty() {
        problems.extend(leaks::check(lesson, catalog, base));
        problems.extend(typed_figures(lesson, catalog));
        problems.extend(explore::check(lesson, catalog, base));
        problems.extend(voice::check(lesson));
    }
    problems
}

/// The problems of step `index` on its own: its fields, then (when those are sound) its
/// opening screen, whether its model fits there, and its variants.
fn step_checks(index: usize, s: &Step, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let mut problems = Vec::new();
    let step_problems = step::check(index, s, catalog, base);
    let opened = Opening::of(index, s, catalog, base);
    // A step that is sound on its own is then read off its opening screen.
    if step_problems.is_empty() {
        problems.extend(
            opened
                .as_ref()
                .and_then(|o| opening::check(o, catalog, base)),
        );
    }
    problems.extend(step_problems);
    problems.extend(opened.as_ref().and_then(fits::check));
    if let Step::Predict(predict) = s {
        problems.extend(vary::check(index, predict, catalog, base));
    }
    problems
}

/// Typed figures that the engine computes. A typed figure is the author's, written against the
/// course's own cluster, so it is read there: on a learner's profile a number of the text (a 7B
/// model's 14 GB) may equal one of that cluster's figures by chance, which says nothing about
/// the text going stale.
fn typed_figures(lesson: &Lesson, catalog: &Catalog) -> Vec<Problem> {
    literals::check(lesson, catalog, &Scenario::default_cluster())
}

/// Ids are lowercase ASCII letters and digits in words joined by single dashes
/// (`ridge-point`, `kv-wall-2`).
#[must_use]
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

fn id_message(what: &str, id: &str) -> String {
    let suggested: String = id
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let hint = if suggested.is_empty() || suggested == id {
        String::new()
    } else {
        format!(" (e.g. '{suggested}')")
    };
    format!("{what} '{id}' must be lowercase letters and digits joined by single dashes{hint}")
}

/// A string as RON writes it, for finding it in the source.
fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

#[cfg(test)]
mod tests;
