//! The log-log roofline plot: curves on a ratatui `Canvas` in axis-fraction coordinates,
//! inside axes, ticks, dots and labels drawn straight into the buffer (ratatui's `Chart`
//! has no log axes and misplaces labels).
//!
//! ```text
//! attainable TFLOP/s                   FLOP/byte →
//!  1k ┤                ⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀ 989 TF
//!     │             ⢀⠔⠉⡇ ridge 295
//! 100 ┤          ⢀⠔⠁   ⡇
//!  10 ┤      ⢀⠔● decode B=8
//!   1 ┤   ⢀⠔◆ attention ⡇
//!     └┬──────┬──────┬──────┬──────┬──────┬
//!     0.1     1     10    100     1k    10k
//! ```
//!
//! Everything is computed once per render from the [`PlotModel`]; no per-cell allocation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Context, Line as CanvasLine};

use super::dotted_line::DottedLine;
use super::plot_axes::{
    AxisTicks, TickLabels, layout_for, paint_axes, paint_one_line, paint_x_title,
};
use super::plot_layout::{DotGrid, PlotLayout};
use super::plot_model::{INTENSITY_AXIS, PlotModel, Roof};
use super::theme::{Appearance, Element, GlyphSet};
use crate::domain::logscale::{LogScale, short_label};
use crate::domain::quantity::Quantity;
use crate::domain::withhold::Shown;

/// Draws a [`PlotModel`]: `frame.render_widget(RooflinePlot::new(&model), area)`.
///
/// Any `Rect` works, down to 1×1: below a 10×3 canvas (plus axes) it prints a one-line
/// summary (`AI 8.0 · ridge 295`) instead of a squashed plot.
#[derive(Debug, Clone, Copy)]
pub struct RooflinePlot<'a> {
    model: &'a PlotModel,
}

impl<'a> RooflinePlot<'a> {
    /// A plot of `model`.
    #[must_use]
    pub const fn new(model: &'a PlotModel) -> Self {
        Self { model }
    }
}

impl Widget for RooflinePlot<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        (&self).render(area, buf);
    }
}

impl Widget for &RooflinePlot<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let axes = Axes {
            x: INTENSITY_AXIS,
            y: self.model.performance_axis(),
        };
        let y_ticks = axes.y.decade_ticks();
        match layout_for(area, &y_ticks) {
            Some(layout) => self.render_plot(&axes, &y_ticks, &layout, buf),
            None => self.render_summary(area, buf),
        }
    }
}

/// The two log axes: intensity (FLOP/byte) across, attainable TFLOP/s up.
struct Axes {
    x: LogScale,
    y: LogScale,
}

impl Axes {
    /// A point at an intensity and a FLOP/s, as axis fractions.
    fn point(&self, intensity: f64, flops: f64) -> (f64, f64) {
        (self.x.fraction(intensity), self.y.fraction(flops / 1e12))
    }

    /// A GPU's roofline as three points: slope start, knee (the ridge), roof end.
    fn curve(&self, roof: &Roof) -> [(f64, f64); 3] {
        [
            self.point(self.x.min, roof.attainable(self.x.min)),
            self.point(roof.ridge(), roof.peak_flops),
            self.point(self.x.max, roof.peak_flops),
        ]
    }

    /// A dot on `roof` at `intensity`, pulled onto the axes if it lies beyond them.
    fn dot(&self, roof: &Roof, intensity: f64) -> (f64, f64) {
        let (fx, fy) = self.point(intensity, roof.attainable(intensity));
        (clamp_unit(fx), clamp_unit(fy))
    }
}

fn clamp_unit(fraction: f64) -> f64 {
    if fraction.is_nan() {
        0.0
    } else {
        fraction.clamp(0.0, 1.0)
    }
}

