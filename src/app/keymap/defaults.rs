//! The default keys, one binding per row: where, which key, what it sends, the footer word and
//! how much the footer wants it (0: help only), and the line in the help overlay. Rows of the
//! more specific contexts come first; the table is kept unformatted so it reads as a table.

use crossterm::event::{KeyCode, KeyModifiers};

use super::row::{Letters, ch, key, pattern, scroll_rows, select_rows};
use super::{Binding, Emit, KeyContext, KeyPattern};
use crate::app::msg::{Cycle, Msg};
use crate::app::{AppMsg, NavMsg, PlotMsg, StepMsg, WhyMsg};
use crate::domain::session::Grade;

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The default keymap's rows: the study, list and review rows here, then each concern's own.
pub(super) fn bindings() -> Vec<Binding> {
    study_rows()
        .into_iter()
        .chain(plot_list_review_rows())
        .chain(super::find_keys::bindings())
        .chain(super::why_keys::bindings())
        .chain(super::classroom_keys::bindings())
        .chain(super::quiz_keys::bindings())
        .collect()
}

/// The rows of study: the overlays, the entry lines and any lesson step.
#[rustfmt::skip]
fn study_rows() -> Vec<Binding> {
    use KeyCode::{Backspace, Enter, Esc};
    use KeyContext as C;
    [
    vec![
        // A warning about the learner's files waits for Esc.
        key(C::Warning, Esc, NONE, Msg::App(AppMsg::DismissNotice), "dismiss warning", 9, "dismiss the warning under the screen"),
        // The help overlay: while it is open, these win.
        key(C::Help, Esc, NONE, Msg::App(AppMsg::CloseHelp), "close", 10, "close this help"),
        ch(C::Help, '?', Msg::App(AppMsg::CloseHelp), "close", 10, "close this help"),
        ch(C::Help, 'q', Msg::App(AppMsg::CloseHelp), "close", 10, "close this help (q again quits)"),
    ],
    scroll_rows(C::Help, 7, ["scroll this help up", "scroll this help down", "scroll this help up a page", "scroll this help down a page"]),
    vec![
        // Writing an explanation swallows every printable key.
        pattern(C::TextEntry, KeyPattern::AnyChar, Emit::TypedChar, "type", 3, "type your explanation (letters, digits, q, ? and all)"),
        key(C::TextEntry, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        key(C::TextEntry, Enter, NONE, Msg::Step(StepMsg::Commit), "hand in", 9, "hand in your explanation and see the model answer"),
        key(C::TextEntry, Esc, NONE, Msg::Step(StepMsg::LeaveInput), "stop typing", 8, "stop typing, so that keys act as commands again"),
        key(C::TextEntry, KeyCode::Char('c'), CTRL, Msg::App(AppMsg::QuitNow), "quit", 7, "quit (q is a letter while you type)"),
        // A numeric guess.
        pattern(C::GuessEntry, KeyPattern::NumberChar, Emit::TypedChar, "type", 3, "type a number: digits, '.', 'e' for powers of ten (3e2), '-', ','"),
        key(C::GuessEntry, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        key(C::GuessEntry, Enter, NONE, Msg::Step(StepMsg::Commit), "commit", 9, "lock in your guess (refused inline unless a positive number)"),
        // A choice.
        pattern(C::ChoiceEntry, KeyPattern::OptionDigit, Emit::OptionOfDigit, "choose", 8, "choose that option"),
        key(C::ChoiceEntry, Enter, NONE, Msg::Step(StepMsg::Commit), "commit", 9, "lock in the option chosen"),
        // The end of a lesson.
    ],
    select_rows(C::LessonEnd, Letters::ArrowsOnly, ["previous step in the list", "next step in the list"]),
    vec![
        key(C::LessonEnd, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open step", 9, "open the highlighted step"),
        ch(C::LessonEnd, 'u', Msg::Nav(NavMsg::FirstUnfinished), "first unfinished", 8, "go to the first step not yet finished"),
        ch(C::LessonEnd, 'n', Msg::Nav(NavMsg::NextStep), "next lesson", 9, "on to the next lesson"),
        ch(C::LessonEnd, 'b', Msg::Nav(NavMsg::PreviousStep), "back", 6, "back to the last step"),
        ch(C::LessonEnd, 'R', Msg::Nav(NavMsg::RestartLesson), "restart", 5, "restart the lesson, clearing its answers (asks first)"),
        ch(C::LessonEnd, 'l', Msg::Nav(NavMsg::ShowLessonList), "lessons", 6, "the lesson list"),
        ch(C::LessonEnd, ':', Msg::Plot(PlotMsg::OpenWhatIf), "go to", 0, "the command line: :lesson N opens lesson N"),
        // The what-if line takes every key while it is open.
        pattern(C::WhatIfEntry, KeyPattern::AnyChar, Emit::TypedChar, "type", 3, "type a command: gpu ID, model ID, tp N, batch B, context 32k, overlay ID|off, bf16, fp8, int4, reset, step N"),
        key(C::WhatIfEntry, KeyCode::Tab, NONE, Msg::Plot(PlotMsg::CompleteWhatIf), "complete", 8, "complete the command or the GPU or model id"),
        key(C::WhatIfEntry, Backspace, NONE, Msg::Step(StepMsg::Backspace), "delete", 2, "delete the last character"),
        key(C::WhatIfEntry, Enter, NONE, Msg::Step(StepMsg::Commit), "apply", 9, "apply it to the plot"),
        key(C::WhatIfEntry, Esc, NONE, Msg::Step(StepMsg::LeaveInput), "cancel", 9, "close the line without applying"),
        // Locked in.
        ch(C::Committed, 'r', Msg::Step(StepMsg::Reveal), "reveal", 9, "reveal the answer, your score and how far off you were"),
        key(C::Committed, Enter, NONE, Msg::Step(StepMsg::Reveal), "reveal", 9, "reveal the answer"),
        // Recall cards.
        key(C::CardFront, KeyCode::Char(' '), NONE, Msg::Step(StepMsg::TurnCard), "turn", 9, "say the answer aloud first, then turn the card"),
        key(C::CardFront, Enter, NONE, Msg::Step(StepMsg::TurnCard), "turn", 9, "turn the card"),
        ch(C::CardBack, '1', Msg::Step(StepMsg::Grade(Grade::Again)), "again", 8, "grade: did not know it"),
        ch(C::CardBack, '2', Msg::Step(StepMsg::Grade(Grade::Hard)), "hard", 8, "grade: knew it with effort"),
        ch(C::CardBack, '3', Msg::Step(StepMsg::Grade(Grade::Good)), "good", 8, "grade: knew it"),
        ch(C::CardBack, '4', Msg::Step(StepMsg::Grade(Grade::Easy)), "easy", 8, "grade: knew it at once"),
        // An explanation left with Esc.
        key(C::ExplainPaused, Enter, NONE, Msg::Step(StepMsg::EditText), "write", 9, "go back to typing your explanation"),
        ch(C::ExplainPaused, 'i', Msg::Step(StepMsg::EditText), "write", 9, "go back to typing your explanation"),
        // A finished step.
        key(C::Continue, Enter, NONE, Msg::Nav(NavMsg::NextStep), "next", 9, "go on to the next step"),
        // Any lesson step.
        ch(C::Lesson, 'n', Msg::Nav(NavMsg::NextStep), "next", 7, "next step (the lesson list after the last)"),
        ch(C::Lesson, 'b', Msg::Nav(NavMsg::PreviousStep), "back", 6, "previous step (what you did there is kept)"),
        ch(C::Lesson, 'r', Msg::Step(StepMsg::Reveal), "reveal", 0, "reveal the answer (only once a guess is committed)"),
        ch(C::Lesson, 'l', Msg::Nav(NavMsg::ShowLessonList), "lessons", 5, "the lesson list"),
        ch(C::Lesson, 'w', Msg::Why(WhyMsg::Toggle), "why", 6, "why: the derivation of the revealed answer and of each readout (formula, inputs and their sources)"),
        ch(C::Lesson, 'u', Msg::Nav(NavMsg::FirstUnfinished), "first unfinished", 0, "go to the first step not yet finished"),
        ch(C::Lesson, 'R', Msg::Nav(NavMsg::RestartLesson), "restart", 0, "restart the lesson, clearing its answers (asks first)"),
    ],
    scroll_rows(C::Lesson, 0, ["scroll the lesson text up", "scroll the lesson text down", "scroll the lesson text up a page", "scroll the lesson text down a page"]),
    ].concat()
}

/// The rows of the plot, the lesson list, the review and the keys that work anywhere.
#[rustfmt::skip]
fn plot_list_review_rows() -> Vec<Binding> {
    use KeyCode::{End, Enter, Esc, Home, Left, Right};
    use KeyContext as C;
    [
    vec![
        // The plot.
        key(C::Plot, Left, NONE, Msg::Plot(PlotMsg::HalveBatch), "batch", 8, "halve the batch"),
        key(C::Plot, Right, NONE, Msg::Plot(PlotMsg::DoubleBatch), "batch", 8, "double the batch (stops at the KV wall)"),
        key(C::Plot, Left, SHIFT, Msg::Plot(PlotMsg::DecrementBatch), "±1", 0, "one sequence fewer"),
        key(C::Plot, Right, SHIFT, Msg::Plot(PlotMsg::IncrementBatch), "±1", 0, "one sequence more"),
        ch(C::Plot, '[', Msg::Plot(PlotMsg::DecrementBatch), "±1", 0, "one sequence fewer"),
        ch(C::Plot, ']', Msg::Plot(PlotMsg::IncrementBatch), "±1", 0, "one sequence more"),
        ch(C::Plot, 'p', Msg::Plot(PlotMsg::CyclePrecision(Cycle::Forward)), "precision", 5, "weights BF16 → FP8 → INT4"),
        ch(C::Plot, 'P', Msg::Plot(PlotMsg::CyclePrecision(Cycle::Backward)), "precision", 0, "previous precision"),
        ch(C::Plot, 'g', Msg::Plot(PlotMsg::CycleGpu(Cycle::Forward)), "GPU", 5, "next GPU"),
        ch(C::Plot, 'G', Msg::Plot(PlotMsg::CycleGpu(Cycle::Backward)), "GPU", 0, "previous GPU"),
        ch(C::Plot, 'm', Msg::Plot(PlotMsg::CycleModel(Cycle::Forward)), "model", 4, "next model"),
        ch(C::Plot, 'M', Msg::Plot(PlotMsg::CycleModel(Cycle::Backward)), "model", 0, "previous model"),
        ch(C::Plot, 'c', Msg::Plot(PlotMsg::CycleContext(Cycle::Forward)), "context", 4, "context 1K → 4K → 8K → 32K → 128K"),
        ch(C::Plot, 'C', Msg::Plot(PlotMsg::CycleContext(Cycle::Backward)), "context", 0, "shorter context"),
        ch(C::Plot, ':', Msg::Plot(PlotMsg::OpenWhatIf), "what if", 6, "the what-if line: :gpu h200, :fp8, :batch 64, :reset, :step 5"),
        key(C::Plot, Home, NONE, Msg::Plot(PlotMsg::ResetPlot), "reset plot", 0, "put the plot back to this step's setting"),
        ch(C::Plot, 'f', Msg::Plot(PlotMsg::TogglePrefill), "prefill", 0, "show or hide the prefill dot (a prompt through the same layer)"),
        ch(C::Plot, 'v', Msg::Plot(PlotMsg::ToggleCurve), "curve", 3, "switch the picture: the roofline or throughput per GPU against tok/s per user as the batch grows (the bend marked)"),
        // The lesson list.
    ],
    select_rows(C::LessonList, Letters::AlsoKj, ["previous lesson", "next lesson"]),
    vec![
        key(C::LessonList, Home, NONE, Msg::Nav(NavMsg::SelectFirst), "first", 0, "first lesson"),
        key(C::LessonList, End, NONE, Msg::Nav(NavMsg::SelectLast), "last", 0, "last lesson"),
        key(C::LessonList, Enter, NONE, Msg::Nav(NavMsg::OpenSelected), "open", 9, "open the lesson where you left it"),
        key(C::LessonList, Esc, NONE, Msg::Nav(NavMsg::ResumeLesson), "back", 5, "back to the lesson you were studying"),
        ch(C::LessonList, '/', Msg::Nav(NavMsg::OpenSearch), "search", 6, "search lesson titles and step text"),
        ch(C::LessonList, 'w', Msg::Nav(NavMsg::ShowWeakest), "weakest", 6, "the weakest steps across the course (missed or partly right)"),
        ch(C::LessonList, ':', Msg::Plot(PlotMsg::OpenWhatIf), "go to", 0, "the command line: :lesson N opens lesson N"),
        // Review: each item is asked once, going forward; the summary ends the round.
        ch(C::Reviewing, 'n', Msg::Nav(NavMsg::NextStep), "next", 7, "next item (one left unanswered stays due)"),
    ],
    scroll_rows(C::Reviewing, 0, ["scroll the text up", "scroll the text down", "scroll the text up a page", "scroll the text down a page"]),
    vec![
        key(C::ReviewEnd, Enter, NONE, Msg::App(AppMsg::Quit), "done", 9, "leave the review (what you reviewed is saved)"),
        // Anywhere.
        ch(C::Global, '?', Msg::App(AppMsg::ToggleHelp), "help", 10, "this help"),
        ch(C::Global, 'q', Msg::App(AppMsg::Quit), "quit", 10, "quit (progress is saved as you go; asks first if a typed guess would be lost)"),
        key(C::Global, KeyCode::Char('c'), CTRL, Msg::App(AppMsg::QuitNow), "quit", 0, "quit at once, even with a guess typed"),
    ],
    ].concat()
}
