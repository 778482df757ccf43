//! Study's handling of a message, one arm per group. Present and review hand it the messages
//! they do not take themselves.

use super::{find, navigate, plot, study};
use crate::app::{App, Msg, Screen};

/// Applies a message as study does; the message that follows, if any.
pub(in crate::app) fn study(app: &mut App, msg: Msg) -> Option<Msg> {
    match msg {
        Msg::App(msg) => navigate::program(app, msg),
        Msg::Nav(msg) => navigate::navigate(app, msg),
        // The search takes what is typed while it is on screen.
        Msg::Step(msg) if matches!(app.screen, Screen::Search(_)) => find::type_in(app, msg),
        Msg::Step(msg) => study::answer(app, msg),
        Msg::Plot(msg) => plot::plot(app, msg),
        Msg::Why(msg) => crate::app::study::why(app, msg),
        // The quiz's and the room's own intents mean nothing in study (its keymap never
        // sends them).
        Msg::Quiz(_) | Msg::Room(_) => None,
    }
}
