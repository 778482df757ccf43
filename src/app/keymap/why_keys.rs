//! Study's derivation view (`w` on a revealed step): walked one figure at a time, Esc closes.

use crossterm::event::KeyCode;

use super::row::{NONE, SHIFT, ch, key};
use super::{Binding, KeyContext};
use crate::app::WhyMsg;
use crate::app::msg::Msg;

/// The derivation view's rows (more specific than any lesson context, so they come first).
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Down, Esc, Up};
    use KeyContext as C;
    vec![
        key(C::Derivation, Esc, NONE, Msg::Why(WhyMsg::Close), "close", 10, "close the derivation"),
        ch(C::Derivation, 'w', Msg::Why(WhyMsg::Close), "close", 10, "close the derivation"),
        key(C::Derivation, KeyCode::Tab, NONE, Msg::Why(WhyMsg::Next), "next figure", 9, "the next figure's derivation (the answer's, then each readout's)"),
        key(C::Derivation, Down, NONE, Msg::Why(WhyMsg::Next), "next figure", 9, "the next figure's derivation"),
        key(C::Derivation, KeyCode::BackTab, SHIFT, Msg::Why(WhyMsg::Previous), "previous", 0, "the previous figure's derivation"),
        key(C::Derivation, Up, NONE, Msg::Why(WhyMsg::Previous), "previous", 8, "the previous figure's derivation"),
    ]
}
