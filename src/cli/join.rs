//! `roofline join URL [--name NAME]`: answer a presentation's questions from a terminal, as
//! the phone page does. It follows the presenter by polling `GET /api/state` once a second,
//! prints each new question (never its answer before the reveal), sends what is typed
//! (`POST /api/answer`; typing again changes the answer until the reveal), and after the
//! reveal prints the answer and how far off the answer sent was. Nothing the server sends
//! reaches the terminal raw ([`show`]): line breaks become spaces, other control characters
//! are escaped, invisible characters (bidi overrides, tags, fillers) are dropped, and each text
//! is cut at [`MAX_SHOWN`] characters; a reply is read up to [`MAX_REPLY`] bytes, and no
//! redirect is followed (the room's server never sends one).

use std::io::{self, BufRead as _, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use serde_json::json;

use crate::content::terminal_text::push_char;
use crate::domain::classroom::room::{Revealed, RoomState, Takes, clean_name};
use crate::domain::invisible::is_invisible;

/// How often the client asks for the presenter's state.
pub const POLL: Duration = Duration::from_secs(1);

/// The largest reply read from the room, in bytes.
pub const MAX_REPLY: u64 = 64 * 1024;

/// The most characters of one text from the server printed.
pub const MAX_SHOWN: usize = 2000;

/// Requests in a row that may time out before the client gives up on the room.
const MAX_SILENT_POLLS: u32 = 30;

/// Text from the server as it may reach a terminal: line breaks and tabs as spaces, other
/// control characters escaped, invisible characters dropped, at most [`MAX_SHOWN`] characters
/// (then `…`).
#[must_use]
pub fn show(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_SHOWN));
    for (i, c) in text.chars().filter(|c| !is_invisible(*c)).enumerate() {
        if i == MAX_SHOWN {
            out.push('…');
            break;
        }
        match c {
            '\n' | '\r' | '\t' | '\u{0B}' | '\u{0C}' | '\u{85}' => out.push(' '),
            c => push_char(&mut out, c),
        }
    }
    out
}

/// Where to reach the room: the server's root and the join code, from the address shown on
/// the presenter's screen (`http://HOST:PORT/?code=CODE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `http://HOST:PORT`.
    pub base: String,
    /// The join code.
    pub code: String,
}

impl Target {
    /// Reads the address shown on the presenter's screen. The host is lowercased and the
    /// default port (80) left out, as a browser would; the code is percent-decoded.
    pub fn parse(text: &str) -> Result<Self> {
        let not_an_address = || format!("'{}' is not an address", show(text));
        let uri: ureq::http::Uri = text.trim().parse().with_context(not_an_address)?;
        let (Some(scheme), Some(authority)) = (uri.scheme_str(), uri.authority()) else {
            bail!(not_an_address());
        };
        if !scheme.eq_ignore_ascii_case("http") {
            bail!(
                "the room's address starts with http:// (the tutor serves it on the local network), not '{}://'",
                show(scheme)
            );
        }
        let host = authority.host().to_ascii_lowercase();
        if host.is_empty() {
            bail!("'{}' has no host", show(text));
        }
        let Some(code) = form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
            .find(|(k, _)| k == "code")
            .map(|(_, v)| v.into_owned())
        else {
            bail!(
                "'{}' has no join code: use the address with ?code=… from the presenter's screen",
                show(text)
            );
        };
        // What follows the host (`http` reads a port past u16 as none at all).
        let port_text = authority
            .as_str()
            .rsplit('@')
            .next()
            .and_then(|host_port| host_port.strip_prefix(authority.host()))
            .and_then(|rest| rest.strip_prefix(':'))
            .filter(|text| !text.is_empty());
        let port = match port_text.map(str::parse::<u16>) {
            None | Some(Ok(80)) => String::new(),
            Some(Ok(p)) => format!(":{p}"),
            Some(Err(_)) => bail!(not_an_address()),
        };
        Ok(Self {
            base: format!("http://{host}{port}"),
            code,
        })
    }
}

