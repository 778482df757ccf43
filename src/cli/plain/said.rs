//! What a typed line means in study: a command (`help`, `quit`, `plot`, `:batch 64`, …), or
//! the answer to the step on screen, as the messages the screen's keys would send.

use crate::app::{App, Focus, LessonView, Msg, NavMsg, PlotMsg, Screen, StepMsg};
use crate::domain::lesson::{Answer, Step};
use crate::domain::session::{
    ExplainState, Grade, PredictInput, PredictState, RecallState, StepState,
};

/// What the learner asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// These messages, in order.
    Msgs(Vec<Msg>),
    /// A what-if command for the plot (the text after `:`).
    WhatIf(String),
    /// The commands.
    Help,
    /// What can be typed at this step.
    Hint,
    /// The plot in words again.
    Plot,
    /// The lesson list.
    List,
    /// Leave (progress is saved as it changes).
    Quit,
    /// Nothing to do; why.
    Refused(String),
}

/// The commands, for `help`.
pub const HELP: &[&str] = &[
    "Commands (type one and press Enter):",
    "  Enter        go on: next step, reveal a locked-in guess, turn a card",
    "  a number     your guess, locked in at once (a choice: the option's number)",
    "  reveal       show the answer of a locked-in guess",
    "  again, hard, good, easy   grade a turned card (or 1 to 4)",
    "  next, skip   on to the next step; back: the step before; step N: go to step N",
    "  plot         the plot in words; prefill: show or hide the prefill dot",
    "  curve        switch the plot: the roofline, or tok/s per GPU against tok/s per user",
    "  :batch N, :gpu ID, :model ID, :fp8, :context 32k, :tp N, :link ID, :overlay ID, :reset",
    "               change the plot (as the screen's what-if line)",
    "  hint         what this step takes",
    "  list         the lessons; lesson N opens one",
    "  help         this list; quit leaves (progress is saved as you go)",
];

/// The meaning of `line` for the app as it is.
#[must_use]
pub fn said(app: &App, line: &str) -> Said {
    let words: Vec<&str> = line.split_whitespace().collect();
    let lower = line.to_lowercase();
    if let Some(command) = line.strip_prefix(':') {
        return Said::WhatIf(command.trim().to_owned());
    }
    match (lower.as_str(), words.as_slice()) {
        ("help" | "?", _) => return Said::Help,
        ("hint", _) => return Said::Hint,
        ("quit" | "q" | "exit", _) => return Said::Quit,
        ("plot", _) => return Said::Plot,
        ("list", _) => return Said::List,
        ("prefill", _) => return Said::Msgs(vec![Msg::Plot(PlotMsg::TogglePrefill)]),
        ("curve", _) => return Said::Msgs(vec![Msg::Plot(PlotMsg::ToggleCurve)]),
        ("back", _) => return nav(NavMsg::PreviousStep),
        (_, [word, n]) if word.eq_ignore_ascii_case("step") => {
            return n.parse().map_or_else(
                |_| Said::Refused(format!("'{n}' is not a step number")),
                |n| nav(NavMsg::JumpToStep(n)),
            );
        }
        (_, [word, n]) if word.eq_ignore_ascii_case("lesson") => return open_lesson(app, n),
        _ => {}
    }
    match app.screen() {
        // The list's search and weakest views take keys plain text never sends: a line there
        // means what it means on the list.
        Screen::LessonList { .. } | Screen::Search(_) | Screen::Weakest { .. } => {
            match lower.as_str() {
                "" => nav(NavMsg::ResumeLesson),
                n => open_lesson(app, n),
            }
        }
        Screen::Lesson(screen) => match screen.view {
            LessonView::End { .. } => match lower.as_str() {
                "" | "next" => open_lesson(app, &(screen.lesson + 2).to_string()),
                _ => Said::Refused("the lesson is over: Enter for the next one".to_owned()),
            },
            LessonView::Step => on_step(app, screen.focus, &lower, line),
        },
    }
}

fn nav(msg: NavMsg) -> Said {
    Said::Msgs(vec![Msg::Nav(msg)])
}

