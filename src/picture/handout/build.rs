//! The handout of a presentation from its lesson and the room's record: each step's text as
//! the room saw it (templated for the presentation's cluster), and for each step revealed the
//! answer, its explanation and the spread of the room's guesses.

use std::fmt::Write as _;

use crate::domain::catalog::Catalog;
use crate::domain::classroom::{ClassRecord, StepRecordOut, choice_counts};
use crate::domain::lesson::template::{Format, format_number, render};
use crate::domain::lesson::{Answer, Lesson, ScenarioPatch, Step, scenario_for};
use crate::domain::scenario::Scenario;

use super::{Handout, HandoutStep, Outcome};
use crate::picture::spread_svg;

/// The handout of `lesson` as far as `record` has got.
#[must_use]
pub fn build(
    lesson: &Lesson,
    record: &ClassRecord,
    cluster: &Scenario,
    catalog: &Catalog,
) -> Handout {
    let say = |text: &str, patch: Option<&ScenarioPatch>| {
        render(text, &scenario_for(patch, cluster), catalog)
    };
    let steps = lesson
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let (text, explanation) = match step {
                Step::Read(s) => (say(&s.text, s.scenario.as_ref()), None),
                Step::Example(s) => {
                    let lines: Vec<String> = std::iter::once(&s.title)
                        .chain(&s.lines)
                        .map(|line| say(line, s.scenario.as_ref()))
                        .collect();
                    (lines.join("\n\n"), None)
                }
                Step::Recall(s) => (say(&s.front, s.scenario.as_ref()), None),
                Step::Explain(s) => (say(&s.prompt, s.scenario.as_ref()), None),
                Step::Predict(p) => {
                    let patch = p.scenario.as_ref();
                    (say(&p.question, patch), Some(say(&p.explanation, patch)))
                }
                Step::Explore(x) => {
                    let patch = x.preset.as_ref();
                    (say(&x.task, patch), Some(say(&x.explanation, patch)))
                }
            };
            let outcome = match explanation {
                None => Outcome::Nothing,
                Some(explanation) => record
                    .steps
                    .iter()
                    .find(|r| r.step == step.id())
                    .map_or(Outcome::NotRevealed, |revealed| {
                        revealed_outcome(step, revealed, explanation)
                    }),
            };
            HandoutStep {
                number: i + 1,
                kind: capitalised(step.kind_name()),
                text,
                outcome,
            }
        })
        .collect();
    Handout {
        title: lesson.title.clone(),
        lesson: lesson.id.clone(),
        started: record.started.clone(),
        steps,
    }
}

/// `predict` → `Predict`.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The answer, the room's line and its picture for a revealed step.
fn revealed_outcome(step: &Step, revealed: &StepRecordOut, explanation: String) -> Outcome {
    let answer_of = match step {
        Step::Predict(p) => Some(&p.answer),
        Step::Explore(x) => Some(&x.answer),
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => None,
    };
    let guesses = &revealed.guesses;
    let (answer, picture) = match answer_of {
        Some(Answer::Choice(choice)) => {
            let correct = revealed.answer as usize;
            let counts = choice_counts(&guesses.choices, choice.options.len());
            let picture = (!guesses.choices.is_empty())
                .then(|| spread_svg::choices(&choice.options, &counts, correct));
            let words = choice.options.get(correct).cloned().unwrap_or_default();
            (words, picture)
        }
        Some(Answer::Number(_)) | None => {
            let words = format!(
                "{} {}",
                format_number(revealed.answer, Format::Auto),
                revealed.unit
            );
            let picture = spread_svg::numbers(
                &guesses.numbers,
                revealed.answer,
                &revealed.unit,
                revealed.tolerance,
            );
            (words.trim_end().to_owned(), picture)
        }
    };
    Outcome::Revealed {
        answer,
        explanation,
        summary: summary(revealed),
        picture,
    }
}

/// `12 answers from the room · median 300 · 58% within tolerance`.
fn summary(revealed: &StepRecordOut) -> String {
    let count = revealed.guesses.count();
    if count == 0 {
        return "No answers from the room.".to_owned();
    }
    let noun = if count == 1 { "answer" } else { "answers" };
    let mut line = format!("{count} {noun} from the room");
    if let Some(median) = revealed.median {
        let _ = write!(line, " · median {}", format_number(median, Format::Auto));
    }
    if let Some(share) = revealed.within_pct {
        let right = if revealed.unit.is_empty() {
            "chose the right option"
        } else {
            "within tolerance"
        };
        let _ = write!(line, " · {share:.0}% {right}");
    }
    line
}
