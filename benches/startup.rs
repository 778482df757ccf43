//! Start-up cost, in process: parse the arguments, load what the first frame needs and draw it
//! on a test backend, as `roofline` starts for a learner with nothing of their own (the
//! shipped catalog and lessons are parsed when first read, not for the lesson list); beside
//! it, in the same run, a bare ratatui program that parses its (one-flag) arguments and draws
//! one paragraph (the reference). Process start-up, the same for both, is left out.
//!
//! The goal line is the median of interleaved turns in one warm process. A second line, for
//! information, times each program's first frame in a fresh process of its own (this binary
//! run again, once per sample): cold caches, first-touch page faults and ratatui's empty
//! layout cache included.
//!
//! `cargo bench --bench startup -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use clap::Parser;
use std::time::Instant;

use criterion::{Criterion, criterion_group};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Paragraph;
use roofline_tutor::app::{App, Course, Deferred};
use roofline_tutor::cli::args::Cli;
use roofline_tutor::domain::catalog::Catalog;
use roofline_tutor::domain::scenario::Scenario;
use roofline_tutor::widgets::Appearance;

const SIZE: (u16, u16) = (120, 40);

/// The bare program's arguments.
#[derive(Debug, Parser)]
struct Bare {
    /// A flag, so that parsing is not free.
    #[arg(long)]
    ascii: bool,
}

fn bare_first_frame() -> Terminal<TestBackend> {
    let args = Bare::try_parse_from(["bare"]).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                Paragraph::new(format!("hello, roofline (ascii: {})", args.ascii)),
                frame.area(),
            );
        })
        .unwrap();
    terminal
}

/// `roofline` as it starts: the arguments, then what `study_start` gives (the shipped catalog
/// and lessons deferred until first read), the app, and its first frame (the lesson list).
fn tutor_first_frame(args: &[&str]) -> Terminal<TestBackend> {
    let cli = Cli::try_parse_from(args).unwrap();
    let (catalog, cluster, course) = roofline_tutor::cli::study_start(&cli.global).unwrap();
    first_frame(&app(catalog, course, cluster.scenario))
}

/// The app as `roofline` opens it (no progress yet).
fn app(
    catalog: impl Into<Deferred<Catalog>>,
    lessons: impl Into<Course>,
    cluster: Scenario,
) -> App {
    roofline_tutor::cli::unsaved_app(
        catalog,
        lessons,
        cluster,
        Appearance::default(),
        ratatui::layout::Size::new(SIZE.0, SIZE.1),
    )
}

/// The app's first frame, drawn into a new test terminal.
fn first_frame(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    terminal
}

/// A fresh learner's data directory (no progress, no lab results), for the whole run: made by
/// `main` (and removed at its end), handed to child runs in [`DIR`].
static DATA_DIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The data directory, for child runs.
const DIR: &str = "ROOFLINE_STARTUP_DIR";

fn fresh_data_dir() -> &'static str {
    DATA_DIR.get().expect("main sets the data directory first")
}

fn startup(c: &mut Criterion) {
    let args = ["roofline", "--data-dir", fresh_data_dir()];
    c.bench_function("startup_bare_ratatui_reference", |b| {
        b.iter(|| black_box(bare_first_frame()));
    });
    c.bench_function("startup_tutor_first_frame", |b| {
        b.iter(|| black_box(tutor_first_frame(&args)));
    });
    // Where the time goes.
    c.bench_function("startup_part_args", |b| {
        b.iter(|| black_box(Cli::try_parse_from(args).unwrap()));
    });
    let global = Cli::try_parse_from(args).unwrap().global;
    c.bench_function("startup_part_study_start", |b| {
        b.iter(|| black_box(roofline_tutor::cli::study_start(&global).unwrap()));
    });
    let opened = || {
        let (catalog, cluster, course) = roofline_tutor::cli::study_start(&global).unwrap();
        app(catalog, course, cluster.scenario)
    };
    c.bench_function("startup_part_app_new", |b| {
        b.iter(|| black_box(opened()));
    });
    let app = opened();
    c.bench_function("startup_part_draw_only", |b| {
        b.iter(|| black_box(first_frame(&app)));
    });
    assert!(
        !app.course().is_parsed() && !app.catalog_is_read(),
        "the first frame reads neither the lessons nor the catalog"
    );
    // What waits until something reads it (opening a lesson, say).
    c.bench_function("deferred_shipped_lessons_parse", |b| {
        b.iter(|| black_box(roofline_tutor::content::lessons::parse_shipped()));
    });
    c.bench_function("deferred_shipped_catalog_parse", |b| {
        b.iter(|| black_box(roofline_tutor::content::data_files::builtin_catalog()));
    });
}

