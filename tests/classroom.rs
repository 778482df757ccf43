//! Classroom mode: the presenter paces and reveals, the room's typed guesses are counted (not
//! shown) until the reveal, then spread on a log strip; the projector layout at 160×45 and
//! 200×56; the record; the speaker-notes window following a presenter in another process.

#[path = "tui/support.rs"]
mod support;

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use roofline_tutor::app::{App, Effect, Msg, classroom, handle};
use roofline_tutor::app::{NavMsg, RoomMsg, StepMsg};
use roofline_tutor::cli::present::notes::{NotesServer, SOCKET};
use roofline_tutor::domain::classroom::Notes;
use roofline_tutor::domain::session::ResolvedAnswer;
use support::tutor::Tutor;
use support::{course_app, opened_at, render, terminal, text};

/// The course presented from lesson `id`, at step `step` (from 1).
fn presenting(id: &str, step: usize, width: u16, height: u16) -> App {
    opened_at(
        course_app(width, height).presenting("2026-11-22T10:00:00Z".to_owned()),
        id,
        step,
    )
}

fn typed(app: &mut App, text: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(handle(app, Msg::Step(StepMsg::TypeChar(c))));
    }
    effects.extend(handle(app, Msg::Step(StepMsg::Commit)));
    effects
}

fn answer_value(app: &App) -> f64 {
    let screen = app.lesson_screen().unwrap();
    let lesson = &app.lessons()[screen.lesson];
    let answers =
        roofline_tutor::domain::session::resolve_lesson(lesson, app.cluster(), app.catalog());
    match answers[screen.session.current()].clone() {
        Some(ResolvedAnswer::Number { value, .. }) => value,
        other => panic!("{other:?}"),
    }
}

/// The left pane of a side-by-side screen.
fn question_pane(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.split("││").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_room_is_counted_until_the_reveal_then_spread() {
    // Lesson 4, step 2: the FC intensity at batch 8.
    let mut app = presenting("batching", 3, 160, 45);
    let step = app.current_step().unwrap().1.id().to_owned();
    let effects = typed(&mut app, "8 16 7.5");
    assert!(effects.contains(&Effect::NotifyNotes));
    let _ = typed(&mut app, "30");
    assert_eq!(
        app.classroom()
            .expect("presenting")
            .guesses
            .of(&step)
            .numbers,
        vec![8.0, 16.0, 7.5, 30.0]
    );
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("4 guesses from the room"), "{screen}");
    let pane = question_pane(&screen);
    let shown: Vec<f64> = roofline_tutor::domain::withhold::tokens(&pane)
        .map(|t| t.value)
        .collect();
    assert!(
        !shown.contains(&16.0) && !shown.contains(&7.5),
        "the values stay hidden: {pane}"
    );
    // A line that is not all numbers is refused inline and nothing is added.
    let _ = typed(&mut app, "12 lots");
    assert_eq!(
        app.classroom()
            .expect("presenting")
            .guesses
            .of(&step)
            .count(),
        4
    );
    assert_eq!(
        app.classroom().expect("presenting").error.as_deref(),
        Some("'lots': that is not a number")
    );
    assert!(text(&render(&app, 160, 45)).contains("'lots': that is not a number"));
    // Only the presenter reveals; the reveal writes the record and shows the spread.
    let effects = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert!(effects.contains(&Effect::SaveRecord));
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("median"), "{screen}");
    assert!(screen.contains("2 of 4 within ±10 %"), "{screen}");
    let record = classroom::record(&app).unwrap();
    assert_eq!(record.lesson, "batching");
    assert_eq!(record.steps.len(), 1);
    assert_eq!(record.steps[0].guesses.numbers.len(), 4);
    assert!((record.steps[0].answer - answer_value(&app)).abs() < 1e-9);
    assert_eq!(record.steps[0].within_pct, Some(50.0));
}

#[test]
fn the_presenter_paces_and_the_last_step_stays() {
    // Every move tells the notes window (and only that: nothing is scored or saved).
    let notes: &[Effect] = &[Effect::NotifyNotes];
    let mut tutor = Tutor::at(160, 45).present("batching", 1);
    let current = |tutor: &Tutor| tutor.app().session().unwrap().current();
    assert_eq!(tutor.send(Msg::Nav(NavMsg::NextStep)).effects(), notes);
    assert_eq!(current(&tutor), 1);
    assert_eq!(tutor.send(Msg::Nav(NavMsg::PreviousStep)).effects(), notes);
    assert_eq!(current(&tutor), 0);
    let last = tutor.app().session().unwrap().len();
    assert_eq!(
        tutor.send(Msg::Nav(NavMsg::JumpToStep(last))).effects(),
        notes
    );
    assert_eq!(tutor.send(Msg::Nav(NavMsg::NextStep)).effects(), notes);
    assert_eq!(current(&tutor), last - 1);
    assert!(tutor.app().notice().unwrap().text.contains("last step"));
    let refused = tutor.send(Msg::Nav(NavMsg::JumpToStep(last + 5))).effects();
    assert_eq!(refused, notes);
    assert!(
        tutor
            .app()
            .notice()
            .unwrap()
            .text
            .contains("there is no step")
    );
}

