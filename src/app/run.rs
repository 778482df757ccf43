//! The event loop: wait for an event, update, perform the effects it asks for (follow-up
//! messages, a save), redraw. Nothing is drawn except after an event, and a burst of queued
//! events is drawn once.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;

use super::{App, AppMsg, Effect, EventSource, Incoming, Msg, QuizMsg, RunState, update};
use crate::domain::session::Progress;
use crate::store::{Saved, Store};

/// Where the effects of `update` land: progress saved, the classroom record written, the
/// speaker notes told.
pub trait ProgressSink {
    /// Saves the progress; the error is shown to the learner as it is.
    fn save(&mut self, progress: &Progress) -> Result<(), String>;

    /// Writes the classroom record, where one was asked for.
    fn save_record(&mut self, _app: &App) -> Result<(), String> {
        Ok(())
    }

    /// Tells the speaker-notes window what is on screen now.
    fn notify(&mut self, _app: &App) {}

    /// Writes the quiz's result file; the path written, if any.
    fn export_result(&mut self, _app: &App) -> Result<Option<String>, String> {
        Ok(None)
    }
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

/// Applies a message and every follow-up it leads to; returns the effects the loop must
/// perform outside the state, each once, in the order first asked.
#[must_use]
pub fn handle(app: &mut App, msg: Msg) -> Vec<Effect> {
    let mut queue = std::collections::VecDeque::from([msg]);
    let mut outside = Vec::new();
    while let Some(msg) = queue.pop_front() {
        for effect in update(app, msg).iter() {
            match effect {
                Effect::Dispatch(next) => queue.push_back(next.clone()),
                Effect::SaveProgress
                | Effect::SaveRecord
                | Effect::NotifyNotes
                | Effect::ExportResult => {
                    if !outside.contains(effect) {
                        outside.push(effect.clone());
                    }
                }
            }
        }
    }
    outside
}

/// Performs the effects `handle` returned; a failed save becomes a warning on screen. What the
/// world answers (the result file written, a save that failed) is handled as a message, and its
/// effects performed in turn: no effect is dropped.
pub fn perform<S: ProgressSink>(app: &mut App, effects: &[Effect], sink: &mut S) {
    for effect in effects {
        let answer = match effect {
            // The review history lives in the progress file: a save writes what changed
            // (only reviews, in review mode), merged over the file.
            Effect::SaveProgress => sink.save(app.progress()).err().map(failed),
            Effect::SaveRecord => sink.save_record(app).err().map(failed),
            Effect::NotifyNotes => {
                sink.notify(app);
                None
            }
            Effect::ExportResult => match sink.export_result(app) {
                Ok(Some(path)) => Some(Msg::Quiz(QuizMsg::ResultExported(path))),
                Ok(None) => None,
                Err(why) => Some(failed(why)),
            },
            Effect::Dispatch(_) => None,
        };
        if let Some(msg) = answer {
            let more = handle(app, msg);
            perform(app, &more, sink);
        }
    }
}

fn failed(why: String) -> Msg {
    Msg::App(AppMsg::SaveFailed(why))
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
        let Some(incoming) = events.next_incoming().map_err(RunError::Input)? else {
            break;
        };
        let mut effects = Vec::new();
        let msg = match incoming {
            Incoming::Msg(msg) => msg,
            Incoming::Event(event) => {
                let Some(msg) = app.msg_for(&event) else {
                    continue;
                };
                if matches!(event, crossterm::event::Event::Key(_)) {
                    // Time is data: the loop reads the clock, `update` counts the time spent.
                    let now = std::time::SystemTime::now();
                    effects = handle(app, Msg::App(AppMsg::Clock(now)));
                }
                msg
            }
        };
        for effect in handle(app, msg) {
            if !effects.contains(&effect) {
                effects.push(effect);
            }
        }
        perform(app, &effects, sink);
        // A queued burst is drawn once, after its last event.
        if app.run_state() != RunState::Quitting && !events.has_pending() {
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
