//! `update`: the one place the state changes. Every message is routed here, by what it is
//! about: the study session ([`study`]), the plot ([`plot`]) or the screens ([`navigate`]).

mod navigate;
mod plot;
mod review;
mod study;
mod what_if;

use navigate::{Scroll, Selection, navigate, scroll, select};
use plot::{Pointer, apply_wall_policy, batch_to, plot_change, pointer};
pub use review::open as open_review;
pub use study::to_revisit;
use study::{
    act, enter_step, judge_explore_on_the_plot, next_step, open_lesson, plot_to_step,
    previous_step, show_lesson, sync_progress,
};

use super::classroom;
use super::effect::{Effect, Effects};
use super::mode::Mode;
use super::mode::Saves;
use super::{App, LessonView, Msg, Notice, NoticeKind, RunState, Screen};
use crate::domain::session::Action;

/// Applies one message, and says what must happen outside the state: a follow-up message when
/// one intent leads to another (opening the selected lesson, a click on the slider setting the
/// batch), and a save when the learner's progress changed.
pub fn update(app: &mut App, msg: Msg) -> Effects {
    let last_lesson = app.progress.last_lesson.clone();
    let mut effects = Effects::default();
    // A mode handles its own intents first (the classroom's guesses and reveal).
    // The what-if line, while open, takes the keys first.
    if let what_if::Taken::Took(follow_up) = what_if::handle(app, &msg) {
        let mut effects = Effects::default();
        apply_wall_policy(app);
        if matches!(app.mode, Mode::Present(_)) {
            effects.push(Effect::NotifyNotes);
        }
        if let Some(msg) = follow_up {
            effects.push(Effect::Dispatch(msg));
        }
        return effects;
    }
    let own = match app.mode {
        Mode::Present(_) => classroom::handle(app, &msg),
        Mode::Quiz(_) => super::quiz::handle(app, &msg),
        Mode::Review(_) => {
            before(app, &msg);
            review::handle(app, &msg)
        }
        Mode::Study => None,
    };
    let follow_up = match own {
        Some((follow_up, mode_effects)) => {
            effects.extend(mode_effects);
            follow_up
        }
        // Review called `before` already.
        None if matches!(app.mode, Mode::Review(_)) => route(app, msg),
        None => dispatch(app, msg),
    };
    apply_wall_policy(app);
    if matches!(app.mode, Mode::Present(_)) {
        // The notes window follows every change of the presentation.
        effects.push(Effect::NotifyNotes);
    }
    if let Some(msg) = follow_up {
        effects.push(Effect::Dispatch(msg));
    }
    // Review saves the review history alone (as its own effect): its round is no lesson of
    // the course, so nothing of it goes into the lessons' records.
    let progressed = app.mode.saves() == Saves::Progress
        && (sync_progress(app) || app.progress.last_lesson != last_lesson);
    if progressed {
        effects.push(Effect::SaveProgress);
    }
    effects
}

/// The state change for one message, split by what it is about.
fn dispatch(app: &mut App, msg: Msg) -> Option<Msg> {
    before(app, &msg);
    route(app, msg)
}

/// What any intent does first: a pending restart or quit is called off, and the last info
/// or refusal no longer applies.
fn before(app: &mut App, msg: &Msg) {
    let msg = msg.clone();
    if msg != Msg::RestartLesson && clears_notice(&msg) {
        app.pending = super::Pending::Nothing;
    }
    if app.run_state == RunState::QuitAsked && clears_notice(&msg) && msg != Msg::Quit {
        app.run_state = RunState::Running;
    }
    if clears_notice(&msg) {
        app.notice = app.notice.take().filter(|n| n.kind == NoticeKind::Warning);
    }
}

