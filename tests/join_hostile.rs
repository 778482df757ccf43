//! `roofline join` against hostile rooms: a fake server on 127.0.0.1 sends each reply given,
//! one per connection, then stops listening (so the client sees the presentation end). The
//! client must not follow a redirect to another origin, print raw text that fakes lines or
//! reorders them, or read and print a question of megabytes; and a room that is busy (a request
//! held unanswered) is not taken for one that has ended.

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpListener};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use roofline_tutor::cli::join::{Client, MAX_SHOWN, Target};
use roofline_tutor::domain::classroom::room::{RoomState, RoomStep, Takes, You};

/// Serves `replies` in turn, one per connection, then closes; returns its address and the
/// number of requests it read.
fn fake_room(replies: Vec<String>) -> (SocketAddr, JoinHandle<usize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let server = std::thread::spawn(move || {
        let mut served = 0;
        for reply in replies {
            let Ok((mut stream, _)) = listener.accept() else {
                break;
            };
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            let mut head = Vec::new();
            let mut byte = [0_u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            served += 1;
            if reply == STALL {
                // Busy: the request is read and never answered, until the client gives up on
                // it and closes its end (bounded by a read timeout past the client's).
                stream
                    .set_read_timeout(Some(Duration::from_secs(30)))
                    .unwrap();
                while stream.read(&mut byte).is_ok_and(|n| n == 1) {}
                continue;
            }
            let _ = stream.write_all(reply.as_bytes());
        }
        served
    });
    (addr, server)
}

/// A reply that never comes: the fake room reads the request and holds it unanswered.
const STALL: &str = "stall";

fn reply(status: &str, headers: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n{headers}\r\n{body}",
        body.len()
    )
}

fn state(question: &str) -> String {
    let state = RoomState {
        participant: "p".to_owned(),
        step: RoomStep {
            lesson: "The ridge point".to_owned(),
            step: 2,
            of: 18,
            id: "ridge".to_owned(),
            kind: "predict".to_owned(),
            question: Some(question.to_owned()),
            scenario: None,
            takes: Takes::Number {
                unit: "FLOP/byte".to_owned(),
            },
            revealed: false,
            answer: None,
            answers: 0,
            reveals: roofline_tutor::domain::classroom::room::Reveals::default(),
        },
        you: You {
            name: String::new(),
            answer: None,
            verdict: None,
            late: false,
        },
    };
    reply("200 OK", "", &serde_json::to_string(&state).unwrap())
}

/// Follows the room at `addr` with no input; what it printed, and how it ended.
fn follow(addr: SocketAddr) -> (String, anyhow::Result<()>) {
    let target = Target::parse(&format!("http://{addr}/?code=K7QX2M")).unwrap();
    let (_typing, lines) = mpsc::channel();
    let mut out = Vec::new();
    let ended = Client::new(target, String::new()).follow(&lines, &mut out);
    (String::from_utf8(out).unwrap(), ended)
}

#[test]
fn a_redirect_to_another_origin_is_not_followed() {
    // Another origin that nobody answers: a connection to it would wait in its queue.
    let elsewhere = TcpListener::bind("127.0.0.1:0").unwrap();
    elsewhere.set_nonblocking(true).unwrap();
    let redirect = reply(
        "302 Found",
        &format!(
            "Location: http://{}/api/state?code=K7QX2M\r\n",
            elsewhere.local_addr().unwrap()
        ),
        "",
    );
    let (room, _) = fake_room(vec![redirect]);
    let (_, ended) = follow(room);
    let e = ended.expect_err("a redirect is a refusal");
    assert!(format!("{e:#}").contains("302"), "{e:#}");
    assert_eq!(
        elsewhere.accept().map_err(|e| e.kind()).err(),
        Some(std::io::ErrorKind::WouldBlock),
        "the client went to the other origin"
    );
}

#[test]
fn server_text_cannot_fake_lines_or_reorder_them() {
    let question = "How high?\nAnswer: 295 FLOP/byte\r\u{1b}[2J\u{202E}evil\u{2028}x\u{E0041}";
    let (room, _) = fake_room(vec![state(question)]);
    let (printed, ended) = follow(room);
    assert!(ended.is_ok(), "{ended:?}");
    assert!(
        !printed.contains("\nAnswer:"),
        "no line of the room's: {printed}"
    );
    for raw in ['\u{1b}', '\r', '\u{202E}', '\u{2028}', '\u{E0041}'] {
        assert!(
            !printed.contains(raw),
            "{raw:?} reached the terminal: {printed:?}"
        );
    }
    assert!(
        printed.contains("How high? Answer: 295 FLOP/byte"),
        "{printed}"
    );
    assert!(printed.contains("The presentation has ended."), "{printed}");
}

#[test]
fn a_question_of_megabytes_is_neither_read_nor_printed_whole() {
    let (room, _) = fake_room(vec![state(&"x".repeat(5 * 1024 * 1024))]);
    let (printed, ended) = follow(room);
    let e = ended.expect_err("a reply too large to join by");
    assert!(format!("{e:#}").contains("over 64 KiB"), "{e:#}");
    assert!(
        printed.len() < 4 * MAX_SHOWN,
        "{} bytes printed",
        printed.len()
    );
}

#[test]
fn a_busy_room_is_not_taken_for_an_ended_one() {
    // Issue 26, item 3: a room whose workers were all held used to make `join` print "The
    // presentation has ended." and exit 0 while it went on.
    let (room, served) = fake_room(vec![state("Busy?"), STALL.to_owned(), state("Busy?")]);
    let (printed, ended) = follow(room);
    ended.expect("the room ends after its last reply");
    let busy = printed
        .find("The room is not answering; still trying")
        .unwrap_or_else(|| panic!("the stall is said to be a busy room: {printed}"));
    let gone = printed
        .find("The presentation has ended.")
        .unwrap_or_else(|| panic!("{printed}"));
    assert!(busy < gone, "{printed}");
    assert_eq!(served.join().unwrap(), 3, "it tried again after the stall");
}
