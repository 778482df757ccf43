//! The live plot: the batch slider (keys and mouse), the cycle keys, and the KV wall as the
//! mode wants it.

use super::{inform, refuse};
use crate::app::plot_view::{PlotChange, PlotView};
use crate::app::{App, Drag, Msg, PlotMsg, Screen, WhatIfLine};
use crate::domain::catalog::Catalog;

/// A change of the plot, on a lesson's plot (elsewhere nothing changes).
pub(in crate::app) fn plot(app: &mut App, msg: PlotMsg) -> Option<Msg> {
    match msg {
        PlotMsg::HalveBatch => batch_to(app, |b| b / 2),
        PlotMsg::DoubleBatch => batch_to(app, |b| b.saturating_mul(2)),
        PlotMsg::DecrementBatch => batch_to(app, |b| b.saturating_sub(1)),
        PlotMsg::IncrementBatch => batch_to(app, |b| b.saturating_add(1)),
        PlotMsg::SetBatch(batch) => batch_to(app, |_| batch),
        PlotMsg::CyclePrecision(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_precision(cycle, catalog))
        }
        PlotMsg::CycleGpu(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_gpu(cycle, catalog))
        }
        PlotMsg::CycleModel(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_model(cycle, catalog))
        }
        PlotMsg::CycleContext(cycle) => {
            plot_change(app, |plot, catalog| plot.cycle_context(cycle, catalog))
        }
        PlotMsg::ResetPlot => {
            if matches!(app.screen, Screen::Lesson(_)) {
                super::study::plot_to_step(app);
                inform(app, "the plot is back to this step's setting");
            }
            None
        }
        PlotMsg::TogglePrefill => {
            app.plot.prefill = app.plot.prefill.toggled();
            None
        }
        PlotMsg::ToggleCurve => {
            app.plot.kind = app.plot.kind.toggled();
            None
        }
        PlotMsg::OpenWhatIf => {
            // Over a lesson's plot; on the lesson list and a lesson's end for `:lesson N`.
            if matches!(app.screen, Screen::Lesson(_) | Screen::LessonList { .. }) {
                app.what_if = WhatIfLine::Open {
                    text: String::new(),
                    error: None,
                };
            }
            None
        }
        // The open line completes (it takes the key first); closed, Tab means nothing.
        PlotMsg::CompleteWhatIf => None,
    }
}

/// A press on the slider sets the batch and starts a drag; a drag moves it; a release ends it.
/// What the left mouse button did.
#[derive(Debug, Clone, Copy)]
pub(in crate::app) enum Pointer {
    Down { column: u16, row: u16 },
    Drag { column: u16 },
    Up,
}

pub(in crate::app) fn pointer(app: &mut App, event: Pointer) -> Option<Msg> {
    match event {
        Pointer::Down { column, row } => {
            let track = app.slider_track().filter(|t| t.contains(column, row))?;
            app.drag = Drag::Slider;
            Some(Msg::Plot(PlotMsg::SetBatch(track.batch_at_column(column))))
        }
        Pointer::Drag { column } => match app.drag {
            Drag::Slider => app
                .slider_track()
                .map(|t| Msg::Plot(PlotMsg::SetBatch(t.batch_at_column(column)))),
            Drag::Idle => None,
        },
        Pointer::Up => {
            app.drag = Drag::Idle;
            None
        }
    }
}

fn batch_to(app: &mut App, target: impl FnOnce(u32) -> u32) -> Option<Msg> {
    let wanted = target(app.plot.scenario.batch);
    plot_change(app, |plot, catalog| plot.set_batch(wanted, catalog))
}

pub(in crate::app) fn plot_change(
    app: &mut App,
    change: impl FnOnce(&mut PlotView, &Catalog) -> PlotChange,
) -> Option<Msg> {
    if !matches!(app.screen, Screen::Lesson(_)) {
        return None;
    }
    match change(&mut app.plot, &app.catalog) {
        PlotChange::Changed | PlotChange::Unchanged => None,
        PlotChange::ChangedWithNote(note) => {
            inform(app, note);
            None
        }
        PlotChange::Refused(why) => refuse(app, why),
    }
}

/// Keeps the plot's KV wall as the mode wants it; once a wall is no longer withheld, a batch
/// past it comes down to it, with the reason.
pub(in crate::app) fn apply_wall_policy(app: &mut App) {
    let wanted = app.wall_policy();
    if app.plot.wall == wanted {
        return;
    }
    app.plot.wall = wanted;
    let batch = app.plot.scenario.batch;
    if let PlotChange::ChangedWithNote(note) = app.plot.set_batch(batch, &app.catalog) {
        inform(app, format!("batch lowered: {note}"));
    }
}
