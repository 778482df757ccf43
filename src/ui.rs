//! Screens: each renders `&App` into a frame, with no side effects.
//!
//! ```text
//! ┌──────────────────────────────────────────┐
//! │ the screen: lesson list or lesson        │  body (see `layout`)
//! │                                          │
//! └──────────────────────────────────────────┘
//!  notice: a refusal, a note, a warning        notice line
//!  Enter commit  ←/→ batch  ? help  q quit     footer, from the keymap
//! ```
//!
//! `?` draws the help over everything; below 40×12 a notice replaces it all.

pub mod ascii;
pub mod footer;
pub mod help;
pub mod layout;
pub mod lesson;
pub mod lesson_list;
pub mod lesson_pane;
pub mod measured_pane;
pub mod plot_pane;
pub mod prose;
pub mod theme;
pub mod too_small;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{App, NoticeKind, Overlay, Screen};
use crate::widgets::{BatchSlider, GlyphSet, SliderTrack};
use theme::Theme;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        render_screen(self, area, buf);
        if self.appearance().glyphs == GlyphSet::Ascii {
            ascii::plain_cells(area, buf);
        }
    }
}

/// The screen in `area`: the body, the notice line and the footer, help on top; or the
/// notice that the terminal is too small.
fn render_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(layout::ScreenAreas {
        body,
        notice,
        footer,
    }) = screen_areas(app, area)
    else {
        too_small::render(app, area, buf);
        return;
    };
    match app.screen() {
        Screen::LessonList { selected } => lesson_list::render(app, *selected, body, buf),
        Screen::Lesson(screen) => lesson::render(app, screen, body, buf),
    }
    render_notice(app, notice, buf);
    footer::render(app, footer, buf);
    if let Overlay::Help { scroll } = app.overlay() {
        help::render(app, scroll, body, buf);
    }
}

/// The bands of the screen for the app's state: a warning too long for one line gets two.
#[must_use]
pub fn screen_areas(app: &App, area: Rect) -> Option<layout::ScreenAreas> {
    let rows = match notice_line(app) {
        Some(line) if line.width() > usize::from(area.width) && area.height >= 16 => 2,
        _ => 1,
    };
    layout::screen(area, rows)
}

fn notice_line(app: &App) -> Option<Line<'static>> {
    let theme = Theme::new(app.appearance());
    let notice = app.notice()?;
    Some(match notice.kind {
        NoticeKind::Info => Line::from(Span::raw(format!(" {}", notice.text))),
        NoticeKind::Refusal => Line::styled(
            format!(" {} {}", theme.glyph("✗", "x"), notice.text),
            theme.error(),
        ),
        NoticeKind::Warning => Line::styled(
            format!(" {} {}", theme.glyph("⚠", "!"), notice.text),
            theme.warning(),
        ),
    })
}

fn render_notice(app: &App, area: Rect, buf: &mut Buffer) {
    match notice_line(app) {
        Some(line) if area.height > 1 => Paragraph::new(line)
            .wrap(Wrap { trim: true })
            .render(area, buf),
        Some(line) => line.render(area, buf),
        None => {}
    }
}

/// Where the batch slider's track is on the app's terminal, for mouse clicks and drags;
/// `None` when the slider is not on screen.
#[must_use]
pub fn slider_track(app: &App) -> Option<SliderTrack> {
    if !matches!(app.overlay(), Overlay::None) || !matches!(app.screen(), Screen::Lesson(_)) {
        return None;
    }
    let viewport = app.viewport();
    let areas = screen_areas(app, Rect::new(0, 0, viewport.width, viewport.height))?;
    let slider = layout::lesson(areas.body).plot.slider?;
    let plot = app.plot();
    let evaluation = plot.evaluate(app.catalog()).ok()?;
    BatchSlider::from_evaluation(&plot.scenario, &evaluation, app.appearance()).track(slider)
}

/// How far the lesson text can scroll at the app's terminal size.
#[must_use]
pub fn lesson_scroll_limit(app: &App) -> u16 {
    app.lesson_screen()
        .map_or(0, |screen| lesson::scroll_limit_for(app, screen))
}

/// How far the help overlay can scroll at the app's terminal size.
#[must_use]
pub fn help_scroll_limit(app: &App) -> u16 {
    help::scroll_limit(app)
}
