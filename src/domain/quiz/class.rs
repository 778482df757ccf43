//! A class's quiz results as one table: a row per student (name, mean score, questions within
//! tolerance), a column per question (median guess against the answer, the share of the class
//! within tolerance), hardest first, and the class's calibration.

use serde::Serialize;

use super::mark::{Calibration, Confidence};
use super::result::{QuestionResult, QuizResult};

/// The table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassTable {
    /// One per result file, in the order given.
    pub students: Vec<StudentRow>,
    /// The questions compared, hardest (lowest share within tolerance) first.
    pub questions: Vec<QuestionColumn>,
    /// Confidence against outcome over every answer in the table (skips left out).
    #[serde(serialize_with = "calibration_json")]
    pub calibration: Calibration,
}

/// One student.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudentRow {
    /// The name in the file.
    pub name: String,
    /// Mean score over the questions compared, 0 to 100.
    pub total: f64,
    /// Questions within tolerance.
    pub within: usize,
    /// Questions compared.
    pub of: usize,
    /// Per column (in [`ClassTable::questions`] order): the score, `None` when the student
    /// skipped it or did not get it.
    pub scores: Vec<Option<u8>>,
}

/// One question across the class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestionColumn {
    /// The lesson's id.
    pub lesson: String,
    /// The step's id.
    pub step: String,
    /// The question as shown.
    pub question: String,
    /// The answer (an option index, from 0, for a choice).
    pub answer: f64,
    /// Its unit (empty for a choice).
    pub unit: String,
    /// Whether it is a choice.
    pub choice: bool,
    /// The median guess (a choice: the option chosen most often); `None` when all skipped.
    pub median_guess: Option<f64>,
    /// Students who got the question.
    pub asked: usize,
    /// Of those, how many answered (did not skip).
    pub answered: usize,
    /// Of those, how many within tolerance.
    pub within: usize,
    /// Mean score of those asked.
    pub mean_score: f64,
}

impl QuestionColumn {
    /// The share of those asked within tolerance, in percent.
    #[must_use]
    pub fn within_pct(&self) -> f64 {
        if self.asked == 0 {
            0.0
        } else {
            100.0 * self.within as f64 / self.asked as f64
        }
    }
}

/// Why results cannot go in one table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassError {
    /// Two files are from different quizzes.
    #[error(
        "{other} is from another quiz than {first} (seed {other_seed} vs {first_seed}{lessons}): pass --mixed to compare the questions they share"
    )]
    DifferentQuizzes {
        /// The first file.
        first: String,
        /// Its seed.
        first_seed: u64,
        /// The file that differs.
        other: String,
        /// Its seed.
        other_seed: u64,
        /// `, other lessons` when the lesson sets differ.
        lessons: &'static str,
    },
    /// `--mixed` files that share no question.
    #[error("these results share no question, so there is nothing to compare")]
    NothingShared,
}

/// Refuses results from different quizzes (another seed or lesson set). `labels[i]` names
/// `results[i]` (its path).
pub fn same_quiz(labels: &[String], results: &[QuizResult]) -> Result<(), ClassError> {
    let Some(first) = results.first() else {
        return Ok(());
    };
    match results.iter().position(|r| !r.same_quiz(first)) {
        None => Ok(()),
        Some(i) => Err(ClassError::DifferentQuizzes {
            first: labels.first().cloned().unwrap_or_default(),
            first_seed: first.seed,
            other: labels.get(i).cloned().unwrap_or_default(),
            other_seed: results[i].seed,
            lessons: if results[i].lessons == first.lessons {
                ""
            } else {
                ", other lessons"
            },
        }),
    }
}

/// How questions are picked for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Every question any student got (one quiz: the same for all).
    All,
    /// Only the questions every student got (`--mixed`).
    Shared,
}

