//! The quiz mode: one question at a time, the question alone on screen (no plot, readouts,
//! slider or hints), Enter commits, no going back; the answer follows each commit or all come
//! at the end; the result is exported once, at the end. Its state is in [`run`].

mod run;

pub use run::{Export, QuizInput, QuizPhase, QuizRun, QuizTaker, RevealPolicy};

use run::input_for;

use super::handlers::route::study;
use super::{
    App, AppMsg, Effect, Effects, KeyContext, Mode, Msg, NavMsg, Notice, NoticeKind, Overlay,
    QuizMsg, RunState, StepMsg,
};
use crate::domain::quiz::{Guess, QuestionAnswer, Response};
use crate::domain::scoring::parse_guess;
use crate::domain::withhold::Withheld;

impl App {
    /// The same program as a quiz: the questions one at a time, nothing but the question on
    /// screen until its reveal, a result file at the end and no study progress saved.
    #[must_use]
    pub fn quizzing(mut self, run: QuizRun) -> Self {
        self.mode = Mode::Quiz(run);
        self
    }

    /// The quiz in progress (none outside the quiz).
    #[must_use]
    pub const fn quiz(&self) -> Option<&QuizRun> {
        if let Mode::Quiz(run) = &self.mode {
            Some(run)
        } else {
            None
        }
    }
}

/// The quiz's handling of a message: its own keys act on the run, quitting before the end asks
/// first; help, the warning, resizing and quitting at the end work as everywhere; nothing else
/// means anything in a quiz (no plot, no lessons, no going back, no hints).
pub(super) fn update(app: &mut App, msg: Msg) -> Effects {
    let help_open = matches!(app.overlay, Overlay::Help { .. });
    let quit_asked = app.run_state == RunState::QuitAsked;
    let Mode::Quiz(run) = &mut app.mode else {
        return Effects::following(study(app, msg));
    };
    let mut effects = Effects::default();
    match msg {
        Msg::App(AppMsg::Clock(now)) => run.now = now,
        Msg::App(AppMsg::Quit) if run.phase != QuizPhase::End && !quit_asked => {
            app.run_state = RunState::QuitAsked;
            app.notice = Some(Notice {
                kind: NoticeKind::Refusal,
                text: "the quiz is not over: q again leaves without a result file; any other key goes on".to_owned(),
            });
        }
        Msg::App(AppMsg::MouseDown { .. } | AppMsg::MouseDrag { .. } | AppMsg::MouseUp) => {}
        Msg::App(msg) => {
            if let AppMsg::SaveFailed(_) = msg {
                run.export = Export::Failed;
            }
            return Effects::following(study(app, Msg::App(msg)));
        }
        Msg::Nav(NavMsg::ScrollUp | NavMsg::ScrollDown | NavMsg::PageUp | NavMsg::PageDown)
            if help_open =>
        {
            return Effects::following(study(app, msg));
        }
        Msg::Nav(msg) => effects.extend(navigate(run, msg)),
        Msg::Step(msg) => effects.extend(answer(run, msg)),
        Msg::Quiz(QuizMsg::ResultExported(path)) => run.export = Export::Written(path),
        Msg::Quiz(QuizMsg::SetConfidence(c)) if run.phase == QuizPhase::Asking => {
            run.confidence = if run.confidence == Some(c) {
                None
            } else {
                Some(c)
            };
        }
        Msg::Quiz(QuizMsg::SkipQuestion) if run.phase == QuizPhase::Asking => {
            effects.extend(commit(run, Guess::Skipped));
        }
        // A quiz key out of its phase does nothing; the plot and the room mean nothing here.
        Msg::Quiz(QuizMsg::SetConfidence(_) | QuizMsg::SkipQuestion)
        | Msg::Plot(_)
        | Msg::Room(_)
        | Msg::Why(_) => {}
    }
    effects
}

