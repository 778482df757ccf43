//! The what-if line: `:` opens it over the plot; Tab completes, Enter applies, Esc cancels. A
//! command the line cannot take is refused on the line itself, and nothing changes.

use super::plot::plot_change;
use super::refuse;
use crate::app::{App, Msg, Screen, WhatIfLine};
use crate::domain::scenario::Scenario;
use crate::domain::whatif::{Command, complete, parse};

/// Opens the line (on a lesson's plot).
pub(super) fn open(app: &mut App) -> Option<Msg> {
    if matches!(app.screen, Screen::Lesson(_)) {
        app.what_if = WhatIfLine::Open {
            text: String::new(),
            error: None,
        };
    }
    None
}

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
        Msg::TypeChar(c) => {
            text.push(*c);
            *error = None;
        }
        Msg::Backspace => {
            text.pop();
            *error = None;
        }
        Msg::CompleteWhatIf => {
            if let Some(done) = complete(text, &app.catalog) {
                *text = done;
                *error = None;
            }
        }
        Msg::LeaveInput => app.what_if = WhatIfLine::Closed,
        Msg::Commit => {
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
        _ => return Taken::Passed,
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
        Command::Reset => return Some(Msg::ResetPlot),
        Command::Step(n) => return Some(Msg::JumpToStep(n)),
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
