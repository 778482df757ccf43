//! Scoring a quiz: each response as the study mode scores it (log space within the step's
//! tolerance, choices 100 or 0), a skip as 0, and the summary at the end: the total, the
//! calibration per confidence level, and the lessons to study again, weakest first.

use core::time::Duration;

use super::{Question, QuestionAnswer};
use crate::domain::scoring::{score, within_tolerance};

/// How sure the student was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Confidence {
    /// 1: a guess.
    Low,
    /// 2: fairly sure.
    Medium,
    /// 3: sure.
    High,
}

impl Confidence {
    /// Every level, low to high.
    pub const ALL: [Self; 3] = [Self::Low, Self::Medium, Self::High];

    /// 1, 2 or 3.
    #[must_use]
    pub const fn level(self) -> u8 {
        match self {
            Self::Low => 1,
            Self::Medium => 2,
            Self::High => 3,
        }
    }

    /// The level for 1, 2 or 3.
    #[must_use]
    pub const fn from_level(level: u8) -> Option<Self> {
        match level {
            1 => Some(Self::Low),
            2 => Some(Self::Medium),
            3 => Some(Self::High),
            _ => None,
        }
    }

    /// The word for it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
        }
    }
}

/// What the student answered.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Guess {
    /// A positive number.
    Number(f64),
    /// An option, from 0.
    Option(usize),
    /// Nothing: skipped.
    Skipped,
}

/// One committed answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Response {
    /// The guess.
    pub guess: Guess,
    /// How sure, if said.
    pub confidence: Option<Confidence>,
}

/// How a response did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// 0 to 100.
    pub score: u8,
    /// Within the tolerance (a choice: the right option).
    pub within: bool,
}

/// Scores a response to a question. A skip, a guess of the other kind and an option out of
/// range score 0.
#[must_use]
pub fn mark(question: &Question, guess: Guess) -> Mark {
    const MISS: Mark = Mark {
        score: 0,
        within: false,
    };
    match (&question.answer, guess) {
        (
            QuestionAnswer::Number {
                value, tolerance, ..
            },
            Guess::Number(g),
        ) => Mark {
            score: score(g, *value, *tolerance).unwrap_or(0),
            within: within_tolerance(g, *value, *tolerance),
        },
        (QuestionAnswer::Choice { correct, .. }, Guess::Option(o)) => {
            if o == *correct {
                Mark {
                    score: 100,
                    within: true,
                }
            } else {
                MISS
            }
        }
        (QuestionAnswer::Number { .. }, Guess::Option(_))
        | (QuestionAnswer::Choice { .. }, Guess::Number(_))
        | (_, Guess::Skipped) => MISS,
    }
}

/// One confidence level's line of the calibration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// The level.
    pub confidence: Confidence,
    /// Answers given at it.
    pub count: usize,
    /// Of those, within tolerance.
    pub within: usize,
}

impl Level {
    /// The share within tolerance, in percent (`None` with no answers).
    #[must_use]
    pub fn within_pct(&self) -> Option<f64> {
        (self.count > 0).then(|| 100.0 * self.within as f64 / self.count as f64)
    }
}

/// For each confidence level: how many answers, and how many within tolerance. Well calibrated
/// means the share rises with the level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calibration {
    /// Low, medium, high.
    pub levels: [Level; 3],
    /// Answers with no confidence given (skips not counted).
    pub unrated: usize,
}

impl Calibration {
    /// The calibration of (confidence, within) pairs; `None` confidence counts as unrated.
    #[must_use]
    pub fn of(pairs: impl IntoIterator<Item = (Option<Confidence>, bool)>) -> Self {
        let mut levels = Confidence::ALL.map(|confidence| Level {
            confidence,
            count: 0,
            within: 0,
        });
        let mut unrated = 0;
        for (confidence, within) in pairs {
            match confidence {
                Some(c) => {
                    let level = &mut levels[usize::from(c.level() - 1)];
                    level.count += 1;
                    level.within += usize::from(within);
                }
                None => unrated += 1,
            }
        }
        Self { levels, unrated }
    }
}

/// The end of a quiz.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Mean score, 0 to 100 (skips count as 0).
    pub total: f64,
    /// Each question's mark, in quiz order.
    pub marks: Vec<Mark>,
    /// Questions within tolerance.
    pub within: usize,
    /// Questions skipped.
    pub skipped: usize,
    /// Confidence against outcome (skips left out).
    pub calibration: Calibration,
    /// Lessons with a question not within tolerance, weakest (lowest mean score) first: the
    /// lesson id and its mean score.
    pub study_again: Vec<(String, f64)>,
    /// Time taken.
    pub took: Duration,
}

/// Scores every response (`responses[i]` answers `questions[i]`; a missing one is a skip).
#[must_use]
pub fn summarize(questions: &[Question], responses: &[Response], took: Duration) -> Summary {
    let response = |i: usize| {
        responses.get(i).copied().unwrap_or(Response {
            guess: Guess::Skipped,
            confidence: None,
        })
    };
    let marks: Vec<Mark> = questions
        .iter()
        .enumerate()
        .map(|(i, q)| mark(q, response(i).guess))
        .collect();
    let total = if marks.is_empty() {
        0.0
    } else {
        marks.iter().map(|m| f64::from(m.score)).sum::<f64>() / marks.len() as f64
    };
    let skipped = (0..questions.len())
        .filter(|&i| response(i).guess == Guess::Skipped)
        .count();
    let calibration = Calibration::of(
        marks
            .iter()
            .enumerate()
            .filter(|(i, _)| response(*i).guess != Guess::Skipped)
            .map(|(i, m)| (response(i).confidence, m.within)),
    );
    // Per lesson, in quiz order of first appearance: (id, sum, count, all within).
    let mut lessons: Vec<(String, f64, usize, bool)> = Vec::new();
    for (q, m) in questions.iter().zip(&marks) {
        match lessons.iter_mut().find(|(id, ..)| *id == q.lesson) {
            Some(entry) => {
                entry.1 += f64::from(m.score);
                entry.2 += 1;
                entry.3 &= m.within;
            }
            None => lessons.push((q.lesson.clone(), f64::from(m.score), 1, m.within)),
        }
    }
    let mut study_again: Vec<(String, f64)> = lessons
        .into_iter()
        .filter(|(.., all_within)| !all_within)
        .map(|(id, sum, n, _)| (id, sum / n as f64))
        .collect();
    study_again.sort_by(|a, b| a.1.total_cmp(&b.1));
    Summary {
        total,
        within: marks.iter().filter(|m| m.within).count(),
        marks,
        skipped,
        calibration,
        study_again,
        took,
    }
}

#[cfg(test)]
mod tests;
