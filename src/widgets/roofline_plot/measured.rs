//! Measured points over the finished plot: each point's glyph where it was measured, its label
//! where there is blank room, and the fitted knee (`knee 8.2`) beside the predicted ridge.
//! Labels here take blank cells, or cells of a curve, so they never cover the plot's own dots
//! and labels.

use ratatui::buffer::Buffer;
use ratatui::text::Span;

use super::{Axes, RooflinePlot, clamp_unit};
use crate::domain::logscale::short_label;
use crate::domain::withhold::{MeasuredFigure, Shown};
use crate::widgets::label_placer::{LabelPlacer, around_dot};
use crate::widgets::plot_layout::DotGrid;
use crate::widgets::theme::Element;

impl RooflinePlot<'_> {
    pub(super) fn render_measured(self, axes: &Axes, grid: &DotGrid, buf: &mut Buffer) {
        let Some(measured) = &self.model.measured else {
            return;
        };
        let look = self.appearance();
        let style = look.style(Element::Measured);
        let at = |intensity: f64, flops: f64| {
            let (fx, fy) = axes.point(intensity, flops);
            grid.cell(clamp_unit(fx), clamp_unit(fy))
        };
        let mut placer = LabelPlacer::new(grid.area());
        let cells: Vec<_> = measured
            .points
            .iter()
            .map(|p| at(p.intensity, p.flops_per_s))
            .collect();
        // A point or the knee goes only where a curve or nothing is: never over a dot or a
        // letter of the plot's own labels (`ridge 295` stays whole).
        let open = |buf: &Buffer, (column, row): (u16, u16)| {
            buf.cell((column, row))
                .is_some_and(|c| is_curve(c.symbol()))
        };
        for &(column, row) in cells.iter().flatten() {
            if open(buf, (column, row)) {
                placer.reserve(column, row);
                buf.set_string(column, row, look.pick("•", "*"), style);
            }
        }
        let knee = measured
            .knee
            .and_then(|(i, f)| at(i, f))
            .filter(|&cell| open(buf, cell));
        if let Some((column, row)) = knee {
            placer.reserve(column, row);
            buf.set_string(column, row, look.pick("✕", "x"), style);
        }
        if let (Some((column, row)), Some((intensity, _))) = (knee, measured.knee) {
            let text = self
                .model
                .withheld
                .label(
                    Shown::Measured(MeasuredFigure::Knee),
                    &format!("knee {}", short_label(intensity)),
                )
                .into_owned();
            place_blank(
                &mut placer,
                buf,
                &[text.clone(), "knee".to_owned()],
                style,
                |w| around_dot(column, row, w),
            );
        }
        for (point, cell) in measured.points.iter().zip(&cells) {
            if let (Some(label), Some((column, row))) = (&point.label, *cell) {
                let labels = label.texts(&self.model.withheld);
                place_blank(&mut placer, buf, &labels, style, |w| {
                    around_dot(column, row, w)
                });
            }
        }
    }
}

/// Whether a cell holds nothing or only a curve (Braille dots, or the ASCII curve characters).
fn is_curve(symbol: &str) -> bool {
    symbol == " "
        || matches!(symbol, "/" | "=" | ":" | ".")
        || symbol
            .chars()
            .next()
            .is_some_and(|c| ('\u{2800}'..='\u{28FF}').contains(&c))
}

/// Draws the first of `labels` that finds a spot of blank cells, or failing that a spot over
/// curves only (Braille dots, or the ASCII curve characters): never over another label or dot.
fn place_blank<const N: usize>(
    placer: &mut LabelPlacer,
    buf: &mut Buffer,
    labels: &[String],
    style: ratatui::style::Style,
    spots: impl Fn(u16) -> [(i32, i32); N],
) {
    let blank = |symbol: &str| symbol == " ";
    let curve = is_curve;
    // A cell of text (another label): a label may not run into one, or two would read as one
    // (`decode B=32B=1 MBU 84%`).
    let text = |x: i32, y: i32| {
        let (Ok(cx), Ok(cy)) = (u16::try_from(x), u16::try_from(y)) else {
            return false;
        };
        buf.cell((cx, cy)).is_some_and(|c| {
            c.symbol()
                .chars()
                .next()
                .is_some_and(|ch| ch.is_alphanumeric() || matches!(ch, '%' | '?'))
        })
    };
    for free in [&blank as &dyn Fn(&str) -> bool, &curve] {
        for label in labels {
            let width = Span::raw(label.as_str()).width() as u16;
            let fits: Vec<(i32, i32)> = spots(width)
                .into_iter()
                .filter(|&(x, y)| {
                    let inside = (0..i32::from(width)).all(|dx| {
                        let (Ok(cx), Ok(cy)) = (u16::try_from(x + dx), u16::try_from(y)) else {
                            return false;
                        };
                        buf.cell((cx, cy)).is_some_and(|c| free(c.symbol()))
                    });
                    inside && !text(x - 1, y) && !text(x + i32::from(width), y)
                })
                .collect();
            if let Some(spot) = placer.place(buf, width, &fits) {
                buf.set_string(spot.x, spot.y, label, style);
                return;
            }
        }
    }
}
