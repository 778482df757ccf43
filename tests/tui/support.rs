//! Shared by the screen tests: an app over the fixture lesson or the shipped course, message
//! and key scripts, and rendering into a test terminal.

#![allow(dead_code, reason = "each test file uses its own part")]

#[path = "tutor.rs"]
pub mod tutor;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::widgets::Widget as _;
use roofline_tutor::app::NavMsg;
use roofline_tutor::app::{App, AppInit, Msg, update};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::lessons;
use roofline_tutor::content::located::parse_ron;
use roofline_tutor::domain::lesson::Lesson;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::Progress;
use roofline_tutor::widgets::{Appearance, ColorMode, GlyphSet};

/// The fixture lesson (every step kind once).
pub fn fixture_lesson() -> Lesson {
    parse_ron("tests/tui/lesson.ron", include_str!("lesson.ron"))
        .expect("the fixture lesson parses")
}

/// An app over the fixture lesson, on the lesson list.
pub fn fixture_app(width: u16, height: u16, look: Appearance) -> App {
    app_with(vec![fixture_lesson()], width, height, look)
}

/// An app over these lessons, on the lesson list.
pub fn lessons_app(lessons: Vec<Lesson>, width: u16, height: u16) -> App {
    app_with(lessons, width, height, Appearance::default())
}

/// An app over `lessons` on `catalog` (a learner's measurements added, say), on the list.
pub fn catalog_app(
    catalog: roofline_tutor::domain::catalog::Catalog,
    lessons: Vec<Lesson>,
    width: u16,
    height: u16,
) -> App {
    App::new(AppInit {
        catalog: catalog.into(),
        ..init(lessons, width, height, Appearance::default())
    })
}

/// An app over the shipped course, on the lesson list.
pub fn course_app(width: u16, height: u16) -> App {
    let lessons = lessons::builtin(&builtin_catalog()).expect("the shipped lessons load");
    app_with(lessons, width, height, Appearance::default())
}

/// `app` on lesson `id` at its step `step` (from 1), opened and jumped to as a presenter does.
#[track_caller]
pub fn opened_at(mut app: App, id: &str, step: usize) -> App {
    let index = app.course().position(id).expect("the lesson ships");
    let _ = roofline_tutor::app::handle(&mut app, Msg::Nav(NavMsg::OpenLesson(index)));
    let _ = roofline_tutor::app::handle(&mut app, Msg::Nav(NavMsg::JumpToStep(step)));
    app
}

/// An app over the shipped course with this progress saved, on the lesson list.
pub fn course_app_with(progress: Progress, width: u16, height: u16) -> App {
    course_app_looking(progress, width, height, Appearance::default())
}

/// As [`course_app_with`], with these glyphs and colours.
pub fn course_app_looking(progress: Progress, width: u16, height: u16, look: Appearance) -> App {
    let lessons = lessons::builtin(&builtin_catalog()).expect("the shipped lessons load");
    App::new(AppInit {
        progress,
        ..init(lessons, width, height, look)
    })
}

/// An app over the fixture lesson that starts with a warning from loading progress.
pub fn fixture_app_warning(width: u16, height: u16, warning: &str) -> App {
    App::new(AppInit {
        warning: Some(warning.to_owned()),
        ..init(vec![fixture_lesson()], width, height, COLOR)
    })
}

/// An app over the shipped course on this cluster (as `--cluster` gives it), on the lesson list.
pub fn course_app_on(cluster: Scenario, width: u16, height: u16) -> App {
    let lessons = lessons::builtin(&builtin_catalog()).expect("the shipped lessons load");
    App::new(AppInit {
        cluster,
        ..init(lessons, width, height, Appearance::default())
    })
}

fn app_with(lessons: Vec<Lesson>, width: u16, height: u16, look: Appearance) -> App {
    App::new(init(lessons, width, height, look))
}

fn init(lessons: Vec<Lesson>, width: u16, height: u16, look: Appearance) -> AppInit {
    AppInit {
        catalog: builtin_catalog().into(),
        lessons: lessons.into(),
        cluster: Scenario::default_cluster(),
        progress: Progress::default(),
        warning: None,
        appearance: look,
        viewport: Size::new(width, height),
        measure: roofline_tutor::ui::MEASURE,
    }
}

/// Plain Unicode with colour.
pub const COLOR: Appearance = Appearance::new(GlyphSet::Unicode, ColorMode::Color);
/// `NO_COLOR`.
pub const MONO: Appearance = Appearance::new(GlyphSet::Unicode, ColorMode::Monochrome);
/// `--ascii`.
pub const ASCII: Appearance = Appearance::new(GlyphSet::Ascii, ColorMode::Color);

/// Applies messages (and their follow-ups) in order.
pub fn send(app: &mut App, msgs: &[Msg]) {
    for msg in msgs {
        let mut next = Some(msg.clone());
        while let Some(m) = next {
            next = update(app, m).follow_up();
        }
    }
}

/// Presses keys as a learner would: through the keymap. Keys with no meaning are skipped.
pub fn press(app: &mut App, keys: &[Event]) {
    for event in keys {
        if let Some(msg) = app.msg_for(event) {
            send(app, &[msg]);
        }
    }
}

/// A plain key press.
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Typing text: one key per character.
pub fn typed(text: &str) -> Vec<Event> {
    text.chars().map(|c| key(KeyCode::Char(c))).collect()
}

/// The app drawn into a `width` × `height` buffer.
pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut buffer = Buffer::empty(Rect::new(0, 0, width, height));
    app.render(buffer.area, &mut buffer);
    buffer
}

/// The app drawn through a test terminal, for snapshots.
pub fn terminal(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("drawing never fails");
    terminal
}

/// The buffer's text, one line per row, trailing spaces kept.
pub fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}
