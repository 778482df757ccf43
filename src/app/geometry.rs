//! Where things are on screen, for `update`: the screen's bands and the slider's track come
//! from the pure [`super::layout`] (the same functions the renderer uses), and how far text
//! scrolls comes from a [`Measure`] the renderer's layer supplies, so `app` never calls `ui`.

use ratatui::layout::Rect;
use ratatui::text::Span;

use super::layout::{self, ScreenAreas};
use super::{App, NoticeKind, Overlay, Screen};
use crate::widgets::{BatchSlider, SliderTrack};

/// How far text scrolls at the app's terminal size: measured by the renderer (it wraps the
/// text), handed to the app when it is made.
#[derive(Clone, Copy)]
pub struct Measure {
    /// How far the lesson text can scroll.
    pub lesson_scroll_limit: fn(&App) -> u16,
    /// How far the help overlay can scroll.
    pub help_scroll_limit: fn(&App) -> u16,
}

impl Measure {
    /// Nothing scrolls (a headless app, or a test that does not scroll).
    pub const NONE: Self = Self {
        lesson_scroll_limit: |_| 0,
        help_scroll_limit: |_| 0,
    };
}

impl std::fmt::Debug for Measure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Measure")
    }
}

impl App {
    /// The bands of the screen in `area`: a notice too long for one line gets two rows.
    #[must_use]
    pub fn screen_areas(&self, area: Rect) -> Option<ScreenAreas> {
        let notice_width = self.notice().map_or(0, |n| {
            let mark = match n.kind {
                NoticeKind::Info => 0,
                NoticeKind::Refusal | NoticeKind::Warning => 2,
            };
            1 + mark + Span::raw(n.text.as_str()).width()
        });
        let rows = if notice_width > usize::from(area.width) && area.height >= 16 {
            2
        } else {
            1
        };
        layout::screen(area, rows)
    }

    /// Where the batch slider's track is on the app's terminal, for mouse clicks and drags;
    /// `None` when the slider is not on screen.
    #[must_use]
    pub fn slider_track(&self) -> Option<SliderTrack> {
        if !matches!(self.overlay(), Overlay::None) || !matches!(self.screen(), Screen::Lesson(_)) {
            return None;
        }
        let viewport = self.viewport();
        let areas = self.screen_areas(Rect::new(0, 0, viewport.width, viewport.height))?;
        let slider = layout::lesson(areas.body).plot.slider?;
        let plot = self.plot();
        let range = plot.range(self.catalog())?;
        BatchSlider::new(plot.scenario.batch, range.wall(), self.appearance()).track(slider)
    }

    /// How far the lesson text can scroll now.
    #[must_use]
    pub fn lesson_scroll_limit(&self) -> u16 {
        (self.measure.lesson_scroll_limit)(self)
    }

    /// How far the help overlay can scroll now.
    #[must_use]
    pub fn help_scroll_limit(&self) -> u16 {
        (self.measure.help_scroll_limit)(self)
    }
}
