//! Predict before you see, checked in the lesson text: no text a learner reads before a step is
//! revealed (an earlier step's text, explanation or trap, or the step's own question) states
//! the figure that step asks for, or the words of a choice's right option.
//!
//! Figures are read as the screen would show them (placeholders filled for the cluster) and
//! matched by the same rule the screen's mask uses ([`crate::domain::withhold`]). A figure that
//! an earlier step already asked and revealed is known, so later text may use it.

use super::Problem;
use super::explore::figure;
use super::spot::{Needle, Spot};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::render;
use crate::domain::lesson::{
    Answer, ExampleStep, ExplainStep, ExploreStep, Lesson, PredictStep, ReadStep, RecallStep,
    ScenarioPatch, Step, scenario_for,
};
use crate::domain::scenario::Scenario;
use crate::domain::withhold::{Withheld, same_figure};

/// Words in a row of a choice's right option that give it away when an earlier text has them.
const TELLING_WORDS: usize = 5;

/// One text a learner reads, and where it sits in the step.
pub(super) struct Passage<'a> {
    pub(super) field: &'static str,
    pub(super) body: &'a str,
    pub(super) patch: Option<&'a ScenarioPatch>,
    /// Read before the step's own reveal (a question, a task, a card's front).
    before_reveal: bool,
}

/// Every place a text states a later (or its own) step's answer.
pub(super) fn check(lesson: &Lesson, catalog: &Catalog, base: &Scenario) -> Vec<Problem> {
    let figures: Vec<Option<f64>> = lesson
        .steps
        .iter()
        .map(|step| figure(step, catalog, base).map(|(value, _)| value))
        .collect();
    let mut problems = Vec::new();
    for (asker, step) in lesson.steps.iter().enumerate() {
        let asked = Asked::of(step, figures[asker]);
        if matches!(asked, Asked::Nothing) {
            continue;
        }
        let same = |k: usize| match (asked, figures[k]) {
            (Asked::Figure(f, _), Some(g)) => same_figure(f, g),
            _ => false,
        };
        for (reader, earlier) in lesson.steps.iter().enumerate().take(asker + 1) {
            // Once a step asking the same figure has been revealed, the figure is known.
            if (0..reader).any(same) {
                break;
            }
            for text in texts(earlier) {
                let own_reveal = !text.before_reveal && same(reader);
                if (reader == asker && !text.before_reveal) || own_reveal {
                    continue;
                }
                let filled = render(text.body, &scenario_for(text.patch, base), catalog);
                if let Some((stated, needle)) = asked.stated_in(&filled, text.body) {
                    let whose = if reader == asker {
                        "its own answer".to_owned()
                    } else {
                        format!("the answer of step {} ('{}')", asker + 1, step.id())
                    };
                    problems.push(Problem {
                        spot: Spot::step(reader, &[text.field], needle),
                        message: format!(
                            "this text states {stated}, {whose}, before it is revealed: a learner would read the answer before predicting it; reword it or move it after the reveal"
                        ),
                    });
                }
            }
        }
    }
    problems
}

/// What a step asks for, as far as text can give it away.
#[derive(Debug, Clone, Copy)]
enum Asked<'a> {
    Nothing,
    Figure(f64, &'a str),
    Option(&'a str),
}

impl<'a> Asked<'a> {
    fn of(step: &'a Step, figure: Option<f64>) -> Self {
        let Some(answer) = step.answer() else {
            return Self::Nothing;
        };
        match (answer, figure) {
            (Answer::Number(n), Some(f)) => Self::Figure(f, &n.unit),
            (Answer::Choice(c), _) => c
                .options
                .get(c.correct)
                .map_or(Self::Nothing, |o| Self::Option(o)),
            (Answer::Number(_), None) => Self::Nothing,
        }
    }

    /// What `filled` gives away, and where to point in the raw text (when it is there as
    /// written rather than filled in from a placeholder).
    fn stated_in(self, filled: &str, raw: &str) -> Option<(String, Option<Needle>)> {
        match self {
            Self::Nothing => None,
            Self::Figure(f, unit) => {
                // The screen's own rule for prose: a number written with another unit
                // ("32 layers" beside an answer of 32.2 %) is not the answer.
                let withheld = Withheld::with_units([(f, unit.to_owned())]);
                let (token, _) = withheld.found_in_prose(filled)?;
                let written = &filled[token.range];
                let needle = raw
                    .contains(written)
                    .then(|| Needle::whole(written.to_owned()));
                Some((format!("{written} (the answer is {})", short(f)), needle))
            }
            Self::Option(option) => {
                let words = shingles(option);
                let text = normalized(filled);
                let hit = words.iter().find(|w| text.contains(w.as_str()))?;
                Some((format!("'{hit}' (the right option's words)"), None))
            }
        }
    }
}

fn short(f: f64) -> String {
    if f >= 100.0 {
        format!("{f:.0}")
    } else {
        format!("{f:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_owned()
    }
}

/// Runs of [`TELLING_WORDS`] words of an option, lowercase.
fn shingles(option: &str) -> Vec<String> {
    let words: Vec<String> = normalized(option).split(' ').map(str::to_owned).collect();
    words
        .windows(TELLING_WORDS)
        .map(|w| format!(" {} ", w.join(" ")))
        .collect()
}

/// Lowercase words separated by single spaces, padded with a space at each end.
fn normalized(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    format!(" {} ", words.join(" "))
}

/// The texts of a step a learner reads, in order.
pub(super) fn texts(step: &Step) -> Vec<Passage<'_>> {
    let (_, patch) = step.opening();
    let text = |field, body, before_reveal| Passage {
        field,
        body,
        patch,
        before_reveal,
    };
    match step {
        Step::Read(ReadStep { text: t, .. }) => vec![text("text", t, true)],
        Step::Predict(PredictStep {
            question,
            explanation,
            trap,
            alone,
            ..
        }) => {
            let mut texts = vec![
                text("question", question, true),
                text("explanation", explanation, false),
            ];
            texts.extend(trap.as_deref().map(|t| text("trap", t, false)));
            // Asked out of order, before its own reveal.
            texts.extend(alone.as_deref().map(|t| text("alone", t, true)));
            texts
        }
        Step::Example(ExampleStep { title, lines, .. }) => {
            let mut texts = vec![text("title", title, true)];
            texts.extend(lines.iter().map(|l| text("lines", l, true)));
            texts
        }
        Step::Explore(ExploreStep {
            task, explanation, ..
        }) => vec![
            text("task", task, true),
            text("explanation", explanation, false),
        ],
        Step::Recall(RecallStep { front, back, .. }) => {
            vec![text("front", front, true), text("back", back, false)]
        }
        Step::Explain(ExplainStep {
            prompt,
            model_answer,
            ..
        }) => vec![
            text("prompt", prompt, true),
            text("model_answer", model_answer, false),
        ],
    }
}
