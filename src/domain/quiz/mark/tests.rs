//! Scoring, skipping and calibration.

use core::time::Duration;

use rstest::rstest;

use super::*;
use crate::domain::scenario::Scenario;

#[track_caller]
fn number(lesson: &str, value: f64) -> Question {
    Question {
        lesson: lesson.into(),
        lesson_title: lesson.into(),
        step: "p".into(),
        scenario: Scenario::default_cluster(),
        varied: false,
        text: "how much?".into(),
        answer: QuestionAnswer::Number {
            value,
            unit: "FLOP/byte".into(),
            tolerance: 0.1,
        },
        explanation: String::new(),
    }
}

fn choice(lesson: &str, correct: usize) -> Question {
    Question {
        answer: QuestionAnswer::Choice {
            options: vec!["a".into(), "b".into(), "c".into()],
            correct,
        },
        ..number(lesson, 1.0)
    }
}

fn said(guess: Guess, confidence: Option<Confidence>) -> Response {
    Response { guess, confidence }
}

#[rstest]
#[case::exact(Guess::Number(295.0), 100, true)]
#[case::within(Guess::Number(320.0), 100, true)]
#[case::double(Guess::Number(590.0), 54, false)]
#[case::half(Guess::Number(147.5), 54, false)]
#[case::four_times(Guess::Number(1180.0), 0, false)]
#[case::skipped(Guess::Skipped, 0, false)]
#[case::wrong_kind(Guess::Option(0), 0, false)]
fn numbers_score_as_in_study(#[case] guess: Guess, #[case] score: u8, #[case] within: bool) {
    assert_eq!(mark(&number("l", 295.0), guess), Mark { score, within });
}

#[rstest]
#[case::right(Guess::Option(1), 100, true)]
#[case::wrong(Guess::Option(2), 0, false)]
#[case::out_of_range(Guess::Option(9), 0, false)]
#[case::skipped(Guess::Skipped, 0, false)]
fn choices_score_all_or_nothing(#[case] guess: Guess, #[case] score: u8, #[case] within: bool) {
    assert_eq!(mark(&choice("l", 1), guess), Mark { score, within });
}

#[test]
fn a_skip_scores_zero_and_counts_in_the_total() {
    let questions = [number("a", 100.0), number("a", 100.0)];
    let responses = [
        said(Guess::Number(100.0), None),
        said(Guess::Skipped, Some(Confidence::High)),
    ];
    let s = summarize(&questions, &responses, Duration::from_secs(61));
    assert!((s.total - 50.0).abs() < 1e-9);
    assert_eq!(s.skipped, 1);
    assert_eq!(s.within, 1);
    assert_eq!(s.took, Duration::from_secs(61));
    // A skip's confidence is not calibration.
    assert_eq!(s.calibration.levels[2].count, 0);
    assert_eq!(s.calibration.unrated, 1);
}

#[test]
fn calibration_counts_each_level_and_its_share_within() {
    let questions = vec![number("a", 100.0); 6];
    let responses = [
        said(Guess::Number(100.0), Some(Confidence::High)),
        said(Guess::Number(300.0), Some(Confidence::High)),
        said(Guess::Number(105.0), Some(Confidence::High)),
        said(Guess::Number(50.0), Some(Confidence::Low)),
        said(Guess::Number(98.0), Some(Confidence::Medium)),
        said(Guess::Number(98.0), None),
    ];
    let s = summarize(&questions, &responses, Duration::ZERO);
    let [low, medium, high] = s.calibration.levels;
    assert_eq!((low.count, low.within), (1, 0));
    assert_eq!((medium.count, medium.within), (1, 1));
    assert_eq!((high.count, high.within), (3, 2));
    assert!((high.within_pct().unwrap() - 200.0 / 3.0).abs() < 1e-9);
    assert_eq!(s.calibration.unrated, 1);
}

#[test]
fn lessons_to_study_again_come_weakest_first_and_only_with_a_miss() {
    let questions = [
        number("strong", 100.0),
        number("weak", 100.0),
        number("middling", 100.0),
        number("weak", 100.0),
        number("middling", 100.0),
    ];
    let responses = [
        said(Guess::Number(100.0), None),
        said(Guess::Skipped, None),
        said(Guess::Number(100.0), None),
        said(Guess::Number(1000.0), None),
        said(Guess::Number(200.0), None),
    ];
    let s = summarize(&questions, &responses, Duration::ZERO);
    let order: Vec<&str> = s.study_again.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(order, ["weak", "middling"]);
    assert!(s.study_again[0].1.abs() < 1e-9);
    assert!((s.study_again[1].1 - 77.0).abs() < 1e-9);
}

#[test]
fn missing_responses_are_skips() {
    let s = summarize(&[number("a", 1.0), choice("b", 0)], &[], Duration::ZERO);
    assert_eq!(s.skipped, 2);
    assert!(s.total.abs() < 1e-9);
}
