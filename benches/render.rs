//! Rendering cost, measured (never timed in tests). Each benchmark is one function added to
//! the `benches` group at the bottom.
//!
//! `cargo bench --bench render -- --warm-up-time 1 --measurement-time 3`

use roofline_tutor::app::{NavMsg, PlotMsg};
use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::widgets::{Appearance, PlotModel, Roof, RooflinePlot};

/// The roofline plot alone in a 120×40 buffer, with every element on: decode, attention and
/// prefill dots and a B200 overlay. Includes building the model from the evaluation, as the
/// screen does on every event.
fn plot_120x40(c: &mut Criterion) {
    let catalog = builtin_catalog();
    let scenario = Scenario {
        batch: 64,
        ..Scenario::default_cluster()
    };
    let evaluation = scenario.evaluate(&catalog).unwrap();
    let b200 = catalog.gpu("b200").unwrap();
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    c.bench_function("plot_120x40", |b| {
        b.iter(|| {
            let model = PlotModel::from_evaluation(&scenario, &evaluation, Appearance::default())
                .with_prefill(&evaluation)
                .with_overlay(Roof::for_gpu(b200, scenario.precision));
            buf.reset();
            RooflinePlot::new(black_box(&model)).render(area, &mut buf);
            black_box(&buf);
        });
    });
}

/// A whole 120×40 frame of the tutor, as the event loop draws it after each event: the lesson
/// pane (an explore step, its prose wrapped and placeholders filled by the engine), the
/// roofline pane with a comparison GPU, slider, readouts and the KV-wall line, the notice line
/// and the footer generated from the keymap.
fn frame_120x40(c: &mut Criterion) {
    use roofline_tutor::app::{App, AppInit, Msg, update};
    use roofline_tutor::content::located::parse_ron;
    use roofline_tutor::domain::session::Progress;

    let lesson = parse_ron(
        "tests/tui/lesson.ron",
        include_str!("../tests/tui/lesson.ron"),
    )
    .unwrap();
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
    for msg in [
        Msg::Nav(NavMsg::OpenLesson(0)),
        Msg::Nav(NavMsg::NextStep),
        Msg::Nav(NavMsg::NextStep),
        Msg::Nav(NavMsg::NextStep),
    ]
    .into_iter()
    .chain(std::iter::repeat_n(Msg::Plot(PlotMsg::DoubleBatch), 6))
    {
        let _ = update(&mut app, msg);
    }
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    c.bench_function("frame_120x40", |b| {
        b.iter(|| {
            buf.reset();
            black_box(&app).render(area, &mut buf);
            black_box(&buf);
        });
    });
}

/// The tutor at an explore step (the lesson pane, the roofline pane with its comparison GPU,
/// slider, readouts, notice line and footer), on a 120×40 test backend.
fn explore_step_app() -> roofline_tutor::app::App {
    use roofline_tutor::app::{App, AppInit, Msg, update};
    use roofline_tutor::content::located::parse_ron;
    use roofline_tutor::domain::session::Progress;

    let lesson = parse_ron(
        "tests/tui/lesson.ron",
        include_str!("../tests/tui/lesson.ron"),
    )
    .unwrap();
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
    for msg in [
        Msg::Nav(NavMsg::OpenLesson(0)),
        Msg::Nav(NavMsg::NextStep),
        Msg::Nav(NavMsg::NextStep),
        Msg::Nav(NavMsg::NextStep),
    ] {
        let _ = update(&mut app, msg);
    }
    app
}

/// One event's frame as the event loop draws it: the batch changes (doubling and halving in
/// turn, so each frame differs from the last), then render, the diff against the previous
/// frame and the write of the changed cells.
fn terminal_frame(
    app: &mut roofline_tutor::app::App,
    terminal: &mut ratatui::Terminal<ratatui::backend::TestBackend>,
    double: &mut bool,
) {
    use roofline_tutor::app::{Msg, update};
    let msg = if *double {
        Msg::Plot(PlotMsg::DoubleBatch)
    } else {
        Msg::Plot(PlotMsg::HalveBatch)
    };
    *double = !*double;
    let _ = update(app, msg);
    terminal
        .draw(|frame| frame.render_widget(&*app, frame.area()))
        .unwrap();
    black_box(terminal.backend());
}

/// The same frame drawn through a `Terminal` on a test backend, as the event loop does.
fn terminal_frame_120x40(c: &mut Criterion) {
    let mut app = explore_step_app();
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
    let mut double = true;
    c.bench_function("terminal_frame_120x40_with_diff", |b| {
        b.iter(|| terminal_frame(&mut app, &mut terminal, &mut double));
    });
}

/// The median time of one frame over `ROUNDS` rounds of `PER_ROUND` frames, in seconds.
fn median_frame(mut frame: impl FnMut()) -> f64 {
    const ROUNDS: usize = 41;
    const PER_ROUND: u32 = 50;
    let mut times: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = std::time::Instant::now();
            for _ in 0..PER_ROUND {
                frame();
            }
            start.elapsed().as_secs_f64() / f64::from(PER_ROUND)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[ROUNDS / 2]
}

criterion_group!(benches, plot_120x40, frame_120x40, terminal_frame_120x40);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    // The goal, in one line (only under `cargo bench`; `cargo test` runs this binary too),
    // beside a bare ratatui frame (one paragraph, changing each frame) through the same
    // kind of terminal, measured in the same run.
    if std::env::args().any(|a| a == "--bench") {
        let mut app = explore_step_app();
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
        let mut double = true;
        let tutor = median_frame(|| terminal_frame(&mut app, &mut terminal, &mut double));
        let mut bare_terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
        let mut n = 0_u64;
        let bare = median_frame(|| {
            n += 1;
            bare_terminal
                .draw(|frame| {
                    frame.render_widget(
                        ratatui::widgets::Paragraph::new(format!("hello, roofline {n}")),
                        frame.area(),
                    );
                })
                .unwrap();
            black_box(bare_terminal.backend());
        });
        println!(
            "frame goal: tutor 120x40 frame with diff {:.3} ms (goal <= 0.2 ms); bare ratatui frame {:.3} ms; ratio {:.2}x",
            tutor * 1e3,
            bare * 1e3,
            tutor / bare
        );
    }
}
