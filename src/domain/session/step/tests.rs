//! Every transition of the step state machine, one named case each.

use rstest::rstest;

use super::*;
use crate::domain::scoring::GuessError;

fn number_answer() -> ResolvedAnswer {
    ResolvedAnswer::Number {
        value: 295.0,
        unit: "FLOP/byte".into(),
        tolerance: 0.1,
    }
}

fn choice_answer() -> ResolvedAnswer {
    ResolvedAnswer::Choice {
        options: 3,
        correct: 1,
    }
}

fn typing(text: &str) -> StepState {
    StepState::Predict(PredictState::Predicting {
        input: PredictInput::Number {
            text: text.into(),
            error: None,
        },
    })
}

fn typing_with_error(text: &str, error: GuessError) -> StepState {
    StepState::Predict(PredictState::Predicting {
        input: PredictInput::Number {
            text: text.into(),
            error: Some(error),
        },
    })
}

fn choosing(selected: Option<usize>) -> StepState {
    StepState::Predict(PredictState::Predicting {
        input: PredictInput::Choice { selected },
    })
}

fn committed(guess: Guess) -> StepState {
    StepState::Predict(PredictState::Committed { guess })
}

fn revealed(guess: Guess, score: Option<u8>) -> StepState {
    StepState::Predict(PredictState::Revealed { guess, score })
}

fn writing(text: &str) -> StepState {
    StepState::Explain(ExplainState::Writing { text: text.into() })
}

fn explained(text: &str) -> StepState {
    StepState::Explain(ExplainState::Revealed { text: text.into() })
}

const fn card(state: RecallState) -> StepState {
    StepState::Recall(state)
}

#[track_caller]
fn check(
    before: StepState,
    action: Action,
    answer: Option<&ResolvedAnswer>,
    outcome: &Outcome,
    after: &StepState,
) {
    let mut state = before;
    let got = state.apply(action, answer);
    assert_eq!(&got, outcome, "outcome of {action:?}");
    assert_eq!(&state, after, "state after {action:?}");
}

#[rustfmt::skip]
#[rstest]
// Reading: nothing to answer.
#[case::read_type(StepState::Reading, Action::Type('1'), Outcome::Refused(Refusal::NothingToAnswer), StepState::Reading)]
#[case::read_commit(StepState::Reading, Action::Commit, Outcome::Refused(Refusal::NothingToAnswer), StepState::Reading)]
#[case::read_reveal(StepState::Reading, Action::Reveal, Outcome::Refused(Refusal::NothingToAnswer), StepState::Reading)]
#[case::read_turn(StepState::Reading, Action::Turn, Outcome::Refused(Refusal::NotACard), StepState::Reading)]
// Typing a number.
#[case::type_digit(typing("2"), Action::Type('9'), Outcome::Changed, typing("29"))]
#[case::type_dot(typing("2"), Action::Type('.'), Outcome::Changed, typing("2."))]
#[case::type_exponent(typing("3"), Action::Type('e'), Outcome::Changed, typing("3e"))]
#[case::type_minus(typing(""), Action::Type('-'), Outcome::Changed, typing("-"))]
#[case::type_letter(typing("2"), Action::Type('x'), Outcome::Refused(Refusal::NotANumberCharacter('x')), typing("2"))]
#[case::type_clears_error(typing_with_error("0", GuessError::Zero), Action::Type('1'), Outcome::Changed, typing("01"))]
#[case::type_when_full(typing("123456789012345678901234"), Action::Type('5'), Outcome::Refused(Refusal::InputFull), typing("123456789012345678901234"))]
#[case::backspace(typing("29"), Action::Backspace, Outcome::Changed, typing("2"))]
#[case::backspace_empty(typing(""), Action::Backspace, Outcome::Unchanged, typing(""))]
#[case::backspace_clears_error(typing_with_error("-3", GuessError::Negative), Action::Backspace, Outcome::Changed, typing("-"))]
#[case::select_on_number(typing("2"), Action::Select(0), Outcome::Refused(Refusal::TakesANumber), typing("2"))]
#[case::turn_on_number(typing("2"), Action::Turn, Outcome::Refused(Refusal::NotACard), typing("2"))]
// Committing a number: refused inline unless positive and finite.
#[case::commit_number(typing("300"), Action::Commit, Outcome::Changed, committed(Guess::Number(300.0)))]
#[case::commit_scientific(typing("3e2"), Action::Commit, Outcome::Changed, committed(Guess::Number(300.0)))]
#[case::commit_empty(typing(""), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::Empty)), typing_with_error("", GuessError::Empty))]
#[case::commit_zero(typing("0.0"), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::Zero)), typing_with_error("0.0", GuessError::Zero))]
#[case::commit_negative(typing("-5"), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::Negative)), typing_with_error("-5", GuessError::Negative))]
#[case::commit_not_a_number(typing("1.2.3"), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::NotANumber)), typing_with_error("1.2.3", GuessError::NotANumber))]
#[case::commit_lonely_e(typing("e"), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::NotANumber)), typing_with_error("e", GuessError::NotANumber))]
#[case::commit_overflow(typing("1e999"), Action::Commit, Outcome::Refused(Refusal::Guess(GuessError::NotFinite)), typing_with_error("1e999", GuessError::NotFinite))]
#[case::reveal_before_commit(typing("300"), Action::Reveal, Outcome::Refused(Refusal::RevealBeforeCommit), typing("300"))]
// Committed: locked until revealed.
#[case::committed_type(committed(Guess::Number(300.0)), Action::Type('1'), Outcome::Refused(Refusal::AlreadyCommitted), committed(Guess::Number(300.0)))]
#[case::committed_backspace(committed(Guess::Number(300.0)), Action::Backspace, Outcome::Refused(Refusal::AlreadyCommitted), committed(Guess::Number(300.0)))]
#[case::committed_commit(committed(Guess::Number(300.0)), Action::Commit, Outcome::Refused(Refusal::AlreadyCommitted), committed(Guess::Number(300.0)))]
#[case::reveal_within_tolerance(committed(Guess::Number(300.0)), Action::Reveal, Outcome::Changed, revealed(Guess::Number(300.0), Some(100)))]
#[case::reveal_double(committed(Guess::Number(590.0)), Action::Reveal, Outcome::Changed, revealed(Guess::Number(590.0), Some(54)))]
#[case::reveal_far_off(committed(Guess::Number(2.0)), Action::Reveal, Outcome::Changed, revealed(Guess::Number(2.0), Some(0)))]
// Revealed: done.
#[case::revealed_reveal(revealed(Guess::Number(300.0), Some(100)), Action::Reveal, Outcome::Refused(Refusal::AlreadyRevealed), revealed(Guess::Number(300.0), Some(100)))]
#[case::revealed_type(revealed(Guess::Number(300.0), Some(100)), Action::Type('1'), Outcome::Refused(Refusal::AlreadyRevealed), revealed(Guess::Number(300.0), Some(100)))]
#[case::revealed_commit(revealed(Guess::Number(300.0), Some(100)), Action::Commit, Outcome::Refused(Refusal::AlreadyRevealed), revealed(Guess::Number(300.0), Some(100)))]
fn number_predictions(
    #[case] before: StepState,
    #[case] action: Action,
    #[case] outcome: Outcome,
    #[case] after: StepState,
) {
    check(before, action, Some(&number_answer()), &outcome, &after);
}

