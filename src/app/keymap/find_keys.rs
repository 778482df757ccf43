//! The keys of finding one's way from the lesson list: the search (`/`) and the weakest
//! steps (`w`); the list's own keys that open them are in `defaults.rs`.

use crossterm::event::{KeyCode, KeyModifiers};

use super::row::{Letters, key, pattern, select_rows};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;
use crate::app::{AppMsg, NavMsg, StepMsg};

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The search's and the weakest steps' rows.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Backspace, Enter, Esc};
    use KeyContext as C;
    [
    vec![
        // Searching: the query takes every printable key.
        pattern(C::Search, KeyPattern::AnyChar, Emit::TypedChar, "type", 3, "type what to find (in titles and step text)"),
        key(C::Search, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
    ],
    select_rows(C::Search, Letters::ArrowsOnly, ["previous match", "next match"]),
    vec![
        key(C::Search, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open", 9, "open the highlighted match (its lesson, at the step that matched)"),
        key(C::Search, Esc, NONE, Msg::Step(StepMsg::LeaveInput), "cancel", 8, "back to the lesson list"),
        key(C::Search, KeyCode::Char('c'), CTRL, Msg::App(AppMsg::QuitNow), "quit", 0, "quit (q is a letter while you search)"),
        // The weakest steps.
    ],
    select_rows(C::Weakest, Letters::AlsoKj, ["previous step", "next step"]),
    vec![
        key(C::Weakest, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open step", 9, "open the highlighted step in its lesson"),
        key(C::Weakest, Esc, NONE, Msg::Nav(NavMsg::ShowLessonList), "back", 8, "back to the lesson list"),
    ],
    ].concat()
}
