//! The lesson screen: the lesson pane and the roofline pane, arranged by [`super::layout`].
//!
//! ```text
//! ┌ Lesson 4 · Batching slides the dot ──┬ Roofline · H100 SXM5 · BF16 ──────┐
//! │ Step 3/9 · Predict                   │ plot                              │
//! │ At batch 8, what is the FC …?        │                                   │
//! │ Your guess: 16▏ FLOP/byte            │ batch ◀━━━━●──────▶ KV wall 98    │
//! │ [Enter] commit                       │ AI 8.0 · 2.7% of ridge · …        │
//! └──────────────────────────────────────┴───────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::layout::{self, LessonAreas, text_area};
use super::theme::Theme;
use super::{lesson_pane, plot_pane};
use crate::app::{App, LessonScreen};

/// Draws the lesson screen in `body`.
pub fn render(app: &App, screen: &LessonScreen, body: Rect, buf: &mut Buffer) {
    let LessonAreas { lesson, plot } = layout::lesson(body);
    render_lesson_pane(app, screen, lesson, buf);
    plot_pane::render(app, plot, buf);
}

fn render_lesson_pane(app: &App, screen: &LessonScreen, area: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let title = super::review::title(app, screen, theme).unwrap_or_else(|| {
        app.screen_lesson().map_or_else(String::new, |l| {
            format!(" Lesson {}{}{} ", screen.lesson + 1, theme.dot(), l.title)
        })
    });
    let inner = text_area(area);
    let lines = lesson_pane::content(app, screen, inner.width);
    let total = lines.len();
    let scroll = screen.scroll.min(scroll_limit(total, inner.height));
    let mut block = theme.active_block(title);
    if total > usize::from(inner.height) {
        let shown_to = (usize::from(scroll) + usize::from(inner.height)).min(total);
        let more = if shown_to < total {
            theme.glyph(" ↓ more ", " v more ")
        } else {
            " end "
        };
        block = block.title_bottom(
            Line::from(Span::styled(more, theme.muted())).alignment(Alignment::Right),
        );
    }
    block.render(area, buf);
    // Only the visible lines go to the paragraph: a long text's skipped lines cost nothing.
    let visible: Vec<Line<'static>> = lines
        .into_iter()
        .skip(usize::from(scroll))
        .take(usize::from(inner.height))
        .collect();
    Paragraph::new(visible).render(inner, buf);
}

/// The furthest the lesson text can scroll for the app's terminal size.
#[must_use]
pub fn scroll_limit_for(app: &App, screen: &LessonScreen) -> u16 {
    let viewport = app.viewport();
    let Some(areas) = super::screen_areas(app, Rect::new(0, 0, viewport.width, viewport.height))
    else {
        return 0;
    };
    let inner = text_area(layout::lesson(areas.body).lesson);
    scroll_limit(
        lesson_pane::content(app, screen, inner.width).len(),
        inner.height,
    )
}

fn scroll_limit(total: usize, height: u16) -> u16 {
    u16::try_from(total.saturating_sub(usize::from(height))).unwrap_or(u16::MAX)
}
