//! `present --room` against the real server on 127.0.0.1: joining, answering, changing the
//! answer, the reveal, and every refusal (wrong code, oversize body, malformed JSON, a hostile
//! name, another path, too many requests). The test plays the run loop: it takes the answers
//! the server sends, hands them to `update` and publishes what the room may see.

#[path = "room/presenter.rs"]
mod presenter;
#[path = "tui/support.rs"]
mod support;

use presenter::{CODE, Presenter, agent};
use roofline_tutor::app::{Effect, Msg, classroom, handle};
use roofline_tutor::app::{RoomMsg, StepMsg};
use roofline_tutor::domain::classroom::room::Reveals;
use serde_json::{Value, json};

#[track_caller]
fn get(url: &str) -> (u16, Value) {
    let mut response = agent().get(url).call().expect("the server answers");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a body");
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

#[track_caller]
fn post(url: &str, body: &str) -> (u16, Value) {
    let mut response = agent()
        .post(url)
        .header("Content-Type", "application/json")
        .send(body)
        .expect("the server answers");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a body");
    (
        status,
        serde_json::from_str(&body).unwrap_or(Value::String(body)),
    )
}

fn answer(room: &Presenter, participant: &str, name: &str, value: &Value) -> (u16, Value) {
    let body = json!({ "code": CODE, "participant": participant, "name": name, "value": value });
    post(&room.url("/api/answer"), &body.to_string())
}

#[test]
fn join_answer_change_and_reveal() {
    // Lesson 2, step 3: the H100's ridge point (295 FLOP/byte).
    let mut room = Presenter::start("ridge-point", 3);
    let (status, state) = get(&room.url(&format!("/api/state?code={CODE}")));
    assert_eq!(status, 200, "{state}");
    let me = state["participant"].as_str().unwrap().to_owned();
    assert_eq!(me.len(), 32, "a token is issued on the first request");
    assert_eq!(state["step"], 3);
    assert_eq!(state["revealed"], false);
    assert_eq!(state["answer"], Value::Null);
    assert!(state["takes"]["number"]["unit"].is_string(), "{state}");
    assert!(state["question"].as_str().unwrap().contains('?'), "{state}");
    // The participant token is random hex and may hold the digits "295" by chance: read
    // everything else.
    let mut shown = state.clone();
    shown
        .as_object_mut()
        .expect("the state is an object")
        .remove("participant");
    assert!(
        !shown.to_string().contains("295"),
        "no answer before the reveal: {state}"
    );

    let (status, state) = answer(&room, &me, "Ada", &json!(300));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["you"]["answer"], 300.0);
    assert_eq!(state["you"]["name"], "Ada");
    room.pump();
    assert_eq!(room.guesses().numbers, vec![300.0]);

    // Changing the answer replaces it: one answer per participant per step.
    let (status, _) = answer(&room, &me, "Ada", &json!("250"));
    assert_eq!(status, 200);
    room.pump();
    assert_eq!(room.guesses().numbers, vec![250.0]);

    // A second participant (no token yet: one is issued) and the presenter's typed guess.
    let (status, other) = answer(&room, "", "", &json!("1e3"));
    assert_eq!(status, 200, "{other}");
    assert_ne!(other["participant"], me.as_str());
    room.pump();
    room.type_guesses("280");
    let mut numbers = room.guesses().numbers;
    numbers.sort_by(f64::total_cmp);
    assert_eq!(numbers, vec![250.0, 280.0, 1000.0]);
    let (_, state) = get(&room.url(&format!("/api/state?code={CODE}&participant={me}")));
    assert_eq!(state["answers"], 3, "the count, not the values: {state}");

    room.act(Msg::Step(StepMsg::Reveal));
    let (status, state) = get(&room.url(&format!("/api/state?code={CODE}&participant={me}")));
    assert_eq!(status, 200);
    assert_eq!(state["revealed"], true);
    let value = state["answer"]["number"]["value"].as_f64().unwrap();
    assert!((value - 295.0).abs() < 1.0, "{state}");
    assert_eq!(state["you"]["verdict"]["text"], "1.18× low");
    assert_eq!(state["you"]["verdict"]["right"], false);

    // After the reveal nothing more counts.
    let (status, refused) = answer(&room, &me, "Ada", &json!(295));
    assert_eq!(status, 409);
    assert!(
        refused["error"].as_str().unwrap().starts_with("too late"),
        "{refused}"
    );
    assert_eq!(refused["late"], true, "{refused}");
    room.pump();
    assert_eq!(room.guesses().count(), 3);

    // The record (`--out`) has the room's answers with the typed one.
    let record = classroom::record(&room.app).unwrap();
    let mut kept = record.steps[0].guesses.numbers.clone();
    kept.sort_by(f64::total_cmp);
    assert_eq!(kept, vec![250.0, 280.0, 1000.0]);
}

