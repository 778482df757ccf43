//! The keymap table: lookups, conflicts, and what the footer makes of it.

use crate::app::{AppMsg, NavMsg, PlotMsg, StepMsg};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rstest::rstest;

use super::*;
use crate::app::msg::Cycle;
use crate::domain::session::Grade;
use KeyContext as C;
use strum::IntoEnumIterator as _;

const PREDICTING: &[KeyContext] = &[C::GuessEntry, C::Lesson, C::Plot, C::Global];
const CHOOSING: &[KeyContext] = &[C::ChoiceEntry, C::Lesson, C::Plot, C::Global];
const WRITING: &[KeyContext] = &[C::TextEntry, C::Global];
const READING: &[KeyContext] = &[C::Continue, C::Lesson, C::Plot, C::Global];
const LOCKED: &[KeyContext] = &[C::Committed, C::Lesson, C::Plot, C::Global];
const CARD_BACK: &[KeyContext] = &[C::CardBack, C::Lesson, C::Plot, C::Global];
const LIST: &[KeyContext] = &[C::LessonList, C::Global];
const HELP: &[KeyContext] = &[C::Help, C::Global];

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn with(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[rustfmt::skip]
#[rstest]
#[case::digit_types(PREDICTING, press(KeyCode::Char('3')), Some(Msg::Step(StepMsg::TypeChar('3'))))]
#[case::dot_types(PREDICTING, press(KeyCode::Char('.')), Some(Msg::Step(StepMsg::TypeChar('.'))))]
#[case::e_types_an_exponent(PREDICTING, press(KeyCode::Char('e')), Some(Msg::Step(StepMsg::TypeChar('e'))))]
#[case::minus_types(PREDICTING, press(KeyCode::Char('-')), Some(Msg::Step(StepMsg::TypeChar('-'))))]
#[case::enter_commits(PREDICTING, press(KeyCode::Enter), Some(Msg::Step(StepMsg::Commit)))]
#[case::backspace_edits(PREDICTING, press(KeyCode::Backspace), Some(Msg::Step(StepMsg::Backspace)))]
#[case::n_is_next_while_guessing(PREDICTING, press(KeyCode::Char('n')), Some(Msg::Nav(NavMsg::NextStep)))]
#[case::r_before_commit_asks_to_reveal(PREDICTING, press(KeyCode::Char('r')), Some(Msg::Step(StepMsg::Reveal)))]
#[case::letter_is_nothing(PREDICTING, press(KeyCode::Char('x')), None)]
#[case::left_halves(PREDICTING, press(KeyCode::Left), Some(Msg::Plot(PlotMsg::HalveBatch)))]
#[case::right_doubles(READING, press(KeyCode::Right), Some(Msg::Plot(PlotMsg::DoubleBatch)))]
#[case::shift_left_decrements(READING, with(KeyCode::Left, KeyModifiers::SHIFT), Some(Msg::Plot(PlotMsg::DecrementBatch)))]
#[case::bracket_increments(READING, press(KeyCode::Char(']')), Some(Msg::Plot(PlotMsg::IncrementBatch)))]
#[case::p_cycles_precision(READING, press(KeyCode::Char('p')), Some(Msg::Plot(PlotMsg::CyclePrecision(Cycle::Forward))))]
#[case::shift_p_cycles_back(READING, with(KeyCode::Char('P'), KeyModifiers::SHIFT), Some(Msg::Plot(PlotMsg::CyclePrecision(Cycle::Backward))))]
#[case::g_cycles_gpu(READING, press(KeyCode::Char('g')), Some(Msg::Plot(PlotMsg::CycleGpu(Cycle::Forward))))]
#[case::m_cycles_model(READING, press(KeyCode::Char('m')), Some(Msg::Plot(PlotMsg::CycleModel(Cycle::Forward))))]
#[case::c_cycles_context(READING, press(KeyCode::Char('c')), Some(Msg::Plot(PlotMsg::CycleContext(Cycle::Forward))))]
#[case::l_is_the_lesson_list(READING, press(KeyCode::Char('l')), Some(Msg::Nav(NavMsg::ShowLessonList)))]
#[case::b_is_back(READING, press(KeyCode::Char('b')), Some(Msg::Nav(NavMsg::PreviousStep)))]
#[case::enter_goes_on(READING, press(KeyCode::Enter), Some(Msg::Nav(NavMsg::NextStep)))]
#[case::question_mark_with_shift(READING, with(KeyCode::Char('?'), KeyModifiers::SHIFT), Some(Msg::App(AppMsg::ToggleHelp)))]
#[case::q_quits(READING, press(KeyCode::Char('q')), Some(Msg::App(AppMsg::Quit)))]
#[case::ctrl_c_quits(READING, with(KeyCode::Char('c'), KeyModifiers::CONTROL), Some(Msg::App(AppMsg::QuitNow)))]
#[case::option_digit(CHOOSING, press(KeyCode::Char('2')), Some(Msg::Step(StepMsg::SelectOption(1))))]
#[case::zero_is_no_option(CHOOSING, press(KeyCode::Char('0')), None)]
#[case::r_reveals_when_locked(LOCKED, press(KeyCode::Char('r')), Some(Msg::Step(StepMsg::Reveal)))]
#[case::enter_reveals_when_locked(LOCKED, press(KeyCode::Enter), Some(Msg::Step(StepMsg::Reveal)))]
#[case::grade_keys(CARD_BACK, press(KeyCode::Char('3')), Some(Msg::Step(StepMsg::Grade(Grade::Good))))]
#[case::q_is_text_while_writing(WRITING, press(KeyCode::Char('q')), Some(Msg::Step(StepMsg::TypeChar('q'))))]
#[case::question_mark_is_text(WRITING, with(KeyCode::Char('?'), KeyModifiers::SHIFT), Some(Msg::Step(StepMsg::TypeChar('?'))))]
#[case::capital_is_text(WRITING, with(KeyCode::Char('Q'), KeyModifiers::SHIFT), Some(Msg::Step(StepMsg::TypeChar('Q'))))]
#[case::space_is_text(WRITING, press(KeyCode::Char(' ')), Some(Msg::Step(StepMsg::TypeChar(' '))))]
#[case::esc_stops_typing(WRITING, press(KeyCode::Esc), Some(Msg::Step(StepMsg::LeaveInput)))]
#[case::ctrl_c_quits_while_writing(WRITING, with(KeyCode::Char('c'), KeyModifiers::CONTROL), Some(Msg::App(AppMsg::QuitNow)))]
#[case::arrows_do_nothing_while_writing(WRITING, press(KeyCode::Left), None)]
#[case::list_down(LIST, press(KeyCode::Down), Some(Msg::Nav(NavMsg::SelectNext)))]
#[case::list_j(LIST, press(KeyCode::Char('j')), Some(Msg::Nav(NavMsg::SelectNext)))]
#[case::list_open(LIST, press(KeyCode::Enter), Some(Msg::Nav(NavMsg::OpenSelected)))]
#[case::no_plot_keys_on_the_list(LIST, press(KeyCode::Right), None)]
#[case::q_closes_help(HELP, press(KeyCode::Char('q')), Some(Msg::App(AppMsg::CloseHelp)))]
#[case::esc_closes_help(HELP, press(KeyCode::Esc), Some(Msg::App(AppMsg::CloseHelp)))]
#[case::help_blocks_commands(HELP, press(KeyCode::Char('n')), None)]
fn lookups(
    #[case] contexts: &[KeyContext],
    #[case] event: KeyEvent,
    #[case] expected: Option<Msg>,
) {
    assert_eq!(Keymap::default().lookup(&event, contexts), expected);
}

/// Every key a test can think of, with and without modifiers.
fn sample_keys() -> Vec<KeyEvent> {
    let mut keys = Vec::new();
    for c in ' '..='~' {
        keys.push(press(KeyCode::Char(c)));
        keys.push(with(KeyCode::Char(c), KeyModifiers::SHIFT));
        keys.push(with(KeyCode::Char(c), KeyModifiers::CONTROL));
    }
    for code in [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Tab,
    ] {
        keys.push(press(code));
        keys.push(with(code, KeyModifiers::SHIFT));
    }
    keys
}

#[test]
fn no_key_means_two_things_in_one_context() {
    let keymap = Keymap::default();
    for context in KeyContext::iter() {
        for event in sample_keys() {
            let matching: Vec<&Binding> = keymap
                .bindings()
                .iter()
                .filter(|b| b.context == context && emit(b, &event).is_some())
                .collect();
            assert!(
                matching.len() <= 1,
                "{event:?} in {context:?}: {matching:#?}"
            );
        }
    }
}

#[test]
fn every_binding_explains_itself_and_every_context_has_one() {
    let keymap = Keymap::default();
    for binding in keymap.bindings() {
        assert!(
            !binding.help.is_empty() && !binding.label.is_empty(),
            "{binding:?}"
        );
    }
    for context in KeyContext::iter() {
        assert!(
            keymap.bindings().iter().any(|b| b.context == context),
            "{context:?} has no keys"
        );
    }
}

#[test]
fn the_footer_merges_keys_and_follows_the_context() {
    let keymap = Keymap::default();
    let footer = keymap.footer(READING, GlyphSet::Unicode);
    let shown: Vec<String> = footer
        .iter()
        .map(|e| format!("{} {}", e.keys, e.label))
        .collect();
    assert_eq!(shown.first().map(String::as_str), Some("Enter/n next"));
    assert!(shown.contains(&"←/→ batch".to_owned()), "{shown:?}");
    assert!(
        shown.contains(&"? help".to_owned()) && shown.contains(&"q quit".to_owned()),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|s| s.contains("reveal")),
        "r is hidden until there is something to reveal: {shown:?}"
    );

    let locked: Vec<String> = keymap
        .footer(LOCKED, GlyphSet::Ascii)
        .iter()
        .map(|e| format!("{} {}", e.keys, e.label))
        .collect();
    assert_eq!(locked.first().map(String::as_str), Some("r/Enter reveal"));
    assert!(
        locked.contains(&"Left/Right batch".to_owned()),
        "{locked:?}"
    );
}

