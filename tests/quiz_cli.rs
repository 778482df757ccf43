//! `roofline quiz` and `roofline results` through the real binary: every bad input refused
//! before the first question with one line and a non-zero exit (nothing written); result files
//! round-trip into the class table; a damaged file is located and the rest still printed;
//! different quizzes are refused unless `--mixed`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use roofline_tutor::content::data_files::builtin_catalog;
use roofline_tutor::content::lessons;
use roofline_tutor::domain::quiz::{
    Confidence, Guess, QuestionAnswer, QuizResult, QuizSpec, Response, Taker, draw, summarize,
};
use roofline_tutor::domain::scenario::Scenario;
use rstest::rstest;

fn roofline(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roofline"))
        .current_dir(cwd)
        .arg("--data-dir")
        .arg(cwd.join("data"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[track_caller]
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "data")
        .collect();
    names.sort();
    names
}

#[rstest]
#[case::unknown_lesson(&["--only", "batching,kv-cash"], "unknown lesson 'kv-cash' (did you mean 'kv-cache'?)")]
#[case::count_zero(&["--count", "0"], "--count must be from 1 to")]
#[case::count_too_many(&["--count", "5000"], "not 5000")]
#[case::count_not_a_number(&["--count", "ten"], "'ten' is not a count")]
#[case::seed_not_a_number(&["--seed", "abc"], "'abc' is not a seed")]
#[case::seed_negative(&["--seed", "-3"], "'-3' is not a seed")]
#[case::out_in_a_missing_directory(&["--out", "no/such/dir/r.json"], "cannot write the result to no/such/dir/r.json")]
#[case::out_is_a_directory(&["--out", "."], "it is a directory")]
#[case::reveal_unknown(&["--reveal", "never"], "invalid value 'never'")]
fn bad_input_is_refused_before_the_first_question(#[case] args: &[&str], #[case] says: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["quiz"];
    all.extend_from_slice(args);
    let o = roofline(dir.path(), &all);
    let err = stderr(&o);
    assert!(!o.status.success(), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(says), "{err}");
    assert!(
        files_in(dir.path()).is_empty(),
        "nothing written: {:?}",
        files_in(dir.path())
    );
}

#[test]
fn good_input_gets_as_far_as_the_terminal_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let o = roofline(
        dir.path(),
        &[
            "quiz",
            "--count",
            "3",
            "--seed",
            "7",
            "--only",
            "batching,kv-cache",
            "--out",
            "r.json",
        ],
    );
    let err = stderr(&o);
    assert!(!o.status.success());
    assert!(err.contains("the quiz needs a terminal"), "{err}");
    assert!(
        files_in(dir.path()).is_empty(),
        "the write probe leaves nothing: {:?}",
        files_in(dir.path())
    );
}

/// A student's result: the quiz drawn with `seed` from `only`, answered by `answer`.
fn result(
    name: &str,
    seed: u64,
    only: &[&str],
    answer: impl Fn(usize, &QuestionAnswer) -> Response,
) -> QuizResult {
    let catalog = builtin_catalog();
    let course: Vec<_> = lessons::builtin(&catalog)
        .unwrap()
        .into_iter()
        .filter(|l| only.contains(&l.id.as_str()))
        .collect();
    let questions = draw(&QuizSpec {
        lessons: &course,
        cluster: &Scenario::default_cluster(),
        catalog: &catalog,
        count: 5,
        seed,
        origin: roofline_tutor::domain::quiz::ClusterOrigin::Default,
    })
    .unwrap();
    let responses: Vec<Response> = questions
        .iter()
        .enumerate()
        .map(|(i, q)| answer(i, &q.answer))
        .collect();
    let summary = summarize(&questions, &responses, Duration::from_secs(200));
    QuizResult::new(
        Taker {
            name: name.into(),
            seed,
            lessons: course.iter().map(|l| l.id.clone()).collect(),
            started: "2026-11-23T10:00:00Z".into(),
            finished: "2026-11-23T10:03:20Z".into(),
        },
        &questions,
        &responses,
        &summary,
    )
}

fn exact(i: usize, a: &QuestionAnswer) -> Response {
    let guess = match a {
        QuestionAnswer::Number { value, .. } => {
            Guess::Number(*value * if i % 2 == 0 { 1.0 } else { 3.0 })
        }
        QuestionAnswer::Choice { correct, .. } => Guess::Option(*correct),
    };
    Response {
        guess,
        confidence: Some(Confidence::High),
    }
}

fn skips(_: usize, _: &QuestionAnswer) -> Response {
    Response {
        guess: Guess::Skipped,
        confidence: None,
    }
}

const ONLY: &[&str] = &["batching", "kv-cache", "ridge-point"];

fn write(dir: &Path, name: &str, result: &QuizResult) -> PathBuf {
    let path = dir.join(name);
    roofline_tutor::cli::quiz::write_result(&path, result).unwrap();
    path
}

