//! The room answering from its own devices (`present --room`): what a step takes, a value a
//! participant sent checked as study checks a typed guess, a name made safe to show, and the
//! state both clients read (`GET /api/state`). Pure: the server and the clock live in `cli`.

use serde::{Deserialize, Serialize};

use crate::domain::invisible::is_invisible;
use crate::domain::scoring::{describe_miss, parse_guess, within_tolerance};
use crate::domain::session::Refusal;

/// The longest name kept, in characters.
pub const NAME_MAX_CHARS: usize = 32;

/// A positive, finite number (never NaN, so it compares as equal to itself).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Positive(f64);

impl Eq for Positive {}

impl Positive {
    /// The number, when it is positive and finite.
    #[must_use]
    pub fn new(value: f64) -> Option<Self> {
        (value.is_finite() && value > 0.0).then_some(Self(value))
    }

    /// The number.
    #[must_use]
    pub const fn get(self) -> f64 {
        self.0
    }
}

/// One participant's answer to a step, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomValue {
    /// A number in the answer's unit.
    Number(Positive),
    /// An option, from 0.
    Choice(usize),
}

/// What the current step takes from the room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Takes {
    /// A number in this unit.
    Number {
        /// The answer's unit (`FLOP/byte`).
        unit: String,
    },
    /// One of these options (the page numbers them from 1).
    Choice {
        /// The options as shown.
        options: Vec<String>,
    },
    /// Nothing: the step is read, not answered.
    Nothing,
}

impl Takes {
    /// Checks a sent value as study checks a typed guess: a number is positive and finite
    /// (plain or scientific, as a JSON number or a string); an option is its number from 1.
    pub fn check(&self, value: &serde_json::Value) -> Result<RoomValue, Refusal> {
        use serde_json::Value;
        match self {
            Self::Nothing => Err(Refusal::NothingToAnswer),
            Self::Number { .. } => {
                let text = match value {
                    Value::Number(n) => n.to_string(),
                    Value::String(s) => s.clone(),
                    Value::Null | Value::Bool(_) | Value::Array(_) | Value::Object(_) => {
                        return Err(Refusal::Guess(
                            crate::domain::scoring::GuessError::NotANumber,
                        ));
                    }
                };
                let number = parse_guess(&text).map_err(Refusal::Guess)?;
                Positive::new(number)
                    .map(RoomValue::Number)
                    .ok_or(Refusal::Guess(
                        crate::domain::scoring::GuessError::NotFinite,
                    ))
            }
            Self::Choice { options } => {
                let shown = match value {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.trim().parse::<u64>().ok(),
                    Value::Null | Value::Bool(_) | Value::Array(_) | Value::Object(_) => None,
                }
                .ok_or(Refusal::TakesAnOption)?;
                let count = options.len();
                match usize::try_from(shown) {
                    Ok(n) if (1..=count).contains(&n) => Ok(RoomValue::Choice(n - 1)),
                    Ok(_) | Err(_) => Err(Refusal::NoSuchOption {
                        shown: usize::try_from(shown).unwrap_or(usize::MAX),
                        count,
                    }),
                }
            }
        }
    }
}

/// A name as sent, made safe to keep and show: control and invisible characters
/// ([`is_invisible`]: bidirectional overrides, zero-width joiners, tags, blank fillers) removed, spaces trimmed, at most
/// [`NAME_MAX_CHARS`] characters. Markup is kept as text: every surface escapes it.
#[must_use]
pub fn clean_name(raw: &str) -> String {
    let kept: String = raw
        .chars()
        .filter(|c| !c.is_control() && !is_invisible(*c))
        .collect();
    kept.trim()
        .chars()
        .take(NAME_MAX_CHARS)
        .collect::<String>()
        .trim_end()
        .to_owned()
}

/// The answer, once the presenter has revealed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Revealed {
    /// A number.
    Number {
        /// The answer.
        value: f64,
        /// Its unit.
        unit: String,
        /// The relative tolerance scored in full (0.1 = ±10 %).
        tolerance: f64,
        /// The answer as the presenter's screen writes it (`295 FLOP/byte`).
        text: String,
    },
    /// The right option.
    Choice {
        /// Its number, from 1.
        correct: usize,
        /// The option as shown.
        text: String,
    },
}

