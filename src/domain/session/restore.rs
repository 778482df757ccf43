//! A step's record and back: what of a step's state is kept between runs ([`record`]), and
//! the state a kept record puts the step in when the lesson is opened again ([`restore`]).

use super::{
    ExplainState, Guess, PredictState, RecallState, ResolvedAnswer, Slot, StepRecord, StepState,
    Visit,
};
use crate::domain::lesson::Step;

pub(super) fn record(slot: &Slot) -> Option<StepRecord> {
    let settled = match &slot.state {
        StepState::Predict(PredictState::Committed { guess }) => {
            Some(StepRecord::Committed { guess: *guess })
        }
        StepState::Predict(PredictState::Revealed { guess, score }) => Some(StepRecord::Revealed {
            guess: *guess,
            score: *score,
            answer: match &slot.answer {
                Some(ResolvedAnswer::Number { value, .. }) => Some(*value),
                _ => None,
            },
        }),
        StepState::Recall(RecallState::Graded(grade)) => Some(StepRecord::Graded { grade: *grade }),
        StepState::Explain(ExplainState::Revealed { text }) => {
            Some(StepRecord::Explained { text: text.clone() })
        }
        StepState::Reading
        | StepState::Predict(PredictState::Predicting { .. })
        | StepState::Recall(RecallState::Front | RecallState::Back)
        | StepState::Explain(ExplainState::Writing { .. }) => None,
    };
    settled
        .or_else(|| slot.earlier.clone())
        .or_else(|| (slot.visit == Visit::Seen).then_some(StepRecord::Seen))
}

/// Whether a record was judged against the answer the step has now (a record from before
/// answers were kept counts as the same).
fn same_answer(judged: Option<f64>, now: Option<&ResolvedAnswer>) -> bool {
    match (judged, now) {
        (Some(then), Some(ResolvedAnswer::Number { value, .. })) => {
            ((then - value) / value).abs() < 1e-6
        }
        _ => true,
    }
}

/// The state a record puts a step in, if the record fits the step.
pub(super) fn restore(
    step: &Step,
    record: &StepRecord,
    answer: Option<&ResolvedAnswer>,
) -> Option<StepState> {
    let fits = |guess: Guess| answer.is_some_and(|a| a.accepts(guess));
    match (step, record) {
        (Step::Predict(_) | Step::Explore(_), StepRecord::Committed { guess }) if fits(*guess) => {
            Some(StepState::Predict(PredictState::Committed {
                guess: *guess,
            }))
        }
        (
            Step::Predict(_) | Step::Explore(_),
            StepRecord::Revealed {
                guess,
                score,
                answer: judged,
            },
        ) if fits(*guess) && same_answer(*judged, answer) => {
            Some(StepState::Predict(PredictState::Revealed {
                guess: *guess,
                score: *score,
            }))
        }
        (Step::Recall(_), StepRecord::Graded { grade }) => {
            Some(StepState::Recall(RecallState::Graded(*grade)))
        }
        (Step::Explain(_), StepRecord::Explained { text }) => {
            Some(StepState::Explain(ExplainState::Revealed {
                text: text.clone(),
            }))
        }
        _ => None,
    }
}
