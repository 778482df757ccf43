//! The event loop: wait for an event, update, save if progress changed, redraw. Nothing is
//! drawn except after an event, and a burst of queued events is drawn once.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;

use super::{App, EventSource, Msg, RunState, update};
use crate::domain::session::Progress;
use crate::store::{Saved, Store};

/// Somewhere progress is saved.
pub trait ProgressSink {
    /// Saves the progress; the error is shown to the learner as it is.
    fn save(&mut self, progress: &Progress) -> Result<(), String>;
}

impl ProgressSink for Store {
    fn save(&mut self, progress: &Progress) -> Result<(), String> {
        match Store::save(self, progress) {
            Ok(Saved::Written | Saved::Skipped) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Progress kept in memory (tests, and a store that cannot be used).
impl ProgressSink for Vec<Progress> {
    fn save(&mut self, progress: &Progress) -> Result<(), String> {
        self.push(progress.clone());
        Ok(())
    }
}

/// Runs the program until it quits or the events end. Progress is saved after every event
/// that changed it; a failed save becomes a warning on screen, not an exit.
pub fn run<B: Backend, E: EventSource, S: ProgressSink>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut E,
    sink: &mut S,
) -> Result<(), RunError<B::Error>>
where
    B::Error: 'static,
{
    let mut saved = app.progress().clone();
    draw(terminal, app)?;
    while app.run_state() == RunState::Running {
        let Some(event) = events.next_event().map_err(RunError::Input)? else {
            break;
        };
        let Some(msg) = app.msg_for(&event) else {
            continue;
        };
        let mut next = Some(msg);
        while let Some(msg) = next {
            next = update(app, msg);
        }
        if *app.progress() != saved {
            saved = app.progress().clone();
            if let Err(why) = sink.save(&saved) {
                let _ = update(app, Msg::SaveFailed(why));
            }
        }
        // A queued burst is drawn once, after its last event.
        if app.run_state() == RunState::Running && !events.has_pending() {
            draw(terminal, app)?;
        }
    }
    Ok(())
}

/// Why the loop stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E: std::error::Error + 'static> {
    /// The terminal could not be drawn to.
    #[error("cannot draw the screen")]
    Draw(#[source] E),
    /// Input could not be read.
    #[error("cannot read terminal input")]
    Input(#[source] io::Error),
}

fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &App) -> Result<(), RunError<B::Error>>
where
    B::Error: 'static,
{
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .map(|_| ())
        .map_err(RunError::Draw)
}
