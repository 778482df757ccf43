//! A burst of keys already queued (a held key, a paste) is drawn once, after the last of
//! them: the screen must not lag behind by drawing every intermediate state.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use roofline_tutor::app::NavMsg;
use roofline_tutor::app::event_source::key;
use roofline_tutor::app::{self, App, AppInit, Msg, ScriptedEvents, update};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::located::parse_ron;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::Progress;
use roofline_tutor::widgets::Appearance;

fn app() -> App {
    let lesson = parse_ron("tests/tui/lesson.ron", include_str!("tui/lesson.ron")).unwrap();
    let mut app = App::new(AppInit {
        catalog: builtin_catalog().into(),
        lessons: vec![lesson].into(),
        cluster: Scenario::default_cluster(),
        progress: Progress::default(),
        warning: None,
        appearance: Appearance::default(),
        viewport: ratatui::layout::Size::new(120, 40),
        measure: roofline_tutor::ui::MEASURE,
    });
    let _ = update(&mut app, Msg::Nav(NavMsg::OpenLesson(0)));
    app
}

#[test]
fn two_hundred_queued_keys_are_drawn_once() {
    let mut app = app();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut events = ScriptedEvents::new((0..200).map(|i| {
        key(if i % 2 == 0 {
            KeyCode::Right
        } else {
            KeyCode::Left
        })
    }));
    let mut saved = Vec::new();
    app::run(&mut terminal, &mut app, &mut events, &mut saved).unwrap();
    assert_eq!(events.remaining(), 0, "every key was handled");
    // The first frame, then one for the whole burst.
    assert_eq!(terminal.get_frame().count(), 2);
}
