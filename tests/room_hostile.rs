//! `present --room` against a hostile network, on the real server on 127.0.0.1: huge declared
//! lengths, silent bodies, slow and endless heads, idle connections, more connections than it
//! holds, one device minting participants, and a change the reveal beats. Every read has a
//! timeout (tests/room/raw.rs); every loop is bounded.

#[path = "room/presenter.rs"]
mod presenter;
#[path = "room/raw.rs"]
mod raw;
#[path = "tui/support.rs"]
mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use presenter::{CODE, Presenter, agent};
use roofline_tutor::app::{Msg, StepMsg};
use roofline_tutor::cli::present::room::http::Bounds;
use rstest::rstest;
use serde_json::{Value, json};

/// Short times, so the tests see them pass.
fn quick(connections: usize) -> Bounds {
    Bounds {
        connections,
        head_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        lifetime: Duration::from_secs(30),
    }
}

/// `GET /api/state` on a fresh connection: the room still answers.
#[track_caller]
fn still_serving(addr: SocketAddr) {
    let mut stream = raw::connect(addr);
    raw::send(
        &mut stream,
        raw::get(&format!("/api/state?code={CODE}")).as_bytes(),
    );
    let (status, body) = raw::response(&mut stream).expect("the room still answers");
    assert_eq!(status, 200, "{body}");
}

#[rstest]
#[case::answer("POST /api/answer", 413)]
#[case::page_without_code("GET /", 403)]
#[case::elsewhere("PUT /x", 404)]
fn a_huge_declared_length_is_refused_before_it_is_read(
    #[case] request: &str,
    #[case] expected: u16,
) {
    let room = Presenter::start("ridge-point", 3);
    let mut stream = raw::connect(room.server.addr());
    let head = format!("{request} HTTP/1.1\r\nHost: room\r\nContent-Length: 999999999999\r\n\r\n");
    raw::send(&mut stream, head.as_bytes());
    let (status, body) = raw::response(&mut stream).expect("a reply, not an abort");
    assert_eq!(status, expected, "{body}");
    assert!(
        raw::closed(&mut stream),
        "the connection closes with its body unread"
    );
    still_serving(room.server.addr());
}

#[test]
fn silent_bodies_do_not_hold_up_the_room() {
    let room = Presenter::start_within("ridge-point", 3, quick(64));
    let head = "POST /api/answer HTTP/1.1\r\nHost: room\r\nContent-Length: 500\r\n\r\n{\"code\":";
    let mut silent: Vec<_> = (0..8)
        .map(|_| {
            let mut stream = raw::connect(room.server.addr());
            raw::send(&mut stream, head.as_bytes());
            stream
        })
        .collect();
    still_serving(room.server.addr());
    for stream in &mut silent {
        let (status, body) = raw::response(stream).expect("the silent body times out");
        assert_eq!(status, 408, "{body}");
        assert!(raw::closed(stream));
    }
}

#[test]
fn a_slow_head_and_an_idle_connection_are_closed() {
    let room = Presenter::start_within("ridge-point", 3, quick(64));
    let mut slow = raw::connect(room.server.addr());
    raw::send(&mut slow, b"GET /api/state?code=");
    let mut idle = raw::connect(room.server.addr());
    raw::send(
        &mut idle,
        raw::get(&format!("/api/state?code={CODE}")).as_bytes(),
    );
    assert_eq!(raw::response(&mut idle).unwrap().0, 200);
    assert!(raw::closed(&mut slow), "a head that never ends is cut off");
    assert!(
        raw::closed(&mut idle),
        "a kept-alive connection with no next request is closed"
    );
    still_serving(room.server.addr());
}

