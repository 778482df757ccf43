//! The presenter's screen with a room answering from its devices: the join panel (address,
//! code, QR code) over the screen until `j`, the room's answers counted with the typed ones
//! and never shown before the reveal, and no panic at any size.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::classroom::room::{JoinPanel, RoomInfo};
use roofline_tutor::app::{App, Effect, Msg, handle};
use roofline_tutor::app::{RoomMsg, StepMsg};
use roofline_tutor::cli::present::room::join;
use roofline_tutor::domain::classroom::room::{Reveals, Takes};
use serde_json::json;
use support::tutor::Tutor;
use support::{course_app, key, opened_at, render, text};

const URL: &str = "http://192.168.1.20:40123/?code=K7QX2M";

fn presenting_with_room() -> App {
    let app = course_app(160, 45)
        .presenting("2026-11-23T10:00:00Z".to_owned())
        .with_room(RoomInfo {
            url: URL.to_owned(),
            code: "K7QX2M".to_owned(),
            qr: join::qr(URL).unwrap(),
            panel: JoinPanel::Shown,
        });
    opened_at(app, "ridge-point", 3)
}

fn room_answer(app: &mut App, participant: &str, value: f64) {
    let step = app.session().unwrap().current();
    let value = Takes::Number {
        unit: String::new(),
    }
    .check(&json!(value))
    .unwrap();
    let effects = handle(
        app,
        Msg::Room(RoomMsg::Answer {
            step,
            participant: participant.to_owned(),
            value,
            seen: Reveals::default(),
        }),
    );
    assert_eq!(effects, [Effect::NotifyNotes], "the notes count the answer");
}

#[test]
fn the_join_panel_shows_the_address_the_code_and_the_qr_code() {
    let mut app = presenting_with_room();
    let buffer = render(&app, 160, 45);
    let screen = text(&buffer);
    assert!(
        screen.contains("Join from your phone or laptop"),
        "{screen}"
    );
    assert!(screen.contains(&format!("Open  {URL}")), "{screen}");
    assert!(screen.contains("Code  K7QX2M"), "{screen}");
    let qr_cells = buffer
        .content()
        .iter()
        .filter(|c| c.symbol() == "▀")
        .count();
    let side = join::qr(URL).unwrap().width + 2 * roofline_tutor::widgets::qr_code::QUIET;
    assert_eq!(
        qr_cells,
        side * side.div_ceil(2),
        "the whole QR code is drawn"
    );

    // `j` hides it; the address stays on a line under the question.
    let msg = app.msg_for(&key(KeyCode::Char('j'))).unwrap();
    assert_eq!(msg, Msg::Room(RoomMsg::ToggleJoinPanel));
    assert_eq!(handle(&mut app, msg), [Effect::NotifyNotes]);
    let screen = text(&render(&app, 160, 45));
    assert!(!screen.contains("Join from your phone"), "{screen}");
    assert!(screen.contains(&format!("Join: {URL}")), "{screen}");
    assert!(screen.contains("[j] join"), "{screen}");
}

#[test]
fn the_rooms_answers_are_counted_with_the_typed_ones_and_hidden_until_the_reveal() {
    let mut app = presenting_with_room();
    let hidden = handle(&mut app, Msg::Room(RoomMsg::ToggleJoinPanel));
    assert_eq!(hidden, [Effect::NotifyNotes]);
    room_answer(&mut app, "a", 417.0);
    room_answer(&mut app, "b", 523.0);
    room_answer(&mut app, "a", 611.0);
    for c in "280".chars() {
        // The walkthrough tells the notes window after every message.
        let typed = handle(&mut app, Msg::Step(StepMsg::TypeChar(c)));
        assert_eq!(typed, [Effect::NotifyNotes]);
    }
    let added = handle(&mut app, Msg::Step(StepMsg::Commit));
    assert_eq!(added, [Effect::NotifyNotes]);
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("3 guesses from the room"), "{screen}");
    for hidden in ["417", "523", "611", "280"] {
        assert!(
            !screen.contains(hidden),
            "{hidden} shown before the reveal:\n{screen}"
        );
    }
    let revealed = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert_eq!(revealed, [Effect::SaveRecord, Effect::NotifyNotes]);
    let screen = text(&render(&app, 160, 45));
    assert!(
        screen.contains("3 within") || screen.contains("of 3 within"),
        "{screen}"
    );
}

