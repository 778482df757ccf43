//! A quiz in words, shared by every front end (the screen draws them with its glyphs and
//! colours, the plain text writes them as lines): the scenario a question is set in, and what
//! its reveal says (the answer, how far off the guess was, the score).

use super::draw::{Question, QuestionAnswer};
use super::mark::{Guess, Mark, mark};
use crate::domain::catalog::Catalog;
use crate::domain::lesson::template::{Format, format_number};
use crate::domain::scenario::Scenario;
use crate::domain::scoring::describe_miss;

/// The scenario as words, joined by `dot`: the GPU and model by name, the formats, batch,
/// context and TP.
#[must_use]
pub fn scenario_words(s: &Scenario, catalog: &Catalog, dot: &str) -> String {
    let gpu = catalog
        .gpu(&s.gpu)
        .map_or(s.gpu.clone(), |g| g.name.clone());
    let mut words = vec![gpu];
    if let Some(model) = &s.model {
        words.push(
            catalog
                .model(model)
                .map_or(model.clone(), |m| m.name.clone()),
        );
    }
    words.push(if s.weights == s.precision {
        s.precision.label()
    } else {
        format!(
            "{} math, {} weights",
            s.precision.label(),
            s.weights.label()
        )
    });
    words.push(format!("batch {}", s.batch));
    if s.model.is_some() && s.context > 0 {
        words.push(format!("{} context", context_words(s.context)));
    }
    words.push(format!("TP {}", s.tp));
    if s.draft_tokens > 0 {
        words.push(format!("{} draft tokens", s.draft_tokens));
    }
    words.join(dot)
}

fn context_words(tokens: u64) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}K", tokens / 1024)
    } else {
        format!("{tokens}-token")
    }
}

/// What a reveal says of one question and the guess given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal {
    /// The answer: `13.2 ms`, or `2) the option's text`.
    pub answer: String,
    /// How far off: `skipped`, `you said 12, 1.10× low`, `you chose 2, right`.
    pub how_far: String,
    /// The score and whether it is within tolerance.
    pub mark: Mark,
}

/// The reveal of `question` for `guess`.
#[must_use]
pub fn reveal(question: &Question, guess: Guess) -> Reveal {
    let m = mark(question, guess);
    let answer = match &question.answer {
        QuestionAnswer::Number { value, unit, .. } => {
            format!("{} {unit}", format_number(*value, Format::Auto))
        }
        QuestionAnswer::Choice { options, correct } => format!(
            "{}) {}",
            correct + 1,
            options.get(*correct).cloned().unwrap_or_default()
        ),
    };
    let how_far = match (&question.answer, guess) {
        (_, Guess::Skipped) => "skipped".to_owned(),
        (QuestionAnswer::Number { value, .. }, Guess::Number(g)) => format!(
            "you said {}, {}",
            format_number(g, Format::Auto),
            describe_miss(g, *value)
        ),
        (_, Guess::Option(o)) => format!(
            "you chose {}, {}",
            o + 1,
            if m.within { "right" } else { "wrong" }
        ),
        (QuestionAnswer::Choice { .. }, Guess::Number(_)) => String::new(),
    };
    Reveal {
        answer,
        how_far,
        mark: m,
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    fn question(answer: QuestionAnswer) -> Question {
        Question {
            lesson: "l".into(),
            lesson_title: "L".into(),
            step: "p".into(),
            scenario: Scenario::default_cluster(),
            varied: false,
            text: "how much?".into(),
            answer,
            explanation: String::new(),
        }
    }

    fn number() -> QuestionAnswer {
        QuestionAnswer::Number {
            value: 13.2,
            unit: "ms".into(),
            tolerance: 0.1,
        }
    }

    fn choice() -> QuestionAnswer {
        QuestionAnswer::Choice {
            options: vec!["a".into(), "b".into()],
            correct: 1,
        }
    }

    #[rstest]
    #[case::skipped(number(), Guess::Skipped, "13.2 ms", "skipped", 0)]
    #[case::number(number(), Guess::Number(13.0), "13.2 ms", "you said 13, ", 100)]
    #[case::right_option(choice(), Guess::Option(1), "2) b", "you chose 2, right", 100)]
    #[case::wrong_option(choice(), Guess::Option(0), "2) b", "you chose 1, wrong", 0)]
    fn a_reveal_says_the_answer_how_far_and_the_score(
        #[case] answer: QuestionAnswer,
        #[case] guess: Guess,
        #[case] expected: &str,
        #[case] how_far: &str,
        #[case] score: u8,
    ) {
        let said = reveal(&question(answer), guess);
        assert_eq!(said.answer, expected);
        assert!(said.how_far.starts_with(how_far), "{}", said.how_far);
        assert_eq!(said.mark.score, score);
    }
}
