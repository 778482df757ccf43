//! The constructors a keymap table's rows are written with (the default keys, the quiz's, the
//! classroom's), and the groups of rows several contexts share (scrolling, moving a selection).

use crossterm::event::{KeyCode, KeyModifiers};

use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::NavMsg;
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
    pattern(
        context,
        KeyPattern::Key(code, modifiers),
        Emit::Msg(msg),
        label,
        footer,
        help,
    )
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

/// A context's scrolling rows: ↑ and ↓ a line (in the footer at `footer`), PgUp and PgDn a
/// page (help only), with their help lines in that order.
pub(super) fn scroll_rows(
    context: KeyContext,
    footer: u8,
    help: [&'static str; 4],
) -> Vec<Binding> {
    let [up, down, page_up, page_down] = help;
    let row = |code, msg, footer, help| {
        key(
            context,
            code,
            KeyModifiers::NONE,
            Msg::Nav(msg),
            "scroll",
            footer,
            help,
        )
    };
    vec![
        row(KeyCode::Up, NavMsg::ScrollUp, footer, up),
        row(KeyCode::Down, NavMsg::ScrollDown, footer, down),
        row(KeyCode::PageUp, NavMsg::PageUp, 0, page_up),
        row(KeyCode::PageDown, NavMsg::PageDown, 0, page_down),
    ]
}

/// Whether `k` and `j` move a list's selection too (not where letters are typed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Letters {
    /// ↑ and ↓ only.
    ArrowsOnly,
    /// ↑ and ↓, and `k` and `j` (help only).
    AlsoKj,
}

/// A list's selection rows: ↑ (and `k`) the previous entry, ↓ (and `j`) the next, with the
/// help lines for the previous and the next.
pub(super) fn select_rows(
    context: KeyContext,
    letters: Letters,
    [previous, next]: [&'static str; 2],
) -> Vec<Binding> {
    let mut rows = vec![
        key(
            context,
            KeyCode::Up,
            KeyModifiers::NONE,
            Msg::Nav(NavMsg::SelectPrevious),
            "select",
            7,
            previous,
        ),
        key(
            context,
            KeyCode::Down,
            KeyModifiers::NONE,
            Msg::Nav(NavMsg::SelectNext),
            "select",
            7,
            next,
        ),
    ];
    match letters {
        Letters::ArrowsOnly => {}
        Letters::AlsoKj => rows.extend([
            ch(
                context,
                'k',
                Msg::Nav(NavMsg::SelectPrevious),
                "select",
                0,
                previous,
            ),
            ch(
                context,
                'j',
                Msg::Nav(NavMsg::SelectNext),
                "select",
                0,
                next,
            ),
        ]),
    }
    rows
}
