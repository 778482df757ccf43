//! The result file a student hands in: JSON, versioned, strict. Written by `roofline quiz`,
//! read by `roofline results`. The schema is documented in README.md ("Quiz result files").

use serde::{Deserialize, Serialize};

use super::{Guess, Question, QuestionAnswer, Response, Summary};
use crate::domain::scenario::Scenario;

/// The result format this build writes and reads.
pub const QUIZ_FORMAT_VERSION: u32 = 1;

/// One student's quiz.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizResult {
    /// Must be [`QUIZ_FORMAT_VERSION`].
    pub format_version: u32,
    /// The tutor's version that wrote it.
    pub tutor_version: String,
    /// The student's name.
    pub name: String,
    /// The seed: the same seed and lessons give the same quiz.
    pub seed: u64,
    /// The lessons the questions were drawn from (ids, course order).
    pub lessons: Vec<String>,
    /// When the first question was shown (RFC 3339).
    pub started: String,
    /// When the last was answered (RFC 3339).
    pub finished: String,
    /// Mean score, 0 to 100.
    pub total: f64,
    /// Every question, in the order asked.
    pub questions: Vec<QuestionResult>,
}

/// One question as asked and answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionResult {
    /// The lesson's id.
    pub lesson: String,
    /// The step's id.
    pub step: String,
    /// The scenario asked for (the variant's settings).
    pub scenario: Scenario,
    /// The question as shown.
    pub question: String,
    /// The answer: the number, or the right option's index (from 0) for a choice.
    pub answer: f64,
    /// The answer's unit (empty for a choice).
    pub unit: String,
    /// Relative tolerance for full marks; `null` for a choice (right or wrong).
    pub tolerance: Option<f64>,
    /// The guess (an option index for a choice); `null` when skipped.
    pub guess: Option<f64>,
    /// 1 (low) to 3 (high); `null` when not given.
    pub confidence: Option<u8>,
    /// 0 to 100.
    pub score: u8,
}

impl QuestionResult {
    /// Whether it was a choice (no tolerance).
    #[must_use]
    pub const fn is_choice(&self) -> bool {
        self.tolerance.is_none()
    }

    /// Whether the guess was within tolerance (a choice: the right option); a skip is not.
    #[must_use]
    pub fn within(&self) -> bool {
        match (self.guess, self.tolerance) {
            (Some(g), Some(t)) => crate::domain::scoring::within_tolerance(g, self.answer, t),
            (Some(g), None) => (g - self.answer).abs() < 0.5,
            (None, _) => false,
        }
    }

    /// What identifies the question across files: the lesson, the step and the scenario.
    #[must_use]
    pub fn key(&self) -> String {
        format!(
            "{}/{} {}",
            self.lesson,
            self.step,
            serde_json::to_string(&self.scenario).unwrap_or_default()
        )
    }
}

/// Who took the quiz, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taker {
    /// The student's name.
    pub name: String,
    /// The seed.
    pub seed: u64,
    /// The lessons drawn from.
    pub lessons: Vec<String>,
    /// Start, RFC 3339.
    pub started: String,
    /// End, RFC 3339.
    pub finished: String,
}

impl QuizResult {
    /// The result of a finished quiz.
    #[must_use]
    pub fn new(
        taker: Taker,
        questions: &[Question],
        responses: &[Response],
        summary: &Summary,
    ) -> Self {
        let questions = questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let response = responses.get(i);
                let (answer, unit, tolerance) = match &q.answer {
                    QuestionAnswer::Number {
                        value,
                        unit,
                        tolerance,
                    } => (*value, unit.clone(), Some(*tolerance)),
                    QuestionAnswer::Choice { correct, .. } => {
                        (*correct as f64, String::new(), None)
                    }
                };
                QuestionResult {
                    lesson: q.lesson.clone(),
                    step: q.step.clone(),
                    scenario: q.scenario.clone(),
                    question: q.text.clone(),
                    answer,
                    unit,
                    tolerance,
                    guess: match response.map(|r| r.guess) {
                        Some(Guess::Number(g)) => Some(g),
                        Some(Guess::Option(o)) => Some(o as f64),
                        Some(Guess::Skipped) | None => None,
                    },
                    confidence: response
                        .and_then(|r| r.confidence)
                        .map(super::Confidence::level),
                    score: summary.marks.get(i).map_or(0, |m| m.score),
                }
            })
            .collect();
        Self {
            format_version: QUIZ_FORMAT_VERSION,
            tutor_version: env!("CARGO_PKG_VERSION").to_owned(),
            name: taker.name,
            seed: taker.seed,
            lessons: taker.lessons,
            started: taker.started,
            finished: taker.finished,
            total: (summary.total * 10.0).round() / 10.0,
            questions,
        }
    }

    /// Whether two results come from the same quiz: the same seed and the same lessons.
    #[must_use]
    pub fn same_quiz(&self, other: &Self) -> bool {
        self.seed == other.seed && self.lessons == other.lessons
    }
}