#[test]
fn a_choice_takes_an_option_by_its_number() {
    let mut room = Presenter::start("batching", 5);
    let (_, state) = get(&room.url(&format!("/api/state?code={CODE}")));
    let options = state["takes"]["choice"]["options"]
        .as_array()
        .unwrap()
        .len();
    assert!(options >= 2, "{state}");
    let (status, _) = answer(&room, "", "", &json!(2));
    assert_eq!(status, 200);
    let (status, refused) = answer(&room, "", "", &json!(options + 1));
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        format!("there is no option {}: pick 1 to {options}", options + 1)
    );
    let (status, refused) = answer(&room, "", "", &json!("lots"));
    assert_eq!(
        (status, refused["error"].as_str()),
        (
            400,
            Some("this question takes an option: pick one by its number")
        )
    );
    room.pump();
    assert_eq!(room.guesses().choices, vec![1]);
}

#[test]
fn values_are_checked_as_in_study() {
    let room = Presenter::start("ridge-point", 3);
    for (value, error) in [
        (json!("lots"), "that is not a number"),
        (
            json!(0),
            "zero cannot be right here: guess a positive number",
        ),
        (
            json!(-3),
            "a negative value cannot be right here: guess a positive number",
        ),
        (json!("inf"), "guess a finite number"),
        (json!(null), "that is not a number"),
    ] {
        let (status, refused) = answer(&room, "", "", &value);
        assert_eq!(
            (status, refused["error"].as_str()),
            (400, Some(error)),
            "{value}"
        );
    }
}

#[test]
fn a_wrong_code_gets_403_and_no_hint() {
    let room = Presenter::start("ridge-point", 3);
    let forbidden = json!({ "error": "forbidden" });
    for url in [
        "/api/state?code=WRONG1",
        "/api/state",
        "/api/state?code=k7qx2m",
        "/?code=WRONG1",
        "/",
    ] {
        assert_eq!(get(&room.url(url)), (403, forbidden.clone()), "{url}");
    }
    let body = json!({ "code": "WRONG1", "value": 300 }).to_string();
    assert_eq!(
        post(&room.url("/api/answer"), &body),
        (403, forbidden.clone())
    );
    let body = json!({ "value": 300 }).to_string();
    assert_eq!(post(&room.url("/api/answer"), &body), (403, forbidden));
}

#[test]
fn bodies_over_a_kibibyte_get_413() {
    let room = Presenter::start("ridge-point", 3);
    let name = "x".repeat(1100);
    let body = json!({ "code": CODE, "name": name, "value": 300 }).to_string();
    let (status, _) = post(&room.url("/api/answer"), &body);
    assert_eq!(status, 413);
    // Just under the limit is read.
    let name = "x".repeat(900);
    let body = json!({ "code": CODE, "name": name, "value": 300 }).to_string();
    assert!(body.len() <= 1024);
    assert_eq!(post(&room.url("/api/answer"), &body).0, 200);
}

#[test]
fn malformed_json_gets_400() {
    let room = Presenter::start("ridge-point", 3);
    for body in ["{", "not json", "[1,2]", ""] {
        let (status, refused) = post(&room.url("/api/answer"), body);
        assert_eq!(
            status,
            if body == "[1,2]" { 403 } else { 400 },
            "{body}: {refused}"
        );
    }
    let body = json!({ "code": CODE, "value": 3, "admin": true }).to_string();
    let (status, refused) = post(&room.url("/api/answer"), &body);
    assert_eq!(status, 400);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `admin`"),
        "{refused}"
    );
    let body = json!({ "code": CODE }).to_string();
    assert_eq!(post(&room.url("/api/answer"), &body).0, 400);
}

#[test]
fn a_hostile_name_is_cleaned_and_cut() {
    let mut room = Presenter::start("ridge-point", 3);
    let name = "\u{1b}]52;c;aGk=\u{7}<script>alert(1)</script>\r\n\u{202e}evil\u{1b}[2J";
    let (status, state) = answer(&room, "", name, &json!(300));
    assert_eq!(status, 200, "{state}");
    let shown = state["you"]["name"].as_str().unwrap();
    assert!(!shown.chars().any(char::is_control), "{shown:?}");
    assert!(!shown.contains('\u{202e}'));
    assert!(shown.chars().count() <= 32, "{shown:?}");
    assert!(
        shown.starts_with("]52;c;aGk=<script>alert(1)</scr"),
        "{shown:?}"
    );
    room.pump();
    // The page never puts text in as markup: every value is set with textContent.
    let (status, page) = get(&room.url(&format!("/?code={CODE}")));
    assert_eq!(status, 200);
    let page = page.as_str().unwrap();
    assert!(!page.contains("innerHTML") && page.contains("textContent"));
    // And the terminal client escapes what it prints.
    let printed = roofline_tutor::cli::join::show(name);
    assert!(
        !printed.chars().any(|c| c.is_control() && c != '\n'),
        "{printed:?}"
    );
}

