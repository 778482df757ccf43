//! `update`: the one place the state changes. It routes: `before` runs once for every
//! message, the what-if line takes the keys while it is open, and the rest goes to the mode,
//! whose handler takes the groups of messages it knows ([`route::study`] for study, which
//! present and review fall back on). What a mode saves or notifies after a message is the
//! mode's (`settle`). The handlers of study's groups are in [`super::handlers`].

mod what_if;

use super::effect::Effects;
use super::handlers::{plot, route, study};
use super::mode::Mode;
use super::{App, AppMsg, Msg, NavMsg, NoticeKind, RunState, classroom, quiz, review};

/// Applies one message, and says what must happen outside the state: a follow-up message when
/// one intent leads to another (opening the selected lesson, a click on the slider setting the
/// batch), and what the mode saves or tells after it (progress, the room's record, the notes).
pub fn update(app: &mut App, msg: Msg) -> Effects {
    before(app, &msg);
    let last_lesson = app.progress.last_lesson.clone();
    let mut effects = match what_if::handle(app, &msg) {
        // The what-if line, while open, takes the keys first (in every mode with a plot).
        what_if::Taken::Took(follow_up) => Effects::following(follow_up),
        what_if::Taken::Passed => match app.mode {
            Mode::Study(_) => Effects::following(route::study(app, msg)),
            Mode::Present(_) => classroom::update(app, msg),
            Mode::Quiz(_) => quiz::update(app, msg),
            Mode::Review(_) => review::handle::update(app, msg),
        },
    };
    plot::apply_wall_policy(app);
    match app.mode {
        Mode::Study(_) => effects.extend(study::settle(app, last_lesson.as_deref())),
        Mode::Present(_) => effects.extend(classroom::settle()),
        // The quiz exports once, at its end; review saves each graded item as it goes.
        Mode::Quiz(_) | Mode::Review(_) => {}
    }
    effects
}

/// What any intent does first: a pending restart or quit is called off, and the last info
/// or refusal no longer applies.
fn before(app: &mut App, msg: &Msg) {
    if !msg.is_intent() {
        return;
    }
    if *msg != Msg::Nav(NavMsg::RestartLesson) {
        app.pending = super::Pending::Nothing;
    }
    if app.run_state == RunState::QuitAsked && *msg != Msg::App(AppMsg::Quit) {
        app.run_state = RunState::Running;
    }
    app.notice = app.notice.take().filter(|n| n.kind == NoticeKind::Warning);
}
