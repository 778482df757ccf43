//! The tutor's start: with nothing of the learner's, the first screen (the lesson list) is
//! drawn from the lessons' build-time heads, reading neither a lesson nor the catalog, and it
//! is the same screen the parsed lessons give; anything of the learner's loads all up front.

use clap::Parser as _;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rstest::rstest;

use super::args::Cli;
use super::study_start;
use crate::app::NavMsg;
use crate::app::{App, AppInit, Msg, update};
use crate::content::data_files::builtin_catalog;
use crate::content::lessons::builtin;
use crate::domain::scenario::Scenario;
use crate::domain::session::{Guess, LessonProgress, Progress, StepRecord};
use crate::widgets::Appearance;

fn app(
    catalog: crate::app::Deferred<crate::domain::catalog::Catalog>,
    lessons: crate::app::Course,
    progress: Progress,
) -> App {
    App::new(AppInit {
        catalog,
        lessons,
        cluster: Scenario::default_cluster(),
        progress,
        warning: None,
        appearance: Appearance::default(),
        viewport: ratatui::layout::Size::new(120, 40),
        measure: crate::ui::MEASURE,
    })
}

#[track_caller]
fn frame(app: &App) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal.backend().buffer().clone()
}

/// Progress part-way through lesson 2, so the list's status, marks and score columns show.
fn some_progress() -> Progress {
    let lessons = builtin(&builtin_catalog()).unwrap();
    let lesson = &lessons[1];
    let mut record = LessonProgress::default();
    for step in lesson.steps.iter().take(4) {
        let done =
            match step.kind() {
                crate::domain::lesson::StepKind::Predict
                | crate::domain::lesson::StepKind::Explore => StepRecord::Revealed {
                    guess: Guess::Number(1.0),
                    score: Some(70),
                    answer: None,
                },
                crate::domain::lesson::StepKind::Recall => StepRecord::Graded {
                    grade: crate::domain::session::Grade::Good,
                },
                crate::domain::lesson::StepKind::Explain => StepRecord::Explained {
                    text: "because".to_owned(),
                },
                crate::domain::lesson::StepKind::Read
                | crate::domain::lesson::StepKind::Example => StepRecord::Seen,
            };
        record.steps.insert(step.id().to_owned(), done);
    }
    let mut progress = Progress::default();
    progress.lessons.insert(lesson.id.clone(), record);
    progress.last_lesson = Some(lesson.id.clone());
    progress
}

#[rstest]
#[case::no_progress(Progress::default())]
#[case::part_way(some_progress())]
fn the_first_screen_reads_no_lesson_and_matches_the_parsed_one(#[case] progress: Progress) {
    let data = tempfile::tempdir().unwrap();
    let global = Cli::try_parse_from(["roofline", "--data-dir", data.path().to_str().unwrap()])
        .unwrap()
        .global;
    let (catalog, _, course) = study_start(&global).unwrap();
    let deferred = app(catalog, course, progress.clone());
    let shown = frame(&deferred);
    assert!(
        !deferred.course().is_parsed() && !deferred.catalog_is_read(),
        "the lesson list was drawn from the heads alone"
    );
    let parsed = app(
        builtin_catalog().into(),
        builtin(&builtin_catalog()).unwrap().into(),
        progress,
    );
    assert_eq!(
        shown,
        frame(&parsed),
        "the same screen as from the parsed lessons"
    );

    // Opening a lesson reads it (and the catalog, for its figures).
    let mut deferred = deferred;
    let opened = update(&mut deferred, Msg::Nav(NavMsg::OpenLesson(1)));
    assert!(opened.saves_progress(), "the lesson studied last is saved");
    let mut parsed = parsed;
    let opened = update(&mut parsed, Msg::Nav(NavMsg::OpenLesson(1)));
    assert!(opened.saves_progress(), "the lesson studied last is saved");
    assert!(deferred.course().is_parsed());
    assert_eq!(
        frame(&deferred),
        frame(&parsed),
        "the opened lesson is the same"
    );
}

#[rstest]
#[case::cluster(&["--cluster", "assets/clusters/example.ron"])]
#[case::lessons(&["--lessons", "lessons"])]
#[case::hardware(&["--hardware", "assets/hardware.ron"])]
fn anything_of_the_learners_loads_and_checks_up_front(#[case] flags: &[&str]) {
    let data = tempfile::tempdir().unwrap();
    let mut args = vec!["roofline", "--data-dir", data.path().to_str().unwrap()];
    args.extend(flags);
    let global = Cli::try_parse_from(args).unwrap().global;
    let (_, _, course) = study_start(&global).unwrap();
    assert!(
        course.is_parsed(),
        "{flags:?}: parsed (and checked) before the first frame"
    );
    assert_eq!(course.len(), builtin(&builtin_catalog()).unwrap().len());
}

#[test]
fn a_measured_machine_loads_and_checks_up_front_with_it_in_the_catalog() {
    let data = tempfile::tempdir().unwrap();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lab");
    let report = crate::store::lab_file::read(&fixture).unwrap().unwrap();
    crate::store::lab_file::write_measured(data.path(), &report).unwrap();
    let global = Cli::try_parse_from(["roofline", "--data-dir", data.path().to_str().unwrap()])
        .unwrap()
        .global;
    let (catalog, _, course) = study_start(&global).unwrap();
    assert!(
        course.is_parsed(),
        "checked against the catalog with this machine in it"
    );
    assert!(catalog.lab.is_some());
    assert!(catalog.gpu(crate::domain::lab::THIS_MACHINE_ID).is_ok());
}
