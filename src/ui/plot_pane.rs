//! The roofline pane: the log-log plot, the batch slider, the readouts and one line about the
//! setting (or why the slider stops).
//!
//! ```text
//! ┌ Roofline · H100 SXM5 · BF16 ─────────────┐
//! │  1k ┤           ⣀⠤⠒⠒⠒⠒⠒⠒ 989 TF          │  chart (widgets::RooflinePlot)
//! │ 100 ┤      ⢀⡠⠔⠊  ⡇ ridge 295             │
//! │     └┬─────┬─────┬─────┬                 │
//! │ batch 8    ◀━━━━●──────┃╌╌╌▶ KV wall 98  │  slider (widgets::BatchSlider)
//! │ AI 8.0 · 2.7% of ridge · 1,790 tok/s     │  readouts (a figure not yet revealed: `?`)
//! │ Llama-3-8B · 4K context · weights BF16   │  info: the setting, or the KV wall's reason
//! └──────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::layout::{PlotAreas, inside_border};
use super::theme::Theme;
use crate::app::App;
use crate::app::plot_view::{PRECISIONS, PlotKind, PrefillDot, setting_words};
use crate::domain::batch_range::{BatchRange, Limit};
use crate::domain::quantity::Quantity;
use crate::domain::scenario::{Evaluation, Scenario, WeightFit};
use crate::widgets::{
    Appearance, BatchSlider, Element, PlotModel, ReadoutsLine, Roof, RooflinePlot,
};

/// Draws the pane's parts into their areas.
pub fn render(app: &App, areas: PlotAreas, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let look = app.appearance();
    let plot = app.plot();
    let scenario = &plot.scenario;
    let evaluation = match plot.evaluate(app.catalog()) {
        Ok(evaluation) => evaluation,
        Err(e) => {
            render_error(theme, &areas, &e.to_string(), buf);
            return;
        }
    };
    let overlay = plot
        .overlay_gpu
        .as_deref()
        .and_then(|id| app.catalog().gpu(id).ok())
        .and_then(|gpu| Roof::for_gpu(gpu, scenario.precision));
    let withheld = app.withheld();
    let range = BatchRange::of(scenario, &evaluation, plot.wall);
    let axis_peak = axis_peak(app, scenario, plot.overlay_gpu.as_deref());
    let mut model = PlotModel::from_evaluation(scenario, &evaluation, look)
        .with_overlay(overlay)
        .with_withheld(withheld.clone())
        .with_axis_peak(axis_peak);
    if plot.prefill == PrefillDot::Shown {
        model = model.with_prefill(&evaluation);
    }
    let measured = super::measured_pane::measured(app.catalog(), scenario);
    if model.overlay.is_none() {
        model = model.with_overlay(measured.roof.clone());
    }
    model = model.with_measured(measured.overlay.clone());
    if !range.fits() {
        // A setting that cannot run draws no dots and no step time: the lines say why.
        model.decode = None;
        model.dense = None;
        model.attention = None;
        model.prefill = None;
    }
    if let Some(block) = areas.block {
        let title = title(theme, &model, plot.kind, block.width.saturating_sub(4));
        pane_block(theme, &title).render(block, buf);
    }
    if let Some(chart) = areas.chart {
        match plot.kind {
            PlotKind::Roofline => RooflinePlot::new(&model).render(chart, buf),
            PlotKind::Curve => super::curve_pane::render(app, &evaluation, &range, chart, buf),
        }
    }
    if let Some(slider) = areas.slider {
        let fit = if range.fits() {
            WeightFit::Fits
        } else {
            WeightFit::DoesNotFit
        };
        BatchSlider::new(scenario.batch, range.wall(), look)
            .with_fit(fit)
            .with_withheld(withheld.clone())
            .render(slider, buf);
    }
    if let Some(readouts) = areas.readouts {
        if range.fits() {
            ReadoutsLine::new(&evaluation, look, &withheld)
                .with_utilization(measured.mbu, measured.mfu)
                .with_interconnect(interconnect_shown(scenario))
                .render(readouts, buf);
        } else {
            does_not_fit(scenario, &evaluation, look).render(readouts, buf);
        }
    }
    if let Some(info) = areas.info {
        let line = info_line(app, theme, &evaluation, &range, info.width);
        let style = line.style;
        let text = line.to_string();
        let text = withheld.mask_quantities(&text, &weights(app)).into_owned();
        Line::styled(text, style).render(info, buf);
    }
}

/// The readouts' line where the weights do not fit: the model, the TP degree and the GPU.
fn does_not_fit(scenario: &Scenario, evaluation: &Evaluation, look: Appearance) -> Line<'static> {
    let name = evaluation
        .model
        .as_ref()
        .map_or("the model", |m| m.model_name.as_str());
    Line::styled(
        format!(
            "{name} does not fit on {} {}",
            scenario.tp, evaluation.gpu_name
        ),
        look.style(Element::Wall),
    )
}

