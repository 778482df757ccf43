//! The presenter's side of a room test: a classroom `App`, the real room server on
//! 127.0.0.1, and the run loop's part played by hand (answers in, state published).

#![allow(dead_code)]

use std::sync::mpsc::{self, Receiver};

use roofline_tutor::app::StepMsg;
use roofline_tutor::app::{App, Effect, Msg, classroom, handle};
use roofline_tutor::cli::present::room::RoomServer;
use roofline_tutor::cli::present::room::http::Bounds;
use roofline_tutor::domain::classroom::StepGuesses;

/// The join code every room test uses.
pub const CODE: &str = "K7QX2M";

/// A presentation with a room.
pub struct Presenter {
    pub app: App,
    pub server: RoomServer,
    inbox: Receiver<Msg>,
    effects: Vec<Effect>,
}

impl Presenter {
    /// The course presented from lesson `id` at step `step` (from 1), its room on a free
    /// loopback port.
    pub fn start(id: &str, step: usize) -> Self {
        Self::start_with(id, step, |addr, answers| {
            RoomServer::start(addr, CODE, answers)
        })
    }

    /// [`Presenter::start`] with the server held within `bounds`.
    pub fn start_within(id: &str, step: usize, bounds: Bounds) -> Self {
        Self::start_with(id, step, |addr, answers| {
            RoomServer::start_within(addr, CODE, answers, bounds)
        })
    }

    fn start_with(
        id: &str,
        step: usize,
        serve: impl FnOnce(std::net::SocketAddr, mpsc::Sender<Msg>) -> anyhow::Result<RoomServer>,
    ) -> Self {
        let app = super::support::opened_at(
            super::support::course_app(160, 45).presenting("2026-11-23T10:00:00Z".to_owned()),
            id,
            step,
        );
        let (answers, inbox) = mpsc::channel();
        let server = serve("127.0.0.1:0".parse().unwrap(), answers)
            .expect("the room's server starts on loopback");
        let room = Self {
            app,
            server,
            inbox,
            effects: Vec::new(),
        };
        room.publish();
        room
    }

    /// `http://127.0.0.1:PORT` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.server.addr())
    }

    /// What the run loop does after every change: publish the state the room may see.
    pub fn publish(&self) {
        self.server.publish(classroom::room::state(&self.app));
    }

    /// Hands every answer the server has sent (it sends before it replies) to `update`.
    pub fn pump(&mut self) -> usize {
        let mut n = 0;
        while let Ok(msg) = self.inbox.try_recv() {
            let effects = handle(&mut self.app, msg);
            // Counted or dropped, a room's answer asks that the notes window be told (and the
            // record written again, for one counted after its step's reveal).
            assert!(
                effects
                    .iter()
                    .all(|e| matches!(e, Effect::NotifyNotes | Effect::SaveRecord)),
                "a room answer's effects: {effects:?}"
            );
            n += 1;
        }
        self.publish();
        n
    }

    /// A presenter's message.
    pub fn act(&mut self, msg: Msg) {
        self.effects = handle(&mut self.app, msg);
        self.publish();
    }

    /// What the presenter's last message asked of the world (the run loop would perform it:
    /// the notes window told, the record written; these tests open neither).
    pub fn effects(&self) -> &[Effect] {
        &self.effects
    }

    /// The presenter types guesses and adds them.
    pub fn type_guesses(&mut self, text: &str) {
        for c in text.chars() {
            self.act(Msg::Step(StepMsg::TypeChar(c)));
        }
        self.act(Msg::Step(StepMsg::Commit));
    }

    /// The current step's guesses, typed and sent.
    pub fn guesses(&self) -> StepGuesses {
        let step = self.app.current_step().unwrap().1.id().to_owned();
        self.app.classroom().expect("presenting").guesses.of(&step)
    }

    /// The answers waiting in the channel, not yet handed to `update`.
    pub fn inbox(&self) -> &Receiver<Msg> {
        &self.inbox
    }
}

/// A client that reads 4xx and 5xx replies instead of failing on them.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .build()
        .into()
}
