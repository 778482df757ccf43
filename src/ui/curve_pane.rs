//! The plot pane's second picture, the throughput–interactivity curve, built from the engine
//! for the plot's setting: batch 1 up to the slider's end (the KV wall, unless a question
//! withholds it), the slider's batch on it, the bend, and the batch a token-time target allows
//! when the setting has one.

use crate::app::App;
use crate::domain::batch_range::BatchRange;
use crate::domain::latency::{self, CurvePoint};
use crate::domain::scenario::Evaluation;
use crate::domain::withhold::Withheld;
use crate::widgets::{Appearance, CurveModel, CurvePlot};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Draws the curve of the plot's setting into `area`, withheld as the mode says.
pub fn render(
    app: &App,
    evaluation: &Evaluation,
    range: &BatchRange,
    area: Rect,
    buf: &mut Buffer,
) {
    let curve = model(app, evaluation, range, app.withheld(), app.appearance());
    CurvePlot::new(&curve).render(area, buf);
}

/// The curve of the plot's setting (no points where nothing runs).
#[must_use]
pub fn model(
    app: &App,
    evaluation: &Evaluation,
    range: &BatchRange,
    withheld: Withheld,
    look: Appearance,
) -> CurveModel {
    let mut model = CurveModel {
        points: Vec::new(),
        at: None,
        bend: None,
        target: None,
        withheld,
        appearance: look,
    };
    let scenario = &app.plot().scenario;
    if !range.fits() {
        return model;
    }
    let point = |batch: u32| -> Option<CurvePoint> {
        latency::curve(scenario, app.catalog(), batch)
            .ok()?
            .last()
            .copied()
    };
    let Ok(mut points) = latency::curve(scenario, app.catalog(), range.max().max(1)) else {
        return model;
    };
    model.bend = latency::bend(&points);
    model.at = point(scenario.batch);
    if let Some(at) = model.at
        && !points.iter().any(|p| p.batch == at.batch)
    {
        let i = points.partition_point(|p| p.batch < at.batch);
        points.insert(i, at);
    }
    model.target = scenario.tpot_target_ms.and_then(|ms| {
        let batch = evaluation.cluster.as_ref()?.target?.batch;
        (batch > 0).then(|| point(batch)).flatten().map(|p| (p, ms))
    });
    model.points = points;
    model
}
