//! `roofline --plain [learn LESSON]`: study as lines. Opens where `learn` would (the lesson
//! asked for, else the one studied last unless finished, else the list), saves progress the
//! same way (each change, through the same store), and writes only what each line changed.

mod said;

use std::process::ExitCode;

use anyhow::{Context as _, Result};

use super::{Console, VIEWPORT, WIDTH, look, plot_words, send, text_of, tidy};
use crate::app::{App, AppInit, AppMsg, Keymap, LessonView, Msg, NavMsg, RunState, Screen};
use crate::app::{NoticeKind, PlotMsg, StepMsg, WhatIfLine};
use crate::cli::args::GlobalArgs;
use crate::domain::lesson::{Answer, Step};
use crate::domain::session::{
    ExplainState, LessonStatus, PredictInput, PredictState, RecallState, Session, StepMark,
    StepState, summarize_steps,
};
use crate::store::Store;
use said::{HELP, Said, said};

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
    run(&mut app, &mut console, &mut store).context("cannot write to stdout")?;
    Ok(ExitCode::SUCCESS)
}

/// What has been written, so that only what changed is written next.
#[derive(Debug, Default)]
struct Written {
    /// The lesson, step and view last written.
    at: Option<(usize, usize, bool)>,
    /// The step's text as last written.
    body: Vec<String>,
    /// The plot's words as last written.
    plot: Vec<String>,
    /// The notice last written.
    notice: Option<String>,
    /// Whether the lesson list is the last thing written.
    list: bool,
}

/// The loop: write what changed, read a line, act on it, until quit or the end of the input.
fn run<R: std::io::BufRead, W: std::io::Write>(
    app: &mut App,
    console: &mut Console<R, W>,
    store: &mut Store,
) -> std::io::Result<()> {
    let mut written = Written::default();
    console.say("Plain-text mode: type help for the commands, quit to leave.")?;
    loop {
        write_changes(app, console, &mut written)?;
        if app.run_state() == RunState::Quitting {
            return Ok(());
        }
        let Some(line) = console.ask(&prompt(app))? else {
            return Ok(());
        };
        match said(app, &line) {
            Said::Msgs(msgs) => send(app, msgs, store),
            Said::WhatIf(command) => what_if(app, console, &command, store)?,
            Said::Help => {
                console.say_all(&HELP.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())?;
            }
            Said::Hint => console.say(&hint(app))?,
            Said::Plot => written.plot.clear(),
            Said::List => {
                send(app, vec![Msg::Nav(NavMsg::ShowLessonList)], store);
                written.list = false;
            }
            Said::Quit => send(app, vec![Msg::App(AppMsg::QuitNow)], store),
            Said::Refused(why) => console.say(&format!("Not taken: {why}."))?,
        }
    }
}

/// Applies a what-if command as the screen's line does; a refusal is written and the line
/// closed.
fn what_if<R: std::io::BufRead, W: std::io::Write>(
    app: &mut App,
    console: &mut Console<R, W>,
    command: &str,
    store: &mut Store,
) -> std::io::Result<()> {
    let mut msgs = vec![Msg::Plot(PlotMsg::OpenWhatIf)];
    msgs.extend(command.chars().map(|c| Msg::Step(StepMsg::TypeChar(c))));
    msgs.push(Msg::Step(StepMsg::Commit));
    send(app, msgs, store);
    if let WhatIfLine::Open { error, .. } = app.what_if() {
        let why = error.clone().unwrap_or_else(|| "not a command".to_owned());
        console.say(&format!("Not taken: :{command}: {why}."))?;
        send(app, vec![Msg::Step(StepMsg::LeaveInput)], store);
    }
    Ok(())
}

/// Writes what the last line changed: a new step in full, else the step's new lines; the plot
/// when its words changed; a new notice.
fn write_changes<R: std::io::BufRead, W: std::io::Write>(
    app: &App,
    console: &mut Console<R, W>,
    written: &mut Written,
) -> std::io::Result<()> {
    match app.screen() {
        Screen::LessonList { .. } | Screen::Search(_) | Screen::Weakest { .. } => {
            if !written.list {
                console.say_all(&lesson_list(app))?;
                written.list = true;
                written.at = None;
            }
        }
        Screen::Lesson(screen) => {
            written.list = false;
            let end = matches!(screen.view, LessonView::End { .. });
            let at = (screen.lesson, screen.session.current(), end);
            let fresh = written.at != Some(at);
            if fresh {
                console.say("")?;
                if written.at.is_none_or(|(lesson, ..)| lesson != at.0) {
                    let title = app.screen_lesson().map_or("", |l| l.title.as_str());
                    console.say(&format!("Lesson {}: {title}", screen.lesson + 1))?;
                }
                written.at = Some(at);
                written.body.clear();
            }
            if end {
                if fresh {
                    console.say_all(&lesson_end(app, screen))?;
                }
            } else {
                if fresh {
                    console.say(&header(&screen.session, app))?;
                }
                let body = body(app, screen);
                let same = written
                    .body
                    .iter()
                    .zip(&body)
                    .take_while(|(a, b)| a == b)
                    .count();
                // A change starts at its first line of text, not at the blank before it.
                let new = &body[same..];
                let blank = new.iter().take_while(|l| l.is_empty()).count();
                console.say_all(&new[blank..])?;
                written.body = body;
                let plot = plot_words(app);
                if plot != written.plot {
                    console.say_all(&plot)?;
                    written.plot = plot;
                }
            }
        }
    }
    let notice = app.notice().map(|n| {
        let kind = match n.kind {
            NoticeKind::Info => "Note",
            NoticeKind::Refusal => "Not taken",
            NoticeKind::Warning => "Warning",
        };
        format!("{kind}: {}", n.text)
    });
    if notice != written.notice {
        if let Some(text) = &notice {
            console.say(text)?;
        }
        written.notice = notice;
    }
    Ok(())
}

