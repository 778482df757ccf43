//! Screens, overlays, focus, scrolling, quitting, and what the terminal tells us.

use super::refuse;
use crate::app::{App, Focus, LessonView, Msg, Notice, NoticeKind, Overlay, RunState, Screen};
use crate::domain::session::{ExplainState, PredictInput, PredictState, Session, StepState};

/// Screens, overlays, focus, scrolling, and what the terminal tells us.
pub(super) fn navigate(app: &mut App, msg: Msg) -> Option<Msg> {
    match msg {
        Msg::Quit => return quit(app),
        Msg::QuitNow => app.run_state = RunState::Quitting,
        Msg::ToggleHelp => {
            app.overlay = match app.overlay {
                Overlay::None => Overlay::Help { scroll: 0 },
                Overlay::Help { .. } => Overlay::None,
            };
        }
        Msg::CloseHelp => app.overlay = Overlay::None,
        Msg::DismissNotice => app.notice = None,
        Msg::ShowLessonList => {
            app.schedule.refresh(&app.lessons, &app.progress);
            let selected = app.lesson_screen().map_or(0, |s| s.lesson);
            app.screen = Screen::LessonList { selected };
        }
        Msg::ResumeLesson => return resume(app),
        Msg::OpenSelected => {
            return match app.screen {
                Screen::LessonList { selected } if selected < app.lessons.len() => {
                    Some(Msg::OpenLesson(selected))
                }
                Screen::Lesson(_) => super::study::end_open(app),
                Screen::LessonList { .. } => None,
            };
        }
        Msg::LeaveInput => {
            if let Screen::Lesson(screen) = &mut app.screen {
                screen.focus = Focus::Commands;
            }
        }
        Msg::EditText => {
            if let Screen::Lesson(screen) = &mut app.screen
                && matches!(
                    screen.session.state(),
                    StepState::Explain(ExplainState::Writing { .. })
                )
            {
                screen.focus = Focus::Text;
            }
        }
        Msg::Resize { width, height } => {
            app.viewport = ratatui::layout::Size { width, height };
            clamp_scroll(app);
        }
        Msg::SaveFailed(why) => {
            app.notice = Some(Notice {
                kind: NoticeKind::Warning,
                text: format!("progress not saved: {why}"),
            });
        }
        // Routed elsewhere by `dispatch` (listed, so that a new message cannot slip by).
        Msg::TypeChar(_)
        | Msg::Backspace
        | Msg::SelectOption(_)
        | Msg::Commit
        | Msg::Reveal
        | Msg::TurnCard
        | Msg::Grade(_)
        | Msg::NextStep
        | Msg::PreviousStep
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
        | Msg::TogglePrefill
        | Msg::MouseDown { .. }
        | Msg::MouseDrag { .. }
        | Msg::MouseUp
        | Msg::SelectPrevious
        | Msg::SelectNext
        | Msg::SelectFirst
        | Msg::SelectLast
        | Msg::OpenLesson(_)
        | Msg::ScrollUp
        | Msg::ScrollDown
        | Msg::PageUp
        | Msg::PageDown
        | Msg::ToggleCurtain
        | Msg::JumpToStep(_)
        | Msg::OpenWhatIf
        | Msg::CompleteWhatIf
        | Msg::RestartLesson
        | Msg::FirstUnfinished
        | Msg::Clock(_)
        | Msg::SetConfidence(_)
        | Msg::SkipQuestion
        | Msg::ResultExported(_)
        | Msg::RoomAnswer { .. }
        | Msg::ToggleJoinPanel => {}
    }
    None
}

/// Quit, unless a typed guess or explanation would be lost: then ask first (a second quit
/// leaves without it).
fn quit(app: &mut App) -> Option<Msg> {
    if app.run_state == RunState::Running && typing_would_be_lost(app) {
        app.run_state = RunState::QuitAsked;
        let key = app
            .keymap
            .key_for(&Msg::Quit, &app.contexts(), app.appearance.glyphs)
            .unwrap_or_else(|| "q".to_owned());
        return refuse(
            app,
            format!(
                "what you typed is not committed: {key} again quits without it; any other key goes on"
            ),
        );
    }
    app.run_state = RunState::Quitting;
    None
}

/// Back from the lesson list to the lesson studied last (Esc dismisses a warning first).
fn resume(app: &mut App) -> Option<Msg> {
    if app
        .notice
        .as_ref()
        .is_some_and(|n| n.kind == NoticeKind::Warning)
    {
        app.notice = None;
        return None;
    }
    match app.last_lesson() {
        Some(index) => Some(Msg::OpenLesson(index)),
        None => refuse(app, "no lesson studied yet: pick one and press Enter"),
    }
}

/// Whether quitting now would drop a guess or an explanation the learner typed.
pub(super) fn typing_would_be_lost(app: &App) -> bool {
    match app.session().map(Session::state) {
        Some(
            StepState::Predict(PredictState::Predicting {
                input: PredictInput::Number { text, .. },
            })
            | StepState::Explain(ExplainState::Writing { text }),
        ) => !text.is_empty(),
        _ => false,
    }
}

/// A move of the lesson list's selection.
#[derive(Debug, Clone, Copy)]
pub(super) enum Selection {
    Previous,
    Next,
    First,
    Last,
}

pub(super) fn select(app: &mut App, to: Selection) -> Option<Msg> {
    if app
        .lesson_screen()
        .is_some_and(|s| matches!(s.view, LessonView::End { .. }))
    {
        return super::study::end_select(app, matches!(to, Selection::Next | Selection::Last));
    }
    let count = app.lessons.len();
    if let Screen::LessonList { selected } = &mut app.screen {
        let last = count.saturating_sub(1);
        *selected = match to {
            Selection::Previous => selected.saturating_sub(1),
            Selection::Next => (*selected + 1).min(last),
            Selection::First => 0,
            Selection::Last => last,
        };
    }
    None
}

/// A scroll of the lesson text or the help.
#[derive(Debug, Clone, Copy)]
pub(super) enum Scroll {
    LineUp,
    LineDown,
    PageUp,
    PageDown,
}

pub(super) fn scroll(app: &mut App, by: Scroll) -> Option<Msg> {
    let page = app.viewport.height.saturating_sub(8).max(1);
    let step = |at: u16| match by {
        Scroll::LineUp => at.saturating_sub(1),
        Scroll::LineDown => at.saturating_add(1),
        Scroll::PageUp => at.saturating_sub(page),
        Scroll::PageDown => at.saturating_add(page),
    };
    if let Overlay::Help { scroll } = app.overlay {
        let limit = app.help_scroll_limit();
        app.overlay = Overlay::Help {
            scroll: step(scroll).min(limit),
        };
        return None;
    }
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.scroll = step(screen.scroll);
    }
    clamp_scroll(app);
    None
}

pub(super) fn clamp_scroll(app: &mut App) {
    let limit = app.lesson_scroll_limit();
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.scroll = screen.scroll.min(limit);
    }
}
