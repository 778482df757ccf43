//! The plot's dots and labels, drawn over the curves. Dots go down first and are never
//! covered; then the labels with the fewest possible spots (roofs, ridge) before the dots'
//! labels, which can go on any side of their dot.

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::Span;

use super::{Axes, RooflinePlot, clamp_unit};
use crate::domain::logscale::short_label;
use crate::domain::quantity::Quantity;
use crate::domain::withhold::{Shown, Withheld};
use crate::widgets::label_placer::{LabelPlacer, around_dot};
use crate::widgets::plot_layout::DotGrid;
use crate::widgets::theme::Element;

/// A dot on the active roofline, with a long and a short label.
struct Dot {
    element: Element,
    shown: Shown,
    glyph: &'static str,
    labels: [String; 2],
    at: (f64, f64),
}

impl RooflinePlot<'_> {
    /// The decode, attention and prefill dots, most important first.
    fn dots(self, axes: &Axes) -> Vec<Dot> {
        let look = self.appearance();
        let model = self.model;
        let roof = &model.roof;
        let mut dots = Vec::with_capacity(4);
        if let Some(decode) = model.decode {
            // With a dense-layer dot beside it, the decode dot is the routed experts'.
            let what = if model.dense.is_some() {
                "experts"
            } else {
                "decode"
            };
            dots.push(Dot {
                element: Element::Decode,
                shown: Shown::Batch,
                glyph: look.pick("●", "O"),
                labels: [
                    format!("{what} B={}", decode.batch),
                    format!("B={}", decode.batch),
                ],
                at: axes.dot(roof, decode.intensity),
            });
        }
        // The setting's other dots: (intensity, element, glyphs, long and short label).
        let others = [
            (
                model.dense,
                Element::Decode,
                ("○", "o"),
                ["dense layers", "dense"],
            ),
            (
                model.attention,
                Element::Attention,
                ("◆", "X"),
                ["attention", "attn"],
            ),
            (
                model.prefill,
                Element::Prefill,
                ("▲", "^"),
                ["prefill", "pre"],
            ),
        ];
        for (intensity, element, (unicode, ascii), labels) in others {
            if let Some(intensity) = intensity {
                dots.push(Dot {
                    element,
                    shown: Shown::Setting,
                    glyph: look.pick(unicode, ascii),
                    labels: labels.map(str::to_owned),
                    at: axes.dot(roof, intensity),
                });
            }
        }
        dots
    }

    pub(super) fn render_annotations(
        self,
        axes: &Axes,
        grid: &DotGrid,
        main: [(f64, f64); 3],
        overlay: Option<[(f64, f64); 3]>,
        buf: &mut Buffer,
    ) {
        let look = self.appearance();
        let dots = self.dots(axes);
        let cells: Vec<Option<(u16, u16)>> =
            dots.iter().map(|d| grid.cell(d.at.0, d.at.1)).collect();
        let mut placer = LabelPlacer::new(grid.area());
        // The most important dot is drawn last so that it is the one seen when two coincide.
        for (dot, cell) in dots.iter().zip(&cells).rev() {
            if let Some((column, row)) = *cell {
                placer.reserve(column, row);
                buf.set_string(column, row, dot.glyph, look.style(dot.element));
            }
        }
        self.render_roof_labels(grid, main, overlay, &mut placer, buf);
        for (dot, cell) in dots.iter().zip(&cells) {
            if let Some((column, row)) = *cell {
                place_label(
                    &mut placer,
                    buf,
                    (&self.model.withheld, dot.shown),
                    &dot.labels,
                    look.style(dot.element),
                    |w| around_dot(column, row, w),
                );
            }
        }
    }

    /// Each roof's peak, right-aligned by its roof, and the active ridge's value just below
    /// the knee. With an overlay the peaks carry the GPU's name.
    fn render_roof_labels(
        self,
        grid: &DotGrid,
        main: [(f64, f64); 3],
        overlay: Option<[(f64, f64); 3]>,
        placer: &mut LabelPlacer,
        buf: &mut Buffer,
    ) {
        let look = self.appearance();
        let model = self.model;
        let roof = &model.roof;
        let right = i32::from(grid.area().right());
        let knee = main[1];
        if let Some(roof_row) = grid.row(clamp_unit(knee.1)) {
            let peak = roof.peak_label();
            let labels = match &model.overlay {
                Some(_) => [format!("{} {peak}", roof.name), peak],
                None => [peak.clone(), peak],
            };
            let row = i32::from(roof_row);
            place_label(
                placer,
                buf,
                (&model.withheld, Shown::Quantity(Quantity::PeakTflops)),
                &labels,
                look.style(Element::Roof),
                ending_at(right, [row - 1, row, row + 1]),
            );
        }
        let overlay_row = overlay.and_then(|points| grid.row(clamp_unit(points[1].1)));
        if let (Some(other), Some(row)) = (&model.overlay, overlay_row) {
            let labels = [
                format!("{} {}", other.name, other.peak_label()),
                other.name.clone(),
            ];
            let row = i32::from(row);
            place_label(
                placer,
                buf,
                (&model.withheld, other.peak_shown()),
                &labels,
                look.style(Element::Overlay),
                ending_at(right, [row - 1, row + 1, row]),
            );
        }
        if let (Some(column), Some(roof_row)) = (grid.column(knee.0), grid.row(clamp_unit(knee.1)))
        {
            let (c, below) = (i32::from(column), i32::from(roof_row) + 1);
            let text = format!("ridge {}", short_label(roof.ridge()));
            let labels = [text.clone(), text];
            place_label(
                placer,
                buf,
                (&model.withheld, Shown::Quantity(Quantity::Ridge)),
                &labels,
                look.style(Element::Ridge),
                |w| {
                    let w = i32::from(w);
                    [
                        (c + 1, below),
                        (c - w, below),
                        (c + 1, below + 1),
                        (c - w, below + 1),
                    ]
                },
            );
        }
    }
}

/// Draws the first of `labels` (long, then short) that finds a spot, with the figure masked
/// where `shown` may not be on screen.
fn place_label<const N: usize>(
    placer: &mut LabelPlacer,
    buf: &mut Buffer,
    (withheld, shown): (&Withheld, Shown),
    labels: &[String; 2],
    style: Style,
    spots: impl Fn(u16) -> [(i32, i32); N],
) {
    for label in labels {
        let label = withheld.label(shown, label);
        let width = Span::raw(label.as_ref()).width() as u16;
        if let Some(spot) = placer.place(buf, width, &spots(width)) {
            buf.set_string(spot.x, spot.y, label, style);
            return;
        }
    }
}

/// A label's spots with its end at column `right`, on each of `rows` in the order tried.
fn ending_at(right: i32, rows: [i32; 3]) -> impl Fn(u16) -> [(i32, i32); 3] {
    move |w| rows.map(|row| (right - i32::from(w), row))
}