#[rstest]
#[case::endless_line(format!("GET / HTTP/1.1\r\nX-Long: {}", "a".repeat(256 * 1024)))]
#[case::many_lines(format!("GET / HTTP/1.1\r\n{}\r\n", "X-A: b\r\n".repeat(200)))]
fn an_oversized_head_gets_431(#[case] head: String) {
    let room = Presenter::start("ridge-point", 3);
    let mut stream = raw::connect(room.server.addr());
    raw::send(&mut stream, head.as_bytes());
    match raw::response(&mut stream) {
        Ok((status, _)) => assert_eq!(status, 431),
        // The reply may be lost to a reset while the rest of the head is still arriving; the
        // connection must be closed all the same.
        Err(e) => assert_ne!(e.kind(), std::io::ErrorKind::WouldBlock, "{e}"),
    }
    still_serving(room.server.addr());
}

#[test]
fn a_connection_over_the_limit_gets_503_and_the_room_goes_on() {
    let room = Presenter::start_within("ridge-point", 3, quick(4));
    let state = raw::get(&format!("/api/state?code={CODE}"));
    let mut held: Vec<_> = (0..4)
        .map(|_| {
            let mut stream = raw::connect(room.server.addr());
            raw::send(&mut stream, state.as_bytes());
            assert_eq!(raw::response(&mut stream).unwrap().0, 200);
            stream
        })
        .collect();
    let mut over = raw::connect(room.server.addr());
    raw::send(&mut over, state.as_bytes());
    let (status, body) = raw::response(&mut over).expect("a refusal, not a hang");
    assert_eq!(status, 503, "{body}");
    // A place comes back when a connection goes.
    drop(held.pop());
    let deadline = Instant::now() + raw::WAIT;
    let served = loop {
        let mut next = raw::connect(room.server.addr());
        raw::send(&mut next, state.as_bytes());
        let status = raw::response(&mut next).map_or(0, |r| r.0);
        if status == 200 || Instant::now() > deadline {
            break status;
        }
    };
    assert_eq!(served, 200, "the freed place is served");
}

#[test]
fn one_address_cannot_take_every_place() {
    let room = Presenter::start("ridge-point", 3);
    let url = room.url(&format!("/api/state?code={CODE}"));
    let client = agent();
    let mut minted = 0;
    let mut refused = 0;
    for _ in 0..700 {
        let response = client.get(&url).call().expect("the room answers");
        match response.status().as_u16() {
            200 => minted += 1,
            429 => {
                refused += 1;
                if refused > 20 {
                    break;
                }
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(
        refused > 0 && minted <= roofline_tutor::cli::present::room::participants::MAX_PER_ORIGIN,
        "{minted} minted, {refused} refused"
    );
}

#[test]
fn a_change_taken_before_the_reveal_is_counted_when_the_reveal_gets_there_first() {
    let mut room = Presenter::start("ridge-point", 3);
    let send = |room: &Presenter, participant: &str, value: f64| {
        let body = json!({ "code": CODE, "participant": participant, "value": value });
        let mut response = agent()
            .post(&room.url("/api/answer"))
            .header("Content-Type", "application/json")
            .send(body.to_string())
            .unwrap();
        let status = response.status().as_u16();
        let body: Value = response.body_mut().read_json().unwrap();
        (status, body)
    };
    let (status, state) = send(&room, "", 300.0);
    assert_eq!(status, 200, "{state}");
    let me = state["participant"].as_str().unwrap().to_owned();
    room.pump();
    // The change reaches the server, but the reveal reaches the presentation first.
    let (status, state) = send(&room, &me, 900.0);
    assert_eq!(status, 200, "{state}");
    room.act(Msg::Step(StepMsg::Reveal));
    room.pump();
    assert_eq!(
        room.guesses().numbers,
        vec![900.0],
        "the change was taken while the step was open: it counts"
    );
    let mut response = agent()
        .get(&room.url(&format!("/api/state?code={CODE}&participant={me}")))
        .call()
        .unwrap();
    let state: Value = response.body_mut().read_json().unwrap();
    assert_eq!(state["revealed"], true);
    assert_eq!(state["you"]["answer"], 900.0, "{state}");
    assert_eq!(state["you"]["late"], false, "{state}");
    assert!(state["you"]["verdict"].is_object(), "{state}");
}
