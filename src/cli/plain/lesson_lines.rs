//! A lesson screen as lines, shared by the uses of it (study, and review, which asks its round
//! as one lesson): write what changed, read a line, act on it. What differs between the uses
//! (the greeting, the commands, what a line means, the title, a step's header and the end) is
//! the use's ([`LessonUse`]); the step's text, the plot in words, the notices, the prompts and
//! the what-if line are the same.

use super::said::{self, Said};
use super::{Console, WIDTH, plot_words, send, text_of, tidy};
use crate::app::{App, AppMsg, LessonScreen, LessonView, Msg, NavMsg, RunState, Screen};
use crate::app::{NoticeKind, PlotMsg, ProgressSink, StepMsg, WhatIfLine};
use crate::domain::lesson::{Answer, Step};
use crate::domain::session::{
    ExplainState, LessonStatus, PredictInput, PredictState, RecallState, StepState, summarize_steps,
};

/// What a use of the lesson screen writes and takes of its own.
pub(super) trait LessonUse {
    /// The first line written.
    const GREETING: &'static str;
    /// The commands, for `help`.
    const HELP: &'static [&'static str];
    /// The prompt at the end.
    const END_PROMPT: &'static str;
    /// What a typed line means.
    fn said(app: &App, line: &str) -> Said;
    /// The line written when a lesson opens.
    fn title(app: &App, screen: &LessonScreen) -> String;
    /// The line that heads a step.
    fn header(app: &App, screen: &LessonScreen) -> String;
    /// The lines of the end.
    fn end(app: &App, screen: &LessonScreen) -> Vec<String>;
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
pub(super) fn run<U: LessonUse, R: std::io::BufRead, W: std::io::Write>(
    app: &mut App,
    console: &mut Console<R, W>,
    store: &mut impl ProgressSink,
) -> std::io::Result<()> {
    let mut written = Written::default();
    console.say(U::GREETING)?;
    loop {
        write_changes::<U, R, W>(app, console, &mut written)?;
        if app.run_state() == RunState::Quitting {
            return Ok(());
        }
        let Some(line) = console.ask(&prompt::<U>(app))? else {
            return Ok(());
        };
        match U::said(app, &line) {
            Said::Msgs(msgs) => send(app, msgs, store),
            Said::WhatIf(command) => what_if(app, console, &command, store)?,
            Said::Help => {
                console.say_all(&U::HELP.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())?;
            }
            Said::Hint => console.say(&hint(&prompt::<U>(app)))?,
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
    store: &mut impl ProgressSink,
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
fn write_changes<U: LessonUse, R: std::io::BufRead, W: std::io::Write>(
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
                    console.say(&U::title(app, screen))?;
                }
                written.at = Some(at);
                written.body.clear();
            }
            if end {
                if fresh {
                    console.say_all(&U::end(app, screen))?;
                }
            } else {
                if fresh {
                    console.say(&U::header(app, screen))?;
                }
                let body = body(app, screen);
                let new = changed(&written.body, &body);
                console.say_all(new)?;
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

/// What of `now` is new since `before`: what follows the lines they start with; when `now` is
/// `before` with lines put in (a review's verdict above its card), only those. A change starts
/// at its first line of text, not at a blank before it, and ends at its last.
fn changed<'a>(before: &[String], now: &'a [String]) -> &'a [String] {
    let same = before.iter().zip(now).take_while(|(a, b)| a == b).count();
    let tail = before[same..]
        .iter()
        .rev()
        .zip(now[same..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let end = if same + tail == before.len() {
        now.len() - tail
    } else {
        now.len()
    };
    let new = &now[same..end];
    let blank = new.iter().take_while(|l| l.is_empty()).count();
    let trailing = new[blank..]
        .iter()
        .rev()
        .take_while(|l| l.is_empty())
        .count();
    &new[blank..new.len() - trailing]
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

/// The prompt for what the screen waits for.
fn prompt<U: LessonUse>(app: &App) -> String {
    let Screen::Lesson(screen) = app.screen() else {
        return "lesson".to_owned();
    };
    if let LessonView::End { .. } = screen.view {
        return U::END_PROMPT.to_owned();
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

/// What the step on screen takes, in a line (from what its prompt asks for).
fn hint(prompt: &str) -> String {
    match prompt {
        "reveal" => "Press Enter to see the answer.".to_owned(),
        "next" => "Press Enter for the next step.".to_owned(),
        "lesson" => "Type a lesson's number.".to_owned(),
        "next lesson" => "Press Enter for the next lesson.".to_owned(),
        "done" => "Press Enter to end the review.".to_owned(),
        "turn the card" => "Say the answer to yourself, then press Enter to turn the card.".to_owned(),
        "your explanation" => "Type your explanation on one line; skip moves on.".to_owned(),
        p if p.starts_with("guess") => {
            "Type your guess as a number (2.5, 1e3, 40k) and press Enter; skip moves on; :batch N and the other plot commands change the plot.".to_owned()
        }
        p if p.starts_with("option") => "Type the number of the option you choose.".to_owned(),
        _ => "Grade how well you knew it: again, hard, good or easy.".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::changed;

    fn lines(text: &str) -> Vec<String> {
        text.split('/')
            .filter(|l| *l != "~")
            .map(str::to_owned)
            .collect()
    }

    #[rstest]
    #[case::appended("q", "q//a/b", "a/b")]
    #[case::rewritten("q/x", "q/y/z", "y/z")]
    #[case::inserted_above("/q//a", "v/w//q//a", "v/w")]
    #[case::nothing("q/a", "q/a", "~")]
    fn only_what_changed_is_written(#[case] before: &str, #[case] now: &str, #[case] new: &str) {
        assert_eq!(changed(&lines(before), &lines(now)), lines(new).as_slice());
    }
}
