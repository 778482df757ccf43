//! Below 40×12 no screen fits: this notice takes its place, in whatever room there is.
//!
//! ```text
//! ┌──────────────────────────────┐
//! │ roofline needs 40×12;        │
//! │ this terminal is 30×8.       │
//! │ Enlarge it, or press q.      │
//! └──────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::MIN_SIZE;
use super::theme::Theme;
use crate::app::App;

/// Draws the notice.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let text = format!(
        "roofline needs a {}×{} terminal; this one is {}×{}. Enlarge it, or press q to quit.",
        MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
    );
    let text = if matches!(theme.appearance().glyphs, crate::widgets::GlyphSet::Ascii) {
        text.replace('×', "x")
    } else {
        text
    };
    let top = area.height.saturating_sub(3) / 2;
    let area = Rect {
        y: area.y + top,
        height: area.height - top,
        ..area
    };
    Paragraph::new(text)
        .style(theme.warning())
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
