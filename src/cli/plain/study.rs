//! `roofline --plain [learn LESSON]`: study as lines. Opens where `learn` would (the lesson
//! asked for, else the one studied last unless finished, else the list), saves progress the
//! same way (each change, through the same store), and writes only what each line changed.

use std::process::ExitCode;

use anyhow::{Context as _, Result};

use super::lesson_lines::{LessonUse, run};
use super::said::{HELP, Said, said};
use super::{Console, VIEWPORT, look, send};
use crate::app::{App, AppInit, Keymap, LessonScreen, Msg, NavMsg};
use crate::cli::args::GlobalArgs;
use crate::domain::session::{LessonStatus, Session, StepMark, summarize_steps};
use crate::store::Store;

/// Runs study in plain text on stdin and stdout.
pub fn learn(global: &GlobalArgs, lesson: Option<&str>) -> Result<ExitCode> {
    let (catalog, cluster, lessons) = crate::cli::study_start(global)?;
    let start = match lesson {
        Some(id) => Some(match lessons.position(id) {
            Some(index) => index,
            None => crate::cli::learn::lesson_index(&lessons, id)?,
        }),
        None => None,
    };
    let mut store = Store::new(crate::cli::progress_dir(global)?);
    let loaded = store.load();
    let mut app = App::new(AppInit {
        catalog,
        lessons,
        cluster: cluster.scenario,
        progress: loaded.progress.clone(),
        warning: loaded.warning,
        appearance: look(),
        viewport: VIEWPORT,
        measure: crate::ui::MEASURE,
    })
    .with_keymap(Keymap::unbound());
    // As `learn`: the lesson studied last, unless it is finished; then the list.
    let resume = app.last_lesson().filter(|&i| {
        let course = app.course();
        let progress = course.id(i).and_then(|id| app.progress().lessons.get(id));
        summarize_steps(course.step_heads(i), progress).status != LessonStatus::Done
    });
    if let Some(index) = start.or(resume) {
        send(
            &mut app,
            vec![Msg::Nav(NavMsg::OpenLesson(index))],
            &mut store,
        );
    }
    let mut app = app.with_schedule(
        crate::cli::review::scheduler(global),
        crate::cli::review::now(),
    );
    let mut console = Console::stdio();
    run::<Study, _, _>(&mut app, &mut console, &mut store).context("cannot write to stdout")?;
    Ok(ExitCode::SUCCESS)
}

/// Study's use of the lesson screen.
struct Study;

impl LessonUse for Study {
    const GREETING: &'static str = "Plain-text mode: type help for the commands, quit to leave.";
    const HELP: &'static [&'static str] = HELP;
    const END_PROMPT: &'static str = "next lesson";

    fn said(app: &App, line: &str) -> Said {
        said(app, line)
    }

    fn title(app: &App, screen: &LessonScreen) -> String {
        let title = app.screen_lesson().map_or("", |l| l.title.as_str());
        format!("Lesson {}: {title}", screen.lesson + 1)
    }

    fn header(app: &App, screen: &LessonScreen) -> String {
        header(&screen.session, app)
    }

    fn end(app: &App, screen: &LessonScreen) -> Vec<String> {
        lesson_end(app, screen)
    }
}

/// `Step 2 of 6, Predict`, with how it went once answered.
fn header(session: &Session, app: &App) -> String {
    let kind = app
        .current_step()
        .map_or("", |(_, step)| step.kind().title());
    let mark = match session.state().mark() {
        StepMark::Open => String::new(),
        StepMark::Done => ", done".to_owned(),
        StepMark::Right => ", right".to_owned(),
        StepMark::Partly(score) => format!(", partly right, {score}/100"),
        StepMark::Missed => ", missed".to_owned(),
    };
    format!(
        "Step {} of {}, {kind}{mark}",
        session.current() + 1,
        session.len()
    )
}

/// The end of a lesson: how it went (the screen's end summary, in words), and what comes next.
fn lesson_end(app: &App, screen: &LessonScreen) -> Vec<String> {
    let course = app.course();
    let index = screen.lesson;
    let Some(lesson) = app.screen_lesson() else {
        return Vec::new();
    };
    let summary = screen.summary(lesson);
    let score = match (summary.score, summary.scored) {
        (Some(s), n) if n > 0 => format!("score {s}/100"),
        (Some(_) | None, _) => "no scored predictions".to_owned(),
    };
    let next = if index + 1 < course.len() {
        format!(
            "Enter opens lesson {}, {}; list shows them all.",
            index + 2,
            course.title(index + 1).unwrap_or("")
        )
    } else {
        "That was the last lesson; list shows them all.".to_owned()
    };
    vec![
        format!(
            "End of the lesson: {score}, {} right, {} partly, {} missed, {} skipped, of {} steps.",
            summary.right,
            summary.partly,
            summary.missed,
            summary.unfinished,
            screen.session.len()
        ),
        "Your progress is saved.".to_owned(),
        next,
    ]
}