/// The class table of `results`.
pub fn table(results: &[QuizResult], compare: Compare) -> Result<ClassTable, ClassError> {
    let mut keys: Vec<(String, &QuestionResult)> = Vec::new();
    for q in results.iter().flat_map(|r| &r.questions) {
        let key = q.key();
        if !keys.iter().any(|(k, _)| *k == key) {
            keys.push((key, q));
        }
    }
    if compare == Compare::Shared {
        keys.retain(|(key, _)| {
            results
                .iter()
                .all(|r| r.questions.iter().any(|q| q.key() == *key))
        });
        if keys.is_empty() && !results.is_empty() {
            return Err(ClassError::NothingShared);
        }
    }
    // answers[student][column]
    let answers: Vec<Vec<Option<&QuestionResult>>> = results
        .iter()
        .map(|r| {
            keys.iter()
                .map(|(key, _)| r.questions.iter().find(|q| q.key() == *key))
                .collect()
        })
        .collect();
    let mut columns: Vec<(usize, QuestionColumn)> = keys
        .iter()
        .enumerate()
        .map(|(c, (_, q))| (c, column(q, answers.iter().filter_map(|row| row[c]))))
        .collect();
    columns.sort_by(|(ca, a), (cb, b)| {
        a.within_pct()
            .total_cmp(&b.within_pct())
            .then(a.mean_score.total_cmp(&b.mean_score))
            .then(ca.cmp(cb))
    });
    let students = results
        .iter()
        .zip(&answers)
        .map(|(r, row)| {
            let asked: Vec<&QuestionResult> = row.iter().flatten().copied().collect();
            let total = if asked.is_empty() {
                0.0
            } else {
                asked.iter().map(|q| f64::from(q.score)).sum::<f64>() / asked.len() as f64
            };
            StudentRow {
                name: r.name.clone(),
                total,
                within: asked.iter().filter(|q| q.within()).count(),
                of: asked.len(),
                scores: columns
                    .iter()
                    .map(|(c, _)| row[*c].filter(|q| q.guess.is_some()).map(|q| q.score))
                    .collect(),
            }
        })
        .collect();
    let calibration = Calibration::of(
        answers
            .iter()
            .flatten()
            .flatten()
            .filter(|q| q.guess.is_some())
            .map(|q| (q.confidence.and_then(Confidence::from_level), q.within())),
    );
    Ok(ClassTable {
        students,
        questions: columns.into_iter().map(|(_, c)| c).collect(),
        calibration,
    })
}

fn column<'a>(
    first: &QuestionResult,
    asked: impl Iterator<Item = &'a QuestionResult>,
) -> QuestionColumn {
    let asked: Vec<&QuestionResult> = asked.collect();
    let guesses: Vec<f64> = asked.iter().filter_map(|q| q.guess).collect();
    let median_guess = if first.is_choice() {
        most_common(&guesses)
    } else {
        crate::domain::scoring::median_guess(&guesses)
    };
    QuestionColumn {
        lesson: first.lesson.clone(),
        step: first.step.clone(),
        question: first.question.clone(),
        answer: first.answer,
        unit: first.unit.clone(),
        choice: first.is_choice(),
        median_guess,
        asked: asked.len(),
        answered: guesses.len(),
        within: asked.iter().filter(|q| q.within()).count(),
        mean_score: if asked.is_empty() {
            0.0
        } else {
            asked.iter().map(|q| f64::from(q.score)).sum::<f64>() / asked.len() as f64
        },
    }
}

/// The value given most often (the lowest of a tie).
fn most_common(values: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = values.to_vec();
    v.sort_by(f64::total_cmp);
    let mut best: Option<(f64, usize)> = None;
    for chunk in v.chunk_by(|a, b| a.total_cmp(b).is_eq()) {
        if best.is_none_or(|(_, n)| chunk.len() > n) {
            best = Some((chunk[0], chunk.len()));
        }
    }
    best.map(|(value, _)| value)
}

fn calibration_json<S: serde::Serializer>(c: &Calibration, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq as _;
    let mut seq = s.serialize_seq(Some(c.levels.len()))?;
    for level in &c.levels {
        seq.serialize_element(&serde_json::json!({
            "confidence": level.confidence.level(),
            "count": level.count,
            "within": level.within,
        }))?;
    }
    seq.end()
}

#[cfg(test)]
mod tests;
