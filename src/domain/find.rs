//! Finding one's way in the course: searching the lessons' titles and step text, and the
//! weakest steps across every lesson.
//!
//! Search reads a step's text as the learner would see it before answering (the question,
//! not the answer or its explanation), filled for the learner's cluster, with every answer
//! the learner has not revealed yet masked: a search can neither show a hidden answer nor be
//! used to find one (a masked figure matches nothing).

use super::catalog::Catalog;
use super::lesson::template::render;
use super::lesson::{Lesson, Step, scenario_for};
use super::scenario::Scenario;
use super::session::{LessonProgress, Progress, Session, StepMark};

/// Characters of context shown on each side of a match.
const CONTEXT: usize = 36;

/// One match of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// The lesson's index in the course.
    pub lesson: usize,
    /// The step's index in the lesson; `None` when the title matched.
    pub step: Option<usize>,
    /// The text around the match, on one line (the title for a title match).
    pub text: String,
    /// Where the match is in `text` (a byte range).
    pub at: std::ops::Range<usize>,
}

/// Every lesson whose title, and every step whose text, holds `query` (ignoring case), in
/// course order; nothing for a blank query.
#[must_use]
pub fn search(
    lessons: &[Lesson],
    progress: &Progress,
    cluster: &Scenario,
    catalog: &Catalog,
    query: &str,
) -> Vec<Hit> {
    let query = query.trim().to_lowercase();
    if query.is_empty() {
        return Vec::new();
    }
    let mut hits = Vec::new();
    for (index, lesson) in lessons.iter().enumerate() {
        if let Some(at) = find(&lesson.title, &query) {
            hits.push(Hit {
                lesson: index,
                step: None,
                text: lesson.title.clone(),
                at,
            });
        }
        let saved = progress.lessons.get(&lesson.id);
        let Ok(session) = Session::resume(
            lesson,
            cluster,
            catalog,
            saved.unwrap_or(&LessonProgress::default()),
        ) else {
            continue;
        };
        let withheld = session.withheld(lesson, cluster, catalog);
        for (step_index, step) in lesson.steps.iter().enumerate() {
            let scenario = scenario_for(patch(step), cluster);
            let shown = render(&before_answer(step), &scenario, catalog);
            let shown = withheld
                .mask_prose(&shown)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(at) = find(&shown, &query) {
                let (text, at) = window(&shown, at);
                hits.push(Hit {
                    lesson: index,
                    step: Some(step_index),
                    text,
                    at,
                });
            }
        }
    }
    hits
}

/// A step's text as shown before it is answered.
fn before_answer(step: &Step) -> String {
    match step {
        Step::Read(s) => s.text.clone(),
        Step::Predict(s) => s.question.clone(),
        Step::Recall(s) => s.front.clone(),
        Step::Example(s) => std::iter::once(s.title.as_str())
            .chain(s.lines.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        Step::Explore(s) => s.task.clone(),
        Step::Explain(s) => s.prompt.clone(),
    }
}

/// The step's own scenario patch, if it has one.
const fn patch(step: &Step) -> Option<&super::lesson::ScenarioPatch> {
    match step {
        Step::Read(s) => s.scenario.as_ref(),
        Step::Predict(s) => s.scenario.as_ref(),
        Step::Example(s) => s.scenario.as_ref(),
        Step::Explore(s) => s.preset.as_ref(),
        Step::Recall(_) | Step::Explain(_) => None,
    }
}

/// Where lower-case `query` is in `text`, ignoring case.
fn find(text: &str, query: &str) -> Option<std::ops::Range<usize>> {
    let lower = text.to_lowercase();
    let start = lower.find(query)?;
    // Lower-casing kept every character's length (so the offsets are `text`'s), or the match
    // is shown from the start of the text.
    if lower.len() == text.len() {
        Some(start..start + query.len())
    } else {
        Some(0..0)
    }
}

/// The match with some context on each side, cut at character boundaries, with `…` where
/// text was left out; the match's range in the result.
fn window(text: &str, at: std::ops::Range<usize>) -> (String, std::ops::Range<usize>) {
    let start = text[..at.start]
        .char_indices()
        .rev()
        .nth(CONTEXT - 1)
        .map_or(0, |(i, _)| i);
    let end = text[at.end..]
        .char_indices()
        .nth(CONTEXT)
        .map_or(text.len(), |(i, _)| at.end + i);
    let before = if start > 0 { "…" } else { "" };
    let after = if end < text.len() { "…" } else { "" };
    let shown = format!("{before}{}{after}", &text[start..end]);
    let offset = before.len() + at.start - start;
    (shown, offset..offset + at.len())
}

/// A step answered wrongly or only partly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weak {
    /// The lesson's index in the course.
    pub lesson: usize,
    /// The step's index in the lesson.
    pub step: usize,
    /// The step's id.
    pub step_id: String,
    /// The score out of 100 (0 for a card not known).
    pub score: u8,
}

/// The steps of the course answered wrongly or only partly, as the progress records them,
/// lowest score first (course order among equals). `lessons` gives each lesson's id and its
/// steps' ids in course order (the heads suffice; no lesson text is read).
#[must_use]
pub fn weakest<'a, S>(
    lessons: impl IntoIterator<Item = (&'a str, S)>,
    progress: &Progress,
) -> Vec<Weak>
where
    S: IntoIterator<Item = &'a str>,
{
    let mut weak = Vec::new();
    for (lesson, (id, steps)) in lessons.into_iter().enumerate() {
        let Some(records) = progress.lessons.get(id) else {
            continue;
        };
        for (step, step_id) in steps.into_iter().enumerate() {
            let score = match records
                .steps
                .get(step_id)
                .map(super::session::StepRecord::mark)
            {
                Some(StepMark::Missed) => 0,
                Some(StepMark::Partly(score)) => score,
                Some(StepMark::Open | StepMark::Done | StepMark::Right) | None => continue,
            };
            weak.push(Weak {
                lesson,
                step,
                step_id: step_id.to_owned(),
                score,
            });
        }
    }
    weak.sort_by_key(|w| w.score);
    weak
}

#[cfg(test)]
mod tests;
