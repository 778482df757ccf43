//! `roofline --plain quiz`: the same quiz (`cli::quiz::prepare` checks the inputs and draws
//! it, the quiz mode scores it and keeps its answer back until its reveal), a question per
//! prompt, its answer after each commit or all at the end, and the same result file.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::SystemTime;

use anyhow::{Context as _, Result, bail};

use super::{Console, VIEWPORT, look, send};
use crate::app::quiz::{Export, QuizInput, QuizPhase, QuizRun};
use crate::app::{App, AppMsg, Keymap, Msg, NavMsg, QuizMsg, StepMsg};
use crate::cli::args::{GlobalArgs, QuizCli};
use crate::cli::quiz::{ResultFile, prepare};
use crate::domain::quiz::scenario_words;
use crate::domain::quiz::{Confidence, Guess, Question, QuestionAnswer, Reveal, reveal};

/// The commands, for `help`.
const HELP: &[&str] = &[
    "Commands (type one and press Enter):",
    "  a number     your answer (a choice: the option's number), locked in at once",
    "  low, medium, high   how sure you are, before you answer (optional)",
    "  skip         skip this question (it scores 0)",
    "  Enter        after an answer is shown: the next question",
    "  help         this list; quit leaves (before the end: no result file)",
];

/// Runs the quiz in plain text on stdin and stdout.
pub fn quiz(global: &GlobalArgs, args: &QuizCli) -> Result<ExitCode> {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok();
    let prepared = prepare(global, args, SystemTime::now(), user)?;
    let again = repeat_command(args, prepared.run.seed, prepared.run.questions.len());
    let (mut app, out) = prepared.into_app(look(), VIEWPORT, Keymap::unbound());
    let mut console = Console::stdio();
    let mut sink = ResultFile { out: out.clone() };
    ask_all(&mut app, &mut console, &mut sink).context("cannot write to stdout")?;
    let Some(run) = app.quiz() else {
        return Ok(ExitCode::SUCCESS);
    };
    match &run.export {
        Export::Written(path) => {
            console.say(&format!("Result in {path}."))?;
            console.say(&format!("The same quiz again: {again}"))?;
            Ok(ExitCode::SUCCESS)
        }
        Export::Pending => {
            console.say("Quiz left before the end: no result file.")?;
            console.say(&format!("The same quiz again: {again}"))?;
            Ok(ExitCode::FAILURE)
        }
        Export::Failed => bail!("the result file {} could not be written", out.display()),
    }
}

/// The command that gives the same quiz (as the screen's quiz prints it).
fn repeat_command(args: &QuizCli, seed: u64, count: usize) -> String {
    let mut command = format!("roofline --plain quiz --seed {seed} --count {count}");
    if !args.only.is_empty() {
        let _ = write!(command, " --only {}", args.only.join(","));
    }
    command
}

/// Asks every question until the end, a quit, or the end of the input.
fn ask_all<R: BufRead, W: Write>(
    app: &mut App,
    console: &mut Console<R, W>,
    sink: &mut ResultFile,
) -> std::io::Result<()> {
    console.say("Plain-text quiz: type help for the commands, quit to leave.")?;
    let mut at = None;
    let mut error = None;
    loop {
        let Some(run) = app.quiz() else {
            return Ok(());
        };
        if (run.current(), run.phase) != at.unwrap_or((usize::MAX, QuizPhase::End)) {
            at = Some((run.current(), run.phase));
            console.say_all(&screen(app, run))?;
        }
        if run.error != error {
            error.clone_from(&run.error);
            if let Some(e) = &run.error {
                console.say(&format!("Not taken: {e}."))?;
            }
        }
        if run.phase == QuizPhase::End || app.run_state() == crate::app::RunState::Quitting {
            return Ok(());
        }
        let Some(line) = console.ask(&prompt(run))? else {
            return Ok(());
        };
        let msgs = said(run, &line.to_lowercase(), &line);
        match msgs {
            Said::Msgs(msgs) => send(app, msgs, sink),
            Said::Help => {
                console.say_all(&HELP.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())?;
            }
            Said::Confidence(c) => {
                send(app, vec![Msg::Quiz(QuizMsg::SetConfidence(c))], sink);
                let now = app.quiz().and_then(|r| r.confidence);
                console.say(&now.map_or_else(
                    || "How sure: not said.".to_owned(),
                    |c| format!("How sure: {}.", c.word()),
                ))?;
            }
        }
    }
}

/// What a line means in the quiz.
enum Said {
    Msgs(Vec<Msg>),
    Help,
    Confidence(Confidence),
}