#[test]
fn the_footer_does_not_offer_keys_that_are_text_while_typing() {
    let footer: Vec<String> = Keymap::default()
        .footer(WRITING, GlyphSet::Unicode)
        .iter()
        .map(|e| format!("{} {}", e.keys, e.label))
        .collect();
    assert!(footer.contains(&"Ctrl+C quit".to_owned()), "{footer:?}");
    assert!(
        !footer
            .iter()
            .any(|e| e.starts_with("q ") || e.starts_with("? ")),
        "{footer:?}"
    );
}

#[test]
fn hints_name_the_key_bound_now() {
    let keymap = Keymap::default();
    assert_eq!(
        keymap
            .key_for(&Msg::Step(StepMsg::Commit), PREDICTING, GlyphSet::Unicode)
            .as_deref(),
        Some("Enter")
    );
    assert_eq!(
        keymap
            .key_for(&Msg::Step(StepMsg::Reveal), LOCKED, GlyphSet::Unicode)
            .as_deref(),
        Some("r")
    );
    assert_eq!(
        keymap
            .key_for(
                &Msg::Step(StepMsg::SelectOption(4)),
                CHOOSING,
                GlyphSet::Unicode
            )
            .as_deref(),
        Some("1-9")
    );
    assert_eq!(
        keymap.key_for(&Msg::Step(StepMsg::TurnCard), PREDICTING, GlyphSet::Unicode),
        None
    );
}
