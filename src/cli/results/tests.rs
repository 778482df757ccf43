//! The class table as text and CSV, and damaged files located.

use super::*;
use crate::domain::quiz::QuestionResult;
use crate::domain::scenario::Scenario;
use crate::test_support::quiz_result;

fn q(
    step: &str,
    answer: f64,
    unit: &str,
    guess: Option<f64>,
    score: u8,
    confidence: Option<u8>,
) -> QuestionResult {
    QuestionResult {
        lesson: "batching".into(),
        step: step.into(),
        scenario: Scenario::default_cluster(),
        question: format!("{step}?"),
        answer,
        unit: unit.into(),
        tolerance: (!unit.is_empty()).then_some(0.1),
        guess,
        confidence,
        score,
    }
}

fn result(name: &str, questions: Vec<QuestionResult>) -> QuizResult {
    quiz_result(name, 42, questions)
}

fn class() -> Vec<QuizResult> {
    vec![
        result(
            "ada",
            vec![
                q("step-time-64", 13.2, "ms", Some(12.0), 100, Some(3)),
                q("kv-wall", 98.0, "sequences", Some(200.0), 49, Some(3)),
                q("bound", 1.0, "", Some(1.0), 100, Some(2)),
            ],
        ),
        result(
            "bo",
            vec![
                q("step-time-64", 13.2, "ms", Some(30.0), 41, Some(1)),
                q("kv-wall", 98.0, "sequences", None, 0, None),
                q("bound", 1.0, "", Some(0.0), 0, None),
            ],
        ),
        result(
            "cyrus-the-great",
            vec![
                q("step-time-64", 13.2, "ms", Some(13.0), 100, Some(2)),
                q("kv-wall", 98.0, "sequences", Some(100.0), 100, Some(3)),
                q("bound", 1.0, "", Some(1.0), 100, None),
            ],
        ),
    ]
}

#[test]
fn the_class_table_as_text() {
    let results = class();
    let t = table(&results, Compare::All).unwrap();
    insta::assert_snapshot!("class_table", text(&t, &results));
}

#[test]
fn the_class_table_as_csv() {
    let results = class();
    let t = table(&results, Compare::All).unwrap();
    let csv = csv(&t);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "name,total,within,of,batching/kv-wall,batching/bound,batching/step-time-64"
    );
    assert_eq!(lines[2], "bo,13.7,0,3,,0,41");
    assert_eq!(lines.len(), 7);
}

#[test]
fn a_damaged_file_is_located_with_its_line_and_caret() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let mut json = serde_json::to_string_pretty(&class()[0]).unwrap();
    json = json.replacen("\"seed\": 42,", "\"seed\": 42,,", 1);
    std::fs::write(&path, &json).unwrap();
    let e = load(&path).unwrap_err().to_string();
    let first = e.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("{}:5:14: not a quiz result", path.display())),
        "{e}"
    );
    assert!(e.contains("\"seed\": 42,,"), "the line: {e}");
    assert!(e.contains('^'), "a caret: {e}");
}

#[test]
fn a_foreign_file_says_what_it_lacks_and_a_newer_format_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.json");
    std::fs::write(
        &path,
        "{\n  \"lesson\": \"batching\",\n  \"steps\": []\n}\n",
    )
    .unwrap();
    let e = load(&path).unwrap_err().to_string();
    assert!(e.contains(":2:"), "{e}");
    assert!(e.contains("unknown field `lesson`"), "{e}");
    let newer = serde_json::to_string_pretty(&class()[0])
        .unwrap()
        .replace("\"format_version\": 1", "\"format_version\": 9");
    std::fs::write(&path, newer).unwrap();
    let e = load(&path).unwrap_err().to_string();
    assert!(
        e.contains(":2:3: format_version 9 is not one this tutor reads"),
        "{e}"
    );
}

#[rstest::rstest]
#[case::confidence(|r: &mut QuizResult| r.questions[1].confidence = Some(7), 2, "confidence", "question 2: confidence 7 is not 1, 2 or 3")]
#[case::zero_guess(|r: &mut QuizResult| r.questions[0].guess = Some(0.0), 1, "guess", "question 1: guess 0 is not a positive number")]
#[case::negative_guess(|r: &mut QuizResult| r.questions[1].guess = Some(-3.0), 2, "guess", "question 2: guess -3 is not a positive number")]
#[case::zero_answer(|r: &mut QuizResult| r.questions[0].answer = 0.0, 1, "answer", "question 1: answer 0 is not a positive number")]
#[case::negative_answer(|r: &mut QuizResult| r.questions[1].answer = -98.0, 2, "answer", "question 2: answer -98 is not a positive number")]
#[case::negative_tolerance(|r: &mut QuizResult| r.questions[1].tolerance = Some(-0.1), 2, "tolerance", "question 2: tolerance -0.1 is negative")]
#[case::option_fraction(|r: &mut QuizResult| r.questions[2].guess = Some(1.5), 3, "guess", "question 3: guess 1.5 is not an option's index")]
#[case::score(|r: &mut QuizResult| r.questions[2].score = 101, 3, "score", "question 3: score 101 is over 100")]
#[case::date(|r: &mut QuizResult| r.started = "yesterday".into(), 0, "started", "started 'yesterday' is not an RFC 3339 date")]
#[case::total(|r: &mut QuizResult| r.total = 250.0, 0, "total", "total 250 is not from 0 to 100")]
fn what_the_schema_forbids_is_refused_where_it_is(
    #[case] breach: fn(&mut QuizResult),
    #[case] question: usize,
    #[case] field: &str,
    #[case] says: &str,
) {
    let mut bad = class().remove(0);
    breach(&mut bad);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ada.json");
    let text = serde_json::to_string_pretty(&bad).unwrap();
    std::fs::write(&path, &text).unwrap();
    let e = load(&path).unwrap_err().to_string();
    assert!(e.contains(says), "{e}");
    // Located on the field's own line, inside the right question.
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    let shown = text.lines().nth(line - 1).unwrap();
    assert!(
        shown.contains(&format!("\"{field}\"")),
        "line {line} is {shown:?}: {e}"
    );
    if question > 0 {
        let before = text
            .lines()
            .take(line)
            .filter(|l| l.contains("\"lesson\""))
            .count();
        assert_eq!(before, question, "in question {question}: {e}");
    }
}

#[test]
fn a_result_as_the_quiz_writes_it_passes_the_schema() {
    for good in class() {
        assert_eq!(schema::breach(&good), None, "{}", good.name);
    }
}
