//! The classroom mode's state and its part of `update`: the presenter paces the steps, types
//! the guesses the room calls out, and reveals on command. Nothing is scored or named.

pub mod room;

use std::collections::{BTreeMap, BTreeSet};

use super::handlers::refuse;
use super::handlers::route::study;
use super::{App, Effect, Effects, KeyContext, Mode, Msg, NavMsg, StepMsg};
use crate::domain::classroom::{
    ClassRecord, RECORD_FORMAT_VERSION, RoomGuesses, StepRecordOut, choice_counts,
    parse_room_guesses, spread,
};
use crate::domain::lesson::template::render;
use crate::domain::lesson::{Answer, Step, scenario_for};
use crate::domain::session::ResolvedAnswer;
use crate::domain::withhold::Withheld;

/// Whether the room sees the screen or the speaker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Curtain {
    /// The presentation is shown.
    #[default]
    Open,
    /// The screen is blank: the room looks at the speaker.
    Drawn,
}

/// A classroom walkthrough in progress.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Classroom {
    /// Steps (by index) the presenter has revealed.
    pub revealed: BTreeSet<usize>,
    /// How many reveals were made so far (the room's server stamps each answer it takes with
    /// the count it last saw: one it took before it saw a step's reveal still counts).
    pub reveals: crate::domain::classroom::room::Reveals,
    /// The reveal that closed each revealed step (by index).
    pub closed_by: BTreeMap<usize, crate::domain::classroom::room::Reveals>,
    /// The room's guesses, per step id.
    pub guesses: RoomGuesses,
    /// Guesses being typed (numbers separated by spaces).
    pub input: String,
    /// Why the last typed line was refused.
    pub error: Option<String>,
    /// Blank screen or not.
    pub curtain: Curtain,
    /// When the walkthrough started (RFC 3339, from the caller's clock).
    pub started: String,
    /// How the room joins from its devices, when it does (`--room`).
    pub room: Option<room::RoomInfo>,
}

impl App {
    /// The same program as a classroom walkthrough, started at `started` (RFC 3339): the
    /// presenter paces and reveals, nothing is scored, no progress is saved.
    #[must_use]
    pub fn presenting(mut self, started: String) -> Self {
        self.mode = Mode::Present(Classroom {
            started,
            ..Classroom::default()
        });
        self
    }

    /// The classroom walkthrough's state (none outside the classroom).
    #[must_use]
    pub const fn classroom(&self) -> Option<&Classroom> {
        if let Mode::Present(room) = &self.mode {
            Some(room)
        } else {
            None
        }
    }
}

/// The present mode's handling of a message: the room's intents, the guesses the presenter
/// types or counts, the reveal, and no step past the last; moving, the plot, help and the rest
/// work as in study.
pub(super) fn update(app: &mut App, msg: Msg) -> Effects {
    match msg {
        Msg::Room(msg) => room::handle(app, msg),
        Msg::Step(msg) => step(app, msg),
        Msg::Nav(NavMsg::NextStep) if app.session().is_some_and(|s| s.current() + 1 >= s.len()) => {
            refuse(app, "this is the last step; q ends the walkthrough");
            Effects::default()
        }
        Msg::App(_) | Msg::Nav(_) | Msg::Plot(_) | Msg::Quiz(_) | Msg::Why(_) => {
            Effects::following(study(app, msg))
        }
    }
}

/// What the walkthrough tells after every message: the notes window follows every change of
/// the presentation.
pub(super) const fn settle() -> [Effect; 1] {
    [Effect::NotifyNotes]
}

