//! A fluent harness over `handle`: build a tutor, send it messages, and read what each asked
//! of the world, so that no test drops the effects of a message unseen.
//!
//! ```ignore
//! let mut tutor = Tutor::at(160, 45).present("ridge-point", 2);
//! tutor.room_answer("a", 417.0);
//! assert_eq!(tutor.effects(), [Effect::NotifyNotes]);
//! tutor.send(Msg::Step(StepMsg::Reveal));
//! assert_eq!(tutor.effects(), [Effect::SaveRecord, Effect::NotifyNotes]);
//! ```

#![allow(dead_code, reason = "each test file uses its own part")]

use roofline_tutor::app::classroom::room::RoomInfo;
use roofline_tutor::app::{App, Effect, Msg, RoomMsg, StepMsg, handle};
use roofline_tutor::domain::classroom::room::{Reveals, Takes};

use super::{course_app, opened_at};

/// The presenter's walkthroughs start at this moment in every test.
pub const STARTED: &str = "2026-11-23T10:00:00Z";

/// A tutor under test and the effects its last message asked for.
pub struct Tutor {
    app: App,
    last: Vec<Effect>,
}

impl Tutor {
    /// The shipped course on the lesson list, in a `width`×`height` terminal.
    #[must_use]
    pub fn at(width: u16, height: u16) -> Self {
        Self::from(course_app(width, height))
    }

    /// Any app already built.
    #[must_use]
    pub fn from(app: App) -> Self {
        Self {
            app,
            last: Vec::new(),
        }
    }

    /// The walkthrough of lesson `id` at its step `step` (from 1).
    #[must_use]
    pub fn present(self, id: &str, step: usize) -> Self {
        let app = self.app.presenting(STARTED.to_owned());
        Self::from(opened_at(app, id, step))
    }

    /// The walkthrough with the room answering from its devices (call before `present`'s
    /// lesson is opened, or after: the room is the walkthrough's).
    #[must_use]
    pub fn with_room(self, room: RoomInfo) -> Self {
        Self::from(self.app.with_room(room))
    }

    /// Lesson `id` opened (in the mode the tutor is in) at its step `step` (from 1).
    #[must_use]
    pub fn at_step(self, id: &str, step: usize) -> Self {
        Self::from(opened_at(self.app, id, step))
    }

    /// Handles `msg` and every message it leads to; its effects replace the last ones.
    #[track_caller]
    pub fn send(&mut self, msg: Msg) -> &mut Self {
        self.last = handle(&mut self.app, msg);
        self
    }

    /// Presses keys as a learner would, through the keymap (a key that means nothing here is
    /// skipped); the effects are the last key's.
    #[track_caller]
    pub fn press(&mut self, keys: &[crossterm::event::Event]) -> &mut Self {
        for event in keys {
            if let Some(msg) = self.app.msg_for(event) {
                self.send(msg);
            }
        }
        self
    }

    /// Types `text` one character at a time, then commits it; the effects are the commit's.
    #[track_caller]
    pub fn type_and_commit(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            self.send(Msg::Step(StepMsg::TypeChar(c)));
        }
        self.send(Msg::Step(StepMsg::Commit))
    }

    /// A participant's number sent from a device for the step on screen, checked as the room
    /// server checks it.
    #[track_caller]
    pub fn room_answer(&mut self, participant: &str, value: f64) -> &mut Self {
        let step = self.app.session().expect("a lesson is open").current();
        let value = Takes::Number {
            unit: String::new(),
        }
        .check(&serde_json::json!(value))
        .expect("a number the room server takes");
        self.send(Msg::Room(RoomMsg::Answer {
            step,
            participant: participant.to_owned(),
            value,
            seen: Reveals::default(),
        }))
    }

    /// What the last message asked of the world, each once, in the order first asked.
    #[must_use]
    pub fn effects(&self) -> &[Effect] {
        &self.last
    }

    /// The app.
    #[must_use]
    pub const fn app(&self) -> &App {
        &self.app
    }

    /// The app, to hand to code that takes it (the renderer, a record).
    pub fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }
}