#[rustfmt::skip]
#[rstest]
#[case::select(choosing(None), Action::Select(2), Outcome::Changed, choosing(Some(2)))]
#[case::reselect(choosing(Some(2)), Action::Select(0), Outcome::Changed, choosing(Some(0)))]
#[case::select_same(choosing(Some(2)), Action::Select(2), Outcome::Unchanged, choosing(Some(2)))]
#[case::select_out_of_range(choosing(None), Action::Select(3), Outcome::Refused(Refusal::NoSuchOption { shown: 4, count: 3 }), choosing(None))]
#[case::type_on_choice(choosing(None), Action::Type('1'), Outcome::Refused(Refusal::TakesAnOption), choosing(None))]
#[case::backspace_on_choice(choosing(Some(1)), Action::Backspace, Outcome::Refused(Refusal::TakesAnOption), choosing(Some(1)))]
#[case::commit_nothing(choosing(None), Action::Commit, Outcome::Refused(Refusal::NoOptionChosen), choosing(None))]
#[case::reveal_before_commit(choosing(Some(1)), Action::Reveal, Outcome::Refused(Refusal::RevealBeforeCommit), choosing(Some(1)))]
#[case::commit_choice(choosing(Some(1)), Action::Commit, Outcome::Changed, committed(Guess::Choice(1)))]
#[case::committed_select(committed(Guess::Choice(1)), Action::Select(0), Outcome::Refused(Refusal::AlreadyCommitted), committed(Guess::Choice(1)))]
#[case::reveal_right(committed(Guess::Choice(1)), Action::Reveal, Outcome::Changed, revealed(Guess::Choice(1), Some(100)))]
#[case::reveal_wrong(committed(Guess::Choice(0)), Action::Reveal, Outcome::Changed, revealed(Guess::Choice(0), Some(0)))]
#[case::revealed_select(revealed(Guess::Choice(0), Some(0)), Action::Select(1), Outcome::Refused(Refusal::AlreadyRevealed), revealed(Guess::Choice(0), Some(0)))]
fn choice_predictions(
    #[case] before: StepState,
    #[case] action: Action,
    #[case] outcome: Outcome,
    #[case] after: StepState,
) {
    check(before, action, Some(&choice_answer()), &outcome, &after);
}

