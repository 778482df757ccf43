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

/// Shows something worth knowing.
pub(in crate::app) fn inform(app: &mut App, text: impl Into<String>) {
    app.notice = Some(Notice {
        kind: NoticeKind::Info,
        text: text.into(),
    });
}