/// The room's guesses (typed or counted) while the step on screen is open, and its reveal;
/// otherwise as in study.
fn step(app: &mut App, msg: StepMsg) -> Effects {
    let on_screen = app.current_step().map(|(_, step)| step.clone());
    let (Some(step), Some(index), Mode::Present(room)) = (
        on_screen,
        app.session().map(crate::domain::session::Session::current),
        &mut app.mode,
    ) else {
        return Effects::following(study(app, Msg::Step(msg)));
    };
    let open = asks(&step) && !room.revealed.contains(&index);
    let mut effects = Effects::default();
    match msg {
        StepMsg::TypeChar(c) if open => {
            room.input.push(c);
            room.error = None;
        }
        StepMsg::Backspace if open => {
            room.input.pop();
            room.error = None;
        }
        StepMsg::Commit if open => match parse_room_guesses(&room.input) {
            Ok(numbers) => {
                room.guesses.add_numbers(step.id(), &numbers);
                room.input.clear();
                room.error = None;
                effects.push(Effect::NotifyNotes);
            }
            Err(e) => room.error = Some(e.to_string()),
        },
        StepMsg::SelectOption(option) if open => {
            room.guesses.add_choice(step.id(), option);
            effects.push(Effect::NotifyNotes);
        }
        StepMsg::Reveal if asks(&step) => {
            if room.revealed.insert(index) {
                room.reveals = room.reveals.next();
                room.closed_by.insert(index, room.reveals);
                room.input.clear();
                room.error = None;
                effects.extend([Effect::SaveRecord, Effect::NotifyNotes]);
            }
        }
        // Answering the presenter's own steps (a card, an explanation) works as in study; so
        // does typing on a step the room has no say in. Listed, so a new message is decided.
        other @ (StepMsg::TypeChar(_)
        | StepMsg::Backspace
        | StepMsg::Commit
        | StepMsg::SelectOption(_)
        | StepMsg::Reveal
        | StepMsg::TurnCard
        | StepMsg::Grade(_)
        | StepMsg::LeaveInput
        | StepMsg::EditText) => return Effects::following(study(app, Msg::Step(other))),
    }
    effects
}

/// Whether a step asks the room something (a predict or explore step).
#[must_use]
pub fn asks(step: &Step) -> bool {
    matches!(step, Step::Predict(_) | Step::Explore(_))
}

/// The record of the walkthrough so far: every revealed step with the room's guesses.
#[must_use]
pub fn record(app: &App) -> Option<ClassRecord> {
    let classroom = app.classroom()?;
    let screen = app.lesson_screen()?;
    let lesson = app.lessons.get(screen.lesson)?;
    let answers = crate::domain::session::resolve_lesson(lesson, &app.cluster, &app.catalog);
    let steps = classroom
        .revealed
        .iter()
        .filter_map(|&i| {
            let step = lesson.steps.get(i)?;
            let guesses = classroom.guesses.of(step.id());
            let (question, patch) = match step {
                Step::Predict(p) => (&p.question, p.scenario.as_ref()),
                Step::Explore(x) => (&x.task, x.preset.as_ref()),
                Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => {
                    return None;
                }
            };
            let question = render(question, &scenario_for(patch, &app.cluster), &app.catalog);
            let (answer, unit, tolerance, median, within_pct) = match answers.get(i)?.as_ref()? {
                ResolvedAnswer::Number {
                    value,
                    unit,
                    tolerance,
                } => {
                    let s = spread(&guesses.numbers, *value, *tolerance);
                    (
                        *value,
                        unit.clone(),
                        *tolerance,
                        s.as_ref().map(|s| s.median),
                        s.as_ref()
                            .map(super::super::domain::classroom::Spread::within_pct),
                    )
                }
                ResolvedAnswer::Choice { options, correct } => {
                    let counts = choice_counts(&guesses.choices, *options);
                    let total: usize = counts.iter().sum();
                    let share = (total > 0).then(|| 100.0 * counts[*correct] as f64 / total as f64);
                    (*correct as f64, String::new(), 0.0, None, share)
                }
                ResolvedAnswer::Unavailable { .. } => return None,
            };
            Some(StepRecordOut {
                step: step.id().to_owned(),
                question,
                answer,
                unit,
                tolerance,
                guesses,
                median,
                within_pct,
            })
        })
        .collect();
    Some(ClassRecord {
        format_version: RECORD_FORMAT_VERSION,
        lesson: lesson.id.clone(),
        started: classroom.started.clone(),
        steps,
    })
}

/// The options of a choice step, for the screen and the notes.
#[must_use]
pub fn options(step: &Step) -> Option<&[String]> {
    let answer = match step {
        Step::Predict(p) => &p.answer,
        Step::Explore(x) => &x.answer,
        Step::Read(_) | Step::Recall(_) | Step::Example(_) | Step::Explain(_) => return None,
    };
    match answer {
        Answer::Choice(c) => Some(&c.options),
        Answer::Number(_) => None,
    }
}

