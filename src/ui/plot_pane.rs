//! The roofline pane: the log-log plot, the batch slider, the readouts and one line about the
//! setting (or why the slider stops).
//!
//! ```text
//! ┌ Roofline · H100 SXM5 · BF16 ─────────────┐
//! │  1k ┤           ⣀⠤⠒⠒⠒⠒⠒⠒ 989 TF          │  chart (widgets::RooflinePlot)
//! │ 100 ┤      ⢀⡠⠔⠊  ⡇ ridge 295             │
//! │     └┬─────┬─────┬─────┬                 │
//! │ batch 8    ◀━━━━●──────┃╌╌╌▶ KV wall 98  │  slider (widgets::BatchSlider)
//! │ AI 8.0 · 2.7% of ridge · 1,790 tok/s     │  readouts (hidden while a prediction is open)
//! │ Llama-3-8B · 4K context · weights BF16   │  info: the setting, or the KV wall's reason
//! └──────────────────────────────────────────┘
//! ```

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::layout::{PlotAreas, inside_border};
use super::theme::Theme;
use crate::app::plot_view::{PrefillDot, context_label, kv_wall_explanation};
use crate::app::{App, Screen};
use crate::domain::lesson::Step;
use crate::domain::scenario::Evaluation;
use crate::domain::session::{PredictState, StepState};
use crate::widgets::{
    BatchSlider, Element, Numbers, PlotModel, ReadoutsLine, Roof, RooflinePlot, SLIDER_MAX_BATCH,
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
    let numbers = if prediction_open(app) {
        Numbers::Withheld
    } else {
        Numbers::Shown
    };
    let mut model = PlotModel::from_evaluation(scenario, &evaluation, look)
        .with_overlay(overlay)
        .with_numbers(numbers);
    if plot.prefill == PrefillDot::Shown {
        model = model.with_prefill(&evaluation);
    }
    let measured = super::measured_pane::measured(app.catalog(), scenario);
    model = model.with_measured(measured.overlay);
    if let Some(block) = areas.block {
        pane_block(theme, &title(theme, &model)).render(block, buf);
    }
    if let Some(chart) = areas.chart {
        RooflinePlot::new(&model).render(chart, buf);
    }
    if let Some(slider) = areas.slider {
        BatchSlider::from_evaluation(scenario, &evaluation, look)
            .with_numbers(numbers)
            .render(slider, buf);
    }
    if let Some(readouts) = areas.readouts {
        if numbers == Numbers::Withheld {
            Line::styled("readouts hidden until you reveal", theme.muted()).render(readouts, buf);
        } else {
            ReadoutsLine::new(&evaluation, look)
                .with_utilization(measured.mbu, measured.mfu)
                .render(readouts, buf);
        }
    }
    if let Some(info) = areas.info {
        info_line(app, theme, &evaluation).render(info, buf);
    }
}

/// `Roofline · H100 SXM5 · BF16`, with ` vs H200 SXM` for a comparison GPU.
fn title(theme: Theme, model: &PlotModel) -> String {
    let dot = theme.dot();
    let base = format!("Roofline{dot}{}{dot}{}", model.roof.name, model.precision);
    match &model.overlay {
        Some(other) => format!("{base} vs {}", other.name),
        None => base,
    }
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

/// Whether a prediction on the current step is still open: its readouts would give the answer
/// away (explore steps keep them: reading the plot is their point).
fn prediction_open(app: &App) -> bool {
    let Screen::Lesson(screen) = app.screen() else {
        return false;
    };
    let is_predict = app
        .lessons()
        .get(screen.lesson)
        .and_then(|l| l.steps.get(screen.session.current()))
        .is_some_and(|s| matches!(s, Step::Predict(_)));
    is_predict
        && matches!(
            screen.session.state(),
            StepState::Predict(PredictState::Predicting { .. } | PredictState::Committed { .. })
        )
}

/// The KV wall's reason when the slider is stopped at it, else the setting in words.
fn info_line(app: &App, theme: Theme, evaluation: &Evaluation) -> Line<'static> {
    let scenario = &app.plot().scenario;
    let look = theme.appearance();
    if let Some(wall) = evaluation.model.as_ref().and_then(|m| m.max_batch_kv)
        && wall <= u64::from(SLIDER_MAX_BATCH)
        && u64::from(scenario.batch) >= wall
    {
        let text = if wall == 0 {
            "no room for KV: the weights fill the memory this GPU may use".to_owned()
        } else {
            kv_wall_explanation(scenario, evaluation, wall)
        };
        return Line::styled(text, look.style(Element::Wall));
    }
    let model = evaluation
        .model
        .as_ref()
        .map_or("no model", |m| m.model_name.as_str());
    let dot = theme.dot();
    let context = if scenario.context == 0 {
        "no KV cache".to_owned()
    } else {
        format!("{} context", context_label(scenario.context))
    };
    let mut text = format!(
        "{model}{dot}{context}{dot}weights {}",
        scenario.weights.label()
    );
    if scenario.kv != scenario.weights {
        let _ = write!(text, "{dot}KV {}", scenario.kv.label());
    }
    if scenario.tp > 1 {
        let _ = write!(text, "{dot}TP {}", scenario.tp);
    }
    Line::styled(text, theme.muted())
}
