//! Answering the step on screen.

use crate::domain::session::Grade;

/// One act on the step (or, while it is open, on the what-if line or the room's guesses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepMsg {
    /// Type one character into the guess or the explanation.
    TypeChar(char),
    /// Delete the last character of the guess or the explanation.
    Backspace,
    /// Choose option N (from 0) of a choice question.
    SelectOption(usize),
    /// Lock in the guess, or hand in the explanation.
    Commit,
    /// Show the answer of a committed guess (or the model answer of an explanation).
    Reveal,
    /// Turn a recall card over.
    TurnCard,
    /// Grade a turned recall card.
    Grade(Grade),
    /// Stop typing into the explanation so that keys act as commands again.
    LeaveInput,
    /// Go back to typing the explanation.
    EditText,
}
