//! A real browser joins the room: headless Chromium opens the phone page from the real server
//! on 127.0.0.1, answers the question (the page's `answer=` parameter types the number and
//! submits the form, or taps the option's button, once the question is on screen), and the
//! presenter's state counts it. `.ci/run` installs Chromium;
//! without one on this machine the test says so and passes.

#[path = "browser/chromium.rs"]
mod chromium;
#[path = "room/presenter.rs"]
mod presenter;
#[path = "tui/support.rs"]
mod support;

use roofline_tutor::app::StepMsg;

use chromium::chromium_or_skip;
use presenter::{CODE, Presenter};

/// The phone page of `room` at `query` after the browser has answered (or not) and the
/// presenter has been handed what the server passed on; how many answers that was.
fn answer_from(
    browser: &std::path::Path,
    phone: &std::path::Path,
    room: &mut Presenter,
    query: &str,
) -> (String, usize) {
    let dom = open(
        browser,
        phone,
        &room.url(&format!("/?code={CODE}{query}")),
        5000,
    );
    (dom, room.pump())
}

/// The page after the browser has run it for `budget_ms` of virtual time, as the DOM dump.
/// `profile` keeps the page's storage (its participant token) between runs.
fn open(browser: &std::path::Path, profile: &std::path::Path, url: &str, budget_ms: u32) -> String {
    chromium::dom_at(browser, profile, url, budget_ms)
}

/// The text of the element with this id in a DOM dump (the page's elements hold plain text).
fn element<'a>(dom: &'a str, id: &str) -> &'a str {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {dom}"));
    let text = &dom[start..];
    let text = &text[text.find('>').unwrap() + 1..];
    &text[..text.find('<').unwrap()]
}

#[test]
fn a_browser_answers_and_the_presenter_counts_it() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    // Lesson 2, step 2: the H100's ridge point.
    let mut room = Presenter::start("ridge-point", 3);
    let phone = tempfile::tempdir().unwrap();
    let (dom, passed) = answer_from(
        &browser,
        phone.path(),
        &mut room,
        "&name=Browser&answer=300",
    );
    assert!(
        dom.contains("ridge-point") || dom.contains("step 3 of"),
        "{dom}"
    );
    assert!(
        element(&dom, "status").starts_with("Your answer: 300 FLOP/byte"),
        "the page shows the answer it sent: {dom}"
    );
    assert!(element(&dom, "question").contains("ridge point"), "{dom}");
    assert!(
        !element(&dom, "answer").contains("Answer"),
        "no answer before the reveal: {dom}"
    );
    assert!(passed >= 1, "the server passed the answer on");
    assert_eq!(room.guesses().numbers, vec![300.0]);
    assert_eq!(room.guesses().count(), 1);

    // After the reveal the page shows the answer and how far off the participant was.
    room.act(roofline_tutor::app::Msg::Step(StepMsg::Reveal));
    let (dom, _) = answer_from(&browser, phone.path(), &mut room, "");
    assert!(element(&dom, "answer").starts_with("Answer: 295"), "{dom}");
    assert_eq!(
        element(&dom, "verdict"),
        "You: 1.02× high (within tolerance)"
    );
    let other = tempfile::tempdir().unwrap();
    let dom = open(
        &browser,
        other.path(),
        &room.url(&format!("/?code={CODE}")),
        3000,
    );
    assert_eq!(
        element(&dom, "verdict"),
        "You did not answer this one.",
        "another browser is another participant"
    );

    // A wrong code gets the server's 403 and nothing of the page.
    let dom = open(&browser, other.path(), &room.url("/?code=WRONG1"), 1000);
    assert!(
        dom.contains("forbidden") && !dom.contains("<script"),
        "{dom}"
    );
}

#[test]
fn a_browser_taps_an_option_and_the_presenter_counts_it() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    // Lesson 1, step 7: where a kernel far past the ridge runs (three options, the second right).
    let mut room = Presenter::start("two-ceilings", 7);
    let phone = tempfile::tempdir().unwrap();
    let (dom, passed) = answer_from(&browser, phone.path(), &mut room, "&name=Tapper&answer=2");
    assert!(
        dom.contains("class=\"chosen\""),
        "the tapped button is marked chosen: {dom}"
    );
    assert!(
        element(&dom, "status").starts_with("Your answer: option 2"),
        "{dom}"
    );
    assert!(passed >= 1, "the server passed the answer on");
    assert_eq!(room.guesses().choices, vec![1], "option 2 is index 1");
    assert!(room.guesses().numbers.is_empty());

    room.act(roofline_tutor::app::Msg::Step(StepMsg::Reveal));
    let (dom, _) = answer_from(&browser, phone.path(), &mut room, "");
    assert!(
        element(&dom, "answer").starts_with("Answer: option 2"),
        "{dom}"
    );
}

#[test]
fn a_browser_says_when_an_answer_came_too_late() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let mut room = Presenter::start("ridge-point", 3);
    let phone = tempfile::tempdir().unwrap();
    let (_, passed) = answer_from(&browser, phone.path(), &mut room, "&answer=300");
    assert!(passed >= 1, "the server passed the answer on");
    let step = room.app.current_step().unwrap().1.id().to_owned();
    let counted = room.app.classroom().unwrap().guesses.sent_to(&step);
    let token = counted
        .keys()
        .next()
        .expect("the browser's answer counted")
        .clone();
    room.act(roofline_tutor::app::Msg::Step(StepMsg::Reveal));
    // The phone's change reaches the server after the reveal (a form left open on screen).
    let body = serde_json::json!({ "code": CODE, "participant": token, "value": 900 });
    let status = presenter::agent()
        .post(&room.url("/api/answer"))
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .unwrap()
        .status()
        .as_u16();
    assert_eq!(status, 409);
    let (dom, _) = answer_from(&browser, phone.path(), &mut room, "");
    assert_eq!(
        element(&dom, "status"),
        "Too late: your last answer arrived after the reveal and was not counted. \
         Your earlier answer (300 FLOP/byte) was counted.",
        "{dom}"
    );
    assert_eq!(room.guesses().numbers, vec![300.0]);
}
