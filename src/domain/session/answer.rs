//! Answers resolved for the learner's cluster: what a prediction is judged against.
//!
//! A lesson names its answers (`Quantity("ridge")`) rather than stating them, so the number is
//! computed once, when the session starts, for the step's scenario on the active cluster.

use super::guess::Guess;
use crate::domain::catalog::Catalog;
use crate::domain::lesson::{Answer, Lesson, Step, resolve_number, scenario_for};
use crate::domain::scenario::Scenario;
use crate::domain::scoring::{DEFAULT_TOLERANCE, score};

/// A step's answer, ready to judge a guess.
#[derive(Debug, Clone, PartialEq)]
pub enum ResolvedAnswer {
    /// A number.
    Number {
        /// The value, in `unit`.
        value: f64,
        /// Unit shown after the input and the answer.
        unit: String,
        /// Relative tolerance for full marks.
        tolerance: f64,
    },
    /// One option of several.
    Choice {
        /// How many options there are.
        options: usize,
        /// The correct option's index, from 0.
        correct: usize,
    },
    /// The engine could not compute the answer (a lesson `roofline check` would reject, or one
    /// whose quantity does not apply to the cluster). Guesses are kept but not scored.
    Unavailable {
        /// Why, for the reveal line.
        reason: String,
        /// The unit the answer would have had.
        unit: String,
    },
}

impl ResolvedAnswer {
    /// Computes an answer for a scenario.
    #[must_use]
    pub fn resolve(answer: &Answer, scenario: &Scenario, catalog: &Catalog) -> Self {
        match answer {
            Answer::Number(n) => match resolve_number(&n.value, scenario, catalog) {
                Ok(value) if value.is_finite() && value > 0.0 => Self::Number {
                    value,
                    unit: n.unit.clone(),
                    tolerance: n.tolerance.unwrap_or(DEFAULT_TOLERANCE),
                },
                Ok(value) => Self::Unavailable {
                    reason: format!(
                        "the answer works out to {value}, which cannot be judged in log space"
                    ),
                    unit: n.unit.clone(),
                },
                Err(e) => Self::Unavailable {
                    reason: e.to_string(),
                    unit: n.unit.clone(),
                },
            },
            Answer::Choice(c) => Self::Choice {
                options: c.options.len(),
                correct: c.correct,
            },
        }
    }

    /// The score of a guess: log-space for numbers, all or nothing for choices; `None` when the
    /// answer is unavailable or the guess is of the other kind.
    #[must_use]
    pub fn score(&self, guess: Guess) -> Option<u8> {
        match (self, guess) {
            (
                Self::Number {
                    value, tolerance, ..
                },
                Guess::Number(g),
            ) => score(g, *value, *tolerance),
            (Self::Choice { correct, .. }, Guess::Choice(g)) => {
                Some(if g == *correct { 100 } else { 0 })
            }
            _ => None,
        }
    }

    /// Whether a guess has the kind this answer takes (a number, or an option in range).
    #[must_use]
    pub fn accepts(&self, guess: Guess) -> bool {
        match (self, guess) {
            (Self::Number { .. } | Self::Unavailable { .. }, Guess::Number(g)) => {
                g.is_finite() && g > 0.0
            }
            (Self::Choice { options, .. }, Guess::Choice(g)) => g < *options,
            _ => false,
        }
    }
}

/// The answer of each step of a lesson (`None` for steps without one), for the active cluster.
#[must_use]
pub fn resolve_lesson(
    lesson: &Lesson,
    cluster: &Scenario,
    catalog: &Catalog,
) -> Vec<Option<ResolvedAnswer>> {
    lesson
        .steps
        .iter()
        .map(|step| resolve_step(step, cluster, catalog))
        .collect()
}

/// The answer of one step (`None` for a step without one), for the active cluster: what
/// [`resolve_lesson`] gives at that step, without computing the others.
#[must_use]
pub fn resolve_step(step: &Step, cluster: &Scenario, catalog: &Catalog) -> Option<ResolvedAnswer> {
    let question = step.question()?;
    Some(ResolvedAnswer::resolve(
        question.answer,
        &scenario_for(question.scenario, cluster),
        catalog,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::lesson::{ChoiceAnswer, NumberAnswer, NumberSource, ScenarioPatch};
    use rstest::rstest;

    fn number(source: NumberSource, tolerance: Option<f64>) -> Answer {
        Answer::Number(NumberAnswer {
            value: source,
            unit: "FLOP/byte".into(),
            tolerance,
        })
    }

    #[test]
    fn quantities_are_computed_for_the_scenario() {
        let catalog = builtin_catalog();
        let cluster = Scenario::default_cluster();
        let resolved = ResolvedAnswer::resolve(
            &number(NumberSource::Quantity("ridge".into()), None),
            &cluster,
            &catalog,
        );
        let ResolvedAnswer::Number {
            value, tolerance, ..
        } = resolved
        else {
            panic!("expected a number, got {resolved:?}");
        };
        assert!((value - 295.3).abs() < 0.1, "{value}");
        assert!((tolerance - DEFAULT_TOLERANCE).abs() < f64::EPSILON);

        let fp8 = ScenarioPatch {
            precision: Some(crate::domain::dtype::Dtype::Fp8),
            ..ScenarioPatch::default()
        };
        let doubled = ResolvedAnswer::resolve(
            &number(NumberSource::Quantity("ridge".into()), Some(0.05)),
            &fp8.apply(&cluster),
            &catalog,
        );
        assert!(
            matches!(doubled, ResolvedAnswer::Number { value, tolerance, .. } if (value - 590.7).abs() < 0.1 && (tolerance - 0.05).abs() < 1e-12)
        );
    }

    #[rustfmt::skip]
    #[rstest]
    #[case::unknown_quantity(NumberSource::Quantity("ridgeline".into()))]
    #[case::zero_literal(NumberSource::Literal(0.0))]
    #[case::negative_literal(NumberSource::Literal(-2.0))]
    fn unusable_answers_are_unavailable_not_panics(#[case] source: NumberSource) {
        let resolved = ResolvedAnswer::resolve(
            &number(source, None),
            &Scenario::default_cluster(),
            &builtin_catalog(),
        );
        assert!(
            matches!(resolved, ResolvedAnswer::Unavailable { .. }),
            "{resolved:?}"
        );
        assert_eq!(resolved.score(Guess::Number(1.0)), None);
    }

    #[rustfmt::skip]
    #[rstest]
    #[case::number_exact(Guess::Number(10.0), Some(100))]
    #[case::number_double(Guess::Number(20.0), Some(54))]
    #[case::number_vs_choice(Guess::Choice(0), None)]
    fn numbers_score_in_log_space(#[case] guess: Guess, #[case] expected: Option<u8>) {
        let answer = ResolvedAnswer::Number {
            value: 10.0,
            unit: "x".into(),
            tolerance: 0.1,
        };
        assert_eq!(answer.score(guess), expected);
    }

    #[rustfmt::skip]
    #[rstest]
    #[case::right(Guess::Choice(1), Some(100))]
    #[case::wrong(Guess::Choice(0), Some(0))]
    #[case::number_vs_choice(Guess::Number(1.0), None)]
    fn choices_score_all_or_nothing(#[case] guess: Guess, #[case] expected: Option<u8>) {
        let answer = ResolvedAnswer::resolve(
            &Answer::Choice(ChoiceAnswer {
                options: vec!["memory".into(), "compute".into()],
                correct: 1,
                about: None,
            }),
            &Scenario::default_cluster(),
            &builtin_catalog(),
        );
        assert_eq!(answer.score(guess), expected);
    }
}
