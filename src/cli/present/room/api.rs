//! The room's API, behind the HTTP layer: the join code, the participants and their tokens,
//! each client's budget, and the two calls (`GET /api/state`, `POST /api/answer`). The HTTP
//! server ([`super::RoomServer`]) turns requests into these calls and their [`Reply`] into a
//! response; the clock is passed in.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use serde_json::json;

use super::limits::{self, Bucket};
use super::participants::{Participants, Refused};
use crate::app::Msg;
use crate::app::RoomMsg;
use crate::domain::classroom::room::{AnswerRequest, RoomState, RoomStep, You, clean_name, shown};
use crate::domain::session::Refusal;

pub use super::participants::MAX_PARTICIPANTS;

/// Addresses remembered for their budgets before idle ones are forgotten.
const MAX_ADDRESSES: usize = 4096;

/// What to answer a request with.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The phone page.
    Page,
    /// A JSON body with this status.
    Json(u16, serde_json::Value),
    /// 403, with no hint of why.
    Forbidden,
    /// 429, and when to come back.
    TooMany(Duration),
}

impl Reply {
    fn error(status: u16, text: impl Into<String>) -> Self {
        Self::Json(status, json!({ "error": text.into() }))
    }
}

/// Everything the server threads share.
pub struct Shared {
    code: String,
    step: Option<RoomStep>,
    participants: Participants,
    addresses: HashMap<IpAddr, Bucket>,
    answers: Sender<Msg>,
}

impl Shared {
    /// A room with this join code, sending each accepted answer to `answers`.
    #[must_use]
    pub fn new(code: String, answers: Sender<Msg>) -> Self {
        Self {
            code,
            step: None,
            participants: Participants::new(Instant::now()),
            addresses: HashMap::new(),
            answers,
        }
    }

    /// What the room may see now (published by the run loop after every change).
    pub fn publish(&mut self, step: Option<RoomStep>) {
        self.step = step;
    }

    /// Takes one request from the address's budget (requests without a token, and wrong codes).
    fn charge_address(&mut self, ip: IpAddr, now: Instant) -> Result<(), Reply> {
        if self.addresses.len() >= MAX_ADDRESSES {
            self.addresses
                .retain(|_, b| !b.is_full(limits::ADDRESS, now));
        }
        self.addresses
            .entry(ip)
            .or_insert_with(|| Bucket::full(limits::ADDRESS, now))
            .take(limits::ADDRESS, now)
            .map_err(Reply::TooMany)
    }

    /// Checks the join code; a wrong one costs the address and gets 403 and nothing else.
    pub fn check_code(
        &mut self,
        code: Option<&str>,
        ip: IpAddr,
        now: Instant,
    ) -> Result<(), Reply> {
        let right = code.is_some_and(|c| same(c.as_bytes(), self.code.as_bytes()));
        if right {
            return Ok(());
        }
        self.charge_address(ip, now)?;
        Err(Reply::Forbidden)
    }

    /// The page, for the right code.
    pub fn page(&mut self, code: Option<&str>, ip: IpAddr, now: Instant) -> Reply {
        match self
            .check_code(code, ip, now)
            .and_then(|()| self.charge_address(ip, now))
        {
            Ok(()) => Reply::Page,
            Err(reply) => reply,
        }
    }

    /// The participant's token, charged to their budget; a new one (charged to the address)
    /// when they have none or one this room did not issue.
    fn admit(&mut self, token: Option<&str>, ip: IpAddr, now: Instant) -> Result<String, Reply> {
        if let Some(token) = token {
            if let Some(charged) = self.participants.seen(token, now) {
                charged.map_err(Reply::TooMany)?;
                return Ok(token.to_owned());
            }
        }
        self.charge_address(ip, now)?;
        self.participants
            .mint(ip, now)
            .map_err(|refused| match refused {
                Refused::Full => Reply::error(503, "the room is full"),
                Refused::Wait(wait) => Reply::TooMany(wait),
            })
    }

