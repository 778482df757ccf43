//! The quiz's keys: a number or an option, how sure, commit or skip, then on to the next
//! question; the summary scrolls. Nothing goes back, and no plot key applies.

use crossterm::event::{KeyCode, KeyModifiers};

use super::row::{ch, key, pattern, scroll_rows};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::Msg;
use crate::app::{NavMsg, QuizMsg, StepMsg};
use crate::domain::quiz::Confidence;

const NONE: KeyModifiers = KeyModifiers::NONE;

/// The quiz's rows.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    use KeyCode::{Backspace, Enter};
    use KeyContext as C;
    [
    vec![
        // The quiz: a number or an option, how sure, commit or skip; no going back.
        pattern(C::QuizNumber, KeyPattern::NumberChar, Emit::TypedChar, "type", 3, "type a number: digits, '.', 'e' for powers of ten (3e2)"),
        key(C::QuizNumber, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        pattern(C::QuizChoice, KeyPattern::OptionDigit, Emit::OptionOfDigit, "choose", 8, "choose that option"),
    ],
    answer_rows(C::QuizNumber, "lock in your answer (no going back)"),
    answer_rows(C::QuizChoice, "lock in the option chosen (no going back)"),
    vec![
        key(C::QuizRevealed, Enter, NONE, Msg::Nav(NavMsg::NextStep), "next question", 10, "on to the next question"),
        ch(C::QuizRevealed, 'n', Msg::Nav(NavMsg::NextStep), "next question", 0, "on to the next question"),
    ],
    scroll_rows(C::QuizEnd, 7, ["scroll the summary up", "scroll the summary down", "scroll the summary up a page", "scroll the summary down a page"]),
    ].concat()
}

/// How sure, commit and skip: the same in a number's and a choice's question.
#[rustfmt::skip]
fn answer_rows(context: KeyContext, commit: &'static str) -> Vec<Binding> {
    let sure = |c, level| ch(context, c, Msg::Quiz(QuizMsg::SetConfidence(level)), "how sure", 6, match level {
        Confidence::Low => "confidence 1: a guess (again: clear it)",
        Confidence::Medium => "confidence 2: fairly sure",
        Confidence::High => "confidence 3: sure",
    });
    vec![
        sure('l', Confidence::Low),
        sure('m', Confidence::Medium),
        sure('h', Confidence::High),
        key(context, KeyCode::Enter, NONE, Msg::Step(StepMsg::Commit), "commit", 10, commit),
        ch(context, 's', Msg::Quiz(QuizMsg::SkipQuestion), "skip", 7, "skip this question (scores 0)"),
    ]
}
