//! The classroom's keys: the room's guesses typed or counted, then the presenter's pacing,
//! reveal and curtain; `j` shows how the room joins (with `--room`).

use crossterm::event::KeyCode;

use super::row::{NONE, ch, key, pattern};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;
use crate::app::{NavMsg, RoomMsg, StepMsg};

/// The classroom's rows.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Backspace, Down, Enter, Up};
    use KeyContext as C;
    vec![
        // Classroom: the room's guesses, then the presenter's keys.
        pattern(C::RoomNumbers, KeyPattern::NumbersChar, Emit::TypedChar, "type guesses", 3, "type the numbers the room calls out, separated by spaces"),
        key(C::RoomNumbers, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 0, "delete the last character"),
        key(C::RoomNumbers, Enter, NONE, Msg::Step(StepMsg::Commit), "add", 9, "add the typed guesses (the screen counts them; values stay hidden)"),
        pattern(C::RoomChoices, KeyPattern::OptionDigit, Emit::OptionOfDigit, "count an option", 8, "count one vote for that option"),
        ch(C::Presenting, 'r', Msg::Step(StepMsg::Reveal), "reveal", 10, "reveal the answer and the room's spread"),
        ch(C::Presenting, 'n', Msg::Nav(NavMsg::NextStep), "next", 9, "next step"),
        ch(C::Presenting, 'b', Msg::Nav(NavMsg::PreviousStep), "back", 8, "previous step"),
        ch(C::Presenting, 'B', Msg::Room(RoomMsg::ToggleCurtain), "blank", 6, "blank the screen (the room looks at you), and back"),
        ch(C::RoomDevices, 'j', Msg::Room(RoomMsg::ToggleJoinPanel), "join", 5, "show or hide how the room joins (--room): address, code, QR code"),
        key(C::Presenting, Up, NONE, Msg::Nav(NavMsg::ScrollUp), "scroll", 0, "scroll the text up"),
        key(C::Presenting, Down, NONE, Msg::Nav(NavMsg::ScrollDown), "scroll", 0, "scroll the text down"),
    ]
}
