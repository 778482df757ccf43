//! Where events come from: the terminal in the program, a scripted queue in tests.

use std::collections::VecDeque;
use std::io;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// A source of terminal events. `next_event` blocks until there is one; `None` means the
/// source has ended (a script ran out), which ends the program like quitting.
pub trait EventSource {
    /// The next event.
    fn next_event(&mut self) -> io::Result<Option<Event>>;

    /// Whether another event is ready without waiting: the loop draws only once a burst of
    /// queued input (a held key, a paste) has been handled. Never blocks.
    fn has_pending(&mut self) -> bool {
        false
    }

    /// The next event or message from outside the terminal (an answer from the room's
    /// devices). The run loop reads this; a source with no outside messages gives its events.
    fn next_incoming(&mut self) -> io::Result<Option<Incoming>> {
        Ok(self.next_event()?.map(Incoming::Event))
    }
}

/// What the run loop handles next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A terminal event, turned into a message by the keymap.
    Event(Event),
    /// A message from outside the terminal, handled as it is.
    Msg(super::Msg),
}

/// The terminal, through crossterm: blocks on input, so nothing redraws without an event.
#[derive(Debug, Default, Clone, Copy)]
pub struct CrosstermEvents;

impl EventSource for CrosstermEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        crossterm::event::read().map(Some)
    }
}

/// A fixed list of events, for tests: never waits.
#[derive(Debug, Default, Clone)]
pub struct ScriptedEvents {
    queue: VecDeque<Event>,
}

impl ScriptedEvents {
    /// A script of events, played in order.
    #[must_use]
    pub fn new(events: impl IntoIterator<Item = Event>) -> Self {
        Self {
            queue: events.into_iter().collect(),
        }
    }

    /// Key presses typed as text: each character one key (`\n` is Enter).
    #[must_use]
    pub fn typed(text: &str) -> Self {
        Self::new(text.chars().map(|c| match c {
            '\n' => key(KeyCode::Enter),
            c => key(KeyCode::Char(c)),
        }))
    }

    /// Adds an event at the end.
    pub fn push(&mut self, event: Event) {
        self.queue.push_back(event);
    }

    /// Events not played yet.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }
}

impl EventSource for ScriptedEvents {
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        Ok(self.queue.pop_front())
    }

    fn has_pending(&mut self) -> bool {
        !self.queue.is_empty()
    }
}

/// A key press with no modifiers.
#[must_use]
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A key press with modifiers.
#[must_use]
pub fn key_with(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}
