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

use crate::app::EventSource;

/// How long an unfinished sequence waits for its next byte. Terminals send a whole key or
/// mouse report in one write, so its bytes arrive together; a person cannot type the next key
/// this fast.
pub const ESCAPE_TIMEOUT: Duration = Duration::from_millis(50);

enum Input {
    Bytes(Vec<u8>),
    Resize,
    Ended(Option<io::Error>),
}

/// Events from the terminal on stdin.
pub struct TtyEvents {
    parser: parse::Parser,
    inputs: Receiver<Input>,
    /// Taken from the channel by [`EventSource::has_pending`], not yet handed out.
    held: Option<Input>,
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
        watch_resizes(send);
        Self {
            parser: parse::Parser::new(),
            inputs,
            held: None,
        }
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
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        loop {
            if let Some(event) = self.parser.next_event() {
                return Ok(Some(event));
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
                    return Ok(Some(Event::Resize(width, height)));
                }
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
