//! Issue 26, item 6: changes of answer racing the reveal, against the real server on
//! 127.0.0.1. Whatever order the changes and the reveal reach the presentation in, a change is
//! either counted (the phone was told 200 and the presentation holds the changed value) or
//! reported late (409 with `"late": true`, and the earlier answer stays counted): never
//! acknowledged and dropped. The test plays the run loop; every loop is bounded.

#[path = "room/presenter.rs"]
mod presenter;
#[path = "tui/support.rs"]
mod support;

use std::sync::{Arc, Barrier, mpsc};
use std::time::{Duration, Instant};

use presenter::{CODE, Presenter, agent};
use roofline_tutor::app::{Msg, StepMsg};
use roofline_tutor::domain::classroom::room::{Positive, RoomValue, shown};
use serde_json::{Value, json};

/// Participants who change their answer as the presenter reveals.
const RACERS: usize = 24;
/// The whole race ends by itself after this, whatever happens.
const DEADLINE: Duration = Duration::from_secs(20);

fn post(url: &str, participant: &str, value: f64) -> (u16, Value) {
    let body = json!({ "code": CODE, "participant": participant, "value": value });
    let mut response = agent()
        .post(url)
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .expect("the server answers");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a body");
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

fn state_of(room: &Presenter, participant: &str) -> Value {
    let url = room.url(&format!("/api/state?code={CODE}&participant={participant}"));
    agent()
        .get(&url)
        .call()
        .expect("the server answers")
        .body_mut()
        .read_json()
        .expect("JSON")
}

/// What the presentation counted for each participant on the step on screen.
fn counted(room: &Presenter) -> std::collections::BTreeMap<String, RoomValue> {
    let step = room.app.current_step().unwrap().1.id().to_owned();
    room.app.classroom().unwrap().guesses.sent_to(&step)
}

#[test]
fn a_change_racing_the_reveal_is_counted_or_reported_late() {
    let mut room = Presenter::start("ridge-point", 3);
    let url = room.url("/api/answer");
    // Everyone answers first, and the presentation counts it.
    let tokens: Vec<String> = (0..RACERS)
        .map(|i| {
            let (status, state) = post(&url, "", 100.0 + i as f64);
            assert_eq!(status, 200, "{state}");
            state["participant"].as_str().unwrap().to_owned()
        })
        .collect();
    room.pump();
    assert_eq!(counted(&room).len(), RACERS);

    // Everyone changes their answer at once.
    let start = Arc::new(Barrier::new(RACERS + 1));
    let (done, replies) = mpsc::channel();
    for (i, token) in tokens.iter().enumerate() {
        let (url, token, start, done) = (url.clone(), token.clone(), start.clone(), done.clone());
        std::thread::spawn(move || {
            start.wait();
            let _ = done.send((i, post(&url, &token, 1000.0 + i as f64)));
        });
    }
    start.wait();
    // The run loop: the first change to arrive waits while the presenter reveals (it reached
    // the presentation after the reveal); then every other arrival is handed on as it comes.
    let began = Instant::now();
    let held = room
        .inbox()
        .recv_timeout(DEADLINE)
        .expect("a change reaches the presentation");
    room.act(Msg::Step(StepMsg::Reveal));
    room.act(held);
    let mut results = Vec::new();
    while results.len() < RACERS && began.elapsed() < DEADLINE {
        if let Ok(msg) = room.inbox().recv_timeout(Duration::from_millis(5)) {
            room.act(msg);
        }
        results.extend(replies.try_iter());
    }
    room.pump();
    assert_eq!(results.len(), RACERS, "every phone got a reply");

    let counted = counted(&room);
    assert_eq!(counted.len(), RACERS, "each participant counted once");
    for (i, (status, reply)) in results {
        let token = &tokens[i];
        let (first, change) = (100.0 + i as f64, 1000.0 + i as f64);
        let held = counted[token];
        let number = |n: f64| RoomValue::Number(Positive::new(n).unwrap());
        let state = state_of(&room, token);
        assert_eq!(state["revealed"], true);
        match status {
            200 => {
                assert_eq!(reply["you"]["late"], false, "{reply}");
                assert_eq!(
                    held,
                    number(change),
                    "participant {i} was told 200 for {change}, the presentation counted {}",
                    shown(held)
                );
                assert_eq!(state["you"]["answer"], change, "{state}");
                assert_eq!(state["you"]["late"], false, "{state}");
            }
            409 => {
                assert_eq!(reply["late"], true, "a late change says so: {reply}");
                assert!(
                    reply["error"].as_str().is_some_and(|e| e.contains("late")),
                    "{reply}"
                );
                assert_eq!(held, number(first), "the earlier answer stays counted");
                assert_eq!(state["you"]["answer"], first, "{state}");
                assert_eq!(state["you"]["late"], true, "{state}");
            }
            other => panic!("participant {i}: unexpected {other}: {reply}"),
        }
        assert!(state["you"]["verdict"].is_object(), "judged: {state}");
    }
}
