//! `present --out FILE.html`: the handout of a session, opened in headless Chromium. A
//! presenter reveals two steps of lesson 2 with the room's guesses typed in; the page the
//! presentation writes is screenshot to PNG, its pictures counted on a canvas (drawn, not
//! blank), and its text read back from the DOM.

#[path = "browser/chromium.rs"]
mod chromium;
#[path = "tui/support.rs"]
mod support;

use roofline_tutor::app::{App, Msg, NavMsg, StepMsg, handle};
use roofline_tutor::cli::present::handout;
use roofline_tutor::domain::scenario::Scenario;

/// Drives the session to a state the handout is written from. The effects (saving progress,
/// notifying a room) are not this test's subject: the handout is built from the app's state, and
/// the effect harness in `tests/tui` asserts them elsewhere.
fn act(app: &mut App, msg: Msg) {
    let _ = handle(app, msg);
}

fn type_guesses(app: &mut App, text: &str) {
    for c in text.chars() {
        act(app, Msg::Step(StepMsg::TypeChar(c)));
    }
    act(app, Msg::Step(StepMsg::Commit));
}

/// Lesson 2 presented: step 3 (the H100's ridge) and step 5 (a choice) revealed.
fn presented() -> App {
    let mut app = support::opened_at(
        support::course_app(160, 45).presenting("2026-11-25T12:00:00Z".to_owned()),
        "ridge-point",
        3,
    );
    type_guesses(&mut app, "100 280 300 310 2000");
    act(&mut app, Msg::Step(StepMsg::Reveal));
    act(&mut app, Msg::Nav(NavMsg::JumpToStep(5)));
    for option in [1, 1, 0, 2] {
        act(&mut app, Msg::Step(StepMsg::SelectOption(option)));
    }
    act(&mut app, Msg::Step(StepMsg::Reveal));
    app
}

#[test]
fn the_handout_holds_each_step_and_the_revealed_answers() {
    let page = handout::page(&presented(), &Scenario::default_cluster()).unwrap();
    assert!(page.contains("Answer: 295 FLOP/byte"), "{page}");
    assert!(
        page.contains("5 answers from the room · median 300"),
        "{page}"
    );
    assert_eq!(page.matches("<svg").count(), 2);
    assert_eq!(
        page.matches("Not revealed in this session.").count(),
        1,
        "the FP8 ridge, lesson 2's one question left unrevealed: {page}"
    );
}

#[test]
fn chromium_shows_the_handout() {
    let Some(browser) = chromium::chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("handout.html");
    let page = handout::page(&presented(), &Scenario::default_cluster()).unwrap();
    handout::write_page(&file, &page).unwrap();
    let png = dir.path().join("handout.png");
    let bytes = chromium::screenshot(&browser, &file, &png, (900, 1400));
    assert!(bytes.len() > 20_000, "a drawn page: {} bytes", bytes.len());
    if let Some(keep) = std::env::var_os("ROOFLINE_KEEP_PNG") {
        std::fs::copy(&png, keep).unwrap();
    }
    let dom = chromium::dom(&browser, &file, 1000);
    for text in [
        "The ridge point",
        "Step 3 · Predict",
        "Answer: 295 FLOP/byte",
        "answer 295 FLOP/byte",
        "median 300 · 3 of 5 within ±10%",
        "Not revealed in this session.",
    ] {
        assert!(dom.contains(text), "no {text:?} in the page");
    }
    let ink = chromium::ink(&browser, &file);
    assert_eq!(ink.len(), 2, "the two spreads: {ink:?}");
    for picture in ink {
        assert!(picture.inked > 1000 && picture.colours >= 3, "{picture:?}");
    }
}
