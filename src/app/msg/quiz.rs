//! The quiz's own intents (the answer itself is typed and committed with [`super::StepMsg`]).

/// One quiz intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuizMsg {
    /// Say how sure you are of this answer (the same level again clears it).
    SetConfidence(crate::domain::quiz::Confidence),
    /// Skip this question (it scores 0 and says skipped).
    SkipQuestion,
    /// The result file was written to this path.
    ResultExported(String),
}