#[test]
fn an_unavailable_answer_reveals_without_a_score() {
    let answer = ResolvedAnswer::Unavailable {
        reason: "unknown quantity".into(),
        unit: "x".into(),
    };
    check(
        committed(Guess::Number(3.0)),
        Action::Reveal,
        Some(&answer),
        &Outcome::Changed,
        &revealed(Guess::Number(3.0), None),
    );
}

#[rustfmt::skip]
#[rstest]
#[case::turn(RecallState::Front, Action::Turn, Outcome::Changed, RecallState::Back)]
#[case::grade_before_turn(RecallState::Front, Action::Grade(Grade::Good), Outcome::Refused(Refusal::TurnFirst), RecallState::Front)]
#[case::type_on_card(RecallState::Front, Action::Type('a'), Outcome::Refused(Refusal::NothingToAnswer), RecallState::Front)]
#[case::commit_on_card(RecallState::Back, Action::Commit, Outcome::Refused(Refusal::NothingToAnswer), RecallState::Back)]
#[case::reveal_on_card(RecallState::Front, Action::Reveal, Outcome::Refused(Refusal::NothingToAnswer), RecallState::Front)]
#[case::turn_twice(RecallState::Back, Action::Turn, Outcome::Refused(Refusal::AlreadyTurned), RecallState::Back)]
#[case::grade_again(RecallState::Back, Action::Grade(Grade::Again), Outcome::Changed, RecallState::Graded(Grade::Again))]
#[case::grade_hard(RecallState::Back, Action::Grade(Grade::Hard), Outcome::Changed, RecallState::Graded(Grade::Hard))]
#[case::grade_good(RecallState::Back, Action::Grade(Grade::Good), Outcome::Changed, RecallState::Graded(Grade::Good))]
#[case::grade_easy(RecallState::Back, Action::Grade(Grade::Easy), Outcome::Changed, RecallState::Graded(Grade::Easy))]
#[case::regrade(RecallState::Graded(Grade::Again), Action::Grade(Grade::Easy), Outcome::Changed, RecallState::Graded(Grade::Easy))]
#[case::regrade_same(RecallState::Graded(Grade::Good), Action::Grade(Grade::Good), Outcome::Unchanged, RecallState::Graded(Grade::Good))]
#[case::turn_graded(RecallState::Graded(Grade::Good), Action::Turn, Outcome::Refused(Refusal::AlreadyTurned), RecallState::Graded(Grade::Good))]
fn recall_cards(
    #[case] before: RecallState,
    #[case] action: Action,
    #[case] outcome: Outcome,
    #[case] after: RecallState,
) {
    check(card(before), action, None, &outcome, &card(after));
}

#[rustfmt::skip]
#[rstest]
#[case::type_letter(writing("Deco"), Action::Type('d'), Outcome::Changed, writing("Decod"))]
#[case::type_space(writing("a"), Action::Type(' '), Outcome::Changed, writing("a "))]
#[case::type_control(writing("a"), Action::Type('\u{7}'), Outcome::Unchanged, writing("a"))]
#[case::backspace(writing("ab"), Action::Backspace, Outcome::Changed, writing("a"))]
#[case::backspace_empty(writing(""), Action::Backspace, Outcome::Unchanged, writing(""))]
#[case::commit_empty(writing("   "), Action::Commit, Outcome::Refused(Refusal::EmptyExplanation), writing("   "))]
#[case::reveal_empty(writing(""), Action::Reveal, Outcome::Refused(Refusal::RevealBeforeWriting), writing(""))]
#[case::commit(writing("bytes, not FLOPs"), Action::Commit, Outcome::Changed, explained("bytes, not FLOPs"))]
#[case::reveal_written(writing("bytes"), Action::Reveal, Outcome::Changed, explained("bytes"))]
#[case::select(writing("a"), Action::Select(0), Outcome::Refused(Refusal::NothingToAnswer), writing("a"))]
#[case::turn(writing("a"), Action::Turn, Outcome::Refused(Refusal::NotACard), writing("a"))]
#[case::revealed_type(explained("a"), Action::Type('b'), Outcome::Refused(Refusal::AlreadyRevealed), explained("a"))]
#[case::revealed_commit(explained("a"), Action::Commit, Outcome::Refused(Refusal::AlreadyRevealed), explained("a"))]
fn explanations(
    #[case] before: StepState,
    #[case] action: Action,
    #[case] outcome: Outcome,
    #[case] after: StepState,
) {
    check(before, action, None, &outcome, &after);
}

#[test]
fn explanation_input_stops_at_its_limit() {
    let full = "x".repeat(MAX_EXPLANATION_CHARS);
    check(
        writing(&full),
        Action::Type('y'),
        None,
        &Outcome::Refused(Refusal::InputFull),
        &writing(&full),
    );
}
