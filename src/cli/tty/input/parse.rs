//! Terminal input bytes to key and mouse events, one byte at a time, never wedged.
//!
//! crossterm 0.29's parser keeps an unfinished sequence until a byte it accepts as the end
//! arrives: after `ESC [ ?` it waits for `u` or `c`, after `ESC [ <` for `m` or `M`, after
//! `ESC [ 200~` for `ESC [ 201~`, and swallows every key in between (`q`, Ctrl-C, Esc
//! included). This parser follows ECMA-48 instead: a control sequence ends at its first final
//! byte (0x40–0x7E); a control byte inside one (Ctrl-C, say) abandons it and counts as a key;
//! ESC abandons it and starts a new one; and the caller [`flush`](Parser::flush)es after a
//! short quiet spell, which turns a lone ESC into the Esc key and drops any partial sequence.

use std::collections::VecDeque;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// Longest control sequence kept; a longer one is dropped (no real key or mouse report
/// comes close).
const MAX_SEQUENCE: usize = 32;

/// Where the parser is within a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between sequences.
    Ground,
    /// After ESC.
    Escape,
    /// After `ESC [`: parameter and intermediate bytes are collected in the buffer.
    Csi,
    /// Inside a control sequence too long to be one the tutor reads: skipped to its end.
    CsiIgnore,
    /// After `ESC O`: one byte names the key.
    Ss3,
    /// A legacy (X10) mouse report: this many raw bytes still to come.
    X10Mouse(u8),
    /// Inside a UTF-8 character: this many continuation bytes still to come.
    Utf8(u8),
}

/// The byte-to-event parser.
#[derive(Debug, Clone)]
pub struct Parser {
    state: State,
    buffer: Vec<u8>,
    events: VecDeque<Event>,
}

impl Default for Parser {
    fn default() -> Self {
        Self::new()
    }
}

impl Parser {
    /// A parser between sequences.
    #[must_use]
    pub fn new() -> Self {
        Self {
            state: State::Ground,
            buffer: Vec::with_capacity(MAX_SEQUENCE),
            events: VecDeque::new(),
        }
    }

