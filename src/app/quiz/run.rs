//! The quiz mode's state: the questions, the responses so far, what is typed, the phase.

use std::time::{Duration, SystemTime};

use crate::domain::quiz::{Confidence, Question, QuestionAnswer, Response, Summary, summarize};

/// When the answers are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RevealPolicy {
    /// After each question.
    #[default]
    Each,
    /// All at the end.
    End,
}

/// Where the quiz is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizPhase {
    /// The current question is asked.
    Asking,
    /// The current question's answer is shown (reveal each).
    Revealed,
    /// Every question is answered: the summary.
    End,
}

/// What is being typed or chosen for the current question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuizInput {
    /// A number, as typed.
    Number(String),
    /// An option, once one is chosen.
    Choice(Option<usize>),
}

/// Whether the result file has been written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Export {
    /// Not yet (the quiz is not over, or the write has not been done).
    Pending,
    /// Written to this path.
    Written(String),
    /// The write failed; the warning says why.
    Failed,
}

/// A quiz in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizRun {
    /// The questions, in order.
    pub questions: Vec<Question>,
    /// One per committed question.
    pub responses: Vec<Response>,
    /// What is typed for the current question.
    pub input: QuizInput,
    /// The confidence said for the current question.
    pub confidence: Option<Confidence>,
    /// Why the last commit was refused.
    pub error: Option<String>,
    /// Where the quiz is.
    pub phase: QuizPhase,
    /// When answers are shown.
    pub reveal: RevealPolicy,
    /// The student's name.
    pub name: String,
    /// The seed.
    pub seed: u64,
    /// The lessons drawn from.
    pub lessons: Vec<String>,
    /// When the first question was shown (the caller's clock).
    pub started: SystemTime,
    /// The run loop's clock, as last told.
    pub now: SystemTime,
    /// When the last question was committed.
    pub finished: Option<SystemTime>,
    /// Lines of the end screen scrolled past.
    pub scroll: u16,
    /// The result file.
    pub export: Export,
}

impl QuizRun {
    /// A quiz of `questions`, started at `started`.
    #[must_use]
    pub fn new(
        questions: Vec<Question>,
        reveal: RevealPolicy,
        taker: QuizTaker,
        started: SystemTime,
    ) -> Self {
        let input = questions.first().map_or(QuizInput::Choice(None), input_for);
        Self {
            questions,
            responses: Vec::new(),
            input,
            confidence: None,
            error: None,
            phase: QuizPhase::Asking,
            reveal,
            name: taker.name,
            seed: taker.seed,
            lessons: taker.lessons,
            started,
            now: started,
            finished: None,
            scroll: 0,
            export: Export::Pending,
        }
    }

    /// The index of the question on screen (the last one at the end).
    #[must_use]
    pub fn current(&self) -> usize {
        match self.phase {
            QuizPhase::Asking => self.responses.len(),
            QuizPhase::Revealed | QuizPhase::End => self.responses.len().saturating_sub(1),
        }
    }

    /// The question on screen.
    #[must_use]
    pub fn question(&self) -> Option<&Question> {
        self.questions.get(self.current())
    }

    /// Time taken: to the end, or so far.
    #[must_use]
    pub fn took(&self) -> Duration {
        self.finished
            .unwrap_or(self.now)
            .duration_since(self.started)
            .unwrap_or_default()
    }

    /// The scores so far (every question; the unanswered as skips).
    #[must_use]
    pub fn summary(&self) -> Summary {
        summarize(&self.questions, &self.responses, self.took())
    }

    /// Whether question `index`'s answer may be shown now.
    #[must_use]
    pub fn shows_answer(&self, index: usize) -> bool {
        match self.phase {
            QuizPhase::End => true,
            QuizPhase::Revealed => index < self.responses.len(),
            QuizPhase::Asking => false,
        }
    }
}

/// Who takes the quiz, and which quiz it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizTaker {
    /// The student's name.
    pub name: String,
    /// The seed.
    pub seed: u64,
    /// The lessons drawn from.
    pub lessons: Vec<String>,
}

pub(super) fn input_for(question: &Question) -> QuizInput {
    match question.answer {
        QuestionAnswer::Number { .. } => QuizInput::Number(String::new()),
        QuestionAnswer::Choice { .. } => QuizInput::Choice(None),
    }
}
