//! The quiz mode's state and its part of `update`: one question at a time, the question alone
//! on screen (no plot, readouts, slider or hints), Enter commits, no going back; the answer
//! follows each commit or all come at the end; the result is exported once, at the end.

use std::time::{Duration, SystemTime};

use super::{App, Effect, KeyContext, Msg, Notice, NoticeKind, Overlay, RunState};
use crate::domain::quiz::{
    Confidence, Guess, Question, QuestionAnswer, Response, Summary, summarize,
};
use crate::domain::scoring::parse_guess;
use crate::domain::withhold::Withheld;

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

fn input_for(question: &Question) -> QuizInput {
    match question.answer {
        QuestionAnswer::Number { .. } => QuizInput::Number(String::new()),
        QuestionAnswer::Choice { .. } => QuizInput::Choice(None),
    }
}

/// The quiz's handling of a message; `None` for what works as everywhere (quit at the end,
/// help, the warning, resizing, a failed save).
pub(super) fn handle(app: &mut App, msg: &Msg) -> Option<(Option<Msg>, Vec<Effect>)> {
    let help_open = matches!(app.overlay, Overlay::Help { .. });
    let quit_asked = app.run_state == RunState::QuitAsked;
    if !matches!(
        msg,
        Msg::Clock(_) | Msg::Resize { .. } | Msg::SaveFailed(_) | Msg::Quit
    ) {
        if quit_asked {
            app.run_state = RunState::Running;
        }
        app.notice = app.notice.take().filter(|n| n.kind == NoticeKind::Warning);
    }
    let super::Mode::Quiz(run) = &mut app.mode else {
        return None;
    };
    let done = |effects: Vec<Effect>| Some((None, effects));
    match msg {
        Msg::Clock(now) => {
            run.now = *now;
            done(vec![])
        }
        Msg::Quit if run.phase != QuizPhase::End && !quit_asked => {
            app.run_state = RunState::QuitAsked;
            app.notice = Some(Notice {
                kind: NoticeKind::Refusal,
                text: "the quiz is not over: q again leaves without a result file; any other key goes on".to_owned(),
            });
            done(vec![])
        }
        Msg::ScrollUp | Msg::ScrollDown | Msg::PageUp | Msg::PageDown if help_open => None,
        Msg::Quit
        | Msg::QuitNow
        | Msg::ToggleHelp
        | Msg::CloseHelp
        | Msg::DismissNotice
        | Msg::Resize { .. }
        | Msg::SaveFailed(_) => {
            if let Msg::SaveFailed(_) = msg {
                run.export = Export::Failed;
            }
            None
        }
        Msg::ResultExported(path) => {
            run.export = Export::Written(path.clone());
            done(vec![])
        }
        // The quiz's own keys.
        Msg::TypeChar(_)
        | Msg::Backspace
        | Msg::SelectOption(_)
        | Msg::SetConfidence(_)
        | Msg::Commit
        | Msg::SkipQuestion
        | Msg::NextStep
        | Msg::ScrollUp
        | Msg::ScrollDown
        | Msg::PageUp
        | Msg::PageDown => done(act(run, msg)),
        // Nothing else means anything in a quiz: no plot, no lessons, no going back, no hints
        // (listed, so that a new message is decided here too).
        Msg::ShowLessonList
        | Msg::ResumeLesson
        | Msg::SelectPrevious
        | Msg::SelectNext
        | Msg::SelectFirst
        | Msg::SelectLast
        | Msg::OpenSelected
        | Msg::OpenLesson(_)
        | Msg::Reveal
        | Msg::TurnCard
        | Msg::Grade(_)
        | Msg::PreviousStep
        | Msg::LeaveInput
        | Msg::EditText
        | Msg::HalveBatch
        | Msg::DoubleBatch
        | Msg::DecrementBatch
        | Msg::IncrementBatch
        | Msg::SetBatch(_)
        | Msg::CyclePrecision(_)
        | Msg::CycleGpu(_)
        | Msg::CycleModel(_)
        | Msg::CycleContext(_)
        | Msg::ResetPlot
        | Msg::RestartLesson
        | Msg::FirstUnfinished
        | Msg::OpenWhatIf
        | Msg::CompleteWhatIf
        | Msg::ToggleCurtain
        | Msg::JumpToStep(_)
        | Msg::TogglePrefill
        | Msg::MouseDown { .. }
        | Msg::MouseDrag { .. }
        | Msg::MouseUp
        | Msg::RoomAnswer { .. }
        | Msg::ToggleJoinPanel => done(vec![]),
    }
}