/// How one participant's answer compares with the revealed one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// `1.05× high`, `spot on`, `right`, `option 2 was right`.
    pub text: String,
    /// Within the tolerance, or the right option.
    pub right: bool,
}

impl Revealed {
    /// How far off `value` is.
    #[must_use]
    pub fn judge(&self, value: RoomValue) -> Verdict {
        match (self, value) {
            (
                Self::Number {
                    value: answer,
                    tolerance,
                    ..
                },
                RoomValue::Number(guess),
            ) => Verdict {
                text: describe_miss(guess.get(), *answer),
                right: within_tolerance(guess.get(), *answer, *tolerance),
            },
            (Self::Choice { correct, .. }, RoomValue::Choice(chosen)) => {
                let right = chosen + 1 == *correct;
                Verdict {
                    text: if right {
                        "right".to_owned()
                    } else {
                        format!("option {correct} was right")
                    },
                    right,
                }
            }
            (Self::Number { .. }, RoomValue::Choice(_))
            | (Self::Choice { .. }, RoomValue::Number(_)) => Verdict {
                text: "answered another kind of question".to_owned(),
                right: false,
            },
        }
    }
}

/// The presentation as the room may see it: the current step, its question and scenario with
/// every figure not yet revealed masked, what it takes, and the answer only after the reveal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomStep {
    /// The lesson's title.
    pub lesson: String,
    /// The step, from 1.
    pub step: usize,
    /// Steps in the lesson.
    pub of: usize,
    /// The step's id.
    pub id: String,
    /// The step's kind (`Predict`, `Read`, …).
    pub kind: String,
    /// The question or task, for a step that asks one.
    pub question: Option<String>,
    /// The setting it is asked about (`H100 SXM5 · Llama 3.1 70B · BF16 · batch 8 · 4K context`).
    pub scenario: Option<String>,
    /// What it takes.
    pub takes: Takes,
    /// Whether the presenter has revealed it.
    pub revealed: bool,
    /// The answer, after the reveal only.
    pub answer: Option<Revealed>,
    /// How many have answered it (typed by the presenter or sent), never what.
    pub answers: usize,
    /// How many reveals the presentation had made when this was published: the server stamps
    /// each answer it takes with it, so one taken before the reveal was published still counts
    /// when it reaches the presentation after the reveal. Never sent to the room.
    #[serde(skip)]
    pub reveals: Reveals,
}

/// A count of the presenter's reveals, in the order they were made: the reveal that closed a
/// step, and the reveals the room's server had seen when it took an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reveals(pub u64);

impl Reveals {
    /// The count after one more reveal.
    #[must_use]
    pub const fn next(self) -> Self {
        Self(self.0.saturating_add(1))
    }

    /// Whether an answer taken when the server had seen these reveals was taken while a step
    /// the presenter `closed` (its reveal; `None` before it) was still open: the server had
    /// not yet seen that reveal, so it took the answer before the step closed.
    #[must_use]
    pub fn took_before(self, closed: Option<Self>) -> bool {
        closed.is_none_or(|closed| self < closed)
    }
}

/// One participant's own view of the step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct You {
    /// The name given, cleaned (empty when none).
    pub name: String,
    /// The answer counted for this step: the number, or the option from 1.
    pub answer: Option<f64>,
    /// How far off it was, after the reveal.
    pub verdict: Option<Verdict>,
    /// An answer (or a change of it) arrived after the reveal: it was refused as late and not
    /// counted (the earlier answer, if any, is the one judged).
    #[serde(default)]
    pub late: bool,
}

/// `GET /api/state`: the step for one participant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomState {
    /// The participant's token: send it back with every request.
    pub participant: String,
    /// The step.
    #[serde(flatten)]
    pub step: RoomStep,
    /// The participant's own answer and verdict.
    pub you: You,
}

/// `POST /api/answer`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    /// The join code.
    pub code: String,
    /// The participant token (empty or missing on the first request: one is issued).
    #[serde(default)]
    pub participant: String,
    /// A name to be known by (optional).
    #[serde(default)]
    pub name: String,
    /// A number (or a string holding one), or an option's number from 1.
    pub value: serde_json::Value,
}

/// A value as the API writes it back: the number, or the option from 1.
#[must_use]
pub fn shown(value: RoomValue) -> f64 {
    match value {
        RoomValue::Number(n) => n.get(),
        RoomValue::Choice(i) => (i + 1) as f64,
    }
}

#[cfg(test)]
mod tests;
