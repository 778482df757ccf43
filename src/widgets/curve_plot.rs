//! The throughput–interactivity curve operators publish: tokens per second per GPU (up)
//! against tokens per second per user (across), one point per batch 1, 2, 4, … as the batch
//! grows, on log axes drawn like the roofline's. The batch slider's dot sits on it; the bend
//! (the first batch whose token time is twice batch 1's) is marked.
//!
//! ```text
//! tok/s per GPU                tok/s per user →
//!  10k ┤ ⠑⠢⢄◆ bend B=32
//!   1k ┤     ⠈⠑● B=8
//!  100 ┤         ⠈⠑⠢⣀
//!      └┬──────┬──────┬
//!       10    100    1k
//! ```
//!
//! Every figure goes through [`Withheld`]: while a step asks a quantity the curve shows (the
//! bend, tok/s per user or per GPU, the target's batch, or a batch read off both axes) its
//! marker, or an axis's labels and decade ticks, are not drawn; the batch is the learner's
//! setting and always is.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Line as CanvasLine};

use super::dotted_line::DottedLine;
use super::label_placer::{LabelPlacer, around_dot};
use super::plot_axes::{
    AxisTicks, TickLabels, layout_for, paint_axes, paint_one_line, paint_x_title,
};
use super::plot_layout::{DotGrid, PlotLayout};
use super::theme::{Appearance, Element, GlyphSet};
use crate::domain::latency::CurvePoint;
use crate::domain::logscale::{LogScale, short_label};
use crate::domain::quantity::Quantity;
use crate::domain::withhold::{Shown, Withheld};

/// What the curve view draws, computed by the engine (`domain::latency::curve`).
#[derive(Debug, Clone, PartialEq)]
pub struct CurveModel {
    /// The curve at batches 1, 2, 4, … up to the largest batch.
    pub points: Vec<CurvePoint>,
    /// The slider's batch on the curve.
    pub at: Option<CurvePoint>,
    /// The bend: the first point whose token time is twice batch 1's.
    pub bend: Option<CurvePoint>,
    /// The largest batch under the scenario's token-time target, with the target in ms.
    pub target: Option<(CurvePoint, f64)>,
    /// What may not be shown yet.
    pub withheld: Withheld,
    /// Glyphs and colours.
    pub appearance: Appearance,
}

/// Draws a [`CurveModel`]; any `Rect` works, down to 1×1 (a one-line summary below the
/// smallest canvas).
#[derive(Debug, Clone, Copy)]
pub struct CurvePlot<'a> {
    model: &'a CurveModel,
}

impl<'a> CurvePlot<'a> {
    /// A plot of `model`.
    #[must_use]
    pub const fn new(model: &'a CurveModel) -> Self {
        Self { model }
    }
}

/// tok/s per user across, tok/s per GPU up.
struct Axes {
    x: LogScale,
    y: LogScale,
}

impl Axes {
    fn of(points: &[CurvePoint]) -> Option<Self> {
        let span = |f: fn(&CurvePoint) -> f64| {
            points
                .iter()
                .map(f)
                .filter(|v| v.is_finite() && *v > 0.0)
                .fold(None, |acc: Option<(f64, f64)>, v| {
                    Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
                })
        };
        let (x_lo, x_hi) = span(|p| p.tokens_per_s_per_user)?;
        let (y_lo, y_hi) = span(|p| p.tokens_per_s_per_gpu)?;
        Some(Self {
            x: LogScale::covering(x_lo, x_hi),
            y: LogScale::covering(y_lo, y_hi),
        })
    }

    fn point(&self, p: &CurvePoint) -> (f64, f64) {
        (
            self.x.fraction(p.tokens_per_s_per_user).clamp(0.0, 1.0),
            self.y.fraction(p.tokens_per_s_per_gpu).clamp(0.0, 1.0),
        )
    }
}

impl Widget for CurvePlot<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let Some(axes) = Axes::of(&self.model.points) else {
            paint_one_line(
                buf,
                area,
                "no curve: nothing runs at this setting",
                self.model.appearance.style(Element::Wall),
            );
            return;
        };
        let y_ticks = axes.y.decade_ticks();
        match layout_for(area, &y_ticks) {
            Some(layout) => self.render_plot(&axes, &y_ticks, &layout, buf),
            None => self.render_summary(area, buf),
        }
    }
}