/// Lesson `n` (from 1) of the course.
fn open_lesson(app: &App, n: &str) -> Said {
    match n.parse::<usize>() {
        Ok(n) if (1..=app.course().len()).contains(&n) => nav(NavMsg::OpenLesson(n - 1)),
        Ok(_) if n == (app.course().len() + 1).to_string() => {
            Said::Refused("that was the last lesson; list shows them all".to_owned())
        }
        Ok(_) | Err(_) => Said::Refused(format!(
            "type a lesson's number, 1 to {}",
            app.course().len()
        )),
    }
}

/// A line on a step: Enter goes on, a word acts, anything else answers.
fn on_step(app: &App, focus: Focus, lower: &str, line: &str) -> Said {
    let Some((_, step)) = app.current_step() else {
        return Said::Refused("this lesson has no such step".to_owned());
    };
    let Some(state) = app.session().map(crate::domain::session::Session::state) else {
        return Said::Refused("no lesson is open".to_owned());
    };
    match (lower, state) {
        ("next" | "skip", _)
        | (
            "",
            StepState::Reading
            | StepState::Predict(PredictState::Revealed { .. })
            | StepState::Recall(RecallState::Graded(_))
            | StepState::Explain(ExplainState::Revealed { .. }),
        ) => nav(NavMsg::NextStep),
        ("reveal", _) | ("", StepState::Predict(PredictState::Committed { .. })) => {
            step_msgs([StepMsg::Reveal])
        }
        ("turn", _) | ("", StepState::Recall(RecallState::Front)) => step_msgs([StepMsg::TurnCard]),
        (
            "",
            StepState::Predict(PredictState::Predicting { .. })
            | StepState::Explain(ExplainState::Writing { .. })
            | StepState::Recall(RecallState::Back),
        ) => Said::Hint,
        (_, StepState::Recall(RecallState::Back | RecallState::Graded(_))) => grade(lower),
        (_, StepState::Predict(PredictState::Predicting { input })) => answer(step, input, line),
        (_, StepState::Explain(ExplainState::Writing { text })) => {
            let mut msgs = Vec::new();
            if focus == Focus::Commands {
                msgs.push(Msg::Step(StepMsg::EditText));
            }
            msgs.extend(typed(text, line));
            msgs.push(Msg::Step(StepMsg::Commit));
            Said::Msgs(msgs)
        }
        (
            _,
            StepState::Reading
            | StepState::Predict(PredictState::Committed { .. } | PredictState::Revealed { .. })
            | StepState::Recall(RecallState::Front)
            | StepState::Explain(ExplainState::Revealed { .. }),
        ) => Said::Refused(format!(
            "'{line}' means nothing here; help lists the commands"
        )),
    }
}

fn step_msgs<const N: usize>(msgs: [StepMsg; N]) -> Said {
    Said::Msgs(msgs.into_iter().map(Msg::Step).collect())
}

/// Clears what is typed and types `line`.
fn typed(current: &str, line: &str) -> Vec<Msg> {
    std::iter::repeat_n(Msg::Step(StepMsg::Backspace), current.chars().count())
        .chain(line.chars().map(|c| Msg::Step(StepMsg::TypeChar(c))))
        .collect()
}

/// A guess (typed and locked in) or an option's number (chosen and locked in).
fn answer(step: &Step, input: &PredictInput, line: &str) -> Said {
    match input {
        PredictInput::Number { text, .. } => {
            let mut msgs = typed(text, line);
            msgs.push(Msg::Step(StepMsg::Commit));
            Said::Msgs(msgs)
        }
        PredictInput::Choice { .. } => {
            let options = choices(step);
            match line.parse::<usize>() {
                Ok(n) if (1..=options).contains(&n) => Said::Msgs(vec![
                    Msg::Step(StepMsg::SelectOption(n - 1)),
                    Msg::Step(StepMsg::Commit),
                ]),
                Ok(_) | Err(_) => Said::Refused(format!("type an option's number, 1 to {options}")),
            }
        }
    }
}

/// How many options the step's choice has.
#[must_use]
pub fn choices(step: &Step) -> usize {
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return 0,
    };
    match answer {
        Answer::Choice(c) => c.options.len(),
        Answer::Number(_) => 0,
    }
}

fn grade(word: &str) -> Said {
    let grade = Grade::ALL
        .into_iter()
        .enumerate()
        .find(|(i, g)| word == g.label() || word == (i + 1).to_string());
    match grade {
        Some((_, g)) => step_msgs([StepMsg::Grade(g)]),
        None => Said::Refused("grade the card: again, hard, good or easy (1 to 4)".to_owned()),
    }
}
