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

// A new variant of one of the project's enums must be handled wherever it is matched: no
// `_ =>` arm takes it in silence (a restriction lint, turned on per module, as in `domain`).
#![warn(clippy::wildcard_enum_match_arm)]

pub mod ascii;
pub mod find;
pub mod footer;
pub mod help;
pub mod join_panel;
pub mod key_hint;
pub use crate::app::layout;
pub mod benchmark_points;
pub mod curve_pane;
pub mod derivation;
pub mod lesson;
pub mod lesson_end;
pub mod lesson_list;
pub mod lesson_pane;
pub mod measured_figures;
pub mod measured_pane;
pub mod outline_box;
pub mod plot_pane;
pub mod present;
pub mod prose;
pub mod quiz;
pub mod reference_points;
pub mod review;
pub mod theme;
pub mod too_small;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{App, NoticeKind, Overlay, Screen, WhatIfLine};
use crate::widgets::GlyphSet;
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
    match (app.mode(), app.screen()) {
        (crate::app::Mode::Quiz(run), _) => quiz::render(app, run, body, buf),
        (
            crate::app::Mode::Study(_) | crate::app::Mode::Present(_) | crate::app::Mode::Review(_),
            Screen::LessonList { selected },
        ) => lesson_list::render(app, *selected, body, buf),
        (
            crate::app::Mode::Study(_) | crate::app::Mode::Present(_) | crate::app::Mode::Review(_),
            Screen::Search(search),
        ) => find::render_search(app, search, body, buf),
        (
            crate::app::Mode::Study(_) | crate::app::Mode::Present(_) | crate::app::Mode::Review(_),
            Screen::Weakest { selected, .. },
        ) => find::render_weakest(app, *selected, body, buf),
        (crate::app::Mode::Study(studying), Screen::Lesson(screen)) => match screen.view {
            crate::app::LessonView::Step => {
                lesson::render(app, screen, body, buf);
                derivation::render(app, studying, body, buf);
            }
            crate::app::LessonView::End { .. } => lesson_end::render(app, screen, body, buf),
        },
        (crate::app::Mode::Present(room), Screen::Lesson(screen)) => {
            present::render(app, room, screen, body, buf);
        }
        (crate::app::Mode::Review(_), Screen::Lesson(screen)) => match screen.view {
            crate::app::LessonView::Step => lesson::render(app, screen, body, buf),
            crate::app::LessonView::End { .. } => review::render_summary(app, body, buf),
        },
    }
    render_notice(app, notice, buf);
    footer::render(app, footer, buf);
    if let Overlay::Help { scroll } = app.overlay() {
        help::render(app, scroll, body, buf);
    }
}

/// The bands of the screen for the app's state (see [`App::screen_areas`]).
#[must_use]
pub fn screen_areas(app: &App, area: Rect) -> Option<layout::ScreenAreas> {
    app.screen_areas(area)
}

fn notice_line(app: &App) -> Option<Line<'static>> {
    let theme = Theme::new(app.appearance());
    if let WhatIfLine::Open { text, error } = app.what_if() {
        // The what-if line takes the notice's place while it is open.
        let mut spans = vec![
            Span::styled(format!(" :{text}"), theme.input()),
            Span::styled(theme.glyph("▏", "_").to_owned(), theme.input()),
        ];
        match error {
            Some(error) => spans.push(Span::styled(
                format!("  {} {error}", theme.glyph("✗", "x")),
                theme.error(),
            )),
            None => spans.push(Span::styled(
                "  Tab completes · Enter applies · Esc cancels",
                theme.muted(),
            )),
        }
        return Some(Line::from(spans));
    }
    let notice = app.notice()?;
    let withheld = app.withheld();
    let text = withheld.mask_quantities(&notice.text, &crate::ui::plot_pane::weights(app));
    Some(match notice.kind {
        NoticeKind::Info => Line::from(Span::raw(format!(" {text}"))),
        NoticeKind::Refusal => {
            Line::styled(format!(" {} {text}", theme.glyph("✗", "x")), theme.error())
        }
        NoticeKind::Warning => Line::styled(
            format!(" {} {text}", theme.glyph("⚠", "!")),
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

/// What the renderer measures for `update` (how far text scrolls): wired into the app by the
/// program, so the app never calls into `ui`.
pub const MEASURE: crate::app::Measure = crate::app::Measure {
    lesson_scroll_limit,
    help_scroll_limit,
};
