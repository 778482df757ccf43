//! What the learner gives a step: a guess for a prediction, a grade for a recall card.

use serde::{Deserialize, Serialize};

/// The longest guess the input accepts, in characters.
pub const MAX_GUESS_CHARS: usize = 24;

/// The longest explanation the input accepts, in characters.
pub const MAX_EXPLANATION_CHARS: usize = 2000;

/// A committed answer to a prediction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Guess {
    /// A positive, finite number (in the answer's unit).
    Number(f64),
    /// The index of the chosen option, from 0.
    Choice(usize),
}

/// How well the learner says they knew a recall card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Grade {
    /// Did not know it.
    Again,
    /// Knew it with effort.
    Hard,
    /// Knew it.
    Good,
    /// Knew it at once.
    Easy,
}

impl Grade {
    /// Every grade, weakest first (keys 1–4).
    pub const ALL: [Self; 4] = [Self::Again, Self::Hard, Self::Good, Self::Easy];

    /// The word shown for the grade.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Again => "again",
            Self::Hard => "hard",
            Self::Good => "good",
            Self::Easy => "easy",
        }
    }
}