/// The highest peak the plot's GPUs reach in any format the precision key reaches (and the one
/// shown), so that the vertical axis stays put as the learner cycles formats.
fn axis_peak(app: &App, scenario: &Scenario, overlay_gpu: Option<&str>) -> f64 {
    [Some(scenario.gpu.as_str()), overlay_gpu]
        .into_iter()
        .flatten()
        .filter_map(|id| app.catalog().gpu(id).ok())
        .flat_map(|gpu| {
            PRECISIONS
                .iter()
                .map(|(math, _)| *math)
                .chain([scenario.precision])
                .filter_map(|d| gpu.peak_flops(d))
        })
        .fold(0.0, f64::max)
}

/// The weights per GPU at the plot's setting, as a notice that the model does not fit states
/// them: withheld while a step asks for them.
pub(crate) fn weights(app: &App) -> Vec<(Quantity, f64)> {
    let Ok(evaluation) = app.plot().scenario.evaluate(app.catalog()) else {
        return Vec::new();
    };
    [Quantity::WeightGbPerGpu, Quantity::WeightGbStoredPerGpu]
        .into_iter()
        .filter_map(|q| q.number(&evaluation).map(|v| (q, v)))
        .collect()
}

/// `Roofline · H100 SXM5 · BF16`, with ` vs H200 SXM` for a comparison GPU; the curve's
/// `Throughput vs interactivity · H100 SXM5 · BF16`.
fn title(theme: Theme, model: &PlotModel, kind: PlotKind, room: u16) -> String {
    let dot = theme.dot();
    let what = match kind {
        PlotKind::Roofline => "Roofline",
        // The long name where it fits beside the GPU and the format.
        PlotKind::Curve => {
            let rest = format!("{dot}{}{dot}{}", model.roof.name, model.precision);
            let long = "Throughput vs interactivity";
            if long.chars().count() + rest.chars().count() <= usize::from(room) {
                long
            } else {
                "Curve"
            }
        }
    };
    let base = format!("{what}{dot}{}{dot}{}", model.roof.name, model.precision);
    match (&model.overlay, kind) {
        (Some(other), PlotKind::Roofline) => format!("{base} vs {}", other.name),
        (_, PlotKind::Roofline | PlotKind::Curve) => base,
    }
}

/// Whether the readouts carry the interconnect term: a tensor-parallel setting that names its
/// link (a lesson about the links, a profile, `:link`). The lessons that teach the pure roofline
/// name none, so their step stays the speed of light alone.
const fn interconnect_shown(scenario: &crate::domain::scenario::Scenario) -> bool {
    scenario.tp > 1 && scenario.link.is_some()
}

fn pane_block(theme: Theme, title: &str) -> Block<'static> {
    Block::bordered()
        .border_set(theme.border_set())
        .border_style(theme.border())
        .title(Span::styled(format!(" {title} "), theme.heading()))
}

fn render_error(theme: Theme, areas: &PlotAreas, message: &str, buf: &mut Buffer) {
    let text = Paragraph::new(Line::styled(
        format!("cannot plot this setting: {message}"),
        theme.error(),
    ))
    .wrap(Wrap { trim: true });
    match (areas.block, areas.slider) {
        (Some(block), _) => {
            pane_block(theme, "Roofline").render(block, buf);
            text.render(inside_border(block), buf);
        }
        (None, Some(slider)) => text.render(slider, buf),
        (None, None) => {}
    }
}

/// The KV wall's reason when the slider is stopped at it (or no sequence fits), else the
/// setting in words. Either way it names the model.
fn info_line(
    app: &App,
    theme: Theme,
    evaluation: &Evaluation,
    range: &BatchRange,
    width: u16,
) -> Line<'static> {
    let scenario = &app.plot().scenario;
    let look = theme.appearance();
    let model = evaluation
        .model
        .as_ref()
        .map_or("no model", |m| m.model_name.as_str());
    let dot = theme.dot();
    let stopped = match range.limit {
        Limit::NoRoom | Limit::DoesNotFit => true,
        Limit::KvWall(wall) => u64::from(scenario.batch) >= wall,
        Limit::SliderEnd => false,
    };
    if stopped {
        // The longest wording that fits: never a reason cut off mid-word.
        let context = scenario.context;
        let text = [
            format!("{model}{dot}{}", range.reason(context)),
            range.reason(context),
            format!("{model}{dot}{}", range.short_reason(context)),
            range.short_reason(context),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= usize::from(width))
        .unwrap_or_else(|| range.short_reason(context));
        return Line::styled(text, look.style(Element::Wall));
    }
    Line::styled(setting_words(scenario, model, dot), theme.muted())
}