impl CurvePlot<'_> {
    /// Whether the axis of `quantity` may carry numbers: not while a step asks for it, or a
    /// later step not yet revealed does.
    fn axis_shown(self, quantity: Quantity) -> bool {
        !self.model.withheld.withholds(quantity)
    }

    fn render_plot(self, axes: &Axes, y_ticks: &[f64], layout: &PlotLayout, buf: &mut Buffer) {
        let look = self.model.appearance;
        let canvas = layout.canvas;
        let points: Vec<(f64, f64)> = self.model.points.iter().map(|p| axes.point(p)).collect();
        let target_x = self
            .model
            .target
            .map(|(_, ms)| axes.x.fraction(1e3 / ms))
            .filter(|x| (0.0..=1.0).contains(x));
        let paint = |ctx: &mut ratatui::widgets::canvas::Context| {
            if let Some(x) = target_x {
                ctx.marker(look.curve_marker(':'));
                ctx.draw(&DottedLine {
                    from: (x, 0.0),
                    to: (x, 1.0),
                    period: match look.glyphs {
                        GlyphSet::Unicode => 2,
                        GlyphSet::Ascii => 1,
                    },
                    color: look.color(Element::Wall),
                });
            }
            ctx.marker(look.curve_marker('*'));
            for pair in points.windows(2) {
                ctx.draw(&CanvasLine::new(
                    pair[0].0,
                    pair[0].1,
                    pair[1].0,
                    pair[1].1,
                    look.color(Element::Roof),
                ));
            }
        };
        Canvas::default()
            .x_bounds([0.0, 1.0])
            .y_bounds([0.0, 1.0])
            .marker(look.curve_marker('*'))
            .paint(paint)
            .render(canvas, buf);
        self.render_axes(axes, y_ticks, layout, buf);
        self.render_marks(axes, canvas, buf);
    }

    fn render_axes(self, axes: &Axes, y_ticks: &[f64], layout: &PlotLayout, buf: &mut Buffer) {
        let look = self.model.appearance;
        let style = look.style(Element::Axis);
        let labels = |quantity| {
            if self.axis_shown(quantity) {
                TickLabels::Numbers
            } else {
                TickLabels::Masked
            }
        };
        // A withheld axis loses its decade ticks with its numbers: their spacing alone, beside
        // a labelled mark (the target's line, the slider's batch), would give the scale.
        let y_ticks: &[f64] = if self.axis_shown(Quantity::TokensPerSPerGpu) {
            y_ticks
        } else {
            &[]
        };
        let x_ticks = if self.axis_shown(Quantity::TokensPerSPerSeq) {
            axes.x.decade_ticks()
        } else {
            Vec::new()
        };
        paint_axes(
            buf,
            layout,
            look,
            AxisTicks::new(&axes.y, y_ticks, labels(Quantity::TokensPerSPerGpu)),
            AxisTicks::new(&axes.x, &x_ticks, labels(Quantity::TokensPerSPerSeq)),
        );
        let header = layout.header;
        let y_title = "tok/s per GPU";
        buf.set_stringn(
            header.x,
            header.y,
            y_title,
            usize::from(header.width),
            style,
        );
        paint_x_title(
            buf,
            layout,
            (
                "tokens per second per user (interactivity)",
                "tok/s per user",
            ),
            look.pick("tok/s per user →", "tok/s per user ->"),
            y_title.len(),
            style,
        );
    }

    /// The slider's dot, the bend and the target's batch, each with its label where it fits.
    fn render_marks(self, axes: &Axes, canvas: Rect, buf: &mut Buffer) {
        let look = self.model.appearance;
        let withheld = &self.model.withheld;
        let grid = DotGrid::new(canvas, look.glyphs);
        let mut marks = Vec::with_capacity(3);
        if let Some(at) = self.model.at {
            marks.push((
                at,
                look.pick("●", "O"),
                format!("B={}", at.batch),
                Element::Decode,
            ));
        }
        if let Some(bend) = self.model.bend
            && withheld.may_show(
                Shown::Quantity(Quantity::BendBatch),
                f64::from(bend.batch),
                1.0,
            )
        {
            let label = format!("bend B={}", bend.batch);
            marks.push((bend, look.pick("◆", "#"), label, Element::Ridge));
        }
        if let Some((target, ms)) = self.model.target
            && withheld.may_show(
                Shown::Quantity(Quantity::TargetBatch),
                f64::from(target.batch),
                1.0,
            )
        {
            let label = format!(
                "{}{} ms: B={}",
                look.pick("≤", "<="),
                short_label(ms),
                target.batch
            );
            marks.push((target, look.pick("▲", "^"), label, Element::Wall));
        }
        let mut placer = LabelPlacer::new(canvas);
        let cells: Vec<_> = marks
            .iter()
            .map(|(p, glyph, _, element)| {
                let (fx, fy) = axes.point(p);
                let cell = grid.cell(fx, fy);
                if let Some((column, row)) = cell {
                    placer.reserve(column, row);
                    if let Some(c) = buf.cell_mut((column, row)) {
                        c.set_symbol(glyph).set_style(look.style(*element));
                    }
                }
                cell
            })
            .collect();
        // The target's dotted line is a setting: its label says which.
        if let Some((_, ms)) = self.model.target
            && let Some(column) = grid.column(axes.x.fraction(1e3 / ms))
        {
            let label = format!("{} ms/token", short_label(ms));
            let width = label.chars().count() as u16;
            let (c, top) = (i32::from(column), i32::from(canvas.y));
            if let Some(spot) =
                placer.place(buf, width, &[(c + 1, top), (c - i32::from(width), top)])
            {
                buf.set_string(spot.x, spot.y, &label, look.style(Element::Wall));
            }
        }
        for ((_, _, label, element), cell) in marks.iter().zip(cells) {
            let Some((column, row)) = cell else {
                continue;
            };
            let width = label.chars().count() as u16;
            if let Some(spot) = placer.place(buf, width, &around_dot(column, row, width)) {
                buf.set_string(spot.x, spot.y, label, look.style(*element));
            }
        }
    }

    /// One line when the area is too small for axes: the dot's batch and its two speeds.
    fn render_summary(self, area: Rect, buf: &mut Buffer) {
        let look = self.model.appearance;
        let withheld = &self.model.withheld;
        let text = self.model.at.map_or_else(String::new, |at| {
            let per_user = withheld
                .label(
                    Shown::Quantity(Quantity::TokensPerSPerSeq),
                    &format!("{} tok/s/user", short_label(at.tokens_per_s_per_user)),
                )
                .into_owned();
            let per_gpu = withheld
                .label(
                    Shown::Quantity(Quantity::TokensPerSPerGpu),
                    &format!("{} tok/s/GPU", short_label(at.tokens_per_s_per_gpu)),
                )
                .into_owned();
            format!(
                "B={}{sep}{per_user}{sep}{per_gpu}",
                at.batch,
                sep = look.pick(" · ", " | ")
            )
        });
        paint_one_line(buf, area, &text, look.style(Element::Decode));
    }
}

#[cfg(test)]
mod tests;
