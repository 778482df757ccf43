//! A line of keys for the moment, from the keymap: `[Enter] open step · [n] next lesson`. A
//! message no key reaches in the current contexts is left out.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::{App, Msg};

/// The keys for `items` (a message and the word shown after its key), dot-separated.
pub fn key_hint<'w>(
    app: &App,
    theme: Theme,
    items: impl IntoIterator<Item = (Msg, &'w str)>,
) -> Line<'static> {
    let contexts = app.contexts();
    let glyphs = app.appearance().glyphs;
    let mut spans = Vec::new();
    for (msg, word) in items {
        if let Some(key) = app.keymap().key_for(&msg, &contexts, glyphs) {
            if !spans.is_empty() {
                spans.push(Span::styled(theme.dot(), theme.muted()));
            }
            spans.push(Span::styled(format!("[{key}]"), theme.key()));
            spans.push(Span::styled(format!(" {word}"), theme.muted()));
        }
    }
    Line::from(spans)
}
