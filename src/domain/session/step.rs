//! One step's state machine: what the learner has done on it, and which moves are legal next.
//!
//! ```text
//! Read, Example      Reading
//! Predict, Explore   Predicting {input} ──commit──▶ Committed {guess} ──reveal──▶ Revealed {guess, score}
//! Recall             Front ──turn──▶ Back ──grade──▶ Graded (again | hard | good | easy)
//! Explain            Writing {text} ──commit──▶ Revealed {text}
//! ```
//!
//! Every move returns an [`Outcome`]; a move the state does not allow is refused with a
//! [`Refusal`] saying why, and leaves the state as it was (apart from the inline error a bad
//! guess records, so the screen can show it under the input).

use super::answer::ResolvedAnswer;
pub use super::guess::{Grade, Guess, MAX_EXPLANATION_CHARS, MAX_GUESS_CHARS};
pub use super::refusal::Refusal;
use crate::domain::lesson::{Answer, Step};
use crate::domain::scoring::{GuessError, parse_guess};

/// Where a step stands.
#[derive(Debug, Clone, PartialEq)]
pub enum StepState {
    /// A read or example step: nothing to answer.
    Reading,
    /// A predict or explore step.
    Predict(PredictState),
    /// A recall card.
    Recall(RecallState),
    /// An "explain it to a colleague" step.
    Explain(ExplainState),
}

/// A prediction's progress.
#[derive(Debug, Clone, PartialEq)]
pub enum PredictState {
    /// The learner is still forming a guess.
    Predicting {
        /// What has been typed or chosen so far.
        input: PredictInput,
    },
    /// The guess is locked in; the answer is still hidden.
    Committed {
        /// The locked-in guess.
        guess: Guess,
    },
    /// The answer is shown next to the guess.
    Revealed {
        /// The locked-in guess.
        guess: Guess,
        /// 0–100; `None` when the answer could not be computed.
        score: Option<u8>,
    },
}

/// The input of a prediction that is not committed yet.
#[derive(Debug, Clone, PartialEq)]
pub enum PredictInput {
    /// A number being typed.
    Number {
        /// The characters typed.
        text: String,
        /// Why the last commit was refused; cleared by the next edit.
        error: Option<GuessError>,
    },
    /// An option being chosen.
    Choice {
        /// The option picked so far (index from 0).
        selected: Option<usize>,
    },
}

/// A recall card's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecallState {
    /// Only the prompt shows: say the answer before turning.
    Front,
    /// The answer shows; waiting for a grade.
    Back,
    /// Graded.
    Graded(Grade),
}

/// An explanation's progress.
#[derive(Debug, Clone, PartialEq)]
pub enum ExplainState {
    /// The learner is writing.
    Writing {
        /// The text so far.
        text: String,
    },
    /// The model answer shows next to the learner's text.
    Revealed {
        /// What the learner wrote.
        text: String,
    },
}

/// A learner's move on the current step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Type one character into the guess or the explanation.
    Type(char),
    /// Delete the last character of the guess or the explanation.
    Backspace,
    /// Choose an option (index from 0).
    Select(usize),
    /// Lock in the guess (or hand in the explanation).
    Commit,
    /// Show the answer of a committed guess.
    Reveal,
    /// Turn a recall card over.
    Turn,
    /// Grade a turned recall card.
    Grade(Grade),
}

/// What a move did.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The state changed.
    Changed,
    /// Nothing to do (deleting from an empty input).
    Unchanged,
    /// The move is not allowed here; the state is as it was (a refused guess records its error).
    Refused(Refusal),
}

/// What any action does to a predict or explain step already revealed: nothing, and why.
fn after_reveal(action: Action) -> Outcome {
    refused(action, Refusal::AlreadyRevealed)
}

/// What any action does to a step that takes no answer now: a card's move is not a card's
/// step, and an answer's move is refused for `why`.
fn refused(action: Action, why: Refusal) -> Outcome {
    match action {
        Action::Turn | Action::Grade(_) => Outcome::Refused(Refusal::NotACard),
        Action::Type(_)
        | Action::Backspace
        | Action::Select(_)
        | Action::Commit
        | Action::Reveal => Outcome::Refused(why),
    }
}

