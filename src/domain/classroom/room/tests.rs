use super::*;
use crate::domain::scoring::GuessError;
use rstest::rstest;
use serde_json::json;

fn number() -> Takes {
    Takes::Number {
        unit: "FLOP/byte".to_owned(),
    }
}

fn choice() -> Takes {
    Takes::Choice {
        options: vec!["a".into(), "b".into(), "c".into()],
    }
}

#[rstest]
#[case::plain(number(), json!(300), Ok(RoomValue::Number(Positive(300.0))))]
#[case::text(number(), json!("1.3e3"), Ok(RoomValue::Number(Positive(1300.0))))]
#[case::grouped(number(), json!("1,300"), Ok(RoomValue::Number(Positive(1300.0))))]
#[case::zero(number(), json!(0), Err(Refusal::Guess(GuessError::Zero)))]
#[case::negative(number(), json!(-4), Err(Refusal::Guess(GuessError::Negative)))]
#[case::words(number(), json!("lots"), Err(Refusal::Guess(GuessError::NotANumber)))]
#[case::nan(number(), json!("NaN"), Err(Refusal::Guess(GuessError::NotFinite)))]
#[case::null(number(), json!(null), Err(Refusal::Guess(GuessError::NotANumber)))]
#[case::option(choice(), json!(2), Ok(RoomValue::Choice(1)))]
#[case::option_text(choice(), json!("3"), Ok(RoomValue::Choice(2)))]
#[case::no_option(choice(), json!(4), Err(Refusal::NoSuchOption { shown: 4, count: 3 }))]
#[case::option_zero(choice(), json!(0), Err(Refusal::NoSuchOption { shown: 0, count: 3 }))]
#[case::option_fraction(choice(), json!(1.5), Err(Refusal::TakesAnOption))]
#[case::nothing(Takes::Nothing, json!(1), Err(Refusal::NothingToAnswer))]
fn values_are_checked_as_in_study(
    #[case] takes: Takes,
    #[case] value: serde_json::Value,
    #[case] expected: Result<RoomValue, Refusal>,
) {
    assert_eq!(takes.check(&value), expected);
}

#[rstest]
#[case::plain("Ada", "Ada")]
#[case::controls("\u{1b}[31mEve\u{7}\r\n", "[31mEve")]
#[case::bidi("a\u{202E}b\u{200B}c", "abc")]
#[case::markup("<b>x</b>", "<b>x</b>")]
#[case::long(
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "abcdefghijklmnopqrstuvwxyz012345"
)]
#[case::spaces("  Bo  ", "Bo")]
#[case::arabic_letter_mark("A\u{061C}da", "Ada")]
#[case::tags("Ada\u{E0041}\u{E007F}", "Ada")]
#[case::hangul_filler("\u{3164}", "")]
#[case::separators("Ada\u{2028}Eve\u{2029}", "AdaEve")]
#[case::soft_hyphen("A\u{00AD}da", "Ada")]
#[case::mongolian("A\u{180E}da", "Ada")]
#[case::annotation("\u{FFF9}Ada\u{FFFA}x\u{FFFB}", "Adax")]
fn names_are_cleaned(#[case] raw: &str, #[case] expected: &str) {
    assert_eq!(clean_name(raw), expected);
}

#[rstest]
#[case::step_still_open(Reveals(3), None, true)]
#[case::taken_before_its_reveal_was_seen(Reveals(2), Some(Reveals(3)), true)]
#[case::taken_after_its_reveal_was_seen(Reveals(3), Some(Reveals(3)), false)]
#[case::taken_long_after(Reveals(7), Some(Reveals(3)), false)]
fn an_answer_counts_when_taken_before_its_step_closed(
    #[case] seen: Reveals,
    #[case] closed: Option<Reveals>,
    #[case] counts: bool,
) {
    assert_eq!(seen.took_before(closed), counts);
    assert_eq!(Reveals(2).next(), Reveals(3));
}

#[test]
fn a_verdict_says_how_far_off() {
    let answer = Revealed::Number {
        value: 295.0,
        unit: "FLOP/byte".into(),
        tolerance: 0.1,
        text: "295 FLOP/byte".into(),
    };
    let near = answer.judge(RoomValue::Number(Positive(300.0)));
    assert!(near.right, "{near:?}");
    let far = answer.judge(RoomValue::Number(Positive(590.0)));
    assert_eq!(
        far,
        Verdict {
            text: "2.00× high".into(),
            right: false
        }
    );
    let option = Revealed::Choice {
        correct: 2,
        text: "b".into(),
    };
    assert!(option.judge(RoomValue::Choice(1)).right);
    assert_eq!(
        option.judge(RoomValue::Choice(0)).text,
        "option 2 was right"
    );
}
