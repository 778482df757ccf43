//! The classroom's room of devices (`present --room`): answers sent from phones and laptops
//! arrive as [`RoomMsg::Answer`](crate::app::RoomMsg::Answer) and merge into the same guesses the presenter types (the
//! last per participant counts until the reveal); the state the room may see is derived here,
//! with every figure not yet revealed masked; how to join (address, code, QR code) is shown
//! on a panel the presenter toggles.

use super::{App, Classroom, Curtain, Effect, Effects, Mode, asks, options};
use crate::app::handlers::refuse;
use crate::app::{RoomMsg, Screen};
use crate::domain::classroom::room::{Revealed, Reveals, RoomStep, RoomValue, Takes};
use crate::domain::format::group;
use crate::domain::lesson::template::render as fill;
use crate::domain::lesson::{Answer, scenario_for};
use crate::domain::scenario::Scenario;
use crate::domain::session::{ResolvedAnswer, resolve_step};
pub use crate::widgets::qr_code::QrMatrix;

/// Whether the join panel covers the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinPanel {
    /// Shown: the address, the code and the QR code.
    Shown,
    /// Hidden: one line under the question says where to join.
    Hidden,
}

/// How the room joins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomInfo {
    /// The address to open, with the code (`http://192.168.1.20:40123/?code=K7QX2M`).
    pub url: String,
    /// The six-character join code.
    pub code: String,
    /// The QR code of `url`.
    pub qr: QrMatrix,
    /// Whether the panel is up.
    pub panel: JoinPanel,
}

impl App {
    /// The walkthrough with the room answering from its devices; the join panel is up first
    /// (outside a walkthrough there is no room: nothing changes).
    #[must_use]
    pub fn with_room(mut self, room: RoomInfo) -> Self {
        if let Mode::Present(classroom) = &mut self.mode {
            classroom.room = Some(room);
        }
        self
    }
}

/// The classroom's own messages: the curtain, an answer from a device, the join panel.
pub(super) fn handle(app: &mut App, msg: RoomMsg) -> Effects {
    let mut effects = Effects::default();
    match msg {
        RoomMsg::ToggleCurtain => {
            let on_lesson = app.lesson_screen().is_some();
            if let Mode::Present(classroom) = &mut app.mode
                && on_lesson
            {
                classroom.curtain = match classroom.curtain {
                    Curtain::Open => Curtain::Drawn,
                    Curtain::Drawn => Curtain::Open,
                };
            }
        }
        RoomMsg::Answer {
            step,
            participant,
            value,
            seen,
        } => {
            // Taken after the server saw the reveal, or a step that takes something else:
            // dropped. Taken before it, counted even if the reveal got here first (the record
            // written at the reveal is written again with it).
            if let Some(id) = open_step_taking(app, step, value, seen)
                && let Mode::Present(classroom) = &mut app.mode
            {
                classroom.guesses.set_sent(&id, &participant, value);
                if classroom.revealed.contains(&step) {
                    effects.push(Effect::SaveRecord);
                }
                effects.push(Effect::NotifyNotes);
            }
        }
        RoomMsg::ToggleJoinPanel => toggle_join_panel(app),
    }
    effects
}

/// Shows or hides how the room joins (refused without `--room`).
fn toggle_join_panel(app: &mut App) {
    let room = if let Mode::Present(classroom) = &mut app.mode {
        classroom.room.as_mut()
    } else {
        None
    };
    match room {
        Some(room) => {
            room.panel = match room.panel {
                JoinPanel::Shown => JoinPanel::Hidden,
                JoinPanel::Hidden => JoinPanel::Shown,
            };
        }
        None => {
            let _ = refuse(
                app,
                "the room is not answering from devices: start with --room",
            );
        }
    }
}

