//! The program's messages (quitting, help, the warning, the terminal, the clock, the mouse)
//! and moving between screens and steps, with scrolling.

use super::plot::{Pointer, pointer};
use super::{ask_first, refuse};
use crate::app::{
    App, AppMsg, LessonView, Msg, NavMsg, Notice, NoticeKind, Overlay, RunState, Screen,
};
use crate::domain::session::{ExplainState, PredictInput, PredictState, Session, StepState};

/// The program's messages: quitting, help, the warning, the terminal, the clock, the mouse.
pub(in crate::app) fn program(app: &mut App, msg: AppMsg) -> Option<Msg> {
    match msg {
        AppMsg::Quit => return quit(app),
        AppMsg::QuitNow => app.run_state = RunState::Quitting,
        AppMsg::ToggleHelp => {
            app.overlay = match app.overlay {
                Overlay::None => Overlay::Help { scroll: 0 },
                Overlay::Help { .. } => Overlay::None,
            };
        }
        AppMsg::CloseHelp => app.overlay = Overlay::None,
        AppMsg::DismissNotice => app.notice = None,
        AppMsg::Clock(now) => {
            super::study::clock(app, now);
            app.schedule.set_now(crate::app::review::timestamp(now));
        }
        AppMsg::MouseDown { column, row } => return pointer(app, Pointer::Down { column, row }),
        AppMsg::MouseDrag { column, .. } => return pointer(app, Pointer::Drag { column }),
        AppMsg::MouseUp => return pointer(app, Pointer::Up),
        AppMsg::Resize { width, height } => {
            app.viewport = ratatui::layout::Size { width, height };
            clamp_scroll(app);
        }
        AppMsg::SaveFailed(why) => {
            app.notice = Some(Notice {
                kind: NoticeKind::Warning,
                text: format!("progress not saved: {why}"),
            });
        }
    }
    None
}

/// Moving: the lesson list, the steps, scrolling.
pub(in crate::app) fn navigate(app: &mut App, msg: NavMsg) -> Option<Msg> {
    use super::study;
    match msg {
        NavMsg::ShowLessonList => {
            app.schedule.refresh(&app.lessons, &app.progress);
            let selected = match &app.screen {
                Screen::Lesson(screen) => screen.lesson,
                Screen::LessonList { selected } => *selected,
                Screen::Search(search) => search.from,
                Screen::Weakest { from, .. } => *from,
            };
            app.screen = Screen::LessonList { selected };
            None
        }
        NavMsg::ResumeLesson => resume(app),
        NavMsg::OpenSelected => match app.screen {
            Screen::LessonList { selected } if selected < app.lessons.len() => {
                Some(Msg::Nav(NavMsg::OpenLesson(selected)))
            }
            Screen::Lesson(_) => study::end_open(app),
            Screen::Search(_) | Screen::Weakest { .. } => super::find::open_selected(app),
            Screen::LessonList { .. } => None,
        },
        NavMsg::OpenLesson(index) => {
            study::open_lesson(app, index);
            None
        }
        NavMsg::OpenStep { lesson, step } => {
            study::open_lesson(app, lesson);
            study::jump(app, step + 1)
        }
        NavMsg::OpenSearch => super::find::open_search(app),
        NavMsg::ShowWeakest => super::find::show_weakest(app),
        NavMsg::SelectPrevious => select(app, Selection::Previous),
        NavMsg::SelectNext => select(app, Selection::Next),
        NavMsg::SelectFirst => select(app, Selection::First),
        NavMsg::SelectLast => select(app, Selection::Last),
        NavMsg::NextStep => study::next_step(app),
        NavMsg::PreviousStep => study::previous_step(app),
        NavMsg::JumpToStep(n) => study::jump(app, n),
        NavMsg::FirstUnfinished => study::first_unfinished(app),
        NavMsg::RestartLesson => study::restart(app),
        NavMsg::ScrollUp => scroll(app, Scroll::LineUp),
        NavMsg::ScrollDown => scroll(app, Scroll::LineDown),
        NavMsg::PageUp => scroll(app, Scroll::PageUp),
        NavMsg::PageDown => scroll(app, Scroll::PageDown),
    }
}

/// Quit, unless a typed guess or explanation would be lost: then ask first (a second quit
/// leaves without it).
fn quit(app: &mut App) -> Option<Msg> {
    if app.run_state == RunState::Running && typing_would_be_lost(app) {
        app.run_state = RunState::QuitAsked;
        return ask_first(app, &Msg::App(AppMsg::Quit), "q", |key| {
            format!(
                "what you typed is not committed: {key} again quits without it; any other key goes on"
            )
        });
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
        Some(index) => Some(Msg::Nav(NavMsg::OpenLesson(index))),
        None => refuse(app, "no lesson studied yet: pick one and press Enter"),
    }
}

/// Whether quitting now would drop a guess or an explanation the learner typed.
pub(in crate::app) fn typing_would_be_lost(app: &App) -> bool {
    if let Some(
        StepState::Predict(PredictState::Predicting {
            input: PredictInput::Number { text, .. },
        })
        | StepState::Explain(ExplainState::Writing { text }),
    ) = app.session().map(Session::state)
    {
        !text.is_empty()
    } else {
        false
    }
}

/// A move of the lesson list's selection.
#[derive(Debug, Clone, Copy)]
enum Selection {
    Previous,
    Next,
    First,
    Last,
}

fn select(app: &mut App, to: Selection) -> Option<Msg> {
    if app
        .lesson_screen()
        .is_some_and(|s| matches!(s.view, LessonView::End { .. }))
    {
        return super::study::end_select(app, matches!(to, Selection::Next | Selection::Last));
    }
    if matches!(app.screen, Screen::Search(_) | Screen::Weakest { .. }) {
        return super::find::select(app, matches!(to, Selection::Next | Selection::Last));
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
enum Scroll {
    LineUp,
    LineDown,
    PageUp,
    PageDown,
}

fn scroll(app: &mut App, by: Scroll) -> Option<Msg> {
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

pub(in crate::app) fn clamp_scroll(app: &mut App) {
    let limit = app.lesson_scroll_limit();
    if let Screen::Lesson(screen) = &mut app.screen {
        screen.scroll = screen.scroll.min(limit);
    }
}
