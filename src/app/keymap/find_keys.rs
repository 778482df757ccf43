//! The keys of finding one's way from the lesson list: the search (`/`) and the weakest
//! steps (`w`); the list's own keys that open them are in `defaults.rs`.

use crossterm::event::{KeyCode, KeyModifiers};

use super::row::{ch, key, pattern};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;
use crate::app::{AppMsg, NavMsg, StepMsg};

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The search's and the weakest steps' rows.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Backspace, Down, Enter, Esc, Up};
    use KeyContext as C;
    vec![
        // Searching: the query takes every printable key.
        pattern(C::Search, KeyPattern::AnyChar, Emit::TypedChar, "type", 3, "type what to find (in titles and step text)"),
        key(C::Search, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        key(C::Search, Up, NONE, Msg::Nav(NavMsg::SelectPrevious), "select", 7, "previous match"),
        key(C::Search, Down, NONE, Msg::Nav(NavMsg::SelectNext), "select", 7, "next match"),
        key(C::Search, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open", 9, "open the highlighted match (its lesson, at the step that matched)"),
        key(C::Search, Esc, NONE, Msg::Step(StepMsg::LeaveInput), "cancel", 8, "back to the lesson list"),
        key(C::Search, KeyCode::Char('c'), CTRL, Msg::App(AppMsg::QuitNow), "quit", 0, "quit (q is a letter while you search)"),
        // The weakest steps.
        key(C::Weakest, Up, NONE, Msg::Nav(NavMsg::SelectPrevious), "select", 7, "previous step"),
        key(C::Weakest, Down, NONE, Msg::Nav(NavMsg::SelectNext), "select", 7, "next step"),
        ch(C::Weakest, 'k', Msg::Nav(NavMsg::SelectPrevious), "select", 0, "previous step"),
        ch(C::Weakest, 'j', Msg::Nav(NavMsg::SelectNext), "select", 0, "next step"),
        key(C::Weakest, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open step", 9, "open the highlighted step in its lesson"),
        key(C::Weakest, Esc, NONE, Msg::Nav(NavMsg::ShowLessonList), "back", 8, "back to the lesson list"),
    ]
}