impl StepState {
    /// The state a step starts in.
    #[must_use]
    pub fn initial(step: &Step) -> Self {
        match step {
            Step::Read(_) | Step::Example(_) => Self::Reading,
            Step::Predict(p) => Self::Predict(PredictState::fresh(&p.answer)),
            Step::Explore(x) => Self::Predict(PredictState::fresh(&x.answer)),
            Step::Recall(_) => Self::Recall(RecallState::Front),
            Step::Explain(_) => Self::Explain(ExplainState::Writing {
                text: String::new(),
            }),
        }
    }

    /// How the step went (a read step on screen counts as done).
    #[must_use]
    pub const fn mark(&self) -> super::StepMark {
        use super::StepMark;
        match self {
            Self::Reading | Self::Explain(ExplainState::Revealed { .. }) => StepMark::Done,
            Self::Predict(PredictState::Revealed { score, .. }) => StepMark::of_score(*score),
            Self::Recall(RecallState::Graded(grade)) => StepMark::of_grade(*grade),
            Self::Predict(PredictState::Predicting { .. } | PredictState::Committed { .. })
            | Self::Recall(RecallState::Front | RecallState::Back)
            | Self::Explain(ExplainState::Writing { .. }) => StepMark::Open,
        }
    }

    /// Whether the learner has finished the step (read steps count once seen, elsewhere).
    #[must_use]
    pub const fn is_answered(&self) -> bool {
        matches!(
            self,
            Self::Predict(PredictState::Revealed { .. })
                | Self::Recall(RecallState::Graded(_))
                | Self::Explain(ExplainState::Revealed { .. })
        )
    }

    /// Applies a move. `answer` is the step's resolved answer (predict and explore steps).
    pub fn apply(&mut self, action: Action, answer: Option<&ResolvedAnswer>) -> Outcome {
        match self {
            Self::Reading => refused(action, Refusal::NothingToAnswer),
            Self::Predict(state) => state.apply(action, answer),
            Self::Recall(state) => state.apply(action),
            Self::Explain(state) => state.apply(action),
        }
    }
}

impl PredictState {
    /// A prediction with nothing typed or chosen.
    #[must_use]
    pub fn fresh(answer: &Answer) -> Self {
        let input = match answer {
            Answer::Number(_) => PredictInput::Number {
                text: String::new(),
                error: None,
            },
            Answer::Choice(_) => PredictInput::Choice { selected: None },
        };
        Self::Predicting { input }
    }

    fn apply(&mut self, action: Action, answer: Option<&ResolvedAnswer>) -> Outcome {
        match self {
            Self::Predicting { input } => match action {
                Action::Reveal => Outcome::Refused(Refusal::RevealBeforeCommit),
                Action::Turn | Action::Grade(_) => Outcome::Refused(Refusal::NotACard),
                Action::Commit => match input.commit() {
                    Ok(guess) => {
                        *self = Self::Committed { guess };
                        Outcome::Changed
                    }
                    Err(refusal) => Outcome::Refused(refusal),
                },
                Action::Type(c) => input.type_char(c),
                Action::Backspace => input.backspace(),
                Action::Select(index) => input.select(index, answer),
            },
            Self::Committed { guess } => match action {
                Action::Reveal => {
                    let guess = *guess;
                    let score = answer.and_then(|a| a.score(guess));
                    *self = Self::Revealed { guess, score };
                    Outcome::Changed
                }
                Action::Turn | Action::Grade(_) => Outcome::Refused(Refusal::NotACard),
                Action::Type(_) | Action::Backspace | Action::Select(_) | Action::Commit => {
                    Outcome::Refused(Refusal::AlreadyCommitted)
                }
            },
            Self::Revealed { .. } => after_reveal(action),
        }
    }
}

/// `c` typed at the end of `text`, unless `text` already holds `max` characters.
fn push_bounded(text: &mut String, c: char, max: usize) -> Outcome {
    if text.chars().count() >= max {
        return Outcome::Refused(Refusal::InputFull);
    }
    text.push(c);
    Outcome::Changed
}

impl PredictInput {
    fn type_char(&mut self, c: char) -> Outcome {
        match self {
            Self::Choice { .. } => Outcome::Refused(Refusal::TakesAnOption),
            Self::Number { text, error } => {
                if !is_number_char(c) {
                    return Outcome::Refused(Refusal::NotANumberCharacter(c));
                }
                let outcome = push_bounded(text, c, MAX_GUESS_CHARS);
                if outcome == Outcome::Changed {
                    *error = None;
                }
                outcome
            }
        }
    }

