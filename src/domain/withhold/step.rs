//! What a predict or explore step asks for, as withholding needs it: the engine quantity its
//! answer is (or a choice turns on), and the figures its own question states.

use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::render;
use crate::domain::lesson::{Answer, NumberSource, Step, scenario_for};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::Scenario;

use super::{Stated, tokens};

/// The engine quantity a step asks for: a numeric answer's quantity, or the quantity a choice
/// turns on. `None` for a literal answer, a choice about no quantity, or a step that asks
/// nothing.
#[must_use]
pub fn asked_quantity(step: &Step) -> Option<Quantity> {
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return None,
    };
    let name = match answer {
        Answer::Number(n) => match &n.value {
            NumberSource::Quantity(name) => name,
            NumberSource::Literal(_) => return None,
        },
        Answer::Choice(c) => c.about.as_ref()?,
    };
    name.parse().ok()
}

/// The unit of a literal figure a step asks for (`754 TFLOP/s` measured on a real card): its
/// dimension is withheld as a quantity's is. `None` where the answer is a quantity, a choice,
/// or no answer.
#[must_use]
pub fn asked_unit(step: &Step) -> Option<&str> {
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return None,
    };
    match answer {
        Answer::Number(n) => match &n.value {
            NumberSource::Literal(_) => Some(n.unit.as_str()),
            NumberSource::Quantity(_) => None,
        },
        Answer::Choice(_) => None,
    }
}

/// The figures a step's question (or task) states, as shown for the active cluster, in every
/// wording it may be shown in: what the lesson has said may stay on screen.
#[must_use]
pub fn stated_figures(step: &Step, cluster: &Scenario, catalog: &Catalog) -> Vec<Stated> {
    let (patch, texts): (_, Vec<&String>) = match step {
        Step::Predict(p) => (
            p.scenario.as_ref(),
            std::iter::once(&p.question).chain(&p.alone).collect(),
        ),
        Step::Explore(x) => (x.preset.as_ref(), vec![&x.task]),
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return vec![],
    };
    let scenario = scenario_for(patch, cluster);
    texts
        .into_iter()
        .flat_map(|text| {
            let shown = render(text, &scenario, catalog);
            tokens(&shown)
                .map(|t| Stated::in_text(&shown, &t))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::data_files::builtin_catalog;
    use crate::domain::lesson::{NumberAnswer, PredictStep};

    fn predict(question: &str, value: NumberSource) -> Step {
        Step::Predict(PredictStep {
            id: "p".into(),
            scenario: None,
            question: question.into(),
            alone: None,
            answer: Answer::Number(NumberAnswer {
                value,
                unit: "ms".into(),
                tolerance: None,
            }),
            explanation: String::new(),
            trap: None,
            vary: None,
        })
    }

    #[test]
    fn a_quantity_answer_is_asked_and_a_literal_is_not() {
        let step = predict("?", NumberSource::Quantity("tpot_ms".into()));
        assert_eq!(asked_quantity(&step), Some(Quantity::TpotMs));
        let step = predict("?", NumberSource::Literal(3.0));
        assert_eq!(asked_quantity(&step), None);
    }

    #[test]
    fn the_question_states_its_figures() {
        let step = predict(
            "At batch 64 on one {gpu}, {tokens_per_s:.0} tok/s?",
            NumberSource::Literal(1.0),
        );
        let stated = stated_figures(&step, &Scenario::default_cluster(), &builtin_catalog());
        assert!(stated.contains(&Stated::new(64.0, "batch")), "{stated:?}");
        assert_eq!(stated.len(), 2, "{stated:?}");
    }
}