impl RooflinePlot<'_> {
    fn appearance(self) -> Appearance {
        self.model.appearance
    }

    fn render_plot(self, axes: &Axes, y_ticks: &[f64], layout: &PlotLayout, buf: &mut Buffer) {
        let PlotLayout { canvas, .. } = *layout;
        let grid = DotGrid::new(canvas, self.appearance().glyphs);
        let main = axes.curve(&self.model.roof);
        let overlay = self.model.overlay.as_ref().map(|roof| axes.curve(roof));
        self.render_curves(canvas, main, overlay, buf);
        self.render_axes(axes, y_ticks, layout, buf);
        self.render_annotations(axes, &grid, main, overlay, buf);
        self.render_measured(axes, &grid, buf);
    }

    /// Overlay first, then the ridge, then the active slope and roof on top.
    fn render_curves(
        self,
        area: Rect,
        main: [(f64, f64); 3],
        overlay: Option<[(f64, f64); 3]>,
        buf: &mut Buffer,
    ) {
        let look = self.appearance();
        let (overlay_period, ridge_period) = match look.glyphs {
            GlyphSet::Unicode => (2, 2),
            GlyphSet::Ascii => (1, 1),
        };
        let [start, knee, end] = main;
        let paint = |ctx: &mut Context| {
            if let Some(points) = overlay {
                ctx.marker(look.curve_marker('.'));
                for pair in points.windows(2) {
                    ctx.draw(&DottedLine {
                        from: pair[0],
                        to: pair[1],
                        period: overlay_period,
                        color: look.color(Element::Overlay),
                    });
                }
            }
            ctx.marker(look.curve_marker(':'));
            ctx.draw(&DottedLine {
                from: (knee.0, 0.0),
                to: knee,
                period: ridge_period,
                color: look.color(Element::Ridge),
            });
            let roof_color = look.color(Element::Roof);
            ctx.marker(look.curve_marker('/'));
            ctx.draw(&CanvasLine::new(
                start.0, start.1, knee.0, knee.1, roof_color,
            ));
            // One Braille layer for slope and roof, so the knee's cell keeps the dots of both.
            if look.glyphs == GlyphSet::Ascii {
                ctx.marker(look.curve_marker('='));
            }
            ctx.draw(&CanvasLine::new(knee.0, knee.1, end.0, end.1, roof_color));
        };
        Canvas::default()
            .x_bounds([0.0, 1.0])
            .y_bounds([0.0, 1.0])
            .marker(look.curve_marker('/'))
            .paint(paint)
            .render(area, buf);
    }

    fn render_axes(self, axes: &Axes, y_ticks: &[f64], layout: &PlotLayout, buf: &mut Buffer) {
        let look = self.appearance();
        let style = look.style(Element::Axis);
        let x_ticks = axes.x.decade_ticks();
        paint_axes(
            buf,
            layout,
            look,
            AxisTicks::new(&axes.y, y_ticks, TickLabels::Numbers),
            AxisTicks::new(&axes.x, &x_ticks, TickLabels::Numbers),
        );
        let PlotLayout {
            header,
            x_title_row,
            ..
        } = *layout;
        let x_title_short = look.pick("FLOP/byte →", "FLOP/byte ->");
        let header_x_title = if x_title_row.is_none() {
            Span::raw(x_title_short).width()
        } else {
            0
        };
        let y_title_long = "attainable TFLOP/s";
        let room = usize::from(header.width).saturating_sub(header_x_title + 1);
        let y_title = if y_title_long.len() <= room {
            y_title_long
        } else {
            "TFLOP/s"
        };
        buf.set_stringn(header.x, header.y, y_title, room, style);
        paint_x_title(
            buf,
            layout,
            ("arithmetic intensity, FLOP/byte", "FLOP/byte"),
            x_title_short,
            y_title.len(),
            style,
        );
    }

    fn render_summary(self, area: Rect, buf: &mut Buffer) {
        let look = self.appearance();
        let withheld = &self.model.withheld;
        let ridge = withheld
            .label(
                Shown::Quantity(Quantity::Ridge),
                &format!("ridge {}", short_label(self.model.roof.ridge())),
            )
            .into_owned();
        let text = match self.model.decode {
            Some(decode) => format!(
                "{}{}{ridge}",
                withheld.label(
                    Shown::Quantity(Quantity::DecodeDotIntensity),
                    &format!("AI {:.1}", decode.intensity)
                ),
                look.pick(" · ", " | ")
            ),
            None => ridge,
        };
        paint_one_line(buf, area, &text, look.style(Element::Decode));
    }
}

mod annotations;
mod measured;
