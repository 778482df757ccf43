//! Keys, the mouse, notices, help and scrolling, driven through `update`.

use super::*;

#[test]
fn key_releases_are_ignored_and_ctrl_c_quits_anywhere() {
    let mut app = app();
    let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    assert_eq!(app.msg_for(&Event::Key(release)), None);
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert_eq!(app.msg_for(&ctrl_c), Some(Msg::App(AppMsg::QuitNow)));
    send(&mut app, &[Msg::App(AppMsg::QuitNow)]);
    assert_eq!(app.run_state(), RunState::Quitting);
}

/// A new app with a warning about the learner's files showing.
fn warned() -> App {
    let mut app = app();
    app.notice = Some(Notice {
        kind: NoticeKind::Warning,
        text: "progress.ron moved aside".into(),
    });
    app
}

#[test]
fn a_warning_stays_until_dismissed_while_refusals_pass() {
    let mut app = warned();
    send(
        &mut app,
        &[
            Msg::Nav(NavMsg::SelectNext),
            Msg::Nav(NavMsg::OpenSelected),
            Msg::Nav(NavMsg::NextStep),
        ],
    );
    assert_eq!(notice(&app).map(|n| n.0), Some(NoticeKind::Warning));
    send(&mut app, &[Msg::App(AppMsg::DismissNotice)]);
    assert_eq!(notice(&app), None);
}

#[test]
fn esc_dismisses_a_warning_first_except_while_typing() {
    let mut app = warned();
    let esc = Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert_eq!(
        app.msg_for(&esc),
        Some(Msg::App(AppMsg::DismissNotice)),
        "on the list Esc would go back"
    );
    open_at(&mut app, 6);
    assert_eq!(
        app.contexts()[..2],
        [KeyContext::TextEntry, KeyContext::Warning]
    );
    assert_eq!(app.msg_for(&esc), Some(Msg::Step(StepMsg::LeaveInput)));
    send(&mut app, &[Msg::Step(StepMsg::LeaveInput)]);
    assert_eq!(app.msg_for(&esc), Some(Msg::App(AppMsg::DismissNotice)));
    send(&mut app, &[Msg::App(AppMsg::DismissNotice)]);
    assert_eq!(app.msg_for(&esc), None);
}

#[test]
fn help_opens_over_any_screen_and_takes_the_keys() {
    let mut app = at_step(0);
    send(&mut app, &[Msg::App(AppMsg::ToggleHelp)]);
    assert_eq!(app.overlay(), Overlay::Help { scroll: 0 });
    assert_eq!(app.contexts(), vec![KeyContext::Help, KeyContext::Global]);
    send(
        &mut app,
        &[Msg::Nav(NavMsg::ScrollDown), Msg::Nav(NavMsg::ScrollDown)],
    );
    assert_eq!(app.overlay(), Overlay::Help { scroll: 2 });
    send(&mut app, &[Msg::App(AppMsg::CloseHelp)]);
    assert_eq!(app.overlay(), Overlay::None);
}

#[test]
fn clicking_and_dragging_on_the_slider_sets_the_batch() {
    let mut app = at_step(0);
    let track = app
        .slider_track()
        .expect("the slider is on screen at 120×40");
    let at_64 = track.column_of_batch(64);
    send(
        &mut app,
        &[Msg::App(AppMsg::MouseDown {
            column: at_64,
            row: track.row,
        })],
    );
    let batch = app.plot().scenario.batch;
    assert!((45..=90).contains(&batch), "clicked near 64, got {batch}");
    assert_eq!(app.drag, Drag::Slider);
    send(
        &mut app,
        &[Msg::App(AppMsg::MouseDrag {
            column: track.start + track.len + 5,
            row: track.row + 3,
        })],
    );
    assert_eq!(
        app.plot().scenario.batch,
        107,
        "a drag past the end stops at the KV wall"
    );
    send(
        &mut app,
        &[
            Msg::App(AppMsg::MouseUp),
            Msg::App(AppMsg::MouseDrag {
                column: track.start,
                row: track.row,
            }),
        ],
    );
    assert_eq!(
        app.plot().scenario.batch,
        107,
        "no drag after the button is up"
    );
    send(
        &mut app,
        &[Msg::App(AppMsg::MouseDown { column: 0, row: 0 })],
    );
    assert_eq!(app.drag, Drag::Idle, "a press elsewhere starts no drag");
}

#[test]
fn the_plot_keys_do_nothing_on_the_lesson_list() {
    let mut app = app();
    send(
        &mut app,
        &[
            Msg::Plot(PlotMsg::DoubleBatch),
            Msg::Plot(PlotMsg::CycleGpu(Cycle::Forward)),
        ],
    );
    assert_eq!(app.plot().scenario, Scenario::default_cluster());
}

#[test]
fn progress_follows_the_session_and_a_failed_save_warns() {
    let mut app = at_step(1);
    send(
        &mut app,
        &[
            Msg::Step(StepMsg::TypeChar('9')),
            Msg::Step(StepMsg::Commit),
        ],
    );
    let lesson = &app.lessons()[0];
    let summary = summarize(lesson, app.progress().lessons.get("screen-test"));
    assert_eq!(
        summary.status,
        LessonStatus::InProgress { done: 1, total: 7 }
    );
    send(
        &mut app,
        &[Msg::App(AppMsg::SaveFailed("disk full".into()))],
    );
    assert_eq!(
        notice(&app),
        Some((NoticeKind::Warning, "progress not saved: disk full".into()))
    );
}

#[test]
fn scrolling_stops_at_the_end_of_the_text() {
    let mut app = app();
    send(
        &mut app,
        &[
            Msg::App(AppMsg::Resize {
                width: 60,
                height: 14,
            }),
            Msg::Nav(NavMsg::OpenLesson(0)),
        ],
    );
    for _ in 0..50 {
        send(&mut app, &[Msg::Nav(NavMsg::ScrollDown)]);
    }
    let scroll = app.lesson_screen().unwrap().scroll;
    assert!(
        scroll > 0 && scroll == app.lesson_scroll_limit(),
        "{scroll}"
    );
    send(&mut app, &[Msg::Nav(NavMsg::NextStep)]);
    assert_eq!(
        app.lesson_screen().unwrap().scroll,
        0,
        "a new step starts at the top"
    );
}
