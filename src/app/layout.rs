//! Where everything goes, as pure functions of the terminal size: used by the render (`ui`)
//! and by `update` (mouse clicks on the slider), so both always agree. It lives in `app` so
//! that `update` never calls into `ui`.
//!
//! ```text
//! ≥ 80 wide, ≥ 16 tall: side by side      < 80 wide, ≥ 28 tall: stacked     smaller: compact
//! ┌ lesson ───┬ roofline ──┐               ┌ lesson ──────────┐              ┌ lesson ──────────┐
//! │           │ plot       │               │                  │              │                  │
//! │           │ slider     │               ├ roofline ────────┤              ├──────────────────┤
//! │           │ readouts   │               │ plot, slider, …  │              │ slider, readouts │
//! └───────────┴────────────┘               └──────────────────┘              └──────────────────┘
//!  notice                                   notice                            notice
//!  footer                                   footer                            footer
//! ```

use ratatui::layout::{Constraint, Layout, Rect};

/// The smallest terminal the screens are drawn in; below it a notice asks for more room.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// The three bands of every screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenAreas {
    /// The screen proper.
    pub body: Rect,
    /// One line for a notice.
    pub notice: Rect,
    /// One line of keys.
    pub footer: Rect,
}

/// The bands, with `notice_rows` for the notice (a long warning gets two), or `None` below
/// [`MIN_SIZE`].
#[must_use]
pub fn screen(area: Rect, notice_rows: u16) -> Option<ScreenAreas> {
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        return None;
    }
    let [body, notice, footer] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(notice_rows.clamp(1, 2)),
        Constraint::Length(1),
    ])
    .areas(area);
    Some(ScreenAreas {
        body,
        notice,
        footer,
    })
}

/// The lesson screen's panes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonAreas {
    /// The lesson pane, border included.
    pub lesson: Rect,
    /// The roofline pane.
    pub plot: PlotAreas,
}

/// The roofline pane's parts; each is `None` when there is no room for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlotAreas {
    /// The bordered box around the pane.
    pub block: Option<Rect>,
    /// The log-log plot.
    pub chart: Option<Rect>,
    /// The batch slider (one line).
    pub slider: Option<Rect>,
    /// The readouts (one line).
    pub readouts: Option<Rect>,
    /// The setting, or why the slider stops (one line).
    pub info: Option<Rect>,
}

/// Lays out the lesson screen in `body`.
#[must_use]
pub fn lesson(body: Rect) -> LessonAreas {
    let (width, height) = (body.width, body.height);
    if width >= 80 && height >= 14 {
        let lesson_width = if width >= 100 {
            (width * 45 / 100).max(44)
        } else {
            width / 2
        };
        let [lesson, plot] =
            Layout::horizontal([Constraint::Length(lesson_width), Constraint::Fill(1)]).areas(body);
        return LessonAreas {
            lesson,
            plot: full_plot(plot),
        };
    }
    if height >= 26 {
        let plot_height = (height / 2).clamp(12, 22);
        let [lesson, plot] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(plot_height)]).areas(body);
        return LessonAreas {
            lesson,
            plot: full_plot(plot),
        };
    }
    compact(body)
}

/// A bordered pane with the plot and the lines under it.
fn full_plot(block: Rect) -> PlotAreas {
    let inner = inside_border(block);
    let with_info = inner.height >= 8;
    let lines = if with_info { 3 } else { 2 };
    let [chart, rest] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(lines)]).areas(inner);
    let [slider, readouts, info] = Layout::vertical([Constraint::Length(1); 3]).areas(rest);
    PlotAreas {
        block: Some(block),
        chart: Some(chart),
        slider: Some(slider),
        readouts: Some(readouts),
        info: with_info.then_some(info),
    }
}

/// No room for the plot: the slider and readouts under the lesson, boxed if there is room.
fn compact(body: Rect) -> LessonAreas {
    if body.height >= 12 {
        let [lesson, block] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(4)]).areas(body);
        let [slider, readouts] =
            Layout::vertical([Constraint::Length(1); 2]).areas(inside_border(block));
        return LessonAreas {
            lesson,
            plot: PlotAreas {
                block: Some(block),
                slider: Some(slider),
                readouts: Some(readouts),
                ..PlotAreas::default()
            },
        };
    }
    let [lesson, slider, readouts] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(body);
    LessonAreas {
        lesson,
        plot: PlotAreas {
            slider: Some(slider),
            readouts: Some(readouts),
            ..PlotAreas::default()
        },
    }
}

/// The area inside a one-cell border.
#[must_use]
pub fn inside_border(area: Rect) -> Rect {
    Rect {
        x: area.x.saturating_add(1),
        y: area.y.saturating_add(1),
        width: area.width.saturating_sub(2),
        height: area.height.saturating_sub(2),
    }
}

/// Inside a one-cell border, with a column of air on either side (where a pane's text goes).
#[must_use]
pub fn text_area(pane: Rect) -> Rect {
    let inner = inside_border(pane);
    Rect {
        x: inner.x.saturating_add(1),
        width: inner.width.saturating_sub(2),
        ..inner
    }
}

/// A centred box of at most `width` × `height` inside `area`.
#[must_use]
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rustfmt::skip]
    #[rstest]
    #[case::wide(120, 38, true, true)]
    #[case::design(100, 28, true, true)]
    #[case::classic(80, 22, true, true)]
    #[case::narrow_tall(60, 40, true, true)]
    #[case::narrow_short(60, 20, false, true)]
    #[case::tiny(40, 10, false, true)]
    fn arrangements(
        #[case] width: u16,
        #[case] height: u16,
        #[case] chart: bool,
        #[case] slider: bool,
    ) {
        let body = Rect::new(0, 0, width, height);
        let areas = lesson(body);
        assert_eq!(areas.plot.chart.is_some(), chart);
        assert_eq!(areas.plot.slider.is_some(), slider);
        for part in [
            areas.plot.chart,
            areas.plot.slider,
            areas.plot.readouts,
            areas.plot.info,
            Some(areas.lesson),
        ]
        .into_iter()
        .flatten()
        {
            assert!(
                body.contains(part.as_position()) || part.is_empty(),
                "{part:?} outside {body:?}"
            );
            assert!(part.right() <= body.right() && part.bottom() <= body.bottom());
        }
    }

    #[test]
    fn below_the_minimum_there_are_no_bands() {
        assert_eq!(screen(Rect::new(0, 0, 39, 30), 1), None);
        assert_eq!(screen(Rect::new(0, 0, 100, 11), 1), None);
        assert!(screen(Rect::new(0, 0, 40, 12), 2).is_some());
    }
}
