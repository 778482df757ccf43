//! The plot's dots and labels, drawn over the curves. Dots go down first and are never
//! covered; then the labels with the fewest possible spots (roofs, ridge) before the dots'
//! labels, which can go on any side of their dot.

use ratatui::buffer::Buffer;
use ratatui::text::Span;

use super::{Axes, RooflinePlot, clamp_unit};
use crate::domain::logscale::short_label;
use crate::domain::quantity::Quantity;
use crate::domain::withhold::{Shown, Withheld};
use crate::widgets::Appearance;
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
        let mut labeller = Labeller {
            placer: LabelPlacer::new(grid.area()),
            buf,
            withheld: &self.model.withheld,
            look,
        };
        // The most important dot is drawn last so that it is the one seen when two coincide.
        for (dot, cell) in dots.iter().zip(&cells).rev() {
            if let Some((column, row)) = *cell {
                labeller.placer.reserve(column, row);
                let style = look.style(dot.element);
                labeller.buf.set_string(column, row, dot.glyph, style);
            }
        }
        self.render_roof_labels(grid, main, overlay, &mut labeller);
        for (dot, cell) in dots.iter().zip(&cells) {
            if let Some((column, row)) = *cell {
                labeller.place(dot.shown, &dot.labels, dot.element, |w| {
                    around_dot(column, row, w)
                });
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
        labeller: &mut Labeller,
    ) {
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
            labeller.place(
                Shown::Quantity(Quantity::PeakTflops),
                &labels,
                Element::Roof,
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
            labeller.place(
                other.peak_shown(),
                &labels,
                Element::Overlay,
                ending_at(right, [row - 1, row + 1, row]),
            );
        }
        if let (Some(column), Some(roof_row)) = (grid.column(knee.0), grid.row(clamp_unit(knee.1)))
        {
            let (c, below) = (i32::from(column), i32::from(roof_row) + 1);
            let text = format!("ridge {}", short_label(roof.ridge()));
            let labels = [text.clone(), text];
            labeller.place(
                Shown::Quantity(Quantity::Ridge),
                &labels,
                Element::Ridge,
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

/// Where the labels go: the buffer, the spots already taken, what may not be shown yet, and
/// the look.
struct Labeller<'a> {
    placer: LabelPlacer,
    buf: &'a mut Buffer,
    withheld: &'a Withheld,
    look: Appearance,
}

impl Labeller<'_> {
    /// Draws the first of `labels` (long, then short) that finds a spot, in `element`'s
    /// style, with the figure masked where `shown` may not be on screen.
    fn place<const N: usize>(
        &mut self,
        shown: Shown,
        labels: &[String; 2],
        element: Element,
        spots: impl Fn(u16) -> [(i32, i32); N],
    ) {
        for label in labels {
            let label = self.withheld.label(shown, label);
            let width = Span::raw(label.as_ref()).width() as u16;
            if let Some(spot) = self.placer.place(self.buf, width, &spots(width)) {
                self.buf
                    .set_string(spot.x, spot.y, label, self.look.style(element));
                return;
            }
        }
    }
}

/// A label's spots with its end at column `right`, on each of `rows` in the order tried.
fn ending_at(right: i32, rows: [i32; 3]) -> impl Fn(u16) -> [(i32, i32); 3] {
    move |w| rows.map(|row| (right - i32::from(w), row))
}