fn said(run: &QuizRun, lower: &str, line: &str) -> Said {
    let asking = run.phase == QuizPhase::Asking;
    if let Some(c) = Confidence::ALL.into_iter().find(|c| c.word() == lower) {
        return Said::Confidence(c);
    }
    let msgs = match (lower, &run.input) {
        ("help" | "?", _) => return Said::Help,
        ("quit" | "q" | "exit", _) => vec![Msg::App(AppMsg::QuitNow)],
        ("skip", _) if asking => vec![Msg::Quiz(QuizMsg::SkipQuestion)],
        ("" | "next", _) if !asking => vec![Msg::Nav(NavMsg::NextStep)],
        (_, QuizInput::Number(text)) if asking => {
            std::iter::repeat_n(Msg::Step(StepMsg::Backspace), text.chars().count())
                .chain(line.chars().map(|c| Msg::Step(StepMsg::TypeChar(c))))
                .chain([Msg::Step(StepMsg::Commit)])
                .collect()
        }
        (_, QuizInput::Choice(_)) if asking => match line.parse::<usize>() {
            Ok(n) if n >= 1 => vec![
                Msg::Step(StepMsg::SelectOption(n - 1)),
                Msg::Step(StepMsg::Commit),
            ],
            Ok(_) | Err(_) => vec![Msg::Step(StepMsg::SelectOption(usize::MAX))],
        },
        (_, QuizInput::Number(_) | QuizInput::Choice(_)) => vec![],
    };
    Said::Msgs(msgs)
}

fn prompt(run: &QuizRun) -> String {
    match (run.phase, run.question().map(|q| &q.answer)) {
        (QuizPhase::Asking, Some(QuestionAnswer::Number { unit, .. })) => {
            format!("answer ({unit})")
        }
        (QuizPhase::Asking, Some(QuestionAnswer::Choice { options, .. })) => {
            format!("option 1 to {}", options.len())
        }
        (QuizPhase::Asking, None) | (QuizPhase::Revealed | QuizPhase::End, _) => "next".to_owned(),
    }
}

/// What a new phase shows: the question, its answer, or the summary.
fn screen(app: &App, run: &QuizRun) -> Vec<String> {
    let Some(question) = run.question() else {
        return Vec::new();
    };
    match run.phase {
        QuizPhase::Asking => {
            let mut lines = vec![
                String::new(),
                format!(
                    "Question {} of {}: {}",
                    run.current() + 1,
                    run.questions.len(),
                    question.lesson_title
                ),
                // Through the mode's withholding, as the screen's question is.
                app.withheld().mask_prose(&question.text).into_owned(),
                format!(
                    "Scenario: {}.",
                    scenario_words(&question.scenario, app.catalog(), ", ")
                ),
            ];
            if let QuestionAnswer::Choice { options, .. } = &question.answer {
                lines.extend(
                    options
                        .iter()
                        .enumerate()
                        .map(|(i, o)| format!("{}) {o}", i + 1)),
                );
            }
            lines
        }
        QuizPhase::Revealed => revealed(run, question),
        QuizPhase::End => summary(run),
    }
}

/// The answer, how far off, the score and why (as the screen's reveal).
fn revealed(run: &QuizRun, question: &Question) -> Vec<String> {
    let guess = run
        .responses
        .get(run.current())
        .map_or(Guess::Skipped, |r| r.guess);
    let Reveal {
        answer,
        how_far,
        mark: m,
    } = reveal(question, guess);
    vec![
        format!("Answer: {answer}; {how_far}; score {}.", m.score),
        question.explanation.clone(),
    ]
}

/// The end: the total, each question's score, and what to study again.
fn summary(run: &QuizRun) -> Vec<String> {
    let summary = run.summary();
    let mut lines = vec![
        String::new(),
        format!(
            "End of the quiz, {}: {:.0}/100, {} of {} within tolerance, {} skipped.",
            run.name,
            summary.total,
            summary.within,
            run.questions.len(),
            summary.skipped
        ),
    ];
    lines.extend(
        run.questions
            .iter()
            .zip(&summary.marks)
            .enumerate()
            .map(|(i, (q, m))| format!("{}. {}: score {}", i + 1, q.lesson_title, m.score)),
    );
    if !summary.study_again.is_empty() {
        let ids: Vec<&str> = summary
            .study_again
            .iter()
            .map(|(id, _)| id.as_str())
            .collect();
        lines.push(format!("Study again: {}.", ids.join(", ")));
    }
    lines
}
