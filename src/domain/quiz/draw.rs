//! Drawing a quiz: the predict steps of the chosen lessons, `count` of them in an order fixed
//! by the seed, each numeric question with a `vary` asked for a variant scenario drawn with the
//! same seed. The same lessons, cluster, catalog and seed give the same quiz.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::render;
use crate::domain::lesson::{Answer, Lesson, PredictStep, Step, draw_variant, scenario_for};
use crate::domain::scenario::Scenario;
use crate::domain::session::ResolvedAnswer;

/// What a quiz is drawn from.
#[derive(Debug, Clone, Copy)]
pub struct QuizSpec<'a> {
    /// The lessons to draw from (already narrowed to `--only`).
    pub lessons: &'a [Lesson],
    /// The learner's cluster: what a step without its own scenario is computed for.
    pub cluster: &'a Scenario,
    /// GPUs and models.
    pub catalog: &'a Catalog,
    /// How many questions.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    /// Whether the learner gave the cluster or it is the default one.
    pub origin: ClusterOrigin,
}

/// Where a quiz's cluster comes from: what a question about "your cluster" may be titled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClusterOrigin {
    /// The learner gave it (`--cluster`, a model config): it is theirs.
    Given,
    /// The default cluster: nobody's, so a question is titled by its model and GPU.
    Default,
}

/// One question of a quiz, ready to ask: the text rendered for its scenario, the answer
/// computed for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The lesson's id.
    pub lesson: String,
    /// The lesson's title.
    pub lesson_title: String,
    /// The step's id.
    pub step: String,
    /// The scenario it is asked for (a variant when the step varies).
    pub scenario: Scenario,
    /// Whether the scenario is a drawn variant (not the lesson's own).
    pub varied: bool,
    /// The question as shown.
    pub text: String,
    /// The answer.
    pub answer: QuestionAnswer,
    /// Why the answer is what it is (rendered for the scenario).
    pub explanation: String,
}

/// The answer to a quiz question.
#[derive(Debug, Clone, PartialEq)]
pub enum QuestionAnswer {
    /// A number, judged in log space.
    Number {
        /// The value.
        value: f64,
        /// Its unit.
        unit: String,
        /// Relative tolerance for full marks.
        tolerance: f64,
    },
    /// One of several options.
    Choice {
        /// The options, in order.
        options: Vec<String>,
        /// The right one, from 0.
        correct: usize,
    },
}

/// Why a quiz cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// No count, or more than there are questions.
    #[error(
        "--count must be from 1 to {available} (the questions these lessons have), not {asked}"
    )]
    Count {
        /// What was asked.
        asked: usize,
        /// How many questions there are.
        available: usize,
    },
}

/// A predict step a quiz may ask, with its lesson.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// The lesson.
    pub lesson: &'a Lesson,
    /// The step.
    pub step: &'a PredictStep,
}

/// Every predict step of `lessons` whose answer computes for the cluster, in course order.
#[must_use]
pub fn pool<'a>(
    lessons: &'a [Lesson],
    cluster: &Scenario,
    catalog: &Catalog,
) -> Vec<Candidate<'a>> {
    lessons
        .iter()
        .flat_map(|lesson| {
            lesson.steps.iter().filter_map(move |s| match s {
                Step::Predict(step) => Some(Candidate { lesson, step }),
                Step::Read(_)
                | Step::Recall(_)
                | Step::Example(_)
                | Step::Explore(_)
                | Step::Explain(_) => None,
            })
        })
        .filter(|c| {
            let scenario = scenario_for(c.step.scenario.as_ref(), cluster);
            !matches!(
                ResolvedAnswer::resolve(&c.step.answer, &scenario, catalog),
                ResolvedAnswer::Unavailable { .. }
            )
        })
        .collect()
}

/// Draws the quiz: `count` questions of the pool in the seed's order, each on its variant.
pub fn draw(spec: &QuizSpec<'_>) -> Result<Vec<Question>, DrawError> {
    let mut candidates = pool(spec.lessons, spec.cluster, spec.catalog);
    if spec.count == 0 || spec.count > candidates.len() {
        return Err(DrawError::Count {
            asked: spec.count,
            available: candidates.len(),
        });
    }
    let mut rng = fastrand::Rng::with_seed(spec.seed);
    rng.shuffle(&mut candidates);
    Ok(candidates
        .into_iter()
        .take(spec.count)
        .filter_map(|c| question(c, spec, rng.u64(..)))
        .collect())
}

/// One candidate asked with a variant seed: its variant scenario where it varies and one
/// computes, else its own.
fn question(c: Candidate<'_>, spec: &QuizSpec<'_>, variant_seed: u64) -> Option<Question> {
    let own = scenario_for(c.step.scenario.as_ref(), spec.cluster);
    let (scenario, varied) = match &c.step.vary {
        Some(_) => match draw_variant(c.step, spec.cluster, spec.catalog, variant_seed) {
            Ok(variant) => {
                let varied = variant.scenario != own;
                (variant.scenario, varied)
            }
            Err(_) => (own, false),
        },
        None => (own, false),
    };
    let say = |text: &str| render(text, &scenario, spec.catalog);
    let answer = match (
        &c.step.answer,
        ResolvedAnswer::resolve(&c.step.answer, &scenario, spec.catalog),
    ) {
        (
            _,
            ResolvedAnswer::Number {
                value,
                unit,
                tolerance,
            },
        ) => QuestionAnswer::Number {
            value,
            unit,
            tolerance,
        },
        (Answer::Choice(choice), ResolvedAnswer::Choice { correct, .. }) => {
            QuestionAnswer::Choice {
                options: choice.options.iter().map(|o| say(o)).collect(),
                correct,
            }
        }
        (_, ResolvedAnswer::Choice { .. } | ResolvedAnswer::Unavailable { .. }) => return None,
    };
    Some(Question {
        lesson: c.lesson.id.clone(),
        lesson_title: title(c.lesson, &scenario, varied, spec),
        step: c.step.id.clone(),
        text: say(c.step.alone_question()),
        explanation: say(&c.step.explanation),
        scenario,
        varied,
        answer,
    })
}

/// A question's title: its lesson's, except that a lesson about "your cluster" asked on a
/// cluster that is not the learner's (none given, or a drawn variant) is titled by the model
/// and GPU it is asked on.
fn title(lesson: &Lesson, scenario: &Scenario, varied: bool, spec: &QuizSpec<'_>) -> String {
    let about_yours = lesson.title.to_lowercase().contains("your cluster");
    let theirs = spec.origin == ClusterOrigin::Given && !varied;
    if !about_yours || theirs {
        return lesson.title.clone();
    }
    let gpu = spec
        .catalog
        .gpu(&scenario.gpu)
        .map_or_else(|_| scenario.gpu.clone(), |g| g.name.clone());
    let gpus = if scenario.tp > 1 {
        format!("{}× {gpu}", scenario.tp)
    } else {
        gpu
    };
    match &scenario.model {
        Some(model) => {
            let model = spec
                .catalog
                .model(model)
                .map_or_else(|_| model.clone(), |m| m.name.clone());
            format!("{model} on {gpus}")
        }
        None => gpus,
    }
}

#[cfg(test)]
mod tests;
