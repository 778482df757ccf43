//! The footer: the keys that act now, generated from the keymap, the least important dropped
//! first when the line is narrow.
//!
//! ```text
//!  Enter commit  ←/→ batch  p precision  g GPU  n next  b back  ? help  q quit
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::App;
use crate::app::keymap::FooterEntry;

const GAP: &str = "  ";

/// Draws the footer.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let entries = fit(
        app.keymap()
            .footer(&app.contexts(), theme.appearance().glyphs),
        area.width,
    );
    let mut spans = vec![Span::raw(" ")];
    for (i, entry) in entries.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(GAP));
        }
        spans.push(Span::styled(entry.keys, theme.key()));
        spans.push(Span::styled(format!(" {}", entry.label), theme.muted()));
    }
    Line::from(spans).render(area, buf);
}

/// The entries that fit in `width`, in order; the lowest priority goes first (the later of
/// equals).
#[must_use]
pub fn fit(mut entries: Vec<FooterEntry>, width: u16) -> Vec<FooterEntry> {
    let size = |entries: &[FooterEntry]| -> usize {
        1 + entries
            .iter()
            .map(|e| Span::raw(e.keys.as_str()).width() + 1 + e.label.chars().count())
            .sum::<usize>()
            + GAP.len() * entries.len().saturating_sub(1)
    };
    while !entries.is_empty() && size(&entries) > usize::from(width) {
        let weakest = entries
            .iter()
            .enumerate()
            .rev()
            .min_by_key(|(_, e)| e.priority)
            .map_or(0, |(i, _)| i);
        entries.remove(weakest);
    }
    entries
}
