//! The roofline of a scenario as a standalone SVG picture for slides: log-log axes with decade
//! ticks, the bandwidth slope and the compute roof of each GPU drawn, the ridge, the decode,
//! attention and prefill dots, the KV wall, measured points, and a legend of the marks.
//!
//! Built from the same [`PlotModel`] the terminal plot draws, on the same log scales.

use crate::domain::batch_range::{BatchRange, Wall, context_label};
use crate::domain::catalog::Catalog;
use crate::domain::logscale::{LogScale, short_label};
use crate::domain::scenario::{Evaluation, Scenario};
use crate::widgets::plot_model::{INTENSITY_AXIS, PlotModel, Roof};

use super::marks::{Mark, draw_mark};
use super::svg::{Anchor, Svg};
use label_place::Placer;

/// The picture's size in pixels.
pub const WIDTH: u32 = 960;
/// The picture's height in pixels.
pub const HEIGHT: u32 = 600;

const LEFT: f64 = 90.0;
const TOP: f64 = 70.0;
const RIGHT: f64 = 200.0;
const BOTTOM: f64 = 110.0;

/// The style sheet: dark marks on white, one colour per kind of mark.
const STYLE: &str = "\
.background{fill:#ffffff}
.grid{stroke:#e4e4e4;stroke-width:1}
.axis{stroke:#333333;stroke-width:1.5;fill:none}
.tick{font-size:13px;fill:#333333}
.title{font-size:18px;font-weight:bold;fill:#111111}
.subtitle{font-size:13px;fill:#444444}
.axis-title{font-size:14px;fill:#222222}
.roof{stroke:#1f5fbf;stroke-width:3;fill:none}
.roof-label{font-size:13px;fill:#1f5fbf;paint-order:stroke;stroke:#ffffff;stroke-width:4px;stroke-linejoin:round}
.overlay{stroke:#d9822b;stroke-width:2.5;fill:none;stroke-dasharray:8 4}
.overlay-label{font-size:13px;fill:#b5661a;paint-order:stroke;stroke:#ffffff;stroke-width:4px;stroke-linejoin:round}
.ridge{stroke:#1f5fbf;stroke-width:1.2;stroke-dasharray:4 4}
.wall{stroke:#b3261e;stroke-width:2;stroke-dasharray:10 5}
.wall-label{font-size:13px;fill:#b3261e}
.label{font-size:13px;fill:#111111;paint-order:stroke;stroke:#ffffff;stroke-width:4px;stroke-linejoin:round}
.decode{fill:#d62728;stroke:#ffffff;stroke-width:1.5}
.dense{fill:#ffffff;stroke:#d62728;stroke-width:2.5}
.attention{fill:#7b3fb5;stroke:#ffffff;stroke-width:1.5}
.prefill{fill:#2a9d4b;stroke:#ffffff;stroke-width:1.5}
.measured{stroke:#111111;stroke-width:2.5;fill:none}
.knee{fill:none;stroke:#111111;stroke-width:2}
.legend{font-size:12px;fill:#333333}";

/// The KV wall on the plot: the batch whose caches fill the KV budget, drawn where the decode
/// dot would be at that batch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvWallMark {
    /// Sequences at the wall.
    pub batch: u64,
    /// The decode dot's intensity at that batch, FLOP/byte.
    pub intensity: f64,
}

impl KvWallMark {
    /// The wall of an evaluated scenario, if the batch has one before the slider's end.
    #[must_use]
    pub fn of(scenario: &Scenario, evaluation: &Evaluation, catalog: &Catalog) -> Option<Self> {
        let batch = BatchRange::of(scenario, evaluation, Wall::Stops).wall()?;
        let at_wall = Scenario {
            batch: u32::try_from(batch).ok()?,
            ..scenario.clone()
        };
        let evaluation = at_wall.evaluate(catalog).ok()?;
        let intensity = evaluation.model.as_ref()?.decode_intensity();
        intensity.is_finite().then_some(Self { batch, intensity })
    }
}

/// Everything the picture shows.
#[derive(Debug, Clone, PartialEq)]
pub struct RooflinePicture {
    /// The plot: roofs, dots, overlay, measured points.
    pub plot: PlotModel,
    /// The KV wall, when the scenario has one.
    pub kv_wall: Option<KvWallMark>,
    /// A line under the title: the model and the setting.
    pub subtitle: String,
}

impl RooflinePicture {
    /// The picture of `plot`, drawn for `scenario`: its KV wall and a subtitle naming the
    /// setting.
    #[must_use]
    pub fn new(
        plot: PlotModel,
        scenario: &Scenario,
        evaluation: &Evaluation,
        catalog: &Catalog,
    ) -> Self {
        let kv_wall = plot
            .decode
            .and_then(|_| KvWallMark::of(scenario, evaluation, catalog));
        Self {
            plot,
            kv_wall,
            subtitle: subtitle(scenario, evaluation),
        }
    }
}

/// `Llama-3-8B · batch 8 · 4K context · TP 1 · weights BF16 · KV BF16`, or the GPU's
/// bandwidth and peak alone without a model.
fn subtitle(scenario: &Scenario, evaluation: &Evaluation) -> String {
    let setting = format!(
        "TP {} · weights {} · KV {}",
        scenario.tp,
        scenario.weights.label(),
        scenario.kv.label()
    );
    match &evaluation.model {
        Some(model) => format!(
            "{} · batch {} · {} context · {setting}",
            model.model_name,
            scenario.batch,
            context_label(scenario.context)
        ),
        None => format!("{} · no model chosen", evaluation.gpu_name),
    }
}

/// Pixel positions of the plot area on the two log axes.
#[derive(Debug, Clone, Copy)]
struct Frame {
    x: LogScale,
    y: LogScale,
}

impl Frame {
    const fn plot_width() -> f64 {
        WIDTH as f64 - LEFT - RIGHT
    }

    const fn plot_height() -> f64 {
        HEIGHT as f64 - TOP - BOTTOM
    }

    fn px(&self, intensity: f64) -> f64 {
        LEFT + self.x.fraction(intensity).clamp(0.0, 1.0) * Self::plot_width()
    }

    fn py(&self, tflops: f64) -> f64 {
        TOP + (1.0 - self.y.fraction(tflops).clamp(0.0, 1.0)) * Self::plot_height()
    }

    /// A point on `roof` at `intensity`.
    fn on_roof(&self, roof: &Roof, intensity: f64) -> (f64, f64) {
        (
            self.px(intensity),
            self.py(roof.attainable(intensity) / 1e12),
        )
    }
}

/// The picture as SVG text.
#[must_use]
pub fn render(picture: &RooflinePicture) -> String {
    let plot = &picture.plot;
    let frame = Frame {
        x: INTENSITY_AXIS,
        y: plot.performance_axis(),
    };
    let mask = |text: &str| plot.withheld.mask(text).into_owned();
    let title = title(plot);
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, STYLE);
    svg.text("title", (LEFT, 32.0), Anchor::Start, &title);
    svg.text(
        "subtitle",
        (LEFT, 52.0),
        Anchor::Start,
        &mask(&picture.subtitle),
    );
    axes(&mut svg, &frame);
    if let Some(other) = &plot.overlay {
        roof(&mut svg, &frame, other, "overlay", &mask);
    }
    roof(&mut svg, &frame, &plot.roof, "roof", &mask);
    if let Some(wall) = picture.kv_wall {
        let x = frame.px(wall.intensity);
        svg.line("wall", (x, TOP), (x, TOP + Frame::plot_height()));
        svg.text(
            "wall-label",
            (x + 5.0, TOP + 14.0),
            Anchor::Start,
            &mask(&format!("KV wall B={}", wall.batch)),
        );
    }
    // Every mark and the roofs' names first, then the marks' labels, each clear of all of
    // them and of the labels before it; they may use the band between the subtitle and the
    // plot, not the subtitle itself.
    let mut placer = Placer::new(TOP - 14.0, f64::from(WIDTH) - 4.0);
    dots(&mut svg, &mut placer, &frame, plot, &mask);
    measured(&mut svg, &mut placer, &frame, plot);
    let roofs = std::iter::once((&plot.roof, "roof-label"))
        .chain(plot.overlay.iter().map(|other| (other, "overlay-label")));
    roof_labels::draw(&mut svg, &mut placer, &frame, roofs, &mask);
    placer.place_all(&mut svg);
    legend(&mut svg, plot, picture.kv_wall.is_some());
    svg.finish()
}

/// `Roofline · H100 SXM5 · BF16`, with ` vs B200 (HGX)` for a second GPU.
fn title(plot: &PlotModel) -> String {
    let base = format!("Roofline · {} · {}", plot.roof.name, plot.precision);
    match &plot.overlay {
        Some(other) => format!("{base} vs {}", other.name),
        None => base,
    }
}

/// Grid lines and labels at each decade, the frame, and the axes' titles.
fn axes(svg: &mut Svg, frame: &Frame) {
    let (bottom, right) = (TOP + Frame::plot_height(), LEFT + Frame::plot_width());
    for tick in frame.x.decade_ticks() {
        let x = frame.px(tick);
        svg.line("grid", (x, TOP), (x, bottom));
        svg.line("axis", (x, bottom), (x, bottom + 6.0));
        svg.text(
            "tick",
            (x, bottom + 22.0),
            Anchor::Middle,
            &short_label(tick),
        );
    }
    for tick in frame.y.decade_ticks() {
        let y = frame.py(tick);
        svg.line("grid", (LEFT, y), (right, y));
        svg.line("axis", (LEFT - 6.0, y), (LEFT, y));
        svg.text(
            "tick",
            (LEFT - 10.0, y + 4.0),
            Anchor::End,
            &short_label(tick),
        );
    }
    svg.rect(
        "axis",
        (LEFT, TOP),
        (Frame::plot_width(), Frame::plot_height()),
    );
    svg.text(
        "axis-title",
        (LEFT + Frame::plot_width() / 2.0, bottom + 44.0),
        Anchor::Middle,
        "arithmetic intensity (FLOP/byte)",
    );
    svg.text_up(
        "axis-title",
        (28.0, TOP + Frame::plot_height() / 2.0),
        "attainable TFLOP/s",
    );
}

/// One GPU's slope and roof, its ridge and its labels.
fn roof(svg: &mut Svg, frame: &Frame, roof: &Roof, class: &str, mask: &dyn Fn(&str) -> String) {
    let knee = frame.on_roof(roof, roof.ridge());
    let start = frame.on_roof(roof, frame.x.min);
    let end = frame.on_roof(roof, frame.x.max);
    svg.polyline(class, &[start, knee, end]);
    let label_class = format!("{class}-label");
    if class == "roof" {
        svg.line("ridge", knee, (knee.0, TOP + Frame::plot_height()));
        svg.text(
            &label_class,
            (knee.0 + 6.0, TOP + Frame::plot_height() - 10.0),
            Anchor::Start,
            &mask(&format!("ridge {} FLOP/byte", short_label(roof.ridge()))),
        );
        // Above the slope, left of where it is read: no dot or measured point lies up there
        // (nothing beats the roof), so no label lands on it (`measured B=1` did, below it).
        let slope = frame.on_roof(roof, frame.x.value(0.18));
        svg.text(
            &label_class,
            (slope.0 - 8.0, slope.1 - 8.0),
            Anchor::End,
            &mask(&format!("{:.2} TB/s", roof.bandwidth / 1e12)),
        );
    }
}

/// The decode, dense, attention and prefill dots on the active roof, labelled.
fn dots(
    svg: &mut Svg,
    placer: &mut Placer,
    frame: &Frame,
    plot: &PlotModel,
    mask: &dyn Fn(&str) -> String,
) {
    let roof = &plot.roof;
    let what = if plot.dense.is_some() {
        "experts"
    } else {
        "decode"
    };
    let marks = [
        plot.attention
            .map(|ai| (Mark::Attention, ai, "attention".to_owned(), 18.0)),
        plot.dense
            .map(|ai| (Mark::Dense, ai, "dense layers".to_owned(), 18.0)),
        plot.decode.map(|d| {
            (
                Mark::Decode,
                d.intensity,
                format!("{what} B={}", d.batch),
                -12.0,
            )
        }),
        plot.prefill
            .map(|ai| (Mark::Prefill, ai, "prefill".to_owned(), 24.0)),
    ];
    for (mark, intensity, label, dy) in marks.into_iter().flatten() {
        let at = frame.on_roof(roof, intensity);
        draw_mark(svg, mark, at);
        let text = format!("{label} · {} FLOP/byte", short_label(intensity));
        placer.label(at, dy, mask(&text));
    }
}

/// Measured points as crosses, a sweep's fitted knee as a ring, with their labels.
fn measured(svg: &mut Svg, placer: &mut Placer, frame: &Frame, plot: &PlotModel) {
    let Some(overlay) = &plot.measured else {
        return;
    };
    for point in &overlay.points {
        let at = (
            frame.px(point.intensity),
            frame.py(point.flops_per_s / 1e12),
        );
        draw_mark(svg, Mark::Measured, at);
        match &point.label {
            Some(label) => {
                let [long, _] = label.texts(&plot.withheld);
                placer.label(at, 16.0, long);
            }
            None => placer.mark(at),
        }
    }
    if let Some((intensity, flops)) = overlay.knee {
        let at = (frame.px(intensity), frame.py(flops / 1e12));
        draw_mark(svg, Mark::Knee, at);
        placer.label(at, -10.0, "fitted knee".to_owned());
    }
}

/// A row under the plot naming each kind of mark drawn.
fn legend(svg: &mut Svg, plot: &PlotModel, wall: bool) {
    let has_measured = plot.measured.as_ref().is_some_and(|m| !m.points.is_empty());
    let entries = [
        (plot.decode.is_some(), Mark::Decode),
        (plot.dense.is_some(), Mark::Dense),
        (plot.attention.is_some(), Mark::Attention),
        (plot.prefill.is_some(), Mark::Prefill),
        (wall, Mark::Wall),
        (plot.overlay.is_some(), Mark::Overlay),
        (has_measured, Mark::Measured),
    ];
    let y = f64::from(HEIGHT) - 24.0;
    let mut x = LEFT;
    for (_, mark) in entries.into_iter().filter(|(shown, _)| *shown) {
        draw_mark(svg, mark, (x + 6.0, y - 4.0));
        // The dashed roof is named for what it is: a second GPU, the measured roof, a datasheet.
        let name = match (&plot.overlay, mark) {
            (Some(roof), Mark::Overlay) => roof.name.as_str(),
            (_, mark) => mark.legend(),
        };
        svg.text("legend", (x + 18.0, y), Anchor::Start, name);
        x += 30.0 + 7.0 * name.chars().count() as f64;
    }
}

mod label_place;
mod roof_labels;
#[cfg(test)]
mod tests;