/// The question's input: typing, choosing and committing while it is asked, on to the next
/// once its answer is shown. A key out of its phase does nothing; a quiz has no reveal key,
/// cards or explanations.
fn answer(run: &mut QuizRun, msg: StepMsg) -> Option<Effect> {
    let asking = run.phase == QuizPhase::Asking;
    match (msg, &mut run.input) {
        (StepMsg::TypeChar(c), QuizInput::Number(text)) if asking => {
            if text.chars().count() < 32 {
                text.push(c);
            }
            run.error = None;
        }
        (StepMsg::Backspace, QuizInput::Number(text)) if asking => {
            text.pop();
            run.error = None;
        }
        (StepMsg::SelectOption(o), QuizInput::Choice(_)) if asking => choose(run, o),
        (StepMsg::Commit, _) if asking => return commit_typed(run),
        (StepMsg::Commit, _) if run.phase == QuizPhase::Revealed => return next_question(run),
        (
            StepMsg::TypeChar(_)
            | StepMsg::Backspace
            | StepMsg::SelectOption(_)
            | StepMsg::Commit
            | StepMsg::Reveal
            | StepMsg::TurnCard
            | StepMsg::Grade(_)
            | StepMsg::LeaveInput
            | StepMsg::EditText,
            QuizInput::Number(_) | QuizInput::Choice(_),
        ) => {}
    }
    None
}

/// Moving in a quiz: on to the next question once its answer is shown, scrolling the summary
/// at the end; no lessons and no going back.
fn navigate(run: &mut QuizRun, msg: NavMsg) -> Option<Effect> {
    let end = run.phase == QuizPhase::End;
    match msg {
        NavMsg::NextStep if run.phase == QuizPhase::Revealed => return next_question(run),
        NavMsg::ScrollUp if end => run.scroll = run.scroll.saturating_sub(1),
        NavMsg::ScrollDown if end => run.scroll = run.scroll.saturating_add(1).min(200),
        NavMsg::PageUp if end => run.scroll = run.scroll.saturating_sub(10),
        NavMsg::PageDown if end => run.scroll = run.scroll.saturating_add(10).min(200),
        NavMsg::NextStep
        | NavMsg::ScrollUp
        | NavMsg::ScrollDown
        | NavMsg::PageUp
        | NavMsg::PageDown
        | NavMsg::ShowLessonList
        | NavMsg::ResumeLesson
        | NavMsg::SelectPrevious
        | NavMsg::SelectNext
        | NavMsg::SelectFirst
        | NavMsg::SelectLast
        | NavMsg::OpenSelected
        | NavMsg::OpenLesson(_)
        | NavMsg::OpenStep { .. }
        | NavMsg::OpenSearch
        | NavMsg::ShowWeakest
        | NavMsg::PreviousStep
        | NavMsg::JumpToStep(_)
        | NavMsg::FirstUnfinished
        | NavMsg::RestartLesson => {}
    }
    None
}

/// Chooses option `o` of the question asked, if it has one.
fn choose(run: &mut QuizRun, o: usize) {
    let options = match run.questions.get(run.responses.len()).map(|q| &q.answer) {
        Some(QuestionAnswer::Choice { options, .. }) => options.len(),
        Some(QuestionAnswer::Number { .. }) | None => 0,
    };
    if o < options {
        run.input = QuizInput::Choice(Some(o));
        run.error = None;
    } else {
        run.error = Some(format!("there are {options} options"));
    }
}

/// Commits what is typed or chosen, or says why it cannot be.
fn commit_typed(run: &mut QuizRun) -> Option<Effect> {
    let guess = match &run.input {
        QuizInput::Number(text) => parse_guess(text)
            .map(Guess::Number)
            .map_err(|e| e.to_string()),
        QuizInput::Choice(Some(o)) => Ok(Guess::Option(*o)),
        QuizInput::Choice(None) => Err("choose an option first (1, 2, …), or s to skip".to_owned()),
    };
    match guess {
        Ok(guess) => commit(run, guess),
        Err(e) => {
            run.error = Some(e);
            None
        }
    }
}

/// On from a shown answer: the next question, or the end and its result file.
fn next_question(run: &mut QuizRun) -> Option<Effect> {
    advance(run);
    (run.phase == QuizPhase::End).then_some(Effect::ExportResult)
}

/// Locks in the current question's answer, then reveals it or moves on.
fn commit(run: &mut QuizRun, guess: Guess) -> Option<Effect> {
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
            None
        }
        RevealPolicy::End => next_question(run),
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
