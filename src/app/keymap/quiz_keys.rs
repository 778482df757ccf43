//! The quiz's keys: a number or an option, how sure, commit or skip, then on to the next
//! question; the summary scrolls. Nothing goes back, and no plot key applies.

use crossterm::event::{KeyCode, KeyModifiers};

use super::row::{ch, key, pattern};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;
use crate::app::{NavMsg, QuizMsg, StepMsg};
use crate::domain::quiz::Confidence;

const NONE: KeyModifiers = KeyModifiers::NONE;

/// The quiz's rows.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Backspace, Down, Enter, PageDown, PageUp, Up};
    use KeyContext as C;
    vec![
        // The quiz: a number or an option, how sure, commit or skip; no going back.
        pattern(C::QuizNumber, KeyPattern::NumberChar, Emit::TypedChar, "type", 3, "type a number: digits, '.', 'e' for powers of ten (3e2)"),
        key(C::QuizNumber, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        pattern(C::QuizChoice, KeyPattern::OptionDigit, Emit::OptionOfDigit, "choose", 8, "choose that option"),
        ch(C::QuizNumber, 'l', Msg::Quiz(QuizMsg::SetConfidence(Confidence::Low)), "how sure", 6, "confidence 1: a guess (again: clear it)"),
        ch(C::QuizNumber, 'm', Msg::Quiz(QuizMsg::SetConfidence(Confidence::Medium)), "how sure", 6, "confidence 2: fairly sure"),
        ch(C::QuizNumber, 'h', Msg::Quiz(QuizMsg::SetConfidence(Confidence::High)), "how sure", 6, "confidence 3: sure"),
        key(C::QuizNumber, Enter, NONE, Msg::Step(StepMsg::Commit), "commit", 10, "lock in your answer (no going back)"),
        ch(C::QuizNumber, 's', Msg::Quiz(QuizMsg::SkipQuestion), "skip", 7, "skip this question (scores 0)"),
        ch(C::QuizChoice, 'l', Msg::Quiz(QuizMsg::SetConfidence(Confidence::Low)), "how sure", 6, "confidence 1: a guess (again: clear it)"),
        ch(C::QuizChoice, 'm', Msg::Quiz(QuizMsg::SetConfidence(Confidence::Medium)), "how sure", 6, "confidence 2: fairly sure"),
        ch(C::QuizChoice, 'h', Msg::Quiz(QuizMsg::SetConfidence(Confidence::High)), "how sure", 6, "confidence 3: sure"),
        key(C::QuizChoice, Enter, NONE, Msg::Step(StepMsg::Commit), "commit", 10, "lock in the option chosen (no going back)"),
        ch(C::QuizChoice, 's', Msg::Quiz(QuizMsg::SkipQuestion), "skip", 7, "skip this question (scores 0)"),
        key(C::QuizRevealed, Enter, NONE, Msg::Nav(NavMsg::NextStep), "next question", 10, "on to the next question"),
        ch(C::QuizRevealed, 'n', Msg::Nav(NavMsg::NextStep), "next question", 0, "on to the next question"),
        key(C::QuizEnd, Up, NONE, Msg::Nav(NavMsg::ScrollUp), "scroll", 7, "scroll the summary up"),
        key(C::QuizEnd, Down, NONE, Msg::Nav(NavMsg::ScrollDown), "scroll", 7, "scroll the summary down"),
        key(C::QuizEnd, PageUp, NONE, Msg::Nav(NavMsg::PageUp), "scroll", 0, "scroll the summary up a page"),
        key(C::QuizEnd, PageDown, NONE, Msg::Nav(NavMsg::PageDown), "scroll", 0, "scroll the summary down a page"),
    ]
}
