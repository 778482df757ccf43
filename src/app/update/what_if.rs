//! The what-if line: `:` opens it over the plot (and on the lesson list and a lesson's end,
//! where it takes `:lesson N`); Tab completes, Enter applies, Esc cancels. A command the line
//! cannot take is refused on the line itself, and nothing changes.

use crate::app::handlers::plot::plot_change;
use crate::app::handlers::refuse;
use crate::app::{App, Msg, NavMsg, PlotMsg, Screen, StepMsg, WhatIfLine};
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
            let parsed = parse(&line, &app.catalog)
                .map_err(|e| e.to_string())
                .and_then(|command| applies_here(app, command));
            return Taken::Took(match parsed {
                Ok(command) => {
                    app.what_if = WhatIfLine::Closed;
                    apply(app, command)
                }
                Err(why) => {
                    if let WhatIfLine::Open { error, .. } = &mut app.what_if {
                        *error = Some(why);
                    }
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

/// The command, if it can be applied where the line was opened; else why not, for the line.
/// `:lesson N` goes to a lesson of the course from anywhere in study; the plot's commands need
/// a lesson on screen.
fn applies_here(app: &App, command: Command) -> Result<Command, String> {
    let count = app.lessons.len();
    match command {
        Command::Lesson(_) if !app.mode.course().roams() => {
            Err("lessons are opened while studying (`roofline`), not here".to_owned())
        }
        Command::Lesson(n) if n > count => Err(format!(
            "there is no lesson {n}: the course has lessons 1 to {count}"
        )),
        Command::Lesson(_) => Ok(command),
        Command::Gpu(_)
        | Command::Precision { .. }
        | Command::Model(_)
        | Command::Tp(_)
        | Command::Ep(_)
        | Command::Pp(_)
        | Command::Batch(_)
        | Command::Context(_)
        | Command::Link(_)
        | Command::Overlay(_)
        | Command::Reset
        | Command::Step(_) => {
            if matches!(app.screen, Screen::Lesson(_)) {
                Ok(command)
            } else {
                Err("here only :lesson N works; open a lesson for the plot's commands".to_owned())
            }
        }
    }
}

/// Applies a command to the plot (or moves to a step or a lesson).
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
        Command::Ep(ep) => Scenario { ep, ..current },
        Command::Pp(pp) => Scenario { pp, ..current },
        Command::Context(context) => Scenario { context, ..current },
        // One link for both jobs, as `--link` means: the jobs' own links give way to it.
        Command::Link(id) => current.with_links(&crate::domain::link::LinkChoice {
            link: Some(id),
            ..crate::domain::link::LinkChoice::default()
        }),
        Command::Batch(batch) => {
            return plot_change(app, |plot, catalog| plot.set_batch(batch, catalog));
        }
        Command::Overlay(gpu) => {
            app.plot.overlay_gpu = gpu;
            return None;
        }
        Command::Reset => return Some(Msg::Plot(PlotMsg::ResetPlot)),
        Command::Step(n) => return Some(Msg::Nav(NavMsg::JumpToStep(n))),
        Command::Lesson(n) => return Some(Msg::Nav(NavMsg::OpenLesson(n - 1))),
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
