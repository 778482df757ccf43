//! Concept before use, by detection: the first place a lesson's text uses a glossary term (its
//! question, explanation, trap, choices, card or model answer) is reported when no step at or
//! before it, in course order, teaches the term, whether or not the lesson declared the use.
//!
//! A course that teaches no term at all is not checked. The incident (the problem the lesson sets out to answer, in the operator's own words) and the
//! sources (titles of papers) are not uses: the lesson is there to teach what they name.

use std::collections::HashSet;

use super::super::Problem;
use super::super::leaks::texts;
use super::super::literals::without_placeholders;
use super::super::spot::{Needle, Spot};
use super::message;
use crate::domain::lesson::concepts::{Course, Teaching};
use crate::domain::lesson::{Answer, Lesson, ReadStep, ReadTag, Step};

/// Each glossary term `lesson`'s text uses before it is taught, at its first use in the lesson.
pub(super) fn in_text(
    lesson: &Lesson,
    course: &Course,
    before: &[&Teaching],
    later: &[&Teaching],
) -> Vec<Problem> {
    if before.is_empty() && later.is_empty() {
        // A course that teaches no term (test lessons, a draft) declares no order to keep.
        return Vec::new();
    }
    let glossary = course.glossary();
    let mut taught: HashSet<&str> = before.iter().map(|t| t.term.as_str()).collect();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut problems = Vec::new();
    for (index, step) in lesson.steps.iter().enumerate() {
        let entries = lesson.concepts.iter().filter(|c| c.step == step.id());
        taught.extend(entries.flat_map(|c| c.teaches.iter().map(String::as_str)));
        if matches!(
            step,
            Step::Read(ReadStep {
                tag: Some(ReadTag::Incident | ReadTag::Sources),
                ..
            })
        ) {
            continue;
        }
        for (fields, body) in bodies(step) {
            // `{ridge:.0}` is a figure, not the word.
            let body = without_placeholders(body);
            for (term, range) in glossary.uses(&body) {
                if taught.contains(term) || !seen.insert(term) {
                    continue;
                }
                let written = &body[range];
                let where_taught = later.iter().copied().find(|t| t.term == term);
                problems.push(Problem {
                    spot: Spot::step(index, fields, Some(Needle::whole(written.to_owned()))),
                    message: format!(
                        "the text says \"{written}\": {}",
                        message(step.id(), term, where_taught)
                    ),
                });
            }
        }
    }
    problems
}

/// Every text of a step a learner reads, with its field path.
fn bodies(step: &Step) -> Vec<(&'static [&'static str], &str)> {
    const OPTIONS: &[&str] = &["answer", "options"];
    let mut out: Vec<(&'static [&'static str], &str)> = texts(step)
        .into_iter()
        .map(|p| (field_path(p.field), p.body))
        .collect();
    if let Some(Answer::Choice(c)) = step.answer() {
        out.extend(c.options.iter().map(|o| (OPTIONS, o.as_str())));
    }
    out
}

/// A field name as a one-field path with a static lifetime.
fn field_path(field: &'static str) -> &'static [&'static str] {
    static FIELDS: [&str; 12] = [
        "text",
        "question",
        "explanation",
        "trap",
        "alone",
        "title",
        "lines",
        "task",
        "front",
        "back",
        "prompt",
        "model_answer",
    ];
    FIELDS
        .iter()
        .position(|f| *f == field)
        .map_or(&[], |i| std::slice::from_ref(&FIELDS[i]))
}
