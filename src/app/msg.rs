//! Every intent the program acts on, grouped by what it is about: the program itself
//! ([`AppMsg`]), moving between screens and steps ([`NavMsg`]), answering a step ([`StepMsg`]),
//! the plot ([`PlotMsg`]), the quiz ([`QuizMsg`]) and the classroom's room ([`RoomMsg`]). The
//! keymap turns keys into these; [`super::update`] routes each group to the mode, and the
//! mode's handler takes the groups it knows, each in one arm.

mod app;
mod nav;
mod plot;
mod quiz;
mod room;
mod step;
mod why;

pub use app::AppMsg;
pub use nav::NavMsg;
pub use plot::{Cycle, PlotMsg};
pub use quiz::QuizMsg;
pub use room::RoomMsg;
pub use step::StepMsg;
pub use why::WhyMsg;

/// One intent, by its concern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// The program: quitting, help, the warning, the terminal, the clock, the mouse.
    App(AppMsg),
    /// Moving: the lesson list, steps, scrolling.
    Nav(NavMsg),
    /// Answering the step on screen: typing, choosing, committing, revealing, grading.
    Step(StepMsg),
    /// The live plot and its what-if line.
    Plot(PlotMsg),
    /// The quiz's own intents.
    Quiz(QuizMsg),
    /// The classroom's own intents: the curtain and the room's devices.
    Room(RoomMsg),
    /// Study's derivation view: how a revealed answer was computed.
    Why(WhyMsg),
}

impl Msg {
    /// Whether this is an intent after which the last info or refusal no longer applies (the
    /// terminal, the clock and a mouse drag or release are not intents).
    #[must_use]
    pub const fn is_intent(&self) -> bool {
        match self {
            Self::App(msg) => msg.is_intent(),
            Self::Nav(_)
            | Self::Step(_)
            | Self::Plot(_)
            | Self::Quiz(_)
            | Self::Room(_)
            | Self::Why(_) => true,
        }
    }
}
