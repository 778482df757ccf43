//! The parser, byte by byte: keys, mouse reports, and the sequences that wedged crossterm.

use rstest::rstest;

use super::*;

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn with(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// Feeds the chunks, flushing after each (as a quiet spell between reads would), and
/// collects every event.
#[track_caller]
fn parse(chunks: &[&[u8]]) -> Vec<Event> {
    let mut parser = Parser::new();
    let mut events = Vec::new();
    for chunk in chunks {
        parser.feed(chunk);
        while let Some(e) = parser.next_event() {
            events.push(e);
        }
        parser.flush();
        while let Some(e) = parser.next_event() {
            events.push(e);
        }
    }
    events
}

#[rstest]
#[case::letters(b"qn", vec![key(KeyCode::Char('q')), key(KeyCode::Char('n'))])]
#[case::enter_tab_bksp(b"\r\t\x7f", vec![key(KeyCode::Enter), key(KeyCode::Tab), key(KeyCode::Backspace)])]
#[case::ctrl_c(b"\x03", vec![with(KeyCode::Char('c'), KeyModifiers::CONTROL)])]
#[case::utf8("é→".as_bytes(), vec![key(KeyCode::Char('é')), key(KeyCode::Char('→'))])]
#[case::lone_esc(b"\x1b", vec![key(KeyCode::Esc)])]
#[case::arrows(b"\x1b[A\x1b[B\x1b[C\x1b[D", vec![key(KeyCode::Up), key(KeyCode::Down), key(KeyCode::Right), key(KeyCode::Left)])]
#[case::ss3(b"\x1bOC\x1bOP", vec![key(KeyCode::Right), key(KeyCode::F(1))])]
#[case::shift_right(b"\x1b[1;2C", vec![with(KeyCode::Right, KeyModifiers::SHIFT)])]
#[case::pages(b"\x1b[5~\x1b[6~\x1b[3~", vec![key(KeyCode::PageUp), key(KeyCode::PageDown), key(KeyCode::Delete)])]
#[case::home_end(b"\x1b[H\x1b[F\x1b[1~\x1b[4~", vec![key(KeyCode::Home), key(KeyCode::End), key(KeyCode::Home), key(KeyCode::End)])]
#[case::backtab(b"\x1b[Z", vec![with(KeyCode::BackTab, KeyModifiers::SHIFT)])]
#[case::alt_x(b"\x1bx", vec![with(KeyCode::Char('x'), KeyModifiers::ALT)])]
#[case::sgr_press_drag_release(
    b"\x1b[<0;10;5M\x1b[<32;12;5M\x1b[<0;12;5m",
    vec![
        mouse(MouseEventKind::Down(MouseButton::Left), 9, 4),
        mouse(MouseEventKind::Drag(MouseButton::Left), 11, 4),
        mouse(MouseEventKind::Up(MouseButton::Left), 11, 4),
    ]
)]
#[case::sgr_wheel(b"\x1b[<64;1;1M\x1b[<65;1;1M", vec![mouse(MouseEventKind::ScrollUp, 0, 0), mouse(MouseEventKind::ScrollDown, 0, 0)])]
#[case::x10(b"\x1b[M *%q", vec![mouse(MouseEventKind::Down(MouseButton::Left), 9, 4), key(KeyCode::Char('q'))])]
fn bytes_become_events(#[case] bytes: &[u8], #[case] expected: Vec<Event>) {
    assert_eq!(parse(&[bytes]), expected);
}

/// The wedge sequences: each arrives, then (after a quiet spell) `q`, Ctrl-C and Esc,
/// which must come through.
#[rstest]
#[case::private_csi(b"\x1b[?")]
#[case::sgr_start(b"\x1b[<")]
#[case::sgr_partial(b"\x1b[<0;10;5")]
#[case::paste_start(b"\x1b[200~")]
#[case::ss3_start(b"\x1bO")]
#[case::csi_start(b"\x1b[")]
#[case::broken_utf8(b"\xe2\x86")]
fn a_partial_sequence_never_swallows_the_next_keys(#[case] partial: &[u8]) {
    let events = parse(&[partial, b"q", b"\x03", b"\x1b"]);
    let tail: Vec<Event> = events.iter().rev().take(3).rev().cloned().collect();
    assert_eq!(
        tail,
        vec![
            key(KeyCode::Char('q')),
            with(KeyCode::Char('c'), KeyModifiers::CONTROL),
            key(KeyCode::Esc),
        ],
        "all events: {events:?}"
    );
}

/// Without a quiet spell (all in one read), a control byte still breaks the sequence and
/// counts, and ESC starts a new one.
#[rstest]
#[case::ctrl_c_in_private(b"\x1b[?\x03", vec![with(KeyCode::Char('c'), KeyModifiers::CONTROL)])]
#[case::ctrl_c_in_mouse(b"\x1b[<0;10\x03", vec![with(KeyCode::Char('c'), KeyModifiers::CONTROL)])]
#[case::esc_restarts(b"\x1b[<0;1\x1b[A", vec![key(KeyCode::Up)])]
#[case::q_ends_a_private_sequence_silently(b"\x1b[?q", vec![])]
fn control_bytes_break_sequences(#[case] bytes: &[u8], #[case] expected: Vec<Event>) {
    let mut parser = Parser::new();
    parser.feed(bytes);
    let mut events = Vec::new();
    while let Some(e) = parser.next_event() {
        events.push(e);
    }
    assert_eq!(events, expected);
}

#[test]
fn an_endless_sequence_is_dropped() {
    let mut bytes = b"\x1b[".to_vec();
    bytes.extend(std::iter::repeat_n(b'1', 10_000));
    assert_eq!(parse(&[&bytes, b"q"]), vec![key(KeyCode::Char('q'))]);
}

#[test]
fn pending_until_flushed() {
    let mut parser = Parser::new();
    parser.feed(b"\x1b");
    assert!(parser.is_pending());
    assert_eq!(parser.next_event(), None);
    parser.flush();
    assert!(!parser.is_pending());
    assert_eq!(parser.next_event(), Some(key(KeyCode::Esc)));
}