/// `Step 2 of 6, Predict`, with how it went once answered.
fn header(session: &Session, app: &App) -> String {
    let kind = app.current_step().map_or("", |(_, step)| match step {
        Step::Read(_) => "Read",
        Step::Predict(_) => "Predict",
        Step::Recall(_) => "Recall",
        Step::Example(_) => "Example",
        Step::Explore(_) => "Explore",
        Step::Explain(_) => "Explain",
    });
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

/// The lesson pane's own text for the step, less its header and the guess's input line (the
/// prompt asks for the guess).
fn body(app: &App, screen: &crate::app::LessonScreen) -> Vec<String> {
    // The input line while it is typed into: the guess's (`Your guess: _ unit`) or the
    // explanation's cursor (`_`).
    let input = |line: &str| match screen.session.state() {
        StepState::Predict(PredictState::Predicting {
            input: PredictInput::Number { .. },
        }) => line.starts_with("Your guess: "),
        StepState::Explain(ExplainState::Writing { .. }) => line == "_",
        StepState::Reading
        | StepState::Predict(_)
        | StepState::Recall(_)
        | StepState::Explain(ExplainState::Revealed { .. }) => false,
    };
    let lines = crate::ui::lesson_pane::content(app, screen, WIDTH);
    tidy(lines.iter().skip(1).map(text_of).filter(|l| !input(l)))
}

/// The lessons, numbered, with how far the learner is in each.
fn lesson_list(app: &App) -> Vec<String> {
    let course = app.course();
    let mut lines = vec![String::new(), "Lessons:".to_owned()];
    for i in 0..course.len() {
        let progress = course.id(i).and_then(|id| app.progress().lessons.get(id));
        let summary = summarize_steps(course.step_heads(i), progress);
        let status = match summary.status {
            LessonStatus::NotStarted => "not started".to_owned(),
            LessonStatus::InProgress { done, total } => format!("{done} of {total} steps done"),
            LessonStatus::Done => "done".to_owned(),
        };
        let score = summary
            .score
            .map(|s| format!(", score {s}"))
            .unwrap_or_default();
        lines.push(format!(
            "{}. {} ({status}{score})",
            i + 1,
            course.title(i).unwrap_or("")
        ));
    }
    lines.push("Type a lesson's number to open it.".to_owned());
    lines
}

/// The end of a lesson: how it went (the screen's end summary, in words), and what comes next.
fn lesson_end(app: &App, screen: &crate::app::LessonScreen) -> Vec<String> {
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

/// The prompt for what the screen waits for.
fn prompt(app: &App) -> String {
    let Screen::Lesson(screen) = app.screen() else {
        return "lesson".to_owned();
    };
    if let LessonView::End { .. } = screen.view {
        return "next lesson".to_owned();
    }
    match (screen.session.state(), app.current_step()) {
        (StepState::Predict(PredictState::Predicting { input }), Some((_, step))) => match input {
            PredictInput::Number { .. } => format!("guess ({})", unit(step)),
            PredictInput::Choice { .. } => format!("option 1 to {}", said::choices(step)),
        },
        (StepState::Predict(PredictState::Committed { .. }), _) => "reveal".to_owned(),
        (StepState::Recall(RecallState::Front), _) => "turn the card".to_owned(),
        (StepState::Recall(RecallState::Back), _) => "again, hard, good or easy".to_owned(),
        (StepState::Explain(ExplainState::Writing { .. }), _) => "your explanation".to_owned(),
        (
            StepState::Reading
            | StepState::Predict(PredictState::Revealed { .. })
            | StepState::Recall(RecallState::Graded(_))
            | StepState::Explain(ExplainState::Revealed { .. }),
            _,
        )
        | (StepState::Predict(PredictState::Predicting { .. }), None) => "next".to_owned(),
    }
}

fn unit(step: &Step) -> String {
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => {
            return String::new();
        }
    };
    match answer {
        Answer::Number(n) => n.unit.clone(),
        Answer::Choice(_) => String::new(),
    }
}

/// What the step on screen takes, in a line.
fn hint(app: &App) -> String {
    match prompt(app).as_str() {
        "reveal" => "Press Enter to see the answer.".to_owned(),
        "next" => "Press Enter for the next step.".to_owned(),
        "lesson" => "Type a lesson's number.".to_owned(),
        "next lesson" => "Press Enter for the next lesson.".to_owned(),
        "turn the card" => "Say the answer to yourself, then press Enter to turn the card.".to_owned(),
        "your explanation" => "Type your explanation on one line; skip moves on.".to_owned(),
        p if p.starts_with("guess") => {
            "Type your guess as a number (2.5, 1e3, 40k) and press Enter; skip moves on; :batch N and the other plot commands change the plot.".to_owned()
        }
        p if p.starts_with("option") => "Type the number of the option you choose.".to_owned(),
        _ => "Grade how well you knew it: again, hard, good or easy.".to_owned(),
    }
}