    fn backspace(&mut self) -> Outcome {
        match self {
            Self::Choice { .. } => Outcome::Refused(Refusal::TakesAnOption),
            Self::Number { text, error } => {
                if text.pop().is_some() {
                    *error = None;
                    Outcome::Changed
                } else {
                    Outcome::Unchanged
                }
            }
        }
    }

    fn select(&mut self, index: usize, answer: Option<&ResolvedAnswer>) -> Outcome {
        match self {
            Self::Number { .. } => Outcome::Refused(Refusal::TakesANumber),
            Self::Choice { selected } => {
                let count = match answer {
                    Some(ResolvedAnswer::Choice { options, .. }) => *options,
                    _ => usize::MAX,
                };
                if index >= count {
                    return Outcome::Refused(Refusal::NoSuchOption {
                        shown: index + 1,
                        count,
                    });
                }
                if *selected == Some(index) {
                    return Outcome::Unchanged;
                }
                *selected = Some(index);
                Outcome::Changed
            }
        }
    }

    fn commit(&mut self) -> Result<Guess, Refusal> {
        match self {
            Self::Number { text, error } => match parse_guess(text) {
                Ok(value) => Ok(Guess::Number(value)),
                Err(e) => {
                    *error = Some(e);
                    Err(Refusal::Guess(e))
                }
            },
            Self::Choice { selected } => selected.map(Guess::Choice).ok_or(Refusal::NoOptionChosen),
        }
    }
}

/// Characters a numeric guess may contain (plain or scientific notation, separators, a sign so
/// that a negative guess can be refused with a reason rather than ignored).
const fn is_number_char(c: char) -> bool {
    matches!(c, '0'..='9' | '.' | 'e' | 'E' | '-' | '+' | ',' | '_')
}

impl RecallState {
    fn apply(&mut self, action: Action) -> Outcome {
        match (*self, action) {
            (Self::Front, Action::Turn) => {
                *self = Self::Back;
                Outcome::Changed
            }
            (Self::Front, Action::Grade(_)) => Outcome::Refused(Refusal::TurnFirst),
            (Self::Back | Self::Graded(_), Action::Turn) => {
                Outcome::Refused(Refusal::AlreadyTurned)
            }
            (Self::Back, Action::Grade(grade)) => {
                *self = Self::Graded(grade);
                Outcome::Changed
            }
            // Changing one's mind about a grade is allowed: it is the learner's own judgement.
            (Self::Graded(old), Action::Grade(grade)) => {
                *self = Self::Graded(grade);
                if old == grade {
                    Outcome::Unchanged
                } else {
                    Outcome::Changed
                }
            }
            (
                _,
                Action::Type(_)
                | Action::Backspace
                | Action::Select(_)
                | Action::Commit
                | Action::Reveal,
            ) => Outcome::Refused(Refusal::NothingToAnswer),
        }
    }
}

impl ExplainState {
    fn apply(&mut self, action: Action) -> Outcome {
        match self {
            Self::Writing { text } => match action {
                Action::Type(c) if c.is_control() => Outcome::Unchanged,
                Action::Type(c) => push_bounded(text, c, MAX_EXPLANATION_CHARS),
                Action::Backspace => {
                    if text.pop().is_some() {
                        Outcome::Changed
                    } else {
                        Outcome::Unchanged
                    }
                }
                Action::Commit | Action::Reveal => {
                    if text.trim().is_empty() {
                        return Outcome::Refused(if action == Action::Commit {
                            Refusal::EmptyExplanation
                        } else {
                            Refusal::RevealBeforeWriting
                        });
                    }
                    let text = std::mem::take(text);
                    *self = Self::Revealed { text };
                    Outcome::Changed
                }
                Action::Select(_) => Outcome::Refused(Refusal::NothingToAnswer),
                Action::Turn | Action::Grade(_) => Outcome::Refused(Refusal::NotACard),
            },
            Self::Revealed { .. } => after_reveal(action),
        }
    }
}

#[cfg(test)]
mod tests;