#[test]
fn a_result_file_round_trips_through_results() {
    let dir = tempfile::tempdir().unwrap();
    let ada = result("ada", 42, ONLY, exact);
    let path = write(dir.path(), "ada.json", &ada);
    assert_eq!(roofline_tutor::cli::results::load(&path).unwrap(), ada);
    let o = roofline(dir.path(), &["results", "ada.json", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(table["students"][0]["name"], "ada");
    assert_eq!(table["students"][0]["of"], 5);
    assert_eq!(table["questions"].as_array().unwrap().len(), 5);
    assert!((table["students"][0]["total"].as_f64().unwrap() - ada.total).abs() < 0.06);
}

#[test]
fn a_damaged_file_is_located_and_the_rest_of_the_table_still_prints() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ada.json", &result("ada", 42, ONLY, exact));
    write(dir.path(), "bo.json", &result("bo", 42, ONLY, skips));
    let cy = write(dir.path(), "cy.json", &result("cy", 42, ONLY, exact));
    let text = std::fs::read_to_string(&cy)
        .unwrap()
        .replacen("\"score\": ", "\"score\": x", 1);
    std::fs::write(&cy, text).unwrap();
    let o = roofline(dir.path(), &["results", "ada.json", "bo.json", "cy.json"]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(!o.status.success(), "a file was left out");
    assert!(err.starts_with("error: cy.json:"), "{err}");
    assert!(err.contains("not a quiz result"), "{err}");
    assert!(err.contains("\"score\": x"), "the line: {err}");
    assert!(err.contains('^'), "a caret: {err}");
    assert!(
        out.contains("2 student(s) · 5 question(s), hardest first · seed 42"),
        "{out}"
    );
    assert!(out.contains("ada ") && out.contains("bo "), "{out}");
    assert!(out.contains("Calibration (class)"), "{out}");
    let csv = stdout(&roofline(
        dir.path(),
        &["results", "ada.json", "bo.json", "--csv"],
    ));
    assert!(csv.starts_with("name,total,within,of,"), "{csv}");
    assert_eq!(csv.lines().count(), 2 + 1 + 3);
}

#[test]
fn results_of_different_quizzes_are_refused_unless_mixed() {
    let dir = tempfile::tempdir().unwrap();
    let a = result("ada", 42, ONLY, exact);
    // Most steps draw their numbers per seed, so the first later seed that shares a question
    // (the same step drawn the same way) with seed 42.
    let (seed, b) = (43..2_000)
        .map(|seed| (seed, result("bo", seed, ONLY, exact)))
        .find(|(_, b)| {
            b.questions.iter().any(|q| {
                a.questions
                    .iter()
                    .any(|p| (&p.lesson, &p.step, &p.question) == (&q.lesson, &q.step, &q.question))
            })
        })
        .expect("a seed that shares a question with 42");
    write(dir.path(), "a.json", &a);
    write(dir.path(), "b.json", &b);
    let o = roofline(dir.path(), &["results", "a.json", "b.json"]);
    let err = stderr(&o);
    assert!(!o.status.success());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!(
            "b.json is from another quiz than a.json (seed {seed} vs 42)"
        )),
        "{err}"
    );
    assert!(err.contains("--mixed"), "{err}");
    let o = roofline(
        dir.path(),
        &["results", "a.json", "b.json", "--mixed", "--json"],
    );
    let table: serde_json::Value =
        serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
    let shared = table["questions"].as_array().unwrap().len();
    assert!(shared < 5, "only the questions both got: {shared}");
    for student in table["students"].as_array().unwrap() {
        assert_eq!(student["of"], shared);
    }
}

#[test]
fn no_readable_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.json"), "{").unwrap();
    let o = roofline(dir.path(), &["results", "x.json", "missing.json"]);
    let err = stderr(&o);
    assert!(!o.status.success());
    assert!(err.contains("x.json:1:"), "{err}");
    assert!(err.contains("missing.json"), "{err}");
    assert!(err.contains("no result file could be read"), "{err}");
}

#[test]
fn an_out_that_is_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("result.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let o = roofline(dir.path(), &["quiz", "--out", "result.json"]);
    let err = stderr(&o);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("it is not a regular file"), "{err}");
}

#[test]
fn a_result_that_cannot_be_written_where_asked_is_written_elsewhere_and_said() {
    use roofline_tutor::cli::quiz::write_or_fall_back;
    let r = result("Ada", 7, ONLY, exact);
    let fallback = tempfile::tempdir().unwrap();
    let gone = Path::new("/nonexistent/dir/quiz-ada.json");
    let said = write_or_fall_back(gone, fallback.path(), &r)
        .unwrap()
        .unwrap();
    let landed = fallback.path().join("quiz-ada.json");
    assert!(said.starts_with(&landed.display().to_string()), "{said}");
    assert!(
        said.contains("not in /nonexistent/dir/quiz-ada.json"),
        "{said}"
    );
    let back: QuizResult = serde_json::from_slice(&std::fs::read(&landed).unwrap()).unwrap();
    assert_eq!(back, r, "the whole result");
    // Nowhere to write: the failure says it is the result that was lost, and both places.
    let why = write_or_fall_back(gone, Path::new("/nonexistent/too"), &r).unwrap_err();
    assert!(why.contains("the quiz result was not saved"), "{why}");
    assert!(why.contains("/nonexistent/too/quiz-ada.json"), "{why}");
}