#[test]
fn only_the_page_and_the_api_are_served() {
    let room = Presenter::start("ridge-point", 3);
    for path in [
        "/index.html",
        "/Cargo.toml",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/api",
        "/api/state/",
        "/api/answers",
        "/favicon.ico",
        "/src/main.rs",
    ] {
        let (status, _) = get(&room.url(&format!("{path}?code={CODE}")));
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = post(&room.url(&format!("/api/state?code={CODE}")), "{}");
    assert_eq!(status, 405);
    let (status, page) = get(&room.url(&format!("/?code={CODE}")));
    assert_eq!(status, 200);
    let page = page.as_str().unwrap();
    assert!(page.starts_with("<!doctype html>"));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "no outside assets"
    );
}

#[test]
fn each_participant_is_rate_limited() {
    let room = Presenter::start("ridge-point", 3);
    let (_, state) = get(&room.url(&format!("/api/state?code={CODE}")));
    let me = state["participant"].as_str().unwrap().to_owned();
    let url = room.url(&format!("/api/state?code={CODE}&participant={me}"));
    let statuses: Vec<u16> = (0..40)
        .map(|_| agent().get(&url).call().unwrap().status().as_u16())
        .collect();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert!(refused > 0 && statuses[0] == 200, "{statuses:?}");
    let response = agent().get(&url).call().unwrap();
    assert_eq!(response.status().as_u16(), 429);
    assert!(response.headers().get("retry-after").is_some());
}

#[test]
fn the_server_stops_with_the_presentation() {
    let room = Presenter::start("ridge-point", 3);
    let url = room.url(&format!("/api/state?code={CODE}"));
    assert_eq!(get(&url).0, 200);
    drop(room);
    assert!(
        agent().get(&url).call().is_err(),
        "still serving after the end"
    );
}

#[test]
fn a_room_answer_taken_after_the_server_saw_the_reveal_is_dropped() {
    let mut room = Presenter::start("ridge-point", 3);
    let step = room.app.session().unwrap().current();
    room.act(Msg::Step(StepMsg::Reveal));
    let value = roofline_tutor::domain::classroom::room::Takes::Number {
        unit: String::new(),
    }
    .check(&json!(3))
    .unwrap();
    let answer = |participant: &str, seen: Reveals| {
        Msg::Room(RoomMsg::Answer {
            step,
            participant: participant.into(),
            value,
            seen,
        })
    };
    // The server had seen the reveal: it never sends such an answer; if one came, it is dropped.
    let dropped = handle(&mut room.app, answer("p", Reveals(1)));
    // Only the notes window is told, as after every message of a walkthrough.
    assert_eq!(dropped, [Effect::NotifyNotes]);
    assert_eq!(room.guesses().count(), 0);
    // Taken before the server saw the reveal: the phone was told it counts, so it does, and
    // the record written at the reveal is written again.
    let counted = handle(&mut room.app, answer("q", Reveals(0)));
    assert_eq!(counted, [Effect::SaveRecord, Effect::NotifyNotes]);
    assert_eq!(room.guesses().numbers, vec![3.0]);
}

#[test]
fn an_answer_the_reveal_beat_to_the_presentation_is_counted() {
    // The participant's answer reaches the server, but the presenter reveals before the run
    // loop hands it on: the server took it while the step was open, so the presentation
    // counts it and the page shows it judged.
    let mut room = Presenter::start("ridge-point", 3);
    let (status, state) = answer(&room, "", "Late", &json!(300));
    assert_eq!(status, 200, "{state}");
    let me = state["participant"].as_str().unwrap().to_owned();
    assert_eq!(state["you"]["answer"], 300.0, "{state}");
    room.act(Msg::Step(StepMsg::Reveal));
    room.pump();
    assert_eq!(
        room.guesses().numbers,
        vec![300.0],
        "the presentation counted it"
    );
    let (status, state) = get(&room.url(&format!("/api/state?code={CODE}&participant={me}")));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["revealed"], true);
    assert_eq!(state["you"]["answer"], 300.0, "{state}");
    assert!(state["you"]["verdict"].is_object(), "{state}");
    assert_eq!(state["you"]["late"], false, "{state}");
    assert!(
        state.get("counted").is_none(),
        "the others' answers never reach the room: {state}"
    );
    // After the reveal, an answer is refused as late, and the page is told so.
    let (status, state) = answer(&room, &me, "Late", &json!(900));
    assert_eq!(status, 409, "{state}");
    assert_eq!(state["late"], true, "{state}");
    assert_eq!(
        state["you"]["answer"], 300.0,
        "the earlier answer is judged: {state}"
    );
    room.pump();
    assert_eq!(room.guesses().numbers, vec![300.0]);
}
