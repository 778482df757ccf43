//! The constructors a keymap table's rows are written with (the default keys, the quiz's, the
//! classroom's).

use crossterm::event::{KeyCode, KeyModifiers};

use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;

pub(super) fn key(
    context: KeyContext,
    code: KeyCode,
    modifiers: KeyModifiers,
    msg: Msg,
    label: &'static str,
    footer: u8,
    help: &'static str,
) -> Binding {
    Binding {
        context,
        pattern: KeyPattern::Key(code, modifiers),
        emit: Emit::Msg(msg),
        label,
        footer,
        help,
    }
}

pub(super) fn ch(
    context: KeyContext,
    c: char,
    msg: Msg,
    label: &'static str,
    footer: u8,
    help: &'static str,
) -> Binding {
    key(
        context,
        KeyCode::Char(c),
        KeyModifiers::NONE,
        msg,
        label,
        footer,
        help,
    )
}

pub(super) fn pattern(
    context: KeyContext,
    pattern: KeyPattern,
    emit: Emit,
    label: &'static str,
    footer: u8,
    help: &'static str,
) -> Binding {
    Binding {
        context,
        pattern,
        emit,
        label,
        footer,
        help,
    }
}
