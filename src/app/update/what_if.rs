//! The what-if line: `:` opens it over the plot; Tab completes, Enter applies, Esc cancels. A
//! command the line cannot take is refused on the line itself, and nothing changes.

use super::plot::plot_change;
use super::refuse;
use crate::app::{App, Msg, NavMsg, PlotMsg, StepMsg, WhatIfLine};
use crate::domain::scenario::Scenario;
use crate::domain::whatif::{Command, complete, parse};

/// Whether the line took a message.
pub(super) enum Taken {
    /// Not the line's (it is closed, or the message is a resize or Ctrl-C).
    Passed,
    /// The line handled it; maybe a message follows (`:step 5`, `:reset`).
    Took(Option<Msg>),
}

/// The line's handling of a message while it is open.
pub(super) fn handle(app: &mut App, msg: &Msg) -> Taken {
    let WhatIfLine::Open { text, error } = &mut app.what_if else {
        return Taken::Passed;
    };
    match msg {
        Msg::Step(StepMsg::TypeChar(c)) => {
            text.push(*c);
            *error = None;
        }
        Msg::Step(StepMsg::Backspace) => {
            text.pop();
            *error = None;
        }
        Msg::Plot(PlotMsg::CompleteWhatIf) => {
            if let Some(done) = complete(text, &app.catalog) {
                *text = done;
                *error = None;
            }
        }
        Msg::Step(StepMsg::LeaveInput) => app.what_if = WhatIfLine::Closed,
        Msg::Step(StepMsg::Commit) => {
            let line = text.clone();
            return Taken::Took(match parse(&line, &app.catalog) {
                Ok(command) => {
                    app.what_if = WhatIfLine::Closed;
                    apply(app, command)
                }
                Err(e) => {
                    *error = Some(e.to_string());
                    None
                }
            });
        }
        // Not the line's: the terminal, the clock, the mouse, Ctrl-C (the keymap sends it
        // nothing else while it is open).
        Msg::App(_)
        | Msg::Nav(_)
        | Msg::Plot(_)
        | Msg::Quiz(_)
        | Msg::Room(_)
        | Msg::Why(_)
        | Msg::Step(
            StepMsg::SelectOption(_)
            | StepMsg::Reveal
            | StepMsg::TurnCard
            | StepMsg::Grade(_)
            | StepMsg::EditText,
        ) => return Taken::Passed,
    }
    Taken::Took(None)
}

/// Applies a command to the plot (or moves to a step).
fn apply(app: &mut App, command: Command) -> Option<Msg> {
    let current = app.plot.scenario.clone();
    let candidate = match command {
        Command::Gpu(gpu) => with_gpu(&current, &gpu, app),
        Command::Precision { math, weights } => Scenario {
            precision: math,
            weights,
            ..current
        },
        Command::Model(model) => Scenario {
            model: Some(model),
            ..current
        },
        Command::Tp(tp) => Scenario { tp, ..current },
        Command::Context(context) => Scenario { context, ..current },
        Command::Batch(batch) => {
            return plot_change(app, |plot, catalog| plot.set_batch(batch, catalog));
        }
        Command::Overlay(gpu) => {
            app.plot.overlay_gpu = gpu;
            return None;
        }
        Command::Reset => return Some(Msg::Plot(PlotMsg::ResetPlot)),
        Command::Step(n) => return Some(Msg::Nav(NavMsg::JumpToStep(n))),
    };
    plot_change(app, |plot, catalog| plot.try_setting(candidate, catalog))
}

/// Another GPU, as `g` picks its format (see [`crate::app::plot_view::on_gpu`]); the note, if
/// any, on the line.
fn with_gpu(current: &Scenario, gpu: &str, app: &mut App) -> Scenario {
    let (candidate, note) = crate::app::plot_view::on_gpu(current, gpu, &app.catalog);
    if let Some(note) = note {
        let _ = refuse(app, note);
    }
    candidate
}