/// A quiz key's change of the run.
fn act(run: &mut QuizRun, msg: &Msg) -> Vec<Effect> {
    match (run.phase, msg, &mut run.input) {
        (QuizPhase::Asking, Msg::TypeChar(c), QuizInput::Number(text)) => {
            if text.chars().count() < 32 {
                text.push(*c);
            }
            run.error = None;
        }
        (QuizPhase::Asking, Msg::Backspace, QuizInput::Number(text)) => {
            text.pop();
            run.error = None;
        }
        (QuizPhase::Asking, Msg::SelectOption(o), QuizInput::Choice(chosen)) => {
            let options = match run.questions.get(run.responses.len()).map(|q| &q.answer) {
                Some(QuestionAnswer::Choice { options, .. }) => options.len(),
                _ => 0,
            };
            if *o < options {
                *chosen = Some(*o);
                run.error = None;
            } else {
                run.error = Some(format!("there are {options} options"));
            }
        }
        (QuizPhase::Asking, Msg::SetConfidence(c), _) => {
            run.confidence = if run.confidence == Some(*c) {
                None
            } else {
                Some(*c)
            };
        }
        (QuizPhase::Asking, Msg::Commit, _) => {
            let guess = match &run.input {
                QuizInput::Number(text) => parse_guess(text)
                    .map(Guess::Number)
                    .map_err(|e| e.to_string()),
                QuizInput::Choice(Some(o)) => Ok(Guess::Option(*o)),
                QuizInput::Choice(None) => {
                    Err("choose an option first (1, 2, …), or s to skip".to_owned())
                }
            };
            match guess {
                Ok(guess) => return commit(run, guess),
                Err(e) => run.error = Some(e),
            }
        }
        (QuizPhase::Asking, Msg::SkipQuestion, _) => return commit(run, Guess::Skipped),
        (QuizPhase::Revealed, Msg::NextStep | Msg::Commit, _) => {
            advance(run);
            if run.phase == QuizPhase::End {
                return vec![Effect::ExportResult];
            }
        }
        (QuizPhase::End, Msg::ScrollUp, _) => run.scroll = run.scroll.saturating_sub(1),
        (QuizPhase::End, Msg::ScrollDown, _) => run.scroll = run.scroll.saturating_add(1).min(200),
        (QuizPhase::End, Msg::PageUp, _) => run.scroll = run.scroll.saturating_sub(10),
        (QuizPhase::End, Msg::PageDown, _) => run.scroll = run.scroll.saturating_add(10).min(200),
        // A quiz key out of its phase (typing after the reveal, skipping at the end) does
        // nothing.
        _ => {}
    }
    vec![]
}

/// Locks in the current question's answer, then reveals it or moves on.
fn commit(run: &mut QuizRun, guess: Guess) -> Vec<Effect> {
    run.responses.push(Response {
        guess,
        confidence: run.confidence,
    });
    run.error = None;
    match run.reveal {
        RevealPolicy::Each => {
            run.phase = QuizPhase::Revealed;
            if run.responses.len() == run.questions.len() {
                run.finished = Some(run.now);
            }
            vec![]
        }
        RevealPolicy::End => {
            advance(run);
            if run.phase == QuizPhase::End {
                vec![Effect::ExportResult]
            } else {
                vec![]
            }
        }
    }
}

/// On to the next question, or the end.
fn advance(run: &mut QuizRun) {
    if run.responses.len() >= run.questions.len() {
        run.finished.get_or_insert(run.now);
        run.phase = QuizPhase::End;
        run.responses.truncate(run.questions.len());
        return;
    }
    run.phase = QuizPhase::Asking;
    run.confidence = None;
    run.input = run
        .questions
        .get(run.responses.len())
        .map_or(QuizInput::Choice(None), input_for);
}

/// The quiz's key contexts: the question's input, the revealed answer, or the end.
#[must_use]
pub fn contexts(run: &QuizRun) -> Vec<KeyContext> {
    let own = match (run.phase, &run.input) {
        (QuizPhase::Asking, QuizInput::Number(_)) => KeyContext::QuizNumber,
        (QuizPhase::Asking, QuizInput::Choice(_)) => KeyContext::QuizChoice,
        (QuizPhase::Revealed, _) => KeyContext::QuizRevealed,
        (QuizPhase::End, _) => KeyContext::QuizEnd,
    };
    vec![own, KeyContext::Global]
}

/// Quiz: everything but the question is withheld until its reveal; the answer of the question
/// on screen is the figure no surface may show.
#[must_use]
pub fn withheld(run: &QuizRun) -> Withheld {
    let index = run.current();
    match run.questions.get(index).map(|q| &q.answer) {
        Some(QuestionAnswer::Number { value, unit, .. }) if !run.shows_answer(index) => {
            Withheld::with_units([(*value, unit.clone())])
        }
        Some(QuestionAnswer::Number { .. } | QuestionAnswer::Choice { .. }) | None => {
            Withheld::none()
        }
    }
}