/// Routes a message by what it is about.
fn route(app: &mut App, msg: Msg) -> Option<Msg> {
    match msg {
        Msg::TypeChar(c) => act(app, Action::Type(c)),
        Msg::Backspace => act(app, Action::Backspace),
        Msg::SelectOption(index) => act(app, Action::Select(index)),
        Msg::Commit => {
            judge_explore_on_the_plot(app);
            act(app, Action::Commit)
        }
        Msg::Reveal => act(app, Action::Reveal),
        Msg::TurnCard => act(app, Action::Turn),
        Msg::Grade(grade) => act(app, Action::Grade(grade)),
        Msg::NextStep => next_step(app),
        Msg::PreviousStep => previous_step(app),
        Msg::HalveBatch => batch_to(app, |b| b / 2),
        Msg::DoubleBatch => batch_to(app, |b| b.saturating_mul(2)),
        Msg::DecrementBatch => batch_to(app, |b| b.saturating_sub(1)),
        Msg::IncrementBatch => batch_to(app, |b| b.saturating_add(1)),
        Msg::SetBatch(batch) => batch_to(app, |_| batch),
        Msg::CyclePrecision(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_precision(cycle, catalog))
        }
        Msg::CycleGpu(cycle) => plot_change(app, |plot, catalog| plot.cycle_gpu(cycle, catalog)),
        Msg::CycleModel(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_model(cycle, catalog))
        }
        Msg::CycleContext(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_context(cycle, catalog))
        }
        Msg::ResetPlot => {
            if matches!(app.screen, Screen::Lesson(_)) {
                plot_to_step(app);
                inform(app, "the plot is back to this step's setting");
            }
            None
        }
        Msg::TogglePrefill => {
            app.plot.prefill = app.plot.prefill.toggled();
            None
        }
        Msg::MouseDown { column, row } => pointer(app, Pointer::Down { column, row }),
        Msg::MouseDrag { column, .. } => pointer(app, Pointer::Drag { column }),
        Msg::MouseUp => pointer(app, Pointer::Up),
        Msg::SelectPrevious => select(app, Selection::Previous),
        Msg::SelectNext => select(app, Selection::Next),
        Msg::SelectFirst => select(app, Selection::First),
        Msg::SelectLast => select(app, Selection::Last),
        Msg::ScrollUp => scroll(app, Scroll::LineUp),
        Msg::ScrollDown => scroll(app, Scroll::LineDown),
        Msg::PageUp => scroll(app, Scroll::PageUp),
        Msg::PageDown => scroll(app, Scroll::PageDown),
        Msg::OpenLesson(index) => {
            open_lesson(app, index);
            None
        }
        Msg::JumpToStep(n) => {
            let follow_up = classroom::jump(app, n);
            if let Screen::Lesson(screen) = &mut app.screen {
                screen.view = LessonView::Step;
            }
            enter_step(app);
            follow_up
        }
        Msg::OpenWhatIf => what_if::open(app),
        Msg::RestartLesson => study::restart(app),
        Msg::FirstUnfinished => study::first_unfinished(app),
        Msg::Clock(now) => {
            study::clock(app, now);
            app.schedule.set_now(super::review::timestamp(now));
            None
        }
        // The classroom draws the curtain and the open line completes; they took these first.
        // The quiz's own keys are the quiz's (it took them first), the room's the classroom's;
        // elsewhere they mean nothing.
        Msg::ToggleCurtain
        | Msg::CompleteWhatIf
        | Msg::SetConfidence(_)
        | Msg::SkipQuestion
        | Msg::ResultExported(_)
        | Msg::RoomAnswer { .. }
        | Msg::ToggleJoinPanel => None,
        Msg::Quit
        | Msg::QuitNow
        | Msg::ToggleHelp
        | Msg::CloseHelp
        | Msg::DismissNotice
        | Msg::ShowLessonList
        | Msg::ResumeLesson
        | Msg::OpenSelected
        | Msg::LeaveInput
        | Msg::EditText
        | Msg::Resize { .. }
        | Msg::SaveFailed(_) => navigate(app, msg),
    }
}

/// Whether a message is an intent after which the last info or refusal no longer applies.
pub(super) const fn clears_notice(msg: &Msg) -> bool {
    !matches!(
        msg,
        Msg::Resize { .. }
            | Msg::SaveFailed(_)
            | Msg::MouseUp
            | Msg::MouseDrag { .. }
            | Msg::Clock(_)
    )
}

pub(super) fn refuse(app: &mut App, text: impl Into<String>) -> Option<Msg> {
    app.notice = Some(Notice {
        kind: NoticeKind::Refusal,
        text: text.into(),
    });
    None
}

pub(super) fn inform(app: &mut App, text: impl Into<String>) {
    app.notice = Some(Notice {
        kind: NoticeKind::Info,
        text: text.into(),
    });
}
