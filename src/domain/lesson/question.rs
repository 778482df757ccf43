//! What a step asks, read the same way for the two kinds that ask for an answer (a prediction
//! and an exploration), so a reader of "the question" or "the answer" needs no match over
//! every step kind: a new kind is added here once.

use super::{Answer, NumberAnswer, ScenarioPatch, Step, scenario_for};
use crate::domain::scenario::Scenario;

/// The question of a step that takes an answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Question<'a> {
    /// The question or the task, with its placeholders.
    pub text: &'a str,
    /// What it is computed for (`None`: the active cluster).
    pub scenario: Option<&'a ScenarioPatch>,
    /// The answer.
    pub answer: &'a Answer,
    /// Shown on reveal: why the answer is what it is.
    pub explanation: &'a str,
    /// Shown on reveal: the common wrong answer (predictions only).
    pub trap: Option<&'a str>,
}

impl Step {
    /// The question this step asks; `None` for a step that takes no answer (read, recall,
    /// example, explain).
    #[must_use]
    pub fn question(&self) -> Option<Question<'_>> {
        match self {
            Self::Predict(p) => Some(Question {
                text: &p.question,
                scenario: p.scenario.as_ref(),
                answer: &p.answer,
                explanation: &p.explanation,
                trap: p.trap.as_deref(),
            }),
            Self::Explore(x) => Some(Question {
                text: &x.task,
                scenario: x.preset.as_ref(),
                answer: &x.answer,
                explanation: &x.explanation,
                trap: None,
            }),
            Self::Read(_) | Self::Recall(_) | Self::Example(_) | Self::Explain(_) => None,
        }
    }

    /// The answer this step takes, if it takes one.
    #[must_use]
    pub fn answer(&self) -> Option<&Answer> {
        self.question().map(|q| q.answer)
    }

    /// The number this step asks for, with the scenario it asks it at (its patch on
    /// `active`); `None` for a step that takes a choice or no answer.
    #[must_use]
    pub fn asked_number(&self, active: &Scenario) -> Option<(&NumberAnswer, Scenario)> {
        let question = self.question()?;
        let Answer::Number(number) = question.answer else {
            return None;
        };
        Some((number, scenario_for(question.scenario, active)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::content::lessons::builtin;

    #[test]
    fn the_asking_steps_read_their_own_fields_and_the_others_have_none() {
        let lessons = builtin(&builtin_catalog()).expect("shipped lessons load");
        let mut asked = 0;
        for step in lessons.iter().flat_map(|l| &l.steps) {
            match (step, step.question()) {
                (Step::Predict(p), Some(q)) => {
                    assert_eq!((q.text, q.answer), (p.question.as_str(), &p.answer));
                    assert_eq!(q.trap, p.trap.as_deref());
                    asked += 1;
                }
                (Step::Explore(x), Some(q)) => {
                    assert_eq!((q.text, q.scenario), (x.task.as_str(), x.preset.as_ref()));
                    assert_eq!(step.answer(), Some(&x.answer));
                    asked += 1;
                }
                (Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_), None) => {}
                (step, question) => panic!("{} gave {question:?}", step.id()),
            }
        }
        assert!(asked > 20, "only {asked} asking steps");
    }
}