/// The id of step `index` of the lesson presented, when it was still open (not revealed, or
/// revealed after the server took the answer, having `seen` the reveals before) and takes a
/// value of this kind.
fn open_step_taking(app: &App, index: usize, value: RoomValue, seen: Reveals) -> Option<String> {
    let Screen::Lesson(screen) = &app.screen else {
        return None;
    };
    let step = app.lessons.get(screen.lesson)?.steps.get(index)?;
    let closed = app.classroom()?.closed_by.get(&index).copied();
    if !asks(step) || !seen.took_before(closed) {
        return None;
    }
    let answer = step.answer()?;
    let fits = match (answer, value) {
        (Answer::Number(_), RoomValue::Number(_)) => true,
        (Answer::Choice(c), RoomValue::Choice(i)) => i < c.options.len(),
        (Answer::Number(_), RoomValue::Choice(_)) | (Answer::Choice(_), RoomValue::Number(_)) => {
            false
        }
    };
    fits.then(|| step.id().to_owned())
}

/// What the room may see now: the current step, its question and scenario with the figures
/// not yet revealed masked, what it takes, and the answer once revealed.
#[must_use]
pub fn state(app: &App) -> Option<RoomStep> {
    let classroom: &Classroom = app.classroom()?;
    let screen = app.lesson_screen()?;
    let lesson = app.lessons.get(screen.lesson)?;
    let index = screen.session.current();
    let step = lesson.steps.get(index)?;
    let withheld = app.withheld();
    let question = step.question();
    let patch = question.and_then(|q| q.scenario);
    let scenario = scenario_for(patch, &app.cluster);
    let say = |text: &str| {
        withheld
            .mask_prose(&fill(text, &scenario, &app.catalog))
            .into_owned()
    };
    let unit = resolve_step(step, &app.cluster, &app.catalog);
    let takes = match (asks(step), options(step), &unit) {
        (true, Some(opts), _) => Takes::Choice {
            options: opts.iter().map(|o| say(o)).collect(),
        },
        (true, None, Some(ResolvedAnswer::Number { unit, .. })) => {
            Takes::Number { unit: unit.clone() }
        }
        // A step that asks nothing, or a number that cannot be computed here.
        (false, _, _) | (true, None, _) => Takes::Nothing,
    };
    let revealed = classroom.revealed.contains(&index);
    let answer = match (revealed, unit) {
        (
            true,
            Some(ResolvedAnswer::Number {
                value,
                unit,
                tolerance,
            }),
        ) => Some(Revealed::Number {
            value,
            unit,
            tolerance,
            text: super::answer_words(app, step),
        }),
        (true, Some(ResolvedAnswer::Choice { correct, .. })) => Some(Revealed::Choice {
            correct: correct + 1,
            text: options(step)
                .and_then(|o| o.get(correct))
                .map_or_else(String::new, |o| say(o)),
        }),
        (true, Some(ResolvedAnswer::Unavailable { .. }) | None) | (false, _) => None,
    };
    Some(RoomStep {
        lesson: lesson.title.clone(),
        step: index + 1,
        of: lesson.steps.len(),
        id: step.id().to_owned(),
        kind: step.kind_name().to_owned(),
        question: question.map(|q| say(q.text)),
        scenario: question.map(|_| say(&setting(app, &scenario))),
        takes,
        revealed,
        answer,
        answers: classroom.guesses.of(step.id()).count(),
        reveals: classroom.reveals,
    })
}

/// A scenario in words: `H100 SXM5 · Llama 3.1 70B · BF16 weights · batch 8 · 4,096-token context`.
fn setting(app: &App, s: &Scenario) -> String {
    let gpu = app
        .catalog
        .gpu(&s.gpu)
        .map_or_else(|_| s.gpu.clone(), |g| g.name.clone());
    let mut parts = vec![gpu];
    if let Some(model) = &s.model {
        parts.push(
            app.catalog
                .model(model)
                .map_or_else(|_| model.clone(), |m| m.name.clone()),
        );
    }
    parts.push(format!("{} weights", s.weights.label()));
    parts.push(format!("batch {}", s.batch));
    parts.push(format!("{}-token context", group(s.context as f64, 0)));
    if s.tp > 1 {
        parts.push(format!("TP {}", s.tp));
    }
    parts.join(" · ")
}