/// Medians of `ROUNDS` turns, each timing `PER_TURN` runs of the tutor and then of the bare
/// program, so that both see the same machine; per run, in seconds.
fn side_by_side() -> (f64, f64) {
    const ROUNDS: usize = 41;
    const PER_TURN: u32 = 20;
    let per_run = |f: &dyn Fn()| {
        let start = Instant::now();
        for _ in 0..PER_TURN {
            f();
        }
        start.elapsed().as_secs_f64() / f64::from(PER_TURN)
    };
    let args = ["roofline", "--data-dir", fresh_data_dir()];
    let (mut tutor, mut bare) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        tutor.push(per_run(&|| {
            black_box(tutor_first_frame(&args));
        }));
        bare.push(per_run(&|| {
            black_box(bare_first_frame());
        }));
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    (median(&mut tutor), median(&mut bare))
}

criterion_group!(benches, startup);

/// Set to `tutor` or `bare` in a child run: time that program's first frame once, print the
/// nanoseconds and exit.
const CHILD: &str = "ROOFLINE_STARTUP_CHILD";

/// Medians of the first frame in fresh processes, `RUNS` of each, interleaved; in seconds.
fn cold() -> Option<(f64, f64)> {
    const RUNS: usize = 31;
    let exe = std::env::current_exe().ok()?;
    let run = |which: &str| -> Option<f64> {
        let out = std::process::Command::new(&exe)
            .env(CHILD, which)
            .env(DIR, fresh_data_dir())
            .output()
            .ok()?;
        String::from_utf8(out.stdout)
            .ok()?
            .trim()
            .parse::<f64>()
            .ok()
    };
    let (mut tutor, mut bare) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        tutor.push(run("tutor")? * 1e-9);
        bare.push(run("bare")? * 1e-9);
    }
    tutor.sort_by(f64::total_cmp);
    bare.sort_by(f64::total_cmp);
    Some((tutor[RUNS / 2], bare[RUNS / 2]))
}

fn main() {
    let made = if let Ok(dir) = std::env::var(DIR) {
        DATA_DIR.set(dir).expect("set once");
        None
    } else {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().to_str().expect("a UTF-8 temporary path");
        DATA_DIR.set(path.to_owned()).expect("set once");
        Some(dir)
    };
    if let Ok(which) = std::env::var(CHILD) {
        let args = ["roofline", "--data-dir", fresh_data_dir()];
        let start = Instant::now();
        if which == "tutor" {
            black_box(tutor_first_frame(&args));
        } else {
            black_box(bare_first_frame());
        }
        println!("{}", start.elapsed().as_nanos());
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
    // The goal, in one line (only under `cargo bench`; `cargo test` runs this binary too).
    if std::env::args().any(|a| a == "--bench") {
        let (tutor, bare) = side_by_side();
        println!(
            "startup goal: tutor first frame {:.3} ms, bare ratatui {:.3} ms, ratio {:.2}x (goal <= 1.5x)",
            tutor * 1e3,
            bare * 1e3,
            tutor / bare
        );
        if let Some((tutor, bare)) = cold() {
            println!(
                "startup, fresh process each (information): tutor first frame {:.3} ms, bare ratatui {:.3} ms, ratio {:.2}x",
                tutor * 1e3,
                bare * 1e3,
                tutor / bare
            );
        }
    }
    drop(made);
}
