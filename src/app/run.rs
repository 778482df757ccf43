//! The event loop: wait for an event, update, perform the effects it asks for (follow-up
//! messages, a save), redraw. Nothing is drawn except after an event.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;

use super::{App, Effect, EventSource, Msg, RunState, update};
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

/// What handling one message (and the messages it leads to) asks of the loop.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    /// Nothing to do outside the state.
    Done,
    /// Progress changed and must be saved.
    Save,
}

/// Applies a message and every follow-up it leads to, collecting the effects the loop must
/// perform.
pub fn handle(app: &mut App, msg: Msg) -> Handled {
    let mut queue = std::collections::VecDeque::from([msg]);
    let mut handled = Handled::Done;
    while let Some(msg) = queue.pop_front() {
        for effect in update(app, msg).iter() {
            match effect {
                Effect::Dispatch(next) => queue.push_back(next.clone()),
                Effect::SaveProgress => handled = Handled::Save,
            }
        }
    }
    handled
}

/// Runs the program until it quits or the events end. Progress is saved after every event
/// whose update asked for it; a failed save becomes a warning on screen, not an exit.
pub fn run<B: Backend, E: EventSource, S: ProgressSink>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut E,
    sink: &mut S,
) -> Result<(), RunError<B::Error>>
where
    B::Error: 'static,
{
    draw(terminal, app)?;
    while app.run_state() != RunState::Quitting {
        let Some(event) = events.next_event().map_err(RunError::Input)? else {
            break;
        };
        let Some(msg) = app.msg_for(&event) else {
            continue;
        };
        if handle(app, msg) == Handled::Save
            && let Err(why) = sink.save(app.progress())
        {
            let _ = update(app, Msg::SaveFailed(why));
        }
        if app.run_state() != RunState::Quitting {
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