/// Follows the presentation at `url` until it ends; answers come from standard input.
pub fn run(url: &str, name: Option<&str>) -> Result<()> {
    let target = Target::parse(url)?;
    let lines = read_lines();
    let mut out = io::stdout().lock();
    Client::new(target, name.map(clean_name).unwrap_or_default()).follow(&lines, &mut out)
}

/// Standard input, a line at a time, on a thread of its own.
fn read_lines() -> Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    lines
}

/// One participant's connection.
pub struct Client {
    target: Target,
    name: String,
    participant: String,
    agent: ureq::Agent,
    /// The step and reveal last printed.
    shown: Option<(String, bool)>,
}

/// What one request came back with.
enum Reply {
    State(Box<RoomState>),
    Refused(u16, String),
}

impl Client {
    /// A client for `target`, known as `name` (may be empty).
    #[must_use]
    pub fn new(target: Target, name: String) -> Self {
        Self {
            target,
            name,
            participant: String::new(),
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .max_redirects(0)
                .max_response_header_size(16 * 1024)
                .timeout_global(Some(Duration::from_secs(5)))
                .build()
                .into(),
            shown: None,
        }
    }

    /// Polls and prints until the presentation ends; sends each line from `lines`.
    pub fn follow(&mut self, lines: &Receiver<String>, out: &mut impl Write) -> Result<()> {
        let mut input_open = true;
        let mut silent = 0;
        let mut state = match self.state() {
            Ok(Reply::State(state)) => state,
            Ok(Reply::Refused(403, _)) => bail!("the join code is not this presentation's"),
            Ok(Reply::Refused(status, why)) => {
                bail!("the room refused to join ({status}): {}", show(&why))
            }
            Err(e) => {
                return Err(e.context(format!("cannot reach the room at {}", self.target.base)));
            }
        };
        if self.name.is_empty() {
            writeln!(out, "Joined the room (no name: pass --name to give one).")?;
        } else {
            writeln!(out, "Joined the room as {}.", show(&self.name))?;
        }
        loop {
            self.print(&state, out)?;
            out.flush()?;
            let line = if input_open {
                match lines.recv_timeout(POLL) {
                    Ok(line) => Some(line),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => {
                        input_open = false;
                        None
                    }
                }
            } else {
                std::thread::sleep(POLL);
                None
            };
            let reply = match line.as_deref().map(str::trim) {
                Some("") => continue,
                Some(value) => self.answer(value),
                None => self.state(),
            };
            match reply {
                Ok(Reply::State(next)) => {
                    if let Some(value) = line.as_deref().map(str::trim) {
                        writeln!(out, "{}", sent(&next, value))?;
                    }
                    state = next;
                }
                Ok(Reply::Refused(429, _)) => {}
                Ok(Reply::Refused(_, why)) => writeln!(out, "✗ {}", show(&why))?,
                // Busy, not gone: the next poll tries again, up to a point.
                Err(e) if is_timeout(&e) && silent < MAX_SILENT_POLLS => {
                    if silent == 0 {
                        writeln!(out, "The room is not answering; still trying…")?;
                    }
                    silent += 1;
                    continue;
                }
                Err(e) if is_timeout(&e) => {
                    return Err(e.context(format!(
                        "the room at {} stopped answering",
                        self.target.base
                    )));
                }
                Err(_) => {
                    writeln!(out, "The presentation has ended.")?;
                    return Ok(());
                }
            }
            silent = 0;
        }
    }

    fn state(&mut self) -> Result<Reply> {
        let url = format!("{}/api/state", self.target.base);
        let response = self
            .agent
            .get(&url)
            .query("code", &self.target.code)
            .query("participant", &self.participant)
            .call()?;
        self.reply(response)
    }

    fn answer(&mut self, value: &str) -> Result<Reply> {
        let url = format!("{}/api/answer", self.target.base);
        let body = json!({
            "code": self.target.code,
            "participant": self.participant,
            "name": self.name,
            "value": value,
        });
        let response = self.agent.post(&url).send_json(&body)?;
        self.reply(response)
    }

