//! The real terminal's events for the tutor, read from stdin by our own parser
//! ([`parse::Parser`]) rather than crossterm's, which can wedge on an unfinished escape
//! sequence (see the parser's notes and tests/e2e_tmux.rs for the reproduction).
//!
//! One thread reads stdin, one waits for SIGWINCH; both send to a channel. While a sequence is
//! unfinished the channel is read with a short timeout ([`ESCAPE_TIMEOUT`]); when it passes
//! with nothing new, the parser is flushed: a lone ESC is the Esc key, a partial sequence is
//! dropped. Otherwise the loop blocks, so nothing redraws without an event.

pub mod parse;

use std::io::{self, Read as _};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use crossterm::event::Event;

use crate::app::{EventSource, Incoming, Msg};

/// How long an unfinished sequence waits for its next byte. Terminals send a whole key or
/// mouse report in one write, so its bytes arrive together; a person cannot type the next key
/// this fast.
pub const ESCAPE_TIMEOUT: Duration = Duration::from_millis(50);

enum Input {
    Bytes(Vec<u8>),
    /// A message from outside the terminal (the room server), handed on as it is.
    Message(Msg),
    Resize,
    Ended(Option<io::Error>),
}

/// Events from the terminal on stdin.
pub struct TtyEvents {
    parser: parse::Parser,
    inputs: Receiver<Input>,
    /// Taken from the channel by [`EventSource::has_pending`], not yet handed out.
    held: Option<Input>,
    /// Where outside messages join the terminal's input.
    send: mpsc::Sender<Input>,
}

impl TtyEvents {
    /// Starts reading stdin (in raw mode, set up by the caller) and watching for resizes.
    #[must_use]
    pub fn start() -> Self {
        let (send, inputs) = mpsc::channel();
        let bytes = send.clone();
        std::thread::spawn(move || {
            let mut stdin = io::stdin().lock();
            let mut buffer = [0_u8; 1024];
            loop {
                let input = match stdin.read(&mut buffer) {
                    Ok(0) => Input::Ended(None),
                    Ok(n) => Input::Bytes(buffer[..n].to_vec()),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => Input::Ended(Some(e)),
                };
                let ended = matches!(input, Input::Ended(_));
                if bytes.send(input).is_err() || ended {
                    return;
                }
            }
        });
        watch_resizes(send.clone());
        Self {
            parser: parse::Parser::new(),
            inputs,
            held: None,
            send,
        }
    }

    /// Hands every message from `messages` to the run loop, between key presses, in the order
    /// they come (the room server's answers); stops when their sender goes.
    pub fn forward(&self, messages: mpsc::Receiver<Msg>) {
        let send = self.send.clone();
        std::thread::spawn(move || {
            for msg in messages {
                if send.send(Input::Message(msg)).is_err() {
                    return;
                }
            }
        });
    }
}

#[cfg(unix)]
fn watch_resizes(send: mpsc::Sender<Input>) {
    use signal_hook::consts::SIGWINCH;
    use signal_hook::iterator::Signals;
    // Without it the screen redraws at the next key instead of at once.
    let Ok(mut signals) = Signals::new([SIGWINCH]) else {
        return;
    };
    std::thread::spawn(move || {
        for _ in signals.forever() {
            if send.send(Input::Resize).is_err() {
                return;
            }
        }
    });
}

#[cfg(not(unix))]
fn watch_resizes(_send: mpsc::Sender<Input>) {}

impl EventSource for TtyEvents {
    /// The terminal's events alone: a forwarded message is read by
    /// [`EventSource::next_incoming`], and skipped here.
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        loop {
            match self.next_incoming()? {
                Some(Incoming::Event(event)) => return Ok(Some(event)),
                Some(Incoming::Msg(_)) => {}
                None => return Ok(None),
            }
        }
    }

    fn next_incoming(&mut self) -> io::Result<Option<Incoming>> {
        loop {
            if let Some(event) = self.parser.next_event() {
                return Ok(Some(Incoming::Event(event)));
            }
            let input = if let Some(input) = self.held.take() {
                input
            } else if self.parser.is_pending() {
                match self.inputs.recv_timeout(ESCAPE_TIMEOUT) {
                    Ok(input) => input,
                    Err(RecvTimeoutError::Timeout) => {
                        self.parser.flush();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return Ok(None),
                }
            } else {
                match self.inputs.recv() {
                    Ok(input) => input,
                    Err(_) => return Ok(None),
                }
            };
            match input {
                Input::Bytes(bytes) => self.parser.feed(&bytes),
                Input::Resize => {
                    let (width, height) = crossterm::terminal::size()?;
                    return Ok(Some(Incoming::Event(Event::Resize(width, height))));
                }
                Input::Message(msg) => return Ok(Some(Incoming::Msg(msg))),
                Input::Ended(None) => return Ok(None),
                Input::Ended(Some(e)) => return Err(e),
            }
        }
    }

    fn has_pending(&mut self) -> bool {
        // Bytes already read are parsed now; a partial sequence alone is not an event.
        while !self.parser.has_event() && self.held.is_none() {
            match self.inputs.try_recv() {
                Ok(Input::Bytes(bytes)) => self.parser.feed(&bytes),
                Ok(other) => self.held = Some(other),
                Err(_) => break,
            }
        }
        self.parser.has_event() || self.held.is_some()
    }
}