    /// `GET /api/state?code=CODE[&participant=TOKEN]`.
    pub fn state(
        &mut self,
        code: Option<&str>,
        token: Option<&str>,
        ip: IpAddr,
        now: Instant,
    ) -> Reply {
        match self
            .check_code(code, ip, now)
            .and_then(|()| self.admit(token, ip, now))
        {
            Ok(token) => self.state_for(&token),
            Err(reply) => reply,
        }
    }

    fn state_for(&self, token: &str) -> Reply {
        let Some(step) = self.step.clone() else {
            return Reply::error(503, "the presentation has not started");
        };
        let participant = self.participants.get(token);
        // Every answer taken was taken before the server saw the reveal, and the presentation
        // counts it even when the reveal reaches it first: what was taken is what counts.
        let answer = participant.and_then(|p| p.answers.get(&step.id).copied());
        let you = You {
            name: participant.map(|p| p.name.clone()).unwrap_or_default(),
            answer: answer.map(shown),
            verdict: answer.and_then(|v| step.answer.as_ref().map(|a| a.judge(v))),
            late: participant.is_some_and(|p| p.late.as_deref() == Some(step.id.as_str())),
        };
        let state = RoomState {
            participant: token.to_owned(),
            step,
            you,
        };
        serde_json::to_value(&state).map_or_else(
            |e| Reply::error(500, format!("cannot encode the state: {e}")),
            |body| Reply::Json(200, body),
        )
    }

    /// `POST /api/answer` with a body of at most 1 KiB (the server refuses larger ones).
    pub fn answer(&mut self, body: &[u8], ip: IpAddr, now: Instant) -> Reply {
        let value: serde_json::Value = match serde_json::from_slice(body) {
            Ok(value) => value,
            Err(e) => return Reply::error(400, format!("the body is not JSON: {e}")),
        };
        let code = value.get("code").and_then(serde_json::Value::as_str);
        if let Err(reply) = self.check_code(code, ip, now) {
            return reply;
        }
        let request: AnswerRequest = match serde_json::from_value(value) {
            Ok(request) => request,
            Err(e) => return Reply::error(400, format!("the body is not an answer: {e}")),
        };
        let token = (!request.participant.is_empty()).then_some(request.participant.as_str());
        let token = match self.admit(token, ip, now) {
            Ok(token) => token,
            Err(reply) => return reply,
        };
        let name = clean_name(&request.name);
        let Some(step) = &self.step else {
            return Reply::error(503, "the presentation has not started");
        };
        if step.revealed {
            return self.too_late(&token);
        }
        let value = match step.takes.check(&request.value) {
            Ok(value) => value,
            Err(Refusal::NothingToAnswer) => {
                return Reply::error(409, Refusal::NothingToAnswer.to_string());
            }
            Err(refusal) => return Reply::error(400, refusal.to_string()),
        };
        let (index, id) = (step.step - 1, step.id.clone());
        let msg = Msg::Room(RoomMsg::Answer {
            step: index,
            participant: token.clone(),
            value,
            seen: step.reveals,
        });
        if self.answers.send(msg).is_err() {
            return Reply::error(503, "the presentation has ended");
        }
        if let Some(participant) = self.participants.get_mut(&token) {
            if !name.is_empty() {
                participant.name = name;
            }
            participant.answers.insert(id, value);
        }
        self.state_for(&token)
    }

    /// 409 for an answer that came after the reveal: not counted, and the phone is told so
    /// (`"late": true` and why, with its state, where the earlier answer is the one judged).
    fn too_late(&mut self, token: &str) -> Reply {
        let id = self.step.as_ref().map(|s| s.id.clone());
        if let Some(participant) = self.participants.get_mut(token) {
            participant.late = id;
        }
        let mut body = match self.state_for(token) {
            Reply::Json(200, body) => body,
            other @ (Reply::Json(..) | Reply::Page | Reply::Forbidden | Reply::TooMany(_)) => {
                return other;
            }
        };
        body["late"] = json!(true);
        body["error"] =
            json!("too late: the answer was revealed before this one arrived; it was not counted");
        Reply::Json(409, body)
    }
}

/// Compares without stopping at the first difference, so timing does not tell how much of a
/// guessed code was right.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
