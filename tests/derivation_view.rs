//! Study's derivation view (issue 24, part 1): `w` on a revealed step opens how its answer
//! was computed, Tab walks the readouts, Esc closes; before the reveal the key is refused and
//! nothing of the derivation is drawn.

#[path = "tui/support.rs"]
mod support;

use crossterm::event::KeyCode;
use roofline_tutor::app::study::Why;
use roofline_tutor::app::{App, Mode, NoticeKind};
use support::{course_app, key, opened_at, press, render, terminal, text, typed};

/// Lesson 15's Mixtral batch-to-ridge step (step 7), its guess typed and committed.
fn mixtral_committed() -> App {
    let mut app = opened_at(course_app(120, 40), "mixture-of-experts", 7);
    press(&mut app, &typed("1000"));
    press(&mut app, &[key(KeyCode::Enter)]);
    app
}

#[track_caller]
fn why(app: &App) -> Why {
    match app.mode() {
        Mode::Study(studying) => studying.why,
        other => panic!("study mode, not {other:?}"),
    }
}

#[test]
fn before_the_reveal_the_derivation_is_refused() {
    let mut app = mixtral_committed();
    press(&mut app, &[key(KeyCode::Char('w'))]);
    assert_eq!(why(&app), Why::Closed);
    let notice = app.notice().expect("a refusal");
    assert_eq!(notice.kind, NoticeKind::Refusal);
    assert!(
        notice.text.contains("once the answer is revealed"),
        "{}",
        notice.text
    );
    let screen = text(&render(&app, 120, 40));
    assert!(!screen.contains("B* = "), "{screen}");
    assert!(!screen.contains("1,302"), "{screen}");
}

#[test]
fn an_open_guess_is_refused_too() {
    let mut app = opened_at(course_app(120, 40), "mixture-of-experts", 7);
    press(&mut app, &[key(KeyCode::Char('w'))]);
    assert_eq!(why(&app), Why::Closed);
    assert!(app.notice().is_some_and(|n| n.kind == NoticeKind::Refusal));
}

#[test]
fn after_the_reveal_w_opens_tab_walks_and_esc_closes() {
    let mut app = mixtral_committed();
    press(
        &mut app,
        &[key(KeyCode::Char('r')), key(KeyCode::Char('w'))],
    );
    assert_eq!(why(&app), Why::Open { at: 0 });
    insta::assert_snapshot!("mixtral_batch_to_ridge", terminal(&app, 120, 40).backend());
    press(&mut app, &[key(KeyCode::Tab)]);
    assert_eq!(why(&app), Why::Open { at: 1 });
    let readout = text(&render(&app, 120, 40));
    assert!(readout.contains("readout: ridge"), "{readout}");
    assert!(readout.contains("R = P / BW"), "{readout}");
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Up)]);
    assert_eq!(why(&app), Why::Open { at: 6 });
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(why(&app), Why::Closed);
}
