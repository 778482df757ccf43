//! What a terminal event means now: the key contexts active in the app's state (the mode's,
//! under the help, the what-if line and a warning), and the message the keymap gives a key.

use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};

use super::{App, AppMsg, KeyContext, Msg, NavMsg, NoticeKind, Overlay, Screen, WhatIfLine};

impl App {
    /// The message for a terminal event in the current state, if it means anything here.
    // crossterm's `Event` and `MouseEventKind`: the events the tutor does not use are not ours
    // to list.
    #[allow(clippy::wildcard_enum_match_arm)]
    #[must_use]
    pub fn msg_for(&self, event: &Event) -> Option<Msg> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                self.keymap.lookup(key, &self.contexts())
            }
            Event::Mouse(mouse) => {
                let (column, row) = (mouse.column, mouse.row);
                let on_list = matches!(self.screen, Screen::LessonList { .. });
                match mouse.kind {
                    MouseEventKind::Down(MouseButton::Left) => {
                        Some(Msg::App(AppMsg::MouseDown { column, row }))
                    }
                    MouseEventKind::Drag(MouseButton::Left) => {
                        Some(Msg::App(AppMsg::MouseDrag { column, row }))
                    }
                    MouseEventKind::Up(MouseButton::Left) => Some(Msg::App(AppMsg::MouseUp)),
                    MouseEventKind::ScrollUp if on_list => Some(Msg::Nav(NavMsg::SelectPrevious)),
                    MouseEventKind::ScrollDown if on_list => Some(Msg::Nav(NavMsg::SelectNext)),
                    MouseEventKind::ScrollUp => Some(Msg::Nav(NavMsg::ScrollUp)),
                    MouseEventKind::ScrollDown => Some(Msg::Nav(NavMsg::ScrollDown)),
                    _ => None,
                }
            }
            Event::Resize(width, height) => Some(Msg::App(AppMsg::Resize {
                width: *width,
                height: *height,
            })),
            _ => None,
        }
    }

    /// The key that sends `msg` now (its binding in the contexts active now), as the help
    /// writes it.
    #[must_use]
    pub fn key_now(&self, msg: &Msg) -> Option<String> {
        self.keymap
            .key_for(msg, &self.contexts(), self.appearance.glyphs)
    }

    /// The key contexts active now, most specific first.
    #[must_use]
    pub fn contexts(&self) -> Vec<KeyContext> {
        if matches!(self.overlay, Overlay::Help { .. }) {
            return vec![KeyContext::Help, KeyContext::Global];
        }
        let mut contexts = self.screen_contexts();
        if self
            .notice
            .as_ref()
            .is_some_and(|n| n.kind == NoticeKind::Warning)
        {
            // Esc still stops typing first; after that it dismisses the warning.
            let at = usize::from(contexts.first() == Some(&KeyContext::TextEntry));
            contexts.insert(at, KeyContext::Warning);
        }
        contexts
    }

    /// The key contexts of the screen under any overlay, most specific first (the mode's;
    /// the what-if line takes every key while it is open).
    #[must_use]
    pub fn screen_contexts(&self) -> Vec<KeyContext> {
        match self.what_if {
            WhatIfLine::Open { .. } => vec![KeyContext::WhatIfEntry, KeyContext::Global],
            WhatIfLine::Closed => self.mode.contexts(self),
        }
    }
}