#[test]
fn nothing_shows_the_answer_before_the_presenter_reveals() {
    let mut app = presenting("ridge-point", 3, 160, 45);
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("ridge ?"), "{screen}");
    let added = typed(&mut app, "295");
    assert!(
        added.contains(&Effect::NotifyNotes),
        "the notes count the guess"
    );
    assert!(text(&render(&app, 160, 45)).contains("ridge ?"));
    let revealed = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert_eq!(revealed, [Effect::SaveRecord, Effect::NotifyNotes]);
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("ridge 295"), "{screen}");
}

#[test]
fn a_choice_step_counts_votes_per_option() {
    let mut app = presenting("batching", 5, 160, 45);
    assert!(classroom::options(app.current_step().unwrap().1).is_some());
    for option in [1, 1, 0, 2, 1] {
        let counted = handle(&mut app, Msg::Step(StepMsg::SelectOption(option)));
        assert_eq!(counted, [Effect::NotifyNotes], "the notes count each vote");
    }
    let screen = text(&render(&app, 160, 45));
    assert!(screen.contains("5 guesses from the room"), "{screen}");
    let revealed = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert_eq!(revealed, [Effect::SaveRecord, Effect::NotifyNotes]);
    let record = classroom::record(&app).unwrap();
    assert_eq!(record.steps[0].within_pct, Some(60.0));
}

#[test]
fn the_curtain_blanks_the_screen() {
    let mut tutor = Tutor::at(160, 45).present("batching", 2);
    // The notes window follows the curtain too (it shows the presentation's state).
    tutor.send(Msg::Room(RoomMsg::ToggleCurtain));
    assert_eq!(tutor.effects(), [Effect::NotifyNotes]);
    let screen = text(&render(tutor.app(), 160, 45));
    assert!(!screen.contains("Roofline"), "{screen}");
    tutor.send(Msg::Room(RoomMsg::ToggleCurtain));
    assert_eq!(tutor.effects(), [Effect::NotifyNotes]);
    assert!(text(&render(tutor.app(), 160, 45)).contains("Roofline"));
}

#[test]
fn projector_layouts() {
    for (width, height) in [(160, 45), (200, 56)] {
        let mut app = presenting("batching", 3, width, height);
        let added = typed(&mut app, "8 16 7.5 9 4 30");
        assert!(
            added.contains(&Effect::NotifyNotes),
            "the notes count the guesses"
        );
        insta::assert_snapshot!(
            format!("present_before_reveal_{width}x{height}"),
            terminal(&app, width, height).backend()
        );
        let revealed = handle(&mut app, Msg::Step(StepMsg::Reveal));
        assert_eq!(revealed, [Effect::SaveRecord, Effect::NotifyNotes]);
        insta::assert_snapshot!(
            format!("present_revealed_{width}x{height}"),
            terminal(&app, width, height).backend()
        );
    }
}

#[test]
fn small_terminals_never_panic() {
    let mut app = presenting("batching", 3, 40, 12);
    let added = typed(&mut app, "8 16");
    assert!(
        added.contains(&Effect::NotifyNotes),
        "the notes count the guesses"
    );
    let revealed = handle(&mut app, Msg::Step(StepMsg::Reveal));
    assert_eq!(revealed, [Effect::SaveRecord, Effect::NotifyNotes]);
    for (w, h) in [(1, 1), (20, 5), (40, 12), (80, 24), (100, 30)] {
        let _ = render(&app, w, h);
    }
}

/// The presenter (a notes server in this process) and `roofline present --notes` (another
/// process) follow each other: the notes window, started second, gets the current state; a
/// later change reaches it too.
#[test]
fn the_notes_window_follows_the_presenter_from_another_process() {
    let dir = tempfile::tempdir().unwrap();
    let server = NotesServer::start(dir.path()).unwrap();
    let app = presenting("batching", 3, 160, 45);
    let mut notes: Notes = classroom::notes(&app).unwrap();
    server.send(&notes);
    let mut child = Command::new(env!("CARGO_BIN_EXE_roofline"))
        .args(["present", "--notes", "--data-dir"])
        .arg(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |needle: &str| {
        loop {
            let line = rx
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("the notes never showed {needle:?}"));
            if line.contains(needle) {
                return line;
            }
        }
    };
    let answer = wait_for("ANSWER:");
    assert!(answer.contains("FLOP/byte"), "{answer}");
    wait_for("Next: step 4");
    notes.guesses.numbers = vec![8.0, 16.0];
    server.send(&notes);
    let room = wait_for("The room so far");
    assert!(room.contains("(2): 8, 16"), "{room}");
    drop(server);
    assert!(
        !dir.path().join(SOCKET).exists(),
        "the presenter cleans up its socket"
    );
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_second_presenter_on_the_same_data_dir_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _first = NotesServer::start(dir.path()).unwrap();
    let second = NotesServer::start(dir.path()).err().unwrap();
    assert!(
        format!("{second:#}").contains("already running"),
        "{second:#}"
    );
}
