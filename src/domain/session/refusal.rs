//! Why a move on a step was refused: each reason is shown to the learner as it is written, so
//! the messages name no keys (the keymap decides those) and say what to do instead.

use crate::domain::scoring::GuessError;

/// Why a move was refused. The messages are shown to the learner as they are.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// Typing, choosing or committing on a step with nothing to answer.
    #[error("there is nothing to answer on this step")]
    NothingToAnswer,
    /// Reveal before a guess was committed.
    #[error("commit a guess before revealing the answer")]
    RevealBeforeCommit,
    /// Reveal on an explanation with nothing written.
    #[error("write your explanation before revealing the model answer")]
    RevealBeforeWriting,
    /// A typed guess that is not a positive, finite number.
    #[error(transparent)]
    Guess(GuessError),
    /// A character that cannot be part of a number.
    #[error("'{0}' cannot be part of a number: type digits, '.', 'e' or '-'")]
    NotANumberCharacter(char),
    /// The input is at its length limit.
    #[error("that is as long as the input goes")]
    InputFull,
    /// Committing a choice question with no option picked.
    #[error("pick an option first")]
    NoOptionChosen,
    /// An option number the question does not have (1-based, as shown).
    #[error("there is no option {shown}: pick 1 to {count}")]
    NoSuchOption {
        /// The option number pressed, from 1.
        shown: usize,
        /// How many options there are.
        count: usize,
    },
    /// Choosing an option on a question that takes a number.
    #[error("this question takes a number, not an option")]
    TakesANumber,
    /// Typing a number on a question that takes an option.
    #[error("this question takes an option: pick one by its number")]
    TakesAnOption,
    /// Editing or committing after the guess is locked in.
    #[error("your guess is locked in: reveal the answer next")]
    AlreadyCommitted,
    /// Anything but moving on after the answer is shown.
    #[error("the answer is already revealed")]
    AlreadyRevealed,
    /// Grading a card before turning it.
    #[error("say the answer, then turn the card before grading it")]
    TurnFirst,
    /// Turning a card that is already turned.
    #[error("the card is already turned: grade how well you knew it")]
    AlreadyTurned,
    /// A card move on a step that is not a card.
    #[error("this step is not a recall card")]
    NotACard,
    /// Handing in an empty explanation.
    #[error("write something first")]
    EmptyExplanation,
}