#[test]
fn the_panel_never_panics_at_any_size() {
    let app = presenting_with_room();
    for (w, h) in [(1, 1), (20, 5), (40, 12), (60, 20), (80, 24), (200, 56)] {
        let _ = render(&app, w, h);
    }
    // Too small for the QR code: the address and the code stay, and it says so.
    let screen = text(&render(&app, 80, 24));
    assert!(screen.contains("K7QX2M"), "{screen}");
}

#[test]
fn without_a_room_j_says_how_to_start_one() {
    let mut tutor = Tutor::at(160, 45).present("batching", 1);
    tutor.send(Msg::Room(RoomMsg::ToggleJoinPanel));
    assert_eq!(
        tutor.effects(),
        [Effect::NotifyNotes],
        "refused: nothing but the notes"
    );
    assert!(tutor.app().notice().unwrap().text.contains("--room"));
}

/// The QR code as drawn on the presenter's screen decodes to the address with the code: the
/// half-block cells are read back into modules (top: foreground, bottom: background) and
/// handed to a QR decoder.
#[test]
fn the_qr_code_on_screen_scans_to_the_address() {
    use ratatui::style::Color;
    let app = presenting_with_room();
    let buffer = render(&app, 160, 45);
    let cells: Vec<(u16, u16)> = buffer
        .content()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.symbol() == "▀")
        .map(|(i, _)| buffer.pos_of(i))
        .collect();
    let (x0, y0) = (
        cells.iter().map(|c| c.0).min().unwrap(),
        cells.iter().map(|c| c.1).min().unwrap(),
    );
    let (x1, y1) = (
        cells.iter().map(|c| c.0).max().unwrap(),
        cells.iter().map(|c| c.1).max().unwrap(),
    );
    let (columns, rows) = (usize::from(x1 - x0 + 1), usize::from(y1 - y0 + 1));
    // One module per cell across, two down; each module 4×4 pixels. Around it the terminal's
    // background is taken as dark (the worst case): the drawn quiet zone must do its job.
    let dark = |mx: usize, my: usize| {
        let cell = &buffer[(x0 + mx as u16, y0 + (my / 2) as u16)];
        let color = if my % 2 == 0 { cell.fg } else { cell.bg };
        color == Color::Black
    };
    let (scale, margin) = (4, 16);
    let (w, h) = (columns * scale + 2 * margin, rows * 2 * scale + 2 * margin);
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        let inside = x >= margin && y >= margin && x < w - margin && y < h - margin;
        if !inside || dark((x - margin) / scale, (y - margin) / scale) {
            0
        } else {
            255
        }
    });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code on the screen");
    let (_, content) = grids[0].decode().expect("the QR code decodes");
    assert_eq!(content, URL);
}

#[test]
fn an_answer_that_does_not_fit_the_step_is_dropped() {
    let mut app = presenting_with_room();
    let step = app.session().unwrap().current();
    let choice = Takes::Choice {
        options: vec!["a".into(), "b".into()],
    }
    .check(&json!(2))
    .unwrap();
    let number = Takes::Number {
        unit: String::new(),
    }
    .check(&json!(300))
    .unwrap();
    for (step, value) in [(step, choice), (step + 100, number), (0, number)] {
        let dropped = handle(
            &mut app,
            Msg::Room(RoomMsg::Answer {
                step,
                participant: "p".into(),
                value,
                seen: Reveals::default(),
            }),
        );
        // Dropped: only the notes window is told, as after every message of a walkthrough.
        assert_eq!(dropped, [Effect::NotifyNotes]);
    }
    let id = app.current_step().unwrap().1.id().to_owned();
    assert_eq!(
        app.classroom().expect("presenting").guesses.of(&id).count(),
        0
    );
    room_answer(&mut app, "p", 300.0);
    assert_eq!(
        app.classroom().expect("presenting").guesses.of(&id).count(),
        1
    );
}
