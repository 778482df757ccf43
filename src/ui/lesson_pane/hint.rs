//! The pane's key hint: the keys the keymap binds in this state, flowed onto as many lines as
//! the pane is wide.

use ratatui::text::{Line, Span};

use super::Pane;
use crate::app::Msg;

impl Pane<'_> {
    /// `[Enter] commit · [r] reveal`, with the keys the keymap binds in this state, flowed onto
    /// as many lines as the pane needs; an intent with no key here is left out.
    pub(super) fn hint(&self, items: &[(Msg, &str)]) -> Vec<Line<'static>> {
        let glyphs = self.theme.appearance().glyphs;
        let width = usize::from(self.width.max(1));
        let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
        let mut used = 0;
        for (msg, text) in items {
            let Some(key) = self.app.keymap().key_for(msg, &self.contexts, glyphs) else {
                continue;
            };
            let item = [
                Span::styled(format!("[{key}]"), self.theme.key()),
                Span::styled(format!(" {text}"), self.theme.muted()),
            ];
            let item_width: usize = item.iter().map(Span::width).sum();
            if item_width > width {
                // Too long for any line: its words flow on under the key, never cut off.
                let key_width = item[0].width() + 1;
                let room = width.saturating_sub(key_width).max(1);
                let chunks = textwrap::wrap(text, room);
                lines.push(Vec::new());
                for (i, chunk) in chunks.iter().enumerate() {
                    let lead = if i == 0 {
                        item[0].clone()
                    } else {
                        Span::raw(" ".repeat(key_width - 1))
                    };
                    lines
                        .last_mut()
                        .expect("just pushed")
                        .extend([lead, Span::styled(format!(" {chunk}"), self.theme.muted())]);
                    lines.push(Vec::new());
                }
                used = 0;
                continue;
            }
            let separator = Span::styled(self.theme.dot(), self.theme.muted());
            let line = lines.last_mut().expect("there is always a line");
            if line.is_empty() {
            } else if used + separator.width() + item_width <= width {
                used += separator.width();
                line.push(separator);
            } else {
                lines.push(Vec::new());
                used = 0;
            }
            used += item_width;
            lines.last_mut().expect("just pushed").extend(item);
        }
        lines
            .into_iter()
            .filter(|l| !l.is_empty())
            .map(Line::from)
            .collect()
    }
}
