//! The line under the screen, as the handlers set it: a refusal or an info, gone after the
//! next intent.

use crate::app::{App, Msg, Notice, NoticeKind};

/// Shows why a move was not allowed; nothing follows.
pub(in crate::app) fn refuse(app: &mut App, text: impl Into<String>) -> Option<Msg> {
    app.notice = Some(Notice {
        kind: NoticeKind::Refusal,
        text: text.into(),
    });
    None
}

/// Asks before a move that loses something: `question` is given the key that makes the move
/// anyway (`msg`'s key now, else `fallback`); nothing follows.
pub(in crate::app) fn ask_first(
    app: &mut App,
    msg: &Msg,
    fallback: &str,
    question: impl FnOnce(&str) -> String,
) -> Option<Msg> {
    let key = app.key_now(msg).unwrap_or_else(|| fallback.to_owned());
    refuse(app, question(&key))
}

/// Shows something worth knowing.
pub(in crate::app) fn inform(app: &mut App, text: impl Into<String>) {
    app.notice = Some(Notice {
        kind: NoticeKind::Info,
        text: text.into(),
    });
}