/// What the speaker-notes window shows now.
#[must_use]
pub fn notes(app: &App) -> Option<crate::domain::classroom::Notes> {
    let (classroom, screen) = (app.classroom()?, app.lesson_screen()?);
    let (lesson, index) = (app.lessons.get(screen.lesson)?, screen.session.current());
    let step = lesson.steps.get(index)?;
    let say = |text: &str, patch| render(text, &scenario_for(patch, &app.cluster), &app.catalog);
    let (text, answer_text, explanation, trap) = match step {
        Step::Read(s) => (
            say(&s.text, s.scenario.as_ref()),
            String::new(),
            String::new(),
            String::new(),
        ),
        Step::Example(s) => (
            say(&s.title, s.scenario.as_ref()),
            String::new(),
            String::new(),
            String::new(),
        ),
        Step::Recall(s) => (
            say(&s.front, s.scenario.as_ref()),
            say(&s.back, s.scenario.as_ref()),
            String::new(),
            String::new(),
        ),
        Step::Explain(s) => (
            say(&s.prompt, s.scenario.as_ref()),
            say(&s.model_answer, s.scenario.as_ref()),
            String::new(),
            String::new(),
        ),
        Step::Predict(p) => {
            let patch = p.scenario.as_ref();
            (
                say(&p.question, patch),
                answer_words(app, step),
                say(&p.explanation, patch),
                p.trap.as_deref().map(|t| say(t, patch)).unwrap_or_default(),
            )
        }
        Step::Explore(x) => {
            let patch = x.preset.as_ref();
            (
                say(&x.task, patch),
                answer_words(app, step),
                say(&x.explanation, patch),
                String::new(),
            )
        }
    };
    let next = lesson.steps.get(index + 1).map(|s| {
        let (text, patch) = s.opening();
        let words: Vec<String> = say(text, patch)
            .split_whitespace()
            .take(12)
            .map(str::to_owned)
            .collect();
        format!("{} {}: {}…", index + 2, s.kind_name(), words.join(" "))
    });
    Some(crate::domain::classroom::Notes {
        lesson: lesson.title.clone(),
        step: index + 1,
        of: lesson.steps.len(),
        kind: step.kind_name().to_owned(),
        text,
        answer: answer_text,
        explanation,
        trap,
        next,
        guesses: classroom.guesses.of(step.id()),
        revealed: classroom.revealed.contains(&index),
    })
}

/// The answer of a step as words: `295 FLOP/byte`, or the right option.
fn answer_words(app: &App, step: &Step) -> String {
    match crate::domain::session::resolve_step(step, &app.cluster, &app.catalog) {
        Some(ResolvedAnswer::Number { value, unit, .. }) => format!(
            "{} {unit}",
            crate::domain::lesson::template::format_number(
                value,
                crate::domain::lesson::template::Format::Auto
            )
        ),
        Some(ResolvedAnswer::Choice { correct, .. }) => options(step)
            .and_then(|o| o.get(correct))
            .map_or_else(String::new, |o| format!("option {}: {o}", correct + 1)),
        Some(ResolvedAnswer::Unavailable { reason, .. }) => format!("not available: {reason}"),
        None => String::new(),
    }
}

/// Present: the answers of every predict or explore step the presenter has not revealed, and
/// the current card's back while unturned.
#[must_use]
pub fn withheld(app: &App, room: &Classroom) -> Withheld {
    let (Some(screen), Some((lesson, _))) = (app.lesson_screen(), app.current_step()) else {
        return Withheld::none();
    };
    let revealed = &room.revealed;
    screen
        .session
        .withheld_unless(lesson, app.cluster(), app.catalog(), |i, _| {
            revealed.contains(&i)
        })
}

/// Present: typing the room's guesses (or choosing their options) on a step not yet revealed,
/// then the presenter's keys, the plot and the global keys.
#[must_use]
pub fn contexts(app: &App, room: &Classroom) -> Vec<KeyContext> {
    let mut contexts = Vec::with_capacity(4);
    if let (Some((_, step)), Some(session)) = (app.current_step(), app.session())
        && asks(step)
        && !room.revealed.contains(&session.current())
    {
        contexts.push(match options(step) {
            Some(_) => KeyContext::RoomChoices,
            None => KeyContext::RoomNumbers,
        });
    }
    if room.room.is_some() {
        contexts.push(KeyContext::RoomDevices);
    }
    contexts.extend([KeyContext::Presenting, KeyContext::Plot, KeyContext::Global]);
    contexts
}

/// Present: the KV wall is withheld on a predict step the presenter has not revealed.
#[must_use]
pub fn wall_asks(app: &App, room: &Classroom) -> bool {
    matches!(app.current_step(), Some((_, Step::Predict(_))))
        && app
            .session()
            .is_some_and(|s| !room.revealed.contains(&s.current()))
}