    /// Feeds bytes as they were read.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.byte(byte);
        }
    }

    /// Whether a sequence is unfinished: the caller should [`flush`](Self::flush) if no
    /// byte follows soon.
    #[must_use]
    pub fn is_pending(&self) -> bool {
        self.state != State::Ground
    }

    /// No byte came for a while: a lone ESC was the Esc key; a partial sequence is dropped.
    pub fn flush(&mut self) {
        if self.state == State::Escape {
            self.key(KeyCode::Esc, KeyModifiers::NONE);
        }
        self.reset();
    }

    /// Whether a parsed event is waiting.
    #[must_use]
    pub fn has_event(&self) -> bool {
        !self.events.is_empty()
    }

    /// The next parsed event.
    pub fn next_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    fn reset(&mut self) {
        self.state = State::Ground;
        self.buffer.clear();
    }

    fn key(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        self.events
            .push_back(Event::Key(KeyEvent::new(code, modifiers)));
    }

    /// A byte after ESC: a CSI or SS3 introducer, a second ESC, or an Alt-modified key.
    fn escape_byte(&mut self, byte: u8) {
        match byte {
            b'[' => self.state = State::Csi,
            b'O' => self.state = State::Ss3,
            0x1b => self.key(KeyCode::Esc, KeyModifiers::NONE),
            0x20..=0x7e => {
                self.reset();
                self.key(KeyCode::Char(char::from(byte)), KeyModifiers::ALT);
            }
            _ => {
                self.key(KeyCode::Esc, KeyModifiers::NONE);
                self.reset();
                self.ground(byte);
            }
        }
    }

    /// A byte of a CSI sequence: a parameter, the final byte, or one that breaks it off.
    fn csi_byte(&mut self, byte: u8) {
        match byte {
            0x20..=0x3f if self.buffer.len() < MAX_SEQUENCE => self.buffer.push(byte),
            0x20..=0x3f => self.state = State::CsiIgnore,
            0x40..=0x7e => {
                let params = std::mem::take(&mut self.buffer);
                self.reset();
                self.csi(&params, byte);
            }
            _ => self.break_off(byte),
        }
    }

    /// A byte that ends a sequence early: ESC starts another, anything else is read afresh.
    fn break_off(&mut self, byte: u8) {
        self.reset();
        if byte == 0x1b {
            self.state = State::Escape;
        } else {
            self.ground(byte);
        }
    }

    fn byte(&mut self, byte: u8) {
        match self.state {
            State::Ground => self.ground(byte),
            State::Escape => self.escape_byte(byte),
            State::Csi => self.csi_byte(byte),
            State::CsiIgnore => match byte {
                0x20..=0x3f => {}
                0x40..=0x7e => self.reset(),
                _ => self.break_off(byte),
            },
            State::Ss3 => {
                self.reset();
                match byte {
                    b'A' | b'B' | b'C' | b'D' | b'H' | b'F' => {
                        self.key(cursor_key(byte), KeyModifiers::NONE);
                    }
                    b'P'..=b'S' => self.key(KeyCode::F(1 + byte - b'P'), KeyModifiers::NONE),
                    0x20..=0x7e => {}
                    _ => self.ground(byte),
                }
            }
            State::X10Mouse(left) => {
                if let Some(report) = self.gather(byte, left, State::X10Mouse) {
                    let [cb, x, y] =
                        [report[0], report[1], report[2]].map(|b| b.saturating_sub(32));
                    self.mouse(u16::from(cb), u16::from(x), u16::from(y), true);
                }
            }
            State::Utf8(left) => {
                if byte & 0xc0 == 0x80 {
                    if let Some(text) = self.gather(byte, left, State::Utf8)
                        && let Some(c) = std::str::from_utf8(&text)
                            .ok()
                            .and_then(|s| s.chars().next())
                    {
                        self.key(KeyCode::Char(c), KeyModifiers::NONE);
                    }
                } else {
                    // Not a continuation byte: the character was broken; this byte starts anew.
                    self.reset();
                    self.ground(byte);
                }
            }
        }
    }

    fn ground(&mut self, byte: u8) {
        let none = KeyModifiers::NONE;
        match byte {
            0x1b => self.state = State::Escape,
            b'\r' | b'\n' => self.key(KeyCode::Enter, none),
            b'\t' => self.key(KeyCode::Tab, none),
            0x7f | 0x08 => self.key(KeyCode::Backspace, none),
            0x00 => self.key(KeyCode::Char(' '), KeyModifiers::CONTROL),
            0x01..=0x1a => self.key(
                KeyCode::Char(char::from(byte - 1 + b'a')),
                KeyModifiers::CONTROL,
            ),
            0x1c..=0x1f => self.key(
                KeyCode::Char(char::from(byte - 0x1c + b'4')),
                KeyModifiers::CONTROL,
            ),
            0x20..=0x7e => self.key(KeyCode::Char(char::from(byte)), none),
            0xc2..=0xdf => self.utf8(byte, 1),
            0xe0..=0xef => self.utf8(byte, 2),
            0xf0..=0xf4 => self.utf8(byte, 3),
            // A stray continuation byte or one that never starts UTF-8.
            0x80..=0xc1 | 0xf5..=0xff => {}
        }
    }

    /// Keeps `byte` of a run of raw bytes with `left` still to come, this one included: the
    /// whole run once this is its last byte (the parser is then between sequences), else
    /// nothing yet (and the state `more` of one byte fewer).
    fn gather(&mut self, byte: u8, left: u8, more: fn(u8) -> State) -> Option<Vec<u8>> {
        self.buffer.push(byte);
        if left > 1 {
            self.state = more(left - 1);
            None
        } else {
            let run = std::mem::take(&mut self.buffer);
            self.reset();
            Some(run)
        }
    }

    fn utf8(&mut self, lead: u8, continuation: u8) {
        self.buffer.clear();
        self.buffer.push(lead);
        self.state = State::Utf8(continuation);
    }

    /// A complete control sequence: `ESC [ params final`.
    fn csi(&mut self, params: &[u8], last: u8) {
        let text = std::str::from_utf8(params).unwrap_or_default();
        if let Some(sgr) = text.strip_prefix('<') {
            if matches!(last, b'M' | b'm') {
                let numbers = numbers(sgr);
                if let [cb, x, y] = numbers[..] {
                    self.mouse(cb, x, y, last == b'M');
                }
            }
            return;
        }
        if text.starts_with(['?', '>', '=']) {
            // Replies to queries the tutor never sends.
            return;
        }
        let numbers = numbers(text);
        let modifiers = modifiers(numbers.get(1).copied());
        match last {
            b'A' | b'B' | b'C' | b'D' | b'H' | b'F' => self.key(cursor_key(last), modifiers),
            b'Z' => self.key(KeyCode::BackTab, KeyModifiers::SHIFT),
            b'P'..=b'S' if last != b'R' => self.key(KeyCode::F(1 + last - b'P'), modifiers),
            b'~' => {
                if let Some(code) = numbers.first().and_then(|n| tilde_key(*n)) {
                    self.key(code, modifiers);
                }
            }
            b'M' if params.is_empty() => {
                self.buffer.clear();
                self.state = State::X10Mouse(3);
            }
            b'M' => {
                // urxvt (1015): `ESC [ cb ; x ; y M`, cb offset by 32.
                if let [cb, x, y] = numbers[..] {
                    self.mouse(cb.saturating_sub(32), x, y, true);
                }
            }
            // Focus reports, kitty keys, cursor reports: nothing the tutor asks for.
            _ => {}
        }
    }

    /// A mouse report: `cb` as the terminal encodes it, 1-based cell, press (or release).
    fn mouse(&mut self, cb: u16, x: u16, y: u16, press: bool) {
        // Shift, alt and ctrl are bits 2, 3 and 4 of a mouse report.
        let modifiers = shift_alt_ctrl(cb >> 2);
        let button = match cb & 3 {
            0 => Some(MouseButton::Left),
            1 => Some(MouseButton::Middle),
            2 => Some(MouseButton::Right),
            _ => None,
        };
        let kind = if cb & 64 != 0 {
            match cb & 3 {
                0 => MouseEventKind::ScrollUp,
                1 => MouseEventKind::ScrollDown,
                2 => MouseEventKind::ScrollLeft,
                _ => MouseEventKind::ScrollRight,
            }
        } else if cb & 32 != 0 {
            button.map_or(MouseEventKind::Moved, MouseEventKind::Drag)
        } else {
            match (button, press) {
                (Some(b), true) => MouseEventKind::Down(b),
                (Some(b), false) => MouseEventKind::Up(b),
                // Legacy release: the button is not said.
                (None, _) => MouseEventKind::Up(MouseButton::Left),
            }
        };
        self.events.push_back(Event::Mouse(MouseEvent {
            kind,
            column: x.saturating_sub(1),
            row: y.saturating_sub(1),
            modifiers,
        }));
    }
}

/// `;`-separated decimal numbers (a sub-parameter after `:` is ignored); an empty or
/// unreadable one is 0.
fn numbers(text: &str) -> Vec<u16> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split(';')
        .map(|p| p.split(':').next().unwrap_or_default().parse().unwrap_or(0))
        .collect()
}

/// xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4).
fn modifiers(param: Option<u16>) -> KeyModifiers {
    shift_alt_ctrl(param.unwrap_or(1).saturating_sub(1))
}

/// Bits 0, 1 and 2 of `bits` as shift, alt and ctrl.
fn shift_alt_ctrl(bits: u16) -> KeyModifiers {
    let mut m = KeyModifiers::NONE;
    if bits & 1 != 0 {
        m |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        m |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        m |= KeyModifiers::CONTROL;
    }
    m
}

fn cursor_key(byte: u8) -> KeyCode {
    match byte {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        _ => KeyCode::End,
    }
}

fn tilde_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F((n - 10) as u8),
        17..=21 => KeyCode::F((n - 11) as u8),
        23 | 24 => KeyCode::F((n - 12) as u8),
        // 200/201 frame a bracketed paste, which the tutor does not turn on.
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
