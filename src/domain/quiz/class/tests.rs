//! The class table: rows, hardest-first columns, medians, calibration, and refusing results
//! of different quizzes.

use rstest::rstest;

use super::*;
use crate::domain::scenario::Scenario;
use crate::test_support::quiz_result as result;

fn q(
    step: &str,
    answer: f64,
    guess: Option<f64>,
    score: u8,
    confidence: Option<u8>,
) -> QuestionResult {
    QuestionResult {
        lesson: "batching".into(),
        step: step.into(),
        scenario: Scenario::default_cluster(),
        question: format!("question {step}?"),
        answer,
        unit: "FLOP/byte".into(),
        tolerance: Some(0.1),
        guess,
        confidence,
        score,
    }
}

fn class() -> Vec<QuizResult> {
    vec![
        result(
            "ada",
            7,
            vec![
                q("easy", 100.0, Some(100.0), 100, Some(3)),
                q("hard", 8.0, Some(16.0), 50, Some(3)),
            ],
        ),
        result(
            "bo",
            7,
            vec![
                q("easy", 100.0, Some(105.0), 100, Some(2)),
                q("hard", 8.0, None, 0, None),
            ],
        ),
        result(
            "cy",
            7,
            vec![
                q("easy", 100.0, Some(300.0), 21, Some(1)),
                q("hard", 8.0, Some(8.0), 100, Some(3)),
            ],
        ),
    ]
}

#[test]
fn a_row_per_student_and_the_hardest_question_first() {
    let t = table(&class(), Compare::All).unwrap();
    let names: Vec<&str> = t.students.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["ada", "bo", "cy"]);
    let steps: Vec<&str> = t.questions.iter().map(|c| c.step.as_str()).collect();
    assert_eq!(steps, ["hard", "easy"], "1 of 3 within before 2 of 3");
    let hard = &t.questions[0];
    assert_eq!((hard.asked, hard.answered, hard.within), (3, 2, 1));
    // 8 and 16: their middle on a log axis (the geometric mean), as the classroom takes it.
    assert_eq!(hard.median_guess, Some(128.0_f64.sqrt()));
    assert_eq!(t.questions[1].median_guess, Some(105.0));
    assert_eq!(t.students[0].scores, [Some(50), Some(100)]);
    assert_eq!(
        t.students[1].scores,
        [None, Some(100)],
        "a skip has no score"
    );
    assert_eq!((t.students[0].within, t.students[0].of), (1, 2));
    assert!((t.students[0].total - 75.0).abs() < 1e-9);
}

#[test]
fn class_calibration_counts_every_answer_not_skipped() {
    let t = table(&class(), Compare::All).unwrap();
    let [low, medium, high] = t.calibration.levels;
    assert_eq!((low.count, low.within), (1, 0));
    assert_eq!((medium.count, medium.within), (1, 1));
    assert_eq!((high.count, high.within), (3, 2));
}

#[test]
fn results_of_different_quizzes_are_refused_unless_mixed() {
    let mut results = class();
    results[2].seed = 8;
    let labels: Vec<String> = ["a.json", "b.json", "c.json"].map(String::from).to_vec();
    let err = same_quiz(&labels, &results).unwrap_err();
    assert!(
        err.to_string()
            .contains("c.json is from another quiz than a.json (seed 8 vs 7)"),
        "{err}"
    );
    assert!(err.to_string().contains("--mixed"));
    results[2].questions.pop();
    let t = table(&results, Compare::Shared).unwrap();
    let steps: Vec<&str> = t.questions.iter().map(|c| c.step.as_str()).collect();
    assert_eq!(steps, ["easy"], "only the question all three got");
}

#[test]
fn mixed_results_with_nothing_shared_are_refused() {
    let results = vec![
        result("a", 1, vec![q("x", 1.0, Some(1.0), 100, None)]),
        result("b", 2, vec![q("y", 1.0, Some(1.0), 100, None)]),
    ];
    assert_eq!(
        table(&results, Compare::Shared),
        Err(ClassError::NothingShared)
    );
}

#[rstest]
#[case::odd(&[3.0, 1.0, 2.0], Some(2.0))]
#[case::even_geometric_middle(&[400.0, 100.0], Some(200.0))]
#[case::even(&[4.0, 1.0, 2.0, 3.0], Some(6.0_f64.sqrt()))]
// Two extreme guesses: their product overflows, their middle does not (was `inf`).
#[case::extreme(&[1e300, 1e300], Some(1e300))]
#[case::extreme_apart(&[1e200, 1e300], Some(1e250))]
#[case::non_positive_left_out(&[0.0, -5.0, 8.0, f64::NAN, 2.0], Some(4.0))]
#[case::empty(&[], None)]
#[case::none_usable(&[0.0, f64::INFINITY], None)]
fn the_class_median_is_the_scoring_median(#[case] values: &[f64], #[case] expected: Option<f64>) {
    let got = crate::domain::scoring::median_guess(values);
    match (got, expected) {
        (Some(g), Some(e)) => assert!(((g - e) / e).abs() < 1e-12, "{g} vs {e}"),
        (g, e) => assert_eq!(g, e),
    }
}

#[test]
fn a_choice_column_shows_the_option_chosen_most() {
    let choice = |guess| QuestionResult {
        unit: String::new(),
        tolerance: None,
        ..q("c", 1.0, guess, u8::from(guess == Some(1.0)) * 100, None)
    };
    let results = vec![
        result("a", 1, vec![choice(Some(2.0))]),
        result("b", 1, vec![choice(Some(2.0))]),
        result("c", 1, vec![choice(Some(1.0))]),
    ];
    let t = table(&results, Compare::All).unwrap();
    assert_eq!(t.questions[0].median_guess, Some(2.0));
    assert_eq!(t.questions[0].within, 1);
}
