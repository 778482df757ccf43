//! Key latency with huge lesson text: one key (scroll down a line) and the whole 120×40 frame
//! it causes, for a read step holding one 4 MB paragraph, beside the same for the ordinary
//! read step of the screen-test lesson (the reference, in the same run).
//!
//! `cargo bench --bench lesson_text -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use roofline_tutor::app::NavMsg;
use roofline_tutor::app::{App, AppInit, Msg, update};
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::located::parse_ron;
use roofline_tutor::domain::lesson::Lesson;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::domain::session::Progress;
use roofline_tutor::widgets::Appearance;

const SIZE: (u16, u16) = (120, 40);

fn lesson(text: &str) -> Lesson {
    let source = format!(
        "(format_version: 1, id: \"huge\", title: \"Huge\", summary: \"S\", steps: [\
         Read(id: \"r\", text: {text:?}), Read(id: \"s\", text: \"end\")])"
    );
    parse_ron("huge.ron", &source).unwrap()
}

fn app(lesson: Lesson) -> App {
    let mut app = App::new(AppInit {
        catalog: builtin_catalog().into(),
        lessons: vec![lesson].into(),
        cluster: Scenario::default_cluster(),
        progress: Progress::default(),
        warning: None,
        appearance: Appearance::default(),
        viewport: ratatui::layout::Size::new(SIZE.0, SIZE.1),
        measure: roofline_tutor::ui::MEASURE,
    });
    let _ = update(&mut app, Msg::Nav(NavMsg::OpenLesson(0)));
    app
}

/// One key and the frame after it; scrolling back keeps every iteration the same.
fn key_and_frame(c: &mut Criterion, name: &str, app: &mut App) {
    let area = Rect::new(0, 0, SIZE.0, SIZE.1);
    let mut buf = Buffer::empty(area);
    let mut down = true;
    c.bench_function(name, |b| {
        b.iter(|| {
            let msg = if down {
                Msg::Nav(NavMsg::ScrollDown)
            } else {
                Msg::Nav(NavMsg::ScrollUp)
            };
            down = !down;
            let _ = roofline_tutor::app::handle(app, msg);
            buf.reset();
            black_box(&*app).render(area, &mut buf);
            black_box(&buf);
        });
    });
}

fn key_latency(c: &mut Criterion) {
    let words = "The ridge point is where the bandwidth slope meets the compute roof. ";
    let huge = words.repeat(4 * 1024 * 1024 / words.len());
    let mut reference = app(lesson(&words.repeat(8)));
    key_and_frame(c, "key_frame_reference_read_step", &mut reference);
    let mut big = app(lesson(&huge));
    key_and_frame(c, "key_frame_4mb_paragraph", &mut big);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = key_latency
}
criterion_main!(benches);