    fn reply(&mut self, mut response: ureq::http::Response<ureq::Body>) -> Result<Reply> {
        let status = response.status().as_u16();
        let text = match response
            .body_mut()
            .with_config()
            .limit(MAX_REPLY)
            .read_to_string()
        {
            Ok(text) => text,
            Err(ureq::Error::BodyExceedsLimit(_)) => {
                return Ok(Reply::Refused(
                    status,
                    format!("the room sent a reply over {} KiB", MAX_REPLY / 1024),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        if status != 200 {
            let why = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| v["error"].as_str().map(str::to_owned))
                .unwrap_or(text);
            return Ok(Reply::Refused(status, why));
        }
        let state: RoomState =
            serde_json::from_str(&text).context("the room sent a state this client cannot read")?;
        self.participant.clone_from(&state.participant);
        Ok(Reply::State(Box::new(state)))
    }

    /// Prints the step when it is new, and the answer when it has just been revealed.
    fn print(&mut self, state: &RoomState, out: &mut impl Write) -> io::Result<()> {
        let step = &state.step;
        let now = (step.id.clone(), step.revealed);
        if self.shown.as_ref() == Some(&now) {
            return Ok(());
        }
        let new_step = self.shown.as_ref().is_none_or(|(id, _)| *id != step.id);
        self.shown = Some(now);
        if new_step {
            writeln!(
                out,
                "\n── {} · step {} of {} · {} ──",
                show(&step.lesson),
                step.step,
                step.of,
                show(&step.kind)
            )?;
            match &step.question {
                Some(q) => writeln!(out, "{}", show(q))?,
                None => writeln!(out, "(look at the screen: this step asks nothing)")?,
            }
            if let Some(s) = &step.scenario {
                writeln!(out, "Setting: {}", show(s))?;
            }
            if !step.revealed {
                match &step.takes {
                    Takes::Number { unit } => writeln!(
                        out,
                        "Type a number in {} and press Enter (again to change it, until the reveal).",
                        show(unit)
                    )?,
                    Takes::Choice { options } => {
                        for (i, option) in options.iter().enumerate() {
                            writeln!(out, "  {}. {}", i + 1, show(option))?;
                        }
                        writeln!(
                            out,
                            "Type the option's number and press Enter (again to change it)."
                        )?;
                    }
                    Takes::Nothing => {}
                }
            }
        }
        if step.revealed {
            match &step.answer {
                Some(Revealed::Number { text, .. }) => writeln!(out, "Answer: {}", show(text))?,
                Some(Revealed::Choice { correct, text }) => {
                    writeln!(out, "Answer: option {correct}: {}", show(text))?;
                }
                None => {}
            }
            if step.answer.is_some() {
                let number = matches!(step.answer, Some(Revealed::Number { .. }));
                match (&state.you.answer, &state.you.verdict) {
                    (Some(mine), Some(verdict)) if !number => {
                        writeln!(out, "You chose option {mine}: {}", show(&verdict.text))?;
                    }
                    (Some(mine), Some(verdict)) => writeln!(
                        out,
                        "You said {mine}: {}{}",
                        show(&verdict.text),
                        if verdict.right {
                            " (within tolerance)"
                        } else {
                            ""
                        }
                    )?,
                    _ if state.you.late => writeln!(
                        out,
                        "Your answer came after the reveal: it was not counted."
                    )?,
                    _ => writeln!(out, "You did not answer this one.")?,
                }
            }
        }
        Ok(())
    }
}

/// Whether a request failed by waiting too long (the room busy, not gone).
fn is_timeout(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref::<ureq::Error>(),
        Some(ureq::Error::Timeout(_))
    )
}

/// The line after an answer was taken.
fn sent(state: &RoomState, typed: &str) -> String {
    let unit = match &state.step.takes {
        Takes::Number { unit } => format!(" {}", show(unit)),
        Takes::Choice { .. } | Takes::Nothing => String::new(),
    };
    match state.you.answer {
        Some(value) if matches!(state.step.takes, Takes::Choice { .. }) => {
            format!("Sent: option {value} (you can change it until the reveal)")
        }
        Some(value) => format!("Sent: {value}{unit} (you can change it until the reveal)"),
        None => format!("Sent: {}", show(typed)),
    }
}

#[cfg(test)]
mod tests;
